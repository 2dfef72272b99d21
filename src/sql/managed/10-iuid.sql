-- ---------------------------------------------------------------------------
-- iUID: inDrive's UUIDv8 (FORMATS.md §C), on uuid
-- ---------------------------------------------------------------------------

CREATE TABLE @extschema@.iuid_service_entity (
    code smallint PRIMARY KEY CHECK (code BETWEEN 0 AND 255),
    name text NOT NULL UNIQUE
);
COMMENT ON TABLE @extschema@.iuid_service_entity IS 'registry of iUID service entity codes and names';
SELECT pg_catalog.pg_extension_config_dump('@extschema@.iuid_service_entity', '');
GRANT SELECT ON @extschema@.iuid_service_entity TO PUBLIC;

-- The country argument, or the setting uidx.country when it is NULL.
CREATE FUNCTION @extschema@.uidx_sql_country(country integer) RETURNS integer
LANGUAGE plpgsql STABLE PARALLEL SAFE
AS $fn$
DECLARE
    setting pg_catalog.text;
BEGIN
    IF country IS NOT NULL THEN
        RETURN @extschema@.uidx_sql_byte(country, 'country');
    END IF;
    setting := pg_catalog.btrim(COALESCE(pg_catalog.current_setting('uidx.country', true), ''));
    IF setting OPERATOR(pg_catalog.=) '' THEN
        RAISE EXCEPTION 'no country given and uidx.country is not set'
            USING ERRCODE = 'invalid_parameter_value',
                  HINT = 'Pass the country, or set it for the database: ALTER DATABASE ... SET uidx.country = N.';
    END IF;
    IF setting OPERATOR(pg_catalog.!~) '^[+]?[0-9]{1,3}$' OR setting::integer OPERATOR(pg_catalog.>) 255 THEN
        RAISE EXCEPTION 'invalid value for parameter "uidx.country": "%"', setting
            USING ERRCODE = 'invalid_parameter_value',
                  DETAIL = 'uidx.country must be an integer from 0 to 255, or empty for unset.';
    END IF;
    RETURN setting::integer;
END
$fn$;
COMMENT ON FUNCTION @extschema@.uidx_sql_country(integer) IS 'internal: the country argument or uidx.country';

-- An iUID of a unix microsecond and a tie-breaker (uidx_sql_tie())
-- (FORMATS.md §C): rand is the 14-bit tie-breaker, then 40 random bits.
-- Written so that it inlines into its caller: unix_us and tie are used
-- once each, the clock first (see uidx_sql_tie()).  The time field is the
-- clock's millisecond; the arguments are checked as uidx_sql_byte() and
-- uidx_sql_country() do.
CREATE FUNCTION @extschema@.uidx_sql_iuid_pack(unix_us bigint, tie bigint, service_entity integer, country integer)
RETURNS uuid
LANGUAGE sql VOLATILE PARALLEL UNSAFE
AS $$
SELECT @extschema@.uidx_sql_uuid_var10(
         -- bytes 0-7: millisecond, version 8, format 0, country
         (((unix_us OPERATOR(pg_catalog./) 1000) OPERATOR(pg_catalog.<<) 16) OPERATOR(pg_catalog.|) 32768)
           OPERATOR(pg_catalog.|) (CASE WHEN country OPERATOR(pg_catalog.>=) 0 AND country OPERATOR(pg_catalog.<=) 255
                                        THEN country
                                        ELSE @extschema@.uidx_sql_country(country) END),
         -- bytes 8-15: variant 10, service entity, tie-breaker, random
         (((2::pg_catalog.int8 OPERATOR(pg_catalog.<<) 62)
           OPERATOR(pg_catalog.|) ((CASE WHEN service_entity OPERATOR(pg_catalog.>=) 0
                                              AND service_entity OPERATOR(pg_catalog.<=) 255
                                         THEN service_entity
                                         ELSE @extschema@.uidx_sql_byte(service_entity, 'service_entity') END)::pg_catalog.int8
                                   OPERATOR(pg_catalog.<<) 54))
           OPERATOR(pg_catalog.|) (tie OPERATOR(pg_catalog.<<) 40))
           OPERATOR(pg_catalog.|) (@extschema@.uidx_sql_random() OPERATOR(pg_catalog.&) 1099511627775))
