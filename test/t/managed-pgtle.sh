#!/usr/bin/env bash
# uidx_sql through pg_tle, as on RDS and Aurora (docs/managed.md): the vendored pg_tle 1.5.2 archive is built for the server
# under test and installed into a second sandbox that preloads it; there a
# role that is not a superuser, only a member of pgtle_admin, registers
# uidx_sql (src/sql/managed/build.sh's pg_tle script) and runs CREATE EXTENSION
# uidx_sql.  Then test/managed/equality.sql compares it with the C extension
# as that role, and the database goes through pg_dump and pg_restore: the
# extension (the current version), its registry rows and the equality survive, and
# the public-id key does not (it is kept out of dumps).  Then the upgrade
# from the released 1.2 (src/sql/managed/versions/uidx_sql--1.2.sql) through
# pg_tle: the current version registered beside it, ALTER EXTENSION UPDATE
# along src/sql/managed/uidx_sql--1.2--1.3.sql, compared with a fresh install,
# dumped and restored.
#
# PGTLE_TARBALL names the archive; by default pg_tle-1.5.2.tar.gz in
# ../shared/vendor beside the work tree, else in /work/shared/vendor.  Exits
# 77 (skipped) when it is not there, or on a server pg_tle 1.5.2 does not
# build for: it supports PostgreSQL 12 to 17, builds and passes here on 18 as
# well, and does not compile for 19 (README "Managed PostgreSQL"; there
# uidx_sql installs with psql -f, test/t/managed.sh).  On the versions it
# supports, a failed build is a failure.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)

if [ -z "${UIDX_PGTLE_INSIDE:-}" ]; then
  archive=pg_tle-1.5.2.tar.gz
  tarball=${PGTLE_TARBALL:-$top/../shared/vendor/$archive}
  [ -f "$tarball" ] || [ -n "${PGTLE_TARBALL:-}" ] || tarball=/work/shared/vendor/$archive
  if [ ! -f "$tarball" ]; then
    echo "managed-pgtle: SKIPPED: the pg_tle source archive is not there (set PGTLE_TARBALL)"
    exit 77
  fi
  pg_config=${SANDBOX_PG_CONFIG:-${PG_CONFIG:-pg_config}}
  pgtle_last_major=18
  major=$("$pg_config" --version | sed -E 's/^PostgreSQL ([0-9]+).*/\1/')
  if [ "$major" -gt "$pgtle_last_major" ]; then
    echo "managed-pgtle: SKIPPED: pg_tle 1.5.2 does not build for PostgreSQL $major (it supports 12 to 17 and builds for $pgtle_last_major too); uidx_sql installs there with psql -f (test/t/managed.sh)"
    exit 77
  fi
  build=$(mktemp -d); trap 'rm -rf "$build"' EXIT
  tar -xzf "$tarball" -C "$build"
  src=$(echo "$build"/pg_tle-*)
  start=$(date +%s)
  if ! make -C "$src" -j2 PG_CONFIG="$pg_config" >"$build/build.log" 2>&1; then
    tail -5 "$build/build.log"
    echo "managed-pgtle: pg_tle 1.5.2 does not build for $("$pg_config" --version), which it supports"
    exit 1
  fi
  echo "managed-pgtle: pg_tle built for $("$pg_config" --version) in $(( $(date +%s) - start ))s"
  chmod -R a+rX "$build"
  # a sandbox of its own: pg_tle must be preloaded, which the suite's server is not
  env -u SANDBOX_DIR SANDBOX_PORT=$(( ${PGPORT:-54329} + 100 )) PG_CONFIG="$pg_config" \
      UIDX_PGTLE_INSIDE=1 PGTLE_SRC="$src" \
      bash "$top/test/scripts/sandbox.sh" run bash "$0"
  exit $?
fi

cd "$top"
make -s -C "$PGTLE_SRC" install DESTDIR="$SANDBOX_PREFIX" PG_CONFIG="$SANDBOX_PG_CONFIG" >/dev/null
echo "shared_preload_libraries = 'pg_tle'" >> "$SANDBOX_DIR/data/postgresql.conf"
as_server=(); [ "$(id -u)" -eq 0 ] && as_server=(runuser -u postgres --)
"${as_server[@]}" "$PG_BINDIR/pg_ctl" -D "$SANDBOX_DIR/data" -w -s -m fast \
    -l "$SANDBOX_DIR/log/server.log" restart

