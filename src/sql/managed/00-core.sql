-- uidx_sql: the SQL and PL/pgSQL edition of uidx for managed servers that
-- cannot load the C extension (docs/managed.md).  The files
-- src/sql/managed/[0-9]*.sql, one family each, concatenated in name order, are
-- the only source: the Makefile wraps them into a psql script and a pg_tle
-- registration (src/sql/managed/build.sh).  Every name written @extschema@ is the
-- schema it is installed into.
--
-- Layouts are those of test/FORMATS.md, on plain uuid columns; deterministic
-- functions give the C extension's values and SQLSTATEs (test/managed/).
-- The monotonic generators keep no state of their own: their order within
-- a session comes from the clock and a tie-breaker drawn from the sequence
-- uidx_sql_tie (below), so they are PARALLEL UNSAFE, as nextval() is.
-- Random bits come only from gen_random_uuid().  A body is parsed with the
-- caller's search_path, where another role's operator can match the argument
-- types better than pg_catalog's and win; so every operator, function and
-- type in a body is named by its schema (OPERATOR(pg_catalog.x),
-- pg_catalog.f, @extschema@.f), and nothing on a caller's search_path is ever
-- used.  That, not a pinned search_path, keeps the hot functions inlinable:
-- a SET clause would stop inlining and cost a GUC save per call.

-- ---------------------------------------------------------------------------
-- Shared helpers (internal)
-- ---------------------------------------------------------------------------

-- The 16 bytes of two big-endian 64-bit halves (FORMATS.md §0: msb, lsb).
-- Before PostgreSQL 19, text is the only way into a uuid, and uuid_in's
-- parse is a third of what gen_random_uuid() costs (docs/managed.md,
-- cost); 19 casts bytea to uuid.  uidx_sql_uuid_var10 is the generators'
-- form: where the second half starts with variant 10 it is a negative
-- bigint, which to_hex prints as 16 digits, cheaper than encode.
DO $uidx$
BEGIN
    IF pg_catalog.current_setting('server_version_num')::integer OPERATOR(pg_catalog.<) 190000 THEN
        CREATE FUNCTION @extschema@.uidx_sql_uuid(msb bigint, lsb bigint) RETURNS uuid
        LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
        AS $$ SELECT pg_catalog.encode(pg_catalog.int8send(msb) OPERATOR(pg_catalog.||) pg_catalog.int8send(lsb), 'hex')::pg_catalog.uuid $$;
        CREATE FUNCTION @extschema@.uidx_sql_uuid_var10(msb bigint, lsb bigint) RETURNS uuid
        LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
        AS $$ SELECT (pg_catalog.encode(pg_catalog.int8send(msb), 'hex') OPERATOR(pg_catalog.||) pg_catalog.to_hex(lsb))::pg_catalog.uuid $$;
    ELSE
        CREATE FUNCTION @extschema@.uidx_sql_uuid(msb bigint, lsb bigint) RETURNS uuid
        LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
        AS $$ SELECT (pg_catalog.int8send(msb) OPERATOR(pg_catalog.||) pg_catalog.int8send(lsb))::pg_catalog.uuid $$;
        CREATE FUNCTION @extschema@.uidx_sql_uuid_var10(msb bigint, lsb bigint) RETURNS uuid
        LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
        AS $$ SELECT @extschema@.uidx_sql_uuid(msb, lsb) $$;
    END IF;
END
$uidx$;
COMMENT ON FUNCTION @extschema@.uidx_sql_uuid(bigint, bigint) IS 'internal: uuid of its two 64-bit halves';
COMMENT ON FUNCTION @extschema@.uidx_sql_uuid_var10(bigint, bigint) IS 'internal: uuid of its two 64-bit halves, the second with variant 10';

-- Bytes 0-7 (half 0) or 8-15 (half 1) of a uuid as a signed 64-bit integer.
CREATE FUNCTION @extschema@.uidx_sql_half(id uuid, half integer) RETURNS bigint
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT ('x' OPERATOR(pg_catalog.||) pg_catalog.substr(pg_catalog.replace(id::pg_catalog.text, '-', ''),
                                                             (half OPERATOR(pg_catalog.*) 16) OPERATOR(pg_catalog.+) 1, 16))::pg_catalog.bit(64)::pg_catalog.int8 $$;
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

-- Unix milliseconds as a timestamptz, exactly (integer seconds, then ms).
CREATE FUNCTION @extschema@.uidx_sql_timestamp(unix_ms bigint) RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT pg_catalog.to_timestamp((unix_ms OPERATOR(pg_catalog./) 1000)::pg_catalog.float8)
              OPERATOR(pg_catalog.+) ((unix_ms OPERATOR(pg_catalog.%) 1000)::pg_catalog.int4
                                      OPERATOR(pg_catalog.*) interval '1 millisecond') $$;
COMMENT ON FUNCTION @extschema@.uidx_sql_timestamp(bigint) IS 'internal: timestamptz of a unix millisecond';

