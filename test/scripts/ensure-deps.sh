#!/usr/bin/env bash
# Installs the Debian packages the build and the test suite need, and only
# those that are missing.  Safe to run again: it is a no-op once all is there.
#
#   ensure-deps.sh          what building and testing against PG_CONFIG needs:
#                           Debian's postgresql-N packages when PG_CONFIG is
#                           Debian's (default 15), nothing server-side when it
#                           is a server built by build-pg.sh
#   ensure-deps.sh build    what build-pg.sh needs to build a server from source
#   ensure-deps.sh list [build]   print those packages, install nothing
#                           (test/t/deps.sh checks them against the scripts)
set -euo pipefail
list_only=""
if [ "${1:-}" = list ]; then list_only=1; shift; fi

common=(
  make gcc libssl-dev               # the extension; libcrypto for public-id AES
  python3                           # test scripts
  cpio git                          # asan-check copies the tree's files with them
  libipc-run-perl                   # TAP tests (test/t/*.pl): PostgreSQL::Test::Cluster runs on IPC::Run
  clang libclang-rt-14-dev          # libFuzzer and the sanitizer runtimes
  python3-psycopg                   # test/t/drivers.sh: psycopg 3
  python3-psycopg2 python3-sqlalchemy python3-asyncpg python3-django   #   psycopg2, SQLAlchemy, asyncpg, Django
  golang golang-github-jackc-pgx-v4-dev   #   Go pgx, built in GOPATH mode from /usr/share/gocode
  libpostgresql-jdbc-java           # test/t/drivers.sh: pgjdbc
  openjdk-17-jdk-headless           #   and javac to build its test
  gnuplot-nox                       # make bench: the growth section's plots
  libkrb5-dev                       # test/t/managed-pgtle.sh builds pg_tle (gssapi headers)
)
wanted=("${common[@]}")
# test/t/drivers.sh installs node-postgres with npm; a Node.js that came from
# elsewhere (with its own npm) is fine, Debian's is installed only when none is
# (and listed always: it is what a fresh machine gets)
if [ -n "$list_only" ] || ! command -v npm >/dev/null 2>&1; then wanted+=(nodejs npm); fi
if [ "${1:-}" = build ]; then
  wanted+=(dpkg-dev zlib1g-dev pkg-config bison flex)
  # the vendored PostgreSQL archives (16, 19) are .tar.xz
  wanted+=(xz-utils)
  # Citus (build-citus.sh) compresses columnar storage with these
  [ -n "${CITUS_BUILD:-}" ] && wanted+=(liblz4-dev libzstd-dev)
else
  PG_CONFIG=${PG_CONFIG:-pg_config}
  major=""
  case "$PG_CONFIG" in
    pg_config) major=15 ;;
    /usr/lib/postgresql/*/bin/pg_config) major=$(echo "$PG_CONFIG" | cut -d/ -f5) ;;
  esac
  if [ -n "$major" ]; then
    wanted+=("postgresql-$major"            # the server the tests start
             "postgresql-client-$major"     # psql, pg_dump, pgbench
             "postgresql-server-dev-$major" # PGXS and the server headers
             postgresql-contrib)            # amcheck, postgres_fdw (15: part of postgresql-15)
  elif [ ! -x "$PG_CONFIG" ]; then
    echo "uidx: PG_CONFIG=$PG_CONFIG does not exist (test/scripts/build-pg.sh builds one)" >&2
    exit 1
  fi
fi

if [ -n "$list_only" ]; then
  printf '%s\n' "${wanted[@]}"
  exit 0
fi

missing=()
for pkg in "${wanted[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q '^install ok installed$'; then
    missing+=("$pkg")
  fi
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "uidx: installing missing packages: ${missing[*]}"
sudo=()
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "uidx: need root (or sudo) to install: ${missing[*]}" >&2; exit 1; }
  # sudo drops the environment; pass the frontend through explicitly
  sudo=(sudo env DEBIAN_FRONTEND=noninteractive)
fi
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -qq
# The Debian postgresql-common postinst creates a 'main' cluster; the tests never use it.
"${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
