#!/usr/bin/env bash
# Builds the two installable forms of uidx_sql from its one source, the
# family files src/sql/managed/[0-9]*.sql in name order, with the src/sql/common/
# files they include (src/sql/assemble.sh; docs/managed.md):
#
#   OUT/uidx_sql.psql.sql    psql -v schema=NAME -f it (schema default uidx_sql)
#   OUT/uidx_sql.pgtle.sql   psql -f it as a member of pgtle_admin: registers
#                            uidx_sql VERSION with pg_tle, then
#                            CREATE EXTENSION uidx_sql works in that database
#
# Upgrade scripts src/sql/managed/uidx_sql--A--B.sql become pg_tle update paths,
# so that ALTER EXTENSION uidx_sql UPDATE works, each with its --@functions
# line expanded into every function of the family files (src/sql/assemble.sh
# --update); every other change also goes into
# the family files, which stay the full current version (the psql form is
# upgraded by installing it again into a new schema: docs/managed.md).  A released version's full script is frozen in
# src/sql/managed/versions/uidx_sql--VERSION.sql, never edited again: a copy of
# this script beside it alone builds that version's registration, from which
# test/t/managed-pgtle.sh updates.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=${1:?usage: build.sh OUTDIR VERSION}
version=${2:?usage: build.sh OUTDIR VERSION}
tag='$uidx_sql_source$'
reg='$uidx_sql_register$'
# the assembled source beside the output (the suites run this as a user
# that may not write TMPDIR)
mkdir -p "$out"
src=$(mktemp "$out/.uidx_sql-source.XXXXXX"); trap 'rm -f "$src"' EXIT
# the schema check first (install-check.sql), then the family files
{ cat "$here/install-check.sql"; bash "$here/../assemble.sh" uidx_sql "$here"/[0-9]*.sql; } > "$src"
grep -qF -e "$tag" -e "$reg" "$src" && { echo "build.sh: src/sql/managed/*.sql contain $tag or $reg" >&2; exit 1; }

{
  echo "-- uidx_sql $version, the SQL edition of uidx, for psql (generated from src/sql/managed/[0-9]*.sql)."
  echo "--   psql -v schema=uidx_sql -f uidx_sql.psql.sql"
  echo "-- installs every object into that schema (created if missing) in one transaction."
  echo '\set ON_ERROR_STOP on'
  echo '\if :{?schema}'
  echo '\else'
  echo '\set schema uidx_sql'
  echo '\endif'
  echo 'BEGIN;'
  # Names in the definitions below resolve with the installing session's
  # search_path: pg_catalog alone, so that nothing another role put on that
  # path is bound into them, and an unqualified name of uidx_sql's own fails
  # here instead of resolving through a caller's path later.
  echo 'SET LOCAL search_path = pg_catalog, pg_temp;'
  echo "SELECT pg_catalog.set_config('uidx_sql.install_schema', :'schema', true) AS installing_into;"
  echo 'CREATE SCHEMA IF NOT EXISTS :"schema";'
  echo 'DO $uidx_sql_install$'
  echo 'BEGIN'
  echo "    EXECUTE pg_catalog.replace($tag"
  # outside CREATE EXTENSION there is no dump configuration to record, and
  # no restore runs this script (install-check.sql's restore path)
  grep -v '^SELECT pg_catalog.pg_extension_config_dump(' "$src" \
    | sed '/^    -- restore path begins$/,/^    -- restore path ends$/d'
  echo "$tag, '@extschema@', pg_catalog.quote_ident(pg_catalog.current_setting('uidx_sql.install_schema')));"
  echo 'END'
  echo '$uidx_sql_install$;'
  echo "COMMENT ON SCHEMA :\"schema\" IS 'uidx_sql $version: the SQL edition of uidx';"
  echo 'COMMIT;'
} > "$out/uidx_sql.psql.sql"

# The registration works in a database that has no uidx_sql yet
# (install_extension) and in one that has an older version registered
# (install_extension_version_sql, then the update paths), so that running the
# newer script and then ALTER EXTENSION uidx_sql UPDATE upgrades; a version
# or path already registered is left as it is, so a second run does nothing.
{
  echo "-- uidx_sql $version, the SQL edition of uidx, as a pg_tle extension (generated from src/sql/managed/[0-9]*.sql)."
  echo "-- Run as a member of pgtle_admin, then: CREATE EXTENSION uidx_sql [SCHEMA name];"
  echo "-- or, where an older uidx_sql is installed: ALTER EXTENSION uidx_sql UPDATE;"
  echo '\set ON_ERROR_STOP on'
  echo "DO $reg"
  echo "DECLARE"
  echo "    src text := $tag"
  cat "$src"
  echo "$tag;"
  echo "BEGIN"
  echo "    IF NOT EXISTS (SELECT 1 FROM pgtle.available_extensions() a WHERE a.name = 'uidx_sql') THEN"
  echo "        PERFORM pgtle.install_extension('uidx_sql', '$version',"
  echo "            'uidx in SQL and PL/pgSQL: iUID, COMB, DistributedId, luuid, UUIDv7 on uuid columns', src);"
  echo "    ELSIF NOT EXISTS (SELECT 1 FROM pgtle.available_extension_versions() v"
  echo "                       WHERE v.name = 'uidx_sql' AND v.version = '$version') THEN"
  echo "        PERFORM pgtle.install_extension_version_sql('uidx_sql', '$version', src);"
  echo "    ELSE"
  echo "        RAISE NOTICE 'uidx_sql $version is already registered in this database';"
  echo "    END IF;"
  echo "END"
  echo "$reg;"
  for up in "$here"/uidx_sql--*--*.sql; do
    [ -e "$up" ] || continue
    base=$(basename "$up" .sql); base=${base#uidx_sql--}
    from=${base%%--*}; to=${base##*--}
    grep -qF -e "$tag" -e "$reg" "$up" && { echo "build.sh: $up contains $tag or $reg" >&2; exit 1; }
    echo "DO $reg"
    echo "BEGIN"
    echo "    IF NOT EXISTS (SELECT 1 FROM pgtle.extension_update_paths('uidx_sql') p"
    echo "                    WHERE p.source = '$from' AND p.target = '$to' AND p.path = '$from--$to') THEN"
    echo "        PERFORM pgtle.install_update_path('uidx_sql', '$from', '$to', $tag"
    # the open delta names its functions by --@functions; a released one is
    # kept as it shipped, already expanded (test/README.md "Upgrade scripts")
    if grep -qx -e '--@functions' "$up"; then
      bash "$here/../assemble.sh" --update uidx_sql "$up" "$here"/[0-9]*.sql
    else
      cat "$up"
    fi
    echo "$tag);"
    echo "    END IF;"
    echo "END"
    echo "$reg;"
  done
  echo "SELECT pgtle.set_default_version('uidx_sql', '$version');"
} > "$out/uidx_sql.pgtle.sql"
