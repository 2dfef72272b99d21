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
-- Casts: iuid -> uuid free (assignment, not implicit: README "Conventions"),
-- uuid -> iuid validated (assignment),
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

-- ---------------------------------------------------------------------------
-- The generation rule (FORMATS.md §C), exact on the test clock of src/clock.c,
-- so that every path runs on every machine, whatever its speed or its
-- clock's grain: frozen (every call in one 1/4096 ms fraction), and stepping
-- by uidx.debug_clock_step_ns per reading of the clock (244 ns: the fraction
-- moves on at nearly every call; 61 ns: every 4th or 5th call).
-- ---------------------------------------------------------------------------
-- a fresh backend: no value made above is kept
\c
SET timezone = 'UTC';
CREATE TEMP TABLE rule_ids (mode text, n bigserial, at_ns bigint, country integer, id iuid);
-- ids made with the clock standing at from_ns and moving step_ns per
-- reading; iuid_generate reads it once per call, so id k is made at
-- from_ns + step_ns * (k - 1); the country alternates 0, 1 when asked
CREATE FUNCTION pg_temp.make_ids(mode text, from_ns bigint, step_ns integer, ids integer,
                                 alternate boolean) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
    PERFORM set_config('uidx.debug_clock_step_ns', step_ns::text, false);
    PERFORM set_config('uidx.debug_clock_freeze', 'on@' || from_ns, false);
    INSERT INTO rule_ids (mode, at_ns, country, id)
    SELECT mode, from_ns + step_ns::bigint * (k - 1), c, iuid_generate(1, c)
      FROM (SELECT k, CASE WHEN alternate THEN k % 2 ELSE 1 END AS c
              FROM generate_series(1, ids) k) g;
END
$$;
SET client_min_messages = error;  -- each statement would WARN of the test clock
-- frozen: 100 milliseconds of 1,000 ids, each at 123,456 ns into its ms
SELECT count(pg_temp.make_ids('frozen', 1700000000000123456 + r * 1000000, 0, 1000, false))
  FROM generate_series(0, 99) r;
SELECT pg_temp.make_ids('step 244 ns', 1700000001000000000, 244, 100000, false);
SELECT pg_temp.make_ids('step 61 ns', 1700000002000000000, 61, 100000, false);
-- 200,000 ids whose country alternates 0, 1, 0, ... (one backend writing
-- orders and their lines): frozen, and stepping
SELECT pg_temp.make_ids('alternating, frozen', 1700000003000123456, 0, 200000, true);
SELECT pg_temp.make_ids('alternating, step 244 ns', 1700000004000000000, 244, 200000, true);
RESET client_min_messages;
RESET uidx.debug_clock_freeze;
RESET uidx.debug_clock_step_ns;

-- Each id against the rule, from its exact clock reading and the id made
-- before it in this backend (of any country): past the previous millisecond,
-- or in it with the clock's fraction above the previous random's leading 12
-- bits, a fresh value: the clock's ms, its fraction, then 42 bits of which
-- the top one is clear; otherwise the previous ms and random + 1 + r, r a
-- 32-bit draw (1 <= step <= 2^32).  bad_steps counts the ids that break it.
CREATE TEMP VIEW rule_check AS
SELECT mode, n, country, id, prev, prev_country, ms, clock_ms, path,
       CASE path WHEN 'increment' THEN ms = prev_ms AND step BETWEEN 1 AND 4294967296
                 ELSE ms = clock_ms AND r >> 42 = clock_fraction AND r & 4398046511103 < 2199023255552
       END AS follows_rule,
       CASE WHEN path = 'increment' THEN step END AS step
  FROM (SELECT *, CASE WHEN prev_ms IS NULL OR clock_ms > prev_ms THEN 'fresh, later ms'
                       WHEN clock_ms = prev_ms AND clock_fraction > prev_r >> 42 THEN 'fresh, later fraction'
                       ELSE 'increment' END AS path,
               r - prev_r AS step
          FROM (SELECT mode, n, country, id, lag(id) OVER w AS prev, lag(country) OVER w AS prev_country,
                       floor(extract(epoch FROM iuid_timestamp(id)) * 1000)::bigint AS ms,
                       floor(extract(epoch FROM iuid_timestamp(lag(id) OVER w)) * 1000)::bigint AS prev_ms,
                       iuid_random(id) AS r, iuid_random(lag(id) OVER w) AS prev_r,
                       at_ns / 1000000 AS clock_ms, (at_ns % 1000000) * 4096 / 1000000 AS clock_fraction
                  FROM rule_ids WINDOW w AS (ORDER BY n)) s) t;
-- per mode: how many ids took each path (exact: the clock readings are), the
-- ids that break the rule, and whether the increments' random steps vary
SELECT mode, count(*) AS ids,
       count(*) FILTER (WHERE path = 'fresh, later ms') AS fresh_later_ms,
       count(*) FILTER (WHERE path = 'fresh, later fraction') AS fresh_later_fraction,
       count(*) FILTER (WHERE path = 'increment') AS increments,
       count(*) FILTER (WHERE NOT follows_rule) AS bad_steps,
       count(DISTINCT step) >= count(step) * 0.99 AS steps_vary
  FROM rule_check GROUP BY mode ORDER BY min(n);
-- Order: each (country, entity)'s ids strictly increase; across countries an
-- id is above the one before whenever its country did not decrease (within a
-- millisecond an id of a lower country sorts below the one before, instead
-- of moving the time ahead); and no id is ahead of the clock that made it
-- (max_lead_ms: 0, with 200,000 alternating ids in one frozen millisecond)
SELECT mode,
       count(*) FILTER (WHERE id <= prev_same) AS not_increasing_per_origin,
       count(*) FILTER (WHERE country >= prev_country AND id <= prev) AS not_increasing_same_or_higher_origin,
       count(*) FILTER (WHERE country < prev_country AND id < prev) AS below_previous_lower_origin,
       max(ms - clock_ms) AS max_lead_ms
  FROM (SELECT *, lag(id) OVER (PARTITION BY country ORDER BY n) AS prev_same FROM rule_check) s
 GROUP BY mode ORDER BY min(n);
-- the same on the real clock (the clock read after all the ids is later than
-- each id's own reading): at most 1 ms ahead, whatever the machine's speed
SELECT max(iuid_timestamp(iuid_generate(0, (i % 2)::int))) - clock_timestamp() <= interval '1 ms'
           AS alternating_at_most_1_ms_ahead
  FROM generate_series(1, 200000) i;

-- leave the registry as it was for the tests after this one
DELETE FROM iuid_service_entity WHERE code IN (7, 12);
