#!/usr/bin/env bash
# `make demo`: the extension is installed system-wide by then; show it at work
# in a throwaway cluster (Debian's pg_virtualenv), which is removed afterwards.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
PG_MAJOR=$(pg_config --version | sed -E 's/^PostgreSQL ([0-9]+).*/\1/')
# as root pg_virtualenv runs the server as 'postgres', which must read the script
demo=$(mktemp /tmp/uidx-demo.XXXXXX.sql)
trap 'rm -f "$demo"' EXIT
cp "$top/test/demo/demo.sql" "$demo"; chmod 644 "$demo"
pg_virtualenv -v "$PG_MAJOR" psql -X -v ON_ERROR_STOP=1 -f "$demo"
