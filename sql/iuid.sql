-- iUID (FORMATS.md §C): type, vectors, generators, errors, opclasses, partitions
SET timezone = 'UTC';
SET extra_float_digits = 0;

-- Runs a statement and shows its SQLSTATE and message instead of failing.
CREATE FUNCTION pg_temp.err(stmt text) RETURNS text LANGUAGE plpgsql AS $$
BEGIN
    EXECUTE stmt;
    RETURN 'no error';
EXCEPTION WHEN OTHERS THEN
    RETURN SQLSTATE || ': ' || SQLERRM;
END $$;

-- ---------------------------------------------------------------------------
-- FORMATS.md §C vectors: packing and every extractor
-- ---------------------------------------------------------------------------
CREATE TEMP TABLE iuid_vectors (at timestamptz, country int, entity int, rand bigint, expected text);
INSERT INTO iuid_vectors VALUES
    ('2024-01-01T00:00:00.000Z', 1, 1, x'00000000000000'::bigint, '018cc251-f400-8001-8040-000000000000'),
    ('2024-06-15T12:30:45.678Z', 42, 7, x'2aaaaaaaaaaaaa'::bigint, '01901be0-f3ae-802a-81ea-aaaaaaaaaaaa'),
    ('2025-03-01T08:00:00.001Z', 255, 255, x'3fffffffffffff'::bigint, '019550b8-2401-80ff-bfff-ffffffffffff'),
    ('2024-07-29T19:38:05.696Z', 16, 128, x'0123456789abcd'::bigint, '01910000-0000-8010-a001-23456789abcd'),
    ('2023-11-14T22:13:20.000Z', 77, 3, x'00deadbeefcafe'::bigint, '018bcfe5-6800-804d-80c0-deadbeefcafe');

SELECT expected,
       iuid_from_parts(at, country, entity, rand)::text = expected AS packs,
       iuid_timestamp(expected::iuid) = at AS ts,
       iuid_country(expected::iuid) = country AS country,
       iuid_service_entity(expected::iuid) = entity AS entity,
       iuid_format_version(expected::iuid) AS fmt,
       iuid_random(expected::iuid) = rand AS rand
FROM iuid_vectors ORDER BY at;

-- the uuid overloads agree, and give NULL for what is not an iUID
SELECT iuid_timestamp(expected::uuid) = at AND iuid_country(expected::uuid) = country
       AND iuid_service_entity(expected::uuid) = entity AND iuid_random(expected::uuid) = rand
       AND iuid_format_version(expected::uuid) = 0 AS uuid_overloads_agree
FROM iuid_vectors;
SELECT iuid_timestamp(u), iuid_country(u), iuid_service_entity(u), iuid_format_version(u), iuid_random(u)
FROM (VALUES ('018cc251-f400-4001-8040-000000000000'::uuid),   -- version 4
             ('018cc251-f400-8001-c040-000000000000'::uuid),   -- variant 110
             ('018cc251-f400-8101-8040-000000000000'::uuid),   -- format version 1
             (gen_random_uuid())) v(u);

-- ---------------------------------------------------------------------------
-- Text input forms (those uuid_in takes) and output
-- ---------------------------------------------------------------------------
SELECT v::iuid FROM (VALUES
    ('018CC251-F400-8001-8040-000000000000'),
    ('{018cc251-f400-8001-8040-000000000000}'),
    ('018cc251f40080018040000000000000'),
    ('018cc251-f400800180400000-00000000'),
    ('{018cc251f40080018040000000000000}')) t(v);

SELECT v, pg_temp.err(format('SELECT %L::iuid', v)) FROM (VALUES
    (''),
    ('not an id'),
    ('018cc251-f400-8001-8040-00000000000'),       -- 31 digits
    ('018cc251-f400-8001-8040-0000000000000'),     -- 33 digits
    ('018cc251-f400-8001-8040-00000000000g'),
    ('018cc25-1f400-8001-8040-000000000000'),      -- hyphen inside a group
    ('{018cc251-f400-8001-8040-000000000000'),     -- unbalanced brace
    ('018cc251-f400-8001-8040-000000000000}'),
    (' 018cc251-f400-8001-8040-000000000000'),
    ('018cc251-f400-8001-8040-000000000000-'),
    ('018cc251-f400-4001-8040-000000000000'),      -- version 4
    ('018cc251-f400-7001-8040-000000000000'),      -- version 7
    ('018cc251-f400-8001-0040-000000000000'),      -- variant 0
    ('018cc251-f400-8001-c040-000000000000'),      -- variant 110
    ('018cc251-f400-8f01-8040-000000000000')       -- format version 15
) t(v);

