-- uidx_sql 1.2 to 1.3 (docs/managed.md): the generators keep
-- no state in settings (the clock and the tie-breaker sequence
-- uidx_sql_tie), and the public ids reach pgcrypto's AES bound at install.
-- Every object here is written as in the family files, which stay the full
-- 1.3 script; test/t/managed-pgtle.sh checks that 1.2 updated through this
-- script equals a fresh 1.3.

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
-- two IDs of one session made in the same clock tick still increase.  The
-- blocks are 16384 values from 1 on, so the 14 bits wrap only at a multiple
-- of 16384, inside a block, and uidx_sql_tie() then first sleeps 1 ms: the
-- time read after it is in a later millisecond than the last ID's.  Every
-- role may call nextval() (USAGE), which only moves on; setval() needs
-- UPDATE, which only the sequence's owner has.  Nothing a session can SET
-- reaches the generators.
CREATE SEQUENCE @extschema@.uidx_sql_tie AS bigint START 1 MINVALUE 1 CACHE 16384 NO CYCLE;
COMMENT ON SEQUENCE @extschema@.uidx_sql_tie IS 'internal: the generators'' tie-breaker (uidx_sql_tie())';
GRANT USAGE ON SEQUENCE @extschema@.uidx_sql_tie TO PUBLIC;

-- The next tie-breaker, 0 to 16383; at 0 after a 1 ms sleep (see above).
-- NULLIF and COALESCE look at the one nextval() value twice; they are not
-- STRICT constructs, so the generators that inline this are not STRICT
-- (none has an argument that could be NULL).
CREATE FUNCTION @extschema@.uidx_sql_tie() RETURNS bigint
LANGUAGE sql VOLATILE PARALLEL UNSAFE
AS $$ SELECT COALESCE(NULLIF(pg_catalog.nextval('@extschema@.uidx_sql_tie') & 16383, 0),
                      pg_catalog.length(pg_catalog.pg_sleep(0.001)::pg_catalog.text)) $$;
COMMENT ON FUNCTION @extschema@.uidx_sql_tie() IS 'internal: the next 14-bit tie-breaker of the generators';

-- An iUID of a tie-breaker (uidx_sql_tie()) and a unix microsecond
-- (FORMATS.md §C): rand is the 14-bit tie-breaker, then 40 random bits of
-- one gen_random_uuid().  Written so that it inlines into its caller: tie
-- and unix_us are used once each, and tie is evaluated first, so that the
-- clock is read after the tie-breaker's pause.  The time field is the
-- clock's millisecond; the arguments are checked as uidx_sql_byte() and
-- uidx_sql_country() do.
CREATE FUNCTION @extschema@.uidx_sql_iuid_pack(tie bigint, unix_us bigint, service_entity integer, country integer)
RETURNS uuid
LANGUAGE sql VOLATILE PARALLEL UNSAFE
AS $$
SELECT pg_catalog.encode(
         pg_catalog.overlay(
           -- bytes 8-10: variant 10, service entity, tie-breaker
           pg_catalog.overlay(pg_catalog.uuid_send(pg_catalog.gen_random_uuid()),
             pg_catalog.substr(pg_catalog.int4send(((2 << 22)
               | ((CASE WHEN service_entity BETWEEN 0 AND 255 THEN service_entity
                        ELSE @extschema@.uidx_sql_byte(service_entity, 'service_entity') END)::pg_catalog.int8 << 14)
               | tie)::pg_catalog.int4), 2, 3),
             9, 3),
           -- bytes 0-7: millisecond, version 8, format 0, country
           pg_catalog.int8send(((unix_us / 1000) << 16) | 32768
             | (CASE WHEN country BETWEEN 0 AND 255 THEN country
                     ELSE @extschema@.uidx_sql_country(country) END)),
           1, 8),
         'hex')::pg_catalog.uuid
$$;
COMMENT ON FUNCTION @extschema@.uidx_sql_iuid_pack(bigint, bigint, integer, integer) IS 'internal: iUID of a tie-breaker, a unix microsecond and its origin';

-- Monotonic per session for one (country, entity) (docs/managed.md,
-- generator state): the clock's millisecond, then the
-- session's tie-breaker.

CREATE OR REPLACE FUNCTION @extschema@.iuid_generate(service_entity integer, country integer DEFAULT NULL)
RETURNS uuid
LANGUAGE sql VOLATILE PARALLEL UNSAFE
AS $$ SELECT @extschema@.uidx_sql_iuid_pack(@extschema@.uidx_sql_tie(), @extschema@.uidx_sql_now_us(),
                                             service_entity, country) $$;
COMMENT ON FUNCTION @extschema@.iuid_generate(integer, integer) IS 'new iUID for now, monotonic per session; country NULL means uidx.country';

