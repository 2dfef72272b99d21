-- uidx 1.2 -> 1.3.  Only what changed since 1.2: every statement here has its
-- counterpart in src/sql/install/, and test/t/upgrade.pl proves that a database
-- updated from 1.0, 1.1 or 1.2 equals a fresh install of 1.3.  The
-- --@functions line re-creates every function from src/sql/install/ (the Makefile
-- expands it with src/sql/assemble.sh --update), so that a body changed there
-- reaches updated databases without a copy here; what can only go once those
-- functions are re-created (a function one of them named) is dropped after it.
\echo Use "ALTER EXTENSION uidx UPDATE TO '1.3'" to load this file. \quit

-- Time filters (README "Time filters that prune partitions"): the planner
-- now prunes and scans with ranges of the key in the key type's own btree
-- family (src/time_bounds.c), so the cross-type time operators of 1.2, and
-- the members they added to operator families, pg_catalog.uuid_ops among
-- them, go.  Tables partitioned by a uuid, iuid, comb or distid key keep
-- pruning with no change of theirs.
ALTER OPERATOR FAMILY iuid_ops USING btree DROP
    OPERATOR 1 (iuid, timestamptz),
    OPERATOR 4 (iuid, timestamptz),
    FUNCTION 1 (iuid, timestamptz);
ALTER OPERATOR FAMILY comb_ops USING btree DROP
    OPERATOR 1 (comb, timestamptz),
    OPERATOR 4 (comb, timestamptz),
    FUNCTION 1 (comb, timestamptz);
ALTER OPERATOR FAMILY distid_ops USING btree DROP
    OPERATOR 1 (distid, timestamptz),
    OPERATOR 4 (distid, timestamptz),
    FUNCTION 1 (distid, timestamptz);
ALTER OPERATOR FAMILY pg_catalog.uuid_ops USING btree DROP
    OPERATOR 1 (uuid, timestamptz),
    OPERATOR 4 (uuid, timestamptz),
    FUNCTION 1 (uuid, timestamptz);
DROP OPERATOR @<@ (iuid, timestamptz);
DROP OPERATOR @>=@ (iuid, timestamptz);
DROP OPERATOR @<@ (comb, timestamptz);
DROP OPERATOR @>=@ (comb, timestamptz);
DROP OPERATOR @<@ (distid, timestamptz);
DROP OPERATOR @>=@ (distid, timestamptz);
DROP OPERATOR @<@ (uuid, timestamptz);
DROP OPERATOR @>=@ (uuid, timestamptz);
DROP FUNCTION iuid_time_cmp(iuid, timestamptz);
DROP FUNCTION iuid_time_lt(iuid, timestamptz);
DROP FUNCTION iuid_time_ge(iuid, timestamptz);
DROP FUNCTION comb_time_cmp(comb, timestamptz);
DROP FUNCTION comb_time_lt(comb, timestamptz);
DROP FUNCTION comb_time_ge(comb, timestamptz);
DROP FUNCTION distid_time_cmp(distid, timestamptz);
DROP FUNCTION distid_time_lt(distid, timestamptz);
DROP FUNCTION distid_time_ge(distid, timestamptz);
DROP FUNCTION uidx_uuid_time_cmp(uuid, timestamptz);
DROP FUNCTION uidx_uuid_time_lt(uuid, timestamptz);
DROP FUNCTION uidx_uuid_time_ge(uuid, timestamptz);
DROP FUNCTION uidx_time_filter_sel(internal, oid, internal, integer);
DROP FUNCTION uidx_time_filter_joinsel(internal, oid, internal, smallint, internal);
DROP FUNCTION uidx_instant_after(timestamptz);

-- Striped tables (docs/partitioning.md "Striped tables") and a range that
-- starts after it ends refused (22023): uidx_create_time_partitions gets an
-- optional stripe count, and a default partition (docs/partitioning.md
-- "Retention").  Parameters change the signature, so the 1.2 function is
-- dropped and --@functions creates the new one (a call with four arguments
-- means what it meant).
DROP FUNCTION uidx_create_time_partitions(regclass, timestamptz, timestamptz, interval);

-- The partition helpers' shared pieces (docs/partitioning.md): names of at
-- most 62 bytes, one call at a time per table.  The region registry follows
-- the catalog (docs/regions.md): each row records the partition that holds
-- its country, by OID, and uidx_region_check(true) mends the rows of dropped
-- partitions and renamed servers; a dump leaves out a row whose partition is
-- gone.
ALTER TABLE uidx_region ADD COLUMN part regclass;
SELECT pg_catalog.pg_extension_config_dump('uidx_region', 'WHERE part IS NULL OR EXISTS (SELECT FROM pg_catalog.pg_class c WHERE c.oid OPERATOR(pg_catalog.=) part)');
COMMENT ON TABLE uidx_region IS 'iuid country -> the partition that holds it and the foreign server of its region (NULL: this database), kept by uidx_attach_region and uidx_attach_local_region';
COMMENT ON COLUMN uidx_region.part IS 'a router partition that holds the country; its server is the region';

