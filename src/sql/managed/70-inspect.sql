-- ---------------------------------------------------------------------------
-- uidx_inspect: what is this ID?  The C extension's detector
-- (uidx_inspect_readings) in SQL, reading the same texts the same way, and
-- its SQL layer with the registry names on top.  A reading scores higher the
-- less likely its structure is by chance; only the order of the scores
-- matters, and they are the C extension's.  The helpers pin search_path:
-- nothing here is hot enough to need inlining.
-- ---------------------------------------------------------------------------

-- A time is plausible from 1990-01-01 to a day (of clock skew) after now_ms.
CREATE FUNCTION @extschema@.uidx_sql_plausible(unix_ms bigint, now_ms bigint) RETURNS boolean
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT unix_ms OPERATOR(pg_catalog.>=) 631152000000
             AND unix_ms OPERATOR(pg_catalog.<=) (now_ms OPERATOR(pg_catalog.+) @UIDX_MS_PER_DAY@) $$;
COMMENT ON FUNCTION @extschema@.uidx_sql_plausible(bigint, bigint) IS 'internal: whether uidx_inspect finds a time plausible (1990-01-01 to a day after now)';

-- The readings of 16 bytes (the uuid form, or the 22-character alphanumeric
-- one), unsorted: every layout whose fixed bits they have; a time field
-- scores only when its time is plausible; a bare version-4 UUID scores low;
-- a DistributedId cast to uuid (the integer below 2^93) is listed only with
-- a plausible time; an opaque public id only when no layout explains the
-- bytes.  Layouts: FORMATS.md.
CREATE FUNCTION @extschema@.uidx_sql_inspect_uuid(b uuid, form text, now_ms bigint,
                                                  OUT kind text, OUT score integer,
                                                  OUT unix_ms bigint, OUT details jsonb)
RETURNS SETOF record
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE ROWS 3
SET search_path = pg_catalog, pg_temp
AS $fn$
BEGIN
    RETURN QUERY
