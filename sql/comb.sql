-- COMB family: FORMATS.md §B1-§B3 (vectors), the comb type, generators,
-- short-prefix validation, partitioning, errors and function markings.
SET timezone = 'UTC';
SET datestyle = 'ISO, YMD';
SET intervalstyle = 'postgres';
SET extra_float_digits = 0;

-- Runs a statement and returns its SQLSTATE and message (or 'ok').
CREATE FUNCTION pg_temp.error_of(statement text) RETURNS text
LANGUAGE plpgsql AS $$
BEGIN
    EXECUTE statement;
    RETURN 'ok';
EXCEPTION WHEN OTHERS THEN
    RETURN SQLSTATE || ': ' || SQLERRM;
END
$$;

-- SQL Server's uniqueidentifier order as a byte string: the comparison of
-- System.Data.SqlTypes.SqlGuid, which reads the .NET byte order (RFC bytes
-- 0-3, 4-5 and 6-7 reversed) at positions 10, 11, 12, 13, 14, 15, 8, 9, 6,
-- 7, 4, 5, 0, 1, 2, 3.  Written from that definition, independently of the
-- comb type, as the reference its order is checked against.
CREATE FUNCTION pg_temp.sqlguid_key(c comb) RETURNS bytea
LANGUAGE sql IMMUTABLE AS $$
SELECT string_agg(substr(net, p + 1, 1), ''::bytea ORDER BY k)
  FROM (SELECT string_agg(substr(comb_send(c), i + 1, 1), ''::bytea ORDER BY j) AS net
          FROM unnest(ARRAY[3, 2, 1, 0, 5, 4, 7, 6, 8, 9, 10, 11, 12, 13, 14, 15])
               WITH ORDINALITY AS n(i, j)) d,
       unnest(ARRAY[10, 11, 12, 13, 14, 15, 8, 9, 6, 7, 4, 5, 0, 1, 2, 3]) WITH ORDINALITY AS o(p, k)
 GROUP BY net
$$;

-- EXPLAIN (COSTS OFF) without the "Window: w1 AS (...)" lines that
-- PostgreSQL 18 adds under a WindowAgg (older servers name no window).
CREATE FUNCTION pg_temp.plan(query text) RETURNS SETOF text
LANGUAGE plpgsql AS $$
DECLARE
    line text;
BEGIN
    FOR line IN EXECUTE 'EXPLAIN (COSTS OFF) ' || query LOOP
        IF line !~ '^\s*Window: ' THEN
            RETURN NEXT line;
        END IF;
    END LOOP;
END
$$;

-- The tick of a monotonic COMB: its time field in its unit (ms; SQL Server
-- ticks since 1900 for 'sqlserver') times 2^bits plus the fraction after it
-- (12 bits in bytes 6-7 of a prefix COMB, 14 in bytes 8-9 of the others).
CREATE FUNCTION pg_temp.tick(kind text, u uuid) RETURNS bigint
LANGUAGE sql IMMUTABLE AS $$
SELECT CASE kind
    WHEN 'prefix' THEN ('x' || substr(h, 1, 12))::bit(48)::bigint * 4096
                       + ('x' || substr(h, 14, 3))::bit(12)::int
    WHEN 'suffix' THEN ('x' || substr(h, 21, 12))::bit(48)::bigint * 16384
                       + (('x' || substr(h, 17, 4))::bit(16)::int & 16383)
    WHEN 'sqlserver' THEN (('x' || substr(h, 21, 4))::bit(16)::int * 25920000::bigint
                           + ('x' || substr(h, 25, 8))::bit(32)::int) * 16384
                          + (('x' || substr(h, 17, 4))::bit(16)::int & 16383)
END
  FROM (SELECT replace(u::text, '-', '')) x(h)
$$;

-- The first `nbytes` bytes of a uuid as an integer (block prefixes).
CREATE FUNCTION pg_temp.leading(u uuid, nbytes int) RETURNS int
LANGUAGE sql IMMUTABLE AS $$
SELECT ('x' || lpad(substr(replace(u::text, '-', ''), 1, 2 * nbytes), 8, '0'))::bit(32)::int
$$;

-- ===========================================================================
-- B1: uuid-creator prefix, suffix, short prefix and short suffix COMBs.
-- The *_from_parts functions take the 16 bytes a generator would draw; the
-- vectors' r16/r64/r48 go where uuid-creator puts them, and the bytes of the
-- time field are filled with e7 to show that they are overwritten.
-- ===========================================================================
CREATE TEMP TABLE b1 (unix_ms bigint, r16 text, r64 text, r48 text,
                      prefix uuid, suffix uuid, short_prefix uuid, short_suffix uuid);
INSERT INTO b1 VALUES
 (1710994751304, '1234', '0123456789abcdef', 'a1b2c3d4e5f6',
  '018e5f3b-ff48-4234-8123-456789abcdef', '01234567-89ab-4def-9234-018e5f3bff48',
  '20e3a1b2-c3d4-45f6-8123-456789abcdef', '01234567-89ab-4def-a1b2-20e3c3d4e5f6'),
 (0, '0000', '0000000000000000', '000000000000',
  '00000000-0000-4000-8000-000000000000', '00000000-0000-4000-8000-000000000000',
  '00000000-0000-4000-8000-000000000000', '00000000-0000-4000-8000-000000000000'),
 (1735689600000, 'ffff', 'ffffffffffffffff', 'ffffffffffff',
  '01941f29-7c00-4fff-bfff-ffffffffffff', 'ffffffff-ffff-4fff-bfff-01941f297c00',
  '68a0ffff-ffff-4fff-bfff-ffffffffffff', 'ffffffff-ffff-4fff-bfff-68a0ffffffff'),
 (946684800000, 'beef', 'fedcba9876543210', '00000000cafe',
  '00dc6acf-ac00-4eef-bedc-ba9876543210', 'fedcba98-7654-4210-beef-00dc6acfac00',
  'c1200000-0000-4afe-bedc-ba9876543210', 'fedcba98-7654-4210-8000-c1200000cafe'),
 (1640995199999, '0f0f', '5555aaaa5555aaaa', '123456789abc',
  '017e12ef-9bff-4f0f-9555-aaaa5555aaaa', '5555aaaa-5555-4aaa-8f0f-017e12ef9bff',
  '539f1234-5678-4abc-9555-aaaa5555aaaa', '5555aaaa-5555-4aaa-9234-539f56789abc');

CREATE TEMP VIEW b1_made AS
SELECT b.*, at,
       comb_prefix_from_parts(at, decode('e7e7e7e7e7e7' || r16 || r64, 'hex')) AS made_prefix,
       comb_suffix_from_parts(at, decode(r64 || r16 || 'e7e7e7e7e7e7', 'hex')) AS made_suffix,
       comb_short_prefix_from_parts(at, decode('e7e7' || r48 || r64, 'hex')) AS made_short_prefix,
       comb_short_suffix_from_parts(at, decode(r64 || substr(r48, 1, 4) || 'e7e7' || substr(r48, 5), 'hex'))
           AS made_short_suffix
  FROM b1 b, LATERAL (SELECT timestamptz 'epoch' + b.unix_ms * interval '1 ms') t(at);

SELECT at, made_prefix, made_prefix = prefix AS ok,
       made_suffix, made_suffix::uuid = suffix AS ok
  FROM b1_made ORDER BY unix_ms;