-- Every function of 1.3, new or changed, from src/sql/install/ (src/sql/assemble.sh
-- --update), with its comment; what follows needs them.
--@functions

-- No event trigger runs in other roles' DDL (docs/security.md): the one of
-- 1.0 looked the registry up by name when it ran, which the owner of the
-- extension's schema could redirect by renaming the schema.
DROP EVENT TRIGGER luuid_forget_dropped_relations;
DROP FUNCTION luuid_forget_dropped_relations();

-- 1.2's rows record no partition: each gets the one that holds its country
-- on its server, and a row that no partition backs goes
SELECT pg_catalog.count(*) FROM uidx_region_check(true);

-- distid = and <> integer, bigint and numeric, in both orders (inlined SQL
-- functions, so that the distid index serves `distid_col = 123`).
CREATE OPERATOR = (
    LEFTARG = distid, RIGHTARG = integer, PROCEDURE = distid_int4_eq,
    COMMUTATOR = =, NEGATOR = <>, RESTRICT = eqsel, JOIN = eqjoinsel
);
CREATE OPERATOR = (
    LEFTARG = integer, RIGHTARG = distid, PROCEDURE = int4_distid_eq,
    COMMUTATOR = =, NEGATOR = <>, RESTRICT = eqsel, JOIN = eqjoinsel
);
CREATE OPERATOR <> (
    LEFTARG = distid, RIGHTARG = integer, PROCEDURE = distid_int4_ne,
    COMMUTATOR = <>, NEGATOR = =, RESTRICT = neqsel, JOIN = neqjoinsel
);
CREATE OPERATOR <> (
    LEFTARG = integer, RIGHTARG = distid, PROCEDURE = int4_distid_ne,
    COMMUTATOR = <>, NEGATOR = =, RESTRICT = neqsel, JOIN = neqjoinsel
);
CREATE OPERATOR = (
    LEFTARG = distid, RIGHTARG = bigint, PROCEDURE = distid_int8_eq,
    COMMUTATOR = =, NEGATOR = <>, RESTRICT = eqsel, JOIN = eqjoinsel
);
CREATE OPERATOR = (
    LEFTARG = bigint, RIGHTARG = distid, PROCEDURE = int8_distid_eq,
    COMMUTATOR = =, NEGATOR = <>, RESTRICT = eqsel, JOIN = eqjoinsel
);
CREATE OPERATOR <> (
    LEFTARG = distid, RIGHTARG = bigint, PROCEDURE = distid_int8_ne,
    COMMUTATOR = <>, NEGATOR = =, RESTRICT = neqsel, JOIN = neqjoinsel
);
CREATE OPERATOR <> (
    LEFTARG = bigint, RIGHTARG = distid, PROCEDURE = int8_distid_ne,
    COMMUTATOR = <>, NEGATOR = =, RESTRICT = neqsel, JOIN = neqjoinsel
);
CREATE OPERATOR = (
    LEFTARG = distid, RIGHTARG = numeric, PROCEDURE = distid_numeric_eq,
    COMMUTATOR = =, NEGATOR = <>, RESTRICT = eqsel, JOIN = eqjoinsel
);
CREATE OPERATOR = (
    LEFTARG = numeric, RIGHTARG = distid, PROCEDURE = numeric_distid_eq,
    COMMUTATOR = =, NEGATOR = <>, RESTRICT = eqsel, JOIN = eqjoinsel
);
CREATE OPERATOR <> (
    LEFTARG = distid, RIGHTARG = numeric, PROCEDURE = distid_numeric_ne,
    COMMUTATOR = <>, NEGATOR = =, RESTRICT = neqsel, JOIN = neqjoinsel
);
CREATE OPERATOR <> (
    LEFTARG = numeric, RIGHTARG = distid, PROCEDURE = numeric_distid_ne,
    COMMUTATOR = <>, NEGATOR = =, RESTRICT = neqsel, JOIN = neqjoinsel
);

-- 1.2's SUPPORT functions of the time functions, which PostgreSQL never
-- asked for index conditions (docs/internals.md "Index paths").  The line
-- above re-created every function without a SUPPORT clause, so nothing
-- refers to them now; their C symbols stay for 1.2 (src/time_legacy.c).
DROP FUNCTION iuid_timestamp_support(internal);
DROP FUNCTION comb_prefix_timestamp_support(internal);
DROP FUNCTION comb_timestamp_support(internal);
DROP FUNCTION distid_timestamp_support(internal);
DROP FUNCTION distid128_timestamp_support(internal);
