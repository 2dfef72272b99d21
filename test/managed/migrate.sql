-- Leaving the managed service: tables keyed by uidx_sql move to the C
-- extension's types (iuid, comb, distid) with ALTER TABLE ... ALTER COLUMN id
-- TYPE (the README's
-- "Moving to the C extension"), keep every value and their order, and the C
-- generators carry on above them.  Then the partition helper: uidx_sql's
-- makes the partitions the C one makes.  Prints "migrate: ok" or stops.
\set ON_ERROR_STOP on
SET client_min_messages = warning;
SET TimeZone = 'UTC';
SET search_path = public;

CREATE TABLE moved_iuid (id uuid PRIMARY KEY DEFAULT uidx_sql.iuid_generate(1, 7), n integer);
INSERT INTO moved_iuid (n) SELECT g FROM generate_series(1, 20000) g;
CREATE TEMP TABLE before_iuid AS SELECT id::text AS id, n FROM moved_iuid;
ALTER TABLE moved_iuid ALTER COLUMN id TYPE iuid;
ALTER TABLE moved_iuid ALTER COLUMN id SET DEFAULT iuid_generate(1, 7);
SELECT pg_sleep(0.01);
INSERT INTO moved_iuid (n) SELECT g FROM generate_series(20001, 21000) g;

CREATE TABLE moved_comb (id uuid PRIMARY KEY DEFAULT uidx_sql.comb_suffix_generate(), n integer);
INSERT INTO moved_comb (n) SELECT g FROM generate_series(1, 20000) g;
CREATE TEMP TABLE before_comb AS SELECT id::text AS id, n FROM moved_comb;
ALTER TABLE moved_comb ALTER COLUMN id TYPE comb;
ALTER TABLE moved_comb ALTER COLUMN id SET DEFAULT comb_suffix_generate();
SELECT pg_sleep(0.01);
INSERT INTO moved_comb (n) SELECT g FROM generate_series(20001, 21000) g;

CREATE TABLE moved_distid (id numeric(28,0) PRIMARY KEY DEFAULT uidx_sql.distributed_id(), n integer);
INSERT INTO moved_distid (n) SELECT g FROM generate_series(1, 20000) g;
CREATE TEMP TABLE before_distid AS SELECT id::text AS id, n FROM moved_distid;
ALTER TABLE moved_distid ALTER COLUMN id TYPE distid;
ALTER TABLE moved_distid ALTER COLUMN id SET DEFAULT distid_generate();
SELECT pg_sleep(1.1);
INSERT INTO moved_distid (n) SELECT g FROM generate_series(20001, 21000) g;

DO $$
DECLARE
    bad bigint;
