#!/usr/bin/env bash
# The instructions section (BENCH_SECTIONS=instructions, not run by default):
# uidx_sql's generators (the SQL edition, docs/managed.md) against
# gen_random_uuid() and the PL/pgSQL baseline (iuid_plpgsql.sql), counted
# in CPU instructions instead of time.  Timings on a shared machine move by
# 15 % from run to run; an instruction count under valgrind's callgrind is
# the same in every run, so a change of a few percent shows.  It is not a
# time: work that waits on memory costs more time per instruction than
# OpenSSL's tight loops inside gen_random_uuid(), so time ratios come out
# higher (docs/managed.md, cost).
#
# Each expression runs in a single-user backend of a throwaway cluster as
# SELECT count(expr) FROM generate_series(1, n), for two n; the difference
# divided by the difference of n is the count per ID, net of the loop
# (count(1)) and of start-up.  Needs valgrind; PG_CONFIG picks the server.
#
#   BENCH_IR_N    the larger n (default 12000; the smaller is n / 6)
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top"
PG_CONFIG=${PG_CONFIG:-pg_config}
bindir=$("$PG_CONFIG" --bindir)
n=${BENCH_IR_N:-12000}
n0=$(( n / 6 ))
command -v valgrind >/dev/null || { echo "instructions: valgrind is not installed (apt-get install valgrind)" >&2; exit 2; }

work=$(mktemp -d "${TMPDIR:-/tmp}/uidx-ir.XXXXXX")
as_server=()
if [ "$(id -u)" -eq 0 ]; then
  as_server=(runuser -u postgres --)
  chown postgres "$work"
fi
cleanup() {
  "${as_server[@]}" "$bindir/pg_ctl" -D "$work/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT
chmod 755 "$work"

bash src/sql/managed/build.sh "$work" instructions >/dev/null
# the baseline function alone, out of the file that also checks it against
# the C extension
sed -n '/^CREATE FUNCTION bench.iuid_plpgsql/,/^END \$\$;/p' test/bench/iuid_plpgsql.sql >"$work/baseline.sql"
chmod 644 "$work"/*.sql

"${as_server[@]}" "$bindir/initdb" -D "$work/data" -E UTF8 --locale=C -A trust >/dev/null
"${as_server[@]}" "$bindir/pg_ctl" -D "$work/data" -o "-c listen_addresses='' -k $work" -l "$work/log" -w start >/dev/null
psql_() { "${as_server[@]}" "$bindir/psql" -X -q -h "$work" -d postgres -v ON_ERROR_STOP=1 "$@"; }
psql_ -c 'CREATE SCHEMA bench' >/dev/null
psql_ -v schema=uidx_sql -f "$work/uidx_sql.psql.sql" >/dev/null 2>&1 \
  || { echo "instructions: installing uidx_sql failed" >&2; exit 1; }
psql_ -f "$work/baseline.sql" >/dev/null
has_v7=$(psql_ -Atc "SELECT to_regprocedure('uidx_sql.uuidv7()') IS NOT NULL")
"${as_server[@]}" "$bindir/pg_ctl" -D "$work/data" -w stop >/dev/null

# instructions of one backend run of count(expr) over n rows
count_ir() {
  printf 'SELECT count(%s) FROM generate_series(1, %s) g;\n' "$1" "$2" >"$work/q.sql"
  chmod 644 "$work/q.sql"
  "${as_server[@]}" valgrind --tool=callgrind --callgrind-out-file=/dev/null \
      "$bindir/postgres" --single -D "$work/data" postgres <"$work/q.sql" 2>&1 \
    | awk '/Collected :/ { print $4 }'
}
per_id() { echo $(( ($(count_ir "$1" "$n") - $(count_ir "$1" "$n0")) / (n - n0) )); }

# label|expression; the first two are the denominators, the indented ones
# are parts of a generator's cost
cases=(
  "gen_random_uuid()|gen_random_uuid()"
  "the PL/pgSQL iUID (without uidx)|bench.iuid_plpgsql(1, 1)"
  "uidx_sql.iuid_generate(1, 1)|uidx_sql.iuid_generate(1, 1)"
)
[ "$has_v7" = t ] && cases+=("uidx_sql.uuidv7()|uidx_sql.uuidv7()")
cases+=(
  "uidx_sql.comb_prefix_generate()|uidx_sql.comb_prefix_generate()"
  "uidx_sql.comb_suffix_generate()|uidx_sql.comb_suffix_generate()"
  "uidx_sql.comb_sqlserver_generate()|uidx_sql.comb_sqlserver_generate()"
  "uidx_sql.distributed_id()|uidx_sql.distributed_id()"
  "uidx_sql.distid128_generate()|uidx_sql.distid128_generate()"
  "  32 hex digits of text|'0123456789abcdef0123456789abcde' || (g % 10)"
  "  the same into a uuid (uuid_in)|('0123456789abcdef0123456789abcde' || (g % 10))::uuid"
  "  the tie-breaker's nextval|nextval('uidx_sql.uidx_sql_tie')"
  "  the clock in microseconds|uidx_sql.uidx_sql_now_us()"
)
echo
echo "=== Instructions per ID (callgrind; $("$bindir/postgres" --version); n = $n0 and $n)"
base=$(per_id 1)
v4=""
pl=""
printf '%-40s %10s %20s %11s\n' "expression" "instr/ID" "x gen_random_uuid()" "x PL/pgSQL"
for c in "${cases[@]}"; do
  label=${c%%|*}
  ir=$(( $(per_id "${c#*|}") - base ))
  if [ -z "$v4" ]; then v4=$ir; elif [ -z "$pl" ]; then pl=$ir; fi
  printf '%-40s %10d %20s %11s\n' "$label" "$ir" \
    "$(awk -v a="$ir" -v b="$v4" 'BEGIN { printf "%.2f", a / b }')" \
    "$(if [ -n "$pl" ]; then awk -v a="$ir" -v b="$pl" 'BEGIN { printf "%.2f", a / b }'; else echo -; fi)"
done
