#!/usr/bin/env bash
# uidx_sql through pg_tle, as on RDS and Aurora (README "Managed
# PostgreSQL"): the vendored pg_tle 1.5.2 archive is built for the server
# under test and installed into a second sandbox that preloads it; there a
# role that is not a superuser, only a member of pgtle_admin, registers
# uidx_sql (sql/managed/build.sh's pg_tle script) and runs CREATE EXTENSION
# uidx_sql.  Then test/managed/equality.sql compares it with the C extension
# as that role, and the database goes through pg_dump and pg_restore: the
# extension (version 1.2), its registry rows and the equality survive, and
# the public-id key does not (it is kept out of dumps).
#
# PGTLE_TARBALL names the archive; by default pg_tle-1.5.2.tar.gz in
# ../shared/vendor beside the work tree, else in /work/shared/vendor.  Exits
# 77 (skipped) when it is not there or pg_tle does not build for this server
# (1.5.2 supports PostgreSQL 12 to 17).
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
  build=$(mktemp -d); trap 'rm -rf "$build"' EXIT
  tar -xzf "$tarball" -C "$build"
  src=$(echo "$build"/pg_tle-*)
  start=$(date +%s)
  if ! make -C "$src" -j2 PG_CONFIG="$pg_config" >"$build/build.log" 2>&1; then
    tail -5 "$build/build.log"
    echo "managed-pgtle: SKIPPED: pg_tle 1.5.2 does not build for $("$pg_config" --version)"
    exit 77
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
bash sql/managed/build.sh "$work" 1.2
q() { psql -X -q -v ON_ERROR_STOP=1 "$@"; }

q -d postgres -c "CREATE DATABASE tle" -c "CREATE ROLE tle_admin LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE"
q -d tle -c "CREATE EXTENSION pg_tle" -c "CREATE EXTENSION uidx" \
       -c "GRANT pgtle_admin TO tle_admin" -c "GRANT CREATE ON DATABASE tle TO tle_admin"
q -d tle -U tle_admin -f "$work/uidx_sql.pgtle.sql" >/dev/null
# public ids need pgcrypto, which a server built from source may lack
crypto=$(psql -X -At -d tle -c "SELECT count(*) FROM pg_available_extensions WHERE name = 'pgcrypto'")
[ "$crypto" = 1 ] && q -d tle -U tle_admin -c "CREATE EXTENSION pgcrypto"
[ "$crypto" = 1 ] || echo "managed-pgtle: public ids not tested: pgcrypto is not available on this server"
q -d tle -U tle_admin -c "CREATE SCHEMA uidx_sql" -c "CREATE EXTENSION uidx_sql SCHEMA uidx_sql" \
       -c "INSERT INTO uidx_sql.iuid_service_entity VALUES (7, 'AyanOrder')" \
       -c "SELECT uidx_sql.luuid_register_group('Person')" >/dev/null
# the same rows in the C extension's registries, which only the superuser
# writes here: uidx_inspect of the two editions is compared with them
q -d tle -c "INSERT INTO public.iuid_service_entity VALUES (7, 'AyanOrder')" \
       -c "SELECT public.luuid_register_group('Person')" >/dev/null
[ "$crypto" = 1 ] && q -d tle -U tle_admin \
       -c "SELECT uidx_sql.public_id_set_key(decode('k7fBDJcQam02hsByaOWPeP2CqeDeGXvrPUkEAQBtAFc=', 'base64'))" >/dev/null
fail=0
check() {  # db label: the extension as pg_tle made it, and the equality test as tle_admin
  local db=$1 label=$2 line out
  line=$(psql -X -At -d "$db" -U tle_admin -c "
    SELECT e.extversion || ' ' || r.rolsuper || ' ' || (SELECT count(*) FROM uidx_sql.iuid_service_entity WHERE name = 'AyanOrder')
           || ' ' || (SELECT count(*) FROM uidx_sql.luuid_group WHERE group_name = 'Person')
           || ' ' || uidx_sql.iuid_service_entity(uidx_sql.iuid_generate('AyanOrder', 5))
           || ' ' || (SELECT count(*) FROM pg_proc WHERE proname = 'public_id_encode' AND pronamespace = 'uidx_sql'::regnamespace)
      FROM pg_extension e, pg_roles r WHERE e.extname = 'uidx_sql' AND r.rolname = current_user")
  if [ "$line" != "1.2 false 1 1 7 $(( crypto * 3 ))" ]; then
    echo "managed-pgtle: $label: expected extension 1.2 used by a non-superuser with its registry rows, got '$line'"; fail=1
  fi
  out=$(psql -X -q -d "$db" -U tle_admin -v c=public -v sql=uidx_sql -f test/managed/equality.sql 2>&1) || true
  summary=$(grep -o 'equality: .*' <<<"$out" | head -1)
  echo "managed-pgtle: $label: $summary"
  if ! [[ "$summary" =~ equality:\ ([0-9]+)\ compared.*,\ 0\ differ$ ]] || [ "${BASH_REMATCH[1]}" -lt 10000 ]; then
    echo "$out" | tail -40; fail=1
  fi
}
check tle "installed by tle_admin with CREATE EXTENSION"

pg_dump -Fc -d tle -f "$work/tle.dump"
q -d postgres -c "CREATE DATABASE tle_restored"
pg_restore -d tle_restored --exit-on-error "$work/tle.dump"
check tle_restored "after pg_dump and pg_restore"
# the public-id key is not in the dump (README "Managed PostgreSQL"): until
# its owner sets it again, public ids raise 55000
[ "$crypto" = 1 ] && state=$(psql -X -At -d tle_restored -U tle_admin -c "DO \$\$ BEGIN PERFORM uidx_sql.public_id_encode(1::bigint); RAISE NOTICE 'none'; EXCEPTION WHEN OTHERS THEN RAISE NOTICE '%', SQLSTATE; END \$\$" 2>&1)
[ "$crypto" = 0 ] || [[ "$state" == *55000* ]] || { echo "managed-pgtle: public ids after restore without the key: $state"; fail=1; }
# the restored extension is still pg_tle's: the restoring superuser owns it
# now; dropped, tle_admin makes it again
q -d tle_restored -c "DROP EXTENSION uidx_sql" -c "GRANT CREATE ON DATABASE tle_restored TO tle_admin"
q -d tle_restored -U tle_admin -c "CREATE EXTENSION uidx_sql SCHEMA uidx_sql"
[ "$fail" -eq 0 ] && echo "managed-pgtle: ok"
exit $fail
