SET timezone = 'UTC';
-- UUIDv7 as PostgreSQL 18 makes it (spec section E).  The vectors with fixed
-- clock and random bits are checked on the pure core by test/t/unit-luuid.sh;
-- here the SQL functions are checked by structure.

-- pg_catalog named after the extension's schema: plain uuidv7() calls reach
-- uidx's functions even on PostgreSQL 18, whose core uuidv7() would
-- otherwise come first (and ignores the uidx test clock used below)
SET search_path = public, pg_catalog;
SELECT p.oid::regprocedure AS resolves_to, n.nspname AS schema
  FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
 WHERE p.oid IN ('uuidv7()'::regprocedure, 'uuidv7(interval)'::regprocedure)
 ORDER BY p.oid::regprocedure::text;

\i sql/include/error_of.sql

-- version nibble, variant nibble, 12-bit field
CREATE FUNCTION pg_temp.v7_fields(u uuid, OUT ver text, OUT var text, OUT fraction integer)
LANGUAGE sql IMMUTABLE AS $$
SELECT substr(u::text, 15, 1), substr(u::text, 20, 1),
       ('x' || lpad(substr(u::text, 16, 3), 8, '0'))::bit(32)::integer
$$;

-- ---- decode vectors ----
SELECT u, uuidv7_timestamp(u) AS ts, (pg_temp.v7_fields(u)).*
  FROM (VALUES ('019535d9-3df7-79fb-b466-fa907fa17f9e'::uuid),
               ('017f22e2-79b0-7cc3-98c4-dc0c0c07398f'),
               ('018bcfe5-687b-774f-8123-456789abcdef'),
               ('01941f29-7c00-7000-8123-456789abcdef')) v(u);
-- NULL for other versions and for non-RFC variants
SELECT u, uuidv7_timestamp(u) AS ts
  FROM (VALUES ('5b30857f-0bfa-48b5-ac0b-5c64e28078d1'::uuid),   -- v4
               ('00000000-0001-62b6-a000-000000000000'),         -- PK-embedded (6)
               ('019535d9-3df7-79fb-3466-fa907fa17f9e'),         -- variant 0xx
               ('019535d9-3df7-79fb-c466-fa907fa17f9e'),         -- variant 110
               ('018cc251-f400-8001-8040-000000000000')) v(u);   -- v8

-- ---- lower bound ----
SELECT uuidv7_lower_bound('2022-02-22 19:22:22.000999+00') AS ms_1645557742000,
       uuidv7_lower_bound('1970-01-01 00:00:00+00') AS epoch,
       uuidv7_lower_bound('10889-08-02 05:31:50.655999+00') AS last_ms;
SELECT uuidv7_lower_bound('2025-02-24 02:46:24.503+00') <= '019535d9-3df7-79fb-b466-fa907fa17f9e'::uuid
       AND '019535d9-3df7-79fb-b466-fa907fa17f9e'::uuid < uuidv7_lower_bound('2025-02-24 02:46:24.504+00')
       AS vector_within_its_ms;
SELECT pg_temp.error_of($$SELECT uuidv7_lower_bound('1969-12-31 23:59:59.999+00')$$);
SELECT pg_temp.error_of($$SELECT uuidv7_lower_bound('10889-08-02 05:31:50.656+00')$$);
SELECT pg_temp.error_of($$SELECT uuidv7_lower_bound('infinity')$$);

-- ---- uuidv7(): structure and clock ----
SELECT clock_timestamp() AS before \gset
SELECT uuidv7() AS u \gset
SELECT clock_timestamp() AS after \gset
SELECT (pg_temp.v7_fields(:'u')).ver, (pg_temp.v7_fields(:'u')).var IN ('8', '9', 'a', 'b') AS rfc_variant,
       uuidv7_timestamp(:'u') BETWEEN date_trunc('milliseconds', :'before'::timestamptz) AND :'after'
           AS timestamp_is_now,
       uuidv7_timestamp(:'u') = date_trunc('milliseconds', uuidv7_timestamp(:'u')) AS whole_ms;
