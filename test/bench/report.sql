-- The report of one benchmark run, computed from bench.results (medians over
-- the repetitions; every ratio compares figures of this same run).
\pset footer off
\pset null '-'
-- :sections is BENCH_SECTIONS: report only what ran
SELECT :'sections' ~ '\mgen\M' AS run_gen, :'sections' ~ '\minsert\M' AS run_insert,
       :'sections' ~ '\msort\M' AS run_sort, :'sections' ~ '\mage\M' AS run_age,
       :'sections' ~ '\mregions\M' AS run_regions, :'sections' ~ '\mgrowth\M' AS run_growth,
       :'sections' ~ '\mtimefilter\M' AS run_timefilter \gset

\if :run_gen
\echo
\echo '=== Generation: SELECT count(expr) FROM <source> timed in the server, median per query'
\echo '    raw = whole query / N;  net = (query - empty count(1) over the same source) / N'
\echo '    ratios are costs per ID (lower is cheaper); the targets use the net ratio; v7 = pg_uuidv7'
WITH g AS (
    SELECT * FROM bench.gen_summary
), v4 AS (
    SELECT raw_ns, net_ns FROM g WHERE key = 'v4'
), seq AS (
    SELECT raw_ns, net_ns FROM g WHERE key = 'seq'
), v7 AS (
    SELECT raw_ns, net_ns FROM g WHERE key = 'pg_uuidv7'
)
SELECT "case", "N", runs, "median ms", "ns/ID raw", "ns/ID net", "IDs/s",
       "raw/v4", "net/v4", "raw/seq", "net/seq", "net/v7"
  FROM (
    SELECT 0 AS ord, 'count(1) [empty], ' || replace(b.from_sql, ':n', b.n::text) AS "case",
           b.n AS "N", m.runs, round(m.ms::numeric, 1) AS "median ms",
           round((m.ms * 1e6 / b.n)::numeric, 1) AS "ns/ID raw",
           NULL::numeric AS "ns/ID net", NULL::numeric AS "IDs/s",
           NULL::numeric AS "raw/v4", NULL::numeric AS "net/v4",
           NULL::numeric AS "raw/seq", NULL::numeric AS "net/seq", NULL::numeric AS "net/v7"
      FROM bench.gen_plan b
      JOIN bench.medians m ON m.section = 'gen' AND m.case_key = b.case_key AND m.variant = b.variant
     WHERE b.case_key = 'count(1)'
    UNION ALL
    SELECT g.ord, g.label, g.n, g.runs, round(g.ms::numeric, 1),
           round(g.raw_ns::numeric, 1), round(g.net_ns::numeric, 1), round(g.per_s::numeric),
           round((g.raw_ns / v4.raw_ns)::numeric, 2), round((g.net_ns / v4.net_ns)::numeric, 2),
           round((g.raw_ns / seq.raw_ns)::numeric, 2), round((g.net_ns / seq.net_ns)::numeric, 2),
           round((g.net_ns / v7.net_ns)::numeric, 2)
      FROM g LEFT JOIN v4 ON true LEFT JOIN seq ON true LEFT JOIN v7 ON true
  ) t
 ORDER BY ord, "case";
\endif

