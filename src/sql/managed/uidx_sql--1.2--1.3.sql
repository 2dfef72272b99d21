-- uidx_sql 1.2 to 1.3 (docs/managed.md): the generators keep
-- no state in settings (the clock and the tie-breaker sequence
-- uidx_sql_tie), and the public ids reach pgcrypto's AES bound at install.
-- Only what changed: the family files stay the full 1.3 script, and the
-- --@functions line below re-creates every function from them, with its
-- comment (src/sql/assemble.sh --update); 1.3 names every operator, function and
-- type in a body by schema (docs/managed.md, "Security").  Before that line
-- what CREATE OR REPLACE cannot do, after it what needs the functions.
-- test/t/managed-pgtle.sh checks that 1.2 updated through this script equals
-- a fresh 1.3.

-- The generators' order within a session (docs/managed.md,
-- generator state).  Each ID carries, right after its time, a 14-bit
-- tie-breaker: the low bits of the next value of this sequence.  A session
-- takes its values from a block of its own (CACHE), in increasing order, so
-- two IDs of one session made in the same clock tick still increase.  Every
-- block is 16384 values, so from one ID of a session to its next the 14
-- bits step like consecutive values, and wrap only from 16383 to 0: the
-- ID that gets 16383 is followed by a sleep (uidx_sql_tie()), so that the
-- clock, read by the next ID, is in a later millisecond.  Every role may
-- call nextval() (USAGE), which only moves on; setval() needs UPDATE,
-- which only the sequence's owner has.  Nothing a session can SET reaches
-- the generators.
CREATE SEQUENCE @extschema@.uidx_sql_tie AS bigint START 1 MINVALUE 1 CACHE 16384 NO CYCLE;
COMMENT ON SEQUENCE @extschema@.uidx_sql_tie IS 'internal: the generators'' tie-breaker (uidx_sql_tie())';
GRANT USAGE ON SEQUENCE @extschema@.uidx_sql_tie TO PUBLIC;

-- The SQL Server COMB's tie-breaker: as uidx_sql_tie, but its own, since
-- where its 14 bits wrap the generator waits for the next 1/300 s tick,
-- not the next millisecond.
CREATE SEQUENCE @extschema@.uidx_sql_sqlserver_tie AS bigint START 1 MINVALUE 1 CACHE 16384 NO CYCLE;
COMMENT ON SEQUENCE @extschema@.uidx_sql_sqlserver_tie IS 'internal: the SQL Server COMB''s tie-breaker';
GRANT USAGE ON SEQUENCE @extschema@.uidx_sql_sqlserver_tie TO PUBLIC;

DROP FUNCTION @extschema@.uidx_sql_uuidv7_ns();
DROP FUNCTION @extschema@.uidx_sql_uuidv7_pack(bigint, bigint);

-- The partition helpers' shared pieces (docs/partitioning.md): names of at
-- most 62 bytes, one call at a time per table.  The region registry follows
-- the catalog (docs/managed.md "Regions in uidx_sql"): each row records the
-- partition that holds its country, by OID, and uidx_region_check() mends
-- the rows of dropped partitions and renamed servers; a dump leaves out a
-- row whose partition is gone.
-- Retention and a default partition (docs/partitioning.md "Retention"):
-- uidx_create_time_partitions gets default_partition, a parameter that
-- changes the signature, so the 1.2 one goes and --@functions creates the
-- new one (a call without it means what it meant).
DROP FUNCTION @extschema@.uidx_create_time_partitions(regclass, timestamptz, timestamptz, interval);

ALTER TABLE @extschema@.uidx_region ADD COLUMN part regclass;
SELECT pg_catalog.pg_extension_config_dump('@extschema@.uidx_region', 'WHERE part IS NULL OR EXISTS (SELECT FROM pg_catalog.pg_class c WHERE c.oid OPERATOR(pg_catalog.=) part)');
COMMENT ON TABLE @extschema@.uidx_region IS 'iuid country -> the partition that holds it and the foreign server of its region (NULL: this database), kept by uidx_attach_region and uidx_attach_local_region';
COMMENT ON COLUMN @extschema@.uidx_region.part IS 'a router partition that holds the country; its server is the region';

-- A dump leaves out a luuid_group row whose table is gone (its OID, dumped
-- as a number, would name another relation after a restore).
SELECT pg_catalog.pg_extension_config_dump('@extschema@.luuid_group', 'WHERE relation IS NULL OR EXISTS (SELECT FROM pg_catalog.pg_class c WHERE c.oid OPERATOR(pg_catalog.=) relation AND c.relpersistence OPERATOR(pg_catalog.<>) ''t'' AND c.relkind OPERATOR(pg_catalog.<>) ALL (''{i,I,t}''::pg_catalog."char"[]))');

DO $uidx$
BEGIN
    IF pg_catalog.current_setting('server_version_num')::integer OPERATOR(pg_catalog.<) 190000 THEN
        CREATE OR REPLACE FUNCTION @extschema@.uidx_sql_uuid(msb bigint, lsb bigint) RETURNS uuid
        LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
        AS $$ SELECT pg_catalog.encode(pg_catalog.int8send(msb) OPERATOR(pg_catalog.||) pg_catalog.int8send(lsb), 'hex')::pg_catalog.uuid $$;
        CREATE OR REPLACE FUNCTION @extschema@.uidx_sql_uuid_var10(msb bigint, lsb bigint) RETURNS uuid
        LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
        AS $$ SELECT (pg_catalog.encode(pg_catalog.int8send(msb), 'hex') OPERATOR(pg_catalog.||) pg_catalog.to_hex(lsb))::pg_catalog.uuid $$;
    ELSE
        CREATE OR REPLACE FUNCTION @extschema@.uidx_sql_uuid(msb bigint, lsb bigint) RETURNS uuid
        LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
        AS $$ SELECT (pg_catalog.int8send(msb) OPERATOR(pg_catalog.||) pg_catalog.int8send(lsb))::pg_catalog.uuid $$;
        CREATE OR REPLACE FUNCTION @extschema@.uidx_sql_uuid_var10(msb bigint, lsb bigint) RETURNS uuid
        LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
        AS $$ SELECT @extschema@.uidx_sql_uuid(msb, lsb) $$;
    END IF;
END
$uidx$;
COMMENT ON FUNCTION @extschema@.uidx_sql_uuid(bigint, bigint) IS 'internal: uuid of its two 64-bit halves';
COMMENT ON FUNCTION @extschema@.uidx_sql_uuid_var10(bigint, bigint) IS 'internal: uuid of its two 64-bit halves, the second with variant 10';
CREATE OR REPLACE FUNCTION @extschema@.uidx_sql_half(id uuid, half integer) RETURNS bigint
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT ('x' OPERATOR(pg_catalog.||) pg_catalog.substr(pg_catalog.replace(id::pg_catalog.text, '-', ''),
                                                             (half OPERATOR(pg_catalog.*) 16) OPERATOR(pg_catalog.+) 1, 16))::pg_catalog.bit(64)::pg_catalog.int8 $$;
