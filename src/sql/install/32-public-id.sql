-- ---------------------------------------------------------------------------
-- Public identities: IDs encrypted with AES under the key read from the file
-- named by uidx.public_id_key_file, into a uuid that reveals nothing.  STABLE:
-- the result depends on the key.  Decoders return NULL for a forged or foreign value.
-- ---------------------------------------------------------------------------
CREATE FUNCTION public_id_encode(bigint) RETURNS uuid
    AS 'MODULE_PATHNAME', 'public_id_encode_bigint' LANGUAGE C STABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION public_id_encode(bigint) IS 'public id: the bigint encrypted under uidx.public_id_key';
CREATE FUNCTION public_id_encode(numeric) RETURNS uuid
    AS 'MODULE_PATHNAME', 'public_id_encode_numeric' LANGUAGE C STABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION public_id_encode(numeric) IS 'public id: the decimal encrypted under uidx.public_id_key';
CREATE FUNCTION public_id_encode(distid) RETURNS uuid
    AS 'MODULE_PATHNAME', 'public_id_encode_distid' LANGUAGE C STABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION public_id_encode(distid) IS 'public id: the distid encrypted under uidx.public_id_key';
CREATE FUNCTION public_id_encode(uuid) RETURNS uuid
    AS 'MODULE_PATHNAME', 'public_id_encode_uuid' LANGUAGE C STABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION public_id_encode(uuid) IS 'public id: the uuid encrypted under uidx.public_id_key';

CREATE FUNCTION public_id_decode_bigint(uuid) RETURNS bigint
    AS 'MODULE_PATHNAME' LANGUAGE C STABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION public_id_decode_bigint(uuid) IS 'bigint behind a public id; NULL for a forged or foreign value';
CREATE FUNCTION public_id_decode_numeric(uuid) RETURNS numeric
    AS 'MODULE_PATHNAME' LANGUAGE C STABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION public_id_decode_numeric(uuid) IS 'decimal behind a public id; NULL for a forged or foreign value';
CREATE FUNCTION public_id_decode_distid(uuid) RETURNS distid
    AS 'MODULE_PATHNAME' LANGUAGE C STABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION public_id_decode_distid(uuid) IS 'distid behind a public id; NULL for a forged or foreign value';
CREATE FUNCTION public_id_decode_uuid(uuid) RETURNS uuid
    AS 'MODULE_PATHNAME' LANGUAGE C STABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION public_id_decode_uuid(uuid) IS 'uuid behind a public id';
