#!/usr/bin/env bash
# Real clients against every uidx type, each with its recipe from docs/drivers.md
# "Client recipes".  Every code block of that section is a file named by
# the line <!-- test/t/drivers.sh: FILE --> before it; they are written, as
# they stand, into one directory (DRIVERS_README_DIR) that the tests load
# them from, so the README cannot drift from what is tested.  A block without
# that line fails the test.
#
#   psycopg 3, psycopg2, SQLAlchemy, asyncpg, Django
#                   Debian's python3-* packages (test/scripts/ensure-deps.sh)
#   pgjdbc          Debian's libpostgresql-jdbc-java with the JDK
#   pgx             Debian's golang with golang-github-jackc-pgx-v4-dev, built
#                   in GOPATH mode from /usr/share/gocode (no module download)
#   node-postgres, postgres.js, knex, Sequelize
#                   from npm, installed once into a scratch directory under the
#                   cache (cache-dir.sh), never into the tree
#
# Each test prints one line per check and a last line "CLIENT VERSION: N
# failed"; a summary of those lines ends the output.  A client that cannot be
# installed is reported as skipped with the reason: the script then exits 77
# (skipped, not passed) unless another client failed (1).
# DRIVERS_NO_ADAPTER=1 runs every test without its recipe, to see what the
# recipe is for (the checks then fail).
set -uo pipefail

top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/test/scripts/cache-dir.sh"
# the clients, installed when this test runs, not by make test
bash "$top/test/scripts/ensure-deps.sh" drivers || exit 1
db=uidx_drivers
failed=(); skipped=(); summary=()
work=$(mktemp -d "${SANDBOX_DIR:-/tmp}/drivers.XXXXXX")
trap 'rm -rf "$work"' EXIT

export DRIVERS_README_DIR=$work/readme DRIVERS_DB=$db
python3 - "$top/docs/drivers.md" "$DRIVERS_README_DIR" <<'PY' || exit 1
import pathlib, re, sys
lines = open(sys.argv[1], encoding="utf-8").read().split("\n")
out = pathlib.Path(sys.argv[2])
out.mkdir()
try:
    start = lines.index("## Client recipes")
except ValueError:
    sys.exit('docs/drivers.md has no section "## Client recipes"')
end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("## ")), len(lines))
i, files = start, []
while i < end:
    if lines[i].startswith("```"):
        prev = next((l.strip() for l in reversed(lines[start:i]) if l.strip()), "")
        m = re.fullmatch(r"<!-- test/t/drivers\.sh: ([\w.-]+) -->", prev)
        j = i + 1
        while not lines[j].startswith("```"):
            j += 1
        if not m:
            sys.exit(f"docs/drivers.md line {i + 1}: a code block of \"Client recipes\" without its "
                     "<!-- test/t/drivers.sh: FILE --> line")
        if m.group(1) in files:
            sys.exit(f"docs/drivers.md line {i + 1}: {m.group(1)} twice")
        files.append(m.group(1))
        (out / m.group(1)).write_text("\n".join(lines[i + 1:j]) + "\n", encoding="utf-8")
        i = j
    i += 1
print(f"# docs/drivers.md \"Client recipes\": {len(files)} blocks: {' '.join(files)}")
PY

psql -X -q -v ON_ERROR_STOP=1 -d postgres -c "DROP DATABASE IF EXISTS $db" -c "CREATE DATABASE $db" || exit 1
psql -X -q -v ON_ERROR_STOP=1 -d "$db" -c "CREATE EXTENSION uidx" || exit 1

# run CLIENT CMD...: the test's output, its summary line, its result
run() {
  local client=$1 out rc; shift
  out=$("$@" 2>&1); rc=$?
  echo "$out"
  summary+=("$(echo "$out" | grep -E ': [0-9]+ failed$' | tail -1 || true)")
  [ -n "${summary[-1]}" ] || summary[-1]="$client: no summary line (exit $rc)"
  [ $rc -eq 0 ] || failed+=("$client")
}
skip() {  # CLIENT REASON
  echo "ok - $1 # SKIP $2"
  skipped+=("$1"); summary+=("$1: SKIPPED, $2")
}

