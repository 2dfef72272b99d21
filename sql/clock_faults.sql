SET timezone = 'UTC';
-- Clock faults, with the test clock of src/clock.c: uidx.debug_clock_freeze
-- stops the clock every uidx generator reads at the instant T it is turned
-- on, and uidx.debug_clock_offset_ms moves it, so every fault below is
-- exact and independent of how fast the test runs.
--
-- Monotonic generators (iuid_generate, uidx's uuidv7 in uuidv7_clock.sql,
-- comb_prefix_generate, comb_suffix_generate, comb_sqlserver_generate,
-- distid_generate, distid128_generate) are checked for strictly increasing
-- ids per backend when the clock steps back by 10 ms, 1 s and 1 h, stands
-- still for 100,000 ids and jumps forward.  The short prefix and short
-- suffix COMB generators keep no state and promise no order (as upstream):
-- what they do is shown too.
-- (luuid_nextval and comb_sequence_generate follow a sequence, not the
-- clock; luuid_generate has no time field.)

\i test/regress/error_of.sql

-- ===========================================================================
-- The settings: superuser only, and loud while active
-- ===========================================================================
SELECT iuid_generate(1, 1) IS NOT NULL AS library_loaded;
SELECT name, context, boot_val FROM pg_settings WHERE name LIKE 'uidx.debug_clock%' ORDER BY name;

-- every statement that reads the clock while a test setting is active gets
-- one WARNING (not one per id); statements that do not read it get none
SET uidx.debug_clock_offset_ms = -10;
SELECT count(*) FROM (SELECT iuid_generate(1, 1) FROM generate_series(1, 1000)) s;
SELECT iuid_from_parts('2024-01-01', 1, 1) IS NOT NULL AS no_clock_read_no_warning;
RESET uidx.debug_clock_offset_ms;
SELECT iuid_generate(1, 1) IS NOT NULL AS real_clock_no_warning;
SET uidx.debug_clock_freeze = on;
SELECT comb_prefix_generate() IS NOT NULL AS frozen_warns;
RESET uidx.debug_clock_freeze;
-- uidx.debug_clock_step_ns moves only a frozen clock (see the fraction
-- section below): alone it does nothing and warns of nothing
SET uidx.debug_clock_step_ns = 1000000;
SELECT iuid_generate(1, 1) IS NOT NULL AS step_alone_no_warning;
RESET uidx.debug_clock_step_ns;

-- an ordinary role may not turn them on (42501), nor through set_config
CREATE ROLE uidx_clock_tester;
SET ROLE uidx_clock_tester;
SELECT pg_temp.error_of('SET uidx.debug_clock_offset_ms = -1000');
SELECT pg_temp.error_of('SET uidx.debug_clock_freeze = on');
SELECT pg_temp.error_of('SET uidx.debug_clock_step_ns = 244');
SELECT pg_temp.error_of($$SELECT set_config('uidx.debug_clock_offset_ms', '5', false)$$);
SELECT pg_temp.error_of($$SELECT set_config('uidx.debug_clock_freeze', 'on', true)$$);
SELECT current_setting('uidx.debug_clock_offset_ms') AS offset_unchanged,
       current_setting('uidx.debug_clock_freeze') AS freeze_unchanged;
RESET ROLE;
DROP ROLE uidx_clock_tester;

-- ===========================================================================
-- Monotonic generators under faults
-- ===========================================================================
\i test/regress/clock_faults.sql

INSERT INTO iuid_service_entity VALUES (11, 'ClockFaults');
-- T on a millisecond boundary: the iuid runs' 100,000 ids of one frozen
-- millisecond carry about 50/4096 ms into its clock fraction bits
-- (FORMATS.md §C), which must leave them in T's millisecond wherever T falls
SELECT set_config('uidx.debug_clock_freeze',
                  'on@' || floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint * 1000000,
                  false) <> 'off' AS frozen_on_a_millisecond;
