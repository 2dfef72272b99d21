-- The benchmark's machinery, loaded into the throwaway bench database by
-- test/bench/run.sh.  The cases themselves are declared in cases.sql; this file
-- knows nothing about any particular identifier family.
--
-- Every measurement is timed inside the server with clock_timestamp() around
-- one statement, so client round trips and psql start-up never count.

CREATE SCHEMA bench;

-- One row per case (see bench.add_case).  skip_reason is filled in when the
-- case cannot run on this installation (function missing, setup failed).
CREATE TABLE bench.cases (
    ord            serial,
    key            text PRIMARY KEY,
    label          text NOT NULL,
    needs          text[] NOT NULL,
    setup          text,
    gen            text,
    gen_from       text NOT NULL,
    gen_n          bigint,
    gen_warmup     bigint NOT NULL,
    gen_targets    text,
    insert_type    text,
    insert_default text,
    insert_targets text,
    sort           boolean NOT NULL,
    sort_targets   text,
    skip_reason    text
);

-- Declares a case.  Every section is optional:
--   gen             expression timed as SELECT count(gen) FROM gen_from
--   gen_from        FROM clause; ":n" is replaced by the number of items
--                   (default: generate_series(1, :n) AS g(i))
--   gen_n           items per timed query (default: BENCH_GEN_N)
--   gen_warmup      items of the untimed warm-up query in the same session
--   insert_type     key column type of the insert table (PRIMARY KEY)
--   insert_default  its DEFAULT (NULL for serial types)
--   sort            also sort BENCH_SORT_N values of gen: shuffled, against
--                   the same values cast to uuid, and in generation order
--   needs           function names that must belong to the uidx extension
--   setup           SQL run once before any measurement (sequences, keys...)
--   *_targets       "metric op factor [x] reference; ..." with metric one of
--                   gen (baseline-subtracted cost per item), rate (rows/s),
--                   index (index bytes/row), wal (WAL bytes/row), sort (time
--                   of the shuffled values), sortgen (time of the values in
--                   generation order), op <= or >=, and reference a case key
--                   ("uuid" for sort: the same values sorted as uuid)
CREATE FUNCTION bench.add_case(
    key            text,
    label          text,
    needs          text[] DEFAULT '{}',
    setup          text DEFAULT NULL,
    gen            text DEFAULT NULL,
    gen_from       text DEFAULT 'generate_series(1, :n) AS g(i)',
    gen_n          bigint DEFAULT NULL,
    gen_warmup     bigint DEFAULT 1000,
    gen_targets    text DEFAULT NULL,
    insert_type    text DEFAULT NULL,
    insert_default text DEFAULT NULL,
    insert_targets text DEFAULT NULL,
    sort           boolean DEFAULT false,
    sort_targets   text DEFAULT NULL)
RETURNS void LANGUAGE sql VOLATILE AS $$
    INSERT INTO bench.cases (key, label, needs, setup, gen, gen_from, gen_n, gen_warmup,
                             gen_targets, insert_type, insert_default, insert_targets,
                             sort, sort_targets)
    VALUES (key, label, needs, setup, gen, gen_from, gen_n, gen_warmup,
            gen_targets, insert_type, insert_default, insert_targets, sort, sort_targets)
$$;

-- Every measurement of every repetition; the report is computed from here.
CREATE TABLE bench.results (
    section     text NOT NULL,          -- gen | insert | sort
    case_key    text NOT NULL,
    variant     text NOT NULL DEFAULT '',
    rep         integer NOT NULL,
    n           bigint,                 -- items (gen), rows (insert), values (sort)
    ms          double precision,
    wal_bytes   numeric,
    index_bytes bigint,
    table_bytes bigint,
    note        text,
    at          timestamptz NOT NULL DEFAULT clock_timestamp()
);

CREATE TABLE bench.errors (
    section  text NOT NULL,
    case_key text NOT NULL,
    rep      integer,
    message  text NOT NULL
);

