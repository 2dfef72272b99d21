-- ---------------------------------------------------------------------------
-- PK-embedded UUID with CRC-12 groups (FORMATS.md §D)
-- ---------------------------------------------------------------------------

CREATE FUNCTION @extschema@.crc12(bytea) RETURNS integer
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
AS $fn$
DECLARE
    -- the reflected polynomial 0x80F (as 0xF01), one step per input byte
    tbl constant integer[] := '{0,2571,2581,30,2601,34,60,2615,2641,90,68,2639,120,2675,2669,102,2721,170,180,2751,136,2691,2717,150,240,2811,2789,238,2777,210,204,2759,2881,330,340,2911,360,2915,2941,374,272,2843,2821,270,2873,306,300,2855,480,3051,3061,510,3017,450,476,3031,2993,442,420,2991,408,2963,2957,390,2177,650,660,2207,680,2211,2237,694,720,2267,2245,718,2297,754,748,2279,544,2091,2101,574,2057,514,540,2071,2161,634,612,2159,600,2131,2125,582,960,2507,2517,990,2537,994,1020,2551,2449,922,900,2447,952,2483,2477,934,2401,874,884,2431,840,2371,2397,854,816,2363,2341,814,2329,786,780,2311,3841,1290,1300,3871,1320,3875,3901,1334,1360,3931,3909,1358,3961,1394,1388,3943,1440,4011,4021,1470,3977,1410,1436,3991,4081,1530,1508,4079,1496,4051,4045,1478,1088,3659,3669,1118,3689,1122,1148,3703,3601,1050,1028,3599,1080,3635,3629,1062,3809,1258,1268,3839,1224,3779,3805,1238,1200,3771,3749,1198,3737,1170,1164,3719,1920,3467,3477,1950,3497,1954,1980,3511,3537,2010,1988,3535,2040,3571,3565,2022,3361,1834,1844,3391,1800,3331,3357,1814,1904,3451,3429,1902,3417,1874,1868,3399,3265,1738,1748,3295,1768,3299,3325,1782,1680,3227,3205,1678,3257,1714,1708,3239,1632,3179,3189,1662,3145,1602,1628,3159,3121,1594,1572,3119,1560,3091,3085,1542}'::integer[];
    crc integer := 4095;
    i   integer;
