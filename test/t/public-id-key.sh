#!/usr/bin/env bash
# The public-id key out of SQL's reach (README, "The key file").
#
# Starts its own server (test/scripts/sandbox.sh) three times: uidx not
# preloaded, in shared_preload_libraries, in session_preload_libraries.  Each
# reads a fresh random key from uidx.public_id_key_file, set in
# postgresql.conf relative to the data directory, and is checked for:
#  1. the round trip of every public-id function, and public ids equal to
#     what openssl computes with the key;
#  2. every SQL read path, as an ordinary role, as a member of
#     pg_read_all_settings and as a superuser, in one fresh session before
#     and after uidx loads: the key (its base64, its bytes in hex) is in no
#     output and not in the server log.  A superuser's pg_read_file() of the
#     key file, which shows it by design, proves that the search finds it;
#  3. the removed setting uidx.public_id_key: refused wherever it is set once
#     uidx is loaded, never repeated in an error, and never a key;
#  4. an unusable file (group or world access, another owner, missing, not a
#     regular file, not base64, a wrong length): an error at use that names
#     neither the file nor its content, and the path in the server log;
#  5. reloads, in one running session: the key is kept until a reload, then
#     the changed file is read (old public ids no longer decode) or refused;
#     an absolute path set with ALTER SYSTEM; an empty setting.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)

if [ -z "${UIDX_PUBLIC_ID_KEY_VARIANT:-}" ]; then
  base=${SANDBOX_DIR:?run by test/scripts/run-tests.sh (make test)}/public-id-key
  status=0
  for variant in none shared session; do
    case $variant in
      none)    preload="" ;;
      shared)  preload="shared_preload_libraries = 'uidx'" ;;
      session) preload="session_preload_libraries = 'uidx'" ;;
    esac
    echo "# server with uidx preloaded: $variant"
    UIDX_PUBLIC_ID_KEY_VARIANT=$variant SANDBOX_DIR=$base SANDBOX_PORT=54339 \
      SANDBOX_CONF="$preload
uidx.public_id_key_file = 'uidx_public_id.key'" \
      bash "$top/test/scripts/sandbox.sh" run bash "$0" || status=1
    rm -rf "$base"
  done
  exit $status
fi

variant=$UIDX_PUBLIC_ID_KEY_VARIANT
data=$SANDBOX_DIR/data
log=$SANDBOX_DIR/log/server.log
out=$SANDBOX_DIR/out
key_file=$data/uidx_public_id.key
mkdir -p "$out"
db=uidx_public_id_key
app=regress_uidx_key_app
reader=regress_uidx_key_reader
server_user=$(stat -c %U "$data")
failures=0

check() {  # label expected actual
  if [ "$2" = "$3" ]; then echo "ok - [$variant] $1"
  else echo "not ok - [$variant] $1: expected [$2], got [$3]"; failures=$((failures + 1)); fi
}
# one psql session of ROLE running the statements given as arguments; errors
# inline as "ERROR:  <SQLSTATE>: message" with their DETAIL and HINT lines
sql() {  # role statement...
  local role=$1 args=()
  shift
  for s in "$@"; do args+=(-c "$s"); done
  psql -X -At -q -U "$role" -d $db -v VERBOSITY=verbose "${args[@]}" 2>&1 | grep -v '^LOCATION:'
}
# LOAD: without a preload, ALTER SYSTEM knows uidx's settings only once loaded
superuser() { psql -X -At -q -d postgres -v ON_ERROR_STOP=1 -c "LOAD 'uidx'" -c "$1" >/dev/null; }

