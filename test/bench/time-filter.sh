#!/usr/bin/env bash
# The "timefilter" section of `make bench` (docs/partitioning.md "Time filters that prune
# partitions"), run by run.sh inside the bench server (PGHOST, PGPORT set).
#
# One table `tf` of BENCH_TF_ROWS iUIDs spread evenly over 36 monthly
# partitions (2023-01 .. 2025-12, made by uidx_create_time_partitions, primary
# key on id).  A one-day count is measured in three forms, over the same
# BENCH_TF_QUERIES days (spread over the three years), interleaved per
# repetition:
#   natural   iuid_timestamp(id) >= day AND iuid_timestamp(id) < day + 1
#   idrange   id >= iuid_lower_bound(day) AND id < iuid_lower_bound(day + 1)
#   off       the natural form with uidx.time_filter_rewrite = off
# each as a plain query (constants: parsed and planned every time) and as a
# prepared statement under plan_cache_mode = force_generic_plan (parameters:
# one plan, pruned at executor start), and as a plain query over 28 days from
# the same day with index scans off (seqscan: the one or two partitions left
# are read sequentially and most of their rows pass the range, so each row
# evaluates the scan's whole filter).  Every form must count the same rows;
# a difference is recorded as an error.  Runs go to bench.results (section
# 'timefilter', case_key = form, variant = plain | generic | seqscan, n = queries,
# ms = their total); report.sql prints medians and the ratios.
set -euo pipefail

if [ "${BENCH_QUICK:-0}" = 1 ]; then
  def_rows=1000000 def_queries=100 def_reps=2
else
  def_rows=10000000 def_queries=300 def_reps=3
fi
ROWS=${BENCH_TF_ROWS:-$def_rows}
QUERIES=${BENCH_TF_QUERIES:-$def_queries}
REPS=${BENCH_TF_REPS:-${BENCH_REPS:-$def_reps}}
for knob in ROWS QUERIES REPS; do
  [[ ${!knob} =~ ^[1-9][0-9]*$ ]] || { echo "bench: BENCH_TF_$knob must be a positive integer, not '${!knob}'" >&2; exit 2; }
done
q() { psql -X -q -v ON_ERROR_STOP=1 "$@"; }
db=uidx_bench   # run.sh's database: bench.results lives there

echo
echo "--- timefilter: $ROWS rows in 36 monthly partitions, $QUERIES one-day counts per form and run"
started=$(date +%s)
q -d "$db" -o /dev/null <<SQL
DROP TABLE IF EXISTS public.tf;
CREATE TABLE public.tf (id iuid PRIMARY KEY, v integer NOT NULL) PARTITION BY RANGE (id);
SELECT uidx_create_time_partitions('public.tf', '2023-01-01', '2026-01-01', '1 month');
-- row g at 2023-01-01 + g * (three years / rows)
INSERT INTO public.tf
SELECT iuid_from_parts(timestamptz '2023-01-01 UTC' + g * ((timestamptz '2026-01-01 UTC' - timestamptz '2023-01-01 UTC') / $ROWS), 42, 7, g), g
  FROM generate_series(0, $ROWS - 1) g;
VACUUM ANALYZE public.tf;
SQL
echo "    loaded in $(( $(date +%s) - started )) s"

for rep in $(seq 1 "$REPS"); do
  q -d "$db" -v rep="$rep" -v queries="$QUERIES" -o /dev/null <<'SQL'
SET TimeZone = 'UTC';
SET tf.rep = :rep;
SET tf.queries = :queries;
CREATE TEMP TABLE tf_days AS
SELECT timestamptz '2023-01-01' + (k * 1095 / :queries) * interval '1 day' AS lo,
       timestamptz '2023-01-01' + (k * 1095 / :queries + 1) * interval '1 day' AS hi,
       timestamptz '2023-01-01' + (k * 1095 / :queries + 28) * interval '1 day' AS hi28
  FROM generate_series(0, :queries - 1) k;
PREPARE tf_natural(timestamptz, timestamptz) AS
    SELECT count(*) FROM public.tf WHERE iuid_timestamp(id) >= $1 AND iuid_timestamp(id) < $2;
PREPARE tf_off(timestamptz, timestamptz) AS
    SELECT count(*) FROM public.tf WHERE iuid_timestamp(id) >= $1 AND iuid_timestamp(id) < $2;
PREPARE tf_idrange(timestamptz, timestamptz) AS
    SELECT count(*) FROM public.tf WHERE id >= iuid_lower_bound($1) AND id < iuid_lower_bound($2);
SET plan_cache_mode = force_generic_plan;
DO $$
DECLARE
    forms text[] := ARRAY['natural', 'idrange', 'off'];
    plain_sql text[] := ARRAY[
        'SELECT count(*) FROM public.tf WHERE iuid_timestamp(id) >= %L AND iuid_timestamp(id) < %L',
        'SELECT count(*) FROM public.tf WHERE id >= iuid_lower_bound(%L) AND id < iuid_lower_bound(%L)',
        'SELECT count(*) FROM public.tf WHERE iuid_timestamp(id) >= %L AND iuid_timestamp(id) < %L'];
    variant text;
    i int;
    d record;
    t0 timestamptz;
    c bigint;
    total bigint;
    counts bigint[];