SELECT at, made_short_prefix, made_short_prefix = short_prefix AS ok,
       made_short_suffix, made_short_suffix = short_suffix AS ok
  FROM b1_made ORDER BY unix_ms;

-- Decoding: uuid-creator's prefix ms = msb >>> 16, suffix ms = low 48 bits;
-- the short prefix is minutes mod 65536 (0x20e3, 0, 0x68a0, 0xc120, 0x539f).
SELECT unix_ms,
       comb_prefix_timestamp(prefix) = at AS prefix_ts_ok,
       comb_timestamp(suffix::comb) = at AS suffix_ts_ok,
       to_hex(comb_short_prefix(short_prefix)) AS short_prefix,
       comb_short_prefix(short_prefix) = (unix_ms / 60000) % 65536 AS minutes_ok
  FROM b1_made ORDER BY unix_ms;

-- ===========================================================================
-- B2: RT.Comb (base uuid a1b2c3d4-e5f6-4789-9abc-def012345678) and Nilsson.
-- Sql+Unix = suffix COMB, PostgreSql+Unix = prefix COMB, Legacy = SQL Server COMB.
-- ===========================================================================
CREATE TEMP TABLE b2 (at timestamptz, sql_unix uuid, pg_unix uuid, legacy uuid, days int, ticks int);
INSERT INTO b2 VALUES
 ('2024-03-21T04:19:11.304Z', 'a1b2c3d4-e5f6-4789-9abc-018e5f3bff48',
  '018e5f3b-ff48-4789-9abc-def012345678', 'a1b2c3d4-e5f6-4789-9abc-b13a0047302f', 45370, 4665391),
 ('2002-01-10T23:40:35.000Z', 'a1b2c3d4-e5f6-4789-9abc-00eb52c63138',
  '00eb52c6-3138-4789-9abc-def012345678', 'a1b2c3d4-e5f6-4789-9abc-919001862cc4', 37264, 25570500),
 ('2079-06-06T23:59:59.999Z', 'a1b2c3d4-e5f6-4789-9abc-03240a01dbff',
  '03240a01-dbff-4789-9abc-def012345678', 'a1b2c3d4-e5f6-4789-9abc-ffff018b81ff', 65535, 25919999),
 ('1970-01-01T00:00:00.001Z', 'a1b2c3d4-e5f6-4789-9abc-000000000001',
  '00000000-0001-4789-9abc-def012345678', 'a1b2c3d4-e5f6-4789-9abc-63df00000000', 25567, 0),
 ('2025-07-04T12:00:00.010Z', 'a1b2c3d4-e5f6-4789-9abc-0197d54eca0a',
  '0197d54e-ca0a-4789-9abc-def012345678', 'a1b2c3d4-e5f6-4789-9abc-b31000c5c103', 45840, 12960003);

CREATE TEMP VIEW b2_made AS
SELECT b.*,
       comb_suffix_from_parts(at, uuid_send('a1b2c3d4-e5f6-4789-9abc-def012345678')) AS made_sql_unix,
       comb_prefix_from_parts(at, uuid_send('a1b2c3d4-e5f6-4789-9abc-def012345678')) AS made_pg_unix,
       comb_sqlserver_from_parts(at, uuid_send('a1b2c3d4-e5f6-4789-9abc-def012345678')) AS made_legacy
  FROM b2 b;

SELECT at, made_sql_unix, made_sql_unix::uuid = sql_unix AS ok,
       made_pg_unix, made_pg_unix = pg_unix AS ok
  FROM b2_made ORDER BY at;
-- Legacy: days since 1900 (2 bytes) and 1/300 s ticks (4 bytes), truncated.
-- Decoding gives the first whole microsecond of the tick.
SELECT at, made_legacy, made_legacy::uuid = legacy AS ok,
       ('x' || substr(made_legacy::text, 25, 4))::bit(16)::int = days AS days_ok,
       ('x' || substr(made_legacy::text, 29, 8))::bit(32)::int = ticks AS ticks_ok,
       comb_sqlserver_timestamp(made_legacy) AS tick_start
  FROM b2_made ORDER BY at;
-- The tick start encodes to the same tick again.
SELECT bool_and(comb_sqlserver_from_parts(comb_sqlserver_timestamp(made_legacy),
                                          uuid_send(made_legacy::uuid)) = made_legacy) AS ticks_round_trip
  FROM b2_made;

-- Upstream decode examples and Nilsson's own (NEWID internal bytes
-- 33FE5AE22DDB02459BF0 are e25afe33-db2d-4502-9bf0 in RFC order).
SELECT comb_timestamp('d01c25cc-63a7-47cc-b5ba-018e5f3bff48') AS rt_comb_sql_unix,
       comb_sqlserver_timestamp('E25AFE33-DB2D-4502-9BF0-919001862CC4') AS rt_comb_legacy,
       comb_sqlserver_from_parts('2002-01-10T23:40:35Z', decode('e25afe33db2d45029bf0000000000000', 'hex'))
           AS nilsson;
-- The first and the last SQL Server COMB time, and RT.Comb's largest tick
-- count (a whole day: the next midnight).
SELECT comb_sqlserver_from_parts('1900-01-01 00:00:00', decode(repeat('00', 16), 'hex')) AS first,
       comb_sqlserver_from_parts('2079-06-06 23:59:59.999999', decode(repeat('00', 16), 'hex')) AS last,
       comb_sqlserver_timestamp('00000000-0000-4000-8000-0000018b8200') AS whole_day;

-- ===========================================================================
-- B3: sequential-uuids 1.0.3, random bytes f0e1d2c3b4a5968778695a4b3c2d1e0f.
-- comb_sequence_from_parts takes what nextval() returned.
-- ===========================================================================
SELECT v.*, made, made = expected AS ok
  FROM (VALUES (1::bigint, 65536, 65536, '0000d2c3-b4a5-4687-b869-5a4b3c2d1e0f'::uuid),
               (65537, 65536, 65536, '0001d2c3-b4a5-4687-b869-5a4b3c2d1e0f'),
               (4294967297, 65536, 65536, '0000d2c3-b4a5-4687-b869-5a4b3c2d1e0f'),
               (1000, 256, 65536, '0003d2c3-b4a5-4687-b869-5a4b3c2d1e0f'),
               (300, 100, 100, '07e1d2c3-b4a5-4687-b869-5a4b3c2d1e0f'),
               (123456789, 65536, 256, '5be1d2c3-b4a5-4687-b869-5a4b3c2d1e0f'))
       AS v(nextval, block_size, block_count, expected),
       LATERAL comb_sequence_from_parts(nextval, decode('f0e1d2c3b4a5968778695a4b3c2d1e0f', 'hex'),
                                        block_size, block_count) AS made;