CREATE FUNCTION bench.note_error(section text, case_key text, rep integer, message text)
RETURNS void LANGUAGE sql VOLATILE AS $$
    INSERT INTO bench.errors VALUES (section, case_key, rep, message)
$$;

-- Whether the installed uidx extension has a function of this name.
CREATE FUNCTION bench.uidx_has(function_name text) RETURNS boolean LANGUAGE sql STABLE AS $$
    SELECT EXISTS (
        SELECT 1
          FROM pg_proc p
          JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid
                          AND d.refclassid = 'pg_extension'::regclass AND d.deptype = 'e'
          JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'uidx'
         WHERE p.proname = function_name)
$$;

-- Marks the cases whose functions are not (yet) part of the installed
-- extension, then runs the setup of the others.  A later family's case thus
-- appears by itself once that family is merged.
-- Runs each runnable case's setup; "{rows}" in a setup stands for the rows
-- per insert run.
CREATE FUNCTION bench.prepare_cases(insert_rows bigint) RETURNS void LANGUAGE plpgsql VOLATILE AS $$
DECLARE
    c       bench.cases;
    missing text[];
BEGIN
    FOR c IN SELECT * FROM bench.cases WHERE skip_reason IS NULL ORDER BY ord LOOP
        SELECT array_agg(want ORDER BY want) INTO missing
          FROM unnest(c.needs) AS want
         WHERE NOT bench.uidx_has(want);
        IF missing IS NOT NULL THEN
            UPDATE bench.cases SET skip_reason = 'not in the extension: ' || array_to_string(missing, ', ')
             WHERE key = c.key;
            CONTINUE;
        END IF;
        IF c.setup IS NOT NULL THEN
            BEGIN
                EXECUTE replace(c.setup, '{rows}', insert_rows::text);
            EXCEPTION WHEN OTHERS THEN
                UPDATE bench.cases SET skip_reason = 'setup failed: ' || SQLERRM WHERE key = c.key;
            END;
        END IF;
    END LOOP;
END $$;

-- The values of the distid-versus-numeric(28,0) insert comparison: `total`
-- DistributedIds made by distid_generate() (in generation order, so time
-- order), each kept as distid and as numeric(28,0).  Both cases read their
-- key from here by position, one cycling sequence each, so they insert the
-- same values with the same look-up cost and only the key type differs.
-- (Generating them takes total / 128,000 seconds: the generator's throttle,
-- which is why the comparison must not generate while it inserts.)
CREATE FUNCTION bench.make_distid_values(total bigint) RETURNS void LANGUAGE plpgsql VOLATILE AS $$
DECLARE
    have bigint := -1;
BEGIN
    IF to_regclass('public.bench_distid_values') IS NOT NULL THEN
        EXECUTE 'SELECT count(*) FROM public.bench_distid_values' INTO have;
    END IF;
    IF have = total THEN
        RETURN;
    END IF;
    DROP TABLE IF EXISTS public.bench_distid_values;
    CREATE TABLE public.bench_distid_values (n bigint PRIMARY KEY, d distid NOT NULL,
                                             dn numeric(28,0) NOT NULL);
    INSERT INTO public.bench_distid_values
    SELECT n, id, id::numeric(28,0)
      FROM (SELECT n, distid_generate() AS id FROM generate_series(1, total) AS n) g;
    ANALYZE public.bench_distid_values;
    DROP SEQUENCE IF EXISTS public.bench_distid_pos;
    DROP SEQUENCE IF EXISTS public.bench_numeric_pos;
    EXECUTE format('CREATE SEQUENCE public.bench_distid_pos MAXVALUE %s CYCLE', total);
    EXECUTE format('CREATE SEQUENCE public.bench_numeric_pos MAXVALUE %s CYCLE', total);
    -- a DEFAULT cannot hold a subquery; an inlinable SQL function can
    CREATE OR REPLACE FUNCTION bench.distid_value(pos bigint) RETURNS distid
        LANGUAGE sql STABLE AS 'SELECT v.d FROM public.bench_distid_values v WHERE v.n = pos';
    CREATE OR REPLACE FUNCTION bench.numeric_value(pos bigint) RETURNS numeric(28,0)
        LANGUAGE sql STABLE AS 'SELECT v.dn FROM public.bench_distid_values v WHERE v.n = pos';
