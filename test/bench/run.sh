#!/usr/bin/env bash
# `make bench`: the uidx benchmark.  Starts its own sandbox server with this
# tree installed, measures generation, inserts and sorts of every case in
# test/bench/cases.sql that the installed extension supports, and prints
# ratios measured in this one run (see test/bench/README.md for the method).
# Everything printed, plus every single measurement, is kept in
# test/bench/results/<UTC timestamp>.txt.
#
# Exits 0 whenever the harness itself worked, whatever the figures: a
# benchmark is not a test.  A case that fails is reported and skipped.
#
#   BENCH_QUICK=1        smoke run of about two minutes (small sizes, few reps)
#   BENCH_GEN_N          IDs per generation query           (1000000; quick 100000)
#   BENCH_ROWS           rows per insert run                (5000000; quick 200000)
#   BENCH_BATCH          rows per INSERT statement          (10000)
#   BENCH_SORT_N         values per sort                    (1000000; quick 100000)
#   BENCH_REPS           repetitions of every section, or per section:
#   BENCH_GEN_REPS (5; quick 3)  BENCH_INSERT_REPS (3; quick 2)  BENCH_SORT_REPS (5; quick 3)
#   BENCH_SECTIONS       which sections to run              ("gen insert sort age regions citus managed";
#                        managed: uidx_sql, the SQL edition, installed into the
#                        bench database; its generators join gen and insert,
#                        test/bench/managed-report.sql compares them;
#                        age: index size against table age of the short COMBs;
#                        growth, run only when named: the keys as the table grows,
#                        written as CSV and gnuplot PNGs next to the results file;
#                        citus: lookups through a Citus coordinator, test/bench/citus.sh,
#                        on a cluster of its own, reported as not run without Citus)
#   BENCH_REGION_ROWS, BENCH_REGION_SECONDS, BENCH_REGION_REPS
#                        the regions section (test/bench/regions.sh): rows per
#                        region (100000; quick 20000), seconds per pgbench run
#                        (20; quick 5), repetitions (3; quick 2)
#   BENCH_GROWTH_ROWS    rows of the growth section's tables   (30000000; quick 1000000)
#   BENCH_GROWTH_STEPS   steps (sizes sqrt(2) apart) up to them (12; quick 6)
#   BENCH_GROWTH_LOOKUPS point lookups after each step         (10000)
#   BENCH_GROWTH_CASES   its keys (case keys of cases.sql)     ("seq v4 pg_uuidv7 uuidv7 iuid
#                        comb comb_short_prefix distid128 bigserial")
#   BENCH_SHARED_BUFFERS shared_buffers of the bench server    (128MB, the sandbox's)
#   BENCH_SECTIONS may also name concurrency (not run by default): pgbench
#                        writers at 1, 4, 16, 64 clients (up to 4 x the cores),
#                        plain and striped keys (test/bench/concurrency.sh, its
#                        knobs BENCH_CONC_* are described there)
#   BENCH_SECTIONS may also name instructions (not run by default): uidx_sql's
#                        generators in CPU instructions per ID under valgrind,
#                        which do not move from run to run as timings do
#                        (test/bench/instructions.sh; BENCH_IR_N)
#   BENCH_SECTIONS may also name timefilter (not run by default): a one-day
#                        time filter on 36 monthly partitions, natural form
#                        against the id range and the rewrite off
#                        (test/bench/time-filter.sh; BENCH_TF_ROWS 10000000,
#                        quick 1000000; BENCH_TF_QUERIES, BENCH_TF_REPS; BENCH_TF_PLANS
#                        plans per case of its planning part, 1000)
#   BENCH_CASES          only these case keys (v4 and seq always run: the ratios need them)
#   BENCH_WORK_MEM       work_mem of generation and sort sessions (256MB)
#   BENCH_TEMP_BUFFERS   temp_buffers of the sort session      (2GB)
#   BENCH_PG_UUIDV7_SRC  pg_uuidv7's source, built when Debian's package cannot
#                        be fetched (test/bench/pg_uuidv7.sh)
#   BENCH_EXTRA_SQL      a file run after cases.sql: more bench.add_case() calls
#                        (or objects they need), e.g. to try out a generator
#   BENCH_CONF           extra postgresql.conf lines for the bench server
#   BENCH_SANDBOX_DIR, BENCH_PORT   where the bench server lives (the port, also
#                        on 127.0.0.1 for the regions section: a free one by default)
set -euo pipefail

