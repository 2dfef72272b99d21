-- The growth section (BENCH_SECTIONS "growth", test/bench/README.md "Growth"):
-- for each key, a fresh logged table (id <key> PRIMARY KEY, payload int) is
-- filled in steps to BENCH_GROWTH_ROWS rows, and after each step the step's
-- insert rate, WAL and full-page images, the index size and the latency of
-- random point lookups of existing keys are recorded.  The keys are the insert
-- cases of cases.sql (their insert_type and insert_default).
--
-- test/bench/run.sh drives one session per key, statement by statement:
--   SELECT bench.growth_create(key);  CHECKPOINT;
--   per step:  SELECT pg_stat_force_next_flush();
--              CALL bench.growth_insert(key, step, from, upto, batch);
--              SELECT pg_stat_force_next_flush();
--              SELECT bench.growth_finish(key, step, lookups);
--   SELECT bench.growth_drop();
-- pg_stat_wal shows a backend's WAL only once the backend has reported its
-- statistics, which it does when it goes idle between statements (forced by
-- pg_stat_force_next_flush()); hence the separate statements.

CREATE TABLE bench.growth_results (
    case_key        text NOT NULL,
    step            integer NOT NULL,
    rows_total      bigint NOT NULL,        -- rows in the table after the step
    step_rows       bigint NOT NULL,
    ms              double precision NOT NULL,
    wal_bytes_start numeric NOT NULL,       -- pg_stat_wal before the step
    wal_fpi_start   bigint NOT NULL,
    wal_bytes       numeric,                -- pg_stat_wal difference over the step
    wal_fpi         bigint,
    lsn_bytes       numeric NOT NULL,       -- insert LSN difference, a cross-check
    index_bytes     bigint,
    table_bytes     bigint,
    lookups         integer,
    p50_us          double precision,
    p99_us          double precision,
    at              timestamptz NOT NULL DEFAULT clock_timestamp(),
    PRIMARY KEY (case_key, step)
);

-- The table sizes after each step: `steps` sizes from total / 2^((steps-1)/2)
-- up to total, each sqrt(2) times the one before, so that they are evenly
-- spaced on a logarithmic axis.
CREATE FUNCTION bench.growth_sizes(total bigint, steps integer)
RETURNS TABLE (step integer, rows_total bigint) LANGUAGE sql IMMUTABLE AS $$
    SELECT row_number() OVER (ORDER BY n)::integer, n
      FROM (SELECT DISTINCT greatest(1, round(total / 2 ^ ((steps - k) / 2.0)))::bigint AS n
              FROM generate_series(1, steps) AS k) s
$$;

-- The variable type of a case's key: serial types are only column types.
CREATE FUNCTION bench.growth_key_type(case_key text) RETURNS text LANGUAGE sql STABLE AS $$
    SELECT CASE lower(insert_type) WHEN 'bigserial' THEN 'bigint' WHEN 'serial' THEN 'integer'
                ELSE insert_type END
      FROM bench.cases WHERE key = case_key
$$;

-- A fresh table for one key, and the lookup function for its key type: a
-- static query in PL/pgSQL, so that its plan is prepared once and each
-- timed lookup is an execution of the cached plan, not a parse and plan.
CREATE FUNCTION bench.growth_create(case_key text) RETURNS void LANGUAGE plpgsql VOLATILE AS $$
DECLARE
    c  bench.cases;
    kt text := bench.growth_key_type(case_key);
BEGIN
    SELECT * INTO STRICT c FROM bench.cases WHERE key = case_key;
    DELETE FROM bench.growth_results WHERE growth_results.case_key = c.key;
    DROP TABLE IF EXISTS public.bench_growth;
    EXECUTE format('CREATE TABLE public.bench_growth (id %s PRIMARY KEY %s, payload integer NOT NULL) '
                   'WITH (autovacuum_enabled = off)',
                   c.insert_type, 'DEFAULT ' || c.insert_default);
    EXECUTE format($f$
        CREATE OR REPLACE FUNCTION bench.growth_lookups(keys %1$s[]) RETURNS double precision[]
        LANGUAGE plpgsql VOLATILE AS $body$
        DECLARE
            k       %1$s;
            found   integer;
            t0      timestamptz;
            i       integer := 0;
            elapsed double precision[] := array_fill(0::float8, ARRAY[cardinality(keys)]);
        BEGIN
            FOREACH k IN ARRAY keys LOOP
                i := i + 1;
                t0 := clock_timestamp();
                SELECT g.payload INTO found FROM public.bench_growth g WHERE g.id = k;
                elapsed[i] := extract(epoch FROM clock_timestamp() - t0) * 1e6;
                IF found IS NULL THEN
                    RAISE EXCEPTION 'growth lookup: key %% is not in the table', k;
                END IF;
            END LOOP;
            RETURN elapsed;
        END $body$
        $f$, kt);
END $$;

CREATE FUNCTION bench.growth_wal() RETURNS TABLE (wal_bytes numeric, wal_fpi bigint)
LANGUAGE sql VOLATILE AS $$
    SELECT wal_bytes, wal_fpi FROM pg_stat_wal
$$;

-- One step: rows from_rows + 1 .. upto, as INSERT ... SELECT statements of
-- batch_rows rows, each committed on its own (as the insert section does).
-- payload is the row number.
CREATE PROCEDURE bench.growth_insert(case_key text, step integer, from_rows bigint, upto bigint,
                                     batch_rows integer)
LANGUAGE plpgsql AS $$
DECLARE
    w0   record;
    lsn0 pg_lsn;
    lsn1 pg_lsn;
    t0   timestamptz;
    t1   timestamptz;
    done bigint := from_rows;
    this integer;
