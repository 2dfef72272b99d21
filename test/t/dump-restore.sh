#!/usr/bin/env bash
# pg_dump in plain and custom format, restore each into a new database, and
# compare every table (extension registries included) row for row, plus the
# partition layout and the sequences' positions.  Each family adds a fixture under test/t/dump-fixtures/.
set -euo pipefail
export PGOPTIONS="-c client_min_messages=warning"
here=$(cd "$(dirname "$0")" && pwd)
src=uidx_dump_src
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

run() { psql -X -q -v ON_ERROR_STOP=1 "$@"; }
for db in $src uidx_dump_plain uidx_dump_custom; do
  run -d postgres -c "DROP DATABASE IF EXISTS $db"
done
run -d postgres -c "CREATE DATABASE $src"
run -d $src -c "CREATE EXTENSION uidx"
for f in "$here"/dump-fixtures/*.sql; do
  run -d $src -f "$f" >/dev/null
done

. "$here/../scripts/fingerprint.sh"

fingerprint $src >"$work/src.txt"
[ -n "${DUMP_SHOW:-}" ] && cat "$work/src.txt"
pg_dump -d $src -Fp -f "$work/dump.sql"
pg_dump -d $src -Fc -f "$work/dump.custom"
run -d postgres -c "CREATE DATABASE uidx_dump_plain" -c "CREATE DATABASE uidx_dump_custom"
run -d uidx_dump_plain -f "$work/dump.sql" >/dev/null
pg_restore --exit-on-error -d uidx_dump_custom "$work/dump.custom"

fail=0
tables=$(grep -vcE '^(partition|sequence) ' "$work/src.txt" || true)
sequences=$(grep -c '^sequence ' "$work/src.txt" || true)
partitions=$(grep -c '^partition ' "$work/src.txt" || true)
for db in uidx_dump_plain uidx_dump_custom; do
  fingerprint $db >"$work/$db.txt"
  if diff -u "$work/src.txt" "$work/$db.txt"; then
    echo "$db: $tables tables (registries included), $partitions partition bounds, $sequences sequences identical"
  else
    echo "FAIL $db differs from the source"; fail=1
  fi
done
for db in $src uidx_dump_plain uidx_dump_custom; do
  run -d postgres -c "DROP DATABASE $db"
done
exit $fail