\if :run_insert
\echo
\echo '=== Inserts: rows as INSERT ... SELECT in batches, key = PRIMARY KEY, each run after CHECKPOINT'
\echo '    rate ratios: higher is faster;  index/WAL ratios: lower is smaller;  v7 = pg_uuidv7 uuid_generate_v7()'
WITH s AS (
    SELECT * FROM bench.insert_summary
), v4 AS (
    SELECT * FROM s WHERE key = 'v4'
), seq AS (
    SELECT * FROM s WHERE key = 'seq'
), v7 AS (
    SELECT * FROM s WHERE key = 'pg_uuidv7'
)
SELECT s.label AS "case", s.key_type AS "key type", s.n AS rows, s.runs,
       round(s.seconds::numeric, 2) AS "median s", round(s.rows_per_s::numeric) AS "rows/s",
       round((s.rows_per_s / v4.rows_per_s)::numeric, 2) AS "rate/v4",
       round((s.rows_per_s / seq.rows_per_s)::numeric, 2) AS "rate/seq",
       round((s.rows_per_s / v7.rows_per_s)::numeric, 2) AS "rate/v7",
       round(s.index_bpr::numeric, 1) AS "index B/row",
       round((s.index_bpr / v4.index_bpr)::numeric, 2) AS "index/v4",
       round((s.index_bpr / seq.index_bpr)::numeric, 2) AS "index/seq",
       round((s.index_bpr / v7.index_bpr)::numeric, 2) AS "index/v7",
       round(s.wal_bpr::numeric, 1) AS "WAL B/row",
       round((s.wal_bpr / v4.wal_bpr)::numeric, 2) AS "WAL/v4",
       round((s.wal_bpr / seq.wal_bpr)::numeric, 2) AS "WAL/seq",
       round((s.wal_bpr / v7.wal_bpr)::numeric, 2) AS "WAL/v7",
       round(s.table_bpr::numeric, 1) AS "heap B/row"
  FROM s LEFT JOIN v4 ON true LEFT JOIN seq ON true LEFT JOIN v7 ON true
 ORDER BY s.ord;
\endif

\if :run_sort
\echo
\echo '=== Sort: SELECT count(*) FROM (SELECT v FROM t ORDER BY v OFFSET 0), in memory'
\echo '    shuffled: against the same values, in the same physical order, as uuid, and against the'
\echo '    sequential key shuffled;  generation order: the values as one backend made them (a table'
\echo '    filled by this generator), against the sequential key and pg_uuidv7 in theirs'
SELECT s.label AS "case", s.n AS "N", s.runs, round(s.ms::numeric, 1) AS "shuffled ms",
       round(s.uuid_ms::numeric, 1) AS "as uuid ms", round(s.ratio::numeric, 2) AS "/uuid",
       round((s.ms / q.ms)::numeric, 2) AS "/seq",
       round(s.gen_ms::numeric, 1) AS "gen order ms",
       round((s.gen_ms / q.gen_ms)::numeric, 2) AS "gen /seq",
       round((s.gen_ms / v.gen_ms)::numeric, 2) AS "gen /v7",
       s.method AS "plan"
  FROM bench.sort_summary s
  LEFT JOIN bench.sort_summary q ON q.key = 'seq'
  LEFT JOIN bench.sort_summary v ON v.key = 'pg_uuidv7'
 ORDER BY s.ord;
\endif

\if :run_age
\echo
\echo '=== Index size against table age: rows_per_interval rows per interval, interval after interval'
\echo '    (keys from the *_from_parts functions); age in intervals; a sequential 16-byte key over the same rows'
SELECT c.label AS "configuration", c.interval_length AS "interval", r.age AS "age", r.n AS rows,
       round(r.index_bytes::numeric / r.n, 1) AS "index B/row",
       round(r.seq_bytes::numeric / r.n, 1) AS "seq B/row",
       round(r.index_bytes::numeric / r.seq_bytes, 2) AS "x seq"
  FROM bench.age_results r
  JOIN bench.age_configs c ON c.key = r.config
 ORDER BY c.ord, r.age;
\endif

