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
-- Each row records the partition that holds the country (`part`, by OID:
-- renames are harmless, and pg_dump writes it as a name that a restore reads
-- back as the new OID) and its server's name as last seen; the region is
-- the server that partition is on.  No event trigger keeps it (they need a
-- superuser): uidx_region_check() reports and mends the rows of dropped
-- partitions and renamed servers (docs/managed.md "Regions in uidx_sql").
CREATE TABLE @extschema@.uidx_region (
    country smallint PRIMARY KEY CHECK (country BETWEEN 0 AND 255),
    server  name,
    part    regclass
);
-- pg_dump leaves out a row whose partition is gone (its OID, written as a
-- number, would name whatever relation has it in the restored database).
SELECT pg_catalog.pg_extension_config_dump('@extschema@.uidx_region', 'WHERE part IS NULL OR EXISTS (SELECT FROM pg_catalog.pg_class c WHERE c.oid OPERATOR(pg_catalog.=) part)');
GRANT SELECT ON @extschema@.uidx_region TO PUBLIC;
COMMENT ON TABLE @extschema@.uidx_region IS 'iuid country -> the partition that holds it and the foreign server of its region (NULL: this database), kept by uidx_attach_region and uidx_attach_local_region';
COMMENT ON COLUMN @extschema@.uidx_region.part IS 'a router partition that holds the country; its server is the region';

-- Every country that a partition of a router (a table partitioned by LIST
-- on @extschema@.iuid_country() of a uuid column, as uidx_attach_countries
-- checks it) holds in its list, with the partition and its server (NULL:
-- local).  uidx_region_check and the helpers' registry writes read it.
CREATE FUNCTION @extschema@.uidx_region_partitions(OUT router regclass, OUT country integer, OUT part regclass,
                                                   OUT server name)
RETURNS SETOF record
LANGUAGE sql STABLE PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $$
SELECT pt.partrelid::regclass, btrim(v, '''')::integer, k.oid::regclass, fs.srvname
  FROM pg_partitioned_table pt
  JOIN pg_attribute a ON a.attrelid = pt.partrelid
  JOIN pg_inherits i ON i.inhparent = pt.partrelid
  JOIN pg_class k ON k.oid = i.inhrelid
  LEFT JOIN pg_foreign_table ft ON ft.ftrelid = k.oid
  LEFT JOIN pg_foreign_server fs ON fs.oid = ft.ftserver
 CROSS JOIN LATERAL regexp_match(pg_get_expr(k.relpartbound, k.oid), '^FOR VALUES IN \((.*)\)$') m
 CROSS JOIN LATERAL regexp_split_to_table(m[1], ', ') v
 WHERE pt.partstrat = 'l' AND pt.partnatts = 1 AND pt.partattrs[0] = 0
   AND a.attnum > 0 AND NOT a.attisdropped AND a.atttypid = 'uuid'::regtype
   AND pg_get_partkeydef(pt.partrelid)
       = (SELECT format('LIST (%I.%I(%I))', n.nspname, f.proname, a.attname)
            FROM pg_proc f JOIN pg_namespace n ON n.oid = f.pronamespace
           WHERE f.oid = '@extschema@.iuid_country(uuid)'::regprocedure)
   AND v <> 'NULL'
$$;
COMMENT ON FUNCTION @extschema@.uidx_region_partitions() IS 'internal: every country that a router partition holds, with the partition and its server';

--@include iuid-regions.sql

