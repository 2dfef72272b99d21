#!/usr/bin/env bash
# `make test-all`: the whole suite (make test-full) on every supported server, one after the
# other, then the Citus test (make test-citus), and one summary line each at
# the end.  15 is Debian's package; 17 and 18 are built once from Debian's
# source packages, 16 and 19 from the vendored upstream archives
# (build-pg.sh), and then taken from the cache.
#
#   UIDX_VERSIONS="15 18"    which versions (default: 15 16 17 18 19)
#   UIDX_CITUS=0             without the Citus test
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top"

summary=(); status=0
for v in ${UIDX_VERSIONS:-15 16 17 18 19}; do
  start=$(date +%s)
  if [ "$v" = 15 ]; then
    cfg=/usr/lib/postgresql/15/bin/pg_config
    PG_CONFIG=$cfg bash test/scripts/ensure-deps.sh
  else
    cfg=$(bash test/scripts/build-pg.sh "$v") || { summary+=("PostgreSQL $v: server build FAILED"); status=1; continue; }
  fi
  log=$(mktemp); 
  echo "=== PostgreSQL $v ($cfg) ==="
  make -s PG_CONFIG="$cfg" test-full 2>&1 | tee "$log"
  rc=${PIPESTATUS[0]}
  counts=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$log" | tail -1)
  failures=$(grep -E '^failed: ' "$log" | tail -1)
  rm -f "$log"
  [ "$rc" -eq 0 ] || status=1
  summary+=("PostgreSQL $($cfg --version | awk '{print $2}'): ${counts:-no result} in $(( $(date +%s) - start ))s${failures:+ ($failures)}")
done
if [ "${UIDX_CITUS:-1}" != 0 ]; then
  log=$(mktemp)
  echo "=== Citus"
  make -s test-citus 2>&1 | tee "$log"
  rc=${PIPESTATUS[0]}
  [ "$rc" -eq 0 ] || status=1
  summary+=("Citus (PostgreSQL 18): $(grep -E '^citus: ' "$log" | tail -1 | sed 's/^citus: //')$(grep -E '^[0-9]+ checks passed' "$log" | tail -1 | sed 's/^/, /')")
  rm -f "$log"
fi

echo
printf '%s\n' "${summary[@]}"
exit $status