-- the detail says what is wrong
\set VERBOSITY default
SELECT '018cc251-f400-4001-8040-000000000000'::iuid;
SELECT '018cc251-f400-8001-c040-000000000000'::iuid;
SELECT '018cc251-f400-8101-8040-000000000000'::iuid;
SELECT 'nonsense'::iuid;

-- ---------------------------------------------------------------------------
-- Casts: iuid -> uuid free (implicit), uuid -> iuid validated (assignment),
-- text both ways
-- ---------------------------------------------------------------------------
SELECT castcontext, castmethod FROM pg_cast
 WHERE castsource = 'iuid'::regtype AND casttarget = 'uuid'::regtype;
SELECT castcontext, castmethod FROM pg_cast
 WHERE castsource = 'uuid'::regtype AND casttarget = 'iuid'::regtype;
SELECT '018cc251-f400-8001-8040-000000000000'::uuid::iuid;
SELECT pg_temp.err($$SELECT '018cc251-f400-4001-8040-000000000000'::uuid::iuid$$);
SELECT pg_temp.err($$SELECT iuid('7c091a30-aa83-4920-9288-24c10acbf026'::uuid)$$);
SELECT '018cc251-f400-8001-8040-000000000000'::text::iuid::text;
CREATE TEMP TABLE uuid_col (u uuid);
INSERT INTO uuid_col SELECT iuid_from_parts('2024-01-01', 1, 1);  -- assignment cast
SELECT u FROM uuid_col;
-- a uuid compares with an iuid through the operators of sql/uuid_interop.sql
SELECT iuid_from_parts('2024-01-01', 1, 1) = '018cc251-f400-8001-8040-000000000000'::uuid AS same,
       iuid_from_parts('2024-01-01', 1, 1) < 'ffffffff-ffff-4fff-bfff-ffffffffffff'::uuid AS below;

-- ---------------------------------------------------------------------------
-- Binary I/O is the uuid wire format: send bytes agree, and COPY BINARY
-- round-trips (into iuid, and into uuid from the same file)
-- ---------------------------------------------------------------------------
SELECT bool_and(iuid_send(expected::iuid) = uuid_send(expected::uuid)) AS same_wire_format
FROM iuid_vectors;
-- psql's \copy, not COPY: the file is written and read by the client, in
-- pg_regress's results/, so the test needs no server-side file access and
-- passes against a server that runs as another OS user.  (\copy takes its
-- line literally: no psql variables in it.)
CREATE TEMP TABLE copy_src AS SELECT expected::iuid AS id FROM iuid_vectors;
\copy copy_src TO 'results/uidx_regress_iuid.bin' (FORMAT binary)
CREATE TEMP TABLE copy_dst (id iuid);
\copy copy_dst FROM 'results/uidx_regress_iuid.bin' (FORMAT binary)
CREATE TEMP TABLE copy_dst_uuid (id uuid);
\copy copy_dst_uuid FROM 'results/uidx_regress_iuid.bin' (FORMAT binary)
SELECT (SELECT array_agg(id ORDER BY id) FROM copy_src) = (SELECT array_agg(id ORDER BY id) FROM copy_dst) AS iuid_round_trip,
       (SELECT array_agg(id::uuid ORDER BY id) FROM copy_src) = (SELECT array_agg(id ORDER BY id) FROM copy_dst_uuid) AS uuid_round_trip;
-- binary input validates like text input
CREATE TEMP TABLE copy_v4 AS SELECT '018cc251-f400-4001-8040-000000000000'::uuid AS id;
\copy copy_v4 TO 'results/uidx_regress_v4.bin' (FORMAT binary)
-- (once for the SQLSTATE, once for the message: psql does not set
-- LAST_ERROR_SQLSTATE for \copy)
\set VERBOSITY sqlstate
\copy copy_dst FROM 'results/uidx_regress_v4.bin' (FORMAT binary)
\set VERBOSITY default
\copy copy_dst FROM 'results/uidx_regress_v4.bin' (FORMAT binary)
SELECT count(*) AS rows_after_failed_copy FROM copy_dst;

