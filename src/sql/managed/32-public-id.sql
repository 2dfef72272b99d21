-- ---------------------------------------------------------------------------
-- Public ids (FORMATS.md §A4): AES-ECB of one block under a secret key.
-- A managed service has no server file for the key (docs/managed.md, public
-- ids): it lives in the one-row table public_id_key,
-- which only its owner (the role that installed uidx_sql, or the dedicated
-- role the README suggests giving it to) can read.  The only code that reads
-- it is uidx_sql_public_id_aes(), SECURITY DEFINER with a pinned
-- search_path, which encrypts or decrypts one block and never returns the
-- key; with missing_ok it returns NULL instead of raising when there is no
-- key it can read, so that uidx_inspect, like the C one without a key file,
-- leaves public ids opaque and never fails.  Every role may call it: it is
-- the same oracle the C extension's public_id_encode(uuid),
-- public_id_decode_uuid() and uidx_inspect give every role.  The table is
-- not in the extension's dump configuration: like the C extension's key
-- file, the key stays out of pg_dump and is set again after a restore.
-- AES is pgcrypto's:
-- without pgcrypto installed, the public-id functions are not created.
-- ---------------------------------------------------------------------------

CREATE TABLE @extschema@.public_id_key (
    only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
    key      bytea NOT NULL CHECK (pg_catalog.length(key) IN (16, 24, 32))
);
COMMENT ON TABLE @extschema@.public_id_key IS 'the public-id key (16, 24 or 32 bytes); readable by its owner only';
REVOKE ALL ON @extschema@.public_id_key FROM PUBLIC;

-- Sets (or replaces) the key.  Not SECURITY DEFINER: only the table's
-- owner may write it.  Pass the key as a parameter, not a literal, so that
-- it does not reach the server log or pg_stat_statements.
CREATE FUNCTION @extschema@.public_id_set_key(key bytea) RETURNS void
LANGUAGE sql VOLATILE STRICT PARALLEL UNSAFE
AS $$
INSERT INTO @extschema@.public_id_key AS k (only_row, key) VALUES (true, $1)
ON CONFLICT (only_row) DO UPDATE SET key = EXCLUDED.key
$$;
COMMENT ON FUNCTION @extschema@.public_id_set_key(bytea) IS 'sets the public-id key (owner of public_id_key only)';

-- ".NET order" of FORMATS.md §0: bytes 0-3, 4-5 and 6-7 each reversed.
CREATE FUNCTION @extschema@.uidx_sql_netswap(b bytea) RETURNS bytea
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT (((((((pg_catalog.substr(b, 4, 1)
             OPERATOR(pg_catalog.||) pg_catalog.substr(b, 3, 1))
             OPERATOR(pg_catalog.||) pg_catalog.substr(b, 2, 1))
             OPERATOR(pg_catalog.||) pg_catalog.substr(b, 1, 1))
             OPERATOR(pg_catalog.||) pg_catalog.substr(b, 6, 1))
             OPERATOR(pg_catalog.||) pg_catalog.substr(b, 5, 1))
             OPERATOR(pg_catalog.||) pg_catalog.substr(b, 8, 1))
             OPERATOR(pg_catalog.||) pg_catalog.substr(b, 7, 1))
             OPERATOR(pg_catalog.||) pg_catalog.substr(b, 9, 8) $$;
COMMENT ON FUNCTION @extschema@.uidx_sql_netswap(bytea) IS 'internal: .NET Guid byte order of 16 bytes (its own inverse)';

-- An unsigned integer as `len` little-endian bytes, and back.
CREATE FUNCTION @extschema@.uidx_sql_le_bytes(value numeric, len integer) RETURNS bytea
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
AS $fn$
DECLARE
    out pg_catalog.bytea := pg_catalog.decode(pg_catalog.repeat('00', len), 'hex');
    v numeric := value;
