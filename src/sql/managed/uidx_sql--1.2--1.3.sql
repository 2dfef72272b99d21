-- uidx_sql 1.2 to 1.3 (docs/managed.md): the generators keep
-- no state in settings (the clock and the tie-breaker sequence
-- uidx_sql_tie), and the public ids reach pgcrypto's AES bound at install.
-- Only what changed: the family files stay the full 1.3 script, and the
-- --@functions line below re-creates every function from them, with its
-- comment (src/sql/assemble.sh --update); 1.3 names every operator, function and
-- type in a body by schema (docs/managed.md, "Security").  Before that line
-- what CREATE OR REPLACE cannot do, after it what needs the functions.
-- test/t/managed-pgtle.sh checks that 1.2 updated through this script equals
-- a fresh 1.3.

-- The generators' order within a session (docs/managed.md,
-- generator state).  Each ID carries, right after its time, a 14-bit
-- tie-breaker: the low bits of the next value of this sequence.  A session
-- takes its values from a block of its own (CACHE), in increasing order, so
-- two IDs of one session made in the same clock tick still increase.  Every
-- block is 16384 values, so from one ID of a session to its next the 14
-- bits step like consecutive values, and wrap only from 16383 to 0: the
-- ID that gets 16383 is followed by a sleep (uidx_sql_tie()), so that the
-- clock, read by the next ID, is in a later millisecond.  Every role may
-- call nextval() (USAGE), which only moves on; setval() needs UPDATE,
-- which only the sequence's owner has.  Nothing a session can SET reaches
-- the generators.
CREATE SEQUENCE @extschema@.uidx_sql_tie AS bigint START 1 MINVALUE 1 CACHE 16384 NO CYCLE;
COMMENT ON SEQUENCE @extschema@.uidx_sql_tie IS 'internal: the generators'' tie-breaker (uidx_sql_tie())';
GRANT USAGE ON SEQUENCE @extschema@.uidx_sql_tie TO PUBLIC;

-- The SQL Server COMB's tie-breaker: as uidx_sql_tie, but its own, since
-- where its 14 bits wrap the generator waits for the next 1/300 s tick,
-- not the next millisecond.
CREATE SEQUENCE @extschema@.uidx_sql_sqlserver_tie AS bigint START 1 MINVALUE 1 CACHE 16384 NO CYCLE;
COMMENT ON SEQUENCE @extschema@.uidx_sql_sqlserver_tie IS 'internal: the SQL Server COMB''s tie-breaker';
GRANT USAGE ON SEQUENCE @extschema@.uidx_sql_sqlserver_tie TO PUBLIC;

DROP FUNCTION @extschema@.uidx_sql_uuidv7_ns();
DROP FUNCTION @extschema@.uidx_sql_uuidv7_pack(bigint, bigint);

-- The partition helpers' shared pieces (docs/partitioning.md): names of at
-- most 62 bytes, one call at a time per table.  The region registry follows
-- the catalog (docs/managed.md "Regions in uidx_sql"): each row records the
-- partition that holds its country, by OID, and uidx_region_check() mends
-- the rows of dropped partitions and renamed servers; a dump leaves out a
-- row whose partition is gone.
-- Retention and a default partition (docs/partitioning.md "Retention"):
-- uidx_create_time_partitions gets default_partition, a parameter that
-- changes the signature, so the 1.2 one goes and --@functions creates the
-- new one (a call without it means what it meant).
DROP FUNCTION @extschema@.uidx_create_time_partitions(regclass, timestamptz, timestamptz, interval);

ALTER TABLE @extschema@.uidx_region ADD COLUMN part regclass;
SELECT pg_catalog.pg_extension_config_dump('@extschema@.uidx_region', 'WHERE part IS NULL OR EXISTS (SELECT FROM pg_catalog.pg_class c WHERE c.oid OPERATOR(pg_catalog.=) part)');
COMMENT ON TABLE @extschema@.uidx_region IS 'iuid country -> the partition that holds it and the foreign server of its region (NULL: this database), kept by uidx_attach_region and uidx_attach_local_region';
COMMENT ON COLUMN @extschema@.uidx_region.part IS 'a router partition that holds the country; its server is the region';

-- A dump leaves out a luuid_group row whose table is gone (its OID, dumped
-- as a number, would name another relation after a restore).
SELECT pg_catalog.pg_extension_config_dump('@extschema@.luuid_group', 'WHERE relation IS NULL OR EXISTS (SELECT FROM pg_catalog.pg_class c WHERE c.oid OPERATOR(pg_catalog.=) relation AND c.relpersistence OPERATOR(pg_catalog.<>) ''t'' AND c.relkind OPERATOR(pg_catalog.<>) ALL (''{i,I,t}''::pg_catalog."char"[]))');

--@functions

-- 1.2's rows record no partition: each gets the one that holds its country
-- on its server, and a row that no partition backs goes
SELECT pg_catalog.count(*) FROM @extschema@.uidx_region_check(true);

