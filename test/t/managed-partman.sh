#!/usr/bin/env bash
# pg_partman 5 with uidx_sql's encoder/decoder pairs (docs/managed.md,
# "pg_partman"), checked against the C extension's.
#
# Two databases of the sandbox server, each with pg_partman (installed by
# test/scripts/partman-install.sh, without its background worker):
#   - uidx_sql only (its psql script, schema uidx_sql; no C extension, no
#     pgcrypto), as on a managed service;
#   - the C extension only.
# In each, three uuid tables (UUIDv7, iUID, prefix COMB) are partitioned by
# day with create_parent and the edition's *_partman_encoder/_decoder.  The
# rows are made once, in the uidx_sql database, by uidx_sql's generators
# (iuid_generate_at, comb_prefix_generate(at), uuidv7(interval), which is
# core's from PostgreSQL 18) and by its encoders at midnights and a
# millisecond before them; the C database gets the same rows.  Stages:
#   created     create_parent 6 days back, 3 ahead; rows of days -5..+2
#   late        rows of 10 days ago go to the default partition
#   maintained  run_maintenance premakes 3 days after the newest row's (the
#               default keeps its rows)
#   moved       partition_data_proc (or partition_data_time, see move below)
#               makes the partitions of days -10 and -11 and empties the
#               default
#   retained    a retention of 3 days drops the partitions before day -3
# After each stage every partition's bound (pg_get_expr of relpartbound) must
# be the edition's encoder at two UTC midnights one day apart, decoded alike
# by the edition's extractor and by pg_partman's show_partition_info, named
# after its day; every row must lie in the partition of its time (by the
# extractor and by the time it was made for); the partitions and the default
# must hold exactly the rows expected.  Then the two databases' bounds and
# row placements, stage by stage, must be identical.
set -uo pipefail

top=$(cd "$(dirname "$0")/../.." && pwd)
version=$(bash "$top/test/scripts/partman-install.sh") || exit 1
echo "# pg_partman $version installed into the sandbox"
work=$(mktemp -d "$SANDBOX_DIR/managed-partman.XXXXXX")
trap 'rm -rf "$work"' EXIT
bash "$top/src/sql/managed/build.sh" "$work" "$(sed -n 's/^EXTVERSION *= *//p' "$top/Makefile")" || exit 1

db_sql=uidx_sql_partman
db_c=uidx_c_partman
q() { psql -X -q -v ON_ERROR_STOP=1 "$@"; }

