#!/usr/bin/env bash
# Installs the Debian packages a target needs, and only those that are
# missing.  Safe to run again: it is a no-op once all is there.  Each suite
# asks for its own group when it runs, so `make demo` and `make test` install
# only what they need.
#
#   ensure-deps.sh [GROUP...]       install the groups (default: test)
#   ensure-deps.sh list [GROUP...]  print their packages, install nothing
#                                   ("list all": every group; test/t/deps.sh
#                                   checks them against the scripts)
#
# Groups:
#   demo     building and installing the extension, and the server
#            PG_CONFIG names: Debian's postgresql-N packages when PG_CONFIG
#            is Debian's (default 15), nothing server-side when it is a
#            server built by build-pg.sh (make demo)
#   test     demo, and what make test runs: psql scripts, TAP tests, git
#   drivers  test/t/drivers.sh: Python, Java, Go and Node clients
#   fuzz     clang and the sanitizer runtimes (make fuzz, make asan-check,
#            test/t/fuzz-smoke.sh); cpio to copy the tree
#   pgtle    test/t/managed-pgtle.sh builds pg_tle (gssapi headers)
#   partman  test/scripts/partman-install.sh fetches Debian's pg-partman
#            source package once (dpkg-source) and builds it
#   bench    make bench: gnuplot for the growth section's plots, valgrind
#            for the instructions section
#   build    what build-pg.sh needs to build a server from source
#            (CITUS_BUILD=1: also what Citus needs)
set -euo pipefail
list_only=""
if [ "${1:-}" = list ]; then list_only=1; shift; fi
groups=("$@")
[ ${#groups[@]} -gt 0 ] || groups=(test)
[ "${groups[*]}" = all ] && groups=(test drivers fuzz pgtle partman bench build)

server_packages() {  # Debian's packages of the server PG_CONFIG names
  local major=""
  PG_CONFIG=${PG_CONFIG:-pg_config}
  case "$PG_CONFIG" in
    pg_config) major=15 ;;
    /usr/lib/postgresql/*/bin/pg_config) major=$(echo "$PG_CONFIG" | cut -d/ -f5) ;;
  esac
  if [ -n "$major" ]; then
    echo "postgresql-$major"            # the server the tests start
    echo "postgresql-client-$major"     # psql, pg_dump, pgbench
    echo "postgresql-server-dev-$major" # PGXS and the server headers
    echo postgresql-contrib             # amcheck, postgres_fdw (15: part of postgresql-15)
  elif [ ! -x "$PG_CONFIG" ]; then
    echo "uidx: PG_CONFIG=$PG_CONFIG does not exist (test/scripts/build-pg.sh builds one)" >&2
    exit 1
  fi
}

wanted=()
for g in "${groups[@]}"; do
  case $g in
    demo)    wanted+=(make gcc libssl-dev)            # the extension; libcrypto for public-id AES
             mapfile -t -O ${#wanted[@]} wanted < <(server_packages) ;;
    test)    wanted+=(make gcc libssl-dev)
             mapfile -t -O ${#wanted[@]} wanted < <(server_packages)
             wanted+=(python3                         # test scripts
                      git                             # run-tests.sh copies the tree, upgrade.pl its history
                      libipc-run-perl) ;;             # TAP tests: PostgreSQL::Test::Cluster runs on IPC::Run
    drivers) wanted+=(python3-psycopg                 # psycopg 3
                      python3-psycopg2 python3-sqlalchemy python3-asyncpg python3-django
                      golang golang-github-jackc-pgx-v4-dev   # Go pgx, built in GOPATH mode from /usr/share/gocode
                      golang-golang-x-sync-dev        #   pgx v5's pool, where test/t/drivers.sh finds a pgx v5
                      libpostgresql-jdbc-java         # pgjdbc
                      openjdk-17-jdk-headless)        #   and javac to build its test
             # node-postgres comes from npm; a Node.js that came from elsewhere
             # (with its own npm) is fine, Debian's is installed only when none is
             # (and listed always: it is what a fresh machine gets)
             if [ -n "$list_only" ] || ! command -v npm >/dev/null 2>&1; then wanted+=(nodejs npm); fi ;;
    fuzz)    wanted+=(clang libclang-rt-14-dev        # libFuzzer and the sanitizer runtimes
                      cpio git) ;;                    # asan-check and citus-cluster.sh copy the tree's files with them
    pgtle)   wanted+=(make gcc libkrb5-dev) ;;        # pg_tle's build includes gssapi headers
    partman) wanted+=(make gcc dpkg-dev) ;;           # dpkg-source unpacks the source package
    bench)   wanted+=(gnuplot-nox                     # the growth section's plots
                      valgrind) ;;                    # the instructions section (callgrind)
    build)   wanted+=(make gcc libssl-dev python3 git cpio dpkg-dev zlib1g-dev pkg-config bison flex
             xz-utils)  # the vendored PostgreSQL archives (16, 19) are .tar.xz
             # Citus (build-citus.sh) compresses columnar storage with these
             [ -n "${CITUS_BUILD:-}" ] && wanted+=(liblz4-dev libzstd-dev) ;;
    *)       echo "ensure-deps.sh: unknown group $g" >&2; exit 2 ;;
  esac
done

if [ -n "$list_only" ]; then
  printf '%s\n' "${wanted[@]}" | awk '!seen[$0]++'
  exit 0
fi

missing=()
for pkg in $(printf '%s\n' "${wanted[@]}" | awk '!seen[$0]++'); do
  if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q '^install ok installed$'; then
    missing+=("$pkg")
  fi
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "uidx: installing missing packages (${groups[*]}): ${missing[*]}"
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
