#!/usr/bin/env bash
# The Debian package as docs/upgrades.md "From a Debian package" has a user
# build and install it: its block (marked <!-- run by test/packaging/deb.sh
# -->) runs as it is, from the top of the tree: `make deb`
# (test/packaging/build-deb.sh: pg_buildext for every installed
# postgresql-server-dev-N of debian/pgversions, each build checked with make
# installcheck against the build's files unless UIDX_DEB_BUILD_OPTIONS has
# nocheck), then `sudo apt install ./deb/postgresql-15-uidx_...deb`.  Then
# lintian on the .changes (no error or warning may be left but the
# placeholder maintainer address), and the installed package is
# tested twice: `make installcheck` of the unpacked source, by the
# unprivileged uidx_check, against a server that uidx_server initdb'd in a
# private copy of the system's server directories holding the package's
# files (test/packaging/lib.sh), and debian/tests/installcheck (pg_buildext
# installcheck, the autopkgtest layout) in a pg_virtualenv cluster; then
# CREATE EXTENSION in a fresh cluster of each version.  The package is purged
# at the end, and uidx files that were in the server's directories before (a
# `make install`) are put back.  Root only.
#
# Versions: Debian 12 has postgresql-server-dev-15 only; the servers
# test/scripts/build-pg.sh builds (/var/cache/uidx/pg-N) are not Debian's
# postgresql-N packages, so pg_buildext cannot build for them (they keep
# make install: README "Installing").
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/test/packaging/lib.sh"
start=$(date +%s)
need=(dpkg-dev debhelper fakeroot lintian postgresql-server-dev-all libssl-dev unzip git make gcc sudo)
missing=()
for p in "${need[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] || DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2

extversion=$(sed -n 's/^EXTVERSION *= *//p' "$top/Makefile")
version=$extversion.0
debversion=$(dpkg-parsechangelog -l "$top/test/packaging/debian/changelog" -S Version)
arch=$(dpkg --print-architecture)

# the test purges what it installs: never a postgresql-N-uidx that was there before
if dpkg-query -W -f='${Package} ${Status}\n' 'postgresql-*-uidx' 2>/dev/null | grep -q ' installed$'; then
  pkg_die "a postgresql-N-uidx package is installed; this test would replace and purge it"
fi
[ ! -e "$top/deb" ] || pkg_die "$top/deb exists: make deb would write into it (move it away)"

dir=$(mktemp -d /tmp/uidx-deb.XXXXXX); chmod 755 "$dir"
installed=""
cleanup() {
  pkg_stop "$dir" pg_config
  if [ -n "$installed" ]; then
    dpkg --purge $installed >/dev/null 2>&1 || true
    [ -s "$dir/preexisting.tar" ] && tar -xpf "$dir/preexisting.tar" -C /
  fi
  if [ -d "$top/deb" ]; then mv "$top/deb" "$dir/deb.out"; fi
  [ "${keep:-}" ] || rm -rf "$dir"
}
trap cleanup EXIT
fail() { keep=1; echo "FAIL: $*" >&2; echo "uidx packaging: kept $dir" >&2; exit 1; }

# what was in the server's directories before, not from a package, is kept aside
prev=()
for f in /usr/lib/postgresql/*/lib/uidx.so /usr/lib/postgresql/*/lib/bitcode/uidx* /usr/share/postgresql/*/extension/uidx*; do
  [ -e "$f" ] && ! dpkg -S "$f" >/dev/null 2>&1 && prev+=("$f")
done
[ ${#prev[@]} -eq 0 ] || tar -cpf "$dir/preexisting.tar" "${prev[@]}" 2>/dev/null
# and taken away, so that only the package's files can be what the tests load
[ ${#prev[@]} -eq 0 ] || rm -f "${prev[@]}"

# --- docs/upgrades.md's block, as the reader runs it ---
block=$(python3 "$top/test/packaging/doc-block.py" "$top/docs/upgrades.md" test/packaging/deb.sh "$version")
grep -qx 'make deb.*' <<<"$block" || fail "docs/upgrades.md's Debian block has no make deb"
grep -q "apt install ./deb/postgresql-15-uidx_${debversion}_amd64.deb" <<<"$block" \
  || fail "docs/upgrades.md does not install ./deb/postgresql-15-uidx_${debversion}_amd64.deb"
installed=postgresql-15-uidx
# as written, but for this machine's architecture, and with apt's questions
# answered: yes to what the block installs, no to upgrading what the machine
# already has (a shared machine; the packages it needs are there, see above)
run_block=${block//_amd64.deb/_$arch.deb}
run_block=${run_block//apt-get install /apt-get install -y --no-upgrade }
run_block=${run_block//apt install /apt install -y --no-upgrade }
(cd "$top" && DEB_BUILD_OPTIONS=${UIDX_DEB_BUILD_OPTIONS-} DEBIAN_FRONTEND=noninteractive \
   bash -euo pipefail -c "$run_block") >"$dir/block.log" 2>&1 \
  || { tail -80 "$dir/block.log" >&2; fail "docs/upgrades.md's Debian block"; }
grep '^deb: ' "$dir/block.log" || true
versions=$(sed -n 's/^deb: building postgresql-N-uidx .* for N in: \(.*\) (installed.*/\1/p' "$dir/block.log")
[ -n "$versions" ] || fail "make deb names no versions"
debs=()
for v in $versions; do
  debs+=("$top/deb/postgresql-$v-uidx_${debversion}_$arch.deb")
  installed="$installed postgresql-$v-uidx"
