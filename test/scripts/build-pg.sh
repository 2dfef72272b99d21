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
work=$UIDX_CACHE/src

# PostgreSQL::Test::Cluster and its modules, for the TAP tests (test/t/*.pl,
# test/scripts/tap.sh), where PGXS expects them: what `make install` puts
# there when configured --enable-tap-tests.  They are plain Perl, copied from
# the source tarball, so that a server built before this step gets them too
# without a rebuild; into a temporary directory first, so that a test running
# meanwhile never sees half of them.
install_tap_modules() {
  local dest=$prefix/lib/postgresql/pgxs/src/test/perl orig tmp
  [ -f "$dest/PostgreSQL/Test/Cluster.pm" ] && return 0
  orig=$(ls "$work"/postgresql-"$major"_*.orig.tar.* 2>/dev/null | sort -V | tail -1)
  [ -n "$orig" ] || { bash "$here/apt-source.sh" "postgresql-$major" "$work" >/dev/null
                      orig=$(ls "$work"/postgresql-"$major"_*.orig.tar.* | sort -V | tail -1); }
  tmp=$(mktemp -d "$prefix/.tap-modules.XXXXXX")
  tar -xf "$orig" -C "$tmp" --strip-components=4 --wildcards '*/src/test/perl/PostgreSQL'
  mkdir -p "$(dirname "$dest")"
  rm -rf "$dest"; mv "$tmp" "$dest"; chmod 755 "$dest"
}

# Contrib modules that test/ uses (amcheck for index checks, postgres_fdw for
# the region router, pgstattuple/pageinspect for index density, pgcrypto for
# uidx_sql's public ids).  A cached build that lacks one is built again.
contrib="amcheck postgres_fdw pgstattuple pageinspect pgcrypto"
have_contrib() {
  local m
  for m in $contrib; do
    [ -f "$prefix/share/postgresql/extension/$m.control" ] || return 1
  done
}

if [ -f "$stamp" ] && [ -x "$prefix/bin/pg_config" ] && have_contrib; then
  install_tap_modules >&2
  echo "$prefix/bin/pg_config"; exit 0
fi

bash "$here/ensure-deps.sh" build >&2
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
install_tap_modules >&2
secs=$(( $(date +%s) - start ))
echo "built PostgreSQL $major ($(basename "$src")) in ${secs}s" | tee "$stamp" >&2
rm -rf "$src"
echo "$prefix/bin/pg_config"