SELECT pg_temp.run_faults('iuid_generate', 'iuid_generate(1, 1)', 0);
SELECT pg_temp.run_faults('iuid_generate(text)', $$iuid_generate('ClockFaults', 1)$$, 10800000);
SELECT pg_temp.run_faults('comb_prefix_generate', 'comb_prefix_generate()', 43200000);
SELECT pg_temp.run_faults('comb_suffix_generate', 'comb_suffix_generate()', 54000000, false, true);
SELECT pg_temp.run_faults('comb_sqlserver_generate', 'comb_sqlserver_generate()', 64800000, false, true);
RESET uidx.debug_clock_offset_ms;

SELECT * FROM fault_summary ORDER BY run, step;

-- back on the real clock (hours behind every run): still increasing
SELECT (SELECT id FROM fault_ids WHERE run = 'iuid_generate' ORDER BY n DESC LIMIT 1) AS last_iuid,
       (SELECT id FROM fault_ids WHERE run = 'comb_prefix_generate' ORDER BY n DESC LIMIT 1) AS last_prefix,
       (SELECT c FROM fault_ids WHERE run = 'comb_suffix_generate' ORDER BY n DESC LIMIT 1) AS last_suffix,
       (SELECT c FROM fault_ids WHERE run = 'comb_sqlserver_generate' ORDER BY n DESC LIMIT 1) AS last_sqlserver \gset
RESET uidx.debug_clock_freeze;
SELECT iuid_generate(1, 1) > :'last_iuid'::iuid AS iuid_increasing,
       comb_prefix_generate() > :'last_prefix'::uuid AS prefix_increasing,
       comb_suffix_generate() > :'last_suffix'::comb AS suffix_increasing,
       comb_sqlserver_generate() > :'last_sqlserver'::comb AS sqlserver_increasing;

-- ===========================================================================
-- DistributedId generators (FORMATS.md §A1, §A2) under faults
-- ===========================================================================
-- They do not run ahead of the clock: when their random part is used up
-- they borrow the next millisecond only within a window (distid: up to the
-- clock - 1 ms, about 128,000 ids; distid128: none, about 131,000 ids fit in
-- one ms, at most 2^18) and otherwise sleep 1 ms at a time until the clock
-- moves.  A frozen clock never moves, so a step that needs more than the
-- window waits until statement_timeout cancels it; those steps run with a
-- 2 s timeout, and the ids made before the wait are kept.  When the clock
-- went back by more than about a second and the random part is used up,
-- upstream starts again from the earlier time (FORMATS.md §A1 step 4.4, §A2), so its
-- ids go backwards once; uidx moves on to the next millisecond instead, so
-- every id of a backend stays above the one before.  The steps that show
-- this make enough ids to use the random part up for certain (1000 distids,
-- where one T holds about 128; 300,000 distid128s, where one ms holds about
-- 2^18 = 262,144 at most).
-- Steps other than the frozen ones run on the real clock with the offset.
-- (distributed_id() is distid_generate() as numeric, with the same state.)
CREATE TEMP TABLE distid_ids (run text, step integer, k integer, fault text, clock integer,
                              wanted integer, waited boolean, id uuid);
CREATE FUNCTION pg_temp.distid_fault(run text, step integer, fault text, clock integer,
                                     wanted integer, frozen boolean) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
    ids     uuid[] := '{}';
    made    integer := 0;
    waited  boolean := false;
BEGIN
    PERFORM set_config('uidx.debug_clock_freeze', CASE WHEN frozen THEN 'on' ELSE 'off' END, false);
    PERFORM set_config('uidx.debug_clock_offset_ms', clock::text, false);
    BEGIN
        FOR i IN 1 .. wanted LOOP
            ids[i] := CASE run WHEN 'distid_generate' THEN distid_generate()::uuid
                               ELSE distid128_generate() END;
            made := i;
        END LOOP;
    EXCEPTION WHEN query_canceled THEN
        waited := true;
    END;
    INSERT INTO distid_ids
    SELECT run, step, k::integer, fault, clock, wanted, waited, u
      FROM unnest(ids[1:made]) WITH ORDINALITY AS g(u, k);
