-- ---------------------------------------------------------------------------
-- iUID: inDrive's UUIDv8 (FORMATS.md §C)
-- ---------------------------------------------------------------------------
-- @bytes16_type iuid #
COMMENT ON TYPE iuid IS 'iUID: inDrive''s UUIDv8 (48-bit ms, country, service entity, random bits)';

-- Registry of service/entity codes, e.g. (7, 'AyanOrder').  Its rows are
-- user data: pg_dump keeps them.
CREATE TABLE iuid_service_entity (
    code smallint PRIMARY KEY CHECK (code BETWEEN 0 AND 255),
    name text NOT NULL UNIQUE
);
COMMENT ON TABLE iuid_service_entity IS 'registry of iUID service entity codes and names';
SELECT pg_catalog.pg_extension_config_dump('iuid_service_entity', '');
GRANT SELECT ON iuid_service_entity TO PUBLIC;

CREATE FUNCTION iuid_generate(service_entity integer, country integer DEFAULT NULL)
RETURNS iuid
    AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION iuid_generate(integer, integer) IS 'new iUID for now, monotonic per backend; country NULL means uidx.country';

CREATE FUNCTION iuid_generate(service_entity text, country integer DEFAULT NULL)
RETURNS iuid
LANGUAGE sql VOLATILE PARALLEL SAFE
AS $$
SELECT @extschema@.iuid_generate(
    COALESCE((SELECT e.code::pg_catalog.int4
                FROM @extschema@.iuid_service_entity e
               WHERE e.name OPERATOR(pg_catalog.=) $1),
             @extschema@.uidx_raise_unknown_name('iuid service entity', $1)),
    $2)
$$;
COMMENT ON FUNCTION iuid_generate(text, integer) IS 'new iUID for now, the service entity looked up by name in iuid_service_entity';

CREATE FUNCTION iuid_generate_at(at timestamptz, service_entity integer,
                                 country integer DEFAULT NULL)
RETURNS iuid
    AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION iuid_generate_at(timestamptz, integer, integer) IS 'new iUID with the given time and fresh random bits (backfills)';

CREATE FUNCTION iuid_from_parts(at timestamptz, country integer,
                                service_entity integer, random bigint DEFAULT 0)
RETURNS iuid
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION iuid_from_parts(timestamptz, integer, integer, bigint) IS 'iUID packed from exactly the given fields';

CREATE FUNCTION iuid_lower_bound(at timestamptz) RETURNS iuid
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION iuid_lower_bound(timestamptz) IS 'smallest iUID of the millisecond of at (range scans, partition bounds)';

-- Turns iuid_timestamp(id) >= / <= / = a time into a range of id that an
-- index serves (README "Time filters that use the index").
CREATE FUNCTION iuid_timestamp_support(internal) RETURNS internal
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION iuid_timestamp_support(internal) IS 'planner support of iuid_timestamp: index conditions on the id';

CREATE FUNCTION iuid_timestamp(iuid) RETURNS timestamptz
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
    SUPPORT iuid_timestamp_support;
COMMENT ON FUNCTION iuid_timestamp(iuid) IS 'creation time (millisecond) of an iUID';
CREATE FUNCTION iuid_country(iuid) RETURNS integer
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION iuid_country(iuid) IS 'country code of an iUID';
CREATE FUNCTION iuid_service_entity(iuid) RETURNS integer
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION iuid_service_entity(iuid) IS 'service entity code of an iUID';
CREATE FUNCTION iuid_format_version(iuid) RETURNS integer
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION iuid_format_version(iuid) IS 'format version of an iUID (0)';
CREATE FUNCTION iuid_random(iuid) RETURNS bigint
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION iuid_random(iuid) IS '54 random bits of an iUID';

-- The same on plain uuid columns: NULL when the value is not an iUID.
CREATE FUNCTION iuid_timestamp(uuid) RETURNS timestamptz
    AS 'MODULE_PATHNAME', 'iuid_timestamp_uuid' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE
    SUPPORT iuid_timestamp_support;
COMMENT ON FUNCTION iuid_timestamp(uuid) IS 'creation time of an iUID held in a uuid; NULL for other layouts';
CREATE FUNCTION iuid_country(uuid) RETURNS integer
    AS 'MODULE_PATHNAME', 'iuid_country_uuid' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION iuid_country(uuid) IS 'country code of an iUID held in a uuid; NULL for other layouts';
CREATE FUNCTION iuid_service_entity(uuid) RETURNS integer
    AS 'MODULE_PATHNAME', 'iuid_service_entity_uuid' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION iuid_service_entity(uuid) IS 'service entity code of an iUID held in a uuid; NULL for other layouts';
CREATE FUNCTION iuid_format_version(uuid) RETURNS integer
    AS 'MODULE_PATHNAME', 'iuid_format_version_uuid' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION iuid_format_version(uuid) IS 'format version of an iUID held in a uuid; NULL for other layouts';
CREATE FUNCTION iuid_random(uuid) RETURNS bigint
    AS 'MODULE_PATHNAME', 'iuid_random_uuid' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION iuid_random(uuid) IS 'random bits of an iUID held in a uuid; NULL for other layouts';

-- pg_partman 5 (p_time_encoder / p_time_decoder) for iUIDs kept in a uuid
-- column: the encoder gives the smallest iUID of a millisecond, the decoder
-- takes the text pg_partman passes and gives the millisecond back, so the
-- two round-trip (README "pg_partman").
CREATE FUNCTION iuid_partman_encoder(ts timestamptz) RETURNS uuid
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT @extschema@.iuid_lower_bound(ts)::pg_catalog.uuid $$;
COMMENT ON FUNCTION iuid_partman_encoder(timestamptz) IS 'pg_partman p_time_encoder for iUIDs in uuid columns';
CREATE FUNCTION iuid_partman_decoder(id text) RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT @extschema@.iuid_timestamp(id::pg_catalog.uuid) $$;
COMMENT ON FUNCTION iuid_partman_decoder(text) IS 'pg_partman p_time_decoder for iUIDs in uuid columns';