$$;
COMMENT ON FUNCTION @extschema@.uidx_sql_iuid_pack(bigint, bigint, integer, integer) IS 'internal: iUID of a unix microsecond, a tie-breaker and its origin';

-- Monotonic per session for one (country, entity) (docs/managed.md,
-- generator state): the clock's millisecond, then the
-- session's tie-breaker.
CREATE FUNCTION @extschema@.iuid_generate(service_entity integer, country integer DEFAULT NULL)
RETURNS uuid
LANGUAGE sql VOLATILE PARALLEL UNSAFE
AS $$ SELECT @extschema@.uidx_sql_iuid_pack(@extschema@.uidx_sql_now_us(),
                                             @extschema@.uidx_sql_tie(),
                                             service_entity, country) $$;
COMMENT ON FUNCTION @extschema@.iuid_generate(integer, integer) IS 'new iUID for now, monotonic per session; country NULL means uidx.country';

--@include iuid.sql

CREATE FUNCTION @extschema@.iuid_generate_at(at timestamptz, service_entity integer,
                                             country integer DEFAULT NULL)
RETURNS uuid
LANGUAGE plpgsql VOLATILE PARALLEL SAFE
AS $fn$
DECLARE
    ms     bigint := @extschema@.uidx_sql_unix_ms(@extschema@.uidx_sql_require(at, 'iuid timestamp'),
                                                  0, 281474976710655, 'iuid');
    entity integer := @extschema@.uidx_sql_byte(service_entity, 'service_entity');
    ctry   integer := @extschema@.uidx_sql_country(country);
BEGIN
    RETURN @extschema@.uidx_sql_uuid(((ms OPERATOR(pg_catalog.<<) 16) OPERATOR(pg_catalog.|) 32768) OPERATOR(pg_catalog.|) ctry,
                                     ((2::bigint OPERATOR(pg_catalog.<<) 62) OPERATOR(pg_catalog.|) (entity::bigint OPERATOR(pg_catalog.<<) 54))
                                     OPERATOR(pg_catalog.|) (@extschema@.uidx_sql_half(pg_catalog.gen_random_uuid(), 1)
                                                             OPERATOR(pg_catalog.&) 18014398509481983));
END
$fn$;
COMMENT ON FUNCTION @extschema@.iuid_generate_at(timestamptz, integer, integer) IS 'new iUID with the given time and fresh random bits (backfills)';

CREATE FUNCTION @extschema@.iuid_from_parts(at timestamptz, country integer,
                                            service_entity integer, random bigint DEFAULT 0)
RETURNS uuid
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
AS $fn$
DECLARE
    ms     bigint := @extschema@.uidx_sql_unix_ms(at, 0, 281474976710655, 'iuid');
    ctry   integer := @extschema@.uidx_sql_byte(country, 'country');
    entity integer := @extschema@.uidx_sql_byte(service_entity, 'service_entity');
BEGIN
    IF random OPERATOR(pg_catalog.<) 0 OR random OPERATOR(pg_catalog.>) 18014398509481983 THEN
        RAISE EXCEPTION 'iuid random part % is out of range', random
            USING ERRCODE = 'numeric_value_out_of_range',
                  DETAIL = 'The random part of an iUID is an integer from 0 to 2^54-1.';
    END IF;
    RETURN @extschema@.uidx_sql_uuid(((ms OPERATOR(pg_catalog.<<) 16) OPERATOR(pg_catalog.|) 32768) OPERATOR(pg_catalog.|) ctry,
                                     ((2::bigint OPERATOR(pg_catalog.<<) 62) OPERATOR(pg_catalog.|) (entity::bigint OPERATOR(pg_catalog.<<) 54))
                                     OPERATOR(pg_catalog.|) random);
END
$fn$;
COMMENT ON FUNCTION @extschema@.iuid_from_parts(timestamptz, integer, integer, bigint) IS 'iUID packed from exactly the given fields';