-- ---------------------------------------------------------------------------
-- Comparison and ordering: timestamp first, then the remaining bits
-- ---------------------------------------------------------------------------
SELECT a.expected < b.expected AS text_lt, a.expected::iuid < b.expected::iuid AS lt,
       a.expected::iuid <= b.expected::iuid AS le, a.expected::iuid = b.expected::iuid AS eq,
       a.expected::iuid <> b.expected::iuid AS ne, a.expected::iuid >= b.expected::iuid AS ge,
       a.expected::iuid > b.expected::iuid AS gt, sign(iuid_cmp(a.expected::iuid, b.expected::iuid)) AS cmp
FROM iuid_vectors a, iuid_vectors b WHERE a.country IN (1, 42) AND b.country IN (1, 42)
ORDER BY a.expected, b.expected;
SELECT array_agg(iuid_timestamp(expected::iuid) ORDER BY expected::iuid) FROM iuid_vectors;

-- sort (with abbreviated keys past 10,000 rows) agrees with byte order
CREATE TEMP TABLE many AS
SELECT iuid_from_parts(timestamptz '2024-01-01' + (n % 997) * interval '1 ms', n % 256, n % 7, (n * 7919) % 100000) AS id, n
FROM generate_series(1, 50000) n;
SELECT bool_and(rn_id = rn_text) AS sort_matches_byte_order FROM (
    SELECT row_number() OVER (ORDER BY id) AS rn_id, row_number() OVER (ORDER BY id::text COLLATE "C") AS rn_text
    FROM many) s;
SELECT count(*) = count(DISTINCT id) AS distinct_ok FROM many;

-- ---------------------------------------------------------------------------
-- Indexes: btree, hash, BRIN; hash partitioning uses the extended hash
-- ---------------------------------------------------------------------------
CREATE INDEX many_btree ON many (id);
CREATE INDEX many_hash ON many USING hash (id);
CREATE INDEX many_brin ON many USING brin (id);
ANALYZE many;
SET enable_seqscan = off;
SET enable_bitmapscan = off;
EXPLAIN (COSTS OFF) SELECT n FROM many WHERE id >= iuid_lower_bound('2024-01-01 00:00:00.5') AND id < iuid_lower_bound('2024-01-01 00:00:00.6');
SELECT count(*) FROM many WHERE id >= iuid_lower_bound('2024-01-01 00:00:00.5') AND id < iuid_lower_bound('2024-01-01 00:00:00.6');
DROP INDEX many_btree;
EXPLAIN (COSTS OFF) SELECT n FROM many WHERE id = iuid_from_parts('2024-01-01', 1, 1);
SELECT count(*) FROM many WHERE id = (SELECT id FROM many WHERE n = 4242);
DROP INDEX many_hash;
SET enable_bitmapscan = on;
EXPLAIN (COSTS OFF) SELECT n FROM many WHERE id < iuid_lower_bound('2024-01-01 00:00:00.1');
SELECT count(*) FROM many WHERE id < iuid_lower_bound('2024-01-01 00:00:00.1');
RESET enable_seqscan;
RESET enable_bitmapscan;

CREATE TEMP TABLE by_hash (id iuid) PARTITION BY HASH (id);
CREATE TEMP TABLE by_hash_0 PARTITION OF by_hash FOR VALUES WITH (MODULUS 2, REMAINDER 0);
CREATE TEMP TABLE by_hash_1 PARTITION OF by_hash FOR VALUES WITH (MODULUS 2, REMAINDER 1);
INSERT INTO by_hash SELECT expected::iuid FROM iuid_vectors;
SELECT tableoid::regclass, id FROM by_hash ORDER BY id;
SELECT iuid_hash_extended(expected::iuid, 0) = iuid_hash_extended(expected::iuid, 0) AS stable,
       iuid_hash_extended(expected::iuid, 0) <> iuid_hash_extended(expected::iuid, 1) AS seeded
FROM iuid_vectors LIMIT 1;

-- ---------------------------------------------------------------------------
-- Generators
-- ---------------------------------------------------------------------------
SHOW uidx.country;
SELECT pg_temp.err('SELECT iuid_generate(1)');
SELECT pg_temp.err($$SET uidx.country = 256$$);
SELECT pg_temp.err($$SET uidx.country = '-1'$$);
SELECT pg_temp.err($$SET uidx.country = 'ru'$$);
SET uidx.country = 42;
SELECT iuid_country(iuid_generate(7)), iuid_service_entity(iuid_generate(7)),
       iuid_format_version(iuid_generate(7)), iuid_country(iuid_generate(7, 3));