top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top"
here=test/bench

if [ -z "${IN_BENCH_SANDBOX:-}" ]; then
  mkdir -p "$here/results"
  out="$here/results/$(date -u +%Y%m%dT%H%M%SZ).txt"
  # The server settings the method relies on: nothing but the measured
  # statements may write WAL or take CPU (autovacuum), no JIT compile time
  # inside timings, one process per query.  shared_buffers is the sandbox's
  # 128MB unless BENCH_SHARED_BUFFERS says otherwise (the growth section
  # wants an index several times larger than it).
  conf="autovacuum = off
shared_buffers = '${BENCH_SHARED_BUFFERS:-128MB}'
jit = off
max_parallel_workers_per_gather = 0
uidx.public_id_key_file = 'bench_public_id.key'
listen_addresses = '127.0.0.1'
${BENCH_CONF:-}"
  # the regions section's routers reach their regions over loopback TCP
  port=${BENCH_PORT:-$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')}
  # without BENCH_SANDBOX_DIR the sandbox is private and removed afterwards
  # (its server log is kept when the harness fails)
  sandbox_env=()
  [ -n "${BENCH_SANDBOX_DIR:-}" ] && sandbox_env=(SANDBOX_DIR="$BENCH_SANDBOX_DIR")
  sections=${BENCH_SECTIONS:-gen insert sort age regions citus managed}
  # the server's own pg_config: inside the sandbox PATH leads to a copy whose
  # paths point into the private prefix
  BENCH_PG_CONFIG=$(command -v "${PG_CONFIG:-pg_config}")
  export BENCH_PG_CONFIG
  set +e
  env "${sandbox_env[@]}" IN_BENCH_SANDBOX=1 BENCH_RESULTS_FILE="$top/$out" \
    SANDBOX_PORT=$port SANDBOX_CONF="$conf" BENCH_SECTIONS="$sections" \
    bash test/scripts/sandbox.sh run bash "$0" "$@" 2>&1 | tee "$out"
  status=${PIPESTATUS[0]}
  # the Citus section needs a cluster, not this server: it runs after it
  if [ "$status" -eq 0 ] && [[ " $sections " == *" citus "* ]]; then
    bash "$here/citus.sh" 2>&1 | tee -a "$out"
    status=${PIPESTATUS[0]}
  fi
  # so does the instructions section: single-user backends under valgrind
  if [ "$status" -eq 0 ] && [[ " $sections " == *" instructions "* ]]; then
    PG_CONFIG=$BENCH_PG_CONFIG bash "$here/instructions.sh" 2>&1 | tee -a "$out"
    status=${PIPESTATUS[0]}
  fi
  set -e
  if [ -f "$out.raw" ]; then
    cat "$out.raw" >>"$out"
    rm -f "$out.raw"
  fi
  # the server is stopped by now; its data (a gigabyte of WAL) is of no use,
  # the log in a BENCH_SANDBOX_DIR may be
  [ -z "${BENCH_SANDBOX_DIR:-}" ] || rm -rf "$BENCH_SANDBOX_DIR/data"
  echo "bench: results in $out"
  [ "$status" -eq 0 ] || echo "bench: the harness failed (exit $status)" >&2
  exit "$status"
fi

# ---------------------------------------------------------------------------
# Inside the sandbox (PGHOST etc. set by sandbox.sh)
# ---------------------------------------------------------------------------
if [ "${BENCH_QUICK:-0}" = 1 ]; then
  def_gen_n=100000 def_rows=200000 def_sort_n=100000
  def_gen_reps=3 def_insert_reps=2 def_sort_reps=3
  def_growth_rows=1000000 def_growth_steps=6
else
  def_gen_n=1000000 def_rows=5000000 def_sort_n=1000000
  def_gen_reps=5 def_insert_reps=3 def_sort_reps=5
  def_growth_rows=30000000 def_growth_steps=12
fi
GEN_N=${BENCH_GEN_N:-$def_gen_n}
ROWS=${BENCH_ROWS:-$def_rows}
BATCH=${BENCH_BATCH:-10000}
SORT_N=${BENCH_SORT_N:-$def_sort_n}
GEN_REPS=${BENCH_GEN_REPS:-${BENCH_REPS:-$def_gen_reps}}
INSERT_REPS=${BENCH_INSERT_REPS:-${BENCH_REPS:-$def_insert_reps}}
SORT_REPS=${BENCH_SORT_REPS:-${BENCH_REPS:-$def_sort_reps}}
SECTIONS=${BENCH_SECTIONS:-gen insert sort age regions citus managed}
WORK_MEM=${BENCH_WORK_MEM:-256MB}
TEMP_BUFFERS=${BENCH_TEMP_BUFFERS:-2GB}
GROWTH_ROWS=${BENCH_GROWTH_ROWS:-$def_growth_rows}
GROWTH_STEPS=${BENCH_GROWTH_STEPS:-$def_growth_steps}
GROWTH_LOOKUPS=${BENCH_GROWTH_LOOKUPS:-10000}
GROWTH_CASES=${BENCH_GROWTH_CASES:-seq v4 pg_uuidv7 uuidv7 iuid comb comb_short_prefix distid128 bigserial}

for knob in GEN_N ROWS BATCH SORT_N GEN_REPS INSERT_REPS SORT_REPS GROWTH_ROWS GROWTH_STEPS; do
  if ! [[ ${!knob} =~ ^[1-9][0-9]*$ ]]; then
    echo "bench: BENCH_$knob must be a positive integer, not '${!knob}'" >&2
    exit 2
  fi
done
if ! [[ $GROWTH_LOOKUPS =~ ^[0-9]+$ ]]; then
  echo "bench: BENCH_GROWTH_LOOKUPS must be a non-negative integer, not '$GROWTH_LOOKUPS'" >&2
  exit 2
fi
for section in $SECTIONS; do
  case $section in gen|insert|sort|age|regions|citus|growth|managed|timefilter|concurrency|instructions) ;; *) echo "bench: unknown section '$section' in BENCH_SECTIONS" >&2; exit 2 ;; esac
