#!/usr/bin/env bash
# uidx_sql, the SQL edition (docs/managed.md), against the C
# extension in one database: uidx in public, uidx_sql installed with its psql
# script into the schema uidx_sql.
#  1. test/managed/equality.sql: every deterministic function of both
#     editions on the same inputs (edges, errors by SQLSTATE); must compare
#     at least 10,000 results and find no difference;
#  2. test/managed/properties.sql: every generator of the registry that
#     uidx_sql has, MANAGED_IDS values each (default 200,000; make
#     test-managed: 1,000,000) for the monotonic ones and MANAGED_RANDOM_IDS
#     (default 50,000; make test-managed: 100,000) for the stateless ones:
#     distinct, increasing, read back by the C extension; and each one
#     twice where its tie-breaker wraps (16383, then 0), still increasing;
#     and no random bit position biased in 20,000 IDs of each;
#  3. test/managed/migrate.sql: ALTER TABLE ... TYPE iuid / comb / distid of
#     tables filled by uidx_sql, a table partitioned by id moved with the
#     statements of docs/managed.md, and the partition helpers (creation,
#     retention, the default partition); then uidx_inspect
#     of uidx_sql installed without pgcrypto, in a database of its own;
#  4. test/managed/public_id.sql: public ids of both editions under one key,
#     that no other role reads or sets uidx_sql's key, and that look-alikes
#     of pgcrypto's encrypt and decrypt neither break nor intercept them;
#  5. test/managed/state.sql: the settings 1.2 kept generator state in, set
#     to hostile values, RESET, and across SET ROLE: every generator's IDs
#     stay valid, dated now and increasing;
#  6. every monotonic generator in 4 concurrent sessions: each session's IDs
#     increasing, all distinct.
# test/t/managed-pgtle.sh installs the same source through pg_tle.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top"
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
db=uidx_managed
bash src/sql/managed/build.sh "$work" "$(sed -n 's/^EXTVERSION *= *//p' Makefile)"

PGOPTIONS="-c client_min_messages=warning" psql -X -q -d postgres -c "DROP DATABASE IF EXISTS $db" -c "CREATE DATABASE $db"
psql -X -q -d $db -c "CREATE EXTENSION uidx"
# public ids need pgcrypto: every server the tests build has it
# (test/scripts/build-pg.sh), so its absence is a failure, not a skip
crypto=$(psql -X -At -d $db -c "SELECT count(*) FROM pg_available_extensions WHERE name = 'pgcrypto'")
[ "$crypto" = 1 ] || { echo "managed: pgcrypto is not available on this server: public ids cannot be tested"; exit 1; }
psql -X -q -d $db -c "CREATE EXTENSION pgcrypto"
PGOPTIONS="-c client_min_messages=warning" psql -X -q -d postgres -c "DROP ROLE IF EXISTS public_id_reader" -c "CREATE ROLE public_id_reader LOGIN"
psql -X -q -d $db -v schema=uidx_sql -f "$work/uidx_sql.psql.sql" >/dev/null

fail=0
start=$(date +%s)
out=$(psql -X -q -d $db -v c=public -v sql=uidx_sql -f test/managed/equality.sql 2>&1) || { echo "$out"; exit 1; }
summary=$(grep -o 'equality: .*' <<<"$out" | head -1)
echo "managed: $summary ($(( $(date +%s) - start ))s)"
if ! [[ "$summary" =~ equality:\ ([0-9]+)\ compared.*,\ 0\ differ$ ]] || [ "${BASH_REMATCH[1]}" -lt 10000 ]; then
  echo "$out" | sed -n '/equality:/,$p'; fail=1
fi

start=$(date +%s)
out=$(psql -X -q -d $db -v n="${MANAGED_IDS:-200000}" -v n_random="${MANAGED_RANDOM_IDS:-50000}" \
        -f test/managed/properties.sql 2>&1) || { echo "$out"; fail=1; }
grep -o "properties: ok.*\|properties: mixed origins ok\|properties: tie-breaker wrap ok.*\|properties: random bits ok.*\|properties: markings of .* ok" <<<"$out" | sed "s/^/managed: /; s/\$/ ($(( $(date +%s) - start ))s)/" || { echo "$out"; fail=1; }

out=$(psql -X -q -d $db -f test/managed/state.sql 2>&1) || { echo "$out"; fail=1; }
grep -o 'state: ok.*' <<<"$out" | sed 's/^/managed: /' || { echo "$out"; fail=1; }

# Concurrent sessions: each monotonic generator in 4 sessions at once, each
# session's IDs strictly increasing (the comb type's order for suffix and SQL
# Server COMBs), all of them distinct.
start=$(date +%s)
n_conc=${MANAGED_CONCURRENT_IDS:-20000}
gens="iuid_generate(1,1) comb_prefix_generate() comb_suffix_generate() comb_sqlserver_generate() distid128_generate() distributed_id()"
[ "$(psql -X -At -d $db -c "SELECT to_regprocedure('uidx_sql.uuidv7()') IS NOT NULL")" = t ] && gens="$gens uuidv7()"
cols=$(for g in $gens; do printf ', uidx_sql.%s' "$g"; done)
psql -X -q -d $db -c "CREATE TABLE conc (sess integer, i integer, iuid uuid, prefix uuid, suffix uuid, sqlserver uuid, distid128 uuid, distid numeric, uuidv7 uuid)"
pids=()
for sess in 1 2 3 4; do
  psql -X -q -d $db -c "INSERT INTO conc SELECT $sess, g$cols FROM generate_series(1, $n_conc) g" &
  pids+=($!)