python=/usr/bin/python3
for t in psycopg:psycopg psycopg2:psycopg2,sqlalchemy asyncpg:asyncpg django:django; do
  name=${t%%:*}; modules=${t#*:}
  echo "# $name"
  if missing=$($python -c "import importlib, sys
for m in sys.argv[1].split(','):
    try: importlib.import_module(m)
    except ImportError as e: print(m, '-', e); break" "$modules") && [ -z "$missing" ]; then
    run "$name" $python "$top/test/drivers/${name}_test.py"
  else
    skip "$name" "cannot import ${missing:-python3} (make deps installs Debian's python3-* packages)"
  fi
done

echo "# pgjdbc"
jar=/usr/share/java/postgresql.jar
if [ -f "$jar" ] && command -v javac >/dev/null; then
  mkdir "$work/pgjdbc"
  if javac -nowarn -d "$work/pgjdbc" -cp "$jar" "$top/test/drivers/PgjdbcTest.java" \
       "$DRIVERS_README_DIR/Uidx.java" 2>"$work/javac.log"; then
    run pgjdbc java -cp "$jar:$work/pgjdbc" PgjdbcTest
  else
    echo "not ok - pgjdbc: does not compile:"; cat "$work/javac.log"; failed+=(pgjdbc)
  fi
else
  skip pgjdbc "no $jar or no javac (make deps installs libpostgresql-jdbc-java and a JDK)"
fi

echo "# pgx"
gopath=/usr/share/gocode
if command -v go >/dev/null && [ -d "$gopath/src/github.com/jackc/pgx/v4" ]; then
  # the README's file is a package of its own (package db): here it is built
  # into the test's program
  mkdir "$work/pgx"
  sed '1s/^package [a-z]*$/package main/' "$DRIVERS_README_DIR/uidx.go" >"$work/pgx/uidx.go"
  cp "$top/test/drivers/pgx_main.go" "$work/pgx/"
  if (cd "$work/pgx" && GOPATH=$gopath GO111MODULE=off GOFLAGS= GOCACHE=$UIDX_CACHE/go-build \
        go build -o pgx_test . 2>"$work/go.log"); then
    run pgx env PGX_VERSION="$(dpkg-query -W -f='${Version}' golang-github-jackc-pgx-v4-dev 2>/dev/null)" \
      "$work/pgx/pgx_test"
  else
    echo "not ok - pgx: does not build:"; cat "$work/go.log"; failed+=(pgx)
  fi
else
  skip pgx "no go or no $gopath/src/github.com/jackc/pgx/v4 (make deps installs golang and golang-github-jackc-pgx-v4-dev)"
fi

echo "# npm: node-postgres, postgres.js, knex, Sequelize"
npm_packages="pg@8.23 pg-copy-streams@6 postgres@3.4 knex@3.3 sequelize@6.37 pg-hstore@2"
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
for t in node-pg:node_pg postgres.js:postgres_js knex:knex sequelize:sequelize; do
  name=${t%%:*}
  if [ -f "$stamp" ]; then
    echo "# $name"
    run "$name" env NODE_PATH="$npm_dir/node_modules" node "$top/test/drivers/${t#*:}_test.js"
  else
    skip "$name" "npm install $npm_packages failed: $(grep -m1 -E 'npm (error|ERR!)' "$npm_dir.log" 2>/dev/null)"
  fi
done

psql -X -q -d postgres -c "DROP DATABASE $db"
echo "# clients$([ -n "${DRIVERS_NO_ADAPTER:-}" ] && echo ', WITHOUT their recipes'):"
printf '#   %s\n' "${summary[@]}"
if [ ${#failed[@]} -gt 0 ]; then
  echo "# failed: ${failed[*]}"; exit 1
fi
if [ ${#skipped[@]} -gt 0 ]; then
  echo "# skipped: ${skipped[*]}"; exit 77
fi
exit 0
