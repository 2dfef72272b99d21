-- Regions (docs/regions.md "Regions"): the country order iuid_country_ops, its bound,
-- pruning by iuid and uuid parameters, the region registry and the helpers.
-- Routing through real foreign servers is test/t/regions.pl.
SET timezone = 'UTC';
\i test/regress/error_of.sql

-- ---------------------------------------------------------------------------
-- The country order
-- ---------------------------------------------------------------------------
SELECT c, iuid_country_lower_bound(c) AS lower_bound,
       iuid_country(iuid_country_lower_bound(c)) = c AS its_country,
       iuid_timestamp(iuid_country_lower_bound(c)) AS ts
  FROM unnest('{0, 1, 42, 255}'::int[]) c;
SELECT iuid_country_lower_bound(NULL) IS NULL AS strict;
SELECT pg_temp.error_of($$SELECT iuid_country_lower_bound(-1)$$);
SELECT pg_temp.error_of($$SELECT iuid_country_lower_bound(256)$$);

-- the lower bound is below every iUID of its country and above every iUID of
-- the countries before it, in the country order
CREATE TEMP TABLE ids AS
SELECT iuid_from_parts(ts, country, entity, r) AS id
  FROM unnest(ARRAY['1970-01-01', '2024-06-15 12:30:45.678', '10889-08-02 05:31:50.655']::timestamptz[]) ts,
       unnest('{0, 1, 42, 43, 254, 255}'::int[]) country,
       unnest('{0, 255}'::int[]) entity,
       unnest('{0, 18014398509481983}'::bigint[]) r;
SELECT count(*) AS ids,
       count(*) FILTER (WHERE id ~>=~ iuid_country_lower_bound(iuid_country(id))) AS above_own_bound,
       count(*) FILTER (WHERE iuid_country(id) < 255
                          AND id ~<~ iuid_country_lower_bound(iuid_country(id) + 1)) AS below_next_bound
  FROM ids;

-- country first, then the default order; = is the same in both orders
SELECT a.id AS a, b.id AS b, sign(iuid_country_cmp(a.id, b.id)) AS country_cmp, sign(iuid_cmp(a.id, b.id)) AS default_cmp
  FROM (VALUES ('01901be0-f3ae-802a-81ea-aaaaaaaaaaaa'::iuid), ('018cc251-f400-8001-8040-000000000000'),
               ('019550b8-2401-80ff-bfff-ffffffffffff')) a(id),
       (VALUES ('01901be0-f3ae-802a-81ea-aaaaaaaaaaaa'::iuid), ('018cc251-f400-8001-8040-000000000000'),
               ('019550b8-2401-80ff-bfff-ffffffffffff')) b(id)
 ORDER BY 1, 2;
