-- uidx_sql: the SQL and PL/pgSQL edition of uidx for managed servers that
-- cannot load the C extension (README "Managed PostgreSQL").  The files
-- sql/managed/[0-9]*.sql, one family each, concatenated in name order, are
-- the only source: the Makefile wraps them into a psql script and a pg_tle
-- registration (sql/managed/build.sh).  Every name written @extschema@ is the
-- schema it is installed into.
--
-- Layouts are those of test/FORMATS.md, on plain uuid columns; deterministic
-- functions give the C extension's values and SQLSTATEs (test/managed/).
-- Generator state is per session (custom settings uidx_sql.*), so the
-- monotonic generators are PARALLEL UNSAFE: set_config() cannot run in a
-- parallel worker.  Random bits come only from gen_random_uuid().  Hot functions are not given a pinned
-- search_path (it would stop inlining and cost a GUC save per call); they
-- use only built-in operators on built-in types, which pg_catalog resolves
-- first unless a caller lists pg_catalog after a schema of their own.

-- ---------------------------------------------------------------------------
-- Shared helpers (internal)
-- ---------------------------------------------------------------------------

-- The 16 bytes of two big-endian 64-bit halves (FORMATS.md §0: msb, lsb).
CREATE FUNCTION @extschema@.uidx_sql_uuid(msb bigint, lsb bigint) RETURNS uuid
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT pg_catalog.encode(pg_catalog.int8send(msb) || pg_catalog.int8send(lsb), 'hex')::pg_catalog.uuid $$;
COMMENT ON FUNCTION @extschema@.uidx_sql_uuid(bigint, bigint) IS 'internal: uuid of its two 64-bit halves';

-- Bytes 0-7 (half 0) or 8-15 (half 1) of a uuid as a signed 64-bit integer.
CREATE FUNCTION @extschema@.uidx_sql_half(id uuid, half integer) RETURNS bigint
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT ('x' || pg_catalog.substr(pg_catalog.replace(id::pg_catalog.text, '-', ''), half * 16 + 1, 16))::pg_catalog.bit(64)::pg_catalog.int8 $$;
COMMENT ON FUNCTION @extschema@.uidx_sql_half(uuid, integer) IS 'internal: bytes 0-7 (0) or 8-15 (1) of a uuid as bigint';

-- A time as unix milliseconds, floored (FORMATS.md §0), checked against
-- [min_ms, max_ms]: 22003 as in the C extension.
CREATE FUNCTION @extschema@.uidx_sql_unix_ms(at timestamptz, min_ms bigint, max_ms bigint,
                                             type_name text) RETURNS bigint
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
AS $fn$
DECLARE
    ms bigint;
BEGIN
    IF NOT pg_catalog.isfinite(at) THEN
        RAISE EXCEPTION 'timestamp out of range for type %: infinite', type_name
            USING ERRCODE = 'numeric_value_out_of_range';
    END IF;
    ms := pg_catalog.floor(EXTRACT(epoch FROM at) * 1000)::bigint;
    IF ms < min_ms OR ms > max_ms THEN
        RAISE EXCEPTION 'timestamp out of range for type %: "%"', type_name, at
            USING ERRCODE = 'numeric_value_out_of_range',
                  DETAIL = pg_catalog.format('The type holds times from %s to %s.',
                                             @extschema@.uidx_sql_timestamp(min_ms),
                                             @extschema@.uidx_sql_timestamp(max_ms));
    END IF;
    RETURN ms;
END
$fn$;
COMMENT ON FUNCTION @extschema@.uidx_sql_unix_ms(timestamptz, bigint, bigint, text) IS 'internal: unix millisecond of a time, range-checked';

-- Unix milliseconds as a timestamptz, exactly (integer seconds, then ms).
CREATE FUNCTION @extschema@.uidx_sql_timestamp(unix_ms bigint) RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT pg_catalog.to_timestamp((unix_ms / 1000)::pg_catalog.float8)
              + (unix_ms % 1000)::pg_catalog.int4 * interval '1 millisecond' $$;
COMMENT ON FUNCTION @extschema@.uidx_sql_timestamp(bigint) IS 'internal: timestamptz of a unix millisecond';

-- The clock in unix microseconds (the C extension reads nanoseconds).
CREATE FUNCTION @extschema@.uidx_sql_now_us() RETURNS bigint
LANGUAGE sql VOLATILE PARALLEL SAFE
AS $$ SELECT (EXTRACT(epoch FROM pg_catalog.clock_timestamp()) * 1000000)::pg_catalog.int8 $$;
COMMENT ON FUNCTION @extschema@.uidx_sql_now_us() IS 'internal: clock in unix microseconds';

CREATE FUNCTION @extschema@.uidx_sql_require(value anyelement, what text) RETURNS anyelement
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
AS $fn$
BEGIN
    IF value IS NULL THEN
        RAISE EXCEPTION '% must not be null', what USING ERRCODE = 'null_value_not_allowed';
    END IF;
    RETURN value;
END
$fn$;
COMMENT ON FUNCTION @extschema@.uidx_sql_require(anyelement, text) IS 'internal: raises 22004 for a NULL argument';

CREATE FUNCTION @extschema@.uidx_raise_unknown_name(kind text, name text) RETURNS integer
LANGUAGE plpgsql VOLATILE PARALLEL SAFE
AS $fn$
BEGIN
    IF name IS NULL THEN
        RAISE EXCEPTION '% must not be null', COALESCE(kind, 'name') USING ERRCODE = 'null_value_not_allowed';
    END IF;
    RAISE EXCEPTION 'unknown % "%"', kind, name
        USING ERRCODE = 'invalid_parameter_value',
              HINT = 'Registered names are listed in the uidx registry tables.';
END
$fn$;
COMMENT ON FUNCTION @extschema@.uidx_raise_unknown_name(text, text) IS 'internal: raises 22023 unknown <kind> "<name>" for registry look-ups';

-- An integer argument in 0..255 (iUID country and service entity).
CREATE FUNCTION @extschema@.uidx_sql_byte(value integer, what text) RETURNS integer
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
AS $fn$
BEGIN
    IF value IS NULL THEN
        RAISE EXCEPTION 'iuid % must not be null', what USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF value < 0 OR value > 255 THEN
        RAISE EXCEPTION 'iuid % % is out of range', what, value
            USING ERRCODE = 'numeric_value_out_of_range',
                  DETAIL = pg_catalog.format('An iUID %s is an integer from 0 to 255.', what);
    END IF;
    RETURN value;
END
$fn$;
COMMENT ON FUNCTION @extschema@.uidx_sql_byte(integer, text) IS 'internal: an iUID byte argument, range-checked';

CREATE FUNCTION @extschema@.uidx_uuid_lower_bound(at timestamptz) RETURNS uuid
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT @extschema@.uidx_sql_uuid(@extschema@.uidx_sql_unix_ms(at, 0, 281474976710655, 'uuid') << 16, 0) $$;
COMMENT ON FUNCTION @extschema@.uidx_uuid_lower_bound(timestamptz) IS 'smallest uuid whose first six bytes hold the unix millisecond of at (partition bound)';

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

-- ---------------------------------------------------------------------------
-- iUID regions (README "Regions in uidx_sql"): the region registry and the
-- helpers that make a router table's partitions, for uuid keys
-- ---------------------------------------------------------------------------
-- The C extension partitions a router by RANGE (id iuid_country_ops), an
-- operator class that uidx_sql cannot create: CREATE OPERATOR CLASS needs a
-- superuser.  The router here is partitioned by LIST on the IMMUTABLE
-- expression @extschema@.iuid_country(id) instead.  Tuple routing computes it,
-- so INSERTs land in the region of each ID's country, and a non-iUID (country
-- NULL) finds no partition.  But the planner prunes only on a condition on
-- that expression: `WHERE id = $1` alone asks every region, and a lookup must
-- also say `@extschema@.iuid_country(id) = @extschema@.iuid_country($1)`.
-- Arguments, the registry, partition names, checks and SQLSTATEs are those of
-- the C extension (README "Regions"); a region's foreign partition is one per
-- remote table (below).

