#!/usr/bin/env bash
# test/scripts/tap.sh's port lock directory (TMPDIR/uidx-tap-ports.UID) on a
# machine several users and worktrees share: tests that start and end at the
# same moment never fail to hold it, the last one removes it, a link or a
# directory of another user planted at its path is refused and left as it
# was, and a run killed outright (kill -9) stops neither the next run nor
# the removal.  tap.sh runs here on a stand-in of pg_config and of a TAP
# test (no server: only the directory is under test), in a TMPDIR of its
# own that is world-writable like /tmp.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
fails=0
ok() { echo "ok - $*"; }
not_ok() { echo "not ok - $*"; fails=$((fails + 1)); }

h=$(mktemp -d "${TMPDIR:-/tmp}/uidx-tap-ports-test.XXXXXX")
trap 'rm -rf "$h"' EXIT
chmod 755 "$h"
mkdir -p "$h/tree/test/scripts" "$h/tree/test/t" "$h/pg/lib/pgxs/src/test/perl/PostgreSQL/Test" \
  "$h/prefix$h/pg/lib" "$h/tmp"
chmod 1777 "$h/tmp"
cp "$top/test/scripts/tap.sh" "$h/tree/test/scripts/"
touch "$h/pg/lib/pgxs/src/test/perl/PostgreSQL/Test/Cluster.pm" "$h/prefix$h/pg/lib/uidx.so"
printf '#!/bin/sh\necho %s/pg/lib\n' "$h" >"$h/pg/pg_config"; chmod 755 "$h/pg/pg_config"
printf 'print "1..1\\nok 1\\n";\n' >"$h/tree/test/t/quick.pl"
# a test that takes a port as Cluster.pm does, then waits to be killed
printf 'open my $f, ">", "$ENV{PG_TEST_PORT_DIR}/65000.rsv" or die "$!"; print $f sprintf("%%10d\\n", $$); close $f;\nprint "1..1\\n"; sleep 60; print "ok 1\\n";\n' \
  >"$h/tree/test/t/killed.pl"
# a test that leaves a process of its own behind (as a server Cluster.pm
# started would be after a crash: pg_ctl puts it in a session of its own)
cat >"$h/tree/test/t/daemon.pl" <<'PL'
use POSIX ();
my $pid = fork // die "fork: $!";
if ($pid == 0) {
  POSIX::setsid();
  open STDIN, '<', '/dev/null'; open STDOUT, '>', '/dev/null'; open STDERR, '>', '/dev/null';
  exec 'sleep', '60';
}
open my $f, '>', $ENV{DAEMON_PID_FILE} or die "$!"; print $f "$pid\n"; close $f;
print "1..1\nok 1\n";
PL
mkdir -m 1777 "$h/daemon"
chmod -R a+rX "$h/tree" "$h/pg"

runner=$(if [ "$(id -u)" -eq 0 ]; then id -u postgres; else id -u; fi)
ports=$h/tmp/uidx-tap-ports.$runner
tap() {  # TEST: tap.sh on it, its output in $h/out
  TMPDIR=$h/tmp SANDBOX_PG_CONFIG=$h/pg/pg_config SANDBOX_PREFIX=$h/prefix PG_BINDIR=/usr/bin \
    bash "$h/tree/test/scripts/tap.sh" "$1" >"$h/out" 2>&1
}
empty() { [ -z "$(ls -A "$h/tmp")" ]; }

# 1. three users of one TMPDIR at once, each test starting as another ends
for w in 1 2 3; do
  ( f=0; for i in $(seq 40); do
      TMPDIR=$h/tmp SANDBOX_PG_CONFIG=$h/pg/pg_config SANDBOX_PREFIX=$h/prefix PG_BINDIR=/usr/bin \
        bash "$h/tree/test/scripts/tap.sh" t/quick.pl >"$h/out.$w" 2>&1 || { f=$((f + 1)); grep 'tap.sh' "$h/out.$w" | head -1; }
    done; echo "$f" >"$h/fails.$w" ) &
