SET timezone = 'UTC';
-- Generators in parallel workers.  Every PARALLEL SAFE generator runs in the
-- Parallel Seq Scan of a forced parallel plan (EXPLAIN shows it there); the
-- leader does not take part, so every id must come from a worker.  Each
-- worker is a backend of its own, with its own generator state and random
-- buffer: the ids of all workers together must have no duplicate.
-- PARALLEL UNSAFE generators (they call nextval) must keep the plan serial.

-- uuidv7() is uidx's before PostgreSQL 18 and core's from then on (README
-- "UUIDv7"); the checks below hold for both.
SET uidx.country = 42;
INSERT INTO iuid_service_entity VALUES (9, 'ParallelTest');

SET parallel_setup_cost = 0;
SET parallel_tuple_cost = 0;
SET min_parallel_table_scan_size = 0;
SET max_parallel_workers_per_gather = 2;
SET parallel_leader_participation = off;
-- force_parallel_mode became debug_parallel_query in PostgreSQL 16
DO $$
BEGIN
    IF current_setting('server_version_num')::int >= 160000 THEN
        EXECUTE 'SET debug_parallel_query = on';
    ELSE
        EXECUTE 'SET force_parallel_mode = on';
    END IF;
END
$$;

CREATE TABLE par_src AS SELECT g FROM generate_series(1, 100000) g;
ALTER TABLE par_src SET (parallel_workers = 2);
ANALYZE par_src;

-- pg_backend_pid() is PARALLEL RESTRICTED (workers have their own pid, which
-- is the point here), so it is wrapped in a function declared SAFE
CREATE FUNCTION worker_pid() RETURNS integer
LANGUAGE plpgsql VOLATILE PARALLEL SAFE AS $$ BEGIN RETURN pg_backend_pid(); END $$;
SELECT pg_backend_pid() AS leader \gset

-- every generator the extension has, with its parallel marking (but uuidv7,
-- which only servers before 18 get from uidx: its markings, the same as
-- core's, are checked in uuidv7.sql)
SELECT p.oid::regprocedure AS generator, p.proparallel
  FROM pg_proc p JOIN pg_depend d ON d.objid = p.oid AND d.classid = 'pg_proc'::regclass
 WHERE d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'uidx')
   AND p.provolatile = 'v' AND p.proname <> 'uuidv7'
   AND p.prorettype IN ('uuid'::regtype, 'iuid'::regtype, 'comb'::regtype, 'distid'::regtype,
                        'numeric'::regtype)
 ORDER BY 1::text;

-- the plan: the generator is evaluated in the workers' scan
EXPLAIN (COSTS OFF, VERBOSE) SELECT worker_pid(), iuid_generate(1) FROM par_src;

-- the same for each generator: the Output line of the Parallel Seq Scan
CREATE FUNCTION pg_temp.worker_scan_output(expr text) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
    line    text;
    gather  boolean := false;
    in_scan boolean := false;
BEGIN
    FOR line IN EXECUTE format('EXPLAIN (COSTS OFF, VERBOSE) SELECT worker_pid(), %s FROM par_src', expr) LOOP
        gather := gather OR line ~ 'Gather';
        IF in_scan AND line ~ '^\s*Output:' THEN
            RETURN CASE WHEN gather THEN 'under Gather, ' ELSE 'NO GATHER, ' END || btrim(line);
        END IF;
        in_scan := line ~ 'Parallel Seq Scan';
    END LOOP;
    RETURN 'no parallel scan';
END
$$;
SELECT expr, pg_temp.worker_scan_output(expr) AS parallel_seq_scan
  FROM (VALUES ('iuid_generate(1)'), ('iuid_generate(1, 7)'), ($$iuid_generate('ParallelTest')$$),
               ('iuid_generate_at(now(), 1)'), ('uuidv7()'), ($$uuidv7('-1 day')$$),
               ('luuid_generate(694, 1)'), ($$luuid_generate('Person', 1)$$),
               ('comb_prefix_generate()'), ('comb_prefix_generate(now())'),
               ('comb_suffix_generate()'), ('comb_suffix_generate(now())'),
               ('comb_short_prefix_generate()'), ($$comb_short_prefix_generate('1 second', 256)$$),
               ('comb_short_suffix_generate()'), ('comb_sqlserver_generate()'),
               ('comb_sqlserver_generate(now())'), ('distid_generate()'), ('distributed_id()'),
               ('distid128_generate()')) g(expr);

-- one query per generator: ids made, distinct ids, how many workers made them,
-- and whether the leader made none
\set check 'SELECT count(*) AS ids, count(DISTINCT id) = count(*) AS no_duplicates, count(DISTINCT pid) >= 1 AS made_by_workers, bool_and(pid <> :leader) AS all_in_workers FROM (SELECT worker_pid() AS pid, '
\set from_src ' AS id FROM par_src) s'

:check iuid_generate(1) :from_src;
:check iuid_generate(1, 7) :from_src;
:check iuid_generate('ParallelTest') :from_src;
:check iuid_generate_at(now(), 1) :from_src;
:check uuidv7() :from_src;
:check uuidv7('-1 day') :from_src;
:check luuid_generate(694, 1) :from_src;
:check luuid_generate('Person', 1) :from_src;
:check comb_prefix_generate() :from_src;
:check comb_prefix_generate(now()) :from_src;
:check comb_suffix_generate() :from_src;
:check comb_suffix_generate(now()) :from_src;
:check comb_short_prefix_generate() :from_src;
:check comb_short_prefix_generate('1 second', 256) :from_src;
:check comb_short_suffix_generate() :from_src;
:check comb_sqlserver_generate() :from_src;
:check comb_sqlserver_generate(now()) :from_src;
:check distid_generate() :from_src;
:check distributed_id() :from_src;
:check distid128_generate() :from_src;

-- PARALLEL UNSAFE generators: no Gather, no worker
CREATE SEQUENCE par_seq;
EXPLAIN (COSTS OFF) SELECT luuid_nextval('par_seq', 'Person') FROM par_src;
EXPLAIN (COSTS OFF) SELECT comb_sequence_generate('par_seq') FROM par_src;

DROP TABLE par_src;
DROP SEQUENCE par_seq;
DROP FUNCTION worker_pid();
DELETE FROM iuid_service_entity WHERE code = 9;