SELECT abs(extract(epoch FROM iuid_timestamp(iuid_generate(1)) - clock_timestamp())) < 5 AS ts_is_now;
SELECT pg_temp.err('SELECT iuid_generate(256)'),
       pg_temp.err('SELECT iuid_generate(-1)'),
       pg_temp.err('SELECT iuid_generate(1, 256)'),
       pg_temp.err('SELECT iuid_generate(1, -5)'),
       pg_temp.err('SELECT iuid_generate(NULL::int)');
RESET uidx.country;

-- registry names
INSERT INTO iuid_service_entity VALUES (7, 'AyanOrder'), (12, 'Ride');
SELECT iuid_service_entity(iuid_generate('AyanOrder', 5)), iuid_country(iuid_generate('Ride', 9));
SELECT pg_temp.err($$SELECT iuid_generate('NoSuchEntity', 5)$$);
SELECT pg_temp.err($$SELECT iuid_generate(NULL::text, 5)$$);
SELECT pg_temp.err($$INSERT INTO iuid_service_entity VALUES (256, 'TooBig')$$);

-- backfills: given time, fresh randomness
SELECT iuid_timestamp(iuid_generate_at('2020-02-29 12:00:00.123', 1, 2)),
       iuid_generate_at('2020-02-29', 1, 2) <> iuid_generate_at('2020-02-29', 1, 2) AS random_differs;
SELECT pg_temp.err($$SELECT iuid_generate_at('1969-12-31 23:59:59.999', 1, 2)$$),
       pg_temp.err($$SELECT iuid_generate_at('infinity', 1, 2)$$),
       pg_temp.err($$SELECT iuid_generate_at('10900-01-01', 1, 2)$$),
       pg_temp.err($$SELECT iuid_generate_at('2020-01-01', 1)$$);
SELECT iuid_generate_at('1970-01-01', 1, 2) >= iuid_lower_bound('1970-01-01') AS epoch_ok,
       iuid_timestamp(iuid_from_parts('10889-08-02 05:31:50.655', 0, 0)) AS max_time;

-- from parts: random must fit in 54 bits
SELECT pg_temp.err($$SELECT iuid_from_parts('2024-01-01', 1, 1, -1)$$),
       pg_temp.err($$SELECT iuid_from_parts('2024-01-01', 1, 1, 18014398509481984)$$),
       iuid_from_parts('2024-01-01', 1, 1, 18014398509481983);
SELECT iuid_lower_bound('2024-01-01'), iuid_lower_bound('2024-01-01 00:00:00.0005'),
       iuid_lower_bound('2023-12-31 23:59:59.9995');

-- 100,000 IDs from one statement are strictly increasing, and a step inside
-- one millisecond either carries at least 32 random bits (step = 1 + a 32-bit
-- draw) or moves up to the clock's later fraction of the millisecond, the
-- leading 12 random bits (FORMATS.md §C)
CREATE TEMP TABLE gen AS
SELECT n, iuid_generate(1, 1) AS id FROM generate_series(1, 100000) n;
SELECT count(*) AS n, count(*) FILTER (WHERE id <= prev) AS not_increasing,
       count(*) FILTER (WHERE same_ms AND (step < 1 OR step > 4294967297)
                        AND NOT fraction > prev_fraction) AS bad_steps,
       count(DISTINCT step) FILTER (WHERE same_ms) >= count(*) FILTER (WHERE same_ms) * 0.99 AS steps_vary
FROM (SELECT id, lag(id) OVER w AS prev,
             iuid_timestamp(id) = iuid_timestamp(lag(id) OVER w) AS same_ms,
             iuid_random(id) - iuid_random(lag(id) OVER w) AS step,
             iuid_random(id) >> 42 AS fraction, iuid_random(lag(id) OVER w) >> 42 AS prev_fraction
      FROM gen WINDOW w AS (ORDER BY n)) s;
-- ... also when country and entity change from one ID to the next
SELECT count(*) FILTER (WHERE id <= prev) AS not_increasing FROM (
    SELECT id, lag(id) OVER (ORDER BY n) AS prev FROM (
        SELECT n, iuid_generate(n % 3, CASE WHEN n % 2 = 0 THEN 200 ELSE 5 END) AS id
        FROM generate_series(1, 20000) n) g) s;

-- DEFAULTs, also through COPY
CREATE TEMP TABLE orders_copy (id iuid PRIMARY KEY DEFAULT iuid_generate(3, 9), note text, seq serial);
COPY orders_copy (note) FROM stdin;
first
second
third
\.
SELECT note, iuid_country(id), iuid_service_entity(id),
       id > lag(id) OVER (ORDER BY seq) AS increasing FROM orders_copy ORDER BY seq;

