#!/usr/bin/env bash
# Builds PostgreSQL MAJOR from source into the cache (UIDX_CACHE/pg-MAJOR,
# see cache-dir.sh) and prints its pg_config.  A finished build is reused;
# only the server, the client programs, the contrib modules the tests use and
# OpenSSL support are built.
#
#   build-pg.sh 18          # -> /var/cache/uidx/pg-18/bin/pg_config
#
# Debian's source package comes first: 17 from trixie, 18 from sid
# (test/scripts/apt-source.sh).  A major that Debian's mirror has no source of
# (16 and 19, see README.md "Supported servers") is built from the upstream
# archive listed in `vendored` below, found in UIDX_VENDOR (by default
# ../shared/vendor beside the work tree, else /work/shared/vendor) and
# checked against its sha256 first.
set -euo pipefail

major=${1:?usage: build-pg.sh MAJOR}
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
. "$here/cache-dir.sh"
# UIDX_CASSERT=1: a server with assertions on (--enable-cassert), in a cache
# directory of its own (pg-MAJOR-cassert), so that uidx's own Asserts and
# the server's checks of what an extension hands it run (CI's 19 is one).
cassert_flags=() suffix=""
if [ -n "${UIDX_CASSERT:-}" ]; then cassert_flags=(--enable-cassert); suffix=-cassert; fi
prefix=$UIDX_CACHE/pg-$major$suffix
stamp=$prefix/.uidx-built
work=$UIDX_CACHE/src

# `git archive` of the PostgreSQL repository: 19 at the commit where
# REL_19_STABLE branched (9cfd19bc10, after 19beta1), 16 at "Stamp 16beta2"
# (19508f4763), the newest 16 source there is.  Being git trees, they need
# bison and flex (ensure-deps.sh build).
declare -A vendored=(
  [16]="postgresql-16beta2.tar.xz d3ee5a6c0cfecc89a523aeb2981f9b151f975a3498cf3dacfdcd6fb9690019f3"
  [19]="postgresql-19-9cfd19bc10.tar.xz 61f1fec8f0c666e867fb98b8a4397728b15bcd61da78ca3e71e10c62d6a25dd2"
)

# Prints the vendored archive of $major, checked, or fails saying why.
vendored_archive() {
  local name sum dir
  [ -n "${vendored[$major]:-}" ] || { echo "uidx: no source of PostgreSQL $major: Debian's mirror has none and none is vendored" >&2; return 1; }
  read -r name sum <<<"${vendored[$major]}"
  dir=${UIDX_VENDOR:-$top/../shared/vendor}
  if [ ! -f "$dir/$name" ] && [ -z "${UIDX_VENDOR:-}" ] && [ -f "/work/shared/vendor/$name" ]; then
    dir=/work/shared/vendor
  fi
  [ -f "$dir/$name" ] || { echo "uidx: PostgreSQL $major needs $name in $dir (set UIDX_VENDOR to its directory)" >&2; return 1; }
  echo "$sum  $dir/$name" | sha256sum -c --quiet - >&2 \
    || { echo "uidx: $dir/$name does not have the sha256 build-pg.sh expects" >&2; return 1; }
  echo "$dir/$name"
}

# Prints the archive the TAP modules come from: Debian's upstream tarball when
# there is one in $work, else the vendored archive.
source_archive() {
  local orig
  orig=$(ls "$work"/postgresql-"$major"_*.orig.tar.* 2>/dev/null | sort -V | tail -1)
  if [ -n "$orig" ]; then echo "$orig"; return 0; fi
  if [ -n "${vendored[$major]:-}" ]; then vendored_archive; return; fi
  bash "$here/apt-source.sh" "postgresql-$major" "$work" >/dev/null
  ls "$work"/postgresql-"$major"_*.orig.tar.* | sort -V | tail -1
}

# Unpacks the source into $work and prints its directory: Debian's source
# package, else the vendored archive.
unpack_source() {
  local archive out
  if out=$(bash "$here/apt-source.sh" "postgresql-$major" "$work" 2>"$work/apt-source-$major.log"); then
    echo "$out"; return 0
  fi
  archive=$(vendored_archive) || { tail -5 "$work/apt-source-$major.log" >&2; return 1; }
  echo "uidx: Debian's mirror has no postgresql-$major source; building $(basename "$archive")" >&2
  out=$work/$(basename "$archive" .tar.xz)
  rm -rf "$out"; mkdir -p "$out"
  tar -xf "$archive" -C "$out" --strip-components=1
  echo "$out"
}

# PostgreSQL::Test::Cluster and its modules, for the TAP tests (test/t/*.pl,
# test/scripts/tap.sh), where PGXS expects them: what `make install` puts
# there when configured --enable-tap-tests.  They are plain Perl, copied from
# the source tarball, so that a server built before this step gets them too
# without a rebuild; into a temporary directory first, so that a test running
# meanwhile never sees half of them.
install_tap_modules() {
  local dest=$prefix/lib/postgresql/pgxs/src/test/perl orig tmp
  [ -f "$dest/PostgreSQL/Test/Cluster.pm" ] && return 0
  orig=$(source_archive)
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
mkdir -p "$work"
src=$(unpack_source)
cd "$src"
rm -rf "$prefix"
{
  ./configure --prefix="$prefix" --with-openssl --without-icu --without-readline \
      --without-llvm "${cassert_flags[@]}" CFLAGS="-O2" >"$work/configure-$major.log" 2>&1 \
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
echo "built PostgreSQL $major$suffix ($(basename "$src")) in ${secs}s" | tee "$stamp" >&2
rm -rf "$src"
echo "$prefix/bin/pg_config"
