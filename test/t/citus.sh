#!/usr/bin/env bash
# uidx types as Citus distribution columns, on a cluster of its own: a
# coordinator and two workers of the Citus-enabled PostgreSQL 18
# (test/scripts/citus-cluster.sh, which builds Citus and this tree for it).
# `make test-citus` runs it; `make test` does not, since this test always
# runs on PostgreSQL 18, whatever server `make test` was given.  When the
# vendored Citus archive is absent it says so and exits 77 (skipped).
#
# It first runs the SQL of the README section "Scaling out a region with
# Citus" as written (host names and ports replaced by the cluster's), then,
# for each of iuid, comb and distid as the distribution column:
#  1. create_distributed_table works, the rows spread over both workers,
#     every row is found again by a lookup by its ID, and Citus places a value
#     on the same shard as the same 16 bytes as uuid;
#  2. a lookup by ID is a one-task router query, sent to the worker and shard
#     that hold the ID: as a literal, as a prepared statement with a
#     parameter (custom and generic plans), and with an untyped parameter of
#     the extended protocol as drivers send it;
#  3. joins of co-located tables on the ID run shard by shard, and a join that
#     must repartition by the ID (hashing it on the workers) is right too;
#  4. DEFAULT IDs made through the coordinator (pgbench, 2 sessions; INSERT
#     ... VALUES, INSERT ... SELECT and COPY) are unique, and each session's
#     are increasing (for comb, whose generator promises no order within a
#     millisecond: their times never go back);
#  5. extraction functions and `id >= <type>_lower_bound(...)` filters are sent
#     to the workers, and give the same results as a plain table of the same
#     rows;
#  6. a distributed table partitioned by time with uidx_create_time_partitions:
#     partitions distributed and co-located, rows in the right partition, the
#     workers prune partitions, for the id range and for the time filter
#     written the natural way, and 180 natural filters (instants at and beyond
#     the limits, three time zones) give the rows a plain table gives with the
#     rewrite off, and no error it does not (uidx is in session_preload_libraries, as
# docs/partitioning.md
#     "Time filters that prune partitions" asks), lookups by ID are router
#     queries.
# And: uidx reaches the workers (CREATE EXTENSION and ALTER DATABASE SET are
# propagated), DEFAULTs that run on the workers work as the README says, a
# worker added later gets uidx and takes shards in a rebalance, and a
# postgres_fdw foreign table on the coordinator sends the ID condition.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)

if [ -z "${UIDX_CITUS_INSIDE:-}" ]; then
  start=$(date +%s)
  rc=0
  bash "$top/test/scripts/build-citus.sh" >/dev/null || rc=$?
  if [ $rc -eq 3 ]; then
    echo "citus: SKIPPED: the vendored Citus source archive is not there (see above)"
    exit 77
  fi
  [ $rc -eq 0 ] || { echo "citus: FAILED: Citus could not be built"; exit 1; }
  UIDX_CITUS_INSIDE=1 CITUS_DB=orders_kz CITUS_NO_SETUP=1 \
    CITUS_CONF="shared_buffers = 32MB
timezone = 'UTC'
citus.shard_count = 8
session_preload_libraries = 'uidx'" \
    bash "$top/test/scripts/citus-cluster.sh" run bash "$0" || rc=$?
  secs=$(( $(date +%s) - start ))
  if [ $rc -eq 0 ]; then echo "citus: passed in ${secs}s"; exit 0; fi
  echo "citus: FAILED (exit $rc) after ${secs}s"
  exit 1
fi

# ---------------------------------------------------------------------------
# Inside the cluster: PGHOST/PGPORT/PGDATABASE name the coordinator's orders_kz
# ---------------------------------------------------------------------------
export PGOPTIONS="-c client_min_messages=warning"
read -r w1port w2port <<<"$CITUS_WORKER_PORTS"
read -r w1sock w2sock <<<"$CITUS_WORKER_SOCKS"
cport=$CITUS_COORD_PORT
db=$CITUS_DB
passed=0; failed=0

