#!/usr/bin/env bash
# The whole suite behind `make test`: pg_regress, then every test/t/*.sh, all
# against one sandbox server (test/scripts/sandbox.sh) with this tree installed,
# then every test/t/*.pl (TAP on PostgreSQL::Test::Cluster: test/scripts/tap.sh
# runs each with prove, its clusters on the same installed build).
# Ends with "N passed, N failed" and exits non-zero on any failure.  A script
# that exits 77 is skipped (counted apart, not a failure).
#
#   UIDX_TESTS="iuid comb"   only these pg_regress tests (default: every sql/*.sql; "none" for none)
#   UIDX_SCRIPTS="t/dump.sh t/upgrade.pl"   only these test/t scripts (default: all but t/citus.sh; "none" for none)
#   UIDX_SKIP="t/fuzz-smoke.sh"   test/t scripts to skip (reported as skipped): .ci/run skips
#                            those that never start a server on every server but the first
#
# t/citus.sh runs a Citus cluster of its own on PostgreSQL 18, whatever server
# this suite tests, so it has its own target (make test-citus) instead.
set -uo pipefail

top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top"

if [ -z "${IN_SANDBOX:-}" ]; then
  IN_SANDBOX=1 exec bash test/scripts/sandbox.sh run bash "$0" "$@"
fi

passed=0; failed=0; skipped=0; failures=()
record() {  # name status
  if [ "$2" -eq 0 ]; then passed=$((passed + 1)); echo "ok - $1"
  elif [ "$2" -eq 77 ]; then skipped=$((skipped + 1)); echo "ok - $1 # SKIP"
  else failed=$((failed + 1)); failures+=("$1"); echo "not ok - $1"; fi
}

pg_regress=$(pg_config --pkglibdir)/pgxs/src/test/regress/pg_regress
tests=${UIDX_TESTS:-$(ls sql/*.sql 2>/dev/null | xargs -n1 basename | sed 's/\.sql$//' | tr '\n' ' ')}
[ "$tests" = none ] && tests=""
if [ -n "$tests" ]; then
  rm -rf results regression.diffs regression.out
  # pg_regress writes results/ as the client; the server never touches it
  "$pg_regress" --bindir="$PG_BINDIR" --inputdir=. --load-extension=uidx \
      --dbname=uidx_regress $tests
  status=$?
  for t in $tests; do
    if [ ! -f "results/$t.out" ] || { [ -f regression.diffs ] && grep -q "/results/$t.out" regression.diffs; }; then
      record "pg_regress $t" 1
    else
      record "pg_regress $t" 0
    fi
  done
  [ $status -ne 0 ] && [ ! -f regression.diffs ] && record "pg_regress (run)" 1
  [ -f regression.diffs ] && { echo "--- regression.diffs (first 200 lines) ---"; head -200 regression.diffs; }
fi

scripts=${UIDX_SCRIPTS:-$(ls test/t/*.sh test/t/*.pl 2>/dev/null | sed 's|^test/||' | grep -vx 't/citus.sh' | tr '\n' ' ')}
[ "$scripts" = none ] && scripts=""
for s in $scripts; do
  if [[ " ${UIDX_SKIP:-} " == *" $s "* ]]; then
    echo "# test/$s: skipped (UIDX_SKIP)"; record "test/$s" 77; continue
  fi
  echo "# test/$s"
  case $s in
    *.pl) bash test/scripts/tap.sh "$s" ;;
    *)    bash "test/$s" ;;
  esac
  record "test/$s" $?
done

echo
[ $failed -gt 0 ] && echo "failed: ${failures[*]}"
echo "$passed passed, $failed failed$([ $skipped -gt 0 ] && echo ", $skipped skipped")"
[ $failed -eq 0 ]