-- over every pair of ids: each operator agrees with the comparison function,
-- the uuid forms with the iuid ones, and the order is (country, default order)
SELECT count(*) AS pairs,
       count(*) FILTER (WHERE sign(iuid_country_cmp(a.id, b.id))
                              <> sign(CASE WHEN iuid_country(a.id) <> iuid_country(b.id)
                                           THEN iuid_country(a.id) - iuid_country(b.id)
                                           ELSE iuid_cmp(a.id, b.id) END)) AS wrong_order,
       count(*) FILTER (WHERE (a.id ~<~ b.id) <> (iuid_country_cmp(a.id, b.id) < 0)
                           OR (a.id ~<=~ b.id) <> (iuid_country_cmp(a.id, b.id) <= 0)
                           OR (a.id ~>=~ b.id) <> (iuid_country_cmp(a.id, b.id) >= 0)
                           OR (a.id ~>~ b.id) <> (iuid_country_cmp(a.id, b.id) > 0)
                           OR (a.id = b.id) <> (iuid_country_cmp(a.id, b.id) = 0)) AS wrong_operator,
       count(*) FILTER (WHERE iuid_country_cmp(a.id, b.id) <> iuid_country_cmp(a.id, b.id::uuid)
                           OR iuid_country_cmp(a.id, b.id) <> iuid_country_cmp(a.id::uuid, b.id)
                           OR iuid_country_cmp(a.id, b.id) <> iuid_country_cmp(a.id::uuid, b.id::uuid)
                           OR (a.id ~<~ b.id) <> (a.id ~<~ b.id::uuid) OR (a.id ~<~ b.id) <> (a.id::uuid ~<~ b.id)
                           OR (a.id ~<~ b.id) <> (a.id::uuid ~<~ b.id::uuid)
                           OR (a.id ~<=~ b.id) <> (a.id ~<=~ b.id::uuid) OR (a.id ~<=~ b.id) <> (a.id::uuid ~<=~ b.id)
                           OR (a.id ~<=~ b.id) <> (a.id::uuid ~<=~ b.id::uuid)
                           OR (a.id ~>=~ b.id) <> (a.id ~>=~ b.id::uuid) OR (a.id ~>=~ b.id) <> (a.id::uuid ~>=~ b.id)
                           OR (a.id ~>=~ b.id) <> (a.id::uuid ~>=~ b.id::uuid)
                           OR (a.id ~>~ b.id) <> (a.id ~>~ b.id::uuid) OR (a.id ~>~ b.id) <> (a.id::uuid ~>~ b.id)
                           OR (a.id ~>~ b.id) <> (a.id::uuid ~>~ b.id::uuid)
                           OR (a.id = b.id) <> (a.id = b.id::uuid) OR (a.id = b.id) <> (a.id::uuid = b.id)
                           OR (a.id = b.id) <> (a.id::uuid ~=~ b.id::uuid)) AS uuid_forms_disagree
  FROM ids a, ids b;

-- the operator class: its = is iuid_ops' own; the family is complete over
-- iuid and uuid (amvalidate reports nothing)
SELECT o.amopstrategy AS strategy, o.amoplefttype::regtype AS lefttype, o.amoprighttype::regtype AS righttype,
       o.amopopr::regoperator AS operator,
       o.amopopr IN (SELECT a.amopopr FROM pg_amop a JOIN pg_opfamily f ON f.oid = a.amopfamily
                      JOIN pg_am m ON m.oid = f.opfmethod AND m.amname = 'btree'
                     WHERE f.opfname = 'iuid_ops') AS also_in_iuid_ops
  FROM pg_amop o JOIN pg_opfamily f ON f.oid = o.amopfamily
 WHERE f.opfname = 'iuid_country_ops'
 ORDER BY o.amoplefttype::regtype::text, o.amoprighttype::regtype::text, o.amopstrategy;
SELECT p.amprocnum AS num, p.amproclefttype::regtype AS lefttype, p.amprocrighttype::regtype AS righttype,
       p.amproc::regprocedure AS function
  FROM pg_amproc p JOIN pg_opfamily f ON f.oid = p.amprocfamily
 WHERE f.opfname = 'iuid_country_ops'
 ORDER BY p.amproclefttype::regtype::text, p.amprocrighttype::regtype::text, p.amprocnum;
SELECT opcname, opcdefault, amvalidate(oid) FROM pg_opclass WHERE opcname = 'iuid_country_ops';

-- an index in the country order: valid for amcheck, ordered by country, used
-- for = with an iuid and with a uuid
CREATE EXTENSION IF NOT EXISTS amcheck;
CREATE TEMP TABLE by_country AS
SELECT iuid_generate_at('2024-01-01'::timestamptz + g * interval '1 minute', 1, g % 7 * 30) AS id
  FROM generate_series(1, 20000) g;
