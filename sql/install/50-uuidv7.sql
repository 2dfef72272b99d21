
-- ---------------------------------------------------------------------------
-- UUIDv7 as PostgreSQL 18 makes it (spec section E)
-- ---------------------------------------------------------------------------

-- PostgreSQL 18 has uuidv7() and uuidv7(interval) in pg_catalog, which is
-- searched first, so copies here could only be reached schema-qualified (and
-- an install into pg_catalog would fail).  They are made for servers before
-- 18 only; the markings match the core functions.
DO $do$
BEGIN
    IF pg_catalog.current_setting('server_version_num')::pg_catalog.int4 < 180000 THEN
        CREATE FUNCTION @extschema@.uuidv7() RETURNS uuid
            AS 'MODULE_PATHNAME', 'uidx_uuidv7'
            LANGUAGE C VOLATILE STRICT PARALLEL SAFE;
        CREATE FUNCTION @extschema@.uuidv7(shift interval) RETURNS uuid
            AS 'MODULE_PATHNAME', 'uidx_uuidv7_interval'
            LANGUAGE C VOLATILE STRICT PARALLEL SAFE;
    END IF;
END
$do$;

-- The millisecond timestamp of a UUIDv7; NULL for other versions and for
-- non-RFC variants (as uuid_extract_timestamp on PostgreSQL 17+).
CREATE FUNCTION uuidv7_timestamp(uuid) RETURNS timestamptz
    AS 'MODULE_PATHNAME', 'uidx_uuidv7_timestamp' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- The smallest UUIDv7 of the millisecond of `at` (ms-7000-8000-000000000000):
-- a range or partition bound for uuidv7 keys.
CREATE FUNCTION uuidv7_lower_bound(at timestamptz) RETURNS uuid
    AS 'MODULE_PATHNAME', 'uidx_uuidv7_lower_bound' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
