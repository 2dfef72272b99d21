-- Shared by clock_faults.sql and uuidv7_clock.sql (\i): the fault steps,
-- the runner and the per-step summary of the monotonic generators' runs.
-- One run per generator, on the frozen clock T plus a base offset that puts
-- each run after everything the previous runs made (they may share state).
-- The steps, in this order: one id at T; the clock stands still for 100,000
-- ids; it steps back 10 ms, 1 s, 1 h; it jumps 1 h forward; it steps back to
-- T again (a 1 h step back after the jump).  `ahead_ms` is how far an id's
-- embedded time is ahead of the clock at that moment (floor, in ms; uuidv7
-- counts its 12-bit sub-millisecond fraction, 1/4096 ms, the monotonic COMBs
-- theirs, 1/4096 ms, 1/16384 ms and 1/16384 of 1/300 s).
CREATE TEMP TABLE fault_ids (
    run     text,
    n       bigserial,
    step    integer,
    fault   text,
    clock   bigint,      -- clock offset from T in this step, ms
    id      uuid,
    c       comb         -- the id as a comb, for the comb-typed COMB runs
);
-- the steps; a COMB run makes more ids at the start (to compare the next
-- step's ids with) and fewer while the clock stands still
CREATE TEMP TABLE fault_steps (step integer, fault text, clock integer, ids integer,
                               comb_ids integer);
INSERT INTO fault_steps VALUES
    (1, 'start at T', 0, 1, 100),
    (2, 'stands still', 0, 100000, 1000),
    (3, 'back 10 ms', -10, 100, 100),
    (4, 'back 1 s', -1000, 100, 100),
    (5, 'back 1 h', -3600000, 100, 100),
    (6, 'forward 1 h', 3600000, 100, 100),
    (7, 'back 1 h, to T', 0, 100, 100);
CREATE FUNCTION pg_temp.run_faults(run text, expr text, base_ms integer,
                                   comb_run boolean DEFAULT false,
                                   as_comb boolean DEFAULT false) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
    s record;
BEGIN
    FOR s IN SELECT * FROM fault_steps ORDER BY step LOOP
        PERFORM set_config('uidx.debug_clock_offset_ms', (base_ms + s.clock)::text, false);
        EXECUTE format('INSERT INTO fault_ids (run, step, fault, clock, id, c)
                        SELECT %L, %s, %L, %s, g, CASE WHEN %L THEN comb(g) END
                          FROM (SELECT (%s)::uuid AS g FROM generate_series(1, %s)) s',
                       run, s.step, s.fault, s.clock, as_comb, expr,
                       CASE WHEN comb_run THEN s.comb_ids ELSE s.ids END);
    END LOOP;
END
$$;
-- the embedded time in ms since 1970, with the sub-ms fraction for UUIDv7
-- and the prefix COMB (12 bits in bytes 6-7), the 14-bit fraction in bytes
-- 8-9 of the millisecond for the suffix COMB and of the 1/300 s tick for the
-- SQL Server COMB (its days since 1900 and ticks read from bytes 10-15)
CREATE FUNCTION pg_temp.embedded_ms(run text, id uuid) RETURNS numeric
LANGUAGE sql IMMUTABLE AS $$
SELECT CASE WHEN run LIKE 'iuid%' THEN extract(epoch FROM iuid_timestamp(id)) * 1000
            WHEN run = 'comb_suffix_generate'
                THEN ('x' || substr(h, 21, 12))::bit(48)::bigint
                     + (('x' || substr(h, 17, 4))::bit(16)::integer & 16383) / 16384.0
            WHEN run = 'comb_sqlserver_generate'
                THEN (('x' || substr(h, 21, 4))::bit(16)::integer - 25567) * 86400000::numeric
                     + (('x' || substr(h, 25, 8))::bit(32)::integer * 10
                        + (('x' || substr(h, 17, 4))::bit(16)::integer & 16383) * 10 / 16384.0) / 3.0
            ELSE ('x' || substr(h, 1, 12))::bit(48)::bigint
                 + ('x' || substr(h, 14, 3))::bit(12)::integer / 4096.0
       END
  FROM (SELECT replace(id::text, '-', '')) x(h)
$$;
-- the COMB generators that keep no state
CREATE TEMP TABLE stateless_combs (run text);
INSERT INTO stateless_combs VALUES
    ('comb_short_prefix_generate'), ('comb_short_suffix_generate');

-- (in the type's own order: the comb order for suffix and SQL Server COMBs;
-- the SQL Server COMB's time is the start of its 1/300 s tick)
CREATE TEMP VIEW fault_summary AS
SELECT run, step, fault, clock AS clock_ms, count(*) AS ids,
       bool_and(coalesce(c > prev_c, id > prev)) AS increasing,
       min(floor(ahead_ms)) AS min_ahead_ms, max(floor(ahead_ms)) AS max_ahead_ms
  FROM (SELECT run, step, fault, clock, id, c, lag(c) OVER w AS prev_c,
               coalesce(lag(id) OVER w, '00000000-0000-0000-0000-000000000000') AS prev,
               pg_temp.embedded_ms(run, id)
                 - first_value(pg_temp.embedded_ms(run, id)) OVER w - clock AS ahead_ms
          FROM fault_ids WHERE run NOT IN (SELECT run FROM stateless_combs)
        WINDOW w AS (PARTITION BY run ORDER BY n)) s
 GROUP BY run, step, fault, clock;