END
$$;

SELECT pg_temp.distid_fault('distid_generate', 1, 'start', 0, 1, false);
-- (100,000 ids fit in the burst, so this step needs no clock: its timeout
-- only turns a hang into a failure, far above what a slow machine takes)
SET statement_timeout = '300s';
SELECT pg_temp.distid_fault('distid_generate', 2, 'stands still, 100000 ids', 0, 100000, true);
SET statement_timeout = '2s';
SELECT pg_temp.distid_fault('distid_generate', 3, 'stands still, 200000 more', 0, 200000, true);
RESET statement_timeout;
SELECT pg_temp.distid_fault('distid_generate', 4, 'back 10 ms', -10, 100, false);
SELECT pg_temp.distid_fault('distid_generate', 5, 'back 1 s', -1000, 100, false);
SELECT pg_temp.distid_fault('distid_generate', 6, 'back 1 h, 1000 ids', -3600000, 1000, false);
SELECT pg_temp.distid_fault('distid_generate', 7, 'forward 1 h', 3600000, 100, false);
SELECT pg_temp.distid_fault('distid_generate', 8, 'back 1 h, to now, 1000 ids', 0, 1000, false);
SELECT pg_temp.distid_fault('distid128_generate', 1, 'start', 0, 1, false);
SET statement_timeout = '2s';
SELECT pg_temp.distid_fault('distid128_generate', 2, 'stands still, 300000 ids', 0, 300000, true);
RESET statement_timeout;
SELECT pg_temp.distid_fault('distid128_generate', 4, 'back 10 ms', -10, 100, false);
SELECT pg_temp.distid_fault('distid128_generate', 5, 'back 1 s', -1000, 100, false);
SELECT pg_temp.distid_fault('distid128_generate', 6, 'back 1 h, 300000 ids', -3600000, 300000, false);
SELECT pg_temp.distid_fault('distid128_generate', 7, 'forward 1 h', 3600000, 100, false);
SELECT pg_temp.distid_fault('distid128_generate', 8, 'back 1 h, to now, 300000 ids', 0, 300000, false);
RESET uidx.debug_clock_offset_ms;
RESET uidx.debug_clock_freeze;

-- per step: all made or waited; how many ids were not above the one before
-- (across steps, in the order made): none, also after the 1 h setbacks
SELECT run, step, fault, clock AS clock_ms, wanted,
       CASE WHEN bool_or(waited) THEN 'waited for the clock' ELSE 'all made' END AS outcome,
       count(*) FILTER (WHERE id <= prev) AS backward_steps
  FROM (SELECT *, lag(id) OVER (PARTITION BY run ORDER BY step, k) AS prev FROM distid_ids) s
 GROUP BY run, step, fault, clock, wanted
 ORDER BY run, step;
-- the waits happened only after the window was used up: the frozen step of
-- distid made more than the first 100,000 ids of its burst (about 128,000),
-- distid128 filled its millisecond (about 2^18 ids at most)
SELECT (SELECT count(*) FROM distid_ids WHERE run = 'distid_generate' AND step IN (2, 3))
           > 100000 AS distid_burst_over_100000,
       (SELECT count(*) FROM distid_ids WHERE run = 'distid128_generate' AND step = 2)
           < 270000 AS distid128_ms_below_270000;

-- ===========================================================================
-- The stateless COMB generators under the same faults: the clock as it is
-- ===========================================================================
-- For each step: whether every id's time field holds the clock reading
-- (T + clock_ms; the short layouts: the minute counter of it) and whether
-- the ids come out in order within the step.  Their order against the
-- previous step depends on where T falls in its minute (and on the counter
-- wrapping), so it is not shown.
-- T is read from a prefix COMB made 20 hours ahead, past everything the
-- monotonic prefix COMB run above made, so that it takes the clock.
SET uidx.debug_clock_freeze = on;
SET uidx.debug_clock_offset_ms = 72000000;
SELECT comb_prefix_timestamp(comb_prefix_generate()) - interval '20 hours' AS t \gset
SELECT pg_temp.run_faults('comb_short_prefix_generate', 'comb_short_prefix_generate()', 0, true, false);
SELECT pg_temp.run_faults('comb_short_suffix_generate', 'comb_short_suffix_generate()', 0, true, false);
RESET uidx.debug_clock_offset_ms;
RESET uidx.debug_clock_freeze;