CREATE INDEX by_country_idx ON by_country (id iuid_country_ops);
SELECT count(*) AS checked FROM (SELECT bt_index_check('by_country_idx', true)) s;  -- raises if invalid
ANALYZE by_country;
SET enable_seqscan = off;
SET enable_bitmapscan = off;
SELECT count(*) AS inversions FROM (
    SELECT id, lag(id) OVER (ORDER BY id USING ~<~) AS prev FROM by_country) s
 WHERE prev ~>~ id OR iuid_country(prev) > iuid_country(id);
SELECT iuid_country(id) AS country, count(*) FROM (SELECT id FROM by_country ORDER BY id USING ~<~ LIMIT 5000) s
 GROUP BY 1 ORDER BY 1;
EXPLAIN (COSTS OFF) SELECT * FROM by_country WHERE id = '018cc251-f400-8001-8040-000000000000'::iuid;
EXPLAIN (COSTS OFF) SELECT * FROM by_country WHERE id = '018cc251-f400-8001-8040-000000000000'::uuid;
EXPLAIN (COSTS OFF) SELECT * FROM by_country
 WHERE id ~>=~ iuid_country_lower_bound(30) AND id ~<~ iuid_country_lower_bound(31);
SELECT count(*) AS country_30 FROM by_country
 WHERE id ~>=~ iuid_country_lower_bound(30) AND id ~<~ iuid_country_lower_bound(31);
RESET enable_seqscan;
RESET enable_bitmapscan;

-- ---------------------------------------------------------------------------
-- A router table with local partitions: inserts routed by country, pruning
-- of iuid and uuid parameters under a generic plan
-- ---------------------------------------------------------------------------
CREATE TABLE routed (id iuid NOT NULL, note text) PARTITION BY RANGE (id iuid_country_ops);
SELECT uidx_attach_local_region('routed', '{1, 2, 3, 7, 255}');
SELECT uidx_attach_local_region('routed', '{1, 2, 3, 7, 255}');   -- idempotent: nothing new
SELECT c.relname, c.relkind, pg_get_expr(c.relpartbound, c.oid) AS bound,
       pg_get_partkeydef(c.oid) AS own_key
  FROM pg_class c JOIN pg_inherits i ON i.inhrelid = c.oid AND i.inhparent = 'routed'::regclass
 ORDER BY 1;
SELECT uidx_create_time_partitions(p, '2024-01-01', '2024-03-01', '1 month')
  FROM unnest('{routed_c001, routed_c007, routed_c255}'::regclass[]) p;
SELECT * FROM uidx_region ORDER BY country;
INSERT INTO routed VALUES (iuid_from_parts('2024-01-10', 1, 1), 'one'), (iuid_from_parts('2024-02-10', 2, 1), 'two'),
                          (iuid_from_parts('2024-01-11', 7, 1), 'seven'), (iuid_from_parts('2024-02-11', 255, 1), 'max');
SELECT tableoid::regclass AS partition, note FROM routed ORDER BY id;
SELECT pg_temp.error_of($$INSERT INTO routed VALUES (iuid_from_parts('2024-01-10', 4, 1), 'no region')$$);
SELECT pg_temp.error_of($$INSERT INTO routed VALUES (iuid_from_parts('2024-05-10', 1, 1), 'no month')$$);

SET plan_cache_mode = force_generic_plan;
PREPARE by_iuid(iuid) AS SELECT note FROM routed WHERE id = $1;
PREPARE by_uuid(uuid) AS SELECT note FROM routed WHERE id = $1;
EXPLAIN (COSTS OFF) EXECUTE by_iuid('018cea40-b400-8007-8040-000000000000');
EXECUTE by_iuid(iuid_from_parts('2024-01-11', 7, 1));
EXPLAIN (COSTS OFF) EXECUTE by_uuid('018cea40-b400-8007-8040-000000000000');
EXECUTE by_uuid(iuid_from_parts('2024-01-11', 7, 1));
-- the uuid on the left, and a uuid that is no iUID (no partition)
PREPARE by_uuid_left(uuid) AS SELECT note FROM routed WHERE $1 = id;
EXPLAIN (COSTS OFF) EXECUTE by_uuid_left('018cea40-b400-8007-8040-000000000000');
EXECUTE by_uuid_left(gen_random_uuid());
DEALLOCATE ALL;
RESET plan_cache_mode;
-- the newest rows in the default order, across the country partitions
SELECT note FROM routed ORDER BY id DESC LIMIT 3;