-- The router's region registry: which foreign server holds each country
-- (NULL: the router's own database).  A country has one region, whatever
-- table is routed.  Its rows are user data: pg_dump keeps them.
CREATE TABLE @extschema@.uidx_region (
    country smallint PRIMARY KEY CHECK (country BETWEEN 0 AND 255),
    server  name
);
SELECT pg_catalog.pg_extension_config_dump('@extschema@.uidx_region', '');
GRANT SELECT ON @extschema@.uidx_region TO PUBLIC;
COMMENT ON TABLE @extschema@.uidx_region IS 'iuid country -> the foreign server of its region (NULL: this database), kept by uidx_attach_region and uidx_attach_local_region';

-- The work of uidx_attach_region and uidx_attach_local_region: checks, then
-- partitions <parent>_cNNN, FOR VALUES IN (the countries), for the countries
-- that no partition of `parent` holds yet.  A country already held by a
-- partition of the same region is skipped, so both are idempotent.
CREATE FUNCTION @extschema@.uidx_attach_countries(parent regclass, region_server name, is_local boolean,
                                                  countries integer[], remote_table text)
RETURNS SETOF regclass
LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    key_fn      regprocedure := '@extschema@.iuid_country(uuid)'::regprocedure;
    key_clause  text;
    key_column  name;
    parent_ns   name;
    parent_name name;
    remote_ns   text;
    remote_name text;
    max_bytes   integer := current_setting('max_identifier_length')::integer;
    wanted      integer[];
    todo        integer[] := '{}';
    run         integer[] := '{}';
    c           integer;
    held        record;
    p           record;
    done        boolean;
    part_name   text;
    bounds      text;
BEGIN
    IF parent IS NULL THEN
        RAISE EXCEPTION 'parent must not be null' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF countries IS NULL OR array_position(countries, NULL) IS NOT NULL THEN
        RAISE EXCEPTION 'countries must not be null nor hold a null' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF cardinality(countries) = 0 THEN
        RAISE EXCEPTION 'countries must not be empty' USING ERRCODE = 'invalid_parameter_value';
    END IF;
    FOREACH c IN ARRAY countries LOOP
        IF c < 0 OR c > 255 THEN
            RAISE EXCEPTION 'iuid country % is out of range', c
                USING ERRCODE = 'numeric_value_out_of_range',
                      DETAIL = 'An iUID country is an integer from 0 to 255.';
        END IF;
    END LOOP;
    SELECT array_agg(DISTINCT x ORDER BY x) INTO wanted FROM unnest(countries) x;

    -- nspname, not regnamespace::name: the latter is already quoted where
    -- the name needs it, and format('%I') would quote it twice
    SELECT n.nspname, k.relname INTO parent_ns, parent_name
      FROM pg_class k JOIN pg_namespace n ON n.oid = k.relnamespace
     WHERE k.oid = parent;
    -- The one key that routes by country: LIST on iuid_country() of a uuid
    -- column, compared as the server prints it (function and column quoted
    -- and the function qualified, as this pinned search_path makes both
    -- sides print it).
    SELECT format('%I.%I', n.nspname, f.proname) INTO key_clause
      FROM pg_proc f JOIN pg_namespace n ON n.oid = f.pronamespace
     WHERE f.oid = key_fn;
    SELECT a.attname INTO key_column
      FROM pg_partitioned_table pt
      JOIN pg_attribute a ON a.attrelid = pt.partrelid
     WHERE pt.partrelid = parent AND pt.partstrat = 'l' AND pt.partnatts = 1 AND pt.partattrs[0] = 0
       AND a.attnum > 0 AND NOT a.attisdropped AND a.atttypid = 'uuid'::regtype
       AND pg_get_partkeydef(pt.partrelid) = format('LIST (%s(%I))', key_clause, a.attname);
    IF key_column IS NULL THEN
        RAISE EXCEPTION 'table "%" is not partitioned by LIST on %() of a uuid column', parent, key_clause
            USING ERRCODE = 'wrong_object_type',
                  HINT = format('Create it with PARTITION BY LIST (%s(id)).', key_clause);
    END IF;

    IF NOT is_local THEN
        IF region_server IS NULL THEN
            RAISE EXCEPTION 'server must not be null' USING ERRCODE = 'null_value_not_allowed';
        END IF;
        IF NOT EXISTS (SELECT 1 FROM pg_foreign_server s WHERE s.srvname = region_server) THEN
            RAISE EXCEPTION 'server "%" does not exist', region_server USING ERRCODE = 'undefined_object';
        END IF;
        remote_ns := parent_ns;
        remote_name := parent_name;
        IF remote_table IS NOT NULL THEN
            SELECT CASE WHEN cardinality(i) = 2 THEN i[1] ELSE parent_ns END,
                   CASE WHEN cardinality(i) <= 2 THEN i[cardinality(i)] END
              INTO remote_ns, remote_name
              FROM parse_ident(remote_table) i;
            IF remote_name IS NULL THEN
                RAISE EXCEPTION 'remote_table must be a table name, optionally schema-qualified: "%"', remote_table
                    USING ERRCODE = 'invalid_parameter_value';
            END IF;
        END IF;
    END IF;

    -- One region per country, whatever the table.
    SELECT r.country, r.server INTO held
      FROM @extschema@.uidx_region r
     WHERE r.country = ANY (wanted)
       AND CASE WHEN is_local THEN r.server IS NOT NULL ELSE r.server IS DISTINCT FROM region_server END
     ORDER BY r.country LIMIT 1;
    IF FOUND THEN
        RAISE EXCEPTION 'iuid country % already belongs to %', held.country,
                        CASE WHEN held.server IS NULL THEN 'the local region'
                             ELSE format('region "%s"', held.server) END
            USING ERRCODE = 'invalid_object_definition',
                  HINT = format('A country belongs to exactly one region: see the table %s.',
                                '@extschema@.uidx_region'::regclass);
    END IF;

    -- The countries the partitions of `parent` hold, from their bounds (a
    -- list of integers, maybe with NULL).  A country held by a partition of
    -- this region is done; one held by any other partition is a conflict.
    FOREACH c IN ARRAY wanted LOOP
        done := false;
        FOR p IN
            SELECT k.oid::regclass AS part, k.relkind, fs.srvname
              FROM pg_inherits i
              JOIN pg_class k ON k.oid = i.inhrelid
              LEFT JOIN pg_foreign_table ft ON ft.ftrelid = k.oid
              LEFT JOIN pg_foreign_server fs ON fs.oid = ft.ftserver
              CROSS JOIN LATERAL regexp_match(pg_get_expr(k.relpartbound, k.oid), '^FOR VALUES IN \((.*)\)$') m
             WHERE i.inhparent = parent AND m IS NOT NULL   -- not the DEFAULT partition
               AND c IN (SELECT btrim(v, '''')::integer FROM regexp_split_to_table(m[1], ', ') v WHERE v <> 'NULL')
             ORDER BY k.relname
        LOOP
            IF (CASE WHEN is_local THEN p.relkind <> 'f' ELSE p.srvname IS NOT DISTINCT FROM region_server END) THEN
                done := true;
            ELSE
                RAISE EXCEPTION 'iuid country % of table "%" is already held by partition "%"', c, parent, p.part
                    USING ERRCODE = 'invalid_object_definition',
                          DETAIL = CASE WHEN p.srvname IS NOT NULL
                                        THEN format('The partition is a foreign table on server "%s".', p.srvname)
                                        ELSE 'The partition is a local table.' END;
            END IF;
        END LOOP;
        IF NOT done THEN
            todo := todo || c;
        END IF;
    END LOOP;

    -- A foreign partition reads its whole remote table: two partitions on
    -- the same remote table would return its rows twice to every scan that
    -- is not pruned.  So the region's partition on that table, if there is
    -- one, is given the new countries (detached and attached again with the
    -- longer list, which only changes the catalog for a foreign table), and
    -- otherwise one partition holds them all.  Local partitions hold only
    -- their own rows: one per run of consecutive countries, as in the C
    -- extension.
    IF NOT is_local AND cardinality(todo) > 0 THEN
        SELECT k.oid::regclass AS part, m[1] AS list INTO p
          FROM pg_inherits i
          JOIN pg_class k ON k.oid = i.inhrelid
          JOIN pg_namespace kn ON kn.oid = k.relnamespace
          JOIN pg_foreign_table ft ON ft.ftrelid = k.oid
          JOIN pg_foreign_server fs ON fs.oid = ft.ftserver
          CROSS JOIN LATERAL regexp_match(pg_get_expr(k.relpartbound, k.oid), '^FOR VALUES IN \((.*)\)$') m
         WHERE i.inhparent = parent AND m IS NOT NULL AND fs.srvname = region_server
           -- postgres_fdw's defaults: the foreign table's own schema and name
           AND coalesce((SELECT substr(o, 13) FROM unnest(ft.ftoptions) o WHERE o LIKE 'schema_name=%'), kn.nspname) = remote_ns
           AND coalesce((SELECT substr(o, 12) FROM unnest(ft.ftoptions) o WHERE o LIKE 'table_name=%'), k.relname) = remote_name
         ORDER BY k.relname LIMIT 1;
        IF FOUND THEN
            EXECUTE format('ALTER TABLE %s DETACH PARTITION %s', parent, p.part);
            EXECUTE format('ALTER TABLE %s ATTACH PARTITION %s FOR VALUES IN (%s, %s)',
                           parent, p.part, p.list, array_to_string(todo, ', '));
            RETURN NEXT p.part;
            todo := '{}';
        END IF;
    END IF;
    FOREACH c IN ARRAY todo || ARRAY[NULL::integer] LOOP
        IF cardinality(run) > 0 AND (c IS NULL OR (is_local AND c <> run[cardinality(run)] + 1)) THEN
            -- the parent part shortened, at a character boundary, so that
            -- the country suffix survives the server's truncation of names
            -- to max_identifier_length bytes and names stay distinct
            part_name := parent_name;
            WHILE octet_length(part_name || '_c000') > max_bytes LOOP
                part_name := left(part_name, -1);
            END LOOP;
            part_name := part_name || '_c' || lpad(run[1]::text, 3, '0');
            IF to_regclass(format('%I.%I', parent_ns, part_name)) IS NOT NULL THEN
                RAISE EXCEPTION 'relation "%" already exists and does not hold iuid country % for "%"',
                                format('%I.%I', parent_ns, part_name), run[1], parent
                    USING ERRCODE = 'duplicate_table';
            END IF;
            bounds := format('FOR VALUES IN (%s)', array_to_string(run, ', '));
            IF is_local THEN
                -- partitioned by time (uuid order is time order for iUIDs),
                -- for uidx_create_time_partitions
                EXECUTE format('CREATE TABLE %I.%I PARTITION OF %s %s PARTITION BY RANGE (%I)',
                               parent_ns, part_name, parent, bounds, key_column);
            ELSE
                EXECUTE format('CREATE FOREIGN TABLE %I.%I PARTITION OF %s %s SERVER %I OPTIONS (schema_name %L, table_name %L)',
                               parent_ns, part_name, parent, bounds, region_server, remote_ns, remote_name);
            END IF;
            RETURN NEXT format('%I.%I', parent_ns, part_name)::regclass;
            run := '{}';
        END IF;
        IF c IS NOT NULL THEN
            run := run || c;
        END IF;
    END LOOP;
    INSERT INTO @extschema@.uidx_region (country, server)
    SELECT x, CASE WHEN is_local THEN NULL ELSE region_server END FROM unnest(wanted) x
    ON CONFLICT (country) DO NOTHING;
END
$fn$;
COMMENT ON FUNCTION @extschema@.uidx_attach_countries(regclass, name, boolean, integer[], text) IS 'internal: the work of uidx_attach_region and uidx_attach_local_region';

CREATE FUNCTION @extschema@.uidx_attach_region(parent regclass, server name, countries integer[],
                                               remote_table text DEFAULT NULL)
RETURNS SETOF regclass
LANGUAGE sql VOLATILE PARALLEL UNSAFE
SET search_path = pg_catalog, pg_temp
AS $$
SELECT @extschema@.uidx_attach_countries(parent, server, false, countries, remote_table)
$$;
COMMENT ON FUNCTION @extschema@.uidx_attach_region(regclass, name, integer[], text) IS 'makes the postgres_fdw partitions of a router table (PARTITION BY LIST (iuid_country(id))) for the countries of a region, and registers them';

CREATE FUNCTION @extschema@.uidx_attach_local_region(parent regclass, countries integer[])
RETURNS SETOF regclass
LANGUAGE sql VOLATILE PARALLEL UNSAFE
SET search_path = pg_catalog, pg_temp
AS $$
SELECT @extschema@.uidx_attach_countries(parent, NULL, true, countries, NULL)
$$;
COMMENT ON FUNCTION @extschema@.uidx_attach_local_region(regclass, integer[]) IS 'makes the local partitions of a router table for the router''s own countries, each partitioned by RANGE (id) in time order, and registers them';

-- For an application tier that routes by itself.  A uuid that is not an
-- iUID is refused as the C extension's iuid type refuses it (22P02).
CREATE FUNCTION @extschema@.uidx_region_of(id uuid) RETURNS name
LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    wanted integer := @extschema@.iuid_country(id);
    result name;
BEGIN
    IF wanted IS NULL THEN
        RAISE EXCEPTION 'invalid input value for type iuid: "%"', id
            USING ERRCODE = 'invalid_text_representation',
                  DETAIL = 'An iUID has version 8, variant 10 and format version 0 (iuid_is_valid).';
    END IF;
    SELECT r.server INTO result FROM @extschema@.uidx_region r WHERE r.country = wanted;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'no region holds iuid country %', wanted
            USING ERRCODE = 'invalid_parameter_value',
                  HINT = 'Attach one with uidx_attach_region().';
    END IF;
    RETURN result;
END
$fn$;
COMMENT ON FUNCTION @extschema@.uidx_region_of(uuid) IS 'the foreign server of the region that holds the iUID''s country (NULL: this database)';
-- ---------------------------------------------------------------------------
-- COMB (FORMATS.md §B), on uuid: the C extension's comb type is not
-- available, so suffix and SQL Server COMBs are plain uuids here
-- ---------------------------------------------------------------------------

-- Unix microseconds as a timestamptz, exactly.
CREATE FUNCTION @extschema@.uidx_sql_timestamp_us(unix_us bigint) RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT pg_catalog.to_timestamp((unix_us / 1000000)::pg_catalog.float8)
              + (unix_us % 1000000)::pg_catalog.int4 * interval '1 microsecond' $$;
COMMENT ON FUNCTION @extschema@.uidx_sql_timestamp_us(bigint) IS 'internal: timestamptz of a unix microsecond';

-- comb_stamp (FORMATS.md §B): `value` big-endian into bytes
-- [offset, offset + len) of the 16 given bytes, then version 4, variant 10.
CREATE FUNCTION @extschema@.uidx_sql_comb_stamp(random bytea, field_offset integer,
                                                field_length integer, value bigint)
RETURNS uuid
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
AS $fn$
DECLARE
    b bytea;
BEGIN
    IF pg_catalog.length(random) <> 16 THEN
        RAISE EXCEPTION 'random must be exactly 16 bytes, not %', pg_catalog.length(random)
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    b := overlay(random PLACING pg_catalog.substr(pg_catalog.int8send(value), 9 - field_length)
                            FROM field_offset + 1 FOR field_length);
    b := pg_catalog.set_byte(b, 6, (pg_catalog.get_byte(b, 6) & 15) | 64);
    b := pg_catalog.set_byte(b, 8, (pg_catalog.get_byte(b, 8) & 63) | 128);
    RETURN pg_catalog.encode(b, 'hex')::pg_catalog.uuid;
END
$fn$;
COMMENT ON FUNCTION @extschema@.uidx_sql_comb_stamp(bytea, integer, integer, bigint) IS 'internal: stamps a COMB field over 16 bytes';

CREATE FUNCTION @extschema@.uidx_sql_is_v4(id uuid) RETURNS boolean
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT pg_catalog.substr(id::pg_catalog.text, 15, 1) = '4'
              AND pg_catalog.substr(id::pg_catalog.text, 20, 1) IN ('8', '9', 'a', 'b') $$;
COMMENT ON FUNCTION @extschema@.uidx_sql_is_v4(uuid) IS 'internal: version 4, variant 10';

-- An interval argument in microseconds: no months, finite, positive (or
-- zero when not `positive`); 22023 otherwise, as in the C extension.
CREATE FUNCTION @extschema@.uidx_sql_interval_us(span interval, what text, positive boolean)
RETURNS bigint
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
AS $fn$
DECLARE
    us numeric;
BEGIN
    IF span IS NULL THEN
        RAISE EXCEPTION '% must not be null', what USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF span::pg_catalog.text IN ('infinity', '-infinity') THEN
        RAISE EXCEPTION '% must be finite', what USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF EXTRACT(month FROM span) <> 0 OR EXTRACT(year FROM span) <> 0 THEN
        RAISE EXCEPTION '% must not contain months or years: "%"', what, span
            USING ERRCODE = 'invalid_parameter_value',
                  HINT = 'A month has no fixed length; give the span in days.';
    END IF;
    us := EXTRACT(epoch FROM span) * 1000000;
    IF us > 9223372036854775807 OR us < -9223372036854775808 THEN
        RAISE EXCEPTION '% is too long: "%"', what, span USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF (positive AND us <= 0) OR (NOT positive AND us < 0) THEN
        RAISE EXCEPTION '% must be %: "%"', what,
                        CASE WHEN positive THEN 'positive' ELSE 'zero or positive' END, span
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    RETURN us::bigint;
END
$fn$;
COMMENT ON FUNCTION @extschema@.uidx_sql_interval_us(interval, text, boolean) IS 'internal: an interval argument in microseconds, checked';

CREATE FUNCTION @extschema@.uidx_sql_interval_ms(span interval) RETURNS bigint
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
AS $fn$
DECLARE
    us bigint := @extschema@.uidx_sql_interval_us(span, 'interval_length', true);
BEGIN
    IF us % 1000 <> 0 THEN
        RAISE EXCEPTION 'interval_length must be a whole number of milliseconds: "%"', span
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    RETURN us / 1000;
END
$fn$;
COMMENT ON FUNCTION @extschema@.uidx_sql_interval_ms(interval) IS 'internal: interval_length in milliseconds, checked';

-- sequential-uuids 1.0.3 prefix width (FORMATS.md §B3): 8, 16 or 24 bits.
CREATE FUNCTION @extschema@.uidx_sql_block_bits(block_count integer, what text) RETURNS integer
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
AS $fn$
DECLARE
    bits integer := 1;
BEGIN
    IF block_count IS NULL THEN
        RAISE EXCEPTION '% must not be null', what USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF block_count < 1 OR block_count > 16777216 THEN
        RAISE EXCEPTION '% must be between 1 and 16777216: %', what, block_count
            USING ERRCODE = 'invalid_parameter_value', DETAIL = 'The prefix holds at most 24 bits.';
    END IF;
    WHILE (1::bigint << bits) < block_count LOOP
        bits := bits + 1;
    END LOOP;
    RETURN (bits + 7) / 8 * 8;
END
$fn$;
COMMENT ON FUNCTION @extschema@.uidx_sql_block_bits(integer, text) IS 'internal: prefix width of a block count';

CREATE FUNCTION @extschema@.uidx_sql_block_size(block_size integer) RETURNS integer
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
AS $fn$
BEGIN
    IF block_size IS NULL THEN
        RAISE EXCEPTION 'block_size must not be null' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF block_size < 1 THEN
        RAISE EXCEPTION 'block_size must be a positive integer: %', block_size
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    RETURN block_size;
END
$fn$;
COMMENT ON FUNCTION @extschema@.uidx_sql_block_size(integer) IS 'internal: block_size, checked';

-- comb_block_stamp (FORMATS.md §B3, steps 3-6), arguments already checked.
CREATE FUNCTION @extschema@.uidx_sql_block_stamp(random bytea, value bigint, block_size bigint,
                                                 block_count bigint, bits integer)
RETURNS uuid
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
SELECT @extschema@.uidx_sql_comb_stamp(random, 0, bits / 8,
         (value / GREATEST(1, (block_size >> bits) * block_count
                              + (((block_size & ((1::bigint << bits) - 1)) * block_count) >> bits)))
         & ((1::bigint << bits) - 1))
$$;
COMMENT ON FUNCTION @extschema@.uidx_sql_block_stamp(bytea, bigint, bigint, bigint, integer) IS 'internal: sequential-uuids block prefix';

CREATE FUNCTION @extschema@.comb_prefix_from_parts(at timestamptz, random bytea) RETURNS uuid
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT @extschema@.uidx_sql_comb_stamp(random, 0, 6,
                 @extschema@.uidx_sql_unix_ms(at, 0, 281474976710655, 'prefix COMB')) $$;
COMMENT ON FUNCTION @extschema@.comb_prefix_from_parts(timestamptz, bytea) IS 'prefix COMB from a time and the 16 random bytes';
CREATE FUNCTION @extschema@.comb_suffix_from_parts(at timestamptz, random bytea) RETURNS uuid
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT @extschema@.uidx_sql_comb_stamp(random, 10, 6,
                 @extschema@.uidx_sql_unix_ms(at, 0, 281474976710655, 'comb')) $$;
COMMENT ON FUNCTION @extschema@.comb_suffix_from_parts(timestamptz, bytea) IS 'suffix COMB from a time and the 16 random bytes (a uuid here, the comb type in the C extension)';

-- SQL Server datetime of a time (FORMATS.md §B2): low 16 bits of the days
-- since 1900-01-01, then 1/300 s ticks of the day, truncated.
CREATE FUNCTION @extschema@.uidx_sql_sqlserver_datetime(at timestamptz) RETURNS bigint
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
AS $fn$
DECLARE
    unix_us bigint;
    unix_day bigint;
BEGIN
    IF at IS NULL THEN
        RAISE EXCEPTION 'COMB timestamp must not be null' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    PERFORM @extschema@.uidx_sql_unix_ms(at, -2208988800000, 3453321599999, 'SQL Server COMB');
    unix_us := (EXTRACT(epoch FROM at) * 1000000)::bigint;
    unix_day := pg_catalog.floor(unix_us / 86400000000.0)::bigint;
    RETURN ((unix_day + 25567) & 65535) << 32
           | ((unix_us - unix_day * 86400000000) * 3 / 10000);
END
$fn$;
COMMENT ON FUNCTION @extschema@.uidx_sql_sqlserver_datetime(timestamptz) IS 'internal: SQL Server datetime days and ticks of a time';

CREATE FUNCTION @extschema@.comb_sqlserver_from_parts(at timestamptz, random bytea) RETURNS uuid
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT @extschema@.uidx_sql_comb_stamp(random, 10, 6, @extschema@.uidx_sql_sqlserver_datetime(at)) $$;
COMMENT ON FUNCTION @extschema@.comb_sqlserver_from_parts(timestamptz, bytea) IS 'SQL Server COMB from a time and the 16 random bytes';

CREATE FUNCTION @extschema@.comb_short_prefix_from_parts(at timestamptz, random bytea,
                                                         interval_length interval DEFAULT '1 minute',
                                                         interval_count integer DEFAULT 65536)
RETURNS uuid
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
AS $fn$
DECLARE
    ms    bigint := @extschema@.uidx_sql_unix_ms(at, 0, 281474976710655, 'short prefix COMB');
    len   bigint := @extschema@.uidx_sql_interval_ms(interval_length);
    bits  integer := @extschema@.uidx_sql_block_bits(interval_count, 'interval_count');
BEGIN
    -- whole seconds are counted in seconds, as uuid_time_nextval does (§B3)
    IF len % 1000 = 0 THEN
        RETURN @extschema@.uidx_sql_block_stamp(random, pg_catalog.div(ms, 1000)::bigint
                                                 - CASE WHEN ms % 1000 < 0 THEN 1 ELSE 0 END,
                                                 len / 1000, interval_count, bits);
    END IF;
    RETURN @extschema@.uidx_sql_block_stamp(random, ms, len, interval_count, bits);
END
$fn$;
COMMENT ON FUNCTION @extschema@.comb_short_prefix_from_parts(timestamptz, bytea, interval, integer) IS 'short prefix COMB from a time and the 16 random bytes';

CREATE FUNCTION @extschema@.comb_short_suffix_from_parts(at timestamptz, random bytea,
                                                         interval_length interval DEFAULT '1 minute')
RETURNS uuid
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
AS $fn$
DECLARE
    ms  bigint := @extschema@.uidx_sql_unix_ms(at, 0, 281474976710655, 'short suffix COMB');
    len bigint := @extschema@.uidx_sql_interval_ms(interval_length);
BEGIN
    RETURN @extschema@.uidx_sql_comb_stamp(random, 10, 2,
             pg_catalog.floor(ms::numeric / len)::bigint & 65535);
END
$fn$;
COMMENT ON FUNCTION @extschema@.comb_short_suffix_from_parts(timestamptz, bytea, interval) IS 'short suffix COMB from a time and the 16 random bytes';

CREATE FUNCTION @extschema@.comb_sequence_from_parts(value bigint, random bytea,
                                                     block_size integer DEFAULT 65536,
                                                     block_count integer DEFAULT 65536)
RETURNS uuid
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
AS $fn$
DECLARE
    size integer := @extschema@.uidx_sql_block_size(block_size);
    bits integer := @extschema@.uidx_sql_block_bits(block_count, 'block_count');
BEGIN
    -- sequences start at 1 and blocks count from value - 1, wrapping at the
    -- smallest bigint like upstream's unchecked subtraction (§B3)
    RETURN @extschema@.uidx_sql_block_stamp(random,
             CASE WHEN value = -9223372036854775808 THEN 9223372036854775807 ELSE value - 1 END,
             size, block_count, bits);
END
$fn$;
COMMENT ON FUNCTION @extschema@.comb_sequence_from_parts(bigint, bytea, integer, integer) IS 'sequence COMB from a sequence value and the 16 random bytes';



CREATE FUNCTION @extschema@.comb_prefix_generate() RETURNS uuid
LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
AS $fn$
DECLARE
    us   bigint := (EXTRACT(epoch FROM pg_catalog.clock_timestamp()) * 1000000)::bigint;
    last bigint := NULLIF(pg_catalog.current_setting('uidx_sql.comb_prefix_last', true), '')::bigint;
    tick bigint;
BEGIN
    IF us < 0 OR us / 1000 > 281474976710655 THEN
        RAISE EXCEPTION 'system clock is outside the range a COMB can hold'
            USING ERRCODE = 'datetime_field_overflow';
    END IF;
    -- ms << 12 | the 12-bit fraction of the millisecond (FORMATS.md §B)
    tick := (us / 1000) << 12 | (((us % 1000) * 1000) << 12) / 1000000;
    IF last IS NOT NULL AND tick <= last THEN
        tick := last + 1;
    END IF;
    IF tick > 1152921504606846975 THEN
        RAISE EXCEPTION 'COMB timestamp space is exhausted' USING ERRCODE = 'datetime_field_overflow';
    END IF;
    PERFORM pg_catalog.set_config('uidx_sql.comb_prefix_last', tick::pg_catalog.text, false);
    RETURN @extschema@.uidx_sql_uuid((tick >> 12) << 16 | 16384 | (tick & 4095),
                                     @extschema@.uidx_sql_half(pg_catalog.gen_random_uuid(), 1));
END
$fn$;
COMMENT ON FUNCTION @extschema@.comb_prefix_generate() IS 'new prefix COMB (time in bytes 0-5) for now, monotonic per session';
CREATE FUNCTION @extschema@.comb_prefix_generate(at timestamptz) RETURNS uuid
LANGUAGE sql VOLATILE PARALLEL SAFE
AS $$ SELECT @extschema@.comb_prefix_from_parts(@extschema@.uidx_sql_require(at, 'COMB timestamp'),
                                                  pg_catalog.uuid_send(pg_catalog.gen_random_uuid())) $$;
COMMENT ON FUNCTION @extschema@.comb_prefix_generate(timestamptz) IS 'new prefix COMB with the given time';

CREATE FUNCTION @extschema@.comb_suffix_generate() RETURNS uuid
LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
AS $fn$
DECLARE
    us   bigint := (EXTRACT(epoch FROM pg_catalog.clock_timestamp()) * 1000000)::bigint;
    last bigint := NULLIF(pg_catalog.current_setting('uidx_sql.comb_suffix_last', true), '')::bigint;
    tick bigint;
BEGIN
    IF us < 0 OR us / 1000 > 281474976710655 THEN
        RAISE EXCEPTION 'system clock is outside the range a COMB can hold'
            USING ERRCODE = 'datetime_field_overflow';
    END IF;
    tick := (us / 1000) << 14 | (((us % 1000) * 1000) << 14) / 1000000;
    IF last IS NOT NULL AND tick <= last THEN
        tick := last + 1;
    END IF;
    IF tick > 4611686018427387903 THEN
        RAISE EXCEPTION 'COMB timestamp space is exhausted' USING ERRCODE = 'datetime_field_overflow';
    END IF;
    PERFORM pg_catalog.set_config('uidx_sql.comb_suffix_last', tick::pg_catalog.text, false);
    RETURN @extschema@.uidx_sql_uuid(@extschema@.uidx_sql_half(pg_catalog.gen_random_uuid(), 0),
                                     (32768 | (tick & 16383)) << 48 | (tick >> 14));
END
$fn$;
COMMENT ON FUNCTION @extschema@.comb_suffix_generate() IS 'new suffix COMB (time in bytes 10-15) for now, monotonic per session';
CREATE FUNCTION @extschema@.comb_suffix_generate(at timestamptz) RETURNS uuid
LANGUAGE sql VOLATILE PARALLEL SAFE
AS $$ SELECT @extschema@.comb_suffix_from_parts(@extschema@.uidx_sql_require(at, 'COMB timestamp'),
                                                  pg_catalog.uuid_send(pg_catalog.gen_random_uuid())) $$;
COMMENT ON FUNCTION @extschema@.comb_suffix_generate(timestamptz) IS 'new suffix COMB with the given time';

CREATE FUNCTION @extschema@.comb_sqlserver_generate() RETURNS uuid
LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
AS $fn$
DECLARE
    ns     bigint := (EXTRACT(epoch FROM pg_catalog.clock_timestamp()) * 1000000)::bigint * 1000;
    day    bigint := pg_catalog.floor(ns / 86400000000000.0)::bigint;
    thirds bigint := (ns - day * 86400000000000) * 3;
    tod    bigint := thirds / 10000000;
    tick   bigint;
    last   bigint;
    unit   bigint;
BEGIN
    IF ns / 1000 > 3453321599999999 THEN
        RAISE EXCEPTION 'system clock is past the last SQL Server COMB time, 2079-06-06'
            USING ERRCODE = 'datetime_field_overflow';
    END IF;
    tick := ((day + 25567) * 25920000 + tod) << 14 | ((thirds - tod * 10000000) << 14) / 10000000;
    last := NULLIF(pg_catalog.current_setting('uidx_sql.comb_sqlserver_last', true), '')::bigint;
    IF last IS NOT NULL AND tick <= last THEN
        tick := last + 1;
    END IF;
    IF tick > (((65536::bigint * 25920000 - 1) << 14) | 16383) THEN
        RAISE EXCEPTION 'COMB timestamp space is exhausted' USING ERRCODE = 'datetime_field_overflow';
    END IF;
    PERFORM pg_catalog.set_config('uidx_sql.comb_sqlserver_last', tick::pg_catalog.text, false);
    unit := tick >> 14;
    RETURN @extschema@.uidx_sql_uuid(@extschema@.uidx_sql_half(pg_catalog.gen_random_uuid(), 0),
                                     ((32768 | (tick & 16383)) << 48)
                                     | (((unit / 25920000) & 65535) << 32) | (unit % 25920000));
END
$fn$;
COMMENT ON FUNCTION @extschema@.comb_sqlserver_generate() IS 'new SQL Server COMB (datetime days and ticks in bytes 10-15) for now, monotonic per session';
CREATE FUNCTION @extschema@.comb_sqlserver_generate(at timestamptz) RETURNS uuid
LANGUAGE sql VOLATILE PARALLEL SAFE
AS $$ SELECT @extschema@.comb_sqlserver_from_parts(@extschema@.uidx_sql_require(at, 'COMB timestamp'),
                                                     pg_catalog.uuid_send(pg_catalog.gen_random_uuid())) $$;
COMMENT ON FUNCTION @extschema@.comb_sqlserver_generate(timestamptz) IS 'new SQL Server COMB with the given time';

-- The clock for the stateless COMBs, range-checked as in the C extension.
CREATE FUNCTION @extschema@.uidx_sql_comb_now() RETURNS timestamptz
LANGUAGE plpgsql VOLATILE PARALLEL SAFE
AS $fn$
DECLARE
    now timestamptz := pg_catalog.clock_timestamp();
BEGIN
    IF now < 'epoch'::timestamptz OR now >= @extschema@.uidx_sql_timestamp(281474976710656) THEN
        RAISE EXCEPTION 'system clock is outside the range a COMB can hold'
            USING ERRCODE = 'datetime_field_overflow';
    END IF;
    RETURN now;
END
$fn$;
COMMENT ON FUNCTION @extschema@.uidx_sql_comb_now() IS 'internal: the clock for COMBs, range-checked';

CREATE FUNCTION @extschema@.comb_short_prefix_generate(interval_length interval DEFAULT '1 minute',
                                                       interval_count integer DEFAULT 65536)
RETURNS uuid
LANGUAGE plpgsql VOLATILE PARALLEL SAFE
AS $fn$
DECLARE
    len  bigint := @extschema@.uidx_sql_interval_ms(interval_length);
    bits integer := @extschema@.uidx_sql_block_bits(interval_count, 'interval_count');
BEGIN
    RETURN @extschema@.comb_short_prefix_from_parts(
             @extschema@.uidx_sql_comb_now(),
             pg_catalog.uuid_send(pg_catalog.gen_random_uuid()), interval_length, interval_count);
END
$fn$;
COMMENT ON FUNCTION @extschema@.comb_short_prefix_generate(interval, integer) IS 'new short prefix COMB: an interval counter in the leading bytes (sequential-uuids uuid_time_nextval)';

CREATE FUNCTION @extschema@.comb_short_suffix_generate(interval_length interval DEFAULT '1 minute')
RETURNS uuid
LANGUAGE plpgsql VOLATILE PARALLEL SAFE
AS $fn$
DECLARE
    len bigint := @extschema@.uidx_sql_interval_ms(interval_length);
BEGIN
    RETURN @extschema@.comb_short_suffix_from_parts(
             @extschema@.uidx_sql_comb_now(),
             pg_catalog.uuid_send(pg_catalog.gen_random_uuid()), interval_length);
END
$fn$;
COMMENT ON FUNCTION @extschema@.comb_short_suffix_generate(interval) IS 'new short suffix COMB: a 16-bit interval counter in bytes 10-11';

-- PARALLEL UNSAFE: nextval() is a write.  Parameters are checked first, so
-- a rejected call uses no sequence value.
CREATE FUNCTION @extschema@.comb_sequence_generate(seq regclass, block_size integer DEFAULT 65536,
                                                   block_count integer DEFAULT 65536)
RETURNS uuid
LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
AS $fn$
DECLARE
    size integer := @extschema@.uidx_sql_block_size(block_size);
    bits integer := @extschema@.uidx_sql_block_bits(block_count, 'block_count');
BEGIN
    IF seq IS NULL THEN
        RAISE EXCEPTION 'sequence must not be null' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    RETURN @extschema@.comb_sequence_from_parts(pg_catalog.nextval(seq),
             pg_catalog.uuid_send(pg_catalog.gen_random_uuid()), size, block_count);
END
$fn$;
COMMENT ON FUNCTION @extschema@.comb_sequence_generate(regclass, integer, integer) IS 'new sequence COMB: a block number from nextval in the leading bytes (sequential-uuids uuid_sequence_nextval)';

CREATE FUNCTION @extschema@.comb_prefix_timestamp(uuid) RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT CASE WHEN @extschema@.uidx_sql_is_v4($1)
                   THEN @extschema@.uidx_sql_timestamp((@extschema@.uidx_sql_half($1, 0) >> 16) & 281474976710655) END $$;
COMMENT ON FUNCTION @extschema@.comb_prefix_timestamp(uuid) IS 'time (millisecond) in bytes 0-5 of a prefix COMB; NULL unless version 4, variant 10';
CREATE FUNCTION @extschema@.comb_timestamp(uuid) RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT @extschema@.uidx_sql_timestamp(@extschema@.uidx_sql_half($1, 1) & 281474976710655) $$;
COMMENT ON FUNCTION @extschema@.comb_timestamp(uuid) IS 'time (millisecond) in bytes 10-15 of a suffix COMB';
CREATE FUNCTION @extschema@.comb_sqlserver_timestamp(uuid) RETURNS timestamptz
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
AS $fn$
DECLARE
    lsb   bigint := @extschema@.uidx_sql_half($1, 1);
    days  bigint := (lsb >> 32) & 65535;
    ticks bigint := lsb & 4294967295;
BEGIN
    IF ticks > 25920000 THEN
        RAISE EXCEPTION 'comb "%" does not hold a SQL Server datetime', $1
            USING ERRCODE = 'numeric_value_out_of_range',
                  DETAIL = pg_catalog.format('Its time of day is %s ticks of 1/300 s; a day has 25920000.', ticks);
    END IF;
    RETURN @extschema@.uidx_sql_timestamp_us((days - 25567) * 86400000000 + (ticks * 10000 + 2) / 3);
END
$fn$;
COMMENT ON FUNCTION @extschema@.comb_sqlserver_timestamp(uuid) IS 'SQL Server datetime in bytes 10-15 of a COMB';
CREATE FUNCTION @extschema@.comb_short_prefix(uuid) RETURNS integer
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT CASE WHEN @extschema@.uidx_sql_is_v4($1)
                   THEN ((@extschema@.uidx_sql_half($1, 0) >> 48) & 65535)::pg_catalog.int4 END $$;
COMMENT ON FUNCTION @extschema@.comb_short_prefix(uuid) IS '16-bit interval counter of a short prefix COMB; NULL unless version 4, variant 10';

CREATE FUNCTION @extschema@.comb_short_prefix_is_valid(id uuid, tolerance interval DEFAULT '10 minutes',
                                                       at timestamptz DEFAULT pg_catalog.now(),
                                                       interval_length interval DEFAULT '1 minute')
RETURNS boolean
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
AS $fn$
DECLARE
    tol      bigint := @extschema@.uidx_sql_interval_us(tolerance, 'tolerance', false) / 1000;
    at_ms    bigint := @extschema@.uidx_sql_unix_ms(at, 0, 281474976710655, 'short prefix COMB');
    len      bigint := @extschema@.uidx_sql_interval_ms(interval_length);
    earliest bigint := at_ms - tol;
    first    bigint;
    last     bigint;
    counter  bigint;
BEGIN
    IF NOT @extschema@.uidx_sql_is_v4(id) THEN
        RETURN false;
    END IF;
    counter := (@extschema@.uidx_sql_half(id, 0) >> 48) & 65535;
    first := pg_catalog.floor(GREATEST(earliest, 0)::numeric / len)::bigint;
    last := pg_catalog.floor((at_ms + tol)::numeric / len)::bigint;
    IF last < first THEN
        RETURN false;
    END IF;
    IF last - first >= 65535 THEN
        RETURN true;
    END IF;
    RETURN ((counter - first) & 65535) <= last - first;
END
$fn$;
COMMENT ON FUNCTION @extschema@.comb_short_prefix_is_valid(uuid, interval, timestamptz, interval) IS 'whether a short prefix COMB''s counter was current within at +/- tolerance';

-- bytes 0-5 and 10-15 trade places (lossless, its own inverse)
CREATE FUNCTION @extschema@.comb_prefix_to_suffix(uuid) RETURNS uuid
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT (pg_catalog.substr(h, 21, 12) || pg_catalog.substr(h, 13, 8) || pg_catalog.substr(h, 1, 12))::pg_catalog.uuid
          FROM (SELECT pg_catalog.replace($1::pg_catalog.text, '-', '') AS h) s $$;
COMMENT ON FUNCTION @extschema@.comb_prefix_to_suffix(uuid) IS 'prefix COMB to the suffix form (bytes 0-5 and 10-15 swapped)';
CREATE FUNCTION @extschema@.comb_suffix_to_prefix(uuid) RETURNS uuid
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT @extschema@.comb_prefix_to_suffix($1) $$;
COMMENT ON FUNCTION @extschema@.comb_suffix_to_prefix(uuid) IS 'suffix COMB to the prefix form (bytes 0-5 and 10-15 swapped)';

CREATE FUNCTION @extschema@.comb_lower_bound(at timestamptz) RETURNS uuid
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT @extschema@.uidx_sql_uuid(0, @extschema@.uidx_sql_unix_ms(at, 0, 281474976710655, 'comb')) $$;
COMMENT ON FUNCTION @extschema@.comb_lower_bound(timestamptz) IS 'smallest suffix COMB of the millisecond of at in SQL Server order (not in uuid order: see README "Managed PostgreSQL")';

CREATE FUNCTION @extschema@.comb_prefix_partman_encoder(ts timestamptz) RETURNS uuid
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT @extschema@.comb_prefix_from_parts(ts, '\x00000000000000000000000000000000'::pg_catalog.bytea) $$;
COMMENT ON FUNCTION @extschema@.comb_prefix_partman_encoder(timestamptz) IS 'pg_partman p_time_encoder for prefix COMBs in uuid columns';
CREATE FUNCTION @extschema@.comb_prefix_partman_decoder(id text) RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT @extschema@.comb_prefix_timestamp(id::pg_catalog.uuid) $$;
COMMENT ON FUNCTION @extschema@.comb_prefix_partman_decoder(text) IS 'pg_partman p_time_decoder for prefix COMBs in uuid columns';

-- ---------------------------------------------------------------------------
-- DistributedId on numeric(28,0) (FORMATS.md §A1), DistributedId128 on uuid
-- (§A2)
-- ---------------------------------------------------------------------------

-- A numeric ID as the C extension reads it (codec.c): an integer from 0 to
-- max, else 22003; with scale_zero, a value printed with a decimal point is
-- refused first (22023).
CREATE FUNCTION @extschema@.uidx_sql_id_numeric(value numeric, max numeric, target text,
                                                scale_zero boolean) RETURNS numeric
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
AS $fn$
DECLARE
    t text := value::pg_catalog.text;
BEGIN
    IF scale_zero AND pg_catalog.strpos(t, '.') > 0 THEN
        RAISE EXCEPTION 'value % has a non-zero scale, which % does not accept', t, target
            USING ERRCODE = 'invalid_parameter_value',
                  DETAIL = 'An ID is an integer of scale 0, as in Architect.Identities: 5, not 5.0.',
                  HINT = 'Cast a whole value written with a scale, such as 5.000, to numeric(28,0) first.';
    END IF;
    IF t IN ('NaN', 'Infinity', '-Infinity') OR value < 0 OR value > max OR value <> pg_catalog.trunc(value) THEN
        RAISE EXCEPTION 'value % is out of range for %', t, target
            USING ERRCODE = 'numeric_value_out_of_range',
                  DETAIL = pg_catalog.format('Only the integers from 0 to %s are accepted.', max);
    END IF;
    RETURN pg_catalog.trunc(value);
END
$fn$;
COMMENT ON FUNCTION @extschema@.uidx_sql_id_numeric(numeric, numeric, text, boolean) IS 'internal: a numeric ID argument, checked';

CREATE FUNCTION @extschema@.distid_timestamp(numeric) RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT @extschema@.uidx_sql_timestamp(
               pg_catalog.div(@extschema@.uidx_sql_id_numeric($1, 9903520314283042199192993791, 'type distid', false),
                              281474976710656)::bigint - 2208988800000) $$;
COMMENT ON FUNCTION @extschema@.distid_timestamp(numeric) IS 'embedded millisecond (since 1900) of a DistributedId, without the leeway';

-- The smallest DistributedId whose time is at or after `at` (T = at rounded
-- up to a whole millisecond, R = 0), as numeric(28,0).
CREATE FUNCTION @extschema@.distid_lower_bound(at timestamptz) RETURNS numeric
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
AS $fn$
DECLARE
    ms bigint;
BEGIN
    IF NOT pg_catalog.isfinite(at) THEN
        RETURN @extschema@.uidx_sql_unix_ms(at, 0, 0, 'distid');  -- raises
    END IF;
    ms := pg_catalog.ceil(EXTRACT(epoch FROM at) * 1000)::bigint;
    IF ms < -2208988800000 OR ms > -2208988800000 + 35184372088832 - 1 THEN
        RAISE EXCEPTION 'timestamp out of range for type distid: "%"', at
            USING ERRCODE = 'numeric_value_out_of_range',
                  DETAIL = 'The type holds times from 1900-01-01 00:00:00+00 to 3014-12-13 12:41:28.831+00.';
    END IF;
    RETURN ((ms + 2208988800000)::numeric * 281474976710656)::numeric(28,0);
END
$fn$;
COMMENT ON FUNCTION @extschema@.distid_lower_bound(timestamptz) IS 'smallest DistributedId with distid_timestamp(id) >= at (a partition bound), as numeric';

-- FORMATS.md §A1, generator step, with keep_order: the state (prevT, prevR)
-- is kept per session in uidx_sql.distid_last.
CREATE FUNCTION @extschema@.distributed_id() RETURNS numeric
LANGUAGE plpgsql VOLATILE STRICT PARALLEL UNSAFE
AS $fn$
DECLARE
    draw    bytea := pg_catalog.uuid_send(pg_catalog.gen_random_uuid());
    fresh   bigint := (pg_catalog.get_byte(draw, 10)::bigint << 40) | (pg_catalog.get_byte(draw, 11)::bigint << 32)
                      | (pg_catalog.get_byte(draw, 12)::bigint << 24) | (pg_catalog.get_byte(draw, 13) << 16)
                      | (pg_catalog.get_byte(draw, 14) << 8) | pg_catalog.get_byte(draw, 15);
    last    bigint[] := pg_catalog.string_to_array(pg_catalog.current_setting('uidx_sql.distid_last', true), ',')::bigint[];
    inc     bigint;
    t       bigint;
    r       bigint;
    m       bigint;
BEGIN
    IF fresh = 0 THEN fresh := 1; END IF;
    inc := fresh & 2199023255551;  -- mod 2^41
    IF inc = 0 THEN inc := 1; END IF;
    LOOP
        t := pg_catalog.floor(EXTRACT(epoch FROM pg_catalog.clock_timestamp()) * 1000)::bigint + 2208988800000 - 1000;
        IF t < 0 OR t >= 35184372088832 THEN
            RAISE EXCEPTION 'system clock is outside the range a distid can hold' USING ERRCODE = 'datetime_field_overflow';
        END IF;
        IF last IS NULL OR t > last[1] THEN
            r := fresh;
            EXIT;
        END IF;
        IF last[2] + inc <= 281474976710655 THEN
            t := last[1];
            r := last[2] + inc;
            EXIT;
        END IF;
        m := t + 999;
        IF last[1] < m OR last[1] - m > 1000 THEN
            -- borrow the next millisecond; past the window keep_order does the same
            t := last[1] + 1;
            r := fresh;
            IF t >= 35184372088832 THEN
                RAISE EXCEPTION 'system clock is outside the range a distid can hold' USING ERRCODE = 'datetime_field_overflow';
            END IF;
            EXIT;
        END IF;
        PERFORM pg_catalog.pg_sleep(0.001);
    END LOOP;
    PERFORM pg_catalog.set_config('uidx_sql.distid_last', t || ',' || r, false);
    RETURN (t::numeric * 281474976710656 + r)::numeric(28,0);
END
$fn$;
COMMENT ON FUNCTION @extschema@.distributed_id() IS 'new DistributedId as numeric(28,0), monotonic per session';

-- FORMATS.md §A2, generator step, with keep_order; R75 is kept as numeric.
CREATE FUNCTION @extschema@.distid128_generate() RETURNS uuid
LANGUAGE plpgsql VOLATILE STRICT PARALLEL UNSAFE
AS $fn$
DECLARE
    draw    uuid := pg_catalog.gen_random_uuid();
    lsb62   bigint := @extschema@.uidx_sql_half(draw, 1) & 4611686018427387903;
    fresh   numeric := ((@extschema@.uidx_sql_half(draw, 0) >> 51) & 8191)::numeric * 4611686018427387904 + lsb62;
    -- the low 58 bits of fresh's low 64-bit word
    inc     bigint := lsb62 & 288230376151711743;
    last    text[] := pg_catalog.string_to_array(pg_catalog.current_setting('uidx_sql.distid128_last', true), ',');
    t       bigint;
    r       numeric;
BEGIN
    IF fresh = 0 THEN fresh := 1; END IF;
    IF inc = 0 THEN inc := 1; END IF;
    LOOP
        t := pg_catalog.floor(EXTRACT(epoch FROM pg_catalog.clock_timestamp()) * 1000)::bigint + 8520336000000;
        IF t < 0 OR t > 281474976710655 THEN
            RAISE EXCEPTION 'system clock is outside the range a DistributedId128 can hold' USING ERRCODE = 'datetime_field_overflow';
        END IF;
        IF last IS NULL OR t > last[1]::bigint THEN
            r := fresh;
            EXIT;
        END IF;
        IF last[2]::numeric + inc <= 37778931862957161709567 THEN  -- 2^75 - 1
            t := last[1]::bigint;
            r := last[2]::numeric + inc;
            EXIT;
        END IF;
        IF t + 1000 <= last[1]::bigint THEN
            t := last[1]::bigint + 1;
            r := fresh;
            IF t > 281474976710655 THEN
                RAISE EXCEPTION 'system clock is outside the range a DistributedId128 can hold' USING ERRCODE = 'datetime_field_overflow';
            END IF;
            EXIT;
        END IF;
        PERFORM pg_catalog.pg_sleep(0.001);
    END LOOP;
    PERFORM pg_catalog.set_config('uidx_sql.distid128_last', t || ',' || r, false);
    RETURN @extschema@.uidx_sql_uuid((t << 16) | 28672 | pg_catalog.div(r, 9223372036854775808)::bigint,
                                     pg_catalog.mod(r, 9223372036854775808)::bigint);
END
$fn$;
COMMENT ON FUNCTION @extschema@.distid128_generate() IS 'new DistributedId128 (uuid), monotonic per session';

CREATE FUNCTION @extschema@.distid128_timestamp(uuid) RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT CASE WHEN pg_catalog.substr($1::pg_catalog.text, 15, 1) = '7'
                   AND pg_catalog.substr($1::pg_catalog.text, 20, 1) < '8'
                  THEN @extschema@.uidx_sql_timestamp(((@extschema@.uidx_sql_half($1, 0) >> 16) & 281474976710655)
                                                      - 8520336000000) END $$;
COMMENT ON FUNCTION @extschema@.distid128_timestamp(uuid) IS 'time of a DistributedId128; NULL unless version 7 with bit 64 clear';

-- ---------------------------------------------------------------------------
-- The alphanumeric encodings (FORMATS.md §A3)
-- ---------------------------------------------------------------------------

-- §A3 blocks: an unsigned 64-bit value (as numeric) in `len` base-62 digits.
CREATE FUNCTION @extschema@.uidx_sql_alnum_block(value numeric, len integer) RETURNS text
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
AS $fn$
DECLARE
    digits constant text := '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
    out text := '';
    v numeric := value;
BEGIN
    FOR i IN 1 .. len LOOP
        out := pg_catalog.substr(digits, pg_catalog.mod(v, 62)::integer + 1, 1) || out;
        v := pg_catalog.div(v, 62);
    END LOOP;
    RETURN out;
END
$fn$;
COMMENT ON FUNCTION @extschema@.uidx_sql_alnum_block(numeric, integer) IS 'internal: base-62 block of an unsigned 64-bit value';

-- The unsigned 64-bit value of a bigint's bits.
CREATE FUNCTION @extschema@.uidx_sql_u64(bigint) RETURNS numeric
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT CASE WHEN $1 < 0 THEN $1::numeric + 18446744073709551616 ELSE $1::numeric END $$;
COMMENT ON FUNCTION @extschema@.uidx_sql_u64(bigint) IS 'internal: a bigint''s bits as an unsigned number';

CREATE FUNCTION @extschema@.alnum_encode(bigint) RETURNS text
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
AS $fn$
BEGIN
    IF $1 < 0 THEN
        RAISE EXCEPTION 'value % is out of range for alnum_encode(bigint)', $1
            USING ERRCODE = 'numeric_value_out_of_range',
                  DETAIL = 'Only non-negative values have an alphanumeric form.';
    END IF;
    RETURN @extschema@.uidx_sql_alnum_block($1::numeric, 11);
END
$fn$;
COMMENT ON FUNCTION @extschema@.alnum_encode(bigint) IS 'alphanumeric form (11 characters) of a non-negative bigint';
CREATE FUNCTION @extschema@.alnum_encode(numeric) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT @extschema@.uidx_sql_alnum_block(pg_catalog.div(v, 18446744073709551616), 5)
             || @extschema@.uidx_sql_alnum_block(pg_catalog.mod(v, 18446744073709551616), 11)
        FROM (SELECT @extschema@.uidx_sql_id_numeric($1, 9999999999999999999999999999,
                                                     'alnum_encode(numeric)', true) AS v) s $$;
COMMENT ON FUNCTION @extschema@.alnum_encode(numeric) IS 'alphanumeric form (16 characters) of a DistributedId or any integer up to 10^28-1';
CREATE FUNCTION @extschema@.alnum_encode(uuid) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT @extschema@.uidx_sql_alnum_block(@extschema@.uidx_sql_u64(@extschema@.uidx_sql_half($1, 0)), 11)
             || @extschema@.uidx_sql_alnum_block(@extschema@.uidx_sql_u64(@extschema@.uidx_sql_half($1, 1)), 11) $$;
COMMENT ON FUNCTION @extschema@.alnum_encode(uuid) IS 'alphanumeric form (22 characters) of a uuid';

-- Strict decoding (FORMATS.md §A3): exact length, alphabet, canonical
-- blocks (< 2^64), then the target's range; every failure is 22P02.
CREATE FUNCTION @extschema@.uidx_sql_alnum_decode(input text, type_name text, expected_len integer,
                                                  max numeric) RETURNS numeric[]
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
AS $fn$
DECLARE
    digits constant text := '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
    raw bytea := pg_catalog.convert_to(input, pg_catalog.current_setting('server_encoding'));
    blocks numeric[] := '{}';
    v numeric := 0;
    c integer;
    reason text;
    pos integer;
    len integer;
BEGIN
    IF pg_catalog.length(raw) <> expected_len THEN
        reason := 'bad length';
    ELSE
        FOR i IN 0 .. expected_len - 1 LOOP
            c := pg_catalog.get_byte(raw, i);
            IF NOT (c BETWEEN 48 AND 57 OR c BETWEEN 65 AND 90 OR c BETWEEN 97 AND 122) THEN
                reason := 'bad character';
                EXIT;
            END IF;
        END LOOP;
    END IF;
    IF reason IS NULL THEN
        -- blocks from the right: 11 characters each, the first may be shorter
        pos := 1;
        FOR len IN SELECT CASE WHEN expected_len = 16 AND b = 0 THEN 5 ELSE 11 END
                     FROM pg_catalog.generate_series(0, CASE WHEN expected_len = 11 THEN 0 ELSE 1 END) b LOOP
            v := 0;
            FOR i IN pos .. pos + len - 1 LOOP
                v := v * 62 + pg_catalog.strpos(digits, pg_catalog.substr(input, i, 1)) - 1;
            END LOOP;
            IF v >= 18446744073709551616 THEN
                reason := 'non-canonical';
                EXIT;
            END IF;
            blocks := blocks || v;
            pos := pos + len;
        END LOOP;
    END IF;
    IF reason IS NULL AND max IS NOT NULL
       AND (CASE WHEN pg_catalog.cardinality(blocks) = 1 THEN blocks[1]
                 ELSE blocks[1] * 18446744073709551616 + blocks[2] END) > max THEN
        reason := 'out of range';
    END IF;
    IF reason IS NOT NULL THEN
        RAISE EXCEPTION 'invalid alphanumeric input for type %: "%"', type_name, input
            USING ERRCODE = 'invalid_text_representation', DETAIL = reason,
                  HINT = pg_catalog.format('The alphanumeric form of a %s is exactly %s characters of 0-9, A-Z and a-z.',
                                           type_name, expected_len);
    END IF;
    RETURN blocks;
END
$fn$;
COMMENT ON FUNCTION @extschema@.uidx_sql_alnum_decode(text, text, integer, numeric) IS 'internal: the blocks of an alphanumeric form, checked';

CREATE FUNCTION @extschema@.alnum_decode_bigint(text) RETURNS bigint
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT (@extschema@.uidx_sql_alnum_decode($1, 'bigint', 11, 9223372036854775807))[1]::bigint $$;
COMMENT ON FUNCTION @extschema@.alnum_decode_bigint(text) IS 'bigint of an 11-character alphanumeric form';
CREATE FUNCTION @extschema@.alnum_decode_numeric(text) RETURNS numeric
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT b[1] * 18446744073709551616 + b[2]
        FROM (SELECT @extschema@.uidx_sql_alnum_decode($1, 'numeric', 16, 9999999999999999999999999999) AS b) s $$;
COMMENT ON FUNCTION @extschema@.alnum_decode_numeric(text) IS 'integer of a 16-character alphanumeric form';
CREATE FUNCTION @extschema@.alnum_decode_uuid(text) RETURNS uuid
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT (pg_catalog.lpad(pg_catalog.to_hex(CASE WHEN b[1] >= 9223372036854775808 THEN b[1] - 18446744073709551616 ELSE b[1] END::bigint), 16, '0')
              || pg_catalog.lpad(pg_catalog.to_hex(CASE WHEN b[2] >= 9223372036854775808 THEN b[2] - 18446744073709551616 ELSE b[2] END::bigint), 16, '0'))::pg_catalog.uuid
        FROM (SELECT @extschema@.uidx_sql_alnum_decode($1, 'uuid', 22, 340282366920938463463374607431768211455) AS b) s $$;
COMMENT ON FUNCTION @extschema@.alnum_decode_uuid(text) IS 'uuid of a 22-character alphanumeric form';

-- ---------------------------------------------------------------------------
-- Public ids (FORMATS.md §A4): AES-ECB of one block under a secret key.
-- A managed service has no server file for the key (README "Managed
-- PostgreSQL", public ids): it lives in the one-row table public_id_key,
-- which only its owner (the role that installed uidx_sql, or the dedicated
-- role the README suggests giving it to) can read.  The only code that reads
-- it is uidx_sql_public_id_aes(), SECURITY DEFINER with a pinned
-- search_path, which encrypts or decrypts one block and never returns the
-- key; with missing_ok it returns NULL instead of raising when there is no
-- key it can read, so that uidx_inspect, like the C one without a key file,
-- leaves public ids opaque and never fails.  Every role may call it: it is
-- the same oracle the C extension's public_id_encode(uuid),
-- public_id_decode_uuid() and uidx_inspect give every role.  The table is
-- not in the extension's dump configuration: like the C extension's key
-- file, the key stays out of pg_dump and is set again after a restore.
-- AES is pgcrypto's:
-- without pgcrypto installed, the public-id functions are not created.
-- ---------------------------------------------------------------------------

CREATE TABLE @extschema@.public_id_key (
    only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
    key      bytea NOT NULL CHECK (pg_catalog.length(key) IN (16, 24, 32))
);
COMMENT ON TABLE @extschema@.public_id_key IS 'the public-id key (16, 24 or 32 bytes); readable by its owner only';
REVOKE ALL ON @extschema@.public_id_key FROM PUBLIC;

-- Sets (or replaces) the key.  Not SECURITY DEFINER: only the table's
-- owner may write it.  Pass the key as a parameter, not a literal, so that
-- it does not reach the server log or pg_stat_statements.
CREATE FUNCTION @extschema@.public_id_set_key(key bytea) RETURNS void
LANGUAGE sql VOLATILE STRICT PARALLEL UNSAFE
AS $$
INSERT INTO @extschema@.public_id_key AS k (only_row, key) VALUES (true, $1)
ON CONFLICT (only_row) DO UPDATE SET key = EXCLUDED.key
$$;
COMMENT ON FUNCTION @extschema@.public_id_set_key(bytea) IS 'sets the public-id key (owner of public_id_key only)';

-- ".NET order" of FORMATS.md §0: bytes 0-3, 4-5 and 6-7 each reversed.
CREATE FUNCTION @extschema@.uidx_sql_netswap(b bytea) RETURNS bytea
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT pg_catalog.substr(b, 4, 1) || pg_catalog.substr(b, 3, 1) || pg_catalog.substr(b, 2, 1)
             || pg_catalog.substr(b, 1, 1) || pg_catalog.substr(b, 6, 1) || pg_catalog.substr(b, 5, 1)
             || pg_catalog.substr(b, 8, 1) || pg_catalog.substr(b, 7, 1) || pg_catalog.substr(b, 9, 8) $$;
COMMENT ON FUNCTION @extschema@.uidx_sql_netswap(bytea) IS 'internal: .NET Guid byte order of 16 bytes (its own inverse)';

-- An unsigned integer as `len` little-endian bytes, and back.
CREATE FUNCTION @extschema@.uidx_sql_le_bytes(value numeric, len integer) RETURNS bytea
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
AS $fn$
DECLARE
    out bytea := pg_catalog.decode(pg_catalog.repeat('00', len), 'hex');
    v numeric := value;
BEGIN
    FOR i IN 0 .. len - 1 LOOP
        out := pg_catalog.set_byte(out, i, pg_catalog.mod(v, 256)::integer);
        v := pg_catalog.div(v, 256);
    END LOOP;
    RETURN out;
END
$fn$;
COMMENT ON FUNCTION @extschema@.uidx_sql_le_bytes(numeric, integer) IS 'internal: little-endian bytes of an unsigned integer';
CREATE FUNCTION @extschema@.uidx_sql_le_value(b bytea) RETURNS numeric
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
AS $fn$
DECLARE
    v numeric := 0;
BEGIN
    FOR i IN REVERSE pg_catalog.length(b) - 1 .. 0 LOOP
        v := v * 256 + pg_catalog.get_byte(b, i);
    END LOOP;
    RETURN v;
END
$fn$;
COMMENT ON FUNCTION @extschema@.uidx_sql_le_value(bytea) IS 'internal: the unsigned integer of little-endian bytes';

-- 8 bytes in reverse order, and a bigint as 8 little-endian bytes.
CREATE FUNCTION @extschema@.uidx_sql_reverse8(b bytea) RETURNS bytea
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT pg_catalog.substr(b, 8, 1) || pg_catalog.substr(b, 7, 1) || pg_catalog.substr(b, 6, 1)
             || pg_catalog.substr(b, 5, 1) || pg_catalog.substr(b, 4, 1) || pg_catalog.substr(b, 3, 1)
             || pg_catalog.substr(b, 2, 1) || pg_catalog.substr(b, 1, 1) $$;
COMMENT ON FUNCTION @extschema@.uidx_sql_reverse8(bytea) IS 'internal: 8 bytes reversed';
CREATE FUNCTION @extschema@.uidx_sql_le8(bigint) RETURNS bytea
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT @extschema@.uidx_sql_reverse8(pg_catalog.int8send($1)) $$;
COMMENT ON FUNCTION @extschema@.uidx_sql_le8(bigint) IS 'internal: a bigint as 8 little-endian bytes';

DO $uidx_public_id$
DECLARE
    crypto name := (SELECT n.nspname FROM pg_catalog.pg_extension e
                      JOIN pg_catalog.pg_namespace n ON n.oid = e.extnamespace
                     WHERE e.extname = 'pgcrypto');
BEGIN
    IF crypto IS NULL THEN
        RAISE NOTICE 'pgcrypto is not installed: uidx_sql creates no public-id functions'
            USING HINT = 'CREATE EXTENSION pgcrypto, then install uidx_sql again to get them.';
        RETURN;
    END IF;
    -- the one reader of the key (see above)
    EXECUTE pg_catalog.format($f$
        CREATE FUNCTION @extschema@.uidx_sql_public_id_aes(block bytea, decrypt boolean, missing_ok boolean)
        RETURNS bytea
        LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE SECURITY DEFINER
        SET search_path = pg_catalog, pg_temp
        AS $body$
        DECLARE
            k bytea;
        BEGIN
            IF missing_ok AND NOT has_table_privilege('@extschema@.public_id_key', 'SELECT') THEN
                RETURN NULL;
            END IF;
            SELECT t.key INTO k FROM @extschema@.public_id_key t;
            IF k IS NULL AND missing_ok THEN
                RETURN NULL;
            END IF;
            IF k IS NULL THEN
                RAISE EXCEPTION 'the uidx_sql public-id key is not set'
                    USING ERRCODE = 'object_not_in_prerequisite_state',
                          HINT = 'The owner of @extschema@.public_id_key sets it with @extschema@.public_id_set_key().';
            END IF;
            IF decrypt THEN
                RETURN %1$I.decrypt(block, k, 'aes-ecb/pad:none');
            END IF;
            RETURN %1$I.encrypt(block, k, 'aes-ecb/pad:none');
        END
        $body$ $f$, crypto);
    COMMENT ON FUNCTION @extschema@.uidx_sql_public_id_aes(bytea, boolean, boolean) IS 'internal: AES of one block under the public-id key (the only reader of the key); NULL without a key when missing_ok';

    CREATE FUNCTION @extschema@.uidx_sql_public_id(plain bytea) RETURNS uuid
    LANGUAGE sql STABLE STRICT PARALLEL SAFE
    AS $$ SELECT pg_catalog.encode(@extschema@.uidx_sql_netswap(@extschema@.uidx_sql_public_id_aes(plain, false, false)), 'hex')::pg_catalog.uuid $$;
    COMMENT ON FUNCTION @extschema@.uidx_sql_public_id(bytea) IS 'internal: the public id of a plaintext block';
    CREATE FUNCTION @extschema@.uidx_sql_public_id_plain(id uuid) RETURNS bytea
    LANGUAGE sql STABLE STRICT PARALLEL SAFE
    AS $$ SELECT @extschema@.uidx_sql_public_id_aes(@extschema@.uidx_sql_netswap(pg_catalog.uuid_send(id)), true, false) $$;
    COMMENT ON FUNCTION @extschema@.uidx_sql_public_id_plain(uuid) IS 'internal: the plaintext block of a public id';

    CREATE FUNCTION @extschema@.public_id_encode(bigint) RETURNS uuid
    LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE
    AS $fn$
    BEGIN
        IF $1 < 0 THEN
            RAISE EXCEPTION 'value % is out of range for public_id_encode(bigint)', $1
                USING ERRCODE = 'numeric_value_out_of_range', DETAIL = 'Only non-negative ids have a public id.';
        END IF;
        RETURN @extschema@.uidx_sql_public_id('\x0000000000000000'::bytea || @extschema@.uidx_sql_le8($1));
    END
    $fn$;
    COMMENT ON FUNCTION @extschema@.public_id_encode(bigint) IS 'public id (AES) of a non-negative bigint';
    CREATE FUNCTION @extschema@.public_id_encode(numeric) RETURNS uuid
    LANGUAGE sql STABLE STRICT PARALLEL SAFE
    AS $$ SELECT @extschema@.uidx_sql_public_id('\x00000000'::bytea
                   || @extschema@.uidx_sql_le_bytes(pg_catalog.div(v, 18446744073709551616), 4)
                   || @extschema@.uidx_sql_le_bytes(pg_catalog.mod(v, 18446744073709551616), 8))
            FROM (SELECT @extschema@.uidx_sql_id_numeric($1, 9999999999999999999999999999,
                                                         'public_id_encode(numeric)', true) AS v) s $$;
    COMMENT ON FUNCTION @extschema@.public_id_encode(numeric) IS 'public id (AES) of an integer up to 10^28-1, e.g. a DistributedId';
    CREATE FUNCTION @extschema@.public_id_encode(uuid) RETURNS uuid
    LANGUAGE sql STABLE STRICT PARALLEL SAFE
    AS $$ SELECT @extschema@.uidx_sql_public_id(pg_catalog.uuid_send($1)) $$;
    COMMENT ON FUNCTION @extschema@.public_id_encode(uuid) IS 'public id (AES) of a uuid';

    CREATE FUNCTION @extschema@.public_id_decode_bigint(uuid) RETURNS bigint
    LANGUAGE sql STABLE STRICT PARALLEL SAFE
    AS $$ SELECT CASE WHEN pg_catalog.substr(p, 1, 8) = '\x0000000000000000'::bytea
                       AND pg_catalog.get_byte(p, 15) < 128
                      THEN ('x' || pg_catalog.encode(@extschema@.uidx_sql_reverse8(pg_catalog.substr(p, 9, 8)), 'hex'))::pg_catalog.bit(64)::bigint END
            FROM (SELECT @extschema@.uidx_sql_public_id_plain($1) AS p) s $$;
    COMMENT ON FUNCTION @extschema@.public_id_decode_bigint(uuid) IS 'bigint of a public id; NULL for a forged or foreign value';
    CREATE FUNCTION @extschema@.public_id_decode_numeric(uuid) RETURNS numeric
    LANGUAGE sql STABLE STRICT PARALLEL SAFE
    AS $$ SELECT CASE WHEN pg_catalog.substr(p, 1, 4) = '\x00000000'::bytea AND v <= 9999999999999999999999999999
                      THEN v END
            FROM (SELECT p, @extschema@.uidx_sql_le_value(pg_catalog.substr(p, 5, 4)) * 18446744073709551616
                            + @extschema@.uidx_sql_le_value(pg_catalog.substr(p, 9, 8)) AS v
                    FROM (SELECT @extschema@.uidx_sql_public_id_plain($1) AS p) s) t $$;
    COMMENT ON FUNCTION @extschema@.public_id_decode_numeric(uuid) IS 'integer of a public id; NULL for a forged or foreign value';
    CREATE FUNCTION @extschema@.public_id_decode_uuid(uuid) RETURNS uuid
    LANGUAGE sql STABLE STRICT PARALLEL SAFE
    AS $$ SELECT pg_catalog.encode(@extschema@.uidx_sql_public_id_plain($1), 'hex')::pg_catalog.uuid $$;
    COMMENT ON FUNCTION @extschema@.public_id_decode_uuid(uuid) IS 'uuid of a public id';
END
$uidx_public_id$;
-- ---------------------------------------------------------------------------
-- PK-embedded UUID with CRC-12 groups (FORMATS.md §D)
-- ---------------------------------------------------------------------------

CREATE FUNCTION @extschema@.crc12(bytea) RETURNS integer
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
AS $fn$
DECLARE
    -- the reflected polynomial 0x80F (as 0xF01), one step per input byte
    tbl constant integer[] := '{0,2571,2581,30,2601,34,60,2615,2641,90,68,2639,120,2675,2669,102,2721,170,180,2751,136,2691,2717,150,240,2811,2789,238,2777,210,204,2759,2881,330,340,2911,360,2915,2941,374,272,2843,2821,270,2873,306,300,2855,480,3051,3061,510,3017,450,476,3031,2993,442,420,2991,408,2963,2957,390,2177,650,660,2207,680,2211,2237,694,720,2267,2245,718,2297,754,748,2279,544,2091,2101,574,2057,514,540,2071,2161,634,612,2159,600,2131,2125,582,960,2507,2517,990,2537,994,1020,2551,2449,922,900,2447,952,2483,2477,934,2401,874,884,2431,840,2371,2397,854,816,2363,2341,814,2329,786,780,2311,3841,1290,1300,3871,1320,3875,3901,1334,1360,3931,3909,1358,3961,1394,1388,3943,1440,4011,4021,1470,3977,1410,1436,3991,4081,1530,1508,4079,1496,4051,4045,1478,1088,3659,3669,1118,3689,1122,1148,3703,3601,1050,1028,3599,1080,3635,3629,1062,3809,1258,1268,3839,1224,3779,3805,1238,1200,3771,3749,1198,3737,1170,1164,3719,1920,3467,3477,1950,3497,1954,1980,3511,3537,2010,1988,3535,2040,3571,3565,2022,3361,1834,1844,3391,1800,3331,3357,1814,1904,3451,3429,1902,3417,1874,1868,3399,3265,1738,1748,3295,1768,3299,3325,1782,1680,3227,3205,1678,3257,1714,1708,3239,1632,3179,3189,1662,3145,1602,1628,3159,3121,1594,1572,3119,1560,3091,3085,1542}'::integer[];
    crc integer := 4095;
    i   integer;
BEGIN
    FOR i IN 0 .. pg_catalog.length($1) - 1 LOOP
        crc := (crc >> 8) # tbl[((crc # pg_catalog.get_byte($1, i)) & 255) + 1];
    END LOOP;
    RETURN crc # 4095;
END
$fn$;
COMMENT ON FUNCTION @extschema@.crc12(bytea) IS 'CRC-12 of the bytes: a luuid group id';
CREATE FUNCTION @extschema@.crc12(text) RETURNS integer
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT @extschema@.crc12(pg_catalog.convert_to($1, 'UTF8')) $$;
COMMENT ON FUNCTION @extschema@.crc12(text) IS 'CRC-12 of the text''s UTF-8 bytes: a luuid group id';

CREATE TABLE @extschema@.luuid_group (
    group_id   integer PRIMARY KEY CHECK (group_id = @extschema@.crc12(group_name)),
    group_name text NOT NULL UNIQUE CHECK (group_name <> ''),
    relation   regclass
);
COMMENT ON TABLE @extschema@.luuid_group IS 'registry of luuid group names, their CRC-12 group ids and tables';
SELECT pg_catalog.pg_extension_config_dump('@extschema@.luuid_group', '');
GRANT SELECT ON @extschema@.luuid_group TO PUBLIC;

CREATE FUNCTION @extschema@.uidx_sql_luuid(pk bigint, group_id integer) RETURNS uuid
LANGUAGE plpgsql VOLATILE PARALLEL SAFE
AS $fn$
BEGIN
    IF pk IS NULL THEN
        RAISE EXCEPTION 'luuid pk must not be null' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF pk < 0 OR pk > 281474976710655 THEN
        RAISE EXCEPTION 'luuid pk % is out of range', pk
            USING ERRCODE = 'numeric_value_out_of_range',
                  DETAIL = 'A PK-embedded UUID holds a primary key from 0 to 2^48-1 (281474976710655).';
    END IF;
    RETURN @extschema@.uidx_sql_uuid(pk << 16 | 24576 | group_id,
             (10::bigint << 60) | (@extschema@.uidx_sql_half(pg_catalog.gen_random_uuid(), 1) & 1152921504606846975));
END
$fn$;
COMMENT ON FUNCTION @extschema@.uidx_sql_luuid(bigint, integer) IS 'internal: a new PK-embedded UUID';

CREATE FUNCTION @extschema@.luuid_generate(group_id integer, pk bigint) RETURNS uuid
LANGUAGE plpgsql VOLATILE PARALLEL SAFE
AS $fn$
BEGIN
    IF group_id IS NULL THEN
        RAISE EXCEPTION 'luuid group_id must not be null' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF group_id < 0 OR group_id > 4095 THEN
        RAISE EXCEPTION 'luuid group_id % is out of range', group_id
            USING ERRCODE = 'numeric_value_out_of_range',
                  DETAIL = 'A group id is a CRC-12: an integer from 0 to 4095.';
    END IF;
    RETURN @extschema@.uidx_sql_luuid(pk, group_id);
END
$fn$;
COMMENT ON FUNCTION @extschema@.luuid_generate(integer, bigint) IS 'new PK-embedded UUID of a primary key and group id';
CREATE FUNCTION @extschema@.luuid_generate(group_name text, pk bigint) RETURNS uuid
LANGUAGE sql VOLATILE PARALLEL SAFE
AS $$ SELECT @extschema@.uidx_sql_luuid(pk, @extschema@.crc12(@extschema@.uidx_sql_require(group_name, 'luuid group_name'))) $$;
COMMENT ON FUNCTION @extschema@.luuid_generate(text, bigint) IS 'new PK-embedded UUID of a primary key and group name';

CREATE FUNCTION @extschema@.luuid_nextval(seq regclass, group_name text) RETURNS uuid
LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
AS $fn$
DECLARE
    grp integer;
    pk  bigint;
BEGIN
    IF seq IS NULL THEN
        RAISE EXCEPTION 'luuid sequence must not be null' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    grp := @extschema@.crc12(@extschema@.uidx_sql_require(group_name, 'luuid group_name'));
    pk := pg_catalog.nextval(seq);
    IF pk < 0 OR pk > 281474976710655 THEN
        RAISE EXCEPTION 'luuid pk % from sequence "%" is out of range', pk, seq
            USING ERRCODE = 'numeric_value_out_of_range',
                  DETAIL = 'A PK-embedded UUID holds a primary key from 0 to 2^48-1 (281474976710655).',
                  HINT = 'Give the sequence MINVALUE 0 and MAXVALUE 281474976710655.';
    END IF;
    RETURN @extschema@.uidx_sql_luuid(pk, grp);
END
$fn$;
COMMENT ON FUNCTION @extschema@.luuid_nextval(regclass, text) IS 'new PK-embedded UUID with the next value of a sequence (column DEFAULT)';

-- the layout: version nibble 6 and the 17th hex digit exactly a
CREATE FUNCTION @extschema@.uidx_sql_is_luuid(id uuid) RETURNS boolean
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT pg_catalog.substr(id::pg_catalog.text, 15, 1) = '6'
              AND pg_catalog.substr(id::pg_catalog.text, 20, 1) = 'a' $$;
COMMENT ON FUNCTION @extschema@.uidx_sql_is_luuid(uuid) IS 'internal: whether a uuid has the PK-embedded layout';

CREATE FUNCTION @extschema@.luuid_pk(uuid) RETURNS bigint
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT CASE WHEN @extschema@.uidx_sql_is_luuid($1)
                   THEN (@extschema@.uidx_sql_half($1, 0) >> 16) & 281474976710655 END $$;
COMMENT ON FUNCTION @extschema@.luuid_pk(uuid) IS 'primary key in a PK-embedded UUID; NULL for other layouts';
CREATE FUNCTION @extschema@.luuid_group(uuid) RETURNS integer
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT CASE WHEN @extschema@.uidx_sql_is_luuid($1)
                   THEN (@extschema@.uidx_sql_half($1, 0) & 4095)::pg_catalog.int4 END $$;
COMMENT ON FUNCTION @extschema@.luuid_group(uuid) IS 'group id in a PK-embedded UUID; NULL for other layouts';
CREATE FUNCTION @extschema@.luuid_short(uuid) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT CASE WHEN @extschema@.uidx_sql_is_luuid($1)
                   THEN pg_catalog.to_hex((@extschema@.uidx_sql_half($1, 0) >> 16) & 281474976710655) END $$;
COMMENT ON FUNCTION @extschema@.luuid_short(uuid) IS 'short form (primary key in hex) of a PK-embedded UUID; NULL for other layouts';

CREATE FUNCTION @extschema@.uidx_sql_luuid_short_pk(short text) RETURNS bigint
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
AS $fn$
DECLARE
    digits text;
BEGIN
    IF short !~ '^[0-9a-fA-F]+$' THEN
        RAISE EXCEPTION 'invalid luuid short form: "%"', short
            USING ERRCODE = 'invalid_text_representation',
                  DETAIL = 'The short form is the primary key in hexadecimal, e.g. "23122e".';
    END IF;
    digits := pg_catalog.ltrim(short, '0');
    IF pg_catalog.length(digits) > 12 THEN
        RAISE EXCEPTION 'luuid short form "%" is out of range', short
            USING ERRCODE = 'numeric_value_out_of_range',
                  DETAIL = 'A PK-embedded UUID holds a primary key from 0 to 2^48-1 (ffffffffffff).';
    END IF;
    RETURN ('x' || pg_catalog.lpad(digits, 16, '0'))::pg_catalog.bit(64)::bigint;
END
$fn$;
COMMENT ON FUNCTION @extschema@.uidx_sql_luuid_short_pk(text) IS 'internal: the primary key of a luuid short form';

CREATE FUNCTION @extschema@.luuid_from_short(short text, group_name text) RETURNS uuid
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT @extschema@.uidx_sql_uuid(@extschema@.uidx_sql_luuid_short_pk(short) << 16 | 24576
                                        | @extschema@.crc12(group_name), 10::bigint << 60) $$;
COMMENT ON FUNCTION @extschema@.luuid_from_short(text, text) IS 'smallest PK-embedded UUID of a short form and group: the lower bound of a look-up';
CREATE FUNCTION @extschema@.luuid_upper_bound(short text, group_name text) RETURNS uuid
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT @extschema@.uidx_sql_uuid(@extschema@.uidx_sql_luuid_short_pk(short) << 16 | 24576
                                        | @extschema@.crc12(group_name), 11::bigint << 60) $$;
COMMENT ON FUNCTION @extschema@.luuid_upper_bound(text, text) IS 'exclusive upper bound of the PK-embedded UUIDs of a short form and group';

CREATE FUNCTION @extschema@.luuid_matches_short(id uuid, short text, group_name text) RETURNS boolean
LANGUAGE sql IMMUTABLE CALLED ON NULL INPUT PARALLEL SAFE
AS $$
SELECT id OPERATOR(pg_catalog.>=) @extschema@.luuid_from_short(short, group_name)
   AND id OPERATOR(pg_catalog.<) @extschema@.luuid_upper_bound(short, group_name)
$$;
COMMENT ON FUNCTION @extschema@.luuid_matches_short(uuid, text, text) IS 'whether a PK-embedded UUID has this short form and group (inlined into an index range)';

CREATE FUNCTION @extschema@.luuid_register_group(group_name text, relation regclass DEFAULT NULL)
RETURNS integer
LANGUAGE plpgsql VOLATILE CALLED ON NULL INPUT PARALLEL UNSAFE
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    name_given text := $1;
    rel_given  regclass := $2;
    new_id     integer;
    holder     text;
    held_rel   regclass;
BEGIN
    IF name_given IS NULL THEN
        RAISE EXCEPTION 'luuid group_name must not be null' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF name_given = '' THEN
        RAISE EXCEPTION 'luuid group_name must not be empty' USING ERRCODE = 'invalid_parameter_value';
    END IF;
    new_id := @extschema@.crc12(name_given);
    INSERT INTO @extschema@.luuid_group AS g (group_id, group_name, relation)
    VALUES (new_id, name_given, rel_given)
    ON CONFLICT DO NOTHING;
    IF FOUND THEN
        RETURN new_id;
    END IF;
    SELECT g.group_name, g.relation INTO holder, held_rel
      FROM @extschema@.luuid_group g WHERE g.group_id = new_id;
    IF holder IS DISTINCT FROM name_given THEN
        RAISE EXCEPTION 'luuid group name "%" collides with registered group "%"', name_given, holder
            USING ERRCODE = 'unique_violation',
                  DETAIL = format('Both names have the CRC-12 group id %s (0x%s).',
                                  new_id, lpad(upper(to_hex(new_id)), 3, '0')),
                  HINT = 'Use another group name for one of the two entities.';
    END IF;
    IF rel_given IS NOT NULL AND held_rel IS DISTINCT FROM rel_given THEN
        UPDATE @extschema@.luuid_group g SET relation = rel_given WHERE g.group_id = new_id;
    END IF;
    RETURN new_id;
END
$fn$;
COMMENT ON FUNCTION @extschema@.luuid_register_group(text, regclass) IS 'registers a luuid group name (and its table), rejecting CRC-12 collisions';

CREATE FUNCTION @extschema@.luuid_relation(id uuid) RETURNS regclass
LANGUAGE sql STABLE STRICT PARALLEL SAFE
AS $$
SELECT g.relation
  FROM @extschema@.luuid_group g
 WHERE g.group_id OPERATOR(pg_catalog.=) @extschema@.luuid_group(id)
   AND EXISTS (SELECT FROM pg_catalog.pg_class c WHERE c.oid OPERATOR(pg_catalog.=) g.relation)
$$;
COMMENT ON FUNCTION @extschema@.luuid_relation(uuid) IS 'registered table of a PK-embedded UUID''s group (routing)';

-- ---------------------------------------------------------------------------
-- UUIDv7 as PostgreSQL 18 makes it (FORMATS.md §E).  As in the C extension,
-- uuidv7() is made only before 18 and uuid_extract_* only before 17, so an
-- unqualified call on a newer server always reaches core.
-- ---------------------------------------------------------------------------

-- The next nanosecond of the session's ascending clock: max(now, previous
-- + 245) (PostgreSQL 18's step for a 12-bit fraction), kept in
-- uidx_sql.uuidv7_last.  The clock has microseconds only.
CREATE FUNCTION @extschema@.uidx_sql_uuidv7_ns() RETURNS bigint
LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
AS $fn$
DECLARE
    last bigint := NULLIF(pg_catalog.current_setting('uidx_sql.uuidv7_last', true), '')::bigint;
    ns   bigint := @extschema@.uidx_sql_now_us() * 1000;
BEGIN
    IF last IS NOT NULL AND last + 245 >= ns THEN
        ns := last + 245;
    END IF;
    PERFORM pg_catalog.set_config('uidx_sql.uuidv7_last', ns::text, false);
    RETURN ns;
END
$fn$;
COMMENT ON FUNCTION @extschema@.uidx_sql_uuidv7_ns() IS 'internal: the UUIDv7 clock, ascending per session';

CREATE FUNCTION @extschema@.uidx_sql_uuidv7_pack(unix_ms bigint, sub_ms_ns bigint) RETURNS uuid
LANGUAGE plpgsql VOLATILE PARALLEL SAFE
AS $fn$
BEGIN
    IF unix_ms < 0 OR unix_ms > 281474976710655 THEN
        RAISE EXCEPTION 'timestamp out of range for UUID version 7'
            USING ERRCODE = 'datetime_field_overflow',
                  DETAIL = 'UUID version 7 supports timestamps from 1970-01-01 to approximately year 10889.';
    END IF;
    -- bytes 8-15 of a version 4 uuid are 62 random bits under variant 10
    RETURN @extschema@.uidx_sql_uuid(unix_ms << 16 | 28672 | ((sub_ms_ns * 4096) / 1000000),
                                     @extschema@.uidx_sql_half(pg_catalog.gen_random_uuid(), 1));
END
$fn$;
COMMENT ON FUNCTION @extschema@.uidx_sql_uuidv7_pack(bigint, bigint) IS 'internal: a UUIDv7 of a unix millisecond and the nanoseconds into it';

CREATE FUNCTION @extschema@.uuidv7_timestamp(uuid) RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
SELECT CASE WHEN pg_catalog.substr(t, 20, 1) NOT IN ('8', '9', 'a', 'b') THEN NULL
            WHEN pg_catalog.substr(t, 15, 1) = '7'
            THEN @extschema@.uidx_sql_timestamp((@extschema@.uidx_sql_half($1, 0) >> 16) & 281474976710655)
            WHEN pg_catalog.substr(t, 15, 1) = '1'
            -- 100 ns ticks since 1582-10-15: time_hi (12 bits), time_mid, time_low
            THEN @extschema@.uidx_sql_timestamp_us(
                   ((('x' || pg_catalog.substr(t, 16, 3) || pg_catalog.substr(t, 10, 4) || pg_catalog.substr(t, 1, 8))::pg_catalog.bit(60)::pg_catalog.int8) / 10)
                   - 12219292800000000)
       END
  FROM (SELECT $1::pg_catalog.text AS t) s
$$;
COMMENT ON FUNCTION @extschema@.uuidv7_timestamp(uuid) IS 'timestamp of a version 7 or version 1 uuid; NULL for others';

DO $uidx$
DECLARE
    v integer := pg_catalog.current_setting('server_version_num')::integer;
BEGIN
    IF v < 180000 THEN
        CREATE FUNCTION @extschema@.uuidv7() RETURNS uuid
        LANGUAGE plpgsql VOLATILE STRICT PARALLEL UNSAFE
        AS $fn$
        DECLARE
            last bigint := NULLIF(pg_catalog.current_setting('uidx_sql.uuidv7_last', true), '')::bigint;
            ns   bigint := (EXTRACT(epoch FROM pg_catalog.clock_timestamp()) * 1000000)::bigint * 1000;
        BEGIN
            IF last IS NOT NULL AND last + 245 >= ns THEN
                ns := last + 245;
            END IF;
            PERFORM pg_catalog.set_config('uidx_sql.uuidv7_last', ns::pg_catalog.text, false);
            IF ns < 0 OR ns / 1000000 > 281474976710655 THEN
                RAISE EXCEPTION 'timestamp out of range for UUID version 7'
                    USING ERRCODE = 'datetime_field_overflow',
                          DETAIL = 'UUID version 7 supports timestamps from 1970-01-01 to approximately year 10889.';
            END IF;
            RETURN @extschema@.uidx_sql_uuid((ns / 1000000) << 16 | 28672 | (((ns % 1000000) * 4096) / 1000000),
                                             @extschema@.uidx_sql_half(pg_catalog.gen_random_uuid(), 1));
        END
        $fn$;
        COMMENT ON FUNCTION @extschema@.uuidv7() IS 'new UUIDv7 for now, monotonic per session (PostgreSQL 18''s uuidv7)';
        CREATE FUNCTION @extschema@.uuidv7(shift interval) RETURNS uuid
        LANGUAGE plpgsql VOLATILE STRICT PARALLEL UNSAFE
        AS $fn$
        DECLARE
            ns bigint := @extschema@.uidx_sql_uuidv7_ns();
            ts timestamptz;
            us bigint;
        BEGIN
            IF shift::pg_catalog.text IN ('infinity', '-infinity') THEN
                RAISE EXCEPTION 'interval out of range for UUID version 7'
                    USING ERRCODE = 'datetime_field_overflow',
                          DETAIL = 'UUID version 7 does not support infinite intervals.';
            END IF;
            ts := @extschema@.uidx_sql_timestamp_us(ns / 1000) + shift;
            IF ts < 'epoch'::timestamptz
               OR ts > @extschema@.uidx_sql_timestamp(281474976710655) THEN
                RAISE EXCEPTION 'timestamp out of range for UUID version 7'
                    USING ERRCODE = 'datetime_field_overflow',
                          DETAIL = 'UUID version 7 supports timestamps from 1970-01-01 to approximately year 10889.';
            END IF;
            us := (EXTRACT(epoch FROM ts) * 1000000)::bigint;
            RETURN @extschema@.uidx_sql_uuidv7_pack(us / 1000, (us % 1000) * 1000 + ns % 1000);
        END
        $fn$;
        COMMENT ON FUNCTION @extschema@.uuidv7(interval) IS 'new UUIDv7 with its time shifted by the interval';
    END IF;
    IF v < 170000 THEN
        CREATE FUNCTION @extschema@.uuid_extract_version(uuid) RETURNS smallint
        LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
        AS $$ SELECT CASE WHEN pg_catalog.substr($1::pg_catalog.text, 20, 1) IN ('8', '9', 'a', 'b')
                           THEN ('x' || pg_catalog.substr($1::pg_catalog.text, 15, 1))::pg_catalog.bit(4)::pg_catalog.int4::pg_catalog.int2 END $$;
        COMMENT ON FUNCTION @extschema@.uuid_extract_version(uuid) IS 'version of a uuid; NULL for non-RFC variants (PostgreSQL 17''s function)';
        CREATE FUNCTION @extschema@.uuid_extract_timestamp(uuid) RETURNS timestamptz
        LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
        AS $$ SELECT @extschema@.uuidv7_timestamp($1) $$;
        COMMENT ON FUNCTION @extschema@.uuid_extract_timestamp(uuid) IS 'timestamp of a version 7 or 1 uuid (PostgreSQL 17''s function)';
    END IF;
END
$uidx$;

CREATE FUNCTION @extschema@.uuidv7_lower_bound(at timestamptz) RETURNS uuid
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT @extschema@.uidx_sql_uuid(@extschema@.uidx_sql_unix_ms(at, 0, 281474976710655, 'uuid') << 16 | 28672,
                                        (2::bigint << 62)) $$;
COMMENT ON FUNCTION @extschema@.uuidv7_lower_bound(timestamptz) IS 'smallest UUIDv7 of the millisecond of at (range scans, partition bounds)';

CREATE FUNCTION @extschema@.uuidv7_partman_encoder(ts timestamptz) RETURNS uuid
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT @extschema@.uuidv7_lower_bound(ts) $$;
COMMENT ON FUNCTION @extschema@.uuidv7_partman_encoder(timestamptz) IS 'pg_partman p_time_encoder for UUIDv7 columns';
CREATE FUNCTION @extschema@.uuidv7_partman_decoder(id text) RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT @extschema@.uuidv7_timestamp(id::pg_catalog.uuid) $$;
COMMENT ON FUNCTION @extschema@.uuidv7_partman_decoder(text) IS 'pg_partman p_time_decoder for UUIDv7 columns';

-- ---------------------------------------------------------------------------
-- Time-range partitions (README "Partitioning by time"), for uuid keys
-- ---------------------------------------------------------------------------
-- The C extension's helper, with the same checks, names and SQLSTATEs.
CREATE FUNCTION @extschema@.uidx_create_time_partitions(parent regclass, from_ts timestamptz,
                                            to_ts timestamptz, step interval)
RETURNS SETOF regclass
LANGUAGE plpgsql VOLATILE STRICT PARALLEL UNSAFE
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    max_partitions constant integer := 10000;
    strategy    "char";
    nkeys       int2;
    key_type    regtype;
    bound_fn    regprocedure;
    parent_ns   name;
    parent_name name;
    name_format text;
    max_bytes   integer := current_setting('max_identifier_length')::integer;
    lows        timestamptz[] := '{}';
    names       text[] := '{}';
    n           integer := 0;
    lo          timestamptz;
    hi          timestamptz;
    suffix      text;
    part_name   text;
    existing    regclass;
    i           integer;
BEGIN
    -- nspname, not regnamespace::name: the latter is already quoted where
    -- the name needs it, and format('%I') would quote it twice
    SELECT p.partstrat, p.partnatts, a.atttypid::regtype, n.nspname, c.relname
      INTO strategy, nkeys, key_type, parent_ns, parent_name
      FROM pg_partitioned_table p
      JOIN pg_class c ON c.oid = p.partrelid
      JOIN pg_namespace n ON n.oid = c.relnamespace
      LEFT JOIN pg_attribute a ON a.attrelid = p.partrelid AND a.attnum = p.partattrs[0]
     WHERE p.partrelid = parent;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'relation "%" is not a partitioned table', parent
            USING ERRCODE = 'wrong_object_type';
    END IF;
    IF strategy <> 'r' OR nkeys <> 1 OR key_type IS NULL THEN
        RAISE EXCEPTION 'table "%" must be partitioned BY RANGE on a single column', parent
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF NOT (isfinite(from_ts) AND isfinite(to_ts) AND isfinite(step)) THEN
        RAISE EXCEPTION 'partition range and step must be finite: from "%" to "%" in steps of "%"',
                        from_ts, to_ts, step
            USING ERRCODE = 'datetime_field_overflow';
    END IF;
    IF step <= interval '0' THEN
        RAISE EXCEPTION 'partition step must be positive: "%"', step
            USING ERRCODE = 'invalid_parameter_value';
    END IF;

    -- Only uuid keys exist here (no iuid, comb or distid types): bytes 0-5
    -- hold the unix millisecond of UUIDv7, prefix COMB and iUID values.
    IF key_type = 'pg_catalog.uuid'::regtype THEN
        bound_fn := '@extschema@.uidx_uuid_lower_bound(timestamptz)'::regprocedure;
    END IF;
    IF bound_fn IS NULL THEN
        RAISE EXCEPTION 'cannot make time partitions for a key of type %', key_type
            USING ERRCODE = 'datatype_mismatch',
                  HINT = 'In uidx_sql the key must be a time-prefixed uuid (UUIDv7, prefix COMB or iUID).';
    END IF;

    -- fine enough that steps of the size give distinct names
    name_format := CASE WHEN step >= interval '1 day' THEN 'YYYYMMDD'
                        WHEN step >= interval '1 minute' THEN 'YYYYMMDD"_"HH24MI'
                        WHEN step >= interval '1 second' THEN 'YYYYMMDD"_"HH24MISS'
                        ELSE 'YYYYMMDD"_"HH24MISS"_"US' END;
    -- every lower bound and name first: nothing is created for a request
    -- that is refused
    lo := from_ts;
    WHILE lo < to_ts LOOP
        IF n >= max_partitions THEN
            RAISE EXCEPTION 'too many partitions: from "%" to "%" in steps of "%" is more than %',
                            from_ts, to_ts, step, max_partitions
                USING ERRCODE = 'program_limit_exceeded',
                      HINT = 'Create them in several calls, each in a transaction of its own.';
        END IF;
        hi := lo + step;
        IF hi <= lo THEN
            RAISE EXCEPTION 'partition step "%" does not move forward from "%"', step, lo
                USING ERRCODE = 'invalid_parameter_value';
        END IF;
        suffix := '_p' || to_char(lo AT TIME ZONE 'UTC', name_format);
        part_name := parent_name;
        WHILE octet_length(part_name || suffix) > max_bytes LOOP
            part_name := left(part_name, -1);
        END LOOP;
        part_name := part_name || suffix;
        -- names grow with the bound, so only neighbours can share one
        IF n > 0 AND part_name = names[n] THEN
            RAISE EXCEPTION 'partitions from "%" and from "%" would both be named "%"',
                            lows[n], lo, part_name
                USING ERRCODE = 'invalid_parameter_value',
                      HINT = 'Partitions are named after their lower bound in UTC: start the range at a time of day that keeps them on distinct days there, or use a shorter step.';
        END IF;
        n := n + 1;
        lows[n] := lo;
        names[n] := part_name;
        lo := hi;
    END LOOP;

    FOR i IN 1 .. n LOOP
        lo := lows[i];
        hi := lo + step;
        part_name := names[i];
        existing := to_regclass(format('%I.%I', parent_ns, part_name));
        IF existing IS NULL THEN
            EXECUTE format('CREATE TABLE %I.%I PARTITION OF %s FOR VALUES FROM (%s(%L)) TO (%s(%L))',
                           parent_ns, part_name, parent, bound_fn::oid::regproc, lo,
                           bound_fn::oid::regproc, hi);
            RETURN NEXT format('%I.%I', parent_ns, part_name)::regclass;
        ELSIF NOT EXISTS (SELECT 1 FROM pg_inherits WHERE inhrelid = existing AND inhparent = parent) THEN
            RAISE EXCEPTION 'relation "%" already exists and is not a partition of "%"', existing, parent
                USING ERRCODE = 'duplicate_table';
        END IF;
    END LOOP;
END
$fn$;
COMMENT ON FUNCTION @extschema@.uidx_create_time_partitions(regclass, timestamptz, timestamptz, interval) IS 'creates the missing time-range partitions of a table partitioned by a time-prefixed uuid column';

-- ---------------------------------------------------------------------------
-- Testing input without raising: uidx_is_valid (README "Managed
-- PostgreSQL"), and the text forms the C extension's input functions accept,
-- which uidx_inspect reads too.  The C extension has no iuid, comb or distid
-- type here, so its regtype argument is text.
-- ---------------------------------------------------------------------------

-- The hex forms of uidx_parse_hex16, which are uuid_in's: 32 hex digits of
-- either case, a hyphen allowed after any group of four but the last, the
-- whole optionally in braces; nothing else, no white space.  NULL for any
-- other text.  Collation "C" so that a caller's collation cannot reach the
-- regular expression (a nondeterministic one would refuse it).
CREATE FUNCTION @extschema@.uidx_sql_parse_hex16(input text) RETURNS uuid
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
SELECT CASE WHEN (input COLLATE pg_catalog."C") OPERATOR(pg_catalog.~)
                 '^(\{[0-9A-Fa-f]{4}(-?[0-9A-Fa-f]{4}){7}\}|[0-9A-Fa-f]{4}(-?[0-9A-Fa-f]{4}){7})$'
            THEN input::pg_catalog.uuid END
$$;
COMMENT ON FUNCTION @extschema@.uidx_sql_parse_hex16(text) IS 'internal: the uuid of a hex text form the C extension accepts, NULL for any other text';

-- The integer of a distid text form (distid_parse_text, FORMATS.md §A3):
-- exactly 16 bytes are the alphanumeric form (every character in 0-9 A-Z
-- a-z, the 11-character block below 2^64, the value at most 10^28 - 1);
-- otherwise 1 to 28 ASCII digits.  NULL for any other text.  The 2^93 limit
-- of a DistributedId is the caller's.  The fixed-width base-62 digits sort
-- in byte order, so the two range checks are comparisons in collation "C"
-- with the largest canonical block (2^64 - 1) and the form of 10^28 - 1;
-- once they pass, alnum_decode_numeric cannot raise.
CREATE FUNCTION @extschema@.uidx_sql_distid_parse(input text) RETURNS numeric
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
SELECT CASE WHEN pg_catalog.octet_length(input) OPERATOR(pg_catalog.=) 16
            THEN CASE WHEN (input COLLATE pg_catalog."C") OPERATOR(pg_catalog.~) '^[0-9A-Za-z]{16}$'
                       AND (input COLLATE pg_catalog."C") OPERATOR(pg_catalog.<=) 'agbFu5KnEQGxp4QB'
                       AND (pg_catalog.substr(input, 6) COLLATE pg_catalog."C") OPERATOR(pg_catalog.<=) 'LygHa16AHYF'
                      THEN @extschema@.alnum_decode_numeric(input) END
            WHEN (input COLLATE pg_catalog."C") OPERATOR(pg_catalog.~) '^[0-9]{1,28}$'
            THEN input::pg_catalog.numeric
       END
$$;
COMMENT ON FUNCTION @extschema@.uidx_sql_distid_parse(text) IS 'internal: the integer of a distid text form (16-character alphanumeric or up to 28 digits), NULL for any other text';

-- Whether `input` is a valid text form of a type, without raising, with the
-- C extension's answers: iuid (hex, then version 8, variant 10, format 0),
-- comb (hex), distid (distid_parse_text, then below 2^93) and uuid (hex).
-- The type is text: 'iuid', 'comb' and 'distid' are taken as their bare
-- names, in any ASCII case or double-quoted, with white space around; any
-- other text is read as a regtype, so that every spelling of uuid works and
-- the errors are the C function's: 42704 for a name or OID that is no type,
-- 22023 for a type that is not checked.  A call with a literal,
-- uidx_is_valid(x, 'iuid'), reads the same in both editions.  STABLE: a
-- type name is resolved through the catalog and search_path.
CREATE FUNCTION @extschema@.uidx_is_valid(input text, type text) RETURNS boolean
LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    spelled text COLLATE "C" := btrim($2, E' \t\n\r\f');
    typ     regtype;
    value   numeric;
BEGIN
    IF spelled ~ '^"[^"]*"$' THEN
        spelled := substr(spelled, 2, length(spelled) - 2);
    ELSE
        spelled := translate(spelled, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz');
    END IF;
    IF spelled = 'iuid' THEN
        RETURN COALESCE(@extschema@.iuid_is_valid(@extschema@.uidx_sql_parse_hex16($1)), false);
    ELSIF spelled = 'comb' THEN
        RETURN @extschema@.uidx_sql_parse_hex16($1) IS NOT NULL;
    ELSIF spelled = 'distid' THEN
        value := @extschema@.uidx_sql_distid_parse($1);
        RETURN value IS NOT NULL AND value <= 9903520314283042199192993791;
    END IF;
    typ := $2::regtype;
    IF typ = 'pg_catalog.uuid'::regtype THEN
        RETURN @extschema@.uidx_sql_parse_hex16($1) IS NOT NULL;
    END IF;
    IF NOT EXISTS (SELECT FROM pg_type t WHERE t.oid = typ) THEN
        RAISE EXCEPTION 'type with OID % does not exist', typ::oid
            USING ERRCODE = 'undefined_object';
    END IF;
    RAISE EXCEPTION 'uidx_is_valid checks the types of uidx and uuid, not %', format_type(typ, NULL)
        USING ERRCODE = 'invalid_parameter_value',
              HINT = 'On PostgreSQL 16 and later, pg_input_is_valid() checks any type.';
END
$fn$;
COMMENT ON FUNCTION @extschema@.uidx_is_valid(text, text) IS 'whether text is a valid input of iuid, comb, distid or uuid as the C extension reads them, without raising; the type is given by name';
-- ---------------------------------------------------------------------------
-- uidx_inspect: what is this ID?  The C extension's detector
-- (uidx_inspect_readings) in SQL, reading the same texts the same way, and
-- its SQL layer with the registry names on top.  A reading scores higher the
-- less likely its structure is by chance; only the order of the scores
-- matters, and they are the C extension's.  The helpers pin search_path:
-- nothing here is hot enough to need inlining.
-- ---------------------------------------------------------------------------

-- A time is plausible from 1990-01-01 to a day (of clock skew) after now_ms.
CREATE FUNCTION @extschema@.uidx_sql_plausible(unix_ms bigint, now_ms bigint) RETURNS boolean
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT unix_ms OPERATOR(pg_catalog.>=) 631152000000
             AND unix_ms OPERATOR(pg_catalog.<=) (now_ms OPERATOR(pg_catalog.+) 86400000) $$;
COMMENT ON FUNCTION @extschema@.uidx_sql_plausible(bigint, bigint) IS 'internal: whether uidx_inspect finds a time plausible (1990-01-01 to a day after now)';

-- The readings of 16 bytes (the uuid form, or the 22-character alphanumeric
-- one), unsorted: every layout whose fixed bits they have; a time field
-- scores only when its time is plausible; a bare version-4 UUID scores low;
-- a DistributedId cast to uuid (the integer below 2^93) is listed only with
-- a plausible time; an opaque public id only when no layout explains the
-- bytes.  Layouts: FORMATS.md.
CREATE FUNCTION @extschema@.uidx_sql_inspect_uuid(b uuid, form text, now_ms bigint,
                                                  OUT kind text, OUT score integer,
                                                  OUT unix_ms bigint, OUT details jsonb)
RETURNS SETOF record
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE ROWS 3
SET search_path = pg_catalog, pg_temp
AS $fn$
BEGIN
    RETURN QUERY
SELECT r.kind, r.score, r.unix_ms, jsonb_build_object('form', f.form) || r.details
  FROM (SELECT $2 AS form, h.t, h.msb, h.lsb,
               substr(h.t, 15, 1) AS ver,
               substr(h.t, 20, 1) IN ('8', '9', 'a', 'b') AS rfc,
               (h.msb >> 16) & 281474976710655 AS ms48,
               jsonb_build_object('uuid', h.t) AS hex
          FROM (SELECT $1::text AS t, @extschema@.uidx_sql_half($1, 0) AS msb,
                       @extschema@.uidx_sql_half($1, 1) AS lsb) h) f,
       LATERAL (SELECT f.ver = '8' AND f.rfc AND (f.msb & 3840) = 0 AS is_iuid,
                       f.ver = '7' AND f.rfc AS is_v7,
                       f.ver = '7' AND f.lsb >= 0 AS is_distid128,
                       f.ver = '6' AND substr(f.t, 20, 1) = 'a' AS is_luuid,
                       f.ver = '4' AND f.rfc AS is_v4,
                       f.ms48 - 8520336000000 AS distid128_ms,
                       f.lsb & 281474976710655 AS suffix_ms,
                       -- SQL Server datetime (FORMATS.md §B2): days since 1900 and
                       -- 1/300 s ticks, rounded up to a microsecond, then floored
                       -- to a millisecond; no datetime past a day's last tick
                       (f.lsb & 4294967295) <= 25920000 AS is_sqlserver,
                       floor(((((f.lsb >> 32) & 65535) - 25567) * 86400000000
                              + ((f.lsb & 4294967295) * 10000 + 2) / 3) / 1000.0)::bigint AS sqlserver_ms,
                       -- a DistributedId: T in bytes 4-9 (only then: the
                       -- subtraction could leave bigint for other bytes)
                       f.msb >= 0 AND f.msb < 536870912 AS is_distid,
                       CASE WHEN f.msb >= 0 AND f.msb < 536870912
                            THEN ((f.msb << 16) | ((f.lsb >> 48) & 65535)) - 2208988800000 END AS distid_ms) l,
       LATERAL (SELECT @extschema@.uidx_sql_plausible(f.ms48, $3) AS ms48,
                       @extschema@.uidx_sql_plausible(l.distid128_ms, $3) AS distid128,
                       @extschema@.uidx_sql_plausible(l.suffix_ms, $3) AS suffix,
                       l.is_sqlserver AND @extschema@.uidx_sql_plausible(l.sqlserver_ms, $3) AS sqlserver,
                       @extschema@.uidx_sql_plausible(l.distid_ms, $3) AS distid) pl,
       LATERAL (
        SELECT 'iuid' AS kind, CASE WHEN pl.ms48 THEN 90 ELSE 50 END AS score, f.ms48 AS unix_ms,
               f.hex || jsonb_build_object('country', f.msb & 255,
                                           'service_entity', (f.lsb >> 54) & 255,
                                           'format_version', (f.msb >> 8) & 15,
                                           'random', f.lsb & 18014398509481983) AS details
         WHERE l.is_iuid
        UNION ALL
        SELECT 'uuidv7', CASE WHEN pl.ms48 THEN 85 ELSE 45 END, f.ms48,
               f.hex || jsonb_build_object('sub_ms_fraction', f.msb & 4095)
         WHERE l.is_v7
        UNION ALL
        SELECT 'distid128', CASE WHEN pl.distid128 THEN 85 ELSE 45 END, l.distid128_ms, f.hex
         WHERE l.is_distid128
        UNION ALL
        SELECT 'luuid', 70, NULL,
               f.hex || jsonb_build_object('pk', f.ms48, 'short', to_hex(f.ms48), 'group', f.msb & 4095)
         WHERE l.is_luuid
        UNION ALL
        SELECT 'comb_prefix', 60, f.ms48, f.hex WHERE l.is_v4 AND pl.ms48
        UNION ALL
        SELECT 'comb_suffix', 55, l.suffix_ms, f.hex WHERE l.is_v4 AND pl.suffix
        UNION ALL
        SELECT 'comb_sqlserver', 50, l.sqlserver_ms, f.hex WHERE l.is_v4 AND pl.sqlserver
        UNION ALL
        -- a random UUID is always possible, likelier when no time fits
        SELECT 'uuid_v4', CASE WHEN pl.ms48 OR pl.suffix OR pl.sqlserver THEN 30 ELSE 45 END, NULL, f.hex
         WHERE l.is_v4
        UNION ALL
        -- the CASE keeps alnum_encode from ever seeing a value it refuses:
        -- a plan may fold a call on constants before the WHERE filters
        SELECT 'distid', 50, l.distid_ms,
               jsonb_build_object('decimal', d.v::text, 'alnum', @extschema@.alnum_encode(d.v))
               || CASE WHEN f.form = 'uuid' THEN f.hex ELSE '{}'::jsonb END
          FROM (SELECT CASE WHEN l.is_distid
                            THEN f.msb::numeric * 18446744073709551616 + @extschema@.uidx_sql_u64(f.lsb) END AS v) d
         WHERE l.is_distid AND pl.distid
        UNION ALL
        -- an AES public id is indistinguishable from random bytes without the
        -- key: offered only when no layout explains the value
        SELECT 'public_id', 20, NULL, f.hex
         WHERE NOT (l.is_iuid OR l.is_v7 OR l.is_distid128 OR l.is_luuid OR l.is_v4)
       ) r;
END
$fn$;
COMMENT ON FUNCTION @extschema@.uidx_sql_inspect_uuid(uuid, text, bigint) IS 'internal: the uidx_inspect readings of 16 bytes, unsorted';

-- The reading of a decimal or 16-character DistributedId: such text can
-- only be one, so it is listed whatever its time, lower when implausible.
CREATE FUNCTION @extschema@.uidx_sql_inspect_distid(v numeric, form text, now_ms bigint,
                                                    OUT kind text, OUT score integer,
                                                    OUT unix_ms bigint, OUT details jsonb)
RETURNS SETOF record
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE ROWS 1
SET search_path = pg_catalog, pg_temp
AS $fn$
BEGIN
    RETURN QUERY
SELECT 'distid'::text, CASE WHEN @extschema@.uidx_sql_plausible(m.ms, $3) THEN 80 ELSE 40 END, m.ms,
       jsonb_build_object('form', $2, 'decimal', $1::text,
                          'alnum', @extschema@.alnum_encode(CASE WHEN $1 <= 9903520314283042199192993791 THEN $1 END))
  FROM (SELECT div($1, 281474976710656)::bigint - 2208988800000 AS ms) m
 WHERE $1 <= 9903520314283042199192993791;
END
$fn$;
COMMENT ON FUNCTION @extschema@.uidx_sql_inspect_distid(numeric, text, bigint) IS 'internal: the uidx_inspect reading of a DistributedId''s decimal or alphanumeric text';

-- The raw readings of the detector with their scores (higher first): the
-- C extension's uidx_inspect_readings, reading the same texts.  Pasted text
-- may have ASCII white space around it and a urn:uuid: prefix (any case);
-- then, after at most 64 bytes: the hex forms of uuid_in, else up to 28
-- digits (a DistributedId; 16 digits are its alphanumeric form, as the
-- distid type reads them), else 16 alphanumeric characters (a
-- DistributedId), else 22 (16 bytes).  Sorted by score, then by the C
-- extension's order of kinds; at most 10 readings (UIDX_MAX_READINGS; no
-- text has more than 6).  With pgcrypto and the public-id key set, bytes
-- that decrypt to a valid bigint or decimal block are a public id beyond
-- reasonable doubt and go first with the id they stand for; without, public
-- ids stay opaque, as in the C extension without a key file.  STABLE: a
-- time more than a day after the statement's start is implausible, and the
-- key is read.
CREATE FUNCTION @extschema@.uidx_inspect_readings(id text, OUT kind text, OUT ts timestamptz,
                                                  OUT details jsonb, OUT score integer)
RETURNS SETOF record
LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE ROWS 3
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    kind_order constant text[] := '{iuid,uuidv7,distid128,luuid,comb_prefix,comb_suffix,comb_sqlserver,distid,uuid_v4,public_id}';
    -- the statement's start, as now() is: one statement sees one answer
    now_ms  bigint := floor(EXTRACT(epoch FROM statement_timestamp()) * 1000)::bigint;
    s       text COLLATE "C" := btrim(id, E' \t\n\r\f\x0b');
    n       integer;
    form    text;
    value   uuid;
    num     numeric;
    kinds   text[];
    scores  integer[];
    times   bigint[];
    dets    jsonb[];
    plain   bytea;
    decoded text;
    at      integer;
BEGIN
    IF octet_length(s) >= 9 AND translate(substr(s, 1, 9), 'URNID', 'urnid') = 'urn:uuid:' THEN
        s := substr(s, 10);
    END IF;
    n := octet_length(s);
    IF n = 0 OR n > 64 THEN
        RETURN;
    END IF;

    value := @extschema@.uidx_sql_parse_hex16(s);
    IF value IS NOT NULL THEN
        form := 'uuid';
    ELSIF n <= 28 AND s ~ '^[0-9]+$' THEN
        form := 'decimal';
        num := @extschema@.uidx_sql_distid_parse(s);
    ELSIF n = 16 THEN
        num := @extschema@.uidx_sql_distid_parse(s);
        form := CASE WHEN num IS NOT NULL THEN 'alnum16' END;
    ELSIF n = 22 AND s ~ '^[0-9A-Za-z]{22}$'
          AND substr(s, 1, 11) <= 'LygHa16AHYF' AND substr(s, 12) <= 'LygHa16AHYF' THEN
        -- every 11-character block canonical (below 2^64): decoding cannot raise
        form := 'alnum22';
        value := @extschema@.alnum_decode_uuid(s);
    END IF;

    SELECT array_agg(r.kind ORDER BY r.score DESC, array_position(kind_order, r.kind)),
           array_agg(r.score ORDER BY r.score DESC, array_position(kind_order, r.kind)),
           array_agg(r.unix_ms ORDER BY r.score DESC, array_position(kind_order, r.kind)),
           array_agg(r.details ORDER BY r.score DESC, array_position(kind_order, r.kind))
      INTO kinds, scores, times, dets
      FROM (SELECT * FROM @extschema@.uidx_sql_inspect_uuid(value, form, now_ms)
            UNION ALL
            SELECT * FROM @extschema@.uidx_sql_inspect_distid(num, form, now_ms)) r;
    IF kinds IS NULL THEN
        RETURN;
    END IF;

    -- the public id, when the key decrypts the bytes to a block that checks
    IF value IS NOT NULL
       AND to_regprocedure('@extschema@.uidx_sql_public_id_aes(bytea,boolean,boolean)') IS NOT NULL THEN
        plain := @extschema@.uidx_sql_public_id_aes(@extschema@.uidx_sql_netswap(uuid_send(value)), true, true);
        IF substr(plain, 1, 8) = '\x0000000000000000'::bytea THEN
            decoded := @extschema@.uidx_sql_le_value(substr(plain, 9, 8))::text;
        ELSIF substr(plain, 1, 4) = '\x00000000'::bytea THEN
            num := @extschema@.uidx_sql_le_value(substr(plain, 5, 4)) * 18446744073709551616
                   + @extschema@.uidx_sql_le_value(substr(plain, 9, 8));
            IF num <= 9999999999999999999999999999 THEN
                decoded := num::text;
            END IF;
        END IF;
    END IF;
    IF decoded IS NOT NULL THEN
        -- it replaces the opaque reading, or the last one when there is no room
        at := array_position(kinds, 'public_id');
        IF at IS NULL AND cardinality(kinds) >= 10 THEN
            at := cardinality(kinds);
        END IF;
        IF at IS NOT NULL THEN
            kinds := kinds[:at - 1] || kinds[at + 1:];
            scores := scores[:at - 1] || scores[at + 1:];
            times := times[:at - 1] || times[at + 1:];
            dets := dets[:at - 1] || dets[at + 1:];
        END IF;
        kinds := array_prepend('public_id'::text, kinds);
        scores := array_prepend(95, scores);
        times := array_prepend(NULL::bigint, times);
        dets := array_prepend(jsonb_build_object('form', form, 'uuid', value::text, 'decoded', decoded), dets);
    END IF;

    RETURN QUERY
        SELECT r.kind, @extschema@.uidx_sql_timestamp(r.unix_ms), r.details, r.score
          FROM unnest(kinds, times, dets, scores) WITH ORDINALITY AS r(kind, unix_ms, details, score, i)
         ORDER BY r.i
         LIMIT 10;
END
$fn$;
COMMENT ON FUNCTION @extschema@.uidx_inspect_readings(text) IS 'raw readings of the ID detector with their scores';

-- One row per plausible reading, most likely first, with registry names:
-- the C extension's SQL function over the readings above.  STABLE: it
-- reads the registries, the public-id key and the statement's start time.
-- Neither STRICT nor SET search_path, so that the planner can inline it
-- into the calling query (a NULL id still gives no rows: the readings are
-- STRICT); every name in the body is schema-qualified instead.
CREATE FUNCTION @extschema@.uidx_inspect(id text, OUT kind text, OUT ts timestamptz, OUT details jsonb)
RETURNS SETOF record
LANGUAGE sql STABLE PARALLEL SAFE ROWS 3
AS $$
SELECT r.kind, r.ts,
       r.details OPERATOR(pg_catalog.||) COALESCE(names.extra, '{}'::pg_catalog.jsonb)
  FROM @extschema@.uidx_inspect_readings($1) r
  LEFT JOIN LATERAL (
        SELECT pg_catalog.jsonb_build_object('service_entity_name', e.name) AS extra, 5 AS bonus
          FROM @extschema@.iuid_service_entity e
         WHERE r.kind OPERATOR(pg_catalog.=) 'iuid'
           AND e.code OPERATOR(pg_catalog.=) (r.details OPERATOR(pg_catalog.->>) 'service_entity')::pg_catalog.int4
        UNION ALL
        SELECT pg_catalog.jsonb_build_object(
                   'group_name', g.group_name,
                   'relation', (SELECT pg_catalog.quote_ident(n.nspname) OPERATOR(pg_catalog.||) '.'
                                       OPERATOR(pg_catalog.||) pg_catalog.quote_ident(c.relname)
                                  FROM pg_catalog.pg_class c
                                  JOIN pg_catalog.pg_namespace n ON n.oid OPERATOR(pg_catalog.=) c.relnamespace
                                 WHERE c.oid OPERATOR(pg_catalog.=) @extschema@.luuid_relation(
                                           (r.details OPERATOR(pg_catalog.->>) 'uuid')::pg_catalog.uuid))),
               25
          FROM @extschema@.luuid_group g
         WHERE r.kind OPERATOR(pg_catalog.=) 'luuid'
           AND g.group_id OPERATOR(pg_catalog.=) (r.details OPERATOR(pg_catalog.->>) 'group')::pg_catalog.int4
       ) names ON true
 ORDER BY r.score OPERATOR(pg_catalog.+) COALESCE(names.bonus, 0) DESC, r.kind
$$;
COMMENT ON FUNCTION @extschema@.uidx_inspect(text) IS 'plausible readings of a pasted ID, most likely first, with registry names';
