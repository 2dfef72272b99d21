#!/usr/bin/env bash
# Fork safety with shared_preload_libraries = 'uidx': _PG_init then runs in the
# postmaster, and whatever it left in memory every backend would inherit.
#
# Starts its own sandbox server with the library preloaded and checks:
#  1. the library really is loaded in the postmaster (its settings exist in a
#     backend that never loaded uidx itself);
#  2. for every generator with random bits: two fresh backends' first ids
#     differ in every random bit field, and are never equal as 16 bytes;
#  3. the postmaster's own memory, read from /proc, holds no randomness and
#     no generator state (every *_pid owner variable 0, the entropy buffer
#     empty and zeroed), before and after the backends generated;
#  4. a backend that used every stateful generator owns all the state: each
#     *_pid variable holds its pid (the check that makes a backend forked
#     from a process with state start afresh).
# Steps 3 and 4 read process memory; where the kernel refuses that (no
# ptrace rights) they are reported as skipped, steps 1 and 2 still decide.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)

if [ -z "${UIDX_FORK_SAFETY_SERVER:-}" ]; then
  export UIDX_FORK_SAFETY_SERVER=1
  SANDBOX_DIR=$(mktemp -d "${TMPDIR:-/tmp}/uidx-forksafety.XXXXXX")
  export SANDBOX_DIR SANDBOX_PORT=54331
  export SANDBOX_CONF="shared_preload_libraries = 'uidx'"
  status=0
  bash "$top/test/scripts/sandbox.sh" run bash "$0" || status=$?
  rm -rf "$SANDBOX_DIR"
  exit $status
fi

db=uidx_fork_safety
sql() { psql -X -qAt -v ON_ERROR_STOP=1 -d $db "$@"; }
psql -X -q -v ON_ERROR_STOP=1 -d postgres -c "CREATE DATABASE $db"
fail=0