BEGIN
    FOR i IN 0 .. len OPERATOR(pg_catalog.-) 1 LOOP
        out := pg_catalog.set_byte(out, i, pg_catalog.mod(v, 256)::integer);
        v := pg_catalog.div(v, 256);
    END LOOP;
    RETURN out;
END
$fn$;
COMMENT ON FUNCTION @extschema@.uidx_sql_le_bytes(numeric, integer) IS 'internal: little-endian bytes of an unsigned integer';
CREATE FUNCTION @extschema@.uidx_sql_le_value(b bytea) RETURNS numeric
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
AS $fn$
DECLARE
    v numeric := 0;
BEGIN
    FOR i IN REVERSE pg_catalog.length(b) OPERATOR(pg_catalog.-) 1 .. 0 LOOP
        v := (v OPERATOR(pg_catalog.*) 256) OPERATOR(pg_catalog.+) pg_catalog.get_byte(b, i);
    END LOOP;
    RETURN v;
END
$fn$;
COMMENT ON FUNCTION @extschema@.uidx_sql_le_value(bytea) IS 'internal: the unsigned integer of little-endian bytes';

-- 8 bytes in reverse order, and a bigint as 8 little-endian bytes.
CREATE FUNCTION @extschema@.uidx_sql_reverse8(b bytea) RETURNS bytea
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT ((((((pg_catalog.substr(b, 8, 1)
             OPERATOR(pg_catalog.||) pg_catalog.substr(b, 7, 1))
             OPERATOR(pg_catalog.||) pg_catalog.substr(b, 6, 1))
             OPERATOR(pg_catalog.||) pg_catalog.substr(b, 5, 1))
             OPERATOR(pg_catalog.||) pg_catalog.substr(b, 4, 1))
             OPERATOR(pg_catalog.||) pg_catalog.substr(b, 3, 1))
             OPERATOR(pg_catalog.||) pg_catalog.substr(b, 2, 1))
             OPERATOR(pg_catalog.||) pg_catalog.substr(b, 1, 1) $$;
COMMENT ON FUNCTION @extschema@.uidx_sql_reverse8(bytea) IS 'internal: 8 bytes reversed';
CREATE FUNCTION @extschema@.uidx_sql_le8(bigint) RETURNS bytea
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT @extschema@.uidx_sql_reverse8(pg_catalog.int8send($1)) $$;
COMMENT ON FUNCTION @extschema@.uidx_sql_le8(bigint) IS 'internal: a bigint as 8 little-endian bytes';

DO $uidx_public_id$
DECLARE
    crypto pg_catalog.name := (SELECT n.nspname FROM pg_catalog.pg_extension e
                                 JOIN pg_catalog.pg_namespace n ON n.oid OPERATOR(pg_catalog.=) e.extnamespace
                                WHERE e.extname OPERATOR(pg_catalog.=) 'pgcrypto');
