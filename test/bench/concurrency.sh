#!/usr/bin/env bash
# The "concurrency" section of `make bench` (test/bench/README.md
# "Concurrency"), run by run.sh inside the bench server (PGHOST, PGPORT set):
# many writers inserting into one table, for each key plain and striped
# (README "Striped tables").
#
# For every transaction size (1 and 100 rows), every client count and every
# case, interleaved in that order (so that a change of the machine's load
# hits all cases of one client count alike): a fresh table
#   bench_conc (id <type> PRIMARY KEY DEFAULT <expr>, payload int)
# (striped: PARTITION BY HASH (id), uidx_create_stripes), a CHECKPOINT, and
# pgbench -M prepared for BENCH_CONC_SECONDS with that many clients, each
# transaction one INSERT of 1 or 100 rows.  Measured: rows/s (pgbench's
# transactions per second without connection time, times the rows per
# transaction), index bytes per row (the primary key's, all stripes), WAL
# bytes per row (insert LSN difference over the run) and the wait events of
# the inserting backends, sampled from pg_stat_activity every 20 ms by a
# session of its own ("CPU" where a backend waits on nothing).  Ratios are to
# gen_random_uuid() at the same client count and transaction size, in the
# same run.  Every run is recorded in bench.conc_results.
#
#   BENCH_CONC_CLIENTS      client counts (default: those of "1 4 16 64" up to
#                           BENCH_CONC_MAX_CLIENTS, plus that maximum itself)
#   BENCH_CONC_MAX_CLIENTS  the cap (default: 4 x the machine's cores)
#   BENCH_CONC_ROWS_PER_TX  transaction sizes                    ("1 100")
#   BENCH_CONC_SECONDS      seconds per run                      (5; quick 2)
#   BENCH_CONC_REPS         repetitions, medians reported        (1)
#   BENCH_CONC_CASES        case keys, KEY or KEY:STRIPES       (see `cases` below)
# The server settings are run.sh's; the bench's transactions commit with
# synchronous_commit = off (set per session here), so that WAL flushes do not
# decide the rates; for figures comparable to a disk-less measurement give
# BENCH_CONF='fsync = off' (and a larger BENCH_SHARED_BUFFERS).
# Run time: about cases x client counts x sizes x reps x (seconds + 1).
set -euo pipefail

cores=$(nproc)
if [ "${BENCH_QUICK:-0}" = 1 ]; then def_secs=2; else def_secs=5; fi
SECS=${BENCH_CONC_SECONDS:-$def_secs}
REPS=${BENCH_CONC_REPS:-1}
MAX_CLIENTS=${BENCH_CONC_MAX_CLIENTS:-$((cores * 4))}
ROWS_PER_TX=${BENCH_CONC_ROWS_PER_TX:-1 100}
for knob in SECS REPS MAX_CLIENTS; do
  [[ ${!knob} =~ ^[1-9][0-9]*$ ]] || { echo "bench: BENCH_CONC_$knob must be a positive integer, not '${!knob}'" >&2; exit 2; }
done
if [ -n "${BENCH_CONC_CLIENTS:-}" ]; then
  CLIENTS=$BENCH_CONC_CLIENTS
else
  CLIENTS=""
  for c in 1 4 16 64; do
    [ "$c" -le "$MAX_CLIENTS" ] && CLIENTS="$CLIENTS $c"
  done
  [[ " $CLIENTS " == *" $MAX_CLIENTS "* ]] || [ "$MAX_CLIENTS" -gt 64 ] || CLIENTS="$CLIENTS $MAX_CLIENTS"
fi
for n in $CLIENTS $ROWS_PER_TX; do
  [[ $n =~ ^[1-9][0-9]*$ ]] || { echo "bench: client counts and transaction sizes must be positive integers, not '$n'" >&2; exit 2; }
done