END $$;

-- The input of the uidx_inspect case: total IDs, one kind after the other,
-- of every kind the installed extension can generate, plus v4 and garbage.
CREATE FUNCTION bench.make_mixed_ids(total integer) RETURNS void LANGUAGE plpgsql VOLATILE AS $$
DECLARE
    kinds text[];
BEGIN
    SELECT array_agg(expr ORDER BY ord) INTO STRICT kinds
      FROM (VALUES (1, NULL, 'gen_random_uuid()::text'),
                   (2, NULL, $k$'not an id ' || g$k$),
                   (3, 'iuid_generate', 'iuid_generate(1, 1)::text'),
                   (4, 'uuidv7', 'uuidv7()::text'),
                   (5, 'comb_prefix_generate', 'comb_prefix_generate()::text'),
                   (6, 'comb_suffix_generate', 'comb_suffix_generate()::text'),
                   (7, 'luuid_generate', 'luuid_generate(1, g)::text'),
                   (8, 'distid_generate', 'distid_generate()::text'),
                   (9, 'alnum_encode', 'alnum_encode(distid_generate())'),
                   (10, 'distid128_generate', 'distid128_generate()::text'))
           AS k(ord, needs, expr)
     WHERE needs IS NULL OR bench.uidx_has(needs);
    IF to_regclass('public.bench_mixed_ids') IS NOT NULL THEN
        DROP TABLE public.bench_mixed_ids;
    END IF;
    CREATE TABLE public.bench_mixed_ids (n integer PRIMARY KEY, id text NOT NULL);
    EXECUTE format('INSERT INTO public.bench_mixed_ids SELECT g, CASE g %% %s %s END FROM generate_series(1, %s) AS g',
                   cardinality(kinds),
                   (SELECT string_agg(format('WHEN %s THEN %s', i - 1, expr), ' ')
                      FROM unnest(kinds) WITH ORDINALITY AS u(expr, i)),
                   total);
    ANALYZE public.bench_mixed_ids;
END $$;

CREATE VIEW bench.runnable AS
    SELECT * FROM bench.cases WHERE skip_reason IS NULL;

-- ---------------------------------------------------------------------------
-- Generation
-- ---------------------------------------------------------------------------

-- What the generation section times, in order: first the empty count(1)
-- baseline of every distinct FROM clause and size, then the cases.  The
-- variant ties a case to its baseline.
CREATE TABLE bench.gen_plan (
    id       serial PRIMARY KEY,
    case_key text NOT NULL,
    expr     text NOT NULL,
    from_sql text NOT NULL,
    n        bigint NOT NULL,
    warmup   bigint NOT NULL,
    variant  text NOT NULL
);

CREATE FUNCTION bench.make_gen_plan(default_n bigint) RETURNS void LANGUAGE sql VOLATILE AS $$
    DELETE FROM bench.gen_plan;
    INSERT INTO bench.gen_plan (case_key, expr, from_sql, n, warmup, variant)
    SELECT 'count(1)', '1', from_sql, n, 1000, from_sql || ' | ' || n
      FROM (SELECT DISTINCT gen_from AS from_sql, coalesce(gen_n, default_n) AS n,
                   min(ord) OVER (PARTITION BY gen_from, coalesce(gen_n, default_n)) AS first_ord
              FROM bench.runnable WHERE gen IS NOT NULL) b
     ORDER BY first_ord;
    INSERT INTO bench.gen_plan (case_key, expr, from_sql, n, warmup, variant)
    SELECT key, gen, gen_from, coalesce(gen_n, default_n), gen_warmup,
           gen_from || ' | ' || coalesce(gen_n, default_n)
      FROM bench.runnable WHERE gen IS NOT NULL
     ORDER BY ord;
$$;

