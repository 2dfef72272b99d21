-- uidx_sql 1.2 to 1.3 (docs/managed.md): the generators keep
-- no state in settings (the clock and the tie-breaker sequence
-- uidx_sql_tie), and the public ids reach pgcrypto's AES bound at install.
-- Every object here is written as in the family files, which stay the full
-- 1.3 script; test/t/managed-pgtle.sh checks that 1.2 updated through this
-- script equals a fresh 1.3.  The last line re-creates every function from
-- the family files (sql/assemble.sh --update): 1.3 names every operator,
-- function and type in a body by schema (docs/managed.md, "Security").

CREATE OR REPLACE FUNCTION @extschema@.uidx_sql_now_us() RETURNS bigint
LANGUAGE sql VOLATILE STRICT PARALLEL SAFE
AS $$ SELECT (pg_catalog.date_part('epoch', pg_catalog.clock_timestamp()) * 1000000)::pg_catalog.int8 $$;
COMMENT ON FUNCTION @extschema@.uidx_sql_now_us() IS 'internal: clock in unix microseconds';

-- The clock in 1/4096 ms: unix ms << 12 | the 12-bit fraction of the
-- millisecond (UUIDv7 and prefix COMB, FORMATS.md §B and §E), which is
-- floor(us * 4096 / 1000) = us * 512 / 125.  int8 until the year 2540.
CREATE FUNCTION @extschema@.uidx_sql_now_ms4096() RETURNS bigint
LANGUAGE sql VOLATILE STRICT PARALLEL SAFE
AS $$ SELECT (pg_catalog.date_part('epoch', pg_catalog.clock_timestamp()) * 1000000)::pg_catalog.int8 * 512 / 125 $$;
COMMENT ON FUNCTION @extschema@.uidx_sql_now_ms4096() IS 'internal: clock in 1/4096 ms (unix ms << 12 | fraction)';

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

-- The next tie-breaker of a sequence such as uidx_sql_tie, 0 to 16383; at
-- 16383 it returns after sleeping `pause` seconds, one tick of the clock
-- field (see above).  So a generator reads its clock before this, in the
-- order its expression is evaluated.  NULLIF and COALESCE look at the one
-- nextval() value twice; they are not STRICT constructs, so the generators
-- that inline this are not STRICT (none has an argument that could be
-- NULL).
CREATE FUNCTION @extschema@.uidx_sql_tie(seq regclass, pause double precision) RETURNS bigint
LANGUAGE sql VOLATILE PARALLEL UNSAFE
AS $$ SELECT COALESCE(NULLIF(pg_catalog.nextval(seq) & 16383, 16383),
                      16383 + pg_catalog.length(pg_catalog.pg_sleep(pause)::pg_catalog.text)) $$;
COMMENT ON FUNCTION @extschema@.uidx_sql_tie(regclass, double precision) IS 'internal: the next 14-bit tie-breaker of a generator sequence';

-- The tie-breaker of the generators whose clock field counts milliseconds:
-- the sequence uidx_sql_tie and a 1 ms pause.
CREATE FUNCTION @extschema@.uidx_sql_tie() RETURNS bigint
LANGUAGE sql VOLATILE PARALLEL UNSAFE
AS $$ SELECT @extschema@.uidx_sql_tie('@extschema@.uidx_sql_tie', 0.001) $$;
COMMENT ON FUNCTION @extschema@.uidx_sql_tie() IS 'internal: the next 14-bit tie-breaker of the millisecond generators';

-- 64 random bits: core's 64-bit hash of one gen_random_uuid(), whose 122
-- random bits come from pg_strong_random().  A uuid has no cheaper way out
-- into an integer (docs/managed.md, cost).
CREATE FUNCTION @extschema@.uidx_sql_random() RETURNS bigint
LANGUAGE sql VOLATILE PARALLEL SAFE
AS $$ SELECT pg_catalog.uuid_hash_extended(pg_catalog.gen_random_uuid(), 0) $$;
COMMENT ON FUNCTION @extschema@.uidx_sql_random() IS 'internal: 64 random bits';