q() { psql -X -qAt -v ON_ERROR_STOP=1 "$@"; }
on_all_nodes() {  # SQL: run as a file on the coordinator and on both workers
  q -h "$PGHOST" -p "$cport" -f - <<<"$1"
  q -h "$w1sock" -p "$w1port" -f - <<<"$1"
  q -h "$w2sock" -p "$w2port" -f - <<<"$1"
}
check() {  # description actual expected
  if [ "$2" = "$3" ]; then
    passed=$((passed + 1)); echo "ok - $1"
  else
    failed=$((failed + 1)); echo "FAIL - $1"; echo "     got:  $2"; echo "     want: $3"
  fi
}
# The SQL of one ```sql block of the README's Citus section: the block whose
# first line is the given comment.
readme_block() {
  awk -v want="$1" '
    /^## / { in_section = ($0 == "## Scaling out a region with Citus") }
    in_section && /^```sql$/ { in_block = 1; first = 1; next }
    in_block && /^```$/ { in_block = 0; taking = 0; next }
    in_block && first { first = 0; taking = ($0 == want) }
    in_block && taking { print }' "$top/docs/regions.md"
}
# Runs SQL from stdin with Citus's log of remote commands on and prints it.
remote_log() {
  { echo "SET client_min_messages = notice; SET citus.log_remote_commands = on;"; cat; } \
    | psql -X -q -v ON_ERROR_STOP=1 -o /dev/null -f - 2>&1
}
# The same, printing per SELECT sent to a worker "port shard-table" (the
# first distributed table the command names, with its shard suffix).
remote_selects() {
  remote_log \
    | awk '/NOTICE:  issuing SELECT/ && !/assign_distributed_transaction_id/ {
             match($0, /public\.[a-z_]+_[0-9]+/); shard = substr($0, RSTART + 7, RLENGTH - 7); pending = 1; next }
           pending && /DETAIL:  on server/ {
             match($0, /:[0-9]+ connectionId/); print substr($0, RSTART + 1, RLENGTH - 14), shard; pending = 0 }
           /ERROR/ { print "psql:", $0 }'
}
# "port shard-table" of the shard that holds value $2 of table $1
home_of() {
  q -F' ' -c "SELECT c.nodeport, c.shard_name FROM citus_shards c
               WHERE c.shardid = get_shard_id_for_distribution_column('$1', '$2'::$3)"
}

# --- The README's commands, as written ----------------------------------------
for sock_port in "$PGHOST $cport" "$w1sock $w1port" "$w2sock $w2port"; do
  read -r s p <<<"$sock_port"
  q -h "$s" -p "$p" -d postgres -c "CREATE DATABASE $db"
done
every_node=$(readme_block "-- on the coordinator and on every worker, in the region's database")
coordinator=$(readme_block "-- on the coordinator")
router=$(readme_block "-- on the router")
check "README: the three SQL blocks of the Citus section are found" \
  "$([ -n "$every_node" ] && [ -n "$coordinator" ] && [ -n "$router" ] && echo yes)" yes
# as psql runs a file: one statement after the other
on_all_nodes "$every_node" >/dev/null
coordinator=$(sed -e "s/'10\.0\.1\.10', 5432/'127.0.0.1', $cport/" \
                  -e "s/'10\.0\.1\.11', 5432/'127.0.0.1', $w1port/" \
                  -e "s/'10\.0\.1\.12', 5432/'127.0.0.1', $w2port/" <<<"$coordinator")
router=$(sed -e "s/host '10\.0\.1\.10', port '5432'/host '127.0.0.1', port '$cport'/" <<<"$router")
check "README: every node address is replaced by the cluster's" \
  "$(grep -c '10\.0\.1\.' <<<"$coordinator$router" || true)" 0
q -f - <<<"$coordinator" >/dev/null
check "README: the coordinator and both workers are in the cluster" \
  "$(q -c "SELECT string_agg(nodeport::text, ' ' ORDER BY nodeport) FROM pg_dist_node")" \
  "$(printf '%s\n' "$cport" "$w1port" "$w2port" | sort -n | tr '\n' ' ' | sed 's/ $//')"

# uidx reached the workers: CREATE EXTENSION, ALTER DATABASE SET and the
# registry rows (as the README does them)
version=$(q -c "SELECT extversion FROM pg_extension WHERE extname = 'uidx'")
check "CREATE EXTENSION uidx on the coordinator creates it on both workers" \
  "$(q -c "SELECT string_agg(result, ' ') FROM run_command_on_workers(\$\$SELECT extversion FROM pg_extension WHERE extname = 'uidx'\$\$)")" \
  "$version $version"
check "ALTER DATABASE ... SET uidx.country reaches both workers" \
  "$(q -c "SELECT string_agg(result, ' ') FROM run_command_on_workers(\$\$SELECT current_setting('uidx.country')\$\$)")" "42 42"
check "the registry rows are on every node" \
  "$(q -c "SELECT string_agg(result, ' ') FROM run_command_on_all_nodes(\$\$SELECT string_agg(code || ':' || name, ',') FROM iuid_service_entity\$\$)")" \
  "7:AyanOrder 7:AyanOrder 7:AyanOrder"

