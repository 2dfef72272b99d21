#!/usr/bin/env bash
# Regional routing on loopback (README "Regions").  Three private clusters of
# this tree on TCP ports of 127.0.0.1 chosen at run time -- two regions
# (orders_kz with country 42, orders_br with 76) and a router (its own country
# 16 in a local partition) -- are set up by running the README walkthrough
# itself, then:
#  1. a lookup by ID alone, prepared, under plan_cache_mode = force_generic_plan,
#     plans exactly one foreign scan with the id condition in its Remote SQL,
#     and the regions' own statistics show one index scan per execution in the
#     owning region and no scan at all in the other; the same with the
#     parameter typed uuid; an ID of the router's own country reaches no region;
#  2. routed INSERTs land in the region of each ID's country; a statement with
#     an ID whose country has no region fails with 23514 and writes nothing
#     anywhere;
#  3. the newest-N query across regions returns exactly the newest N of the
#     union of the regions' rows;
#  4. pg_dump of the router, restored into a new database, has the same
#     registry and partitions and routes;
#  5. with one region stopped, lookups of the other region's and the router's
#     IDs still succeed and those of the stopped region fail with SQLSTATE
#     class 08; with the other region hung as well (its postmaster stopped by
#     SIGSTOP), lookups of its IDs fail with 08001 after connect_timeout on
#     PostgreSQL 15, and with 57014 after statement_timeout from 16 on, where
#     postgres_fdw ignores connect_timeout.  Every failing lookup runs under a
#     guard timeout: a hang fails the test.
# Every cluster is stopped (and a stopped postmaster continued first) and
# every directory removed at the end, whatever happens.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)