BEGIN
    SELECT * INTO STRICT w0 FROM bench.growth_wal();
    COMMIT;
    lsn0 := pg_current_wal_insert_lsn();
    t0 := clock_timestamp();
    WHILE done < upto LOOP
        this := least(batch_rows, upto - done);
        INSERT INTO public.bench_growth (payload) SELECT g FROM generate_series(done + 1, done + this) AS g;
        COMMIT;
        done := done + this;
    END LOOP;
    t1 := clock_timestamp();
    lsn1 := pg_current_wal_insert_lsn();
    INSERT INTO bench.growth_results (case_key, step, rows_total, step_rows, ms,
                                      wal_bytes_start, wal_fpi_start, lsn_bytes)
    VALUES (case_key, step, upto, upto - from_rows, extract(epoch FROM t1 - t0) * 1000,
            w0.wal_bytes, w0.wal_fpi, lsn1 - lsn0);
    COMMIT;
END $$;

-- After a step: the step's WAL from pg_stat_wal (read first, before this
-- function's own reads can set hint bits), the sizes, then `lookups` point
-- lookups of random existing keys.  The keys are drawn by a BERNOULLI
-- sample of the whole table: a full scan, which reads through a small ring
-- of buffers and so leaves shared_buffers as the inserts left them.
-- Returns a progress line.
CREATE FUNCTION bench.growth_finish(case_key text, step integer, lookups integer)
RETURNS text LANGUAGE plpgsql VOLATILE AS $$
DECLARE
    r        bench.growth_results;
    w1       record;
    pk_index regclass;
    pct      double precision;
    timings  double precision[];
BEGIN
    SELECT * INTO STRICT w1 FROM bench.growth_wal();
    SELECT * INTO STRICT r FROM bench.growth_results g
     WHERE g.case_key = growth_finish.case_key AND g.step = growth_finish.step;
    SELECT indexrelid INTO STRICT pk_index
      FROM pg_index WHERE indrelid = 'public.bench_growth'::regclass AND indisprimary;
    IF lookups > 0 THEN
        -- half as many again as needed, so that the sample is rarely short
        pct := least(100, 100.0 * lookups * 1.5 / r.rows_total);
        EXECUTE format('SELECT bench.growth_lookups(array_agg(id)) FROM '
                       '(SELECT id FROM public.bench_growth TABLESAMPLE BERNOULLI (%s) '
                       ' ORDER BY random() LIMIT %s) s', pct, lookups)
           INTO timings;
    END IF;
    UPDATE bench.growth_results g
       SET wal_bytes = w1.wal_bytes - r.wal_bytes_start,
           wal_fpi = w1.wal_fpi - r.wal_fpi_start,
           index_bytes = pg_relation_size(pk_index),
           table_bytes = pg_relation_size('public.bench_growth'),
           lookups = coalesce(cardinality(timings), 0),
           p50_us = (SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY t) FROM unnest(timings) t),
           p99_us = (SELECT percentile_cont(0.99) WITHIN GROUP (ORDER BY t) FROM unnest(timings) t)
     WHERE g.case_key = r.case_key AND g.step = r.step
    RETURNING * INTO r;
    RETURN format('%s rows: %s rows/s, WAL %s B/row (pg_stat_wal; insert LSN %s), %s FPI/1000 rows, '
                  'index %s B/row, lookups p50 %s us p99 %s us (%s)',
                  r.rows_total, round(r.step_rows / (r.ms / 1000)),
                  round(r.wal_bytes / r.step_rows, 1), round(r.lsn_bytes / r.step_rows, 1),
                  round(1000.0 * r.wal_fpi / r.step_rows, 1),
                  round(r.index_bytes::numeric / r.rows_total, 1),
                  round(r.p50_us::numeric, 1), round(r.p99_us::numeric, 1), r.lookups);
END $$;

CREATE FUNCTION bench.growth_drop() RETURNS void LANGUAGE sql VOLATILE AS $$
    DROP TABLE IF EXISTS public.bench_growth;
$$;

-- Every step of every key, with the ratios to the sequential key at the same
-- table size (the same step: every key runs the same sizes).
CREATE VIEW bench.growth_summary AS
SELECT c.ord, g.case_key AS key, c.label, g.step, g.rows_total, g.step_rows,
       g.ms / 1000 AS seconds,
       g.step_rows / (g.ms / 1000) AS rows_per_s,
       g.wal_bytes / g.step_rows AS wal_bpr,
       1000.0 * g.wal_fpi / g.step_rows AS fpi_per_1000,
       g.lsn_bytes / g.step_rows AS lsn_bpr,
       g.index_bytes::float8 / g.rows_total AS index_bpr,
       g.index_bytes, g.table_bytes,
       g.lookups, g.p50_us, g.p99_us,
       (g.step_rows / g.ms) / (s.step_rows / s.ms) AS rate_x_seq,
       g.wal_bytes / nullif(s.wal_bytes, 0) * s.step_rows / g.step_rows AS wal_x_seq,
       g.index_bytes::float8 / nullif(s.index_bytes, 0) AS index_x_seq,
       g.p50_us / nullif(s.p50_us, 0) AS p50_x_seq,
       g.p99_us / nullif(s.p99_us, 0) AS p99_x_seq
  FROM bench.growth_results g
  JOIN bench.cases c ON c.key = g.case_key
  LEFT JOIN bench.growth_results s ON s.case_key = 'seq' AND s.rows_total = g.rows_total;