-- ---------------------------------------------------------------------------
-- uidx_attach_region: partitions on foreign servers (never connected here)
-- ---------------------------------------------------------------------------
CREATE EXTENSION postgres_fdw;
CREATE SERVER region_a FOREIGN DATA WRAPPER postgres_fdw OPTIONS (dbname 'nowhere_a');
CREATE SERVER region_b FOREIGN DATA WRAPPER postgres_fdw OPTIONS (dbname 'nowhere_b');
SELECT uidx_attach_region('routed', 'region_a', '{42, 43, 44, 43}');
SELECT uidx_attach_region('routed', 'region_a', '{42, 43, 44}');          -- idempotent
-- 45 extends the run: one partition, routed_c042, now reads 42 to 45
SELECT uidx_attach_region('routed', 'region_a', '{42, 43, 44, 45}');
-- a run apart reads a remote table of its own (each remote table is read
-- through one partition, or an unpruned scan would return its rows twice)
SELECT uidx_attach_region('routed', 'region_a', '{50, 51}', 'public.orders_c050');
SELECT uidx_attach_region('routed', 'region_b', '{0}', 'sales.orders');
SELECT pg_temp.error_of($$SELECT uidx_attach_region('routed', 'region_a', '{47}')$$);
SELECT pg_temp.error_of($$SELECT uidx_attach_region('routed', 'region_a', '{52, 54}', 'public.orders_c050')$$);
SELECT pg_temp.error_of($$SELECT uidx_attach_region('routed', 'region_a', '{36, 38}', 'orders_gap')$$);
SELECT c.relname, pg_get_expr(c.relpartbound, c.oid) AS bound, s.srvname, f.ftoptions
  FROM pg_class c JOIN pg_foreign_table f ON f.ftrelid = c.oid JOIN pg_foreign_server s ON s.oid = f.ftserver
 WHERE c.relname LIKE 'routed%' ORDER BY 1;
SELECT * FROM uidx_region ORDER BY country;
-- routing by country, without connecting: the plan names the one partition
EXPLAIN (COSTS OFF) SELECT * FROM routed WHERE id = iuid_from_parts('2024-01-11', 45, 1);
EXPLAIN (COSTS OFF) SELECT * FROM routed WHERE id = iuid_from_parts('2024-01-11', 0, 1);

-- uidx_region_of
SELECT uidx_region_of(iuid_from_parts('2024-01-11', 43, 1)) AS of_43,
       uidx_region_of(iuid_from_parts('2024-01-11', 0, 9)) AS of_0,
       uidx_region_of(iuid_from_parts('2024-01-11', 7, 1)) IS NULL AS of_7_is_local,
       uidx_region_of(NULL) IS NULL AS strict;
SELECT pg_temp.error_of($$SELECT uidx_region_of(iuid_from_parts('2024-01-11', 99, 1))$$);

-- errors
CREATE TABLE plain_iuid (id iuid);
CREATE TABLE by_default_order (id iuid) PARTITION BY RANGE (id);
CREATE TABLE by_list (id iuid) PARTITION BY LIST (id);
CREATE TABLE by_two (id iuid, n int) PARTITION BY RANGE (id iuid_country_ops, n);
CREATE TABLE taken (id iuid NOT NULL, note text);
ALTER TABLE taken RENAME TO routed_c060;
CREATE TABLE routed_manual PARTITION OF routed
    FOR VALUES FROM (iuid_country_lower_bound(70)) TO (iuid_from_parts('2000-01-01', 71, 0));
