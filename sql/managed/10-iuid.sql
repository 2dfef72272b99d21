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
    setting text;
BEGIN
    IF country IS NOT NULL THEN
        RETURN @extschema@.uidx_sql_byte(country, 'country');
    END IF;
    setting := pg_catalog.btrim(COALESCE(pg_catalog.current_setting('uidx.country', true), ''));
    IF setting = '' THEN
        RAISE EXCEPTION 'no country given and uidx.country is not set'
            USING ERRCODE = 'invalid_parameter_value',
                  HINT = 'Pass the country, or set it for the database: ALTER DATABASE ... SET uidx.country = N.';
    END IF;
    IF setting !~ '^[+]?[0-9]{1,3}$' OR setting::integer > 255 THEN
        RAISE EXCEPTION 'invalid value for parameter "uidx.country": "%"', setting
            USING ERRCODE = 'invalid_parameter_value',
                  DETAIL = 'uidx.country must be an integer from 0 to 255, or empty for unset.';
    END IF;
    RETURN setting::integer;
END
$fn$;
COMMENT ON FUNCTION @extschema@.uidx_sql_country(integer) IS 'internal: the country argument or uidx.country';

-- Monotonic per session (FORMATS.md §C, generator): the last value's
-- millisecond, country and entity are kept in the setting uidx_sql.iuid_last,
-- its random part in uidx_sql.iuid_last_random.
CREATE FUNCTION @extschema@.iuid_generate(service_entity integer, country integer DEFAULT NULL)
RETURNS uuid
LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
AS $fn$
DECLARE
    -- one draw: bytes 9-15 give the 53 fresh bits, bytes 2-5 the 32-bit step
    draw    bytea := pg_catalog.uuid_send(pg_catalog.gen_random_uuid());
    fresh   bigint := ((pg_catalog.get_byte(draw, 9) & 31)::bigint << 48) | (pg_catalog.get_byte(draw, 10)::bigint << 40)
                      | (pg_catalog.get_byte(draw, 11)::bigint << 32) | (pg_catalog.get_byte(draw, 12)::bigint << 24)
                      | (pg_catalog.get_byte(draw, 13) << 16) | (pg_catalog.get_byte(draw, 14) << 8) | pg_catalog.get_byte(draw, 15);
    step    bigint := (pg_catalog.get_byte(draw, 2)::bigint << 24) | (pg_catalog.get_byte(draw, 3) << 16)
                      | (pg_catalog.get_byte(draw, 4) << 8) | pg_catalog.get_byte(draw, 5);
    now_ms  bigint := pg_catalog.floor(EXTRACT(epoch FROM pg_catalog.clock_timestamp()) * 1000)::bigint;
    -- the last value: ms << 16 | country << 8 | entity, and its random part
    last_o  bigint := NULLIF(pg_catalog.current_setting('uidx_sql.iuid_last', true), '')::bigint;
    last_r  bigint := NULLIF(pg_catalog.current_setting('uidx_sql.iuid_last_random', true), '')::bigint;
    last_ms bigint := (last_o >> 16) & 281474976710655;
    last_co integer := (last_o & 65535)::integer;
    entity  integer := service_entity;
    ctry    integer := country;
    ms      bigint := now_ms;
    rnd     bigint := fresh;
BEGIN
    IF entity IS NULL OR entity < 0 OR entity > 255 THEN
        entity := @extschema@.uidx_sql_byte(entity, 'service_entity');
    END IF;
    IF ctry IS NULL OR ctry < 0 OR ctry > 255 THEN
        ctry := @extschema@.uidx_sql_country(ctry);
    END IF;
    IF now_ms < 0 OR now_ms > 281474976710655 THEN
        RAISE EXCEPTION 'system clock is outside the range an iuid can hold'
            USING ERRCODE = 'datetime_field_overflow';
    END IF;
    IF last_o IS NOT NULL AND last_r IS NOT NULL AND now_ms <= last_ms THEN
        ms := last_ms;
        -- (country, entity) against the last one's, as one 16-bit number
        IF (ctry << 8 | entity) > last_co THEN
            NULL;
        ELSIF (ctry << 8 | entity) = last_co AND last_r <= 18014398509481983 - 1 - step THEN
            rnd := last_r + 1 + step;
        ELSE
            ms := last_ms + 1;
        END IF;
        IF ms > 281474976710655 THEN
            RAISE EXCEPTION 'iuid timestamp space is exhausted'
                USING ERRCODE = 'datetime_field_overflow';
        END IF;
    END IF;
    PERFORM pg_catalog.set_config('uidx_sql.iuid_last', ((ms << 16) | (ctry << 8) | entity)::pg_catalog.text, false),
            pg_catalog.set_config('uidx_sql.iuid_last_random', rnd::pg_catalog.text, false);
    RETURN pg_catalog.encode(pg_catalog.int8send(ms << 16 | 32768 | ctry)
                             || pg_catalog.int8send((2::bigint << 62) | (entity::bigint << 54) | rnd),
                             'hex')::pg_catalog.uuid;
END
$fn$;
COMMENT ON FUNCTION @extschema@.iuid_generate(integer, integer) IS 'new iUID for now, monotonic per session; country NULL means uidx.country';