-- Times one generation query in this (fresh) session after an untimed
-- warm-up of the same shape, which loads the library, fills the catalog and
-- plan caches and the entropy buffer, and compiles PL/pgSQL.  Returns ms.
CREATE FUNCTION bench.measure_gen(plan_id integer, rep integer)
RETURNS double precision LANGUAGE plpgsql VOLATILE AS $$
DECLARE
    p       bench.gen_plan;
    counted bigint;
    t0      timestamptz;
    t1      timestamptz;
    elapsed double precision;
BEGIN
    SELECT * INTO STRICT p FROM bench.gen_plan WHERE id = plan_id;
    IF p.warmup > 0 THEN
        EXECUTE format('SELECT count(%s) FROM %s', p.expr, replace(p.from_sql, ':n', p.warmup::text))
           INTO counted;
    END IF;
    t0 := clock_timestamp();
    EXECUTE format('SELECT count(%s) FROM %s', p.expr, replace(p.from_sql, ':n', p.n::text))
       INTO counted;
    t1 := clock_timestamp();
    elapsed := extract(epoch FROM t1 - t0) * 1000;
    INSERT INTO bench.results (section, case_key, variant, rep, n, ms, note)
    VALUES ('gen', p.case_key, p.variant, rep, p.n, elapsed,
            CASE WHEN counted <> p.n THEN format('count was %s, not %s', counted, p.n) END);
    RETURN elapsed;
END $$;

-- ---------------------------------------------------------------------------
-- Inserts
-- ---------------------------------------------------------------------------

-- The insert table of one run: the key alone, as PRIMARY KEY with the case's
-- DEFAULT.  Autovacuum stays off so that it neither writes WAL nor competes
-- for the CPU during the run.
CREATE FUNCTION bench.create_insert_table(case_key text) RETURNS void LANGUAGE plpgsql VOLATILE AS $$
DECLARE
    c bench.cases;
BEGIN
    SELECT * INTO STRICT c FROM bench.cases WHERE key = case_key;
    IF to_regclass('public.bench_insert') IS NOT NULL THEN
        DROP TABLE public.bench_insert;
    END IF;
    EXECUTE format('CREATE TABLE public.bench_insert (id %s PRIMARY KEY %s) WITH (autovacuum_enabled = off)',
                   c.insert_type, 'DEFAULT ' || c.insert_default);
END $$;

-- Inserts total_rows rows in batches of batch_rows, each batch a separate
-- INSERT ... SELECT statement in its own transaction, and records elapsed
-- time, WAL written (insert LSN difference) and the size of the PK index.
-- Run it right after CHECKPOINT, in a session of its own.
CREATE PROCEDURE bench.insert_rows(case_key text, rep integer, total_rows bigint, batch_rows integer)
LANGUAGE plpgsql AS $$
DECLARE
    lsn0     pg_lsn;
    lsn1     pg_lsn;
    t0       timestamptz;
    t1       timestamptz;
    done     bigint := 0;
    this     integer;
    pk_index regclass;
BEGIN
    lsn0 := pg_current_wal_insert_lsn();
    t0 := clock_timestamp();
    WHILE done < total_rows LOOP
        this := least(batch_rows, total_rows - done);
        INSERT INTO public.bench_insert SELECT FROM generate_series(1, this);
        COMMIT;
        done := done + this;
    END LOOP;
    t1 := clock_timestamp();
    lsn1 := pg_current_wal_insert_lsn();
    SELECT indexrelid INTO STRICT pk_index
      FROM pg_index WHERE indrelid = 'public.bench_insert'::regclass AND indisprimary;
    INSERT INTO bench.results (section, case_key, rep, n, ms, wal_bytes, index_bytes, table_bytes)
    VALUES ('insert', case_key, rep, total_rows, extract(epoch FROM t1 - t0) * 1000,
            lsn1 - lsn0, pg_relation_size(pk_index), pg_relation_size('public.bench_insert'));
    COMMIT;
END $$;

-- ---------------------------------------------------------------------------
-- Index size against table age (the short COMBs)
-- ---------------------------------------------------------------------------