SELECT pg_temp.error_of($$SELECT uidx_attach_region('plain_iuid', 'region_a', '{60}')$$);
SELECT pg_temp.error_of($$SELECT uidx_attach_region('by_default_order', 'region_a', '{60}')$$);
SELECT pg_temp.error_of($$SELECT uidx_attach_region('by_list', 'region_a', '{60}')$$);
SELECT pg_temp.error_of($$SELECT uidx_attach_region('by_two', 'region_a', '{60}')$$);
SELECT pg_temp.error_of($$SELECT uidx_attach_local_region('plain_iuid', '{60}')$$);
SELECT pg_temp.error_of($$SELECT uidx_attach_region('no_such_table', 'region_a', '{60}')$$);
SELECT pg_temp.error_of($$SELECT uidx_attach_region('routed', 'no_such_server', '{60}')$$);
SELECT pg_temp.error_of($$SELECT uidx_attach_region('routed', 'region_b', '{44}')$$);
SELECT pg_temp.error_of($$SELECT uidx_attach_region('routed', 'region_b', '{2}')$$);
SELECT pg_temp.error_of($$SELECT uidx_attach_local_region('routed', '{42}')$$);
SELECT pg_temp.error_of($$SELECT uidx_attach_region('routed', 'region_b', '{70}')$$);
SELECT pg_temp.error_of($$SELECT uidx_attach_region('routed', 'region_b', '{71}')$$);
SELECT pg_temp.error_of($$SELECT uidx_attach_region('routed', 'region_b', '{60}')$$);
SELECT pg_temp.error_of($$SELECT uidx_attach_region('routed', 'region_b', '{256}')$$);
SELECT pg_temp.error_of($$SELECT uidx_attach_region('routed', 'region_b', '{-1}')$$);
SELECT pg_temp.error_of($$SELECT uidx_attach_region('routed', 'region_b', '{}')$$);
SELECT pg_temp.error_of($$SELECT uidx_attach_region('routed', 'region_b', NULL)$$);
SELECT pg_temp.error_of($$SELECT uidx_attach_region('routed', 'region_b', '{61, NULL}')$$);
SELECT pg_temp.error_of($$SELECT uidx_attach_region('routed', NULL, '{61}')$$);
SELECT pg_temp.error_of($$SELECT uidx_attach_region(NULL, 'region_b', '{61}')$$);
SELECT pg_temp.error_of($$SELECT uidx_attach_region('routed', 'region_b', '{61}', 'a.b.c')$$);
-- nothing of the failed calls was made or registered
SELECT count(*) AS partitions FROM pg_inherits WHERE inhparent = 'routed'::regclass;
SELECT count(*) AS registered FROM uidx_region;

-- A dropped server's countries are held by no region: uidx_region_of stops
-- naming it, uidx_region_check(true) takes them out of the registry (no
-- event trigger does: docs/security.md), and they can go to another region.
-- A drop of anything else leaves the registry alone.
CREATE TABLE unrelated_drop (a int);
DROP TABLE unrelated_drop;
SELECT count(*) AS registered_before FROM uidx_region;
DROP SERVER region_b CASCADE;
SELECT country, server, problem, action FROM uidx_region_check(true) ORDER BY country;
SELECT country, server FROM uidx_region WHERE country IN (0, 42) ORDER BY country;
SELECT pg_temp.error_of($$SELECT uidx_region_of(iuid_from_parts('2024-01-11', 0, 9))$$) AS of_0_after_drop;
SELECT uidx_attach_region('routed', 'region_a', '{0}', 'sales.orders') AS moved_to_region_a;
SELECT uidx_region_of(iuid_from_parts('2024-01-11', 0, 9)) AS of_0_moved;

-- clean up (the regression database is shared by the following tests)
DROP TABLE routed, plain_iuid, by_default_order, by_list, by_two, routed_c060;
DELETE FROM uidx_region;
DROP EXTENSION postgres_fdw CASCADE;
DROP EXTENSION amcheck;
