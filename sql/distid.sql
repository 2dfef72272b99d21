-- DistributedId (FORMATS.md §A1) as the type distid, and DistributedId128 (§A2).
-- The generator traces with fixed clock and random inputs are replayed by
-- test/unit/distid_unit.c (test/t/unit-distid.sh); here the SQL surface.
SET timezone = 'UTC';
SET datestyle = 'ISO, YMD';

\i test/regress/error_of.sql

-- ---------------------------------------------------------------------------
-- FORMATS.md §A1 vectors: clock | r48 -> ts45 | decimal | hex26 | alphanumeric.
-- id = ts45 * 2^48 + r48, and ts45 is the clock minus the 1 s leeway.
-- ---------------------------------------------------------------------------
CREATE TEMP TABLE a1 (clock timestamptz, r48 text, ts45 bigint, dec text, hex26 text, alnum text);
INSERT INTO a1 VALUES
 ('2020-01-01T00:00:00.000Z', '000000000001', 3786825599000, '1065896647285840956882944001', '000371B0650818000000000001', '3uRpl0h58RPKLfPN'),
 ('2024-02-29T12:34:56.789Z', '123456789abc', 3918198895789, '1102874942939946846548171452', '00039046DA74AD123456789ABC', '42rJyA13xiyPsX9g'),
 ('2025-01-01T00:00:00.000Z', 'ffffffffffff', 3944678399000, '1110328260489834271296454655', '00039671279C18FFFFFFFFFFFF', '44YQpDOu3ayRFuKF'),
 ('2012-08-01T00:00:00.000Z', '800000000000', 3552767999000, '1000015289777029656585699328', '00033B31797C18800000000000', '3fSjxAeYcvxX32LA'),
 ('2099-12-31T23:59:59.999Z', '0a0b0c0d0e0f', 6311433598999, '1776510625289106347317333519', '0005BD7EC1F8170A0B0C0D0E0F', '6W5HlLIZmsgWP3dP'),
 ('2013-10-11T09:30:00.000Z', '0005deece66d', 3590472599000, '1010628191183773544529847917', '000343F8D805D80005DEECE66D', '3hsPQ0V6a1YnWW7h');

SELECT id,
       id::text = dec AS decimal_ok,
       length(id::text) AS digits,
       alnum_encode(id) = alnum AS alnum_ok,
       upper(substr(replace(id::uuid::text, '-', ''), 7)) = hex26 AS hex26_ok,
       distid_timestamp(id) AS ts,
       distid_timestamp(id) = clock - interval '1 second' AS ts_is_clock_minus_leeway,
       distid_timestamp(dec::numeric) = distid_timestamp(id) AS numeric_ts_ok,
       dec::distid = id AND alnum::distid = id AND alnum_decode_distid(alnum) = id AS parses_ok,
       distid_lower_bound(clock - interval '1 second') <= id
         AND id < distid_lower_bound(clock - interval '999 milliseconds') AS within_its_ms
  FROM (SELECT *, (ts45 * 2::numeric ^ 48 + ('x' || lpad(r48, 16, '0'))::bit(64)::bigint)::distid AS id
          FROM a1) v
 ORDER BY id;

-- The README id: ts45 = 3868281180285, r48 = 0xb2ad82883dc7, 2022-07-31T18:33:00.285Z
SELECT '1088824355131185736905670087'::distid AS id,
       div(1088824355131185736905670087, 2::numeric ^ 48) AS ts45,
       to_hex(mod(1088824355131185736905670087, 2::numeric ^ 48)::bigint) AS r48,
       distid_timestamp('1088824355131185736905670087'::distid),
       distid_timestamp(1088824355131185736905670087::numeric),
       alnum_encode('1088824355131185736905670087'::distid);

