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

CREATE FUNCTION @extschema@.distid_timestamp(numeric) RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT @extschema@.uidx_sql_timestamp(
               pg_catalog.div(@extschema@.uidx_sql_id_numeric($1, 9903520314283042199192993791, 'type distid', false),
                              281474976710656)::bigint OPERATOR(pg_catalog.+) (@UIDX_1900_UNIX_MS@)) $$;
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
    ms := pg_catalog.ceil(EXTRACT(epoch FROM at) OPERATOR(pg_catalog.*) 1000)::bigint;
    IF ms OPERATOR(pg_catalog.<) (@UIDX_1900_UNIX_MS@)
       OR ms OPERATOR(pg_catalog.>) (((@UIDX_1900_UNIX_MS@) OPERATOR(pg_catalog.+) 35184372088832) OPERATOR(pg_catalog.-) 1) THEN
        RAISE EXCEPTION 'timestamp out of range for type distid: "%"', at
            USING ERRCODE = 'numeric_value_out_of_range',
                  DETAIL = 'The type holds times from 1900-01-01 00:00:00+00 to 3014-12-13 12:41:28.831+00.';
    END IF;
    RETURN ((ms OPERATOR(pg_catalog.-) (@UIDX_1900_UNIX_MS@))::numeric OPERATOR(pg_catalog.*) 281474976710656)::numeric(28,0);
END
$fn$;
COMMENT ON FUNCTION @extschema@.distid_lower_bound(timestamptz) IS 'smallest DistributedId with distid_timestamp(id) >= at (a partition bound), as numeric';

-- FORMATS.md §A1 with keep_order's 1 s leeway (T is the clock's
-- millisecond since 1900 less 1000), monotonic per session (docs/managed.md,
-- generator state): R is the session's 14-bit tie-breaker
-- (read after the clock, see uidx_sql_tie()), then 34 random bits.
CREATE FUNCTION @extschema@.distributed_id() RETURNS numeric
LANGUAGE sql VOLATILE PARALLEL UNSAFE
AS $$
SELECT (((((@extschema@.uidx_sql_now_us() OPERATOR(pg_catalog./) 1000) OPERATOR(pg_catalog.-) (@UIDX_1900_UNIX_MS@))
            OPERATOR(pg_catalog.-) 1000)::pg_catalog.numeric OPERATOR(pg_catalog.*) 281474976710656)
        OPERATOR(pg_catalog.+) ((@extschema@.uidx_sql_tie() OPERATOR(pg_catalog.<<) 34)
                                OPERATOR(pg_catalog.|) (@extschema@.uidx_sql_random() OPERATOR(pg_catalog.&) 17179869183)))::pg_catalog.numeric(28,0)
$$;
COMMENT ON FUNCTION @extschema@.distributed_id() IS 'new DistributedId as numeric(28,0), monotonic per session';

-- FORMATS.md §A2, monotonic per session (docs/managed.md,
-- generator state): T the clock's millisecond since 1700, R the 12-bit
-- fraction of the millisecond, then (bit 64 and the next one 0) the
-- session's 14-bit tie-breaker, read after the clock (uidx_sql_tie()),
-- then 48 random bits.
CREATE FUNCTION @extschema@.distid128_generate() RETURNS uuid
LANGUAGE sql VOLATILE PARALLEL UNSAFE
AS $$
SELECT @extschema@.uidx_sql_uuid(
         @extschema@.uidx_sql_ms_version(@extschema@.uidx_sql_now_ms4096()
                                         OPERATOR(pg_catalog.-) ((@UIDX_1700_UNIX_MS@)::pg_catalog.int8 OPERATOR(pg_catalog.<<) 12), B'0111'),
         (@extschema@.uidx_sql_tie() OPERATOR(pg_catalog.<<) 48)
         OPERATOR(pg_catalog.|) (@extschema@.uidx_sql_random() OPERATOR(pg_catalog.&) 281474976710655))
$$;
COMMENT ON FUNCTION @extschema@.distid128_generate() IS 'new DistributedId128 (uuid), monotonic per session';

CREATE FUNCTION @extschema@.distid128_timestamp(uuid) RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT CASE WHEN pg_catalog.substr($1::pg_catalog.text, 15, 1) OPERATOR(pg_catalog.=) '7'
                   AND pg_catalog.substr($1::pg_catalog.text, 20, 1) OPERATOR(pg_catalog.<) '8'
                  THEN @extschema@.uidx_sql_timestamp(((@extschema@.uidx_sql_half($1, 0) OPERATOR(pg_catalog.>>) 16)
                                                       OPERATOR(pg_catalog.&) 281474976710655)
                                                      OPERATOR(pg_catalog.+) (@UIDX_1700_UNIX_MS@)) END $$;
COMMENT ON FUNCTION @extschema@.distid128_timestamp(uuid) IS 'time of a DistributedId128; NULL unless version 7 with bit 64 clear';

