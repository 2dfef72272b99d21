-- uidx_sql: the SQL and PL/pgSQL edition of uidx for managed servers that
-- cannot load the C extension (docs/managed.md).  The files
-- sql/managed/[0-9]*.sql, one family each, concatenated in name order, are
-- the only source: the Makefile wraps them into a psql script and a pg_tle
-- registration (sql/managed/build.sh).  Every name written @extschema@ is the
-- schema it is installed into.
--
-- Layouts are those of test/FORMATS.md, on plain uuid columns; deterministic
-- functions give the C extension's values and SQLSTATEs (test/managed/).
-- The monotonic generators keep no state of their own: their order within
-- a session comes from the clock and a tie-breaker drawn from the sequence
-- uidx_sql_tie (below), so they are PARALLEL UNSAFE, as nextval() is.
-- Random bits come only from gen_random_uuid().  Hot functions are not given a pinned
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
-- date_part's float8 seconds, times 10^6 and rounded, are the exact
-- microsecond until 2106, at a quarter of the cost of EXTRACT's numeric.
CREATE FUNCTION @extschema@.uidx_sql_now_us() RETURNS bigint
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