-- parallel workers generate without duplicates
CREATE TEMP TABLE par_src AS SELECT n FROM generate_series(1, 100000) n;
CREATE TABLE par_src_shared AS SELECT n FROM generate_series(1, 100000) n;
ANALYZE par_src_shared;
SET parallel_setup_cost = 0;
SET parallel_tuple_cost = 0;
SET min_parallel_table_scan_size = 0;
SET max_parallel_workers_per_gather = 2;
EXPLAIN (COSTS OFF, VERBOSE) SELECT iuid_generate(1, 1) FROM par_src_shared;
CREATE TABLE par_out AS SELECT iuid_generate(1, 1) AS id FROM par_src_shared;
SELECT count(*), count(DISTINCT id) FROM par_out;
RESET parallel_setup_cost;
RESET parallel_tuple_cost;
RESET min_parallel_table_scan_size;
RESET max_parallel_workers_per_gather;
DROP TABLE par_src_shared, par_out;

-- ---------------------------------------------------------------------------
-- Range partitions by time: created idempotently, pruned, indexed
-- ---------------------------------------------------------------------------
CREATE TABLE orders (
    id iuid PRIMARY KEY DEFAULT iuid_generate(7, 42),
    amount numeric NOT NULL
) PARTITION BY RANGE (id);
SELECT uidx_create_time_partitions('orders', '2024-01-01', '2024-04-01', '1 month');
SELECT uidx_create_time_partitions('orders', '2024-01-01', '2024-05-01', '1 month');
SELECT c.relname, pg_get_expr(c.relpartbound, c.oid)
FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
WHERE i.inhparent = 'orders'::regclass ORDER BY 1;
INSERT INTO orders
SELECT iuid_generate_at(timestamptz '2024-01-01' + n * interval '10 minutes', 7, 42), n
FROM generate_series(0, 12000) n;
ANALYZE orders;
SELECT tableoid::regclass, count(*) FROM orders GROUP BY 1 ORDER BY 1;
EXPLAIN (COSTS OFF)
SELECT * FROM orders
WHERE id >= iuid_lower_bound('2024-02-10') AND id < iuid_lower_bound('2024-02-11');
SELECT count(*) FROM orders
WHERE id >= iuid_lower_bound('2024-02-10') AND id < iuid_lower_bound('2024-02-11');
-- hourly partitions get the time in their name
CREATE TABLE events (id iuid) PARTITION BY RANGE (id);
SELECT uidx_create_time_partitions('events', '2024-01-01 22:00', '2024-01-02 01:00', '1 hour');
-- errors
CREATE TABLE not_partitioned (id iuid);
CREATE TABLE by_int (id int) PARTITION BY RANGE (id);
CREATE TABLE by_list (id iuid) PARTITION BY LIST (id);
CREATE TABLE orders_p20240501 (id iuid, amount numeric);
SELECT pg_temp.err($$SELECT uidx_create_time_partitions('not_partitioned', '2024-01-01', '2024-02-01', '1 month')$$);
SELECT pg_temp.err($$SELECT uidx_create_time_partitions('by_int', '2024-01-01', '2024-02-01', '1 month')$$);
SELECT pg_temp.err($$SELECT uidx_create_time_partitions('by_list', '2024-01-01', '2024-02-01', '1 month')$$);
SELECT pg_temp.err($$SELECT uidx_create_time_partitions('orders', '2024-01-01', '2024-02-01', '0 days')$$);
SELECT pg_temp.err($$SELECT uidx_create_time_partitions('orders', '2024-05-01', '2024-06-01', '1 month')$$);
DROP TABLE orders, events, not_partitioned, by_int, by_list, orders_p20240501;

-- ---------------------------------------------------------------------------
-- Volatility, strictness and parallel safety of every iuid and shared function
-- ---------------------------------------------------------------------------
SELECT p.oid::regprocedure AS function, p.provolatile AS vol, p.proisstrict AS strict,
       p.proparallel AS par, p.prosecdef AS secdef
FROM pg_proc p JOIN pg_depend d ON d.objid = p.oid AND d.classid = 'pg_proc'::regclass
JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'uidx'
WHERE p.proname LIKE 'iuid%' OR (p.proname LIKE 'uidx%' AND p.proname NOT LIKE 'uidx_inspect%')
ORDER BY p.proname, p.oid::regprocedure::text;
-- leave the registry as it was for the tests after this one
DELETE FROM iuid_service_entity WHERE code IN (7, 12);
