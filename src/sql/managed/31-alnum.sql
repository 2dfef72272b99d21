-- ---------------------------------------------------------------------------
-- The alphanumeric encodings (FORMATS.md §A3)
-- ---------------------------------------------------------------------------

-- §A3 blocks: an unsigned 64-bit value (as numeric) in `len` base-62 digits.
CREATE FUNCTION @extschema@.uidx_sql_alnum_block(value numeric, len integer) RETURNS text
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

-- The unsigned 64-bit value of a bigint's bits.
CREATE FUNCTION @extschema@.uidx_sql_u64(bigint) RETURNS numeric
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT CASE WHEN $1 OPERATOR(pg_catalog.<) 0 THEN $1::numeric OPERATOR(pg_catalog.+) 18446744073709551616 ELSE $1::numeric END $$;
COMMENT ON FUNCTION @extschema@.uidx_sql_u64(bigint) IS 'internal: a bigint''s bits as an unsigned number';

CREATE FUNCTION @extschema@.alnum_encode(bigint) RETURNS text
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
CREATE FUNCTION @extschema@.alnum_encode(numeric) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT @extschema@.uidx_sql_alnum_block(pg_catalog.div(v, 18446744073709551616), 5)
             OPERATOR(pg_catalog.||) @extschema@.uidx_sql_alnum_block(pg_catalog.mod(v, 18446744073709551616), 11)
        FROM (SELECT @extschema@.uidx_sql_id_numeric($1, 9999999999999999999999999999,
                                                     'alnum_encode(numeric)', true) AS v) s $$;
COMMENT ON FUNCTION @extschema@.alnum_encode(numeric) IS 'alphanumeric form (16 characters) of a DistributedId or any integer up to 10^28-1';
CREATE FUNCTION @extschema@.alnum_encode(uuid) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT @extschema@.uidx_sql_alnum_block(@extschema@.uidx_sql_u64(@extschema@.uidx_sql_half($1, 0)), 11)
             OPERATOR(pg_catalog.||) @extschema@.uidx_sql_alnum_block(@extschema@.uidx_sql_u64(@extschema@.uidx_sql_half($1, 1)), 11) $$;
COMMENT ON FUNCTION @extschema@.alnum_encode(uuid) IS 'alphanumeric form (22 characters) of a uuid';

-- Strict decoding (FORMATS.md §A3): exact length, alphabet, canonical
-- blocks (< 2^64), then the target's range; every failure is 22P02.
CREATE FUNCTION @extschema@.uidx_sql_alnum_decode(input text, type_name text, expected_len integer,
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

CREATE FUNCTION @extschema@.alnum_decode_bigint(text) RETURNS bigint
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT (@extschema@.uidx_sql_alnum_decode($1, 'bigint', 11, 9223372036854775807))[1]::bigint $$;
COMMENT ON FUNCTION @extschema@.alnum_decode_bigint(text) IS 'bigint of an 11-character alphanumeric form';
CREATE FUNCTION @extschema@.alnum_decode_numeric(text) RETURNS numeric
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT (b[1] OPERATOR(pg_catalog.*) 18446744073709551616) OPERATOR(pg_catalog.+) b[2]
        FROM (SELECT @extschema@.uidx_sql_alnum_decode($1, 'numeric', 16, 9999999999999999999999999999) AS b) s $$;
COMMENT ON FUNCTION @extschema@.alnum_decode_numeric(text) IS 'integer of a 16-character alphanumeric form';
CREATE FUNCTION @extschema@.alnum_decode_uuid(text) RETURNS uuid
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT (pg_catalog.lpad(pg_catalog.to_hex(CASE WHEN b[1] OPERATOR(pg_catalog.>=) 9223372036854775808
                                                     THEN b[1] OPERATOR(pg_catalog.-) 18446744073709551616 ELSE b[1] END::bigint), 16, '0')
              OPERATOR(pg_catalog.||)
              pg_catalog.lpad(pg_catalog.to_hex(CASE WHEN b[2] OPERATOR(pg_catalog.>=) 9223372036854775808
                                                     THEN b[2] OPERATOR(pg_catalog.-) 18446744073709551616 ELSE b[2] END::bigint), 16, '0'))::pg_catalog.uuid
        FROM (SELECT @extschema@.uidx_sql_alnum_decode($1, 'uuid', 22, 340282366920938463463374607431768211455) AS b) s $$;
COMMENT ON FUNCTION @extschema@.alnum_decode_uuid(text) IS 'uuid of a 22-character alphanumeric form';