done
runs_section() { [[ " $SECTIONS " == *" $1 "* ]]; }

db=uidx_bench
run_psql() { psql -X -q -v ON_ERROR_STOP=1 -d "$db" "$@"; }
errfile=$(mktemp)
trap 'rm -f "$errfile"' EXIT

# Records a failed measurement; the message is the psql error output.
note_error() {  # section case rep message-file
  run_psql -v section="$1" -v key="$2" -v rep="$3" -v msg="$(tr -s '\n' ' ' <"$4")" -o /dev/null <<'SQL'
SELECT bench.note_error(:'section', :'key', NULLIF(:'rep', '')::integer, :'msg');
SQL
  echo
  echo "bench: $1 case $2 failed: $(head -c 500 "$4")"
}

started=$(date +%s)
# the anchor users would pick instead: pg_uuidv7, into this server's prefix only
if anchor=$(bash "$here/pg_uuidv7.sh" "$BENCH_PG_CONFIG" "$SANDBOX_DIR/root" 2>&1); then
  anchor_ok=1
else
  anchor_ok=0
fi
psql -X -q -v ON_ERROR_STOP=1 -d postgres -c "CREATE DATABASE $db"
run_psql -o /dev/null -c 'CREATE EXTENSION uidx' \
    -f "$here/harness.sql" -f "$here/growth.sql" -f "$here/iuid_plpgsql.sql" -f "$here/cases.sql"
# the SQL edition, from the psql script src/sql/managed/build.sh makes
if runs_section managed; then
  managed_dir=$(mktemp -d)
  bash src/sql/managed/build.sh "$managed_dir" managed-bench
  # pgcrypto first: uidx_sql makes its public-id functions only where it is
  run_psql -o /dev/null -c 'CREATE EXTENSION IF NOT EXISTS pgcrypto' \
      -v schema=uidx_sql -f "$managed_dir/uidx_sql.psql.sql" -f "$here/managed.sql"
  rm -rf "$managed_dir"
fi
if [ -n "${BENCH_EXTRA_SQL:-}" ]; then
  run_psql -o /dev/null -f "$BENCH_EXTRA_SQL"
fi
if [ -n "${BENCH_CASES:-}" ]; then
  run_psql -v wanted="$BENCH_CASES" <<'SQL'
UPDATE bench.cases SET skip_reason = 'not in BENCH_CASES'
 WHERE key NOT IN ('v4', 'seq')
   AND key <> ALL (regexp_split_to_array(btrim(:'wanted'), '[\s,]+'));
SQL
fi
if [ "$anchor_ok" = 0 ]; then
  run_psql -v why="$anchor" -o /dev/null <<'SQL'