-- The generators' form of uidx_sql_uuid, and on PostgreSQL 19 both
-- through its bytea-to-uuid cast (see the family file).
DO $uidx$
BEGIN
    IF pg_catalog.current_setting('server_version_num')::integer < 190000 THEN
        CREATE FUNCTION @extschema@.uidx_sql_uuid_var10(msb bigint, lsb bigint) RETURNS uuid
        LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
        AS $$ SELECT (pg_catalog.encode(pg_catalog.int8send(msb), 'hex') || pg_catalog.to_hex(lsb))::pg_catalog.uuid $$;
    ELSE
        CREATE OR REPLACE FUNCTION @extschema@.uidx_sql_uuid(msb bigint, lsb bigint) RETURNS uuid
        LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
        AS $$ SELECT (pg_catalog.int8send(msb) || pg_catalog.int8send(lsb))::pg_catalog.uuid $$;
        CREATE FUNCTION @extschema@.uidx_sql_uuid_var10(msb bigint, lsb bigint) RETURNS uuid
        LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
        AS $$ SELECT @extschema@.uidx_sql_uuid(msb, lsb) $$;
    END IF;
END
$uidx$;
COMMENT ON FUNCTION @extschema@.uidx_sql_uuid_var10(bigint, bigint) IS 'internal: uuid of its two 64-bit halves, the second with variant 10';

-- A time in 1/4096 ms (unix ms << 12 | fraction) with a version nibble
-- between the millisecond and the fraction: bytes 0-7 of UUIDv7, prefix
-- COMB and DistributedId128 (FORMATS.md §E, §B, §A2).  As a bit string,
-- so that the clock reading is used once.
CREATE FUNCTION @extschema@.uidx_sql_ms_version(ms4096 bigint, version bit) RETURNS bigint
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT pg_catalog.overlay(ms4096::pg_catalog.bit(60), version, 49, 0)::pg_catalog.int8 $$;
COMMENT ON FUNCTION @extschema@.uidx_sql_ms_version(bigint, bit) IS 'internal: ms << 16 | version << 12 | fraction of a time in 1/4096 ms';

-- UUIDv7 and the prefix COMB (FORMATS.md §E, §B): the millisecond, the
-- version and the 12-bit fraction of a time in 1/4096 ms, then variant 10,
-- the 14-bit tie-breaker and 48 random bits.  Each argument is used once,
-- in this order (see uidx_sql_tie()).
CREATE FUNCTION @extschema@.uidx_sql_tick_uuid(ms4096 bigint, version bit, tie bigint) RETURNS uuid
LANGUAGE sql VOLATILE PARALLEL SAFE
AS $$ SELECT @extschema@.uidx_sql_uuid_var10(@extschema@.uidx_sql_ms_version(ms4096, version),
                                            (2::pg_catalog.int8 << 62) | (tie << 48)
                                            | (@extschema@.uidx_sql_random() & 281474976710655)) $$;
COMMENT ON FUNCTION @extschema@.uidx_sql_tick_uuid(bigint, bit, bigint) IS 'internal: UUIDv7 or prefix COMB of a time in 1/4096 ms, a version and a tie-breaker';

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
         ((unix_us / 1000) << 16) | 32768
           | (CASE WHEN country BETWEEN 0 AND 255 THEN country
                   ELSE @extschema@.uidx_sql_country(country) END),
         -- bytes 8-15: variant 10, service entity, tie-breaker, random
         (2::pg_catalog.int8 << 62)
           | ((CASE WHEN service_entity BETWEEN 0 AND 255 THEN service_entity
                    ELSE @extschema@.uidx_sql_byte(service_entity, 'service_entity') END)::pg_catalog.int8 << 54)
           | (tie << 40) | (@extschema@.uidx_sql_random() & 1099511627775))