BEGIN
    SELECT count(*) INTO bad FROM before_distid b LEFT JOIN moved_distid m ON m.id::text = b.id AND m.n = b.n WHERE m.id IS NULL;
    IF bad <> 0 THEN RAISE EXCEPTION 'migrate: % distid values changed', bad; END IF;
    SELECT count(*) INTO bad FROM (SELECT n, lag(n) OVER (ORDER BY id) AS prev FROM moved_distid) s WHERE n <= prev;
    IF bad <> 0 THEN RAISE EXCEPTION 'migrate: % distid rows out of order', bad; END IF;
    SELECT count(*) INTO bad FROM moved_distid WHERE distid_timestamp(id) IS DISTINCT FROM uidx_sql.distid_timestamp(id::numeric);
    IF bad <> 0 THEN RAISE EXCEPTION 'migrate: % distid rows read differently', bad; END IF;
    IF format_type((SELECT atttypid FROM pg_attribute WHERE attrelid = 'moved_iuid'::regclass AND attname = 'id'), NULL) <> 'iuid'
       OR format_type((SELECT atttypid FROM pg_attribute WHERE attrelid = 'moved_comb'::regclass AND attname = 'id'), NULL) <> 'comb' THEN
        RAISE EXCEPTION 'migrate: the columns did not change type';
    END IF;
    SELECT count(*) INTO bad FROM before_iuid b LEFT JOIN moved_iuid m ON m.id::text = b.id AND m.n = b.n WHERE m.id IS NULL;
    IF bad <> 0 THEN RAISE EXCEPTION 'migrate: % iuid values changed', bad; END IF;
    SELECT count(*) INTO bad FROM before_comb b LEFT JOIN moved_comb m ON m.id::text = b.id AND m.n = b.n WHERE m.id IS NULL;
    IF bad <> 0 THEN RAISE EXCEPTION 'migrate: % comb values changed', bad; END IF;
    -- uidx_sql's ids were monotonic per session: in the C types' order the
    -- rows come in insertion order, the C generator's after them
    SELECT count(*) INTO bad FROM (SELECT n, lag(n) OVER (ORDER BY id) AS prev FROM moved_iuid) s WHERE n <= prev;
    IF bad <> 0 THEN RAISE EXCEPTION 'migrate: % iuid rows out of order', bad; END IF;
    SELECT count(*) INTO bad FROM (SELECT n, lag(n) OVER (ORDER BY id) AS prev FROM moved_comb) s WHERE n <= prev;
    IF bad <> 0 THEN RAISE EXCEPTION 'migrate: % comb rows out of order', bad; END IF;
    SELECT count(*) INTO bad FROM moved_iuid
     WHERE iuid_timestamp(id) IS DISTINCT FROM uidx_sql.iuid_timestamp(id::uuid)
        OR iuid_country(id) <> 7 OR iuid_service_entity(id) <> 1;
    IF bad <> 0 THEN RAISE EXCEPTION 'migrate: % iuid rows read differently', bad; END IF;
    SELECT count(*) INTO bad FROM moved_comb WHERE comb_timestamp(id) IS DISTINCT FROM uidx_sql.comb_timestamp(id::uuid);
    IF bad <> 0 THEN RAISE EXCEPTION 'migrate: % comb rows read differently', bad; END IF;
END
$$;

-- A table partitioned by its id (docs/managed.md "Moving to the C extension
-- later"): ALTER COLUMN ... TYPE is refused for the partition key, so the
-- document's two blocks (:migrate_step1, :migrate_step2, taken from it by
-- test/t/managed.sh) re-create the table with the C type and move the rows in
-- batches; rows are inserted between them and after, as the application
-- would.  Every id, its time and the order survive, and each row is in the
-- partition of its month.
CREATE TABLE orders (
    id          uuid PRIMARY KEY DEFAULT uidx_sql.iuid_generate(7, 42),
    customer_id bigint NOT NULL,
    amount      numeric(12,2) NOT NULL
) PARTITION BY RANGE (id);
SELECT count(*) FROM uidx_sql.uidx_create_time_partitions('orders', date_trunc('month', now() - interval '4 months'),
                                                          now() + interval '1 month', '1 month');
INSERT INTO orders SELECT uidx_sql.iuid_generate_at(now() - g * interval '5 minutes', 7, 42), g, g % 1000
  FROM generate_series(1, 30000) g;
INSERT INTO orders (customer_id, amount) VALUES (-1, 1);
CREATE TEMP TABLE before_orders AS SELECT id::text AS id, customer_id, amount FROM orders;
-- what the application made besides the key: an index, a partial one, a
-- unique constraint; the move must leave them on the new table and on each
-- of its partitions (the index definitions without names and table)
CREATE INDEX ON orders (customer_id);
CREATE INDEX orders_large ON orders (amount) WHERE amount > 100;
ALTER TABLE orders ADD CONSTRAINT orders_id_customer UNIQUE (id, customer_id);
-- and a check and a foreign key, which no index shows
CREATE TABLE customers (id bigint PRIMARY KEY);
INSERT INTO customers SELECT g FROM generate_series(-3, 30000) g;
ALTER TABLE orders ADD CONSTRAINT orders_customer FOREIGN KEY (customer_id) REFERENCES customers (id),
                   ADD CONSTRAINT orders_amount CHECK (amount > -10);
CREATE TEMP VIEW constraint_shapes AS
SELECT conrelid::regclass::text AS rel, contype::text AS contype, pg_get_constraintdef(oid) AS shape FROM pg_constraint;
CREATE TEMP TABLE before_constraints AS SELECT contype, shape FROM constraint_shapes WHERE rel = 'orders';
CREATE TEMP VIEW index_shapes AS
SELECT i.indrelid::regclass::text AS rel,
       regexp_replace(pg_get_indexdef(i.indexrelid), '^(CREATE (UNIQUE )?INDEX) \S+ ON (ONLY )?\S+ ', '\1 ') AS shape
  FROM pg_index i;
