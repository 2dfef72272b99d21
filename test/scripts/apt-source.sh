#!/usr/bin/env bash
# Fetches and unpacks a Debian source package from trixie or sid through a
# private apt configuration, so the machine's own apt sources stay untouched.
#
#   apt-source.sh PACKAGE DESTDIR     unpacks into DESTDIR/<package>-<version>/
#                                     and prints that directory
#
# The apt state lives under UIDX_CACHE (default /var/cache/uidx, or
# ~/.cache/uidx when that is not writable) and is refreshed once a day.
set -euo pipefail

pkg=$1; dest=$2
. "$(dirname "$0")/cache-dir.sh"
apt=$UIDX_CACHE/apt
mkdir -p "$apt/lists/partial" "$dest"
cat >"$apt/sources.list" <<LIST
deb-src [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian sid main
deb-src [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian trixie main
LIST
opts=(-q -o Dir::Etc::sourcelist="$apt/sources.list" -o Dir::Etc::sourceparts=-
      -o Dir::State::Lists="$apt/lists" -o APT::Get::List-Cleanup=0
      -o Debug::NoLocking=1 -o APT::Sandbox::User="$(id -un)")
if [ -z "$(find "$apt/lists" -name '*Sources*' -mtime -1 2>/dev/null | head -1)" ]; then
  apt-get "${opts[@]}" update >&2
fi
fetch_from_pool() {
  # The archive's index can name a version whose files have not reached the
  # mirror yet (seen: postgresql-17 17.12 listed, only 17.11 in the pool).
  # Then take the newest earlier point release of the same revision that is
  # there; dpkg-source checks the files against the .dsc's checksums.
  local info ver dir upstream rev major minor m name
  info=$(apt-cache "${opts[@]}" showsrc "$pkg")
  ver=$(awk '/^Version:/ {print $2; exit}' <<<"$info")
  dir=$(awk '/^Directory:/ {print $2; exit}' <<<"$info")
  upstream=${ver%%-*}; rev=${ver#*-}; major=${upstream%.*}; minor=${upstream##*.}
  for ((m = minor - 1; m >= 0 && m >= minor - 6; m--)); do
    name=${pkg}_$major.$m-$rev.dsc
    if /usr/lib/apt/apt-helper download-file \
         "http://deb.debian.org/debian/$dir/${name//+/%2b}" "$dest/$name" >/dev/null 2>&1; then
      echo "uidx: $pkg $ver is not in the archive's pool; using $major.$m-$rev" >&2
      awk '/^Files:/ {f=1; next} /^[^ ]/ {f=0} f && NF == 3 {print $3}' "$dest/$name" |
        while read -r file; do
          /usr/lib/apt/apt-helper download-file \
            "http://deb.debian.org/debian/$dir/${file//+/%2b}" "$dest/$file" >&2
        done
      return 0
    fi
  done
  return 1
}
unpack_orig() {
  # Seen: pg-partman's .dsc and debian.tar missing from the mirror while the
  # upstream tarball is there.  That tarball is the source package minus
  # Debian's packaging (whose patches are skipped below anyway): unpack it.
  local orig ver
  orig=$(ls "$dest"/"${pkg}"_*.orig.tar.* 2>/dev/null | sort -V | tail -1)
  [ -n "$orig" ] || return 1
  ver=$(basename "$orig" | sed "s/^${pkg}_//; s/\.orig\.tar\..*//")
  echo "uidx: no .dsc for $pkg on the mirror; unpacking its upstream tarball $ver" >&2
  out=$dest/$pkg-$ver
  rm -rf "$out"; mkdir -p "$out"
  tar -xf "$orig" -C "$out" --strip-components=1
  echo "$out"
  exit 0
}
( cd "$dest" && apt-get "${opts[@]}" source --download-only "$pkg" >&2 ) || fetch_from_pool || unpack_orig
dsc=$(ls -t "$dest"/"${pkg}"_*.dsc | head -1)
out=$dest/$(basename "$dsc" .dsc | sed 's/_/-/; s/-[^-]*$//')
rm -rf "$out"
dpkg-source -x --skip-patches "$dsc" "$out" >&2
echo "$out"