work=$(mktemp -d); chmod 755 "$work"; trap 'rm -rf "$work"' EXIT
ver=$(sed -n 's/^EXTVERSION *= *//p' Makefile)
bash src/sql/managed/build.sh "$work" "$ver"
q() { psql -X -q -v ON_ERROR_STOP=1 "$@"; }

q -d postgres -c "CREATE DATABASE tle" -c "CREATE ROLE tle_admin LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE"
q -d tle -c "CREATE EXTENSION pg_tle" -c "CREATE EXTENSION uidx" \
       -c "GRANT pgtle_admin TO tle_admin" -c "GRANT CREATE ON DATABASE tle TO tle_admin"
q -d tle -U tle_admin -f "$work/uidx_sql.pgtle.sql" >/dev/null
# public ids need pgcrypto: every server the tests build has it
# (test/scripts/build-pg.sh), so its absence is a failure, not a skip
crypto=$(psql -X -At -d tle -c "SELECT count(*) FROM pg_available_extensions WHERE name = 'pgcrypto'")
[ "$crypto" = 1 ] || { echo "managed-pgtle: pgcrypto is not available on this server: public ids cannot be tested"; exit 1; }
q -d tle -U tle_admin -c "CREATE EXTENSION pgcrypto"
# the rows check() expects: registries, a router with a local region (docs/managed.md
# "Regions in uidx_sql": its partition and registry row are user data that
# pg_dump must keep), the same rows in the C extension's registries (which
# only the superuser writes here: uidx_inspect of the two editions is
# compared with them), and the public-id key
fill() {  # db
  q -d "$1" -U tle_admin -c "INSERT INTO uidx_sql.iuid_service_entity VALUES (7, 'AyanOrder')" \
         -c "SELECT uidx_sql.luuid_register_group('Person')" >/dev/null
  q -d "$1" -U tle_admin -c "CREATE SCHEMA app" -c "CREATE TABLE app.routed (id uuid NOT NULL) PARTITION BY LIST (uidx_sql.iuid_country(id))" \
         -c "SELECT uidx_sql.uidx_attach_local_region('app.routed', '{16}')" >/dev/null
  q -d "$1" -c "INSERT INTO public.iuid_service_entity VALUES (7, 'AyanOrder') ON CONFLICT DO NOTHING" \
         -c "SELECT public.luuid_register_group('Person') WHERE NOT EXISTS (SELECT 1 FROM public.luuid_group WHERE group_name = 'Person')" >/dev/null
  q -d "$1" -U tle_admin \
         -c "SELECT uidx_sql.public_id_set_key(decode('k7fBDJcQam02hsByaOWPeP2CqeDeGXvrPUkEAQBtAFc=', 'base64'))" >/dev/null
}
fail=0
# a schema of another role is refused (docs/managed.md "Security"), and nothing is made
# (one that tle_admin may create in: without that, PostgreSQL itself refuses)
q -d tle -c "CREATE SCHEMA not_tle_admins" -c "GRANT USAGE, CREATE ON SCHEMA not_tle_admins TO tle_admin"
out=$(psql -X -q -d tle -U tle_admin -v VERBOSITY=verbose -c "CREATE EXTENSION uidx_sql SCHEMA not_tle_admins" 2>&1) \
  && { echo "managed-pgtle: CREATE EXTENSION uidx_sql in a schema of another role succeeded"; fail=1; }
[[ "$out" == *"42501: uidx_sql cannot be installed into schema not_tle_admins: it is owned by role postgres, not by tle_admin"* ]] \
  || { echo "managed-pgtle: CREATE EXTENSION uidx_sql in a schema of another role: $out"; fail=1; }
[ "$(psql -X -At -d tle -c "SELECT count(*) FROM pg_extension WHERE extname = 'uidx_sql'")" = 0 ] \
  || { echo "managed-pgtle: the refused CREATE EXTENSION left the extension behind"; fail=1; }