BEGIN
    FOR i IN 0 .. pg_catalog.length($1) OPERATOR(pg_catalog.-) 1 LOOP
        crc := (crc OPERATOR(pg_catalog.>>) 8)
               OPERATOR(pg_catalog.#) tbl[((crc OPERATOR(pg_catalog.#) pg_catalog.get_byte($1, i)) OPERATOR(pg_catalog.&) 255) OPERATOR(pg_catalog.+) 1];
    END LOOP;
    RETURN crc OPERATOR(pg_catalog.#) 4095;
END
$fn$;
COMMENT ON FUNCTION @extschema@.crc12(bytea) IS 'CRC-12 of the bytes: a luuid group id';
CREATE FUNCTION @extschema@.crc12(text) RETURNS integer
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT @extschema@.crc12(pg_catalog.convert_to($1, 'UTF8')) $$;
COMMENT ON FUNCTION @extschema@.crc12(text) IS 'CRC-12 of the text''s UTF-8 bytes: a luuid group id';

CREATE TABLE @extschema@.luuid_group (
    group_id   integer PRIMARY KEY CHECK (group_id = @extschema@.crc12(group_name)),
    group_name text NOT NULL UNIQUE CHECK (group_name <> ''),
    relation   regclass
);
COMMENT ON TABLE @extschema@.luuid_group IS 'registry of luuid group names, their CRC-12 group ids and tables';
SELECT pg_catalog.pg_extension_config_dump('@extschema@.luuid_group', 'WHERE relation IS NULL OR EXISTS (SELECT FROM pg_catalog.pg_class c WHERE c.oid OPERATOR(pg_catalog.=) relation AND c.relpersistence OPERATOR(pg_catalog.<>) ''t'' AND c.relkind OPERATOR(pg_catalog.<>) ALL (''{i,I,t}''::pg_catalog."char"[]))');
GRANT SELECT ON @extschema@.luuid_group TO PUBLIC;

CREATE FUNCTION @extschema@.uidx_sql_luuid(pk bigint, group_id integer) RETURNS uuid
LANGUAGE plpgsql VOLATILE PARALLEL SAFE
AS $fn$
BEGIN
    IF pk IS NULL THEN
        RAISE EXCEPTION 'luuid pk must not be null' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF pk OPERATOR(pg_catalog.<) 0 OR pk OPERATOR(pg_catalog.>) 281474976710655 THEN
        RAISE EXCEPTION 'luuid pk % is out of range', pk
            USING ERRCODE = 'numeric_value_out_of_range',
                  DETAIL = 'A PK-embedded UUID holds a primary key from 0 to 2^48-1 (281474976710655).';
    END IF;
    RETURN @extschema@.uidx_sql_uuid(((pk OPERATOR(pg_catalog.<<) 16) OPERATOR(pg_catalog.|) 24576) OPERATOR(pg_catalog.|) group_id,
             (10::bigint OPERATOR(pg_catalog.<<) 60)
             OPERATOR(pg_catalog.|) (@extschema@.uidx_sql_half(pg_catalog.gen_random_uuid(), 1) OPERATOR(pg_catalog.&) 1152921504606846975));
END
$fn$;
COMMENT ON FUNCTION @extschema@.uidx_sql_luuid(bigint, integer) IS 'internal: a new PK-embedded UUID';

CREATE FUNCTION @extschema@.luuid_generate(group_id integer, pk bigint) RETURNS uuid
LANGUAGE plpgsql VOLATILE PARALLEL SAFE
AS $fn$
BEGIN
    IF group_id IS NULL THEN
        RAISE EXCEPTION 'luuid group_id must not be null' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF group_id OPERATOR(pg_catalog.<) 0 OR group_id OPERATOR(pg_catalog.>) 4095 THEN
        RAISE EXCEPTION 'luuid group_id % is out of range', group_id
            USING ERRCODE = 'numeric_value_out_of_range',
                  DETAIL = 'A group id is a CRC-12: an integer from 0 to 4095.';
    END IF;
    RETURN @extschema@.uidx_sql_luuid(pk, group_id);
END
$fn$;
COMMENT ON FUNCTION @extschema@.luuid_generate(integer, bigint) IS 'new PK-embedded UUID of a primary key and group id';
CREATE FUNCTION @extschema@.luuid_generate(group_name text, pk bigint) RETURNS uuid
LANGUAGE sql VOLATILE PARALLEL SAFE
AS $$ SELECT @extschema@.uidx_sql_luuid(pk, @extschema@.crc12(@extschema@.uidx_sql_require(group_name, 'luuid group_name'))) $$;
COMMENT ON FUNCTION @extschema@.luuid_generate(text, bigint) IS 'new PK-embedded UUID of a primary key and group name';

CREATE FUNCTION @extschema@.luuid_nextval(seq regclass, group_name text) RETURNS uuid
LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
AS $fn$
DECLARE
    grp integer;
    pk  bigint;
BEGIN
    IF seq IS NULL THEN
        RAISE EXCEPTION 'luuid sequence must not be null' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    grp := @extschema@.crc12(@extschema@.uidx_sql_require(group_name, 'luuid group_name'));
    pk := pg_catalog.nextval(seq);
    IF pk OPERATOR(pg_catalog.<) 0 OR pk OPERATOR(pg_catalog.>) 281474976710655 THEN
        RAISE EXCEPTION 'luuid pk % from sequence "%" is out of range', pk, seq
            USING ERRCODE = 'numeric_value_out_of_range',
                  DETAIL = 'A PK-embedded UUID holds a primary key from 0 to 2^48-1 (281474976710655).',
                  HINT = 'Give the sequence MINVALUE 0 and MAXVALUE 281474976710655.';
    END IF;
    RETURN @extschema@.uidx_sql_luuid(pk, grp);
END
$fn$;
COMMENT ON FUNCTION @extschema@.luuid_nextval(regclass, text) IS 'new PK-embedded UUID with the next value of a sequence (column DEFAULT)';

-- the layout: version nibble 6 and the 17th hex digit exactly a
CREATE FUNCTION @extschema@.uidx_sql_is_luuid(id uuid) RETURNS boolean
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT pg_catalog.substr(id::pg_catalog.text, 15, 1) OPERATOR(pg_catalog.=) '6'
              AND pg_catalog.substr(id::pg_catalog.text, 20, 1) OPERATOR(pg_catalog.=) 'a' $$;
COMMENT ON FUNCTION @extschema@.uidx_sql_is_luuid(uuid) IS 'internal: whether a uuid has the PK-embedded layout';

CREATE FUNCTION @extschema@.luuid_pk(uuid) RETURNS bigint
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT CASE WHEN @extschema@.uidx_sql_is_luuid($1)
                   THEN (@extschema@.uidx_sql_half($1, 0) OPERATOR(pg_catalog.>>) 16) OPERATOR(pg_catalog.&) 281474976710655 END $$;
COMMENT ON FUNCTION @extschema@.luuid_pk(uuid) IS 'primary key in a PK-embedded UUID; NULL for other layouts';
CREATE FUNCTION @extschema@.luuid_group(uuid) RETURNS integer
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT CASE WHEN @extschema@.uidx_sql_is_luuid($1)
                   THEN (@extschema@.uidx_sql_half($1, 0) OPERATOR(pg_catalog.&) 4095)::pg_catalog.int4 END $$;
COMMENT ON FUNCTION @extschema@.luuid_group(uuid) IS 'group id in a PK-embedded UUID; NULL for other layouts';
CREATE FUNCTION @extschema@.luuid_short(uuid) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT CASE WHEN @extschema@.uidx_sql_is_luuid($1)
                   THEN pg_catalog.to_hex((@extschema@.uidx_sql_half($1, 0) OPERATOR(pg_catalog.>>) 16)
                                          OPERATOR(pg_catalog.&) 281474976710655) END $$;
COMMENT ON FUNCTION @extschema@.luuid_short(uuid) IS 'short form (primary key in hex) of a PK-embedded UUID; NULL for other layouts';

CREATE FUNCTION @extschema@.uidx_sql_luuid_short_pk(short text) RETURNS bigint
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
AS $fn$
DECLARE
    digits pg_catalog.text;
BEGIN
    IF short OPERATOR(pg_catalog.!~) '^[0-9a-fA-F]+$' THEN
        RAISE EXCEPTION 'invalid luuid short form: "%"', short
            USING ERRCODE = 'invalid_text_representation',
                  DETAIL = 'The short form is the primary key in hexadecimal, e.g. "23122e".';
    END IF;
    digits := pg_catalog.ltrim(short, '0');
    IF pg_catalog.length(digits) OPERATOR(pg_catalog.>) 12 THEN
        RAISE EXCEPTION 'luuid short form "%" is out of range', short
            USING ERRCODE = 'numeric_value_out_of_range',
                  DETAIL = 'A PK-embedded UUID holds a primary key from 0 to 2^48-1 (ffffffffffff).';
    END IF;
    RETURN ('x' OPERATOR(pg_catalog.||) pg_catalog.lpad(digits, 16, '0'))::pg_catalog.bit(64)::bigint;
END
$fn$;
COMMENT ON FUNCTION @extschema@.uidx_sql_luuid_short_pk(text) IS 'internal: the primary key of a luuid short form';

CREATE FUNCTION @extschema@.luuid_from_short(short text, group_name text) RETURNS uuid
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT @extschema@.uidx_sql_uuid(((@extschema@.uidx_sql_luuid_short_pk(short) OPERATOR(pg_catalog.<<) 16) OPERATOR(pg_catalog.|) 24576)
                                        OPERATOR(pg_catalog.|) @extschema@.crc12(group_name), 10::bigint OPERATOR(pg_catalog.<<) 60) $$;
COMMENT ON FUNCTION @extschema@.luuid_from_short(text, text) IS 'smallest PK-embedded UUID of a short form and group: the lower bound of a look-up';
CREATE FUNCTION @extschema@.luuid_upper_bound(short text, group_name text) RETURNS uuid
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT @extschema@.uidx_sql_uuid(((@extschema@.uidx_sql_luuid_short_pk(short) OPERATOR(pg_catalog.<<) 16) OPERATOR(pg_catalog.|) 24576)
                                        OPERATOR(pg_catalog.|) @extschema@.crc12(group_name), 11::bigint OPERATOR(pg_catalog.<<) 60) $$;
COMMENT ON FUNCTION @extschema@.luuid_upper_bound(text, text) IS 'exclusive upper bound of the PK-embedded UUIDs of a short form and group';

--@include luuid.sql