SELECT uuidv7(NULL) IS NULL AS strict;

-- monotonic within one backend: 100,000 ids in one statement, in the order made
SELECT count(*) AS ids,
       count(*) FILTER (WHERE u <= prev) AS not_increasing,
       count(*) FILTER (WHERE (pg_temp.v7_fields(u)).ver <> '7'
                           OR (pg_temp.v7_fields(u)).var NOT IN ('8', '9', 'a', 'b')) AS malformed
  FROM (SELECT u, lag(u) OVER (ORDER BY n) AS prev
          FROM (SELECT n, uuidv7() AS u FROM generate_series(1, 100000) n) g) s;

-- a clock set back an hour: ids still increase (previous + 245 ns), staying
-- in the last millisecond used or the next one
SELECT uuidv7() AS before_setback \gset
SET uidx.debug_clock_offset_ms = -3600000;
SELECT uuidv7() AS after_setback \gset
SELECT :'after_setback'::uuid > :'before_setback'::uuid AS still_increasing,
       uuidv7_timestamp(:'after_setback') - uuidv7_timestamp(:'before_setback') <= interval '1 ms'
           AS held_at_last_ms;
RESET uidx.debug_clock_offset_ms;
-- a frozen clock: each id advances 245 ns, so 1000 ids span about 0.25 ms
-- and the 12-bit fraction grows with every one
SET uidx.debug_clock_freeze = on;
SELECT count(*) FILTER (WHERE u <= prev) AS not_increasing,
       max(uuidv7_timestamp(u)) - min(uuidv7_timestamp(u)) <= interval '1 ms' AS within_a_ms
  FROM (SELECT u, lag(u) OVER (ORDER BY n) AS prev
          FROM (SELECT n, uuidv7() AS u FROM generate_series(1, 1000) n) g) s;
RESET uidx.debug_clock_freeze;

-- ---- uuidv7(shift) ----
SELECT clock_timestamp() AS before \gset
SELECT uuidv7('-1 month') AS month_ago, uuidv7('1 day 2 hours') AS tomorrow,
       uuidv7('10 years') AS decade \gset
SELECT clock_timestamp() AS after \gset
SELECT uuidv7_timestamp(:'month_ago') BETWEEN date_trunc('milliseconds', :'before'::timestamptz - interval '1 month')
                                          AND :'after'::timestamptz - interval '1 month' AS month_ago_ok,
       uuidv7_timestamp(:'tomorrow') BETWEEN date_trunc('milliseconds', :'before'::timestamptz + interval '1 day 2 hours')
                                         AND :'after'::timestamptz + interval '1 day 2 hours' AS tomorrow_ok,
       uuidv7_timestamp(:'decade') BETWEEN date_trunc('milliseconds', :'before'::timestamptz + interval '10 years')
                                       AND :'after'::timestamptz + interval '10 years' AS decade_ok,
       (pg_temp.v7_fields(:'decade')).ver AS ver;
-- shifted ids are not kept in order with the others: they sort by shifted time
SELECT uuidv7('-1 day') < uuidv7() AS shifted_back_sorts_first;
-- range errors: before 1970, beyond the 48-bit millisecond field, and beyond
-- what timestamptz can hold at all (PostgreSQL's own error)
SELECT pg_temp.error_of($$SELECT uuidv7('-100 years')$$);
SELECT pg_temp.error_of($$SELECT uuidv7('9000 years')$$);
SELECT pg_temp.error_of($$SELECT uuidv7('300000 years')$$);
SELECT pg_temp.error_of($$SELECT uuidv7('-300000 years')$$);

-- ---- volatility, strictness and parallel safety of every function ----
SELECT p.oid::regprocedure AS function, p.provolatile, p.proisstrict, p.proparallel
  FROM pg_proc p
  JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e'
  JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'uidx'
 WHERE p.proname ~ '^uuidv7'
 ORDER BY p.oid::regprocedure::text;
