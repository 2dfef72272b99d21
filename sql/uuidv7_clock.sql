SET timezone = 'UTC';
-- uidx's own uuidv7() and uuidv7(shift) under the clock faults of
-- clock_faults.sql.  uidx provides them only before PostgreSQL 18 (README
-- "UUIDv7"); from 18 on they are core's, which reads the real clock only, and
-- this test stops at once (expected/uuidv7_clock_1.out).
SELECT current_setting('server_version_num')::integer >= 180000 AS core_uuidv7 \gset
\if :core_uuidv7
\echo uuidv7() is the core function on this server: uidx has no uuidv7 of its own to test
\quit
\endif
\i test/regress/clock_faults.sql

SET uidx.debug_clock_freeze = on;
SELECT uuidv7() IS NOT NULL AS frozen_warns;
SELECT pg_temp.run_faults('uuidv7', 'uuidv7()', 21600000);
SELECT pg_temp.run_faults('uuidv7(shift)', $$uuidv7('-2 days')$$, 32400000);
RESET uidx.debug_clock_offset_ms;
SELECT * FROM fault_summary ORDER BY run, step;

-- back on the real clock (hours behind every run): still increasing
SELECT (SELECT id FROM fault_ids WHERE run = 'uuidv7' ORDER BY n DESC LIMIT 1) AS last_v7 \gset
RESET uidx.debug_clock_freeze;
SELECT uuidv7() > :'last_v7'::uuid AS uuidv7_increasing;
