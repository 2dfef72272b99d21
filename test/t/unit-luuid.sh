#!/usr/bin/env bash
# The pure cores of luuid.c and uuidv7.c against the FORMATS.md vectors (§D
# and §E), compiled without the server (-DUIDX_NO_POSTGRES).
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
build=$(mktemp -d)
trap 'rm -rf "$build"' EXIT
${CC:-cc} -std=c99 -Wall -Wextra -Werror -O1 -DUIDX_NO_POSTGRES -I"$top/src" \
  -o "$build/luuid_test" "$top/test/unit/luuid_test.c" \
  "$top/src/luuid.c" "$top/src/uuidv7.c" "$top/src/codec.c"
"$build/luuid_test"