# the key file is written by this script, as the server's OS user would
write_key_file() {  # text [file]
  local f=${2:-$key_file}
  rm -rf "$f"
  (umask 077; printf '%s\n' "$1" >"$f")
  [ "$(id -u)" -eq 0 ] && chown "$server_user": "$f"
  chmod 600 "$f"
}
hex_of_base64() { printf '%s' "$1" | base64 -d | od -An -tx1 -v | tr -d ' \n'; }
le64() {  # v -> 8 bytes little-endian, in hex
  local v=$1 s="" i
  for i in 1 2 3 4 5 6 7 8; do s+=$(printf '%02x' $((v & 255))); v=$((v >> 8)); done
  echo "$s"
}
# the public id of a 16-byte plaintext block: AES-256-ECB, then the ciphertext
# read as a .NET Guid (the first three fields byte-swapped)
public_id_of_block() {  # base64-key plaintext-hex
  local c
  c=$(printf '%s' "$2" | xxd -r -p | openssl enc -aes-256-ecb -nopad -K "$(hex_of_base64 "$1")" \
        | od -An -tx1 -v | tr -d ' \n')
  echo "${c:6:2}${c:4:2}${c:2:2}${c:0:2}-${c:10:2}${c:8:2}-${c:14:2}${c:12:2}-${c:16:4}-${c:20:12}"
}
public_id_of_bigint() { public_id_of_block "$1" "0000000000000000$(le64 "$2")"; }

# every key of the test in every form a leak could take: the base64 text
# with and without padding, the key's bytes and the text's bytes in hex
patterns=()
new_key() {  # variable -> set to a random 32-byte key in base64, added to the patterns
  local k
  k=$(openssl rand -base64 32)
  patterns+=(-e "$k" -e "${k%%=*}" -e "$(hex_of_base64 "$k")"
             -e "$(printf '%s' "$k" | od -An -tx1 -v | tr -d ' \n')")
  printf -v "$1" '%s' "$k"
}
leaks_in() {  # file... -> the files that show a key
  grep -l -i -F "${patterns[@]}" "$@" 2>/dev/null
}

new_key key
old_key=$(openssl rand -base64 32)    # what a user might still put into uidx.public_id_key (no pattern)
write_key_file "$key"
expected_1=$(public_id_of_bigint "$key" 1)

psql -X -q -d postgres -v ON_ERROR_STOP=1 \
  -c "CREATE ROLE $app LOGIN" \
  -c "CREATE ROLE $reader LOGIN IN ROLE pg_read_all_settings" \
  -c "CREATE DATABASE $db" >/dev/null
psql -X -q -d $db -v ON_ERROR_STOP=1 -c "CREATE EXTENSION uidx" -c "
CREATE FUNCTION try_encode(id bigint) RETURNS text LANGUAGE plpgsql AS \$\$
BEGIN
    RETURN public_id_encode(id)::text;
EXCEPTION WHEN OTHERS THEN
    RETURN 'ERROR ' || SQLSTATE;
END
\$\$" >/dev/null

# ---- 1. the functions with the file key --------------------------------------
check "public_id_encode(1::bigint) is openssl's AES of the id's block" "$expected_1" \
  "$(sql $app "SELECT public_id_encode(1::bigint)")"
check "public_id_encode(uuid) is openssl's AES of the uuid's bytes" \
  "$(public_id_of_block "$key" 00112233445566778899aabbccddeeff)" \
  "$(sql $app "SELECT public_id_encode('00112233-4455-6677-8899-aabbccddeeff'::uuid)")"
check "round trip of every public-id function" "t|t|t|t|t|t|t" "$(sql $app "
SELECT public_id_decode_bigint(public_id_encode(42::bigint)) = 42,
       public_id_decode_numeric(public_id_encode(1088824355131185736905670087::numeric)) = 1088824355131185736905670087,
       public_id_decode_distid(public_id_encode('1088824355131185736905670087'::distid)) = '1088824355131185736905670087'::distid,
       public_id_decode_uuid(public_id_encode('00112233-4455-6677-8899-aabbccddeeff'::uuid)) = '00112233-4455-6677-8899-aabbccddeeff',
       public_id_encode(1088824355131185736905670087::numeric) = public_id_encode('1088824355131185736905670087'::distid),
       public_id_encode(42::numeric) = public_id_encode(42::bigint),
       public_id_decode_bigint(public_id_encode(1088824355131185736905670087::numeric)) IS NULL")"

