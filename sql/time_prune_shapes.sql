-- Time filters that prune partitions in every dress of a query (docs/partitioning.md
-- "Time filters that prune partitions", "Query shapes"): a natural filter prunes
-- wherever PostgreSQL prunes the id-range form of the same query, and returns
-- the rows it returns with the rewrite off.  Shapes that PostgreSQL cannot
-- prune in either form are listed in the docs with the form that does prune,
-- and pinned here.
SET timezone = 'UTC';
CREATE TABLE ps (id iuid PRIMARY KEY, kind text NOT NULL) PARTITION BY RANGE (id);
SELECT count(*) FROM uidx_create_time_partitions('ps', '2024-01-01', '2024-01-26', '1 day');
INSERT INTO ps SELECT iuid_from_parts('2024-01-01'::timestamptz + g * interval '30 min', 1, 2, g),
                      CASE WHEN g % 3 = 0 THEN 'a' ELSE 'b' END
  FROM generate_series(0, 1199) g;
ANALYZE ps;
CREATE VIEW ps_view AS SELECT * FROM ps;
CREATE VIEW ps_union AS SELECT id, kind FROM ps WHERE kind = 'a' UNION ALL SELECT id, kind FROM ps WHERE kind = 'b';
CREATE VIEW ps_union_all AS SELECT id, kind FROM ps UNION ALL SELECT id, kind FROM ps;
-- SQL functions that PostgreSQL inlines: one wraps the time function, one the comparison
CREATE FUNCTION ps_time(x iuid) RETURNS timestamptz LANGUAGE sql IMMUTABLE
    AS 'SELECT iuid_timestamp(x)';
-- (STABLE: timestamptz + interval is, and PostgreSQL inlines no function
-- marked more stable than its body)
CREATE FUNCTION ps_on_day(x iuid, d timestamptz) RETURNS boolean LANGUAGE sql STABLE
    AS $$SELECT iuid_timestamp(x) >= d AND iuid_timestamp(x) < d + interval '1 day'$$;