-- The 28-digit property: from ts45 = 3552713678801 (2012-07-31T08:54:38.801Z)
-- every id is at least 10^27, so has 28 digits; the first id of the ms before
-- has 27.  No id exceeds 28 digits.
SELECT distid_lower_bound('2012-07-31T08:54:38.801Z') AS first_28_digit_ms,
       length(distid_lower_bound('2012-07-31T08:54:38.801Z')::text) AS digits,
       distid_lower_bound('2012-07-31T08:54:38.801Z')::numeric >= 10::numeric ^ 27 AS at_least_1e27,
       length(distid_lower_bound('2012-07-31T08:54:38.800Z')::text) AS digits_ms_before,
       length((2::numeric ^ 93 - 1)::distid::text) AS digits_of_max;

-- The 45-bit time field ends at 3014-12-13T12:41:28.831Z.
SELECT distid_lower_bound('3014-12-13T12:41:28.831Z'),
       distid_timestamp('9903520314283042199192993791'::distid) AS ts_of_max,
       distid_lower_bound('1900-01-01T00:00:00Z') AS first,
       distid_lower_bound('1899-12-31T23:59:59.9995Z') AS sub_ms_before_1900;

SELECT q, pg_temp.error_of(q) FROM (VALUES
    ($$SELECT distid_lower_bound('3014-12-13T12:41:28.832Z')$$),
    ($$SELECT distid_lower_bound('3014-12-13T12:41:28.8315Z')$$),
    ($$SELECT distid_lower_bound('1899-12-31T23:59:59.999Z')$$),
    ($$SELECT distid_lower_bound('infinity')$$),
    ($$SELECT distid_lower_bound('-infinity')$$)) v(q);

-- ---------------------------------------------------------------------------
-- Text input: 1 to 28 digits (leading zeros allowed), or exactly 16
-- alphanumeric characters.  A 16-character text is always alphanumeric.
-- ---------------------------------------------------------------------------
SELECT t, t::distid FROM (VALUES
    ('0'), ('1'), ('0000000000000000000000000001'), ('9903520314283042199192993791'),
    ('0000000000000000'), ('0000000000000010'), ('aKeeFLygHa16AHYF'),
    ('1234567890123456'), ('01234567890123456'), ('123456789012345')) v(t);

SELECT t, pg_temp.error_of(format('SELECT %L::distid', t)) FROM (VALUES
    (''), (' 1'), ('1 '), ('+1'), ('-1'), ('1.0'), ('1e3'), ('0x1F'),
    ('00000000000000000000000000001'),      -- 29 characters
    ('9903520314283042199192993792'),       -- 2^93
    ('9999999999999999999999999999'),
    ('aKeeG00000000000'),                   -- 2^93 in alphanumeric form
    ('aKeeFLygHa16AHYG'),                   -- non-canonical low block
    ('agbFu5KnEQGxp4QC'),                   -- 10^28
    ('3zfAkCP7ZtzfeQY$'),                   -- non-ASCII ones: sql/encoding.sql
    ('3zfAkCP7ZtzfeQY'), ('3zfAkCP7ZtzfeQYpp'),
    ('00000000-0000-0000-0000-000000000001')) v(t);

-- ---------------------------------------------------------------------------
-- Casts: numeric <-> distid (assignment), distid -> uuid (binary), uuid -> distid
-- ---------------------------------------------------------------------------
SELECT 1088824355131185736905670087::distid AS from_numeric,
       1.000::distid AS integral_scale,
       '1088824355131185736905670087'::distid::numeric AS to_numeric,
       pg_typeof('1'::distid::numeric),
       '1088824355131185736905670087'::distid::uuid AS to_uuid,
       '00000000-0384-a786-907d-b2ad82883dc7'::uuid::distid AS from_uuid;

SELECT q, pg_temp.error_of(q) FROM (VALUES
    ('SELECT 1.5::distid'),
    ('SELECT 0.0000001::distid'),
    ('SELECT (-1)::numeric::distid'),
    ('SELECT 9903520314283042199192993792::distid'),
    ('SELECT 1e40::distid'),
    ($$SELECT 'NaN'::numeric::distid$$),
    ($$SELECT 'Infinity'::numeric::distid$$),
    ($$SELECT '-Infinity'::numeric::distid$$),
    ($$SELECT distid_timestamp(1.5)$$),
    ($$SELECT distid_timestamp(-1::numeric)$$),
    ($$SELECT '00000000-2000-0000-0000-000000000000'::uuid::distid$$),
    ($$SELECT 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid::distid$$)) v(q);
