-- The managed section's report (see managed.sql): cost per ID of uidx_sql's
-- generators against gen_random_uuid(), the PL/pgSQL baseline (an iUID
-- written the obvious way, iuid_plpgsql.sql) and their C twins, and insert
-- rates against the same two, all from this run.  Targets (README "Managed
-- PostgreSQL"): net cost <= 2 x gen_random_uuid() and <= 1 x the baseline;
-- inserts >= 1.0 x the baseline's rate and >= 0.9 x gen_random_uuid()'s.
\pset footer off
\pset null '-'
\echo
\echo '=== Managed PostgreSQL: uidx_sql (SQL edition) against gen_random_uuid(), the PL/pgSQL baseline and C'
\echo '    ns/ID as in the generation table (raw = whole query / N, net = minus the empty loop);'
\echo '    ratios are net costs per ID (lower is cheaper), except against C: raw, as a C'
\echo '    generator''s net cost is within the noise of the empty loop'
SELECT "uidx_sql case", "ns/ID raw", "ns/ID net", "x gen_random_uuid()", "x PL/pgSQL", "target",
       "C twin", "C ns/ID raw", "SQL/C raw"
  FROM (SELECT t.ord, s.label AS "uidx_sql case", round(s.raw_ns::numeric, 1) AS "ns/ID raw",
               round(s.net_ns::numeric, 1) AS "ns/ID net",
               round((s.net_ns / v4.net_ns)::numeric, 2) AS "x gen_random_uuid()",
               round((s.net_ns / p.net_ns)::numeric, 2) AS "x PL/pgSQL",
               CASE WHEN t.key IN ('sql_luuid', 'sql_public_id', 'sql_inspect') THEN '-'
                    WHEN s.net_ns <= 2 * v4.net_ns AND s.net_ns <= p.net_ns THEN 'PASS' ELSE 'MISS' END AS "target",
               c.label AS "C twin", round(c.raw_ns::numeric, 1) AS "C ns/ID raw",
               round((s.raw_ns / nullif(c.raw_ns, 0))::numeric, 1) AS "SQL/C raw"
          FROM bench.managed_twins t
          JOIN bench.gen_summary s ON s.key = t.key
          LEFT JOIN bench.gen_summary c ON c.key = t.twin
          LEFT JOIN bench.gen_summary v4 ON v4.key = 'v4'
          LEFT JOIN bench.gen_summary p ON p.key = 'iuid_plpgsql'
        UNION ALL
        SELECT 0, p.label, round(p.raw_ns::numeric, 1), round(p.net_ns::numeric, 1),
               round((p.net_ns / v4.net_ns)::numeric, 2), 1.00, '-', NULL, NULL, NULL
          FROM bench.gen_summary p, bench.gen_summary v4 WHERE p.key = 'iuid_plpgsql' AND v4.key = 'v4') r
 ORDER BY r.ord;
\echo
\echo '    inserts: rows/s and PK index bytes per row; rate ratios (higher is faster)'
SELECT i.label AS "case", round(i.rows_per_s) AS "rows/s",
       round((i.rows_per_s / v4.rows_per_s)::numeric, 2) AS "x gen_random_uuid()",
       round((i.rows_per_s / p.rows_per_s)::numeric, 2) AS "x PL/pgSQL",
       CASE WHEN i.key NOT LIKE 'sql\_%' THEN '-'
            WHEN i.rows_per_s >= 0.9 * v4.rows_per_s AND i.rows_per_s >= p.rows_per_s THEN 'PASS' ELSE 'MISS' END AS "target",
       round(i.index_bpr::numeric, 1) AS "index B/row"
  FROM bench.insert_summary i
  JOIN bench.insert_summary v4 ON v4.key = 'v4'
  JOIN bench.insert_summary p ON p.key = 'iuid_plpgsql'
 WHERE i.key LIKE 'sql\_%' OR i.key IN ('iuid_plpgsql', 'iuid', 'seq', 'v4')
 ORDER BY i.ord;