$$;
COMMENT ON FUNCTION @extschema@.uidx_sql_iuid_pack(bigint, bigint, integer, integer) IS 'internal: iUID of a unix microsecond, a tie-breaker and its origin';

-- Monotonic per session for one (country, entity) (docs/managed.md,
-- generator state): the clock's millisecond, then the
-- session's tie-breaker.
CREATE OR REPLACE FUNCTION @extschema@.iuid_generate(service_entity integer, country integer DEFAULT NULL)
RETURNS uuid
LANGUAGE sql VOLATILE PARALLEL UNSAFE
AS $$ SELECT @extschema@.uidx_sql_iuid_pack(@extschema@.uidx_sql_now_us(),
                                             @extschema@.uidx_sql_tie(),
                                             service_entity, country) $$;
COMMENT ON FUNCTION @extschema@.iuid_generate(integer, integer) IS 'new iUID for now, monotonic per session; country NULL means uidx.country';

-- Monotonic per session (docs/managed.md, generator state):
-- bytes 0-7 the clock's millisecond, version 4 and the 12-bit fraction
-- (FORMATS.md §B); then variant 10 and the session's 14-bit tie-breaker in
-- bytes 8-9, and 48 random bits: uidx_sql_tick_uuid(), as UUIDv7.
CREATE OR REPLACE FUNCTION @extschema@.comb_prefix_generate() RETURNS uuid
LANGUAGE sql VOLATILE PARALLEL UNSAFE
AS $$ SELECT @extschema@.uidx_sql_tick_uuid(@extschema@.uidx_sql_now_ms4096(), B'0100',
                                             @extschema@.uidx_sql_tie()) $$;
COMMENT ON FUNCTION @extschema@.comb_prefix_generate() IS 'new prefix COMB (time in bytes 0-5) for now, monotonic per session';

-- A suffix or SQL Server COMB (FORMATS.md §B, §B2): bytes 0-7 random under
-- version 4, bytes 8-9 variant 10 and the 14-bit tie-breaker, bytes 10-15
-- the stamp.  Each argument is used once, the stamp before the tie-breaker
-- (see uidx_sql_tie()).
CREATE FUNCTION @extschema@.uidx_sql_comb_uuid(stamp bigint, tie bigint) RETURNS uuid
LANGUAGE sql VOLATILE PARALLEL SAFE
AS $$ SELECT @extschema@.uidx_sql_uuid_var10((@extschema@.uidx_sql_random() & -61441) | 16384,
                                              stamp | (tie << 48) | (2::pg_catalog.int8 << 62)) $$;
COMMENT ON FUNCTION @extschema@.uidx_sql_comb_uuid(bigint, bigint) IS 'internal: suffix or SQL Server COMB of a stamp and a tie-breaker';

-- Monotonic per session in the comb type's order (docs/managed.md,
-- generator state): bytes 10-15 the clock's millisecond, bytes
-- 8-9 variant 10 and, where the C extension has the 14-bit fraction of the
-- millisecond, the session's 14-bit tie-breaker (read after the clock, see
-- uidx_sql_tie()); bytes 0-7 random under version 4.
CREATE OR REPLACE FUNCTION @extschema@.comb_suffix_generate() RETURNS uuid
LANGUAGE sql VOLATILE PARALLEL UNSAFE
AS $$ SELECT @extschema@.uidx_sql_comb_uuid(@extschema@.uidx_sql_now_us() / 1000, @extschema@.uidx_sql_tie()) $$;
COMMENT ON FUNCTION @extschema@.comb_suffix_generate() IS 'new suffix COMB (time in bytes 10-15) for now, monotonic per session';

-- The SQL Server COMB's tie-breaker: as uidx_sql_tie, but its own, since
-- where its 14 bits wrap the generator waits for the next 1/300 s tick,
-- not the next millisecond.
CREATE SEQUENCE @extschema@.uidx_sql_sqlserver_tie AS bigint START 1 MINVALUE 1 CACHE 16384 NO CYCLE;
COMMENT ON SEQUENCE @extschema@.uidx_sql_sqlserver_tie IS 'internal: the SQL Server COMB''s tie-breaker';
GRANT USAGE ON SEQUENCE @extschema@.uidx_sql_sqlserver_tie TO PUBLIC;

