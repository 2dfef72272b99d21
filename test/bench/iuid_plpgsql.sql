-- The generation baseline "what users have without us": an iUID (FORMATS.md §C)
-- written in PL/pgSQL the way such functions are usually written, after the
-- widely copied uuid_generate_v7() snippet: start from gen_random_uuid() for
-- the random bits, overlay the millisecond timestamp, then set the fixed
-- fields byte by byte.  Not monotonic (the layout asks for no sub-millisecond
-- order), no argument checks.  A benchmark baseline, not product code.
--
--   bytes 0-5  unix ms            byte 8  10 + entity bits 7..2
--   byte 6     version 8, fmt 0   byte 9  entity bits 1..0 + 6 random bits
--   byte 7     country            bytes 10-15  random (54 random bits in all)
CREATE FUNCTION bench.iuid_plpgsql(service_entity integer, country integer)
RETURNS uuid LANGUAGE plpgsql VOLATILE PARALLEL SAFE AS $$
DECLARE
    id bytea := uuid_send(gen_random_uuid());
BEGIN
    id := overlay(id PLACING substring(int8send(floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint) FROM 3)
                  FROM 1 FOR 6);
    id := set_byte(id, 6, 128);
    id := set_byte(id, 7, country);
    id := set_byte(id, 8, 128 | (service_entity >> 2));
    id := set_byte(id, 9, ((service_entity & 3) << 6) | (get_byte(id, 9) & 63));
    RETURN encode(id, 'hex')::uuid;
END $$;

-- A baseline that produced something else than an iUID would make every
-- figure compared with it meaningless: check it against the extension.
DO $$
DECLARE
    id uuid := bench.iuid_plpgsql(201, 42);
BEGIN
    IF iuid_country(id) IS DISTINCT FROM 42
       OR iuid_service_entity(id) IS DISTINCT FROM 201
       OR iuid_format_version(id) IS DISTINCT FROM 0
       OR abs(extract(epoch FROM iuid_timestamp(id) - clock_timestamp())) > 5
       OR id::iuid::uuid IS DISTINCT FROM id THEN
        RAISE EXCEPTION 'bench.iuid_plpgsql() made % which is not the expected iUID', id;
    END IF;
END $$;
