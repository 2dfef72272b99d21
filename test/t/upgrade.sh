#!/usr/bin/env bash
# ALTER EXTENSION uidx UPDATE from 1.0, the released version.
#
#  1. A database with uidx 1.0 gets tables of every uidx type (the dump
#     fixtures: primary keys, time partitions, registry rows, sequences) and
#     an index on every operator class the extension has;
#  2. ALTER EXTENSION uidx UPDATE;
#  3. the extension's objects equal those of a fresh install exactly
#     (test/scripts/extension-objects.sql: definitions, comments, privileges);
#  4. every row, registry entry, sequence position and partition bound is
#     unchanged, and every btree index passes amcheck's
#     bt_index_parent_check with heapallindexed.
# Where the server can build it (15: 1.0 predates PostgreSQL 16's headers)
# and the clone has the history, the 1.0 objects are made by the 1.0 library
# itself, built from the commit 1.0 shipped from; its install script must be
# sql/versions/uidx--1.0.sql byte for byte.  The comb indexes it built are in
# 1.0's comb order: the update names each with a REINDEX hint, amcheck must
# fail on them before the REINDEX and pass after it.
# On PostgreSQL 18 it also checks that a column DEFAULT calling uidx's 1.0
# uuidv7() is moved to core's, and that any other dependent object stops the
# update with a clear error instead of being broken.
set -euo pipefail
export PGOPTIONS="-c client_min_messages=warning"
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../scripts/fingerprint.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
run() { psql -X -q -v ON_ERROR_STOP=1 "$@"; }
val() { psql -X -qAt -v ON_ERROR_STOP=1 "$@"; }
fail=0
fresh=uidx_upgrade_fresh; old=uidx_upgrade_old
for db in $fresh $old uidx_upgrade_blocked; do run -d postgres -c "DROP DATABASE IF EXISTS $db"; done
run -d postgres -c "CREATE DATABASE $fresh" -c "CREATE DATABASE $old"
version_num=$(val -d postgres -c 'SHOW server_version_num')
pg18=$([ "$version_num" -ge 180000 ] && echo 1 || true)
top=$(cd "$here/../.." && pwd)

# the 1.0 library, from the commit 1.0 shipped from
v10_commit=f4aeb17
lib=$SANDBOX_PREFIX$("$SANDBOX_PG_CONFIG" --pkglibdir)/uidx.so
old_lib=""
if [ "$version_num" -ge 160000 ]; then
  echo "1.0 library: not built (1.0 compiles for PostgreSQL 15 only); 1.0 objects made by the current library"
elif ! git -C "$top" cat-file -e "$v10_commit^{commit}" 2>/dev/null; then
  echo "1.0 library: commit $v10_commit not in this clone's history; 1.0 objects made by the current library"
else
  mkdir "$work/v10"
  git -C "$top" archive "$v10_commit" | tar -x -C "$work/v10"
  env -u MAKEFLAGS make -s -C "$work/v10" PG_CONFIG="$SANDBOX_PG_CONFIG" >"$work/v10.log" 2>&1 \
    || { cat "$work/v10.log"; echo "FAIL: the 1.0 library does not build"; exit 1; }
  if cmp -s "$work/v10/uidx--1.0.sql" "$top/sql/versions/uidx--1.0.sql"; then
    echo "1.0 library built from $v10_commit; its install script is sql/versions/uidx--1.0.sql byte for byte"
  else
    echo "FAIL: sql/versions/uidx--1.0.sql differs from the script 1.0 shipped"; fail=1
  fi
  old_lib=$work/v10/uidx.so
fi

run -d $fresh -c "CREATE EXTENSION uidx"
val -d $fresh -f "$here/../scripts/extension-objects.sql" >"$work/fresh.txt"
current=$(val -d $fresh -c "SELECT extversion FROM pg_extension WHERE extname = 'uidx'")

