
-- ---------------------------------------------------------------------------
-- UUIDv7 as PostgreSQL 18 makes it (README "UUIDv7")
-- ---------------------------------------------------------------------------

-- One rule: uidx never shadows the server's own functions.  uuidv7() and
-- uuidv7(interval) are made only before PostgreSQL 18, uuid_extract_version
-- and uuid_extract_timestamp only before 17; on newer servers an unqualified
-- call always reaches core.  The markings match the core functions.
DO $uidx$
DECLARE
    v integer := current_setting('server_version_num')::integer;
BEGIN
    IF v < 180000 THEN
        CREATE FUNCTION @extschema@.uuidv7() RETURNS uuid
            AS 'MODULE_PATHNAME', 'uidx_uuidv7' LANGUAGE C VOLATILE STRICT PARALLEL SAFE;
        COMMENT ON FUNCTION @extschema@.uuidv7() IS 'new UUIDv7 for now, monotonic per backend (PostgreSQL 18''s uuidv7)';
        CREATE FUNCTION @extschema@.uuidv7(shift interval) RETURNS uuid
            AS 'MODULE_PATHNAME', 'uidx_uuidv7_interval' LANGUAGE C VOLATILE STRICT PARALLEL SAFE;
        COMMENT ON FUNCTION @extschema@.uuidv7(interval) IS 'new UUIDv7 with its time shifted by the interval';
    END IF;
    IF v < 170000 THEN
        CREATE FUNCTION @extschema@.uuid_extract_version(uuid) RETURNS smallint
            AS 'MODULE_PATHNAME', 'uidx_uuid_extract_version' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
        COMMENT ON FUNCTION @extschema@.uuid_extract_version(uuid) IS 'version of a uuid; NULL for non-RFC variants (PostgreSQL 17''s function)';
        CREATE FUNCTION @extschema@.uuid_extract_timestamp(uuid) RETURNS timestamptz
            AS 'MODULE_PATHNAME', 'uidx_uuidv7_timestamp' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
        COMMENT ON FUNCTION @extschema@.uuid_extract_timestamp(uuid) IS 'timestamp of a version 7 or 1 uuid (PostgreSQL 17''s function)';
    END IF;
END
$uidx$;

-- The timestamp of a version 7 (milliseconds) or version 1 (microseconds)
-- UUID; NULL for other versions and for non-RFC variants.  The same as
-- uuid_extract_timestamp on PostgreSQL 18, and on every server version.
CREATE FUNCTION uuidv7_timestamp(uuid) RETURNS timestamptz
    AS 'MODULE_PATHNAME', 'uidx_uuidv7_timestamp' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuidv7_timestamp(uuid) IS 'timestamp of a version 7 or version 1 uuid; NULL for others';

-- The smallest UUIDv7 of the millisecond of `at` (ms-7000-8000-000000000000):
-- a range or partition bound for uuidv7 keys.
CREATE FUNCTION uuidv7_lower_bound(at timestamptz) RETURNS uuid
    AS 'MODULE_PATHNAME', 'uidx_uuidv7_lower_bound' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuidv7_lower_bound(timestamptz) IS 'smallest UUIDv7 of the millisecond of at (range scans, partition bounds)';

-- pg_partman 5 for UUIDv7 columns: uuidv7_lower_bound() and its millisecond
-- back from the text pg_partman passes (uuidv7_timestamp(uuid) would also
-- read a version 1 UUID; the decoder only ever sees version 7 bounds and keys).
CREATE FUNCTION uuidv7_partman_encoder(ts timestamptz) RETURNS uuid
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT @extschema@.uuidv7_lower_bound(ts) $$;
COMMENT ON FUNCTION uuidv7_partman_encoder(timestamptz) IS 'pg_partman p_time_encoder for UUIDv7 columns';
CREATE FUNCTION uuidv7_partman_decoder(id text) RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT @extschema@.uuidv7_timestamp(id::pg_catalog.uuid) $$;
COMMENT ON FUNCTION uuidv7_partman_decoder(text) IS 'pg_partman p_time_decoder for UUIDv7 columns';