# The stages, run in each database; :fn is the schema of the edition's
# functions, :today the UTC day the run started (bash's, so that both
# databases use the same one).
stages() {
  q -At -v fn="$1" -v today="$2" -d "$3" <<'SQL'
SET client_min_messages = warning;
SET TimeZone = 'UTC';
CREATE TABLE layouts (layout text PRIMARY KEY, parent text, encoder text, decoder text, extractor text);
INSERT INTO layouts
SELECT l, 'public.ev_' || l, :'fn' || '.' || f || '_partman_encoder', :'fn' || '.' || f || '_partman_decoder',
       :'fn' || '.' || f || '_timestamp'
  FROM (VALUES ('uuidv7', 'uuidv7'), ('iuid', 'iuid'), ('comb', 'comb_prefix')) v(l, f);
CREATE TABLE ev_uuidv7 (id uuid NOT NULL, t timestamptz NOT NULL) PARTITION BY RANGE (id);
CREATE TABLE ev_iuid (id uuid NOT NULL, t timestamptz NOT NULL) PARTITION BY RANGE (id);
CREATE TABLE ev_comb (id uuid NOT NULL, t timestamptz NOT NULL) PARTITION BY RANGE (id);
SELECT partman.create_parent(parent, 'id', '1 day', p_premake := 3,
                             p_start_partition := (:'today'::timestamptz - interval '6 days')::text,
                             p_time_encoder := encoder, p_time_decoder := decoder)
  FROM layouts ORDER BY layout;

CREATE TABLE snap (stage text, layout text, part text, bound text);
CREATE TABLE placed (stage text, layout text, part text, id uuid);

-- Checks one table after a stage (see the head of test/t/managed-partman.sh)
-- and records its bounds and row placement; the rows expected are those of
-- rows_in up to batch p_batch made for p_from or later, the late ones (batch
-- 2) in the default when p_late_in_default.
CREATE FUNCTION check_set(p_stage text, p_layout text, p_batch int, p_from timestamptz,
                          p_late_in_default boolean) RETURNS text LANGUAGE plpgsql AS $fn$
DECLARE
    l layouts;
    r record;
    m text[];
    lo timestamptz;
    hi timestamptz;
    enc_lo uuid;
    enc_hi uuid;
    info record;
    bad_time bigint;
    bad_day bigint;
    n bigint;
    parts int := 0;
    listed int;
    total bigint := 0;
    in_default bigint;
    mismatch bigint;
    tbl text;
BEGIN
    SELECT * INTO l FROM layouts WHERE layout = p_layout;
    tbl := split_part(l.parent, '.', 2);
    FOR r IN SELECT c.relname, pg_get_expr(c.relpartbound, c.oid) AS bound
               FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
              WHERE i.inhparent = l.parent::regclass AND c.relname <> tbl || '_default'
              ORDER BY c.relname LOOP
        m := regexp_match(r.bound, '^FOR VALUES FROM \(''([0-9a-f-]{36})''\) TO \(''([0-9a-f-]{36})''\)$');
        IF m IS NULL THEN
            RETURN format('FAIL: partition %s has the bound %s', r.relname, r.bound);
        END IF;
        EXECUTE format('SELECT %1$s($1::uuid), %1$s($2::uuid)', l.extractor) INTO lo, hi USING m[1], m[2];
        EXECUTE format('SELECT %1$s($1), %1$s($2)', l.encoder) INTO enc_lo, enc_hi USING lo, hi;
        IF lo IS NULL OR hi IS NULL OR lo <> date_trunc('day', lo) OR hi - lo <> interval '1 day'
           OR enc_lo <> m[1]::uuid OR enc_hi <> m[2]::uuid
           OR r.relname <> tbl || '_p' || to_char(lo, 'YYYYMMDD') THEN
            RETURN format('FAIL: partition %s has the bound %s: %s .. %s, encoded %s .. %s',
                          r.relname, r.bound, lo, hi, enc_lo, enc_hi);
        END IF;
        SELECT * INTO info FROM partman.show_partition_info('public.' || r.relname);
        IF info.child_start_time IS DISTINCT FROM lo OR info.child_end_time IS DISTINCT FROM hi THEN
            RETURN format('FAIL: pg_partman decodes partition %s as %s .. %s, the extractor as %s .. %s',
                          r.relname, info.child_start_time, info.child_end_time, lo, hi);
        END IF;
        EXECUTE format($q$SELECT count(*) FILTER (WHERE %1$s(id) IS NULL OR %1$s(id) < $1 OR %1$s(id) >= $2),
                                 count(*) FILTER (WHERE date_trunc('day', t) <> $1), count(*)
                            FROM public.%2$I$q$, l.extractor, r.relname)
           INTO bad_time, bad_day, n USING lo, hi;
        IF bad_time > 0 OR bad_day > 0 THEN
            RETURN format('FAIL: partition %s (%s .. %s) holds %s rows of other times by the extractor, %s made for other days',
                          r.relname, lo, hi, bad_time, bad_day);
        END IF;
        INSERT INTO snap VALUES (p_stage, p_layout, r.relname, r.bound);
        EXECUTE format('INSERT INTO placed SELECT $1, $2, $3, id FROM public.%I', r.relname)
           USING p_stage, p_layout, r.relname;
        parts := parts + 1;
        total := total + n;
    END LOOP;
    SELECT count(*) INTO listed FROM partman.show_partitions(l.parent);
    IF listed <> parts THEN
        RETURN format('FAIL: pg_partman lists %s partitions of %s, the catalog %s', listed, l.parent, parts);
    END IF;
    EXECUTE format('INSERT INTO placed SELECT $1, $2, %L, id FROM ONLY public.%I', tbl || '_default', tbl || '_default')
       USING p_stage, p_layout;
    EXECUTE format('SELECT count(*) FROM ONLY public.%I', tbl || '_default') INTO in_default;
    -- the rows of the table, in the partitions and the default, are exactly those expected
    EXECUTE format($q$SELECT count(*) FROM (SELECT id FROM %s) a
                        FULL JOIN (SELECT id FROM rows_in WHERE layout = $1 AND batch <= $2 AND t >= $3) e USING (id)
                       WHERE a.id IS NULL OR e.id IS NULL$q$, l.parent)
       INTO mismatch USING p_layout, p_batch, p_from;
    IF mismatch > 0 THEN
        RETURN format('FAIL: %s rows of %s are missing or unexpected', mismatch, l.parent);
    END IF;
    EXECUTE format($q$SELECT count(*) FROM (SELECT id FROM ONLY public.%I) a
                        FULL JOIN (SELECT id FROM rows_in WHERE layout = $1 AND batch = 2 AND $2) e USING (id)
                       WHERE a.id IS NULL OR e.id IS NULL$q$, tbl || '_default')
       INTO mismatch USING p_layout, p_late_in_default;
    IF mismatch > 0 THEN
        RETURN format('FAIL: the default partition of %s holds %s rows, %s of them unexpected or missing',
                      l.parent, in_default, mismatch);
    END IF;
    RETURN format('%s partitions, %s rows, %s in the default', parts, total, in_default);
END
$fn$;

CREATE FUNCTION load(p_batch int) RETURNS void LANGUAGE plpgsql AS $fn$
DECLARE
    l layouts;
BEGIN
    FOR l IN SELECT * FROM layouts LOOP
        EXECUTE format('INSERT INTO %s SELECT id, t FROM rows_in WHERE layout = $1 AND batch = $2', l.parent)
           USING l.layout, p_batch;
    END LOOP;
END
$fn$;

SELECT 'encoders', string_agg(time_encoder || ' ' || time_decoder, ', ' ORDER BY parent_table) FROM partman.part_config;

SELECT load(1);
SELECT 'created', layout, check_set('1 created', layout, 1, '-infinity', false) FROM layouts ORDER BY layout;

SELECT load(2);
SELECT 'late', layout, check_set('2 late', layout, 2, '-infinity', true) FROM layouts ORDER BY layout;

SELECT partman.run_maintenance(p_analyze := false);
SELECT 'maintained', layout, check_set('3 maintained', layout, 2, '-infinity', true) FROM layouts ORDER BY layout;

SQL
}