CREATE FUNCTION pg_temp.time_is_clock(run text, id uuid, clock timestamptz) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$
SELECT CASE run
    WHEN 'comb_short_prefix_generate' THEN comb_short_prefix(id)
                                           = floor(extract(epoch FROM clock) / 60)::bigint % 65536
    WHEN 'comb_short_suffix_generate' THEN ('x' || substr(id::text, 25, 4))::bit(16)::integer
                                           = floor(extract(epoch FROM clock) / 60)::bigint % 65536
END
$$;
SELECT run, step, fault, clock AS clock_ms, count(*) AS ids,
       bool_and(pg_temp.time_is_clock(run, id, timestamptz :'t' + clock * interval '1 ms')) AS time_is_clock,
       CASE WHEN count(*) > 1 THEN CASE WHEN bool_and(in_order) THEN 'in order' ELSE 'random order' END END
           AS within_step
  FROM (SELECT *, coalesce(id > lag(id) OVER (PARTITION BY run, step ORDER BY n), true) AS in_order
          FROM fault_ids WHERE run IN (SELECT run FROM stateless_combs)) s
 GROUP BY run, step, fault, clock
 ORDER BY run, step;

-- The sequence COMB ignores the clock: its prefix is the block of nextval().
CREATE SEQUENCE clock_seq;
SET uidx.debug_clock_offset_ms = -3600000;
SELECT substr(comb_sequence_generate('clock_seq')::text, 1, 4) AS block_0_an_hour_back;
RESET uidx.debug_clock_offset_ms;
DROP SEQUENCE clock_seq;
-- ===========================================================================
-- Every monotonic generator of the registry (test/t/generators.list), the
-- ones named above and any added later, through the same steps on the frozen
-- clock: the ids of this backend strictly increase in the column type's
-- order.  A generator that waits for the clock (DistributedId does not run
-- ahead of it, see above) is cancelled by the 2 s statement_timeout; the ids
-- it made before that still count.  Each run starts 3 h after the one before
-- it, past everything made above.  Only failures are printed: a generator
-- with fewer than 100 ids or any id not above the one before.
-- ===========================================================================
\i test/regress/generators.sql
CREATE TEMP TABLE registry_ids (function text, n bigserial, v text);
SET uidx.debug_clock_freeze = on;
SET statement_timeout = '2s';
-- (each statement would WARN that the test clock is on)
SET client_min_messages = error;
\set ECHO none
SELECT format($step$
DO $do$
DECLARE
    ids text[] := '{}';
BEGIN
    PERFORM set_config('uidx.debug_clock_offset_ms', %s::text, false);
    BEGIN
        FOR i IN 1 .. %s LOOP
            ids := ids || (%s)::text;
        END LOOP;
    EXCEPTION WHEN query_canceled THEN
        NULL;
    END;
    INSERT INTO registry_ids (function, v) SELECT %L, u FROM unnest(ids) WITH ORDINALITY AS g(u, k) ORDER BY k;
END
$do$$step$, 108000000 + 10800000 * (r.k - 1) + s.clock, s.ids, r.expr, r.function)
  FROM (SELECT function, expr, row_number() OVER (ORDER BY function COLLATE "C") AS k
          FROM generators WHERE ordering = 'monotonic' AND here) r,
       (SELECT step, clock, least(ids, 1000) AS ids FROM fault_steps) s
 ORDER BY r.k, s.step \gexec
\set ECHO all
RESET client_min_messages;
RESET statement_timeout;
RESET uidx.debug_clock_offset_ms;
RESET uidx.debug_clock_freeze;
CREATE FUNCTION pg_temp.not_increasing(fn text, typ text) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
    bad bigint;