BEGIN
    FOREACH variant IN ARRAY ARRAY['plain', 'generic', 'seqscan'] LOOP
        counts := NULL;
        PERFORM set_config('enable_indexscan', (variant <> 'seqscan')::text, false),
                set_config('enable_indexonlyscan', (variant <> 'seqscan')::text, false),
                set_config('enable_bitmapscan', (variant <> 'seqscan')::text, false);
        -- the order of the forms turns with the repetition
        FOR j IN 0..2 LOOP
            i := (j + current_setting('tf.rep')::int) % 3 + 1;
            PERFORM set_config('uidx.time_filter_rewrite', CASE WHEN forms[i] = 'off' THEN 'off' ELSE 'on' END, false);
            total := 0;
            t0 := clock_timestamp();
            FOR d IN SELECT lo, CASE WHEN variant = 'seqscan' THEN hi28 ELSE hi END AS hi FROM tf_days LOOP
                IF variant <> 'generic' THEN
                    EXECUTE format(plain_sql[i], d.lo, d.hi) INTO c;
                ELSE
                    EXECUTE format('EXECUTE tf_%s(%L, %L)', forms[i], d.lo, d.hi) INTO c;
                END IF;
                total := total + c;
            END LOOP;
            INSERT INTO bench.results (section, case_key, variant, rep, n, ms, note)
            VALUES ('timefilter', forms[i], variant, current_setting('tf.rep')::int,
                    current_setting('tf.queries')::int,
                    extract(epoch FROM clock_timestamp() - t0) * 1000, total || ' rows counted');
            counts := counts || total;
        END LOOP;
        PERFORM set_config('uidx.time_filter_rewrite', 'on', false);
        IF counts[1] <> counts[2] OR counts[2] <> counts[3] THEN
            INSERT INTO bench.errors (section, case_key, rep, message)
            VALUES ('timefilter', variant, current_setting('tf.rep')::int,
                    'the forms counted different rows: ' || array_to_string(counts, ', '));
        END IF;
    END LOOP;
END
$$;
SQL
done
q -d "$db" -c "DROP TABLE public.tf"

# Planning time on 365 daily partitions (docs/performance.md "Estimates of tables
# that grew since ANALYZE"): a one-day filter's mean planning time (EXPLAIN's
# SUMMARY, BENCH_TF_PLANS plans a run), on a day whose partition ANALYZE saw
# (case_key natural, idrange, off: the estimate reads statistics only) and on
# the last day, whose partition was filled after ANALYZE (natural-grown,
# idrange-grown, off-grown: the estimate reads the key's ends from the index).
# variant = planning; report.sql prints their medians and ratios.
PLANS=${BENCH_TF_PLANS:-1000}
[[ $PLANS =~ ^[1-9][0-9]*$ ]] || { echo "bench: BENCH_TF_PLANS must be a positive integer, not '$PLANS'" >&2; exit 2; }
echo "--- timefilter planning: 365 daily partitions, $PLANS plans per case and run"
q -d "$db" -o /dev/null <<SQL
DROP TABLE IF EXISTS public.tf_days;
CREATE TABLE public.tf_days (id iuid PRIMARY KEY, v integer NOT NULL) PARTITION BY RANGE (id);
SELECT uidx_create_time_partitions('public.tf_days', '2025-01-01', '2026-01-01', '1 day');
INSERT INTO public.tf_days
SELECT iuid_from_parts(timestamptz '2025-01-01 UTC' + g * interval '172.8 seconds', 42, 7, g), g
  FROM generate_series(0, 181999) g;
VACUUM ANALYZE public.tf_days;
INSERT INTO public.tf_days
SELECT iuid_from_parts(timestamptz '2025-12-31 UTC' + g * interval '172.8 seconds', 42, 7, 200000 + g), g
  FROM generate_series(0, 399) g;
SQL
for rep in $(seq 1 "$REPS"); do
  q -d "$db" -v rep="$rep" -v plans="$PLANS" -o /dev/null <<'SQL'
SET TimeZone = 'UTC';
SET tf.rep = :rep;
SET tf.plans = :plans;
DO $$
DECLARE
    cases text[] := ARRAY['natural', 'idrange', 'off', 'natural-grown', 'idrange-grown', 'off-grown'];
    sql_of text[] := ARRAY[
        'SELECT count(*) FROM public.tf_days WHERE iuid_timestamp(id) >= %L AND iuid_timestamp(id) < %L',
        'SELECT count(*) FROM public.tf_days WHERE id >= iuid_lower_bound(%L) AND id < iuid_lower_bound(%L)',
        'SELECT count(*) FROM public.tf_days WHERE iuid_timestamp(id) >= %L AND iuid_timestamp(id) < %L'];
    plans int := current_setting('tf.plans')::int;
    i int;
    j int;
    day timestamptz;
    plan jsonb;
    total float8;
BEGIN
    -- the order of the cases turns with the repetition
    FOR j IN 0..5 LOOP
        i := (j + current_setting('tf.rep')::int) % 6 + 1;
        day := CASE WHEN i <= 3 THEN timestamptz '2025-06-01' ELSE timestamptz '2025-12-31' END;
        PERFORM set_config('uidx.time_filter_rewrite', (cases[i] NOT LIKE 'off%')::text, false);
        total := 0;
        FOR k IN 1..plans LOOP
            EXECUTE 'EXPLAIN (FORMAT JSON, SUMMARY) '
                    || format(sql_of[(i - 1) % 3 + 1], day, day + interval '1 day') INTO plan;
            total := total + (plan->0->>'Planning Time')::float8;
        END LOOP;
        INSERT INTO bench.results (section, case_key, variant, rep, n, ms, note)
        VALUES ('timefilter', cases[i], 'planning', current_setting('tf.rep')::int, plans, total,
                'planning time only');
    END LOOP;
    PERFORM set_config('uidx.time_filter_rewrite', 'on', false);
END
$$;
SQL
done
q -d "$db" -c "DROP TABLE public.tf_days"
echo "    done in $(( $(date +%s) - started )) s"