CREATE TEMP TABLE before_indexes AS SELECT shape FROM index_shapes WHERE rel = 'orders';
DO $$
BEGIN
    ALTER TABLE orders ALTER COLUMN id TYPE iuid;
    RAISE EXCEPTION 'migrate: ALTER COLUMN id TYPE iuid of a table partitioned by id was not refused';
EXCEPTION WHEN invalid_table_definition THEN
    IF SQLERRM NOT LIKE 'cannot alter column "id" because it is part of the partition key of relation "orders"' THEN
        RAISE;
    END IF;
END
$$;
\i :migrate_step1
INSERT INTO orders (customer_id, amount) VALUES (-2, 2);
\i :migrate_step2
INSERT INTO orders (customer_id, amount) VALUES (-3, 3);
DO $$
DECLARE
    bad bigint;
BEGIN
    IF to_regclass('orders_sql') IS NOT NULL THEN RAISE EXCEPTION 'migrate: orders_sql is still there'; END IF;
    IF format_type((SELECT atttypid FROM pg_attribute WHERE attrelid = 'orders'::regclass AND attname = 'id'), NULL) <> 'iuid' THEN
        RAISE EXCEPTION 'migrate: orders.id is not an iuid';
    END IF;
    SELECT count(*) INTO bad FROM before_orders b
      LEFT JOIN orders o ON o.id::text = b.id AND o.customer_id = b.customer_id AND o.amount = b.amount WHERE o.id IS NULL;
    IF bad <> 0 THEN RAISE EXCEPTION 'migrate: % rows of the partitioned table lost or changed', bad; END IF;
    IF (SELECT count(*) FROM orders) <> 30003 THEN
        RAISE EXCEPTION 'migrate: % rows in orders, not 30003', (SELECT count(*) FROM orders);
    END IF;
    -- the old rows by their time (customer_id counts back in 5-minute steps),
    -- then the three new ones in the order they were made
    SELECT count(*) INTO bad FROM (SELECT customer_id, lag(customer_id) OVER (ORDER BY id) AS prev FROM orders) s
     WHERE NOT (customer_id < prev AND customer_id > 0 OR prev IS NULL OR prev = 1 AND customer_id = -1
                OR prev < 0 AND customer_id = prev - 1);
    IF bad <> 0 THEN RAISE EXCEPTION 'migrate: % rows of the partitioned table out of order', bad; END IF;
    SELECT count(*) INTO bad FROM orders
     WHERE iuid_timestamp(id) IS DISTINCT FROM uidx_sql.iuid_timestamp(id::uuid) OR iuid_country(id) <> 42
        OR iuid_service_entity(id) <> 7
        OR tableoid::regclass::text <> 'orders_p' || to_char(date_trunc('month', iuid_timestamp(id)), 'YYYYMMDD');
    IF bad <> 0 THEN RAISE EXCEPTION 'migrate: % rows read differently or in another partition', bad; END IF;
    IF (SELECT count(*) FROM pg_class WHERE relname LIKE '%\_sql' AND relnamespace = 'public'::regnamespace) <> 0 THEN
        RAISE EXCEPTION 'migrate: relations of orders_sql are left';
    END IF;
    IF (SELECT count(*) FROM before_indexes) <> 4
       OR (SELECT array_agg(shape ORDER BY shape) FROM index_shapes WHERE rel = 'orders')
          IS DISTINCT FROM (SELECT array_agg(shape ORDER BY shape) FROM before_indexes) THEN
        RAISE EXCEPTION 'migrate: the indexes of orders were %, they are %',
            (SELECT array_agg(shape ORDER BY shape) FROM before_indexes),
            (SELECT array_agg(shape ORDER BY shape) FROM index_shapes WHERE rel = 'orders');
    END IF;
    SELECT count(*) INTO bad FROM pg_partition_tree('orders') t
     WHERE t.isleaf AND (SELECT array_agg(shape ORDER BY shape) FROM index_shapes WHERE rel = t.relid::regclass::text)
                        IS DISTINCT FROM (SELECT array_agg(shape ORDER BY shape) FROM before_indexes);
    IF bad <> 0 OR (SELECT count(*) FROM pg_partition_tree('orders') WHERE isleaf) < 5 THEN
        RAISE EXCEPTION 'migrate: % partitions of orders lack an index of the old table', bad;
    END IF;
    IF (SELECT count(*) FROM pg_constraint WHERE conrelid = 'orders'::regclass AND contype = 'u') <> 1 THEN
        RAISE EXCEPTION 'migrate: the unique constraint of orders is gone';
    END IF;
    IF (SELECT count(*) FROM before_constraints WHERE contype IN ('c', 'f')) <> 2
       OR (SELECT array_agg(contype || ' ' || shape ORDER BY contype, shape) FROM constraint_shapes WHERE rel = 'orders')
          IS DISTINCT FROM (SELECT array_agg(contype || ' ' || shape ORDER BY contype, shape) FROM before_constraints) THEN
        RAISE EXCEPTION 'migrate: the constraints of orders were %, they are %',
            (SELECT array_agg(contype || ' ' || shape ORDER BY contype, shape) FROM before_constraints),
            (SELECT array_agg(contype || ' ' || shape ORDER BY contype, shape) FROM constraint_shapes WHERE rel = 'orders');
    END IF;
