#!/usr/bin/env bash
# Concurrent generation: CLIENTS pgbench sessions each make IDS ids into one
# table with a unique index (so a duplicate fails the run), recording
# pg_backend_pid() and a per-session counter; then every backend's own ids
# must be strictly increasing in the order it made them.
#
# Generators come from the registry, test/t/generators.list: every line that
# applies to this server (test/t/registry.sh checks that it lists them all).
#
#   CONC_CLIENTS=4 CONC_IDS=200000   the make test default (a few minutes in all);
#                                    `make stress` runs 8 x 250,000
#   CONC_ONLY="uuidv7() distid_generate()" only these functions of generators.list
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
CLIENTS=${CONC_CLIENTS:-4}
IDS=${CONC_IDS:-200000}
ONLY=${CONC_ONLY:-}
BATCH=1000
db=uidx_concurrency

psql -X -q -v ON_ERROR_STOP=1 -d postgres -c "DROP DATABASE IF EXISTS $db" -c "CREATE DATABASE $db"
psql -X -q -v ON_ERROR_STOP=1 -d $db -c "CREATE EXTENSION uidx" -c "SET uidx.country = 1" \
     -c "ALTER DATABASE $db SET uidx.country = 1" \
     -c "INSERT INTO iuid_service_entity VALUES (1, 'Conc')"

fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
all_start=$(date +%s%N)
. "$here/../scripts/registry.sh"
psql -X -q -v ON_ERROR_STOP=1 -d $db -c "SELECT luuid_register_group('Order')" >/dev/null
while IFS='|' read -r name expr type monotonic _; do
  if [ -n "$ONLY" ] && [[ " $ONLY " != *" $name "* ]]; then continue; fi

  psql -X -q -v ON_ERROR_STOP=1 -d $db <<SQL
DROP TABLE IF EXISTS ids; DROP SEQUENCE IF EXISTS gen_order; DROP SEQUENCE IF EXISTS gen_seq;
CREATE SEQUENCE gen_order;
CREATE SEQUENCE gen_seq;
CREATE UNLOGGED TABLE ids (pid int NOT NULL, n bigint NOT NULL, id $type NOT NULL UNIQUE);
SQL
  script=$tmp/pgbench.sql
  # nextval and the generator run in the same row, in row order, in one backend:
  # n orders that backend's ids by the moment they were made
  echo "INSERT INTO ids SELECT pg_backend_pid(), nextval('gen_order'), $expr FROM generate_series(1, $BATCH);" >"$script"
  start=$(date +%s%N)
  if ! pgbench -n -c "$CLIENTS" -j 2 -t $((IDS / BATCH)) -f "$script" $db >"$tmp/pgbench.out" 2>&1; then
    echo "FAIL $name: pgbench failed (a duplicate would violate the unique index)"; tail -5 "$tmp/pgbench.out"; fail=1
  fi
  ms=$(( ($(date +%s%N) - start) / 1000000 ))
  read -r total distinct backends regress <<<"$(psql -X -qAt -F' ' -d $db -c "
    SELECT count(*), count(DISTINCT id), count(DISTINCT pid),
           (SELECT count(*) FROM (SELECT id <= lag(id) OVER (PARTITION BY pid ORDER BY n) AS back FROM ids) s WHERE back)
    FROM ids")"
  echo "$name ($monotonic): $total ids from $backends backends in ${ms} ms, $distinct distinct, $regress per-backend order violations"
  [ "$total" -eq $((CLIENTS * IDS)) ] || { echo "FAIL $name: expected $((CLIENTS * IDS)) rows"; fail=1; }
  [ "$distinct" -eq "$total" ] || { echo "FAIL $name: duplicates"; fail=1; }
  [ "$backends" -eq "$CLIENTS" ] || { echo "FAIL $name: expected $CLIENTS backends"; fail=1; }
  if [ "$monotonic" = monotonic ] && [ "$regress" -ne 0 ]; then
    echo "FAIL $name: a backend's ids went backwards"; fail=1
  fi
done < <(registry_lines)
total_ms=$(( ($(date +%s%N) - all_start) / 1000000 ))
echo "all generators: ${CLIENTS} clients x ${IDS} ids each in ${total_ms} ms"

psql -X -q -d postgres -c "DROP DATABASE $db"
exit $fail
