#!/usr/bin/env bash
# `make installcheck` that cannot work says why before pg_regress starts, and
# leaves nothing behind (the Makefile's installcheck-preflight; README
# "Installing"): with no server to reach, and as a role that is no superuser,
# it fails with uidx's message, and the directory gets no results/,
# regression.out or regression.diffs (which `pgxn check` would copy into the
# caller's directory).  As the sandbox's superuser the check passes.  Runs in
# a copy of what installcheck reads (Makefile, control file, sql/, expected/),
# so that the tree's own results of other tests do not count.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
pgc=${SANDBOX_PG_CONFIG:?run inside test/scripts/sandbox.sh (make test)}
dir=$(mktemp -d "${TMPDIR:-/tmp}/uidx-preflight.XXXXXX")
role=uidx_preflight_plain
trap 'rm -rf "$dir"; psql -X -q -d postgres -c "DROP ROLE IF EXISTS $role" >/dev/null 2>&1 || true' EXIT
cp -r "$top/Makefile" "$top/uidx.control" "$top/sql" "$top/expected" "$dir/"
mkdir "$dir/src"    # the Makefile records there which server it builds for
psql -X -q -v ON_ERROR_STOP=1 -d postgres -c "CREATE ROLE $role LOGIN"

failures=0
check() {  # label, expected exit (0 or non-zero), pattern the output must hold, env assignments...
  local label=$1 want=$2 pattern=$3 rc=0 out left
  shift 3
  out=$(env "$@" make -s --no-print-directory -C "$dir" PG_CONFIG="$pgc" installcheck 2>&1) || rc=$?
  left=$(cd "$dir" && ls -d results regression.out regression.diffs 2>/dev/null | tr '\n' ' ' || true)
  if [ "$want" = fail ] && [ $rc -eq 0 ]; then
    echo "not ok - $label: make installcheck succeeded"; failures=$((failures + 1))
  elif ! grep -q -- "$pattern" <<<"$out"; then
    echo "not ok - $label: no \"$pattern\" in:"; echo "$out" | head -8; failures=$((failures + 1))
  elif [ -n "$left" ]; then
    echo "not ok - $label: left $left"; failures=$((failures + 1))
  else
    echo "ok - $label: $(grep -m1 -- "$pattern" <<<"$out")"
  fi
  rm -rf "$dir/results" "$dir/regression.out" "$dir/regression.diffs"
}
check 'no server to reach' fail 'uidx: make installcheck cannot connect to the server' \
  PGHOST="$dir/no-such-socket-dir"
check 'a role that is no superuser' fail 'uidx: make installcheck must connect as a superuser role' \
  PGUSER=$role

# as the superuser the check passes and installcheck goes on to pg_regress
# (the suite itself is run by run-tests.sh; here only its start is looked at)
rc=0; out=$(make -s --no-print-directory -C "$dir" PG_CONFIG="$pgc" installcheck-preflight 2>&1) || rc=$?
if [ $rc -eq 0 ] && [ -z "$out" ]; then
  echo "ok - as $PGUSER the check passes silently"
else
  echo "not ok - as $PGUSER the check fails (exit $rc): $out"; failures=$((failures + 1))
fi
echo "installcheck preflight: $failures failure(s)"
[ $failures -eq 0 ]
