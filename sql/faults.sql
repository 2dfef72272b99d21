SET timezone = 'UTC';
-- Faults found in review, one section each, numbered as they were found;
-- every case here failed before its fix, with two exceptions: the signed
-- overflow of section 3 shows only in `make asan-check` (whose build traps
-- signed overflow instead of wrapping), and section 5 pins what the README
-- says about inlining (that fault was in the README).  Fault 9, a package
-- the scripts need that `make deps` did not install, is test/t/deps.sh.

-- uidx's functions before any same-named core ones
SET search_path = public, pg_catalog;
\i test/regress/error_of.sql
SELECT iuid_generate(1, 1) IS NOT NULL AS library_loaded;

-- ===========================================================================
-- 1. The sql_drop event trigger never breaks DDL unrelated to uidx, even of
--    a role that may not use the extension's schema
-- ===========================================================================
CREATE ROLE uidx_faults_outsider;
CREATE SCHEMA faults_outside AUTHORIZATION uidx_faults_outsider;
REVOKE USAGE ON SCHEMA public FROM PUBLIC;
SET ROLE uidx_faults_outsider;
CREATE TABLE faults_outside.unrelated (a int);
SELECT pg_temp.error_of('DROP TABLE faults_outside.unrelated') AS drop_unrelated_table;
SELECT pg_temp.error_of('CREATE VIEW faults_outside.v AS SELECT 1 AS a') AS create_view,
       pg_temp.error_of('DROP VIEW faults_outside.v') AS drop_view;
RESET ROLE;
GRANT USAGE ON SCHEMA public TO PUBLIC;
SELECT count(*) AS tables_left FROM pg_class WHERE relnamespace = 'faults_outside'::regnamespace;
DROP SCHEMA faults_outside;
DROP ROLE uidx_faults_outsider;

-- ===========================================================================
-- 2. The frozen test clock reaches parallel workers: they read the instant
--    the leader froze, not their own start time
-- ===========================================================================
CREATE TABLE faults_par AS SELECT g FROM generate_series(1, 10000) g;
ALTER TABLE faults_par SET (parallel_workers = 2);
ANALYZE faults_par;
CREATE FUNCTION faults_worker_pid() RETURNS integer
LANGUAGE plpgsql VOLATILE PARALLEL SAFE AS $$ BEGIN RETURN pg_backend_pid(); END $$;
SELECT pg_backend_pid() AS leader \gset
-- every process that reads the test clock warns once per statement
SET client_min_messages = error;
SET uidx.debug_clock_freeze = on;
SET uidx.debug_clock_offset_ms = -3600000;
SHOW uidx.debug_clock_freeze;
SELECT comb_prefix_timestamp(comb_prefix_generate()) AS frozen_at \gset
-- workers that froze a clock of their own would stand at least this much later
SELECT pg_sleep(0.05);
SET parallel_setup_cost = 0;
SET parallel_tuple_cost = 0;
SET min_parallel_table_scan_size = 0;
SET max_parallel_workers_per_gather = 2;
SET parallel_leader_participation = off;
SELECT count(*) AS ids,
       count(*) FILTER (WHERE pid <> :leader) AS made_by_workers,
       count(DISTINCT t) AS distinct_times,
       min(t) = :'frozen_at' AS at_the_leaders_frozen_instant
  -- iuid_generate keeps a frozen clock's millisecond (the monotonic COMBs
  -- would move on by a fraction per id)
  FROM (SELECT faults_worker_pid() AS pid, iuid_timestamp(iuid_generate(1, 1)) AS t
          FROM faults_par) s;
RESET parallel_setup_cost;
RESET parallel_tuple_cost;
RESET min_parallel_table_scan_size;
RESET max_parallel_workers_per_gather;
RESET parallel_leader_participation;
RESET uidx.debug_clock_offset_ms;
-- the setting still reads as a boolean, and SET LOCAL / rollback restore the
-- instant frozen before, not a new one
SELECT comb_prefix_timestamp(comb_prefix_generate()) AS frozen_at \gset
BEGIN;
SET LOCAL uidx.debug_clock_freeze = off;
SHOW uidx.debug_clock_freeze;
SELECT pg_sleep(0.01);
ROLLBACK;
SHOW uidx.debug_clock_freeze;
SELECT comb_prefix_timestamp(comb_prefix_generate()) = :'frozen_at' AS same_instant_after_rollback;
SELECT pg_temp.error_of('SET uidx.debug_clock_freeze = maybe') AS not_a_boolean;
SET uidx.debug_clock_freeze = false;
SHOW uidx.debug_clock_freeze;
SET uidx.debug_clock_freeze = 1;
SHOW uidx.debug_clock_freeze;
RESET uidx.debug_clock_freeze;
SHOW uidx.debug_clock_freeze;
RESET client_min_messages;
DROP TABLE faults_par;
DROP FUNCTION faults_worker_pid();