-- The partitions a query reads (each once, also where two branches read it):
-- from EXPLAIN ANALYZE, so that partitions pruned while the query runs (a
-- sub-select's value) count as not read.
-- The query's result with the rewrite on, against the rewrite off.
CREATE FUNCTION ps_read(query text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
    line text;
    part text;
    parts text[] := '{}';
BEGIN
    FOR line IN EXECUTE 'EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) ' || query LOOP
        part := substring(line FROM ' on (ps_p\d+)');
        IF part IS NOT NULL AND line !~ 'never executed' AND line !~ '^\s*Replaces:' THEN
            parts := parts || part;
        END IF;
    END LOOP;
    parts := ARRAY(SELECT DISTINCT unnest(parts) ORDER BY 1);
    RETURN cardinality(parts) || ' of 25'
           || CASE WHEN cardinality(parts) BETWEEN 1 AND 4
                   THEN ' (' || array_to_string(parts, ', ') || ')' ELSE '' END;
END
$$;
CREATE FUNCTION ps_same(query text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
    q text := 'SELECT count(*) || '' '' || md5(coalesce(string_agg(r::text, '','' ORDER BY r::text), '''')) FROM ('
              || query || ') r';
    rewritten text;
    plain text;
BEGIN
    EXECUTE q INTO rewritten;
    PERFORM set_config('uidx.time_filter_rewrite', 'off', true);
    EXECUTE q INTO plain;
    PERFORM set_config('uidx.time_filter_rewrite', 'on', true);
    RETURN CASE WHEN rewritten = plain THEN split_part(rewritten, ' ', 1) || ' rows, as unrewritten'
                ELSE 'DIFFERENT: ' || rewritten || ' vs ' || plain END;
END
$$;
-- uidx is loaded (above) before any query below is planned

-- Each shape: the natural filter, on 2024-01-20 (one partition)
SELECT shape, ps_read(query) AS reads, ps_same(query) AS result
  FROM (VALUES
    ('plain', $$SELECT id FROM ps WHERE iuid_timestamp(id) >= '2024-01-20' AND iuid_timestamp(id) < '2024-01-21'$$),
    ('view', $$SELECT id FROM ps_view WHERE iuid_timestamp(id) >= '2024-01-20' AND iuid_timestamp(id) < '2024-01-21'$$),
    ('FROM subquery', $$SELECT id FROM (SELECT * FROM ps) s WHERE iuid_timestamp(id) >= '2024-01-20' AND iuid_timestamp(id) < '2024-01-21'$$),
    ('WITH, inlined', $$WITH w AS (SELECT * FROM ps) SELECT id FROM w WHERE iuid_timestamp(id) >= '2024-01-20' AND iuid_timestamp(id) < '2024-01-21'$$),
    ('WITH NOT MATERIALIZED', $$WITH w AS NOT MATERIALIZED (SELECT * FROM ps) SELECT id FROM w WHERE iuid_timestamp(id) >= '2024-01-20' AND iuid_timestamp(id) < '2024-01-21'$$),
    ('WITH, filter inside', $$WITH w AS MATERIALIZED (SELECT * FROM ps WHERE iuid_timestamp(id) >= '2024-01-20' AND iuid_timestamp(id) < '2024-01-21') SELECT id FROM w$$),
    ('OFFSET 0, filter inside', $$SELECT id FROM (SELECT * FROM ps WHERE iuid_timestamp(id) >= '2024-01-20' AND iuid_timestamp(id) < '2024-01-21' OFFSET 0) s$$),
    ('UNION ALL subquery', $$SELECT id FROM (SELECT id FROM ps WHERE kind = 'a' UNION ALL SELECT id FROM ps WHERE kind = 'b') s WHERE iuid_timestamp(id) >= '2024-01-20' AND iuid_timestamp(id) < '2024-01-21'$$),
    ('UNION ALL view', $$SELECT id FROM ps_union WHERE iuid_timestamp(id) >= '2024-01-20' AND iuid_timestamp(id) < '2024-01-21'$$),
    ('UNION subquery', $$SELECT id FROM (SELECT id FROM ps WHERE kind = 'a' UNION SELECT id FROM ps WHERE kind = 'b') s WHERE iuid_timestamp(id) >= '2024-01-20' AND iuid_timestamp(id) < '2024-01-21'$$),
    ('UNION ALL in an inlined WITH', $$WITH w AS (SELECT id FROM ps WHERE kind = 'a' UNION ALL SELECT id FROM ps WHERE kind = 'b') SELECT id FROM w WHERE iuid_timestamp(id) >= '2024-01-20' AND iuid_timestamp(id) < '2024-01-21'$$),
    ('window, PARTITION BY the key', $$SELECT id, n FROM (SELECT id, count(*) OVER (PARTITION BY id) AS n FROM ps) s WHERE iuid_timestamp(id) >= '2024-01-20' AND iuid_timestamp(id) < '2024-01-21'$$),
    ('SQL function of the key', $$SELECT id FROM ps WHERE ps_time(id) >= '2024-01-20' AND ps_time(id) < '2024-01-21'$$),
    ('SQL function of the comparison', $$SELECT id FROM ps WHERE ps_on_day(id, '2024-01-20')$$),
    ('sub-select bound', $$SELECT id FROM ps WHERE iuid_timestamp(id) >= (SELECT '2024-01-20'::timestamptz) AND iuid_timestamp(id) < (SELECT '2024-01-21'::timestamptz)$$),
    ('sub-select bound, id form', $$SELECT id FROM ps WHERE id >= (SELECT iuid_lower_bound('2024-01-20')) AND id < (SELECT iuid_lower_bound('2024-01-21'))$$),
    ('sub-select bound through a view', $$SELECT id FROM ps_view WHERE iuid_timestamp(id) BETWEEN (SELECT '2024-01-20'::timestamptz) AND (SELECT '2024-01-20 23:59:59'::timestamptz)$$),
    ('join, sub-select bound', $$SELECT p.id FROM ps p JOIN (VALUES ('a'), ('b')) k(kind) USING (kind) WHERE iuid_timestamp(p.id) >= (SELECT '2024-01-20'::timestamptz) AND iuid_timestamp(p.id) < '2024-01-21'$$),
    -- branches without quals of their own are pulled up: the level has no
    -- table of its own, and its quals reach the branches as the append rel's
    ('sub-select bound through UNION ALL', $$SELECT id FROM (SELECT id FROM ps UNION ALL SELECT id FROM ps) s WHERE iuid_timestamp(id) >= (SELECT '2024-01-20'::timestamptz) AND iuid_timestamp(id) < (SELECT '2024-01-21'::timestamptz)$$),
    ('sub-select bound through UNION ALL, id form', $$SELECT id FROM (SELECT id FROM ps UNION ALL SELECT id FROM ps) s WHERE id >= (SELECT iuid_lower_bound('2024-01-20')) AND id < (SELECT iuid_lower_bound('2024-01-21'))$$),
    ('sub-select bound through a UNION ALL view', $$SELECT id FROM ps_union_all WHERE iuid_timestamp(id) BETWEEN (SELECT '2024-01-20'::timestamptz) AND (SELECT '2024-01-20 23:59:59'::timestamp)$$),
    ('sub-select bound through UNION ALL in an inlined WITH', $$WITH w AS (SELECT id FROM ps UNION ALL SELECT id FROM ps) SELECT id FROM w WHERE iuid_timestamp(id) >= (SELECT '2024-01-20'::date) AND iuid_timestamp(id) < (SELECT '2024-01-21'::timestamptz)$$),
    ('sub-select bound through UNION ALL, joined', $$SELECT s.id FROM (SELECT id, kind FROM ps UNION ALL SELECT id, kind FROM ps) s JOIN (VALUES ('a'), ('b')) k(kind) USING (kind) WHERE iuid_timestamp(s.id) >= (SELECT '2024-01-20'::timestamptz) AND iuid_timestamp(s.id) < '2024-01-21'$$),
    ('sub-select bound through UNION ALL of three', $$SELECT id FROM (SELECT id FROM ps UNION ALL SELECT id FROM ps UNION ALL SELECT id FROM ps_view) s WHERE iuid_timestamp(id) >= (SELECT '2024-01-20'::timestamptz) AND iuid_timestamp(id) < (SELECT '2024-01-21'::timestamptz)$$)
  ) v(shape, query);

-- Shapes that PostgreSQL does not prune in the id-range form either: the
-- natural filter reads every partition, with the same rows (docs/partitioning.md
-- "Query shapes" gives the form that prunes: the filter inside).
SELECT shape, ps_read(query) AS reads, ps_same(query) AS result
  FROM (VALUES
    ('OFFSET 0', $$SELECT id FROM (SELECT * FROM ps OFFSET 0) s WHERE iuid_timestamp(id) >= '2024-01-20' AND iuid_timestamp(id) < '2024-01-21'$$),
    ('OFFSET 0, id form', $$SELECT id FROM (SELECT * FROM ps OFFSET 0) s WHERE id >= iuid_lower_bound('2024-01-20') AND id < iuid_lower_bound('2024-01-21')$$),
    ('WITH MATERIALIZED', $$WITH w AS MATERIALIZED (SELECT * FROM ps) SELECT id FROM w WHERE iuid_timestamp(id) >= '2024-01-20' AND iuid_timestamp(id) < '2024-01-21'$$),
    ('WITH MATERIALIZED, id form', $$WITH w AS MATERIALIZED (SELECT * FROM ps) SELECT id FROM w WHERE id >= iuid_lower_bound('2024-01-20') AND id < iuid_lower_bound('2024-01-21')$$),
    ('UNION ALL in a WITH referenced twice', $$WITH w AS (SELECT id FROM ps WHERE kind = 'a' UNION ALL SELECT id FROM ps WHERE kind = 'b') SELECT a.id FROM w a JOIN w b USING (id) WHERE iuid_timestamp(a.id) >= '2024-01-20' AND iuid_timestamp(a.id) < '2024-01-21'$$),
    ('window over all rows', $$SELECT id, n FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM ps) s WHERE iuid_timestamp(id) >= '2024-01-20' AND iuid_timestamp(id) < '2024-01-21'$$),
    ('window over all rows, id form', $$SELECT id, n FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM ps) s WHERE id >= iuid_lower_bound('2024-01-20') AND id < iuid_lower_bound('2024-01-21')$$),
    ('EXCEPT', $$SELECT id FROM (SELECT id FROM ps EXCEPT SELECT id FROM ps WHERE kind = 'a') s WHERE iuid_timestamp(id) >= '2024-01-20' AND iuid_timestamp(id) < '2024-01-21'$$)
  ) v(shape, query);

-- A row-level security policy's USING clause, for a role it applies to: the
-- policy's own range prunes, at the policy's security level.
CREATE ROLE uidx_ps_reader;
GRANT SELECT ON ps TO uidx_ps_reader;
ALTER TABLE ps ENABLE ROW LEVEL SECURITY;
CREATE POLICY ps_recent ON ps USING (iuid_timestamp(id) >= '2024-01-24');
SET ROLE uidx_ps_reader;
SELECT ps_read('SELECT id FROM ps') AS policy_reads, ps_same('SELECT id FROM ps') AS result;
SELECT ps_read($$SELECT id FROM ps WHERE iuid_timestamp(id) < '2024-01-25'$$) AS policy_and_filter_reads,
       ps_same($$SELECT id FROM ps WHERE iuid_timestamp(id) < '2024-01-25'$$) AS result;
RESET ROLE;
DROP POLICY ps_recent ON ps;
-- the policy through an inlined SQL function
CREATE POLICY ps_recent ON ps USING (ps_time(id) >= '2024-01-24');
SET ROLE uidx_ps_reader;
SELECT ps_read('SELECT id FROM ps') AS policy_reads, ps_same('SELECT id FROM ps') AS result;
RESET ROLE;
DROP POLICY ps_recent ON ps;
ALTER TABLE ps DISABLE ROW LEVEL SECURITY;

-- A security barrier view: the range goes through only because the key
-- type's comparison is LEAKPROOF (PostgreSQL's rule); the time function, which
-- is not, stays above the barrier.
CREATE VIEW ps_barrier WITH (security_barrier) AS SELECT * FROM ps WHERE kind = 'a';
SELECT ps_read($$SELECT id FROM ps_barrier WHERE iuid_timestamp(id) >= '2024-01-20' AND iuid_timestamp(id) < '2024-01-21'$$) AS barrier_reads,
       ps_same($$SELECT id FROM ps_barrier WHERE iuid_timestamp(id) >= '2024-01-20' AND iuid_timestamp(id) < '2024-01-21'$$) AS result;
EXPLAIN (COSTS OFF)
SELECT id FROM ps_barrier WHERE iuid_timestamp(id) >= '2024-01-20' AND iuid_timestamp(id) < '2024-01-21';

-- The generic plan of a sub-select bound, and the plan the sub-select gives
SET plan_cache_mode = force_generic_plan;
PREPARE ps_since(interval) AS
SELECT count(*) FROM ps WHERE iuid_timestamp(id) >= (SELECT '2024-01-25'::timestamptz - $1);
SELECT ps_read($$EXECUTE ps_since('1 day')$$) AS generic_reads;
EXECUTE ps_since('1 day');
SET uidx.time_filter_rewrite = off;
EXECUTE ps_since('1 day');
RESET uidx.time_filter_rewrite;
DEALLOCATE ps_since;
RESET plan_cache_mode;

-- Off: every shape reads every partition again
SET uidx.time_filter_rewrite = off;
SELECT ps_read($$WITH w AS (SELECT * FROM ps) SELECT id FROM w WHERE iuid_timestamp(id) >= '2024-01-20' AND iuid_timestamp(id) < '2024-01-21'$$) AS off_reads;
RESET uidx.time_filter_rewrite;

DROP VIEW ps_view, ps_union, ps_union_all, ps_barrier;
DROP FUNCTION ps_time(iuid), ps_on_day(iuid, timestamptz), ps_read(text), ps_same(text);
DROP TABLE ps;
DROP OWNED BY uidx_ps_reader;
DROP ROLE uidx_ps_reader;
