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
    script_path text := current_setting('search_path');
    r record;
BEGIN
    IF v >= 180000 THEN
        -- pg_get_expr qualifies every name that is not in pg_catalog; the
        -- setting lasts to the end of the script's transaction, so the
        -- script's own path is put back below
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
        PERFORM set_config('search_path', script_path, true);
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