\if :run_regions
\echo
\echo '=== Regions: pgbench -M prepared, 2 clients, a random row of region_1 by its id (lookup)'
\echo '    or one row per transaction into region_1 (insert); medians of the repetitions'
\echo '    ratio: throughput against the same statement directly on region_1 (higher is faster)'
WITH runs AS (
    SELECT case_key, variant, n / (ms / 1000) AS tps, at FROM bench.results WHERE section = 'regions'
), med AS (
    SELECT case_key, variant, count(*) AS runs, min(at) AS first_run,
           percentile_cont(0.5) WITHIN GROUP (ORDER BY tps) AS tps
      FROM runs GROUP BY case_key, variant
)
SELECT m.case_key AS "statement", m.variant AS "through", m.runs,
       round(m.tps::numeric) AS "tps", round((m.tps / d.tps)::numeric, 2) AS "x direct",
       CASE WHEN m.variant LIKE 'UNION ALL view, %' THEN
            round((m.tps / (SELECT r.tps FROM med r WHERE r.case_key = m.case_key
                                AND r.variant = replace(m.variant, 'UNION ALL view', 'router')))::numeric, 2)
       END AS "x pruned router"
  FROM med m LEFT JOIN med d ON d.case_key = m.case_key AND d.variant = 'direct'
 ORDER BY m.first_run;
SELECT 'regions' AS section, 'lookup through the router, ' || r.regions || ' regions' AS "case",
       'tps >= 0.5 x direct' AS target, round((r.tps / d.tps)::numeric, 2) AS measured,
       CASE WHEN r.tps >= 0.5 * d.tps THEN 'PASS' ELSE 'MISS' END AS verdict
  FROM (SELECT split_part(variant, ' ', 2) AS regions,
               percentile_cont(0.5) WITHIN GROUP (ORDER BY n / (ms / 1000)) AS tps
          FROM bench.results WHERE section = 'regions' AND case_key = 'lookup' AND variant LIKE 'router, %'
         GROUP BY variant) r,
       (SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY n / (ms / 1000)) AS tps
          FROM bench.results WHERE section = 'regions' AND case_key = 'lookup' AND variant = 'direct') d
 ORDER BY r.regions::int;
\endif

\if :run_growth
\echo
\echo '=== Growth: each key''s table filled step by step; figures over each step (rate, WAL, FPI) or after it'
\echo '    (index, lookups of random existing keys); x seq: against the sequential key at the same size'
SELECT g.label AS "case", g.rows_total AS rows, round(g.rows_per_s::numeric) AS "rows/s",
       round(g.rate_x_seq::numeric, 2) AS "rate x seq",
       round(g.wal_bpr::numeric, 1) AS "WAL B/row", round(g.wal_x_seq::numeric, 2) AS "WAL x seq",
       round(g.fpi_per_1000::numeric, 1) AS "FPI/1000 rows",
       round(g.index_bpr::numeric, 1) AS "index B/row", round(g.index_x_seq::numeric, 2) AS "index x seq",
       round(g.p50_us::numeric, 1) AS "p50 us", round(g.p99_us::numeric, 1) AS "p99 us",
       round(g.p99_x_seq::numeric, 2) AS "p99 x seq"
  FROM bench.growth_summary g
 ORDER BY g.ord, g.step;
\echo
\echo '=== Growth, at the largest size'
SELECT g.label AS "case", g.rows_total AS rows,
       round((g.index_bytes::numeric / pg_size_bytes(current_setting('shared_buffers'))), 1) AS "index x shared_buffers",
       round(g.rate_x_seq::numeric, 2) AS "rate x seq", round(g.wal_x_seq::numeric, 2) AS "WAL x seq",
       round(g.fpi_per_1000::numeric, 1) AS "FPI/1000 rows", round(g.index_x_seq::numeric, 2) AS "index x seq",
       round(g.p50_x_seq::numeric, 2) AS "p50 x seq", round(g.p99_x_seq::numeric, 2) AS "p99 x seq"
  FROM bench.growth_summary g
 WHERE g.rows_total = (SELECT max(rows_total) FROM bench.growth_results)
 ORDER BY g.ord;
