#!/usr/bin/env bash
# The "regions" section of `make bench` (docs/regions.md "Regions"), run by run.sh
# inside the bench server (PGHOST, PGPORT set; the server also listens on
# 127.0.0.1, the loopback the routers' postgres_fdw connections use).
#
# Eight regional databases region_1 .. region_8 (country 40 + k), each with a
# time-partitioned `orders` of BENCH_REGION_ROWS rows, and two routers:
# router_2 with region_1 and region_2 attached, router_8 with all eight.  Each
# router has the pruned table `orders` (PARTITION BY RANGE (id
# iuid_country_ops), one foreign partition per region) and, for comparison,
# `orders_union`: a plain UNION ALL view over one foreign table per region,
# which nothing prunes.  Measured with pgbench (-M prepared, 2 clients,
# BENCH_REGION_SECONDS per run), the variants interleaved per repetition:
#   lookup  a random row of region_1 by its id: directly in region_1, through
#           router_2 and router_8, through the UNION ALL views of both; and,
#           to show where the router's time goes, the five statements
#           postgres_fdw sends the region per lookup, replayed directly;
#   insert  one row per transaction into region_1: directly, through router_2.
# Every run is recorded in bench.results (section 'regions': n = transactions,
# ms = their duration); report.sql prints the medians and the ratios.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)

if [ "${BENCH_QUICK:-0}" = 1 ]; then
  def_rows=20000 def_secs=5 def_reps=2
else
  def_rows=100000 def_secs=20 def_reps=3
fi
ROWS=${BENCH_REGION_ROWS:-$def_rows}
SECS=${BENCH_REGION_SECONDS:-$def_secs}
REPS=${BENCH_REGION_REPS:-${BENCH_REPS:-$def_reps}}
CLIENTS=2
for knob in ROWS SECS REPS; do
  [[ ${!knob} =~ ^[1-9][0-9]*$ ]] || { echo "bench: BENCH_REGION_$knob must be a positive integer, not '${!knob}'" >&2; exit 2; }
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
q() { psql -X -q -v ON_ERROR_STOP=1 "$@"; }

echo
echo "--- regions: 8 regional databases of $ROWS rows, routers over 2 and 8 of them (127.0.0.1:$PGPORT)"
for k in 1 2 3 4 5 6 7 8; do
  q -d postgres -c "CREATE DATABASE region_$k"
  q -d region_$k -o /dev/null <<SQL
CREATE EXTENSION uidx;
CREATE TABLE orders (
    id          iuid PRIMARY KEY,
    customer_id bigint NOT NULL,
    amount      numeric(12,2) NOT NULL
) PARTITION BY RANGE (id);
SELECT uidx_create_time_partitions('orders', '2026-01-01', greatest(timestamptz '2026-07-01', date_trunc('month', now()) + interval '2 months'), '1 month');
-- row g is iuid_from_parts(2026-01-01 + g minutes, 40 + k, 7, g): the scripts
-- rebuild any row's id from g
INSERT INTO orders
SELECT iuid_from_parts(to_timestamp(1767225600 + g * 60), 40 + $k, 7, g), g, g % 1000
  FROM generate_series(1, $ROWS) g;
VACUUM ANALYZE orders;
SQL
done
for n in 2 8; do
  q -d postgres -c "CREATE DATABASE router_$n"
  {
    echo "CREATE EXTENSION uidx; CREATE EXTENSION postgres_fdw;"
    echo "CREATE TABLE orders (id iuid NOT NULL, customer_id bigint NOT NULL, amount numeric(12,2) NOT NULL)
          PARTITION BY RANGE (id iuid_country_ops);"
    union=""
    for k in $(seq 1 $n); do
      echo "CREATE SERVER region_$k FOREIGN DATA WRAPPER postgres_fdw
                OPTIONS (host '127.0.0.1', port '$PGPORT', dbname 'region_$k', extensions 'uidx');
            CREATE USER MAPPING FOR CURRENT_USER SERVER region_$k OPTIONS (user '$PGUSER');
            SELECT uidx_attach_region('orders', 'region_$k', ARRAY[40 + $k]);
            CREATE FOREIGN TABLE orders_r$k (id iuid NOT NULL, customer_id bigint NOT NULL, amount numeric(12,2) NOT NULL)
                SERVER region_$k OPTIONS (table_name 'orders');"
      union="$union${union:+ UNION ALL }SELECT * FROM orders_r$k"
    done
    echo "CREATE VIEW orders_union AS $union;"
  } | q -d router_$n -o /dev/null
