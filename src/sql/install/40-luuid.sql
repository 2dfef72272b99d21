
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
-- restored in the data section).  A row whose table is gone is left out: its
-- OID would be dumped as a number, which a restore reads as whatever
-- relation has that OID there (docs/security.md "restores").  So is one of
-- a relation that a restore has not made when it reads the data, or never
-- makes under that name (an index, a TOAST table, another session's
-- temporary table, which luuid_register_group refuses but 1.2 took): its
-- name would fail the registry's whole COPY.
CREATE TABLE luuid_group (
    group_id   integer PRIMARY KEY CHECK (group_id = crc12(group_name)),
    group_name text NOT NULL UNIQUE CHECK (group_name <> ''),
    relation   regclass
);
COMMENT ON TABLE luuid_group IS 'registry of luuid group names, their CRC-12 group ids and tables';
SELECT pg_catalog.pg_extension_config_dump('luuid_group', 'WHERE relation IS NULL OR EXISTS (SELECT FROM pg_catalog.pg_class c WHERE c.oid OPERATOR(pg_catalog.=) relation AND c.relpersistence OPERATOR(pg_catalog.<>) ''t'' AND c.relkind OPERATOR(pg_catalog.<>) ALL (''{i,I,t}''::pg_catalog."char"[]))');
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

-- No event trigger clears the references of dropped tables: an event trigger
-- runs in every role's DROP, and a PL/pgSQL body looks the registry up by
-- name when it runs, so the owner of the extension's schema could rename the
-- schema and have every DROP, a superuser's too, run an object of theirs
-- (docs/security.md).  luuid_relation() reads the registry by OID and
-- ignores a table that is gone; registering the group again with its new
-- table, or with relation set to NULL, mends the row (README "luuid").