COMMENT ON FUNCTION @extschema@.uidx_sql_half(uuid, integer) IS 'internal: bytes 0-7 (0) or 8-15 (1) of a uuid as bigint';
CREATE OR REPLACE FUNCTION @extschema@.uidx_sql_unix_ms(at timestamptz, min_ms bigint, max_ms bigint,
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
    ms := pg_catalog.floor(EXTRACT(epoch FROM at) OPERATOR(pg_catalog.*) 1000)::bigint;
    IF ms OPERATOR(pg_catalog.<) min_ms OR ms OPERATOR(pg_catalog.>) max_ms THEN
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
CREATE OR REPLACE FUNCTION @extschema@.uidx_sql_timestamp(unix_ms bigint) RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT pg_catalog.to_timestamp((unix_ms OPERATOR(pg_catalog./) 1000)::pg_catalog.float8)
              OPERATOR(pg_catalog.+) ((unix_ms OPERATOR(pg_catalog.%) 1000)::pg_catalog.int4
                                      OPERATOR(pg_catalog.*) interval '1 millisecond') $$;
COMMENT ON FUNCTION @extschema@.uidx_sql_timestamp(bigint) IS 'internal: timestamptz of a unix millisecond';
CREATE OR REPLACE FUNCTION @extschema@.uidx_sql_now_us() RETURNS bigint
LANGUAGE sql VOLATILE STRICT PARALLEL SAFE
AS $$ SELECT (pg_catalog.date_part('epoch', pg_catalog.clock_timestamp()) OPERATOR(pg_catalog.*) 1000000)::pg_catalog.int8 $$;
COMMENT ON FUNCTION @extschema@.uidx_sql_now_us() IS 'internal: clock in unix microseconds';
CREATE OR REPLACE FUNCTION @extschema@.uidx_sql_now_ms4096() RETURNS bigint
LANGUAGE sql VOLATILE STRICT PARALLEL SAFE
AS $$ SELECT ((pg_catalog.date_part('epoch', pg_catalog.clock_timestamp()) OPERATOR(pg_catalog.*) 1000000)::pg_catalog.int8
              OPERATOR(pg_catalog.*) 512) OPERATOR(pg_catalog./) 125 $$;
COMMENT ON FUNCTION @extschema@.uidx_sql_now_ms4096() IS 'internal: clock in 1/4096 ms (unix ms << 12 | fraction)';
CREATE OR REPLACE FUNCTION @extschema@.uidx_sql_tie(seq regclass, pause double precision) RETURNS bigint
LANGUAGE sql VOLATILE PARALLEL UNSAFE
AS $$ SELECT COALESCE((pg_catalog.array_remove(ARRAY[pg_catalog.nextval(seq) OPERATOR(pg_catalog.&) 16383],
                                               16383::bigint))[1],
                      16383 OPERATOR(pg_catalog.+) pg_catalog.length(pg_catalog.pg_sleep(pause)::pg_catalog.text)) $$;
COMMENT ON FUNCTION @extschema@.uidx_sql_tie(regclass, double precision) IS 'internal: the next 14-bit tie-breaker of a generator sequence';
CREATE OR REPLACE FUNCTION @extschema@.uidx_sql_tie() RETURNS bigint
LANGUAGE sql VOLATILE PARALLEL UNSAFE
AS $$ SELECT @extschema@.uidx_sql_tie('@extschema@.uidx_sql_tie'::pg_catalog.regclass, 0.001::double precision) $$;
COMMENT ON FUNCTION @extschema@.uidx_sql_tie() IS 'internal: the next 14-bit tie-breaker of the millisecond generators';
CREATE OR REPLACE FUNCTION @extschema@.uidx_sql_random() RETURNS bigint
LANGUAGE sql VOLATILE PARALLEL SAFE
AS $$ SELECT pg_catalog.uuid_hash_extended(pg_catalog.gen_random_uuid(), 0) $$;
COMMENT ON FUNCTION @extschema@.uidx_sql_random() IS 'internal: 64 random bits';
CREATE OR REPLACE FUNCTION @extschema@.uidx_sql_ms_version(ms4096 bigint, version bit) RETURNS bigint
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT pg_catalog.overlay(ms4096::pg_catalog.bit(60), version, 49, 0)::pg_catalog.int8 $$;
COMMENT ON FUNCTION @extschema@.uidx_sql_ms_version(bigint, bit) IS 'internal: ms << 16 | version << 12 | fraction of a time in 1/4096 ms';
CREATE OR REPLACE FUNCTION @extschema@.uidx_sql_tick_uuid(ms4096 bigint, version bit, tie bigint) RETURNS uuid
LANGUAGE sql VOLATILE PARALLEL SAFE
AS $$ SELECT @extschema@.uidx_sql_uuid_var10(@extschema@.uidx_sql_ms_version(ms4096, version),
                                            ((2::pg_catalog.int8 OPERATOR(pg_catalog.<<) 62)
                                             OPERATOR(pg_catalog.|) (tie OPERATOR(pg_catalog.<<) 48))
                                            OPERATOR(pg_catalog.|) (@extschema@.uidx_sql_random() OPERATOR(pg_catalog.&) 281474976710655)) $$;
COMMENT ON FUNCTION @extschema@.uidx_sql_tick_uuid(bigint, bit, bigint) IS 'internal: UUIDv7 or prefix COMB of a time in 1/4096 ms, a version and a tie-breaker';
CREATE OR REPLACE FUNCTION @extschema@.uidx_sql_require(value anyelement, what text) RETURNS anyelement
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
CREATE OR REPLACE FUNCTION @extschema@.uidx_raise_unknown_name(kind text, name text) RETURNS integer
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
CREATE OR REPLACE FUNCTION @extschema@.uidx_sql_byte(value integer, what text) RETURNS integer
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
AS $fn$
BEGIN
    IF value IS NULL THEN
        RAISE EXCEPTION 'iuid % must not be null', what USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF value OPERATOR(pg_catalog.<) 0 OR value OPERATOR(pg_catalog.>) 255 THEN
        RAISE EXCEPTION 'iuid % % is out of range', what, value
            USING ERRCODE = 'numeric_value_out_of_range',
                  DETAIL = pg_catalog.format('An iUID %s is an integer from 0 to 255.', what);
    END IF;
    RETURN value;
END
$fn$;
COMMENT ON FUNCTION @extschema@.uidx_sql_byte(integer, text) IS 'internal: an iUID byte argument, range-checked';
CREATE OR REPLACE FUNCTION @extschema@.uidx_uuid_lower_bound(at timestamptz) RETURNS uuid
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT @extschema@.uidx_sql_uuid(@extschema@.uidx_sql_unix_ms(at, 0, 281474976710655, 'uuid') OPERATOR(pg_catalog.<<) 16, 0) $$;
COMMENT ON FUNCTION @extschema@.uidx_uuid_lower_bound(timestamptz) IS 'smallest uuid whose first six bytes hold the unix millisecond of at (partition bound)';
CREATE OR REPLACE FUNCTION @extschema@.uidx_sql_country(country integer) RETURNS integer
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
CREATE OR REPLACE FUNCTION @extschema@.uidx_sql_iuid_pack(unix_us bigint, tie bigint, service_entity integer, country integer)
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
CREATE OR REPLACE FUNCTION @extschema@.iuid_generate(service_entity integer, country integer DEFAULT NULL)
RETURNS uuid
LANGUAGE sql VOLATILE PARALLEL UNSAFE
AS $$ SELECT @extschema@.uidx_sql_iuid_pack(@extschema@.uidx_sql_now_us(),
                                             @extschema@.uidx_sql_tie(),
                                             service_entity, country) $$;
COMMENT ON FUNCTION @extschema@.iuid_generate(integer, integer) IS 'new iUID for now, monotonic per session; country NULL means uidx.country';
CREATE OR REPLACE FUNCTION @extschema@.iuid_generate(service_entity text, country integer DEFAULT NULL)
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
CREATE OR REPLACE FUNCTION @extschema@.iuid_generate_at(at timestamptz, service_entity integer,
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
CREATE OR REPLACE FUNCTION @extschema@.iuid_from_parts(at timestamptz, country integer,
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
CREATE OR REPLACE FUNCTION @extschema@.iuid_lower_bound(at timestamptz) RETURNS uuid
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT @extschema@.uidx_sql_uuid((@extschema@.uidx_sql_unix_ms(at, 0, 281474976710655, 'iuid') OPERATOR(pg_catalog.<<) 16)
                                        OPERATOR(pg_catalog.|) 32768,
                                        (2::bigint OPERATOR(pg_catalog.<<) 62)) $$;
COMMENT ON FUNCTION @extschema@.iuid_lower_bound(timestamptz) IS 'smallest iUID of the millisecond of at (range scans, partition bounds)';
CREATE OR REPLACE FUNCTION @extschema@.iuid_is_valid(id uuid) RETURNS boolean
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT pg_catalog.substr(id::pg_catalog.text, 15, 2) OPERATOR(pg_catalog.=) '80'
              AND pg_catalog.substr(id::pg_catalog.text, 20, 1) OPERATOR(pg_catalog.=) ANY (ARRAY['8', '9', 'a', 'b']) $$;
COMMENT ON FUNCTION @extschema@.iuid_is_valid(uuid) IS 'whether a uuid is a valid iUID (version 8, variant 10, format version 0); the C extension checks this in the iuid type''s input';
CREATE OR REPLACE FUNCTION @extschema@.iuid_timestamp(uuid) RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT CASE WHEN @extschema@.iuid_is_valid($1)
                   THEN @extschema@.uidx_sql_timestamp((@extschema@.uidx_sql_half($1, 0) OPERATOR(pg_catalog.>>) 16)
                                                       OPERATOR(pg_catalog.&) 281474976710655) END $$;
COMMENT ON FUNCTION @extschema@.iuid_timestamp(uuid) IS 'creation time of an iUID held in a uuid; NULL for other layouts';
CREATE OR REPLACE FUNCTION @extschema@.iuid_country(uuid) RETURNS integer
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT CASE WHEN @extschema@.iuid_is_valid($1)
                   THEN (@extschema@.uidx_sql_half($1, 0) OPERATOR(pg_catalog.&) 255)::pg_catalog.int4 END $$;
COMMENT ON FUNCTION @extschema@.iuid_country(uuid) IS 'country code of an iUID held in a uuid; NULL for other layouts';
CREATE OR REPLACE FUNCTION @extschema@.iuid_service_entity(uuid) RETURNS integer
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT CASE WHEN @extschema@.iuid_is_valid($1)
                   THEN ((@extschema@.uidx_sql_half($1, 1) OPERATOR(pg_catalog.>>) 54) OPERATOR(pg_catalog.&) 255)::pg_catalog.int4 END $$;
COMMENT ON FUNCTION @extschema@.iuid_service_entity(uuid) IS 'service entity code of an iUID held in a uuid; NULL for other layouts';
CREATE OR REPLACE FUNCTION @extschema@.iuid_format_version(uuid) RETURNS integer
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT CASE WHEN @extschema@.iuid_is_valid($1) THEN 0 END $$;
COMMENT ON FUNCTION @extschema@.iuid_format_version(uuid) IS 'format version of an iUID held in a uuid; NULL for other layouts';
CREATE OR REPLACE FUNCTION @extschema@.iuid_random(uuid) RETURNS bigint
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT CASE WHEN @extschema@.iuid_is_valid($1)
                   THEN @extschema@.uidx_sql_half($1, 1) OPERATOR(pg_catalog.&) 18014398509481983 END $$;
COMMENT ON FUNCTION @extschema@.iuid_random(uuid) IS 'random bits of an iUID held in a uuid; NULL for other layouts';
CREATE OR REPLACE FUNCTION @extschema@.iuid_partman_encoder(ts timestamptz) RETURNS uuid
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT @extschema@.iuid_lower_bound(ts) $$;
COMMENT ON FUNCTION @extschema@.iuid_partman_encoder(timestamptz) IS 'pg_partman p_time_encoder for iUIDs in uuid columns';
CREATE OR REPLACE FUNCTION @extschema@.iuid_partman_decoder(id text) RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT @extschema@.iuid_timestamp(id::pg_catalog.uuid) $$;
COMMENT ON FUNCTION @extschema@.iuid_partman_decoder(text) IS 'pg_partman p_time_decoder for iUIDs in uuid columns';
CREATE OR REPLACE FUNCTION @extschema@.uidx_region_partitions(OUT router regclass, OUT country integer, OUT part regclass,
                                                   OUT server name)
RETURNS SETOF record
LANGUAGE sql STABLE PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $$
SELECT pt.partrelid::regclass, btrim(v, '''')::integer, k.oid::regclass, fs.srvname
  FROM pg_partitioned_table pt
  JOIN pg_attribute a ON a.attrelid = pt.partrelid
  JOIN pg_inherits i ON i.inhparent = pt.partrelid
  JOIN pg_class k ON k.oid = i.inhrelid
  LEFT JOIN pg_foreign_table ft ON ft.ftrelid = k.oid
  LEFT JOIN pg_foreign_server fs ON fs.oid = ft.ftserver
 CROSS JOIN LATERAL regexp_match(pg_get_expr(k.relpartbound, k.oid), '^FOR VALUES IN \((.*)\)$') m
 CROSS JOIN LATERAL regexp_split_to_table(m[1], ', ') v
 WHERE pt.partstrat = 'l' AND pt.partnatts = 1 AND pt.partattrs[0] = 0
   AND a.attnum > 0 AND NOT a.attisdropped AND a.atttypid = 'uuid'::regtype
   AND pg_get_partkeydef(pt.partrelid)
       = (SELECT format('LIST (%I.%I(%I))', n.nspname, f.proname, a.attname)
            FROM pg_proc f JOIN pg_namespace n ON n.oid = f.pronamespace
           WHERE f.oid = '@extschema@.iuid_country(uuid)'::regprocedure)
   AND v <> 'NULL'
$$;
COMMENT ON FUNCTION @extschema@.uidx_region_partitions() IS 'internal: every country that a router partition holds, with the partition and its server';
CREATE OR REPLACE FUNCTION @extschema@.uidx_region_current(OUT country smallint, OUT server name, OUT part regclass,
                                                OUT recorded_server name, OUT live boolean)
RETURNS SETOF record
LANGUAGE sql STABLE PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $$
SELECT g.country, CASE WHEN g.part IS NULL THEN g.server ELSE fs.srvname END, g.part, g.server,
       g.part IS NULL OR k.oid IS NOT NULL
  FROM @extschema@.uidx_region g
  LEFT JOIN pg_class k ON k.oid = g.part
  LEFT JOIN pg_foreign_table ft ON ft.ftrelid = k.oid
  LEFT JOIN pg_foreign_server fs ON fs.oid = ft.ftserver
$$;
COMMENT ON FUNCTION @extschema@.uidx_region_current() IS 'internal: the region registry with each row''s server as its partition is on now';
CREATE OR REPLACE FUNCTION @extschema@.uidx_region_lock() RETURNS void
LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    caller_timeout constant text := current_setting('lock_timeout');
    wait           constant text := @extschema@.uidx_ddl_lock_wait();
BEGIN
    PERFORM set_config('lock_timeout', wait, true);
    LOCK TABLE @extschema@.uidx_region IN SHARE ROW EXCLUSIVE MODE;
    PERFORM set_config('lock_timeout', caller_timeout, true);
EXCEPTION WHEN lock_not_available THEN
    RAISE EXCEPTION 'could not lock the region registry % within lock_timeout (%)',
                    '@extschema@.uidx_region'::regclass, wait
        USING ERRCODE = 'lock_not_available',
              DETAIL = 'Another transaction holds a lock on it: one that writes the registry, or an ANALYZE or VACUUM of it.',
              HINT = 'pg_locks shows who holds it.  Retry when it has ended, or raise lock_timeout (docs/regions.md).';
END
$fn$;
COMMENT ON FUNCTION @extschema@.uidx_region_lock() IS 'internal: the region helpers'' lock on the registry';
CREATE OR REPLACE FUNCTION @extschema@.uidx_region_check(repair boolean DEFAULT false)
RETURNS TABLE (country smallint, server name, part regclass, problem text, action text)
LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    r    record;
    h    record;
BEGIN
    IF repair IS NULL THEN
        RAISE EXCEPTION 'repair must not be null' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF repair THEN
        PERFORM @extschema@.uidx_region_lock();
    END IF;
    FOR r IN SELECT c.* FROM @extschema@.uidx_region_current() c
              WHERE c.part IS NULL OR NOT c.live OR c.server IS DISTINCT FROM c.recorded_server
              ORDER BY c.country
    LOOP
        country := r.country;
        server := r.recorded_server;
        part := r.part;
        action := NULL;
        IF r.part IS NOT NULL AND r.live THEN
            problem := format('server renamed to "%s"', r.server);
            IF repair THEN
                UPDATE @extschema@.uidx_region g SET server = r.server WHERE g.country = r.country;
                action := 'renamed';
            END IF;
        ELSE
            problem := CASE WHEN r.part IS NULL THEN 'no partition recorded' ELSE 'partition dropped' END;
            -- one region per country: any partition that holds it is in it,
            -- but a row without a partition is matched by its server's name
            SELECT p.part, p.server INTO h
              FROM @extschema@.uidx_region_partitions() p
              JOIN pg_class k ON k.oid = p.part
              JOIN pg_class rk ON rk.oid = p.router
             WHERE p.country = r.country
               AND (r.part IS NOT NULL OR p.server IS NOT DISTINCT FROM r.recorded_server)
               AND has_table_privilege(k.relowner, '@extschema@.uidx_region'::regclass, 'INSERT')
               AND has_table_privilege(k.relowner, '@extschema@.uidx_region'::regclass, 'UPDATE')
               AND has_table_privilege(rk.relowner, '@extschema@.uidx_region'::regclass, 'INSERT')
               AND has_table_privilege(rk.relowner, '@extschema@.uidx_region'::regclass, 'UPDATE')
             ORDER BY p.part::text LIMIT 1;
            IF repair AND FOUND THEN
                UPDATE @extschema@.uidx_region g SET part = h.part, server = h.server WHERE g.country = r.country;
                action := format('now partition %s', h.part);
            ELSIF repair THEN
                DELETE FROM @extschema@.uidx_region g WHERE g.country = r.country;
                action := 'deleted';
            END IF;
        END IF;
        RETURN NEXT;
    END LOOP;
END
$fn$;
COMMENT ON FUNCTION @extschema@.uidx_region_check(boolean) IS 'reports, and with repair mends, the region registry rows that differ from the catalog (dropped partitions or servers, renamed servers)';
CREATE OR REPLACE FUNCTION @extschema@.uidx_attach_countries(parent regclass, region_server name, is_local boolean,
                                                  countries integer[], remote_table text)
RETURNS SETOF regclass
LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    key_fn      regprocedure := '@extschema@.iuid_country(uuid)'::regprocedure;
    key_clause  text;
    key_column  name;
    caller_timeout constant text := current_setting('lock_timeout');
    parent_ns   name;
    parent_name name;
    remote_ns   text;
    remote_name text;
    wanted      integer[];
    todo        integer[] := '{}';
    c           integer;
    held        record;
    p           record;
    done        boolean;
    part_name   text;
    bounds      text;
    run         integer[] := '{}';
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

    -- One call at a time in the database, until the caller's transaction
    -- ends: two concurrent calls would each miss the other's uncommitted
    -- registry rows and partitions, and could give one country to two
    -- regions, or make two partitions that read one remote table (README
    -- "Regions").  In READ COMMITTED the second call waits, then reads what
    -- the first made, as if it had come after it.  In REPEATABLE READ and
    -- SERIALIZABLE every check would read the transaction's snapshot, taken
    -- before that commit (or another's, made before this call), so the call
    -- is refused there, whether or not another runs (docs/regions.md).  The
    -- lock is the registry's own (uidx_region_lock), which no role that may
    -- only read the registry can block.  The router is then locked
    -- SHARE UPDATE EXCLUSIVE, which also makes this backend read the catalog
    -- changes the other call committed (its names, for to_regclass).
    IF current_setting('transaction_isolation') <> 'read committed' THEN
        RAISE EXCEPTION 'uidx_attach_region and uidx_attach_local_region cannot run in a % transaction',
                        upper(current_setting('transaction_isolation'))
            USING ERRCODE = 'invalid_transaction_state',
                  DETAIL = 'Their checks must see what concurrent calls committed, and this transaction''s snapshot does not.',
                  HINT = 'Call them in a READ COMMITTED transaction (BEGIN ISOLATION LEVEL READ COMMITTED).';
    END IF;
    PERFORM @extschema@.uidx_region_lock();
    -- Every later lock (the router's here, each partition's and the router's
    -- ACCESS EXCLUSIVE for ATTACH, DETACH and CREATE ... PARTITION OF) waits
    -- at most uidx_ddl_lock_wait(): the database owner's ANALYZE of the
    -- router, or a read of it held open by a role it was granted to, would
    -- otherwise hold this call up without end.  lock_timeout is the caller's
    -- again at the end.
    PERFORM set_config('lock_timeout', @extschema@.uidx_ddl_lock_wait(), true);
    BEGIN
        EXECUTE format('LOCK TABLE %s IN SHARE UPDATE EXCLUSIVE MODE', parent);
    EXCEPTION WHEN lock_not_available THEN
        RAISE EXCEPTION 'could not lock table % within lock_timeout (%)', parent, current_setting('lock_timeout')
            USING ERRCODE = 'lock_not_available',
                  DETAIL = 'Another transaction holds a lock on it that conflicts with SHARE UPDATE EXCLUSIVE: DDL, an ANALYZE or VACUUM of it.',
                  HINT = 'pg_locks shows who holds it.  Retry when it has ended, or raise lock_timeout (docs/regions.md).';
    END;

    -- One region per country, whatever the table.  A row's region is the
    -- server its partition is on now (a renamed server is the same region);
    -- a row whose partition is gone holds nothing (uidx_region_check).
    SELECT r.country, r.server INTO held
      FROM @extschema@.uidx_region_current() r
     WHERE r.country = ANY (wanted) AND r.live
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

    -- The countries the partitions of `parent` hold, from their bounds (C:
    -- the text of an iuid, MINVALUE or MAXVALUE; uidx_sql: a list of
    -- integers, maybe with NULL).  A country held whole by a partition of
    -- this region is done; one held by any other partition, even in part, is
    -- a conflict.
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
    -- is not pruned (docs/regions.md "Regions").
    -- The region's partition on that table, if there is one, is given the
    -- new countries (detached and attached again with the longer list, which
    -- only changes the catalog for a foreign table), and otherwise one
    -- partition holds them all.
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

    -- One partition per run of consecutive countries (uidx_sql: per region,
    -- for a foreign one).
    FOREACH c IN ARRAY todo || ARRAY[NULL::integer] LOOP
        IF cardinality(run) > 0 AND (c IS NULL OR (is_local AND c <> run[cardinality(run)] + 1)) THEN
            -- the parent part shortened, so that the country suffix is never
            -- cut and the name leaves room for its array type's
            part_name := @extschema@.uidx_partition_name(parent_name, '_c' || lpad(run[1]::text, 3, '0'));
            IF to_regclass(format('%I.%I', parent_ns, part_name)) IS NOT NULL THEN
                RAISE EXCEPTION 'relation "%" already exists and does not hold iuid country % for "%"',
                                format('%I.%I', parent_ns, part_name), run[1], parent
                    USING ERRCODE = 'duplicate_table';
            END IF;
            bounds := format('FOR VALUES IN (%s)', array_to_string(run, ', '));
            IF is_local THEN
                -- partitioned by time in the default order (uuid order is
                -- time order for iUIDs), for uidx_create_time_partitions
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
    -- Each country of this region that a partition of `parent` holds,
    -- with that partition: a new row, or one whose partition is gone (a
    -- partition that this call replaced, or one dropped where no event
    -- trigger removed its rows) or not yet recorded.  A row whose partition
    -- exists stays: it may be another router's.
    INSERT INTO @extschema@.uidx_region AS g (country, server, part)
    SELECT DISTINCT ON (h.country) h.country, h.server, h.part
      FROM @extschema@.uidx_region_partitions() h
     WHERE h.router = parent
       AND CASE WHEN is_local THEN h.server IS NULL ELSE h.server = region_server END
     ORDER BY h.country, h.part::text
    ON CONFLICT (country) DO UPDATE SET server = EXCLUDED.server, part = EXCLUDED.part
     WHERE g.part IS NULL OR NOT EXISTS (SELECT 1 FROM pg_class k WHERE k.oid = g.part);
    PERFORM set_config('lock_timeout', caller_timeout, true);
END
$fn$;
COMMENT ON FUNCTION @extschema@.uidx_attach_countries(regclass, name, boolean, integer[], text) IS 'internal: the work of uidx_attach_region and uidx_attach_local_region';
CREATE OR REPLACE FUNCTION @extschema@.uidx_attach_region(parent regclass, server name, countries integer[],
                                               remote_table text DEFAULT NULL)
RETURNS SETOF regclass
LANGUAGE sql VOLATILE PARALLEL UNSAFE
SET search_path = pg_catalog, pg_temp
AS $$
SELECT @extschema@.uidx_attach_countries(parent, server, false, countries, remote_table)
$$;
COMMENT ON FUNCTION @extschema@.uidx_attach_region(regclass, name, integer[], text) IS 'makes the postgres_fdw partitions of a router table (PARTITION BY LIST (iuid_country(id))) for the countries of a region, and registers them';
CREATE OR REPLACE FUNCTION @extschema@.uidx_attach_local_region(parent regclass, countries integer[])
RETURNS SETOF regclass
LANGUAGE sql VOLATILE PARALLEL UNSAFE
SET search_path = pg_catalog, pg_temp
AS $$
SELECT @extschema@.uidx_attach_countries(parent, NULL, true, countries, NULL)
$$;
COMMENT ON FUNCTION @extschema@.uidx_attach_local_region(regclass, integer[]) IS 'makes the local partitions of a router table for the router''s own countries, each partitioned by RANGE (id) in time order, and registers them';
CREATE OR REPLACE FUNCTION @extschema@.uidx_region_of(id uuid) RETURNS name
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
    -- the server the country's partition is on now (renames are harmless);
    -- the recorded name only for a row without a partition
    SELECT CASE WHEN r.part IS NULL THEN r.server ELSE fs.srvname END INTO result
      FROM @extschema@.uidx_region r
      LEFT JOIN pg_foreign_table ft ON ft.ftrelid = r.part
      LEFT JOIN pg_foreign_server fs ON fs.oid = ft.ftserver
     WHERE r.country = wanted
       AND (r.part IS NULL OR EXISTS (SELECT 1 FROM pg_class k WHERE k.oid = r.part));
    IF NOT FOUND THEN
        RAISE EXCEPTION 'no region holds iuid country %', wanted
            USING ERRCODE = 'invalid_parameter_value',
                  HINT = 'Attach one with uidx_attach_region().';
    END IF;
    RETURN result;
END
$fn$;
COMMENT ON FUNCTION @extschema@.uidx_region_of(uuid) IS 'the foreign server of the region that holds the iUID''s country (NULL: this database)';
CREATE OR REPLACE FUNCTION @extschema@.uidx_sql_timestamp_us(unix_us bigint) RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT pg_catalog.to_timestamp((unix_us OPERATOR(pg_catalog./) 1000000)::pg_catalog.float8)
              OPERATOR(pg_catalog.+) ((unix_us OPERATOR(pg_catalog.%) 1000000)::pg_catalog.int4
                                  OPERATOR(pg_catalog.*) interval '1 microsecond') $$;
COMMENT ON FUNCTION @extschema@.uidx_sql_timestamp_us(bigint) IS 'internal: timestamptz of a unix microsecond';
CREATE OR REPLACE FUNCTION @extschema@.uidx_sql_comb_stamp(random bytea, field_offset integer,
                                                field_length integer, value bigint)
RETURNS uuid
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
AS $fn$
DECLARE
    b pg_catalog.bytea;
BEGIN
    IF pg_catalog.length(random) OPERATOR(pg_catalog.<>) 16 THEN
        RAISE EXCEPTION 'random must be exactly 16 bytes, not %', pg_catalog.length(random)
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    b := overlay(random PLACING pg_catalog.substr(pg_catalog.int8send(value), 9 OPERATOR(pg_catalog.-) field_length)
                            FROM field_offset OPERATOR(pg_catalog.+) 1 FOR field_length);
    b := pg_catalog.set_byte(b, 6, (pg_catalog.get_byte(b, 6) OPERATOR(pg_catalog.&) 15) OPERATOR(pg_catalog.|) 64);
    b := pg_catalog.set_byte(b, 8, (pg_catalog.get_byte(b, 8) OPERATOR(pg_catalog.&) 63) OPERATOR(pg_catalog.|) 128);
    RETURN pg_catalog.encode(b, 'hex')::pg_catalog.uuid;
END
$fn$;
COMMENT ON FUNCTION @extschema@.uidx_sql_comb_stamp(bytea, integer, integer, bigint) IS 'internal: stamps a COMB field over 16 bytes';
CREATE OR REPLACE FUNCTION @extschema@.uidx_sql_is_v4(id uuid) RETURNS boolean
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT pg_catalog.substr(id::pg_catalog.text, 15, 1) OPERATOR(pg_catalog.=) '4'
              AND pg_catalog.substr(id::pg_catalog.text, 20, 1) OPERATOR(pg_catalog.=) ANY (ARRAY['8', '9', 'a', 'b']) $$;
COMMENT ON FUNCTION @extschema@.uidx_sql_is_v4(uuid) IS 'internal: version 4, variant 10';
CREATE OR REPLACE FUNCTION @extschema@.uidx_sql_interval_us(span interval, what text, positive boolean)
RETURNS bigint
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
AS $fn$
DECLARE
    us numeric;
BEGIN
    IF span IS NULL THEN
        RAISE EXCEPTION '% must not be null', what USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF span::pg_catalog.text OPERATOR(pg_catalog.=) ANY (ARRAY['infinity', '-infinity']) THEN
        RAISE EXCEPTION '% must be finite', what USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF EXTRACT(month FROM span) OPERATOR(pg_catalog.<>) 0 OR EXTRACT(year FROM span) OPERATOR(pg_catalog.<>) 0 THEN
        RAISE EXCEPTION '% must not contain months or years: "%"', what, span
            USING ERRCODE = 'invalid_parameter_value',
                  HINT = 'A month has no fixed length; give the span in days.';
    END IF;
    us := EXTRACT(epoch FROM span) OPERATOR(pg_catalog.*) 1000000;
    IF us OPERATOR(pg_catalog.>) 9223372036854775807 OR us OPERATOR(pg_catalog.<) -9223372036854775808 THEN
        RAISE EXCEPTION '% is too long: "%"', what, span USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF (positive AND us OPERATOR(pg_catalog.<=) 0) OR (NOT positive AND us OPERATOR(pg_catalog.<) 0) THEN
        RAISE EXCEPTION '% must be %: "%"', what,
                        CASE WHEN positive THEN 'positive' ELSE 'zero or positive' END, span
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    RETURN us::bigint;
END
$fn$;
COMMENT ON FUNCTION @extschema@.uidx_sql_interval_us(interval, text, boolean) IS 'internal: an interval argument in microseconds, checked';
CREATE OR REPLACE FUNCTION @extschema@.uidx_sql_interval_ms(span interval) RETURNS bigint
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
AS $fn$
DECLARE
    us bigint := @extschema@.uidx_sql_interval_us(span, 'interval_length', true);
BEGIN
    IF (us OPERATOR(pg_catalog.%) 1000) OPERATOR(pg_catalog.<>) 0 THEN
        RAISE EXCEPTION 'interval_length must be a whole number of milliseconds: "%"', span
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    RETURN us OPERATOR(pg_catalog./) 1000;
END
$fn$;
COMMENT ON FUNCTION @extschema@.uidx_sql_interval_ms(interval) IS 'internal: interval_length in milliseconds, checked';
CREATE OR REPLACE FUNCTION @extschema@.uidx_sql_block_bits(block_count integer, what text) RETURNS integer
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
AS $fn$
DECLARE
    bits integer := 1;
BEGIN
    IF block_count IS NULL THEN
        RAISE EXCEPTION '% must not be null', what USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF block_count OPERATOR(pg_catalog.<) 1 OR block_count OPERATOR(pg_catalog.>) 16777216 THEN
        RAISE EXCEPTION '% must be between 1 and 16777216: %', what, block_count
            USING ERRCODE = 'invalid_parameter_value', DETAIL = 'The prefix holds at most 24 bits.';
    END IF;
    WHILE (1::bigint OPERATOR(pg_catalog.<<) bits) OPERATOR(pg_catalog.<) block_count LOOP
        bits := bits OPERATOR(pg_catalog.+) 1;
    END LOOP;
    RETURN ((bits OPERATOR(pg_catalog.+) 7) OPERATOR(pg_catalog./) 8) OPERATOR(pg_catalog.*) 8;
END
$fn$;
COMMENT ON FUNCTION @extschema@.uidx_sql_block_bits(integer, text) IS 'internal: prefix width of a block count';
CREATE OR REPLACE FUNCTION @extschema@.uidx_sql_block_size(block_size integer) RETURNS integer
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
AS $fn$
BEGIN
    IF block_size IS NULL THEN
        RAISE EXCEPTION 'block_size must not be null' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF block_size OPERATOR(pg_catalog.<) 1 THEN
        RAISE EXCEPTION 'block_size must be a positive integer: %', block_size
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    RETURN block_size;
END
$fn$;
COMMENT ON FUNCTION @extschema@.uidx_sql_block_size(integer) IS 'internal: block_size, checked';
CREATE OR REPLACE FUNCTION @extschema@.uidx_sql_block_stamp(random bytea, value bigint, block_size bigint,
                                                 block_count bigint, bits integer)
RETURNS uuid
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
SELECT @extschema@.uidx_sql_comb_stamp(random, 0, bits OPERATOR(pg_catalog./) 8,
         (value OPERATOR(pg_catalog./) GREATEST(1, ((block_size OPERATOR(pg_catalog.>>) bits) OPERATOR(pg_catalog.*) block_count)
                                 OPERATOR(pg_catalog.+) (((block_size OPERATOR(pg_catalog.&) ((1::bigint OPERATOR(pg_catalog.<<) bits) OPERATOR(pg_catalog.-) 1)) OPERATOR(pg_catalog.*) block_count)
                                      OPERATOR(pg_catalog.>>) bits)))
         OPERATOR(pg_catalog.&) ((1::bigint OPERATOR(pg_catalog.<<) bits) OPERATOR(pg_catalog.-) 1))
$$;
COMMENT ON FUNCTION @extschema@.uidx_sql_block_stamp(bytea, bigint, bigint, bigint, integer) IS 'internal: sequential-uuids block prefix';
CREATE OR REPLACE FUNCTION @extschema@.comb_prefix_from_parts(at timestamptz, random bytea) RETURNS uuid
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT @extschema@.uidx_sql_comb_stamp(random, 0, 6,
                 @extschema@.uidx_sql_unix_ms(at, 0, 281474976710655, 'prefix COMB')) $$;
COMMENT ON FUNCTION @extschema@.comb_prefix_from_parts(timestamptz, bytea) IS 'prefix COMB from a time and the 16 random bytes';
CREATE OR REPLACE FUNCTION @extschema@.comb_suffix_from_parts(at timestamptz, random bytea) RETURNS uuid
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT @extschema@.uidx_sql_comb_stamp(random, 10, 6,
                 @extschema@.uidx_sql_unix_ms(at, 0, 281474976710655, 'comb')) $$;
COMMENT ON FUNCTION @extschema@.comb_suffix_from_parts(timestamptz, bytea) IS 'suffix COMB from a time and the 16 random bytes (a uuid here, the comb type in the C extension)';
CREATE OR REPLACE FUNCTION @extschema@.uidx_sql_sqlserver_stamp(us1900 bigint) RETURNS bigint
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
AS $fn$
BEGIN
    IF us1900 OPERATOR(pg_catalog.>) 5662310399999999 THEN
        RAISE EXCEPTION 'system clock is past the last SQL Server COMB time, 2079-06-06'
            USING ERRCODE = 'datetime_field_overflow';
    END IF;
    RETURN (((us1900 OPERATOR(pg_catalog./) 86400000000) OPERATOR(pg_catalog.&) 65535) OPERATOR(pg_catalog.<<) 32)
           OPERATOR(pg_catalog.|) (((us1900 OPERATOR(pg_catalog.%) 86400000000) OPERATOR(pg_catalog.*) 3) OPERATOR(pg_catalog./) 10000);
END
$fn$;
COMMENT ON FUNCTION @extschema@.uidx_sql_sqlserver_stamp(bigint) IS 'internal: SQL Server datetime days and ticks of a microsecond since 1900';
CREATE OR REPLACE FUNCTION @extschema@.uidx_sql_sqlserver_datetime(at timestamptz) RETURNS bigint
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
AS $fn$
BEGIN
    IF at IS NULL THEN
        RAISE EXCEPTION 'COMB timestamp must not be null' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    PERFORM @extschema@.uidx_sql_unix_ms(at, -2208988800000, 3453321599999, 'SQL Server COMB');
    RETURN @extschema@.uidx_sql_sqlserver_stamp((EXTRACT(epoch FROM at) OPERATOR(pg_catalog.*) 1000000)::bigint OPERATOR(pg_catalog.-) (-2208988800000000));
END
$fn$;
COMMENT ON FUNCTION @extschema@.uidx_sql_sqlserver_datetime(timestamptz) IS 'internal: SQL Server datetime days and ticks of a time';
CREATE OR REPLACE FUNCTION @extschema@.comb_sqlserver_from_parts(at timestamptz, random bytea) RETURNS uuid
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT @extschema@.uidx_sql_comb_stamp(random, 10, 6, @extschema@.uidx_sql_sqlserver_datetime(at)) $$;
COMMENT ON FUNCTION @extschema@.comb_sqlserver_from_parts(timestamptz, bytea) IS 'SQL Server COMB from a time and the 16 random bytes';
CREATE OR REPLACE FUNCTION @extschema@.comb_short_prefix_from_parts(at timestamptz, random bytea,
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
    IF (len OPERATOR(pg_catalog.%) 1000) OPERATOR(pg_catalog.=) 0 THEN
        RETURN @extschema@.uidx_sql_block_stamp(random, pg_catalog.div(ms, 1000)::bigint
                                                 OPERATOR(pg_catalog.-) CASE WHEN (ms OPERATOR(pg_catalog.%) 1000) OPERATOR(pg_catalog.<) 0
                                                                          THEN 1 ELSE 0 END,
                                                 len OPERATOR(pg_catalog./) 1000, interval_count, bits);
    END IF;
    RETURN @extschema@.uidx_sql_block_stamp(random, ms, len, interval_count, bits);
END
$fn$;
COMMENT ON FUNCTION @extschema@.comb_short_prefix_from_parts(timestamptz, bytea, interval, integer) IS 'short prefix COMB from a time and the 16 random bytes';
CREATE OR REPLACE FUNCTION @extschema@.comb_short_suffix_from_parts(at timestamptz, random bytea,
                                                         interval_length interval DEFAULT '1 minute')
RETURNS uuid
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
AS $fn$
DECLARE
    ms  bigint := @extschema@.uidx_sql_unix_ms(at, 0, 281474976710655, 'short suffix COMB');
    len bigint := @extschema@.uidx_sql_interval_ms(interval_length);
BEGIN
    RETURN @extschema@.uidx_sql_comb_stamp(random, 10, 2,
             pg_catalog.floor(ms::numeric OPERATOR(pg_catalog./) len)::bigint OPERATOR(pg_catalog.&) 65535);
END
$fn$;
COMMENT ON FUNCTION @extschema@.comb_short_suffix_from_parts(timestamptz, bytea, interval) IS 'short suffix COMB from a time and the 16 random bytes';
CREATE OR REPLACE FUNCTION @extschema@.comb_sequence_from_parts(value bigint, random bytea,
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
             CASE WHEN value OPERATOR(pg_catalog.=) -9223372036854775808 THEN 9223372036854775807
                  ELSE value OPERATOR(pg_catalog.-) 1 END,
             size, block_count, bits);
END
$fn$;
COMMENT ON FUNCTION @extschema@.comb_sequence_from_parts(bigint, bytea, integer, integer) IS 'sequence COMB from a sequence value and the 16 random bytes';
CREATE OR REPLACE FUNCTION @extschema@.comb_prefix_generate() RETURNS uuid
LANGUAGE sql VOLATILE PARALLEL UNSAFE
AS $$ SELECT @extschema@.uidx_sql_tick_uuid(@extschema@.uidx_sql_now_ms4096(), B'0100',
                                             @extschema@.uidx_sql_tie()) $$;
COMMENT ON FUNCTION @extschema@.comb_prefix_generate() IS 'new prefix COMB (time in bytes 0-5) for now, monotonic per session';
CREATE OR REPLACE FUNCTION @extschema@.comb_prefix_generate(at timestamptz) RETURNS uuid
LANGUAGE sql VOLATILE PARALLEL SAFE
AS $$ SELECT @extschema@.comb_prefix_from_parts(@extschema@.uidx_sql_require(at, 'COMB timestamp'),
                                                  pg_catalog.uuid_send(pg_catalog.gen_random_uuid())) $$;
COMMENT ON FUNCTION @extschema@.comb_prefix_generate(timestamptz) IS 'new prefix COMB with the given time';
CREATE OR REPLACE FUNCTION @extschema@.uidx_sql_comb_uuid(stamp bigint, tie bigint) RETURNS uuid
LANGUAGE sql VOLATILE PARALLEL SAFE
AS $$ SELECT @extschema@.uidx_sql_uuid_var10((@extschema@.uidx_sql_random() OPERATOR(pg_catalog.&) -61441) OPERATOR(pg_catalog.|) 16384,
                                              (stamp OPERATOR(pg_catalog.|) (tie OPERATOR(pg_catalog.<<) 48))
                                              OPERATOR(pg_catalog.|) (2::pg_catalog.int8 OPERATOR(pg_catalog.<<) 62)) $$;
COMMENT ON FUNCTION @extschema@.uidx_sql_comb_uuid(bigint, bigint) IS 'internal: suffix or SQL Server COMB of a stamp and a tie-breaker';
CREATE OR REPLACE FUNCTION @extschema@.comb_suffix_generate() RETURNS uuid
LANGUAGE sql VOLATILE PARALLEL UNSAFE
AS $$ SELECT @extschema@.uidx_sql_comb_uuid(@extschema@.uidx_sql_now_us() OPERATOR(pg_catalog./) 1000, @extschema@.uidx_sql_tie()) $$;
COMMENT ON FUNCTION @extschema@.comb_suffix_generate() IS 'new suffix COMB (time in bytes 10-15) for now, monotonic per session';
CREATE OR REPLACE FUNCTION @extschema@.comb_suffix_generate(at timestamptz) RETURNS uuid
LANGUAGE sql VOLATILE PARALLEL SAFE
AS $$ SELECT @extschema@.comb_suffix_from_parts(@extschema@.uidx_sql_require(at, 'COMB timestamp'),
                                                  pg_catalog.uuid_send(pg_catalog.gen_random_uuid())) $$;
COMMENT ON FUNCTION @extschema@.comb_suffix_generate(timestamptz) IS 'new suffix COMB with the given time';
CREATE OR REPLACE FUNCTION @extschema@.comb_sqlserver_generate() RETURNS uuid
LANGUAGE sql VOLATILE PARALLEL UNSAFE
AS $$ SELECT @extschema@.uidx_sql_comb_uuid(
                 @extschema@.uidx_sql_sqlserver_stamp(@extschema@.uidx_sql_now_us() OPERATOR(pg_catalog.-) (-2208988800000000)),
                 @extschema@.uidx_sql_tie('@extschema@.uidx_sql_sqlserver_tie', 0.004)) $$;
COMMENT ON FUNCTION @extschema@.comb_sqlserver_generate() IS 'new SQL Server COMB (datetime days and ticks in bytes 10-15) for now, monotonic per session';
CREATE OR REPLACE FUNCTION @extschema@.comb_sqlserver_generate(at timestamptz) RETURNS uuid
LANGUAGE sql VOLATILE PARALLEL SAFE
AS $$ SELECT @extschema@.comb_sqlserver_from_parts(@extschema@.uidx_sql_require(at, 'COMB timestamp'),
                                                     pg_catalog.uuid_send(pg_catalog.gen_random_uuid())) $$;
COMMENT ON FUNCTION @extschema@.comb_sqlserver_generate(timestamptz) IS 'new SQL Server COMB with the given time';
CREATE OR REPLACE FUNCTION @extschema@.uidx_sql_comb_now() RETURNS timestamptz
LANGUAGE plpgsql VOLATILE PARALLEL SAFE
AS $fn$
DECLARE
    now pg_catalog.timestamptz := pg_catalog.clock_timestamp();
BEGIN
    IF now OPERATOR(pg_catalog.<) 'epoch'::pg_catalog.timestamptz
       OR now OPERATOR(pg_catalog.>=) @extschema@.uidx_sql_timestamp(281474976710656) THEN
        RAISE EXCEPTION 'system clock is outside the range a COMB can hold'
            USING ERRCODE = 'datetime_field_overflow';
    END IF;
    RETURN now;
END
$fn$;
COMMENT ON FUNCTION @extschema@.uidx_sql_comb_now() IS 'internal: the clock for COMBs, range-checked';
CREATE OR REPLACE FUNCTION @extschema@.comb_short_prefix_generate(interval_length interval DEFAULT '1 minute',
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
CREATE OR REPLACE FUNCTION @extschema@.comb_short_suffix_generate(interval_length interval DEFAULT '1 minute')
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
CREATE OR REPLACE FUNCTION @extschema@.comb_sequence_generate(seq regclass, block_size integer DEFAULT 65536,
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
CREATE OR REPLACE FUNCTION @extschema@.comb_prefix_timestamp(uuid) RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT CASE WHEN @extschema@.uidx_sql_is_v4($1)
                   THEN @extschema@.uidx_sql_timestamp((@extschema@.uidx_sql_half($1, 0) OPERATOR(pg_catalog.>>) 16)
                                                       OPERATOR(pg_catalog.&) 281474976710655) END $$;
COMMENT ON FUNCTION @extschema@.comb_prefix_timestamp(uuid) IS 'time (millisecond) in bytes 0-5 of a prefix COMB; NULL unless version 4, variant 10';
CREATE OR REPLACE FUNCTION @extschema@.comb_timestamp(uuid) RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT @extschema@.uidx_sql_timestamp(@extschema@.uidx_sql_half($1, 1) OPERATOR(pg_catalog.&) 281474976710655) $$;
COMMENT ON FUNCTION @extschema@.comb_timestamp(uuid) IS 'time (millisecond) in bytes 10-15 of a suffix COMB';
CREATE OR REPLACE FUNCTION @extschema@.comb_sqlserver_timestamp(uuid) RETURNS timestamptz
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
AS $fn$
DECLARE
    lsb   bigint := @extschema@.uidx_sql_half($1, 1);
    days  bigint := (lsb OPERATOR(pg_catalog.>>) 32) OPERATOR(pg_catalog.&) 65535;
    ticks bigint := lsb OPERATOR(pg_catalog.&) 4294967295;
BEGIN
    IF ticks OPERATOR(pg_catalog.>) 25920000 THEN
        RAISE EXCEPTION 'comb "%" does not hold a SQL Server datetime', $1
            USING ERRCODE = 'numeric_value_out_of_range',
                  DETAIL = pg_catalog.format('Its time of day is %s ticks of 1/300 s; a day has 25920000.', ticks);
    END IF;
    RETURN @extschema@.uidx_sql_timestamp_us(((days OPERATOR(pg_catalog.+) (-25567)) OPERATOR(pg_catalog.*) 86400000000)
                                             OPERATOR(pg_catalog.+) (((ticks OPERATOR(pg_catalog.*) 10000) OPERATOR(pg_catalog.+) 2) OPERATOR(pg_catalog./) 3));
END
$fn$;
COMMENT ON FUNCTION @extschema@.comb_sqlserver_timestamp(uuid) IS 'SQL Server datetime in bytes 10-15 of a COMB';
CREATE OR REPLACE FUNCTION @extschema@.comb_short_prefix(uuid) RETURNS integer
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT CASE WHEN @extschema@.uidx_sql_is_v4($1)
                   THEN ((@extschema@.uidx_sql_half($1, 0) OPERATOR(pg_catalog.>>) 48) OPERATOR(pg_catalog.&) 65535)::pg_catalog.int4 END $$;
COMMENT ON FUNCTION @extschema@.comb_short_prefix(uuid) IS '16-bit interval counter of a short prefix COMB; NULL unless version 4, variant 10';
CREATE OR REPLACE FUNCTION @extschema@.comb_short_prefix_is_valid(id uuid, tolerance interval DEFAULT '10 minutes',
                                                       at timestamptz DEFAULT pg_catalog.now(),
                                                       interval_length interval DEFAULT '1 minute')
RETURNS boolean
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
AS $fn$
DECLARE
    tol      bigint := @extschema@.uidx_sql_interval_us(tolerance, 'tolerance', false) OPERATOR(pg_catalog./) 1000;
    at_ms    bigint := @extschema@.uidx_sql_unix_ms(at, 0, 281474976710655, 'short prefix COMB');
    len      bigint := @extschema@.uidx_sql_interval_ms(interval_length);
    earliest bigint := at_ms OPERATOR(pg_catalog.-) tol;
    first    bigint;
    last     bigint;
    counter  bigint;
BEGIN
    IF NOT @extschema@.uidx_sql_is_v4(id) THEN
        RETURN false;
    END IF;
    counter := (@extschema@.uidx_sql_half(id, 0) OPERATOR(pg_catalog.>>) 48) OPERATOR(pg_catalog.&) 65535;
    first := pg_catalog.floor(GREATEST(earliest, 0)::numeric OPERATOR(pg_catalog./) len)::bigint;
    last := pg_catalog.floor((at_ms OPERATOR(pg_catalog.+) tol)::numeric OPERATOR(pg_catalog./) len)::bigint;
    IF last OPERATOR(pg_catalog.<) first THEN
        RETURN false;
    END IF;
    IF (last OPERATOR(pg_catalog.-) first) OPERATOR(pg_catalog.>=) 65535 THEN
        RETURN true;
    END IF;
    RETURN ((counter OPERATOR(pg_catalog.-) first) OPERATOR(pg_catalog.&) 65535)
           OPERATOR(pg_catalog.<=) (last OPERATOR(pg_catalog.-) first);
END
$fn$;
COMMENT ON FUNCTION @extschema@.comb_short_prefix_is_valid(uuid, interval, timestamptz, interval) IS 'whether a short prefix COMB''s counter was current within at +/- tolerance';
CREATE OR REPLACE FUNCTION @extschema@.comb_prefix_to_suffix(uuid) RETURNS uuid
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT ((pg_catalog.substr(h, 21, 12) OPERATOR(pg_catalog.||) pg_catalog.substr(h, 13, 8))
              OPERATOR(pg_catalog.||) pg_catalog.substr(h, 1, 12))::pg_catalog.uuid
          FROM (SELECT pg_catalog.replace($1::pg_catalog.text, '-', '') AS h) s $$;
COMMENT ON FUNCTION @extschema@.comb_prefix_to_suffix(uuid) IS 'prefix COMB to the suffix form (bytes 0-5 and 10-15 swapped)';
CREATE OR REPLACE FUNCTION @extschema@.comb_suffix_to_prefix(uuid) RETURNS uuid
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT @extschema@.comb_prefix_to_suffix($1) $$;
COMMENT ON FUNCTION @extschema@.comb_suffix_to_prefix(uuid) IS 'suffix COMB to the prefix form (bytes 0-5 and 10-15 swapped)';
CREATE OR REPLACE FUNCTION @extschema@.comb_lower_bound(at timestamptz) RETURNS uuid
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT @extschema@.uidx_sql_uuid(0, @extschema@.uidx_sql_unix_ms(at, 0, 281474976710655, 'comb')) $$;
COMMENT ON FUNCTION @extschema@.comb_lower_bound(timestamptz) IS 'smallest suffix COMB of the millisecond of at in SQL Server order (not in uuid order: see README "Managed PostgreSQL")';
CREATE OR REPLACE FUNCTION @extschema@.comb_prefix_partman_encoder(ts timestamptz) RETURNS uuid
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT @extschema@.comb_prefix_from_parts(ts, '\x00000000000000000000000000000000'::pg_catalog.bytea) $$;
COMMENT ON FUNCTION @extschema@.comb_prefix_partman_encoder(timestamptz) IS 'pg_partman p_time_encoder for prefix COMBs in uuid columns';
CREATE OR REPLACE FUNCTION @extschema@.comb_prefix_partman_decoder(id text) RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT @extschema@.comb_prefix_timestamp(id::pg_catalog.uuid) $$;
COMMENT ON FUNCTION @extschema@.comb_prefix_partman_decoder(text) IS 'pg_partman p_time_decoder for prefix COMBs in uuid columns';
CREATE OR REPLACE FUNCTION @extschema@.uidx_sql_id_numeric(value numeric, max numeric, target text,
                                                scale_zero boolean) RETURNS numeric
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
AS $fn$
DECLARE
    t pg_catalog.text := value::pg_catalog.text;
BEGIN
    IF scale_zero AND pg_catalog.strpos(t, '.') OPERATOR(pg_catalog.>) 0 THEN
        RAISE EXCEPTION 'value % has a non-zero scale, which % does not accept', t, target
            USING ERRCODE = 'invalid_parameter_value',
                  DETAIL = 'An ID is an integer of scale 0, as in Architect.Identities: 5, not 5.0.',
                  HINT = 'Cast a whole value written with a scale, such as 5.000, to numeric(28,0) first.';
    END IF;
    IF t OPERATOR(pg_catalog.=) ANY (ARRAY['NaN', 'Infinity', '-Infinity'])
       OR value OPERATOR(pg_catalog.<) 0 OR value OPERATOR(pg_catalog.>) max
       OR value OPERATOR(pg_catalog.<>) pg_catalog.trunc(value) THEN
        RAISE EXCEPTION 'value % is out of range for %', t, target
            USING ERRCODE = 'numeric_value_out_of_range',
                  DETAIL = pg_catalog.format('Only the integers from 0 to %s are accepted.', max);
    END IF;
    RETURN pg_catalog.trunc(value);
END
$fn$;
COMMENT ON FUNCTION @extschema@.uidx_sql_id_numeric(numeric, numeric, text, boolean) IS 'internal: a numeric ID argument, checked';
CREATE OR REPLACE FUNCTION @extschema@.distid_timestamp(numeric) RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT @extschema@.uidx_sql_timestamp(
               pg_catalog.div(@extschema@.uidx_sql_id_numeric($1, 9903520314283042199192993791, 'type distid', false),
                              281474976710656)::bigint OPERATOR(pg_catalog.+) (-2208988800000)) $$;
COMMENT ON FUNCTION @extschema@.distid_timestamp(numeric) IS 'embedded millisecond (since 1900) of a DistributedId, without the leeway';
CREATE OR REPLACE FUNCTION @extschema@.distid_lower_bound(at timestamptz) RETURNS numeric
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
AS $fn$
DECLARE
    ms bigint;
BEGIN
    IF NOT pg_catalog.isfinite(at) THEN
        RETURN @extschema@.uidx_sql_unix_ms(at, 0, 0, 'distid');  -- raises
    END IF;
    ms := pg_catalog.ceil(EXTRACT(epoch FROM at) OPERATOR(pg_catalog.*) 1000)::bigint;
    IF ms OPERATOR(pg_catalog.<) (-2208988800000)
       OR ms OPERATOR(pg_catalog.>) (((-2208988800000) OPERATOR(pg_catalog.+) 35184372088832) OPERATOR(pg_catalog.-) 1) THEN
        RAISE EXCEPTION 'timestamp out of range for type distid: "%"', at
            USING ERRCODE = 'numeric_value_out_of_range',
                  DETAIL = 'The type holds times from 1900-01-01 00:00:00+00 to 3014-12-13 12:41:28.831+00.';
    END IF;
    RETURN ((ms OPERATOR(pg_catalog.-) (-2208988800000))::numeric OPERATOR(pg_catalog.*) 281474976710656)::numeric(28,0);
END
$fn$;
COMMENT ON FUNCTION @extschema@.distid_lower_bound(timestamptz) IS 'smallest DistributedId with distid_timestamp(id) >= at (a partition bound), as numeric';
CREATE OR REPLACE FUNCTION @extschema@.distributed_id() RETURNS numeric
LANGUAGE sql VOLATILE PARALLEL UNSAFE
AS $$
SELECT (((((@extschema@.uidx_sql_now_us() OPERATOR(pg_catalog./) 1000) OPERATOR(pg_catalog.-) (-2208988800000))
            OPERATOR(pg_catalog.-) 1000)::pg_catalog.numeric OPERATOR(pg_catalog.*) 281474976710656)
        OPERATOR(pg_catalog.+) ((@extschema@.uidx_sql_tie() OPERATOR(pg_catalog.<<) 34)
                                OPERATOR(pg_catalog.|) (@extschema@.uidx_sql_random() OPERATOR(pg_catalog.&) 17179869183)))::pg_catalog.numeric(28,0)
$$;
COMMENT ON FUNCTION @extschema@.distributed_id() IS 'new DistributedId as numeric(28,0), monotonic per session';
CREATE OR REPLACE FUNCTION @extschema@.distid128_generate() RETURNS uuid
LANGUAGE sql VOLATILE PARALLEL UNSAFE
AS $$
SELECT @extschema@.uidx_sql_uuid(
         @extschema@.uidx_sql_ms_version(@extschema@.uidx_sql_now_ms4096()
                                         OPERATOR(pg_catalog.-) ((-8520336000000)::pg_catalog.int8 OPERATOR(pg_catalog.<<) 12), B'0111'),
         (@extschema@.uidx_sql_tie() OPERATOR(pg_catalog.<<) 48)
         OPERATOR(pg_catalog.|) (@extschema@.uidx_sql_random() OPERATOR(pg_catalog.&) 281474976710655))
$$;
COMMENT ON FUNCTION @extschema@.distid128_generate() IS 'new DistributedId128 (uuid), monotonic per session';
CREATE OR REPLACE FUNCTION @extschema@.distid128_timestamp(uuid) RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT CASE WHEN pg_catalog.substr($1::pg_catalog.text, 15, 1) OPERATOR(pg_catalog.=) '7'
                   AND pg_catalog.substr($1::pg_catalog.text, 20, 1) OPERATOR(pg_catalog.<) '8'
                  THEN @extschema@.uidx_sql_timestamp(((@extschema@.uidx_sql_half($1, 0) OPERATOR(pg_catalog.>>) 16)
                                                       OPERATOR(pg_catalog.&) 281474976710655)
                                                      OPERATOR(pg_catalog.+) (-8520336000000)) END $$;
COMMENT ON FUNCTION @extschema@.distid128_timestamp(uuid) IS 'time of a DistributedId128; NULL unless version 7 with bit 64 clear';
CREATE OR REPLACE FUNCTION @extschema@.uidx_sql_alnum_block(value numeric, len integer) RETURNS text
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
AS $fn$
DECLARE
    digits constant pg_catalog.text := '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
    out pg_catalog.text := '';
    v numeric := value;
BEGIN
    FOR i IN 1 .. len LOOP
        out := pg_catalog.substr(digits, pg_catalog.mod(v, 62)::integer OPERATOR(pg_catalog.+) 1, 1) OPERATOR(pg_catalog.||) out;
        v := pg_catalog.div(v, 62);
    END LOOP;
    RETURN out;
END
$fn$;
COMMENT ON FUNCTION @extschema@.uidx_sql_alnum_block(numeric, integer) IS 'internal: base-62 block of an unsigned 64-bit value';
CREATE OR REPLACE FUNCTION @extschema@.uidx_sql_u64(bigint) RETURNS numeric
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT CASE WHEN $1 OPERATOR(pg_catalog.<) 0 THEN $1::numeric OPERATOR(pg_catalog.+) 18446744073709551616 ELSE $1::numeric END $$;
COMMENT ON FUNCTION @extschema@.uidx_sql_u64(bigint) IS 'internal: a bigint''s bits as an unsigned number';
CREATE OR REPLACE FUNCTION @extschema@.alnum_encode(bigint) RETURNS text
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
AS $fn$
BEGIN
    IF $1 OPERATOR(pg_catalog.<) 0 THEN
        RAISE EXCEPTION 'value % is out of range for alnum_encode(bigint)', $1
            USING ERRCODE = 'numeric_value_out_of_range',
                  DETAIL = 'Only non-negative values have an alphanumeric form.';
    END IF;
    RETURN @extschema@.uidx_sql_alnum_block($1::numeric, 11);
END
$fn$;
COMMENT ON FUNCTION @extschema@.alnum_encode(bigint) IS 'alphanumeric form (11 characters) of a non-negative bigint';
CREATE OR REPLACE FUNCTION @extschema@.alnum_encode(numeric) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT @extschema@.uidx_sql_alnum_block(pg_catalog.div(v, 18446744073709551616), 5)
             OPERATOR(pg_catalog.||) @extschema@.uidx_sql_alnum_block(pg_catalog.mod(v, 18446744073709551616), 11)
        FROM (SELECT @extschema@.uidx_sql_id_numeric($1, 9999999999999999999999999999,
                                                     'alnum_encode(numeric)', true) AS v) s $$;
COMMENT ON FUNCTION @extschema@.alnum_encode(numeric) IS 'alphanumeric form (16 characters) of a DistributedId or any integer up to 10^28-1';
CREATE OR REPLACE FUNCTION @extschema@.alnum_encode(uuid) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT @extschema@.uidx_sql_alnum_block(@extschema@.uidx_sql_u64(@extschema@.uidx_sql_half($1, 0)), 11)
             OPERATOR(pg_catalog.||) @extschema@.uidx_sql_alnum_block(@extschema@.uidx_sql_u64(@extschema@.uidx_sql_half($1, 1)), 11) $$;
COMMENT ON FUNCTION @extschema@.alnum_encode(uuid) IS 'alphanumeric form (22 characters) of a uuid';
CREATE OR REPLACE FUNCTION @extschema@.uidx_sql_alnum_decode(input text, type_name text, expected_len integer,
                                                  max numeric) RETURNS numeric[]
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
AS $fn$
DECLARE
    digits constant pg_catalog.text := '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
    raw pg_catalog.bytea := pg_catalog.convert_to(input, pg_catalog.current_setting('server_encoding'));
    blocks numeric[] := '{}';
    v numeric := 0;
    c integer;
    reason pg_catalog.text;
    pos integer;
    len integer;
BEGIN
    IF pg_catalog.length(raw) OPERATOR(pg_catalog.<>) expected_len THEN
        reason := 'bad length';
    ELSE
        FOR i IN 0 .. expected_len OPERATOR(pg_catalog.-) 1 LOOP
            c := pg_catalog.get_byte(raw, i);
            IF NOT ((c OPERATOR(pg_catalog.>=) 48 AND c OPERATOR(pg_catalog.<=) 57)
                    OR (c OPERATOR(pg_catalog.>=) 65 AND c OPERATOR(pg_catalog.<=) 90)
                    OR (c OPERATOR(pg_catalog.>=) 97 AND c OPERATOR(pg_catalog.<=) 122)) THEN
                reason := 'bad character';
                EXIT;
            END IF;
        END LOOP;
    END IF;
    IF reason IS NULL THEN
        -- blocks from the right: 11 characters each, the first may be shorter
        pos := 1;
        FOR len IN SELECT CASE WHEN expected_len OPERATOR(pg_catalog.=) 16 AND b OPERATOR(pg_catalog.=) 0 THEN 5 ELSE 11 END
                     FROM pg_catalog.generate_series(0, CASE WHEN expected_len OPERATOR(pg_catalog.=) 11 THEN 0 ELSE 1 END) b LOOP
            v := 0;
            FOR i IN pos .. (pos OPERATOR(pg_catalog.+) len) OPERATOR(pg_catalog.-) 1 LOOP
                v := ((v OPERATOR(pg_catalog.*) 62) OPERATOR(pg_catalog.+) pg_catalog.strpos(digits, pg_catalog.substr(input, i, 1)))
                     OPERATOR(pg_catalog.-) 1;
            END LOOP;
            IF v OPERATOR(pg_catalog.>=) 18446744073709551616 THEN
                reason := 'non-canonical';
                EXIT;
            END IF;
            blocks := blocks OPERATOR(pg_catalog.||) v;
            pos := pos OPERATOR(pg_catalog.+) len;
        END LOOP;
    END IF;
    IF reason IS NULL AND max IS NOT NULL
       AND (CASE WHEN pg_catalog.cardinality(blocks) OPERATOR(pg_catalog.=) 1 THEN blocks[1]
                 ELSE (blocks[1] OPERATOR(pg_catalog.*) 18446744073709551616) OPERATOR(pg_catalog.+) blocks[2] END)
           OPERATOR(pg_catalog.>) max THEN
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
CREATE OR REPLACE FUNCTION @extschema@.alnum_decode_bigint(text) RETURNS bigint
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT (@extschema@.uidx_sql_alnum_decode($1, 'bigint', 11, 9223372036854775807))[1]::bigint $$;
COMMENT ON FUNCTION @extschema@.alnum_decode_bigint(text) IS 'bigint of an 11-character alphanumeric form';
CREATE OR REPLACE FUNCTION @extschema@.alnum_decode_numeric(text) RETURNS numeric
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT (b[1] OPERATOR(pg_catalog.*) 18446744073709551616) OPERATOR(pg_catalog.+) b[2]
        FROM (SELECT @extschema@.uidx_sql_alnum_decode($1, 'numeric', 16, 9999999999999999999999999999) AS b) s $$;
COMMENT ON FUNCTION @extschema@.alnum_decode_numeric(text) IS 'integer of a 16-character alphanumeric form';
CREATE OR REPLACE FUNCTION @extschema@.alnum_decode_uuid(text) RETURNS uuid
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT (pg_catalog.lpad(pg_catalog.to_hex(CASE WHEN b[1] OPERATOR(pg_catalog.>=) 9223372036854775808
                                                     THEN b[1] OPERATOR(pg_catalog.-) 18446744073709551616 ELSE b[1] END::bigint), 16, '0')
              OPERATOR(pg_catalog.||)
              pg_catalog.lpad(pg_catalog.to_hex(CASE WHEN b[2] OPERATOR(pg_catalog.>=) 9223372036854775808
                                                     THEN b[2] OPERATOR(pg_catalog.-) 18446744073709551616 ELSE b[2] END::bigint), 16, '0'))::pg_catalog.uuid
        FROM (SELECT @extschema@.uidx_sql_alnum_decode($1, 'uuid', 22, 340282366920938463463374607431768211455) AS b) s $$;
COMMENT ON FUNCTION @extschema@.alnum_decode_uuid(text) IS 'uuid of a 22-character alphanumeric form';
CREATE OR REPLACE FUNCTION @extschema@.public_id_set_key(key bytea) RETURNS void
LANGUAGE sql VOLATILE STRICT PARALLEL UNSAFE
AS $$
INSERT INTO @extschema@.public_id_key AS k (only_row, key) VALUES (true, $1)
ON CONFLICT (only_row) DO UPDATE SET key = EXCLUDED.key
$$;
COMMENT ON FUNCTION @extschema@.public_id_set_key(bytea) IS 'sets the public-id key (owner of public_id_key only)';
CREATE OR REPLACE FUNCTION @extschema@.uidx_sql_netswap(b bytea) RETURNS bytea
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT (((((((pg_catalog.substr(b, 4, 1)
             OPERATOR(pg_catalog.||) pg_catalog.substr(b, 3, 1))
             OPERATOR(pg_catalog.||) pg_catalog.substr(b, 2, 1))
             OPERATOR(pg_catalog.||) pg_catalog.substr(b, 1, 1))
             OPERATOR(pg_catalog.||) pg_catalog.substr(b, 6, 1))
             OPERATOR(pg_catalog.||) pg_catalog.substr(b, 5, 1))
             OPERATOR(pg_catalog.||) pg_catalog.substr(b, 8, 1))
             OPERATOR(pg_catalog.||) pg_catalog.substr(b, 7, 1))
             OPERATOR(pg_catalog.||) pg_catalog.substr(b, 9, 8) $$;
COMMENT ON FUNCTION @extschema@.uidx_sql_netswap(bytea) IS 'internal: .NET Guid byte order of 16 bytes (its own inverse)';
CREATE OR REPLACE FUNCTION @extschema@.uidx_sql_le_bytes(value numeric, len integer) RETURNS bytea
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
AS $fn$
DECLARE
    out pg_catalog.bytea := pg_catalog.decode(pg_catalog.repeat('00', len), 'hex');
    v numeric := value;
BEGIN
    FOR i IN 0 .. len OPERATOR(pg_catalog.-) 1 LOOP
        out := pg_catalog.set_byte(out, i, pg_catalog.mod(v, 256)::integer);
        v := pg_catalog.div(v, 256);
    END LOOP;
    RETURN out;
END
$fn$;
COMMENT ON FUNCTION @extschema@.uidx_sql_le_bytes(numeric, integer) IS 'internal: little-endian bytes of an unsigned integer';
CREATE OR REPLACE FUNCTION @extschema@.uidx_sql_le_value(b bytea) RETURNS numeric
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
AS $fn$
DECLARE
    v numeric := 0;
BEGIN
    FOR i IN REVERSE pg_catalog.length(b) OPERATOR(pg_catalog.-) 1 .. 0 LOOP
        v := (v OPERATOR(pg_catalog.*) 256) OPERATOR(pg_catalog.+) pg_catalog.get_byte(b, i);
    END LOOP;
    RETURN v;
END
$fn$;
COMMENT ON FUNCTION @extschema@.uidx_sql_le_value(bytea) IS 'internal: the unsigned integer of little-endian bytes';
CREATE OR REPLACE FUNCTION @extschema@.uidx_sql_reverse8(b bytea) RETURNS bytea
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT ((((((pg_catalog.substr(b, 8, 1)
             OPERATOR(pg_catalog.||) pg_catalog.substr(b, 7, 1))
             OPERATOR(pg_catalog.||) pg_catalog.substr(b, 6, 1))
             OPERATOR(pg_catalog.||) pg_catalog.substr(b, 5, 1))
             OPERATOR(pg_catalog.||) pg_catalog.substr(b, 4, 1))
             OPERATOR(pg_catalog.||) pg_catalog.substr(b, 3, 1))
             OPERATOR(pg_catalog.||) pg_catalog.substr(b, 2, 1))
             OPERATOR(pg_catalog.||) pg_catalog.substr(b, 1, 1) $$;
COMMENT ON FUNCTION @extschema@.uidx_sql_reverse8(bytea) IS 'internal: 8 bytes reversed';
CREATE OR REPLACE FUNCTION @extschema@.uidx_sql_le8(bigint) RETURNS bytea
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT @extschema@.uidx_sql_reverse8(pg_catalog.int8send($1)) $$;
COMMENT ON FUNCTION @extschema@.uidx_sql_le8(bigint) IS 'internal: a bigint as 8 little-endian bytes';
DO $uidx_public_id$
DECLARE
    crypto pg_catalog.name := (SELECT n.nspname FROM pg_catalog.pg_extension e
                                 JOIN pg_catalog.pg_namespace n ON n.oid OPERATOR(pg_catalog.=) e.extnamespace
                                WHERE e.extname OPERATOR(pg_catalog.=) 'pgcrypto');
BEGIN
    IF crypto IS NULL THEN
        RAISE NOTICE 'pgcrypto is not installed: uidx_sql creates no public-id functions'
            USING HINT = 'CREATE EXTENSION pgcrypto, then install uidx_sql again to get them.';
        RETURN;
    END IF;
    -- pgcrypto's AES, bound when uidx_sql is installed: a BEGIN ATOMIC body
    -- is resolved once, at CREATE FUNCTION, and kept by OID, so a look-alike
    -- encrypt or decrypt created later (in pgcrypto's schema, where ordinary
    -- roles may create in databases older than PostgreSQL 15) is never
    -- called, and cannot make the call ambiguous
    EXECUTE pg_catalog.format($f$
        CREATE OR REPLACE FUNCTION @extschema@.uidx_sql_aes_encrypt(block bytea, key bytea) RETURNS bytea
        LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
        BEGIN ATOMIC
            SELECT %1$I.encrypt(block, key, 'aes-ecb/pad:none'::pg_catalog.text);
        END $f$, crypto);
    COMMENT ON FUNCTION @extschema@.uidx_sql_aes_encrypt(bytea, bytea) IS 'internal: pgcrypto''s AES-ECB encryption of whole blocks, bound at install';
    EXECUTE pg_catalog.format($f$
        CREATE OR REPLACE FUNCTION @extschema@.uidx_sql_aes_decrypt(block bytea, key bytea) RETURNS bytea
        LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
        BEGIN ATOMIC
            SELECT %1$I.decrypt(block, key, 'aes-ecb/pad:none'::pg_catalog.text);
        END $f$, crypto);
    COMMENT ON FUNCTION @extschema@.uidx_sql_aes_decrypt(bytea, bytea) IS 'internal: pgcrypto''s AES-ECB decryption of whole blocks, bound at install';
    -- the one reader of the key (see above)
    CREATE OR REPLACE FUNCTION @extschema@.uidx_sql_public_id_aes(block bytea, decrypt boolean, missing_ok boolean)
        RETURNS bytea
        LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE SECURITY DEFINER
        SET search_path = pg_catalog, pg_temp
        AS $body$
        DECLARE
            k pg_catalog.bytea;
        BEGIN
            IF missing_ok AND NOT pg_catalog.has_table_privilege('@extschema@.public_id_key', 'SELECT') THEN
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
                RETURN @extschema@.uidx_sql_aes_decrypt(block, k);
            END IF;
            RETURN @extschema@.uidx_sql_aes_encrypt(block, k);
        END
        $body$;
    COMMENT ON FUNCTION @extschema@.uidx_sql_public_id_aes(bytea, boolean, boolean) IS 'internal: AES of one block under the public-id key (the only reader of the key); NULL without a key when missing_ok';

    CREATE OR REPLACE FUNCTION @extschema@.uidx_sql_public_id(plain bytea) RETURNS uuid
    LANGUAGE sql STABLE STRICT PARALLEL SAFE
    AS $$ SELECT pg_catalog.encode(@extschema@.uidx_sql_netswap(@extschema@.uidx_sql_public_id_aes(plain, false, false)), 'hex')::pg_catalog.uuid $$;
    COMMENT ON FUNCTION @extschema@.uidx_sql_public_id(bytea) IS 'internal: the public id of a plaintext block';
    CREATE OR REPLACE FUNCTION @extschema@.uidx_sql_public_id_plain(id uuid) RETURNS bytea
    LANGUAGE sql STABLE STRICT PARALLEL SAFE
    AS $$ SELECT @extschema@.uidx_sql_public_id_aes(@extschema@.uidx_sql_netswap(pg_catalog.uuid_send(id)), true, false) $$;
    COMMENT ON FUNCTION @extschema@.uidx_sql_public_id_plain(uuid) IS 'internal: the plaintext block of a public id';

    CREATE OR REPLACE FUNCTION @extschema@.public_id_encode(bigint) RETURNS uuid
    LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE
    AS $fn$
    BEGIN
        IF $1 OPERATOR(pg_catalog.<) 0 THEN
            RAISE EXCEPTION 'value % is out of range for public_id_encode(bigint)', $1
                USING ERRCODE = 'numeric_value_out_of_range', DETAIL = 'Only non-negative ids have a public id.';
        END IF;
        RETURN @extschema@.uidx_sql_public_id('\x0000000000000000'::pg_catalog.bytea OPERATOR(pg_catalog.||) @extschema@.uidx_sql_le8($1));
    END
    $fn$;
    COMMENT ON FUNCTION @extschema@.public_id_encode(bigint) IS 'public id (AES) of a non-negative bigint';
    CREATE OR REPLACE FUNCTION @extschema@.public_id_encode(numeric) RETURNS uuid
    LANGUAGE sql STABLE STRICT PARALLEL SAFE
    AS $$ SELECT @extschema@.uidx_sql_public_id(('\x00000000'::pg_catalog.bytea
                   OPERATOR(pg_catalog.||) @extschema@.uidx_sql_le_bytes(pg_catalog.div(v, 18446744073709551616), 4))
                   OPERATOR(pg_catalog.||) @extschema@.uidx_sql_le_bytes(pg_catalog.mod(v, 18446744073709551616), 8))
            FROM (SELECT @extschema@.uidx_sql_id_numeric($1, 9999999999999999999999999999,
                                                         'public_id_encode(numeric)', true) AS v) s $$;
    COMMENT ON FUNCTION @extschema@.public_id_encode(numeric) IS 'public id (AES) of an integer up to 10^28-1, e.g. a DistributedId';
    CREATE OR REPLACE FUNCTION @extschema@.public_id_encode(uuid) RETURNS uuid
    LANGUAGE sql STABLE STRICT PARALLEL SAFE
    AS $$ SELECT @extschema@.uidx_sql_public_id(pg_catalog.uuid_send($1)) $$;
    COMMENT ON FUNCTION @extschema@.public_id_encode(uuid) IS 'public id (AES) of a uuid';

    CREATE OR REPLACE FUNCTION @extschema@.public_id_decode_bigint(uuid) RETURNS bigint
    LANGUAGE sql STABLE STRICT PARALLEL SAFE
    AS $$ SELECT CASE WHEN pg_catalog.substr(p, 1, 8) OPERATOR(pg_catalog.=) '\x0000000000000000'::pg_catalog.bytea
                       AND pg_catalog.get_byte(p, 15) OPERATOR(pg_catalog.<) 128
                      THEN ('x' OPERATOR(pg_catalog.||) pg_catalog.encode(@extschema@.uidx_sql_reverse8(pg_catalog.substr(p, 9, 8)), 'hex'))::pg_catalog.bit(64)::bigint END
            FROM (SELECT @extschema@.uidx_sql_public_id_plain($1) AS p) s $$;
    COMMENT ON FUNCTION @extschema@.public_id_decode_bigint(uuid) IS 'bigint of a public id; NULL for a forged or foreign value';
    CREATE OR REPLACE FUNCTION @extschema@.public_id_decode_numeric(uuid) RETURNS numeric
    LANGUAGE sql STABLE STRICT PARALLEL SAFE
    AS $$ SELECT CASE WHEN pg_catalog.substr(p, 1, 4) OPERATOR(pg_catalog.=) '\x00000000'::pg_catalog.bytea AND v OPERATOR(pg_catalog.<=) 9999999999999999999999999999
                      THEN v END
            FROM (SELECT p, (@extschema@.uidx_sql_le_value(pg_catalog.substr(p, 5, 4)) OPERATOR(pg_catalog.*) 18446744073709551616)
                            OPERATOR(pg_catalog.+) @extschema@.uidx_sql_le_value(pg_catalog.substr(p, 9, 8)) AS v
                    FROM (SELECT @extschema@.uidx_sql_public_id_plain($1) AS p) s) t $$;
    COMMENT ON FUNCTION @extschema@.public_id_decode_numeric(uuid) IS 'integer of a public id; NULL for a forged or foreign value';
    CREATE OR REPLACE FUNCTION @extschema@.public_id_decode_uuid(uuid) RETURNS uuid
    LANGUAGE sql STABLE STRICT PARALLEL SAFE
    AS $$ SELECT pg_catalog.encode(@extschema@.uidx_sql_public_id_plain($1), 'hex')::pg_catalog.uuid $$;
    COMMENT ON FUNCTION @extschema@.public_id_decode_uuid(uuid) IS 'uuid of a public id';
END
$uidx_public_id$;
CREATE OR REPLACE FUNCTION @extschema@.crc12(bytea) RETURNS integer
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
AS $fn$
DECLARE
    -- the reflected polynomial 0x80F (as 0xF01), one step per input byte
    tbl constant integer[] := '{0,2571,2581,30,2601,34,60,2615,2641,90,68,2639,120,2675,2669,102,2721,170,180,2751,136,2691,2717,150,240,2811,2789,238,2777,210,204,2759,2881,330,340,2911,360,2915,2941,374,272,2843,2821,270,2873,306,300,2855,480,3051,3061,510,3017,450,476,3031,2993,442,420,2991,408,2963,2957,390,2177,650,660,2207,680,2211,2237,694,720,2267,2245,718,2297,754,748,2279,544,2091,2101,574,2057,514,540,2071,2161,634,612,2159,600,2131,2125,582,960,2507,2517,990,2537,994,1020,2551,2449,922,900,2447,952,2483,2477,934,2401,874,884,2431,840,2371,2397,854,816,2363,2341,814,2329,786,780,2311,3841,1290,1300,3871,1320,3875,3901,1334,1360,3931,3909,1358,3961,1394,1388,3943,1440,4011,4021,1470,3977,1410,1436,3991,4081,1530,1508,4079,1496,4051,4045,1478,1088,3659,3669,1118,3689,1122,1148,3703,3601,1050,1028,3599,1080,3635,3629,1062,3809,1258,1268,3839,1224,3779,3805,1238,1200,3771,3749,1198,3737,1170,1164,3719,1920,3467,3477,1950,3497,1954,1980,3511,3537,2010,1988,3535,2040,3571,3565,2022,3361,1834,1844,3391,1800,3331,3357,1814,1904,3451,3429,1902,3417,1874,1868,3399,3265,1738,1748,3295,1768,3299,3325,1782,1680,3227,3205,1678,3257,1714,1708,3239,1632,3179,3189,1662,3145,1602,1628,3159,3121,1594,1572,3119,1560,3091,3085,1542}'::integer[];
    crc integer := 4095;
    i   integer;
BEGIN
    FOR i IN 0 .. pg_catalog.length($1) OPERATOR(pg_catalog.-) 1 LOOP
        crc := (crc OPERATOR(pg_catalog.>>) 8)
               OPERATOR(pg_catalog.#) tbl[((crc OPERATOR(pg_catalog.#) pg_catalog.get_byte($1, i)) OPERATOR(pg_catalog.&) 255) OPERATOR(pg_catalog.+) 1];
    END LOOP;
    RETURN crc OPERATOR(pg_catalog.#) 4095;
END
$fn$;
COMMENT ON FUNCTION @extschema@.crc12(bytea) IS 'CRC-12 of the bytes: a luuid group id';
CREATE OR REPLACE FUNCTION @extschema@.crc12(text) RETURNS integer
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT @extschema@.crc12(pg_catalog.convert_to($1, 'UTF8')) $$;
COMMENT ON FUNCTION @extschema@.crc12(text) IS 'CRC-12 of the text''s UTF-8 bytes: a luuid group id';
CREATE OR REPLACE FUNCTION @extschema@.uidx_sql_luuid(pk bigint, group_id integer) RETURNS uuid
LANGUAGE plpgsql VOLATILE PARALLEL SAFE
AS $fn$
BEGIN
    IF pk IS NULL THEN
        RAISE EXCEPTION 'luuid pk must not be null' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF pk OPERATOR(pg_catalog.<) 0 OR pk OPERATOR(pg_catalog.>) 281474976710655 THEN
        RAISE EXCEPTION 'luuid pk % is out of range', pk
            USING ERRCODE = 'numeric_value_out_of_range',
                  DETAIL = 'A PK-embedded UUID holds a primary key from 0 to 2^48-1 (281474976710655).';
    END IF;
    RETURN @extschema@.uidx_sql_uuid(((pk OPERATOR(pg_catalog.<<) 16) OPERATOR(pg_catalog.|) 24576) OPERATOR(pg_catalog.|) group_id,
             (10::bigint OPERATOR(pg_catalog.<<) 60)
             OPERATOR(pg_catalog.|) (@extschema@.uidx_sql_half(pg_catalog.gen_random_uuid(), 1) OPERATOR(pg_catalog.&) 1152921504606846975));
END
$fn$;
COMMENT ON FUNCTION @extschema@.uidx_sql_luuid(bigint, integer) IS 'internal: a new PK-embedded UUID';
CREATE OR REPLACE FUNCTION @extschema@.luuid_generate(group_id integer, pk bigint) RETURNS uuid
LANGUAGE plpgsql VOLATILE PARALLEL SAFE
AS $fn$
BEGIN
    IF group_id IS NULL THEN
        RAISE EXCEPTION 'luuid group_id must not be null' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF group_id OPERATOR(pg_catalog.<) 0 OR group_id OPERATOR(pg_catalog.>) 4095 THEN
        RAISE EXCEPTION 'luuid group_id % is out of range', group_id
            USING ERRCODE = 'numeric_value_out_of_range',
                  DETAIL = 'A group id is a CRC-12: an integer from 0 to 4095.';
    END IF;
    RETURN @extschema@.uidx_sql_luuid(pk, group_id);
END
$fn$;
COMMENT ON FUNCTION @extschema@.luuid_generate(integer, bigint) IS 'new PK-embedded UUID of a primary key and group id';
CREATE OR REPLACE FUNCTION @extschema@.luuid_generate(group_name text, pk bigint) RETURNS uuid
LANGUAGE sql VOLATILE PARALLEL SAFE
AS $$ SELECT @extschema@.uidx_sql_luuid(pk, @extschema@.crc12(@extschema@.uidx_sql_require(group_name, 'luuid group_name'))) $$;
COMMENT ON FUNCTION @extschema@.luuid_generate(text, bigint) IS 'new PK-embedded UUID of a primary key and group name';
CREATE OR REPLACE FUNCTION @extschema@.luuid_nextval(seq regclass, group_name text) RETURNS uuid
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
    IF pk OPERATOR(pg_catalog.<) 0 OR pk OPERATOR(pg_catalog.>) 281474976710655 THEN
        RAISE EXCEPTION 'luuid pk % from sequence "%" is out of range', pk, seq
            USING ERRCODE = 'numeric_value_out_of_range',
                  DETAIL = 'A PK-embedded UUID holds a primary key from 0 to 2^48-1 (281474976710655).',
                  HINT = 'Give the sequence MINVALUE 0 and MAXVALUE 281474976710655.';
    END IF;
    RETURN @extschema@.uidx_sql_luuid(pk, grp);
END
$fn$;
COMMENT ON FUNCTION @extschema@.luuid_nextval(regclass, text) IS 'new PK-embedded UUID with the next value of a sequence (column DEFAULT)';
CREATE OR REPLACE FUNCTION @extschema@.uidx_sql_is_luuid(id uuid) RETURNS boolean
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT pg_catalog.substr(id::pg_catalog.text, 15, 1) OPERATOR(pg_catalog.=) '6'
              AND pg_catalog.substr(id::pg_catalog.text, 20, 1) OPERATOR(pg_catalog.=) 'a' $$;
COMMENT ON FUNCTION @extschema@.uidx_sql_is_luuid(uuid) IS 'internal: whether a uuid has the PK-embedded layout';
CREATE OR REPLACE FUNCTION @extschema@.luuid_pk(uuid) RETURNS bigint
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT CASE WHEN @extschema@.uidx_sql_is_luuid($1)
                   THEN (@extschema@.uidx_sql_half($1, 0) OPERATOR(pg_catalog.>>) 16) OPERATOR(pg_catalog.&) 281474976710655 END $$;
COMMENT ON FUNCTION @extschema@.luuid_pk(uuid) IS 'primary key in a PK-embedded UUID; NULL for other layouts';
CREATE OR REPLACE FUNCTION @extschema@.luuid_group(uuid) RETURNS integer
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT CASE WHEN @extschema@.uidx_sql_is_luuid($1)
                   THEN (@extschema@.uidx_sql_half($1, 0) OPERATOR(pg_catalog.&) 4095)::pg_catalog.int4 END $$;
COMMENT ON FUNCTION @extschema@.luuid_group(uuid) IS 'group id in a PK-embedded UUID; NULL for other layouts';
CREATE OR REPLACE FUNCTION @extschema@.luuid_short(uuid) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT CASE WHEN @extschema@.uidx_sql_is_luuid($1)
                   THEN pg_catalog.to_hex((@extschema@.uidx_sql_half($1, 0) OPERATOR(pg_catalog.>>) 16)
                                          OPERATOR(pg_catalog.&) 281474976710655) END $$;
COMMENT ON FUNCTION @extschema@.luuid_short(uuid) IS 'short form (primary key in hex) of a PK-embedded UUID; NULL for other layouts';
CREATE OR REPLACE FUNCTION @extschema@.uidx_sql_luuid_short_pk(short text) RETURNS bigint
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
AS $fn$
DECLARE
    digits pg_catalog.text;
BEGIN
    IF short OPERATOR(pg_catalog.!~) '^[0-9a-fA-F]+$' THEN
        RAISE EXCEPTION 'invalid luuid short form: "%"', short
            USING ERRCODE = 'invalid_text_representation',
                  DETAIL = 'The short form is the primary key in hexadecimal, e.g. "23122e".';
    END IF;
    digits := pg_catalog.ltrim(short, '0');
    IF pg_catalog.length(digits) OPERATOR(pg_catalog.>) 12 THEN
        RAISE EXCEPTION 'luuid short form "%" is out of range', short
            USING ERRCODE = 'numeric_value_out_of_range',
                  DETAIL = 'A PK-embedded UUID holds a primary key from 0 to 2^48-1 (ffffffffffff).';
    END IF;
    RETURN ('x' OPERATOR(pg_catalog.||) pg_catalog.lpad(digits, 16, '0'))::pg_catalog.bit(64)::bigint;
END
$fn$;
COMMENT ON FUNCTION @extschema@.uidx_sql_luuid_short_pk(text) IS 'internal: the primary key of a luuid short form';
CREATE OR REPLACE FUNCTION @extschema@.luuid_from_short(short text, group_name text) RETURNS uuid
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT @extschema@.uidx_sql_uuid(((@extschema@.uidx_sql_luuid_short_pk(short) OPERATOR(pg_catalog.<<) 16) OPERATOR(pg_catalog.|) 24576)
                                        OPERATOR(pg_catalog.|) @extschema@.crc12(group_name), 10::bigint OPERATOR(pg_catalog.<<) 60) $$;
COMMENT ON FUNCTION @extschema@.luuid_from_short(text, text) IS 'smallest PK-embedded UUID of a short form and group: the lower bound of a look-up';
CREATE OR REPLACE FUNCTION @extschema@.luuid_upper_bound(short text, group_name text) RETURNS uuid
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT @extschema@.uidx_sql_uuid(((@extschema@.uidx_sql_luuid_short_pk(short) OPERATOR(pg_catalog.<<) 16) OPERATOR(pg_catalog.|) 24576)
                                        OPERATOR(pg_catalog.|) @extschema@.crc12(group_name), 11::bigint OPERATOR(pg_catalog.<<) 60) $$;
COMMENT ON FUNCTION @extschema@.luuid_upper_bound(text, text) IS 'exclusive upper bound of the PK-embedded UUIDs of a short form and group';
CREATE OR REPLACE FUNCTION @extschema@.luuid_matches_short(id uuid, short text, group_name text) RETURNS boolean
LANGUAGE sql IMMUTABLE CALLED ON NULL INPUT PARALLEL SAFE
AS $$
SELECT id OPERATOR(pg_catalog.>=) @extschema@.luuid_from_short(short, group_name)
   AND id OPERATOR(pg_catalog.<) @extschema@.luuid_upper_bound(short, group_name)
$$;
COMMENT ON FUNCTION @extschema@.luuid_matches_short(uuid, text, text) IS 'whether a PK-embedded UUID has this short form and group (inlined into an index range)';
CREATE OR REPLACE FUNCTION @extschema@.luuid_register_group(group_name text, relation regclass DEFAULT NULL)
RETURNS integer
LANGUAGE plpgsql VOLATILE CALLED ON NULL INPUT PARALLEL UNSAFE
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    name_given   text := $1;
    rel_given    regclass := $2;
    new_id       integer;
    holder       text;
    held_rel     regclass;
BEGIN
    IF name_given IS NULL THEN
        RAISE EXCEPTION 'luuid group_name must not be null'
            USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF name_given = '' THEN
        RAISE EXCEPTION 'luuid group_name must not be empty'
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    -- The table the group's ids live in: a relation a dump restores under
    -- its name before its data (not an index), that outlives the session.
    IF rel_given IS NOT NULL AND NOT EXISTS (
        SELECT FROM pg_catalog.pg_class c
         WHERE c.oid OPERATOR(pg_catalog.=) rel_given
           AND c.relkind OPERATOR(pg_catalog.=) ANY ('{r,p,f,v,m}'::pg_catalog."char"[])
           AND c.relpersistence OPERATOR(pg_catalog.<>) 't') THEN
        RAISE EXCEPTION 'luuid group relation "%" is not a permanent table or view', rel_given
            USING ERRCODE = 'wrong_object_type',
                  HINT = 'Register the table the group''s ids are stored in.';
    END IF;
    new_id := @extschema@.crc12(name_given);

    -- A concurrent registration of either the name or a colliding name makes
    -- this wait for it and then do nothing; the check below sees its row.
    INSERT INTO @extschema@.luuid_group AS g (group_id, group_name, relation)
    VALUES (new_id, name_given, rel_given)
    ON CONFLICT DO NOTHING;
    IF FOUND THEN
        RETURN new_id;
    END IF;

    SELECT g.group_name, g.relation INTO holder, held_rel
      FROM @extschema@.luuid_group g
     WHERE g.group_id = new_id;
    IF holder IS DISTINCT FROM name_given THEN
        RAISE EXCEPTION 'luuid group name "%" collides with registered group "%"',
                        name_given, holder
            USING ERRCODE = 'unique_violation',
                  DETAIL = format('Both names have the CRC-12 group id %s (0x%s).',
                                  new_id, lpad(upper(to_hex(new_id)), 3, '0')),
                  HINT = 'Use another group name for one of the two entities.';
    END IF;
    IF rel_given IS NOT NULL AND held_rel IS DISTINCT FROM rel_given THEN
        UPDATE @extschema@.luuid_group g SET relation = rel_given
         WHERE g.group_id = new_id;
    END IF;
    RETURN new_id;
END
$fn$;
COMMENT ON FUNCTION @extschema@.luuid_register_group(text, regclass) IS 'registers a luuid group name (and its table), rejecting CRC-12 collisions';
CREATE OR REPLACE FUNCTION @extschema@.luuid_relation(id uuid) RETURNS regclass
LANGUAGE sql STABLE STRICT PARALLEL SAFE
AS $$
SELECT g.relation
  FROM @extschema@.luuid_group g
 WHERE g.group_id OPERATOR(pg_catalog.=) @extschema@.luuid_group(id)
   AND EXISTS (SELECT FROM pg_catalog.pg_class c
                WHERE c.oid OPERATOR(pg_catalog.=) g.relation)
$$;
COMMENT ON FUNCTION @extschema@.luuid_relation(uuid) IS 'registered table of a PK-embedded UUID''s group (routing)';
CREATE OR REPLACE FUNCTION @extschema@.uuidv7_timestamp(uuid) RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
SELECT CASE WHEN pg_catalog.substr(t, 20, 1) OPERATOR(pg_catalog.<>) ALL (ARRAY['8', '9', 'a', 'b']) THEN NULL
            WHEN pg_catalog.substr(t, 15, 1) OPERATOR(pg_catalog.=) '7'
            THEN @extschema@.uidx_sql_timestamp((@extschema@.uidx_sql_half($1, 0) OPERATOR(pg_catalog.>>) 16)
                                                OPERATOR(pg_catalog.&) 281474976710655)
            WHEN pg_catalog.substr(t, 15, 1) OPERATOR(pg_catalog.=) '1'
            -- 100 ns ticks since 1582-10-15: time_hi (12 bits), time_mid, time_low
            THEN @extschema@.uidx_sql_timestamp_us(
                   ((((('x' OPERATOR(pg_catalog.||) pg_catalog.substr(t, 16, 3)) OPERATOR(pg_catalog.||) pg_catalog.substr(t, 10, 4))
                      OPERATOR(pg_catalog.||) pg_catalog.substr(t, 1, 8))::pg_catalog.bit(60)::pg_catalog.int8) OPERATOR(pg_catalog./) 10)
                   OPERATOR(pg_catalog.+) (-12219292800000000))
       END
  FROM (SELECT $1::pg_catalog.text AS t) s
$$;
COMMENT ON FUNCTION @extschema@.uuidv7_timestamp(uuid) IS 'timestamp of a version 7 or version 1 uuid; NULL for others';
DO $uidx$
DECLARE
    v integer := pg_catalog.current_setting('server_version_num')::integer;
BEGIN
    IF v OPERATOR(pg_catalog.<) 180000 THEN
        -- monotonic per session (docs/managed.md, generator state)
        CREATE OR REPLACE FUNCTION @extschema@.uuidv7() RETURNS uuid
        LANGUAGE sql VOLATILE PARALLEL UNSAFE
        AS $$ SELECT @extschema@.uidx_sql_tick_uuid(@extschema@.uidx_sql_now_ms4096(), B'0111',
                                                     @extschema@.uidx_sql_tie()) $$;
        COMMENT ON FUNCTION @extschema@.uuidv7() IS 'new UUIDv7 for now, monotonic per session (PostgreSQL 18''s uuidv7)';
        CREATE OR REPLACE FUNCTION @extschema@.uuidv7(shift interval) RETURNS uuid
        LANGUAGE plpgsql VOLATILE STRICT PARALLEL UNSAFE
        AS $fn$
        DECLARE
            ts pg_catalog.timestamptz;
        BEGIN
            IF shift::pg_catalog.text OPERATOR(pg_catalog.=) ANY (ARRAY['infinity', '-infinity']) THEN
                RAISE EXCEPTION 'interval out of range for UUID version 7'
                    USING ERRCODE = 'datetime_field_overflow',
                          DETAIL = 'UUID version 7 does not support infinite intervals.';
            END IF;
            ts := pg_catalog.clock_timestamp() OPERATOR(pg_catalog.+) shift;
            IF ts OPERATOR(pg_catalog.<) 'epoch'::pg_catalog.timestamptz
               OR ts OPERATOR(pg_catalog.>) @extschema@.uidx_sql_timestamp(281474976710655) THEN
                RAISE EXCEPTION 'timestamp out of range for UUID version 7'
                    USING ERRCODE = 'datetime_field_overflow',
                          DETAIL = 'UUID version 7 supports timestamps from 1970-01-01 to approximately year 10889.';
            END IF;
            -- exactly floor(unix ms * 4096), in numeric: a shift can reach past 2540
            -- the clock before the tie-breaker (see uidx_sql_tie())
            RETURN @extschema@.uidx_sql_tick_uuid(pg_catalog.floor(EXTRACT(epoch FROM ts) OPERATOR(pg_catalog.*) 4096000)::bigint, B'0111',
                                                  @extschema@.uidx_sql_tie());
        END
        $fn$;
        COMMENT ON FUNCTION @extschema@.uuidv7(interval) IS 'new UUIDv7 with its time shifted by the interval';
    END IF;
    IF v OPERATOR(pg_catalog.<) 170000 THEN
        CREATE OR REPLACE FUNCTION @extschema@.uuid_extract_version(uuid) RETURNS smallint
        LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
        AS $$ SELECT CASE WHEN pg_catalog.substr($1::pg_catalog.text, 20, 1) OPERATOR(pg_catalog.=) ANY (ARRAY['8', '9', 'a', 'b'])
                           THEN ('x' OPERATOR(pg_catalog.||) pg_catalog.substr($1::pg_catalog.text, 15, 1))::pg_catalog.bit(4)::pg_catalog.int4::pg_catalog.int2 END $$;
        COMMENT ON FUNCTION @extschema@.uuid_extract_version(uuid) IS 'version of a uuid; NULL for non-RFC variants (PostgreSQL 17''s function)';
        CREATE OR REPLACE FUNCTION @extschema@.uuid_extract_timestamp(uuid) RETURNS timestamptz
        LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
        AS $$ SELECT @extschema@.uuidv7_timestamp($1) $$;
        COMMENT ON FUNCTION @extschema@.uuid_extract_timestamp(uuid) IS 'timestamp of a version 7 or 1 uuid (PostgreSQL 17''s function)';
    END IF;
END
$uidx$;
CREATE OR REPLACE FUNCTION @extschema@.uuidv7_lower_bound(at timestamptz) RETURNS uuid
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT @extschema@.uidx_sql_uuid((@extschema@.uidx_sql_unix_ms(at, 0, 281474976710655, 'uuid') OPERATOR(pg_catalog.<<) 16)
                                        OPERATOR(pg_catalog.|) 28672,
                                        (2::bigint OPERATOR(pg_catalog.<<) 62)) $$;
COMMENT ON FUNCTION @extschema@.uuidv7_lower_bound(timestamptz) IS 'smallest UUIDv7 of the millisecond of at (range scans, partition bounds)';
CREATE OR REPLACE FUNCTION @extschema@.uuidv7_partman_encoder(ts timestamptz) RETURNS uuid
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT @extschema@.uuidv7_lower_bound(ts) $$;
COMMENT ON FUNCTION @extschema@.uuidv7_partman_encoder(timestamptz) IS 'pg_partman p_time_encoder for UUIDv7 columns';
CREATE OR REPLACE FUNCTION @extschema@.uuidv7_partman_decoder(id text) RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT @extschema@.uuidv7_timestamp(id::pg_catalog.uuid) $$;
COMMENT ON FUNCTION @extschema@.uuidv7_partman_decoder(text) IS 'pg_partman p_time_decoder for UUIDv7 columns';
CREATE OR REPLACE FUNCTION @extschema@.uidx_partition_name(parent_name name, suffix text, reserve integer DEFAULT 0)
RETURNS text
LANGUAGE plpgsql STABLE PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    max_bytes integer;
    tag       text;
    part      text := parent_name;
BEGIN
    IF parent_name IS NULL OR suffix IS NULL OR reserve IS NULL THEN
        RAISE EXCEPTION 'parent_name, suffix and reserve must not be null'
            USING ERRCODE = 'null_value_not_allowed';
    END IF;
    max_bytes := current_setting('max_identifier_length')::integer - 1 - reserve;
    IF octet_length(parent_name || suffix) <= max_bytes THEN
        RETURN parent_name || suffix;
    END IF;
    tag := '_' || left(encode(sha256(convert_to(parent_name, 'UTF8')), 'hex'), 8);
    IF octet_length(tag || suffix) >= max_bytes THEN
        RAISE EXCEPTION 'partition name suffix "%" leaves no room for the name of its table', suffix
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    WHILE octet_length(part || tag || suffix) > max_bytes LOOP
        part := left(part, -1);
    END LOOP;
    RETURN part || tag || suffix;
END
$fn$;
COMMENT ON FUNCTION @extschema@.uidx_partition_name(name, text, integer) IS 'internal: the name of a partition, at most max_identifier_length - 1 bytes, the parent part shortened and tagged with a hash';
CREATE OR REPLACE FUNCTION @extschema@.uidx_ddl_begin(helper text) RETURNS text
LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    caller_timeout constant text := current_setting('lock_timeout');
BEGIN
    IF current_setting('transaction_isolation') <> 'read committed' THEN
        RAISE EXCEPTION '% cannot run in a % transaction', helper, upper(current_setting('transaction_isolation'))
            USING ERRCODE = 'invalid_transaction_state',
                  DETAIL = 'Its checks must see what other transactions committed (rows of a default partition, partitions made by another call), and this transaction''s snapshot does not.',
                  HINT = 'Call it in a READ COMMITTED transaction (BEGIN ISOLATION LEVEL READ COMMITTED); a cron job''s session can SET default_transaction_isolation = ''read committed''.';
    END IF;
    PERFORM set_config('lock_timeout', @extschema@.uidx_ddl_lock_wait(), true);
    RETURN caller_timeout;
END
$fn$;
COMMENT ON FUNCTION @extschema@.uidx_ddl_begin(text) IS 'internal: refuses REPEATABLE READ and SERIALIZABLE (25000) and bounds the lock waits of a partition helper; returns the caller''s lock_timeout';
CREATE OR REPLACE FUNCTION @extschema@.uidx_ddl_lock_wait() RETURNS text
LANGUAGE sql STABLE PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $fn$
SELECT CASE WHEN s.setting::bigint = 0 OR (s.source = 'database' AND s.setting::bigint > 60000) THEN '1min'
            ELSE current_setting('lock_timeout') END
  FROM pg_settings s
 WHERE s.name = 'lock_timeout'
$fn$;
COMMENT ON FUNCTION @extschema@.uidx_ddl_lock_wait() IS 'internal: how long a partition helper waits for a lock, lock_timeout or 1min where it is 0 or a longer database default';
CREATE OR REPLACE FUNCTION @extschema@.uidx_raise_lock_wait(helper text, parent regclass, rel regclass, purpose text)
RETURNS void
LANGUAGE plpgsql VOLATILE PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    named regclass := coalesce(rel, parent);
    ns    name;
    tbl   name;
BEGIN
    SELECT n.nspname, c.relname INTO ns, tbl
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE c.oid = named;
    IF rel IS NOT NULL THEN
        RAISE EXCEPTION '%: could not lock table "%" within %', helper, format('%s.%s', ns, tbl), @extschema@.uidx_ddl_lock_wait()
            USING ERRCODE = 'lock_not_available', SCHEMA = ns, TABLE = tbl,
                  DETAIL = format('It waited for %s; another session holds a lock on the table that conflicts. This call changed nothing.', purpose),
                  HINT = 'pg_locks shows who holds it.  Run the call again later, or give it a longer lock_timeout (docs/partitioning.md "Isolation and locks").';
    END IF;
    RAISE EXCEPTION '%: could not % within %: a lock it needs is held by another session', helper, purpose, @extschema@.uidx_ddl_lock_wait()
        USING ERRCODE = 'lock_not_available', SCHEMA = ns, TABLE = tbl,
              DETAIL = format('The statement waited for a lock on a table it changes: "%s.%s", a partition of it, its default partition, or a table at the other end of a foreign key (one it references or one referencing it); or for another transaction that creates a relation of the same name. This call changed nothing.', ns, tbl),
              HINT = 'pg_locks shows who holds it.  Run the call again later, or give it a longer lock_timeout (docs/partitioning.md "Isolation and locks").';
END
$fn$;
COMMENT ON FUNCTION @extschema@.uidx_raise_lock_wait(text, regclass, regclass, text) IS 'internal: the 55P03 of a partition helper that waited for a lock longer than uidx_ddl_lock_wait()';
CREATE OR REPLACE FUNCTION @extschema@.uidx_lock_partitioned(parent regclass) RETURNS void
LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
SET search_path = pg_catalog, pg_temp
AS $fn$
BEGIN
    IF parent IS NULL THEN
        RAISE EXCEPTION 'parent must not be null' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    -- On a hot standby (a cron job that runs on every server, to go on after
    -- a failover) nothing changes the table but replay, LOCK TABLE cannot
    -- take this mode (25006), and a call's DDL fails as any other: a call
    -- with nothing to do returns nothing there.
    IF pg_is_in_recovery() THEN
        RETURN;
    END IF;
    EXECUTE format('LOCK TABLE ONLY %s IN SHARE UPDATE EXCLUSIVE MODE', parent);
END
$fn$;
COMMENT ON FUNCTION @extschema@.uidx_lock_partitioned(regclass) IS 'internal: one partition helper at a time per table, until the transaction ends';
CREATE OR REPLACE FUNCTION @extschema@.uidx_existing_relation(schema_name name, rel_name text) RETURNS regclass
LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
SET search_path = pg_catalog, pg_temp
AS $fn$
BEGIN
    IF schema_name IS NULL OR rel_name IS NULL THEN
        RAISE EXCEPTION 'schema_name and rel_name must not be null' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    RETURN to_regclass(format('%I.%I', schema_name, rel_name));
END
$fn$;
COMMENT ON FUNCTION @extschema@.uidx_existing_relation(name, text) IS 'internal: a relation by name as the catalog has it now';
CREATE OR REPLACE FUNCTION @extschema@.uidx_time_partition_key(parent regclass, OUT key_name name, OUT key_type regtype,
                                                    OUT bound_fn regprocedure, OUT lt_op text,
                                                    OUT le_op text, OUT ge_op text)
LANGUAGE plpgsql STABLE PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    strategy    "char";
    nkeys       int2;
    key_opclass oid;
    ops         text[];
BEGIN
    IF parent IS NULL THEN
        RAISE EXCEPTION 'parent must not be null' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    SELECT p.partstrat, p.partnatts, a.atttypid::regtype, p.partclass[0], a.attname
      INTO strategy, nkeys, key_type, key_opclass, key_name
      FROM pg_partitioned_table p
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
    SELECT array_agg(format('OPERATOR(%I.%s)', n.nspname, o.oprname) ORDER BY a.amopstrategy) INTO ops
      FROM pg_opclass c
      JOIN pg_amop a ON a.amopfamily = c.opcfamily AND a.amoplefttype = c.opcintype
                    AND a.amoprighttype = c.opcintype AND a.amopstrategy IN (1, 2, 4)
      JOIN pg_operator o ON o.oid = a.amopopr
      JOIN pg_namespace n ON n.oid = o.oprnamespace
     WHERE c.oid = key_opclass;
    lt_op := ops[1];
    le_op := ops[2];
    ge_op := ops[3];
END
$fn$;
COMMENT ON FUNCTION @extschema@.uidx_time_partition_key(regclass) IS 'internal: the key column, lower-bound function and comparison operators of a table partitioned by time, after checking the table';
CREATE OR REPLACE FUNCTION @extschema@.uidx_partition_lock_budget() RETURNS integer
LANGUAGE sql STABLE PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $fn$
SELECT current_setting('max_locks_per_transaction')::integer
       * (current_setting('max_connections')::integer + current_setting('max_prepared_transactions')::integer) / 2
$fn$;
COMMENT ON FUNCTION @extschema@.uidx_partition_lock_budget() IS 'internal: the locks one call of a partition helper may take, half of the server''s lock table';
CREATE OR REPLACE FUNCTION @extschema@.uidx_create_time_partitions(parent regclass, from_ts timestamptz,
                                            to_ts timestamptz, step interval,
                                            default_partition boolean DEFAULT false)
RETURNS SETOF regclass
LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    max_partitions integer;
    lock_budget integer;
    leaf_locks  integer;
    part_locks  integer;
    nindexes    integer;
    key         record;
    bound_fn    regprocedure;
    default_of  regclass;
    default_name text;
    default_rows boolean := false;
    parent_ns   name;
    parent_name name;
    name_format text;
    reserve     integer := 0;
    lows        timestamptz[] := '{}';
    names       text[] := '{}';
    bound_texts text[];
    by_bound    jsonb;
    n           integer := 0;
    lo          timestamptz;
    hi          timestamptz;
    suffix      text;
    part_name   text;
    existing    regclass;
    i           integer;
    missing     integer[] := '{}';
    make_default boolean;
    caller_timeout text;
    wait_rel    regclass;
    wait_for    text;
    named_table text;
BEGIN
    IF parent IS NULL OR from_ts IS NULL OR to_ts IS NULL OR step IS NULL OR default_partition IS NULL THEN
        RAISE EXCEPTION 'uidx_create_time_partitions: % must not be null',
                        CASE WHEN parent IS NULL THEN 'parent' WHEN from_ts IS NULL THEN 'from_ts'
                             WHEN to_ts IS NULL THEN 'to_ts' WHEN step IS NULL THEN 'step'
                             ELSE 'default_partition' END
            USING ERRCODE = 'null_value_not_allowed';
    END IF;
    caller_timeout := @extschema@.uidx_ddl_begin('uidx_create_time_partitions');
    key := @extschema@.uidx_time_partition_key(parent);
    bound_fn := key.bound_fn;
    -- nspname, not regnamespace::name: the latter is already quoted where
    -- the name needs it, and format('%I') would quote it twice
    SELECT n.nspname, c.relname INTO parent_ns, parent_name
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE c.oid = parent;
    IF NOT (isfinite(from_ts) AND isfinite(to_ts) AND isfinite(step)) THEN
        RAISE EXCEPTION 'partition range and step must be finite: from "%" to "%" in steps of "%"',
                        from_ts, to_ts, step
            USING ERRCODE = 'datetime_field_overflow';
    END IF;
    IF step <= interval '0' THEN
        RAISE EXCEPTION 'partition step must be positive: "%"', step
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF step < interval '1 millisecond' THEN
        RAISE EXCEPTION 'partition step "%" is shorter than the smallest step, 1 millisecond', step
            USING ERRCODE = 'invalid_parameter_value',
                  DETAIL = 'Every partition bound is the first value of a millisecond.';
    END IF;
    -- a range that ends before it starts is a mistake, not an empty request
    IF from_ts > to_ts THEN
        RAISE EXCEPTION 'partition range starts after it ends: from "%" to "%"', from_ts, to_ts
            USING ERRCODE = 'invalid_parameter_value',
                  HINT = 'Give the earlier time first.';
    END IF;


    -- The per-call limit (uidx_partition_lock_budget): each partition made
    -- stays locked (ACCESS EXCLUSIVE) until the transaction ends, with its
    -- indexes and its TOAST table and index, and every stripe with its own;
    -- a default partition made takes as many as an unstriped partition.
    SELECT count(*) INTO nindexes FROM pg_index x WHERE x.indrelid = parent;
    leaf_locks := 1 + nindexes
                  + CASE WHEN EXISTS (SELECT 1 FROM pg_attribute a JOIN pg_type t ON t.oid = a.atttypid
                                       WHERE a.attrelid = parent AND a.attnum > 0 AND NOT a.attisdropped
                                         AND t.typstorage <> 'p')
                         THEN 2 ELSE 0 END;
    part_locks := leaf_locks;
    lock_budget := @extschema@.uidx_partition_lock_budget();
    max_partitions := least(10000, greatest(1, (lock_budget - CASE WHEN default_partition THEN leaf_locks ELSE 0 END)
                                               / part_locks));

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
            RAISE EXCEPTION 'too many partitions: from "%" to "%" in steps of "%" is more than % partitions of "%" in one call',
                            from_ts, to_ts, step, max_partitions, parent
                USING ERRCODE = 'program_limit_exceeded',
                      DETAIL = format('Each new partition of "%s" holds %s locks until the transaction ends (itself, its indexes, its TOAST table and stripes); one call takes at most %s, half of max_locks_per_transaction (%s) x (max_connections (%s) + max_prepared_transactions (%s)).',
                                      parent, part_locks, lock_budget, current_setting('max_locks_per_transaction'),
                                      current_setting('max_connections'), current_setting('max_prepared_transactions')),
                      HINT = 'Create them in several calls, each in a transaction of its own, or raise max_locks_per_transaction.';
        END IF;
        hi := lo + step;
        IF hi <= lo THEN
            RAISE EXCEPTION 'partition step "%" does not move forward from "%"', step, lo
                USING ERRCODE = 'invalid_parameter_value';
        END IF;
        -- a step of months and days can be shorter in one month than it compares
        IF hi < lo + interval '1 millisecond' THEN
            RAISE EXCEPTION 'partition step "%" from "%" is shorter than the smallest step, 1 millisecond', step, lo
                USING ERRCODE = 'invalid_parameter_value',
                      DETAIL = 'Every partition bound is the first value of a millisecond.';
        END IF;
        suffix := '_p' || to_char(lo AT TIME ZONE 'UTC', name_format);
        part_name := @extschema@.uidx_partition_name(parent_name, suffix, reserve);
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

    IF n = 0 AND NOT default_partition THEN
        PERFORM set_config('lock_timeout', caller_timeout, true);
        RETURN;
    END IF;
    -- What exists is read after the lock: a call that waited for another
    -- finds its partitions.
    wait_rel := parent;
    wait_for := 'SHARE UPDATE EXCLUSIVE, which one partition helper at a time holds';
    PERFORM @extschema@.uidx_lock_partitioned(parent);
    SELECT nullif(p.partdefid, 0)::regclass INTO default_of FROM pg_partitioned_table p WHERE p.partrelid = parent;
    make_default := default_of IS NULL AND default_partition;
    IF make_default THEN
        default_name := @extschema@.uidx_partition_name(parent_name, '_default');
        IF @extschema@.uidx_existing_relation(parent_ns, default_name) IS NOT NULL THEN
            RAISE EXCEPTION 'relation "%" already exists and is not a partition of "%"',
                            format('%I.%I', parent_ns, default_name), parent
                USING ERRCODE = 'duplicate_table';
        END IF;
    END IF;
    IF n > 0 THEN
        -- the bounds, as the server prints a partition bound, and the
        -- partitions that have them now
        EXECUTE format('SELECT array_agg(%s(b)::text ORDER BY o) FROM unnest($1) WITH ORDINALITY u(b, o)',
                       bound_fn::oid::regproc)
           INTO bound_texts USING lows || (lows[n] + step);
        SELECT jsonb_object_agg(pg_get_expr(c.relpartbound, c.oid), c.oid::regclass::text) INTO by_bound
          FROM pg_inherits h JOIN pg_class c ON c.oid = h.inhrelid
         WHERE h.inhparent = parent;
    END IF;
    -- the partitions to make: every name is checked before anything is made
    FOR i IN 1 .. n LOOP
        CONTINUE WHEN by_bound ? format('FOR VALUES FROM (%L) TO (%L)', bound_texts[i], bound_texts[i + 1]);
        existing := @extschema@.uidx_existing_relation(parent_ns, names[i]);
        IF existing IS NULL THEN
            missing := missing || i;
        ELSIF NOT EXISTS (SELECT 1 FROM pg_inherits WHERE inhrelid = existing AND inhparent = parent) THEN
            RAISE EXCEPTION 'relation "%" already exists and is not a partition of "%"', existing, parent
                USING ERRCODE = 'duplicate_table';
        END IF;
    END LOOP;
    IF cardinality(missing) = 0 AND NOT make_default THEN
        PERFORM set_config('lock_timeout', caller_timeout, true);
        RETURN;
    END IF;

    -- CREATE TABLE ... PARTITION OF locks the parent ACCESS EXCLUSIVE, and
    -- its default partition, which it scans: both are locked first, so that
    -- a wait names them, and so that no row reaches the default between the
    -- check below and the creation.
    wait_for := 'ACCESS EXCLUSIVE, to create partitions of it';
    EXECUTE format('LOCK TABLE ONLY %s IN ACCESS EXCLUSIVE MODE', parent);
    IF default_of IS NOT NULL AND cardinality(missing) > 0 THEN
        wait_rel := default_of;
        wait_for := 'ACCESS EXCLUSIVE, to create partitions beside this default partition';
        EXECUTE format('LOCK TABLE %s IN ACCESS EXCLUSIVE MODE', default_of);
        EXECUTE format('SELECT EXISTS (SELECT FROM %s)', default_of) INTO default_rows;
    END IF;
    wait_rel := NULL;
    IF make_default THEN
        -- made first: empty, it holds no row of the partitions to come
        wait_for := format('create the default partition "%s.%s" of "%s"', parent_ns, default_name, parent);
        EXECUTE format('CREATE TABLE %I.%I PARTITION OF %s DEFAULT', parent_ns, default_name, parent);
        RETURN NEXT format('%I.%I', parent_ns, default_name)::regclass;
    END IF;
    -- A new partition's range must hold no row of the default partition:
    -- the first range that does is refused before anything is made (an
    -- empty default, the usual case, is read once).
    IF default_rows THEN
        EXECUTE format('SELECT u.lo FROM unnest($1) u(lo)
                         WHERE EXISTS (SELECT FROM %s d WHERE d.%I %s %s(u.lo) AND d.%I %s %s(u.lo + $2))
                         ORDER BY u.lo LIMIT 1',
                       default_of, key.key_name, key.ge_op, bound_fn::oid::regproc,
                       key.key_name, key.lt_op, bound_fn::oid::regproc)
           INTO lo USING lows, step;
        IF lo IS NOT NULL THEN
            RAISE EXCEPTION 'default partition "%" holds rows from "%" to "%", the range of a new partition of "%"',
                            default_of, lo, lo + step, parent
                USING ERRCODE = 'check_violation',
                      DETAIL = 'PostgreSQL cannot create a partition for rows that its default partition holds; nothing was created.',
                      HINT = format('Move those rows into their partition first: detach %s, create the partitions, insert its rows into %s again and drop it (docs/partitioning.md "A default partition").',
                                    default_of, parent);
        END IF;
    END IF;

    -- The bounds are the key's values as literals, which its type's input
    -- function reads, not calls of the bound function: a quoted argument is
    -- of type unknown, and an overload of the function's name taking text,
    -- which any role that may create in its schema can add, would be chosen
    -- over it.  For the same reason uidx_create_stripes gets a regclass.
    FOREACH i IN ARRAY missing LOOP
        part_name := names[i];
        wait_for := format('create partition "%s.%s" of "%s"', parent_ns, part_name, parent);
        EXECUTE format('CREATE TABLE %I.%I PARTITION OF %s FOR VALUES FROM (%L) TO (%L)',
                       parent_ns, part_name, parent, bound_texts[i], bound_texts[i + 1]);
        RETURN NEXT format('%I.%I', parent_ns, part_name)::regclass;
    END LOOP;
    PERFORM set_config('lock_timeout', caller_timeout, true);
EXCEPTION WHEN lock_not_available THEN
    -- a helper this one called (uidx_create_stripes) named its wait already
    GET STACKED DIAGNOSTICS named_table = TABLE_NAME;
    IF named_table <> '' THEN
        RAISE;
    END IF;
    PERFORM @extschema@.uidx_raise_lock_wait('uidx_create_time_partitions', parent, wait_rel, wait_for);
END
$fn$;
COMMENT ON FUNCTION @extschema@.uidx_create_time_partitions(regclass, timestamptz, timestamptz, interval, boolean) IS 'creates the missing time-range partitions of a table partitioned by a time-prefixed uuid column, and a default partition on request';
CREATE OR REPLACE FUNCTION @extschema@.uidx_drop_time_partitions(parent regclass, older_than timestamptz,
                                                      detach_only boolean DEFAULT false)
RETURNS SETOF text
LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    key          record;
    bound_text   text;
    default_of   regclass;
    old_rows     boolean := false;
    new_rows     boolean;
    parts        oid[] := '{}';
    uppers       text[] := '{}';
    doomed       oid[];
    needed       integer;
    budget       integer;
    r            record;
    upper_text   text;
    caller_timeout text;
    wait_rel     regclass;
    wait_for     text;
BEGIN
    IF parent IS NULL OR older_than IS NULL OR detach_only IS NULL THEN
        RAISE EXCEPTION 'uidx_drop_time_partitions: % must not be null',
                        CASE WHEN parent IS NULL THEN 'parent' WHEN older_than IS NULL THEN 'older_than'
                             ELSE 'detach_only' END
            USING ERRCODE = 'null_value_not_allowed';
    END IF;
    caller_timeout := @extschema@.uidx_ddl_begin('uidx_drop_time_partitions');
    key := @extschema@.uidx_time_partition_key(parent);
    IF NOT isfinite(older_than) THEN
        RAISE EXCEPTION 'older_than must be finite: "%"', older_than
            USING ERRCODE = 'datetime_field_overflow';
    END IF;
    EXECUTE format('SELECT %s($1)::text', key.bound_fn::oid::regproc) INTO bound_text USING older_than;

    -- What exists is read after the lock: a call that waited for another
    -- finds what the other left.
    wait_rel := parent;
    wait_for := 'SHARE UPDATE EXCLUSIVE, which one partition helper at a time holds';
    PERFORM @extschema@.uidx_lock_partitioned(parent);
    SELECT nullif(p.partdefid, 0)::regclass INTO default_of FROM pg_partitioned_table p WHERE p.partrelid = parent;
    -- every partition's upper bound, as the server prints it: a quoted
    -- literal of the key type, or MAXVALUE (never before a bound)
    FOR r IN SELECT c.oid, c.relkind, pg_get_expr(c.relpartbound, c.oid) AS bound
               FROM pg_inherits h JOIN pg_class c ON c.oid = h.inhrelid
              WHERE h.inhparent = parent AND c.oid IS DISTINCT FROM default_of::oid
    LOOP
        upper_text := substring(r.bound FROM '^FOR VALUES FROM \(.*\) TO \(''([^''\\]*)''\)$');
        CONTINUE WHEN upper_text IS NULL AND r.bound ~ ' TO \(MAXVALUE\)$';
        IF upper_text IS NULL THEN
            RAISE EXCEPTION 'partition "%" of "%" has a bound that cannot be read: %', r.oid::regclass, parent, r.bound
                USING ERRCODE = 'internal_error';
        END IF;
        parts := parts || r.oid;
        uppers := uppers || upper_text;
    END LOOP;
    -- those entirely before the bound, oldest first, in the key's order
    EXECUTE format('SELECT coalesce(array_agg(u.o ORDER BY u.up::%1$s), ''{}'') FROM unnest($1, $2) u(o, up)
                     WHERE u.up::%1$s %2$s $3::%1$s',
                   key.key_type, key.le_op)
       INTO doomed USING parts, uppers, bound_text;
    IF default_of IS NOT NULL THEN
        EXECUTE format('SELECT EXISTS (SELECT FROM %s d WHERE d.%I %s $1::%s)',
                       default_of, key.key_name, key.lt_op, key.key_type)
           INTO old_rows USING bound_text;
    END IF;
    IF cardinality(doomed) = 0 AND NOT old_rows THEN
        PERFORM set_config('lock_timeout', caller_timeout, true);
        RETURN;
    END IF;

    -- DETACH takes ACCESS EXCLUSIVE on the parent (ONLY: each partition is
    -- locked when it goes) and on its default partition: taken now, so
    -- that a wait names them, and so that no row reaches the default
    -- partition between its check and its detach
    wait_for := 'ACCESS EXCLUSIVE, to detach partitions from it';
    EXECUTE format('LOCK TABLE ONLY %s IN ACCESS EXCLUSIVE MODE', parent);
    IF default_of IS NOT NULL THEN
        wait_rel := default_of;
        wait_for := 'ACCESS EXCLUSIVE, to detach partitions beside this default partition';
        EXECUTE format('LOCK TABLE %s IN ACCESS EXCLUSIVE MODE', default_of);
    END IF;
    IF old_rows THEN
        EXECUTE format('SELECT EXISTS (SELECT FROM %s d WHERE d.%I %s $1::%s)',
                       default_of, key.key_name, key.ge_op, key.key_type)
           INTO new_rows USING bound_text;
        IF new_rows THEN
            RAISE EXCEPTION 'default partition "%" of "%" holds rows at or after "%" as well as rows before it',
                            default_of, parent, older_than
                USING ERRCODE = 'object_not_in_prerequisite_state',
                      DETAIL = 'Dropping it would drop rows newer than the bound; nothing was detached or dropped.',
                      HINT = format('Delete its older rows (DELETE FROM %s WHERE %I %s %s(%L)), or move them into partitions of their own (docs/partitioning.md "A default partition").',
                                    default_of, key.key_name, key.lt_op, key.bound_fn::oid::regproc, older_than);
        END IF;
        doomed := doomed || default_of::oid;
    END IF;
    -- A foreign table holds rows elsewhere, which DROP TABLE cannot drop.
    SELECT c.oid::regclass AS part INTO r FROM pg_class c WHERE c.oid = ANY (doomed) AND c.relkind = 'f' LIMIT 1;
    IF FOUND THEN
        RAISE EXCEPTION 'partition "%" of "%" is a foreign table', r.part, parent
            USING ERRCODE = 'wrong_object_type',
                  DETAIL = 'uidx_drop_time_partitions drops local partitions only; nothing was detached or dropped.',
                  HINT = 'Detach it with ALTER TABLE ... DETACH PARTITION, and drop its rows where they are.';
    END IF;

    -- The per-call limit: every table of each partition's tree (a striped
    -- partition and its stripes) stays locked until the transaction ends,
    -- with its row type and array type, each index and its constraint, and
    -- its TOAST table, index and type.
    SELECT sum(3 + 2 * (SELECT count(*) FROM pg_index x WHERE x.indrelid = t.relid)
               + CASE WHEN c.reltoastrelid <> 0 THEN 3 ELSE 0 END)::integer + 2
      INTO needed
      FROM unnest(doomed) d(o)
     CROSS JOIN LATERAL pg_partition_tree(d.o) t
      JOIN pg_class c ON c.oid = t.relid;
    budget := @extschema@.uidx_partition_lock_budget();
    IF needed > budget THEN
        RAISE EXCEPTION 'too many partitions: dropping the % partitions of "%" before "%" takes about % locks, more than one call may take (%)',
                        cardinality(doomed), parent, older_than, needed, budget
            USING ERRCODE = 'program_limit_exceeded',
                  DETAIL = format('Each dropped table, index and type stays locked until the transaction ends; one call takes at most %s locks, half of max_locks_per_transaction (%s) x (max_connections (%s) + max_prepared_transactions (%s)).',
                                  budget, current_setting('max_locks_per_transaction'),
                                  current_setting('max_connections'), current_setting('max_prepared_transactions')),
                  HINT = 'Drop them in several calls, an earlier older_than first, each in a transaction of its own, or raise max_locks_per_transaction.';
    END IF;

    -- each partition before any is detached, so that a wait names it; with
    -- its stripes where DROP TABLE will lock them too
    FOR r IN SELECT d.o::regclass AS part FROM unnest(doomed) WITH ORDINALITY d(o, i) ORDER BY d.i LOOP
        wait_rel := r.part;
        wait_for := CASE WHEN detach_only THEN 'ACCESS EXCLUSIVE, to detach it' ELSE 'ACCESS EXCLUSIVE, to detach and drop it' END;
        EXECUTE format('LOCK TABLE %s%s IN ACCESS EXCLUSIVE MODE', CASE WHEN detach_only THEN 'ONLY ' ELSE '' END, r.part);
    END LOOP;
    wait_rel := NULL;
    FOR r IN SELECT d.o::regclass AS part, format('%I.%I', n.nspname, c.relname) AS name
               FROM unnest(doomed) WITH ORDINALITY d(o, i)
               JOIN pg_class c ON c.oid = d.o JOIN pg_namespace n ON n.oid = c.relnamespace
              ORDER BY d.i
    LOOP
        wait_for := format('detach partition "%s" from "%s"', r.name, parent);
        EXECUTE format('ALTER TABLE %s DETACH PARTITION %s', parent, r.part);
        IF NOT detach_only THEN
            wait_for := format('drop partition "%s" of "%s"', r.name, parent);
            EXECUTE format('DROP TABLE %s', r.part);
        END IF;
        RETURN NEXT r.name;
    END LOOP;
    PERFORM set_config('lock_timeout', caller_timeout, true);
EXCEPTION WHEN lock_not_available THEN
    PERFORM @extschema@.uidx_raise_lock_wait('uidx_drop_time_partitions', parent, wait_rel, wait_for);
END
$fn$;
COMMENT ON FUNCTION @extschema@.uidx_drop_time_partitions(regclass, timestamptz, boolean) IS 'detaches and drops (or only detaches) the time partitions of a table that lie entirely before a time, and returns their names';
CREATE OR REPLACE FUNCTION @extschema@.uidx_drop_time_partitions(parent regclass, older_than interval,
                                                      detach_only boolean DEFAULT false)
RETURNS SETOF text
LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
SET search_path = pg_catalog, pg_temp
AS $fn$
BEGIN
    IF parent IS NULL OR older_than IS NULL OR detach_only IS NULL THEN
        RAISE EXCEPTION 'uidx_drop_time_partitions: % must not be null',
                        CASE WHEN parent IS NULL THEN 'parent' WHEN older_than IS NULL THEN 'older_than'
                             ELSE 'detach_only' END
            USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF older_than < interval '0' THEN
        RAISE EXCEPTION 'older_than must not be negative: "%"', older_than
            USING ERRCODE = 'invalid_parameter_value',
                  HINT = 'Give the age of the oldest rows to keep, such as interval ''90 days''.';
    END IF;
    IF NOT isfinite(older_than) THEN
        RAISE EXCEPTION 'older_than must be finite: "%"', older_than
            USING ERRCODE = 'datetime_field_overflow';
    END IF;
    RETURN QUERY SELECT * FROM @extschema@.uidx_drop_time_partitions(parent, now() - older_than, detach_only);
END
$fn$;
COMMENT ON FUNCTION @extschema@.uidx_drop_time_partitions(regclass, interval, boolean) IS 'detaches and drops (or only detaches) the time partitions of a table that lie entirely before now() - older_than, and returns their names';
CREATE OR REPLACE FUNCTION @extschema@.uidx_sql_parse_hex16(input text) RETURNS uuid
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
SELECT CASE WHEN (input COLLATE pg_catalog."C") OPERATOR(pg_catalog.~)
                 '^(\{[0-9A-Fa-f]{4}(-?[0-9A-Fa-f]{4}){7}\}|[0-9A-Fa-f]{4}(-?[0-9A-Fa-f]{4}){7})$'
            THEN input::pg_catalog.uuid END
$$;
COMMENT ON FUNCTION @extschema@.uidx_sql_parse_hex16(text) IS 'internal: the uuid of a hex text form the C extension accepts, NULL for any other text';
CREATE OR REPLACE FUNCTION @extschema@.uidx_sql_distid_parse(input text) RETURNS numeric
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
CREATE OR REPLACE FUNCTION @extschema@.uidx_is_valid(input text, type text) RETURNS boolean
LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    spelled pg_catalog.text COLLATE pg_catalog."C" := pg_catalog.btrim($2, E' \t\n\r\f');
    typ     pg_catalog.regtype;
    value   numeric;
BEGIN
    IF spelled OPERATOR(pg_catalog.~) '^"[^"]*"$' THEN
        spelled := pg_catalog.substr(spelled, 2, pg_catalog.length(spelled) OPERATOR(pg_catalog.-) 2);
    ELSE
        spelled := pg_catalog.translate(spelled, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz');
    END IF;
    IF spelled OPERATOR(pg_catalog.=) 'iuid' THEN
        RETURN COALESCE(@extschema@.iuid_is_valid(@extschema@.uidx_sql_parse_hex16($1)), false);
    ELSIF spelled OPERATOR(pg_catalog.=) 'comb' THEN
        RETURN @extschema@.uidx_sql_parse_hex16($1) IS NOT NULL;
    ELSIF spelled OPERATOR(pg_catalog.=) 'distid' THEN
        value := @extschema@.uidx_sql_distid_parse($1);
        RETURN value IS NOT NULL AND value OPERATOR(pg_catalog.<=) 9903520314283042199192993791;
    END IF;
    typ := $2::pg_catalog.regtype;
    IF typ OPERATOR(pg_catalog.=) 'pg_catalog.uuid'::pg_catalog.regtype THEN
        RETURN @extschema@.uidx_sql_parse_hex16($1) IS NOT NULL;
    END IF;
    IF NOT EXISTS (SELECT FROM pg_catalog.pg_type t WHERE t.oid OPERATOR(pg_catalog.=) typ) THEN
        RAISE EXCEPTION 'type with OID % does not exist', typ::pg_catalog.oid
            USING ERRCODE = 'undefined_object';
    END IF;
    RAISE EXCEPTION 'uidx_is_valid checks the types of uidx and uuid, not %', pg_catalog.format_type(typ, NULL)
        USING ERRCODE = 'invalid_parameter_value',
              HINT = 'On PostgreSQL 16 and later, pg_input_is_valid() checks any type.';
END
$fn$;
COMMENT ON FUNCTION @extschema@.uidx_is_valid(text, text) IS 'whether text is a valid input of iuid, comb, distid or uuid as the C extension reads them, without raising; the type is given by name';
CREATE OR REPLACE FUNCTION @extschema@.uidx_sql_plausible(unix_ms bigint, now_ms bigint) RETURNS boolean
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT unix_ms OPERATOR(pg_catalog.>=) 631152000000
             AND unix_ms OPERATOR(pg_catalog.<=) (now_ms OPERATOR(pg_catalog.+) 86400000) $$;
COMMENT ON FUNCTION @extschema@.uidx_sql_plausible(bigint, bigint) IS 'internal: whether uidx_inspect finds a time plausible (1990-01-01 to a day after now)';
CREATE OR REPLACE FUNCTION @extschema@.uidx_sql_inspect_uuid(b uuid, form text, now_ms bigint,
                                                  OUT kind text, OUT score integer,
                                                  OUT unix_ms bigint, OUT details jsonb)
RETURNS SETOF record
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE ROWS 3
SET search_path = pg_catalog, pg_temp
AS $fn$
BEGIN
    RETURN QUERY
SELECT r.kind, r.score, r.unix_ms, pg_catalog.jsonb_build_object('form', f.form) OPERATOR(pg_catalog.||) r.details
  FROM (SELECT $2 AS form, h.t, h.msb, h.lsb,
               pg_catalog.substr(h.t, 15, 1) AS ver,
               pg_catalog.substr(h.t, 20, 1) OPERATOR(pg_catalog.=) ANY (ARRAY['8', '9', 'a', 'b']) AS rfc,
               (h.msb OPERATOR(pg_catalog.>>) 16) OPERATOR(pg_catalog.&) 281474976710655 AS ms48,
               pg_catalog.jsonb_build_object('uuid', h.t) AS hex
          FROM (SELECT $1::pg_catalog.text AS t, @extschema@.uidx_sql_half($1, 0) AS msb,
                       @extschema@.uidx_sql_half($1, 1) AS lsb) h) f,
       LATERAL (SELECT f.ver OPERATOR(pg_catalog.=) '8' AND f.rfc AND (f.msb OPERATOR(pg_catalog.&) 3840) OPERATOR(pg_catalog.=) 0 AS is_iuid,
                       f.ver OPERATOR(pg_catalog.=) '7' AND f.rfc AS is_v7,
                       f.ver OPERATOR(pg_catalog.=) '7' AND f.lsb OPERATOR(pg_catalog.>=) 0 AS is_distid128,
                       f.ver OPERATOR(pg_catalog.=) '6' AND pg_catalog.substr(f.t, 20, 1) OPERATOR(pg_catalog.=) 'a' AS is_luuid,
                       f.ver OPERATOR(pg_catalog.=) '4' AND f.rfc AS is_v4,
                       f.ms48 OPERATOR(pg_catalog.+) (-8520336000000) AS distid128_ms,
                       f.lsb OPERATOR(pg_catalog.&) 281474976710655 AS suffix_ms,
                       -- SQL Server datetime (FORMATS.md §B2): days since 1900 and
                       -- 1/300 s ticks, rounded up to a microsecond, then floored
                       -- to a millisecond; no datetime past a day's last tick
                       (f.lsb OPERATOR(pg_catalog.&) 4294967295) OPERATOR(pg_catalog.<=) 25920000 AS is_sqlserver,
                       pg_catalog.floor((((((f.lsb OPERATOR(pg_catalog.>>) 32) OPERATOR(pg_catalog.&) 65535) OPERATOR(pg_catalog.+) (-25567)) OPERATOR(pg_catalog.*) 86400000000)
                                         OPERATOR(pg_catalog.+) ((((f.lsb OPERATOR(pg_catalog.&) 4294967295) OPERATOR(pg_catalog.*) 10000) OPERATOR(pg_catalog.+) 2) OPERATOR(pg_catalog./) 3))
                                        OPERATOR(pg_catalog./) 1000.0)::bigint AS sqlserver_ms,
                       -- a DistributedId: T in bytes 4-9 (only then: the
                       -- subtraction could leave bigint for other bytes)
                       f.msb OPERATOR(pg_catalog.>=) 0 AND f.msb OPERATOR(pg_catalog.<) 536870912 AS is_distid,
                       CASE WHEN f.msb OPERATOR(pg_catalog.>=) 0 AND f.msb OPERATOR(pg_catalog.<) 536870912
                            THEN ((f.msb OPERATOR(pg_catalog.<<) 16) OPERATOR(pg_catalog.|) ((f.lsb OPERATOR(pg_catalog.>>) 48) OPERATOR(pg_catalog.&) 65535))
                                 OPERATOR(pg_catalog.+) (-2208988800000) END AS distid_ms) l,
       LATERAL (SELECT @extschema@.uidx_sql_plausible(f.ms48, $3) AS ms48,
                       @extschema@.uidx_sql_plausible(l.distid128_ms, $3) AS distid128,
                       @extschema@.uidx_sql_plausible(l.suffix_ms, $3) AS suffix,
                       l.is_sqlserver AND @extschema@.uidx_sql_plausible(l.sqlserver_ms, $3) AS sqlserver,
                       @extschema@.uidx_sql_plausible(l.distid_ms, $3) AS distid) pl,
       LATERAL (
        SELECT 'iuid' AS kind, CASE WHEN pl.ms48 THEN 90 ELSE 50 END AS score, f.ms48 AS unix_ms,
               f.hex OPERATOR(pg_catalog.||) pg_catalog.jsonb_build_object('country', f.msb OPERATOR(pg_catalog.&) 255,
                                                              'service_entity', (f.lsb OPERATOR(pg_catalog.>>) 54) OPERATOR(pg_catalog.&) 255,
                                                              'format_version', (f.msb OPERATOR(pg_catalog.>>) 8) OPERATOR(pg_catalog.&) 15,
                                                              'random', f.lsb OPERATOR(pg_catalog.&) 18014398509481983) AS details
         WHERE l.is_iuid
        UNION ALL
        SELECT 'uuidv7', CASE WHEN pl.ms48 THEN 85 ELSE 45 END, f.ms48,
               f.hex OPERATOR(pg_catalog.||) pg_catalog.jsonb_build_object('sub_ms_fraction', f.msb OPERATOR(pg_catalog.&) 4095)
         WHERE l.is_v7
        UNION ALL
        SELECT 'distid128', CASE WHEN pl.distid128 THEN 85 ELSE 45 END, l.distid128_ms, f.hex
         WHERE l.is_distid128
        UNION ALL
        SELECT 'luuid', 70, NULL,
               f.hex OPERATOR(pg_catalog.||) pg_catalog.jsonb_build_object('pk', f.ms48, 'short', pg_catalog.to_hex(f.ms48),
                                                              'group', f.msb OPERATOR(pg_catalog.&) 4095)
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
               pg_catalog.jsonb_build_object('decimal', d.v::pg_catalog.text, 'alnum', @extschema@.alnum_encode(d.v))
               OPERATOR(pg_catalog.||) CASE WHEN f.form OPERATOR(pg_catalog.=) 'uuid' THEN f.hex ELSE '{}'::pg_catalog.jsonb END
          FROM (SELECT CASE WHEN l.is_distid
                            THEN (f.msb::numeric OPERATOR(pg_catalog.*) 18446744073709551616) OPERATOR(pg_catalog.+) @extschema@.uidx_sql_u64(f.lsb) END AS v) d
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
CREATE OR REPLACE FUNCTION @extschema@.uidx_sql_inspect_distid(v numeric, form text, now_ms bigint,
                                                    OUT kind text, OUT score integer,
                                                    OUT unix_ms bigint, OUT details jsonb)
RETURNS SETOF record
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE ROWS 1
SET search_path = pg_catalog, pg_temp
AS $fn$
BEGIN
    RETURN QUERY
SELECT 'distid'::pg_catalog.text, CASE WHEN @extschema@.uidx_sql_plausible(m.ms, $3) THEN 80 ELSE 40 END, m.ms,
       pg_catalog.jsonb_build_object('form', $2, 'decimal', $1::pg_catalog.text,
                                     'alnum', @extschema@.alnum_encode(CASE WHEN $1 OPERATOR(pg_catalog.<=) 9903520314283042199192993791 THEN $1 END))
  FROM (SELECT pg_catalog.div($1, 281474976710656)::bigint OPERATOR(pg_catalog.+) (-2208988800000) AS ms) m
 WHERE $1 OPERATOR(pg_catalog.<=) 9903520314283042199192993791;
END
$fn$;
COMMENT ON FUNCTION @extschema@.uidx_sql_inspect_distid(numeric, text, bigint) IS 'internal: the uidx_inspect reading of a DistributedId''s decimal or alphanumeric text';
CREATE OR REPLACE FUNCTION @extschema@.uidx_inspect_readings(id text, OUT kind text, OUT ts timestamptz,
                                                  OUT details jsonb, OUT score integer)
RETURNS SETOF record
LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE ROWS 3
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    kind_order constant pg_catalog.text[] := '{iuid,uuidv7,distid128,luuid,comb_prefix,comb_suffix,comb_sqlserver,distid,uuid_v4,public_id}';
    -- the statement's start, as now() is: one statement sees one answer
    now_ms  bigint := pg_catalog.floor(EXTRACT(epoch FROM pg_catalog.statement_timestamp()) OPERATOR(pg_catalog.*) 1000)::bigint;
    s       pg_catalog.text COLLATE pg_catalog."C" := pg_catalog.btrim(id, E' \t\n\r\f\x0b');
    n       integer;
    form    pg_catalog.text;
    value   pg_catalog.uuid;
    num     numeric;
    kinds   pg_catalog.text[];
    scores  integer[];
    times   bigint[];
    dets    pg_catalog.jsonb[];
    plain   pg_catalog.bytea;
    decoded pg_catalog.text;
    at      integer;
BEGIN
    IF pg_catalog.octet_length(s) OPERATOR(pg_catalog.>=) 9
       AND pg_catalog.translate(pg_catalog.substr(s, 1, 9), 'URNID', 'urnid') OPERATOR(pg_catalog.=) 'urn:uuid:' THEN
        s := pg_catalog.substr(s, 10);
    END IF;
    n := pg_catalog.octet_length(s);
    IF n OPERATOR(pg_catalog.=) 0 OR n OPERATOR(pg_catalog.>) 64 THEN
        RETURN;
    END IF;

    value := @extschema@.uidx_sql_parse_hex16(s);
    IF value IS NOT NULL THEN
        form := 'uuid';
    ELSIF n OPERATOR(pg_catalog.<=) 28 AND s OPERATOR(pg_catalog.~) '^[0-9]+$' THEN
        form := 'decimal';
        num := @extschema@.uidx_sql_distid_parse(s);
    ELSIF n OPERATOR(pg_catalog.=) 16 THEN
        num := @extschema@.uidx_sql_distid_parse(s);
        form := CASE WHEN num IS NOT NULL THEN 'alnum16' END;
    ELSIF n OPERATOR(pg_catalog.=) 22 AND s OPERATOR(pg_catalog.~) '^[0-9A-Za-z]{22}$'
          AND pg_catalog.substr(s, 1, 11) OPERATOR(pg_catalog.<=) 'LygHa16AHYF' AND pg_catalog.substr(s, 12) OPERATOR(pg_catalog.<=) 'LygHa16AHYF' THEN
        -- every 11-character block canonical (below 2^64): decoding cannot raise
        form := 'alnum22';
        value := @extschema@.alnum_decode_uuid(s);
    END IF;

    SELECT pg_catalog.array_agg(r.kind ORDER BY r.score DESC, pg_catalog.array_position(kind_order, r.kind)),
           pg_catalog.array_agg(r.score ORDER BY r.score DESC, pg_catalog.array_position(kind_order, r.kind)),
           pg_catalog.array_agg(r.unix_ms ORDER BY r.score DESC, pg_catalog.array_position(kind_order, r.kind)),
           pg_catalog.array_agg(r.details ORDER BY r.score DESC, pg_catalog.array_position(kind_order, r.kind))
      INTO kinds, scores, times, dets
      FROM (SELECT * FROM @extschema@.uidx_sql_inspect_uuid(value, form, now_ms)
            UNION ALL
            SELECT * FROM @extschema@.uidx_sql_inspect_distid(num, form, now_ms)) r;
    IF kinds IS NULL THEN
        RETURN;
    END IF;

    -- the public id, when the key decrypts the bytes to a block that checks
    IF value IS NOT NULL
       AND pg_catalog.to_regprocedure('@extschema@.uidx_sql_public_id_aes(pg_catalog.bytea,boolean,boolean)') IS NOT NULL THEN
        plain := @extschema@.uidx_sql_public_id_aes(@extschema@.uidx_sql_netswap(pg_catalog.uuid_send(value)), true, true);
        IF pg_catalog.substr(plain, 1, 8) OPERATOR(pg_catalog.=) '\x0000000000000000'::pg_catalog.bytea THEN
            decoded := @extschema@.uidx_sql_le_value(pg_catalog.substr(plain, 9, 8))::pg_catalog.text;
        ELSIF pg_catalog.substr(plain, 1, 4) OPERATOR(pg_catalog.=) '\x00000000'::pg_catalog.bytea THEN
            num := (@extschema@.uidx_sql_le_value(pg_catalog.substr(plain, 5, 4)) OPERATOR(pg_catalog.*) 18446744073709551616)
                   OPERATOR(pg_catalog.+) @extschema@.uidx_sql_le_value(pg_catalog.substr(plain, 9, 8));
            IF num OPERATOR(pg_catalog.<=) 9999999999999999999999999999 THEN
                decoded := num::pg_catalog.text;
            END IF;
        END IF;
    END IF;
    IF decoded IS NOT NULL THEN
        -- it replaces the opaque reading, or the last one when there is no room
        at := pg_catalog.array_position(kinds, 'public_id');
        IF at IS NULL AND pg_catalog.cardinality(kinds) OPERATOR(pg_catalog.>=) 10 THEN
            at := pg_catalog.cardinality(kinds);
        END IF;
        IF at IS NOT NULL THEN
            kinds := kinds[:at OPERATOR(pg_catalog.-) 1] OPERATOR(pg_catalog.||) kinds[at OPERATOR(pg_catalog.+) 1:];
            scores := scores[:at OPERATOR(pg_catalog.-) 1] OPERATOR(pg_catalog.||) scores[at OPERATOR(pg_catalog.+) 1:];
            times := times[:at OPERATOR(pg_catalog.-) 1] OPERATOR(pg_catalog.||) times[at OPERATOR(pg_catalog.+) 1:];
            dets := dets[:at OPERATOR(pg_catalog.-) 1] OPERATOR(pg_catalog.||) dets[at OPERATOR(pg_catalog.+) 1:];
        END IF;
        kinds := pg_catalog.array_prepend('public_id'::pg_catalog.text, kinds);
        scores := pg_catalog.array_prepend(95, scores);
        times := pg_catalog.array_prepend(NULL::bigint, times);
        dets := pg_catalog.array_prepend(pg_catalog.jsonb_build_object('form', form, 'uuid', value::pg_catalog.text,
                                                                       'decoded', decoded), dets);
    END IF;

    RETURN QUERY
        SELECT r.kind, @extschema@.uidx_sql_timestamp(r.unix_ms), r.details, r.score
          FROM ROWS FROM (pg_catalog.unnest(kinds), pg_catalog.unnest(times), pg_catalog.unnest(dets),
                          pg_catalog.unnest(scores)) WITH ORDINALITY AS r(kind, unix_ms, details, score, i)
         ORDER BY r.i
         LIMIT 10;
END
$fn$;
COMMENT ON FUNCTION @extschema@.uidx_inspect_readings(text) IS 'raw readings of the ID detector with their scores';
CREATE OR REPLACE FUNCTION @extschema@.uidx_inspect(id text, OUT kind text, OUT ts timestamptz, OUT details jsonb)
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

-- 1.2's rows record no partition: each gets the one that holds its country
-- on its server, and a row that no partition backs goes
SELECT pg_catalog.count(*) FROM @extschema@.uidx_region_check(true);
