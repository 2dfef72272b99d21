-- ---------------------------------------------------------------------------
-- COMB (FORMATS.md §B), on uuid: the C extension's comb type is not
-- available, so suffix and SQL Server COMBs are plain uuids here
-- ---------------------------------------------------------------------------

-- Unix microseconds as a timestamptz, exactly.
CREATE FUNCTION @extschema@.uidx_sql_timestamp_us(unix_us bigint) RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT pg_catalog.to_timestamp((unix_us OPERATOR(pg_catalog./) @UIDX_US_PER_S@)::pg_catalog.float8)
              OPERATOR(pg_catalog.+) ((unix_us OPERATOR(pg_catalog.%) @UIDX_US_PER_S@)::pg_catalog.int4
                                  OPERATOR(pg_catalog.*) interval '1 microsecond') $$;
COMMENT ON FUNCTION @extschema@.uidx_sql_timestamp_us(bigint) IS 'internal: timestamptz of a unix microsecond';

-- comb_stamp (FORMATS.md §B): `value` big-endian into bytes
-- [offset, offset + len) of the 16 given bytes, then version 4, variant 10.
CREATE FUNCTION @extschema@.uidx_sql_comb_stamp(random bytea, field_offset integer,
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

CREATE FUNCTION @extschema@.uidx_sql_is_v4(id uuid) RETURNS boolean
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT pg_catalog.substr(id::pg_catalog.text, 15, 1) OPERATOR(pg_catalog.=) '4'
              AND pg_catalog.substr(id::pg_catalog.text, 20, 1) OPERATOR(pg_catalog.=) ANY (ARRAY['8', '9', 'a', 'b']) $$;
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
    IF span::pg_catalog.text OPERATOR(pg_catalog.=) ANY (ARRAY['infinity', '-infinity']) THEN
        RAISE EXCEPTION '% must be finite', what USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF EXTRACT(month FROM span) OPERATOR(pg_catalog.<>) 0 OR EXTRACT(year FROM span) OPERATOR(pg_catalog.<>) 0 THEN
        RAISE EXCEPTION '% must not contain months or years: "%"', what, span
            USING ERRCODE = 'invalid_parameter_value',
                  HINT = 'A month has no fixed length; give the span in days.';
    END IF;
    us := EXTRACT(epoch FROM span) OPERATOR(pg_catalog.*) @UIDX_US_PER_S@;
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

CREATE FUNCTION @extschema@.uidx_sql_interval_ms(span interval) RETURNS bigint
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

CREATE FUNCTION @extschema@.uidx_sql_block_size(block_size integer) RETURNS integer
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

-- comb_block_stamp (FORMATS.md §B3, steps 3-6), arguments already checked.
CREATE FUNCTION @extschema@.uidx_sql_block_stamp(random bytea, value bigint, block_size bigint,
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

-- SQL Server datetime (FORMATS.md §B2) of a microsecond since 1900-01-01:
-- low 16 bits of the days, then the 1/300 s ticks of the day, truncated.
-- PL/pgSQL, because the days and the ticks are two readings of one value,
-- which the generator's inlined expression cannot make of one clock
-- reading.
CREATE FUNCTION @extschema@.uidx_sql_sqlserver_stamp(us1900 bigint) RETURNS bigint
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
AS $fn$
BEGIN
    IF us1900 OPERATOR(pg_catalog.>) 5662310399999999 THEN
        RAISE EXCEPTION 'system clock is past the last SQL Server COMB time, 2079-06-06'
            USING ERRCODE = 'datetime_field_overflow';
    END IF;
    RETURN (((us1900 OPERATOR(pg_catalog./) @UIDX_US_PER_DAY@) OPERATOR(pg_catalog.&) 65535) OPERATOR(pg_catalog.<<) 32)
           OPERATOR(pg_catalog.|) (((us1900 OPERATOR(pg_catalog.%) @UIDX_US_PER_DAY@) OPERATOR(pg_catalog.*) 3) OPERATOR(pg_catalog./) 10000);
END
$fn$;
COMMENT ON FUNCTION @extschema@.uidx_sql_sqlserver_stamp(bigint) IS 'internal: SQL Server datetime days and ticks of a microsecond since 1900';

-- The SQL Server datetime of a time, checked.
CREATE FUNCTION @extschema@.uidx_sql_sqlserver_datetime(at timestamptz) RETURNS bigint
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
AS $fn$
BEGIN
    IF at IS NULL THEN
        RAISE EXCEPTION 'COMB timestamp must not be null' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    PERFORM @extschema@.uidx_sql_unix_ms(at, @UIDX_1900_UNIX_MS@, 3453321599999, 'SQL Server COMB');
    RETURN @extschema@.uidx_sql_sqlserver_stamp((EXTRACT(epoch FROM at) OPERATOR(pg_catalog.*) @UIDX_US_PER_S@)::bigint OPERATOR(pg_catalog.-) (@UIDX_1900_UNIX_US@));
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
             pg_catalog.floor(ms::numeric OPERATOR(pg_catalog./) len)::bigint OPERATOR(pg_catalog.&) 65535);
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
             CASE WHEN value OPERATOR(pg_catalog.=) -9223372036854775808 THEN 9223372036854775807
                  ELSE value OPERATOR(pg_catalog.-) 1 END,
             size, block_count, bits);