# ---- 2. every read path --------------------------------------------------------
read_paths() {
  cat <<'SQL'
SHOW uidx.public_id_key_file;
SHOW uidx.public_id_key;
SELECT current_setting('uidx.public_id_key_file');
SELECT current_setting('uidx.public_id_key_file', true);
SELECT current_setting('uidx.public_id_key');
SELECT current_setting('uidx.public_id_key', true);
SELECT * FROM pg_settings;
SHOW ALL;
SELECT * FROM pg_show_all_settings();
SELECT * FROM pg_file_settings;
SELECT * FROM pg_db_role_setting;
SELECT rolname, rolconfig FROM pg_roles;
SELECT usename, useconfig FROM pg_user;
SELECT * FROM pg_stat_activity;
EXPLAIN (SETTINGS, VERBOSE) SELECT 1;
SET uidx.public_id_key_file = 'another.key';
SELECT set_config('uidx.public_id_key_file', 'another.key', false);
SQL
}
for role in $app $reader postgres; do
  {
    echo "-- before uidx loads (in this session)"
    read_paths
    echo "SELECT public_id_encode(1::bigint);"
    echo "-- after"
    read_paths
    echo "EXPLAIN (SETTINGS, VERBOSE) SELECT public_id_encode(1::bigint);"
    echo "SELECT public_id_decode_bigint('00000000-0000-4000-8000-000000000000');"
  } >"$out/read-paths.sql"
  psql -X -a -U $role -d $db -v VERBOSITY=verbose -f "$out/read-paths.sql" >"$out/read-paths-$role.out" 2>&1
  check "$role: no read path shows the key" "" "$(leaks_in "$out/read-paths-$role.out")"
  check "$role: the session used the key" "1" "$(grep -c -F "$expected_1" "$out/read-paths-$role.out")"
done
# what each role learns about the key file setting, once uidx is loaded
check "ordinary role cannot SHOW the key file setting" "ERROR:  42501" \
  "$(sql $app "SELECT public_id_encode(0::bigint) IS NOT NULL" "SHOW uidx.public_id_key_file" | grep -m1 "^ERROR" | cut -c1-13)"
check "pg_read_all_settings member sees the key file's name" "uidx_public_id.key" \
  "$(sql $reader "SELECT public_id_encode(0::bigint) IS NOT NULL" "SHOW uidx.public_id_key_file" | sed -n 2p)"
check "pg_read_all_settings member cannot read the file" "ERROR:  42501" \
  "$(sql $reader "SELECT pg_read_file('uidx_public_id.key')" | grep -m1 "^ERROR" | cut -c1-13)"
# Without a preload the setting is a placeholder until uidx loads, so its
# value (the file's name, not the key) is visible until then (README).
if [ "$variant" = none ]; then
  check "before uidx loads, the key file's name is a visible placeholder" "uidx_public_id.key" \
    "$(sql $app "SHOW uidx.public_id_key_file")"
else
  check "preloaded: the key file's name is hidden from the first query on" "ERROR:  42501" \
    "$(sql $app "SHOW uidx.public_id_key_file" | grep -m1 "^ERROR" | cut -c1-13)"
fi
# the search can fail: a superuser reads the file by design
sql postgres "SELECT pg_read_file('uidx_public_id.key')" >"$out/control.out"
check "control: the search finds the key where it is shown" "$out/control.out" "$(leaks_in "$out/control.out")"

# ---- 3. the removed setting ------------------------------------------------------
refusals=$(sql postgres "LOAD 'uidx'" \
  "SET uidx.public_id_key = '$old_key'" \
  "SELECT set_config('uidx.public_id_key', '$old_key', false)" \
  "ALTER ROLE $app SET uidx.public_id_key = '$old_key'" \
  "ALTER DATABASE $db SET uidx.public_id_key = '$old_key'" \
  "ALTER SYSTEM SET uidx.public_id_key = '$old_key'")
