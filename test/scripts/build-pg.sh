#!/usr/bin/env bash
# Builds PostgreSQL MAJOR from Debian's source package into the cache
# (UIDX_CACHE/pg-MAJOR, see cache-dir.sh) and prints its pg_config.  A
# finished build is reused; only the server, the client programs, the contrib
# modules the tests use and OpenSSL support are built.
#
#   build-pg.sh 18          # -> /var/cache/uidx/pg-18/bin/pg_config
#
# 17 comes from trixie, 18 from sid (test/scripts/apt-source.sh).
set -euo pipefail

major=${1:?usage: build-pg.sh MAJOR}
here=$(cd "$(dirname "$0")" && pwd)
. "$here/cache-dir.sh"
prefix=$UIDX_CACHE/pg-$major
stamp=$prefix/.uidx-built
if [ -f "$stamp" ] && [ -x "$prefix/bin/pg_config" ]; then
  echo "$prefix/bin/pg_config"; exit 0
fi

# Contrib modules that test/ uses (amcheck for index checks, postgres_fdw for
# the region router, pgstattuple/pageinspect for index density).
contrib="amcheck postgres_fdw pgstattuple pageinspect"

bash "$here/ensure-deps.sh" build >&2
work=$UIDX_CACHE/src
start=$(date +%s)
src=$(bash "$here/apt-source.sh" "postgresql-$major" "$work")
cd "$src"
rm -rf "$prefix"
{
  ./configure --prefix="$prefix" --with-openssl --without-icu --without-readline \
      --without-llvm CFLAGS="-O2" >"$work/configure-$major.log" 2>&1 \
    || { tail -30 "$work/configure-$major.log"; exit 1; }
  make -s -j"$(nproc)" >"$work/make-$major.log" 2>&1 || { tail -50 "$work/make-$major.log"; exit 1; }
  make -s install >>"$work/make-$major.log" 2>&1
  for m in $contrib; do
    make -s -j"$(nproc)" -C "contrib/$m" install >>"$work/make-$major.log" 2>&1 \
      || { tail -30 "$work/make-$major.log"; exit 1; }
  done
} >&2
secs=$(( $(date +%s) - start ))
echo "built PostgreSQL $major ($(basename "$src")) in ${secs}s" | tee "$stamp" >&2
rm -rf "$src"
echo "$prefix/bin/pg_config"
