#!/usr/bin/env bash
# Real client drivers against every uidx type (README "Working with uuid:
# drivers, ORMs and foreign keys"), each with the adapter the README gives:
#   psycopg 3       Debian's python3-psycopg (test/scripts/ensure-deps.sh)
#   node-postgres   pg and pg-copy-streams from npm, installed once into a
#                   scratch directory under the cache (cache-dir.sh), never
#                   into the tree; no npm, no registry: the test fails
#   pgjdbc          Debian's libpostgresql-jdbc-java with the JDK
# Each prints one line per check (test/drivers/*).
set -uo pipefail

top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/test/scripts/cache-dir.sh"
db=uidx_drivers
status=0

psql -X -q -v ON_ERROR_STOP=1 -d postgres -c "DROP DATABASE IF EXISTS $db" -c "CREATE DATABASE $db" || exit 1
psql -X -q -v ON_ERROR_STOP=1 -d "$db" -c "CREATE EXTENSION uidx" || exit 1
export DRIVERS_DB=$db

echo "# psycopg 3"
/usr/bin/python3 "$top/test/drivers/psycopg_test.py" || status=1

echo "# node-postgres"
npm_packages="pg@8.23 pg-copy-streams@6"
npm_dir=$UIDX_CACHE/npm-drivers
stamp=$npm_dir/.installed-$(echo "$npm_packages" | tr ' @' '_-')
(
  flock 9
  if [ ! -f "$stamp" ]; then
    rm -rf "$npm_dir" && mkdir -p "$npm_dir" &&
      npm install --prefix "$npm_dir" --no-save --no-package-lock --no-audit --no-fund \
          $npm_packages >"$npm_dir.log" 2>&1 &&
      touch "$stamp"
  fi
) 9>"$npm_dir.lock"
if [ -f "$stamp" ]; then
  NODE_PATH=$npm_dir/node_modules node "$top/test/drivers/node_pg_test.js" || status=1
else
  echo "not ok - node-pg: npm install $npm_packages failed:"; tail -5 "$npm_dir.log"; status=1
fi

echo "# pgjdbc"
jar=/usr/share/java/postgresql.jar
classes=$(mktemp -d "${SANDBOX_DIR:-/tmp}/pgjdbc.XXXXXX")
if javac -nowarn -d "$classes" -cp "$jar" "$top/test/drivers/PgjdbcTest.java" 2>"$classes/javac.log"; then
  java -cp "$jar:$classes" PgjdbcTest || status=1
else
  echo "not ok - pgjdbc: does not compile:"; cat "$classes/javac.log"; status=1
fi
rm -rf "$classes"

psql -X -q -d postgres -c "DROP DATABASE $db"
exit $status