-- SQL Server datetime (FORMATS.md §B2) of a microsecond since 1900-01-01:
-- low 16 bits of the days, then the 1/300 s ticks of the day, truncated.
-- PL/pgSQL, because the days and the ticks are two readings of one value,
-- which the generator's inlined expression cannot make of one clock
-- reading.
CREATE FUNCTION @extschema@.uidx_sql_sqlserver_stamp(us1900 bigint) RETURNS bigint
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
AS $fn$
BEGIN
    IF us1900 > 5662310399999999 THEN
        RAISE EXCEPTION 'system clock is past the last SQL Server COMB time, 2079-06-06'
            USING ERRCODE = 'datetime_field_overflow';
    END IF;
    RETURN (((us1900 / 86400000000) & 65535) << 32) | ((us1900 % 86400000000) * 3 / 10000);
END
$fn$;
COMMENT ON FUNCTION @extschema@.uidx_sql_sqlserver_stamp(bigint) IS 'internal: SQL Server datetime days and ticks of a microsecond since 1900';

-- The SQL Server datetime of a time, checked.
CREATE OR REPLACE FUNCTION @extschema@.uidx_sql_sqlserver_datetime(at timestamptz) RETURNS bigint
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
AS $fn$
BEGIN
    IF at IS NULL THEN
        RAISE EXCEPTION 'COMB timestamp must not be null' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    PERFORM @extschema@.uidx_sql_unix_ms(at, -2208988800000, 3453321599999, 'SQL Server COMB');
    RETURN @extschema@.uidx_sql_sqlserver_stamp((EXTRACT(epoch FROM at) * 1000000)::bigint + 2208988800000000);
END
$fn$;
COMMENT ON FUNCTION @extschema@.uidx_sql_sqlserver_datetime(timestamptz) IS 'internal: SQL Server datetime days and ticks of a time';

-- Monotonic per session in the comb type's order (docs/managed.md,
-- generator state): bytes 10-15 the clock's days and ticks, bytes 8-9
-- variant 10 and, where the C extension has the 14-bit fraction of the
-- tick, the tie-breaker of its own sequence, read after the clock and
-- followed by a 4 ms sleep where its 14 bits wrap (a tick is 1/300 s);
-- bytes 0-7 random under version 4.
CREATE OR REPLACE FUNCTION @extschema@.comb_sqlserver_generate() RETURNS uuid
LANGUAGE sql VOLATILE PARALLEL UNSAFE
AS $$ SELECT @extschema@.uidx_sql_comb_uuid(
                 @extschema@.uidx_sql_sqlserver_stamp(@extschema@.uidx_sql_now_us() + 2208988800000000),
                 @extschema@.uidx_sql_tie('@extschema@.uidx_sql_sqlserver_tie', 0.004)) $$;
COMMENT ON FUNCTION @extschema@.comb_sqlserver_generate() IS 'new SQL Server COMB (datetime days and ticks in bytes 10-15) for now, monotonic per session';

-- FORMATS.md §A1 with keep_order's 1 s leeway (T is the clock's
-- millisecond since 1900 less 1000), monotonic per session (docs/managed.md,
-- generator state): R is the session's 14-bit tie-breaker
-- (read after the clock, see uidx_sql_tie()), then 34 random bits.
CREATE OR REPLACE FUNCTION @extschema@.distributed_id() RETURNS numeric
LANGUAGE sql VOLATILE PARALLEL UNSAFE
AS $$
SELECT ((@extschema@.uidx_sql_now_us() / 1000 + 2208988800000 - 1000)::pg_catalog.numeric * 281474976710656
        + ((@extschema@.uidx_sql_tie() << 34)
           | (@extschema@.uidx_sql_random() & 17179869183)))::pg_catalog.numeric(28,0)
