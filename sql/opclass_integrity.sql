SET timezone = 'UTC';
-- Every btree operator class of the extension, over 100,000 values of its
-- type: from every generator of that type in test/t/generators.list, from
-- the backfill (`_at`) forms at one instant (values that tie on the leading
-- compared bytes), and from random bytes.  For each operator class:
--  * the index built with it passes amcheck's bt_index_parent_check with
--    heapallindexed and rootdescend (index build uses the sortsupport and
--    abbreviated keys, amcheck the plain comparison function: they agree);
--  * a sort (ORDER BY with the class's < operator) and an index scan both
--    return the values in the order of a reference key written in plain SQL
--    over the 16 bytes (bytea compares as memcmp), with no inversion.
-- Adding an operator class adds one row to `reference`.
CREATE EXTENSION IF NOT EXISTS amcheck;
SET uidx.country = 42;
\i test/regress/generators.sql

-- the reference order of each operator class, over %1$s = the value's 16 bytes
CREATE TEMP TABLE reference (opclass text PRIMARY KEY, type text, key_sql text);
INSERT INTO reference VALUES
    -- RFC byte order, as uuid
    ('iuid_ops', 'iuid', '%1$s'),
    -- the country (byte 7) first, then RFC byte order
    ('iuid_country_ops', 'iuid', 'substr(%1$s, 8, 1) || %1$s'),
    -- SQL Server's uniqueidentifier order: bytes 10-15, 8-9, then 7, 6, ..., 0
    ('comb_ops', 'comb', 'substr(%1$s, 11, 6) || substr(%1$s, 9, 2) || substr(%1$s, 8, 1)
                          || substr(%1$s, 7, 1) || substr(%1$s, 6, 1) || substr(%1$s, 5, 1)
                          || substr(%1$s, 4, 1) || substr(%1$s, 3, 1) || substr(%1$s, 2, 1)
                          || substr(%1$s, 1, 1)'),
    -- bytes 4-15 (bytes 0-3 of a distid are always zero), then 0-3
    ('distid_ops', 'distid', 'substr(%1$s, 5, 12) || substr(%1$s, 1, 4)');

-- every btree operator class of the extension has a reference
SELECT c.opcname AS opclass, r.opclass IS NOT NULL AS has_reference
  FROM pg_opclass c JOIN pg_am a ON a.oid = c.opcmethod AND a.amname = 'btree'
  JOIN pg_depend d ON d.classid = 'pg_opclass'::regclass AND d.objid = c.oid AND d.deptype = 'e'
  LEFT JOIN reference r ON r.opclass = c.opcname
 WHERE d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'uidx')
 ORDER BY 1;

-- other sources per type: one instant of the backfill forms, random bytes
CREATE TEMP TABLE extra_source (type text, name text, expr text);
INSERT INTO extra_source VALUES
    ('iuid', 'one instant', $$iuid_generate_at('2025-06-01 12:00', 1)$$),
    ('iuid', 'random bytes', $$encode(set_byte(set_byte(b, 6, 128), 8, (get_byte(b, 8) & 63) | 128), 'hex')::uuid::iuid$$),
    ('comb', 'one instant', $$comb_suffix_generate('2025-06-01 12:00')$$),
    ('comb', 'one instant (SQL Server)', $$comb_sqlserver_generate('2025-06-01 12:00')$$),
    ('comb', 'random bytes', $$encode(b, 'hex')::uuid::comb$$),
    ('distid', 'one instant', $$(distid_lower_bound('2025-06-01 12:00')::numeric + (get_byte(b, 0) * 65536 + get_byte(b, 1) * 256 + get_byte(b, 2)))::distid$$),
    ('distid', 'random bytes', $$encode(set_byte(set_byte(set_byte(set_byte(set_byte(b, 0, 0), 1, 0), 2, 0), 3, 0), 4, get_byte(b, 4) & 31), 'hex')::uuid::distid$$);

CREATE FUNCTION pg_temp.check_opclass(opc text, rows_wanted integer) RETURNS TABLE (
    opclass text, sources integer, "rows" bigint, amcheck text, sort_inversions bigint,
    index_scan_inversions bigint, index_scan_rows bigint, index_scan_used boolean)
LANGUAGE plpgsql AS $$
DECLARE
    ref     reference;
    src     record;
    nsrc    integer;
    lt      text;
    keyexpr text;
    line    text;
BEGIN
    SELECT * INTO ref FROM reference r WHERE r.opclass = opc;
    SELECT count(*) INTO nsrc FROM (SELECT expr FROM generators g WHERE g.type = ref.type AND g.here
                                    UNION ALL SELECT expr FROM extra_source e WHERE e.type = ref.type) s;
    EXECUTE format('CREATE TEMP TABLE vals (v %s)', ref.type);
    FOR src IN SELECT expr FROM generators g WHERE g.type = ref.type AND g.here
               UNION ALL SELECT expr FROM extra_source e WHERE e.type = ref.type LOOP
        EXECUTE format('INSERT INTO vals SELECT %s FROM (SELECT n, uuid_send(md5(random()::text || n)::uuid) AS b FROM generate_series(1, %s) n) s',
                       src.expr, rows_wanted / nsrc + 1);
    END LOOP;
    EXECUTE format('CREATE INDEX vals_idx ON vals (v %I)', opc);
    PERFORM bt_index_parent_check('vals_idx', true, true);
    -- the operator class's own < operator
    SELECT format('%I.%s', o.oprnamespace::regnamespace, o.oprname) INTO lt
      FROM pg_opclass c JOIN pg_amop a ON a.amopfamily = c.opcfamily AND a.amopstrategy = 1
       AND a.amoplefttype = c.opcintype AND a.amoprighttype = c.opcintype
      JOIN pg_operator o ON o.oid = a.amopopr
     WHERE c.opcname = opc;
    keyexpr := format(ref.key_sql, 'uuid_send(v::uuid)');
    opclass := opc;
    sources := nsrc;
    amcheck := 'valid';
    EXECUTE 'SELECT count(*) FROM vals' INTO "rows";
    EXECUTE format('SELECT count(*) FILTER (WHERE prev > k) FROM (SELECT k, lag(k) OVER (ORDER BY rn) AS prev FROM (SELECT %s AS k, row_number() OVER () AS rn FROM (SELECT v FROM vals ORDER BY v USING OPERATOR(%s) OFFSET 0) o) x) y',
                   keyexpr, lt) INTO sort_inversions;
    SET LOCAL enable_seqscan = off;
    SET LOCAL enable_bitmapscan = off;
    SET LOCAL enable_sort = off;
    EXECUTE format('SELECT count(*), count(*) FILTER (WHERE prev > k) FROM (SELECT k, lag(k) OVER (ORDER BY rn) AS prev FROM (SELECT %s AS k, row_number() OVER () AS rn FROM (SELECT v FROM vals ORDER BY v USING OPERATOR(%s) OFFSET 0) o) x) y',
                   keyexpr, lt) INTO index_scan_rows, index_scan_inversions;
    index_scan_used := false;
    FOR line IN EXECUTE format('EXPLAIN (COSTS OFF) SELECT v FROM vals ORDER BY v USING OPERATOR(%s)', lt) LOOP
        index_scan_used := index_scan_used OR line ~ 'Index Only Scan using vals_idx';
    END LOOP;
    DROP TABLE vals;
    RETURN NEXT;
END
$$;

SELECT c.* FROM reference r, pg_temp.check_opclass(r.opclass, 100000) c ORDER BY c.opclass COLLATE "C";

DELETE FROM iuid_service_entity WHERE code = 1;
DELETE FROM luuid_group WHERE group_name = 'Order';
DROP SEQUENCE gen_seq;

-- Every operator class of the extension, and core's uuid classes beside
-- which uidx's families sit, pass amvalidate (an INFO line would name what is
-- missing); and no family of pg_catalog holds an operator or function of
-- uidx (docs/partitioning.md "Time filters that prune partitions": uidx leaves core's
-- families as they are).
SELECT opc.opcname, am.amname, amvalidate(opc.oid)
  FROM pg_opclass opc JOIN pg_am am ON am.oid = opc.opcmethod
 WHERE opc.oid IN (SELECT objid FROM pg_depend
                    WHERE classid = 'pg_opclass'::regclass AND deptype = 'e'
                      AND refobjid = (SELECT oid FROM pg_extension WHERE extname = 'uidx'))
    OR (opc.opcname = 'uuid_ops' AND opc.opcnamespace = 'pg_catalog'::regnamespace)
 ORDER BY 1, 2;
WITH members AS (
    SELECT objid FROM pg_depend
     WHERE classid IN ('pg_operator'::regclass, 'pg_proc'::regclass) AND deptype = 'e'
       AND refobjid = (SELECT oid FROM pg_extension WHERE extname = 'uidx'))
SELECT f.opfname, 'operator' AS kind, o.amopopr::regoperator::text AS member
  FROM pg_amop o JOIN pg_opfamily f ON f.oid = o.amopfamily
 WHERE f.opfnamespace = 'pg_catalog'::regnamespace AND o.amopopr IN (SELECT objid FROM members)
UNION ALL
SELECT f.opfname, 'function', p.amproc::regprocedure::text
  FROM pg_amproc p JOIN pg_opfamily f ON f.oid = p.amprocfamily
 WHERE f.opfnamespace = 'pg_catalog'::regnamespace AND p.amproc IN (SELECT objid FROM members);