-- uuid_time_nextval(interval_length seconds, interval_count) at tv_sec.
SELECT v.*, made, made = expected AS ok
  FROM (VALUES (1700000000, interval '60 s', 65536, '5515d2c3-b4a5-4687-b869-5a4b3c2d1e0f'::uuid),
               (1711000000, '60 s', 65536, '213ad2c3-b4a5-4687-b869-5a4b3c2d1e0f'),
               (0, '60 s', 65536, '0000d2c3-b4a5-4687-b869-5a4b3c2d1e0f'),
               (1700000000, '1 s', 256, '00e1d2c3-b4a5-4687-b869-5a4b3c2d1e0f'),
               (1700000000, '3600 s', 16777216, '07349ec3-b4a5-4687-b869-5a4b3c2d1e0f'))
       AS v(tv_sec, interval_length, interval_count, expected),
       LATERAL comb_short_prefix_from_parts(to_timestamp(tv_sec), decode('f0e1d2c3b4a5968778695a4b3c2d1e0f', 'hex'),
                                            interval_length, interval_count) AS made;

-- Cross-check: uuid-creator's short prefix (minutes mod 65536) is
-- uuid_time_nextval(60, 65536) with the defaults: 5515 at 1700000000.
SELECT to_hex(comb_short_prefix(comb_short_prefix_from_parts(to_timestamp(1700000000),
                                                             decode(repeat('ab', 16), 'hex')))) AS defaults,
       to_hex((1700000000000 / 60000) % 65536) AS minutes_mod_65536;

-- Prefix width, re-spread block size and wrap period: the value just before
-- and after each block boundary, and around the wrap (nextval = value + 1).
SELECT v.*,
       pg_temp.leading(comb_sequence_from_parts(effective, r, block_size, block_count), bits / 8) AS at_eff_minus_1,
       pg_temp.leading(comb_sequence_from_parts(effective + 1, r, block_size, block_count), bits / 8) AS at_eff,
       pg_temp.leading(comb_sequence_from_parts(wraps, r, block_size, block_count), bits / 8) AS before_wrap,
       pg_temp.leading(comb_sequence_from_parts(wraps + 1, r, block_size, block_count), bits / 8) AS at_wrap,
       (SELECT count(*) FROM generate_series(0, 15) i
         WHERE i >= bits / 8
           AND get_byte(uuid_send(comb_sequence_from_parts(wraps, r, block_size, block_count)), i)
               <> get_byte(r, i) & CASE i WHEN 6 THEN 15 WHEN 8 THEN 63 ELSE 255 END
                                 | CASE i WHEN 6 THEN 64 WHEN 8 THEN 128 ELSE 0 END) AS random_bytes_changed
  FROM (VALUES (65536, 65536, 16, 65536, 4294967296),
               (256, 65536, 16, 256, 16777216),
               (65536, 256, 8, 65536, 16777216),
               (100, 100, 8, 39, 9984),
               (256, 256, 8, 256, 65536),
               (60, 65536, 16, 60, 3932160),
               (1, 1, 8, 1, 256),
               (1000, 70000, 24, 4, 67108864))
       AS v(block_size, block_count, bits, effective, wraps),
       (SELECT decode('f0e1d2c3b4a5968778695a4b3c2d1e0f', 'hex')) AS r(r);

-- Below 1, value - 1 divides like C (towards zero), as upstream: nextval 0
-- and -65534 are block 0, -65535 is block -1 (ffff); for the smallest bigint
-- value - 1 wraps to the largest, block 2^47 - 1 (ffff).
SELECT v, pg_temp.leading(comb_sequence_from_parts(v, decode(repeat('00', 16), 'hex')), 2) AS block
  FROM unnest(ARRAY[1, 0, -65534, -65535, -9223372036854775808]::bigint[]) v;

-- ===========================================================================
-- sequential-uuids' own regression test, block distributions (1.0.3).
-- ===========================================================================
CREATE SEQUENCE comb_seq;
CREATE TEMP TABLE dist AS
SELECT comb_sequence_generate('comb_seq', 256, 65536)::text AS val FROM generate_series(1, 10000);
SELECT count(DISTINCT val) AS distinct_values, count(DISTINCT substring(val, 1, 4)) AS blocks FROM dist;
SELECT substring(val, 1, 4) AS block, count(*) FROM dist GROUP BY 1 HAVING count(*) <> 256;
DROP TABLE dist;

ALTER SEQUENCE comb_seq RESTART;
CREATE TEMP TABLE dist AS
SELECT comb_sequence_generate('comb_seq', 65536, 256)::text AS val FROM generate_series(1, 200000);
SELECT count(DISTINCT val) AS distinct_values FROM dist;
SELECT substring(val, 1, 2) AS block, count(*) FROM dist GROUP BY 1 ORDER BY 1;
DROP TABLE dist;

-- 100 x 100 re-spread over 256 prefixes: blocks of 39.
ALTER SEQUENCE comb_seq RESTART;
CREATE TEMP TABLE dist AS
SELECT comb_sequence_generate('comb_seq', 100, 100)::text AS val FROM generate_series(1, 1000);
SELECT count(DISTINCT substring(val, 1, 2)) AS blocks,
       min(substring(val, 1, 2)) AS first, max(substring(val, 1, 2)) AS last FROM dist;
SELECT substring(val, 1, 2) AS block, count(*) FROM dist GROUP BY 1 HAVING count(*) <> 39;
DROP TABLE dist;

-- Wrapping after 256 blocks of 256.
ALTER SEQUENCE comb_seq RESTART;
CREATE TEMP TABLE dist AS
SELECT comb_sequence_generate('comb_seq', 256, 256)::text AS val FROM generate_series(1, 67000);
SELECT substring(val, 1, 2) AS block, count(*) FROM dist GROUP BY 1 HAVING count(*) <> 256 ORDER BY 1;
-- every one is version 4, variant 10
SELECT count(*) FILTER (WHERE substr(val, 15, 1) <> '4' OR substr(val, 20, 1) NOT IN ('8', '9', 'a', 'b'))
       AS not_v4 FROM dist;
DROP TABLE dist;

-- The defaults: blocks of 65536, a 2-byte prefix, so the first value is 0000.
ALTER SEQUENCE comb_seq RESTART WITH 65537;
SELECT substr(comb_sequence_generate('comb_seq')::text, 1, 4) AS block_1;
SELECT setval('comb_seq', 4294967296);
SELECT substr(comb_sequence_generate('comb_seq')::text, 1, 4) AS wrapped_to_0;

-- ===========================================================================
-- The real generators, on a frozen test clock: they all read the same
-- instant.  T is that instant, taken from a prefix COMB.
-- ===========================================================================
-- Whether a SQL Server COMB generated on a clock frozen in the millisecond
-- that starts at t holds that instant's tick or the next one.  The field
-- holds the tick's start, rounded up to a microsecond (test/FORMATS.md §B2),
-- and the 1000 ids of a run move their tick on by a 14-bit fraction each,
-- which can carry once: from the tick of t to the tick after the one that
-- holds t + 999 us (no tick starts in the last microsecond of a
-- millisecond), at most 3334 us later.  The second tick can start at or
-- after t + 1 ms.
CREATE FUNCTION pg_temp.sqlserver_in_window(c comb, t timestamptz) RETURNS boolean
LANGUAGE sql AS $$
SELECT comb_sqlserver_timestamp(c) >= comb_sqlserver_timestamp(comb_sqlserver_generate(t))
   AND comb_sqlserver_timestamp(c)
       <= comb_sqlserver_timestamp(comb_sqlserver_generate(t + interval '999 us')) + interval '3334 us'