check "uidx.public_id_key refused by SET, set_config, ALTER ROLE/DATABASE/SYSTEM" "5 5" \
  "$(grep -c '^ERROR:  22023: parameter "uidx.public_id_key" is no longer supported' <<<"$refusals") $(grep -c '^HINT: .*uidx.public_id_key_file' <<<"$refusals")"
check "the refusals do not repeat the value" "0" "$(grep -c -F "${old_key%%=*}" <<<"$refusals")"
check "the value was stored in no catalog" "0" \
  "$(sql postgres "SELECT count(*) FROM pg_db_role_setting WHERE array_to_string(setconfig, ' ') LIKE '%public_id_key%'")"
check "the value was stored in no file" "0" "$(grep -c -F "${old_key%%=*}" "$data/postgresql.auto.conf")"
check "an ordinary role cannot set it at all" "ERROR:  42501" \
  "$(sql $app "SELECT public_id_encode(0::bigint) IS NOT NULL" "SET uidx.public_id_key = '$old_key'" | grep -m1 "^ERROR" | cut -c1-13)"
if [ "$variant" = none ]; then
  # Before uidx loads, PostgreSQL takes any uidx.* value as a placeholder;
  # loading uidx then refuses it with a warning, and it is never a key.
  placeholder=$(sql postgres "SET uidx.public_id_key = '$old_key'" "SELECT public_id_encode(1::bigint)" 2>&1)
  check "a placeholder set before uidx loads is refused at load and is no key" \
    "WARNING:  22023: parameter \"uidx.public_id_key\" is no longer supported|$expected_1" \
    "$(grep -e '^WARNING' -e '^[0-9a-f]\{8\}-' <<<"$placeholder" | paste -sd'|')"
  psql -X -q -d postgres -v ON_ERROR_STOP=1 -c "ALTER ROLE $app SET uidx.public_id_key = '$old_key'"
  check "a placeholder stored with ALTER ROLE before uidx loads is no key" "$expected_1" \
    "$(sql $app "SELECT public_id_encode(1::bigint)" | grep -v '^WARNING\|^DETAIL\|^HINT')"
  superuser "ALTER ROLE $app RESET uidx.public_id_key"
fi

# ---- 4. an unusable key file -------------------------------------------------------
use_key() { sql $app "SELECT public_id_encode(1::bigint)"; }
unusable() {  # label expected-detail
  local got
  got=$(use_key)
  check "$1: refused at use" "ERROR:  F0000: the public id key file is not usable|DETAIL:  $2" \
    "$(grep -e '^ERROR' -e '^DETAIL' <<<"$got" | paste -sd'|')"
  check "$1: the error names neither the file nor its content" "" \
    "$(grep -F -e uidx_public_id.key -e "${key%%=*}" <<<"$got")"
  check "$1: the server log has the error with the path" "1" \
    "$(grep -c -F "DETAIL:  $2 The file is \"$key_file\"." "$log")"
}
chmod 640 "$key_file"
unusable "group-readable file" "The public id key file has group or world access; it must have permissions u=rw (0600) or less."
chmod 604 "$key_file"
got=$(use_key)
check "world-readable file: refused" "ERROR:  F0000: the public id key file is not usable" "$(head -1 <<<"$got")"
if [ "$(id -u)" -eq 0 ]; then
  chown root: "$key_file"; chmod 644 "$key_file"
  unusable "file owned by another user" "The public id key file must be owned by the server's operating system user."
else
  echo "ok - [$variant] # skip file owned by another user: needs root"
fi
rm -f "$key_file"
check "missing file: refused at use" "ERROR:  F0000: could not open the public id key file: No such file or directory" \
  "$(use_key | head -1)"
check "missing file: the server log has the path" "1" \
  "$(grep -c -F "DETAIL:  The file is \"$key_file\"." "$log")"
