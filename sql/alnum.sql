-- Alphanumeric IDs: base-62 blocks of 11 characters per 64-bit half.
SET timezone = 'UTC';

\i test/regress/error_of.sql

-- ---------------------------------------------------------------------------
-- Vectors
-- ---------------------------------------------------------------------------
-- long -> 11 characters (ulong vectors above 2^63 - 1 appear below, as the
-- low block of a uuid)
SELECT v, alnum_encode(v), alnum_decode_bigint(alnum_encode(v)) = v AS round_trip
  FROM (VALUES (0::bigint), (1), (61), (62), (4294967296), (1234567890123456789),
               (9223372036854775807)) x(v);

-- decimal (numeric, 0 .. 10^28 - 1) -> 16 characters, and distid the same way
SELECT v, alnum_encode(v), alnum_decode_numeric(alnum_encode(v)) = v AS round_trip,
       CASE WHEN v < 2::numeric ^ 93 THEN alnum_encode(v::distid) = alnum_encode(v) END AS distid_same
  FROM (VALUES (0::numeric), (1), (62), (1000000000000000000000000000),
               (1088824355131185736905670087),  -- README: 3zfAkCP7ZtzfeQYp
               (1125899906842624000000000000), (9903520314283042199192993791),
               (9999999999999999999999999999)) x(v);

-- UInt128 / Guid in RFC byte order -> 22 characters
SELECT v, alnum_encode(v), alnum_decode_uuid(alnum_encode(v)) = v AS round_trip
  FROM (VALUES ('00000000-0000-0000-0000-000000000000'::uuid),
               ('00000000-0000-0000-0000-000000000001'),
               ('094954a8-622c-76ad-1b93-cdefcbdf0888'),
               ('0189a0f3-7a10-7abc-8def-0123456789ab'),
               ('ffffffff-ffff-ffff-ffff-ffffffffffff'),
               ('30322474-a954-ffa9-941c-6f038afe4ff1'),  -- README public id: 48XoooHHCe1CiOHrghM7Dl
               ('00000000-0000-0000-8000-000000000000'),  -- 2^63: low block AzL8n0Y58m8
               ('00000000-0000-0000-ffff-ffffffffffff')) x(v);

-- the upstream unit-test strings decode (strictly) and encode back unchanged
SELECT s, alnum_decode_bigint(s) AS value, alnum_encode(alnum_decode_bigint(s)) = s AS round_trip
  FROM (VALUES ('1TCKi1nFuNh'), ('000004gfFC4'), ('00000000010'), ('AzL8n0Y58m7'),
               ('4DruweP3xQ8')) x(s);
SELECT s, alnum_decode_numeric(s) AS value, alnum_encode(alnum_decode_numeric(s)) = s AS round_trip
  FROM (VALUES ('1drbWFYI4a3pLliX'), ('agbFu5KnEQGxp4QB'), ('00000000004gfFC4'),
               ('0000000000zzzzzz')) x(s);
SELECT s, alnum_decode_uuid(s) AS value, alnum_encode(alnum_decode_uuid(s)) = s AS round_trip
  FROM (VALUES ('0000004WoWZ9OjHPSzq3Ju'), ('1TCKi1nFuNh1TCKi1nFuNh'),
               ('00000000000LygHa16AHYF'), ('LygHa16AHYFLygHa16AHYF')) x(s);
SELECT alnum_decode_distid('3zfAkCP7ZtzfeQYp'), alnum_decode_distid('aKeeFLygHa16AHYF');

-- ---------------------------------------------------------------------------
-- Every rejection: wrong length, a foreign character (ASCII punctuation,
-- space; non-ASCII ones are in sql/encoding.sql), a non-canonical block
-- (>= 2^64), out of range
-- ---------------------------------------------------------------------------
SELECT f, s, pg_temp.error_of(format('SELECT %s(%L)', f, s)) FROM (VALUES
    ('alnum_decode_bigint', ''),
    ('alnum_decode_bigint', '0000000001'),
    ('alnum_decode_bigint', '000000000001'),
    ('alnum_decode_bigint', '1234567890$'),
    ('alnum_decode_bigint', '123456789-0'),
    ('alnum_decode_bigint', '123456789_0'),
    ('alnum_decode_bigint', '12345 67890'),
    ('alnum_decode_bigint', '1234567890.'),
    ('alnum_decode_bigint', '+1234567890'),
    ('alnum_decode_bigint', 'LygHa16AHYG'),      -- 2^64: upstream wraps to 0
    ('alnum_decode_bigint', 'zzzzzzzzzzz'),
    ('alnum_decode_bigint', 'AzL8n0Y58m8'),      -- 2^63
    ('alnum_decode_bigint', 'LygHa16AHYF'),      -- 2^64 - 1
    ('alnum_decode_numeric', '3zfAkCP7ZtzfeQY'),
    ('alnum_decode_numeric', '3zfAkCP7ZtzfeQYpp'),
    ('alnum_decode_numeric', '3zfAkCP7,tzfeQYp'),
    ('alnum_decode_numeric', '00000zzzzzzzzzzz'), -- non-canonical low block
    ('alnum_decode_numeric', 'agbFu5KnEQGxp4QC'), -- 10^28
    ('alnum_decode_numeric', 'zzzzzzzzzzzzzzzz'),
    ('alnum_decode_distid', 'aKeeG00000000000'),  -- 2^93
    ('alnum_decode_distid', 'agbFu5KnEQGxp4QB'),  -- 10^28 - 1
    ('alnum_decode_distid', 'aKeeFLygHa16AHYG'),
    ('alnum_decode_distid', '1088824355131185736905670087'),
    ('alnum_decode_uuid', '0nQkrErwxJd2MnCm41WZ5'),
    ('alnum_decode_uuid', '0nQkrErwxJd2MnCm41WZ5s0'),
    ('alnum_decode_uuid', '0nQkrErwxJd2MnCm41WZ5 '),
    ('alnum_decode_uuid', 'LygHa16AHYGLygHa16AHYF'),  -- non-canonical high block
    ('alnum_decode_uuid', '0000000000LygHa16AHYG0'),
    ('alnum_decode_uuid', '00000000000LygHa16AHYG'),  -- upstream: 0
    ('alnum_decode_uuid', '094954a8-622c-76ad-1b93')) x(f, s);