SELECT r.kind, r.score, r.unix_ms, pg_catalog.jsonb_build_object('form', f.form) OPERATOR(pg_catalog.||) r.details
  FROM (SELECT $2 AS form, h.t, h.msb, h.lsb,
               pg_catalog.substr(h.t, 15, 1) AS ver,
               pg_catalog.substr(h.t, 20, 1) OPERATOR(pg_catalog.=) ANY (ARRAY['8', '9', 'a', 'b']) AS rfc,
               (h.msb OPERATOR(pg_catalog.>>) 16) OPERATOR(pg_catalog.&) 281474976710655 AS ms48,
               pg_catalog.jsonb_build_object('uuid', h.t) AS hex
          FROM (SELECT $1::pg_catalog.text AS t, @extschema@.uidx_sql_half($1, 0) AS msb,
                       @extschema@.uidx_sql_half($1, 1) AS lsb) h) f,
       LATERAL (SELECT f.ver OPERATOR(pg_catalog.=) '8' AND f.rfc AND (f.msb OPERATOR(pg_catalog.&) 3840) OPERATOR(pg_catalog.=) 0 AS is_iuid,
                       f.ver OPERATOR(pg_catalog.=) '7' AND f.rfc AS is_v7,
                       f.ver OPERATOR(pg_catalog.=) '7' AND f.lsb OPERATOR(pg_catalog.>=) 0 AS is_distid128,
                       f.ver OPERATOR(pg_catalog.=) '6' AND pg_catalog.substr(f.t, 20, 1) OPERATOR(pg_catalog.=) 'a' AS is_luuid,
                       f.ver OPERATOR(pg_catalog.=) '4' AND f.rfc AS is_v4,
                       f.ms48 OPERATOR(pg_catalog.+) (@UIDX_1700_UNIX_MS@) AS distid128_ms,
                       f.lsb OPERATOR(pg_catalog.&) 281474976710655 AS suffix_ms,
                       -- SQL Server datetime (FORMATS.md §B2): days since 1900 and
                       -- 1/300 s ticks, rounded up to a microsecond, then floored
                       -- to a millisecond; no datetime past a day's last tick
                       (f.lsb OPERATOR(pg_catalog.&) 4294967295) OPERATOR(pg_catalog.<=) 25920000 AS is_sqlserver,
                       pg_catalog.floor((((((f.lsb OPERATOR(pg_catalog.>>) 32) OPERATOR(pg_catalog.&) 65535) OPERATOR(pg_catalog.+) (@UIDX_1900_UNIX_DAYS@)) OPERATOR(pg_catalog.*) @UIDX_US_PER_DAY@)
                                         OPERATOR(pg_catalog.+) ((((f.lsb OPERATOR(pg_catalog.&) 4294967295) OPERATOR(pg_catalog.*) 10000) OPERATOR(pg_catalog.+) 2) OPERATOR(pg_catalog./) 3))
                                        OPERATOR(pg_catalog./) 1000.0)::bigint AS sqlserver_ms,
                       -- a DistributedId: T in bytes 4-9 (only then: the
                       -- subtraction could leave bigint for other bytes)
                       f.msb OPERATOR(pg_catalog.>=) 0 AND f.msb OPERATOR(pg_catalog.<) 536870912 AS is_distid,
                       CASE WHEN f.msb OPERATOR(pg_catalog.>=) 0 AND f.msb OPERATOR(pg_catalog.<) 536870912
                            THEN ((f.msb OPERATOR(pg_catalog.<<) 16) OPERATOR(pg_catalog.|) ((f.lsb OPERATOR(pg_catalog.>>) 48) OPERATOR(pg_catalog.&) 65535))
                                 OPERATOR(pg_catalog.+) (@UIDX_1900_UNIX_MS@) END AS distid_ms) l,
       LATERAL (SELECT @extschema@.uidx_sql_plausible(f.ms48, $3) AS ms48,
                       @extschema@.uidx_sql_plausible(l.distid128_ms, $3) AS distid128,
                       @extschema@.uidx_sql_plausible(l.suffix_ms, $3) AS suffix,
                       l.is_sqlserver AND @extschema@.uidx_sql_plausible(l.sqlserver_ms, $3) AS sqlserver,
                       @extschema@.uidx_sql_plausible(l.distid_ms, $3) AS distid) pl,
       LATERAL (
        SELECT 'iuid' AS kind, CASE WHEN pl.ms48 THEN 90 ELSE 50 END AS score, f.ms48 AS unix_ms,
               f.hex OPERATOR(pg_catalog.||) pg_catalog.jsonb_build_object('country', f.msb OPERATOR(pg_catalog.&) 255,
                                                              'service_entity', (f.lsb OPERATOR(pg_catalog.>>) 54) OPERATOR(pg_catalog.&) 255,
                                                              'format_version', (f.msb OPERATOR(pg_catalog.>>) 8) OPERATOR(pg_catalog.&) 15,
                                                              'random', f.lsb OPERATOR(pg_catalog.&) 18014398509481983) AS details
         WHERE l.is_iuid
        UNION ALL
        SELECT 'uuidv7', CASE WHEN pl.ms48 THEN 85 ELSE 45 END, f.ms48,
               f.hex OPERATOR(pg_catalog.||) pg_catalog.jsonb_build_object('sub_ms_fraction', f.msb OPERATOR(pg_catalog.&) 4095)
         WHERE l.is_v7
        UNION ALL
        SELECT 'distid128', CASE WHEN pl.distid128 THEN 85 ELSE 45 END, l.distid128_ms, f.hex
         WHERE l.is_distid128
        UNION ALL
        SELECT 'luuid', 70, NULL,
               f.hex OPERATOR(pg_catalog.||) pg_catalog.jsonb_build_object('pk', f.ms48, 'short', pg_catalog.to_hex(f.ms48),
                                                              'group', f.msb OPERATOR(pg_catalog.&) 4095)
         WHERE l.is_luuid
        UNION ALL
        SELECT 'comb_prefix', 60, f.ms48, f.hex WHERE l.is_v4 AND pl.ms48
        UNION ALL
        SELECT 'comb_suffix', 55, l.suffix_ms, f.hex WHERE l.is_v4 AND pl.suffix
        UNION ALL
        SELECT 'comb_sqlserver', 50, l.sqlserver_ms, f.hex WHERE l.is_v4 AND pl.sqlserver
        UNION ALL
        -- a random UUID is always possible, likelier when no time fits
        SELECT 'uuid_v4', CASE WHEN pl.ms48 OR pl.suffix OR pl.sqlserver THEN 30 ELSE 45 END, NULL, f.hex
         WHERE l.is_v4
        UNION ALL
        -- the CASE keeps alnum_encode from ever seeing a value it refuses:
        -- a plan may fold a call on constants before the WHERE filters
        SELECT 'distid', 50, l.distid_ms,
               pg_catalog.jsonb_build_object('decimal', d.v::pg_catalog.text, 'alnum', @extschema@.alnum_encode(d.v))
               OPERATOR(pg_catalog.||) CASE WHEN f.form OPERATOR(pg_catalog.=) 'uuid' THEN f.hex ELSE '{}'::pg_catalog.jsonb END
          FROM (SELECT CASE WHEN l.is_distid
                            THEN (f.msb::numeric OPERATOR(pg_catalog.*) 18446744073709551616) OPERATOR(pg_catalog.+) @extschema@.uidx_sql_u64(f.lsb) END AS v) d
         WHERE l.is_distid AND pl.distid
        UNION ALL
        -- an AES public id is indistinguishable from random bytes without the
        -- key: offered only when no layout explains the value
        SELECT 'public_id', 20, NULL, f.hex
         WHERE NOT (l.is_iuid OR l.is_v7 OR l.is_distid128 OR l.is_luuid OR l.is_v4)
       ) r;