# new sessions load the 1.0 library until the update
if [ -n "$old_lib" ]; then cp "$lib" "$work/uidx-current.so"; cp "$old_lib" "$lib"; fi
run -d $old -c "CREATE EXTENSION uidx VERSION '1.0'"
for f in "$here"/dump-fixtures/*.sql; do run -d $old -f "$f" >/dev/null; done
# an index on every operator class of the extension, over a column of its type
# filled from every table that has a column of that type
val -d $old >/dev/null <<'SQL'
DO $$
DECLARE
    oc record;
    src record;
BEGIN
    FOR oc IN
        SELECT c.opcname, a.amname, c.opcintype::regtype AS typ
          FROM pg_opclass c JOIN pg_am a ON a.oid = c.opcmethod
          JOIN pg_depend d ON d.classid = 'pg_opclass'::regclass AND d.objid = c.oid AND d.deptype = 'e'
         WHERE d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'uidx')
    LOOP
        EXECUTE format('CREATE TABLE %I (v %s)', 'opclass_' || oc.opcname, oc.typ);
        FOR src IN
            SELECT a.attrelid::regclass AS rel, a.attname
              FROM pg_attribute a JOIN pg_class r ON r.oid = a.attrelid
             WHERE a.atttypid = oc.typ::oid AND r.relkind = 'r' AND NOT r.relispartition
               AND r.relname NOT LIKE 'opclass\_%' AND a.attnum > 0
        LOOP
            EXECUTE format('INSERT INTO %I SELECT %I FROM %s', 'opclass_' || oc.opcname, src.attname, src.rel);
        END LOOP;
        EXECUTE format('CREATE INDEX ON %I USING %s (v %I)', 'opclass_' || oc.opcname, oc.amname, oc.opcname);
    END LOOP;
END
$$;
SQL
if [ -n "$pg18" ]; then
  # a table made on an older server whose DEFAULT names uidx's uuidv7()
  run -d $old -c "CREATE TABLE v7_legacy (id uuid PRIMARY KEY DEFAULT public.uuidv7(), shifted uuid DEFAULT public.uuidv7('-1 day'))" \
              -c "INSERT INTO v7_legacy SELECT FROM generate_series(1, 100)"
fi
echo "1.0 database: $(val -d $old -c "SELECT count(*) FROM pg_class WHERE relkind IN ('r', 'p') AND relnamespace = 'public'::regnamespace") tables, $(val -d $old -c "SELECT count(*) FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE c.relnamespace = 'public'::regnamespace") indexes"
fingerprint $old >"$work/before.txt"

# every new session from here on loads the current library
[ -n "$old_lib" ] && cp "$work/uidx-current.so" "$lib"
psql -X -q -v ON_ERROR_STOP=1 -d $old -c "ALTER EXTENSION uidx UPDATE" 2>"$work/update.log"
cat "$work/update.log"
reindex=$(sed -n 's/^HINT:  Rebuild it: \(REINDEX INDEX .*;\)$/\1/p' "$work/update.log")
comb_indexes=$(val -d $old -c "SELECT count(*) FROM pg_index i JOIN pg_opclass o ON o.oid = ANY (i.indclass::oid[])
    JOIN pg_am a ON a.oid = o.opcmethod AND a.amname IN ('btree', 'brin') WHERE o.opcintype = 'comb'::regtype")
[ "$(printf '%s\n' "$reindex" | grep -c REINDEX)" = "$comb_indexes" ] \
  || { echo "FAIL: the update names $(printf '%s\n' "$reindex" | grep -c REINDEX) comb indexes to rebuild, there are $comb_indexes"; fail=1; }
if [ -n "$old_lib" ]; then
  # built by 1.0 in its comb order: amcheck must see the change of order
  broken=0
  for idx in $(val -d $old -c "SELECT c.oid::regclass FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
      JOIN pg_am a ON a.oid = c.relam AND a.amname = 'btree'
      JOIN pg_opclass o ON o.oid = ANY (i.indclass::oid[]) WHERE o.opcintype = 'comb'::regtype"); do
    val -d $old -c "CREATE EXTENSION IF NOT EXISTS amcheck" -c "SELECT bt_index_check('$idx', true)" >/dev/null 2>&1 || broken=$((broken + 1))
  done
  echo "before REINDEX: amcheck rejects $broken of the comb btree indexes 1.0 built"
  [ "$broken" -gt 0 ] || { echo "FAIL: the comb indexes of 1.0 pass amcheck without a REINDEX"; fail=1; }
fi
printf '%s\n' "$reindex" | val -d $old >/dev/null
echo "REINDEX of the $comb_indexes comb indexes the update named"
updated=$(val -d $old -c "SELECT extversion FROM pg_extension WHERE extname = 'uidx'")
[ "$updated" = "$current" ] || { echo "FAIL: updated to $updated, want $current"; fail=1; }

val -d $old -f "$here/../scripts/extension-objects.sql" >"$work/updated.txt"
if diff -u "$work/fresh.txt" "$work/updated.txt"; then
  echo "objects after 1.0 -> $updated: identical to a fresh $current install ($(grep -c '^[^ ]' "$work/fresh.txt") objects)"
else
  echo "FAIL: the updated extension differs from a fresh install (- fresh, + updated)"; fail=1
fi

fingerprint $old >"$work/after.txt"
# A table the update adds to the extension (a new registry) is no user data
# yet: it must be empty, and is then left out of the comparison.
new_tables=$(val -d $old -c "
    SELECT c.oid::regclass FROM pg_depend d JOIN pg_class c ON c.oid = d.objid
     WHERE d.classid = 'pg_class'::regclass AND d.deptype = 'e' AND c.relkind = 'r'
       AND d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'uidx')
     ORDER BY 1")
for t in $new_tables; do
  grep -q "^$t " "$work/before.txt" && continue
  if grep -qx "$t 0 d41d8cd98f00b204e9800998ecf8427e" "$work/after.txt"; then
    echo "table $t: new in $current, empty"
    grep -vx "$t 0 d41d8cd98f00b204e9800998ecf8427e" "$work/after.txt" >"$work/after.tmp"
    mv "$work/after.tmp" "$work/after.txt"
  else
    echo "FAIL: table $t, new in $current, is not empty after the update"; fail=1
  fi
done
if diff -u "$work/before.txt" "$work/after.txt"; then
  echo "data: $(grep -vcE '^(partition|sequence) ' "$work/after.txt") tables, $(grep -c '^sequence ' "$work/after.txt") sequences, $(grep -c '^partition ' "$work/after.txt") partition bounds unchanged"
else
  echo "FAIL: user data changed in the update"; fail=1
fi

checked=$(val -d $old <<'SQL'
CREATE EXTENSION IF NOT EXISTS amcheck;
SELECT count(bt_index_parent_check(c.oid, true))
  FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
  JOIN pg_am a ON a.oid = c.relam AND a.amname = 'btree'
 WHERE c.relnamespace <> 'pg_catalog'::regnamespace AND c.relnamespace <> 'pg_toast'::regnamespace
   AND c.relkind = 'i';
SQL
) || { echo "FAIL: amcheck"; fail=1; }
echo "amcheck bt_index_parent_check(heapallindexed): ${checked:-0} btree indexes valid"

if [ -n "$pg18" ]; then
  defaults=$(val -d $old -c "SELECT string_agg(pg_get_expr(adbin, adrelid), ', ' ORDER BY adnum) FROM pg_attrdef WHERE adrelid = 'v7_legacy'::regclass")
  echo "PostgreSQL 18: v7_legacy defaults after the update: $defaults"
  [ "$defaults" = "uuidv7(), uuidv7('-1 days'::interval)" ] || { echo "FAIL: defaults not moved to core uuidv7()"; fail=1; }
  left=$(val -d $old -c "SELECT count(*) FROM pg_proc WHERE proname = 'uuidv7' AND pronamespace <> 'pg_catalog'::regnamespace")
  [ "$left" = 0 ] || { echo "FAIL: $left uuidv7 functions left outside pg_catalog"; fail=1; }
  run -d $old -c "INSERT INTO v7_legacy DEFAULT VALUES"

  # a view that calls uidx's uuidv7() blocks the update, which leaves 1.0 intact
  run -d postgres -c "CREATE DATABASE uidx_upgrade_blocked"
  run -d uidx_upgrade_blocked -c "CREATE EXTENSION uidx VERSION '1.0'" \
      -c "CREATE VIEW new_id AS SELECT public.uuidv7() AS id"
  err=$(psql -X -q -d uidx_upgrade_blocked -v VERBOSITY=verbose -c "ALTER EXTENSION uidx UPDATE" 2>&1 || true)
  echo "$err" | head -4
  echo "$err" | grep -q '2BP01' && echo "$err" | grep -q 'HINT:  Make those objects call pg_catalog.uuidv7()' \
    || { echo "FAIL: a dependent view did not stop the update with 2BP01 and a hint"; fail=1; }
  [ "$(val -d uidx_upgrade_blocked -c "SELECT extversion FROM pg_extension WHERE extname = 'uidx'")" = 1.0 ] \
    || { echo "FAIL: the failed update did not leave 1.0"; fail=1; }
  run -d postgres -c "DROP DATABASE uidx_upgrade_blocked"
fi

for db in $fresh $old; do run -d postgres -c "DROP DATABASE $db"; done
exit $fail