# EXPLAIN output as one string (EXPLAIN cannot be a subquery); rows of a
# table (regclass) that satisfy a condition; lookups by ID that do not find
# the row: every row of `plain` looked up in `dist` by its id, one statement each
helpers=$(cat <<'SQL'
CREATE FUNCTION explain_text(query text, options text DEFAULT 'COSTS OFF') RETURNS text
LANGUAGE plpgsql AS $$
DECLARE r text; out text := '';
BEGIN
    FOR r IN EXECUTE format('EXPLAIN (%s) %s', options, query) LOOP
        out := out || r || E'\n';
    END LOOP;
    RETURN out;
END $$;
CREATE FUNCTION count_rows(rel regclass, cond text) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE n bigint;
BEGIN
    EXECUTE format('SELECT count(*) FROM %s WHERE %s', rel, cond) INTO n;
    RETURN n;
END $$;
CREATE FUNCTION lookup_misses(dist regclass, plain regclass) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE r record; got integer; misses bigint := 0;
BEGIN
    FOR r IN EXECUTE format('SELECT id, payload FROM %s', plain) LOOP
        EXECUTE format('SELECT payload FROM %s WHERE id = $1', dist) INTO got USING r.id;
        IF got IS DISTINCT FROM r.payload THEN misses := misses + 1; END IF;
    END LOOP;
    RETURN misses;
END $$;
SQL
)
q -c "$helpers" >/dev/null

# The README's orders: partitions distributed; a lookup is one task
check "README: orders has its 12 monthly partitions, each distributed and co-located with it" \
  "$(q -c "SELECT count(*) FILTER (WHERE d.colocationid = (SELECT colocationid FROM pg_dist_partition WHERE logicalrelid = 'orders'::regclass))
           FROM pg_inherits i LEFT JOIN pg_dist_partition d ON d.logicalrelid = i.inhrelid
           WHERE i.inhparent = 'orders'::regclass")" 12
readme_id=$(q -c "SELECT iuid_generate_at('2026-03-15 12:00+00', 7)")
q -c "INSERT INTO orders VALUES ('$readme_id', 1, 12.50)" \
  -c "INSERT INTO order_items VALUES ('$readme_id', 1, 'tea'), ('$readme_id', 2, 'cups')"
check "README: a lookup of orders joined with order_items by ID" \
  "$(q -c "SELECT string_agg(o.amount || ' ' || i.sku, ', ' ORDER BY i.line)
           FROM orders o JOIN order_items i ON i.order_id = o.id WHERE o.id = '$readme_id'")" \
  "12.50 tea, 12.50 cups"
check "README: that lookup is one task on the worker that holds the ID" \
  "$(remote_selects <<<"SELECT o.amount, i.sku FROM orders o JOIN order_items i ON i.order_id = o.id WHERE o.id = '$readme_id';" | cut -d' ' -f1)" \
  "$(home_of orders "$readme_id" iuid | cut -d' ' -f1)"
check "README: and the worker reads one partition of orders" \
  "$(q -c "SELECT explain_text(\$\$SELECT o.amount, i.sku FROM orders o JOIN order_items i ON i.order_id = o.id WHERE o.id = '$readme_id'\$\$)" \
     | grep -o ' on orders_p[0-9]*' | sort -u)" " on orders_p20260301"

# --- Every distribution type ----------------------------------------------------
# type | DEFAULT generator | an ID made at instant ts for row g | monotonic
# | the extraction select list | its GROUP BY | a filter on extracted values
# (":mid" stands for the middle instant of the rows)
types="
iuid|iuid_generate('AyanOrder')|iuid_generate_at(ts, 7, 42 + g % 2)|strict|iuid_country(id), date_trunc('day', iuid_timestamp(id))|1, 2|iuid_country(id) = 42 AND iuid_timestamp(id) < :mid
comb|comb_suffix_generate()|comb_suffix_generate(ts)|time|date_trunc('day', comb_timestamp(id))|1|comb_timestamp(id) < :mid
distid|distid_generate()|(distid_lower_bound(ts)::numeric + floor(random() * 2 ^ 48)::numeric)::distid|strict|date_trunc('day', distid_timestamp(id))|1|distid_timestamp(id) < :mid
"
rows=2000
mid=$(q -c "SELECT quote_literal(date_trunc('second', now() - interval '40 days'))")
q -c "CREATE TABLE uuid_keys (id uuid PRIMARY KEY)" -c "SELECT create_distributed_table('uuid_keys', 'id')" >/dev/null
check "uuid, for comparison: EXPLAIN EXECUTE of a prepared lookup shows the remote plan" \
  "$(q -c "PREPARE lookup(uuid) AS SELECT id FROM uuid_keys WHERE id = \$1" \
       -c "SELECT explain_text('EXECUTE lookup(''019b7d4e-5c00-802a-81c0-4b6f2e1d9a77'')') ~ 'Index Only Scan using uuid_keys_pkey_'")" t
q -c "CREATE SEQUENCE gen_order" -c "CREATE TABLE explain_lines (q text, line text)"

