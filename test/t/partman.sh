#!/usr/bin/env bash
# pg_partman 5 with uidx's encoder/decoder pairs (docs/partitioning.md "pg_partman"):
# create_parent, run_maintenance and retention on uuid columns holding
# UUIDv7s, iUIDs and prefix COMBs.
#
# pg_partman is installed into the sandbox prefix only, without its
# background worker (the test calls run_maintenance itself), by
# test/scripts/partman-install.sh.
set -uo pipefail

top=$(cd "$(dirname "$0")/../.." && pwd)
version=$(bash "$top/test/scripts/partman-install.sh") || exit 1
work=$(mktemp -d "$SANDBOX_DIR/partman.XXXXXX")
trap 'rm -rf "$work"' EXIT
echo "# pg_partman $version installed into the sandbox"

db=uidx_partman
psql -X -q -v ON_ERROR_STOP=1 -d postgres -c "DROP DATABASE IF EXISTS $db" -c "CREATE DATABASE $db" || exit 1
out=$work/out.txt
psql -X -q -v ON_ERROR_STOP=1 -d "$db" -At >"$out" 2>&1 <<'SQL'
SET client_min_messages = warning;
CREATE SCHEMA partman;
CREATE EXTENSION pg_partman SCHEMA partman;
CREATE EXTENSION uidx;

-- one table per layout, daily partitions from 6 days ago, 3 days ahead
CREATE TABLE ev_uuidv7 (id uuid NOT NULL, day int) PARTITION BY RANGE (id);
CREATE TABLE ev_iuid (id uuid NOT NULL, day int) PARTITION BY RANGE (id);
CREATE TABLE ev_comb (id uuid NOT NULL, day int) PARTITION BY RANGE (id);
SELECT partman.create_parent('public.ev_uuidv7', 'id', '1 day', p_premake := 3,
       p_start_partition := (date_trunc('day', now()) - interval '6 days')::text,
       p_time_encoder := 'public.uuidv7_partman_encoder', p_time_decoder := 'public.uuidv7_partman_decoder');
SELECT partman.create_parent('public.ev_iuid', 'id', '1 day', p_premake := 3,
       p_start_partition := (date_trunc('day', now()) - interval '6 days')::text,
       p_time_encoder := 'public.iuid_partman_encoder', p_time_decoder := 'public.iuid_partman_decoder');
SELECT partman.create_parent('public.ev_comb', 'id', '1 day', p_premake := 3,
       p_start_partition := (date_trunc('day', now()) - interval '6 days')::text,
       p_time_encoder := 'public.comb_prefix_partman_encoder', p_time_decoder := 'public.comb_prefix_partman_decoder');

-- ten rows around noon of each of the last five days and today (noon: far
-- from the midnights where partitions and the retention cut-off fall)
CREATE TEMP TABLE at AS
SELECT d, date_trunc('day', now()) - d * interval '1 day' + interval '12 hours' - g * interval '1 min' AS t
  FROM generate_series(0, 5) d, generate_series(1, 10) g;
INSERT INTO ev_uuidv7 SELECT uuidv7(t - now()), d FROM at;
INSERT INTO ev_iuid SELECT iuid_generate_at(t, 7, 42)::uuid, d FROM at;
INSERT INTO ev_comb SELECT comb_prefix_generate(t), d FROM at;

-- every partition's bounds decode to midnights one day apart, every row
-- sits in the partition of its time, nothing went to the default
CREATE FUNCTION check_set(parent text, decoder regproc) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
    r record;
    lo timestamptz;
    hi timestamptz;
    bad integer;
    parts integer := 0;
    in_default bigint;
BEGIN
    FOR r IN SELECT * FROM partman.show_partitions(parent) LOOP
        SELECT child_start_time, child_end_time INTO lo, hi
          FROM partman.show_partition_info(r.partition_schemaname || '.' || r.partition_tablename);
        IF lo IS NULL OR hi - lo <> interval '1 day' OR lo <> date_trunc('day', lo) THEN
            RETURN format('partition %s has bounds %s .. %s', r.partition_tablename, lo, hi);
        END IF;
        EXECUTE format('SELECT count(*) FROM %I.%I WHERE NOT (%s(id::text) >= %L AND %s(id::text) < %L)',
                       r.partition_schemaname, r.partition_tablename, decoder, lo, decoder, hi) INTO bad;
        IF bad > 0 THEN
            RETURN format('%s rows of %s lie outside its bounds', bad, r.partition_tablename);
        END IF;
        parts := parts + 1;
    END LOOP;
    EXECUTE format('SELECT count(*) FROM ONLY %s_default', parent) INTO in_default;
    RETURN format('%s partitions, %s rows in the default', parts, in_default);
