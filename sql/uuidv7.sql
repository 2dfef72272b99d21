SET timezone = 'UTC';
-- UUIDv7 as PostgreSQL 18 makes it (FORMATS.md §E).  The vectors with fixed
-- clock and random bits are checked on the pure core by test/t/unit-luuid.sh;
-- here the SQL functions are checked by structure.

-- Who answers an unqualified call (README "UUIDv7"): uidx before
-- PostgreSQL 18 (uuid_extract_* before 17), core from then on, whatever the
-- search_path.  Every check below runs against that function, so the same
-- expected output proves that uidx's copies behave as core's.
SET search_path = public, pg_catalog;
SELECT f AS function,
       n.nspname = CASE WHEN core THEN 'pg_catalog' ELSE 'public' END AS resolves_as_documented,
       EXISTS (SELECT FROM pg_proc p
                 JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e'
                 JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'uidx'
                WHERE p.proname = split_part(f, '(', 1)) = NOT core AS uidx_copy_only_without_core
  FROM (VALUES ('uuidv7()', 180000), ('uuidv7(interval)', 180000),
               ('uuid_extract_version(uuid)', 170000), ('uuid_extract_timestamp(uuid)', 170000)) v(f, since)
  CROSS JOIN LATERAL (SELECT current_setting('server_version_num')::integer >= since AS core) c
  JOIN pg_proc p ON p.oid = f::regprocedure
  JOIN pg_namespace n ON n.oid = p.pronamespace
 ORDER BY f;
RESET search_path;

\i test/regress/error_of.sql

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

-- uidx's own copy under a clock set back or standing still: clock_faults.sql

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

-- ---- version 1 and uuid_extract_version ----
-- RFC 9562's version 1 example (2022-02-22 14:22:22 GMT-05:00), a v4, a v8,
-- a non-RFC variant
SELECT u, uuid_extract_version(u) AS version, uuid_extract_timestamp(u) AS extracted,
       uuidv7_timestamp(u) AS uidx
  FROM (VALUES ('c232ab00-9414-11ec-b3c8-9f6bdeced846'::uuid),
               ('5b30857f-0bfa-48b5-ac0b-5c64e28078d1'),
               ('018cc251-f400-8001-8040-000000000000'),
               ('c232ab00-9414-11ec-73c8-9f6bdeced846')) v(u);
-- version 7: uuid_extract_timestamp reads it from PostgreSQL 18 on (and
-- uidx's before 17); PostgreSQL 17's core one returns NULL, so there
-- uuidv7_timestamp is the function to call (it reads 7 and 1 everywhere)
SELECT uuid_extract_version(u) AS version, uuidv7_timestamp(u) AS uidx,
       uuid_extract_timestamp(u) IS NOT DISTINCT FROM
           CASE WHEN current_setting('server_version_num')::integer / 10000 = 17 THEN NULL
                ELSE uuidv7_timestamp(u) END AS extract_as_documented
  FROM (VALUES ('017f22e2-79b0-7cc3-98c4-dc0c0c07398f'::uuid)) v(u);

-- ---- volatility, strictness and parallel safety of every function ----
-- (the generators as resolved above, uidx's or core's: the same markings)
SELECT f AS function, p.provolatile, p.proisstrict, p.proparallel
  FROM (VALUES ('uuidv7()'), ('uuidv7(interval)'), ('uuid_extract_version(uuid)'),
               ('uuid_extract_timestamp(uuid)')) v(f)
  JOIN pg_proc p ON p.oid = f::regprocedure
 ORDER BY f;
SELECT p.oid::regprocedure AS function, p.provolatile, p.proisstrict, p.proparallel
  FROM pg_proc p
  JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e'
  JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'uidx'
 WHERE p.proname ~ '^uuidv7_'
 ORDER BY p.oid::regprocedure::text;
