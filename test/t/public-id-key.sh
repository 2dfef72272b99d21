#!/usr/bin/env bash
# uidx.public_id_key configured the ways a superuser would (ALTER DATABASE ...
# SET, ALTER SYSTEM), seen from fresh sessions of an application role that
# has uidx preloaded: it can use the key but neither read nor set it, and a
# non-superuser database owner cannot set it either.
set -uo pipefail
export PGOPTIONS="-c client_min_messages=warning"

db=uidx_public_id_key
app=regress_uidx_key_app
owner=regress_uidx_key_owner
readme_key='k7fBDJcQam02hsByaOWPeP2CqeDeGXvrPUkEAQBtAFc='
zero_key='AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA='
failures=0

# output of one statement, or "ERROR <sqlstate>"
run_as() {  # role sql
  psql -X -At -q -U "$1" -d "$db" -v VERBOSITY=sqlstate -c "$2" 2>&1 | sed 's/^ERROR:  /ERROR /'
}
superuser() { psql -X -At -q -d postgres -v ON_ERROR_STOP=1 -c "$1" >/dev/null; }
# ALTER SYSTEM knows the setting only where the library is loaded
alter_system() {
  psql -X -At -q -d postgres -v VERBOSITY=sqlstate -c "LOAD 'uidx'" -c "ALTER SYSTEM $1" 2>&1 \
    | sed 's/^ERROR:  /ERROR /'
}
check() {  # label expected actual
  if [ "$2" = "$3" ]; then echo "ok - $1"
  else echo "not ok - $1: expected [$2], got [$3]"; failures=$((failures + 1)); fi
}
cleanup() {
  superuser "DROP DATABASE IF EXISTS $db"
  superuser "DROP ROLE IF EXISTS $app"
  superuser "DROP ROLE IF EXISTS $owner"
  alter_system "RESET uidx.public_id_key"
  superuser "SELECT pg_reload_conf()"
}
# a reload reaches new sessions once the postmaster has processed it
wait_for_system_key() {  # expected value
  for _ in $(seq 50); do
    [ "$(run_as postgres 'SHOW uidx.public_id_key')" = "$1" ] && return 0
    sleep 0.1
  done
  return 1
}

cleanup
trap cleanup EXIT
superuser "CREATE ROLE $owner LOGIN"
superuser "CREATE ROLE $app LOGIN"
superuser "CREATE DATABASE $db OWNER $owner"
run_as postgres "CREATE EXTENSION uidx" >/dev/null
# Preloading makes the library define the setting before the session runs
# any query; without it the key would be a plain placeholder until the first
# uidx call, visible to everyone (see the README, "The key: uidx.public_id_key").
superuser "ALTER ROLE $app IN DATABASE $db SET session_preload_libraries = 'uidx'"

check "database owner cannot ALTER DATABASE SET the key" "ERROR 42501" \
  "$(run_as $owner "ALTER DATABASE $db SET uidx.public_id_key = '$zero_key'")"
check "database owner cannot ALTER ROLE SET the key" "ERROR 42501" \
  "$(run_as $owner "ALTER ROLE $owner SET uidx.public_id_key = '$zero_key'")"

# --- key from ALTER DATABASE ... SET by a superuser ---
superuser "ALTER DATABASE $db SET uidx.public_id_key = '$readme_key'"
check "app encodes with the database key" "30322474-a954-ffa9-941c-6f038afe4ff1" \
  "$(run_as $app "SELECT public_id_encode(1088824355131185736905670087::numeric)")"
check "app decodes with the database key" "1088824355131185736905670087" \
  "$(run_as $app "SELECT public_id_decode_numeric('30322474-a954-ffa9-941c-6f038afe4ff1')")"
check "app cannot SHOW the key" "ERROR 42501" "$(run_as $app "SHOW uidx.public_id_key")"
check "app cannot current_setting() the key" "ERROR 42501" \
  "$(run_as $app "SELECT current_setting('uidx.public_id_key')")"
check "app does not see the key in pg_settings" "0" \
  "$(run_as $app "SELECT count(*) FROM pg_settings WHERE name = 'uidx.public_id_key'")"
check "app cannot SET the key" "ERROR 42501" \
  "$(run_as $app "SET uidx.public_id_key = '$zero_key'")"
check "superuser sees the key" "$readme_key" "$(run_as postgres "SHOW uidx.public_id_key")"

# --- key from ALTER SYSTEM ---
superuser "ALTER DATABASE $db RESET uidx.public_id_key"
alter_system "SET uidx.public_id_key = '$zero_key'"
superuser "SELECT pg_reload_conf()"
if wait_for_system_key "$zero_key"; then
  check "app encodes with the ALTER SYSTEM key" "78c095dc-40a2-8989-ad48-a21492842087" \
    "$(run_as $app "SELECT public_id_encode(0::bigint)")"
  check "app cannot SHOW the ALTER SYSTEM key" "ERROR 42501" "$(run_as $app "SHOW uidx.public_id_key")"
else
  check "reload delivered the ALTER SYSTEM key" "$zero_key" "$(run_as postgres 'SHOW uidx.public_id_key')"
fi

# --- an invalid key in the configuration is refused ---
check "ALTER SYSTEM refuses a 15-byte key" "ERROR 22023" \
  "$(alter_system "SET uidx.public_id_key = 'AAECAwQFBgcICQoLDA0O'")"

[ $failures -eq 0 ]
