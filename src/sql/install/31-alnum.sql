-- ---------------------------------------------------------------------------
-- Alphanumeric IDs: Architect.Identities' base-62 block encoding.
-- The text sorts like the value under COLLATE "C".
-- ---------------------------------------------------------------------------
CREATE FUNCTION alnum_encode(distid) RETURNS text
    AS 'MODULE_PATHNAME', 'alnum_encode_distid' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION alnum_encode(distid) IS '16-character alphanumeric form of a distid';
CREATE FUNCTION alnum_encode(numeric) RETURNS text
    AS 'MODULE_PATHNAME', 'alnum_encode_numeric' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION alnum_encode(numeric) IS '16-character alphanumeric form of an integer up to 10^28 - 1';
CREATE FUNCTION alnum_encode(uuid) RETURNS text
    AS 'MODULE_PATHNAME', 'alnum_encode_uuid' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION alnum_encode(uuid) IS '22-character alphanumeric form of a uuid';
CREATE FUNCTION alnum_encode(bigint) RETURNS text
    AS 'MODULE_PATHNAME', 'alnum_encode_bigint' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION alnum_encode(bigint) IS '11-character alphanumeric form of a non-negative bigint';

CREATE FUNCTION alnum_decode_distid(text) RETURNS distid
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION alnum_decode_distid(text) IS 'distid from its 16-character alphanumeric form (strict)';
CREATE FUNCTION alnum_decode_numeric(text) RETURNS numeric
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION alnum_decode_numeric(text) IS 'numeric from its 16-character alphanumeric form (strict)';
CREATE FUNCTION alnum_decode_uuid(text) RETURNS uuid
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION alnum_decode_uuid(text) IS 'uuid from its 22-character alphanumeric form (strict)';
CREATE FUNCTION alnum_decode_bigint(text) RETURNS bigint
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION alnum_decode_bigint(text) IS 'bigint from its 11-character alphanumeric form (strict)';
