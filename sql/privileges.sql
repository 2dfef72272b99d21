SET timezone = 'UTC';
-- Privileges and search_path safety.
\i test/regress/error_of.sql

-- ===========================================================================
-- (a) No SECURITY DEFINER anywhere in the extension
-- ===========================================================================
CREATE VIEW pg_temp.uidx_functions AS
SELECT p.oid, p.oid::regprocedure AS function, l.lanname AS language, p.prosecdef,
       p.proconfig
  FROM pg_proc p
  JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e'
  JOIN pg_language l ON l.oid = p.prolang
 WHERE d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'uidx');
SELECT count(*) > 0 AS has_functions, count(*) FILTER (WHERE prosecdef) AS security_definer
  FROM pg_temp.uidx_functions;

-- ===========================================================================
-- (b) SQL and PL/pgSQL functions against a hostile search_path
-- ===========================================================================
-- These are all of them (a new one changes this list, and must be added to
-- the checks below).  Those with a pinned search_path run with it whatever
-- the caller's path; the others qualify every name in their bodies.
SELECT function, language, proconfig
  FROM pg_temp.uidx_functions
 WHERE language IN ('sql', 'plpgsql')
 ORDER BY function::text;

-- The fixtures, made under the normal path.
INSERT INTO iuid_service_entity VALUES (21, 'PrivOrder');
CREATE TABLE priv_orders (id uuid PRIMARY KEY);
SELECT luuid_register_group('PrivOrder', 'priv_orders') AS priv_group;
CREATE TABLE priv_parts (id iuid PRIMARY KEY) PARTITION BY RANGE (id);
CREATE TABLE priv_doomed (id uuid);
SELECT luuid_register_group('PrivDoomed', 'priv_doomed') AS doomed_group;
CREATE TABLE priv_routed (id iuid NOT NULL) PARTITION BY RANGE (id iuid_country_ops);
CREATE EXTENSION postgres_fdw;
CREATE SERVER priv_region FOREIGN DATA WRAPPER postgres_fdw OPTIONS (dbname 'nowhere');
CREATE SERVER priv_doomed_region FOREIGN DATA WRAPPER postgres_fdw OPTIONS (dbname 'nowhere');

-- A schema full of look-alikes: functions named like the ones the bodies
-- call, returning wrong answers; operators = < >= on the types they compare,
-- always true or false; tables named like the registries, with rows that
-- would give themselves away.
CREATE SCHEMA hostile;
CREATE FUNCTION hostile.always(text, text) RETURNS boolean LANGUAGE sql AS 'SELECT true';
CREATE FUNCTION hostile.always(integer, integer) RETURNS boolean LANGUAGE sql AS 'SELECT true';
CREATE FUNCTION hostile.always(uuid, uuid) RETURNS boolean LANGUAGE sql AS 'SELECT true';
CREATE FUNCTION hostile.always(oid, regclass) RETURNS boolean LANGUAGE sql AS 'SELECT true';
CREATE FUNCTION hostile.always(oid, oid) RETURNS boolean LANGUAGE sql AS 'SELECT true';
CREATE OPERATOR hostile.= (LEFTARG = text, RIGHTARG = text, FUNCTION = hostile.always);
CREATE OPERATOR hostile.= (LEFTARG = integer, RIGHTARG = integer, FUNCTION = hostile.always);
CREATE OPERATOR hostile.= (LEFTARG = oid, RIGHTARG = regclass, FUNCTION = hostile.always);
CREATE OPERATOR hostile.= (LEFTARG = oid, RIGHTARG = oid, FUNCTION = hostile.always);
CREATE OPERATOR hostile.>= (LEFTARG = uuid, RIGHTARG = uuid, FUNCTION = hostile.always);
CREATE OPERATOR hostile.< (LEFTARG = uuid, RIGHTARG = uuid, FUNCTION = hostile.always);
CREATE OPERATOR hostile.<> (LEFTARG = text, RIGHTARG = text, FUNCTION = hostile.always);
CREATE FUNCTION hostile.crc12(text) RETURNS integer LANGUAGE sql AS 'SELECT 1';
CREATE FUNCTION hostile.luuid_group(uuid) RETURNS integer LANGUAGE sql AS 'SELECT 1';
CREATE FUNCTION hostile.luuid_from_short(text, text) RETURNS uuid LANGUAGE sql
    AS $$SELECT '00000000-0000-0000-0000-000000000000'::uuid$$;
CREATE FUNCTION hostile.luuid_upper_bound(text, text) RETURNS uuid LANGUAGE sql
    AS $$SELECT 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid$$;
