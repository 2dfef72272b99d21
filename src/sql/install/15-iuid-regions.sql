-- ---------------------------------------------------------------------------
-- iUID regions (docs/regions.md "Regions"): the country order iuid_country_ops, its
-- partition bound, the region registry and the helpers that make a router
-- table's partitions.
-- ---------------------------------------------------------------------------

-- The country order: the country byte first, then the default iuid order.
-- Its operators are ~<~ ~<=~ ~>=~ ~>~, a second order of one type as
-- text_pattern_ops has; equality is bytewise in every order, so `=` is
-- iuid_ops' own and `WHERE id = $1` can use either kind of index and prunes
-- partitions keyed by either.  The C functions read only the 16 bytes, so the
-- same ones compare an iuid with a uuid: a uuid parameter, as drivers send
-- it, prunes too.
CREATE FUNCTION iuid_country_cmp(iuid, iuid) RETURNS integer
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION iuid_country_lt(iuid, iuid) RETURNS boolean
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION iuid_country_le(iuid, iuid) RETURNS boolean
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION iuid_country_gt(iuid, iuid) RETURNS boolean
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION iuid_country_ge(iuid, iuid) RETURNS boolean
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION iuid_country_sortsupport(internal) RETURNS void
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION iuid_country_cmp(iuid, iuid) IS 'btree comparison of iuid in the country order';
COMMENT ON FUNCTION iuid_country_lt(iuid, iuid) IS 'implementation of ~<~ for iuid: country first';
COMMENT ON FUNCTION iuid_country_le(iuid, iuid) IS 'implementation of ~<=~ for iuid: country first';
COMMENT ON FUNCTION iuid_country_gt(iuid, iuid) IS 'implementation of ~>~ for iuid: country first';
COMMENT ON FUNCTION iuid_country_ge(iuid, iuid) IS 'implementation of ~>=~ for iuid: country first';
COMMENT ON FUNCTION iuid_country_sortsupport(internal) IS 'sort support of iuid in the country order, with abbreviated keys that start with the country';