-- ===========================================================================
-- 3. Times at the end of the timestamp range are out of every type's range
--    (computed with overflow-checked arithmetic, not by wrapping around)
-- ===========================================================================
SELECT f, pg_temp.error_of(format('SELECT %s(%L)', f, t)) AS error
  FROM (VALUES ('uidx_uuid_lower_bound'), ('iuid_lower_bound'), ('comb_lower_bound'),
               ('distid_lower_bound'), ('uuidv7_lower_bound')) fs(f),
       -- the last instant that does not overflow, the first that does, the last one
       (VALUES ('294247-01-10 04:00:54.775807+00'), ('294247-01-10 04:00:54.775808+00'),
               ('294276-12-31 23:59:59.999999+00')) ts(t)
 ORDER BY f, t;

-- ===========================================================================
-- 4. uidx_inspect_readings is STABLE: its "implausibly far ahead" horizon is
--    the statement's start time, not the (test) clock
-- ===========================================================================
BEGIN;
SET LOCAL uidx.debug_clock_offset_ms = 172800000;
SELECT a.score < b.score AS a_day_and_a_half_ahead_is_implausible
  FROM uidx_inspect_readings(iuid_from_parts(now() + interval '36 hours', 1, 1)::text) a,
       uidx_inspect_readings(iuid_from_parts(now(), 1, 1)::text) b
 WHERE a.kind = 'iuid' AND b.kind = 'iuid';
COMMIT;

