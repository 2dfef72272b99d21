#!/usr/bin/env bash
# The generator registry (test/t/generators.list) is complete and true: every
# generator the extension installs on this server (a VOLATILE function that
# returns uuid, iuid, comb, distid or numeric) has a line, every line that
# applies to this server names an installed function, and its expression,
# column type and parallel marking are those of the installed function.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../scripts/registry.sh"
db=uidx_registry
psql -X -q -v ON_ERROR_STOP=1 -d postgres -c "DROP DATABASE IF EXISTS $db" -c "CREATE DATABASE $db"
psql -X -q -v ON_ERROR_STOP=1 -d $db -c "CREATE EXTENSION uidx" -f "$here/generators-fixtures.sql" >/dev/null
installed=$(psql -X -qAt -d $db -c "
  SELECT p.oid::regprocedure FROM pg_proc p
    JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e'
    JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'uidx'
   WHERE p.provolatile = 'v'
     AND p.prorettype IN ('uuid'::regtype, 'iuid'::regtype, 'comb'::regtype, 'distid'::regtype, 'numeric'::regtype)
   ORDER BY 1::text")
fail=0; n=0
while IFS='|' read -r fn expr type order bits parallel; do
  n=$((n + 1))
  if ! grep -qxF "$fn" <<<"$installed"; then
    echo "FAIL: registry line $fn: not a generator the extension installs here"; fail=1; continue
  fi
  got=$(psql -X -qAt -v ON_ERROR_STOP=1 -d $db -c "SELECT pg_typeof($expr)::text = format_type('$type'::regtype, NULL)
      AND (SELECT proparallel FROM pg_proc WHERE oid = '$fn'::regprocedure) = '${parallel:0:1}'") \
    || { echo "FAIL: $fn: its expression does not run"; fail=1; continue; }
  [ "$got" = t ] || { echo "FAIL: $fn: the expression's type or the parallel marking differs from the line"; fail=1; }
done < <(registry_lines)
registered=$(registry_lines | cut -d'|' -f1)
while IFS= read -r fn; do
  grep -qxF "$fn" <<<"$registered" || { echo "FAIL: $fn is installed but not in test/t/generators.list"; fail=1; }
done <<<"$installed"
echo "$n registry lines for this server, $(wc -l <<<"$installed") installed generators"
psql -X -q -d postgres -c "DROP DATABASE $db"
exit $fail