CREATE FUNCTION @extschema@.iuid_lower_bound(at timestamptz) RETURNS uuid
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT @extschema@.uidx_sql_uuid((@extschema@.uidx_sql_unix_ms(at, 0, 281474976710655, 'iuid') OPERATOR(pg_catalog.<<) 16)
                                        OPERATOR(pg_catalog.|) 32768,
                                        (2::bigint OPERATOR(pg_catalog.<<) 62)) $$;
COMMENT ON FUNCTION @extschema@.iuid_lower_bound(timestamptz) IS 'smallest iUID of the millisecond of at (range scans, partition bounds)';

-- Whether a uuid is an iUID (FORMATS.md §C, validity): version 8, variant
-- 10, format version 0, i.e. the 13th-14th hex digits are 80.
CREATE FUNCTION @extschema@.iuid_is_valid(id uuid) RETURNS boolean
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT pg_catalog.substr(id::pg_catalog.text, 15, 2) OPERATOR(pg_catalog.=) '80'
              AND pg_catalog.substr(id::pg_catalog.text, 20, 1) OPERATOR(pg_catalog.=) ANY (ARRAY['8', '9', 'a', 'b']) $$;
COMMENT ON FUNCTION @extschema@.iuid_is_valid(uuid) IS 'whether a uuid is a valid iUID (version 8, variant 10, format version 0); the C extension checks this in the iuid type''s input';

CREATE FUNCTION @extschema@.iuid_timestamp(uuid) RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT CASE WHEN @extschema@.iuid_is_valid($1)
                   THEN @extschema@.uidx_sql_timestamp((@extschema@.uidx_sql_half($1, 0) OPERATOR(pg_catalog.>>) 16)
                                                       OPERATOR(pg_catalog.&) 281474976710655) END $$;
COMMENT ON FUNCTION @extschema@.iuid_timestamp(uuid) IS 'creation time of an iUID held in a uuid; NULL for other layouts';
CREATE FUNCTION @extschema@.iuid_country(uuid) RETURNS integer
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT CASE WHEN @extschema@.iuid_is_valid($1)
                   THEN (@extschema@.uidx_sql_half($1, 0) OPERATOR(pg_catalog.&) 255)::pg_catalog.int4 END $$;
COMMENT ON FUNCTION @extschema@.iuid_country(uuid) IS 'country code of an iUID held in a uuid; NULL for other layouts';
CREATE FUNCTION @extschema@.iuid_service_entity(uuid) RETURNS integer
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT CASE WHEN @extschema@.iuid_is_valid($1)
                   THEN ((@extschema@.uidx_sql_half($1, 1) OPERATOR(pg_catalog.>>) 54) OPERATOR(pg_catalog.&) 255)::pg_catalog.int4 END $$;
COMMENT ON FUNCTION @extschema@.iuid_service_entity(uuid) IS 'service entity code of an iUID held in a uuid; NULL for other layouts';
CREATE FUNCTION @extschema@.iuid_format_version(uuid) RETURNS integer
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT CASE WHEN @extschema@.iuid_is_valid($1) THEN 0 END $$;
COMMENT ON FUNCTION @extschema@.iuid_format_version(uuid) IS 'format version of an iUID held in a uuid; NULL for other layouts';
CREATE FUNCTION @extschema@.iuid_random(uuid) RETURNS bigint
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT CASE WHEN @extschema@.iuid_is_valid($1)
                   THEN @extschema@.uidx_sql_half($1, 1) OPERATOR(pg_catalog.&) 18014398509481983 END $$;
COMMENT ON FUNCTION @extschema@.iuid_random(uuid) IS 'random bits of an iUID held in a uuid; NULL for other layouts';

CREATE FUNCTION @extschema@.iuid_partman_encoder(ts timestamptz) RETURNS uuid
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT @extschema@.iuid_lower_bound(ts) $$;
COMMENT ON FUNCTION @extschema@.iuid_partman_encoder(timestamptz) IS 'pg_partman p_time_encoder for iUIDs in uuid columns';
CREATE FUNCTION @extschema@.iuid_partman_decoder(id text) RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT @extschema@.iuid_timestamp(id::pg_catalog.uuid) $$;
COMMENT ON FUNCTION @extschema@.iuid_partman_decoder(text) IS 'pg_partman p_time_decoder for iUIDs in uuid columns';