END
$fn$;
COMMENT ON FUNCTION @extschema@.uidx_sql_inspect_uuid(uuid, text, bigint) IS 'internal: the uidx_inspect readings of 16 bytes, unsorted';

-- The reading of a decimal or 16-character DistributedId: such text can
-- only be one, so it is listed whatever its time, lower when implausible.
CREATE FUNCTION @extschema@.uidx_sql_inspect_distid(v numeric, form text, now_ms bigint,
                                                    OUT kind text, OUT score integer,
                                                    OUT unix_ms bigint, OUT details jsonb)
RETURNS SETOF record
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE ROWS 1
SET search_path = pg_catalog, pg_temp
AS $fn$
BEGIN
    RETURN QUERY
SELECT 'distid'::pg_catalog.text, CASE WHEN @extschema@.uidx_sql_plausible(m.ms, $3) THEN 80 ELSE 40 END, m.ms,
       pg_catalog.jsonb_build_object('form', $2, 'decimal', $1::pg_catalog.text,
                                     'alnum', @extschema@.alnum_encode(CASE WHEN $1 OPERATOR(pg_catalog.<=) 9903520314283042199192993791 THEN $1 END))
  FROM (SELECT pg_catalog.div($1, 281474976710656)::bigint OPERATOR(pg_catalog.+) (@UIDX_1900_UNIX_MS@) AS ms) m
 WHERE $1 OPERATOR(pg_catalog.<=) 9903520314283042199192993791;
END
$fn$;
COMMENT ON FUNCTION @extschema@.uidx_sql_inspect_distid(numeric, text, bigint) IS 'internal: the uidx_inspect reading of a DistributedId''s decimal or alphanumeric text';

