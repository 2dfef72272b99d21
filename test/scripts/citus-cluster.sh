#!/usr/bin/env bash
# A throwaway Citus cluster, a coordinator and two workers on loopback, with
# THIS tree's uidx installed into each node:
#
#   citus-cluster.sh run CMD...
#
# starts the cluster, runs CMD against the coordinator, stops every node and
# removes everything (always).  Exits 3, with a message, when the vendored
# Citus archive is not there (test/scripts/build-citus.sh); otherwise with
# CMD's status.
#
# uidx is built in a copy of the tree (the files git knows, tracked or not
# ignored) against the Citus-enabled PostgreSQL 18, so the tree's own build,
# made for whatever server `make test` uses, is never touched.  Each node is
# a test/scripts/sandbox.sh server of that copy; they listen on 127.0.0.1 on
# ports the kernel hands out at run time, and the coordinator reaches the
# workers by TCP (initdb's pg_hba.conf trusts 127.0.0.1).
#
# CMD runs with PGHOST/PGPORT/PGUSER/PGDATABASE set for the coordinator's
# database CITUS_DB (citus created in it on every node, the workers added),
# PATH and PG_BINDIR pointing at the server's binaries, and
#   CITUS_COORD_PORT, CITUS_WORKER_PORTS ("p1 p2"), CITUS_WORKER_SOCKS
#   (their socket directories, same order), CITUS_DIR (a scratch directory
#   that is removed at the end).
#
# Settings:  CITUS_DB     the database (default uidx_citus)
#            CITUS_CONF   extra postgresql.conf lines for every node
#            CITUS_NO_SETUP=1   leave the database, citus and the node list
#                         to CMD (everything but the servers)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)

[ "${1:-}" = run ] && [ $# -ge 2 ] || { echo "usage: $0 run CMD..." >&2; exit 2; }
shift

# Called from make (make test-citus PG_CONFIG=...), the caller's variables
# would reach the builds below through MAKEFLAGS and override this server's.
unset MAKEFLAGS MFLAGS MAKELEVEL

rc=0
pg_config=$(bash "$here/build-citus.sh") || rc=$?
[ $rc -eq 0 ] || exit $rc

# Everything below this directory is removed at the end: inside the calling
# test's sandbox when there is one.
base=${SANDBOX_DIR:-/tmp}
mkdir -p "$base"
dir=$(mktemp -d "$base/uidx-citus.XXXXXX")
chmod 755 "$dir"   # the server runs as 'postgres' when this runs as root
nodes=(coordinator worker1 worker2)
declare -A port=()

node_env() {  # name: the environment sandbox.sh needs for that node
  echo "PG_CONFIG=$pg_config SANDBOX_DIR=$dir/${1} SANDBOX_PORT=${port[$1]:-0}"
}
cleanup() {
  local n
  for n in "${nodes[@]}"; do
    [ -d "$dir/$n/data" ] && env $(node_env "$n") bash "$dir/tree/test/scripts/sandbox.sh" stop || true
  done
  rm -rf "$dir"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# The copy: what git knows of the work tree (tracked files and new ones not
# ignored), so build products of the tree are not carried over.
mkdir "$dir/tree"
if git -C "$top" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  (cd "$top" && git ls-files -co --exclude-standard -z | cpio -0 -pdm --quiet "$dir/tree")
else
  cp -a "$top/." "$dir/tree"
  make -C "$dir/tree" -s clean PG_CONFIG="$pg_config" >/dev/null 2>&1 || true
fi
make -C "$dir/tree" -s PG_CONFIG="$pg_config" >"$dir/build.log" 2>&1 \
  || { cat "$dir/build.log" >&2; echo "citus-cluster: building uidx against $pg_config failed" >&2; exit 1; }

# Free ports: bound all at once (so they differ), then released for the servers.
read -r -a ports <<<"$(python3 -c '
import socket
socks = [socket.socket() for _ in range(3)]
for s in socks:
    s.bind(("127.0.0.1", 0))
print(" ".join(str(s.getsockname()[1]) for s in socks))')"
for i in "${!nodes[@]}"; do port[${nodes[$i]}]=${ports[$i]}; done

conf="listen_addresses = '127.0.0.1'
shared_preload_libraries = 'citus'
max_connections = 100
max_prepared_transactions = 100
${CITUS_CONF:-}"
for n in "${nodes[@]}"; do
  env $(node_env "$n") SANDBOX_CONF="$conf" bash "$dir/tree/test/scripts/sandbox.sh" start >/dev/null
done

bindir=$("$pg_config" --bindir)
export PATH=$dir/coordinator/root$bindir:$PATH PG_BINDIR=$dir/coordinator/root$bindir
export PGHOST=$dir/coordinator/sock PGPORT=${port[coordinator]} PGUSER=postgres
export CITUS_DB=${CITUS_DB:-uidx_citus}
export CITUS_COORD_PORT=${port[coordinator]}
export CITUS_WORKER_PORTS="${port[worker1]} ${port[worker2]}"
export CITUS_WORKER_SOCKS="$dir/worker1/sock $dir/worker2/sock"
export CITUS_DIR=$dir/scratch
mkdir -p "$CITUS_DIR"; chmod 777 "$CITUS_DIR"

if [ -z "${CITUS_NO_SETUP:-}" ]; then
  for n in "${nodes[@]}"; do
    psql -X -q -v ON_ERROR_STOP=1 -h "$dir/$n/sock" -p "${port[$n]}" -d postgres \
         -c "CREATE DATABASE $CITUS_DB"
    psql -X -q -v ON_ERROR_STOP=1 -h "$dir/$n/sock" -p "${port[$n]}" -d "$CITUS_DB" \
         -c "CREATE EXTENSION citus"
  done
  psql -X -q -v ON_ERROR_STOP=1 -d "$CITUS_DB" -o /dev/null \
       -c "SELECT citus_set_coordinator_host('127.0.0.1', ${port[coordinator]})" \
       -c "SELECT citus_add_node('127.0.0.1', ${port[worker1]})" \
       -c "SELECT citus_add_node('127.0.0.1', ${port[worker2]})"
fi
export PGDATABASE=$CITUS_DB

status=0
"$@" || status=$?
exit $status