END
$$;
DROP TABLE orders;
DROP TABLE customers;

-- the partition helper: same partitions, bounds and refusals
CREATE TABLE parts_c (id uuid NOT NULL) PARTITION BY RANGE (id);
CREATE TABLE parts_s (id uuid NOT NULL) PARTITION BY RANGE (id);
SELECT count(*) FROM uidx_create_time_partitions('parts_c', '2026-01-01', '2026-01-08', '1 day');
SELECT count(*) FROM uidx_sql.uidx_create_time_partitions('parts_s', '2026-01-01', '2026-01-08', '1 day');
SELECT count(*) FROM uidx_create_time_partitions('parts_c', '2026-01-08', '2026-01-08 02:00', '15 minutes');
SELECT count(*) FROM uidx_sql.uidx_create_time_partitions('parts_s', '2026-01-08', '2026-01-08 02:00', '15 minutes');
INSERT INTO parts_s SELECT uidx_sql.iuid_generate_at('2026-01-03 12:00', 1, 1) FROM generate_series(1, 10);
DO $$
DECLARE
    c text;
    s text;
    e1 text;
    e2 text;
    r  record;
BEGIN
    SELECT string_agg(substr(c.relname, 8) || ' ' || pg_get_expr(c.relpartbound, c.oid), E'\n' ORDER BY c.relname) INTO c
      FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = 'parts_c'::regclass;
    SELECT string_agg(substr(c.relname, 8) || ' ' || pg_get_expr(c.relpartbound, c.oid), E'\n' ORDER BY c.relname) INTO s
      FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = 'parts_s'::regclass;
    IF c IS DISTINCT FROM s OR s IS NULL THEN
        RAISE EXCEPTION 'migrate: partitions differ:% C:% SQL:%', E'\n', c, s;
    END IF;
    IF (SELECT count(*) FROM parts_s_p20260103) <> 10 THEN
        RAISE EXCEPTION 'migrate: iUIDs not routed to their day';
    END IF;
    -- the same refusals, SQLSTATE and message: a backward, an infinite and a
    -- sub-millisecond step, a range that starts after it ends, and a step of
    -- a month less 28 days, which does not move forward from January 31
    FOR r IN SELECT * FROM (VALUES ('2026-01-01'::timestamptz, '2026-01-02'::timestamptz, '-1 day'::interval),
                                   ('2026-01-01', 'infinity', '1 day'),
                                   ('2026-01-01', '2026-01-02', '500 microseconds'),
                                   ('2026-01-02', '2026-01-01', '1 day'),
                                   ('2026-01-31', '2026-04-01', '1 month -28 days')) v(f, t, step)
    LOOP
        e1 := NULL; e2 := NULL;
        BEGIN PERFORM uidx_create_time_partitions('parts_c', r.f, r.t, r.step);
        EXCEPTION WHEN OTHERS THEN e1 := SQLSTATE || ' ' || SQLERRM; END;
        BEGIN PERFORM uidx_sql.uidx_create_time_partitions('parts_s', r.f, r.t, r.step);
        EXCEPTION WHEN OTHERS THEN e2 := SQLSTATE || ' ' || SQLERRM; END;
        IF e1 IS DISTINCT FROM e2 OR e1 IS NULL THEN
            RAISE EXCEPTION 'migrate: refusals of (%, %, %) differ: C: % SQL: %', r.f, r.t, r.step, e1, e2;
        END IF;
    END LOOP;
    -- retention and the default partition: the same partitions go, the
    -- same refusals
    PERFORM uidx_create_time_partitions('parts_c', '2026-01-09', '2026-01-09', '1 day', default_partition => true);
    PERFORM uidx_sql.uidx_create_time_partitions('parts_s', '2026-01-09', '2026-01-09', '1 day', default_partition => true);
    SELECT string_agg(substr(p, 16), ' ' ORDER BY o) INTO c
      FROM uidx_drop_time_partitions('parts_c', timestamptz '2026-01-03 12:00') WITH ORDINALITY d(p, o);
    SELECT string_agg(substr(p, 16), ' ' ORDER BY o) INTO s
      FROM uidx_sql.uidx_drop_time_partitions('parts_s', timestamptz '2026-01-03 12:00') WITH ORDINALITY d(p, o);
    IF c IS DISTINCT FROM s OR s IS DISTINCT FROM 'p20260101 p20260102' THEN
        RAISE EXCEPTION 'migrate: retention differs: C: % SQL: %', c, s;
    END IF;
    SELECT string_agg(substr(p, 16), ' ' ORDER BY o) INTO c
      FROM uidx_drop_time_partitions('parts_c', timestamptz '2026-01-08', detach_only => true) WITH ORDINALITY d(p, o);
    SELECT string_agg(substr(p, 16), ' ' ORDER BY o) INTO s
      FROM uidx_sql.uidx_drop_time_partitions('parts_s', timestamptz '2026-01-08', detach_only => true) WITH ORDINALITY d(p, o);
    IF c IS DISTINCT FROM s OR s IS DISTINCT FROM 'p20260103 p20260104 p20260105 p20260106 p20260107' THEN
        RAISE EXCEPTION 'migrate: detaching differs: C: % SQL: %', c, s;
    END IF;
    IF (SELECT count(*) FROM parts_s_p20260103) <> 10 THEN
        RAISE EXCEPTION 'migrate: a detached partition lost its rows';
    END IF;
    IF (SELECT count(*) FROM uidx_sql.uidx_drop_time_partitions('parts_s', timestamptz '2026-01-08')) <> 0 THEN
        RAISE EXCEPTION 'migrate: a second retention call dropped more';
    END IF;
    -- the default holding a row before and one after the bound; then a
    -- partition for the later row's range
    INSERT INTO parts_c VALUES (iuid_from_parts('2025-06-01', 42, 7, 1)::uuid), (iuid_from_parts('2026-03-01', 42, 7, 1)::uuid);
    INSERT INTO parts_s VALUES (uidx_sql.iuid_generate_at('2025-06-01', 1, 1)), (uidx_sql.iuid_generate_at('2026-03-01', 1, 1));
    FOR r IN SELECT * FROM (VALUES ('uidx_drop_time_partitions(%L, timestamptz ''2026-01-09'')'),
                                   ('uidx_create_time_partitions(%L, ''2026-02-01'', ''2026-04-01'', ''1 month'')'),
                                   ('uidx_drop_time_partitions(%L, NULL::interval)')) v(call)
    LOOP
        e1 := NULL; e2 := NULL;
        BEGIN EXECUTE 'SELECT count(*) FROM public.' || format(r.call, 'parts_c');
        EXCEPTION WHEN OTHERS THEN e1 := SQLSTATE || ' ' || replace(SQLERRM, 'parts_c', 'parts_?'); END;
        BEGIN EXECUTE 'SELECT count(*) FROM uidx_sql.' || format(r.call, 'parts_s');
        EXCEPTION WHEN OTHERS THEN e2 := SQLSTATE || ' ' || replace(SQLERRM, 'parts_s', 'parts_?'); END;
        IF e1 IS DISTINCT FROM e2 OR e1 IS NULL THEN
            RAISE EXCEPTION 'migrate: refusals of % differ: C: % SQL: %', r.call, e1, e2;
        END IF;
    END LOOP;
    RAISE WARNING 'migrate: ok';
END
$$;
