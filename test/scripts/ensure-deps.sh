#!/usr/bin/env bash
# Installs the Debian packages the build and the test suite need, and only
# those that are missing.  Safe to run again: it is a no-op once all is there.
set -euo pipefail

PG_MAJOR=${PG_MAJOR:-15}
wanted=(
  "postgresql-$PG_MAJOR"            # the server the tests start
  "postgresql-client-$PG_MAJOR"     # psql, pg_dump, pgbench
  "postgresql-server-dev-$PG_MAJOR" # PGXS and the server headers
  libssl-dev                        # libcrypto for the public-identity AES
  make gcc
  clang libclang-rt-14-dev          # libFuzzer and the sanitizer runtimes
)

missing=()
for pkg in "${wanted[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q '^install ok installed$'; then
    missing+=("$pkg")
  fi
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "uidx: installing missing packages: ${missing[*]}"
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "uidx: need root (or sudo) to install: ${missing[*]}" >&2; exit 1; }
  sudo="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
# The Debian postgresql-common postinst creates a 'main' cluster; the tests never use it.
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