# 1. loaded by the postmaster: a fresh backend that never ran LOAD or CREATE
# EXTENSION knows the settings as real (not placeholder) variables
preload=$(sql -c "SHOW shared_preload_libraries")
defined=$(sql -c "SELECT count(*) FROM pg_settings
                   WHERE name IN ('uidx.country', 'uidx.debug_clock_offset_ms', 'uidx.debug_clock_freeze')")
echo "shared_preload_libraries = '$preload'; uidx settings known to a fresh backend before CREATE EXTENSION: $defined of 3"
[ "$preload" = uidx ] && [ "$defined" = 3 ] || { echo "FAIL: uidx is not preloaded"; fail=1; }

sql -c "CREATE EXTENSION uidx" -c "CREATE SEQUENCE fork_seq"

postmaster_pid=$(head -1 "$SANDBOX_DIR/data/postmaster.pid")

# peek PID: prints "NAME VALUE" for uidx.so's per-process state in that
# process: every static variable named *_pid (the owner of a piece of state;
# the value), entropy_used (the value) and entropy_buffer ("zero" or
# "nonzero"); or "unreadable" when the kernel refuses access.
peek() {
  python3 - "$1" <<'PY'
import subprocess, sys
pid = sys.argv[1]
try:
    with open(f"/proc/{pid}/maps") as maps:
        mapped = [l.split() for l in maps]
    mem = open(f"/proc/{pid}/mem", "rb")
except PermissionError:
    print("unreadable"); sys.exit(0)
so = base = None
for f in mapped:
    if len(f) >= 6 and f[5].endswith("/uidx.so") and int(f[2], 16) == 0:
        so, base = f[5], int(f[0].split("-")[0], 16)
        break
if so is None:
    sys.exit(f"uidx.so is not mapped in process {pid}")
wanted = []
for line in subprocess.run(["nm", "-S", "--defined-only", so], capture_output=True,
                           text=True, check=True).stdout.splitlines():
    parts = line.split()
    if len(parts) == 4 and parts[2] in "bBdD" and \
            (parts[3].endswith("_pid") or parts[3] in ("entropy_used", "entropy_buffer")):
        wanted.append((parts[3], int(parts[0], 16), int(parts[1], 16)))
with mem:
    for name, addr, size in sorted(wanted):
        mem.seek(base + addr)
        try:
            raw = mem.read(size)
        except OSError:
            print("unreadable"); sys.exit(0)
        if size in (4, 8):
            print(name, int.from_bytes(raw, sys.byteorder, signed=True))
        else:
            print(name, "zero" if not any(raw) else "nonzero")
PY
}

check_postmaster() {  # when
  local out
  out=$(peek "$postmaster_pid")
  if [ "$out" = unreadable ]; then
    echo "postmaster memory $1: SKIPPED (process memory not readable here)"; return
  fi
  echo "postmaster memory $1: $(echo "$out" | tr '\n' ' ')"
  echo "$out" | awk '
    $1 ~ /_pid$/ && $2 != 0 { bad = 1 }
    $1 == "entropy_used" && $2 != 4096 { bad = 1 }
    $1 == "entropy_buffer" && $2 != "zero" { bad = 1 }
    END { exit bad }' || { echo "FAIL: the postmaster holds randomness or generator state"; fail=1; }
}
check_postmaster "before generation"

# 2. every generator of the registry (test/t/generators.list) with its
# random fields as first_bit:length (bit 0 = the most significant bit of the
# 16 bytes; version and variant bits excluded)
. "$here/../scripts/registry.sh"
sql -f "$here/generators-fixtures.sql" >/dev/null
first_id() { psql -X -qAt -v ON_ERROR_STOP=1 -d $db -c "SELECT ($1)::uuid"; }
equal_fields() {  # id1 id2 fields: prints the fields in which the two are equal
  local q="" f
  for f in $3; do
    q="$q UNION ALL SELECT '$f' FROM v WHERE substring(a FROM ${f%%:*} + 1 FOR ${f##*:}) = substring(b FROM ${f%%:*} + 1 FOR ${f##*:})"
  done
  sql -c "WITH v AS (SELECT ('x' || replace('$1', '-', ''))::bit(128) AS a,
                            ('x' || replace('$2', '-', ''))::bit(128) AS b)
          SELECT string_agg(f, ' ') FROM (SELECT NULL::text AS f WHERE false $q) s"
}
pairs_checked=0
while IFS='|' read -r name expr type _ fields _; do
  # as 16 bytes: numeric(28,0) through distid
  [ "$type" = "numeric(28,0)" ] && expr="($expr)::distid"
  a=$(first_id "$expr"); b=$(first_id "$expr")
  pairs_checked=$((pairs_checked + 1))
  same=$(sql -c "SELECT '$a'::uuid = '$b'::uuid")
  equal=$(equal_fields "$a" "$b" "$fields")
  # A field under 32 bits matches by chance (1 in 4096 for 12 bits); state
  # inherited from the postmaster would make it match in every pair, so such
  # a field is drawn again from two more pairs of fresh backends.
  for retry in 1 2; do
    short=""
    for f in $equal; do [ "${f##*:}" -lt 32 ] && short="$short $f"; done
    [ -n "$short" ] && [ "$short" = " $equal" ] || break
    equal=$(equal_fields "$(first_id "$expr")" "$(first_id "$expr")" "$short")
  done
  echo "$name: $a / $b, equal random fields: ${equal:-none}"
  if [ "$same" = t ] || [ -n "$equal" ]; then
    echo "FAIL $name: two fresh backends made the same random bits"; fail=1
  fi
done < <(registry_lines)
want=$(registry_lines | wc -l)
[ "$pairs_checked" -eq "$want" ] || { echo "FAIL: $pairs_checked generators checked, the registry has $want"; fail=1; }

# 4. a backend owns the state it made: its *_pid variables hold its pid
fifo=$SANDBOX_DIR/fifo; mkfifo "$fifo"
psql -X -qAt -d $db <"$fifo" >"$fifo.out" 2>&1 &
client=$!
exec 3>"$fifo"
# every generator that keeps state, and one that only draws random bytes
echo "SELECT pg_backend_pid(), iuid_generate(1, 1), uuidv7(), distid_generate(), distid128_generate(),
             comb_prefix_generate(), comb_suffix_generate(), comb_sqlserver_generate();" >&3
for _ in $(seq 50); do [ -s "$fifo.out" ] && break; sleep 0.1; done
backend_pid=$(cut -d'|' -f1 "$fifo.out")
out=$(peek "$backend_pid")
exec 3>&-
wait $client || true
rm -f "$fifo" "$fifo.out"
if [ "$out" = unreadable ]; then
  echo "backend memory: SKIPPED (process memory not readable here)"
else
  echo "backend $backend_pid memory after generating: $(echo "$out" | tr '\n' ' ')"
  for v in $(echo "$out" | awk '$1 ~ /_pid$/ { print $1 }'); do
    echo "$out" | grep -qx "$v $backend_pid" || { echo "FAIL: $v is not the backend's pid"; fail=1; }
  done
fi

check_postmaster "after generation"

psql -X -q -d postgres -c "DROP DATABASE $db"
exit $fail