UPDATE bench.cases SET skip_reason = :'why' WHERE key = 'pg_uuidv7';
SQL
fi
run_psql -o /dev/null -c "SELECT bench.prepare_cases($ROWS)" -c "SELECT bench.prepare_ages()"

echo "=== uidx benchmark, $(date -u '+%Y-%m-%d %H:%M:%S UTC')"
echo "tree:     $(git -C "$top" describe --always --dirty 2>/dev/null || echo '?') ($top)"
echo "machine:  $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | sed 's/.*: //'), load average $(cut -d' ' -f1-3 /proc/loadavg)"
run_psql -At <<SQL
SELECT 'server:   ' || version();
SELECT 'settings: ' || string_agg(name || '=' || current_setting(name), ' ' ORDER BY name)
  FROM pg_settings
 WHERE name IN ('shared_buffers', 'max_wal_size', 'checkpoint_timeout', 'fsync', 'full_page_writes',
                'wal_compression', 'wal_level', 'autovacuum', 'jit', 'max_parallel_workers_per_gather');
SQL
echo "sizes:    generation N=$GEN_N x $GEN_REPS reps; inserts $ROWS rows in batches of $BATCH x $INSERT_REPS reps; sort N=$SORT_N x $SORT_REPS reps"
runs_section growth && echo "          growth: $GROWTH_ROWS rows in $GROWTH_STEPS steps, batches of $BATCH, $GROWTH_LOOKUPS lookups after each step"
echo "          generation and sort sessions: work_mem=$WORK_MEM (no spill of generate_series or the sort), temp_buffers=$TEMP_BUFFERS"
echo "cases:    $(run_psql -At -c "SELECT string_agg(key, ' ' ORDER BY ord) FROM bench.runnable")"
echo "skipped:  $(run_psql -At -c "SELECT coalesce(string_agg(key, ' ' ORDER BY ord), 'none') FROM bench.cases WHERE skip_reason IS NOT NULL")"
echo "anchor:   $anchor"

declare -A broken=()

