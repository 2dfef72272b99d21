
-- ---------------------------------------------------------------------------
-- PK-embedded UUID: pppppppp-pppp-6ggg-arrr-rrrrrrrrrrrr (FORMATS.md §D)
-- ---------------------------------------------------------------------------

-- Buckland's CRC-12 (poly 0x80F reflected, init and xorout 0xFFF; check
-- 0xDDD).  Text is hashed as UTF-8 whatever the database encoding.
CREATE FUNCTION crc12(text) RETURNS integer
    AS 'MODULE_PATHNAME', 'luuid_crc12_text' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION crc12(text) IS 'CRC-12 of the text''s UTF-8 bytes: a luuid group id';
CREATE FUNCTION crc12(bytea) RETURNS integer
    AS 'MODULE_PATHNAME', 'luuid_crc12_bytea' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION crc12(bytea) IS 'CRC-12 of the bytes: a luuid group id';

-- Registry of group names, for collision checks and /any/<uuid> routing.
-- Its rows are user data: pg_dump keeps them.  `relation` is dumped as the
-- table's name and read back after all tables exist (config table data is
-- restored in the data section).
CREATE TABLE luuid_group (
    group_id   integer PRIMARY KEY CHECK (group_id = crc12(group_name)),
    group_name text NOT NULL UNIQUE CHECK (group_name <> ''),
    relation   regclass
);
COMMENT ON TABLE luuid_group IS 'registry of luuid group names, their CRC-12 group ids and tables';
SELECT pg_catalog.pg_extension_config_dump('luuid_group', '');
GRANT SELECT ON luuid_group TO PUBLIC;

-- Not STRICT: a NULL group or pk is an error (22004), not a NULL id.
CREATE FUNCTION luuid_generate(group_id integer, pk bigint) RETURNS uuid
    AS 'MODULE_PATHNAME', 'luuid_generate_by_id' LANGUAGE C VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION luuid_generate(integer, bigint) IS 'new PK-embedded UUID of a primary key and group id';
CREATE FUNCTION luuid_generate(group_name text, pk bigint) RETURNS uuid
    AS 'MODULE_PATHNAME', 'luuid_generate_by_name' LANGUAGE C VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION luuid_generate(text, bigint) IS 'new PK-embedded UUID of a primary key and group name';

-- For column DEFAULTs.  PARALLEL UNSAFE because it advances a sequence, which
-- parallel workers cannot do (nextval itself is PARALLEL UNSAFE).
CREATE FUNCTION luuid_nextval(seq regclass, group_name text) RETURNS uuid
    AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE PARALLEL UNSAFE;
COMMENT ON FUNCTION luuid_nextval(regclass, text) IS 'new PK-embedded UUID with the next value of a sequence (column DEFAULT)';

-- NULL when the uuid does not have this layout.
CREATE FUNCTION luuid_pk(uuid) RETURNS bigint
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION luuid_pk(uuid) IS 'primary key in a PK-embedded UUID; NULL for other layouts';
CREATE FUNCTION luuid_group(uuid) RETURNS integer
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION luuid_group(uuid) IS 'group id in a PK-embedded UUID; NULL for other layouts';
CREATE FUNCTION luuid_short(uuid) RETURNS text
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION luuid_short(uuid) IS 'short form (primary key in hex) of a PK-embedded UUID; NULL for other layouts';

-- All ids of one pk and group lie in [luuid_from_short, luuid_upper_bound).
CREATE FUNCTION luuid_from_short(short text, group_name text) RETURNS uuid
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION luuid_from_short(text, text) IS 'smallest PK-embedded UUID of a short form and group: the lower bound of a look-up';
CREATE FUNCTION luuid_upper_bound(short text, group_name text) RETURNS uuid
    AS 'MODULE_PATHNAME', 'luuid_upper_bound_short' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION luuid_upper_bound(text, text) IS 'exclusive upper bound of the PK-embedded UUIDs of a short form and group';

--@include luuid.sql

-- A dropped table's OID would stay behind in luuid_group.relation: pg_dump
-- writes such an OID as a bare number, which in the restored database may
-- name an unrelated table.  So drops clear the reference.  It runs with the
-- rights of whoever drops the table (uidx has no SECURITY DEFINER code), and
-- must never make unrelated DDL fail: it reads the registry only when a
-- table was dropped, writes it only when that table was registered, warns
-- when that role may not write it, and stays silent when that role may not
-- even read it (then it cannot tell whether the table was registered).
CREATE FUNCTION luuid_forget_dropped_relations() RETURNS event_trigger
LANGUAGE plpgsql
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    tables  oid[];
    dropped oid[];
    groups  text;
BEGIN
    SELECT pg_catalog.array_agg(d.objid) INTO tables
      FROM pg_catalog.pg_event_trigger_dropped_objects() d
     WHERE d.classid OPERATOR(pg_catalog.=) 'pg_catalog.pg_class'::pg_catalog.regclass
       AND d.objsubid OPERATOR(pg_catalog.=) 0;
    IF tables IS NULL THEN
        RETURN;
    END IF;
    BEGIN
        SELECT pg_catalog.array_agg(g.relation::oid),
               pg_catalog.string_agg(pg_catalog.quote_literal(g.group_name), ', ' ORDER BY g.group_name)
          INTO dropped, groups
          FROM @extschema@.luuid_group g
         WHERE g.relation::oid OPERATOR(pg_catalog.=) ANY (tables);
        IF dropped IS NOT NULL THEN
            UPDATE @extschema@.luuid_group g
               SET relation = NULL
             WHERE g.relation::oid OPERATOR(pg_catalog.=) ANY (dropped);
        END IF;
    EXCEPTION WHEN insufficient_privilege THEN
        IF dropped IS NOT NULL THEN
            RAISE WARNING 'luuid_group still routes group(s) % to a dropped table', groups
                USING HINT = 'The registry owner should register the group again with its new table, '
                             'or set relation to NULL.';
        END IF;
    END;
END
$fn$;
COMMENT ON FUNCTION luuid_forget_dropped_relations() IS 'event trigger function: clears registry references to dropped tables';
CREATE EVENT TRIGGER luuid_forget_dropped_relations ON sql_drop
    EXECUTE FUNCTION luuid_forget_dropped_relations();