# partition_data_proc of pg_partman 5.5.0 fails on uuid partition sets: it
# calls partman.partition_data_uuid, which does not exist.  The function it
# would call, partition_data_time, handles them; it is called directly then,
# as a user of that version must.
move() {  # db parent
  local out
  if out=$(q -d "$1" -c "CALL partman.partition_data_proc('$2', p_wait := 0, p_quiet := true)" 2>&1); then
    echo "moved|$2|partition_data_proc"
  elif grep -q 'partman.partition_data_uuid.*does not exist' <<<"$out"; then
    q -At -d "$1" -c "SELECT 'moved', '$2', 'partition_data_time', partman.partition_data_time('$2', p_batch_count := 100, p_analyze := false)"
  else
    echo "$out"; return 1
  fi
}

stages_after_move() {
  q -At -v today="$1" -d "$2" <<'SQL'
SET client_min_messages = warning;
SET TimeZone = 'UTC';
SELECT 'moved', layout, check_set('4 moved', layout, 2, '-infinity', false) FROM layouts ORDER BY layout;

UPDATE partman.part_config SET retention = '3 days', retention_keep_table = false;
SELECT partman.run_maintenance(p_analyze := false);
SELECT 'retained', layout, check_set('5 retained', layout, 2, :'today'::timestamptz - interval '3 days', false)
  FROM layouts ORDER BY layout;
SQL
}

edition() {  # fn today db
  local l
  stages "$1" "$2" "$3" || return 1
  for l in uuidv7 iuid comb; do move "$3" public.ev_$l || return 1; done
  stages_after_move "$2" "$3"
}