$$;
SET uidx.debug_clock_freeze = on;
SELECT comb_prefix_timestamp(comb_prefix_generate()) AS t \gset
CREATE TEMP TABLE gen AS
SELECT i AS n, comb_prefix_generate() AS prefix, comb_suffix_generate() AS suffix,
       comb_short_prefix_generate() AS short_prefix, comb_short_suffix_generate() AS short_suffix,
       comb_sqlserver_generate() AS sqlserver, comb_short_prefix_generate('1 s', 256) AS short_prefix_1s,
       comb_short_prefix_generate('1 hour', 16777216) AS short_prefix_3b,
       comb_short_suffix_generate('250 ms') AS short_suffix_250ms
  FROM generate_series(1, 1000) i;
SELECT count(DISTINCT prefix) AS prefixes, count(DISTINCT suffix) AS suffixes,
       count(DISTINCT short_prefix) AS short_prefixes, count(DISTINCT short_suffix) AS short_suffixes,
       count(DISTINCT sqlserver) AS sqlservers
  FROM gen;
-- version 4, variant 10 everywhere
SELECT count(*) AS rows_checked
  FROM gen, LATERAL unnest(ARRAY[prefix, suffix::uuid, short_prefix, short_suffix, sqlserver::uuid,
                                 short_prefix_1s, short_prefix_3b, short_suffix_250ms]) u
 WHERE substr(u::text, 15, 1) = '4' AND substr(u::text, 20, 1) IN ('8', '9', 'a', 'b');
-- the time fields all hold T (the monotonic prefix and suffix COMBs T or
-- the next millisecond: each id moves their clock on by a fraction, below)
SELECT bool_and(comb_prefix_timestamp(prefix) - :'t' IN ('0', '1 ms')) AS prefix_ok,
       bool_and(comb_timestamp(suffix) - :'t' IN ('0', '1 ms')) AS suffix_ok,
       bool_and(comb_short_prefix(short_prefix)
                = floor(extract(epoch FROM timestamptz :'t') / 60)::bigint % 65536) AS short_prefix_ok,
       bool_and(('x' || substr(short_suffix::text, 25, 4))::bit(16)::int
                = floor(extract(epoch FROM timestamptz :'t') / 60)::bigint % 65536) AS short_suffix_ok,
       bool_and(pg_temp.sqlserver_in_window(sqlserver, :'t')) AS sqlserver_ok,
       bool_and(pg_temp.leading(short_prefix_1s, 1)
                = floor(extract(epoch FROM timestamptz :'t'))::bigint % 256) AS one_second_ok,
       bool_and(pg_temp.leading(short_prefix_3b, 3)
                = floor(extract(epoch FROM timestamptz :'t') / 3600)::bigint % 16777216) AS one_hour_ok,
       bool_and(('x' || substr(short_suffix_250ms::text, 25, 4))::bit(16)::int
                = floor(extract(epoch FROM timestamptz :'t') * 4)::bigint % 65536) AS quarter_second_ok
  FROM gen;
-- Freshly generated short prefix COMBs validate against now().
SELECT bool_and(comb_short_prefix_is_valid(short_prefix)) AS valid_now FROM gen;


-- The monotonic generators (prefix, suffix, SQL Server).  The fraction of
-- the time unit after the time field (prefix: 12 bits after the version in
-- bytes 6-7; comb: 14 bits after the variant in bytes 8-9) makes a tick; on
-- the frozen clock each id's tick is the one before plus one, so the ids
-- strictly increase in their type's order (not so the suffix COMBs as uuid).
CREATE TEMP VIEW gen_ticks AS
SELECT n, prefix, suffix, sqlserver,
       pg_temp.tick('prefix', prefix) AS prefix_tick,
       pg_temp.tick('suffix', suffix::uuid) AS suffix_tick,
       pg_temp.tick('sqlserver', sqlserver::uuid) AS sqlserver_tick,
       pg_temp.tick('prefix', lag(prefix) OVER w) AS prev_prefix_tick,
       pg_temp.tick('suffix', lag(suffix::uuid) OVER w) AS prev_suffix_tick,
       pg_temp.tick('sqlserver', lag(sqlserver::uuid) OVER w) AS prev_sqlserver_tick,
       lag(prefix) OVER w AS prev_prefix, lag(suffix) OVER w AS prev_suffix,
       lag(sqlserver) OVER w AS prev_sqlserver
  FROM gen WINDOW w AS (ORDER BY n);
SELECT bool_and(prefix_tick = prev_prefix_tick + 1) AS prefix_plus_1,
       bool_and(suffix_tick = prev_suffix_tick + 1) AS suffix_plus_1,
       bool_and(sqlserver_tick = prev_sqlserver_tick + 1) AS sqlserver_plus_1,
       bool_and(prefix > prev_prefix) AS prefix_increasing,
       bool_and(suffix > prev_suffix) AS suffix_increasing,
       bool_and(sqlserver > prev_sqlserver) AS sqlserver_increasing,
       bool_and(suffix::uuid > prev_suffix::uuid) AS suffix_increasing_as_uuid
  FROM gen_ticks WHERE n > 1;