BEGIN
    IF crypto IS NULL THEN
        RAISE NOTICE 'pgcrypto is not installed: uidx_sql creates no public-id functions'
            USING HINT = 'CREATE EXTENSION pgcrypto, then install uidx_sql again to get them.';
        RETURN;
    END IF;
    -- pgcrypto's AES, bound when uidx_sql is installed: a BEGIN ATOMIC body
    -- is resolved once, at CREATE FUNCTION, and kept by OID, so a look-alike
    -- encrypt or decrypt created later (in pgcrypto's schema, where ordinary
    -- roles may create in databases older than PostgreSQL 15) is never
    -- called, and cannot make the call ambiguous
    EXECUTE pg_catalog.format($f$
        CREATE FUNCTION @extschema@.uidx_sql_aes_encrypt(block bytea, key bytea) RETURNS bytea
        LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
        BEGIN ATOMIC
            SELECT %1$I.encrypt(block, key, 'aes-ecb/pad:none'::pg_catalog.text);
        END $f$, crypto);
    COMMENT ON FUNCTION @extschema@.uidx_sql_aes_encrypt(bytea, bytea) IS 'internal: pgcrypto''s AES-ECB encryption of whole blocks, bound at install';
    EXECUTE pg_catalog.format($f$
        CREATE FUNCTION @extschema@.uidx_sql_aes_decrypt(block bytea, key bytea) RETURNS bytea
        LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
        BEGIN ATOMIC
            SELECT %1$I.decrypt(block, key, 'aes-ecb/pad:none'::pg_catalog.text);
        END $f$, crypto);
    COMMENT ON FUNCTION @extschema@.uidx_sql_aes_decrypt(bytea, bytea) IS 'internal: pgcrypto''s AES-ECB decryption of whole blocks, bound at install';
    -- the one reader of the key (see above)
    CREATE FUNCTION @extschema@.uidx_sql_public_id_aes(block bytea, decrypt boolean, missing_ok boolean)
        RETURNS bytea
        LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE SECURITY DEFINER
        SET search_path = pg_catalog, pg_temp
        AS $body$
        DECLARE
            k pg_catalog.bytea;
        BEGIN
            IF missing_ok AND NOT pg_catalog.has_table_privilege('@extschema@.public_id_key', 'SELECT') THEN
                RETURN NULL;
            END IF;
            SELECT t.key INTO k FROM @extschema@.public_id_key t;
            IF k IS NULL AND missing_ok THEN
                RETURN NULL;
            END IF;
            IF k IS NULL THEN
                RAISE EXCEPTION 'the uidx_sql public-id key is not set'
                    USING ERRCODE = 'object_not_in_prerequisite_state',
                          HINT = 'The owner of @extschema@.public_id_key sets it with @extschema@.public_id_set_key().';
            END IF;
            IF decrypt THEN
                RETURN @extschema@.uidx_sql_aes_decrypt(block, k);
            END IF;
            RETURN @extschema@.uidx_sql_aes_encrypt(block, k);
        END
        $body$;
    COMMENT ON FUNCTION @extschema@.uidx_sql_public_id_aes(bytea, boolean, boolean) IS 'internal: AES of one block under the public-id key (the only reader of the key); NULL without a key when missing_ok';

    CREATE FUNCTION @extschema@.uidx_sql_public_id(plain bytea) RETURNS uuid
    LANGUAGE sql STABLE STRICT PARALLEL SAFE
    AS $$ SELECT pg_catalog.encode(@extschema@.uidx_sql_netswap(@extschema@.uidx_sql_public_id_aes(plain, false, false)), 'hex')::pg_catalog.uuid $$;
    COMMENT ON FUNCTION @extschema@.uidx_sql_public_id(bytea) IS 'internal: the public id of a plaintext block';
    CREATE FUNCTION @extschema@.uidx_sql_public_id_plain(id uuid) RETURNS bytea
    LANGUAGE sql STABLE STRICT PARALLEL SAFE
    AS $$ SELECT @extschema@.uidx_sql_public_id_aes(@extschema@.uidx_sql_netswap(pg_catalog.uuid_send(id)), true, false) $$;
    COMMENT ON FUNCTION @extschema@.uidx_sql_public_id_plain(uuid) IS 'internal: the plaintext block of a public id';

    CREATE FUNCTION @extschema@.public_id_encode(bigint) RETURNS uuid
    LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE
    AS $fn$
    BEGIN
        IF $1 OPERATOR(pg_catalog.<) 0 THEN
            RAISE EXCEPTION 'value % is out of range for public_id_encode(bigint)', $1
                USING ERRCODE = 'numeric_value_out_of_range', DETAIL = 'Only non-negative ids have a public id.';
        END IF;
        RETURN @extschema@.uidx_sql_public_id('\x0000000000000000'::pg_catalog.bytea OPERATOR(pg_catalog.||) @extschema@.uidx_sql_le8($1));
    END
    $fn$;
    COMMENT ON FUNCTION @extschema@.public_id_encode(bigint) IS 'public id (AES) of a non-negative bigint';
    CREATE FUNCTION @extschema@.public_id_encode(numeric) RETURNS uuid
    LANGUAGE sql STABLE STRICT PARALLEL SAFE
    AS $$ SELECT @extschema@.uidx_sql_public_id(('\x00000000'::pg_catalog.bytea
                   OPERATOR(pg_catalog.||) @extschema@.uidx_sql_le_bytes(pg_catalog.div(v, 18446744073709551616), 4))
                   OPERATOR(pg_catalog.||) @extschema@.uidx_sql_le_bytes(pg_catalog.mod(v, 18446744073709551616), 8))
            FROM (SELECT @extschema@.uidx_sql_id_numeric($1, 9999999999999999999999999999,
                                                         'public_id_encode(numeric)', true) AS v) s $$;
    COMMENT ON FUNCTION @extschema@.public_id_encode(numeric) IS 'public id (AES) of an integer up to 10^28-1, e.g. a DistributedId';
    CREATE FUNCTION @extschema@.public_id_encode(uuid) RETURNS uuid
    LANGUAGE sql STABLE STRICT PARALLEL SAFE
    AS $$ SELECT @extschema@.uidx_sql_public_id(pg_catalog.uuid_send($1)) $$;
    COMMENT ON FUNCTION @extschema@.public_id_encode(uuid) IS 'public id (AES) of a uuid';

    CREATE FUNCTION @extschema@.public_id_decode_bigint(uuid) RETURNS bigint
    LANGUAGE sql STABLE STRICT PARALLEL SAFE
    AS $$ SELECT CASE WHEN pg_catalog.substr(p, 1, 8) OPERATOR(pg_catalog.=) '\x0000000000000000'::pg_catalog.bytea
                       AND pg_catalog.get_byte(p, 15) OPERATOR(pg_catalog.<) 128
                      THEN ('x' OPERATOR(pg_catalog.||) pg_catalog.encode(@extschema@.uidx_sql_reverse8(pg_catalog.substr(p, 9, 8)), 'hex'))::pg_catalog.bit(64)::bigint END
            FROM (SELECT @extschema@.uidx_sql_public_id_plain($1) AS p) s $$;
    COMMENT ON FUNCTION @extschema@.public_id_decode_bigint(uuid) IS 'bigint of a public id; NULL for a forged or foreign value';
    CREATE FUNCTION @extschema@.public_id_decode_numeric(uuid) RETURNS numeric
    LANGUAGE sql STABLE STRICT PARALLEL SAFE
    AS $$ SELECT CASE WHEN pg_catalog.substr(p, 1, 4) OPERATOR(pg_catalog.=) '\x00000000'::pg_catalog.bytea AND v OPERATOR(pg_catalog.<=) 9999999999999999999999999999
                      THEN v END
            FROM (SELECT p, (@extschema@.uidx_sql_le_value(pg_catalog.substr(p, 5, 4)) OPERATOR(pg_catalog.*) 18446744073709551616)
                            OPERATOR(pg_catalog.+) @extschema@.uidx_sql_le_value(pg_catalog.substr(p, 9, 8)) AS v
                    FROM (SELECT @extschema@.uidx_sql_public_id_plain($1) AS p) s) t $$;
    COMMENT ON FUNCTION @extschema@.public_id_decode_numeric(uuid) IS 'integer of a public id; NULL for a forged or foreign value';
    CREATE FUNCTION @extschema@.public_id_decode_uuid(uuid) RETURNS uuid
    LANGUAGE sql STABLE STRICT PARALLEL SAFE
    AS $$ SELECT pg_catalog.encode(@extschema@.uidx_sql_public_id_plain($1), 'hex')::pg_catalog.uuid $$;
    COMMENT ON FUNCTION @extschema@.public_id_decode_uuid(uuid) IS 'uuid of a public id';
END
$uidx_public_id$;
