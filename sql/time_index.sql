-- Time filters that use the index: `f(id) >= c` for the time functions whose
-- millisecond field the index order reads first becomes an index condition on
-- id (docs/partitioning.md "Time filters that use the index").  Results must equal those
-- of a sequential scan, for every operator, bound and parameter form.
SET client_min_messages = warning;
SET TimeZone = 'UTC';

CREATE TABLE ti_iuid (id iuid PRIMARY KEY);
CREATE TABLE ti_comb (id comb PRIMARY KEY);
CREATE TABLE ti_distid (id distid PRIMARY KEY);
CREATE TABLE ti_uuid (id uuid PRIMARY KEY);
-- one id per 37 minutes over about 50 days, at whole and fractional milliseconds
INSERT INTO ti_iuid SELECT iuid_from_parts(t, 1, 2, g) FROM
  (SELECT g, '2024-01-01'::timestamptz + g * interval '37 min' + (g % 3) * interval '0.4 ms' AS t
     FROM generate_series(0, 1999) g) s;
INSERT INTO ti_comb SELECT comb_suffix_from_parts(iuid_timestamp(id), decode(md5(id::text), 'hex')) FROM ti_iuid;
INSERT INTO ti_distid SELECT distid_lower_bound(iuid_timestamp(id)) FROM ti_iuid;
-- the uuid table mixes layouts: iUIDs, prefix COMBs, DistributedId128s,
-- UUIDv7s and random UUIDs
INSERT INTO ti_uuid SELECT id FROM ti_iuid;
INSERT INTO ti_uuid SELECT comb_prefix_from_parts(iuid_timestamp(id), decode(md5(id::text || 'c'), 'hex')) FROM ti_iuid;
INSERT INTO ti_uuid SELECT ('01' || substr(md5(g::text), 3, 10) || '7' || substr(md5(g::text), 14, 3) || '8' || substr(md5(g::text), 18, 15))::uuid
  FROM generate_series(1, 500) g;
INSERT INTO ti_uuid
SELECT (lpad(to_hex((extract(epoch FROM t) * 1000)::bigint + 8520336000000), 12, '0')
        || '7' || substr(md5(g::text), 1, 3) || '0' || substr(md5(g::text), 4, 15))::uuid
  FROM (SELECT g, '2024-01-01'::timestamptz + g * interval '97 min' AS t FROM generate_series(1, 500) g) s;
INSERT INTO ti_uuid SELECT md5(g::text || 'v4')::uuid FROM generate_series(1, 500) g;
CREATE INDEX ti_uuid_brin ON ti_uuid USING brin (id);
ANALYZE ti_iuid, ti_comb, ti_distid, ti_uuid;

