#!/usr/bin/env bash
# `make test` as a new user runs it, from a clone the 'postgres' OS user
# cannot enter: as root, the repository is cloned (umask 077) into a
# `mktemp -d` directory (drwx------, like root's home), this tree's changes
# are laid over the clone so that it is this tree that is tested, and `make
# test` runs there with a clean environment and a TMPDIR of its own.  It must
# pass, and leave nothing behind: nothing in that TMPDIR but the shared
# port-lock directory of the TAP tests, nothing untracked in the clone.
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
trap 'rm -rf "$home" "$tmp"' EXIT
fail() { echo "clone-0700: FAIL: $*"; exit 1; }
[ "$(stat -c %a "$home")" = 700 ] || fail "mktemp -d made $(stat -c %a "$home"), not 700"

(
  umask 077
  git clone -q "$src" "$home/uidx" || exit 1
  git -C "$home/uidx" checkout -q "$(git -C "$src" rev-parse HEAD)" || exit 1
  # the working tree as it is: changed and new files (not ignored ones)
  (cd "$src" && git ls-files -co --exclude-standard -z | xargs -0 -r sh -c 'for f; do [ -e "$f" ] && printf "%s\0" "$f"; done' sh \
     | tar --null -T - -cf -) | tar -C "$home/uidx" -xf -
  (cd "$src" && git ls-files -d -z) | (cd "$home/uidx" && xargs -0 -r rm -f)
) || fail "could not clone $src"
runuser -u postgres -- test -r "$home/uidx/Makefile" 2>/dev/null \
  && fail "the postgres user can read the clone: the case is not the one to prove"
echo "clone-0700: cloned into $home/uidx ($(stat -c %A "$home"), umask 077); make test there"

start=$SECONDS
log=$tmp.log
env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 \
    TMPDIR="$tmp" ${UIDX_WERROR:+UIDX_WERROR=$UIDX_WERROR} \
    make -C "$home/uidx" test PG_CONFIG="${SANDBOX_PG_CONFIG:-${PG_CONFIG:-pg_config}}" >"$log" 2>&1
status=$?
grep -E '^\[ *[0-9]+/[0-9]+\]|^[0-9]+ passed, [0-9]+ failed' "$log" | sed 's/^/  /'
if [ $status -ne 0 ]; then
  echo "--- make test: last 100 lines"; tail -100 "$log"; rm -f "$log"
  fail "make test exited $status after $((SECONDS - start)) s"
fi
rm -f "$log"
grep -q . <<<"$(ls -A "$tmp" | grep -vx uidx-tap-ports)" \
  && fail "make test left in TMPDIR: $(ls -A "$tmp" | grep -vx uidx-tap-ports | tr '\n' ' ')"
untracked=$(git -C "$home/uidx" status --porcelain --untracked-files=all)
[ -z "$untracked" ] || fail "make test left files in the clone that git does not ignore: $untracked"
echo "clone-0700: make test passed in $((SECONDS - start)) s from a 0700 clone, nothing left behind"
