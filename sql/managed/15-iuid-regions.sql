-- ---------------------------------------------------------------------------
-- iUID regions (docs/managed.md "Regions in uidx_sql"): the region registry and the
-- helpers that make a router table's partitions, for uuid keys
-- ---------------------------------------------------------------------------
-- The C extension partitions a router by RANGE (id iuid_country_ops), an
-- operator class that uidx_sql cannot create: CREATE OPERATOR CLASS needs a
-- superuser.  The router here is partitioned by LIST on the IMMUTABLE
-- expression @extschema@.iuid_country(id) instead.  Tuple routing computes it,
-- so INSERTs land in the region of each ID's country, and a non-iUID (country
-- NULL) finds no partition.  But the planner prunes only on a condition on
-- that expression: `WHERE id = $1` alone asks every region, and a lookup must
-- also say `@extschema@.iuid_country(id) = @extschema@.iuid_country($1)`.
-- Arguments, the registry, partition names, checks and SQLSTATEs are those of
-- the C extension (docs/regions.md "Regions"); a region's foreign partition is one per
-- remote table (below).

-- The router's region registry: which foreign server holds each country
-- (NULL: the router's own database).  A country has one region, whatever
-- table is routed.  Its rows are user data: pg_dump keeps them.
CREATE TABLE @extschema@.uidx_region (
    country smallint PRIMARY KEY CHECK (country BETWEEN 0 AND 255),
    server  name
);
SELECT pg_catalog.pg_extension_config_dump('@extschema@.uidx_region', '');
GRANT SELECT ON @extschema@.uidx_region TO PUBLIC;
COMMENT ON TABLE @extschema@.uidx_region IS 'iuid country -> the foreign server of its region (NULL: this database), kept by uidx_attach_region and uidx_attach_local_region';

--@include iuid-regions.sql

