#!/usr/bin/env bash
# A throwaway PostgreSQL server with THIS tree's build installed into it.
#
#   sandbox.sh run CMD...   start a server, run CMD with PGHOST/PGPORT/PGUSER
#                           and PG_BINDIR set, stop it again (always)
#   sandbox.sh start|stop   the same, in two steps (for interactive use)
#
# Why not pg_virtualenv: it serves the system-wide install, so testing would mean
# installing into /usr first, and two worktrees could not test at once.  Here the
# server binaries are hard-linked into a private prefix (PostgreSQL finds its
# share and lib directories relative to its own binary) and `make install
# DESTDIR=...` puts the extension into that prefix only.
#
# Settings:  SANDBOX_CONF   extra postgresql.conf lines
#            SANDBOX_ENV    extra environment for the server (e.g. LD_PRELOAD=...)
#            SANDBOX_DIR    where to put it (default: per tree, under /tmp)
set -euo pipefail

top=$(cd "$(dirname "$0")/../.." && pwd)
PG_CONFIG=${PG_CONFIG:-pg_config}
sysbin=$("$PG_CONFIG" --bindir)
syslib=$("$PG_CONFIG" --pkglibdir)
sysshare=$("$PG_CONFIG" --sharedir)
tag=$(printf '%s' "$top" | cksum | cut -d' ' -f1)
SANDBOX_DIR=${SANDBOX_DIR:-/tmp/uidx-sandbox.$(id -u).$tag}
prefix=$SANDBOX_DIR/root
data=$SANDBOX_DIR/data
sock=$SANDBOX_DIR/sock
logs=$SANDBOX_DIR/log
port=${SANDBOX_PORT:-54329}

# initdb and postgres refuse to run as root; run the server as 'postgres' then.
as_server=()
[ "$(id -u)" -eq 0 ] && as_server=(runuser -u postgres --)

link_tree() {  # hard links where possible (fast, no space), copies otherwise
  mkdir -p "$(dirname "$2")"
  cp -al "$1" "$2" 2>/dev/null || { rm -rf "$2"; cp -a "$1" "$2"; }
}

build_prefix() {
  rm -rf "$prefix"
  link_tree "$(dirname "$sysbin")" "$prefix$(dirname "$sysbin")"
  [ -d "$prefix$syslib" ] || link_tree "$syslib" "$prefix$syslib"
  link_tree "$sysshare" "$prefix$sysshare"
  make -C "$top" -s install DESTDIR="$prefix" >/dev/null
}

start() {
  stop_quietly
  mkdir -p "$SANDBOX_DIR"; chmod 755 "$SANDBOX_DIR"
  build_prefix
  rm -rf "$data" "$sock" "$logs"; mkdir -p "$data" "$sock" "$logs"
  [ "$(id -u)" -eq 0 ] && chown postgres: "$data" "$sock" "$logs"
  "${as_server[@]}" "$prefix$sysbin/initdb" -D "$data" -U postgres --auth=trust \
      --no-sync -E UTF8 --locale=C.UTF-8 >"$logs/initdb.log" 2>&1 \
    || { cat "$logs/initdb.log" >&2; exit 1; }
  cat >>"$data/postgresql.conf" <<CONF
listen_addresses = ''
unix_socket_directories = '$sock'
port = $port
fsync = off
max_connections = 40
max_prepared_transactions = 0
shared_buffers = 128MB
log_min_messages = warning
${SANDBOX_CONF:-}
CONF
  "${as_server[@]}" env ${SANDBOX_ENV:-} "$prefix$sysbin/pg_ctl" -D "$data" -w -s \
      -l "$logs/server.log" start \
    || { cat "$logs/server.log" >&2; exit 1; }
}

stop_quietly() {
  [ -f "$data/postmaster.pid" ] && "${as_server[@]}" "$prefix$sysbin/pg_ctl" -D "$data" -s -m fast stop >/dev/null 2>&1 || true
}

export_env() {
  export PGHOST=$sock PGPORT=$port PGUSER=postgres PGDATABASE=postgres
  export PG_BINDIR=$prefix$sysbin SANDBOX_DIR
  # for tests that install more into the sandbox: make install DESTDIR=$SANDBOX_PREFIX
  # PG_CONFIG=$SANDBOX_PG_CONFIG (the server's own pg_config, not the prefix's copy)
  export SANDBOX_PREFIX=$prefix SANDBOX_PG_CONFIG
  SANDBOX_PG_CONFIG=$(command -v "$PG_CONFIG")
  export PATH=$prefix$sysbin:$PATH
}

case "${1:-}" in
  start) start; export_env; echo "export PGHOST=$PGHOST PGPORT=$PGPORT PGUSER=$PGUSER PATH=$prefix$sysbin:\$PATH" ;;
  stop)  stop_quietly ;;
  run)   shift; start; trap stop_quietly EXIT; export_env; "$@" ;;
  *)     echo "usage: $0 run CMD... | start | stop" >&2; exit 2 ;;
esac