CREATE OR REPLACE FUNCTION @extschema@.comb_prefix_generate() RETURNS uuid
LANGUAGE sql VOLATILE PARALLEL UNSAFE
AS $$
SELECT pg_catalog.encode(
         pg_catalog.overlay(
           pg_catalog.overlay(pg_catalog.uuid_send(pg_catalog.gen_random_uuid()),
             pg_catalog.substr(pg_catalog.int4send((32768 | @extschema@.uidx_sql_tie())::pg_catalog.int4), 3, 2), 9, 2),
           pg_catalog.int8send(pg_catalog.substring(
             pg_catalog.overlay(@extschema@.uidx_sql_now_ms4096()::pg_catalog.bit(64), B'0100', 53, 0), 5)::pg_catalog.bit(64)::pg_catalog.int8),
           1, 8),
         'hex')::pg_catalog.uuid
$$;
COMMENT ON FUNCTION @extschema@.comb_prefix_generate() IS 'new prefix COMB (time in bytes 0-5) for now, monotonic per session';

CREATE OR REPLACE FUNCTION @extschema@.comb_suffix_generate() RETURNS uuid
LANGUAGE sql VOLATILE PARALLEL UNSAFE
AS $$
SELECT pg_catalog.encode(
         pg_catalog.overlay(pg_catalog.uuid_send(pg_catalog.gen_random_uuid()),
           pg_catalog.int8send(((2::pg_catalog.int8 << 62) | (@extschema@.uidx_sql_tie() << 48))
                               | (@extschema@.uidx_sql_now_us() / 1000)),
           9, 8),
         'hex')::pg_catalog.uuid
$$;
COMMENT ON FUNCTION @extschema@.comb_suffix_generate() IS 'new suffix COMB (time in bytes 10-15) for now, monotonic per session';

CREATE SEQUENCE @extschema@.uidx_sql_sqlserver_tie AS bigint START 1 MINVALUE 1 CACHE 16384 NO CYCLE;
COMMENT ON SEQUENCE @extschema@.uidx_sql_sqlserver_tie IS 'internal: the SQL Server COMB''s tie-breaker';
GRANT USAGE ON SEQUENCE @extschema@.uidx_sql_sqlserver_tie TO PUBLIC;

-- A SQL Server COMB of a tie-breaker and a unix microsecond: bytes 10-15
-- the SQL Server datetime (FORMATS.md §B2), bytes 8-9 variant 10 and,
-- where the C extension has the 14-bit fraction of the tick, the
-- tie-breaker; bytes 0-7 random under version 4.  PL/pgSQL: the days and
-- the ticks are two readings of one microsecond.
CREATE FUNCTION @extschema@.uidx_sql_comb_sqlserver_pack(tie bigint, unix_us bigint) RETURNS uuid
LANGUAGE plpgsql VOLATILE STRICT PARALLEL SAFE
AS $fn$
BEGIN
    IF unix_us > 3453321599999999 THEN
        RAISE EXCEPTION 'system clock is past the last SQL Server COMB time, 2079-06-06'
            USING ERRCODE = 'datetime_field_overflow';
    END IF;
    RETURN pg_catalog.encode(
             pg_catalog.overlay(pg_catalog.uuid_send(pg_catalog.gen_random_uuid()),
               pg_catalog.int8send(((2::bigint << 62) | (tie << 48))
                                   | ((((unix_us / 86400000000) + 25567) & 65535) << 32)
                                   | ((unix_us % 86400000000) * 3 / 10000)),
               9, 8),
             'hex')::pg_catalog.uuid;
END
$fn$;
COMMENT ON FUNCTION @extschema@.uidx_sql_comb_sqlserver_pack(bigint, bigint) IS 'internal: SQL Server COMB of a tie-breaker and a unix microsecond';

-- Monotonic per session in the comb type's order (docs/managed.md,
-- generator state): the tie-breaker of its own sequence, where
-- its 14 bits wrap after a 4 ms sleep (a tick is 1/300 s), then the clock.
CREATE OR REPLACE FUNCTION @extschema@.comb_sqlserver_generate() RETURNS uuid
LANGUAGE sql VOLATILE PARALLEL UNSAFE
AS $$ SELECT @extschema@.uidx_sql_comb_sqlserver_pack(
                 COALESCE(NULLIF(pg_catalog.nextval('@extschema@.uidx_sql_sqlserver_tie') & 16383, 0),
                          pg_catalog.length(pg_catalog.pg_sleep(0.004)::pg_catalog.text)),
                 @extschema@.uidx_sql_now_us()) $$;
COMMENT ON FUNCTION @extschema@.comb_sqlserver_generate() IS 'new SQL Server COMB (datetime days and ticks in bytes 10-15) for now, monotonic per session';