done
for pid in "${pids[@]}"; do wait "$pid" || fail=1; done
line=$(psql -X -At -d $db -c "
  SELECT string_agg(c || ':' || bad, ' ' ORDER BY c) FROM (
    SELECT c, (SELECT count(*) - count(DISTINCT v) FROM (SELECT CASE c WHEN 'iuid' THEN iuid::text WHEN 'prefix' THEN prefix::text
                 WHEN 'suffix' THEN suffix::text WHEN 'sqlserver' THEN sqlserver::text WHEN 'distid128' THEN distid128::text
                 WHEN 'distid' THEN distid::text ELSE uuidv7::text END AS v FROM conc) x WHERE v IS NOT NULL)
            + (SELECT count(*) FROM (SELECT sess, i,
                 CASE c WHEN 'iuid' THEN iuid <= lag(iuid) OVER w WHEN 'prefix' THEN prefix <= lag(prefix) OVER w
                        WHEN 'suffix' THEN suffix::public.comb <= lag(suffix::public.comb) OVER w
                        WHEN 'sqlserver' THEN sqlserver::public.comb <= lag(sqlserver::public.comb) OVER w
                        WHEN 'distid128' THEN distid128 <= lag(distid128) OVER w WHEN 'distid' THEN distid <= lag(distid) OVER w
                        ELSE uuidv7 <= lag(uuidv7) OVER w END AS back
                 FROM conc WINDOW w AS (PARTITION BY sess ORDER BY i)) y WHERE back) AS bad
      FROM unnest(ARRAY['iuid', 'prefix', 'suffix', 'sqlserver', 'distid128', 'distid', 'uuidv7']) c) z
   WHERE (SELECT count(*) FROM conc) = 4 * $n_conc" 2>&1)
echo "managed: concurrent sessions: 4 x $n_conc IDs per generator, duplicates + steps back: $line ($(( $(date +%s) - start ))s)"
[[ "$line" =~ ^(iuid|prefix|suffix|sqlserver|distid128|distid|uuidv7|:|0| )+$ && "$line" == *iuid:0* ]] || fail=1
psql -X -q -d $db -c "DROP TABLE conc"

# docs/managed.md "Moving to the C extension later": its two blocks for a
# table partitioned by id, as written there, run by migrate.sql
python3 - "$work" <<'PY'
import re, sys
text = open("docs/managed.md", encoding="utf-8").read()
blocks = re.findall(r"^<!-- run by test/t/managed\.sh -->\n```sql\n(.*?)^```", text, re.M | re.S)
if len(blocks) != 2:
    sys.exit(f"docs/managed.md: {len(blocks)} sql blocks run by test/t/managed.sh, not 2")
for n, b in enumerate(blocks, 1):
    open(f"{sys.argv[1]}/migrate-step{n}.sql", "w").write(b)
PY
out=$(psql -X -q -d $db -v migrate_step1="$work/migrate-step1.sql" -v migrate_step2="$work/migrate-step2.sql" \
        -f test/managed/migrate.sql 2>&1) || { echo "$out"; fail=1; }
grep -o 'migrate: ok' <<<"$out" | sed 's/^/managed: /' || { echo "$out"; fail=1; }

# Without pgcrypto uidx_sql has no public-id functions; uidx_inspect still
# gives the C extension's readings (before public_id.sql, the C extension
# has no key file either): public ids stay opaque, nothing raises.
nocrypto=${db}_nocrypto
PGOPTIONS="-c client_min_messages=warning" psql -X -q -d postgres -c "DROP DATABASE IF EXISTS $nocrypto" -c "CREATE DATABASE $nocrypto"
psql -X -q -d $nocrypto -c "CREATE EXTENSION uidx"
PGOPTIONS="-c client_min_messages=warning" psql -X -q -d $nocrypto -v schema=uidx_sql -f "$work/uidx_sql.psql.sql" >/dev/null
line=$(psql -X -At -d $nocrypto -c "
  SELECT count(*) FILTER (WHERE c IS DISTINCT FROM s) || ' differ of ' || count(*) || ', '
         || count(*) FILTER (WHERE s LIKE '(public_id,%') || ' opaque public ids'
    FROM (SELECT (SELECT string_agg(r::text, ';' ORDER BY r.ordinality) FROM public.uidx_inspect_readings(t) WITH ORDINALITY r) AS c,
                 (SELECT string_agg(r::text, ';' ORDER BY r.ordinality) FROM uidx_sql.uidx_inspect_readings(t) WITH ORDINALITY r) AS s
            FROM (SELECT md5(i::text)::uuid::text AS t FROM generate_series(1, 300) i
                  UNION ALL SELECT public.alnum_encode(md5(i::text)::uuid) FROM generate_series(1, 100) i
                  UNION ALL SELECT public.iuid_generate(1, 1)::text) x) y" 2>&1)
echo "managed: without pgcrypto: uidx_inspect_readings: $line"
[[ "$line" =~ ^0\ differ\ of\ 401,\ [1-9][0-9]*\ opaque ]] || fail=1
psql -X -q -d postgres -c "DROP DATABASE $nocrypto"

out=$(psql -X -q -d $db -f test/managed/public_id.sql 2>&1) || { echo "$out"; fail=1; }
grep -o 'public_id: ok.*' <<<"$out" | sed 's/^/managed: /' || { echo "$out"; fail=1; }

psql -X -q -d postgres -c "DROP DATABASE $db" -c "DROP ROLE public_id_reader" -c "DROP ROLE IF EXISTS uidx_keyholder"
exit $fail