-- A configuration fills a table the way a steady stream of inserts does:
-- rows_per_interval rows in each interval, one interval after the other, from
-- 2024-10-28 21:20 UTC on, where the minute counter of the short COMBs is 0
-- (so up to its wrap the age in intervals is the counter).  The index size
-- is recorded at every age in `ages` (in intervals).  expr makes row {i}
-- (0, 1, ...): {at} is its instant, {random} 16 random bytes.  Keys come
-- from the generators' *_from_parts functions, which run the generator's
-- code with the time and the random bytes given, so that months of table
-- age take seconds.
CREATE TABLE bench.age_configs (
    ord               serial,
    key               text PRIMARY KEY,
    label             text NOT NULL,
    needs             text[] NOT NULL,
    key_type          text NOT NULL,
    expr              text NOT NULL,
    interval_length   interval NOT NULL,
    rows_per_interval bigint NOT NULL,
    ages              bigint[] NOT NULL,
    skip_reason       text
);

CREATE FUNCTION bench.add_age(
    key               text,
    label             text,
    key_type          text,
    expr              text,
    rows_per_interval bigint,
    ages              bigint[],
    interval_length   interval DEFAULT '1 minute',
    needs             text[] DEFAULT '{}')
RETURNS void LANGUAGE sql VOLATILE AS $$
    INSERT INTO bench.age_configs (key, label, needs, key_type, expr, interval_length,
                                   rows_per_interval, ages)
    VALUES (key, label, needs, key_type, expr, interval_length, rows_per_interval, ages)
$$;

CREATE TABLE bench.age_results (
    config      text NOT NULL,
    age         bigint NOT NULL,        -- intervals
    n           bigint NOT NULL,        -- rows
    index_bytes bigint NOT NULL,
    seq_bytes   bigint NOT NULL,        -- a sequential key's index, same rows
    ms          double precision,
    at          timestamptz NOT NULL DEFAULT clock_timestamp()
);

CREATE FUNCTION bench.age_sql(c bench.age_configs) RETURNS text LANGUAGE sql IMMUTABLE AS $$
    SELECT replace(replace(replace(c.expr,
        '{at}', format('(timestamptz %L + (g.i / %s) * %L::interval + (g.i %% %s) * (%L::interval / %s))',
                       '2024-10-28 21:20:00+00', c.rows_per_interval, c.interval_length,
                       c.rows_per_interval, c.interval_length, c.rows_per_interval)),
        '{random}', 'uuid_send(gen_random_uuid())'),
        '{i}', 'g.i')
$$;

-- One configuration, in a session of its own: its table and, beside it, a
-- sequential 16-byte key of the same rows, for the ratio.
CREATE PROCEDURE bench.run_age(config_key text)
LANGUAGE plpgsql AS $$
DECLARE
    c      bench.age_configs;
    done   bigint := 0;
    upto   bigint;
    a      bigint;
    t0     timestamptz;
    ms     double precision;
BEGIN
    SELECT * INTO STRICT c FROM bench.age_configs WHERE key = config_key;
    DROP TABLE IF EXISTS public.bench_age;
    DROP TABLE IF EXISTS public.bench_age_seq;
    EXECUTE format('CREATE TABLE public.bench_age (id %s PRIMARY KEY) WITH (autovacuum_enabled = off)',
                   c.key_type);
    CREATE TABLE public.bench_age_seq (id uuid PRIMARY KEY) WITH (autovacuum_enabled = off);
    COMMIT;
    FOREACH a IN ARRAY c.ages LOOP
        upto := a * c.rows_per_interval;
        t0 := clock_timestamp();
        EXECUTE format('INSERT INTO public.bench_age SELECT %s FROM generate_series($1, $2) AS g(i)',
                       bench.age_sql(c))
          USING done, upto - 1;
        ms := extract(epoch FROM clock_timestamp() - t0) * 1000;
        INSERT INTO public.bench_age_seq
        SELECT lpad(to_hex(g.i), 32, '0')::uuid FROM generate_series(done, upto - 1) AS g(i);
        INSERT INTO bench.age_results (config, age, n, index_bytes, seq_bytes, ms)
        VALUES (c.key, a, upto, pg_relation_size('public.bench_age_pkey'),
                pg_relation_size('public.bench_age_seq_pkey'), ms);
        COMMIT;
        RAISE NOTICE 'age %: % intervals, % rows: index % B/row (sequential key % B/row)', c.key, a, upto,
            round(pg_relation_size('public.bench_age_pkey')::numeric / upto, 1),
            round(pg_relation_size('public.bench_age_seq_pkey')::numeric / upto, 1);
        done := upto;
    END LOOP;
    DROP TABLE public.bench_age;
    DROP TABLE public.bench_age_seq;
