#!/usr/bin/env bash
# Time filters prune the partitions pg_partman 5 makes with uidx's
# encoder/decoder pairs (docs/partitioning.md "Time filters that prune partitions"): daily
# partitions of uuid columns holding iUIDs and prefix COMBs; a one-day filter
# written the natural way scans one partition, with constants at plan time
# and with a generic plan at executor start, and counts the rows it counts
# with the rewrite off.  pg_partman is installed by
# test/scripts/partman-install.sh.
set -uo pipefail

top=$(cd "$(dirname "$0")/../.." && pwd)
version=$(bash "$top/test/scripts/partman-install.sh") || exit 1
echo "# pg_partman $version installed into the sandbox"
work=$(mktemp -d "$SANDBOX_DIR/partman-tf.XXXXXX")
trap 'rm -rf "$work"' EXIT

db=uidx_partman_tf
psql -X -q -v ON_ERROR_STOP=1 -d postgres -c "DROP DATABASE IF EXISTS $db" -c "CREATE DATABASE $db" || exit 1
out=$work/out.txt
psql -X -q -v ON_ERROR_STOP=1 -d "$db" -At >"$out" 2>&1 <<'SQL'
SET client_min_messages = warning;
SET TimeZone = 'UTC';
CREATE SCHEMA partman;
CREATE EXTENSION pg_partman SCHEMA partman;
CREATE EXTENSION uidx;
-- ten days from six days ago (create_parent makes partitions up to today + 2)
SELECT date_trunc('day', now()) - interval '6 days' AS start,
       date_trunc('day', now()) - interval '2 days' + interval '6 hours' AS lo,
       date_trunc('day', now()) - interval '2 days' + interval '18 hours' AS hi,
       date_trunc('day', now()) - interval '1 day' AS "end" \gset
CREATE TABLE ev_iuid (id uuid PRIMARY KEY) PARTITION BY RANGE (id);
CREATE TABLE ev_comb (id uuid PRIMARY KEY) PARTITION BY RANGE (id);
SELECT partman.create_parent('public.ev_iuid', 'id', '1 day', p_premake := 2,
       p_start_partition := :'start',
       p_time_encoder := 'public.iuid_partman_encoder', p_time_decoder := 'public.iuid_partman_decoder');
SELECT partman.create_parent('public.ev_comb', 'id', '1 day', p_premake := 2,
       p_start_partition := :'start',
       p_time_encoder := 'public.comb_prefix_partman_encoder', p_time_decoder := 'public.comb_prefix_partman_decoder');
-- one row per 10 minutes
INSERT INTO ev_iuid SELECT iuid_from_parts(:'start'::timestamptz + g * interval '10 min', 42, 7, g)::uuid
  FROM generate_series(0, 1439) g;
INSERT INTO ev_comb SELECT comb_prefix_from_parts(:'start'::timestamptz + g * interval '10 min', decode(md5(g::text), 'hex'))
  FROM generate_series(0, 1439) g;
ANALYZE ev_iuid, ev_comb;

CREATE FUNCTION scans(q text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
    line text;
    n int := 0;
    removed text := '';
BEGIN
    FOR line IN EXECUTE 'EXPLAIN (COSTS OFF) ' || q LOOP
        IF line ~ 'Scan' AND line !~ 'Bitmap Index Scan' AND line ~ ' on ev_' THEN
            n := n + 1;
        ELSIF line ~ 'Subplans Removed' THEN
            removed := ', removed ' || regexp_replace(line, '\D', '', 'g');
        END IF;
    END LOOP;
    RETURN n || ' scanned' || removed;
END
$$;
SELECT 'iuid plain', scans(format($$SELECT count(*) FROM ev_iuid WHERE iuid_timestamp(id) >= %1$L AND iuid_timestamp(id) < %2$L$$, :'lo', :'hi', :'end'));
SELECT 'comb plain', scans(format($$SELECT count(*) FROM ev_comb WHERE comb_prefix_timestamp(id) >= %1$L AND comb_prefix_timestamp(id) < %2$L$$, :'lo', :'hi', :'end'));
SET plan_cache_mode = force_generic_plan;
PREPARE iuid_day(timestamptz, timestamptz) AS SELECT count(*) FROM ev_iuid WHERE iuid_timestamp(id) >= $1 AND iuid_timestamp(id) < $2;
SELECT 'iuid generic', scans(format($$EXECUTE iuid_day(%1$L, %2$L)$$, :'lo', :'hi', :'end'));
SELECT 'iuid rows', count(*) FROM ev_iuid WHERE iuid_timestamp(id) >= :'lo' AND iuid_timestamp(id) < :'end';
EXECUTE iuid_day(:'lo', :'end');
SELECT 'comb rows', count(*) FROM ev_comb WHERE comb_prefix_timestamp(id) >= :'lo' AND comb_prefix_timestamp(id) < :'end';
SET uidx.time_filter_rewrite = off;
SELECT 'iuid rows', count(*) FROM ev_iuid WHERE iuid_timestamp(id) >= :'lo' AND iuid_timestamp(id) < :'end';
SELECT 'comb rows', count(*) FROM ev_comb WHERE comb_prefix_timestamp(id) >= :'lo' AND comb_prefix_timestamp(id) < :'end';
SQL
status=$?
cat "$out"
psql -X -q -d postgres -c "DROP DATABASE $db"
[ $status -eq 0 ] || { echo "pg_partman: SQL failed"; exit 1; }

fail=0
for want in "iuid plain|1 scanned" "comb plain|1 scanned" "iuid generic|1 scanned, removed " \
             "iuid rows|108" "comb rows|108"; do
  case $want in
    *"removed ") grep -q "^${want}[0-9][0-9]*$" "$out" ;;
    *"rows|"*) [ "$(grep -cxF "$want" "$out")" -eq 2 ] ;;
    *) grep -qxF "$want" "$out" ;;
  esac
  if [ $? -eq 0 ]; then echo "ok - $want"; else echo "not ok - $want"; fail=1; fi
done
grep -qx "108" "$out" && echo "ok - generic plan counts 108" || { echo "not ok - generic plan counts 108"; fail=1; }
exit $fail