-- The raw readings of the detector with their scores (higher first): the
-- C extension's uidx_inspect_readings, reading the same texts.  Pasted text
-- may have ASCII white space around it and a urn:uuid: prefix (any case);
-- then, after at most 64 bytes: the hex forms of uuid_in, else up to 28
-- digits (a DistributedId; 16 digits are its alphanumeric form, as the
-- distid type reads them), else 16 alphanumeric characters (a
-- DistributedId), else 22 (16 bytes).  Sorted by score, then by the C
-- extension's order of kinds; at most 10 readings (UIDX_MAX_READINGS; no
-- text has more than 6).  With pgcrypto and the public-id key set, bytes
-- that decrypt to a valid bigint or decimal block are a public id beyond
-- reasonable doubt and go first with the id they stand for; without, public
-- ids stay opaque, as in the C extension without a key file.  STABLE: a
-- time more than a day after the statement's start is implausible, and the
-- key is read.
CREATE FUNCTION @extschema@.uidx_inspect_readings(id text, OUT kind text, OUT ts timestamptz,
                                                  OUT details jsonb, OUT score integer)
RETURNS SETOF record
LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE ROWS 3
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    kind_order constant pg_catalog.text[] := '{iuid,uuidv7,distid128,luuid,comb_prefix,comb_suffix,comb_sqlserver,distid,uuid_v4,public_id}';
    -- the statement's start, as now() is: one statement sees one answer
    now_ms  bigint := pg_catalog.floor(EXTRACT(epoch FROM pg_catalog.statement_timestamp()) OPERATOR(pg_catalog.*) 1000)::bigint;
    s       pg_catalog.text COLLATE pg_catalog."C" := pg_catalog.btrim(id, E' \t\n\r\f\x0b');
    n       integer;
    form    pg_catalog.text;
    value   pg_catalog.uuid;
    num     numeric;
    kinds   pg_catalog.text[];
    scores  integer[];
    times   bigint[];
    dets    pg_catalog.jsonb[];
    plain   pg_catalog.bytea;
    decoded pg_catalog.text;
    at      integer;