-- encoders refuse values without an alphanumeric form.  A numeric must have
-- scale 0, as a decimal id must upstream: 0.0 and 5.000 are refused (22023)
-- although whole; -0 is the numeric 0 (PostgreSQL has no negative zero)
SELECT q, pg_temp.error_of(q) FROM (VALUES
    ('SELECT alnum_encode(-1::bigint)'),
    ('SELECT alnum_encode(-1::numeric)'),
    ('SELECT alnum_encode(1.5)'),
    ('SELECT alnum_encode(0.0)'),
    ('SELECT alnum_encode(5.000)'),
    ('SELECT alnum_encode(-0.0)'),
    ('SELECT alnum_encode(5::numeric(10,2))'),
    ('SELECT alnum_encode(10000000000000000000000000000)'),
    ($$SELECT alnum_encode('NaN'::numeric)$$),
    ($$SELECT alnum_encode('-Infinity'::numeric)$$)) x(q);
SELECT alnum_encode('-0'::numeric) AS minus_zero, alnum_encode(5e0) AS exponent_scale_0,
       alnum_encode(5.000::numeric(28,0)) AS cast_to_scale_0,
       alnum_encode(5.000::distid) AS distid_cast_takes_scale,
       alnum_decode_numeric(NULL) IS NULL AS strict;

-- ---------------------------------------------------------------------------
-- The text sorts like the values under COLLATE "C"
-- ---------------------------------------------------------------------------
-- d = hi * 2^64 + lo below 10^28: half the rows share a few hi values, so
-- that the low block decides their order
CREATE TEMP TABLE sample AS
SELECT ('x' || substr(md5(i::text), 1, 16))::bit(64)::bigint & 9223372036854775807 AS b,
       md5(i::text || 'u')::uuid AS u,
       (CASE WHEN i % 2 = 0 THEN i % 3
             ELSE (('x' || substr(md5(i::text || 'h'), 1, 8))::bit(32)::bigint & 2147483647) % 542101086
        END)::numeric * 18446744073709551616  -- 2^64 (numeric ^ has a scale)
       + (('x' || substr(md5(i::text || 'l'), 1, 16))::bit(64)::bigint::numeric + 9223372036854775808) AS d
  FROM generate_series(1, 2000) i;
SELECT (SELECT array_agg(b ORDER BY b) = array_agg(b ORDER BY alnum_encode(b) COLLATE "C") FROM sample) AS bigint_order,
       (SELECT array_agg(u ORDER BY u) = array_agg(u ORDER BY alnum_encode(u) COLLATE "C") FROM sample) AS uuid_order,
       (SELECT array_agg(d ORDER BY d) = array_agg(d ORDER BY alnum_encode(d) COLLATE "C") FROM sample) AS numeric_order,
       (SELECT array_agg(d ORDER BY d) = array_agg(d ORDER BY alnum_encode(d::distid) COLLATE "C") FROM sample
         WHERE d < 2::numeric ^ 93) AS distid_order,
       (SELECT count(*) FROM sample
         WHERE alnum_decode_bigint(alnum_encode(b)) <> b
            OR alnum_decode_uuid(alnum_encode(u)) <> u
            OR alnum_decode_numeric(alnum_encode(d)) <> d) AS round_trip_failures,
       (SELECT max(d) > 2::numeric ^ 93 AND min(d) < 2::numeric ^ 64 FROM sample) AS spans_both_blocks;

-- ---------------------------------------------------------------------------
-- Markings
-- ---------------------------------------------------------------------------
SELECT p.oid::regprocedure AS function, p.provolatile, p.proisstrict, p.proparallel
  FROM pg_proc p JOIN pg_depend d ON d.objid = p.oid AND d.classid = 'pg_proc'::regclass
 WHERE d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'uidx') AND d.deptype = 'e'
   AND p.proname ~ '^alnum_'
 ORDER BY p.oid::regprocedure::text COLLATE "C";