-- no implicit cast: a distid is no numeric, for + or for < (= and <>: below);
-- the parser's errors without the detail PostgreSQL 19 added to them
SELECT q, split_part(pg_temp.error_of(q), ' / ', 1) AS no_implicit_cast FROM (VALUES
    ($$SELECT '1'::distid + 1$$),
    ($$SELECT '1'::distid < 1::numeric$$)) v(q);

-- assignment casts let numeric(28,0) and distid columns exchange values
CREATE TEMP TABLE via_assignment (d distid, n numeric(28,0));
INSERT INTO via_assignment VALUES (1088824355131185736905670087, '1088824355131185736905670087'::distid);
SELECT d, n, d::numeric = n AS same FROM via_assignment;

-- distid = and <> an integer, bigint or numeric, in both orders: the number
-- as a distid (`distid_col = 123`, and the parameters drivers send for a
-- distid read back as a number); outside a distid's range an error
SELECT '123'::distid = 123 AS int4, 123 = '123'::distid AS int4_left,
       '123'::distid = 123::bigint AS int8, 123::bigint = '123'::distid AS int8_left,
       '1088824355131185736905670087'::distid = 1088824355131185736905670087 AS numeric,
       1088824355131185736905670087 = '1088824355131185736905670087'::distid AS numeric_left,
       '123'::distid = 124 AS int4_other, '123'::distid <> 124 AS int4_ne, 124 <> '123'::distid AS int4_ne_left,
       '123'::distid <> 123::bigint AS int8_ne, 123::numeric <> '123'::distid AS numeric_ne,
       '123'::distid = NULL::integer AS null_int4;
SELECT q, pg_temp.error_of(q) FROM (VALUES
    ($$SELECT '1'::distid = -1$$),
    ($$SELECT '1'::distid = 1.5$$),
    ($$SELECT -1::bigint <> '1'::distid$$)) v(q);
-- inlined: the distid index serves a constant and a bigint parameter
CREATE TEMP TABLE by_number (id distid PRIMARY KEY);
INSERT INTO by_number SELECT g::numeric FROM generate_series(1, 1000) g;
ANALYZE by_number;
SET enable_seqscan = off;
SET enable_bitmapscan = off;
EXPLAIN (COSTS OFF) SELECT id FROM by_number WHERE id = 123;
PREPARE by_bigint(bigint) AS SELECT id FROM by_number WHERE id = $1;
SET plan_cache_mode = force_generic_plan;
EXPLAIN (COSTS OFF) EXECUTE by_bigint(123);
EXECUTE by_bigint(123);
RESET plan_cache_mode;
RESET enable_bitmapscan;
RESET enable_seqscan;
DEALLOCATE by_bigint;
DROP TABLE by_number;

-- binary output is the 16-byte big-endian integer
SELECT distid_send('1088824355131185736905670087');

-- ---------------------------------------------------------------------------
-- distid_lower_bound agrees with distid_timestamp:
--   distid_timestamp(id) >= t  <=>  id >= distid_lower_bound(t)
-- for whole and fractional milliseconds, and ids on either side of each bound
-- ---------------------------------------------------------------------------
WITH t(at) AS (
    VALUES ('2024-01-01T00:00:00Z'::timestamptz), ('2024-01-01T00:00:00.0005Z'),
           ('2024-01-01T00:00:00.001Z'), ('2024-01-01T00:00:00.999999Z'),
           ('1969-12-31T23:59:59.9995Z'), ('1900-01-01T00:00:00.0001Z')),
ids(id) AS (
    SELECT (distid_lower_bound(t.at)::numeric + delta)::distid
      FROM t, (VALUES (-1::numeric), (0), (1), (2::numeric ^ 48 - 1), (2::numeric ^ 48)) d(delta)
     WHERE distid_lower_bound(t.at)::numeric + delta >= 0)