done

# The scripts: :g picks the row, the id is rebuilt from it in the statement.
# Every function in that expression is IMMUTABLE (to_timestamp(float8), not
# timestamptz + interval), so postgres_fdw sends the condition to the region.
lookup_sql() {  # table
  cat <<SQL
\set g random(1, $ROWS)
SELECT amount FROM $1 WHERE id = iuid_from_parts(to_timestamp(1767225600 + :g * 60), 41, 7, :g);
SQL
}
lookup_sql orders >"$work/lookup_orders.sql"
# What a routed lookup asks of its region: postgres_fdw's five statements per
# lookup (a remote transaction around a cursor), replayed directly.
cat >"$work/fdw_replay.sql" <<SQL
\set g random(1, $ROWS)
START TRANSACTION ISOLATION LEVEL REPEATABLE READ;
DECLARE c1 CURSOR FOR SELECT amount FROM public.orders WHERE ((id OPERATOR(public.=) public.iuid_from_parts(to_timestamp(1767225600 + :g * 60), 41, 7, :g)));
FETCH 100 FROM c1;
CLOSE c1;
COMMIT TRANSACTION;
SQL
lookup_sql orders_union >"$work/lookup_union.sql"
echo "INSERT INTO orders VALUES (iuid_generate(7, 41), :client_id, 1.00);" >"$work/insert.sql"

# The routed lookup is checked once: it must reach region_1 only.
plan=$(psql -X -qAt -d router_8 -c "SET plan_cache_mode = force_generic_plan" \
            -c "PREPARE l(int) AS SELECT amount FROM orders WHERE id = iuid_from_parts(to_timestamp(1767225600 + \$1 * 60), 41, 7, \$1)" \
            -c "EXPLAIN (VERBOSE, COSTS OFF) EXECUTE l(1)")
echo "$plan" | grep -q 'Subplans Removed: 7' && [ "$(echo "$plan" | grep -c 'Foreign Scan')" = 1 ] \
  && echo "$plan" | grep -qE 'Remote SQL: .*WHERE \(\(id .*iuid_from_parts\(' \
  || { echo "bench: the routed lookup is not pruned to one region:"; echo "$plan"; exit 1; }

# variant | database | script | pgbench protocol
variants="lookup|direct|region_1|lookup_orders|prepared
lookup|postgres_fdw's 5 statements, directly|region_1|fdw_replay|simple
lookup|router, 2 regions|router_2|lookup_orders|prepared
lookup|router, 8 regions|router_8|lookup_orders|prepared
lookup|UNION ALL view, 2 regions|router_2|lookup_union|prepared
lookup|UNION ALL view, 8 regions|router_8|lookup_union|prepared
insert|direct|region_1|insert|prepared
insert|router, 2 regions|router_2|insert|prepared"

run_pgbench() {  # db script seconds protocol -> "transactions tps"
  local out
  out=$(pgbench -n -M "$4" -c $CLIENTS -j $CLIENTS -T "$3" -f "$work/$2.sql" "$1" 2>&1) \
    || { echo "$out" >&2; return 1; }
  echo "$(sed -n 's/^number of transactions actually processed: \([0-9]*\).*/\1/p' <<<"$out")" \
       "$(sed -n 's/^tps = \([0-9.]*\) (without initial connection time)/\1/p' <<<"$out")"
}

# untimed warm-up: caches, plan caches and the routers' first connections
while IFS='|' read -r section variant dbname script protocol; do
  run_pgbench "$dbname" "$script" 2 "$protocol" >/dev/null
done <<<"$variants"

for rep in $(seq 1 "$REPS"); do
  while IFS='|' read -r section variant dbname script protocol; do
    read -r n tps < <(run_pgbench "$dbname" "$script" "$SECS" "$protocol")
    printf 'rep %s/%s: %s %s: %s tps\n' "$rep" "$REPS" "$section" "$variant" "$tps"
    psql -X -q -v ON_ERROR_STOP=1 -d uidx_bench -v s="$section" -v v="$variant" -v r="$rep" \
         -v n="$n" -v tps="$tps" -o /dev/null <<'SQL'
INSERT INTO bench.results (section, case_key, variant, rep, n, ms)
VALUES ('regions', :'s', :'v', :r, :n, :n / :tps::float8 * 1000);
SQL
  done <<<"$variants"
done