END
$$;

SELECT 'created', parent_table, check_set(parent_table, replace(time_decoder, 'public.', '')::regproc)
  FROM partman.part_config ORDER BY parent_table;

-- maintenance: the premade partitions stay ahead of the newest data
SELECT partman.run_maintenance(p_analyze := false);
SELECT 'maintained', parent_table, check_set(parent_table, replace(time_decoder, 'public.', '')::regproc)
  FROM partman.part_config ORDER BY parent_table;

-- retention: partitions older than 3 days are dropped with their rows
UPDATE partman.part_config SET retention = '3 days', retention_keep_table = false;
SELECT partman.run_maintenance(p_analyze := false);
SELECT 'retained', parent_table, check_set(parent_table, replace(time_decoder, 'public.', '')::regproc)
  FROM partman.part_config ORDER BY parent_table;
SELECT 'rows', 'public.ev_uuidv7', min(day), max(day), count(*) FROM ev_uuidv7
UNION ALL SELECT 'rows', 'public.ev_iuid', min(day), max(day), count(*) FROM ev_iuid
UNION ALL SELECT 'rows', 'public.ev_comb', min(day), max(day), count(*) FROM ev_comb;
SQL
status=$?
cat "$out"
psql -X -q -d postgres -c "DROP DATABASE $db"
[ $status -eq 0 ] || { echo "pg_partman: SQL failed"; exit 1; }

# Expected, for each of the three tables: 6 days back + today + 3 ahead =
# 10 partitions at first, still 10 after maintenance (the newest row is
# today's), and after a retention of 3 days the partitions of days 4-6 are
# gone (3 back + today + 3 ahead = 7) with their rows (days 0-3 remain).
fail=0
for t in ev_uuidv7 ev_iuid ev_comb; do
  for want in "created|public.$t|10 partitions, 0 rows in the default" \
              "maintained|public.$t|10 partitions, 0 rows in the default" \
              "retained|public.$t|7 partitions, 0 rows in the default" \
              "rows|public.$t|0|3|40"; do
    if grep -qxF "$want" "$out"; then echo "ok - $want"; else echo "not ok - $want"; fail=1; fi
  done
done

# The block of docs/partitioning.md "pg_partman", as written, in a database
# that has pg_partman in the schema partman (as its first line says) and uidx:
# it runs, and leaves events_v7 with its daily partitions and retention.
block=$(awk '/^<!-- run by test\/t\/partman\.sh -->$/ { want = 1; next }
             want && /^```sql$/ { inb = 1; next }
             inb && /^```$/ { exit }
             inb { print }' "$top/docs/partitioning.md")
if [ -z "$block" ]; then
  echo "not ok - docs/partitioning.md has no block marked <!-- run by test/t/partman.sh -->"; fail=1
else
  got=$(psql -X -q -v ON_ERROR_STOP=1 -d postgres -c "DROP DATABASE IF EXISTS ${db}_doc" -c "CREATE DATABASE ${db}_doc" >/dev/null 2>&1 &&
        { echo "SET client_min_messages = warning;
              CREATE SCHEMA partman; CREATE EXTENSION pg_partman SCHEMA partman; CREATE EXTENSION uidx;"
          echo "$block"
          echo "SELECT count(*) > 0, (SELECT retention FROM partman.part_config WHERE parent_table = 'public.events_v7')
                  FROM partman.show_partitions('public.events_v7');"; } |
        psql -X -q -v ON_ERROR_STOP=1 -d ${db}_doc -At -f - 2>&1 | tail -1)
  psql -X -q -d postgres -c "DROP DATABASE IF EXISTS ${db}_doc" >/dev/null 2>&1
  want="t|30 days"
  if [ "$got" = "$want" ]; then echo "ok - docs/partitioning.md: the pg_partman block runs as written"
  else echo "not ok - docs/partitioning.md: the pg_partman block: got '$got', want '$want'"; fail=1; fi
fi
exit $fail