SELECT count(*) AS pairs,
       count(*) FILTER (WHERE (distid_timestamp(id) >= at) <> (id >= distid_lower_bound(at))) AS disagreements
  FROM t, ids;

-- ---------------------------------------------------------------------------
-- Generation
-- ---------------------------------------------------------------------------
-- 100,000 ids from one statement: strictly increasing in generation order,
-- 28 digits, embedded time before the clock and at most 1 s behind it.
CREATE TEMP TABLE generated AS
SELECT n, clock_timestamp() AS before, distid_generate() AS id, clock_timestamp() AS after
  FROM generate_series(1, 100000) n;
SELECT count(*) AS ids,
       count(DISTINCT id) AS distinct_ids,
       count(*) FILTER (WHERE id <= prev) AS not_increasing,
       count(*) FILTER (WHERE length(id::text) <> 28) AS not_28_digits,
       count(*) FILTER (WHERE distid_timestamp(id) >= after
                           OR distid_timestamp(id) < date_trunc('milliseconds', before) - interval '1 second') AS off_clock
  FROM (SELECT id, before, after, lag(id) OVER (ORDER BY n) AS prev FROM generated) s;

-- sorting (sortsupport with abbreviated keys) gives the generation order
SELECT count(*) FILTER (WHERE n <> rank) AS out_of_order
  FROM (SELECT n, row_number() OVER (ORDER BY id) AS rank FROM generated) s;

-- distid vs numeric(28,0): the same values, the same order, also in indexes
CREATE TEMP TABLE both_ways AS
SELECT id, id::numeric(28,0) AS num FROM generated
UNION ALL
SELECT v::distid, v FROM (VALUES (0::numeric(28,0)), (1), (2::numeric ^ 48), (2::numeric ^ 64 - 1),
                                 (2::numeric ^ 64), (10::numeric ^ 27), (2::numeric ^ 93 - 1)) x(v);
CREATE INDEX ON both_ways (id);
CREATE INDEX ON both_ways USING hash (id);
CREATE INDEX ON both_ways USING brin (id);
SELECT (SELECT array_agg(id::numeric ORDER BY id) FROM both_ways)
     = (SELECT array_agg(num ORDER BY num) FROM both_ways) AS same_order,
       (SELECT count(*) FROM both_ways WHERE id::numeric <> num) AS different_values;
SET enable_seqscan = off;
SET enable_bitmapscan = off;
SELECT count(*) FROM both_ways WHERE id >= distid_lower_bound('2012-07-31T08:54:38.801Z');
SELECT count(*) FROM both_ways WHERE id = '18446744073709551616'::distid;  -- 2^64
RESET enable_seqscan;
RESET enable_bitmapscan;

-- distributed_id() is the same generator, as numeric
SELECT pg_typeof(distributed_id()),
       distributed_id()::distid < distid_generate() AS shared_generator,
       length(distributed_id()::text) AS digits,
       scale(distributed_id()) AS scale;

-- ---------------------------------------------------------------------------
-- Range partitioning by a distid column
-- ---------------------------------------------------------------------------
CREATE TABLE distid_events (id distid PRIMARY KEY, note text) PARTITION BY RANGE (id);
SELECT uidx_create_time_partitions('distid_events', '2024-01-01', '2024-01-04', '1 day');
SELECT c.relname, pg_get_expr(c.relpartbound, c.oid)
  FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
 WHERE i.inhparent = 'distid_events'::regclass ORDER BY 1;
INSERT INTO distid_events
SELECT (distid_lower_bound(at)::numeric + 12345)::distid, at::text
  FROM (VALUES ('2024-01-01T00:00:00Z'::timestamptz), ('2024-01-01T23:59:59.999Z'),
               ('2024-01-02T00:00:00Z'), ('2024-01-03T12:00:00Z')) v(at);
