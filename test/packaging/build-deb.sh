#!/usr/bin/env bash
# `make deb`: the Debian packages postgresql-N-uidx, built as the PostgreSQL
# apt repository builds extensions: the release zip (make dist) repacked as
# the .orig.tar.gz, test/packaging/debian/ copied in, `pg_buildext
# updatecontrol`, then dpkg-buildpackage, whose dh_pgxs_test runs make
# installcheck against the build's files in a temporary cluster for each
# version (DEB_BUILD_OPTIONS=nocheck skips it).  One package for each N of
# debian/pgversions whose postgresql-server-dev-N is installed
# (PG_SUPPORTED_VERSIONS=installed, postgresql-common's own choice for that):
# 15 on Debian 12, up to 19 with the PostgreSQL apt repository's packages.
# What the .changes lists (the source package, the .buildinfo, each .deb and
# its -dbgsym package) lands in OUT (default deb/) with the .changes.
#
#   build-deb.sh [OUT]
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
out=${1:-deb}
case $out in /*) ;; *) out=$top/$out ;; esac
die() { echo "uidx: make deb: $*" >&2; exit 1; }

missing=()
for p in dpkg-dev debhelper postgresql-server-dev-all libssl-dev unzip make gcc; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] || die "install first: sudo apt-get install ${missing[*]}"

extversion=$(sed -n 's/^EXTVERSION *= *//p' "$top/Makefile")
version=$extversion.0
debversion=$(dpkg-parsechangelog -l "$top/test/packaging/debian/changelog" -S Version)
[ "${debversion%-*}" = "$version" ] \
  || die "test/packaging/debian/changelog is at $debversion, the release is $version: add an entry"

export PG_SUPPORTED_VERSIONS=installed
wanted=$(grep -v '^#' "$top/test/packaging/debian/pgversions" | tr '\n' ' ')
have=$(/usr/share/postgresql-common/supported-versions | tr '\n' ' ')
versions=""
for v in $wanted; do
  case " $have " in *" $v "*) versions="$versions $v" ;; esac
done
versions=${versions# }
[ -n "$versions" ] || die "no postgresql-server-dev-N installed for an N of debian/pgversions ($wanted)"

dir=$(mktemp -d /tmp/uidx-deb-build.XXXXXX); chmod 755 "$dir"
trap 'rm -rf "$dir"' EXIT
make -C "$top" -s dist >&2
mv "$top/uidx-$version.zip" "$dir/"
(cd "$dir" && unzip -q "uidx-$version.zip" && tar -czf "uidx_$version.orig.tar.gz" "uidx-$version")
src=$dir/uidx-$version
cp -r "$top/test/packaging/debian" "$src/debian"
chmod -R go-w "$src"
(cd "$src" && pg_buildext updatecontrol >/dev/null)
echo "deb: building postgresql-N-uidx $debversion for N in: $versions (installed postgresql-server-dev-N: $have)"
(cd "$src" && dpkg-buildpackage -us -uc) >"$dir/build.log" 2>&1 || { tail -80 "$dir/build.log" >&2; die "dpkg-buildpackage failed"; }
grep -E '^### PostgreSQL [0-9]+ installcheck|All [0-9]+ tests passed|tests? failed|skipping this version' "$dir/build.log" \
  | sed 's/^/deb: build-time /' || true
if grep -q 'skipping this version' "$dir/build.log"; then die "the build-time installcheck was skipped"; fi
case " ${DEB_BUILD_OPTIONS:-} " in
  *" nocheck "*) ;;
  *) n=$(grep -cE '^### PostgreSQL [0-9]+ installcheck' "$dir/build.log" || true)
     [ "$n" -eq "$(wc -w <<<"$versions")" ] || die "the build checked $n versions, not $versions" ;;
esac
mkdir -p "$out"
arch=$(dpkg --print-architecture)
# every file the .changes lists (the source package, the .buildinfo, each
# postgresql-N-uidx and the -dbgsym package dh_strip makes beside it unless
# DEB_BUILD_OPTIONS has noautodbgsym), so that the .changes in OUT describes
# what OUT holds and lintian can check it
changes=uidx_${debversion}_$arch.changes
[ -f "$dir/$changes" ] || die "no $changes"
listed=$(sed -n '/^Files:/,/^[^ ]/{/^ /p}' "$dir/$changes" | awk '{print $5}')
[ -n "$listed" ] || die "$changes lists no files"
for f in $listed; do
  [ -f "$dir/$f" ] || die "$changes lists $f, which the build did not make"
  cp "$dir/$f" "$out/"
done
cp "$dir/$changes" "$out/"
# and what the .dsc lists: a .changes of a Debian revision after the first
# (1.3.0-2) leaves the .orig.tar.gz out, which the .dsc (and deb.sh) still need
for f in $(sed -n '/^Files:/,/^[^ ]/{/^ /p}' "$dir/uidx_$debversion.dsc" | awk '{print $3}'); do
  [ -f "$dir/$f" ] || die "uidx_$debversion.dsc lists $f, which the build did not make"
  cp "$dir/$f" "$out/"
done
for v in $versions; do
  deb=postgresql-$v-uidx_${debversion}_$arch.deb
  grep -qx "$deb" <<<"$listed" || die "$changes does not list $deb"
  echo "deb: $out/$deb, $(stat -c %s "$out/$deb") bytes"
done
echo "deb: $out/$changes lists $(wc -w <<<"$listed") files, all in $out"
