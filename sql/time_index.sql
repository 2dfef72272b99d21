-- Time filters that use the index: `f(id) >= c` for the time functions whose
-- millisecond field the index order reads first becomes an index condition on
-- id (README "Time filters that use the index").  Results must equal those
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

-- Partition pruning does not use the condition: it needs the id-range form.
CREATE TABLE ti_parts (id iuid PRIMARY KEY) PARTITION BY RANGE (id);
SELECT count(*) FROM uidx_create_time_partitions('ti_parts', '2024-01-01', '2024-03-01', '1 month');
INSERT INTO ti_parts SELECT id FROM ti_iuid;
ANALYZE ti_parts;
EXPLAIN (COSTS OFF)
SELECT * FROM ti_parts WHERE iuid_timestamp(id) >= '2024-02-10' AND iuid_timestamp(id) < '2024-02-11';
EXPLAIN (COSTS OFF)
SELECT * FROM ti_parts WHERE id >= iuid_lower_bound('2024-02-10') AND id < iuid_lower_bound('2024-02-11');

-- The bound itself: clamped, never an error.
SELECT uidx_time_bound('2024-01-01 00:00:00.0005', 0, '1970-01-01', false) AS lower,
       uidx_time_bound('2024-01-01 00:00:00.0005', 10, '1970-01-01', true) AS upper_at_10,
       uidx_time_bound('1800-01-01', 4, '1900-01-01', false) AS before_epoch,
       uidx_time_bound('infinity', 0, '1970-01-01', true) AS at_infinity,
       uidx_time_bound('294276-01-01', 0, '1700-01-01', false) AS far;
SELECT uidx_time_bound('2024-01-01', 11, '1970-01-01', false);