-- The first id of each is the clock's own tick, the same instant in every
-- layout: the 14-bit fraction of the suffix COMB is the 12-bit one of the
-- prefix COMB with two more bits (the prefix COMB that read T took the
-- clock's tick, so its next id is one on), and the SQL Server COMB's tick
-- start plus its fraction of 1/300 s is the suffix COMB's millisecond plus
-- its fraction, to within their resolution (0.06 and 0.2 us).
SELECT prefix_tick = suffix_tick / 4 + 1 AS prefix_fraction_agrees,
       abs(suffix_tick::numeric * 1000 / 16384
           - ((sqlserver_tick / 16384 - 25567 * 25920000::bigint)::numeric * 10000 / 3
              + (sqlserver_tick % 16384)::numeric * 10000 / 3 / 16384)) < 0.25 AS sqlserver_fraction_agrees
  FROM gen_ticks WHERE n = 1;

-- The clock set back one hour: the monotonic generators go on from their
-- last tick (their time runs an hour ahead of the clock) and their ids sort
-- after the earlier ones; the short prefix COMB keeps no state (below).
SET uidx.debug_clock_offset_ms = -3600000;
SELECT pg_temp.tick('prefix', comb_prefix_generate())
           = (SELECT max(prefix_tick) + 1 FROM gen_ticks) AS prefix_next_tick,
       pg_temp.tick('suffix', comb_suffix_generate()::uuid)
           = (SELECT max(suffix_tick) + 1 FROM gen_ticks) AS suffix_next_tick,
       pg_temp.tick('sqlserver', comb_sqlserver_generate()::uuid)
           = (SELECT max(sqlserver_tick) + 1 FROM gen_ticks) AS sqlserver_next_tick;
SELECT (SELECT bool_and(comb_prefix_generate() > prefix) FROM gen) AS prefix_sorts_after,
       (SELECT bool_and(comb_suffix_generate() > suffix) FROM gen) AS suffix_sorts_after,
       (SELECT bool_and(comb_sqlserver_generate() > sqlserver) FROM gen) AS sqlserver_sorts_after;
-- sequential-uuids' time test without sleeping: two seconds later, another 1 s block.
CREATE TEMP TABLE later AS SELECT comb_short_prefix_generate('1 s', 256) AS u;
SET uidx.debug_clock_offset_ms = -3598000;
INSERT INTO later SELECT comb_short_prefix_generate('1 s', 256);
SELECT count(DISTINCT substr(u::text, 1, 2)) AS blocks,
       (max(pg_temp.leading(u, 1)) - min(pg_temp.leading(u, 1)) + 256) % 256 IN (2, 254) AS two_apart
  FROM later;
RESET uidx.debug_clock_offset_ms;
RESET uidx.debug_clock_freeze;
DROP VIEW gen_ticks;
DROP TABLE gen, later;

-- The at-versions keep the millisecond and draw the rest.
SELECT comb_prefix_timestamp(comb_prefix_generate('2024-03-21 04:19:11.3049')) AS prefix_at,
       comb_timestamp(comb_suffix_generate('2024-03-21 04:19:11.3049')) AS suffix_at,
       comb_sqlserver_timestamp(comb_sqlserver_generate('2024-03-21 04:19:11.3049')) AS sqlserver_at,
       comb_prefix_generate('2024-03-21 04:19:11.304') <> comb_prefix_generate('2024-03-21 04:19:11.304')
           AS random_differs;
-- ... in no particular order: they are for backfills and keep no state.
SELECT bool_and(coalesce(p > lag_p, true)) AS prefix_in_order, bool_and(coalesce(s > lag_s, true)) AS suffix_in_order,
       bool_and(coalesce(q > lag_q, true)) AS sqlserver_in_order
  FROM (SELECT p, s, q, lag(p) OVER (ORDER BY i) AS lag_p, lag(s) OVER (ORDER BY i) AS lag_s,
               lag(q) OVER (ORDER BY i) AS lag_q
          FROM (SELECT i, comb_prefix_generate('2024-03-21 04:19:11.304') AS p,
                       comb_suffix_generate('2024-03-21 04:19:11.304') AS s,
                       comb_sqlserver_generate('2024-03-21 04:19:11.304') AS q
                  FROM generate_series(1, 100) i) g) x;

-- ===========================================================================
-- Short prefix validation.  W = 2024-10-28 21:20 UTC, where the minute
-- counter wraps to 0 (1730150400000 ms = 440 * 65536 minutes).
-- ===========================================================================
CREATE TEMP TABLE w AS SELECT timestamptz '2024-10-28 21:20:00' AS w;
CREATE FUNCTION pg_temp.made_at(at timestamptz) RETURNS uuid LANGUAGE sql IMMUTABLE AS $$
SELECT comb_short_prefix_from_parts(at, decode(repeat('5a', 16), 'hex'))
$$;
SELECT comb_short_prefix(pg_temp.made_at(w)) AS prefix_at_w FROM w;

-- Tolerance 10 minutes around W: whole minutes, across the wrap.
SELECT offs, to_hex(comb_short_prefix(pg_temp.made_at(w + offs))) AS prefix,
       comb_short_prefix_is_valid(pg_temp.made_at(w + offs), '10 minutes', w) AS valid
  FROM w, unnest(ARRAY[interval '-11 minutes', '-10 minutes -1 ms', '-10 minutes', '-5 minutes',
                       '0', '5 minutes', '10 minutes 59.999 s', '11 minutes']) offs;
-- Zero tolerance: only the minute of `at`.
SELECT offs, comb_short_prefix_is_valid(pg_temp.made_at(w + offs), '0', w + interval '30 s') AS valid
  FROM w, unnest(ARRAY[interval '-1 ms', '0', '59.999 s', '1 minute']) offs;
-- Whole-second and sub-second interval lengths.
SELECT comb_short_prefix_is_valid(comb_short_prefix_from_parts(w + interval '2 s', decode(repeat('00', 16), 'hex'), '1 s'),
                                  '1 s', w, '1 s') AS two_seconds_off,
       comb_short_prefix_is_valid(comb_short_prefix_from_parts(w + interval '1 s', decode(repeat('00', 16), 'hex'), '1 s'),
                                  '1 s', w, '1 s') AS one_second_off,
       comb_short_prefix_is_valid(comb_short_prefix_from_parts(w + interval '0.75 s', decode(repeat('00', 16), 'hex'), '250 ms'),
                                  '500 ms', w, '250 ms') AS three_quarters_off,
       comb_short_prefix_is_valid(comb_short_prefix_from_parts(w - interval '0.5 s', decode(repeat('00', 16), 'hex'), '250 ms'),
                                  '500 ms', w, '250 ms') AS half_off
  FROM w;
-- Tolerance 32767 minutes covers 65535 counters: all but 0x8000.  Half a
-- minute more and it covers all 65536.
SELECT to_hex(p) AS prefix,
       comb_short_prefix_is_valid(u, '32767 minutes', w) AS valid_32767,
       comb_short_prefix_is_valid(u, '32767 minutes 30 s', w) AS valid_32767_5,
       comb_short_prefix_is_valid(u, '1000 days', w) AS valid_1000_days
  FROM w, unnest(ARRAY[32767, 32768, 32769]) p,
       LATERAL (SELECT overlay('00000000-0000-4000-8000-000000000000' PLACING lpad(to_hex(p), 4, '0') FROM 1 FOR 4)::uuid) x(u);
-- Near 1970 nothing before the epoch counts: counters fffa..ffff would be
-- minutes before it.
SELECT to_hex(p) AS prefix,
       comb_short_prefix_is_valid(overlay('00000000-0000-4000-8000-000000000000'
                                          PLACING lpad(to_hex(p), 4, '0') FROM 1 FOR 4)::uuid,
                                  '10 minutes', '1970-01-01 00:05') AS valid
  FROM unnest(ARRAY[65530, 65535, 0, 15, 16]) p;
-- Not version 4 / variant 10: not a short prefix COMB.
SELECT comb_short_prefix_is_valid('00000000-0000-7000-8000-000000000000', '10 minutes', w) AS v7,
       comb_short_prefix_is_valid('00000000-0000-4000-c000-000000000000', '10 minutes', w) AS variant_110,
       comb_short_prefix('00000000-0000-7000-8000-000000000000') AS short_prefix_of_v7
  FROM w;

-- The function is IMMUTABLE, the now() default is not: a call that leaves
-- `at` out keeps now() in the plan, a call with constants is folded.
EXPLAIN (VERBOSE, COSTS OFF)
SELECT comb_short_prefix_is_valid('5515d2c3-b4a5-4687-b869-5a4b3c2d1e0f');
EXPLAIN (VERBOSE, COSTS OFF)
SELECT comb_short_prefix_is_valid('5515d2c3-b4a5-4687-b869-5a4b3c2d1e0f', '10 minutes', '2023-11-14 22:13:20');
-- A prepared statement with the default is re-evaluated per execution too.
PREPARE validate(uuid) AS SELECT comb_short_prefix_is_valid($1);
SET plan_cache_mode = force_generic_plan;
EXPLAIN (VERBOSE, COSTS OFF) EXECUTE validate('5515d2c3-b4a5-4687-b869-5a4b3c2d1e0f');
EXECUTE validate('5515d2c3-b4a5-4687-b869-5a4b3c2d1e0f');
RESET plan_cache_mode;
DEALLOCATE validate;

-- ===========================================================================
-- The comb type
-- ===========================================================================
-- Any 16 bytes: NEWSEQUENTIALID() (version 1), nil, Nilsson's NEWID bits.
SELECT 'b5ba9e4c-3f2d-11ef-8a4e-00155d012345'::comb AS version_1, '00000000-0000-0000-0000-000000000000'::comb AS nil,
       '{E25AFE33DB2D45029BF0919001862CC4}'::comb AS braces_upper, 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid::comb AS cast;
-- But not a prefix COMB made a moment ago, the mistake of DEFAULT
-- comb_prefix_generate() on a comb column: the cast from uuid refuses a
-- version-4 value whose bytes 0-5 are within a minute of the clock while its
-- bytes 10-15 hold no time up to a minute ahead, as unix ms or as a SQL
-- Server datetime (FORMATS.md §B, "The comb type").  On a clock frozen at
-- T = 2025-06-01 12:00 UTC, with bytes 10-15 all ff (neither reading):
SET uidx.debug_clock_freeze = 'on@1748779200000000000';
SELECT pg_temp.error_of($$SELECT comb_prefix_from_parts('2025-06-01 12:00', '\xffffffffffffffffffffffffffffffff')::comb$$)
       AS prefix_now;
-- Not refused: the window's edges, values holding a time in bytes 10-15 up
-- to a minute ahead (every suffix and SQL Server COMB made until then, even
-- with T in their random bytes 0-5) and other versions.
CREATE TEMP TABLE t_bytes AS
SELECT decode(lpad(to_hex(1748779200000), 12, '0'), 'hex') AS t6, '\xffffffffffffffffffff'::bytea AS ff10;
SELECT pg_temp.error_of($$SELECT comb_prefix_from_parts('2025-06-01 11:59:00', '\xffffffffffffffffffffffffffffffff')::comb$$)
       AS minute_before,
       pg_temp.error_of($$SELECT comb_prefix_from_parts('2025-06-01 12:01:00', '\xffffffffffffffffffffffffffffffff')::comb$$)
       AS minute_after,
       pg_temp.error_of($$SELECT comb_prefix_from_parts('2025-06-01 11:58:59.999', '\xffffffffffffffffffffffffffffffff')::comb$$)
       AS older,
       pg_temp.error_of($$SELECT comb_prefix_from_parts('2025-06-01 12:01:00.001', '\xffffffffffffffffffffffffffffffff')::comb$$)
       AS later;
SELECT comb_suffix_from_parts('2025-06-01 12:00', t6 || ff10)::uuid::comb AS suffix_now,
       comb_suffix_from_parts('2025-06-01 12:01', t6 || ff10)::uuid::comb AS suffix_minute_ahead,
       comb_suffix_from_parts('1970-01-01', t6 || ff10)::uuid::comb AS suffix_epoch,
       comb_sqlserver_from_parts('2025-06-01 12:01', t6 || ff10)::uuid::comb AS sqlserver_minute_ahead,
       comb_sqlserver_from_parts('1900-01-01', t6 || ff10)::uuid::comb AS sqlserver_1900,
       overlay(comb_prefix_from_parts('2025-06-01 12:00', t6 || ff10)::text PLACING '1' FROM 15)::uuid::comb AS version_1
  FROM t_bytes;
SELECT pg_temp.error_of($$SELECT comb_suffix_from_parts('2025-06-01 12:01:00.001', t6 || ff10)::uuid::comb FROM t_bytes$$)
       AS suffix_past_the_window;
RESET uidx.debug_clock_freeze;
DROP TABLE t_bytes;
-- On the real clock: the generated combs cast back, and a column DEFAULT
-- fails at the first insert (five rows: random bytes 10-15 that read as a
-- past time, about 1 in 100, let their row pass)
SELECT count(*) AS generated, count(*) FILTER (WHERE s::uuid::comb = s AND q::uuid::comb = q) AS cast_back
  FROM (SELECT comb_suffix_generate() AS s, comb_sqlserver_generate() AS q FROM generate_series(1, 1000)) g;
CREATE TEMP TABLE comb_prefix_default (id comb PRIMARY KEY DEFAULT comb_prefix_generate(), n int);
SELECT regexp_replace(pg_temp.error_of($$INSERT INTO comb_prefix_default (n) SELECT generate_series(1, 5)$$),
                      '"[0-9a-f-]{36}"', '"<prefix COMB>"') AS prefix_default;
SELECT count(*) AS rows_inserted FROM comb_prefix_default;
DROP TABLE comb_prefix_default;
-- Order: SQL Server's uniqueidentifier order.  Byte groups right to left:
-- bytes 10-15, then 8-9, each left to right; then 6-7, 4-5 and 0-3, each
-- right to left.  One value per byte position, holding 01 there: the later
-- a position is compared, the smaller its value.
SELECT p AS position, overlay(repeat('00', 16) PLACING '01' FROM 2 * p + 1)::uuid::comb AS c
  FROM generate_series(0, 15) p
 ORDER BY c;
SELECT 'ffffffff-ffff-ffff-ffff-000000000001'::comb < '00000000-0000-0000-0000-000000000002'::comb AS lt,
       'ffffffff-ffff-ffff-ffff-000000000001'::uuid < '00000000-0000-0000-0000-000000000002'::uuid AS uuid_lt,
       sign(comb_cmp('00000000-0000-0000-0001-000000000001', '00000000-0000-0000-0000-000000000001')) AS cmp,
       '00000000-0000-0000-0000-000000000001'::comb = '00000000-0000-0000-0000-000000000001'::uuid::comb AS eq;
-- Two COMBs of one millisecond: bytes 8-9 decide before byte 0, as in SQL
-- Server; and the example of the SQL Server team's article (g2 > g1).
SELECT '00000000-0000-4000-8001-0000018b8200'::comb < '01000000-0000-4000-8000-0000018b8200'::comb AS lt,
       '00000000-0000-4000-8001-0000018b8200'::comb > '01000000-0000-4000-8000-0000018b8200'::comb AS gt,
       '55666BEE-B3A0-4BF5-81A7-86FF976E763F'::comb < '8DD5BCA5-6ABE-4F73-B4B7-393AE6BBB849'::comb AS g1_lt_g2,
       '00000000-0000-0001-0000-000000000000'::comb > '00000000-0000-0100-0000-000000000000'::comb AS byte7_first,
       '00000000-0001-0000-0000-000000000000'::comb > '00000000-0100-0000-0000-000000000000'::comb AS byte5_first,
       '00000001-0000-0000-0000-000000000000'::comb > '01000000-0000-0000-0000-000000000000'::comb AS byte3_first;
-- Against the SqlGuid reference: 100,000 pairs of random values, most of
-- them sharing their leading bytes in that order, so that every position
-- gets to decide; comparison and sort agree with it (btree order: below).
CREATE TEMP TABLE pairs AS
SELECT i, a::comb AS a,
       (substr(b::text, 1, cut) || substr(a::text, cut + 1))::comb AS b
  FROM (SELECT i, gen_random_uuid() AS a, gen_random_uuid() AS b,
               (ARRAY[0, 4, 9, 12, 14, 16, 19, 21, 23, 24, 36])[1 + i % 11] AS cut
          FROM generate_series(1, 100000) i) r;
UPDATE pairs SET b = overlay(b::text PLACING substr(a::text, 20) FROM 20)::comb WHERE i % 3 = 0;
SELECT count(*) AS pairs,
       count(*) FILTER (WHERE sign(comb_cmp(a, b))
                              <> sign(CASE WHEN pg_temp.sqlguid_key(a) < pg_temp.sqlguid_key(b) THEN -1
                                           WHEN pg_temp.sqlguid_key(a) > pg_temp.sqlguid_key(b) THEN 1
                                           ELSE 0 END)) AS cmp_mismatches,
       count(*) FILTER (WHERE (a < b) <> (pg_temp.sqlguid_key(a) < pg_temp.sqlguid_key(b))) AS lt_mismatches,
       count(*) FILTER (WHERE (a = b) <> (pg_temp.sqlguid_key(a) = pg_temp.sqlguid_key(b))) AS eq_mismatches,
       count(*) FILTER (WHERE a = b) >= 9090 AS has_equal_pairs
  FROM pairs;
SELECT count(*) AS sort_mismatches
  FROM (SELECT row_number() OVER (ORDER BY v) AS by_comb,
               row_number() OVER (ORDER BY pg_temp.sqlguid_key(v)) AS by_key
          FROM (SELECT a FROM pairs UNION ALL SELECT b FROM pairs) u(v)) x
 WHERE by_comb <> by_key;
DROP TABLE pairs;
-- Prefix and suffix forms trade bytes 0-5 and 10-15; version and variant stay.
SELECT comb_prefix_to_suffix('018e5f3b-ff48-4234-8123-456789abcdef') AS suffix_form,
       comb_suffix_to_prefix(comb_prefix_to_suffix('018e5f3b-ff48-4234-8123-456789abcdef')) AS back,
       comb_timestamp(comb_prefix_to_suffix('018e5f3b-ff48-4234-8123-456789abcdef')) AS ts,
       comb_prefix_timestamp(comb_suffix_to_prefix('01234567-89ab-4def-9234-018e5f3bff48')) AS ts2;
SELECT bool_and(comb_suffix_to_prefix(comb_prefix_to_suffix(u)) = u) AS prefix_round_trip,
       bool_and(comb_prefix_to_suffix(comb_suffix_to_prefix(u::comb)) = u::comb) AS suffix_round_trip,
       bool_and(comb_timestamp(comb_prefix_to_suffix(comb_prefix_generate(at))) = at) AS time_kept
  FROM (SELECT gen_random_uuid(), timestamptz '2020-01-01' + i * interval '1 day 1 ms'
          FROM generate_series(1, 1000) i) x(u, at);
-- comb_prefix_timestamp is NULL on uuids that are not version 4 / variant 10.
SELECT comb_prefix_timestamp('018e5f3b-ff48-7234-8123-456789abcdef') AS v7,
       comb_prefix_timestamp('018e5f3b-ff48-4234-c123-456789abcdef') AS variant_110;
SELECT comb_lower_bound('2024-03-21 04:19:11.304999') AS lower_bound,
       comb_lower_bound('1970-01-01') AS epoch,
       comb_lower_bound('10889-08-02 05:31:50.655') AS last;
-- The wire format is the 16 bytes, as for uuid.
SELECT comb_send('01234567-89ab-4def-9234-018e5f3bff48') = uuid_send('01234567-89ab-4def-9234-018e5f3bff48') AS same_wire_format;

-- ===========================================================================
-- Ordering: 100,000 combs over simulated time (shuffled, two per instant,
-- about 1.6 years) sort in timestamp order; uuid order would not.
-- ===========================================================================
CREATE TEMP TABLE ord AS
SELECT k, at, comb_suffix_generate(at) AS c
  FROM generate_series(0, 99999) i,
       LATERAL (SELECT (i * 7919) % 100000) p(k),
       LATERAL (SELECT timestamptz '2023-01-01' + (k / 2) * interval '17 minutes 0.123 s') t(at);
SELECT count(*) AS rows, count(DISTINCT c) AS distinct_combs, count(DISTINCT at) AS instants,
       bool_and(comb_timestamp(c) = at) AS timestamps_kept FROM ord;
SELECT count(*) FILTER (WHERE comb_timestamp(c) < prev) AS comb_order_inversions
  FROM (SELECT c, lag(comb_timestamp(c)) OVER (ORDER BY c) AS prev FROM ord) x;
SELECT count(*) FILTER (WHERE comb_timestamp(c) < prev) > 0 AS uuid_order_has_inversions
  FROM (SELECT c, lag(comb_timestamp(c)) OVER (ORDER BY c::uuid) AS prev FROM ord) x;
-- The full order: time, then SQL Server's order of bytes 0-9.
SELECT count(*) AS rank_mismatches
  FROM (SELECT row_number() OVER (ORDER BY c) AS by_comb,
               row_number() OVER (ORDER BY at, pg_temp.sqlguid_key(c)) AS by_fields
          FROM ord) x
 WHERE by_comb <> by_fields;
-- The same through a btree index, and the hash and BRIN opclasses.
CREATE INDEX ord_btree ON ord (c);
ANALYZE ord;
SET enable_seqscan = off;
SET enable_sort = off;
SELECT pg_temp.plan('SELECT c, lag(comb_timestamp(c)) OVER (ORDER BY c) AS prev FROM ord') AS "QUERY PLAN";
SELECT count(*) FILTER (WHERE comb_timestamp(c) < prev) AS index_order_inversions
  FROM (SELECT c, lag(comb_timestamp(c)) OVER (ORDER BY c) AS prev FROM ord) x;
DROP INDEX ord_btree;
CREATE INDEX ord_brin ON ord USING brin (c);
EXPLAIN (COSTS OFF)
SELECT count(*) FROM ord WHERE c >= comb_lower_bound('2023-02-01') AND c < comb_lower_bound('2023-03-01');
SELECT count(*) AS in_range FROM ord
 WHERE c >= comb_lower_bound('2023-02-01') AND c < comb_lower_bound('2023-03-01');
SELECT count(*) AS expected FROM ord WHERE at >= '2023-02-01' AND at < '2023-03-01';
DROP INDEX ord_brin;
CREATE INDEX ord_hash ON ord USING hash (c);
EXPLAIN (COSTS OFF)
SELECT count(*) FROM ord WHERE c = '00000000-0000-4000-8000-018570a3bc00';
SELECT count(*) AS found_by_hash FROM ord o WHERE o.c = (SELECT c FROM ord WHERE k = 4242);
RESET enable_seqscan;
RESET enable_sort;
DROP TABLE ord;

-- ===========================================================================
-- Range partitioning by a comb column, with uidx_create_time_partitions.
-- ===========================================================================
CREATE TABLE comb_events (id comb PRIMARY KEY, n int) PARTITION BY RANGE (id);
SELECT uidx_create_time_partitions('comb_events', '2024-01-01', '2024-04-01', '1 month');
INSERT INTO comb_events
SELECT comb_suffix_generate(timestamptz '2024-01-01' + n * interval '1 day'), n FROM generate_series(0, 90) n;
SELECT tableoid::regclass AS partition, count(*), min(comb_timestamp(id)), max(comb_timestamp(id))
  FROM comb_events GROUP BY 1 ORDER BY 1;
SELECT pg_get_expr(relpartbound, oid) AS bound FROM pg_class WHERE relname = 'comb_events_p20240201';
EXPLAIN (COSTS OFF)
SELECT * FROM comb_events WHERE id >= comb_lower_bound('2024-02-10') AND id < comb_lower_bound('2024-02-20');
SELECT count(*) FROM comb_events WHERE id >= comb_lower_bound('2024-02-10') AND id < comb_lower_bound('2024-02-20');
EXPLAIN (COSTS OFF)
SELECT * FROM comb_events WHERE id = comb_suffix_from_parts('2024-03-05 12:00', decode(repeat('00', 16), 'hex'));
DROP TABLE comb_events;

-- ===========================================================================
-- Errors
-- ===========================================================================
CREATE TABLE not_a_sequence (x int);
SELECT statement, pg_temp.error_of(statement) AS error FROM (VALUES
 ($$SELECT 'not-a-comb'::comb$$),
 ($$SELECT '01234567-89ab-4def-9234-018e5f3bff4'::comb$$),
 ($$SELECT comb_prefix_generate(NULL::timestamptz)$$),
 ($$SELECT comb_prefix_generate('1969-12-31 23:59:59.999')$$),
 ($$SELECT comb_suffix_generate('infinity')$$),
 ($$SELECT comb_suffix_generate('10889-08-02 05:31:50.656')$$),
 ($$SELECT comb_lower_bound('-infinity')$$),
 ($$SELECT comb_short_prefix_generate('0')$$),
 ($$SELECT comb_short_prefix_generate('-1 minute')$$),
 ($$SELECT comb_short_prefix_generate('0.5 ms')$$),
 ($$SELECT comb_short_prefix_generate('1.5 ms')$$),
 ($$SELECT comb_short_prefix_generate('1 month')$$),
 ($$SELECT comb_short_prefix_generate('2147483647 days')$$),
 ($$SELECT comb_short_prefix_generate(NULL)$$),
 ($$SELECT comb_short_prefix_generate('1 minute', 0)$$),
 ($$SELECT comb_short_prefix_generate('1 minute', -1)$$),
 ($$SELECT comb_short_prefix_generate('1 minute', 16777217)$$),
 ($$SELECT comb_short_prefix_generate('1 minute', NULL)$$),
 ($$SELECT comb_short_suffix_generate('0.999 ms')$$),
 ($$SELECT comb_short_suffix_generate('1 year')$$),
 ($$SELECT comb_sequence_generate('comb_seq', 0)$$),
 ($$SELECT comb_sequence_generate('comb_seq', -1)$$),
 ($$SELECT comb_sequence_generate('comb_seq', 1, 0)$$),
 ($$SELECT comb_sequence_generate('comb_seq', 1, 16777217)$$),
 ($$SELECT comb_sequence_generate('comb_seq', NULL)$$),
 ($$SELECT comb_sequence_generate(NULL)$$),
 ($$SELECT comb_sequence_generate('not_a_sequence')$$),
 ($$SELECT comb_sequence_from_parts(1, decode(repeat('00', 16), 'hex'), 0)$$),
 ($$SELECT comb_sequence_from_parts(1, decode(repeat('00', 16), 'hex'), 1, 16777217)$$),
 ($$SELECT comb_prefix_from_parts('2024-01-01', decode(repeat('00', 15), 'hex'))$$),
 ($$SELECT comb_suffix_from_parts('2024-01-01', decode(repeat('00', 17), 'hex'))$$),
 ($$SELECT comb_short_suffix_from_parts('2024-01-01', decode(repeat('00', 16), 'hex'), '0')$$),
 ($$SELECT comb_sqlserver_generate('1899-12-31 23:59:59.999999')$$),
 ($$SELECT comb_sqlserver_generate('2079-06-07 00:00:00')$$),
 ($$SELECT comb_sqlserver_generate(NULL::timestamptz)$$),
 ($$SELECT comb_sqlserver_timestamp('00000000-0000-4000-8000-0000018b8201')$$),
 ($$SELECT comb_sqlserver_timestamp('00000000-0000-4000-8000-0000ffffffff')$$),
 ($$SELECT comb_short_prefix_is_valid('5515d2c3-b4a5-4687-b869-5a4b3c2d1e0f', '-1 s')$$),
 ($$SELECT comb_short_prefix_is_valid('5515d2c3-b4a5-4687-b869-5a4b3c2d1e0f', '1 mon')$$),
 ($$SELECT comb_short_prefix_is_valid('5515d2c3-b4a5-4687-b869-5a4b3c2d1e0f', '1 s', now(), '0')$$),
 ($$SELECT comb_short_prefix_is_valid('5515d2c3-b4a5-4687-b869-5a4b3c2d1e0f', '1 s', '1969-12-31')$$)
) AS v(statement);
-- Rejected parameters do not use up sequence values.
SELECT setval('comb_seq', 41);
SELECT pg_temp.error_of($$SELECT comb_sequence_generate('comb_seq', 0)$$) IS NOT NULL AS rejected,
       pg_temp.error_of($$SELECT comb_sequence_generate('comb_seq', 1, 16777217)$$) IS NOT NULL AS rejected;
SELECT nextval('comb_seq') AS next;
-- The largest block_count is accepted (a 3-byte prefix).
SELECT substr(comb_sequence_generate('comb_seq', 1, 16777216)::text, 1, 6) AS block_42_minus_1;
DROP TABLE not_a_sequence;
DROP SEQUENCE comb_seq;

-- ===========================================================================
-- The SQL Server COMB window of the generated ids above, at fixed instants
-- (each later than every id generated so far, so that the run starts at the
-- instant's own tick): the last 0.1 us before a tick that starts on a whole
-- millisecond (the second id carries into it, at t + 1 ms); a millisecond
-- 3000 us into its tick; the end of a tick that starts inside the millisecond.
-- ===========================================================================
CREATE FUNCTION pg_temp.sqlserver_run(at_ns bigint, OUT t timestamptz, OUT ids bigint,
                                      OUT in_window boolean, OUT first_from_t interval,
                                      OUT last_from_t interval)
LANGUAGE plpgsql AS $$
BEGIN
    -- the millisecond that holds the instant
    t := timestamptz 'epoch' + (at_ns / 1000000) * interval '1 ms';
    PERFORM set_config('uidx.debug_clock_freeze', 'on@' || at_ns, true);
    CREATE TEMP TABLE sqlserver_run ON COMMIT DROP AS
    SELECT comb_sqlserver_generate() AS c FROM generate_series(1, 1000);
    SELECT count(DISTINCT c), bool_and(pg_temp.sqlserver_in_window(c, t)),
           min(comb_sqlserver_timestamp(c)) - t, max(comb_sqlserver_timestamp(c)) - t
      INTO ids, in_window, first_from_t, last_from_t
      FROM sqlserver_run;
    DROP TABLE sqlserver_run;
END
$$;
SELECT * FROM pg_temp.sqlserver_run(1893456000009999900);
SELECT * FROM pg_temp.sqlserver_run(1893542400003000000);
SELECT * FROM pg_temp.sqlserver_run(1893628800003333200);

-- ===========================================================================
-- Markings of every comb function
-- ===========================================================================
SELECT p.oid::regprocedure AS function, p.provolatile AS volatility, p.proisstrict AS strict,
       p.proparallel AS parallel
  FROM pg_proc p
  JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e'
  JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'uidx'
 WHERE p.proname LIKE 'comb%'
 ORDER BY p.proname, p.oid::regprocedure::text;
