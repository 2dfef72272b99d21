#!/usr/bin/env bash
# Runs one TAP test, test/t/NAME.pl, on PostgreSQL::Test::Cluster with prove.
#
#   tap.sh t/NAME.pl     (inside test/scripts/sandbox.sh: make test runs it)
#
# The clusters a test starts run this tree's build: PATH begins with the
# sandbox's private prefix (sandbox.sh), where `make install DESTDIR=` put the
# extension, and Cluster takes initdb, pg_ctl and postgres from PATH.  The
# Perl modules are the ones of the server under test
# (pg_config --pkglibdir/pgxs/src/test/perl: Debian's postgresql-server-dev-N
# ships them; build-pg.sh installs them into the servers it builds).
#
# initdb refuses root, so as root the test runs as the 'postgres' OS user,
# as sandbox.sh runs its server, on a tree that user can read (run-tests.sh
# runs the suite from a readable copy of it); its working directory and the prefix's
# library directory (where the upgrade test swaps uidx.so for the released
# builds) are then handed to that user.
#
# TESTDIR (PostgreSQL 15) and TESTDATADIR/TESTLOGDIR (16 and later) put the
# clusters and their logs under an absolute path, as PGXS's prove_installcheck
# does.  Tests read UIDX_TOP (this tree) and UIDX_PG_CONFIG (the server's
# pg_config).  Exits with prove's status, or 77 when the test skipped itself
# as a whole (plan skip_all).
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
test=${1:?usage: tap.sh t/NAME.pl}
pg_config=${SANDBOX_PG_CONFIG:?run inside test/scripts/sandbox.sh (make test)}
pkglibdir=$("$pg_config" --pkglibdir)
perl_lib=$pkglibdir/pgxs/src/test/perl
if [ ! -f "$perl_lib/PostgreSQL/Test/Cluster.pm" ]; then
  echo "tap.sh: $perl_lib has no PostgreSQL::Test::Cluster (a server built before build-pg.sh installed it: run test/scripts/build-pg.sh again)" >&2
  exit 1
fi

if [ "$(id -u)" -eq 0 ] && ! runuser -u postgres -- test -r "$top/test/$test"; then
  echo "tap.sh: the postgres OS user cannot read $top/test/$test (run the suite with test/scripts/run-tests.sh, which runs it from a readable copy of the tree)" >&2
  exit 1
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/uidx-tap.XXXXXX")
trap 'rm -rf "$work"' EXIT
as_user=()
if [ "$(id -u)" -eq 0 ]; then
  as_user=(runuser -u postgres --)
  chown postgres: "$work"
  # the prefix's library directory is sandbox.sh's own (its entries are
  # links or copies): the upgrade test replaces uidx.so in it by a rename
  chown postgres: "$SANDBOX_PREFIX$pkglibdir" "$SANDBOX_PREFIX$pkglibdir/uidx.so"
fi
chmod 755 "$work"
cd "$work"
# PG_TEST_PORT_DIR: one port lock directory per OS user that runs the
# clusters, so that that user's tests from two worktrees at once never pick
# the same port.  Not one for every user: Cluster.pm opens another's lock
# file read-write (Permission denied, the files are 644) and takes a live
# reservation of another user's for a dead one (kill 0 fails with EPERM).
# Made here (as root for 'postgres', which cannot create it in a TMPDIR that
# only root may write), mode 700, refused when another user owns it; removed
# by the last test of that user that ends while no other holds it (a shared
# lock on the directory itself while the test runs, see below).
runner_uid=$(if [ ${#as_user[@]} -gt 0 ]; then id -u postgres; else id -u; fi)
ports=${TMPDIR:-/tmp}/uidx-tap-ports.$runner_uid
# Another test of the same user may remove the directory at any moment before
# this one holds it (its release_ports below): every step that finds it gone
# starts again.  What is checked is the directory opened (through the
# descriptor, which no rename or link planted at the path afterwards can
# change), and that the path still names it once it is held.
refuse_ports() { echo "tap.sh: $ports is not a directory of uid $runner_uid's: remove it" >&2; exit 1; }
ports_fd=""
for try in $(seq 50); do
  mkdir -m 700 "$ports" 2>/dev/null || true
  # (a link or a FIFO is never opened: the latter would block)
  if [ -L "$ports" ] || { [ -e "$ports" ] && [ ! -d "$ports" ]; }; then refuse_ports; fi
  { exec {ports_fd}<"$ports"; } 2>/dev/null || { ports_fd=""; continue; }
  held=$(stat -L -c %d:%i:%u:%F "/proc/self/fd/$ports_fd")
  if [ "$(id -u)" -eq 0 ] && [ "${held##*:}" = directory ] && [ "$(cut -d: -f3 <<<"$held")" = 0 ]; then
    # root made it for 'postgres': handed over through the descriptor
    chown postgres: "/proc/self/fd/$ports_fd"
    held=$(stat -L -c %d:%i:%u:%F "/proc/self/fd/$ports_fd")
  fi
  flock -s "$ports_fd"
  if [ "$(stat -c %d:%i "$ports" 2>/dev/null)" = "$(cut -d: -f1,2 <<<"$held")" ]; then
    [ "$(cut -d: -f3- <<<"$held")" = "$runner_uid:directory" ] || refuse_ports
    break
  fi
  # removed (by the last test to end) or replaced since it was opened
  exec {ports_fd}<&-; ports_fd=""
done
[ -n "$ports_fd" ] || { echo "tap.sh: could not hold $ports" >&2; exit 1; }
# Removes the directory when no other test holds it.  A run killed outright
# (kill -9) leaves its reservation files behind; with the lock held alone no
# test of this user is using any, so they go too.
release_ports() {
  if flock -n -x "$ports_fd"; then
    rm -f -- "$ports"/*.rsv
    rmdir "$ports" 2>/dev/null || true
  fi
  exec {ports_fd}<&-
}
trap 'release_ports; rm -rf "$work"' EXIT
set +e
"${as_user[@]}" env PATH="$PG_BINDIR:$PATH" PERL5LIB="$perl_lib" \
    PG_REGRESS="$pkglibdir/pgxs/src/test/regress/pg_regress" \
    TESTDIR="$work" TESTDATADIR="$work/tmp_check" TESTLOGDIR="$work/tmp_check/log" \
    PG_TEST_PORT_DIR="$ports" \
    UIDX_TOP="$top" UIDX_PG_CONFIG="$pg_config" \
    prove --verbose --nocolor -I "$top/test/t" "$top/test/$test" 2>&1 | tee "$work/prove.log"
status=${PIPESTATUS[0]}
set -e
# a test that skips as a whole (plan skip_all: prove prints "FILE ..
# skipped: REASON") is skipped for run-tests.sh too
if [ $status -eq 0 ] && grep -qF "$top/test/$test .. skipped: " "$work/prove.log"; then status=77; fi
# the servers' logs of a failed test, as sandbox.sh keeps its own
if [ $status -ne 0 ] && [ $status -ne 77 ]; then
  for f in "$work"/tmp_check/log/*; do
    [ -f "$f" ] || continue
    echo "--- $(basename "$f") (last 40 lines)"; tail -40 "$f"
  done
fi
exit $status
