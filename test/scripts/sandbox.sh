#!/usr/bin/env bash
# A throwaway PostgreSQL server with THIS tree's build installed into it.
#
#   sandbox.sh run CMD...   start a server, run CMD with PGHOST/PGPORT/PGUSER,
#                           PG_BINDIR, SANDBOX_DIR and UIDX_SERVER_FILES set,
#                           stop it again (always)
#   sandbox.sh start|stop   the same, in two steps (for interactive use)
#
# Why not pg_virtualenv: it serves the system-wide install, so testing would mean
# installing into /usr first, and two worktrees could not test at once.  Here the
# server binaries are hard-linked into a private prefix (PostgreSQL finds its
# share and lib directories relative to its own binary) and `make install
# DESTDIR=...` puts the extension into that prefix only.
#
# Everything lives in one directory.  For `run` it is private to the run
# (mktemp) and removed at the end; when CMD fails only the server log is kept
# (its path is printed).  A SANDBOX_DIR given by the caller is the caller's to
# remove.  `start` uses one directory per tree, which `stop` removes.
# UIDX_SERVER_FILES is a directory in it that the server may write (tests
# that COPY to a server-side file use it).
#
# Settings:  SANDBOX_CONF   extra postgresql.conf lines
#            SANDBOX_ENV    extra environment for the server (e.g. LD_PRELOAD=...),
#                           and/or a command to start it under, after `env`
#                           (e.g. "taskset -c 0": .ci/run pins it to one CPU)
#            SANDBOX_DIR    where to put it (see above)
set -euo pipefail

top=$(cd "$(dirname "$0")/../.." && pwd)
PG_CONFIG=${PG_CONFIG:-pg_config}
sysbin=$("$PG_CONFIG" --bindir)
syslib=$("$PG_CONFIG" --pkglibdir)
sysshare=$("$PG_CONFIG" --sharedir)
own_dir=""
if [ -z "${SANDBOX_DIR:-}" ]; then
  if [ "${1:-}" = run ]; then
    SANDBOX_DIR=$(mktemp -d "${TMPDIR:-/tmp}/uidx-sandbox.XXXXXX")
    own_dir=1
  else
    tag=$(printf '%s' "$top" | cksum | cut -d' ' -f1)
    SANDBOX_DIR=${TMPDIR:-/tmp}/uidx-sandbox.$(id -u).$tag
  fi
fi
prefix=$SANDBOX_DIR/root
data=$SANDBOX_DIR/data
sock=$SANDBOX_DIR/sock
logs=$SANDBOX_DIR/log
files=$SANDBOX_DIR/files
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

# start's directory has a name anyone can guess (TMPDIR is often /tmp): one
# another user made there, or a link, would let that user change the server's
# files, have pg_ctl (as the server's user) signal a pid of their choosing, or
# root's chown and rm act on theirs.  start and stop refuse it.
refuse_foreign_dir() {
  if [ -L "$SANDBOX_DIR" ] || { [ -e "$SANDBOX_DIR" ] && [ "$(stat -c %u "$SANDBOX_DIR")" != "$(id -u)" ]; }; then
    echo "sandbox: $SANDBOX_DIR is a link or belongs to another user: remove it" >&2
    exit 1
  fi
}

start() {
  mkdir -p "$SANDBOX_DIR"
  refuse_foreign_dir
  stop_quietly
  chmod 755 "$SANDBOX_DIR"
  build_prefix
  rm -rf "$data" "$sock" "$logs" "$files"; mkdir -p "$data" "$sock" "$logs" "$files"
  [ "$(id -u)" -eq 0 ] && chown postgres: "$data" "$sock" "$logs" "$files"
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
  export PG_BINDIR=$prefix$sysbin SANDBOX_DIR UIDX_SERVER_FILES=$files
  # for tests that install more into the sandbox: make install DESTDIR=$SANDBOX_PREFIX
  # PG_CONFIG=$SANDBOX_PG_CONFIG (the server's own pg_config, not the prefix's copy)
  export SANDBOX_PREFIX=$prefix SANDBOX_PG_CONFIG
  SANDBOX_PG_CONFIG=$(command -v "$PG_CONFIG")
  export PATH=$prefix$sysbin:$PATH
}

finish_run() {  # status of CMD
  stop_quietly
  [ -n "$own_dir" ] || return 0
  if [ "$1" -eq 0 ]; then
    rm -rf "$SANDBOX_DIR"
  else
    rm -rf "$prefix" "$data" "$sock" "$files"
    echo "sandbox: server log kept in $logs" >&2
  fi
}

case "${1:-}" in
  start) start; export_env; echo "export PGHOST=$PGHOST PGPORT=$PGPORT PGUSER=$PGUSER PATH=$prefix$sysbin:\$PATH" ;;
  stop)  refuse_foreign_dir; stop_quietly; rm -rf "$SANDBOX_DIR" ;;
  run)   shift
         trap 'finish_run 1' EXIT
         start; export_env
         status=0; "$@" || status=$?
         trap - EXIT; finish_run $status
         exit $status ;;
  *)     echo "usage: $0 run CMD... | start | stop" >&2; exit 2 ;;
esac