$$;
COMMENT ON FUNCTION @extschema@.distributed_id() IS 'new DistributedId as numeric(28,0), monotonic per session';

-- FORMATS.md §A2, monotonic per session (docs/managed.md,
-- generator state): T the clock's millisecond since 1700, R the 12-bit
-- fraction of the millisecond, then (bit 64 and the next one 0) the
-- session's 14-bit tie-breaker, read after the clock (uidx_sql_tie()),
-- then 48 random bits.
CREATE OR REPLACE FUNCTION @extschema@.distid128_generate() RETURNS uuid
LANGUAGE sql VOLATILE PARALLEL UNSAFE
AS $$
SELECT @extschema@.uidx_sql_uuid(
         @extschema@.uidx_sql_ms_version(@extschema@.uidx_sql_now_ms4096() + (8520336000000::pg_catalog.int8 << 12), B'0111'),
         (@extschema@.uidx_sql_tie() << 48)
         | (@extschema@.uidx_sql_random() & 281474976710655))
$$;
COMMENT ON FUNCTION @extschema@.distid128_generate() IS 'new DistributedId128 (uuid), monotonic per session';

DROP FUNCTION @extschema@.uidx_sql_uuidv7_ns();
DROP FUNCTION @extschema@.uidx_sql_uuidv7_pack(bigint, bigint);

DO $uidx$
DECLARE
    v integer := pg_catalog.current_setting('server_version_num')::integer;
BEGIN
    IF v < 180000 THEN
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
            ts timestamptz;
        BEGIN
            IF shift::pg_catalog.text IN ('infinity', '-infinity') THEN
                RAISE EXCEPTION 'interval out of range for UUID version 7'
                    USING ERRCODE = 'datetime_field_overflow',
                          DETAIL = 'UUID version 7 does not support infinite intervals.';
            END IF;
            ts := pg_catalog.clock_timestamp() + shift;
            IF ts < 'epoch'::timestamptz
               OR ts > @extschema@.uidx_sql_timestamp(281474976710655) THEN
                RAISE EXCEPTION 'timestamp out of range for UUID version 7'
                    USING ERRCODE = 'datetime_field_overflow',
                          DETAIL = 'UUID version 7 supports timestamps from 1970-01-01 to approximately year 10889.';
            END IF;
            -- exactly floor(unix ms * 4096), in numeric: a shift can reach past 2540
            -- the clock before the tie-breaker (see uidx_sql_tie())
            RETURN @extschema@.uidx_sql_tick_uuid(pg_catalog.floor(EXTRACT(epoch FROM ts) * 4096000)::bigint, B'0111',
                                                  @extschema@.uidx_sql_tie());
        END
        $fn$;
        COMMENT ON FUNCTION @extschema@.uuidv7(interval) IS 'new UUIDv7 with its time shifted by the interval';
    END IF;
END
$uidx$;

-- where 1.2 made the public-id functions (pgcrypto was installed then)
DO $uidx_public_id$
DECLARE
    crypto name := (SELECT n.nspname FROM pg_catalog.pg_extension e
                      JOIN pg_catalog.pg_namespace n ON n.oid = e.extnamespace
                     WHERE e.extname = 'pgcrypto');