CREATE FUNCTION iuid_country_cmp(iuid, uuid) RETURNS integer
    AS 'MODULE_PATHNAME', 'iuid_country_cmp' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION iuid_country_lt(iuid, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'iuid_country_lt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION iuid_country_le(iuid, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'iuid_country_le' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION iuid_country_gt(iuid, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'iuid_country_gt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION iuid_country_ge(iuid, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'iuid_country_ge' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION iuid_country_cmp(uuid, iuid) RETURNS integer
    AS 'MODULE_PATHNAME', 'iuid_country_cmp' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION iuid_country_lt(uuid, iuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'iuid_country_lt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION iuid_country_le(uuid, iuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'iuid_country_le' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION iuid_country_gt(uuid, iuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'iuid_country_gt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION iuid_country_ge(uuid, iuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'iuid_country_ge' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
-- A btree family is closed over its types: two uuids in the country order.
CREATE FUNCTION iuid_country_cmp(uuid, uuid) RETURNS integer
    AS 'MODULE_PATHNAME', 'iuid_country_cmp' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION iuid_country_lt(uuid, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'iuid_country_lt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION iuid_country_le(uuid, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'iuid_country_le' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION iuid_country_gt(uuid, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'iuid_country_gt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION iuid_country_ge(uuid, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'iuid_country_ge' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION iuid_country_eq(uuid, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'iuid_eq' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION iuid_country_cmp(iuid, uuid) IS 'btree comparison of iuid and uuid in the iuid country order';
COMMENT ON FUNCTION iuid_country_lt(iuid, uuid) IS 'implementation of ~<~ for iuid and uuid: country first';
COMMENT ON FUNCTION iuid_country_le(iuid, uuid) IS 'implementation of ~<=~ for iuid and uuid: country first';
COMMENT ON FUNCTION iuid_country_gt(iuid, uuid) IS 'implementation of ~>~ for iuid and uuid: country first';
COMMENT ON FUNCTION iuid_country_ge(iuid, uuid) IS 'implementation of ~>=~ for iuid and uuid: country first';
COMMENT ON FUNCTION iuid_country_cmp(uuid, iuid) IS 'btree comparison of uuid and iuid in the iuid country order';
COMMENT ON FUNCTION iuid_country_lt(uuid, iuid) IS 'implementation of ~<~ for uuid and iuid: country first';
COMMENT ON FUNCTION iuid_country_le(uuid, iuid) IS 'implementation of ~<=~ for uuid and iuid: country first';
COMMENT ON FUNCTION iuid_country_gt(uuid, iuid) IS 'implementation of ~>~ for uuid and iuid: country first';
COMMENT ON FUNCTION iuid_country_ge(uuid, iuid) IS 'implementation of ~>=~ for uuid and iuid: country first';
COMMENT ON FUNCTION iuid_country_cmp(uuid, uuid) IS 'btree comparison of two uuids in the iuid country order, for the iuid_country_ops family';
COMMENT ON FUNCTION iuid_country_lt(uuid, uuid) IS 'implementation of ~<~ for two uuids in the iuid country order';
COMMENT ON FUNCTION iuid_country_le(uuid, uuid) IS 'implementation of ~<=~ for two uuids in the iuid country order';
COMMENT ON FUNCTION iuid_country_gt(uuid, uuid) IS 'implementation of ~>~ for two uuids in the iuid country order';
COMMENT ON FUNCTION iuid_country_ge(uuid, uuid) IS 'implementation of ~>=~ for two uuids in the iuid country order';
COMMENT ON FUNCTION iuid_country_eq(uuid, uuid) IS 'implementation of ~=~: two uuids are equal (the iuid_country_ops family''s uuid equality)';

CREATE OPERATOR ~<~ (
    LEFTARG = iuid, RIGHTARG = iuid, PROCEDURE = iuid_country_lt,
    COMMUTATOR = ~>~, NEGATOR = ~>=~, RESTRICT = scalarltsel, JOIN = scalarltjoinsel
);
CREATE OPERATOR ~<=~ (
    LEFTARG = iuid, RIGHTARG = iuid, PROCEDURE = iuid_country_le,
    COMMUTATOR = ~>=~, NEGATOR = ~>~, RESTRICT = scalarlesel, JOIN = scalarlejoinsel
);
CREATE OPERATOR ~>~ (
    LEFTARG = iuid, RIGHTARG = iuid, PROCEDURE = iuid_country_gt,
    COMMUTATOR = ~<~, NEGATOR = ~<=~, RESTRICT = scalargtsel, JOIN = scalargtjoinsel
);
CREATE OPERATOR ~>=~ (
    LEFTARG = iuid, RIGHTARG = iuid, PROCEDURE = iuid_country_ge,
    COMMUTATOR = ~<=~, NEGATOR = ~<~, RESTRICT = scalargesel, JOIN = scalargejoinsel
);
CREATE OPERATOR ~<~ (
    LEFTARG = iuid, RIGHTARG = uuid, PROCEDURE = iuid_country_lt,
    COMMUTATOR = ~>~, NEGATOR = ~>=~, RESTRICT = scalarltsel, JOIN = scalarltjoinsel
);
CREATE OPERATOR ~<=~ (
    LEFTARG = iuid, RIGHTARG = uuid, PROCEDURE = iuid_country_le,
    COMMUTATOR = ~>=~, NEGATOR = ~>~, RESTRICT = scalarlesel, JOIN = scalarlejoinsel
);
CREATE OPERATOR ~>~ (
    LEFTARG = iuid, RIGHTARG = uuid, PROCEDURE = iuid_country_gt,
    COMMUTATOR = ~<~, NEGATOR = ~<=~, RESTRICT = scalargtsel, JOIN = scalargtjoinsel
);
CREATE OPERATOR ~>=~ (
    LEFTARG = iuid, RIGHTARG = uuid, PROCEDURE = iuid_country_ge,
    COMMUTATOR = ~<=~, NEGATOR = ~<~, RESTRICT = scalargesel, JOIN = scalargejoinsel
);
CREATE OPERATOR ~<~ (
    LEFTARG = uuid, RIGHTARG = iuid, PROCEDURE = iuid_country_lt,
    COMMUTATOR = ~>~, NEGATOR = ~>=~, RESTRICT = scalarltsel, JOIN = scalarltjoinsel
);
CREATE OPERATOR ~<=~ (
    LEFTARG = uuid, RIGHTARG = iuid, PROCEDURE = iuid_country_le,
    COMMUTATOR = ~>=~, NEGATOR = ~>~, RESTRICT = scalarlesel, JOIN = scalarlejoinsel
);
CREATE OPERATOR ~>~ (
    LEFTARG = uuid, RIGHTARG = iuid, PROCEDURE = iuid_country_gt,
    COMMUTATOR = ~<~, NEGATOR = ~<=~, RESTRICT = scalargtsel, JOIN = scalargtjoinsel
);
CREATE OPERATOR ~>=~ (
    LEFTARG = uuid, RIGHTARG = iuid, PROCEDURE = iuid_country_ge,
    COMMUTATOR = ~<=~, NEGATOR = ~<~, RESTRICT = scalargesel, JOIN = scalargejoinsel
);
CREATE OPERATOR ~<~ (
    LEFTARG = uuid, RIGHTARG = uuid, PROCEDURE = iuid_country_lt,
    COMMUTATOR = ~>~, NEGATOR = ~>=~, RESTRICT = scalarltsel, JOIN = scalarltjoinsel
);
CREATE OPERATOR ~<=~ (
    LEFTARG = uuid, RIGHTARG = uuid, PROCEDURE = iuid_country_le,
    COMMUTATOR = ~>=~, NEGATOR = ~>~, RESTRICT = scalarlesel, JOIN = scalarlejoinsel
);
CREATE OPERATOR ~>~ (
    LEFTARG = uuid, RIGHTARG = uuid, PROCEDURE = iuid_country_gt,
    COMMUTATOR = ~<~, NEGATOR = ~<=~, RESTRICT = scalargtsel, JOIN = scalargtjoinsel
);
CREATE OPERATOR ~>=~ (
    LEFTARG = uuid, RIGHTARG = uuid, PROCEDURE = iuid_country_ge,
    COMMUTATOR = ~<=~, NEGATOR = ~<~, RESTRICT = scalargesel, JOIN = scalargejoinsel
);
CREATE OPERATOR ~=~ (
    LEFTARG = uuid, RIGHTARG = uuid, PROCEDURE = iuid_country_eq,
    COMMUTATOR = ~=~, RESTRICT = eqsel, JOIN = eqjoinsel, MERGES
);

-- Not the default: ORDER BY id and the primary key keep the time order.
CREATE OPERATOR CLASS iuid_country_ops FOR TYPE iuid USING btree AS
    OPERATOR 1 ~<~,
    OPERATOR 2 ~<=~,
    OPERATOR 3 =,
    OPERATOR 4 ~>=~,
    OPERATOR 5 ~>~,
    FUNCTION 1 iuid_country_cmp(iuid, iuid),
    FUNCTION 2 iuid_country_sortsupport(internal),
    FUNCTION 4 pg_catalog.btequalimage(oid);
ALTER OPERATOR FAMILY iuid_country_ops USING btree ADD
    OPERATOR 1 ~<~ (iuid, uuid),
    OPERATOR 2 ~<=~ (iuid, uuid),
    OPERATOR 3 = (iuid, uuid),
    OPERATOR 4 ~>=~ (iuid, uuid),
    OPERATOR 5 ~>~ (iuid, uuid),
    FUNCTION 1 (iuid, uuid) iuid_country_cmp(iuid, uuid),
    OPERATOR 1 ~<~ (uuid, iuid),
    OPERATOR 2 ~<=~ (uuid, iuid),
    OPERATOR 3 = (uuid, iuid),
    OPERATOR 4 ~>=~ (uuid, iuid),
    OPERATOR 5 ~>~ (uuid, iuid),
    FUNCTION 1 (uuid, iuid) iuid_country_cmp(uuid, iuid),
    OPERATOR 1 ~<~ (uuid, uuid),
    OPERATOR 2 ~<=~ (uuid, uuid),
    OPERATOR 3 ~=~ (uuid, uuid),
    OPERATOR 4 ~>=~ (uuid, uuid),
    OPERATOR 5 ~>~ (uuid, uuid),
    FUNCTION 1 (uuid, uuid) iuid_country_cmp(uuid, uuid),
    FUNCTION 2 (uuid, uuid) iuid_country_sortsupport(internal);
COMMENT ON OPERATOR CLASS iuid_country_ops USING btree IS 'iuid ordered by country, then by the default order: RANGE partitions per region';

CREATE FUNCTION iuid_country_lower_bound(country integer) RETURNS iuid
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION iuid_country_lower_bound(integer) IS 'the smallest iuid of a country in the country order: a partition bound for iuid_country_ops';

-- The router's region registry: which foreign server holds each country
-- (NULL: the router's own database).  A country has one region, whatever
-- table is routed.  Its rows are user data: pg_dump keeps them.
-- Each row records the partition that holds the country (`part`, by OID:
-- renames are harmless, and pg_dump writes it as a name that a restore reads
-- back as the new OID) and its server's name as last seen; the region is
-- the server that partition is on (uidx_region_current, uidx_region_check).
CREATE TABLE uidx_region (
    country smallint PRIMARY KEY CHECK (country BETWEEN 0 AND 255),
    server  name,
    part    regclass
);
-- A row whose partition is gone is left out of a dump: pg_dump would write
-- its OID as a number, which a restore reads back as whatever relation has
-- that OID there.
SELECT pg_catalog.pg_extension_config_dump('uidx_region', 'WHERE part IS NULL OR EXISTS (SELECT FROM pg_catalog.pg_class c WHERE c.oid OPERATOR(pg_catalog.=) part)');
GRANT SELECT ON uidx_region TO PUBLIC;
COMMENT ON TABLE uidx_region IS 'iuid country -> the partition that holds it and the foreign server of its region (NULL: this database), kept by uidx_attach_region and uidx_attach_local_region';
COMMENT ON COLUMN uidx_region.part IS 'a router partition that holds the country; its server is the region';

-- The partitions of a router table with their bounds (the text of an iuid,
-- MINVALUE or MAXVALUE; the DEFAULT partition, which has none, is left out)
-- and, for a foreign one, its server and the remote table it reads
-- (postgres_fdw's schema_name and table_name, by default its own names).
-- uidx_attach_countries reads them for its conflict checks and again for
-- the partitions that read one remote table.
CREATE FUNCTION uidx_router_partitions(parent regclass, OUT part regclass, OUT relname name,
                                       OUT relkind "char", OUT server name, OUT reads_schema text,
                                       OUT reads_table text, OUT lo text, OUT hi text)
RETURNS SETOF record
LANGUAGE sql STABLE STRICT PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $$
SELECT k.oid::regclass, k.relname, k.relkind, fs.srvname,
       CASE WHEN ft.ftrelid IS NOT NULL
            THEN COALESCE((SELECT substr(o, 13) FROM unnest(ft.ftoptions) o WHERE o LIKE 'schema\_name=%'),
                          kn.nspname) END,
       CASE WHEN ft.ftrelid IS NOT NULL
            THEN COALESCE((SELECT substr(o, 12) FROM unnest(ft.ftoptions) o WHERE o LIKE 'table\_name=%'),
                          k.relname) END,
       m[1], m[2]
  FROM pg_inherits i
  JOIN pg_class k ON k.oid = i.inhrelid
  JOIN pg_namespace kn ON kn.oid = k.relnamespace
  LEFT JOIN pg_foreign_table ft ON ft.ftrelid = k.oid
  LEFT JOIN pg_foreign_server fs ON fs.oid = ft.ftserver
  CROSS JOIN LATERAL regexp_match(pg_get_expr(k.relpartbound, k.oid),
                                  '^FOR VALUES FROM \(''?([^'')]*)''?\) TO \(''?([^'')]*)''?\)$') m
 WHERE i.inhparent = parent AND m IS NOT NULL
$$;
COMMENT ON FUNCTION uidx_router_partitions(regclass) IS 'internal: the range partitions of a router table, their bounds and remote tables';

-- Every country that a partition of a router (a table partitioned by RANGE
-- on an iuid column with iuid_country_ops) holds from its lower bound up to
-- its upper one, with the partition and its server (NULL: local).
-- uidx_region_check and the helpers' registry writes read it.
CREATE FUNCTION uidx_region_partitions(OUT router regclass, OUT country integer, OUT part regclass,
                                       OUT server name)
RETURNS SETOF record
LANGUAGE sql STABLE PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $$
SELECT pt.partrelid::regclass, c, r.part, r.server
  FROM pg_partitioned_table pt
 CROSS JOIN LATERAL @extschema@.uidx_router_partitions(pt.partrelid::regclass) r
 CROSS JOIN LATERAL generate_series(
           CASE WHEN r.lo = 'MINVALUE' THEN 0 ELSE @extschema@.iuid_country(r.lo::@extschema@.iuid) END,
           CASE WHEN r.hi = 'MAXVALUE' THEN 255 ELSE @extschema@.iuid_country(r.hi::@extschema@.iuid) - 1 END) c
 WHERE pt.partstrat = 'r' AND pt.partnatts = 1
   AND pt.partclass[0] = (SELECT o.oid FROM pg_opclass o JOIN pg_am am ON am.oid = o.opcmethod
                           WHERE o.opcname = 'iuid_country_ops' AND am.amname = 'btree'
                             AND o.opcnamespace = (SELECT e.extnamespace FROM pg_extension e WHERE e.extname = 'uidx'))
$$;
COMMENT ON FUNCTION uidx_region_partitions() IS 'internal: every country that a router partition holds, with the partition and its server';

--@include iuid-regions.sql

-- No event trigger follows the catalog: an event trigger runs in every
-- role's DDL, and its PL/pgSQL body would look the registry up by name, so
-- the owner of the extension's schema could rename the schema and have a
-- superuser's DROP run an object of theirs (docs/security.md).  The registry
-- is read by OID and checks itself where it is read: a row whose partition
-- is gone holds nothing (uidx_region_current), and uidx_region_check(true)
-- mends the rows after DROP SERVER, a DROP of a router or partition, or
-- ALTER SERVER ... RENAME, in both editions (docs/regions.md).
