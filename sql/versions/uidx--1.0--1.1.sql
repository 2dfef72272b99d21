-- uidx 1.0 -> 1.1.  Every change to installed SQL objects since 1.0 is here;
-- test/t/upgrade.sh proves that an updated database equals a fresh install.
\echo Use "ALTER EXTENSION uidx UPDATE TO '1.1'" to load this file. \quit

-- ---------------------------------------------------------------------------
-- UUIDv7: uidx never shadows the server's own functions (README "UUIDv7").
-- On PostgreSQL 18, column DEFAULTs that call uidx's uuidv7() are moved to
-- core's pg_catalog.uuidv7() and uidx's copies are dropped.  Before 17, the
-- core functions uuid_extract_version and uuid_extract_timestamp are added.
-- ---------------------------------------------------------------------------
DO $uidx$
DECLARE
    v integer := current_setting('server_version_num')::integer;
    ours text := quote_ident('@extschema@') || '.uuidv7(';
    r record;
BEGIN
    IF v >= 180000 THEN
        -- pg_get_expr qualifies every name that is not in pg_catalog
        PERFORM set_config('search_path', 'pg_catalog', true);
        FOR r IN
            SELECT ad.adrelid::regclass AS rel, a.attname,
                   pg_get_expr(ad.adbin, ad.adrelid) AS expr
              FROM pg_depend d
              JOIN pg_attrdef ad ON d.classid = 'pg_attrdef'::regclass AND d.objid = ad.oid
              JOIN pg_attribute a ON a.attrelid = ad.adrelid AND a.attnum = ad.adnum
             WHERE d.refclassid = 'pg_proc'::regclass
               AND d.refobjid IN ('@extschema@.uuidv7()'::regprocedure,
                                  '@extschema@.uuidv7(interval)'::regprocedure)
        LOOP
            EXECUTE format('ALTER TABLE %s ALTER COLUMN %I SET DEFAULT %s', r.rel, r.attname,
                           replace(r.expr, ours, 'pg_catalog.uuidv7('));
        END LOOP;
        BEGIN
            DROP FUNCTION @extschema@.uuidv7();
            DROP FUNCTION @extschema@.uuidv7(interval);
        EXCEPTION WHEN dependent_objects_still_exist THEN
            RAISE EXCEPTION 'uidx 1.1 on PostgreSQL 18 uses core''s uuidv7(), but objects other than column defaults call uidx''s @extschema@.uuidv7()'
                USING ERRCODE = 'dependent_objects_still_exist',
                      DETAIL = SQLERRM,
                      HINT = 'Make those objects call pg_catalog.uuidv7() instead, then run ALTER EXTENSION uidx UPDATE again.';
        END;
    END IF;
    IF v < 170000 THEN
        CREATE FUNCTION @extschema@.uuid_extract_version(uuid) RETURNS smallint
            AS 'MODULE_PATHNAME', 'uidx_uuid_extract_version' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
        CREATE FUNCTION @extschema@.uuid_extract_timestamp(uuid) RETURNS timestamptz
            AS 'MODULE_PATHNAME', 'uidx_uuidv7_timestamp' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
    END IF;
END
$uidx$;

-- ---------------------------------------------------------------------------
-- COMB: the comb type sorts as SQL Server's uniqueidentifier (README "The
-- comb type"): bytes 10-15, then 8-9, then 7, 6, 5, 4, 3, 2, 1, 0, where 1.0
-- compared bytes 10-15, then 0-9.  Values of one millisecond can now sort
-- the other way round, so btree and BRIN indexes on comb built by 1.0 must
-- be rebuilt: each one is named, with the REINDEX to run (a WARNING: an
-- extension script shows nothing below that level).  Range partitions
-- whose bounds are comb_lower_bound() values (zeros in bytes 0-9, as
-- uidx_create_time_partitions makes them) keep every row where it belongs;
-- other bounds are named too.
-- ---------------------------------------------------------------------------
DO $uidx$
DECLARE
    r record;
BEGIN
    FOR r IN
        SELECT DISTINCT i.indexrelid::regclass AS idx, am.amname
          FROM pg_index i
          JOIN pg_opclass oc ON oc.oid = ANY (i.indclass::oid[])
          JOIN pg_am am ON am.oid = oc.opcmethod
         WHERE oc.opcintype = '@extschema@.comb'::regtype
           AND am.amname IN ('btree', 'brin')
         ORDER BY 1
    LOOP
        RAISE WARNING 'the % index % is ordered by the comb order of uidx 1.0', r.amname, r.idx
            USING HINT = format('Rebuild it: REINDEX INDEX %s;', r.idx);
    END LOOP;
    FOR r IN
        SELECT c.oid::regclass AS part, pg_get_expr(c.relpartbound, c.oid) AS bound
          FROM pg_class c
          JOIN pg_inherits inh ON inh.inhrelid = c.oid
          JOIN pg_partitioned_table pt ON pt.partrelid = inh.inhparent
          JOIN pg_opclass oc ON oc.oid = ANY (pt.partclass::oid[])
         WHERE oc.opcintype = '@extschema@.comb'::regtype
           AND pt.partstrat = 'r'
           AND pg_get_expr(c.relpartbound, c.oid)
               ~ '''(?!00000000-0000-0000-0000-)[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}'''
         ORDER BY 1
    LOOP
        RAISE WARNING 'partition % has a comb bound with non-zero bytes 0-9: %', r.part, r.bound
            USING HINT = 'Rows of the bound''s millisecond may belong to the neighbouring partition under the new comb order; check them.';
    END LOOP;
END
$uidx$;