while IFS='|' read -r type gen at monotonic extract groupby filter; do
  [ -n "$type" ] || continue
  echo "# distribution column of type $type"
  t=t_$type; p=p_$type
  filter=${filter//:mid/$mid}
  bound="${type}_lower_bound($mid)"

  # 1. distribute; the same rows in a plain table
  q >/dev/null <<SQL
CREATE TABLE $p (id $type PRIMARY KEY, payload integer NOT NULL);
INSERT INTO $p
SELECT $at, g
  FROM generate_series(1, $rows) g,
       LATERAL (SELECT now() - (g % 80) * interval '1 day' - (g % 997) * interval '1 second' AS ts) s;
CREATE TABLE $t (id $type PRIMARY KEY, payload integer NOT NULL);
SELECT create_distributed_table('$t', 'id');
INSERT INTO $t SELECT * FROM $p;
SQL
  check "$type: create_distributed_table hash-distributes by the $type column" \
    "$(q -c "SELECT partmethod::text || ' ' || format_type(atttypid, NULL) FROM pg_dist_partition d
             JOIN pg_attribute a ON a.attrelid = d.logicalrelid AND a.attname = column_to_column_name(d.logicalrelid, d.partkey)
             WHERE logicalrelid = '$t'::regclass")" "h $type"
  check "$type: the rows spread over both workers (rows per worker all > 0, in all)" \
    "$(q -c "SELECT count(*) || ' workers, ' || sum(n) || ' rows' FROM (
               SELECT c.nodeport, sum(r.result::bigint) AS n
                 FROM run_command_on_shards('$t', 'SELECT count(*) FROM %s') r
                 JOIN citus_shards c USING (shardid)
                GROUP BY c.nodeport HAVING sum(r.result::bigint) > 0) s")" "2 workers, $rows rows"
  check "$type: every row is found by a lookup by its ID" \
    "$(q -c "SELECT lookup_misses('$t', '$p')")" 0
  check "$type: each value is on the shard (by position) where uuid puts the same 16 bytes" \
    "$(q -c "SELECT count(*) FROM $p
             WHERE get_shard_id_for_distribution_column('$t', id)
                   - (SELECT min(shardid) FROM pg_dist_shard WHERE logicalrelid = '$t'::regclass)
                <> get_shard_id_for_distribution_column('uuid_keys', id::uuid)
                   - (SELECT min(shardid) FROM pg_dist_shard WHERE logicalrelid = 'uuid_keys'::regclass)")" 0

  # 2. lookups by ID: one task, on the ID's own worker and shard
  id=$(q -c "SELECT id FROM $p ORDER BY payload LIMIT 1 OFFSET 17")
  payload=$(q -c "SELECT payload FROM $p WHERE id = '$id'")
  home=$(home_of "$t" "$id" "$type")
  check "$type: a literal lookup is sent as one SELECT to the ID's worker and shard" \
    "$(remote_selects <<<"SELECT payload FROM $t WHERE id = '$id';")" "$home"
  check "$type: EXPLAIN of a literal lookup shows one task" \
    "$(q -c "SELECT substring(explain_text(\$\$SELECT payload FROM $t WHERE id = '$id'\$\$) FROM 'Task Count: [0-9]+')")" "Task Count: 1"
  # EXECUTE 1-5 use custom plans, 6 and 7 the generic plan; then forced generic
  check "$type: a prepared lookup with a parameter: one SELECT to the ID's shard per execution (custom and generic plans)" \
    "$(remote_selects <<SQL | sort | uniq -c | sed 's/^ *//'
PREPARE lookup($type) AS SELECT payload FROM $t WHERE id = \$1;
EXECUTE lookup('$id'); EXECUTE lookup('$id'); EXECUTE lookup('$id'); EXECUTE lookup('$id');
EXECUTE lookup('$id'); EXECUTE lookup('$id'); EXECUTE lookup('$id');
SET plan_cache_mode = force_generic_plan;
PREPARE lookup2($type) AS SELECT payload FROM $t WHERE id = \$1;
EXECUTE lookup2('$id');
SQL
)" "8 $home"
  check "$type: EXPLAIN ANALYZE of the prepared lookup (generic plan) shows one task, on the ID's shard, and the row" \
    "$(q -c "SET plan_cache_mode = force_generic_plan" -c "PREPARE lookup($type) AS SELECT payload FROM $t WHERE id = \$1" \
         -c "SELECT substring(e FROM 'Task Count: [0-9]+') || ' ' || (e ~ ' on ${home#* } ') || ' '
                    || substring(e FROM 'Custom Scan \(Citus Adaptive\) \(actual rows=([0-9]+)')
             FROM explain_text('EXECUTE lookup(''$id'')', 'ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF') e")" \
    "Task Count: 1 true 1"
  check "$type: an untyped protocol parameter (unnamed and named statements) is one SELECT to the ID's shard" \
    "$(remote_selects <<SQL | sort | uniq -c | sed 's/^ *//'