q -d tle -c "DROP SCHEMA not_tle_admins"
q -d tle -U tle_admin -c "CREATE SCHEMA uidx_sql" -c "CREATE EXTENSION uidx_sql SCHEMA uidx_sql"
fill tle
check() {  # db label version: the extension as pg_tle made it, and the equality test as tle_admin
  local db=$1 label=$2 version=$3 line out
  line=$(psql -X -At -d "$db" -U tle_admin -c "
    SELECT e.extversion || ' ' || r.rolsuper || ' ' || (SELECT count(*) FROM uidx_sql.iuid_service_entity WHERE name = 'AyanOrder')
           || ' ' || (SELECT count(*) FROM uidx_sql.luuid_group WHERE group_name = 'Person')
           || ' ' || uidx_sql.iuid_service_entity(uidx_sql.iuid_generate('AyanOrder', 5))
           || ' ' || (SELECT count(*) FROM pg_proc WHERE proname = 'public_id_encode' AND pronamespace = 'uidx_sql'::regnamespace)
           || ' ' || (SELECT count(*) FROM uidx_sql.uidx_region WHERE country = 16 AND server IS NULL)
           || ' ' || (SELECT string_agg(inhrelid::regclass::text, ',') FROM pg_inherits WHERE inhparent = 'app.routed'::regclass)
      FROM pg_extension e, pg_roles r WHERE e.extname = 'uidx_sql' AND r.rolname = current_user")
  if [ "$line" != "$version false 1 1 7 3 1 app.routed_c016" ]; then
    echo "managed-pgtle: $label: expected extension $version used by a non-superuser with its registry rows and app.routed_c016, got '$line'"; fail=1
  fi
  out=$(psql -X -q -d "$db" -U tle_admin -v c=public -v sql=uidx_sql -f test/managed/equality.sql 2>&1) || true
  summary=$(grep -o 'equality: .*' <<<"$out" | head -1)
  echo "managed-pgtle: $label: $summary"
  if ! [[ "$summary" =~ equality:\ ([0-9]+)\ compared.*,\ 0\ differ$ ]] || [ "${BASH_REMATCH[1]}" -lt 10000 ]; then
    echo "$out" | tail -40; fail=1
  fi
}
check tle "installed by tle_admin with CREATE EXTENSION" "$ver"

pg_dump -Fc -d tle -f "$work/tle.dump"
q -d postgres -c "CREATE DATABASE tle_restored"
pg_restore -d tle_restored --exit-on-error "$work/tle.dump"
check tle_restored "after pg_dump and pg_restore" "$ver"
# the public-id key is not in the dump (docs/managed.md): until
# its owner sets it again, public ids raise 55000
state=$(psql -X -At -d tle_restored -U tle_admin -c "DO \$\$ BEGIN PERFORM uidx_sql.public_id_encode(1::bigint); RAISE NOTICE 'none'; EXCEPTION WHEN OTHERS THEN RAISE NOTICE '%', SQLSTATE; END \$\$" 2>&1)
[[ "$state" == *55000* ]] || { echo "managed-pgtle: public ids after restore without the key: $state"; fail=1; }
# the restored extension is still pg_tle's: the restoring superuser owns it
# now; dropped, tle_admin makes it again
q -d tle_restored -c "DROP TABLE app.routed" -c "DROP EXTENSION uidx_sql" -c "GRANT CREATE ON DATABASE tle_restored TO tle_admin"
q -d tle_restored -U tle_admin -c "CREATE EXTENSION uidx_sql SCHEMA uidx_sql"

# The upgrade a user makes (docs/managed.md): the released 1.2,
# frozen in src/sql/managed/versions/, registered and installed in a database of
# its own; then the current registration script, run where 1.2 is installed,
# adds this version and the path 1.2--$ver (src/sql/managed/uidx_sql--1.2--$ver.sql);
# ALTER EXTENSION uidx_sql UPDATE then has to give the objects a fresh
# CREATE EXTENSION gives (tle, above), and survive a dump.
old=$work/old
# build.sh in a managed/ of its own, beside the assembler it runs; the
# frozen script, complete, its one family file
mkdir -p "$old/managed"; cp src/sql/managed/build.sh src/sql/managed/install-check.sql "$old/managed/"; cp src/sql/assemble.sh "$old/"
cp src/sql/managed/versions/uidx_sql--1.2.sql "$old/managed/00-uidx_sql-1.2.sql"
bash "$old/managed/build.sh" "$work/old-out" 1.2
# objects of the extension, with function bodies, comments, columns and what
# PUBLIC may do with them (the owner differs after a restore)
fingerprint() {
  psql -X -At -d "$1" -c "
    SELECT pg_describe_object(d.classid, d.objid, 0)
           || ' ' || COALESCE(md5(CASE WHEN d.classid = 'pg_proc'::regclass THEN pg_get_functiondef(d.objid) END), '-')
           || ' ' || COALESCE(md5(obj_description(d.objid, (SELECT relname FROM pg_class WHERE oid = d.classid))), '-')
           || ' ' || COALESCE((SELECT string_agg(a.attname || ':' || format_type(a.atttypid, a.atttypmod), ',' ORDER BY a.attnum)
                                 FROM pg_attribute a
                                WHERE d.classid = 'pg_class'::regclass AND a.attrelid = d.objid AND a.attnum > 0), '-')
           || ' ' || COALESCE((SELECT string_agg(split_part(acl::text, '/', 1), ',' ORDER BY acl::text)
                                 FROM pg_class c, unnest(c.relacl) acl
                                WHERE d.classid = 'pg_class'::regclass AND c.oid = d.objid AND acl::text LIKE '=%'), '-')
      FROM pg_depend d JOIN pg_extension e ON e.oid = d.refobjid
     WHERE d.refclassid = 'pg_extension'::regclass AND d.deptype = 'e' AND e.extname = 'uidx_sql'
     ORDER BY 1"
}
version_of() { psql -X -At -d "$1" -c "SELECT extversion FROM pg_extension WHERE extname = 'uidx_sql'"; }
q -d postgres -c "CREATE DATABASE tle_up" -c "GRANT CREATE ON DATABASE tle_up TO tle_admin"
q -d tle_up -c "CREATE EXTENSION pg_tle" -c "CREATE EXTENSION uidx"
q -d tle_up -U tle_admin -c "CREATE EXTENSION pgcrypto"
q -d tle_up -U tle_admin -f "$work/old-out/uidx_sql.pgtle.sql" >/dev/null
q -d tle_up -U tle_admin -c "CREATE SCHEMA uidx_sql" -c "CREATE EXTENSION uidx_sql VERSION '1.2' SCHEMA uidx_sql"
fill tle_up
[ "$(version_of tle_up)" = 1.2 ] || { echo "managed-pgtle: the released 1.2 installs as version $(version_of tle_up)"; fail=1; }
q -d tle_up -U tle_admin -f "$work/uidx_sql.pgtle.sql" >/dev/null
# a second run changes nothing and does not fail
q -d tle_up -U tle_admin -f "$work/uidx_sql.pgtle.sql" >/dev/null 2>&1 \
  || { echo "managed-pgtle: running the $ver registration twice failed"; fail=1; }
paths=$(psql -X -At -d tle_up -U tle_admin -c "SELECT string_agg(source || '>' || target || '=' || path, ' ' ORDER BY source, target)
                                                 FROM pgtle.extension_update_paths('uidx_sql') WHERE path IS NOT NULL")
[ "$paths" = "1.2>$ver=1.2--$ver" ] || { echo "managed-pgtle: update paths after registering $ver: '$paths'"; fail=1; }
[ "$(version_of tle_up)" = 1.2 ] || { echo "managed-pgtle: registering $ver changed the installed version"; fail=1; }
q -d tle_up -U tle_admin -c "ALTER EXTENSION uidx_sql UPDATE"
if [ "$(version_of tle_up)" != "$ver" ] || ! diff <(fingerprint tle) <(fingerprint tle_up) >"$work/upgrade.diff"; then
  echo "managed-pgtle: 1.2 updated to $ver differs from a fresh $ver (version $(version_of tle_up)):"
  head -20 "$work/upgrade.diff"; fail=1
else
  echo "managed-pgtle: 1.2 updated to $ver through pg_tle equals a fresh $ver ($(fingerprint tle | wc -l) objects)"
fi
check tle_up "updated from 1.2 to $ver" "$ver"
pg_dump -Fc -d tle_up -f "$work/tle-up.dump"
q -d postgres -c "CREATE DATABASE tle_up_restored"
pg_restore -d tle_up_restored --exit-on-error "$work/tle-up.dump"
[ "$(version_of tle_up_restored)" = "$ver" ] && diff <(fingerprint tle_up) <(fingerprint tle_up_restored) >/dev/null \
  || { echo "managed-pgtle: the updated database restores as version $(version_of tle_up_restored), or with other objects"; fail=1; }
check tle_up_restored "updated from 1.2 to $ver, after pg_dump and pg_restore" "$ver"
[ "$fail" -eq 0 ] && echo "managed-pgtle: ok"
exit $fail