BEGIN
    EXECUTE format('SELECT count(*) FROM (SELECT v::%s AS v, lag(v::%s) OVER (ORDER BY n) AS p
                      FROM registry_ids WHERE function = %L) s
                     WHERE p IS NOT NULL AND NOT v > p', typ, typ, fn) INTO bad;
    RETURN bad;
END
$$;
SELECT function, ids, not_increasing
  FROM (SELECT function, pg_temp.not_increasing(function, type) AS not_increasing,
               (SELECT count(*) FROM registry_ids r WHERE r.function = g.function) AS ids
          FROM generators g WHERE ordering = 'monotonic' AND here) s
 WHERE ids < 100 OR not_increasing > 0
 ORDER BY function COLLATE "C";
SELECT count(DISTINCT function) > 0 AS registry_generators_run FROM registry_ids;

DELETE FROM iuid_service_entity WHERE code = 11;
DELETE FROM iuid_service_entity WHERE code = 1;
DELETE FROM luuid_group WHERE group_name = 'Order';
DROP SEQUENCE gen_seq;

-- ===========================================================================
-- The clock's fraction of its millisecond (FORMATS.md §A2, §C)
-- ===========================================================================
-- iuid_generate puts it, in 1/4096 ms, into the leading 12 of its 54 random
-- bits, distid128_generate in 1/2048 ms into the leading 11 of R75, both
-- from the same clock reading as the millisecond, so that the values of
-- concurrent backends arrive nearly in order.  The test clock stands at
-- exact nanoseconds here ('on@<unix ns>').  A fresh backend, so that no
-- value made above (hours ahead) is kept.
\c
SET timezone = 'UTC';
INSERT INTO iuid_service_entity VALUES (1, 'Conc');
-- uidx.debug_clock_step_ns: with the freeze, each reading of the clock is
-- that much later than the one before (here 1 ms, before the instants
-- below: one iUID per millisecond, from the frozen one)
SET uidx.debug_clock_step_ns = 1000000;
SET uidx.debug_clock_freeze = 'on@1600000000000000000';
SELECT array_agg(iuid_timestamp(id) - timestamptz '2020-09-13 12:26:40+00' ORDER BY n) AS stepping_1_ms
  FROM (SELECT n, iuid_generate(1, 1) AS id FROM generate_series(1, 3) n) s;
