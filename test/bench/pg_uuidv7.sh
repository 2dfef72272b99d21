#!/usr/bin/env bash
# Builds pg_uuidv7 (uuid_generate_v7(), the extension most PostgreSQL users
# pick for time-ordered UUIDs before 18) from Debian's source package
# `pg-uuidv7` and installs it into the bench server's private prefix, never
# system-wide.  The build is cached per server version under the cache
# directory (test/scripts/cache-dir.sh).
#
#   pg_uuidv7.sh PG_CONFIG PREFIX     prints what it did; exit 1 with the
#                                     reason when it cannot
#
#   BENCH_PG_UUIDV7_SRC=DIR   pg_uuidv7's source to build when Debian's
#                             package cannot be fetched (an upstream checkout)
set -euo pipefail

pg_config=$1 prefix=$2
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../scripts/cache-dir.sh"
version=$("$pg_config" --version | awk '{print $2}')
build=$UIDX_CACHE/bench/pg_uuidv7-$version
log=$UIDX_CACHE/bench/pg_uuidv7-$version.log
mkdir -p "$UIDX_CACHE/bench"

if [ ! -f "$build/.uidx-built" ]; then
  rm -rf "$build"
  if src=$(bash "$here/../scripts/apt-source.sh" pg-uuidv7 "$UIDX_CACHE/bench/src" 2>"$log"); then
    origin="Debian source package $(basename "$src")"
  elif [ -n "${BENCH_PG_UUIDV7_SRC:-}" ] && [ -f "$BENCH_PG_UUIDV7_SRC/pg_uuidv7.c" ]; then
    src=$BENCH_PG_UUIDV7_SRC
    origin="$src (BENCH_PG_UUIDV7_SRC; Debian's package could not be fetched: $(grep -m1 '^E: ' "$log" || echo 'see the log'))"
  else
    echo "pg_uuidv7: Debian's source package pg-uuidv7 could not be fetched: $(grep -m1 '^E: ' "$log" || tail -1 "$log")" >&2
    exit 1
  fi
  cp -a "$src" "$build"
  rm -rf "$build/debian"
  if ! make -C "$build" PG_CONFIG="$pg_config" >>"$log" 2>&1; then
    echo "pg_uuidv7: the build failed with $pg_config ($log): $(grep -m1 -i 'error' "$log")" >&2
    rm -rf "$build"
    exit 1
  fi
  echo "$origin" >"$build/.uidx-built"
fi
# PGXS installs below the server's own directories; DESTDIR puts them under
# the private prefix, as test/scripts/sandbox.sh does with uidx.
make -s -C "$build" PG_CONFIG="$pg_config" install DESTDIR="$prefix" >>"$log" 2>&1 \
  || { echo "pg_uuidv7: install into $prefix failed ($log)" >&2; exit 1; }
echo "pg_uuidv7: $(cat "$build/.uidx-built"), built for PostgreSQL $version"
