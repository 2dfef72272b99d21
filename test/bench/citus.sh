#!/usr/bin/env bash
# The "citus" section of `make bench`: single-row lookups by ID through a
# Citus coordinator against the same lookups on a plain table of that
# coordinator, as a ratio of pgbench throughput (2 clients, prepared
# statements, one lookup per transaction).  A uuid-keyed distributed table
# with the same bytes is measured too: uidx types should route as uuid does.
#
# The cluster is test/scripts/citus-cluster.sh (a coordinator and two workers
# on loopback, PostgreSQL 18 with the vendored Citus).  Without the vendored
# archive it prints that the section did not run and exits 0, so the other
# sections are unaffected.
#
#   BENCH_CITUS_ROWS     rows per table            (100000; quick 20000)
#   BENCH_CITUS_SECONDS  pgbench -T of one run     (10; quick 5)
#   BENCH_CITUS_REPS     repetitions, interleaved  (5; quick 1)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)

if [ "${BENCH_QUICK:-0}" = 1 ]; then def_rows=20000 def_secs=5 def_reps=1
else def_rows=100000 def_secs=10 def_reps=5; fi
ROWS=${BENCH_CITUS_ROWS:-$def_rows}
SECS=${BENCH_CITUS_SECONDS:-$def_secs}
REPS=${BENCH_CITUS_REPS:-$def_reps}
for knob in ROWS SECS REPS; do
  if ! [[ ${!knob} =~ ^[1-9][0-9]*$ ]]; then
    echo "bench: BENCH_CITUS_$knob must be a positive integer, not '${!knob}'" >&2
    exit 2
  fi
done

if [ -z "${IN_CITUS_BENCH:-}" ]; then
  echo
  echo "--- citus: single-row lookups by ID through the coordinator (pgbench -M prepared, 2 clients)"
  rc=0
  bash "$top/test/scripts/build-citus.sh" >/dev/null || rc=$?
  if [ $rc -eq 3 ]; then
    echo "citus: not run: the vendored Citus source archive is not there"
    exit 0
  fi
  [ $rc -eq 0 ] || { echo "citus: not run: Citus could not be built" >&2; exit 1; }
  IN_CITUS_BENCH=1 CITUS_DB=uidx_bench_citus \
    CITUS_CONF="autovacuum = off
jit = off" \
    exec bash "$top/test/scripts/citus-cluster.sh" run bash "$0"
fi

# ---------------------------------------------------------------------------
# Inside the cluster (PGHOST etc. name the coordinator)
# ---------------------------------------------------------------------------
export PGOPTIONS="-c client_min_messages=warning"
q() { psql -X -qAt -v ON_ERROR_STOP=1 "$@"; }

# Each row holds the ID of the next row to look up: a random cycle through
# all rows, so a client walks every row with one statement per transaction,
# `WHERE id = $1`, the ID sent as a parameter as an application sends it.
q >/dev/null <<SQL
CREATE EXTENSION uidx;
CREATE TABLE walk AS
WITH o AS (SELECT id, row_number() OVER (ORDER BY random()) AS k
             FROM (SELECT iuid_generate(7, 42) AS id FROM generate_series(1, $ROWS)) s)
SELECT a.id, b.id AS next_id FROM o a JOIN o b ON b.k = a.k % $ROWS + 1;
CREATE TABLE lookup_plain (id iuid PRIMARY KEY, next_id iuid NOT NULL, payload text NOT NULL);
INSERT INTO lookup_plain SELECT id, next_id, md5(id::text) FROM walk;
CREATE TABLE lookup_citus (LIKE lookup_plain INCLUDING ALL);
SELECT create_distributed_table('lookup_citus', 'id');
INSERT INTO lookup_citus SELECT * FROM lookup_plain;
CREATE TABLE lookup_citus_uuid (id uuid PRIMARY KEY, next_id uuid NOT NULL, payload text NOT NULL);
SELECT create_distributed_table('lookup_citus_uuid', 'id');
INSERT INTO lookup_citus_uuid SELECT * FROM lookup_plain;
VACUUM ANALYZE lookup_plain, lookup_citus, lookup_citus_uuid;
SQL
shards=$(q -c "SELECT count(*) FROM pg_dist_shard WHERE logicalrelid = 'lookup_citus'::regclass")
start_id=$(q -c "SELECT id FROM walk LIMIT 1")
cases="lookup_plain lookup_citus lookup_citus_uuid"
declare -A label=(
  [lookup_plain]="plain iuid table on the coordinator"
  [lookup_citus]="distributed iuid table ($shards shards, 2 workers)"
  [lookup_citus_uuid]="distributed uuid table, same bytes"
)
declare -A tps=() broken=()

run() {  # table seconds: prints the throughput
  local script=$CITUS_DIR/$1.sql log=$CITUS_DIR/$1.log
  echo "SELECT next_id AS key FROM $1 WHERE id = :key \\gset" >"$script"
  if ! pgbench -n -M prepared -c 2 -j 2 -T "$2" -D key="$start_id" -f "$script" >"$log" 2>&1; then
    echo "bench: pgbench on $1 failed:" >&2; tail -5 "$log" >&2; return 1
  fi
  grep -oP '^tps = \K[0-9.]+' "$log"
}
echo "rows: $ROWS per table; $REPS x $SECS s per table, interleaved; load average $(cut -d' ' -f1-3 /proc/loadavg)"
# warm-up: caches, plans, worker connections
for c in $cases; do run "$c" 2 >/dev/null || broken[$c]=1; done
for rep in $(seq 1 "$REPS"); do
  printf 'rep %s/%s:' "$rep" "$REPS"
  # the two distributed tables in turn first (odd repetitions iuid, even uuid)
  order=$cases
  [ $((rep % 2)) -eq 0 ] && order="lookup_plain lookup_citus_uuid lookup_citus"
  for c in $order; do
    [ -z "${broken[$c]:-}" ] || continue
    if t=$(run "$c" "$SECS"); then
      tps[$c]="${tps[$c]:-} $t"
      printf ' %s %.0f' "$c" "$t"
    else
      broken[$c]=1
    fi
  done
  echo
done

median() { tr ' ' '\n' | grep . | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
base=$(median <<<"${tps[lookup_plain]:-}")
echo
printf '%-50s %14s %10s\n' "lookups by ID ($REPS x $SECS s, median)" "lookups/s" "x plain"
for c in $cases; do
  if [ -n "${broken[$c]:-}" ]; then printf '%-50s %14s %10s\n' "${label[$c]}" error -; continue; fi
  m=$(median <<<"${tps[$c]}")
  printf '%-50s %14.0f %10s\n' "${label[$c]}" "$m" \
    "$(awk -v a="$m" -v b="$base" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }')"
done
echo "load average at the end $(cut -d' ' -f1-3 /proc/loadavg)"