END
$fn$;
COMMENT ON FUNCTION @extschema@.comb_sequence_from_parts(bigint, bytea, integer, integer) IS 'sequence COMB from a sequence value and the 16 random bytes';



-- Monotonic per session (docs/managed.md, generator state):
-- bytes 0-7 the clock's millisecond, version 4 and the 12-bit fraction
-- (FORMATS.md §B); then variant 10 and the session's 14-bit tie-breaker in
-- bytes 8-9, and 48 random bits: uidx_sql_tick_uuid(), as UUIDv7.
CREATE FUNCTION @extschema@.comb_prefix_generate() RETURNS uuid
LANGUAGE sql VOLATILE PARALLEL UNSAFE
AS $$ SELECT @extschema@.uidx_sql_tick_uuid(@extschema@.uidx_sql_now_ms4096(), B'0100',
                                             @extschema@.uidx_sql_tie()) $$;
COMMENT ON FUNCTION @extschema@.comb_prefix_generate() IS 'new prefix COMB (time in bytes 0-5) for now, monotonic per session';
CREATE FUNCTION @extschema@.comb_prefix_generate(at timestamptz) RETURNS uuid
LANGUAGE sql VOLATILE PARALLEL SAFE
AS $$ SELECT @extschema@.comb_prefix_from_parts(@extschema@.uidx_sql_require(at, 'COMB timestamp'),
                                                  pg_catalog.uuid_send(pg_catalog.gen_random_uuid())) $$;
COMMENT ON FUNCTION @extschema@.comb_prefix_generate(timestamptz) IS 'new prefix COMB with the given time';

-- A suffix or SQL Server COMB (FORMATS.md §B, §B2): bytes 0-7 random under
-- version 4, bytes 8-9 variant 10 and the 14-bit tie-breaker, bytes 10-15
-- the stamp.  Each argument is used once, the stamp before the tie-breaker
-- (see uidx_sql_tie()).
CREATE FUNCTION @extschema@.uidx_sql_comb_uuid(stamp bigint, tie bigint) RETURNS uuid
LANGUAGE sql VOLATILE PARALLEL SAFE
AS $$ SELECT @extschema@.uidx_sql_uuid_var10((@extschema@.uidx_sql_random() OPERATOR(pg_catalog.&) -61441) OPERATOR(pg_catalog.|) 16384,
                                              (stamp OPERATOR(pg_catalog.|) (tie OPERATOR(pg_catalog.<<) 48))
                                              OPERATOR(pg_catalog.|) (2::pg_catalog.int8 OPERATOR(pg_catalog.<<) 62)) $$;
COMMENT ON FUNCTION @extschema@.uidx_sql_comb_uuid(bigint, bigint) IS 'internal: suffix or SQL Server COMB of a stamp and a tie-breaker';

-- Monotonic per session in the comb type's order (docs/managed.md,
-- generator state): bytes 10-15 the clock's millisecond, bytes
-- 8-9 variant 10 and, where the C extension has the 14-bit fraction of the
-- millisecond, the session's 14-bit tie-breaker (read after the clock, see
-- uidx_sql_tie()); bytes 0-7 random under version 4.
CREATE FUNCTION @extschema@.comb_suffix_generate() RETURNS uuid
LANGUAGE sql VOLATILE PARALLEL UNSAFE
AS $$ SELECT @extschema@.uidx_sql_comb_uuid(@extschema@.uidx_sql_now_us() OPERATOR(pg_catalog./) 1000, @extschema@.uidx_sql_tie()) $$;
COMMENT ON FUNCTION @extschema@.comb_suffix_generate() IS 'new suffix COMB (time in bytes 10-15) for now, monotonic per session';
CREATE FUNCTION @extschema@.comb_suffix_generate(at timestamptz) RETURNS uuid
LANGUAGE sql VOLATILE PARALLEL SAFE
AS $$ SELECT @extschema@.comb_suffix_from_parts(@extschema@.uidx_sql_require(at, 'COMB timestamp'),
                                                  pg_catalog.uuid_send(pg_catalog.gen_random_uuid())) $$;