-- ===========================================================================
-- 5. Which SQL functions the planner inlines (README, "Privileges and
--    search_path"): those whose body is one expression without a sub-select
-- ===========================================================================
CREATE FUNCTION pg_temp.plan_text(query text) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
    plan text := '';
    line text;
BEGIN
    FOR line IN EXECUTE 'EXPLAIN (VERBOSE, COSTS OFF) ' || query LOOP
        plan := plan || line || E'\n';
    END LOOP;
    RETURN plan;
END
$$;
CREATE TEMP TABLE faults_ids (id uuid, t text);
-- inlined: the plan shows the body, not the call (pattern)
SELECT f, pg_temp.plan_text(q) !~ pattern AS inlined
  FROM (VALUES ('iuid_generate(text, integer)', $$SELECT iuid_generate(t, 1) FROM faults_ids$$,
                $$iuid_generate\(t, 1\)$$),
               ('luuid_relation', $$SELECT luuid_relation(id) FROM faults_ids$$, 'luuid_relation\('),
               ('luuid_matches_short', $$SELECT luuid_matches_short(id, '2a', 'FaultsOrder') FROM faults_ids$$,
                'luuid_matches_short\('),
               ('uidx_inspect', $$SELECT i.kind FROM faults_ids, uidx_inspect(t) i$$, 'uidx_inspect\(')) v(f, q, pattern);
DROP TABLE faults_ids;

-- ===========================================================================
-- 6. uidx_create_time_partitions: every step gets a partition of its own
--    name, also under a minute (1.0 gave 30 s steps one name, and skipped
--    the second partition)
-- ===========================================================================
CREATE TABLE faults_p (id iuid) PARTITION BY RANGE (id);
SELECT uidx_create_time_partitions('faults_p', '2025-01-01 00:00', '2025-01-01 00:01', '30 seconds');
SELECT uidx_create_time_partitions('faults_p', '2025-01-01 00:01', '2025-01-01 00:01:01', '250 milliseconds');
SELECT uidx_create_time_partitions('faults_p', '2025-01-01 00:02', '2025-01-01 00:04', '1 minute');
SELECT uidx_create_time_partitions('faults_p', '2025-01-02', '2025-01-04', '1 day');
-- idempotent: a second call finds every partition by its name
SELECT count(*) AS created_again
  FROM uidx_create_time_partitions('faults_p', '2025-01-01 00:00', '2025-01-01 00:01', '30 seconds');
INSERT INTO faults_p VALUES (iuid_from_parts('2025-01-01 00:00:45', 1, 1)),
                            (iuid_from_parts('2025-01-01 00:00:59.999', 1, 1)),
                            (iuid_from_parts('2025-01-01 00:01:00.600', 1, 1));
SELECT tableoid::regclass AS partition, iuid_timestamp(id) FROM faults_p ORDER BY id;
-- a step that does not move forward (a month minus 29 days, from January 31)
SELECT pg_temp.error_of($$SELECT uidx_create_time_partitions('faults_p', '2025-01-31', '2025-03-01', '1 month -29 days')$$)
       AS backwards_step;
-- two lower bounds with one name: 1-day steps from 00:30 London time cross
-- the change to summer time, 23 hours apart in UTC
SET timezone = 'Europe/London';
SELECT pg_temp.error_of($$SELECT uidx_create_time_partitions('faults_p', '2025-03-30 00:30', '2025-04-01', '1 day')$$)
       AS same_name_twice;
SET timezone = 'UTC';
DROP TABLE faults_p;

-- ===========================================================================
-- 7. A long parent name is shortened, never the date suffix, so that the
--    partition names stay distinct (1.0 created January only)
-- ===========================================================================
CREATE TABLE faults_a_parent_table_with_a_name_of_fifty_eight_character (id iuid) PARTITION BY RANGE (id);
SELECT uidx_create_time_partitions('faults_a_parent_table_with_a_name_of_fifty_eight_character',
                                   '2025-01-01', '2025-04-01', '1 month') AS partition;
SELECT uidx_create_time_partitions('faults_a_parent_table_with_a_name_of_fifty_eight_character',
                                   '2025-04-01 00:00', '2025-04-01 00:00:01', '500 milliseconds') AS partition;
SELECT c.relname, octet_length(c.relname) AS bytes, pg_get_expr(c.relpartbound, c.oid) AS bound
  FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
 WHERE i.inhparent = 'faults_a_parent_table_with_a_name_of_fifty_eight_character'::regclass
 ORDER BY 1;
DROP TABLE faults_a_parent_table_with_a_name_of_fifty_eight_character;
-- (multibyte characters are never cut in half: sql/encoding.sql)

-- ===========================================================================
-- 8. Infinite bounds and unreasonable requests are refused before anything
--    is created
-- ===========================================================================
CREATE TABLE faults_q (id iuid) PARTITION BY RANGE (id);
SELECT pg_temp.error_of($$SELECT uidx_create_time_partitions('faults_q', '2025-01-01', 'infinity', '1 day')$$)
       AS to_infinity;
SELECT pg_temp.error_of($$SELECT uidx_create_time_partitions('faults_q', '-infinity', '2025-01-01', '1 day')$$)
       AS from_minus_infinity;
SELECT substring(pg_temp.error_of($$SELECT uidx_create_time_partitions('faults_q', '2000-01-01', '2025-01-01', '1 hour')$$)
                 FROM '^[^:]*: too many partitions') AS too_many;
SELECT count(*) AS partitions FROM pg_inherits WHERE inhparent = 'faults_q'::regclass;
DROP TABLE faults_q;

-- ===========================================================================
-- 10. uidx.country takes exactly the integer forms PostgreSQL's own integer
--     settings take (geqo_pool_size here), within 0 to 255
-- ===========================================================================
CREATE FUNCTION pg_temp.as_setting(name text, value text) RETURNS text
LANGUAGE plpgsql AS $$
BEGIN
    PERFORM set_config(name, value, true);
    IF name = 'uidx.country' THEN
        RETURN iuid_country(iuid_generate(1))::text;
    END IF;
    RETURN current_setting(name);
EXCEPTION WHEN invalid_parameter_value THEN
    RETURN 'rejected';
END
$$;
BEGIN;
CREATE TEMP TABLE country_forms AS
SELECT v, pg_temp.as_setting('geqo_pool_size', v) AS integer_setting,
       pg_temp.as_setting('uidx.country', v) AS country
  FROM (VALUES ('42'), (' 42'), ('42 '), (E'\t42\n'), ('+42'), (' -0 '), ('0x2A'), ('0X2a'),
               ('052'), ('42.4'), ('41.5'), ('4.2e1'), ('.42E2'), ('42.'), ('255.4'),
               ('255.5'), ('256'), ('-1'), ('0x100'), ('42abc'), ('4 2'), ('0x'), ('1e'),
               ('ru'), (' '), ('nan'), ('99999999999')) f(v);
COMMIT;
SELECT replace(replace(format('%L', v), E'\t', '\t'), E'\n', '\n') AS value, integer_setting, country
  FROM country_forms;
SELECT bool_and(integer_setting = country) AS same_as_an_integer_setting
  FROM country_forms
 WHERE integer_setting = 'rejected' OR integer_setting::int BETWEEN 0 AND 255;
SHOW uidx.country;

-- ===========================================================================
-- 11. Schema names that need quoting: the partition and region helpers
--     quote each name once (a name from regnamespace is quoted already)
-- ===========================================================================
CREATE SCHEMA "Sales";
CREATE TABLE "Sales".orders (id iuid NOT NULL) PARTITION BY RANGE (id);
SELECT uidx_create_time_partitions('"Sales".orders', '2025-01-01', '2025-03-01', '1 month') AS created;
-- idempotent there too
SELECT count(*) AS created_again
  FROM uidx_create_time_partitions('"Sales".orders', '2025-01-01', '2025-03-01', '1 month');
INSERT INTO "Sales".orders VALUES (iuid_from_parts('2025-02-14 12:00+00', 1, 1));
SELECT tableoid::regclass AS partition FROM "Sales".orders;
CREATE TABLE "Sales".routed (id iuid NOT NULL) PARTITION BY RANGE (id iuid_country_ops);
SELECT uidx_attach_local_region('"Sales".routed', '{201, 202, 204}') AS attached;
SELECT uidx_attach_local_region('"Sales".routed', '{201, 202, 204}') AS attached_again;
SELECT uidx_create_time_partitions('"Sales".routed_c201', '2025-01-01', '2025-02-01', '1 month') AS created;
INSERT INTO "Sales".routed VALUES (iuid_from_parts('2025-01-02 00:00+00', 201, 1));
SELECT tableoid::regclass AS partition FROM "Sales".routed;
-- a foreign partition names the remote table by the schema's own name
CREATE EXTENSION postgres_fdw;
CREATE SERVER faults_remote FOREIGN DATA WRAPPER postgres_fdw OPTIONS (dbname 'nowhere');
SELECT uidx_attach_region('"Sales".routed', 'faults_remote', '{203}') AS attached;
SELECT ftoptions FROM pg_foreign_table WHERE ftrelid = '"Sales".routed_c203'::regclass;
-- a schema whose name holds a quote and a dot
CREATE SCHEMA "o'k.x";
CREATE TABLE "o'k.x"."T" (id comb NOT NULL) PARTITION BY RANGE (id);
SELECT uidx_create_time_partitions('"o''k.x"."T"', '2025-01-01', '2025-01-03', '1 day') AS created;
DROP SCHEMA "o'k.x" CASCADE;
DROP TABLE "Sales".orders, "Sales".routed;
DROP SERVER faults_remote;
DROP EXTENSION postgres_fdw;
DELETE FROM uidx_region WHERE country IN (201, 202, 203, 204);
DROP SCHEMA "Sales";

-- ===========================================================================
-- 12. uidx_create_time_partitions refuses a key in another order than its
--     type's time order: bounds of months in the country order would hold
--     country 0 only
-- ===========================================================================
CREATE TABLE faults_by_country (id iuid NOT NULL) PARTITION BY RANGE (id iuid_country_ops);
SELECT pg_temp.error_of($$SELECT uidx_create_time_partitions('faults_by_country', '2025-01-01', '2025-03-01', '1 month')$$)
       AS country_order;
DO $$
DECLARE
    hint text;
BEGIN
    PERFORM uidx_create_time_partitions('faults_by_country', '2025-01-01', '2025-03-01', '1 month');
EXCEPTION WHEN invalid_parameter_value THEN
    GET STACKED DIAGNOSTICS hint = PG_EXCEPTION_HINT;
    RAISE NOTICE 'hint: %', hint;
END
$$;
SELECT count(*) AS partitions_made FROM pg_inherits WHERE inhparent = 'faults_by_country'::regclass;
DROP TABLE faults_by_country;
-- the default order, named or not, is accepted
CREATE TABLE faults_by_time (id iuid NOT NULL) PARTITION BY RANGE (id iuid_ops);
SELECT count(*) AS partitions_made
  FROM uidx_create_time_partitions('faults_by_time', '2025-01-01', '2025-03-01', '1 month');
DROP TABLE faults_by_time;

-- ===========================================================================
-- 13. uidx_is_valid with an OID that is not a type: 42704, not an internal
--     error; also for a role without privileges
-- ===========================================================================
SELECT pg_temp.error_of($$SELECT uidx_is_valid('x', 0::oid::regtype)$$) AS oid_0,
       pg_temp.error_of($$SELECT uidx_is_valid('x', 'pg_class'::regclass::oid::regtype)$$) AS not_a_type_oid,
       pg_temp.error_of($$SELECT uidx_is_valid('x', 'int4')$$) AS other_type;
CREATE ROLE uidx_faults_plain;
SET ROLE uidx_faults_plain;
SELECT pg_temp.error_of($$SELECT uidx_is_valid('x', 4294967295::oid::regtype)$$) AS as_a_plain_role;
RESET ROLE;
DROP ROLE uidx_faults_plain;

-- ===========================================================================
-- 14. Long parent names: uidx_attach_local_region shortens the parent part
--     so that every country keeps its own partition name
-- ===========================================================================
SELECT repeat('r', 61) AS long_name \gset
CREATE TABLE :"long_name" (id iuid NOT NULL) PARTITION BY RANGE (id iuid_country_ops);
SELECT n AS attached, octet_length(n) AS bytes
  FROM uidx_attach_local_region(:'long_name', '{205, 207, 209}') p, parse_ident(p::text) i, LATERAL (SELECT i[1] AS n) x;
SELECT uidx_attach_local_region(:'long_name', '{205, 207, 209}') AS attached_again;
-- (a multibyte name is cut at a character boundary: sql/encoding.sql)
DROP TABLE :"long_name";
DELETE FROM uidx_region WHERE country IN (205, 207, 209);

-- ===========================================================================
-- 15. Partition steps under a millisecond, the unit of every bound, are
--     refused by uidx_create_time_partitions itself
-- ===========================================================================
CREATE TABLE faults_fine (id iuid NOT NULL) PARTITION BY RANGE (id);
SELECT pg_temp.error_of($$SELECT uidx_create_time_partitions('faults_fine', '2025-01-01', '2025-01-01 00:00:00.01', '1 microsecond')$$)
       AS one_microsecond,
       pg_temp.error_of($$SELECT uidx_create_time_partitions('faults_fine', '2025-01-01', '2025-01-01 00:00:00.01', '999 microseconds')$$)
       AS just_under;
-- a step of months and days that is under a millisecond in February only
SELECT pg_temp.error_of($$SELECT uidx_create_time_partitions('faults_fine', '2025-01-31', '2025-03-31',
                                                             '1 month -27 days -23:59:59.9995')$$) AS february;
-- a range that starts after it ends is refused like a short step, not
-- answered with no partitions; an empty range (from = to) makes none
SELECT pg_temp.error_of($$SELECT uidx_create_time_partitions('faults_fine', '2025-02-01', '2025-01-01', '1 day')$$)
       AS from_after_to;
SELECT count(*) AS from_equals_to
  FROM uidx_create_time_partitions('faults_fine', '2025-01-01', '2025-01-01', '1 day');
SELECT count(*) AS partitions_made FROM pg_inherits WHERE inhparent = 'faults_fine'::regclass;
-- a millisecond is the smallest step, and a step that is not a whole number
-- of them still gives distinct bounds
SELECT count(*) AS one_ms_partitions
  FROM uidx_create_time_partitions('faults_fine', '2025-01-01', '2025-01-01 00:00:00.005', '1 millisecond');
SELECT count(*) AS one_and_a_half_ms_partitions
  FROM uidx_create_time_partitions('faults_fine', '2025-01-02', '2025-01-02 00:00:00.006', '1.5 milliseconds');
DROP TABLE faults_fine;

-- ===========================================================================
-- 16. The extension in a schema whose name needs quoting (a database of
--     its own: uidx is in public here)
-- ===========================================================================
\set regress_db :DBNAME
CREATE DATABASE uidx_faults_quoted;
\c uidx_faults_quoted
SET timezone = 'UTC';
CREATE SCHEMA "Ext";
CREATE EXTENSION uidx SCHEMA "Ext";
SET search_path = public, "Ext";
CREATE SCHEMA "Sales";
CREATE TABLE "Sales".events (id iuid NOT NULL, c "Ext".comb) PARTITION BY RANGE (id);
SELECT uidx_create_time_partitions('"Sales".events', '2025-01-01', '2025-03-01', '1 month') AS created;
CREATE TABLE "Sales".routed (id iuid NOT NULL) PARTITION BY RANGE (id "Ext".iuid_country_ops);
SELECT uidx_attach_local_region('"Sales".routed', '{7}') AS attached;
SELECT uidx_create_time_partitions('"Sales".routed_c007', '2025-01-01', '2025-02-01', '1 month') AS created;
INSERT INTO "Sales".routed VALUES (iuid_from_parts('2025-01-02 00:00+00', 7, 1));
SELECT tableoid::regclass AS partition FROM "Sales".routed;
\c :regress_db
DROP DATABASE uidx_faults_quoted;