SELECT payload FROM $t WHERE id = \$1 \bind '$id' \g
SELECT payload FROM $t WHERE id = \$1 \parse byid
\bind_named byid '$id' \g
\bind_named byid '$id' \g
SQL
)" "3 $home"
  check "$type: EXPLAIN EXECUTE without ANALYZE cannot show the remote plan (README: Citus sends the parameter untyped)" \
    "$(q -c "PREPARE lookup($type) AS SELECT payload FROM $t WHERE id = \$1" \
         -c "SELECT substring(explain_text('EXECUTE lookup(''$id'')') FROM 'Error: [^\n]*')")" "Error: Could not get remote plan."
  check "$type: the prepared lookup returns the row" \
    "$(q -c "PREPARE lookup($type) AS SELECT payload FROM $t WHERE id = \$1" -c "EXECUTE lookup('$id')")" "$payload"
  ids=$(q -c "SELECT string_agg(quote_literal(id::text), ', ') FROM (SELECT id FROM $p ORDER BY payload LIMIT 2 OFFSET 40) s")
  check "$type: id IN (two IDs) is at most two tasks, on the IDs' shards" \
    "$(remote_selects <<<"SELECT payload FROM $t WHERE id IN ($ids);" | sort)" \
    "$(for i in ${ids//,/ }; do home_of "$t" "${i//\'/}" "$type"; done | sort -u)"

  # 3. joins on the ID
  q >/dev/null <<SQL
CREATE TABLE c_$type (ref $type NOT NULL, k integer NOT NULL);
SELECT create_distributed_table('c_$type', 'ref', colocate_with => '$t');
INSERT INTO c_$type SELECT id, k FROM $p, generate_series(1, 2) k WHERE payload % 3 = 0;
CREATE TABLE pc_$type AS SELECT * FROM c_$type;
CREATE TABLE r_$type (k integer PRIMARY KEY, ref $type NOT NULL);
SELECT create_distributed_table('r_$type', 'k');
INSERT INTO r_$type SELECT payload, id FROM $p WHERE payload % 5 = 0;
CREATE TABLE pr_$type AS SELECT * FROM r_$type;
SQL
  check "$type: a table distributed by a $type column is co-located with $t by default" \
    "$(q -c "CREATE TABLE d_$type (ref $type)" -c "SELECT create_distributed_table('d_$type', 'ref')" >/dev/null
       q -c "SELECT count(DISTINCT colocationid) FROM pg_dist_partition WHERE logicalrelid IN ('$t'::regclass, 'c_$type'::regclass, 'd_$type'::regclass)")" 1
  join="SELECT count(*), sum(t.payload + c.k) FROM %s t JOIN %s c ON c.ref = t.id"
  check "$type: a co-located join on the ID gives the plain tables' result" \
    "$(q -c "$(printf "$join" "$t" "c_$type")")" "$(q -c "$(printf "$join" "$p" "pc_$type")")"
  check "$type: the co-located join runs shard by shard (one task per shard, no repartition)" \
    "$(q -c "SELECT substring(e FROM 'Task Count: [0-9]+') || CASE WHEN e ~ 'MapMergeJob' THEN ' repartitioned' ELSE '' END
             FROM explain_text(\$\$$(printf "$join" "$t" "c_$type")\$\$) e")" "Task Count: 8"
  check "$type: a co-located join for one ID is one task" \
    "$(remote_selects <<<"$(printf "$join" "$t" "c_$type") WHERE t.id = '$id';" | cut -d' ' -f1)" "${home%% *}"
  check "$type: a join that repartitions by the ID (hashed on the workers) gives the plain tables' result" \
    "$(q -c "SET citus.enable_repartition_joins = on" -c "$(printf "SELECT count(*), sum(t.payload + r.k) FROM %s t JOIN %s r ON r.ref = t.id" "$t" "r_$type")")" \
    "$(q -c "$(printf "SELECT count(*), sum(t.payload + r.k) FROM %s t JOIN %s r ON r.ref = t.id" "$p" "pr_$type")")"

  # 4. DEFAULT IDs made through the coordinator: 2 pgbench sessions, each
  # inserting one row and a batch of 20; nextval in the same row orders each
  # session's IDs by the moment they were made
  g=g_$type
  q -c "CREATE TABLE $g (id $type NOT NULL DEFAULT $gen, pid integer NOT NULL, n bigint NOT NULL, PRIMARY KEY (id))" \
    -c "SELECT create_distributed_table('$g', 'id')" >/dev/null
  script=$CITUS_DIR/default-$type.sql
  cat >"$script" <<SQL
