-- uidx's types give the same rows, or an error, wherever uidx's schema is
-- (README "Conventions").  PostgreSQL looks operators up in the search_path
-- and always in pg_catalog, so with uidx's schema off the path a comparison
-- of an iuid, comb or distid finds only core's operators: an implicit cast to
-- uuid would make `comb_col < '...'` compare in uuid's byte order (other
-- rows), and `iuid_col = '...'` scan every partition.  The casts to uuid are
-- assignment casts, so each comparison below is an error off the path; what
-- needs no operator by name (ORDER BY) and OPERATOR(schema.op) give the same
-- rows.
--
-- uidx is installed in public here; "off the path" is a search_path that
-- names a schema without uidx, as with CREATE EXTENSION uidx SCHEMA ids.
-- Each statement runs on the path and off it, each time in a subtransaction
-- that is rolled back (DML changes nothing); the rows it returns are compared.
\i test/regress/error_of.sql
SET client_min_messages = warning;
CREATE SCHEMA uidx_elsewhere;

CREATE FUNCTION pg_temp.rows_of(statement text, path text, param uuid) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
    result text;
BEGIN
    PERFORM pg_catalog.set_config('search_path', path, true);
    BEGIN
        EXECUTE pg_catalog.format('WITH s(x) AS (%s) SELECT pg_catalog.count(*) OPERATOR(pg_catalog.||) '' rows '''
                                  ' OPERATOR(pg_catalog.||) COALESCE(pg_catalog.md5(pg_catalog.string_agg(x::pg_catalog.text, '','' ORDER BY x::pg_catalog.text COLLATE pg_catalog."C")), '''')'
                                  ' FROM s', statement)
            INTO result USING param;
        RAISE SQLSTATE 'UXRBK';
    EXCEPTION
        WHEN SQLSTATE 'UXRBK' THEN NULL;
        WHEN OTHERS THEN result := 'error ' OPERATOR(pg_catalog.||) SQLSTATE OPERATOR(pg_catalog.||) ': ' OPERATOR(pg_catalog.||) SQLERRM;
    END;
    RETURN result;
END
$$;
-- on the path: the row count; off it: the same rows, an error, or OTHER ROWS
CREATE FUNCTION pg_temp.off_path(statement text, param uuid DEFAULT NULL) RETURNS TABLE (on_path text, off_path text)
LANGUAGE plpgsql AS $$
DECLARE
    here text := pg_temp.rows_of(statement, 'public', param);
    there text := pg_temp.rows_of(statement, 'uidx_elsewhere', param);
BEGIN
    on_path := pg_catalog.split_part(here, ' ', 1) OPERATOR(pg_catalog.||) ' ' OPERATOR(pg_catalog.||) pg_catalog.split_part(here, ' ', 2);
    off_path := CASE WHEN there OPERATOR(pg_catalog.~~) 'error %' THEN there
                     WHEN there OPERATOR(pg_catalog.=) here THEN 'same rows'
                     ELSE 'OTHER ROWS: ' OPERATOR(pg_catalog.||) pg_catalog.split_part(there, ' ', 1) END;
    RETURN NEXT;
END
$$;

-- ---------------------------------------------------------------------------
-- Each type in a table partitioned by it (monthly time partitions), its
-- bytes also as uuid; comb's random leading bytes make uuid's order differ.
-- ---------------------------------------------------------------------------
CREATE DOMAIN comb_key AS comb;
CREATE TABLE op_iuid (id iuid NOT NULL, u uuid) PARTITION BY RANGE (id);
CREATE TABLE op_comb (id comb NOT NULL, u uuid) PARTITION BY RANGE (id);
CREATE TABLE op_distid (id distid NOT NULL, u uuid) PARTITION BY RANGE (id);
CREATE TABLE op_domain (id comb_key NOT NULL, u uuid);
SELECT count(*) AS partitions
  FROM unnest(ARRAY['op_iuid', 'op_comb', 'op_distid']::regclass[]) t,
       LATERAL uidx_create_time_partitions(t, '2024-01-01', '2024-07-01', '1 month');
INSERT INTO op_iuid SELECT v, v::uuid FROM (
    SELECT iuid_from_parts('2024-01-01'::timestamptz + g * interval '13 h', 1, 1, g * 7919) v FROM generate_series(1, 300) g) s;
INSERT INTO op_comb SELECT v, v::uuid FROM (
    SELECT comb_suffix_from_parts('2024-01-01'::timestamptz + g * interval '13 h', decode(md5(g::text), 'hex')) v
      FROM generate_series(1, 300) g) s;
INSERT INTO op_distid SELECT v, v::uuid FROM (
    SELECT (distid_lower_bound('2024-01-01'::timestamptz + g * interval '13 h')::numeric + g)::distid v
      FROM generate_series(1, 300) g) s;
INSERT INTO op_domain SELECT id, u FROM op_comb;
ANALYZE op_iuid, op_comb, op_distid, op_domain;

-- two values of each table, its 100th and 200th in the type's order, as
-- the type's text and as uuid's
CREATE TEMP TABLE pivots AS
SELECT t, ids[100] AS lo, ids[200] AS hi, uuids[100] AS ulo, uuids[200] AS uhi
  FROM (SELECT 'op_iuid' AS t, array_agg(id::text ORDER BY id) AS ids, array_agg(id::uuid::text ORDER BY id) AS uuids FROM op_iuid
        UNION ALL SELECT 'op_comb', array_agg(id::text ORDER BY id), array_agg(id::uuid::text ORDER BY id) FROM op_comb
        UNION ALL SELECT 'op_distid', array_agg(id::text ORDER BY id), array_agg(id::uuid::text ORDER BY id) FROM op_distid
        UNION ALL SELECT 'op_domain', array_agg(id::text ORDER BY id), array_agg(id::uuid::text ORDER BY id) FROM op_domain) s;
-- in uuid's order the comb pivots split the rows otherwise (what an implicit
-- cast to uuid would have compared)
SELECT t, count(*) FILTER (WHERE id < lo::comb) AS comb_order, count(*) FILTER (WHERE id::uuid < ulo::uuid) AS uuid_order
  FROM op_comb, pivots WHERE t = 'op_comb' GROUP BY t;

-- ---------------------------------------------------------------------------
-- Every comparison, with a literal, a uuid constant, a uuid parameter and a
-- uuid column; in WHERE, in a join, in DML.  %1$s is the table, %2$L and
-- %3$L its two values, %4$L and %5$L the same as uuids, %6$L both as an
-- array literal, $1 the first as a uuid parameter.
-- ---------------------------------------------------------------------------
CREATE TEMP TABLE forms (n int, form text);
INSERT INTO forms VALUES
    (1, 'SELECT id FROM public.%1$s WHERE id < %2$L'),
    (2, 'SELECT id FROM public.%1$s WHERE id <= %2$L'),
    (3, 'SELECT id FROM public.%1$s WHERE id = %2$L'),
    (4, 'SELECT id FROM public.%1$s WHERE id >= %2$L'),
    (5, 'SELECT id FROM public.%1$s WHERE id > %2$L'),
    (6, 'SELECT id FROM public.%1$s WHERE id <> %2$L'),
    (7, 'SELECT id FROM public.%1$s WHERE id BETWEEN %2$L AND %3$L'),
    (8, 'SELECT id FROM public.%1$s WHERE id NOT BETWEEN %2$L AND %3$L'),
    (9, 'SELECT id FROM public.%1$s WHERE id IN (%2$L, %3$L)'),
    (10, 'SELECT id FROM public.%1$s WHERE id = ANY (%6$L)'),
    (11, 'SELECT id FROM public.%1$s WHERE id IS DISTINCT FROM %2$L'),
    (12, 'SELECT id FROM public.%1$s WHERE (id, 1) < (%2$L, 2)'),
    (13, 'SELECT id FROM public.%1$s WHERE id < %4$L::pg_catalog.uuid'),
    (14, 'SELECT id FROM public.%1$s WHERE id >= %4$L::pg_catalog.uuid AND id < %5$L::pg_catalog.uuid'),
    (15, 'SELECT id FROM public.%1$s WHERE id IN (%4$L::pg_catalog.uuid, %5$L::pg_catalog.uuid)'),
    (16, 'SELECT id FROM public.%1$s WHERE id = ANY (ARRAY[%4$L, %5$L]::pg_catalog.uuid[])'),
    (17, 'SELECT id FROM public.%1$s WHERE id = $1'),
    (18, 'SELECT id FROM public.%1$s WHERE id < $1'),
    (19, 'SELECT id FROM public.%1$s WHERE $1 > id'),
    (20, 'SELECT a.id FROM public.%1$s a JOIN public.%1$s b ON a.id < b.u WHERE b.u = %4$L::pg_catalog.uuid'),
    (21, 'SELECT a.id FROM public.%1$s a JOIN public.%1$s b ON a.id = b.u'),
    (22, 'SELECT a.id FROM public.%1$s a JOIN public.%1$s b ON a.id = b.id WHERE b.u = %4$L::pg_catalog.uuid'),
    (23, 'SELECT id FROM public.%1$s ORDER BY id LIMIT 50'),
    (24, 'SELECT max(id) FROM public.%1$s'),
    (25, 'DELETE FROM public.%1$s WHERE id < %2$L RETURNING id'),
    (26, 'UPDATE public.%1$s SET u = NULL WHERE id > %3$L RETURNING id'),
    (27, 'SELECT id FROM public.%1$s WHERE id OPERATOR(public.<) %2$L');
SELECT f.n, p.t, o.on_path, o.off_path
  FROM forms f CROSS JOIN pivots p,
       LATERAL pg_temp.off_path(format(f.form, p.t, p.lo, p.hi, p.ulo, p.uhi, '{' || p.lo || ',' || p.hi || '}'), p.ulo::uuid) o
 ORDER BY f.n, p.t COLLATE "C";
-- the forms, for reading the table above
SELECT n, form FROM forms ORDER BY n;

-- Nothing was changed by the DML above.
SELECT (SELECT count(*) FROM op_iuid) AS iuid_rows, (SELECT count(*) FROM op_comb) AS comb_rows,
       (SELECT count(*) FROM op_distid) AS distid_rows, (SELECT count(*) FROM op_comb WHERE u IS NULL) AS nulled;

-- On the path nothing changed: the type's operators, the index, pruning.
EXPLAIN (COSTS OFF) SELECT id FROM op_iuid WHERE id = '018cd0a1-ce80-8001-8000-00000001ee6f';
SELECT pg_typeof(x) FROM (SELECT id::uuid AS x FROM op_comb LIMIT 1) s;  -- an explicit cast
SELECT pg_temp.error_of($$SELECT uuid_send(id) FROM op_comb LIMIT 1$$) AS where_a_uuid_is_expected;
