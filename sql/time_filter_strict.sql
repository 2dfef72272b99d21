-- The time-filter rewrite is strict and equivalent for every input
-- (docs/internals.md "Strict and equivalent"): a derived condition is NULL
-- wherever the user's clause is, so a NULL bound, however it reaches the
-- plan (a sub-select, a generic plan's parameter, a stable expression),
-- matches no row with the rewrite on as with it off; a bound past a type's
-- range fails only where the clause itself fails.  Each statement runs with
-- the rewrite on and off; DML is counted in a subtransaction that is rolled
-- back.
SET timezone = 'UTC';
CREATE DOMAIN sf_iuid AS iuid;
CREATE TABLE sf_p (id iuid PRIMARY KEY, k int NOT NULL) PARTITION BY RANGE (id);
SELECT count(*) FROM uidx_create_time_partitions('sf_p', '2026-01-01', '2026-04-01', '1 month');
CREATE TABLE sf_p_default PARTITION OF sf_p DEFAULT;
INSERT INTO sf_p SELECT iuid_from_parts('2026-01-01'::timestamptz + g * interval '2 hours', 42, 7, g), g
  FROM generate_series(0, 999) g;
CREATE TABLE sf_c (id comb PRIMARY KEY, k int NOT NULL) PARTITION BY RANGE (id);
SELECT count(*) FROM uidx_create_time_partitions('sf_c', '2026-01-01', '2026-04-01', '1 month');
INSERT INTO sf_c SELECT comb_suffix_from_parts(iuid_timestamp(id), decode(md5(k::text), 'hex')), k FROM sf_p;
CREATE TABLE sf_d (id distid PRIMARY KEY, k int NOT NULL) PARTITION BY RANGE (id);
SELECT count(*) FROM uidx_create_time_partitions('sf_d', '2026-01-01', '2026-04-01', '1 month');
INSERT INTO sf_d SELECT distid_lower_bound(iuid_timestamp(id)), k FROM sf_p;
CREATE TABLE sf_u (id uuid PRIMARY KEY, k int NOT NULL) PARTITION BY RANGE (id);
SELECT count(*) FROM uidx_create_time_partitions('sf_u', '2026-01-01', '2026-04-01', '1 month');
INSERT INTO sf_u SELECT id::uuid, k FROM sf_p;
CREATE TABLE sf_t (id sf_iuid PRIMARY KEY, k int NOT NULL);
INSERT INTO sf_t SELECT id, k FROM sf_p;
ANALYZE sf_p, sf_c, sf_d, sf_u, sf_t;
-- the bounds: every column NULL in row 1, beyond each type's range in rows 2 and 3
CREATE TABLE sf_b (k int PRIMARY KEY, d date, ts timestamp, tz timestamptz);
INSERT INTO sf_b VALUES (1, NULL, NULL, NULL),
    (2, '294277-01-01', '294276-12-31 23:00', '294276-12-31 23:00+00'),
    (3, '-infinity', '-infinity', '-infinity'), (4, 'infinity', 'infinity', 'infinity');

-- The rows a statement returns (SELECT count(*)) or changes (DML), with the
-- rewrite on and with it off; DML inside a subtransaction rolled back.
CREATE FUNCTION sf_count(stmt text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
    n_on bigint;
    n_off bigint;
    err_on text;
    err_off text;
BEGIN
    FOR pass IN 1 .. 2 LOOP
        PERFORM set_config('uidx.time_filter_rewrite', CASE pass WHEN 1 THEN 'on' ELSE 'off' END, true);
        DECLARE
            n bigint;
            e text;
        BEGIN
            BEGIN
                IF stmt ~* '^\s*SELECT' THEN
                    EXECUTE stmt INTO n;
                ELSE
                    EXECUTE stmt;
                    GET DIAGNOSTICS n = ROW_COUNT;
                END IF;
                RAISE EXCEPTION USING ERRCODE = 'P0099', MESSAGE = n::text;
            EXCEPTION WHEN SQLSTATE 'P0099' THEN
                n := SQLERRM::bigint;
            WHEN OTHERS THEN
                e := SQLSTATE;
            END;
            IF pass = 1 THEN n_on := n; err_on := e; ELSE n_off := n; err_off := e; END IF;
        END;
    END LOOP;
    PERFORM set_config('uidx.time_filter_rewrite', 'on', true);
    RETURN coalesce(n_on::text, 'error ' || err_on)
           || CASE WHEN n_on IS NOT DISTINCT FROM n_off AND err_on IS NOT DISTINCT FROM err_off
                   THEN ', as unrewritten'
                   ELSE ' DIFFERENT from unrewritten: ' || coalesce(n_off::text, 'error ' || err_off) END;
END
$$;
-- uidx is loaded (above) before any query below is planned

-- A NULL bound from a sub-select, of every type, on every key type
-- (each line: 15 statements, `>`, `>=`, `<`, `<=`, `=` by each of date,
-- timestamp and timestamptz, and the distinct answers they give)
SELECT tbl, count(*) AS statements, string_agg(DISTINCT n, '; ') AS deleted
  FROM (SELECT tbl, ty, op, sf_count(format('DELETE FROM %s WHERE %s(id) %s (SELECT %s FROM sf_b WHERE k = 1)',
                                            tbl, fn, op, ty)) AS n
          FROM (VALUES ('sf_p', 'iuid_timestamp'), ('sf_c', 'comb_timestamp'), ('sf_d', 'distid_timestamp'),
                       ('sf_u', 'iuid_timestamp'), ('sf_t', 'iuid_timestamp')) t(tbl, fn),
               (VALUES ('d'), ('ts'), ('tz')) b(ty),
               (VALUES ('>'), ('>='), ('<'), ('<='), ('=')) o(op)) s
 GROUP BY tbl ORDER BY tbl;
-- BETWEEN, UPDATE, MERGE, SELECT, one NULL end
SELECT sf_count($$SELECT count(*) FROM sf_p WHERE iuid_timestamp(id) BETWEEN '2026-01-01'::date AND (SELECT d FROM sf_b WHERE k = 1)$$);
SELECT sf_count($$SELECT count(*) FROM sf_p WHERE iuid_timestamp(id) BETWEEN (SELECT ts FROM sf_b WHERE k = 1) AND '2026-03-01'$$);
SELECT sf_count($$UPDATE sf_p SET k = -k WHERE iuid_timestamp(id) >= (SELECT d FROM sf_b WHERE k = 1)$$);
SELECT sf_count($$MERGE INTO sf_p t USING sf_b b ON b.k = 1 AND iuid_timestamp(t.id) > (SELECT ts FROM sf_b WHERE k = 1) WHEN MATCHED THEN DELETE$$);
SELECT sf_count($$DELETE FROM sf_c WHERE comb_timestamp(id) BETWEEN (SELECT d FROM sf_b WHERE k = 1) AND 'infinity'::date$$);
-- a NULL from a stable expression
SELECT sf_count($$DELETE FROM sf_p WHERE iuid_timestamp(id) > nullif(localtimestamp, localtimestamp)$$);
SELECT sf_count($$DELETE FROM sf_d WHERE distid_timestamp(id) >= nullif(current_date, current_date)$$);
-- from a WITH query, and a join's other side
SELECT sf_count($$WITH w AS (SELECT ts FROM sf_b WHERE k = 1) DELETE FROM sf_p WHERE iuid_timestamp(id) > (SELECT ts FROM w)$$);
SELECT sf_count($$SELECT count(*) FROM sf_p p JOIN sf_b b ON iuid_timestamp(p.id) > b.d WHERE b.k = 1$$);
-- through a UNION ALL subquery
SELECT sf_count($$SELECT count(*) FROM (SELECT id FROM sf_p UNION ALL SELECT id FROM sf_p) s WHERE iuid_timestamp(id) >= (SELECT d FROM sf_b WHERE k = 1)$$);
-- past the types' ranges and infinite, through a sub-select
SELECT k, ty, op, sf_count(format('DELETE FROM sf_p WHERE iuid_timestamp(id) %s (SELECT %s FROM sf_b WHERE k = %s)',
                                  op, ty, k)) AS n
  FROM (VALUES (2), (3), (4)) b(k), (VALUES ('d'), ('ts'), ('tz')) t(ty), (VALUES ('>'), ('<=')) o(op)
 ORDER BY 1, 2, 3;

-- A generic plan's NULL parameter, each type
SET plan_cache_mode = force_generic_plan;
PREPARE sf_d1(timestamp) AS DELETE FROM sf_p WHERE iuid_timestamp(id) >= $1;
PREPARE sf_d2(date) AS DELETE FROM sf_p WHERE iuid_timestamp(id) > $1;
PREPARE sf_d3(timestamptz, date) AS DELETE FROM sf_c WHERE comb_timestamp(id) BETWEEN $1 AND $2;
PREPARE sf_d4(date) AS DELETE FROM sf_t WHERE iuid_timestamp(id) >= $1;
PREPARE sf_d5(timestamp) AS DELETE FROM sf_u WHERE iuid_timestamp(id) >= $1;
BEGIN;
EXECUTE sf_d1(NULL);
EXECUTE sf_d2(NULL);
EXECUTE sf_d3('2026-01-01', NULL);
EXECUTE sf_d4(NULL);
EXECUTE sf_d5(NULL);
-- the same statements find rows where the parameter is not NULL
EXECUTE sf_d1('2026-03-20');
EXECUTE sf_d2('2026-03-10');
EXECUTE sf_d3('2026-01-01', '2026-01-02');
ROLLBACK;
DEALLOCATE ALL;

-- A cast to timestamptz that fails past its range, in a clause no row
-- reaches: no error with the rewrite, as without it (in the zone where the
-- issue was seen, and at both far ends of the offsets)
SET timezone = 'America/St_Johns';
PREPARE sf_q2(timestamptz, date) AS SELECT count(*) FROM sf_p
  WHERE iuid_timestamp(id) >= $1 AND iuid_timestamp(id) < $2::timestamptz;
EXECUTE sf_q2('294276-12-31 23:59:59+00', '294277-01-01');
PREPARE sf_q3(timestamptz, timestamp) AS SELECT count(*) FROM sf_p
  WHERE iuid_timestamp(id) >= $1 AND iuid_timestamp(id) < $2::timestamptz;
SET timezone = 'Etc/GMT+12';
EXECUTE sf_q3('294276-12-31 23:59:59+00', '294276-12-31 23:00');
-- a date cast to timestamp, which fails past timestamp's range
PREPARE sf_q4(timestamptz, date) AS SELECT count(*) FROM sf_p
  WHERE iuid_timestamp(id) >= $1 AND iuid_timestamp(id) < $2::timestamp;
EXECUTE sf_q4('294276-12-31 23:59:59+00', '294277-01-01');
-- the same casts with a precision, or as a call of the cast's function
PREPARE sf_q5(timestamptz, date) AS SELECT count(*) FROM sf_p
  WHERE iuid_timestamp(id) >= $1 AND iuid_timestamp(id) < $2::timestamptz(3);
EXECUTE sf_q5('294276-12-31 23:59:59+00', '294277-01-01');
PREPARE sf_q6(timestamptz, date) AS SELECT count(*) FROM sf_p
  WHERE iuid_timestamp(id) >= $1 AND iuid_timestamp(id) < $2::timestamp(0);
EXECUTE sf_q6('294276-12-31 23:59:59+00', '294277-01-01');
PREPARE sf_q7(timestamptz, date) AS SELECT count(*) FROM sf_p
  WHERE iuid_timestamp(id) >= $1 AND iuid_timestamp(id) < timestamptz($2);
EXECUTE sf_q7('294276-12-31 23:59:59+00', '294277-01-01');
SET timezone = 'Etc/GMT+12';
PREPARE sf_q8(timestamptz, timestamp) AS SELECT count(*) FROM sf_p
  WHERE iuid_timestamp(id) >= $1 AND iuid_timestamp(id) < $2::timestamptz(0);
EXECUTE sf_q8('294276-12-31 23:59:59+00', '294276-12-31 23:00');
-- the precision still rounds the bound (a row at 02:00, none at 01:59:59.6)
SET timezone = 'UTC';
PREPARE sf_q9(timestamp) AS SELECT count(*) FROM sf_p
  WHERE iuid_timestamp(id) <= $1::timestamptz(0) AND iuid_timestamp(id) > '2026-01-01 01:00+00';
EXECUTE sf_q9('2026-01-01 01:59:59.6');
EXECUTE sf_q9('2026-01-01 01:59:59.4');
SELECT sf_count($$SELECT count(*) FROM sf_p WHERE iuid_timestamp(id) = '2026-01-01 01:59:59.6'::timestamp::timestamptz(0)$$);
SELECT sf_count($$SELECT count(*) FROM sf_p WHERE iuid_timestamp(id) = timestamptz((SELECT '2026-01-01 01:59:59.6'::timestamp(0)))$$);
-- The reverse, pinned as documented: where the range of such a value holds
-- no key, no row reaches the cast and the statement finds none; without the
-- rewrite every row reaches it, and it fails
PREPARE sf_q10(date) AS SELECT count(*) FROM sf_p WHERE iuid_timestamp(id) > $1::timestamptz;
EXECUTE sf_q10('294277-01-01');
SET uidx.time_filter_rewrite = off;
PREPARE sf_q10off(date) AS SELECT count(*) FROM sf_p WHERE iuid_timestamp(id) > $1::timestamptz;
EXECUTE sf_q10off('294277-01-01');
RESET uidx.time_filter_rewrite;
SET timezone = 'Pacific/Kiritimati';
EXECUTE sf_q2('2026-02-01', '2026-02-02');
SET uidx.time_filter_rewrite = off;
PREPARE sf_q2off(timestamptz, date) AS SELECT count(*) FROM sf_p
  WHERE iuid_timestamp(id) >= $1 AND iuid_timestamp(id) < $2::timestamptz;
EXECUTE sf_q2off('2026-02-01', '2026-02-02');
RESET uidx.time_filter_rewrite;
-- where a row does reach the cast, it fails with the rewrite as without it
EXECUTE sf_q2('2026-02-01', '294277-01-01');
DEALLOCATE ALL;
RESET plan_cache_mode;
RESET timezone;

DROP FUNCTION sf_count(text);
DROP TABLE sf_p, sf_c, sf_d, sf_u, sf_t, sf_b;
DROP DOMAIN sf_iuid;