# key | column type | default | label.  The anchors first; uuidv7() is
# PostgreSQL 18's own there, uidx's before; pg_uuidv7 only where run.sh could
# build it.  KEY:N in BENCH_CONC_CASES is KEY striped into N hash partitions.
cases="v4|uuid|gen_random_uuid()|gen_random_uuid()
bigserial|bigserial||bigserial
uuidv7|uuid|uuidv7()|uuidv7()
pg_uuidv7|uuid|uuid_generate_v7()|pg_uuidv7 uuid_generate_v7()
iuid|iuid|iuid_generate(1, 1)|iuid_generate(1, 1)
distid128|uuid|distid128_generate()|distid128_generate()
comb_prefix|uuid|comb_prefix_generate()|comb_prefix_generate()
comb_sqlserver|comb|comb_sqlserver_generate()|comb_sqlserver_generate()"
WANTED=${BENCH_CONC_CASES:-v4 bigserial uuidv7 pg_uuidv7 iuid distid128 comb_prefix comb_sqlserver v4:16 uuidv7:16 iuid:8 iuid:16 distid128:16}

db=uidx_bench
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
q() { psql -X -q -v ON_ERROR_STOP=1 -d "$db" "$@"; }

q -o /dev/null <<'SQL'
CREATE TABLE IF NOT EXISTS bench.conc_results (
    rows_per_tx integer, clients integer, case_key text, label text, stripes integer, rep integer,
    rows_per_s double precision, index_bytes_per_row double precision,
    wal_bytes_per_row double precision, waits text, at timestamptz DEFAULT clock_timestamp());
CREATE TABLE IF NOT EXISTS bench.conc_skipped (case_key text, why text);
SQL