INSERT INTO $g (pid, n) VALUES (pg_backend_pid(), nextval('gen_order'));
INSERT INTO $g (pid, n) SELECT pg_backend_pid(), nextval('gen_order') FROM generate_series(1, 20);
SQL
  # One connection per worker for the multi-shard INSERT: else Citus opens
  # (and TLS-handshakes) new ones in every transaction, 40 times slower.
  if ! PGOPTIONS="$PGOPTIONS -c citus.max_adaptive_executor_pool_size=1" \
       pgbench -n -c 2 -j 2 -t 100 -f "$script" "$db" >"$CITUS_DIR/pgbench.log" 2>&1; then
    cat "$CITUS_DIR/pgbench.log"
  fi
  # and COPY, its DEFAULTs evaluated on the coordinator in row order
  seq 1 500 | sed 's/$/\t-1/' | q -c "\\copy $g (n, pid) FROM pstdin"
  order="id <= lag(id) OVER w"
  [ "$monotonic" = time ] && order="comb_timestamp(id) < lag(comb_timestamp(id)) OVER w"
  check "$type: DEFAULT IDs through the coordinator: all made, unique, 2 pgbench sessions + COPY, none out of session order" \
    "$(q -c "SELECT count(*) || ' rows, ' || count(DISTINCT id) || ' distinct, ' || count(DISTINCT pid) || ' sessions, '
                    || count(*) FILTER (WHERE back) || ' out of order'
             FROM (SELECT id, pid, $order AS back FROM $g WINDOW w AS (PARTITION BY pid ORDER BY n)) s")" \
    "4700 rows, 4700 distinct, 3 sessions, 0 out of order"

  # 5. extraction and range filters, on the workers
  ext="SELECT $extract, count(*), sum(payload) FROM %s WHERE id >= $bound GROUP BY $groupby ORDER BY $groupby"
  e=$(q -c "SELECT explain_text(\$\$$(printf "$ext" "$t")\$\$, 'VERBOSE, COSTS OFF')" | grep 'Query:' | head -1)
  fn=${filter%%(*}
  check "$type: extraction and the range filter are in the query the workers run" \
    "$(grep -c "public\.$fn(id).*WHERE (id OPERATOR(public\.>=) '[^']*'::public\.$type)" <<<"$e")" 1
  check "$type: extraction grouped under a range filter gives the plain table's result" \
    "$(q -c "$(printf "$ext" "$t")" | md5sum)" "$(q -c "$(printf "$ext" "$p")" | md5sum)"
  flt="SELECT count(*), sum(payload) FROM %s WHERE $filter"
  check "$type: a filter on extracted values is in the query the workers run" \
    "$(q -c "SELECT explain_text(\$\$$(printf "$flt" "$t")\$\$, 'VERBOSE, COSTS OFF')" | grep 'Query:' | head -1 | grep -c "WHERE .*public\.${filter%%(*}(id)")" 1
  check "$type: that filter gives the plain table's result" \
    "$(q -c "$(printf "$flt" "$t")")" "$(q -c "$(printf "$flt" "$p")")"
  check "$type: the filters select something and not everything" \
    "$(q -c "SELECT count(*) FILTER (WHERE id >= $bound) BETWEEN 1 AND $rows - 1 AND count(*) FILTER (WHERE $filter) BETWEEN 1 AND $rows - 1 FROM $p")" t

  # 6. distributed, then partitioned by time
  tp=tp_$type
  q -c "CREATE TABLE $tp (id $type NOT NULL DEFAULT $gen, payload integer, PRIMARY KEY (id)) PARTITION BY RANGE (id)" \
    -c "SELECT create_distributed_table('$tp', 'id')" >/dev/null
  made=$(q -c "SELECT count(*) FROM uidx_create_time_partitions('$tp', date_trunc('month', now() - interval '80 days'),
                                                              now() + interval '1 day', '1 month')")
  check "$type: uidx_create_time_partitions on the distributed table makes partitions that are distributed and co-located" \
    "$(q -c "SELECT count(*) || ' ' || count(*) FILTER (WHERE d.colocationid = (SELECT colocationid FROM pg_dist_partition WHERE logicalrelid = '$t'::regclass))
             FROM pg_inherits i LEFT JOIN pg_dist_partition d ON d.logicalrelid = i.inhrelid WHERE i.inhparent = '$tp'::regclass")" "$made $made"
  check "$type: running it again makes nothing; one month more makes one partition" \
    "$(q -c "SELECT count(*) FROM uidx_create_time_partitions('$tp', date_trunc('month', now() - interval '80 days'), now() + interval '1 day', '1 month')") $(
       q -c "SELECT count(*) FROM uidx_create_time_partitions('$tp', date_trunc('month', now() - interval '80 days'),
                                                            date_trunc('month', now() + interval '1 day') + interval '1 month 1 second', '1 month')")" \
    "0 1"
  q -c "INSERT INTO $tp SELECT * FROM $p" -c "INSERT INTO $tp (payload) VALUES (-1)"
  check "$type: rows are in the partition of their time (counts per partition as the bounds say on the plain table)" \
    "$(q -c "SELECT string_agg(count_rows(c.oid, 'payload > 0')::text, ' ' ORDER BY c.relname)
             FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = '$tp'::regclass")" \
    "$(q -c "SELECT string_agg(n::text, ' ' ORDER BY part) FROM (
               SELECT c.relname AS part, (SELECT count(*) FROM $p WHERE id >= b.lo AND id < b.hi) AS n
                 FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid,
                      LATERAL (SELECT regexp_match(pg_get_expr(c.relpartbound, c.oid), 'FROM \(''([^'']*)''\) TO \(''([^'']*)''\)') AS m) x,
                      LATERAL (SELECT x.m[1]::$type AS lo, x.m[2]::$type AS hi) b
                WHERE i.inhparent = '$tp'::regclass) s")"
  parts=$(q -c "SELECT count(*) FROM pg_inherits WHERE inhparent = '$tp'::regclass")
  scanned=$(q -c "SELECT explain_text(\$\$SELECT count(*) FROM $tp WHERE id >= $bound\$\$, 'VERBOSE, COSTS OFF')" \
            | grep -o "on public\.${tp}_p[0-9]*" | sort -u | wc -l)
  check "$type: the workers prune the partitions before the range filter's lower bound" \
    "$([ "$scanned" -ge 1 ] && [ "$scanned" -lt "$parts" ] && echo pruned)" pruned
  # the natural time filter (docs/partitioning.md "Time filters that prune partitions"):
  # rewritten on the coordinator, its pruning conditions reach the workers,
  # which prune their shards' partitions as for the id range
  tsfn=${type}_timestamp
  nscanned=$(q -c "SELECT explain_text(\$\$SELECT count(*) FROM $tp WHERE $tsfn(id) >= $mid\$\$, 'VERBOSE, COSTS OFF')" \
             | grep -o "on public\.${tp}_p[0-9]*" | sort -u | wc -l)
  check "$type: the workers prune the partitions before $tsfn(id) >= … as before the id range" "$nscanned" "$scanned"
  check "$type: that time filter on the partitioned table gives the plain table's result" \
    "$(q -c "SELECT count(*) FROM $tp WHERE $tsfn(id) >= $mid AND payload > 0")" "$(q -c "SELECT count(*) FROM $p WHERE $tsfn(id) >= $mid")"
  # the differential check of test/t/time-filter-differential.pl on this
  # shape: each filter on the distributed, partitioned table (rewritten on the
  # coordinator and on the workers) against the same filter on the plain
  # local table with the rewrite off, instants at and beyond the layout's
  # limits and timestamptz's, date, timestamp and untyped constants, in three
  # time zones; an error only with the rewrite counts as a difference
  ndiff=0; nfilters=0
  for tz in UTC America/St_Johns Asia/Kathmandu; do
    for k in "$mid" "date '2026-01-01'" "timestamp '2026-01-01 12:00'" "'2026-01-01 00:00:00.0005'" \
             "'-infinity'::timestamptz" "'infinity'::timestamptz" "date '300000-01-01'" \
             "timestamp '294276-12-31 23:00'" "'1900-01-01 00:00:00+00'::timestamptz" \
             "'1969-12-31 23:59:59.999+00'::timestamptz" "'3015-01-01'::timestamptz" \
             "'10889-08-02 05:31:50.655+00'::timestamptz"; do
      for op in '<' '<=' '=' '>=' '>'; do
        f="$tsfn(id) $op $k"
        on=$(q -c "SET TimeZone = '$tz'" -c "SELECT count(*) FROM $tp WHERE payload > 0 AND $f" 2>&1) || on="ERROR ${on##*ERROR:}"
        off=$(q -c "SET TimeZone = '$tz'" -c "SET uidx.time_filter_rewrite = off" -c "SELECT count(*) FROM $p WHERE $f" 2>&1) || off="ERROR ${off##*ERROR:}"
        nfilters=$((nfilters + 1))
        if [ "$on" != "$off" ]; then
          ndiff=$((ndiff + 1))
          [ $ndiff -gt 5 ] || echo "# $type, TimeZone $tz: $f: distributed $on, plain without the rewrite $off"
        fi
      done
    done
  done
  check "$type: $nfilters time filters on the distributed partitioned table give the plain table's rows without the rewrite, and no error it does not" \
    "$ndiff" 0
  check "$type: a range count on the partitioned table gives the plain table's result" \
    "$(q -c "SELECT count(*) FROM $tp WHERE id >= $bound AND payload > 0")" "$(q -c "SELECT count(*) FROM $p WHERE id >= $bound")"
  check "$type: a lookup by ID in the partitioned table is one task on the ID's worker" \
    "$(remote_selects <<<"SELECT payload FROM $tp WHERE id = '$id';" | cut -d' ' -f1)" "$(home_of "$tp" "$id" "$type" | cut -d' ' -f1)"
done <<<"$types"

# --- DEFAULTs that run on the workers -------------------------------------------
# In an INSERT ... SELECT from a distributed table, Citus computes the
# DEFAULTs in the SELECT it sends to the workers: uidx.country and the
# registry come from there (the README says so).
q >/dev/null <<'SQL'
CREATE TABLE shipments (order_id iuid NOT NULL, id iuid NOT NULL DEFAULT iuid_generate('AyanOrder'), PRIMARY KEY (order_id, id));
SELECT create_distributed_table('shipments', 'order_id', colocate_with => 'orders');
SQL
check "an INSERT ... SELECT from a distributed table: the DEFAULT is in the SELECT sent to each worker shard" \
  "$(remote_log <<<"INSERT INTO shipments (order_id) SELECT id FROM t_iuid;" | grep -c "issuing SELECT .*public\.iuid_generate(")" 8
check "the DEFAULT IDs made on the workers carry the database's country and the registry's code" \
  "$(q -c "SELECT count(*) || ' ' || count(DISTINCT id) || ' ' || string_agg(DISTINCT iuid_country(id) || '/' || iuid_service_entity(id), ',') FROM shipments")" \
  "$rows $rows 42/7"

# --- The regional router: a postgres_fdw foreign table on the coordinator -------
q -c "CREATE DATABASE router" -d postgres
q -d router -c "CREATE EXTENSION uidx" >/dev/null
q -d router -f - <<<"$router" >/dev/null
remote=$(psql -X -qAt -d router -c "EXPLAIN (VERBOSE, COSTS OFF) SELECT amount FROM orders_kz WHERE id = '$readme_id'" | grep 'Remote SQL')
check "router: the ID condition is in the Remote SQL sent to the coordinator" \
  "$(grep -cF "WHERE ((id OPERATOR(public.=) '$readme_id'))" <<<"$remote")" 1
check "router: without extensions 'uidx' the condition stays on the router (README)" \
  "$(q -d router -c "ALTER SERVER region_kz OPTIONS (DROP extensions)" \
       -c "EXPLAIN (VERBOSE, COSTS OFF) SELECT amount FROM orders_kz WHERE id = '$readme_id'" | grep -c 'Remote SQL.*WHERE')" 0
q -d router -c "ALTER SERVER region_kz OPTIONS (ADD extensions 'uidx')"
check "router: a lookup through the foreign table returns the row" \
  "$(q -d router -c "SELECT amount FROM orders_kz WHERE id = '$readme_id'")" "12.50"
check "router: a prepared lookup (generic plan) sends id = \$1" \
  "$(q -d router -c "SET plan_cache_mode = force_generic_plan" -c "PREPARE r(iuid) AS SELECT amount FROM orders_kz WHERE id = \$1" \
       -c "EXPLAIN (VERBOSE, COSTS OFF) EXECUTE r('$readme_id')" | grep -c 'WHERE ((id OPERATOR(public\.=) \$1::public\.iuid))')" 1

# --- A worker added later -------------------------------------------------------
# A second database whose cluster starts with one worker: uidx and a
# distributed table first, then the second worker and a rebalance.
late=orders_late
for sock_port in "$PGHOST $cport" "$w1sock $w1port" "$w2sock $w2port"; do
  read -r s p <<<"$sock_port"
  q -h "$s" -p "$p" -d postgres -c "CREATE DATABASE $late"
  q -h "$s" -p "$p" -d $late -c "CREATE EXTENSION citus"
done
q -d $late -o /dev/null <<SQL
SELECT citus_set_coordinator_host('127.0.0.1', $cport);
SELECT citus_add_node('127.0.0.1', $w1port);
CREATE EXTENSION uidx;
CREATE TABLE late (id iuid PRIMARY KEY DEFAULT iuid_generate(7, 42), payload integer);
SELECT create_distributed_table('late', 'id');
INSERT INTO late (payload) SELECT g FROM generate_series(1, 1000) g;
SELECT citus_add_node('127.0.0.1', $w2port);
SQL
check "a worker added later gets uidx from the coordinator" \
  "$(q -h "$w2sock" -p "$w2port" -d $late -c "SELECT extversion FROM pg_extension WHERE extname = 'uidx'")" "$version"
q -d $late -o /dev/null -c "SELECT citus_rebalance_start(shard_transfer_mode => 'block_writes')" -c "SELECT citus_rebalance_wait()"
check "the rebalance moves shards to it; every row is still found by its ID" \
  "$(q -d $late -c "SELECT count(DISTINCT nodeport) FROM citus_shards WHERE table_name = 'late'::regclass") $(
     q -d $late -c "$helpers" -c "SELECT count(*) || ' ' || lookup_misses('late', 'late') FROM late")" "2 1000 0"

echo "$passed checks passed, $failed failed"
[ "$failed" -eq 0 ]