CREATE FUNCTION hostile.uidx_raise_unknown_name(text, text) RETURNS integer LANGUAGE sql AS 'SELECT 200';
CREATE FUNCTION hostile.iuid_generate(integer, integer) RETURNS iuid LANGUAGE sql
    AS $$SELECT iuid_from_parts('1999-01-01', 0, 0)$$;
CREATE FUNCTION hostile.iuid_lower_bound(timestamptz) RETURNS iuid LANGUAGE sql
    AS $$SELECT iuid_from_parts('1999-01-01', 0, 0)$$;
CREATE FUNCTION hostile.to_regprocedure(text) RETURNS regprocedure LANGUAGE sql
    AS $$SELECT 'pg_catalog.now()'::regprocedure$$;
CREATE FUNCTION hostile.format(text, text, text) RETURNS text LANGUAGE sql AS $$SELECT 'hostile'$$;
CREATE FUNCTION hostile.pg_event_trigger_dropped_objects(OUT classid oid, OUT objid oid, OUT objsubid integer)
    RETURNS SETOF record LANGUAGE sql AS 'SELECT 0::oid, 0::oid, 0 WHERE false';
CREATE FUNCTION hostile.uidx_inspect_readings(id text, OUT kind text, OUT ts timestamptz,
                                              OUT details jsonb, OUT score integer)
    RETURNS SETOF record LANGUAGE sql AS $$SELECT 'hostile', now(), '{}'::jsonb, 1000$$;
CREATE FUNCTION hostile.quote_ident(text) RETURNS text LANGUAGE sql AS $$SELECT 'hostile'$$;
CREATE FUNCTION hostile.iuid_timestamp(uuid) RETURNS timestamptz LANGUAGE sql AS $$SELECT '-infinity'::timestamptz$$;
CREATE FUNCTION hostile.comb_prefix_timestamp(uuid) RETURNS timestamptz LANGUAGE sql AS $$SELECT '-infinity'::timestamptz$$;
CREATE FUNCTION hostile.uuidv7_timestamp(uuid) RETURNS timestamptz LANGUAGE sql AS $$SELECT '-infinity'::timestamptz$$;
CREATE FUNCTION hostile.uuidv7_lower_bound(timestamptz) RETURNS uuid LANGUAGE sql AS $$SELECT NULL::pg_catalog.uuid$$;
CREATE FUNCTION hostile.comb_prefix_from_parts(timestamptz, bytea) RETURNS uuid LANGUAGE sql AS $$SELECT NULL::pg_catalog.uuid$$;
CREATE FUNCTION hostile.concat_hostile(text, text) RETURNS text LANGUAGE sql AS $$SELECT 'hostile'$$;
CREATE OPERATOR hostile.|| (LEFTARG = text, RIGHTARG = text, FUNCTION = hostile.concat_hostile);
CREATE FUNCTION hostile.field_hostile(jsonb, text) RETURNS text LANGUAGE sql AS $$SELECT '1'$$;
CREATE OPERATOR hostile.->> (LEFTARG = jsonb, RIGHTARG = text, FUNCTION = hostile.field_hostile);
-- types named like the ones the bodies cast to
CREATE TYPE hostile.int4 AS (hostile boolean);
CREATE TYPE hostile.uuid AS (hostile boolean);
CREATE TYPE hostile.jsonb AS (hostile boolean);
CREATE TABLE hostile.iuid_service_entity (code smallint, name text);
INSERT INTO hostile.iuid_service_entity VALUES (99, 'PrivOrder'), (98, 'NoSuchEntity');
CREATE TABLE hostile.luuid_group (group_id integer, group_name text, relation regclass);
INSERT INTO hostile.luuid_group VALUES (1, 'hostile', 'hostile.luuid_group');
CREATE TABLE hostile.pg_class (oid oid);
CREATE FUNCTION hostile.iuid_country_lower_bound(integer) RETURNS iuid LANGUAGE sql
    AS $$SELECT iuid_from_parts('1999-01-01', 0, 0)$$;
CREATE FUNCTION hostile.uidx_attach_countries(regclass, name, boolean, integer[], text)
    RETURNS SETOF regclass LANGUAGE sql AS $$SELECT 'hostile.pg_class'::regclass$$;
CREATE TABLE hostile.uidx_region (country smallint, server name);
INSERT INTO hostile.uidx_region VALUES (8, 'hostile');

-- The hostile schema before pg_catalog (pg_catalog is otherwise searched
-- first): an unqualified name or operator in a body would now resolve there.
SET search_path = hostile, pg_catalog, public;
SELECT 'text'::text = 'different'::text AS hostile_equals_is_active,
       crc12('PrivOrder') AS hostile_crc12_is_active,
       'a'::text || 'b'::text AS hostile_concat_is_active;