RESET uidx.debug_clock_freeze;
RESET uidx.debug_clock_step_ns;
SET client_min_messages = error;
CREATE TEMP TABLE fraction_ids (n serial, k integer, at_ns bigint, i iuid, d uuid);
CREATE FUNCTION pg_temp.make_at(k integer, at_ns bigint, ids integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
    PERFORM set_config('uidx.debug_clock_freeze', 'on@' || at_ns, false);
    INSERT INTO fraction_ids (k, at_ns, i, d)
    SELECT k, at_ns, iuid_generate(1, 1), distid128_generate() FROM generate_series(1, ids);
END
$$;
-- the millisecond 1700000000123, at 0 ns, 1 ns, 456789 ns (100 ids),
-- 456790 ns and 999999 ns into it; the next millisecond at 250 µs; then back
-- to 456789 ns of the first (1000 ids)
SELECT count(pg_temp.make_at(k, 1700000000123000000 + off, ids)) AS steps
  FROM (SELECT * FROM (VALUES (1, 0, 1), (2, 1, 1), (3, 456789, 100), (4, 456790, 1),
                              (5, 999999, 1), (6, 1000000 + 250000, 1), (7, 456789, 1000)) v(k, off, ids)
         ORDER BY k) s;
RESET uidx.debug_clock_freeze;
RESET client_min_messages;
-- Where the clock moved to a later fraction, the step's first value holds
-- it: floor(ns into the ms * 2^bits / 10^6), and the clock's millisecond.
-- (Within one fraction unit values are incremented, and a distid128
-- increment may carry into the fraction: those steps are not shown here.)
SELECT k, at_ns - 1700000000123000000 AS ns_after_ms_123,
       iuid_random(i) >> 42 AS iuid_fraction,
       (at_ns % 1000000) * 4096 / 1000000 AS iuid_expected,
       ('x' || substr(replace(d::text, '-', ''), 14, 3))::bit(12)::integer >> 1 AS distid128_fraction,
       (at_ns % 1000000) * 2048 / 1000000 AS distid128_expected,
       iuid_timestamp(i) = to_timestamp(at_ns / 1000000 / 1000.0) AS iuid_ms_is_clock,
       distid128_timestamp(d) = to_timestamp(at_ns / 1000000 / 1000.0) AS distid128_ms_is_clock
  FROM fraction_ids
 WHERE k IN (1, 3, 5, 6) AND n = (SELECT min(n) FROM fraction_ids f WHERE f.k = fraction_ids.k)
 ORDER BY k;
-- the 100 values of step 3 keep their fraction (an increment is at most
-- 2^32, the room below the fraction 2^41); the clock back within a
-- millisecond the values have left: they stay in the next one
SELECT (SELECT count(DISTINCT iuid_random(i) >> 42) FROM fraction_ids WHERE k = 3) AS step3_iuid_fractions,
       (SELECT bool_and(iuid_timestamp(i) = to_timestamp(1700000000.124)
                        AND distid128_timestamp(d) = to_timestamp(1700000000.124))
          FROM fraction_ids WHERE k = 7) AS step7_next_ms_kept;
-- every value above the one before, also where the clock stood still (1000
-- ids), moved by 1 ns within a fraction unit, and went back within a
-- millisecond it had left (the last step keeps the next millisecond)
SELECT count(*) FILTER (WHERE i <= prev_i) AS iuid_not_increasing,
       count(*) FILTER (WHERE d <= prev_d) AS distid128_not_increasing
  FROM (SELECT i, d, lag(i) OVER (ORDER BY n) AS prev_i, lag(d) OVER (ORDER BY n) AS prev_d
          FROM fraction_ids) s;
-- the layouts decode as before: version, variant, format version, country,
-- entity of every iuid; distid128's shape (distid128_timestamp is NULL for
-- anything else)
SELECT bool_and(iuid_format_version(i) = 0 AND iuid_country(i) = 1 AND iuid_service_entity(i) = 1
                AND substr(i::text, 15, 1) = '8' AND substr(i::text, 20, 1) IN ('8', '9', 'a', 'b'))
           AS iuid_fields,
       bool_and(distid128_timestamp(d) IS NOT NULL AND substr(d::text, 15, 1) = '7'
                AND substr(d::text, 20, 1) BETWEEN '0' AND '7') AS distid128_shape
  FROM fraction_ids;

-- Two backends, one after the other on the test clock, 100 µs apart: the
-- later one's values are above the earlier one's (with random bits there,
-- as before, each pair would be in order only half of the time)
CREATE TABLE fraction_backends (k integer, i iuid, d uuid);
\c
SET client_min_messages = error;
SET uidx.debug_clock_freeze = 'on@1700000000123100000';
INSERT INTO fraction_backends SELECT 1, iuid_generate(1, 1), distid128_generate();
\c
SET client_min_messages = error;
SET uidx.debug_clock_freeze = 'on@1700000000123200000';
INSERT INTO fraction_backends SELECT 2, iuid_generate(1, 1), distid128_generate();
\c
SET client_min_messages = error;
SET uidx.debug_clock_freeze = 'on@1700000000123300000';
INSERT INTO fraction_backends SELECT 3, iuid_generate(1, 1), distid128_generate();
RESET uidx.debug_clock_freeze;
RESET client_min_messages;
SELECT k, i > lag(i) OVER (ORDER BY k) AS iuid_above_earlier_backend,
       d > lag(d) OVER (ORDER BY k) AS distid128_above_earlier_backend
  FROM fraction_backends ORDER BY k;
DROP TABLE fraction_backends;
DELETE FROM iuid_service_entity WHERE code = 1;
