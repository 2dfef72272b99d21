-- Row estimates of time filters on tables that grew since their last ANALYZE
-- (docs/internals.md "Estimates", src/time_estimate.c): a time-ordered table
-- grows at its end, and the rows of "the last hour" or "today" are exactly
-- those its statistics have not seen.  The estimate reads the key's actual
-- end from its btree index and counts the rows added since ANALYZE (the
-- table's current size) between the first key past the histogram and that
-- end.  Every figure is a boolean: the estimate is within a factor of 2 of
-- the rows the query returns (the numbers are shown only where it is not).
-- "Now" is a fixed instant of each case: the keys are made by
-- iuid_from_parts at given times, so no clock is read.
-- Each table holds at most 30,000 rows when it is analyzed, which ANALYZE
-- (30,000 sampled rows at the default statistics target) reads whole, so
-- every estimate is the same on every run.
SET timezone = 'UTC';

CREATE FUNCTION pg_temp.estimate(query text, OUT ok boolean, OUT estimated float8, OUT actual float8)
LANGUAGE plpgsql AS $$
DECLARE
    plan jsonb;
BEGIN
    EXECUTE 'EXPLAIN (FORMAT JSON) ' || query INTO plan;
    EXECUTE 'SELECT count(*) FROM (' || query || ') q' INTO actual;
    estimated := (plan->0->'Plan'->>'Plan Rows')::float8;
    ok := estimated <= 2 * actual AND estimated >= actual / 2;
    IF ok THEN
        estimated := NULL;
        actual := NULL;
    END IF;
END
$$;

CREATE FUNCTION pg_temp.explain_json(query text) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
    plan jsonb;
BEGIN
    EXECUTE 'EXPLAIN (FORMAT JSON) ' || query INTO plan;
    RETURN plan;
END
$$;

-- ===========================================================================
-- The cases of docs/internals.md "Estimates", at 1/33 of their size: 30,000
-- rows over 60 days analyzed, then 600 rows in the last hour; and daily
-- partitions analyzed yesterday, with 1,000 rows today.  Before the actual
-- end was read, each of these was estimated at 1 to 25 % of its rows.
-- ===========================================================================
CREATE TABLE tg_issue (id iuid PRIMARY KEY);
-- now: 2024-03-01 01:00; 30,000 rows up to an hour ago, one per 172.8 s
INSERT INTO tg_issue
SELECT iuid_from_parts('2024-01-01'::timestamptz + g * interval '172.8 seconds', 7, 3, g)
  FROM generate_series(0, 29999) g;
ANALYZE tg_issue;
INSERT INTO tg_issue
SELECT iuid_from_parts('2024-03-01 00:00'::timestamptz + g * interval '6 seconds', 7, 3, 30000 + g)
  FROM generate_series(0, 599) g;
CREATE TABLE tg_days (id iuid PRIMARY KEY) PARTITION BY RANGE (id);
SELECT count(*) FROM uidx_create_time_partitions('tg_days', '2024-02-01', '2024-03-02', '1 day');
-- now: 2024-03-01 20:00; 1,000 rows on each day of February
INSERT INTO tg_days
SELECT iuid_from_parts('2024-02-01'::timestamptz + g * interval '86.4 seconds', 7, 3, g)
  FROM generate_series(0, 28999) g;
ANALYZE tg_days;
-- today: 1,000 rows since midnight
INSERT INTO tg_days
SELECT iuid_from_parts('2024-03-01'::timestamptz + g * interval '72 seconds', 7, 3, 29000 + g)
  FROM generate_series(0, 999) g;
SELECT c.query_case, e.*
  FROM (VALUES
    ('last hour', $$SELECT * FROM tg_issue WHERE iuid_timestamp(id) >= timestamptz '2024-03-01 01:00' - interval '1 hour'$$),
    ('last 3 hours', $$SELECT * FROM tg_issue WHERE iuid_timestamp(id) >= timestamptz '2024-03-01 01:00' - interval '3 hours'$$),
    ('last hour, id range', $$SELECT * FROM tg_issue WHERE id >= iuid_lower_bound(timestamptz '2024-03-01 01:00' - interval '1 hour')$$),
    ('today, daily partitions', $$SELECT * FROM tg_days WHERE iuid_timestamp(id) >= date '2024-03-01'$$),
    ('since yesterday noon, daily partitions', $$SELECT * FROM tg_days WHERE iuid_timestamp(id) >= date '2024-03-01' - interval '12 hours'$$),
    ('today, id range, daily partitions', $$SELECT * FROM tg_days WHERE id >= iuid_lower_bound(date '2024-03-01')$$)
  ) AS c(query_case, query), pg_temp.estimate(c.query) e
 ORDER BY c.query_case COLLATE "C";
DROP TABLE tg_issue, tg_days;

-- ===========================================================================
-- The life cycle: 30,000 rows over 60 days (one per 172.8 s from 2024-01-01)
-- analyzed, then 0, 1, 10 and 50 % of that added at the end at the same
-- rate, without another ANALYZE; in a plain table, one partitioned by month
-- (March's partition made after ANALYZE, so never analyzed), one whose
-- months are striped (four hash stripes each), a uuid column holding iUIDs,
-- and comb and distid keys.  "Now" is the time of the next row.
-- ===========================================================================
CREATE TABLE tg_plain (id iuid PRIMARY KEY);
CREATE TABLE tg_parts (id iuid PRIMARY KEY) PARTITION BY RANGE (id);
SELECT count(*) FROM uidx_create_time_partitions('tg_parts', '2024-01-01', '2024-03-01', '1 month');
CREATE TABLE tg_stripes (id iuid PRIMARY KEY) PARTITION BY RANGE (id);
SELECT count(*) FROM uidx_create_time_partitions('tg_stripes', '2024-01-01', '2024-03-01', '1 month', 4);
CREATE TABLE tg_uuid (id uuid PRIMARY KEY);
CREATE TABLE tg_comb (id comb PRIMARY KEY);
CREATE TABLE tg_distid (id distid PRIMARY KEY);

-- adds the rows g = from_g .. to_g - 1 to every table
CREATE FUNCTION pg_temp.add_rows(from_g integer, to_g integer) RETURNS void LANGUAGE sql AS $$
INSERT INTO tg_plain SELECT iuid_from_parts('2024-01-01'::timestamptz + g * interval '172.8 seconds', 7, 3, g)
  FROM generate_series(from_g, to_g - 1) g;
INSERT INTO tg_parts SELECT id FROM tg_plain WHERE iuid_timestamp(id) >= '2024-01-01'::timestamptz + from_g * interval '172.8 seconds';
INSERT INTO tg_stripes SELECT id FROM tg_plain WHERE iuid_timestamp(id) >= '2024-01-01'::timestamptz + from_g * interval '172.8 seconds';
INSERT INTO tg_uuid SELECT id::uuid FROM tg_plain WHERE iuid_timestamp(id) >= '2024-01-01'::timestamptz + from_g * interval '172.8 seconds';
INSERT INTO tg_comb SELECT comb_suffix_from_parts('2024-01-01'::timestamptz + g * interval '172.8 seconds', decode(md5(g::text), 'hex'))
  FROM generate_series(from_g, to_g - 1) g;
INSERT INTO tg_distid SELECT distid_lower_bound('2024-01-01'::timestamptz + g * interval '172.8 seconds')
  FROM generate_series(from_g, to_g - 1) g;
$$;

-- the filters of each table at a given now, and whether each estimate holds
CREATE FUNCTION pg_temp.life_cycle(pct integer, now_ timestamptz)
RETURNS TABLE (pct integer, tbl text, form text, ok boolean, estimated float8, actual float8)
LANGUAGE sql AS $$
WITH tables(tbl, fn, lower_bound) AS (
    VALUES ('tg_plain', 'iuid_timestamp', 'iuid_lower_bound'),
           ('tg_parts', 'iuid_timestamp', 'iuid_lower_bound'),
           ('tg_stripes', 'iuid_timestamp', 'iuid_lower_bound'),
           ('tg_uuid', 'iuid_timestamp', NULL),
           ('tg_comb', 'comb_timestamp', 'comb_lower_bound'),
           ('tg_distid', 'distid_timestamp', 'distid_lower_bound')
), filters(tbl, form, filter) AS (
    SELECT tbl, 'f(id) >= now - 1 hour', format('%s(id) >= %L', fn, now_ - interval '1 hour') FROM tables
    UNION ALL
    SELECT tbl, 'f(id) >= now - 1 day', format('%s(id) >= %L', fn, now_ - interval '1 day') FROM tables
    UNION ALL
    SELECT tbl, 'f(id) >= 2024-02-25', format('%s(id) >= %L', fn, '2024-02-25'::timestamptz) FROM tables
    UNION ALL
    SELECT tbl, 'f(id) BETWEEN 2024-02-01 AND 2024-02-08',
           format('%s(id) BETWEEN %L AND %L', fn, '2024-02-01'::timestamptz, '2024-02-08'::timestamptz) FROM tables
    UNION ALL
    SELECT tbl, 'f(id) >= now - 1 day AND f(id) < now - 12 hours',
           format('%1$s(id) >= %2$L AND %1$s(id) < %3$L', fn, now_ - interval '1 day', now_ - interval '12 hours') FROM tables
    UNION ALL
    SELECT tbl, 'id >= lower_bound(now - 1 day)', format('id >= %s(%L)', lower_bound, now_ - interval '1 day')
      FROM tables WHERE lower_bound IS NOT NULL
)
SELECT pct, tbl, form, e.*
  FROM filters, pg_temp.estimate(format('SELECT * FROM %I WHERE %s', tbl, filter)) e
$$;

SELECT pg_temp.add_rows(0, 30000);
ANALYZE tg_plain, tg_parts, tg_stripes, tg_uuid, tg_comb, tg_distid;
-- March's and April's partitions are made after ANALYZE
SELECT count(*) FROM uidx_create_time_partitions('tg_parts', '2024-03-01', '2024-05-01', '1 month');
SELECT count(*) FROM uidx_create_time_partitions('tg_stripes', '2024-03-01', '2024-05-01', '1 month', 4);
CREATE TEMP TABLE life_cycle AS
SELECT * FROM pg_temp.life_cycle(0, '2024-01-01'::timestamptz + 30000 * interval '172.8 seconds');
SELECT pg_temp.add_rows(30000, 30300);
INSERT INTO life_cycle
SELECT * FROM pg_temp.life_cycle(1, '2024-01-01'::timestamptz + 30300 * interval '172.8 seconds');
SELECT pg_temp.add_rows(30300, 33000);
INSERT INTO life_cycle
SELECT * FROM pg_temp.life_cycle(10, '2024-01-01'::timestamptz + 33000 * interval '172.8 seconds');
SELECT pg_temp.add_rows(33000, 45000);
INSERT INTO life_cycle
SELECT * FROM pg_temp.life_cycle(50, '2024-01-01'::timestamptz + 45000 * interval '172.8 seconds');
SELECT count(*) AS cases, count(*) FILTER (WHERE ok) AS within_2x FROM life_cycle;
-- the misses, if any
SELECT * FROM life_cycle WHERE NOT ok ORDER BY pct, tbl COLLATE "C", form COLLATE "C";

-- ===========================================================================
-- What the probe does not read
-- ===========================================================================
-- Rows an aborted transaction added are dead to every snapshot: the probe
-- passes over them (its snapshot is SnapshotNonVacuumable, as PostgreSQL's
-- own), so the estimate of "the last hour" stays that of the rows there are.
BEGIN;
INSERT INTO tg_plain SELECT iuid_from_parts('2024-06-01'::timestamptz + g * interval '1 second', 7, 3, 100000 + g)
  FROM generate_series(0, 99) g;
ROLLBACK;
SELECT e.ok AS last_hour_ok_after_rollback
  FROM pg_temp.estimate(format('SELECT * FROM tg_plain WHERE iuid_timestamp(id) >= %L',
                               '2024-01-01'::timestamptz + 44980 * interval '172.8 seconds')) e;
-- without a btree index on the key, the estimate is the statistics' alone:
-- the rows added since ANALYZE count as none (1 row is the planner's least)
CREATE TABLE tg_noindex (id iuid);
INSERT INTO tg_noindex SELECT id FROM tg_plain WHERE iuid_timestamp(id) < '2024-03-01';
ANALYZE tg_noindex;
INSERT INTO tg_noindex SELECT id FROM tg_plain WHERE iuid_timestamp(id) >= '2024-03-01';
SELECT (plan->0->'Plan'->>'Plan Rows')::float8 AS rows_past_stats_without_index
  FROM (SELECT pg_temp.explain_json('SELECT * FROM tg_noindex WHERE iuid_timestamp(id) >= ''2024-03-10''') AS plan) p;
-- a generic plan's parameter: no bound while planning, PostgreSQL's estimate
PREPARE tg_param(timestamptz) AS SELECT * FROM tg_plain WHERE iuid_timestamp(id) >= $1;
SET plan_cache_mode = force_generic_plan;
EXPLAIN (COSTS OFF) EXECUTE tg_param('2024-03-10');
RESET plan_cache_mode;
DEALLOCATE tg_param;
-- NULL and bounds past the type's limits
SELECT e.ok AS null_bound_ok FROM pg_temp.estimate('SELECT * FROM tg_plain WHERE id >= NULL::iuid') e;
SELECT e.ok AS infinity_ok FROM pg_temp.estimate('SELECT * FROM tg_plain WHERE iuid_timestamp(id) < ''infinity''') e;
SELECT e.ok AS far_past_ok FROM pg_temp.estimate('SELECT * FROM tg_plain WHERE iuid_timestamp(id) >= ''1000-01-01''') e;
-- DML reads the same estimate
CREATE FUNCTION pg_temp.dml_rows(query text) RETURNS float8 LANGUAGE plpgsql AS $$
DECLARE
    plan jsonb;
BEGIN
    EXECUTE 'EXPLAIN (FORMAT JSON) ' || query INTO plan;
    RETURN (jsonb_path_query_first(plan, 'strict $.**."Plans"[0]."Plan Rows"'))::float8;
END
$$;
SELECT pg_temp.dml_rows(format('DELETE FROM tg_plain WHERE iuid_timestamp(id) >= %L',
                               '2024-01-01'::timestamptz + 44000 * interval '172.8 seconds'))
       BETWEEN 500 AND 2000 AS delete_estimate_ok,
       pg_temp.dml_rows(format('UPDATE tg_plain SET id = id WHERE iuid_timestamp(id) >= %L',
                               '2024-01-01'::timestamptz + 44000 * interval '172.8 seconds'))
       BETWEEN 500 AND 2000 AS update_estimate_ok;


-- A table that grew without new keys at its end: an UPDATE of a tenth of
-- its oldest rows adds new row versions (and pages), not rows past the
-- histogram.  None of that growth is put at the end, so "the last hour"
-- stays the rows that are there (it was estimated at the whole UPDATE).
CREATE TABLE tg_updated (id iuid PRIMARY KEY, status integer NOT NULL)
  WITH (autovacuum_enabled = off, fillfactor = 100);
INSERT INTO tg_updated SELECT id, 0 FROM tg_plain WHERE iuid_timestamp(id) < '2024-03-01';
ANALYZE tg_updated;
UPDATE tg_updated SET status = 1 WHERE iuid_timestamp(id) < '2024-01-07';
SELECT c.query_case, e.*
  FROM (VALUES
    ('last hour', $$SELECT * FROM tg_updated WHERE iuid_timestamp(id) >= timestamptz '2024-03-01' - interval '1 hour'$$),
    ('last hour, id range', $$SELECT * FROM tg_updated WHERE id >= iuid_lower_bound(timestamptz '2024-03-01' - interval '1 hour')$$)
  ) AS c(query_case, query), pg_temp.estimate(c.query) e
 ORDER BY c.query_case COLLATE "C";
DROP TABLE tg_updated;

-- A bound whose value runs a query of its own on the same table, whose
-- planning reads the key's ends and then fails, the function catching the
-- error: the outer estimate reads the same ends, and is the same as with
-- a constant bound (the keys read are kept by value, not in the failed
-- query's memory).
CREATE FUNCTION pg_temp.second_call_fails() RETURNS iuid STABLE LANGUAGE plpgsql AS $$
DECLARE
    n integer := coalesce(nullif(current_setting('tg.calls', true), ''), '0')::integer + 1;
BEGIN
    PERFORM set_config('tg.calls', n::text, false);
    IF n >= 2 THEN
        RAISE EXCEPTION 'second call';
    END IF;
    RETURN iuid_lower_bound('2024-04-01');
END
$$;
CREATE FUNCTION pg_temp.bound_after_failed_plan() RETURNS iuid STABLE LANGUAGE plpgsql AS $$
BEGIN
    BEGIN
        PERFORM set_config('tg.calls', '0', false);
        PERFORM count(*) FROM tg_plain
         WHERE id >= iuid_lower_bound('2024-03-20') AND id <= pg_temp.second_call_fails();
    EXCEPTION WHEN raise_exception THEN
        NULL;
    END;
    RETURN iuid_lower_bound('2024-04-01');
END
$$;
SELECT (pg_temp.explain_json($$SELECT * FROM tg_plain WHERE id >= iuid_lower_bound('2024-03-20')
                                 AND id <= pg_temp.bound_after_failed_plan()$$)->0->'Plan'->>'Plan Rows')
     = (pg_temp.explain_json($$SELECT * FROM tg_plain WHERE id >= iuid_lower_bound('2024-03-20')
                                 AND id <= iuid_lower_bound('2024-04-01')$$)->0->'Plan'->>'Plan Rows')
       AS same_estimate_after_failed_nested_plan;

DROP TABLE tg_plain, tg_parts, tg_stripes, tg_uuid, tg_comb, tg_distid, tg_noindex;

-- ===========================================================================
-- The probe's own paths (src/time_estimate.c, read_index_end_key): it scans
-- without keys and reads the key from the heap tuple it fetches anyway, so a
-- key with NULLs at the end it reads (an index sorted NULLS LAST, and one
-- sorted DESC NULLS FIRST) is read again with IS NOT NULL, and a row the
-- visibility map shows visible (a table vacuumed, never analyzed) from its
-- index tuple.  Each estimate is within 2x of the rows, as with a NOT NULL
-- key whose end is not yet all-visible.
-- ===========================================================================
CREATE TABLE tg_nulls (id iuid, v integer) WITH (autovacuum_enabled = off);
CREATE INDEX ON tg_nulls (id);
INSERT INTO tg_nulls
SELECT iuid_from_parts('2024-01-01'::timestamptz + g * interval '1 minute', 7, 3, g), g
  FROM generate_series(0, 9999) g;
INSERT INTO tg_nulls SELECT NULL, g FROM generate_series(1, 3000) g;
ANALYZE tg_nulls;
INSERT INTO tg_nulls
SELECT iuid_from_parts('2024-01-08'::timestamptz + g * interval '1 minute', 7, 3, 10000 + g), g
  FROM generate_series(0, 1999) g;
-- never analyzed
CREATE TABLE tg_nulls_desc (id iuid, v integer) WITH (autovacuum_enabled = off);
CREATE INDEX ON tg_nulls_desc (id DESC NULLS FIRST);
INSERT INTO tg_nulls_desc SELECT * FROM tg_nulls;
CREATE TABLE tg_visible (id iuid, v integer) WITH (autovacuum_enabled = off);
CREATE INDEX ON tg_visible (id);
INSERT INTO tg_visible SELECT * FROM tg_nulls WHERE id IS NOT NULL;
VACUUM tg_visible;
SELECT c.query_case, e.*
  FROM (VALUES
    ('nulls last, since Jan 8 noon', $$SELECT * FROM tg_nulls WHERE iuid_timestamp(id) >= '2024-01-08 12:00'$$),
    ('nulls last, id range', $$SELECT * FROM tg_nulls WHERE id >= iuid_lower_bound('2024-01-08 12:00')$$),
    ('desc nulls first, since Jan 8 noon', $$SELECT * FROM tg_nulls_desc WHERE iuid_timestamp(id) >= '2024-01-08 12:00'$$),
    ('desc nulls first, before Jan 1 noon', $$SELECT * FROM tg_nulls_desc WHERE iuid_timestamp(id) < '2024-01-01 12:00'$$),
    ('all-visible, since Jan 8 noon', $$SELECT * FROM tg_visible WHERE iuid_timestamp(id) >= '2024-01-08 12:00'$$),
    ('all-visible, before Jan 1 noon', $$SELECT * FROM tg_visible WHERE id < iuid_lower_bound('2024-01-01 12:00')$$)
  ) AS c(query_case, query), pg_temp.estimate(c.query) e
 ORDER BY c.query_case COLLATE "C";
DROP TABLE tg_nulls, tg_nulls_desc, tg_visible;

-- NULL entries of rows no snapshot sees (an aborted insert's) at the end a
-- probe reads: PostgreSQL's probe skips them in the index by its IS NOT
-- NULL key and reads no heap page for them; without that key each would
-- cost a heap page and, past a hundred, the probe would give up, leaving
-- the rows added since ANALYZE at one row.  Each table's estimate equals
-- its twin's, whose heap is the same and whose index sorts those NULLs at
-- the other end.
CREATE FUNCTION pg_temp.with_dead_nulls(t text, sort text) RETURNS void LANGUAGE plpgsql AS $f$
BEGIN
    EXECUTE format('CREATE TABLE %I (id iuid, v integer) WITH (autovacuum_enabled = off)', t);
    EXECUTE format('CREATE INDEX ON %I (id %s)', t, sort);
    EXECUTE format($$INSERT INTO %I
        SELECT iuid_from_parts('2024-01-01'::timestamptz + g * interval '1 minute', 7, 3, g), g
          FROM generate_series(0, 9999) g$$, t);
    EXECUTE format('ANALYZE %I', t);
    EXECUTE format($$INSERT INTO %I
        SELECT iuid_from_parts('2024-01-08'::timestamptz + g * interval '1 minute', 7, 3, 10000 + g), g
          FROM generate_series(0, 1999) g$$, t);
    BEGIN
        EXECUTE format('INSERT INTO %I SELECT NULL, g FROM generate_series(1, 60000) g', t);
        RAISE EXCEPTION 'rolled back';
    EXCEPTION WHEN raise_exception THEN
        NULL;
    END;
END
$f$;
SELECT pg_temp.with_dead_nulls('tg_dead_nulls', ''),
       pg_temp.with_dead_nulls('tg_dead_nulls_twin', 'NULLS FIRST'),
       pg_temp.with_dead_nulls('tg_dead_nulls_desc', 'DESC NULLS FIRST'),
       pg_temp.with_dead_nulls('tg_dead_nulls_desc_twin', 'DESC NULLS LAST');
SELECT t.name, q.query_case,
       pg_temp.explain_json(format(q.query, t.name))->0->'Plan'->>'Plan Rows'
         = pg_temp.explain_json(format(q.query, t.name || '_twin'))->0->'Plan'->>'Plan Rows'
         AS same_as_twin
  FROM (VALUES ('tg_dead_nulls'), ('tg_dead_nulls_desc')) AS t(name),
       (VALUES ('since Jan 8 noon', $$SELECT * FROM %I WHERE iuid_timestamp(id) >= '2024-01-08 12:00'$$),
               ('id range', $$SELECT * FROM %I WHERE id >= iuid_lower_bound('2024-01-08 12:00')$$)
       ) AS q(query_case, query)
 ORDER BY 1, 2;
DROP TABLE tg_dead_nulls, tg_dead_nulls_twin, tg_dead_nulls_desc, tg_dead_nulls_desc_twin;

-- ===========================================================================
-- A VACUUM since ANALYZE (autovacuum's insert-triggered one among them)
-- counts the rows again in pg_class.reltuples without a new histogram: the
-- rows added before it are those the cumulative statistics count as changed
-- since ANALYZE.  Each load is flushed to those statistics before the next
-- step (pg_stat_force_next_flush), so that the counts do not lag behind.
-- 10,000 rows one a minute from 2024-01-01 analyzed, then 2,000 from
-- 2024-01-08; "daily" holds 1,000 rows a day from 2024-01-01 and today's
-- (2024-01-08) first 300 when analyzed, then 500 more of today.
-- ===========================================================================
CREATE TABLE tg_vacuumed (id iuid, v integer) WITH (autovacuum_enabled = off);
CREATE INDEX ON tg_vacuumed (id);
CREATE TABLE tg_vacuumed_days (id iuid PRIMARY KEY) PARTITION BY RANGE (id);
SELECT count(*) FROM uidx_create_time_partitions('tg_vacuumed_days', '2024-01-01', '2024-01-09', '1 day');
SELECT format('ALTER TABLE %s SET (autovacuum_enabled = off)', inhrelid::regclass)
  FROM pg_inherits WHERE inhparent = 'tg_vacuumed_days'::regclass \gexec
CREATE TABLE tg_vacuumed_updated (id iuid, v integer) WITH (autovacuum_enabled = off);
CREATE INDEX ON tg_vacuumed_updated (id);
CREATE TABLE tg_vacuumed_deleted (id iuid, v integer) WITH (autovacuum_enabled = off);
CREATE INDEX ON tg_vacuumed_deleted (id);
INSERT INTO tg_vacuumed
SELECT iuid_from_parts('2024-01-01'::timestamptz + g * interval '1 minute', 7, 3, g), g
  FROM generate_series(0, 9999) g;
INSERT INTO tg_vacuumed_updated SELECT * FROM tg_vacuumed;
INSERT INTO tg_vacuumed_deleted SELECT * FROM tg_vacuumed;
INSERT INTO tg_vacuumed_days
SELECT iuid_from_parts('2024-01-01'::timestamptz + g * interval '86.4 seconds', 7, 3, g)
  FROM generate_series(0, 7299) g;
SELECT pg_stat_force_next_flush();
ANALYZE tg_vacuumed, tg_vacuumed_days, tg_vacuumed_updated, tg_vacuumed_deleted;
INSERT INTO tg_vacuumed
SELECT iuid_from_parts('2024-01-08'::timestamptz + g * interval '1 minute', 7, 3, 10000 + g), g
  FROM generate_series(0, 1999) g;
INSERT INTO tg_vacuumed_deleted SELECT * FROM tg_vacuumed WHERE v >= 0 AND id > iuid_lower_bound('2024-01-08');
-- the table's growth is new row versions, no key past the histogram's end
UPDATE tg_vacuumed_updated SET v = -v WHERE v % 10 = 0;
-- a retention DELETE of half as many old rows as were added (they count as
-- changed too: one of as many would double the estimate of the newest rows)
DELETE FROM tg_vacuumed_deleted WHERE id < iuid_lower_bound('2024-01-01 16:40');
INSERT INTO tg_vacuumed_days
SELECT iuid_from_parts('2024-01-01'::timestamptz + g * interval '86.4 seconds', 7, 3, g)
  FROM generate_series(7300, 7799) g;
SELECT pg_stat_force_next_flush();
CREATE TEMP TABLE tg_vacuum_cases AS
SELECT c.query_case, c.query, e.ok AS ok_before_vacuum
  FROM (VALUES
    ('since Jan 8 09:20', $$SELECT * FROM tg_vacuumed WHERE iuid_timestamp(id) >= '2024-01-08 09:20'$$),
    ('since Jan 8 09:20, id range', $$SELECT * FROM tg_vacuumed WHERE id >= iuid_lower_bound('2024-01-08 09:20')$$),
    ('before Jan 7', $$SELECT * FROM tg_vacuumed WHERE iuid_timestamp(id) < '2024-01-07'$$),
    ('today, daily partitions', $$SELECT * FROM tg_vacuumed_days WHERE iuid_timestamp(id) >= '2024-01-08'$$),
    ('since 12:00, daily partitions', $$SELECT * FROM tg_vacuumed_days WHERE iuid_timestamp(id) >= '2024-01-08 12:00'$$),
    ('updated, since Jan 6', $$SELECT * FROM tg_vacuumed_updated WHERE iuid_timestamp(id) >= '2024-01-06'$$),
    ('updated, before Jan 2', $$SELECT * FROM tg_vacuumed_updated WHERE id < iuid_lower_bound('2024-01-02')$$),
    ('retention delete, since Jan 8 09:20', $$SELECT * FROM tg_vacuumed_deleted WHERE iuid_timestamp(id) >= '2024-01-08 09:20'$$)
  ) AS c(query_case, query), pg_temp.estimate(c.query) e;
-- every page read (PostgreSQL 19's VACUUM may skip pages already all-visible
-- and keep reltuples as it was; autovacuum's insert-triggered one reads them)
VACUUM (DISABLE_PAGE_SKIPPING) tg_vacuumed, tg_vacuumed_days, tg_vacuumed_updated, tg_vacuumed_deleted;
-- the VACUUM counted every row again
SELECT relname, reltuples
  FROM pg_class
 WHERE relname IN ('tg_vacuumed', 'tg_vacuumed_updated', 'tg_vacuumed_deleted')
 ORDER BY 1;
SELECT c.query_case, c.ok_before_vacuum, e.*
  FROM tg_vacuum_cases c, pg_temp.estimate(c.query) e
 ORDER BY c.query_case COLLATE "C";
DROP TABLE tg_vacuumed, tg_vacuumed_days, tg_vacuumed_updated, tg_vacuumed_deleted, tg_vacuum_cases;

-- ===========================================================================
-- Reading those statistics while planning leaves the session's own reads of
-- them as they were: under stats_fetch_consistency = snapshot, a pg_stat_*
-- query sees the counts as they are at its own first read in the
-- transaction, not as they were when a query before it was planned.
-- ===========================================================================
CREATE TABLE tg_stats_read (id iuid, v integer) WITH (autovacuum_enabled = off);
CREATE INDEX ON tg_stats_read (id);
INSERT INTO tg_stats_read
SELECT iuid_from_parts('2024-01-01'::timestamptz + g * interval '1 minute', 7, 3, g), g
  FROM generate_series(0, 9999) g;
SELECT pg_stat_force_next_flush();
ANALYZE tg_stats_read;
INSERT INTO tg_stats_read
SELECT iuid_from_parts('2024-01-08'::timestamptz + g * interval '1 minute', 7, 3, 10000 + g), g
  FROM generate_series(0, 1999) g;
SELECT pg_stat_force_next_flush();
VACUUM tg_stats_read;
SET stats_fetch_consistency = snapshot;
BEGIN;
SELECT e.ok FROM pg_temp.estimate($$SELECT * FROM tg_stats_read WHERE iuid_timestamp(id) >= '2024-01-08 09:20'$$) e;
SELECT pg_stat_reset_single_table_counters('tg_stats_read'::regclass);
SELECT n_mod_since_analyze, last_vacuum IS NULL AS vacuum_time_reset
  FROM pg_stat_user_tables WHERE relid = 'tg_stats_read'::regclass;
COMMIT;
RESET stats_fetch_consistency;
DROP TABLE tg_stats_read;