# the cases this server can run, as "key stripes type default label"
declare -a runnable=()
for want in $WANTED; do
  key=${want%%:*} stripes=1
  [[ $want == *:* ]] && stripes=${want#*:}
  if ! [[ $stripes =~ ^[1-9][0-9]*$ ]]; then
    echo "bench: BENCH_CONC_CASES: '$want' is not KEY or KEY:STRIPES" >&2; exit 2
  fi
  line=$(grep "^$key|" <<<"$cases" || true)
  if [ -z "$line" ]; then
    echo "bench: BENCH_CONC_CASES: unknown case '$key' (known: $(cut -d'|' -f1 <<<"$cases" | tr '\n' ' '))" >&2; exit 2
  fi
  IFS='|' read -r _ type expr label <<<"$line"
  why=""
  if [ "$key" = pg_uuidv7 ]; then
    q -c 'CREATE EXTENSION IF NOT EXISTS pg_uuidv7' 2>/dev/null || why="pg_uuidv7 is not installed here"
  elif [ -n "$expr" ]; then
    fn=${expr%%(*}
    [ "$(q -At -c "SELECT count(*) FROM pg_proc WHERE proname = '$fn'")" != 0 ] || why="$fn() does not exist on this server"
  fi
  if [ "$key" = uuidv7 ] && [ -z "$why" ]; then
    if [ "$(q -At -c 'SHOW server_version_num')" -ge 180000 ]; then label="uuidv7() (core)"; else label="uuidv7() (uidx's)"; fi
  fi
  [ "$stripes" -gt 1 ] && label="$label, $stripes stripes"
  if [ -n "$why" ]; then
    q -v k="$want" -v why="$why" <<<"INSERT INTO bench.conc_skipped VALUES (:'k', :'why');"
    continue
  fi
  runnable+=("$key|$stripes|$type|$expr|$label")
done

echo
echo "--- concurrency (pgbench -M prepared, clients:$CLIENTS; rows per transaction: $ROWS_PER_TX; $SECS s per run x $REPS; $cores cores)"

printf 'INSERT INTO bench_conc (payload) VALUES (1);\n' >"$work/tx1.sql"
make_script() {  # rows -> script file
  local f="$work/tx$1.sql"
  [ -f "$f" ] || printf 'INSERT INTO bench_conc (payload) SELECT 1 FROM generate_series(1, %s);\n' "$1" >"$f"
  echo "$f"
}

# The wait-event sampler: one session, samples kept in a temporary table
# (no WAL), the counts printed at the end as "event count" lines.
sample_waits() {  # seconds -> output file
  q -At -F ' ' -v secs="$1" -o "$2" <<'SQL'
SET bench.secs = :'secs';
CREATE TEMP TABLE waits (w text);
DO $$
DECLARE
    stop timestamptz := clock_timestamp() + make_interval(secs => current_setting('bench.secs')::float8);
BEGIN
    WHILE clock_timestamp() < stop LOOP
        PERFORM pg_stat_clear_snapshot();
        INSERT INTO waits
        SELECT coalesce(wait_event_type || ':' || wait_event, 'CPU')
          FROM pg_stat_activity
         WHERE datname = current_database() AND backend_type = 'client backend'
           AND state = 'active' AND pid <> pg_backend_pid() AND query LIKE 'INSERT INTO bench_conc %';
        PERFORM pg_sleep(0.02);
    END LOOP;
END
$$;
SELECT w, count(*) FROM waits GROUP BY w ORDER BY count(*) DESC, w LIMIT 5;
SQL
}

for rep in $(seq 1 "$REPS"); do
  for rows in $ROWS_PER_TX; do
    script=$(make_script "$rows")
    for clients in $CLIENTS; do
      threads=$(( clients < cores ? clients : cores ))
      for entry in "${runnable[@]}"; do
        IFS='|' read -r key stripes type expr label <<<"$entry"
        {
          echo 'DROP TABLE IF EXISTS bench_conc;'
          printf 'CREATE TABLE bench_conc (id %s PRIMARY KEY %s, payload int)' "$type" "${expr:+DEFAULT $expr}"
          if [ "$stripes" -gt 1 ]; then
            echo ' PARTITION BY HASH (id);'
            echo "SELECT count(*) FROM uidx_create_stripes('bench_conc', $stripes);"
          else
            echo ';'
          fi
          echo 'CHECKPOINT;'
        } >"$work/create.sql"
        if ! q -o /dev/null -f "$work/create.sql" 2>"$work/err"; then
          echo "bench: concurrency case $key:$stripes failed: $(head -c 300 "$work/err")"
          continue
        fi
        lsn0=$(q -At -c 'SELECT pg_current_wal_insert_lsn()')
        sample_waits "$SECS" "$work/waits" &
        sampler=$!
        if ! out=$(PGOPTIONS="-c synchronous_commit=off" pgbench -n -M prepared -c "$clients" -j "$threads" \
                     -T "$SECS" -f "$script" "$db" 2>&1); then
          wait "$sampler" || true
          echo "bench: concurrency case $key:$stripes, $clients clients failed: $(tail -n 3 <<<"$out" | head -c 300)"
          continue
        fi
        lsn1=$(q -At -c 'SELECT pg_current_wal_insert_lsn()')
        wait "$sampler" || true
        tps=$(sed -n 's/^tps = \([0-9.]*\) (without initial connection time)$/\1/p' <<<"$out")
        [ -n "$tps" ] || tps=$(sed -n 's/^tps = \([0-9.]*\) .*/\1/p' <<<"$out" | tail -n 1)
        waits=$(awk '{ printf "%s%s %s", (NR > 1 ? ", " : ""), $1, $2 }' "$work/waits" 2>/dev/null || true)
        line=$(q -At -v rows="$rows" -v clients="$clients" -v key="$key" -v label="$label" -v stripes="$stripes" \
                 -v rep="$rep" -v tps="$tps" -v lsn0="$lsn0" -v lsn1="$lsn1" -v waits="$waits" <<'SQL'
WITH sizes AS (
    SELECT (SELECT count(*) FROM bench_conc) AS n,
           (SELECT coalesce(sum(pg_relation_size(i.indexrelid)), 0)
              FROM (SELECT relid FROM pg_partition_tree('bench_conc') UNION SELECT 'bench_conc'::regclass) t
              JOIN pg_index i ON i.indrelid = t.relid) AS index_bytes)
INSERT INTO bench.conc_results (rows_per_tx, clients, case_key, label, stripes, rep, rows_per_s,
                                index_bytes_per_row, wal_bytes_per_row, waits)
SELECT :rows, :clients, :'key', :'label', :stripes, :rep, :tps::float8 * :rows,
       index_bytes::float8 / nullif(n, 0), (:'lsn1'::pg_lsn - :'lsn0'::pg_lsn)::float8 / nullif(n, 0), :'waits'
  FROM sizes
RETURNING format('%s rows/tx, %s clients: %s: %s rows/s, index %s B/row, WAL %s B/row; waits %s',
                 rows_per_tx, clients, label, round(rows_per_s), round(index_bytes_per_row::numeric, 1),
                 round(wal_bytes_per_row::numeric, 1), waits);
SQL
        )
        echo "rep $rep/$REPS: $line"
      done
    done
  done
done
q -c 'DROP TABLE IF EXISTS bench_conc'

# --- Report: medians over the repetitions, ratios to v4 at the same load -----
q <<'SQL'
\pset footer off
SELECT 'not run: ' || case_key || ': ' || why AS skipped FROM bench.conc_skipped ORDER BY case_key;
CREATE TEMP VIEW conc AS
SELECT rows_per_tx, clients, case_key, stripes, min(label) AS label, min(at) AS first_at,
       percentile_cont(0.5) WITHIN GROUP (ORDER BY rows_per_s) AS rows_per_s,
       percentile_cont(0.5) WITHIN GROUP (ORDER BY index_bytes_per_row) AS index_bpr,
       percentile_cont(0.5) WITHIN GROUP (ORDER BY wal_bytes_per_row) AS wal_bpr,
       (array_agg(waits ORDER BY rep DESC))[1] AS waits
  FROM bench.conc_results GROUP BY rows_per_tx, clients, case_key, stripes;
\echo
\echo concurrency: rows/s, x gen_random_uuid() at the same clients and transaction size (same run),
\echo primary key index bytes/row, WAL bytes/row, the top wait events of the inserting backends
\echo (samples of pg_stat_activity; the last repetition)
SELECT c.rows_per_tx AS "rows/tx", c.clients, c.label AS key, round(c.rows_per_s) AS "rows/s",
       round((c.rows_per_s / nullif(v.rows_per_s, 0))::numeric, 2) AS "x v4",
       round(c.index_bpr::numeric, 1) AS "index B/row", round(c.wal_bpr::numeric, 1) AS "WAL B/row",
       c.waits AS "top waits (samples)"
  FROM conc c
  LEFT JOIN conc v ON v.case_key = 'v4' AND v.stripes = 1 AND v.rows_per_tx = c.rows_per_tx AND v.clients = c.clients
 ORDER BY c.rows_per_tx, c.clients, c.first_at;
\echo
\echo concurrency, summary: x gen_random_uuid() rows/s per client count (rows per transaction), and
\echo index bytes/row at the most clients against the same key with 1 client
SELECT c.label AS key,
       string_agg(format('%s: %s', c.clients || 'c/' || c.rows_per_tx,
                         round((c.rows_per_s / nullif(v.rows_per_s, 0))::numeric, 2)), ', '
                  ORDER BY c.rows_per_tx, c.clients) AS "x v4 (clients/rows per tx)",
       (SELECT format('%s vs %s (%s x)', round(hi.index_bpr::numeric, 1), round(lo.index_bpr::numeric, 1),
                      round((hi.index_bpr / nullif(lo.index_bpr, 0))::numeric, 2))
          FROM conc hi, conc lo
         WHERE hi.case_key = c.case_key AND hi.stripes = c.stripes AND lo.case_key = c.case_key
           AND lo.stripes = c.stripes AND hi.rows_per_tx = lo.rows_per_tx
           AND hi.clients = (SELECT max(clients) FROM conc) AND lo.clients = (SELECT min(clients) FROM conc)
         ORDER BY hi.rows_per_tx DESC LIMIT 1) AS "index B/row: most clients vs 1"
  FROM conc c
  LEFT JOIN conc v ON v.case_key = 'v4' AND v.stripes = 1 AND v.rows_per_tx = c.rows_per_tx AND v.clients = c.clients
 GROUP BY c.case_key, c.stripes, c.label
 ORDER BY min(c.first_at);
SQL