CREATE FUNCTION @extschema@.iuid_generate(service_entity text, country integer DEFAULT NULL)
RETURNS uuid
LANGUAGE sql VOLATILE PARALLEL UNSAFE
AS $$
SELECT @extschema@.iuid_generate(
    COALESCE((SELECT e.code::pg_catalog.int4
                FROM @extschema@.iuid_service_entity e
               WHERE e.name OPERATOR(pg_catalog.=) $1),
             @extschema@.uidx_raise_unknown_name('iuid service entity', $1)),
    $2)
$$;
COMMENT ON FUNCTION @extschema@.iuid_generate(text, integer) IS 'new iUID for now, the service entity looked up by name in iuid_service_entity';

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
    RETURN @extschema@.uidx_sql_uuid(ms << 16 | 32768 | ctry,
                                     (2::bigint << 62) | (entity::bigint << 54)
                                     | (@extschema@.uidx_sql_half(pg_catalog.gen_random_uuid(), 1) & 18014398509481983));
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
    IF random < 0 OR random > 18014398509481983 THEN
        RAISE EXCEPTION 'iuid random part % is out of range', random
            USING ERRCODE = 'numeric_value_out_of_range',
                  DETAIL = 'The random part of an iUID is an integer from 0 to 2^54-1.';
    END IF;
    RETURN @extschema@.uidx_sql_uuid(ms << 16 | 32768 | ctry,
                                     (2::bigint << 62) | (entity::bigint << 54) | random);
END
$fn$;
COMMENT ON FUNCTION @extschema@.iuid_from_parts(timestamptz, integer, integer, bigint) IS 'iUID packed from exactly the given fields';

CREATE FUNCTION @extschema@.iuid_lower_bound(at timestamptz) RETURNS uuid
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT @extschema@.uidx_sql_uuid(@extschema@.uidx_sql_unix_ms(at, 0, 281474976710655, 'iuid') << 16 | 32768,
                                        (2::bigint << 62)) $$;
COMMENT ON FUNCTION @extschema@.iuid_lower_bound(timestamptz) IS 'smallest iUID of the millisecond of at (range scans, partition bounds)';

-- Whether a uuid is an iUID (FORMATS.md §C, validity): version 8, variant
-- 10, format version 0, i.e. the 13th-14th hex digits are 80.
CREATE FUNCTION @extschema@.iuid_is_valid(id uuid) RETURNS boolean
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT pg_catalog.substr(id::pg_catalog.text, 15, 2) = '80'
              AND pg_catalog.substr(id::pg_catalog.text, 20, 1) IN ('8', '9', 'a', 'b') $$;
COMMENT ON FUNCTION @extschema@.iuid_is_valid(uuid) IS 'whether a uuid is a valid iUID (version 8, variant 10, format version 0); the C extension checks this in the iuid type''s input';

CREATE FUNCTION @extschema@.iuid_timestamp(uuid) RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT CASE WHEN @extschema@.iuid_is_valid($1)
                   THEN @extschema@.uidx_sql_timestamp((@extschema@.uidx_sql_half($1, 0) >> 16) & 281474976710655) END $$;
COMMENT ON FUNCTION @extschema@.iuid_timestamp(uuid) IS 'creation time of an iUID held in a uuid; NULL for other layouts';
CREATE FUNCTION @extschema@.iuid_country(uuid) RETURNS integer
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT CASE WHEN @extschema@.iuid_is_valid($1)
                   THEN (@extschema@.uidx_sql_half($1, 0) & 255)::pg_catalog.int4 END $$;
COMMENT ON FUNCTION @extschema@.iuid_country(uuid) IS 'country code of an iUID held in a uuid; NULL for other layouts';
CREATE FUNCTION @extschema@.iuid_service_entity(uuid) RETURNS integer
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT CASE WHEN @extschema@.iuid_is_valid($1)
                   THEN ((@extschema@.uidx_sql_half($1, 1) >> 54) & 255)::pg_catalog.int4 END $$;
COMMENT ON FUNCTION @extschema@.iuid_service_entity(uuid) IS 'service entity code of an iUID held in a uuid; NULL for other layouts';
CREATE FUNCTION @extschema@.iuid_format_version(uuid) RETURNS integer
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT CASE WHEN @extschema@.iuid_is_valid($1) THEN 0 END $$;
COMMENT ON FUNCTION @extschema@.iuid_format_version(uuid) IS 'format version of an iUID held in a uuid; NULL for other layouts';
CREATE FUNCTION @extschema@.iuid_random(uuid) RETURNS bigint
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT CASE WHEN @extschema@.iuid_is_valid($1)
                   THEN @extschema@.uidx_sql_half($1, 1) & 18014398509481983 END $$;
COMMENT ON FUNCTION @extschema@.iuid_random(uuid) IS 'random bits of an iUID held in a uuid; NULL for other layouts';

CREATE FUNCTION @extschema@.iuid_partman_encoder(ts timestamptz) RETURNS uuid
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT @extschema@.iuid_lower_bound(ts) $$;
COMMENT ON FUNCTION @extschema@.iuid_partman_encoder(timestamptz) IS 'pg_partman p_time_encoder for iUIDs in uuid columns';
CREATE FUNCTION @extschema@.iuid_partman_decoder(id text) RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT @extschema@.iuid_timestamp(id::pg_catalog.uuid) $$;
COMMENT ON FUNCTION @extschema@.iuid_partman_decoder(text) IS 'pg_partman p_time_decoder for iUIDs in uuid columns';

