#!/usr/bin/env bash
# Builds Citus from the vendored source archive into a copy of the cached
# PostgreSQL 18 (UIDX_CACHE/pg-18-citus) and prints that copy's pg_config.
# A finished build is reused (then the archive is no longer needed).  Exits
# 3, with a message, when the archive is not there (the Citus test then
# reports itself skipped).
#
#   CITUS_TARBALL   the archive; by default citus-14.0.1.tar.gz in
#                   ../shared/vendor beside the work tree, else in
#                   /work/shared/vendor when that directory exists
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
. "$here/cache-dir.sh"
archive=citus-14.0.1.tar.gz
sha256=26ddb8ec9de07c5fa8426e435d10936e5cd6bed01a5ad94aab92e818081e5ec9
prefix=$UIDX_CACHE/pg-18-citus
stamp=$prefix/.uidx-citus-built

# One build at a time: a test and a benchmark may ask at once.
exec 9>"$UIDX_CACHE/citus-build.lock"
flock 9
if [ -f "$stamp" ] && [ -x "$prefix/bin/pg_config" ]; then
  echo "$prefix/bin/pg_config"; exit 0
fi
if [ -n "${CITUS_TARBALL:-}" ]; then
  tarball=$CITUS_TARBALL
  looked=$tarball
else
  tarball=$top/../shared/vendor/$archive
  looked=$tarball
  if [ ! -f "$tarball" ] && [ -d /work/shared/vendor ]; then
    tarball=/work/shared/vendor/$archive
    looked="$looked or $tarball"
  fi
fi
if [ ! -f "$tarball" ]; then
  echo "uidx: the Citus source archive is not there (looked for $looked; set CITUS_TARBALL to its path)" >&2
  exit 3
fi
echo "$sha256  $tarball" | sha256sum -c --quiet - >&2 || { echo "uidx: $tarball: checksum mismatch" >&2; exit 1; }

pg18=$(bash "$here/build-pg.sh" 18)
CITUS_BUILD=1 bash "$here/ensure-deps.sh" build >&2
start=$(date +%s)
rm -rf "$prefix"
cp -a "$(dirname "$(dirname "$pg18")")" "$prefix"
rm -f "$prefix/.uidx-built"
work=$(mktemp -d "$UIDX_CACHE/citus-src.XXXXXX")
tar -xzf "$tarball" -C "$work"
src=$(ls -d "$work"/citus-*/ | head -1)
log=$UIDX_CACHE/citus-build.log
# The server was built at its own prefix; pg_config of the copy still names
# it, so point configure and make at the copy explicitly.
( cd "$src" && ./configure PG_CONFIG="$prefix/bin/pg_config" --without-libcurl >"$log" 2>&1 \
    && make -s -j"$(nproc)" >>"$log" 2>&1 && make -s install >>"$log" 2>&1 ) \
  || { tail -40 "$log" >&2; exit 1; }
rm -rf "$work"
echo "built Citus $(basename "$src") into $prefix in $(( $(date +%s) - start ))s" | tee "$stamp" >&2
echo "$prefix/bin/pg_config"