done
installed=$(tr ' ' '\n' <<<"$installed" | sort -u | tr '\n' ' ')
dpkg -i "${debs[@]}" >"$dir/install.log" 2>&1 || { cat "$dir/install.log" >&2; fail "dpkg -i"; }
for p in $installed; do
  dpkg-query -W -f='${Status}' "$p" | grep -q 'install ok installed' || fail "$p is not installed"
done
echo "deb: installed $installed"

# --- lintian: every error and warning is fixed or overridden with a reason ---
# On the .changes, as an upload is checked: it names the source package, the
# .buildinfo, each postgresql-N-uidx and its -dbgsym package, and every one
# must be in deb/ beside it.  The one tag left is the placeholder address
# (debian/lintian-overrides says why), which no override reaches on the
# .changes itself (Maintainer, Changed-By) nor on a -dbgsym package (it
# ships no override file): only exactly that tag with exactly that address
# is let through.
changes=$top/deb/uidx_${debversion}_$arch.changes
[ -f "$changes" ] || fail "make deb left no $changes"
listed=$(sed -n '/^Files:/,/^[^ ]/{/^ /p}' "$changes" | awk '{print $5}')
for f in $listed; do
  [ -f "$top/deb/$f" ] || fail "$(basename "$changes") lists $f, which deb/ does not hold"
done
for d in "${debs[@]}"; do
  grep -qx "$(basename "$d")" <<<"$listed" || fail "$(basename "$changes") does not list $(basename "$d")"
done
echo "deb: $(basename "$changes") lists $(wc -w <<<"$listed") files, all in deb/"
placeholder=$(sed -n 's/^Maintainer: .*<\(.*\)>$/\1/p' "$top/test/packaging/debian/control.in")
case $placeholder in *@invalid) ;; *) fail "debian/control.in's Maintainer is no longer the placeholder: drop the exception below" ;; esac
lintian --display-info --tag-display-limit 0 "$changes" >"$dir/lintian.log" 2>&1 || true
grep -E '^[EWI]: ' "$dir/lintian.log" | sed 's/^/deb: lintian /' || true
bad=$(grep -E '^[EW]: ' "$dir/lintian.log" \
      | grep -vxE "E: [a-z0-9.+-]+( changes)?: bogus-mail-host (Maintainer|Changed-By) ${placeholder//./\\.}" || true)
[ -z "$bad" ] || fail "lintian errors or warnings: $bad"
grep -qE "^E: uidx changes: bogus-mail-host" "$dir/lintian.log" \
  || fail "lintian did not check the .changes itself (no tag of it at all)"
echo "deb: lintian on $(basename "$changes"): no error or warning but the placeholder address, $(grep -c '^I: ' "$dir/lintian.log") infos"

# --- make installcheck against the installed package: the unpacked source,
# by an unprivileged user, against a server whose directories are a copy of
# the system's, holding the package's files (no make install) ---
pkg_users
mkdir "$dir/tree"
tar -xzf "$top/deb/uidx_$version.orig.tar.gz" -C "$dir/tree"
src=$dir/tree/uidx-$version
chown -R uidx_check: "$src"; chmod -R go-w "$src"
so=$(pg_config --pkglibdir)/uidx.so
dpkg -S "$so" | grep -q "^postgresql-15-uidx: " || fail "$so is not the package's"
pkg_prefix "$dir" pg_config
cmp -s "$so" "$dir/root$so" || fail "the server copy's uidx.so is not the package's"
pkg_start "$dir" pg_config
rc=0
runuser -u uidx_check -- env PGHOST="$PGHOST" PGPORT="$PGPORT" PGUSER="$PGUSER" PATH=/usr/bin:/bin LANG="$(pkg_locale)" \
  make -C "$src" PG_CONFIG=pg_config installcheck >"$dir/installcheck.log" 2>&1 || rc=$?
grep -E 'tests (passed|failed)|All [0-9]+ tests|^# ' "$dir/installcheck.log" | tail -2 | sed 's/^/deb: make installcheck against the installed package: /'
[ $rc -eq 0 ] || { tail -40 "$dir/installcheck.log" >&2; fail "make installcheck against the installed package"; }
pkg_stop "$dir" pg_config

# --- the autopkgtest: debian/tests/installcheck from the (cleaned) source tree ---
mkdir "$dir/auto"
tar -xzf "$top/deb/uidx_$version.orig.tar.gz" -C "$dir/auto"
cp -r "$top/test/packaging/debian" "$dir/auto/uidx-$version/debian"
(cd "$dir/auto/uidx-$version" && debian/tests/installcheck) >"$dir/autopkgtest.log" 2>&1 \
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