CREATE OR REPLACE FUNCTION @extschema@.distributed_id() RETURNS numeric
LANGUAGE sql VOLATILE PARALLEL UNSAFE
AS $$
SELECT (((@extschema@.uidx_sql_tie() << 34)
         | (('x' || pg_catalog.right(pg_catalog.gen_random_uuid()::pg_catalog.text, 9))::pg_catalog.bit(36)::pg_catalog.int8
            & 17179869183))::pg_catalog.numeric
        + (@extschema@.uidx_sql_now_us() / 1000 + 2208988800000 - 1000)::pg_catalog.numeric * 281474976710656)::pg_catalog.numeric(28,0)
$$;
COMMENT ON FUNCTION @extschema@.distributed_id() IS 'new DistributedId as numeric(28,0), monotonic per session';

-- FORMATS.md §A2, monotonic per session (docs/managed.md,
-- generator state): T the clock's millisecond since 1700, R the 12-bit
-- fraction of the millisecond, then (bit 64 and the next one 0) the
-- session's 14-bit tie-breaker, read before the clock (uidx_sql_tie()),
-- then 48 random bits.  The version goes between T and the fraction as a
-- bit string, so the clock is read once.
CREATE OR REPLACE FUNCTION @extschema@.distid128_generate() RETURNS uuid
LANGUAGE sql VOLATILE PARALLEL UNSAFE
AS $$
SELECT pg_catalog.encode(
         pg_catalog.overlay(
           pg_catalog.overlay(pg_catalog.uuid_send(pg_catalog.gen_random_uuid()),
             pg_catalog.int2send(@extschema@.uidx_sql_tie()::pg_catalog.int2), 9, 2),
           pg_catalog.int8send(pg_catalog.substring(
             pg_catalog.overlay((@extschema@.uidx_sql_now_ms4096() + (8520336000000::pg_catalog.int8 << 12))::pg_catalog.bit(64), B'0111', 53, 0),
             5)::pg_catalog.bit(64)::pg_catalog.int8),
           1, 8),
         'hex')::pg_catalog.uuid
$$;
COMMENT ON FUNCTION @extschema@.distid128_generate() IS 'new DistributedId128 (uuid), monotonic per session';

DROP FUNCTION @extschema@.uidx_sql_uuidv7_ns();
DROP FUNCTION @extschema@.uidx_sql_uuidv7_pack(bigint, bigint);

CREATE FUNCTION @extschema@.uidx_sql_uuidv7_pack(tie bigint, ms4096 bigint) RETURNS uuid
LANGUAGE sql VOLATILE PARALLEL UNSAFE
AS $$
SELECT pg_catalog.encode(
         pg_catalog.overlay(
           pg_catalog.overlay(pg_catalog.uuid_send(pg_catalog.gen_random_uuid()),
             pg_catalog.substr(pg_catalog.int4send((32768 | tie)::pg_catalog.int4), 3, 2), 9, 2),
           pg_catalog.int8send(pg_catalog.substring(
             pg_catalog.overlay(ms4096::pg_catalog.bit(64), B'0111', 53, 0), 5)::pg_catalog.bit(64)::pg_catalog.int8),
           1, 8),
         'hex')::pg_catalog.uuid
$$;
COMMENT ON FUNCTION @extschema@.uidx_sql_uuidv7_pack(bigint, bigint) IS 'internal: a UUIDv7 of a tie-breaker and a time in 1/4096 ms';

DO $uidx$
DECLARE
    v integer := pg_catalog.current_setting('server_version_num')::integer;
BEGIN
    IF v < 180000 THEN
        -- monotonic per session (docs/managed.md, generator state)
        CREATE OR REPLACE FUNCTION @extschema@.uuidv7() RETURNS uuid
        LANGUAGE sql VOLATILE PARALLEL UNSAFE
        AS $$ SELECT @extschema@.uidx_sql_uuidv7_pack(@extschema@.uidx_sql_tie(), @extschema@.uidx_sql_now_ms4096()) $$;
        COMMENT ON FUNCTION @extschema@.uuidv7() IS 'new UUIDv7 for now, monotonic per session (PostgreSQL 18''s uuidv7)';
        CREATE OR REPLACE FUNCTION @extschema@.uuidv7(shift interval) RETURNS uuid
        LANGUAGE plpgsql VOLATILE STRICT PARALLEL UNSAFE
        AS $fn$
        DECLARE
            tie bigint := @extschema@.uidx_sql_tie();
            ts  timestamptz;
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
            RETURN @extschema@.uidx_sql_uuidv7_pack(tie, pg_catalog.floor(EXTRACT(epoch FROM ts) * 4096000)::bigint);
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
