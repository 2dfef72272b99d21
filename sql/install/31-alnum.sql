-- ---------------------------------------------------------------------------
-- Alphanumeric IDs: Architect.Identities' base-62 block encoding.
-- The text sorts like the value under COLLATE "C".
-- ---------------------------------------------------------------------------
CREATE FUNCTION alnum_encode(distid) RETURNS text
    AS 'MODULE_PATHNAME', 'alnum_encode_distid' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION alnum_encode(numeric) RETURNS text
    AS 'MODULE_PATHNAME', 'alnum_encode_numeric' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION alnum_encode(uuid) RETURNS text
    AS 'MODULE_PATHNAME', 'alnum_encode_uuid' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION alnum_encode(bigint) RETURNS text
    AS 'MODULE_PATHNAME', 'alnum_encode_bigint' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION alnum_decode_distid(text) RETURNS distid
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION alnum_decode_numeric(text) RETURNS numeric
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION alnum_decode_uuid(text) RETURNS uuid
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION alnum_decode_bigint(text) RETURNS bigint
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
