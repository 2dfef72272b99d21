-- The 16-byte types meet uuid: operators in both argument orders inside the
-- types' btree and hash families, casts, foreign keys, min/max, input checks
-- without errors, comments.  docs/drivers.md "The server side".
\i test/regress/error_of.sql
SET client_min_messages = warning;

-- ---------------------------------------------------------------------------
-- A uuid compares in the order of the type it meets, consistently: every pair
-- of values, compared as (T, T), (T, uuid), (uuid, T) and (uuid, uuid) in the
-- family, agrees.  comb's order is not uuid's, which the samples exercise.
-- ---------------------------------------------------------------------------
CREATE TEMP TABLE iu AS
SELECT iuid_from_parts('2024-01-01'::timestamptz + (g % 7) * interval '1 ms', g % 3, g % 5, g * 7919) AS v
  FROM generate_series(1, 40) g;
CREATE TEMP TABLE co AS
SELECT comb_suffix_from_parts('2024-01-01'::timestamptz + (g % 4) * interval '1 ms',
                              decode(md5(g::text), 'hex')) AS v
  FROM generate_series(1, 40) g;
CREATE TEMP TABLE di AS
SELECT ((g % 9) * 1234567890123456789012::numeric + g)::distid AS v FROM generate_series(1, 40) g;

