-- The managed section's report (see managed.sql): cost per ID of uidx_sql's
-- generators against gen_random_uuid() and their C twins, and insert rates
-- with a uidx_sql iUID key against the PL/pgSQL baseline, all from this run.
\pset footer off
\pset null '-'
\echo
\echo '=== Managed PostgreSQL: uidx_sql (SQL edition) against the C extension'
\echo '    ns/ID as in the generation table (raw = whole query / N, net = minus the empty loop);'
\echo '    ratios are costs per ID (lower is cheaper); against C on raw figures, as a C'
\echo '    generator''s net cost is within the noise of the empty loop'
SELECT s.label AS "uidx_sql case", round(s.raw_ns::numeric, 1) AS "ns/ID raw", round(s.net_ns::numeric, 1) AS "ns/ID net",
       round((s.raw_ns / v4.raw_ns)::numeric, 2) AS "raw/v4", round((s.net_ns / v4.net_ns)::numeric, 2) AS "net/v4",
       c.label AS "C twin", round(c.raw_ns::numeric, 1) AS "C ns/ID raw",
       round((s.raw_ns / nullif(c.raw_ns, 0))::numeric, 1) AS "SQL/C raw",
       round((p.raw_ns / nullif(c.raw_ns, 0))::numeric, 1) AS "PL/pgSQL baseline/C raw",
       round((s.raw_ns / nullif(p.raw_ns, 0))::numeric, 2) AS "SQL/baseline raw"
  FROM bench.managed_twins t
  JOIN bench.gen_summary s ON s.key = t.key
  LEFT JOIN bench.gen_summary c ON c.key = t.twin
  LEFT JOIN bench.gen_summary v4 ON v4.key = 'v4'
  LEFT JOIN bench.gen_summary p ON p.key = 'iuid_plpgsql' AND t.key = 'sql_iuid'
 ORDER BY t.ord;
\echo
\echo '    inserts: rows/s and PK index bytes per row; ratios against the uidx_sql iUID key'
SELECT i.label AS "case", round(i.rows_per_s) AS "rows/s", round(i.index_bpr::numeric, 1) AS "index B/row",
       round((s.rows_per_s / i.rows_per_s)::numeric, 2) AS "sql_iuid rate / this",
       round((i.index_bpr / s.index_bpr)::numeric, 2) AS "index / sql_iuid's"
  FROM bench.insert_summary i
  JOIN bench.insert_summary s ON s.key = 'sql_iuid'
 WHERE i.key IN ('sql_iuid', 'iuid_plpgsql', 'iuid', 'seq', 'v4')
 ORDER BY i.ord;