\endif
\if :run_timefilter
\echo
\echo '=== Time filters: a one-day count (seqscan: 28 days) on 36 monthly partitions (test/bench/time-filter.sh)'
\echo '    ms per query, medians of the repetitions; plain = constants, generic = prepared, force_generic_plan,'
\echo '    seqscan = 28 days, constants, index scans off (partitions read sequentially)'
WITH med AS (
    SELECT variant, case_key, count(*) AS runs,
           percentile_cont(0.5) WITHIN GROUP (ORDER BY ms / n) AS ms
      FROM bench.results WHERE section = 'timefilter' AND variant <> 'planning' GROUP BY variant, case_key
)
SELECT n.variant AS "statement", round(n.ms::numeric, 3) AS "natural ms", round(i.ms::numeric, 3) AS "id-range ms",
       round(o.ms::numeric, 3) AS "rewrite-off ms", n.runs,
       round((n.ms / i.ms)::numeric, 2) AS "natural x id-range",
       round((o.ms / n.ms)::numeric, 2) AS "speed-up over off",
       CASE WHEN n.ms <= 1.1 * i.ms THEN 'PASS' ELSE 'MISS' END AS "target natural <= 1.1 x id-range"
  FROM med n JOIN med i ON i.variant = n.variant AND i.case_key = 'idrange'
             JOIN med o ON o.variant = n.variant AND o.case_key = 'off'
 WHERE n.case_key = 'natural'
 ORDER BY n.variant DESC;
\echo
\echo '=== Time filters: planning a one-day filter on 365 daily partitions (test/bench/time-filter.sh)'
\echo '    ms per plan, medians of the repetitions; analyzed = a day ANALYZE saw, grown = the day filled'
\echo '    after ANALYZE, whose estimate reads the ends of the key from the index'
WITH med AS (
    SELECT case_key, count(*) AS runs, percentile_cont(0.5) WITHIN GROUP (ORDER BY ms / n) AS ms
      FROM bench.results WHERE section = 'timefilter' AND variant = 'planning' GROUP BY case_key
)
SELECT f.form, round(a.ms::numeric, 4) AS "analyzed ms", round(g.ms::numeric, 4) AS "grown ms", a.runs,
       round((g.ms / a.ms)::numeric, 2) AS "grown x analyzed"
  FROM (VALUES (1, 'natural'), (2, 'idrange'), (3, 'off')) f(ord, form)
  JOIN med a ON a.case_key = f.form
  JOIN med g ON g.case_key = f.form || '-grown'
 ORDER BY f.ord;
\endif

\echo
\echo '=== Targets (informational: a benchmark is not a test)'
SELECT t.section, c.label AS "case", t.target,
       round(t.ratio::numeric, 2) AS measured, t.verdict
  FROM bench.target_check t
  JOIN bench.cases c ON c.key = t.key
 WHERE t.section = ANY (regexp_split_to_array(btrim(:'sections'), '\s+'))
 ORDER BY CASE t.section WHEN 'gen' THEN 1 WHEN 'insert' THEN 2 ELSE 3 END, t.ord, t.target;

SELECT count(*) > 0 AS has_skipped
  FROM (SELECT skip_reason FROM bench.cases UNION ALL SELECT skip_reason FROM bench.age_configs) c
 WHERE skip_reason IS NOT NULL \gset
\if :has_skipped
\echo
\echo '=== Cases not run'
SELECT key AS "case", skip_reason AS reason
  FROM (SELECT ord, key, skip_reason FROM bench.cases
        UNION ALL SELECT 1000 + ord, key, skip_reason FROM bench.age_configs) c
 WHERE skip_reason IS NOT NULL ORDER BY ord;
\endif

SELECT count(*) > 0 AS has_errors FROM bench.errors \gset
\if :has_errors
\echo
\echo '=== Errors (these cases have missing or partial figures)'
SELECT section, case_key AS "case", rep,
       left(regexp_replace(message, '^(NOTICE|WARNING): .*?(?=ERROR:)', ''), 150) AS message
  FROM bench.errors ORDER BY section, case_key, rep;
\echo '(full messages at the end of the results file)'
\endif