SELECT 'iuid' AS type, count(*) AS pairs,
       count(*) FILTER (WHERE (a.v < b.v::uuid) = (a.v < b.v) AND (a.v::uuid < b.v) = (a.v < b.v)
                          AND (a.v::uuid #<# b.v::uuid) = (a.v < b.v)
                          AND (a.v <= b.v::uuid) = (a.v <= b.v) AND (a.v::uuid #<=# b.v::uuid) = (a.v <= b.v)
                          AND (a.v >= b.v::uuid) = (a.v >= b.v) AND (a.v::uuid #>=# b.v::uuid) = (a.v >= b.v)
                          AND (a.v > b.v::uuid) = (a.v > b.v) AND (a.v::uuid #># b.v::uuid) = (a.v > b.v)
                          AND (a.v = b.v::uuid) = (a.v = b.v) AND (a.v::uuid = b.v) = (a.v = b.v)
                          AND (a.v::uuid #=# b.v::uuid) = (a.v = b.v)
                          AND (a.v <> b.v::uuid) = (a.v <> b.v) AND (a.v::uuid <> b.v) = (a.v <> b.v)
                          AND sign(iuid_uuid_cmp(a.v, b.v::uuid)) = sign(iuid_cmp(a.v, b.v))
                          AND sign(uuid_iuid_cmp(a.v::uuid, b.v)) = sign(iuid_cmp(a.v, b.v))
                          AND sign(uuid_as_iuid_cmp(a.v::uuid, b.v::uuid)) = sign(iuid_cmp(a.v, b.v))) AS agree
  FROM iu a, iu b
UNION ALL
SELECT 'comb', count(*),
       count(*) FILTER (WHERE (a.v < b.v::uuid) = (a.v < b.v) AND (a.v::uuid < b.v) = (a.v < b.v)
                          AND (a.v::uuid ^<^ b.v::uuid) = (a.v < b.v)
                          AND (a.v <= b.v::uuid) = (a.v <= b.v) AND (a.v::uuid ^<=^ b.v::uuid) = (a.v <= b.v)
                          AND (a.v >= b.v::uuid) = (a.v >= b.v) AND (a.v::uuid ^>=^ b.v::uuid) = (a.v >= b.v)
                          AND (a.v > b.v::uuid) = (a.v > b.v) AND (a.v::uuid ^>^ b.v::uuid) = (a.v > b.v)
                          AND (a.v = b.v::uuid) = (a.v = b.v) AND (a.v::uuid = b.v) = (a.v = b.v)
                          AND (a.v::uuid ^=^ b.v::uuid) = (a.v = b.v)
                          AND (a.v <> b.v::uuid) = (a.v <> b.v) AND (a.v::uuid <> b.v) = (a.v <> b.v)
                          AND sign(comb_uuid_cmp(a.v, b.v::uuid)) = sign(comb_cmp(a.v, b.v))
                          AND sign(uuid_comb_cmp(a.v::uuid, b.v)) = sign(comb_cmp(a.v, b.v))
                          AND sign(uuid_as_comb_cmp(a.v::uuid, b.v::uuid)) = sign(comb_cmp(a.v, b.v)))
  FROM co a, co b
UNION ALL
SELECT 'distid', count(*),
       count(*) FILTER (WHERE (a.v < b.v::uuid) = (a.v < b.v) AND (a.v::uuid < b.v) = (a.v < b.v)
                          AND (a.v::uuid %<% b.v::uuid) = (a.v < b.v)
                          AND (a.v <= b.v::uuid) = (a.v <= b.v) AND (a.v::uuid %<=% b.v::uuid) = (a.v <= b.v)
                          AND (a.v >= b.v::uuid) = (a.v >= b.v) AND (a.v::uuid %>=% b.v::uuid) = (a.v >= b.v)
                          AND (a.v > b.v::uuid) = (a.v > b.v) AND (a.v::uuid %>% b.v::uuid) = (a.v > b.v)
                          AND (a.v = b.v::uuid) = (a.v = b.v) AND (a.v::uuid = b.v) = (a.v = b.v)
                          AND (a.v::uuid %=% b.v::uuid) = (a.v = b.v)
                          AND (a.v <> b.v::uuid) = (a.v <> b.v) AND (a.v::uuid <> b.v) = (a.v <> b.v)
                          AND sign(distid_uuid_cmp(a.v, b.v::uuid)) = sign(distid_cmp(a.v, b.v))
                          AND sign(uuid_distid_cmp(a.v::uuid, b.v)) = sign(distid_cmp(a.v, b.v))
                          AND sign(uuid_as_distid_cmp(a.v::uuid, b.v::uuid)) = sign(distid_cmp(a.v, b.v)))
  FROM di a, di b;

-- The comb order, not the uuid order: the time in bytes 10-15 decides.
SELECT '00000000-0000-4000-8000-0000000000ff'::comb < 'ff000000-0000-4000-8000-000000000001'::uuid AS comb_lt_uuid,
       '00000000-0000-4000-8000-0000000000ff'::uuid < 'ff000000-0000-4000-8000-000000000001'::uuid AS uuid_lt_uuid,
       '00000000-0000-4000-8000-0000000000ff'::uuid ^<^ 'ff000000-0000-4000-8000-000000000001'::uuid AS uuid_lt_as_comb;

-- Hash families: equal values hash alike across the types (the hash
-- functions of uuid serve the uuid members).
SELECT t, count(*) AS n,
       count(*) FILTER (WHERE h = uuid_hash(u) AND hx = uuid_hash_extended(u, 42)) AS same_hash
  FROM (SELECT 'iuid' AS t, iuid_hash(v) AS h, iuid_hash_extended(v, 42) AS hx, v::uuid AS u FROM iu
        UNION ALL SELECT 'comb', comb_hash(v), comb_hash_extended(v, 42), v::uuid FROM co
        UNION ALL SELECT 'distid', distid_hash(v), distid_hash_extended(v, 42), v::uuid FROM di) s
 GROUP BY t ORDER BY t;

-- The families' members: (T, T), (T, uuid), (uuid, T) and (uuid, uuid).
SELECT f.opfname, a.amname, o.amoplefttype::regtype AS lefttype, o.amoprighttype::regtype AS righttype,
       string_agg(o.amopstrategy || ':' || o.amopopr::regoperator::text, ' ' ORDER BY o.amopstrategy) AS operators
  FROM pg_amop o
  JOIN pg_opfamily f ON f.oid = o.amopfamily
  JOIN pg_am a ON a.oid = f.opfmethod
 WHERE f.opfname IN ('iuid_ops', 'iuid_hash_ops', 'iuid_minmax_ops')
 GROUP BY 1, 2, 3, 4
 ORDER BY 1, 2, o.amoplefttype::regtype::text COLLATE "C", o.amoprighttype::regtype::text COLLATE "C";
SELECT f.opfname, p.amproclefttype::regtype AS lefttype, p.amprocrighttype::regtype AS righttype,
       string_agg(p.amprocnum || ':' || p.amproc::regprocedure::text, ' ' ORDER BY p.amprocnum) AS support
  FROM pg_amproc p JOIN pg_opfamily f ON f.oid = p.amprocfamily
 WHERE f.opfname IN ('comb_ops', 'comb_hash_ops')
 GROUP BY 1, 2, 3
 ORDER BY 1, p.amproclefttype::regtype::text COLLATE "C", p.amprocrighttype::regtype::text COLLATE "C";

-- ---------------------------------------------------------------------------
-- Casts: T -> uuid a free assignment cast (not implicit: README
-- "Conventions", sql/schema_off_path.sql), uuid -> T an assignment cast that
-- validates.
-- ---------------------------------------------------------------------------
SELECT castsource::regtype, casttarget::regtype, castcontext, castmethod
  FROM pg_cast
 WHERE castsource IN ('iuid'::regtype, 'comb'::regtype, 'distid'::regtype)
    OR casttarget IN ('iuid'::regtype, 'comb'::regtype, 'distid'::regtype)
 ORDER BY castsource::regtype::text COLLATE "C", casttarget::regtype::text COLLATE "C";

-- Every cast of uidx's has one of uidx's types at one end.  A cast between two
-- core types could collide with one that core adds later, as PostgreSQL 19
-- added uuid <-> bytea: pg_upgrade to 19 fails on an extension that defines
-- that one (README "Supported servers").  No rows.
SELECT c.castsource::regtype, c.casttarget::regtype
  FROM pg_cast c
  JOIN pg_depend d ON d.classid = 'pg_cast'::regclass AND d.objid = c.oid AND d.deptype = 'e'
  JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'uidx'
 WHERE NOT EXISTS (SELECT FROM pg_depend t
                    WHERE t.classid = 'pg_type'::regclass AND t.objid IN (c.castsource, c.casttarget)
                      AND t.refobjid = e.oid AND t.deptype = 'e')
    OR ARRAY[c.castsource, c.casttarget]::oid[] <@ ARRAY['uuid'::regtype, 'bytea'::regtype]::oid[];

CREATE TABLE orders (id iuid PRIMARY KEY, note text);
CREATE TABLE combs (id comb PRIMARY KEY);
CREATE TABLE distids (id distid PRIMARY KEY);
PREPARE add_order(uuid, text) AS INSERT INTO orders VALUES ($1, $2);
EXECUTE add_order('018cc251-f400-8001-8040-000000000001', 'a uuid parameter');
INSERT INTO orders VALUES ('018cc251-f400-8001-8040-000000000002'::uuid, 'a uuid literal');
SELECT pg_temp.error_of($$EXECUTE add_order('018cc251-f400-7001-8040-000000000003', 'a UUIDv7')$$);
UPDATE orders SET id = '018cc251-f400-8001-8040-000000000009'::uuid WHERE note = 'a uuid literal';
SELECT pg_temp.error_of($$UPDATE orders SET id = '7c091a30-aa83-4920-9288-24c10acbf026'::uuid$$);
INSERT INTO combs VALUES ('7c091a30-aa83-4920-9288-24c10acbf026'::uuid);
INSERT INTO distids VALUES ('00000000-0000-0000-0000-000000000457'::uuid);
SELECT pg_temp.error_of($$INSERT INTO distids VALUES ('ffffffff-0000-0000-0000-000000000457'::uuid)$$);
SELECT * FROM orders ORDER BY id;
SELECT * FROM combs;
SELECT * FROM distids;

-- ---------------------------------------------------------------------------
-- What each expression resolves to (read back from a view's stored tree):
-- existing forms keep their operators; uuid with T finds the new ones.  Two
-- different uidx types do not compare, and a T and a uuid have no common
-- type (COALESCE): T has no implicit cast.
-- ---------------------------------------------------------------------------
CREATE TABLE mixed (i iuid, i2 iuid, u uuid, u2 uuid, c comb, d distid);
CREATE FUNCTION pg_temp.resolves(expr text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
    result text;
BEGIN
    EXECUTE format('CREATE TEMP VIEW resolve_probe AS SELECT %s AS x FROM mixed', expr);
    SELECT string_agg(DISTINCT o.oid::regoperator::text || ' in ' || n.nspname, ', ')
      INTO result
      FROM pg_rewrite r,
           regexp_matches(r.ev_action::text, ':opno (\d+)', 'g') m
      JOIN pg_operator o ON o.oid = m[1]::oid
      JOIN pg_namespace n ON n.oid = o.oprnamespace
     WHERE r.ev_class = 'resolve_probe'::regclass;
    DROP VIEW resolve_probe;
    RETURN result;
EXCEPTION WHEN OTHERS THEN
    RETURN SQLSTATE || ': ' || SQLERRM;
END
$$;
SELECT expr, pg_temp.resolves(expr) AS resolves_to
  FROM (VALUES ('i = i2'), ('i = ''018cc251-f400-8001-8040-000000000001'''), ('i < i2'),
               ('i = u'), ('u = i'), ('i < u'), ('u >= i'), ('i IN (u, u2)'), ('i = ANY (ARRAY[u, u2])'),
               ('u = u2'), ('u = ''018cc251-f400-8001-8040-000000000001'''), ('u < u2'),
               ('c = u'), ('u > c'), ('d = u'), ('c = c'), ('d < d'),
               ('i = c'), ('i = d::uuid'), ('coalesce(i, u) = u2')) v(expr);
-- Functions: exact matches as before; where a uuid is expected, a uidx type
-- is cast (`::uuid`): it has no implicit cast to go there by itself.
SELECT pg_typeof(iuid_timestamp(i)) AS on_iuid, pg_typeof(iuid_timestamp(u)) AS on_uuid,
       pg_typeof(uuidv7_timestamp(i::uuid)) AS iuid_as_uuid, pg_typeof(coalesce(i::uuid, u)) AS common_type
  FROM (SELECT '018cc251-f400-8001-8040-000000000001'::iuid AS i, gen_random_uuid() AS u) s;
SELECT pg_temp.error_of($$SELECT uuidv7_timestamp('018cc251-f400-8001-8040-000000000001'::iuid)$$) AS not_cast,
       pg_temp.error_of($$SELECT coalesce('018cc251-f400-8001-8040-000000000001'::iuid, gen_random_uuid())$$) AS no_common_type;
-- a bare literal fits both overloads: the parser's error, shown without the
-- detail PostgreSQL 19 added to it
SELECT split_part(pg_temp.error_of($$SELECT iuid_timestamp('018cc251-f400-8001-8040-000000000001')$$), ' / ', 1) AS unknown_literal;

-- ---------------------------------------------------------------------------
-- No lost index use: the forms queries already used, and the uuid forms.
-- ---------------------------------------------------------------------------
INSERT INTO orders SELECT iuid_from_parts('2024-01-01'::timestamptz + g * interval '1 s', 1, 1, g), 'bulk'
  FROM generate_series(1, 2000) g;
CREATE TABLE refs (id uuid PRIMARY KEY, order_id iuid, other uuid);
INSERT INTO refs SELECT id::uuid, id, id FROM orders;
CREATE INDEX ON refs (order_id);
ANALYZE orders, refs;
SET enable_seqscan = off;
SET enable_bitmapscan = off;
EXPLAIN (COSTS OFF) SELECT * FROM orders WHERE id = '018cc251-f400-8001-8040-000000000001';
PREPARE by_unknown AS SELECT * FROM orders WHERE id = $1;
PREPARE by_uuid(uuid) AS SELECT * FROM orders WHERE id = $1;
PREPARE by_uuid_rev(uuid) AS SELECT * FROM orders WHERE $1 = id;
PREPARE by_uuid_any(uuid[]) AS SELECT * FROM orders WHERE id = ANY ($1);
PREPARE by_uuid_range(uuid, uuid) AS SELECT * FROM orders WHERE id >= $1 AND id < $2;
SET plan_cache_mode = force_generic_plan;
EXPLAIN (COSTS OFF) EXECUTE by_unknown('018cc251-f400-8001-8040-000000000001');
EXPLAIN (COSTS OFF) EXECUTE by_uuid('018cc251-f400-8001-8040-000000000001');
EXPLAIN (COSTS OFF) EXECUTE by_uuid_rev('018cc251-f400-8001-8040-000000000001');
EXPLAIN (COSTS OFF) EXECUTE by_uuid_any('{018cc251-f400-8001-8040-000000000001}');
EXPLAIN (COSTS OFF) EXECUTE by_uuid_range('018cc251-f400-8001-8040-000000000001', '018cc252-0000-8001-8040-000000000001');
EXECUTE by_uuid('018cc251-f400-8001-8040-000000000001');
EXECUTE by_uuid_any('{018cc251-f400-8001-8040-000000000001,018cc251-f400-8001-8040-000000000009}');
RESET plan_cache_mode;
-- A list of uuid values has no common type with iuid (no implicit cast):
-- each value is its own `id = uuid`, an index condition, in an OR that
-- PostgreSQL 18 and later turn back into one = ANY.  (= ANY of a uuid array,
-- above, is one index scan on every version.)
CREATE FUNCTION pg_temp.plan_of(query text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
    line text;
    plan text := '';
BEGIN
    FOR line IN EXECUTE 'EXPLAIN (COSTS OFF) ' || query LOOP
        plan := plan || line || chr(10);
    END LOOP;
    RETURN plan;
END
$$;
SELECT p ~ 'orders_pkey' AND p ~ 'Index Cond' AND p !~ 'Seq Scan' AS in_list_uses_the_index
  FROM pg_temp.plan_of($$SELECT * FROM orders
                         WHERE id IN ('018cc251-f400-8001-8040-000000000001'::uuid, '018cc251-f400-8001-8040-000000000009'::uuid)$$) p;
SELECT * FROM orders
 WHERE id IN ('018cc251-f400-8001-8040-000000000001'::uuid, '018cc251-f400-8001-8040-000000000009'::uuid) ORDER BY id;
EXPLAIN (COSTS OFF) SELECT * FROM refs WHERE id = '018cc251-f400-8001-8040-000000000001';
EXPLAIN (COSTS OFF) SELECT * FROM refs WHERE id = '018cc251-f400-8001-8040-000000000001'::uuid;
EXPLAIN (COSTS OFF) SELECT * FROM refs r JOIN orders o ON o.id = r.order_id WHERE r.id = '018cc251-f400-8001-8040-000000000001';
EXPLAIN (COSTS OFF) SELECT * FROM refs r JOIN orders o ON o.id = r.other WHERE r.id = '018cc251-f400-8001-8040-000000000001';
RESET enable_seqscan;
RESET enable_bitmapscan;
-- A merge join of iuid with uuid sorts the uuid side in iuid order; a hash
-- join hashes both sides alike.
SET enable_hashjoin = off;
SET enable_nestloop = off;
EXPLAIN (COSTS OFF) SELECT count(*) FROM orders o JOIN refs r ON o.id = r.other;
SELECT count(*) FROM orders o JOIN refs r ON o.id = r.other;
RESET enable_hashjoin;
RESET enable_nestloop;
SET enable_mergejoin = off;
SET enable_nestloop = off;
EXPLAIN (COSTS OFF) SELECT count(*) FROM orders o JOIN refs r ON r.other = o.id;
SELECT count(*) FROM orders o JOIN refs r ON r.other = o.id;
RESET enable_mergejoin;
RESET enable_nestloop;

-- ---------------------------------------------------------------------------
-- Foreign keys between uuid and T columns.  A uuid column references a T
-- key through the operators in T's family, enforced both ways.  A T column
-- cannot reference a uuid key (core's uuid family has no T members, and the
-- cast to uuid is an assignment cast, README "Conventions"): PostgreSQL
-- refuses it (42804); the referencing column is made uuid instead, and the
-- ids a T generator makes go into it through the assignment cast.
-- ---------------------------------------------------------------------------
CREATE TABLE order_lines (line int PRIMARY KEY, order_id uuid REFERENCES orders (id));
INSERT INTO order_lines VALUES (1, '018cc251-f400-8001-8040-000000000001');
SELECT pg_temp.error_of($$INSERT INTO order_lines VALUES (2, '018cc251-f400-8001-8040-0000000000ff')$$);
SELECT pg_temp.error_of($$DELETE FROM orders WHERE id = '018cc251-f400-8001-8040-000000000001'$$);
CREATE TABLE accounts (id uuid PRIMARY KEY);
INSERT INTO accounts VALUES ('018cc251-f400-8001-8040-000000000001'), ('7c091a30-aa83-4920-9288-24c10acbf026');
SELECT t, split_part(pg_temp.error_of(format('CREATE TABLE %I (id %s REFERENCES accounts (id))', t || '_to_uuid', t)), ' / ', 1) AS refused
  FROM unnest(ARRAY['iuid', 'comb', 'distid']) t;
CREATE TABLE account_orders (id uuid PRIMARY KEY REFERENCES accounts (id));
INSERT INTO account_orders VALUES ('018cc251-f400-8001-8040-000000000001'::iuid);
SELECT pg_temp.error_of($$INSERT INTO account_orders VALUES ('018cc251-f400-8001-8040-000000000002'::iuid)$$);
SELECT pg_temp.error_of($$DELETE FROM accounts WHERE id = '018cc251-f400-8001-8040-000000000001'$$);
DELETE FROM accounts WHERE id = '7c091a30-aa83-4920-9288-24c10acbf026';
CREATE TABLE comb_children (parent uuid REFERENCES combs (id));
INSERT INTO comb_children VALUES ('7c091a30-aa83-4920-9288-24c10acbf026');
SELECT pg_temp.error_of($$INSERT INTO comb_children VALUES ('8565b703-f532-4d29-bb0d-4852ed9e1fc8')$$);
CREATE TABLE distid_children (parent uuid REFERENCES distids (id));
INSERT INTO distid_children VALUES ('00000000-0000-0000-0000-000000000457');
SELECT pg_temp.error_of($$INSERT INTO distid_children VALUES ('00000000-0000-0000-0000-000000000458')$$);

-- ---------------------------------------------------------------------------
-- min() and max(): the type's order, parallel safe with a combine function,
-- answered from the index.
-- ---------------------------------------------------------------------------
SELECT min(v) = (SELECT v FROM co ORDER BY v LIMIT 1) AS comb_min,
       max(v) = (SELECT v FROM co ORDER BY v DESC LIMIT 1) AS comb_max
  FROM co;
SELECT min(v), max(v) FROM di;
SELECT min(v), max(v) FROM iu WHERE false;
SELECT p.oid::regprocedure AS aggregate, a.aggtransfn, a.aggcombinefn, a.aggsortop::regoperator, p.proparallel
  FROM pg_aggregate a JOIN pg_proc p ON p.oid = a.aggfnoid
 WHERE p.proname IN ('min', 'max') AND p.proargtypes[0] IN ('iuid'::regtype, 'comb'::regtype, 'distid'::regtype)
 ORDER BY p.oid::regprocedure::text COLLATE "C";
-- (the plan's text differs between server versions: read it for its nodes)
CREATE FUNCTION pg_temp.plan_nodes(query text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
    line text;
    nodes text[] := '{}';
BEGIN
    FOR line IN EXECUTE 'EXPLAIN (COSTS OFF) ' || query LOOP
        -- PostgreSQL 19 labels a Result or a Limit with what it stands for
        -- ("Replaces: MinMaxAggregate"): not a node of the plan
        IF line ~ '(Scan|Aggregate|Gather|Limit)' AND line !~ '^\s*Replaces:' THEN
            nodes := nodes || regexp_replace(line, '^[ ->]*([A-Za-z ]*(Scan|Aggregate|Gather|Limit)[A-Za-z ]*).*$', '\1');
        END IF;
    END LOOP;
    RETURN array_to_string(nodes, ' / ');
END
$$;
SELECT pg_temp.plan_nodes('SELECT max(id) FROM orders') AS max_from_index;
SET parallel_setup_cost = 0;
SET parallel_tuple_cost = 0;
SET min_parallel_table_scan_size = 0;
SET max_parallel_workers_per_gather = 2;
SELECT pg_temp.plan_nodes($$SELECT min(id), max(id), count(*) FROM orders WHERE note = 'bulk'$$) AS parallel;
SELECT min(id), max(id), count(*) FROM orders WHERE note = 'bulk';
RESET parallel_setup_cost;
RESET parallel_tuple_cost;
RESET min_parallel_table_scan_size;
RESET max_parallel_workers_per_gather;

-- ---------------------------------------------------------------------------
-- Testing input without an error: uidx_is_valid on every version, and
-- pg_input_is_valid (PostgreSQL 16+) agrees with it on uidx's types.
-- ---------------------------------------------------------------------------
CREATE FUNCTION pg_temp.check_valid(input text, type regtype) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
    ours boolean := uidx_is_valid(input, type);
    core boolean;
BEGIN
    IF current_setting('server_version_num')::int >= 160000 THEN
        EXECUTE 'SELECT pg_input_is_valid($1, $2)' INTO core USING input, type::text;
        IF core IS DISTINCT FROM ours THEN
            RETURN 'pg_input_is_valid disagrees';
        END IF;
    END IF;
    RETURN ours::text;
END
$$;
SELECT input, type, pg_temp.check_valid(input, type) AS valid
  FROM (VALUES ('018cc251-f400-8001-8040-000000000001', 'iuid'::regtype),
               ('018cc251-f400-7001-8040-000000000001', 'iuid'),
               ('{018CC251F4008001-8040-000000000001}', 'iuid'),
               ('not an id', 'iuid'),
               ('7c091a30-aa83-4920-9288-24c10acbf026', 'comb'),
               ('7c091a30-aa83-4920-9288-24c10acbf02', 'comb'),
               ('1088824355131185736905670087', 'distid'),
               ('3zfAkCP7ZtzfeQYp', 'distid'),
               ('9903520314283042199192993792', 'distid'),
               ('12a', 'distid'),
               ('7c091a30-aa83-4920-9288-24c10acbf026', 'uuid'),
               ('7c091a30aa834920928824c10acbf026', 'uuid'),
               ('7c091a30-aa83-4920-9288-24c10acbf02g', 'uuid')) v(input, type);
SELECT pg_temp.error_of($$SELECT uidx_is_valid('1', 'integer')$$);
SELECT uidx_is_valid(NULL, 'iuid') IS NULL AS strict;

-- ---------------------------------------------------------------------------
-- Every type, function, operator class and table of the extension has a
-- one-line comment.
-- ---------------------------------------------------------------------------
-- (array types and the row types of the tables are not counted: PostgreSQL
-- 16 and later record them as members of the extension too)
SELECT pg_describe_object(d.classid, d.objid, 0) AS missing_comment
  FROM pg_depend d JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'uidx'
 WHERE d.deptype = 'e'
   AND d.classid IN ('pg_type'::regclass, 'pg_proc'::regclass, 'pg_opclass'::regclass, 'pg_class'::regclass)
   AND NOT EXISTS (SELECT FROM pg_type t WHERE d.classid = 'pg_type'::regclass AND t.oid = d.objid
                                           AND (t.typelem <> 0 OR t.typrelid <> 0))
   AND (obj_description(d.objid, d.classid::regclass::text) IS NULL
        OR obj_description(d.objid, d.classid::regclass::text) LIKE '%' || chr(10) || '%')
 ORDER BY 1;
SELECT count(*) > 200 AS commented_objects
  FROM pg_depend d JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'uidx'
 WHERE d.deptype = 'e' AND obj_description(d.objid, d.classid::regclass::text) IS NOT NULL;

-- ---------------------------------------------------------------------------
-- Binary input checks the length before the layout, as uuid's does: a
-- 36-byte value (a uuid's text sent as binary) or a 15-byte one is an
-- incorrect binary format (22P03), not a wrong layout.  Binary COPY of one
-- row (header, one field of the given length, trailer).
-- ---------------------------------------------------------------------------
CREATE TEMP TABLE recv_iuid (id iuid);
CREATE TEMP TABLE recv_comb (id comb);
CREATE TEMP TABLE recv_distid (id distid);
CREATE TEMP TABLE recv_uuid (id uuid);
SELECT t AS type, len, pg_temp.error_of(format(
         $$COPY %I FROM PROGRAM 'printf ''PGCOPY\n\377\r\n\000\000\000\000\000\000\000\000\000\000\001\000\000\000\%s%s\377\377''' (FORMAT binary)$$,
         'recv_' || t, CASE len WHEN 15 THEN '017' ELSE '044' END,
         CASE len WHEN 36 THEN '018cc251-f400-802a-8740-000000000001'
                  ELSE repeat('\001', len) END)) AS error
  FROM unnest(ARRAY['iuid', 'comb', 'distid', 'uuid']) t, unnest(ARRAY[15, 36]) len
 ORDER BY 1, 2;
-- 16 bytes: the layout is checked (a version 4 uuid is no iUID, and above
-- a distid's range)
SELECT t AS type, pg_temp.error_of(format(
         $$COPY %I FROM PROGRAM 'printf ''PGCOPY\n\377\r\n\000\000\000\000\000\000\000\000\000\000\001\000\000\000\020\001\214\302\121\364\000\100\001\200\100\000\000\000\000\000\001\377\377''' (FORMAT binary)$$,
         'recv_' || t)) AS error
  FROM unnest(ARRAY['iuid', 'comb', 'distid', 'uuid']) t ORDER BY 1;
DROP TABLE recv_iuid, recv_comb, recv_distid, recv_uuid;