BEGIN
    IF pg_catalog.to_regprocedure('@extschema@.uidx_sql_public_id_aes(bytea, boolean, boolean)') IS NULL THEN
        RETURN;
    END IF;
    IF crypto IS NULL THEN
        RAISE EXCEPTION 'uidx_sql''s public ids need pgcrypto, which is no longer installed'
            USING ERRCODE = 'object_not_in_prerequisite_state';
    END IF;
    -- pgcrypto's AES, bound when uidx_sql is installed: a BEGIN ATOMIC body
    -- is resolved once, at CREATE FUNCTION, and kept by OID, so a look-alike
    -- encrypt or decrypt created later (in pgcrypto's schema, where ordinary
    -- roles may create in databases older than PostgreSQL 15) is never
    -- called, and cannot make the call ambiguous
    EXECUTE pg_catalog.format($f$
        CREATE FUNCTION @extschema@.uidx_sql_aes_encrypt(block bytea, key bytea) RETURNS bytea
        LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
        BEGIN ATOMIC
            SELECT %1$I.encrypt(block, key, 'aes-ecb/pad:none'::pg_catalog.text);
        END $f$, crypto);
    COMMENT ON FUNCTION @extschema@.uidx_sql_aes_encrypt(bytea, bytea) IS 'internal: pgcrypto''s AES-ECB encryption of whole blocks, bound at install';
    EXECUTE pg_catalog.format($f$
        CREATE FUNCTION @extschema@.uidx_sql_aes_decrypt(block bytea, key bytea) RETURNS bytea
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
                RETURN @extschema@.uidx_sql_aes_decrypt(block, k);
            END IF;
            RETURN @extschema@.uidx_sql_aes_encrypt(block, k);
        END
        $body$;
    COMMENT ON FUNCTION @extschema@.uidx_sql_public_id_aes(bytea, boolean, boolean) IS 'internal: AES of one block under the public-id key (the only reader of the key); NULL without a key when missing_ok';

END
$uidx_public_id$;

-- The helpers that both editions install are written once now, in
-- sql/common/ (sql/assemble.sh), as the C extension has them.  What that
-- changes in uidx_sql: uidx_create_time_partitions refuses a step shorter
-- than a millisecond (the unit of every bound) and a range that starts after
-- it ends (22023); uidx_attach_region and uidx_attach_local_region take the
-- registry's advisory lock, so that two concurrent calls cannot give one
-- country to two regions; luuid_register_group and luuid_relation are the
-- same code laid out as in the C extension.
CREATE OR REPLACE FUNCTION @extschema@.uidx_create_time_partitions(parent regclass, from_ts timestamptz,
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
        -- a step of months and days can be shorter in one month than it compares
        IF hi < lo + interval '1 millisecond' THEN
            RAISE EXCEPTION 'partition step "%" from "%" is shorter than the smallest step, 1 millisecond', step, lo
                USING ERRCODE = 'invalid_parameter_value',
                      DETAIL = 'Every partition bound is the first value of a millisecond.';
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
    parent_ns   name;
    parent_name name;
    remote_ns   text;
    remote_name text;
    max_bytes   integer := current_setting('max_identifier_length')::integer;
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
    -- the first made, as if it had come after it.  The key is the registry's
    -- oid, in the two-key space that single bigint keys do not share.
    PERFORM pg_advisory_xact_lock('@extschema@.uidx_region'::regclass::oid::integer, 0);

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
    INSERT INTO @extschema@.uidx_region (country, server)
    SELECT x, CASE WHEN is_local THEN NULL ELSE region_server END FROM unnest(wanted) x
    ON CONFLICT (country) DO NOTHING;
END
$fn$;

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

CREATE OR REPLACE FUNCTION @extschema@.luuid_relation(id uuid) RETURNS regclass
LANGUAGE sql STABLE STRICT PARALLEL SAFE
AS $$
SELECT g.relation
  FROM @extschema@.luuid_group g
 WHERE g.group_id OPERATOR(pg_catalog.=) @extschema@.luuid_group(id)
   AND EXISTS (SELECT FROM pg_catalog.pg_class c
                WHERE c.oid OPERATOR(pg_catalog.=) g.relation)
$$;

-- The partition helpers' shared pieces (docs/partitioning.md): names of at
-- most 62 bytes, one call at a time per table.  The region registry follows
-- the catalog (docs/managed.md "Regions in uidx_sql"): each row records the
-- partition that holds its country, by OID, and uidx_region_check() mends
-- the rows of dropped partitions and renamed servers.
ALTER TABLE @extschema@.uidx_region ADD COLUMN part regclass;
COMMENT ON TABLE @extschema@.uidx_region IS 'iuid country -> the partition that holds it and the foreign server of its region (NULL: this database), kept by uidx_attach_region and uidx_attach_local_region';
COMMENT ON COLUMN @extschema@.uidx_region.part IS 'a router partition that holds the country; its server is the region';
CREATE FUNCTION @extschema@.uidx_region_partitions(OUT router regclass, OUT country integer, OUT part regclass,
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
CREATE FUNCTION @extschema@.uidx_region_current(OUT country smallint, OUT server name, OUT part regclass,
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
CREATE FUNCTION @extschema@.uidx_region_check(repair boolean DEFAULT false)
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
        PERFORM pg_advisory_xact_lock('@extschema@.uidx_region'::regclass::oid::integer, 0);
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
             WHERE p.country = r.country
               AND (r.part IS NOT NULL OR p.server IS NOT DISTINCT FROM r.recorded_server)
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
CREATE FUNCTION @extschema@.uidx_partition_name(parent_name name, suffix text, reserve integer DEFAULT 0)
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
CREATE FUNCTION @extschema@.uidx_lock_partitioned(parent regclass) RETURNS void
LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    key1 constant integer := 'pg_catalog.pg_partitioned_table'::regclass::oid::integer;
BEGIN
    IF parent IS NULL THEN
        RAISE EXCEPTION 'parent must not be null' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF NOT pg_try_advisory_xact_lock(key1, parent::oid::integer) THEN
        PERFORM pg_advisory_xact_lock(key1, parent::oid::integer);
        IF current_setting('transaction_isolation') <> 'read committed' THEN
            RAISE EXCEPTION 'could not serialize access to the partitions of "%" due to a concurrent call', parent
                USING ERRCODE = 'serialization_failure',
                      DETAIL = format('Another transaction created partitions of "%s" while this one waited, and this %s transaction cannot see them.',
                                      parent, upper(current_setting('transaction_isolation'))),
                      HINT = 'Retry the transaction, or call the function in a READ COMMITTED transaction.';
        END IF;
    END IF;
    EXECUTE format('LOCK TABLE %s IN SHARE UPDATE EXCLUSIVE MODE', parent);
END
$fn$;
COMMENT ON FUNCTION @extschema@.uidx_lock_partitioned(regclass) IS 'internal: one partition helper at a time per table, until the transaction ends (40001 in REPEATABLE READ or SERIALIZABLE after a wait)';
CREATE FUNCTION @extschema@.uidx_existing_relation(schema_name name, rel_name text) RETURNS regclass
LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    existing regclass;
BEGIN
    IF schema_name IS NULL OR rel_name IS NULL THEN
        RAISE EXCEPTION 'schema_name and rel_name must not be null' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    existing := to_regclass(format('%I.%I', schema_name, rel_name));
    IF existing IS NOT NULL AND NOT EXISTS (SELECT 1 FROM pg_class c WHERE c.oid = existing) THEN
        RAISE EXCEPTION 'could not serialize access to relation "%" due to a concurrent creation', existing
            USING ERRCODE = 'serialization_failure',
                  DETAIL = 'It was created by a transaction that committed after this transaction''s snapshot was taken.',
                  HINT = 'Retry the transaction, or call the function in a READ COMMITTED transaction.';
    END IF;
    RETURN existing;
END
$fn$;
COMMENT ON FUNCTION @extschema@.uidx_existing_relation(name, text) IS 'internal: a relation by name as the catalog has it now (40001 where the transaction''s snapshot cannot see it)';

-- 1.2's rows record no partition: each gets the one that holds its country
-- on its server, and a row that no partition backs goes
SELECT pg_catalog.count(*) FROM @extschema@.uidx_region_check(true);

-- Retention and a default partition (docs/partitioning.md "Retention"):
-- uidx_create_time_partitions gets default_partition, a parameter that
-- changes the signature, so the 1.2 one goes and the line below creates the
-- new one (a call without it means what it meant).
DROP FUNCTION @extschema@.uidx_create_time_partitions(regclass, timestamptz, timestamptz, interval);

--@functions