BEGIN
    IF pg_catalog.octet_length(s) OPERATOR(pg_catalog.>=) 9
       AND pg_catalog.translate(pg_catalog.substr(s, 1, 9), 'URNID', 'urnid') OPERATOR(pg_catalog.=) 'urn:uuid:' THEN
        s := pg_catalog.substr(s, 10);
    END IF;
    n := pg_catalog.octet_length(s);
    IF n OPERATOR(pg_catalog.=) 0 OR n OPERATOR(pg_catalog.>) 64 THEN
        RETURN;
    END IF;

    value := @extschema@.uidx_sql_parse_hex16(s);
    IF value IS NOT NULL THEN
        form := 'uuid';
    ELSIF n OPERATOR(pg_catalog.<=) 28 AND s OPERATOR(pg_catalog.~) '^[0-9]+$' THEN
        form := 'decimal';
        num := @extschema@.uidx_sql_distid_parse(s);
    ELSIF n OPERATOR(pg_catalog.=) 16 THEN
        num := @extschema@.uidx_sql_distid_parse(s);
        form := CASE WHEN num IS NOT NULL THEN 'alnum16' END;
    ELSIF n OPERATOR(pg_catalog.=) 22 AND s OPERATOR(pg_catalog.~) '^[0-9A-Za-z]{22}$'
          AND pg_catalog.substr(s, 1, 11) OPERATOR(pg_catalog.<=) 'LygHa16AHYF' AND pg_catalog.substr(s, 12) OPERATOR(pg_catalog.<=) 'LygHa16AHYF' THEN
        -- every 11-character block canonical (below 2^64): decoding cannot raise
        form := 'alnum22';
        value := @extschema@.alnum_decode_uuid(s);
    END IF;

    SELECT pg_catalog.array_agg(r.kind ORDER BY r.score DESC, pg_catalog.array_position(kind_order, r.kind)),
           pg_catalog.array_agg(r.score ORDER BY r.score DESC, pg_catalog.array_position(kind_order, r.kind)),
           pg_catalog.array_agg(r.unix_ms ORDER BY r.score DESC, pg_catalog.array_position(kind_order, r.kind)),
           pg_catalog.array_agg(r.details ORDER BY r.score DESC, pg_catalog.array_position(kind_order, r.kind))
      INTO kinds, scores, times, dets
      FROM (SELECT * FROM @extschema@.uidx_sql_inspect_uuid(value, form, now_ms)
            UNION ALL
            SELECT * FROM @extschema@.uidx_sql_inspect_distid(num, form, now_ms)) r;
    IF kinds IS NULL THEN
        RETURN;
    END IF;

    -- the public id, when the key decrypts the bytes to a block that checks
    IF value IS NOT NULL
       AND pg_catalog.to_regprocedure('@extschema@.uidx_sql_public_id_aes(pg_catalog.bytea,boolean,boolean)') IS NOT NULL THEN
        plain := @extschema@.uidx_sql_public_id_aes(@extschema@.uidx_sql_netswap(pg_catalog.uuid_send(value)), true, true);
        IF pg_catalog.substr(plain, 1, 8) OPERATOR(pg_catalog.=) '\x0000000000000000'::pg_catalog.bytea THEN
            decoded := @extschema@.uidx_sql_le_value(pg_catalog.substr(plain, 9, 8))::pg_catalog.text;
        ELSIF pg_catalog.substr(plain, 1, 4) OPERATOR(pg_catalog.=) '\x00000000'::pg_catalog.bytea THEN
            num := (@extschema@.uidx_sql_le_value(pg_catalog.substr(plain, 5, 4)) OPERATOR(pg_catalog.*) 18446744073709551616)
                   OPERATOR(pg_catalog.+) @extschema@.uidx_sql_le_value(pg_catalog.substr(plain, 9, 8));
            IF num OPERATOR(pg_catalog.<=) 9999999999999999999999999999 THEN
                decoded := num::pg_catalog.text;
            END IF;
        END IF;
    END IF;
    IF decoded IS NOT NULL THEN
        -- it replaces the opaque reading, or the last one when there is no room
        at := pg_catalog.array_position(kinds, 'public_id');
        IF at IS NULL AND pg_catalog.cardinality(kinds) OPERATOR(pg_catalog.>=) 10 THEN
            at := pg_catalog.cardinality(kinds);
        END IF;
        IF at IS NOT NULL THEN
            kinds := kinds[:at OPERATOR(pg_catalog.-) 1] OPERATOR(pg_catalog.||) kinds[at OPERATOR(pg_catalog.+) 1:];
            scores := scores[:at OPERATOR(pg_catalog.-) 1] OPERATOR(pg_catalog.||) scores[at OPERATOR(pg_catalog.+) 1:];
            times := times[:at OPERATOR(pg_catalog.-) 1] OPERATOR(pg_catalog.||) times[at OPERATOR(pg_catalog.+) 1:];
            dets := dets[:at OPERATOR(pg_catalog.-) 1] OPERATOR(pg_catalog.||) dets[at OPERATOR(pg_catalog.+) 1:];
        END IF;
        kinds := pg_catalog.array_prepend('public_id'::pg_catalog.text, kinds);
        scores := pg_catalog.array_prepend(95, scores);
        times := pg_catalog.array_prepend(NULL::bigint, times);
        dets := pg_catalog.array_prepend(pg_catalog.jsonb_build_object('form', form, 'uuid', value::pg_catalog.text,
                                                                       'decoded', decoded), dets);
    END IF;

    RETURN QUERY
        SELECT r.kind, @extschema@.uidx_sql_timestamp(r.unix_ms), r.details, r.score
          FROM ROWS FROM (pg_catalog.unnest(kinds), pg_catalog.unnest(times), pg_catalog.unnest(dets),
                          pg_catalog.unnest(scores)) WITH ORDINALITY AS r(kind, unix_ms, details, score, i)
         ORDER BY r.i
         LIMIT 10;
END
$fn$;
COMMENT ON FUNCTION @extschema@.uidx_inspect_readings(text) IS 'raw readings of the ID detector with their scores';

--@include inspect.sql
