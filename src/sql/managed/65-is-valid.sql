-- ---------------------------------------------------------------------------
-- Testing input without raising: uidx_is_valid (docs/managed.md), and the text
-- forms the C extension's input functions accept,
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