base=$(mktemp -d "${SANDBOX_DIR:-/tmp}/regions.XXXXXX")
chmod 755 "$base"   # the server runs as postgres when we are root
names=(kz br router)
declare -A port db
db[kz]=orders_kz; db[br]=orders_br; db[router]=router
# three distinct free ports, held together while they are picked
read -r port[kz] port[br] port[router] < <(python3 -c '
import socket
held = [socket.socket() for _ in range(3)]
for s in held:
    s.bind(("127.0.0.1", 0))
print(*[s.getsockname()[1] for s in held])')

connect_timeout=2        # the README's server option
statement_timeout=4      # what the hung-region check gives a routed session
guard=30                 # seconds after which a failing lookup counts as hung

cluster() {  # name start|stop
  SANDBOX_DIR=$base/$1 SANDBOX_PORT=${port[$1]} \
  SANDBOX_CONF="listen_addresses = '127.0.0.1'
autovacuum = off" \
    bash "$top/test/scripts/sandbox.sh" "$2" >/dev/null
}
postmaster_pid() { head -1 "$base/$1/data/postmaster.pid" 2>/dev/null || true; }
cleanup() {
  local n pid
  for n in "${names[@]}"; do
    pid=$(postmaster_pid "$n")
    [ -n "$pid" ] && kill -CONT "$pid" 2>/dev/null || true
    cluster "$n" stop || true
  done
  rm -rf "$base"
}
trap cleanup EXIT

sql() {  # name [psql args...]: in the cluster's database
  local n=$1; shift
  psql -X -qAt -v ON_ERROR_STOP=1 -h "$base/$n/sock" -p "${port[$n]}" -U postgres -d "${db[$n]}" "$@"
}
fail=0
check() {  # description condition-status
  if [ "$2" -eq 0 ]; then echo "ok: $1"; else echo "FAIL: $1"; fail=1; fi
}

for n in "${names[@]}"; do
  cluster "$n" start
  psql -X -q -v ON_ERROR_STOP=1 -h "$base/$n/sock" -p "${port[$n]}" -U postgres -d postgres \
       -c "CREATE DATABASE ${db[$n]}"
done
echo "clusters: kz on 127.0.0.1:${port[kz]}, br on 127.0.0.1:${port[br]}, router on 127.0.0.1:${port[router]}"

# --- The README walkthrough, block by block ---------------------------------
# Each ```sql block of the "Regions" section starts with a comment naming where
# it runs: "-- region: orders_kz" (run on both regions, with Brazil's database
# and country), or "-- router".  The servers' host and port become this run's.
blocks=$base/blocks
mkdir "$blocks"
python3 - "$top/README.md" "$blocks" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
section = re.search(r'^## Regions\b.*?(?=^## )', text, re.S | re.M).group(0)
for i, block in enumerate(re.findall(r'^```sql\n(.*?)^```', section, re.S | re.M)):
    first = block.splitlines()[0]
    if first == '-- region: orders_kz':
        where = 'region'
    elif first == '-- router':
        where = 'router'
    else:
        sys.exit(f'README "Regions": a sql block starts with {first!r}, not a place to run it')
    open(f'{sys.argv[2]}/{i:02d}.{where}.sql', 'w').write(block)
PY
python3 - "$top/README.md" "$blocks" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
section = re.search(r'^## Regions\b.*?(?=^## )', text, re.S | re.M).group(0)
plans = [b for b in re.findall(r'^```text\n(.*?)^```', section, re.S | re.M) if b.startswith('EXPLAIN')]
if len(plans) != 1:
    sys.exit('README "Regions": want one ```text block with an EXPLAIN')
open(f'{sys.argv[2]}/explain.txt', 'w').write(plans[0])
PY
for f in "$blocks"/*.sql; do
  case $f in
    *.region.sql)
      sql kz -f "$f" >/dev/null
      sed -e 's/orders_kz/orders_br/g' -e 's/uidx\.country = 42/uidx.country = 76/' "$f" |
        sql br -f - >/dev/null ;;
    *.router.sql)
      sed -e "s/host 'orders-kz.internal', port '5432'/host '127.0.0.1', port '${port[kz]}'/" \
          -e "s/host 'orders-br.internal', port '5432'/host '127.0.0.1', port '${port[br]}'/" "$f" |
        sql router -f - >/dev/null ;;
  esac
done
check "the README walkthrough ran: $(ls "$blocks"/*.sql | wc -l) blocks" 0
# its EXPLAIN, as shown
explained=$(sql router -c "SET plan_cache_mode = force_generic_plan" \
                       -c "PREPARE order_by_id(iuid) AS SELECT * FROM orders WHERE id = \$1" \
                       -c "$(head -1 "$blocks/explain.txt")")
shown=$(tail -n +2 "$blocks/explain.txt" | sed 's/^ //')   # psql's aligned output indents by one
check "the README's generic-plan EXPLAIN is what the router shows" "$([ "$explained" = "$shown" ]; echo $?)"
[ "$explained" = "$shown" ] || diff <(echo "$shown") <(echo "$explained") || true
[ "$(sql router -c "SELECT count(*) FROM pg_foreign_server WHERE srvoptions::text LIKE '%127.0.0.1%'")" = 2 ] ||
  { echo "FAIL: the router's servers do not point to this run's clusters"; exit 1; }

# Rows made in each region by its own DEFAULT (uidx.country), in rounds, so
# that the newest rows come from every region.
for round in 1 2 3; do
  sql kz -c "INSERT INTO orders (customer_id, amount) SELECT 100000 + $round * 100 + g, g FROM generate_series(1, 10) g"
  sql br -c "INSERT INTO orders (customer_id, amount) SELECT 200000 + $round * 100 + g, g FROM generate_series(1, 10) g"
  sql router -c "INSERT INTO orders SELECT iuid_generate(7), 300000 + $round * 100 + g, g FROM generate_series(1, 10) g"
done
kz_id=$(sql kz -c "SELECT id FROM orders WHERE customer_id = 100205")
br_id=$(sql br -c "SELECT id FROM orders WHERE customer_id = 200205")
local_id=$(sql router -c "SELECT id FROM orders_c016 WHERE customer_id = 300205")
echo "ids: kz $kz_id, br $br_id, router $local_id"

# --- 1. Lookups by ID alone ---------------------------------------------------
# The regions' statistics are read once every client backend of the region
# (the router's postgres_fdw connections included) has exited, which flushes
# its counters.
region_scans() {  # name -> "seq idx" over the leaf partitions of orders
  local i
  for i in $(seq 100); do
    [ "$(sql "$1" -c "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()
                        AND backend_type = 'client backend' AND pid <> pg_backend_pid()")" = 0 ] && break
    sleep 0.1
  done
  sql "$1" -F ' ' -c "SELECT coalesce(sum(seq_scan), 0), coalesce(sum(idx_scan), 0) FROM pg_stat_user_tables
                       WHERE relid IN (SELECT relid FROM pg_partition_tree('orders') WHERE isleaf)"
}
leaves=$(sql router -c "SELECT count(*) FROM pg_partition_tree('orders') WHERE isleaf")
uuid_ops_in_region=$(sql kz -c "SELECT count(*) FROM pg_amop a JOIN pg_opfamily f ON f.oid = a.amopfamily
    WHERE f.opfname = 'iuid_ops' AND a.amoplefttype = 'iuid'::regtype AND a.amoprighttype = 'uuid'::regtype
      AND a.amopstrategy = 3")

lookup() {  # label type id owner(kz|br|none) expected-customer
  local label=$1 type=$2 id=$3 owner=$4 want=$5 plan got kz0 br0 kz1 br1 n
  plan=$(sql router -c "SET plan_cache_mode = force_generic_plan" \
                    -c "PREPARE q($type) AS SELECT customer_id FROM orders WHERE id = \$1" \
                    -c "EXPLAIN (VERBOSE, COSTS OFF) EXECUTE q('$id')")
  kz0=$(region_scans kz); br0=$(region_scans br)
  got=$(sql router -c "SET plan_cache_mode = force_generic_plan" \
                   -c "PREPARE q($type) AS SELECT customer_id FROM orders WHERE id = \$1" \
                   -c "EXECUTE q('$id')" -c "EXECUTE q('$id')" -c "EXECUTE q('$id')" | tr '\n' ' ')
  kz1=$(region_scans kz); br1=$(region_scans br)
  read -r kzs kzi <<<"$kz1"; read -r kzs0 kzi0 <<<"$kz0"
  read -r brs bri <<<"$br1"; read -r brs0 bri0 <<<"$br0"
  local dkz_seq=$((kzs - kzs0)) dkz_idx=$((kzi - kzi0)) dbr_seq=$((brs - brs0)) dbr_idx=$((bri - bri0))
  echo "$label: 3 executions returned [$got]; region scans (seq/idx): kz $dkz_seq/$dkz_idx, br $dbr_seq/$dbr_idx"
  check "$label: the right row each time" "$([ "$got" = "$want $want $want " ]; echo $?)"
  n=$(grep -c 'Foreign Scan' <<<"$plan" || true)
  if [ "$owner" = none ]; then
    check "$label: generic plan has no foreign scan left" "$([ "$n" = 0 ] && grep -q "Subplans Removed: $((leaves - 1))" <<<"$plan"; echo $?)"
    check "$label: no region scanned" "$([ $((dkz_seq + dkz_idx + dbr_seq + dbr_idx)) = 0 ]; echo $?)"
    return
  fi
  local remote
  remote=$(grep 'Remote SQL' <<<"$plan" || true)
  check "$label: generic plan keeps exactly one foreign scan, on orders_c$([ "$owner" = kz ] && echo 042 || echo 076)" \
    "$([ "$n" = 1 ] && grep -q "Subplans Removed: $((leaves - 1))" <<<"$plan" \
       && grep -q "Foreign Scan on public.orders_c$([ "$owner" = kz ] && echo 042 || echo 076)" <<<"$plan"; echo $?)"
  check "$label: the id condition is in the Remote SQL: ${remote##*Remote SQL: }" \
    "$(grep -qE "WHERE \(\(id OPERATOR\(public\.=\) \\\$1::(public\.iuid|uuid)\)\)" <<<"$remote"; echo $?)"
  local own_seq own_idx other
  if [ "$owner" = kz ]; then own_seq=$dkz_seq own_idx=$dkz_idx other=$((dbr_seq + dbr_idx))
  else own_seq=$dbr_seq own_idx=$dbr_idx other=$((dkz_seq + dkz_idx)); fi
  check "$label: the other region was not scanned at all" "$([ "$other" = 0 ]; echo $?)"
  if [ "$type" = iuid ] || [ "$uuid_ops_in_region" != 0 ]; then
    check "$label: the owning region ran one index scan per execution, no sequential scan" \
      "$([ "$own_idx" = 3 ] && [ "$own_seq" = 0 ]; echo $?)"
  else
    # the region's iuid_ops has no iuid = uuid operator to match its primary key with
    echo "note: this build's iuid_ops has no uuid operators, so the region scans its partitions for a uuid parameter"
    check "$label: the owning region was scanned" "$([ $((own_seq + own_idx)) -gt 0 ]; echo $?)"
  fi
}
lookup "iuid lookup of a kz id" iuid "$kz_id" kz 100205
lookup "iuid lookup of a br id" iuid "$br_id" br 200205
lookup "uuid lookup of a kz id" uuid "$kz_id" kz 100205
lookup "uuid lookup of a br id" uuid "$br_id" br 200205
lookup "iuid lookup of a router id" iuid "$local_id" none 300205

regions=$(sql router -c "SELECT coalesce(uidx_region_of('$kz_id'), '-') || ' ' || coalesce(uidx_region_of('$br_id'), '-')
                           || ' ' || coalesce(uidx_region_of('$local_id'), '-')")
check "uidx_region_of: $regions" "$([ "$regions" = 'region_kz region_br -' ]; echo $?)"

# --- 2. Routed inserts ----------------------------------------------------------
sql router -c "INSERT INTO orders VALUES (iuid_generate(7, 42), 501, 1), (iuid_generate(7, 43), 502, 1),
                                         (iuid_generate(7, 76), 503, 1), (iuid_generate(7, 16), 504, 1)" >/dev/null
where_rows() {  # customer ids (SQL list) -> where they are, as customer:country
  local q="SELECT coalesce(string_agg(customer_id || ':' || iuid_country(id), ',' ORDER BY customer_id), '-')
             FROM %s WHERE customer_id IN ($1)"
  echo "kz $(sql kz -c "$(printf "$q" orders)") br $(sql br -c "$(printf "$q" orders)")" \
       "router $(sql router -c "$(printf "$q" orders_c016)")"
}
placed=$(where_rows "501, 502, 503, 504")
check "routed inserts land in their regions: $placed" \
  "$([ "$placed" = 'kz 501:42,502:43 br 503:76 router 504:16' ]; echo $?)"
state=$(sql router -v ON_ERROR_STOP=0 \
  -c "INSERT INTO orders VALUES (iuid_generate(7, 42), 601, 1), (iuid_generate(7, 76), 602, 1),
                                (iuid_generate(7, 16), 603, 1), (iuid_generate(7, 99), 604, 1)" \
  -c '\echo :LAST_ERROR_SQLSTATE' 2>"$base/insert.err" || true)
placed=$(where_rows "601, 602, 603, 604")
echo "an INSERT with an id of country 99: $state $(head -1 "$base/insert.err")"
check "an id of a country without a region: 23514, nothing written ($placed)" \
  "$([ "$state" = 23514 ] && [ "$placed" = 'kz - br - router -' ]; echo $?)"

# --- 3. The newest N across regions ----------------------------------------------
newest=25
via_router=$(sql router -c "SELECT id, customer_id, amount FROM orders ORDER BY id DESC LIMIT $newest")
union=$( { sql kz -c "SELECT id, customer_id, amount FROM orders ORDER BY id DESC LIMIT $newest"
           sql br -c "SELECT id, customer_id, amount FROM orders ORDER BY id DESC LIMIT $newest"
           sql router -c "SELECT id, customer_id, amount FROM orders_c016 ORDER BY id DESC LIMIT $newest"; } |
         LC_ALL=C sort -r | head -n $newest)
countries=$(sql router -c "SELECT count(DISTINCT iuid_country(id)) FROM (SELECT id FROM orders ORDER BY id DESC LIMIT $newest) s")
check "newest $newest via the router = newest $newest of the union of the regions ($countries countries among them)" \
  "$([ "$via_router" = "$union" ] && [ "$(wc -l <<<"$via_router")" = $newest ] && [ "$countries" -ge 3 ]; echo $?)"

# --- 4. pg_dump of the router -------------------------------------------------------
router_shape() {  # db: the registry, then every partition with its bound, server and options
  psql -X -qAt -v ON_ERROR_STOP=1 -h "$base/router/sock" -p "${port[router]}" -U postgres -d "$1" -c "
    SELECT 'registry ' || country || ' ' || coalesce(server, '(local)') FROM uidx_region
    UNION ALL
    SELECT 'partition ' || c.oid::regclass || ' ' || c.relkind::text || ' ' || pg_get_expr(c.relpartbound, c.oid)
           || coalesce(' server ' || s.srvname || ' ' || array_to_string(f.ftoptions, ','), '')
      FROM pg_class c LEFT JOIN pg_foreign_table f ON f.ftrelid = c.oid
      LEFT JOIN pg_foreign_server s ON s.oid = f.ftserver
     WHERE c.relispartition
    ORDER BY 1"
}
pg_dump -h "$base/router/sock" -p "${port[router]}" -U postgres -d router -Fc -f "$base/router.dump"
psql -X -q -h "$base/router/sock" -p "${port[router]}" -U postgres -d postgres -c "CREATE DATABASE router_restored"
pg_restore --exit-on-error -h "$base/router/sock" -p "${port[router]}" -U postgres -d router_restored "$base/router.dump"
before=$(router_shape router); after=$(router_shape router_restored)
routed=$(psql -X -qAt -h "$base/router/sock" -p "${port[router]}" -U postgres -d router_restored \
              -c "SELECT customer_id FROM orders WHERE id = '$br_id'")
echo "router: $(grep -c '^registry' <<<"$before") registry rows, $(grep -c '^partition' <<<"$before") partitions"
check "pg_dump + pg_restore of the router: same registry and partitions, and the copy routes (br row: $routed)" \
  "$([ "$before" = "$after" ] && [ "$routed" = 200205 ]; echo $?)"
[ "$before" = "$after" ] || diff <(echo "$before") <(echo "$after") || true

# --- 5. A region down -------------------------------------------------------------------
failing_query() {  # label query want-SQLSTATE-pattern [psql args...]: under the guard
  local label=$1 query=$2 want=$3 start state rc ms
  shift 3
  start=$(date +%s%N)
  rc=0
  state=$(timeout "$guard" psql -X -qAt -h "$base/router/sock" -p "${port[router]}" -U postgres -d router \
            "$@" -c "$query" -c '\echo :LAST_ERROR_SQLSTATE' 2>"$base/lookup.err") || rc=$?
  ms=$(( ($(date +%s%N) - start) / 1000000 ))
  echo "$label: SQLSTATE ${state:-none} after $((ms / 1000)).$(printf '%03d' $((ms % 1000))) s: $(head -1 "$base/lookup.err")"
  check "$label: fails with $want, does not hang" "$([ "$rc" != 124 ] && [[ "$state" == $want ]]; echo $?)"
}
cluster br stop
echo "region br stopped"
got=$(sql router -c "SET plan_cache_mode = force_generic_plan" \
                 -c "PREPARE q(iuid) AS SELECT customer_id FROM orders WHERE id = \$1" \
                 -c "EXECUTE q('$kz_id')" -c "EXECUTE q('$local_id')" \
                 -c "SELECT customer_id FROM orders WHERE id = '$kz_id'" | tr '\n' ' ')
check "with br stopped, kz and router lookups still work: $got" "$([ "$got" = '100205 300205 100205 ' ]; echo $?)"
failing_query "with br stopped, a br lookup" "SELECT customer_id FROM orders WHERE id = '$br_id'" '08*'
failing_query "with br stopped, the newest $newest" "SELECT id FROM orders ORDER BY id DESC LIMIT $newest" '08*'

server_version=$(sql router -c "SHOW server_version_num")
kill -STOP "$(postmaster_pid kz)"
echo "region kz hung (postmaster stopped by SIGSTOP)"
if [ "$server_version" -lt 160000 ]; then
  failing_query "with kz hung, a kz lookup (connect_timeout $connect_timeout s)" \
    "SELECT customer_id FROM orders WHERE id = '$kz_id'" 08001
else
  failing_query "with kz hung, a kz lookup (statement_timeout $statement_timeout s; connect_timeout is not applied from 16 on)" \
    "SELECT customer_id FROM orders WHERE id = '$kz_id'" 57014 -c "SET statement_timeout = '${statement_timeout}s'"
fi
got=$(sql router -c "SELECT customer_id FROM orders WHERE id = '$local_id'")
check "with both regions down, a router lookup still works: $got" "$([ "$got" = 300205 ]; echo $?)"
kill -CONT "$(postmaster_pid kz)"

exit $fail