# --- Generation: every query in a fresh session; cases interleaved per rep --
if runs_section gen; then
  echo
  echo "--- generation (ms per query)"
  run_psql -o /dev/null -c "SELECT bench.make_gen_plan($GEN_N)"
  mapfile -t plan < <(run_psql -At -F ' ' -c "SELECT id, case_key FROM bench.gen_plan ORDER BY id")
  for rep in $(seq 1 "$GEN_REPS"); do
    printf 'rep %s/%s:' "$rep" "$GEN_REPS"
    for entry in "${plan[@]}"; do
      id=${entry%% *} key=${entry#* }
      [ -n "${broken[gen:$id]:-}" ] && continue
      if ms=$(PGOPTIONS="-c work_mem=$WORK_MEM" run_psql -At \
                -c "SELECT round(bench.measure_gen($id, $rep)::numeric, 1)" 2>"$errfile"); then
        printf ' %s %s' "$key" "$ms"
      else
        broken[gen:$id]=1
        note_error gen "$key" "$rep" "$errfile"
      fi
    done
    echo
  done
fi

# --- Inserts: every run in a fresh session, after CHECKPOINT ---------------
if runs_section insert; then
  echo
  echo "--- inserts ($ROWS rows, batches of $BATCH)"
  mapfile -t insert_keys < <(run_psql -At -c "SELECT key FROM bench.runnable WHERE insert_type IS NOT NULL ORDER BY ord")
  for rep in $(seq 1 "$INSERT_REPS"); do
    for key in "${insert_keys[@]}"; do
      [ -n "${broken[insert:$key]:-}" ] && continue
      if summary=$(run_psql -At -v key="$key" -v rep="$rep" -v rows="$ROWS" -v batch="$BATCH" \
                     2>"$errfile" <<'SQL'
\o /dev/null
SELECT bench.create_insert_table(:'key');
CHECKPOINT;
CALL bench.insert_rows(:'key', :rep, :rows, :batch);
DROP TABLE public.bench_insert;
\o
SELECT format('%s rows/s, index %s B/row, WAL %s B/row',
              round(n / (ms / 1000)), round(index_bytes::numeric / n, 1), round(wal_bytes / n, 1))
  FROM bench.results WHERE section = 'insert' AND case_key = :'key' AND rep = :rep;
SQL
      ); then
        echo "rep $rep/$INSERT_REPS: $key: $summary"
      else
        broken[insert:$key]=1
        note_error insert "$key" "$rep" "$errfile"
        run_psql -c 'DROP TABLE IF EXISTS public.bench_insert' 2>/dev/null || true
      fi
    done
  done
fi

# --- Sort: one session, as its temp tables live there ----------------------
if runs_section sort; then
  echo
  echo "--- sort ($SORT_N shuffled values against the same values as uuid)"
  if ! PGOPTIONS="-c work_mem=$WORK_MEM -c temp_buffers=$TEMP_BUFFERS" \
       run_psql -c "CALL bench.run_sorts($SORT_N, $SORT_REPS)" 2>&1 | sed -u 's/^NOTICE:  //'; then
    echo "bench: the sort section failed" >&2
    echo "sort section failed, see the log above" >"$errfile"
    note_error sort '(all)' '' "$errfile"
  fi
fi

# --- Index size against table age: one session per configuration ---------
if runs_section age; then
  echo
  echo "--- index size against table age (index bytes per row; a sequential key's over the same rows)"
  mapfile -t age_keys < <(run_psql -At -c "SELECT key FROM bench.age_configs WHERE skip_reason IS NULL ORDER BY ord")
  for key in "${age_keys[@]}"; do
    if ! run_psql -v key="$key" 2>&1 <<'SQL' | sed -u 's/^NOTICE:  //'
CALL bench.run_age(:'key');
SQL
    then
      echo "age configuration $key failed, see the log above" >"$errfile"
      note_error age "$key" '' "$errfile"
      run_psql -c 'DROP TABLE IF EXISTS public.bench_age, public.bench_age_seq' 2>/dev/null || true
    fi
  done
fi

# --- Regions: routing through postgres_fdw against direct access -----------
if runs_section regions; then
  if ! bash "$here/regions.sh" 2>"$errfile"; then
    cat "$errfile" >&2
    note_error regions '(all)' '' "$errfile"
  fi
fi

# --- Growth: each key's table filled step by step, one session per key -----
if runs_section growth; then
  echo
  echo "--- growth ($GROWTH_ROWS rows in $GROWTH_STEPS steps; after each step $GROWTH_LOOKUPS point lookups)"
  mapfile -t growth_sizes < <(run_psql -At -c "SELECT rows_total FROM bench.growth_sizes($GROWTH_ROWS, $GROWTH_STEPS) ORDER BY step")
  mapfile -t growth_keys < <(run_psql -At -v wanted="$GROWTH_CASES" <<'SQL'
SELECT key FROM bench.runnable
 WHERE insert_type IS NOT NULL AND key = ANY (regexp_split_to_array(btrim(:'wanted'), '[\s,]+'))
 ORDER BY ord;
SQL
  )
  run_psql -At -v wanted="$GROWTH_CASES" <<'SQL'
SELECT 'growth: ' || w || ' not run: ' || coalesce(c.skip_reason, CASE WHEN c.key IS NULL THEN 'no such case'
                                                                 ELSE 'no insert case' END)
  FROM regexp_split_to_table(btrim(:'wanted'), '[\s,]+') AS w
  LEFT JOIN bench.cases c ON c.key = w
 WHERE c.key IS NULL OR c.skip_reason IS NOT NULL OR c.insert_type IS NULL;
SQL
  for key in "${growth_keys[@]}"; do
    {
      echo '\o /dev/null'
      echo "SELECT bench.growth_create('$key');"
      echo 'CHECKPOINT;'
      from=0 step=0
      for upto in "${growth_sizes[@]}"; do
        step=$((step + 1))
        # each statement ends with the backend idle, where it reports its
        # WAL statistics (forced): see growth.sql
        echo 'SELECT pg_stat_force_next_flush();'
        echo "CALL bench.growth_insert('$key', $step, $from, $upto, $BATCH);"
        echo 'SELECT pg_stat_force_next_flush();'
        echo '\o'
        echo "SELECT 'growth $key step $step/${#growth_sizes[@]}: ' || bench.growth_finish('$key', $step, $GROWTH_LOOKUPS);"
        echo '\o /dev/null'
        from=$upto
      done
      echo 'SELECT bench.growth_drop();'
    } >"$errfile.growth"
    if ! run_psql -At -f "$errfile.growth" 2>"$errfile"; then
      note_error growth "$key" '' "$errfile"
      run_psql -c 'DROP TABLE IF EXISTS public.bench_growth' 2>/dev/null || true
    fi
  done
  rm -f "$errfile.growth"

  # The CSV, one row per key and step, and the plots made from it
  results_base=${BENCH_RESULTS_FILE:-$top/$here/results/$(date -u +%Y%m%dT%H%M%SZ).txt}
  results_base=${results_base%.txt}
  growth_csv=$results_base-growth.csv
  run_psql -c "\\copy (SELECT key, step, rows_total, step_rows, round(seconds::numeric, 3) AS seconds, round(rows_per_s::numeric) AS rows_per_s, round(wal_bpr::numeric, 1) AS wal_bytes_per_row, round(fpi_per_1000::numeric, 2) AS fpi_per_1000_rows, round(index_bpr::numeric, 2) AS index_bytes_per_row, lookups, round(p50_us::numeric, 1) AS lookup_p50_us, round(p99_us::numeric, 1) AS lookup_p99_us, round(rate_x_seq::numeric, 3) AS rate_x_seq, round(wal_x_seq::numeric, 3) AS wal_x_seq, round(index_x_seq::numeric, 3) AS index_x_seq, round(p99_x_seq::numeric, 3) AS p99_x_seq, label FROM bench.growth_summary ORDER BY ord, step) TO '$growth_csv' WITH (FORMAT csv, HEADER)"
  echo "growth: CSV in $growth_csv"
  growth_title=$(run_psql -At -v batch="$BATCH" <<'SQL'
SELECT format('PostgreSQL %s, shared_buffers %s, max_wal_size %s, %s rows per INSERT; sequential key''s index at the end: %s x shared_buffers',
              split_part(current_setting('server_version'), ' ', 1), current_setting('shared_buffers'),
              current_setting('max_wal_size'), :'batch',
              round(max(index_bytes)::numeric / pg_size_bytes(current_setting('shared_buffers')), 1))
  FROM bench.growth_results WHERE case_key = 'seq';
SQL
  )
  if command -v gnuplot >/dev/null; then
    bash "$here/growth-plot.sh" "$growth_csv" "$results_base-growth" "$growth_title" \
      || echo "growth: the plots failed (see above)"
  else
    echo "growth: no plots: gnuplot is not installed (make deps installs it)"
  fi
fi

# --- Time filters: natural form against the id range on 36 partitions -------
if runs_section timefilter; then
  if ! bash "$here/time-filter.sh" 2>"$errfile"; then
    cat "$errfile" >&2
    note_error timefilter '(all)' '' "$errfile"
  fi
fi

# --- Concurrency: many writers, plain and striped keys ----------------------
if runs_section concurrency; then
  if ! bash "$here/concurrency.sh" 2>"$errfile"; then
    cat "$errfile" >&2
    note_error concurrency '(all)' '' "$errfile"
  fi
fi

# --- Report ------------------------------------------------------------------
run_psql -v sections="$SECTIONS" -f "$here/report.sql"
runs_section managed && run_psql -f "$here/managed-report.sql"
elapsed=$(( $(date +%s) - started ))
echo
echo "run time: $((elapsed / 60)) min $((elapsed % 60)) s; load average at the end $(cut -d' ' -f1-3 /proc/loadavg)"

if [ -n "${BENCH_RESULTS_FILE:-}" ]; then
  {
    echo
    echo "=== Raw measurements (ms per query or run; bytes per run)"
    run_psql -c "SELECT section, case_key, variant, rep, n, round(ms::numeric, 3) AS ms, wal_bytes, index_bytes, table_bytes, note, at FROM bench.results ORDER BY at"
    echo "=== Errors"
    run_psql -c "SELECT * FROM bench.errors"
    echo "=== Cases"
    run_psql -c "SELECT ord, key, label, gen, gen_from, gen_n, insert_type, insert_default, sort, gen_targets, insert_targets, sort_targets, skip_reason FROM bench.cases ORDER BY ord"
    echo "=== Growth measurements"
    run_psql -c "SELECT * FROM bench.growth_results ORDER BY at"
    if [ "$(run_psql -At -c "SELECT to_regclass('bench.conc_results') IS NOT NULL")" = t ]; then
      echo "=== Concurrency measurements"
      run_psql -c "SELECT * FROM bench.conc_results ORDER BY at"
    fi
    echo "=== Table age configurations and measurements"
    run_psql -c "SELECT * FROM bench.age_configs ORDER BY ord" -c "SELECT * FROM bench.age_results ORDER BY at"
  } >"$BENCH_RESULTS_FILE.raw"
fi