-- The rows of a filter, once through the index and once by a sequential
-- scan; and whether the plan has an index condition (asked only of filters
-- selective enough that the planner's choice is not a toss-up).
CREATE FUNCTION pg_temp.same_rows(tbl text, filter text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
    q text := format('SELECT count(*), md5(coalesce(string_agg(id::text, '','' ORDER BY id::text), '''')) FROM %I WHERE %s', tbl, filter);
    by_index text;
    by_seqscan text;
BEGIN
    SET LOCAL enable_seqscan = off;
    SET LOCAL enable_bitmapscan = off;
    EXECUTE q INTO by_index;
    SET LOCAL enable_seqscan = on;
    SET LOCAL enable_indexscan = off;
    SET LOCAL enable_indexonlyscan = off;
    EXECUTE q INTO by_seqscan;
    RETURN CASE WHEN by_index IS DISTINCT FROM by_seqscan THEN 'DIFFERENT: ' || by_index || ' vs ' || by_seqscan
                ELSE split_part(trim(by_index, '()'), ',', 1) || ' rows, as a seq scan' END;
END
$$;
CREATE FUNCTION pg_temp.index_cond(tbl text, filter text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
    line text;
BEGIN
    FOR line IN EXECUTE format('EXPLAIN (COSTS OFF) SELECT count(*) FROM %I WHERE %s', tbl, filter) LOOP
        IF line ~ 'Index Cond' THEN
            RETURN regexp_replace(line, '^.*Index Cond: ', '');
        END IF;
    END LOOP;
    RETURN 'none';
END
$$;

SELECT tbl, filter, pg_temp.same_rows(tbl, filter) AS result
  FROM (VALUES ('ti_iuid', 'iuid_timestamp(id) >= ''2024-01-20'''),
               ('ti_iuid', 'iuid_timestamp(id) > ''2024-01-20 00:10:00'''),
               ('ti_iuid', 'iuid_timestamp(id) < ''2024-01-03'''),
               ('ti_iuid', 'iuid_timestamp(id) <= ''2024-01-03 00:07:00.0004'''),
               ('ti_iuid', 'iuid_timestamp(id) = ''2024-01-03 00:07:00.0008'''),
               ('ti_iuid', 'iuid_timestamp(id) = ''2024-01-03 00:07:00.001'''),
               ('ti_iuid', 'iuid_timestamp(id) >= ''2024-01-10'' AND iuid_timestamp(id) < ''2024-01-11'''),
               ('ti_iuid', '''2024-01-10'' <= iuid_timestamp(id) AND ''2024-01-11'' > iuid_timestamp(id)'),
               ('ti_iuid', 'iuid_timestamp(id) >= ''-infinity'''),
               ('ti_iuid', 'iuid_timestamp(id) < ''infinity'''),
               ('ti_iuid', 'iuid_timestamp(id) > ''infinity'''),
               ('ti_iuid', 'iuid_timestamp(id) >= ''1900-01-01'''),
               ('ti_iuid', 'iuid_timestamp(id) < ''1900-01-01'''),
               ('ti_iuid', 'iuid_timestamp(id) < ''20000-01-01'''),
               ('ti_iuid', 'iuid_timestamp(id) >= now() - interval ''100 years'''),
               ('ti_iuid', 'iuid_timestamp(id::uuid) >= ''2024-02-01'''),
               ('ti_comb', 'comb_timestamp(id) >= ''2024-01-10'' AND comb_timestamp(id) < ''2024-01-11'''),
               ('ti_comb', 'comb_timestamp(id) = ''2024-01-03 00:07:00.0008'''),
               ('ti_comb', 'comb_timestamp(id) <= ''1970-01-01'''),
               ('ti_distid', 'distid_timestamp(id) >= ''2024-01-10'' AND distid_timestamp(id) < ''2024-01-11'''),
               ('ti_distid', 'distid_timestamp(id) > ''2024-02-15 12:00'''),
               ('ti_distid', 'distid_timestamp(id) < ''1800-01-01'''),
               ('ti_uuid', 'iuid_timestamp(id) >= ''2024-01-10'' AND iuid_timestamp(id) < ''2024-01-11'''),
               ('ti_uuid', 'comb_prefix_timestamp(id) >= ''2024-01-10'' AND comb_prefix_timestamp(id) < ''2024-01-11'''),
               ('ti_uuid', 'distid128_timestamp(id) >= ''2024-01-10'' AND distid128_timestamp(id) < ''2024-01-11'''),
               ('ti_uuid', 'distid128_timestamp(id) < ''1755-01-01'''),
               ('ti_uuid', 'distid128_timestamp(id) >= ''1755-01-01'''),
               ('ti_uuid', 'uuidv7_timestamp(id) >= ''2024-01-10''')) v(tbl, filter);

SELECT tbl, filter, pg_temp.index_cond(tbl, filter)
  FROM (VALUES ('ti_iuid', 'iuid_timestamp(id) >= ''2024-02-19'''),
               ('ti_iuid', 'iuid_timestamp(id) > ''2024-02-19'''),
               ('ti_iuid', 'iuid_timestamp(id) < ''2024-01-03'''),
               ('ti_iuid', 'iuid_timestamp(id) <= ''2024-01-03 00:07:00.0004'''),
               ('ti_iuid', 'iuid_timestamp(id) = ''2024-01-03 00:07:00.0008'''),
               ('ti_iuid', '''2024-01-10'' <= iuid_timestamp(id) AND ''2024-01-11'' > iuid_timestamp(id)'),
               ('ti_iuid', 'iuid_timestamp(id) > ''infinity'''),
               ('ti_iuid', 'iuid_timestamp(id) < ''1900-01-01'''),
               ('ti_iuid', 'iuid_timestamp(id) >= now() + interval ''100 years'''),
               ('ti_iuid', 'iuid_timestamp(id::uuid) >= ''2024-02-19'''),
               ('ti_comb', 'comb_timestamp(id) >= ''2024-01-10'' AND comb_timestamp(id) < ''2024-01-11'''),
               ('ti_distid', 'distid_timestamp(id) >= ''2024-01-10'' AND distid_timestamp(id) < ''2024-01-11'''),
               ('ti_distid', 'distid_timestamp(id) < ''1800-01-01'''),
               ('ti_uuid', 'iuid_timestamp(id) >= ''2024-01-10'' AND iuid_timestamp(id) < ''2024-01-11'''),
               ('ti_uuid', 'comb_prefix_timestamp(id) >= ''2024-01-10'' AND comb_prefix_timestamp(id) < ''2024-01-11'''),
               ('ti_uuid', 'distid128_timestamp(id) >= ''2024-01-10'' AND distid128_timestamp(id) < ''2024-01-11'''),
               ('ti_uuid', 'uuidv7_timestamp(id) >= ''2024-01-10'' AND uuidv7_timestamp(id) < ''2024-01-11'''),
               ('ti_uuid', 'iuid_timestamp(id) <> ''2024-01-10''')) v(tbl, filter);

-- What the conditions look like: constants folded, parameters kept.
EXPLAIN (COSTS OFF)
SELECT * FROM ti_iuid WHERE iuid_timestamp(id) >= '2024-01-10' AND iuid_timestamp(id) < '2024-01-11';
EXPLAIN (COSTS OFF) SELECT * FROM ti_comb WHERE comb_timestamp(id) = '2024-01-03 00:07:00.0008';
EXPLAIN (COSTS OFF) SELECT * FROM ti_distid WHERE distid_timestamp(id) >= '2024-02-15';
PREPARE ti_range(timestamptz, timestamptz) AS
SELECT count(*) FROM ti_iuid WHERE iuid_timestamp(id) >= $1 AND iuid_timestamp(id) < $2;
SET plan_cache_mode = force_generic_plan;
EXPLAIN (COSTS OFF) EXECUTE ti_range('2024-01-10', '2024-01-11');
EXECUTE ti_range('2024-01-10', '2024-01-11');
EXECUTE ti_range('1900-01-01', 'infinity');
RESET plan_cache_mode;
SELECT count(*) FROM ti_iuid WHERE iuid_timestamp(id) >= '2024-01-10' AND iuid_timestamp(id) < '2024-01-11';
-- A BRIN index serves the uuid forms too.
SET enable_seqscan = off;
SET enable_indexscan = off;
EXPLAIN (COSTS OFF) SELECT * FROM ti_uuid WHERE comb_prefix_timestamp(id) >= '2024-02-15';
RESET enable_seqscan;
RESET enable_indexscan;
-- uuidv7_timestamp also reads version 1 UUIDs, whose time is not in the
-- leading bytes: no range of the key holds every match, so no condition.
INSERT INTO ti_uuid VALUES ('e8d3f0b0-6a14-11ef-8000-000000000001');
SELECT count(*) FROM ti_uuid WHERE uuidv7_timestamp(id) >= '2024-09-01';
EXPLAIN (COSTS OFF) SELECT * FROM ti_uuid WHERE uuidv7_timestamp(id) >= '2024-09-01';

-- Time filters that prune partitions (docs/partitioning.md "Time filters that prune
-- partitions"): on a table partitioned by id, the natural filter removes the
-- partitions it cannot match, as the id-range form does.
CREATE TABLE ti_parts (id iuid PRIMARY KEY) PARTITION BY RANGE (id);
SELECT count(*) FROM uidx_create_time_partitions('ti_parts', '2024-01-01', '2024-03-01', '1 month');
INSERT INTO ti_parts SELECT id FROM ti_iuid;
-- the edges of the February partition and of its first millisecond
INSERT INTO ti_parts
SELECT DISTINCT iuid_from_parts(t, 1, 2, 9) FROM unnest(ARRAY[
    '2024-01-31 23:59:59.999', '2024-01-31 23:59:59.9995', '2024-02-01 00:00:00',
    '2024-02-01 00:00:00.0005', '2024-02-01 00:00:00.001', '2024-02-29 23:59:59.999']::timestamptz[]) t
ON CONFLICT DO NOTHING;
ANALYZE ti_parts;
EXPLAIN (COSTS OFF)
SELECT * FROM ti_parts WHERE iuid_timestamp(id) >= '2024-02-10' AND iuid_timestamp(id) < '2024-02-11';
EXPLAIN (COSTS OFF)
SELECT * FROM ti_parts WHERE id >= iuid_lower_bound('2024-02-10') AND id < iuid_lower_bound('2024-02-11');

-- The same key types as above, each partitioned by month; the uuid table
-- keeps its other layouts (for which iuid_timestamp is NULL) in a default
-- partition.  A domain over iuid is looked through.
CREATE DOMAIN ti_iuid_domain AS iuid;
CREATE TABLE tp_iuid (id iuid PRIMARY KEY) PARTITION BY RANGE (id);
CREATE TABLE tp_dom (id ti_iuid_domain PRIMARY KEY) PARTITION BY RANGE (id);
CREATE TABLE tp_comb (id comb PRIMARY KEY) PARTITION BY RANGE (id);
CREATE TABLE tp_distid (id distid PRIMARY KEY) PARTITION BY RANGE (id);
CREATE TABLE tp_uuid (id uuid PRIMARY KEY) PARTITION BY RANGE (id);
SELECT tbl, count(*) FROM (VALUES ('tp_iuid'), ('tp_comb'), ('tp_distid'), ('tp_uuid')) v(tbl),
       uidx_create_time_partitions(tbl::regclass, '2024-01-01', '2024-03-01', '1 month') GROUP BY tbl ORDER BY tbl;
CREATE TABLE tp_dom_p1 PARTITION OF tp_dom FOR VALUES FROM (iuid_lower_bound('2024-01-01')) TO (iuid_lower_bound('2024-02-01'));
CREATE TABLE tp_dom_p2 PARTITION OF tp_dom FOR VALUES FROM (iuid_lower_bound('2024-02-01')) TO (iuid_lower_bound('2024-03-01'));
CREATE TABLE tp_uuid_other PARTITION OF tp_uuid DEFAULT;
INSERT INTO tp_iuid SELECT id FROM ti_parts;
INSERT INTO tp_dom SELECT id FROM ti_parts;
INSERT INTO tp_comb SELECT id FROM ti_comb;
INSERT INTO tp_comb SELECT comb_suffix_from_parts(iuid_timestamp(id), decode(md5(id::text || 'e'), 'hex'))
  FROM ti_parts WHERE iuid_random(id) = 9;
INSERT INTO tp_distid SELECT id FROM ti_distid;
INSERT INTO tp_distid SELECT distid_lower_bound(t) FROM unnest(ARRAY[
    '2024-01-31 23:59:59.999', '2024-02-01 00:00:00', '2024-02-01 00:00:00.001']::timestamptz[]) t
ON CONFLICT DO NOTHING;
INSERT INTO tp_uuid SELECT id FROM ti_uuid;
INSERT INTO tp_uuid SELECT id::uuid FROM ti_parts WHERE iuid_random(id) = 9 ON CONFLICT DO NOTHING;
ANALYZE tp_iuid, tp_dom, tp_comb, tp_distid, tp_uuid;

-- Rows with the rewrite, against the rewrite turned off and sequential scans
-- forced; and how many partitions the plan scans.
CREATE FUNCTION pg_temp.same_as_unrewritten(tbl text, filter text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
    q text := format('SELECT count(*), md5(coalesce(string_agg(id::text, '','' ORDER BY id::text), '''')) FROM %I WHERE %s', tbl, filter);
    rewritten text;
    plain text;
BEGIN
    PERFORM set_config(s, 'on', true)
       FROM unnest(ARRAY['uidx.time_filter_rewrite', 'enable_indexscan', 'enable_indexonlyscan', 'enable_bitmapscan']) s;
    EXECUTE q INTO rewritten;
    SET LOCAL uidx.time_filter_rewrite = off;
    SET LOCAL enable_indexscan = off;
    SET LOCAL enable_indexonlyscan = off;
    SET LOCAL enable_bitmapscan = off;
    EXECUTE q INTO plain;
    PERFORM set_config(s, 'on', true)
       FROM unnest(ARRAY['uidx.time_filter_rewrite', 'enable_indexscan', 'enable_indexonlyscan', 'enable_bitmapscan']) s;
    RETURN CASE WHEN rewritten IS DISTINCT FROM plain THEN 'DIFFERENT: ' || rewritten || ' vs ' || plain
                ELSE split_part(trim(rewritten, '()'), ',', 1) || ' rows, as unrewritten' END;
END
$$;
CREATE FUNCTION pg_temp.partitions_scanned(tbl text, filter text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
    line text;
    scans int := 0;
    removed text := '';
BEGIN
    FOR line IN EXECUTE format('EXPLAIN (COSTS OFF) SELECT * FROM %I WHERE %s', tbl, filter) LOOP
        -- PostgreSQL 19 labels the Result that stands for a pruned-away
        -- table "Replaces: Scan on <table>": that scans nothing
        IF line ~ 'Scan' AND line !~ 'Bitmap Index Scan' AND line !~ '^\s*Replaces:' AND line ~ (' on ' || tbl) THEN
            scans := scans + 1;
        ELSIF line ~ 'Subplans Removed' THEN
            removed := ', ' || trim(line);
        END IF;
    END LOOP;
    RETURN scans || ' of ' || (SELECT count(*) FROM pg_partition_tree(tbl::regclass) WHERE isleaf) || removed;
END
$$;
-- The estimated rows of the whole scan against the rows it returns: within a
-- factor of 2 (and 10 rows), where PostgreSQL's defaults for a time filter
-- are a third of the table or 0.5 % of it (src/time_estimate.c).
CREATE FUNCTION pg_temp.estimate_close(tbl text, filter text) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
    plan jsonb;
    actual float8;
    estimate float8;
BEGIN
    EXECUTE format('EXPLAIN (FORMAT JSON) SELECT * FROM %I WHERE %s', tbl, filter) INTO plan;
    EXECUTE format('SELECT count(*) FROM %I WHERE %s', tbl, filter) INTO actual;
    estimate := (plan->0->'Plan'->>'Plan Rows')::float8;
    RETURN estimate <= 2 * actual + 10 AND estimate >= actual / 2 - 10;
END
$$;

SELECT tbl, filter, pg_temp.partitions_scanned(tbl, filter) AS scans,
       pg_temp.same_as_unrewritten(tbl, filter) AS result,
       pg_temp.estimate_close(tbl, filter) AS estimate_close
  FROM (VALUES ('tp_iuid', 'iuid_timestamp(id) >= ''2024-02-10'' AND iuid_timestamp(id) < ''2024-02-11'''),
               ('tp_iuid', 'iuid_timestamp(id) >= ''2024-02-01'''),
               ('tp_iuid', 'iuid_timestamp(id) > ''2024-01-31 23:59:59.9995'''),
               ('tp_iuid', 'iuid_timestamp(id) > ''2024-01-31 23:59:59.999'''),
               ('tp_iuid', 'iuid_timestamp(id) < ''2024-02-01'''),
               ('tp_iuid', 'iuid_timestamp(id) <= ''2024-02-01'''),
               ('tp_iuid', 'iuid_timestamp(id) <= ''2024-01-31 23:59:59.9995'''),
               ('tp_iuid', 'iuid_timestamp(id) = ''2024-02-01 00:00:00.0005'''),
               ('tp_iuid', 'iuid_timestamp(id) = ''2024-01-31 23:59:59.999'''),
               ('tp_iuid', 'iuid_timestamp(id) BETWEEN ''2024-01-20'' AND ''2024-02-01'''),
               ('tp_iuid', '''2024-02-10'' <= iuid_timestamp(id) AND ''2024-02-11'' > iuid_timestamp(id)'),
               ('tp_iuid', 'iuid_timestamp(id::uuid) >= ''2024-02-10'''),
               ('tp_iuid', 'iuid_timestamp(id) >= ''infinity'''),
               ('tp_iuid', 'iuid_timestamp(id) < ''-infinity'''),
               ('tp_iuid', 'iuid_timestamp(id) < ''infinity'''),
               ('tp_iuid', 'iuid_timestamp(id) >= ''1900-01-01'''),
               ('tp_iuid', 'iuid_timestamp(id) >= NULL'),
               ('tp_iuid', 'iuid_timestamp(id) >= now() - interval ''1 day'''),
               ('tp_iuid', 'iuid_timestamp(id) >= ''2024-02-10'' OR iuid_timestamp(id) < ''2024-01-02'''),
               ('tp_dom', 'iuid_timestamp(id) >= ''2024-02-10'' AND iuid_timestamp(id) < ''2024-02-11'''),
               ('tp_dom', 'iuid_timestamp(id::uuid) < ''2024-02-01'''),
               ('tp_comb', 'comb_timestamp(id) >= ''2024-02-10'' AND comb_timestamp(id) < ''2024-02-11'''),
               ('tp_comb', 'comb_timestamp(id) >= ''2024-02-01'''),
               ('tp_comb', 'comb_timestamp(id) < ''2024-02-01'''),
               ('tp_comb', 'comb_timestamp(id) = ''2024-01-31 23:59:59.9995'''),
               ('tp_distid', 'distid_timestamp(id) >= ''2024-02-10'' AND distid_timestamp(id) < ''2024-02-11'''),
               ('tp_distid', 'distid_timestamp(id) >= ''2024-02-01'''),
               ('tp_distid', 'distid_timestamp(id) < ''2024-02-01'''),
               ('tp_distid', 'distid_timestamp(id) <= ''1800-01-01'''),
               ('tp_uuid', 'iuid_timestamp(id) >= ''2024-02-10'' AND iuid_timestamp(id) < ''2024-02-11'''),
               ('tp_uuid', 'iuid_timestamp(id) >= ''2024-02-01'''),
               ('tp_uuid', 'comb_prefix_timestamp(id) < ''2024-02-01'''),
               ('tp_uuid', 'comb_prefix_timestamp(id) = ''2024-01-31 23:59:59.999'''),
               ('tp_uuid', 'distid128_timestamp(id) >= ''2024-02-10'''),
               ('tp_uuid', 'iuid_timestamp(id) IS NULL')) v(tbl, filter);

-- Parameters under a generic plan, and now(): removed at executor start.
SET plan_cache_mode = force_generic_plan;
PREPARE tp_day(timestamptz, timestamptz) AS
SELECT count(*) FROM tp_iuid WHERE iuid_timestamp(id) >= $1 AND iuid_timestamp(id) < $2;
EXPLAIN (COSTS OFF) EXECUTE tp_day('2024-02-10', '2024-02-11');
EXECUTE tp_day('2024-02-10', '2024-02-11');
EXECUTE tp_day('2024-01-31 23:59:59.999', '2024-02-01 00:00:00.001');
SET uidx.time_filter_rewrite = off;
EXECUTE tp_day('2024-01-31 23:59:59.999', '2024-02-01 00:00:00.001');
RESET uidx.time_filter_rewrite;
RESET plan_cache_mode;
EXPLAIN (COSTS OFF)
SELECT count(*) FROM tp_iuid WHERE iuid_timestamp(id) >= now() - interval '1 day';
-- A partition read sequentially tests each row once: where the range is exact
-- (a key of the time function's own type), the filter is left out of the
-- scan, since the range's conditions, which it holds, enforce it
-- (docs/internals.md); on uuid, whose range other layouts pass too, the filter
-- stays.  The rows are those of the filter alone.
SET enable_indexscan = off;
SET enable_indexonlyscan = off;
SET enable_bitmapscan = off;
EXPLAIN (COSTS OFF)
SELECT count(*) FROM tp_iuid WHERE iuid_timestamp(id) >= '2024-02-10' AND iuid_timestamp(id) < '2024-02-11';
EXPLAIN (COSTS OFF)
SELECT count(*) FROM tp_uuid WHERE iuid_timestamp(id) >= '2024-02-10' AND iuid_timestamp(id) < '2024-02-11';
SELECT count(*) FROM tp_iuid WHERE iuid_timestamp(id) >= '2024-02-10' AND iuid_timestamp(id) < '2024-02-11';
SELECT count(*) FROM tp_iuid WHERE iuid_timestamp(id) > '2024-02-10 12:00' AND iuid_timestamp(id) <= '2024-02-11';
SET uidx.time_filter_rewrite = off;
SELECT count(*) FROM tp_iuid WHERE iuid_timestamp(id) >= '2024-02-10' AND iuid_timestamp(id) < '2024-02-11';
SELECT count(*) FROM tp_iuid WHERE iuid_timestamp(id) > '2024-02-10 12:00' AND iuid_timestamp(id) <= '2024-02-11';
RESET uidx.time_filter_rewrite;
RESET enable_indexscan;
RESET enable_indexonlyscan;
RESET enable_bitmapscan;
-- off: every partition, as before
SET uidx.time_filter_rewrite = off;
SELECT pg_temp.partitions_scanned('tp_iuid', 'iuid_timestamp(id) >= ''2024-02-10''');
SELECT pg_temp.index_cond('ti_iuid', 'iuid_timestamp(id) >= ''2024-02-19''');
RESET uidx.time_filter_rewrite;

-- A domain over iuid gets its index condition too.
CREATE TABLE ti_dom (id ti_iuid_domain PRIMARY KEY);
INSERT INTO ti_dom SELECT id FROM ti_iuid;
ANALYZE ti_dom;
SELECT pg_temp.index_cond('ti_dom', 'iuid_timestamp(id::uuid) >= ''2024-02-19''') AS domain_cast,
       pg_temp.index_cond('ti_dom', 'iuid_timestamp(id) >= ''2024-02-19''') AS domain;

-- Sub-partitions by time under a router partitioned in country order
-- (docs/regions.md "Regions"): the country partition stays, its months are pruned.
CREATE TABLE tp_router (id iuid NOT NULL) PARTITION BY RANGE (id iuid_country_ops);
SELECT uidx_attach_local_region('tp_router', '{1}');
SELECT count(*) FROM uidx_create_time_partitions('tp_router_c001', '2024-01-01', '2024-03-01', '1 month');
INSERT INTO tp_router SELECT id FROM ti_parts;
ANALYZE tp_router;
SELECT pg_temp.partitions_scanned('tp_router', 'iuid_timestamp(id) >= ''2024-02-10'' AND iuid_timestamp(id) < ''2024-02-11''') AS scans,
       pg_temp.same_as_unrewritten('tp_router', 'iuid_timestamp(id) >= ''2024-02-10'' AND iuid_timestamp(id) < ''2024-02-11''') AS result;
-- its registry row would give country 1 to later tests in this database
DROP TABLE tp_router;

-- A rewrite never needs a grant the query did not need: with EXECUTE on the
-- internal functions revoked, a role's time filters still run (unrewritten).
CREATE ROLE uidx_ti_reader;
GRANT SELECT ON ti_iuid, tp_iuid TO uidx_ti_reader;
REVOKE EXECUTE ON FUNCTION uidx_time_bound(timestamptz, integer, timestamptz, boolean) FROM PUBLIC;
REVOKE EXECUTE ON FUNCTION iuid_time_bound(timestamptz, boolean, boolean) FROM PUBLIC;
SET ROLE uidx_ti_reader;
SELECT count(*) FROM ti_iuid WHERE iuid_timestamp(id) >= now() - interval '900 days';
SELECT count(*) FROM tp_iuid WHERE iuid_timestamp(id) >= now() - interval '900 days';
SELECT count(*) FROM tp_iuid WHERE iuid_timestamp(id) >= '2024-02-10';
RESET ROLE;
GRANT EXECUTE ON FUNCTION uidx_time_bound(timestamptz, integer, timestamptz, boolean) TO PUBLIC;
-- A plan cached by a role that may run them, executed after SET ROLE to one
-- that may not, is made again for that role instead of failing.
SET plan_cache_mode = force_generic_plan;
PREPARE tp_since(timestamptz) AS SELECT count(*) FROM tp_iuid WHERE iuid_timestamp(id) >= $1;
EXECUTE tp_since('2024-02-10');
REVOKE EXECUTE ON FUNCTION iuid_time_bound(timestamptz, boolean, boolean) FROM PUBLIC;
SET ROLE uidx_ti_reader;
EXECUTE tp_since('2024-02-10');
RESET ROLE;
EXECUTE tp_since('2024-02-10');
DEALLOCATE tp_since;
RESET plan_cache_mode;
GRANT EXECUTE ON FUNCTION iuid_time_bound(timestamptz, boolean, boolean) TO PUBLIC;
DROP OWNED BY uidx_ti_reader;
DROP ROLE uidx_ti_reader;

-- The key bounds (src/time_bounds.c) are exactly the time function's
-- comparison, for keys and instants around millisecond edges, the epochs and
-- the ends of the field: f(x) >= t is x >= KEY_time_bound(t, false, true),
-- f(x) > t is x >= KEY_time_bound(t, false, false), f(x) < t is
-- x <= KEY_time_bound(t, true, false) and f(x) <= t is
-- x <= KEY_time_bound(t, true, true), where a NULL bound (no key beyond the
-- instant) holds for no key, as the filter does.  No row printed means none
-- differs.
WITH instants(t) AS (
    SELECT unnest(ARRAY['-infinity', '1699-12-31 23:59:59.9999', '1700-01-01', '1899-12-31 23:59:59.999',
                        '1900-01-01', '1900-01-01 00:00:00.0005', '1969-12-31 23:59:59.999', '1970-01-01',
                        '1970-01-01 00:00:00.0001', '2024-02-01', '2024-02-01 00:00:00.0005',
                        '2024-02-01 00:00:00.001', '2024-01-31 23:59:59.999', '2024-01-31 23:59:59.9995',
                        '10889-08-02 05:31:50.655', '10889-08-02 05:31:50.656', 'infinity']::timestamptz[])
), keys(k) AS (
    SELECT unnest(ARRAY['1970-01-01', '1970-01-01 00:00:00.001', '2024-01-31 23:59:59.999',
                        '2024-02-01', '2024-02-01 00:00:00.001', '10889-08-02 05:31:50.655']::timestamptz[])
), iuids(x) AS (
    SELECT iuid_from_parts(k, c, 2, r) FROM keys, unnest(ARRAY[0, 255]) c, unnest(ARRAY[0, 1, 12345]) r
), combs(x) AS (
    SELECT comb_suffix_from_parts(k, decode(md5(k::text || r), 'hex')) FROM keys, unnest(ARRAY[1, 2]) r
    UNION ALL SELECT comb_lower_bound(k) FROM keys
), distids(x) AS (
    SELECT distid_lower_bound(k) FROM keys WHERE k < '2100-01-01'
)
SELECT 'iuid' AS type, t, x::text FROM instants, iuids
 WHERE ((x >= iuid_time_bound(t, false, true)) IS TRUE) <> ((iuid_timestamp(x) >= t) IS TRUE)
    OR ((x >= iuid_time_bound(t, false, false)) IS TRUE) <> ((iuid_timestamp(x) > t) IS TRUE)
    OR ((x <= iuid_time_bound(t, true, false)) IS TRUE) <> ((iuid_timestamp(x) < t) IS TRUE)
    OR ((x <= iuid_time_bound(t, true, true)) IS TRUE) <> ((iuid_timestamp(x) <= t) IS TRUE)
UNION ALL
SELECT 'comb', t, x::text FROM instants, combs
 WHERE ((x >= comb_time_bound(t, false, true)) IS TRUE) <> ((comb_timestamp(x) >= t) IS TRUE)
    OR ((x >= comb_time_bound(t, false, false)) IS TRUE) <> ((comb_timestamp(x) > t) IS TRUE)
    OR ((x <= comb_time_bound(t, true, false)) IS TRUE) <> ((comb_timestamp(x) < t) IS TRUE)
    OR ((x <= comb_time_bound(t, true, true)) IS TRUE) <> ((comb_timestamp(x) <= t) IS TRUE)
UNION ALL
SELECT 'distid', t, x::text FROM instants, distids
 WHERE ((x >= distid_time_bound(t, false, true)) IS TRUE) <> ((distid_timestamp(x) >= t) IS TRUE)
    OR ((x >= distid_time_bound(t, false, false)) IS TRUE) <> ((distid_timestamp(x) > t) IS TRUE)
    OR ((x <= distid_time_bound(t, true, false)) IS TRUE) <> ((distid_timestamp(x) < t) IS TRUE)
    OR ((x <= distid_time_bound(t, true, true)) IS TRUE) <> ((distid_timestamp(x) <= t) IS TRUE);
-- Where no key lies beyond an instant the bound is NULL (no key satisfies the
-- filter); on its near side it is the type's first or last valid key: a
-- distid's field ends in 3015 (below 2^93), an iUID keeps version 8, format
-- 0 and variant 10.  Each bound reads back through the type's text form,
-- as postgres_fdw and Citus send it (docs/internals.md).
SELECT iuid_time_bound('infinity', false, true) IS NULL AS iuid_none_after,
       iuid_time_bound('-infinity', true, false) IS NULL AS iuid_none_before,
       distid_time_bound('3015-01-01', false, true) IS NULL AS distid_none_after_3015,
       comb_time_bound('infinity', false, true) IS NULL AS comb_none_after,
       comb_time_bound('-infinity', true, false) IS NULL AS comb_none_before;
SELECT iuid_time_bound('infinity', true, true)::text::iuid AS iuid_last,
       iuid_time_bound('-infinity', false, true)::text::iuid AS iuid_first,
       iuid_time_bound('2026-10-16', true, true)::text::iuid AS iuid_last_of_ms,
       distid_time_bound('3015-01-01', true, true)::text::distid AS distid_last,
       distid_time_bound('3014-12-13 12:41:28.831', false, true)::text::distid AS distid_last_ms_first,
       comb_time_bound('infinity', true, true)::text::comb AS comb_last;

-- uidx_create_time_partitions' bounds are those keys: a month's partition is
-- the one partition of a filter that starts at its first instant.
SELECT pg_get_expr(relpartbound, oid) LIKE '%' || iuid_lower_bound('2024-02-01') || '%' AS bound_is_lower_bound,
       iuid_time_bound('2024-02-01', false, true) = iuid_lower_bound('2024-02-01') AS same_key
  FROM pg_class WHERE relname = 'tp_iuid_p20240201';
-- No operator family holds a comparison of a key with a time (1.2's did).
SELECT amopopr::regoperator, amopstrategy
  FROM pg_amop WHERE amoprighttype = 'timestamptz'::regtype
   AND amopmethod = (SELECT oid FROM pg_am WHERE amname = 'btree')
   AND amoplefttype IN ('iuid'::regtype, 'comb'::regtype, 'distid'::regtype, 'uuid'::regtype)
 ORDER BY amoplefttype::regtype::text, amopstrategy;

-- The bound itself: clamped, never an error.
SELECT uidx_time_bound('2024-01-01 00:00:00.0005', 0, '1970-01-01', false) AS lower,
       uidx_time_bound('2024-01-01 00:00:00.0005', 10, '1970-01-01', true) AS upper_at_10,
       uidx_time_bound('1800-01-01', 4, '1900-01-01', false) AS before_epoch,
       uidx_time_bound('infinity', 0, '1970-01-01', true) AS at_infinity,
       uidx_time_bound('294276-01-01', 0, '1700-01-01', false) AS far;
SELECT uidx_time_bound('2024-01-01', 11, '1970-01-01', false);

-- Every constant a time filter puts into a plan is a value of its type: the
-- text EXPLAIN shows (and postgres_fdw and Citus send) reads back with the
-- type's input function, for filters at millisecond edges and past each
-- layout's first and last millisecond, as pruning conditions and as index
-- conditions.  A constant that does not read back is a warning.
CREATE FUNCTION pg_temp.plan_constants_read_back(tbl text, filter text) RETURNS int LANGUAGE plpgsql AS $$
DECLARE
    line text;
    m text[];
    n int := 0;
BEGIN
    SET LOCAL enable_seqscan = off;
    SET LOCAL enable_bitmapscan = off;
    FOR line IN EXECUTE format('EXPLAIN (VERBOSE, COSTS OFF) SELECT count(*) FROM %I WHERE %s', tbl, filter) LOOP
        FOR m IN SELECT regexp_matches(line, '''([^'']*)''::(iuid|comb|distid|uuid)\M', 'g') LOOP
            BEGIN
                EXECUTE format('SELECT %L::%s', m[1], m[2]);
                n := n + 1;
            EXCEPTION WHEN invalid_text_representation OR numeric_value_out_of_range THEN
                RAISE WARNING '%: %::% does not read back: %', filter, m[1], m[2], SQLERRM;
            END;
        END LOOP;
    END LOOP;
    RETURN n;
END
$$;
SELECT tbl, count(*) AS filters, sum(pg_temp.plan_constants_read_back(tbl, filter)) AS constants_read_back
  FROM (VALUES ('tp_iuid'), ('ti_iuid'), ('tp_distid'), ('ti_distid'), ('tp_comb'), ('ti_comb'), ('ti_uuid')) t(tbl),
       (VALUES ('<= ''2026-10-16'''), ('< ''2024-01-03'''), ('>= ''2024-01-03'''), ('= ''2024-01-03 00:07:00.001'''),
               ('<= ''3015-01-01'''), ('>= ''3014-12-13 12:41:28.831'''), ('<= ''20000-01-01'''),
               ('>= ''1800-01-01'''), ('< ''infinity'''), ('>= ''-infinity'''), ('> ''infinity'''),
               ('< ''1800-01-01''')) f(cmp),
       LATERAL (SELECT CASE WHEN tbl LIKE '%iuid' OR tbl LIKE '%uuid' THEN 'iuid' WHEN tbl LIKE '%distid' THEN 'distid' ELSE 'comb' END
                       || '_timestamp(id) ' || cmp AS filter) q
 GROUP BY tbl ORDER BY tbl;

-- The rewrite never adds an error: a date or timestamp beyond what a
-- timestamptz holds (in the session's time zone) is after every key, as
-- PostgreSQL's own cross-type comparison reads it; plain, EXPLAIN, generic
-- plans, DML, OR arms.  Each line: the count with the rewrite on, and
-- whether it is the count with it off.
CREATE FUNCTION pg_temp.same_count(q text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
    on_count bigint;
    off_count bigint;
BEGIN
    SET LOCAL uidx.time_filter_rewrite = off;
    EXECUTE q INTO off_count;
    SET LOCAL uidx.time_filter_rewrite = on;
    EXECUTE 'EXPLAIN ' || q;
    EXECUTE q INTO on_count;
    RETURN on_count || CASE WHEN on_count = off_count THEN ' rows, as with the rewrite off' ELSE ' rows, not ' || off_count END;
END
$$;
SET TimeZone = 'America/St_Johns';
SELECT q, pg_temp.same_count(q) AS result
  FROM (VALUES ('SELECT count(*) FROM tp_iuid WHERE iuid_timestamp(id) < date ''300000-01-01'''),
               ('SELECT count(*) FROM ti_iuid WHERE iuid_timestamp(id) < date ''300000-01-01'''),
               ('SELECT count(*) FROM tp_iuid WHERE iuid_timestamp(id) < timestamp ''294276-12-31 23:00'''),
               ('SELECT count(*) FROM ti_distid WHERE distid_timestamp(id) >= timestamp ''294276-12-31 23:00'''),
               ('SELECT count(*) FROM tp_comb WHERE comb_timestamp(id) > date ''300000-01-01'' OR comb_timestamp(id) < ''2024-01-02'''),
               ('SELECT count(*) FROM ti_uuid WHERE iuid_timestamp(id) BETWEEN date ''2024-01-10'' AND date ''5874897-12-31'''),
               ('SELECT count(*) FROM tp_uuid WHERE comb_prefix_timestamp(id) <= timestamp ''294276-12-31 23:59:59.999999'''),
               ('SELECT count(*) FROM tp_distid WHERE distid_timestamp(id) > date ''4713-01-01 BC'''),
               ('WITH d AS (DELETE FROM tp_iuid WHERE iuid_timestamp(id) >= date ''300000-01-01'' RETURNING 1) SELECT count(*) FROM d'),
               ('WITH u AS (UPDATE ti_iuid SET id = id WHERE iuid_timestamp(id) > timestamp ''294276-12-31 23:00'' RETURNING 1) SELECT count(*) FROM u')) v(q);
SET plan_cache_mode = force_generic_plan;
PREPARE tp_before(date, timestamp) AS
  SELECT count(*) FROM tp_iuid WHERE iuid_timestamp(id) < $1 AND iuid_timestamp(id) <= $2;
EXECUTE tp_before('300000-01-01', '294276-12-31 23:00');
EXECUTE tp_before('2024-01-03', '294276-12-31 23:00');
EXPLAIN (COSTS OFF) EXECUTE tp_before('300000-01-01', '294276-12-31 23:00');
DEALLOCATE tp_before;
RESET plan_cache_mode;
SET TimeZone = 'UTC';