done
wait
lost=$(cat "$h"/fails.* | awk "{ s += \$1 } END { print s }")
if [ "$lost" -eq 0 ]; then ok "120 tests in 3 streams at once all held the directory"; else not_ok "$lost of 120 tests at once could not hold the directory"; fi
if empty; then ok "the last test removed it"; else not_ok "left in TMPDIR: $(ls -A "$h/tmp")"; fi

# 2. a link planted at the path, to a directory of the user's: refused, the
# target untouched
mkdir -m 755 "$h/victim"; touch "$h/victim/keep"
[ "$(id -u)" -ne 0 ] || chown -R postgres: "$h/victim"
ln -s "$h/victim" "$ports"
before=$(stat -c %a:%u "$h/victim")
if tap t/quick.pl; then not_ok "a link at $ports was followed"; elif grep -q "not a directory of uid $runner's" "$h/out"; then
  ok "a link at the path is refused"; else not_ok "a link at the path: $(tail -3 "$h/out")"; fi
if [ "$(stat -c %a:%u "$h/victim")" = "$before" ] && [ -e "$h/victim/keep" ] && [ -L "$ports" ]; then
  ok "the link and its target are left as they were"; else not_ok "the link or its target changed"; fi
rm -f "$ports"

# 3. a directory of another user at the path (root only: nobody else can
# give one away)
if [ "$(id -u)" -eq 0 ]; then
  mkdir -m 777 "$ports"; chown nobody: "$ports"
  if tap t/quick.pl; then not_ok "another user's directory was used"; elif grep -q "not a directory of uid $runner's" "$h/out"; then
    ok "another user's directory is refused"; else not_ok "another user's directory: $(tail -3 "$h/out")"; fi
  [ "$(stat -c %a:%U "$ports")" = 777:nobody ] && ok "and left as it was" || not_ok "another user's directory was changed"
  rmdir "$ports"
  # a FIFO would block the open
  mkfifo "$ports"; chown nobody: "$ports"
  if timeout 20 bash -c "$(declare -f tap); h='$h'; tap t/quick.pl"; then not_ok "a FIFO at the path was used"
  elif grep -q "not a directory of uid $runner's" "$h/out"; then ok "a FIFO at the path is refused"
  else not_ok "a FIFO at the path: $(tail -3 "$h/out")"; fi
  rm -f "$ports"
fi

# 4. a run killed outright leaves the directory and a reservation; the next
# run works and removes both
setsid bash -c "TMPDIR='$h/tmp' SANDBOX_PG_CONFIG='$h/pg/pg_config' SANDBOX_PREFIX='$h/prefix' PG_BINDIR=/usr/bin \
  exec bash '$h/tree/test/scripts/tap.sh' t/killed.pl" >/dev/null 2>&1 &
killed=$!
for i in $(seq 100); do [ -e "$ports/65000.rsv" ] && break; sleep 0.1; done
kill -9 -- -"$killed" 2>/dev/null; wait "$killed" 2>/dev/null
# until every process of it is gone (each held the lock)
for i in $(seq 50); do flock -n -x "$ports" true 2>/dev/null && break; sleep 0.1; done
if [ -e "$ports/65000.rsv" ]; then ok "a killed run left its reservation"; else not_ok "the killed run never reserved a port"; fi
rm -rf "$h"/tmp/uidx-tap.*   # its work directory: tap.sh's EXIT trap never ran
if tap t/quick.pl; then ok "the next run passes"; else not_ok "after a killed run: $(tail -3 "$h/out")"; fi
if empty; then ok "and removes the killed run's directory"; else not_ok "left in TMPDIR after a killed run: $(ls -A "$h/tmp")"; fi

# 5. a process the test left running holds nothing: the directory goes
if DAEMON_PID_FILE=$h/daemon/pid tap t/daemon.pl; then ok "a test that leaves a process behind passes"; else not_ok "t/daemon.pl: $(tail -3 "$h/out")"; fi
if empty; then ok "and the directory is removed all the same"; else not_ok "left in TMPDIR while a process a test left runs: $(ls -A "$h/tmp")"; fi
kill "$(cat "$h/daemon/pid")" 2>/dev/null
if [ "$fails" -eq 0 ]; then echo "tap-ports: all passed"; exit 0; fi
echo "tap-ports: $fails failed"; exit 1
