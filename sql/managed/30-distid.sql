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