-- The clock in unix microseconds (the C extension reads nanoseconds).
-- date_part's float8 seconds, times 10^6 and rounded, are the exact
-- microsecond until 2106, at a quarter of the cost of EXTRACT's numeric.
CREATE FUNCTION @extschema@.uidx_sql_now_us() RETURNS bigint
LANGUAGE sql VOLATILE STRICT PARALLEL SAFE
AS $$ SELECT (pg_catalog.date_part('epoch', pg_catalog.clock_timestamp()) OPERATOR(pg_catalog.*) @UIDX_US_PER_S@)::pg_catalog.int8 $$;
COMMENT ON FUNCTION @extschema@.uidx_sql_now_us() IS 'internal: clock in unix microseconds';

-- The clock in 1/4096 ms: unix ms << 12 | the 12-bit fraction of the
-- millisecond (UUIDv7 and prefix COMB, FORMATS.md §B and §E), which is
-- floor(us * 4096 / 1000) = us * 512 / 125.  int8 until the year 2540.
CREATE FUNCTION @extschema@.uidx_sql_now_ms4096() RETURNS bigint
LANGUAGE sql VOLATILE STRICT PARALLEL SAFE
AS $$ SELECT ((pg_catalog.date_part('epoch', pg_catalog.clock_timestamp()) OPERATOR(pg_catalog.*) @UIDX_US_PER_S@)::pg_catalog.int8
              OPERATOR(pg_catalog.*) 512) OPERATOR(pg_catalog./) 125 $$;
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
-- order its expression is evaluated.  array_remove() and COALESCE look at
-- the one nextval() value twice (array_remove, not NULLIF: it compares with
-- the type's own equality, where NULLIF would look = up on the caller's
-- search_path); they are not STRICT constructs, so the generators that
-- inline this are not STRICT (none has an argument that could be NULL).
CREATE FUNCTION @extschema@.uidx_sql_tie(seq regclass, pause double precision) RETURNS bigint
LANGUAGE sql VOLATILE PARALLEL UNSAFE
AS $$ SELECT COALESCE((pg_catalog.array_remove(ARRAY[pg_catalog.nextval(seq) OPERATOR(pg_catalog.&) 16383],
                                               16383::bigint))[1],
                      16383 OPERATOR(pg_catalog.+) pg_catalog.length(pg_catalog.pg_sleep(pause)::pg_catalog.text)) $$;
COMMENT ON FUNCTION @extschema@.uidx_sql_tie(regclass, double precision) IS 'internal: the next 14-bit tie-breaker of a generator sequence';

-- The tie-breaker of the generators whose clock field counts milliseconds:
-- the sequence uidx_sql_tie and a 1 ms pause.
CREATE FUNCTION @extschema@.uidx_sql_tie() RETURNS bigint
LANGUAGE sql VOLATILE PARALLEL UNSAFE
AS $$ SELECT @extschema@.uidx_sql_tie('@extschema@.uidx_sql_tie'::pg_catalog.regclass, 0.001::double precision) $$;
COMMENT ON FUNCTION @extschema@.uidx_sql_tie() IS 'internal: the next 14-bit tie-breaker of the millisecond generators';

-- 64 random bits: core's 64-bit hash of one gen_random_uuid(), whose 122
-- random bits come from pg_strong_random().  A uuid has no cheaper way out
-- into an integer (docs/managed.md, cost).
CREATE FUNCTION @extschema@.uidx_sql_random() RETURNS bigint
LANGUAGE sql VOLATILE PARALLEL SAFE
AS $$ SELECT pg_catalog.uuid_hash_extended(pg_catalog.gen_random_uuid(), 0) $$;
COMMENT ON FUNCTION @extschema@.uidx_sql_random() IS 'internal: 64 random bits';

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
                                            ((2::pg_catalog.int8 OPERATOR(pg_catalog.<<) 62)
                                             OPERATOR(pg_catalog.|) (tie OPERATOR(pg_catalog.<<) 48))
                                            OPERATOR(pg_catalog.|) (@extschema@.uidx_sql_random() OPERATOR(pg_catalog.&) 281474976710655)) $$;
COMMENT ON FUNCTION @extschema@.uidx_sql_tick_uuid(bigint, bit, bigint) IS 'internal: UUIDv7 or prefix COMB of a time in 1/4096 ms, a version and a tie-breaker';

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
    IF value OPERATOR(pg_catalog.<) 0 OR value OPERATOR(pg_catalog.>) 255 THEN
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
AS $$ SELECT @extschema@.uidx_sql_uuid(@extschema@.uidx_sql_unix_ms(at, 0, 281474976710655, 'uuid') OPERATOR(pg_catalog.<<) 16, 0) $$;
COMMENT ON FUNCTION @extschema@.uidx_uuid_lower_bound(timestamptz) IS 'smallest uuid whose first six bytes hold the unix millisecond of at (partition bound)';