COMMENT ON FUNCTION @extschema@.comb_suffix_generate(timestamptz) IS 'new suffix COMB with the given time';

-- The SQL Server COMB's tie-breaker: as uidx_sql_tie, but its own, since
-- where its 14 bits wrap the generator waits for the next 1/300 s tick,
-- not the next millisecond.
CREATE SEQUENCE @extschema@.uidx_sql_sqlserver_tie AS bigint START 1 MINVALUE 1 CACHE 16384 NO CYCLE;
COMMENT ON SEQUENCE @extschema@.uidx_sql_sqlserver_tie IS 'internal: the SQL Server COMB''s tie-breaker';
GRANT USAGE ON SEQUENCE @extschema@.uidx_sql_sqlserver_tie TO PUBLIC;

-- Monotonic per session in the comb type's order (docs/managed.md,
-- generator state): bytes 10-15 the clock's days and ticks, bytes 8-9
-- variant 10 and, where the C extension has the 14-bit fraction of the
-- tick, the tie-breaker of its own sequence, read after the clock and
-- followed by a 4 ms sleep where its 14 bits wrap (a tick is 1/300 s);
-- bytes 0-7 random under version 4.
CREATE FUNCTION @extschema@.comb_sqlserver_generate() RETURNS uuid
LANGUAGE sql VOLATILE PARALLEL UNSAFE
AS $$ SELECT @extschema@.uidx_sql_comb_uuid(
                 @extschema@.uidx_sql_sqlserver_stamp(@extschema@.uidx_sql_now_us() OPERATOR(pg_catalog.-) (@UIDX_1900_UNIX_US@)),
                 @extschema@.uidx_sql_tie('@extschema@.uidx_sql_sqlserver_tie', 0.004)) $$;
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
                   THEN @extschema@.uidx_sql_timestamp((@extschema@.uidx_sql_half($1, 0) OPERATOR(pg_catalog.>>) 16)
                                                       OPERATOR(pg_catalog.&) 281474976710655) END $$;
COMMENT ON FUNCTION @extschema@.comb_prefix_timestamp(uuid) IS 'time (millisecond) in bytes 0-5 of a prefix COMB; NULL unless version 4, variant 10';
CREATE FUNCTION @extschema@.comb_timestamp(uuid) RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT @extschema@.uidx_sql_timestamp(@extschema@.uidx_sql_half($1, 1) OPERATOR(pg_catalog.&) 281474976710655) $$;
COMMENT ON FUNCTION @extschema@.comb_timestamp(uuid) IS 'time (millisecond) in bytes 10-15 of a suffix COMB';
CREATE FUNCTION @extschema@.comb_sqlserver_timestamp(uuid) RETURNS timestamptz
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
    RETURN @extschema@.uidx_sql_timestamp_us(((days OPERATOR(pg_catalog.+) (@UIDX_1900_UNIX_DAYS@)) OPERATOR(pg_catalog.*) @UIDX_US_PER_DAY@)
                                             OPERATOR(pg_catalog.+) (((ticks OPERATOR(pg_catalog.*) 10000) OPERATOR(pg_catalog.+) 2) OPERATOR(pg_catalog./) 3));
END
$fn$;
COMMENT ON FUNCTION @extschema@.comb_sqlserver_timestamp(uuid) IS 'SQL Server datetime in bytes 10-15 of a COMB';
CREATE FUNCTION @extschema@.comb_short_prefix(uuid) RETURNS integer
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT CASE WHEN @extschema@.uidx_sql_is_v4($1)
                   THEN ((@extschema@.uidx_sql_half($1, 0) OPERATOR(pg_catalog.>>) 48) OPERATOR(pg_catalog.&) 65535)::pg_catalog.int4 END $$;
COMMENT ON FUNCTION @extschema@.comb_short_prefix(uuid) IS '16-bit interval counter of a short prefix COMB; NULL unless version 4, variant 10';

CREATE FUNCTION @extschema@.comb_short_prefix_is_valid(id uuid, tolerance interval DEFAULT '10 minutes',
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

-- bytes 0-5 and 10-15 trade places (lossless, its own inverse)
CREATE FUNCTION @extschema@.comb_prefix_to_suffix(uuid) RETURNS uuid
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT ((pg_catalog.substr(h, 21, 12) OPERATOR(pg_catalog.||) pg_catalog.substr(h, 13, 8))
              OPERATOR(pg_catalog.||) pg_catalog.substr(h, 1, 12))::pg_catalog.uuid
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

