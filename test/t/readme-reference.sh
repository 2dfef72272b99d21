#!/usr/bin/env bash
# The reference (README.md and docs/*.md) must name every function, type, table, operator
# class and setting the extension installs, except the support functions that
# only the catalogs call: type I/O, operator, operator-class, cast, aggregate
# and planner-support functions (README "What each 16-byte type supports"
# describes them as a set; `\dx+ uidx` lists them).
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
db=uidx_readme_check
psql -X -q -v ON_ERROR_STOP=1 -d postgres -c "DROP DATABASE IF EXISTS $db" -c "CREATE DATABASE $db"
psql -X -q -v ON_ERROR_STOP=1 -d $db -c "CREATE EXTENSION uidx"
names=$(psql -X -qAt -d $db <<'SQL'
SELECT DISTINCT name FROM (
    SELECT p.proname::text AS name FROM pg_depend d JOIN pg_proc p ON p.oid = d.objid
     WHERE d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'uidx')
       AND d.classid = 'pg_proc'::regclass AND d.deptype = 'e'
       AND p.oid NOT IN (SELECT unnest(ARRAY[typinput, typoutput, typreceive, typsend]::oid[]) FROM pg_type
                         UNION ALL SELECT oprcode FROM pg_operator
                         UNION ALL SELECT amproc FROM pg_amproc
                         UNION ALL SELECT castfunc FROM pg_cast
                         UNION ALL SELECT unnest(ARRAY[aggtransfn, aggcombinefn, aggfinalfn]::oid[]) FROM pg_aggregate
                         UNION ALL SELECT prosupport FROM pg_proc)
    UNION ALL
    SELECT t.typname FROM pg_depend d JOIN pg_type t ON t.oid = d.objid
     WHERE d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'uidx')
       AND d.classid = 'pg_type'::regclass AND d.deptype = 'e'
       -- from 17 on a type's implicit array type is a member too
       AND NOT (t.typcategory = 'A' AND t.typelem <> 0)
    UNION ALL
    SELECT c.relname FROM pg_depend d JOIN pg_class c ON c.oid = d.objid
     WHERE d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'uidx')
       AND d.classid = 'pg_class'::regclass AND d.deptype = 'e' AND c.relkind = 'r'
    UNION ALL
    SELECT o.opcname FROM pg_depend d JOIN pg_opclass o ON o.oid = d.objid
     WHERE d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'uidx')
       AND d.classid = 'pg_opclass'::regclass AND d.deptype = 'e'
    UNION ALL
    SELECT e.evtname FROM pg_depend d JOIN pg_event_trigger e ON e.oid = d.objid
     WHERE d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'uidx')
       AND d.classid = 'pg_event_trigger'::regclass
    UNION ALL
    SELECT name FROM pg_settings WHERE name LIKE 'uidx.%'
) n ORDER BY 1
SQL
)
psql -X -q -d postgres -c "DROP DATABASE $db"
missing=0
for n in $names; do
  grep -qF "$n" "$top/README.md" "$top"/docs/*.md || { echo "the documentation does not mention: $n"; missing=$((missing + 1)); }
done
echo "$(echo "$names" | wc -w) installed names, $missing missing from README.md and docs/*.md"
[ $missing -eq 0 ]