END $$;

CREATE FUNCTION bench.prepare_ages() RETURNS void LANGUAGE plpgsql VOLATILE AS $$
DECLARE
    c       bench.age_configs;
    missing text[];
BEGIN
    FOR c IN SELECT * FROM bench.age_configs WHERE skip_reason IS NULL ORDER BY ord LOOP
        SELECT array_agg(want ORDER BY want) INTO missing
          FROM unnest(c.needs) AS want
         WHERE NOT bench.uidx_has(want);
        IF missing IS NOT NULL THEN
            UPDATE bench.age_configs SET skip_reason = 'not in the extension: ' || array_to_string(missing, ', ')
             WHERE key = c.key;
        END IF;
    END LOOP;
END $$;

-- ---------------------------------------------------------------------------
-- Sort
-- ---------------------------------------------------------------------------

CREATE FUNCTION bench.sort_query(tbl text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
    -- OFFSET 0 keeps the subquery (and its ORDER BY) from being flattened
    -- away, so the Sort really runs and every sorted row is consumed.
    SELECT format('SELECT count(*) FROM (SELECT v FROM %I ORDER BY v OFFSET 0) sorted', tbl)
$$;

-- Runs the whole sort section in one session (its temp tables live there):
-- materializes n values of each sort case in generation order (_gen), the
-- same values shuffled, and those cast to uuid in the same physical order
-- (_uuid); checks with EXPLAIN ANALYZE that a Sort node runs in memory; then
-- times the three sorts, interleaved over the cases, reps times.  Needs temp_buffers and work_mem large enough, set by
-- the caller before the first temp table is touched.
CREATE PROCEDURE bench.run_sorts(n bigint, reps integer)
LANGUAGE plpgsql AS $$
DECLARE
    keys    text[];
    ready   text[] := '{}';
    k       text;
    c       bench.cases;
    tbl     text;
    line    text;
    method  text;
    has_sort boolean;
    counted bigint;
    t0      timestamptz;
    elapsed double precision;
    r       integer;
    variants text[];
    v       text;
BEGIN
    SELECT array_agg(key ORDER BY ord) INTO keys FROM bench.runnable WHERE sort AND gen IS NOT NULL;
    IF keys IS NULL THEN
        RETURN;
    END IF;
    FOREACH k IN ARRAY keys LOOP
        SELECT * INTO STRICT c FROM bench.cases WHERE key = k;
        BEGIN
            -- one statement, one backend: the order a table filled by this
            -- generator has
            EXECUTE format('CREATE TEMP TABLE %I AS SELECT %s AS v FROM generate_series(1, %s) AS g(i)',
                           'sort_' || k || '_gen', c.gen, n);
            EXECUTE format('CREATE TEMP TABLE %I AS SELECT v FROM %I ORDER BY random()',
                           'sort_' || k, 'sort_' || k || '_gen');
            EXECUTE format('CREATE TEMP TABLE %I AS SELECT v::uuid AS v FROM %I',
                           'sort_' || k || '_uuid', 'sort_' || k);
            ready := ready || k;
        EXCEPTION WHEN OTHERS THEN
            PERFORM bench.note_error('sort', k, NULL, 'materializing: ' || SQLERRM);
        END;
    END LOOP;
    -- committed rows need no per-tuple current-transaction visibility check
    COMMIT;

    keys := ready;
    ready := '{}';
    FOREACH k IN ARRAY keys LOOP
        BEGIN
            FOREACH v IN ARRAY ARRAY['', '_uuid', '_gen'] LOOP
                tbl := 'sort_' || k || v;
                EXECUTE format('ANALYZE %I', tbl);
                has_sort := false;
                method := NULL;
                FOR line IN EXECUTE 'EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF) ' || bench.sort_query(tbl) LOOP
                    IF line ~ 'Sort Method:' THEN
                        method := btrim(line);
                    ELSIF line ~ '^\s*(->\s*)?Sort\M' THEN
                        has_sort := true;
                    END IF;
                END LOOP;
                IF NOT has_sort THEN
                    RAISE EXCEPTION 'the plan of % has no Sort node', bench.sort_query(tbl);
                END IF;
                IF method IS NULL OR method !~ 'Sort Method: quicksort' THEN
                    RAISE EXCEPTION 'the sort of % is not in memory (%): raise BENCH_WORK_MEM', tbl, method;
                END IF;
                INSERT INTO bench.results (section, case_key, variant, rep, n, note)
                VALUES ('sort-plan', k, v, 0, n, method);
            END LOOP;
            ready := ready || k;
        EXCEPTION WHEN OTHERS THEN
            PERFORM bench.note_error('sort', k, NULL, SQLERRM);
        END;
    END LOOP;
    COMMIT;

    FOR r IN 1 .. reps LOOP
        FOREACH k IN ARRAY ready LOOP
            -- alternate which of the pair goes first, against drift
            variants := CASE WHEN r % 2 = 1 THEN ARRAY['', '_uuid', '_gen'] ELSE ARRAY['_gen', '_uuid', ''] END;
            FOREACH v IN ARRAY variants LOOP
                t0 := clock_timestamp();
                EXECUTE bench.sort_query('sort_' || k || v) INTO counted;
                elapsed := extract(epoch FROM clock_timestamp() - t0) * 1000;
                INSERT INTO bench.results (section, case_key, variant, rep, n, ms)
                VALUES ('sort', k, v, r, counted, elapsed);
            END LOOP;
            RAISE NOTICE 'sort rep %/%: % % ms, as uuid % ms, in generation order % ms', r, reps, k,
                (SELECT round(ms::numeric, 1) FROM bench.results
                  WHERE section = 'sort' AND case_key = k AND variant = '' AND rep = r),
                (SELECT round(ms::numeric, 1) FROM bench.results
                  WHERE section = 'sort' AND case_key = k AND variant = '_uuid' AND rep = r),
                (SELECT round(ms::numeric, 1) FROM bench.results
                  WHERE section = 'sort' AND case_key = k AND variant = '_gen' AND rep = r);
        END LOOP;
        COMMIT;
    END LOOP;
END $$;

-- ---------------------------------------------------------------------------
-- Summaries and targets
-- ---------------------------------------------------------------------------

-- Median time of each timed query over the repetitions.
CREATE VIEW bench.medians AS
SELECT section, case_key, variant, max(n) AS n, count(*) AS runs,
       percentile_cont(0.5) WITHIN GROUP (ORDER BY ms) AS ms
  FROM bench.results
 WHERE section IN ('gen', 'sort')
 GROUP BY section, case_key, variant;

CREATE VIEW bench.gen_summary AS
SELECT c.ord, c.key, c.label, m.n, m.runs, m.ms, b.ms AS base_ms,
       m.ms * 1e6 / m.n AS raw_ns,
       (m.ms - b.ms) * 1e6 / m.n AS net_ns,
       m.n / (m.ms / 1000) AS per_s
  FROM bench.medians m
  JOIN bench.cases c ON c.key = m.case_key
  LEFT JOIN bench.medians b ON b.section = 'gen' AND b.case_key = 'count(1)' AND b.variant = m.variant
 WHERE m.section = 'gen';

CREATE VIEW bench.insert_summary AS
SELECT c.ord, c.key, c.label,
       coalesce(c.insert_type, '') AS key_type,
       count(*) AS runs, max(r.n) AS n,
       percentile_cont(0.5) WITHIN GROUP (ORDER BY r.ms) / 1000 AS seconds,
       percentile_cont(0.5) WITHIN GROUP (ORDER BY r.n / (r.ms / 1000)) AS rows_per_s,
       percentile_cont(0.5) WITHIN GROUP (ORDER BY r.index_bytes::float8 / r.n) AS index_bpr,
       percentile_cont(0.5) WITHIN GROUP (ORDER BY r.wal_bytes::float8 / r.n) AS wal_bpr,
       percentile_cont(0.5) WITHIN GROUP (ORDER BY r.table_bytes::float8 / r.n) AS table_bpr
  FROM bench.results r
  JOIN bench.cases c ON c.key = r.case_key
 WHERE r.section = 'insert'
 GROUP BY c.ord, c.key, c.label, c.insert_type;

CREATE VIEW bench.sort_summary AS
WITH med AS (
    SELECT * FROM bench.medians WHERE section = 'sort'
)
SELECT c.ord, c.key, c.label, s.n, s.runs, s.ms, u.ms AS uuid_ms, s.ms / u.ms AS ratio,
       g.ms AS gen_ms,
       (SELECT note FROM bench.results p
         WHERE p.section = 'sort-plan' AND p.case_key = c.key AND p.variant = '') AS method
  FROM med s
  JOIN med u ON u.case_key = s.case_key AND u.variant = '_uuid'
  LEFT JOIN med g ON g.case_key = s.case_key AND g.variant = '_gen'
  JOIN bench.cases c ON c.key = s.case_key
 WHERE s.variant = '';

-- Every figure a target can name, per case.
CREATE VIEW bench.metrics AS
          SELECT key, 'gen'   AS metric, net_ns AS value FROM bench.gen_summary
UNION ALL SELECT key, 'rate',  rows_per_s FROM bench.insert_summary
UNION ALL SELECT key, 'index', index_bpr  FROM bench.insert_summary
UNION ALL SELECT key, 'wal',   wal_bpr    FROM bench.insert_summary
UNION ALL SELECT key, 'sort',  ms         FROM bench.sort_summary
UNION ALL SELECT key, 'sortgen', gen_ms   FROM bench.sort_summary
UNION ALL SELECT key || ':uuid', 'sort', uuid_ms FROM bench.sort_summary;

CREATE VIEW bench.target_check AS
WITH declared AS (
    SELECT c.ord, c.key, s.section, btrim(t.target) AS target
      FROM bench.runnable c
     CROSS JOIN LATERAL (VALUES ('gen', c.gen_targets), ('insert', c.insert_targets),
                                ('sort', c.sort_targets)) AS s(section, targets)
     CROSS JOIN LATERAL regexp_split_to_table(s.targets, ';') AS t(target)
     WHERE s.targets IS NOT NULL AND btrim(t.target) <> ''
), parsed AS (
    SELECT d.*,
           regexp_match(d.target, '^(gen|rate|index|wal|sortgen|sort)\s*(<=|>=)\s*([0-9]*\.?[0-9]+)\s*[x×]?\s*(\S+)$') AS m
      FROM declared d
)
SELECT p.ord, p.section, p.key, p.target,
       mine.value / ref.value AS ratio,
       CASE WHEN p.m IS NULL THEN 'BAD TARGET'
            WHEN mine.value IS NULL OR ref.value IS NULL OR ref.value = 0 THEN 'NO DATA'
            WHEN p.m[2] = '<=' AND mine.value / ref.value <= p.m[3]::float8 THEN 'PASS'
            WHEN p.m[2] = '>=' AND mine.value / ref.value >= p.m[3]::float8 THEN 'PASS'
            ELSE 'MISS' END AS verdict
  FROM parsed p
  LEFT JOIN bench.metrics mine ON mine.key = p.key AND mine.metric = p.m[1]
  LEFT JOIN bench.metrics ref
         ON ref.metric = p.m[1]
        AND ref.key = CASE WHEN p.m[1] = 'sort' AND p.m[4] = 'uuid' THEN p.key || ':uuid' ELSE p.m[4] END;
