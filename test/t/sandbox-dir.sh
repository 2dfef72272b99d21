#!/usr/bin/env bash
# test/scripts/sandbox.sh start and stop use a directory whose name anyone
# can guess (TMPDIR/uidx-sandbox.UID.TAG): a link planted there, or (as root)
# a directory another user made there, is refused, and nothing in it or
# behind it is touched: no chmod, no rm, no pg_ctl of that user's run as
# the server's user.  Then start and stop in the same TMPDIR work and leave nothing.
# Runs in a TMPDIR of its own, world-writable like /tmp.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
fails=0
ok() { echo "ok - $*"; }
not_ok() { echo "not ok - $*"; fails=$((fails + 1)); }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/uidx-sandbox-dir-test.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
chmod 1777 "$tmp"
tag=$(printf '%s' "$top" | cksum | cut -d' ' -f1)
dir=$tmp/uidx-sandbox.$(id -u).$tag
sandbox() { env -u SANDBOX_DIR TMPDIR="$tmp" bash "$top/test/scripts/sandbox.sh" "$@" >"$tmp.out" 2>&1; }

# a link to a directory of the user's
mkdir -m 700 "$tmp/victim"; touch "$tmp/victim/keep"
ln -s "$tmp/victim" "$dir"
for verb in start stop; do
  if sandbox $verb; then not_ok "$verb followed a link at $dir"
  elif grep -q "is a link or belongs to another user" "$tmp.out"; then ok "$verb refuses a link at the path"
  else not_ok "$verb with a link at the path: $(tail -3 "$tmp.out")"; fi
done
if [ "$(stat -c %a "$tmp/victim")" = 700 ] && [ -e "$tmp/victim/keep" ] && [ -z "$(ls "$tmp/victim" | grep -v keep)" ]; then
  ok "the link's target is left as it was"; else not_ok "the link's target changed: $(ls -la "$tmp/victim")"; fi
rm -f "$dir"

# (root) another user's directory, holding a data directory with a
# postmaster.pid and a prefix with a pg_ctl of theirs, which stop (and start,
# which stops first) would run as the server's OS user
if [ "$(id -u)" -eq 0 ]; then
  sysbin=$("${PG_CONFIG:-pg_config}" --bindir)
  mkdir -p "$dir/data" "$dir/root$sysbin"
  echo 4242 >"$dir/data/postmaster.pid"
  printf '#!/bin/sh\ntouch %s/ran\n' "$tmp" >"$dir/root$sysbin/pg_ctl"
  chmod 755 "$dir/root$sysbin/pg_ctl"; chmod 777 "$dir"; chown -R nobody: "$dir"
  for verb in start stop; do
    if sandbox $verb; then not_ok "$verb used another user's directory"
    elif grep -q "is a link or belongs to another user" "$tmp.out"; then ok "$verb refuses another user's directory"
    else not_ok "$verb with another user's directory: $(tail -3 "$tmp.out")"; fi
  done
  if [ ! -e "$tmp/ran" ]; then ok "the pg_ctl in it was not run"
  else not_ok "the pg_ctl another user put in the directory was run"; fi
  [ "$(stat -c %a:%U "$dir")" = 777:nobody ] && ok "and the directory is left as it was" || not_ok "another user's directory was changed"
  rm -rf "$dir"
fi

# the directory of one's own: start and stop
if sandbox start; then ok "start in a clean TMPDIR"; else not_ok "start: $(tail -5 "$tmp.out")"; fi
if sandbox stop; then ok "stop"; else not_ok "stop: $(tail -5 "$tmp.out")"; fi
left=$(ls -A "$tmp" | grep -vx victim)
[ -z "$left" ] && ok "nothing left behind" || not_ok "left behind: $left"
rm -f "$tmp.out"

if [ "$fails" -eq 0 ]; then echo "sandbox-dir: all passed"; exit 0; fi
echo "sandbox-dir: $fails failed"; exit 1
