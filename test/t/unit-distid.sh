#!/usr/bin/env bash
# Builds the pure DistributedId core without PostgreSQL and replays the
# FORMATS.md §A1/§A2 generator traces and vectors (test/unit/distid_unit.c).
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
build=$(mktemp -d)
trap 'rm -rf "$build"' EXIT
${CC:-cc} -std=c99 -Wall -Wextra -Werror -O1 -DUIDX_NO_POSTGRES -I"$top/src" \
  -o "$build/distid_unit" "$top/test/unit/distid_unit.c" "$top/src/distid.c" "$top/src/codec.c"
"$build/distid_unit"