mkdir -m 700 "$key_file"; [ "$(id -u)" -eq 0 ] && chown "$server_user": "$key_file"
unusable "a directory" "The public id key file is not a regular file."
rmdir "$key_file"
write_key_file "not base64!"
unusable "not base64" "The public id key file does not hold valid base64."
write_key_file "$(openssl rand -base64 20)"
unusable "a 20-byte key" "The key must be 16, 24 or 32 bytes (AES-128, AES-192 or AES-256)."
write_key_file "$key"
check "fixed file: used again" "$expected_1" "$(use_key)"

# ---- 5. reloads, seen by one running session ----------------------------------------
mkfifo "$out/session.in"
psql -X -At -q -U $app -d $db <"$out/session.in" >"$out/session.out" 2>&1 &
session_pid=$!
exec 7>"$out/session.in"
ask() {  # sql -> its one value, from the running session
  local tag
  tag=$(date +%s%N)    # ask runs in a subshell: no counter survives it
  echo "SELECT 'answer $tag: ' || coalesce(($1)::text, 'NULL');" >&7
  for _ in $(seq 200); do
    grep -q "^answer $tag: " "$out/session.out" && { sed -n "s/^answer $tag: //p" "$out/session.out"; return; }
    sleep 0.05
  done
  echo "no answer"
}
until_answer() {  # sql expected -> the answer once it is expected (or the last after 10 s)
  local a
  for _ in $(seq 100); do a=$(ask "$1"); [ "$a" = "$2" ] && break; sleep 0.1; done
  echo "$a"
}
reload() { superuser "SELECT pg_reload_conf()"; }

new_key key2
expected2_1=$(public_id_of_bigint "$key2" 1)
check "running session: the file key" "$expected_1" "$(ask "try_encode(1)")"
write_key_file "$key2"
check "running session: a changed file is not read before a reload" "$expected_1" "$(ask "try_encode(1)")"
reload
check "running session: the changed key after a reload" "$expected2_1" "$(until_answer "try_encode(1)" "$expected2_1")"
check "running session: public ids of the old key no longer decode" "NULL" \
  "$(ask "public_id_decode_bigint('$expected_1')")"
chmod 644 "$key_file"
reload
check "running session: a file made world-readable is refused after a reload" "ERROR F0000" \
  "$(until_answer "try_encode(1)" "ERROR F0000")"
chmod 600 "$key_file"
check "running session: an unusable file is tried again at each use" "$expected2_1" "$(ask "try_encode(1)")"
new_key key3
expected3_1=$(public_id_of_bigint "$key3" 1)
write_key_file "$key3" "$SANDBOX_DIR/absolute.key"
superuser "ALTER SYSTEM SET uidx.public_id_key_file = '$SANDBOX_DIR/absolute.key'"
reload
check "running session: an absolute path set with ALTER SYSTEM" "$expected3_1" \
  "$(until_answer "try_encode(1)" "$expected3_1")"
check "a new session: the absolute path" "$expected3_1" "$(use_key)"
superuser "ALTER SYSTEM SET uidx.public_id_key_file = ''"
reload
check "running session: an empty setting is no key" "ERROR 55000" "$(until_answer "try_encode(1)" "ERROR 55000")"
superuser "ALTER SYSTEM RESET uidx.public_id_key_file"
reload
check "running session: back to postgresql.conf's relative path" "$expected2_1" \
  "$(until_answer "try_encode(1)" "$expected2_1")"
exec 7>&-
wait $session_pid

# ---- the key is nowhere: outputs and the server log ------------------------------------
check "no output of this test shows a key" "" \
  "$(leaks_in "$out"/*.out | grep -v -F "$out/control.out")"
check "the server log does not show the keys" "" "$(leaks_in "$log")"

psql -X -q -d postgres -c "DROP DATABASE $db" -c "DROP ROLE $app" -c "DROP ROLE $reader" >/dev/null
[ $failures -eq 0 ]
