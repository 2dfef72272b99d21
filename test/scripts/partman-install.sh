#!/usr/bin/env bash
# Installs pg_partman 5 into the sandbox prefix (inside test/scripts/sandbox.sh)
# for test/t/partman.sh and test/t/time-filter-partman.sh, and prints its
# version.  It comes from Debian's source package pg-partman (sid or trixie,
# fetched by test/scripts/apt-source.sh into the cache once) and is built with
# the sandbox server's PGXS, without its background worker (the tests call
# run_maintenance themselves).  A sandbox that already has it is left as it is.
set -uo pipefail

top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/test/scripts/cache-dir.sh"

src_cache=$UIDX_CACHE/pg-partman
(
  flock 9
  if [ ! -f "$src_cache/.fetched" ]; then
    bash "$top/test/scripts/ensure-deps.sh" partman >&2 &&
    rm -rf "$src_cache" && mkdir -p "$src_cache" &&
      src=$(bash "$top/test/scripts/apt-source.sh" pg-partman "$src_cache/fetch") &&
      mv "$src" "$src_cache/src" && rm -rf "$src_cache/fetch" && touch "$src_cache/.fetched"
  fi
) 9>"$src_cache.lock"
[ -f "$src_cache/.fetched" ] || { echo "pg-partman: could not fetch the source package" >&2; exit 1; }

version=$(sed -n "s/^default_version = '\(.*\)'/\1/p" "$src_cache/src/pg_partman.control")
installed=$SANDBOX_PREFIX$("$SANDBOX_PG_CONFIG" --sharedir)/extension/pg_partman.control
if [ ! -f "$installed" ]; then
  build=$(mktemp -d "$SANDBOX_DIR/partman.XXXXXX")
  trap 'rm -rf "$build"' EXIT
  cp -a "$src_cache/src/." "$build/"
  make -C "$build" -s NO_BGW=1 PG_CONFIG="$SANDBOX_PG_CONFIG" >"$build/make.log" 2>&1 &&
    make -C "$build" -s NO_BGW=1 PG_CONFIG="$SANDBOX_PG_CONFIG" install DESTDIR="$SANDBOX_PREFIX" >>"$build/make.log" 2>&1 ||
    { echo "pg-partman $version: build failed" >&2; tail -20 "$build/make.log" >&2; exit 1; }
fi
echo "$version"
