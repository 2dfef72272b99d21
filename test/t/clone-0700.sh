#!/usr/bin/env bash
# `make test` as a new user runs it, from a clone the 'postgres' OS user
# cannot enter: as root, the repository is cloned (umask 077) into a
# `mktemp -d` directory (drwx------, like root's home), this tree's changes
# are laid over the clone so that it is this tree that is tested, and `make
# test` runs there with a clean environment and a TMPDIR of its own.  It must
# pass, and leave nothing behind: nothing in that TMPDIR, nothing untracked
# in the clone.
# Then the machine shared by several users: a new sudo user (useradd -m, a
# sudoers entry; a name that needs quoting as a role, which is what the TAP
# clusters' superuser is called) runs make test from its own clone, then
# root again, both in that TMPDIR made world-writable like /tmp: what the
# first run left must not stop the next.  These two runs take the suite's
# scripts and one pg_regress test (UIDX_TESTS=alnum): they prove that the
# runs share nothing, the first one proved the suite.  Root's second run
# skips upgrade.pl (a build of the last release's library inside its TAP
# directory, as in the first run); the user's keeps it, since it is the one
# test that replaces uidx.so in the sandbox's prefix, which tap.sh hands to
# 'postgres' under root only.  Each must pass and leave nothing behind; the user is removed.
# Not root: skipped (77), since the case is root's.  make test-full runs it
# (make test does not: it would run itself) on the suite's server; run alone,
# on PG_CONFIG's (.ci/run: 18).  UIDX_WERROR is passed on.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
src=${UIDX_SOURCE_TOP:-$top}   # run-tests.sh runs from a copy of the tree
if [ "$(id -u)" -ne 0 ]; then
  echo "clone-0700: SKIPPED: not root (the case this test proves is root's)"
  exit 77
fi
home=$(mktemp -d)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/uidx-clone-tmp.XXXXXX")
chmod 755 "$tmp"
user=uidx-ci-$$
cleanup() {
  rm -rf "$home" "$tmp"
  if id -u "$user" >/dev/null 2>&1; then
    userdel -f -r "$user" 2>/dev/null
  fi
  rm -f "/etc/sudoers.d/$user"
}
trap cleanup EXIT
fail() { echo "clone-0700: FAIL: $*"; exit 1; }
[ "$(stat -c %a "$home")" = 700 ] || fail "mktemp -d made $(stat -c %a "$home"), not 700"

clone_into() {  # DIR: a clone of the repository with this tree's changes laid over it
  git clone -q "$src" "$1" || return 1
  git -C "$1" checkout -q "$(git -C "$src" rev-parse HEAD)" || return 1
  # the working tree as it is: changed and new files (not ignored ones)
  (cd "$src" && git ls-files -co --exclude-standard -z | xargs -0 -r sh -c 'for f; do [ -e "$f" ] && printf "%s\0" "$f"; done' sh \
     | tar --null -T - -cf -) | tar -C "$1" -xf - || return 1
  (cd "$src" && git ls-files -d -z) | (cd "$1" && xargs -0 -r rm -f)
}
( umask 077; clone_into "$home/uidx" ) || fail "could not clone $src"
runuser -u postgres -- test -r "$home/uidx/Makefile" 2>/dev/null \
  && fail "the postgres user can read the clone: the case is not the one to prove"
echo "clone-0700: cloned into $home/uidx ($(stat -c %A "$home"), umask 077); make test there"

pg_config=${SANDBOX_PG_CONFIG:-${PG_CONFIG:-pg_config}}
# make_test WHO DIR HOME [VAR=VALUE...]: make test in DIR as WHO (root or the
# user), with a clean environment; fails unless it passes and leaves nothing
make_test() {
  local who=$1 dir=$2 h=$3; shift 3
  local start=$SECONDS log as=()
  log=$(mktemp)
  [ "$who" = root ] || as=(runuser -u "$who" --)
  "${as[@]}" env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME="$h" LANG=C.UTF-8 \
      TMPDIR="$tmp" ${UIDX_WERROR:+UIDX_WERROR=$UIDX_WERROR} "$@" \
      make -C "$dir" test PG_CONFIG="$pg_config" >"$log" 2>&1
  local status=$?
  grep -E '^\[ *[0-9]+/[0-9]+\]|^[0-9]+ passed, [0-9]+ failed' "$log" | sed 's/^/  /'
  if [ $status -ne 0 ]; then
    echo "--- make test as $who: last 100 lines"; tail -100 "$log"; rm -f "$log"
    fail "make test as $who exited $status after $((SECONDS - start)) s"
  fi
  rm -f "$log"
  grep -q . <<<"$(ls -A "$tmp")" \
    && fail "make test as $who left in TMPDIR: $(ls -A "$tmp" | tr '\n' ' ')"
  local untracked
  untracked=$("${as[@]}" git -C "$dir" status --porcelain --untracked-files=all)
  [ -z "$untracked" ] || fail "make test as $who left files in the clone that git does not ignore: $untracked"
  echo "clone-0700: make test as $who passed in $((SECONDS - start)) s, nothing left behind"
}

make_test root "$home/uidx" /root

# the same machine, a sudo user next, then root again, in a TMPDIR like /tmp
chmod 1777 "$tmp"
useradd -m -s /bin/bash "$user" || fail "useradd $user"
uhome=$(getent passwd "$user" | cut -d: -f6)
if command -v sudo >/dev/null && [ -d /etc/sudoers.d ]; then
  printf '%s ALL=(ALL) NOPASSWD: ALL\n' "$user" >"/etc/sudoers.d/$user"; chmod 440 "/etc/sudoers.d/$user"
fi
clone_into "$uhome/uidx" && chown -R "$user:" "$uhome/uidx" || fail "could not clone $src for $user"
make_test "$user" "$uhome/uidx" "$uhome" UIDX_TESTS=alnum
make_test root "$home/uidx" /root UIDX_TESTS=alnum UIDX_SKIP=t/upgrade.pl
echo "clone-0700: root, then $user, then root: make test passed each time, nothing left behind"
