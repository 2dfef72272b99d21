SET timezone = 'UTC';
-- Striped tables (README "Striped tables"): uidx_create_time_partitions with
-- a stripe count makes each time partition a table partitioned BY HASH on
-- the key, with that many stripes; uidx_create_stripes does the same for a
-- table partitioned BY HASH alone.  What the planner does with them is shown
-- as the set of tables a plan reads and the kinds of its nodes, taken from
-- EXPLAIN's JSON form, so that the output does not depend on how a server
-- version prints a plan.
\i test/regress/error_of.sql

-- the tables a plan reads (sorted), the subplans pruned at executor start,
-- and whether it has a Merge Append and a Sort node
CREATE FUNCTION pg_temp.plan_of(query text) RETURNS TABLE (reads text, removed_at_start integer,
                                                           merge_append boolean, sort boolean)
LANGUAGE plpgsql AS $$
DECLARE
    plan jsonb;
BEGIN
    EXECUTE 'EXPLAIN (FORMAT JSON, COSTS OFF) ' || query INTO plan;
    RETURN QUERY
    SELECT (SELECT string_agg(r #>> '{}', ' ' ORDER BY r #>> '{}' COLLATE "C")
              FROM jsonb_path_query(plan, 'strict $.**."Relation Name"') r),
           (SELECT coalesce(sum((s #>> '{}')::integer), 0)::integer
              FROM jsonb_path_query(plan, 'strict $.**."Subplans Removed"') s),
           jsonb_path_exists(plan, 'strict $.** ? (@."Node Type" == "Merge Append")'),
           jsonb_path_exists(plan, 'strict $.** ? (@."Node Type" == "Sort")');
END
$$;
-- the partitions of a table, their strategy and bound, level by level
CREATE FUNCTION pg_temp.tree_of(root regclass) RETURNS TABLE (level integer, part text, partitioned_by text,
                                                              bound text)
LANGUAGE sql AS $$
SELECT t.level, t.relid::text,
       CASE p.partstrat WHEN 'h' THEN 'hash' WHEN 'r' THEN 'range' END,
       pg_get_expr(c.relpartbound, c.oid)
  FROM pg_partition_tree(root) t
  JOIN pg_class c ON c.oid = t.relid
  LEFT JOIN pg_partitioned_table p ON p.partrelid = t.relid
 WHERE t.level > 0
 ORDER BY t.relid::text COLLATE "C"
$$;

-- ===========================================================================
-- Time partitions, each striped
-- ===========================================================================
INSERT INTO iuid_service_entity VALUES (1, 'Conc');
CREATE TABLE orders (id iuid PRIMARY KEY DEFAULT iuid_generate(1, 1), note text)
    PARTITION BY RANGE (id);
SELECT * FROM uidx_create_time_partitions('orders', '2026-01-01', '2026-03-01', '1 month', 4);
-- run again for later months: the existing ones are kept, the new ones striped
SELECT * FROM uidx_create_time_partitions('orders', '2026-01-01', '2026-04-01', '1 month', 4);
SELECT * FROM pg_temp.tree_of('orders');
-- without a stripe count (or with 1): plain time partitions, as before
SELECT * FROM uidx_create_time_partitions('orders', '2026-04-01', '2026-05-01', '1 month');
SELECT part, partitioned_by FROM pg_temp.tree_of('orders') WHERE part LIKE 'orders_p202604%';
DROP TABLE orders_p20260401;
-- refused before anything is created
SELECT pg_temp.error_of($$SELECT uidx_create_time_partitions('orders', '2026-04-01', '2026-05-01', '1 month', 0)$$);
SELECT pg_temp.error_of($$SELECT uidx_create_time_partitions('orders', '2026-04-01', '2026-05-01', '1 month', 1025)$$);
SELECT count(*) AS partitions FROM pg_partition_tree('orders');

-- rows from 2026-01-01 every 2 minutes, over the three months: row g is
-- iuid_from_parts('2026-01-01' + g * 2 min, 1, 1, g) (2026-02-10: g = 28800,
-- 2026-03-10: g = 48960)
INSERT INTO orders
SELECT iuid_from_parts('2026-01-01'::timestamptz + g * interval '2 min', 1, 1, g), 'n' || g
  FROM generate_series(0, 60000) g;
ANALYZE orders;
-- every stripe got rows, and every row is in the stripe of its time
SELECT count(*) AS stripes_with_rows, min(n) > 4000 AS all_filled
  FROM (SELECT tableoid, count(*) AS n FROM orders GROUP BY tableoid) s;
SELECT count(*) AS misplaced FROM orders o
 WHERE NOT EXISTS (SELECT 1 FROM pg_inherits i
                    WHERE i.inhrelid = o.tableoid
                      AND i.inhparent::regclass::text = 'orders_p' || to_char(iuid_timestamp(o.id), 'YYYYMM') || '01');

-- WHERE id = constant: one stripe of one month, at plan time
SELECT * FROM pg_temp.plan_of($$SELECT * FROM orders WHERE id = iuid_from_parts('2026-02-10', 1, 1, 28800)$$);
SELECT * FROM pg_temp.plan_of($$SELECT * FROM orders WHERE id = iuid_from_parts('2026-02-10', 1, 1, 28800)::uuid$$);
SELECT note FROM orders WHERE id = iuid_from_parts('2026-02-10', 1, 1, 28800);
-- ... and a parameter of a generic plan: at executor start
PREPARE by_id(iuid) AS SELECT * FROM orders WHERE id = $1;
PREPARE by_uuid(uuid) AS SELECT * FROM orders WHERE id = $1;
SET plan_cache_mode = force_generic_plan;
SELECT * FROM pg_temp.plan_of($$EXECUTE by_id(iuid_from_parts('2026-02-10', 1, 1, 28800))$$);
SELECT * FROM pg_temp.plan_of($$EXECUTE by_uuid(iuid_from_parts('2026-02-10', 1, 1, 28800)::uuid)$$);
EXECUTE by_id(iuid_from_parts('2026-02-10', 1, 1, 28800));
RESET plan_cache_mode;

-- A time filter: the stripes of the months it needs, in the id-range form
-- and in the natural form (README "Time filters that prune partitions"),
-- with constants and with generic-plan parameters
SELECT * FROM pg_temp.plan_of($$SELECT count(*) FROM orders
    WHERE id >= iuid_lower_bound('2026-02-10') AND id < iuid_lower_bound('2026-02-11')$$);
SELECT * FROM pg_temp.plan_of($$SELECT count(*) FROM orders
    WHERE iuid_timestamp(id) >= '2026-02-10' AND iuid_timestamp(id) < '2026-02-11'$$);
SELECT * FROM pg_temp.plan_of($$SELECT count(*) FROM orders
    WHERE iuid_timestamp(id) >= '2026-02-20' AND iuid_timestamp(id) < '2026-03-05'$$);
SELECT count(*) FROM orders WHERE iuid_timestamp(id) >= '2026-02-10' AND iuid_timestamp(id) < '2026-02-11';
PREPARE by_day(timestamptz, timestamptz) AS
SELECT count(*) FROM orders WHERE iuid_timestamp(id) >= $1 AND iuid_timestamp(id) < $2;
PREPARE by_range(timestamptz, timestamptz) AS
SELECT count(*) FROM orders WHERE id >= iuid_lower_bound($1) AND id < iuid_lower_bound($2);
SET plan_cache_mode = force_generic_plan;
SELECT * FROM pg_temp.plan_of($$EXECUTE by_day('2026-02-10', '2026-02-11')$$);
SELECT * FROM pg_temp.plan_of($$EXECUTE by_range('2026-02-10', '2026-02-11')$$);
EXECUTE by_day('2026-02-10', '2026-02-11');
RESET plan_cache_mode;

-- ORDER BY id LIMIT n: the months in order, each month's stripes merged
-- (Merge Append), no Sort; the same rows as the table in id order
SELECT merge_append, sort FROM pg_temp.plan_of('SELECT * FROM orders ORDER BY id LIMIT 10');
SELECT merge_append, sort FROM pg_temp.plan_of('SELECT * FROM orders ORDER BY id DESC LIMIT 10');
SELECT merge_append, sort FROM pg_temp.plan_of($$SELECT * FROM orders
    WHERE iuid_timestamp(id) >= '2026-02-10' ORDER BY id LIMIT 10$$);
SELECT array_agg(note ORDER BY id) FROM (SELECT * FROM orders ORDER BY id LIMIT 5) s;
SELECT array_agg(note ORDER BY id) FROM (SELECT * FROM orders ORDER BY id DESC LIMIT 5) s;

-- generated keys land in the current month's stripes; a month without a
-- partition is refused, as for an unstriped table
SELECT count(*) FROM uidx_create_time_partitions('orders', date_trunc('month', now()),
                                                 date_trunc('month', now()) + interval '1 month', '1 month', 4);
INSERT INTO orders (note) SELECT 'now' FROM generate_series(1, 1000);
SELECT count(DISTINCT tableoid) AS stripes_written FROM orders WHERE note = 'now';

-- ===========================================================================
-- Foreign keys to and from a striped table
-- ===========================================================================
CREATE TABLE customers (id iuid PRIMARY KEY, name text);
INSERT INTO customers VALUES (iuid_from_parts('2025-06-01', 1, 1, 1), 'c1');
ALTER TABLE orders ADD COLUMN customer iuid REFERENCES customers;
CREATE TABLE order_lines (id bigserial PRIMARY KEY,
                          order_id iuid NOT NULL REFERENCES orders ON DELETE CASCADE, qty int);
CREATE INDEX ON order_lines (order_id);
UPDATE orders SET customer = iuid_from_parts('2025-06-01', 1, 1, 1)
 WHERE id = iuid_from_parts('2026-02-10', 1, 1, 28800);
INSERT INTO order_lines (order_id, qty)
VALUES (iuid_from_parts('2026-02-10', 1, 1, 28800), 1), (iuid_from_parts('2026-03-10', 1, 1, 48960), 2);
SELECT pg_temp.error_of($$INSERT INTO order_lines (order_id, qty) VALUES (iuid_from_parts('2026-02-10', 1, 1, 7), 3)$$);
SELECT pg_temp.error_of($$UPDATE orders SET customer = iuid_from_parts('2025-06-01', 1, 1, 2)
                          WHERE id = iuid_from_parts('2026-02-10', 1, 1, 28800)$$);
SELECT pg_temp.error_of($$DELETE FROM customers$$);
DELETE FROM orders WHERE id = iuid_from_parts('2026-03-10', 1, 1, 48960);
SELECT count(*) AS lines_left FROM order_lines;
-- a uuid column may reference the striped iuid key, as an unstriped one
CREATE TABLE order_notes (order_id uuid REFERENCES orders (id), body text);
INSERT INTO order_notes VALUES (iuid_from_parts('2026-02-10', 1, 1, 28800)::uuid, 'ok');
SELECT pg_temp.error_of($$INSERT INTO order_notes VALUES (iuid_from_parts('2026-02-10', 1, 1, 9)::uuid, 'no')$$);

-- ===========================================================================
-- A table partitioned BY HASH alone: uidx_create_stripes
-- ===========================================================================
CREATE TABLE events (id uuid PRIMARY KEY DEFAULT distid128_generate(), kind text)
    PARTITION BY HASH (id);
SELECT * FROM uidx_create_stripes('events', 8);
SELECT * FROM uidx_create_stripes('events', 8);
SELECT count(*) AS stripes FROM pg_partition_tree('events') WHERE level = 1;
INSERT INTO events (kind) SELECT 'k' || g FROM generate_series(1, 4000) g;
ANALYZE events;
SELECT count(DISTINCT tableoid) AS stripes_written FROM events;
SELECT id AS some_id FROM events ORDER BY kind COLLATE "C" LIMIT 1 \gset
SELECT reads ~ '^events_s[0-7]$' AS reads_one_stripe, removed_at_start, merge_append, sort
  FROM pg_temp.plan_of(format('SELECT * FROM events WHERE id = %L::uuid', :'some_id'));
SELECT merge_append, sort FROM pg_temp.plan_of('SELECT * FROM events ORDER BY id LIMIT 10');
SELECT kind FROM events WHERE id = :'some_id';
-- refused: not partitioned, not by hash, another stripe count, a name taken
CREATE TABLE plain_events (id uuid PRIMARY KEY);
CREATE TABLE range_events (id uuid PRIMARY KEY) PARTITION BY RANGE (id);
CREATE TABLE hash_events (id uuid PRIMARY KEY) PARTITION BY HASH (id);
CREATE TABLE hash_events_s1 (id uuid PRIMARY KEY);
SELECT pg_temp.error_of($$SELECT uidx_create_stripes('plain_events', 4)$$);
SELECT pg_temp.error_of($$SELECT uidx_create_stripes('range_events', 4)$$);
SELECT pg_temp.error_of($$SELECT uidx_create_stripes('events', 16)$$);
SELECT pg_temp.error_of($$SELECT uidx_create_stripes('events', 0)$$);
SELECT pg_temp.error_of($$SELECT uidx_create_stripes('hash_events', 4)$$);
SELECT count(*) AS nothing_created FROM pg_partition_tree('hash_events') WHERE level = 1;
-- names shortened to fit, at a character boundary
CREATE TABLE "a_table_whose_name_is_long_enough_to_need_shortening_for_its_st" (id uuid)
    PARTITION BY HASH (id);
SELECT count(*) FROM uidx_create_stripes('a_table_whose_name_is_long_enough_to_need_shortening_for_its_st', 12);
SELECT relname, octet_length(relname) AS bytes
  FROM pg_class WHERE relname LIKE 'a\_table\_%\_s__'
 ORDER BY relname COLLATE "C" LIMIT 2;

DROP TABLE order_notes, order_lines, orders, customers, events, plain_events, range_events,
           hash_events, hash_events_s1, "a_table_whose_name_is_long_enough_to_need_shortening_for_its_st";
DELETE FROM iuid_service_entity WHERE code = 1;