SELECT tableoid::regclass, id, distid_timestamp(id) FROM distid_events ORDER BY id;
SELECT pg_temp.error_of($$INSERT INTO distid_events VALUES (distid_lower_bound('2024-01-04'), 'late')$$);
EXPLAIN (COSTS OFF)
SELECT * FROM distid_events
 WHERE id >= distid_lower_bound('2024-01-02') AND id < distid_lower_bound('2024-01-03');
SELECT note FROM distid_events
 WHERE id >= distid_lower_bound('2024-01-02') AND id < distid_lower_bound('2024-01-03');
DROP TABLE distid_events;

-- ---------------------------------------------------------------------------
-- DistributedId128 (FORMATS.md §A2): uuid, version 7 with bit 64 clear
-- ---------------------------------------------------------------------------
SELECT u, distid128_timestamp(u), alnum_encode(u) FROM (VALUES
    ('094954a8-622c-76ad-1b93-cdefcbdf0888'::uuid),   -- README: 2023-07-24T17:59:43.916Z
    ('0945363a-8c00-7000-0000-000000000001'),         -- 2023-01-01T00:00:00.000Z
    ('094dc076-1895-7246-4567-89abcdef0123'),         -- 2024-02-29T12:34:56.789Z
    ('09578ee2-4bff-7fff-7fff-ffffffffffff'),         -- 2025-06-30T23:59:59.999Z
    ('07bfcb99-c400-7001-0000-000000000000'),         -- 1970-01-01T00:00:00.000Z
    ('097b260b-57ed-77ff-0000-000000000000')) v(u);   -- 2030-05-05T05:05:05.005Z

-- not DistributedId128-shaped: NULL
SELECT u, distid128_timestamp(u) FROM (VALUES
    ('094954a8-622c-46ad-1b93-cdefcbdf0888'::uuid),   -- version 4
    ('094954a8-622c-76ad-9b93-cdefcbdf0888'),         -- bit 64 set (an RFC UUIDv7)
    ('00000000-0000-0000-0000-000000000000')) v(u);

-- 10,000 from one statement: strictly increasing, shaped, timestamp = the clock
CREATE TEMP TABLE generated128 AS
SELECT n, clock_timestamp() AS before, distid128_generate() AS u, clock_timestamp() AS after
  FROM generate_series(1, 10000) n;
SELECT count(*) FILTER (WHERE u <= prev) AS not_increasing,
       count(*) FILTER (WHERE substr(u::text, 15, 1) <> '7'
                           OR substr(u::text, 20, 1) NOT IN ('0','1','2','3','4','5','6','7')) AS not_shaped,
       count(*) FILTER (WHERE distid128_timestamp(u) < date_trunc('milliseconds', before)
                           OR distid128_timestamp(u) > after) AS off_clock
  FROM (SELECT u, before, after, lag(u) OVER (ORDER BY n) AS prev FROM generated128) s;

-- ---------------------------------------------------------------------------
-- Markings of every distid / distid128 function
-- ---------------------------------------------------------------------------
SELECT p.oid::regprocedure AS function, p.provolatile, p.proisstrict, p.proparallel
  FROM pg_proc p JOIN pg_depend d ON d.objid = p.oid AND d.classid = 'pg_proc'::regclass
 WHERE d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'uidx') AND d.deptype = 'e'
   AND (p.proname ~ '^distid' OR p.proname = 'distributed_id')
 ORDER BY p.oid::regprocedure::text COLLATE "C";

-- the generators read the uidx test clock (last: this leaves the backend's
-- generator state 10 days ahead)
SET uidx.debug_clock_offset_ms = 864000000;  -- 10 days ahead
SELECT distid_timestamp(distid_generate()) - now() BETWEEN interval '10 days' - interval '2 seconds'
                                                       AND interval '10 days' AS distid_follows_test_clock,
       distid128_timestamp(distid128_generate()) - now() BETWEEN interval '10 days' - interval '1 second'
                                                            AND interval '10 days' + interval '1 second' AS distid128_follows_test_clock;
RESET uidx.debug_clock_offset_ms;