# Snapshots of bounds and placements, for the comparison of the editions.
export_db() {  # db prefix
  q -d "$1" -c "COPY (SELECT stage, layout, part, bound FROM snap ORDER BY 1, 2, 3) TO STDOUT" >"$work/$2.bounds" &&
    q -d "$1" -c "COPY (SELECT stage, layout, part, id FROM placed ORDER BY 1, 2, 3, 4) TO STDOUT" >"$work/$2.placed"
}

run() {  # today
  local today=$1 status
  for db in $db_sql $db_c; do
    PGOPTIONS="-c client_min_messages=warning" q -d postgres -c "DROP DATABASE IF EXISTS $db" -c "CREATE DATABASE $db" || return 1
    q -d $db -c "SET client_min_messages = warning" -c "CREATE SCHEMA partman" -c "CREATE EXTENSION pg_partman SCHEMA partman" || return 1
  done

  # uidx_sql's database: the edition alone, and the rows made by it
  q -d $db_sql -v schema=uidx_sql -f "$work/uidx_sql.psql.sql" >/dev/null || return 1
  q -At -d $db_sql -v today="$today" >"$work/rows.out" 2>&1 <<'SQL'
SET client_min_messages = warning;
SET TimeZone = 'UTC';
-- uuidv7(interval) is uidx_sql's before PostgreSQL 18, core's from 18 on
SET search_path = public, uidx_sql;
SELECT 'extensions', string_agg(extname, ' ' ORDER BY extname) FROM pg_extension;
SELECT 'server', current_setting('server_version'), 'uuidv7(interval) of', 'uuidv7(interval)'::regprocedure::regproc::text;
CREATE TABLE rows_in (layout text NOT NULL, id uuid NOT NULL, t timestamptz NOT NULL, batch int NOT NULL,
                      exact boolean NOT NULL, UNIQUE (layout, id));
-- ten rows around noon of days -5..+2 (batch 1) and of 10 days ago (batch
-- 2: before the first partition), and each such day's midnight and the
-- millisecond before it (edge)
CREATE TEMP TABLE at AS
SELECT CASE WHEN d = 10 THEN 2 ELSE 1 END AS batch, false AS edge,
       :'today'::timestamptz - d * interval '1 day' + interval '12 hours' - g * interval '1 min' AS t
  FROM unnest('{-2,-1,0,1,2,3,4,5,10}'::int[]) d, generate_series(1, 10) g
UNION ALL
SELECT CASE WHEN d = 10 THEN 2 ELSE 1 END, true, :'today'::timestamptz - d * interval '1 day' - e * interval '1 ms'
  FROM unnest('{-2,-1,0,1,2,3,4,5,10}'::int[]) d, unnest('{0,1}'::int[]) e;
INSERT INTO rows_in
SELECT 'uuidv7', uuidv7(t - now()), t, batch, false FROM at WHERE NOT edge
UNION ALL SELECT 'uuidv7', uidx_sql.uuidv7_partman_encoder(t), t, batch, true FROM at WHERE edge
UNION ALL SELECT 'iuid', uidx_sql.iuid_generate_at(t, 7, 42), t, batch, true FROM at
UNION ALL SELECT 'iuid', uidx_sql.iuid_partman_encoder(t), t, batch, true FROM at WHERE edge
UNION ALL SELECT 'comb', uidx_sql.comb_prefix_generate(t), t, batch, true FROM at
UNION ALL SELECT 'comb', uidx_sql.comb_prefix_partman_encoder(t), t, batch, true FROM at WHERE edge;
-- each id holds its time: to the millisecond, or, for uuidv7(interval),
-- which adds the interval to the clock, within a minute
SELECT 'rows', count(*),
       count(*) FILTER (WHERE ts IS NULL OR CASE WHEN exact THEN ts <> date_trunc('milliseconds', t)
                                                ELSE abs(extract(epoch FROM ts - t)) >= 60 END)
  FROM (SELECT *, CASE layout WHEN 'uuidv7' THEN uidx_sql.uuidv7_timestamp(id)
                              WHEN 'iuid' THEN uidx_sql.iuid_timestamp(id)
                              ELSE uidx_sql.comb_prefix_timestamp(id) END AS ts
          FROM rows_in) s;
SQL
  status=$?
  cat "$work/rows.out"
  [ $status -eq 0 ] || return 1
  grep -qx 'extensions|pg_partman plpgsql' "$work/rows.out" || { echo "not ok - uidx_sql's database has other extensions"; return 1; }
  # 9 days * (10 + 2 edges) = 108 per layout, + 18 bounds for iUID and COMB
  grep -qx 'rows|360|0' "$work/rows.out" || { echo "not ok - the generated rows (rows|360|0 expected)"; return 1; }
  q -d $db_sql -c "COPY rows_in TO STDOUT" >"$work/rows.copy" || return 1

  # the C extension's database: the same rows
  q -d $db_c -c "SET client_min_messages = warning" -c "CREATE EXTENSION uidx" \
    -c "CREATE TABLE rows_in (layout text NOT NULL, id uuid NOT NULL, t timestamptz NOT NULL, batch int NOT NULL, exact boolean NOT NULL, UNIQUE (layout, id))" || return 1
  q -d $db_c -c "COPY rows_in FROM STDIN" <"$work/rows.copy" || return 1

  for e in sql c; do
    if [ $e = sql ]; then db=$db_sql; fn=uidx_sql; else db=$db_c; fn=public; fi
    edition $fn "$today" $db >"$work/$e.out" 2>&1
    status=$?
    sed "s/^/$e: /" "$work/$e.out"
    [ $status -eq 0 ] || { echo "not ok - the stages failed in $db"; return 1; }
    export_db $db $e || return 1
  done

  local fail=0
  for e in sql c; do
    [ $e = sql ] && want=uidx_sql || want=public
    if grep -qx "encoders|$want.comb_prefix_partman_encoder $want.comb_prefix_partman_decoder, $want.iuid_partman_encoder $want.iuid_partman_decoder, $want.uuidv7_partman_encoder $want.uuidv7_partman_decoder" "$work/$e.out"; then
      echo "ok - $e: pg_partman uses the $want encoders and decoders"
    else
      echo "not ok - $e: pg_partman's encoders"; fail=1
    fi
    for l in comb iuid uuidv7; do
      # 6 days back + today + 3 ahead; maintenance premakes 3 days after the
      # newest row's (day +2); partition_data_proc adds days -10 and -11 (the
      # late rows and the millisecond before day -10); retention keeps days
      # -3..+5
      for want in "created\|$l\|10 partitions, [0-9]+ rows, 0 in the default" \
                  "late\|$l\|10 partitions, [0-9]+ rows, [1-9][0-9]* in the default" \
                  "maintained\|$l\|12 partitions, [0-9]+ rows, [1-9][0-9]* in the default" \
                  "moved\|public.ev_$l\|partition_data_(proc|time\|[1-9][0-9]*)" \
                  "moved\|$l\|14 partitions, [0-9]+ rows, 0 in the default" \
                  "retained\|$l\|9 partitions, [0-9]+ rows, 0 in the default"; do
        if grep -qxE "$want" "$work/$e.out"; then echo "ok - $e: ${want//\\/}"; else echo "not ok - $e: ${want//\\/}"; fail=1; fi
      done
    done
  done
  grep -q '^moved|.*|partition_data_time|' "$work/sql.out" &&
    echo "# pg_partman $version: partition_data_proc fails on uuid partition sets (it calls partman.partition_data_uuid); partition_data_time moved the rows"
  for f in bounds placed; do
    n=$(wc -l <"$work/sql.$f")
    if [ "$n" -gt 0 ] && cmp -s "$work/sql.$f" "$work/c.$f"; then
      echo "ok - uidx_sql and the C extension: the same $f at every stage ($n lines)"
    else
      echo "not ok - uidx_sql and the C extension differ in their $f:"; diff "$work/sql.$f" "$work/c.$f" | head -20; fail=1
    fi
  done
  return $fail
}

# A run across midnight UTC counts its partitions from two different days:
# if it fails then, it runs once more.
today=$(date -u +%F)
run "$today"
status=$?
if [ $status -ne 0 ] && [ "$today" != "$(date -u +%F)" ]; then
  echo "# the UTC day changed during the run: once more"
  run "$(date -u +%F)"; status=$?
fi
q -d postgres -c "DROP DATABASE IF EXISTS $db_sql" -c "DROP DATABASE IF EXISTS $db_c"
exit $status