-- iuid_generate(text): the registry's code, the real = on text, the real
-- error for an unknown name
SELECT public.iuid_service_entity(public.iuid_generate('PrivOrder', 1)) AS entity_21,
       public.iuid_country(public.iuid_generate('PrivOrder', 1)) AS country_1,
       public.iuid_timestamp(public.iuid_generate('PrivOrder', 1)) > '2020-01-01' AS made_now;
SELECT pg_temp.error_of($$SELECT public.iuid_generate('NoSuchEntity', 1)$$);

-- luuid_matches_short (inlined into the caller's query): the real bounds
-- and comparisons
SELECT public.luuid_matches_short(public.luuid_generate('PrivOrder', 42), '2a', 'PrivOrder') AS matches,
       public.luuid_matches_short(public.luuid_generate('PrivOrder', 43), '2a', 'PrivOrder') AS other_pk,
       public.luuid_matches_short(public.luuid_generate('Other', 42), '2a', 'PrivOrder') AS other_group,
       public.luuid_matches_short(NULL, '2a', 'PrivOrder') AS null_id;

-- luuid_relation: the real registry and pg_class
SELECT public.luuid_relation(public.luuid_generate('PrivOrder', 1)) AS routed_to,
       public.luuid_relation(public.luuid_generate('hostile', 1)) AS unregistered;

-- uidx_inspect (inlined into the caller's query): the real detector,
-- registries, catalogs, operators and casts
SELECT kind, details OPERATOR(pg_catalog.->>) 'service_entity_name' AS entity
  FROM public.uidx_inspect(public.iuid_generate('PrivOrder', 1)::text);
SELECT kind, details OPERATOR(pg_catalog.->>) 'group_name' AS group_name,
       details OPERATOR(pg_catalog.->>) 'relation' AS relation
  FROM public.uidx_inspect(public.luuid_generate('PrivOrder', 7)::text)
 WHERE kind OPERATOR(pg_catalog.=) 'luuid'::pg_catalog.text;

-- luuid_register_group: the real crc12 and registry, the real collision check
SELECT public.luuid_register_group('PrivOther') AS registered, public.crc12('PrivOther') AS real_crc12;
SELECT pg_temp.error_of($$SELECT public.luuid_register_group('PrivClash1934')$$) AS collision_check;
SELECT pg_temp.error_of($$SELECT public.luuid_register_group('')$$) AS empty_name;

-- uidx_create_time_partitions: the real bound function and catalogs
SELECT public.uidx_create_time_partitions('public.priv_parts', '2024-01-01', '2024-03-01', '1 month')
       AS created;
SELECT c.relname, pg_get_expr(c.relpartbound, c.oid) AS bound
  FROM pg_catalog.pg_class c
 WHERE c.relkind OPERATOR(pg_catalog.=) 'r' AND c.relname OPERATOR(pg_catalog.~~) 'priv_parts_p%'
 ORDER BY 1;

-- the pg_partman encoders and decoders: the real bounds, casts and extraction
SELECT public.iuid_partman_decoder(public.iuid_partman_encoder('2024-01-02 03:04:05.006+00')::pg_catalog.text) AS iuid,
       public.comb_prefix_partman_decoder(public.comb_prefix_partman_encoder('2024-01-02 03:04:05.006+00')::pg_catalog.text) AS comb_prefix,
       public.uuidv7_partman_decoder(public.uuidv7_partman_encoder('2024-01-02 03:04:05.006+00')::pg_catalog.text) AS uuidv7;
-- uidx_attach_local_region, uidx_attach_region, uidx_region_of: the real
-- worker, bounds, catalogs and registry
SELECT public.uidx_attach_local_region('public.priv_routed', '{7}') AS local_partition;
SELECT public.uidx_attach_region('public.priv_routed', 'priv_region', '{8, 9}') AS remote_partition;
SELECT c.relname, pg_get_expr(c.relpartbound, c.oid) AS bound
  FROM pg_catalog.pg_class c
 WHERE c.relname OPERATOR(pg_catalog.~~) 'priv_routed_c%'
 ORDER BY 1;
SELECT public.uidx_region_of(public.iuid_from_parts('2024-01-01', 8, 1)) AS region_8,
       public.uidx_region_of(public.iuid_from_parts('2024-01-01', 7, 1)) AS region_7;
SELECT pg_temp.error_of($$SELECT public.uidx_region_of(public.iuid_from_parts('2024-01-01', 10, 1))$$) AS region_10;

-- DROP of a registered table and of a region's server (no event trigger
-- runs: docs/security.md), then uidx_region_check(true): the real catalogs
-- and registry
DROP TABLE public.priv_doomed;
SELECT public.uidx_attach_region('public.priv_routed', 'priv_doomed_region', '{10}') AS doomed_partition;
DROP SERVER priv_doomed_region CASCADE;
SELECT country, action FROM public.uidx_region_check(true) ORDER BY country;

-- distid = and <> integer, bigint, numeric: SQL bodies without a pinned
-- path (so that they inline), every name in them qualified
SELECT '123'::public.distid OPERATOR(public.=) 123 AS distid_int4,
       123::pg_catalog.int8 OPERATOR(public.=) '123'::public.distid AS int8_distid,
       '123'::public.distid OPERATOR(public.<>) 123::pg_catalog.numeric AS distid_numeric_ne;

RESET search_path;
SELECT group_name, public.luuid_relation(public.luuid_from_short('1', group_name)) AS relation
  FROM luuid_group WHERE group_name LIKE 'Priv%' ORDER BY 1;
SELECT count(*) AS hostile_rows_untouched FROM hostile.luuid_group;
SELECT country, server FROM uidx_region WHERE country IN (8, 10) ORDER BY country;
SELECT count(*) AS hostile_region_rows_untouched FROM hostile.uidx_region;

-- ===========================================================================
-- (c) The registries: readable by everyone, writable by their owner only
-- ===========================================================================
SELECT c.relname, pg_catalog.pg_get_userbyid(c.relowner) = current_user AS owned_by_installer,
       has_table_privilege('public', c.oid, 'SELECT') AS public_select,
       has_table_privilege('public', c.oid, 'INSERT') AS public_insert,
       has_table_privilege('public', c.oid, 'UPDATE') AS public_update,
       has_table_privilege('public', c.oid, 'DELETE') AS public_delete
  FROM pg_class c WHERE c.oid IN ('iuid_service_entity'::regclass, 'luuid_group'::regclass, 'uidx_region'::regclass)
 ORDER BY 1;

CREATE ROLE uidx_ordinary;
SET ROLE uidx_ordinary;
SELECT (SELECT count(*) FROM iuid_service_entity WHERE name = 'PrivOrder') AS reads_entities,
       (SELECT count(*) FROM luuid_group WHERE group_name = 'PrivOrder') AS reads_groups,
       iuid_service_entity(iuid_generate('PrivOrder', 1)) AS generates_by_name,
       luuid_relation(luuid_generate('PrivOrder', 1)) AS routes;
SELECT pg_temp.error_of($$INSERT INTO iuid_service_entity VALUES (22, 'Intruder')$$);
SELECT pg_temp.error_of($$UPDATE iuid_service_entity SET name = 'Renamed' WHERE code = 21$$);
SELECT pg_temp.error_of($$DELETE FROM iuid_service_entity WHERE code = 21$$);
SELECT pg_temp.error_of($$SELECT luuid_register_group('Intruder')$$);
SELECT pg_temp.error_of($$SELECT luuid_register_group('PrivOrder', 'pg_class')$$);
SELECT pg_temp.error_of($$INSERT INTO luuid_group VALUES (crc12('Intruder'), 'Intruder', NULL)$$);
SELECT pg_temp.error_of($$DELETE FROM luuid_group$$);
SELECT (SELECT count(*) FROM uidx_region) AS reads_regions,
       uidx_region_of(iuid_from_parts('2024-01-01', 9, 1)) AS region_of;
SELECT pg_temp.error_of($$INSERT INTO uidx_region VALUES (10, 'priv_region')$$);
-- extending the run of 8-9 replaces the owner's partition; a run apart with
-- its own remote table creates one in a schema the role cannot create in
SELECT pg_temp.error_of($$SELECT uidx_attach_region('priv_routed', 'priv_region', '{10}')$$);
SELECT pg_temp.error_of($$SELECT uidx_attach_region('priv_routed', 'priv_region', '{20}', 'priv_other')$$);
RESET ROLE;

-- "unless granted": the owner can delegate
GRANT INSERT ON iuid_service_entity TO uidx_ordinary;
SET ROLE uidx_ordinary;
INSERT INTO iuid_service_entity VALUES (22, 'Delegated');
RESET ROLE;
REVOKE INSERT ON iuid_service_entity FROM uidx_ordinary;
SELECT code, name FROM iuid_service_entity WHERE code IN (21, 22) ORDER BY code;

-- clean up
DROP ROLE uidx_ordinary;
DELETE FROM iuid_service_entity WHERE code IN (21, 22);
DELETE FROM luuid_group WHERE group_name LIKE 'Priv%';
DROP TABLE priv_parts, priv_orders, priv_routed;
DELETE FROM uidx_region;
DROP EXTENSION postgres_fdw CASCADE;
SET client_min_messages = warning;
DROP SCHEMA hostile CASCADE;
RESET client_min_messages;
