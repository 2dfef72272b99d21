#!/usr/bin/env bash
# The Debian package, built as the PostgreSQL apt repository builds
# extensions: test/packaging/debian/ copied into the unpacked `make dist` zip
# (with the zip repacked as the .orig.tar.gz), `pg_buildext updatecontrol`,
# then dpkg-buildpackage (whose dh_pgxs_test can run installcheck against
# the package's files before it is installed: UIDX_DEB_BUILD_OPTIONS=).  Then
# lintian (no error or warning may be left), and the .deb is installed and
# tested as the autopkgtest layout says: debian/tests/installcheck
# (pg_buildext installcheck) in a fresh temporary cluster, CREATE EXTENSION in
# another.  The package is purged at the end, and uidx files that were in the
# server's directories before (a `make install`) are put back.  Root only.
#
# Versions: pg_buildext builds for each version in debian/pgversions that
# /usr/share/postgresql-common/supported-versions lists, and takes every
# path from /usr/lib/postgresql/N/bin/pg_config; on Debian 12 that is 15
# only.  The servers test/scripts/build-pg.sh builds (/var/cache/uidx/pg-N)
# are not Debian's postgresql-N packages, so pg_buildext cannot build for
# them (see the README's "Installing").
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/test/packaging/lib.sh"
start=$(date +%s)
need=(dpkg-dev debhelper fakeroot lintian postgresql-server-dev-all libssl-dev unzip git make gcc)
missing=()
for p in "${need[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] || DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2

extversion=$(sed -n 's/^EXTVERSION *= *//p' "$top/Makefile")
version=$extversion.0
debversion=$(dpkg-parsechangelog -l "$top/test/packaging/debian/changelog" -S Version)
[ "${debversion%-*}" = "$version" ] \
  || pkg_die "test/packaging/debian/changelog is at $debversion, the release is $version: add an entry"

# the test purges what it installs: never a postgresql-N-uidx that was there before
if dpkg-query -W -f='${Package} ${Status}\n' 'postgresql-*-uidx' 2>/dev/null | grep -q ' installed$'; then
  pkg_die "a postgresql-N-uidx package is installed; this test would replace and purge it"
fi

dir=$(mktemp -d /tmp/uidx-deb.XXXXXX); chmod 755 "$dir"
installed=""
cleanup() {
  if [ -n "$installed" ]; then
    dpkg --purge "$installed" >/dev/null 2>&1 || true
    [ -s "$dir/preexisting.tar" ] && tar -xpf "$dir/preexisting.tar" -C /
  fi
  [ "${keep:-}" ] || rm -rf "$dir"
}
trap cleanup EXIT
fail() { keep=1; echo "FAIL: $*" >&2; echo "uidx packaging: kept $dir" >&2; exit 1; }

# --- the source package: the release zip as the upstream tarball ---
make -C "$top" -s dist >&2
mv "$top/uidx-$version.zip" "$dir/"
(cd "$dir" && unzip -q "uidx-$version.zip" && tar -czf "uidx_$version.orig.tar.gz" "uidx-$version")
src=$dir/uidx-$version
cp -r "$top/test/packaging/debian" "$src/debian"
chmod -R go-w "$src"
(cd "$src" && pg_buildext updatecontrol >/dev/null)
versions=$(cd "$src" && pg_buildext supported-versions | tr '\n' ' ')
echo "deb: pg_buildext builds for: $versions(supported-versions: $(/usr/share/postgresql-common/supported-versions | tr '\n' ' '))"

# nocheck by default: dh_pgxs_test would run the suite against the build's
# files, and the same suite runs against the installed package below (the
# machine is shared; UIDX_DEB_BUILD_OPTIONS= runs both)
(cd "$src" && DEB_BUILD_OPTIONS=${UIDX_DEB_BUILD_OPTIONS-nocheck} dpkg-buildpackage -us -uc) >"$dir/build.log" 2>&1 || { tail -80 "$dir/build.log" >&2; fail "dpkg-buildpackage"; }
grep -E '^### PostgreSQL [0-9]+ installcheck|All [0-9]+ tests passed|tests? failed|skipping this version' "$dir/build.log" \
  | sed 's/^/deb: build-time /' || true
grep -q 'skipping this version' "$dir/build.log" && fail "the build-time installcheck was skipped"
debs=()
for v in $versions; do
  deb=$dir/postgresql-$v-uidx_${debversion}_$(dpkg --print-architecture).deb
  [ -f "$deb" ] || fail "no $(basename "$deb")"
  debs+=("$deb")
  echo "deb: built $(basename "$deb"), $(stat -c %s "$deb") bytes"
done

# --- lintian: every error and warning is fixed or overridden with a reason ---
# (the source and the packages, not the .changes: its Maintainer tag cannot
# be overridden, see debian/lintian-overrides)
lintian --display-info --no-tag-display-limit "$dir/uidx_${debversion}.dsc" "${debs[@]}" >"$dir/lintian.log" 2>&1 || true
grep -E '^[EWI]: ' "$dir/lintian.log" | sed 's/^/deb: lintian /' || true
grep -qE '^[EW]: ' "$dir/lintian.log" && fail "lintian errors or warnings"
echo "deb: lintian: $(grep -cE '^[EW]: ' "$dir/lintian.log") errors or warnings, $(grep -c '^I: ' "$dir/lintian.log") infos"

# --- installed: what was there before is kept aside, then the .deb ---
prev=()
for f in /usr/lib/postgresql/*/lib/uidx.so /usr/lib/postgresql/*/lib/bitcode/uidx* /usr/share/postgresql/*/extension/uidx*; do
  [ -e "$f" ] && ! dpkg -S "$f" >/dev/null 2>&1 && prev+=("$f")
done
[ ${#prev[@]} -eq 0 ] || tar -cpf "$dir/preexisting.tar" "${prev[@]}" 2>/dev/null
for deb in "${debs[@]}"; do
  installed="$installed $(dpkg-deb -f "$deb" Package)"
done
installed=${installed# }
dpkg -i "${debs[@]}" >"$dir/install.log" 2>&1 || { cat "$dir/install.log" >&2; fail "dpkg -i"; }
echo "deb: installed $installed"

# --- the autopkgtest: debian/tests/installcheck from the (cleaned) source tree ---
(cd "$src" && debian/tests/installcheck) >"$dir/autopkgtest.log" 2>&1 \
  || { tail -80 "$dir/autopkgtest.log" >&2; fail "debian/tests/installcheck"; }
grep -E '^### PostgreSQL [0-9]+ installcheck|All [0-9]+ tests passed' "$dir/autopkgtest.log" | sed 's/^/deb: autopkgtest /'
for v in $versions; do
  got=$(cd / && pg_virtualenv -v "$v" psql -XAtc \
        "CREATE EXTENSION uidx; SELECT extversion || ' ' || substr(iuid_generate(1, 1)::text, 15, 1) FROM pg_extension WHERE extname = 'uidx'" 2>&1 \
        | grep -E '^[0-9]+\.[0-9]+ [0-9a-f]$|ERROR' | tail -1)
  [ "$got" = "$extversion 8" ] || fail "CREATE EXTENSION uidx on $v from the package: $got"
  echo "deb: PostgreSQL $v, fresh cluster: CREATE EXTENSION uidx -> version $extversion, iuid_generate works"
done
echo "deb ($(basename "${debs[0]}")): pass after $(( $(date +%s) - start ))s"
