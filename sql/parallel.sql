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
-- every generator of the registry (test/t/generators.list; uuidv7 is core's
-- on PostgreSQL 18 and behaves the same here).  Each check below prints only
-- the generators that fail it, so adding a generator changes no output here.
\i test/regress/generators.sql

-- the registry's parallel marking is the catalog's, and every generator is
-- VOLATILE
SELECT function, p.proparallel, p.provolatile
  FROM generators g JOIN pg_proc p ON p.oid = g.function::regprocedure
 WHERE p.proparallel <> CASE g.parallel WHEN 'safe' THEN 's' ELSE 'u' END
    OR p.provolatile <> 'v'
 ORDER BY function COLLATE "C";
SELECT count(*) > 0 AS registry_read FROM generators;

-- PARALLEL SAFE: evaluated in the Parallel Seq Scan under a Gather
SELECT expr, plan
  FROM (SELECT expr, function, pg_temp.worker_scan_output(expr) AS plan
          FROM generators WHERE parallel = 'safe') s
 WHERE plan NOT LIKE 'under Gather, Output: worker_pid(), ' || split_part(function, '(', 1) || '(%'
 ORDER BY expr COLLATE "C";

-- per generator: ids made, distinct ids, whether workers made them, and
-- whether the leader made none
CREATE FUNCTION pg_temp.check_in_workers(expr text, OUT ids bigint, OUT no_duplicates boolean,
                                         OUT made_by_workers boolean, OUT all_in_workers boolean)
LANGUAGE plpgsql AS $$
BEGIN
    EXECUTE format('SELECT count(*), count(DISTINCT id) = count(*), count(DISTINCT pid) >= 1,
                           bool_and(pid <> %s)
                      FROM (SELECT worker_pid() AS pid, %s AS id FROM par_src) s',
                   current_setting('parallel_test.leader'), expr)
       INTO ids, no_duplicates, made_by_workers, all_in_workers;
END
$$;
SELECT set_config('parallel_test.leader', :'leader', false) IS NOT NULL AS leader_recorded;
-- every id from a worker, none twice
SELECT expr, c.*
  FROM generators, pg_temp.check_in_workers(expr) c
 WHERE parallel = 'safe'
   AND NOT (c.ids = 100000 AND c.no_duplicates AND c.made_by_workers AND c.all_in_workers)
 ORDER BY expr COLLATE "C";
-- and the country from uidx.country, which each worker must receive
SELECT (pg_temp.check_in_workers('iuid_generate(9)')).*,
       (SELECT count(*) FROM (SELECT iuid_country(iuid_generate(9)) AS c FROM par_src) s WHERE c <> 42)
           AS not_country_42;

-- PARALLEL UNSAFE generators: no Gather, no worker
SELECT expr, plan
  FROM (SELECT expr, pg_temp.worker_scan_output(expr) AS plan
          FROM generators WHERE parallel = 'unsafe') s
 WHERE plan <> 'no parallel scan'
 ORDER BY expr COLLATE "C";
SELECT count(*) > 0 AS unsafe_generators_checked FROM generators WHERE parallel = 'unsafe';

DROP TABLE par_src;
DROP FUNCTION worker_pid();
DELETE FROM iuid_service_entity WHERE code IN (1, 9);
DELETE FROM luuid_group WHERE group_name = 'Order';
DROP SEQUENCE gen_seq;
