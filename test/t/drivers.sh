#!/usr/bin/env bash
# Real clients against every uidx type, each with its recipe from docs/drivers.md
# "Client recipes".  Every code block of that section is a file named by
# the visible caption **File: `FILE`** right before it (what a reader copies
# it into, and the name other recipes import it by); they are written, as
# they stand, into one directory (DRIVERS_README_DIR) that the tests load
# them from, so the docs cannot drift from what is tested.  A block without
# that caption, or a recipe importing a recipe file the section does not
# show, fails the test.
#
#   psycopg 3, psycopg2, SQLAlchemy, asyncpg, Django
#                   Debian's python3-* packages (test/scripts/ensure-deps.sh)
#   pgjdbc          Debian's libpostgresql-jdbc-java with the JDK
#   pgx v4, v5      Debian's golang with golang-github-jackc-pgx-v4-dev, built
#                   in GOPATH mode from /usr/share/gocode (no module download);
#                   v5 where a GOPATH holds it (below)
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
        m = re.fullmatch(r"\*\*File: `([\w.-]+)`\*\*", prev)
        j = i + 1
        while not lines[j].startswith("```"):
            j += 1
        if not m:
            sys.exit(f"docs/drivers.md line {i + 1}: a code block of \"Client recipes\" without its "
                     "caption **File: `FILE`** on the line before it")
        if m.group(1) in files:
            sys.exit(f"docs/drivers.md line {i + 1}: {m.group(1)} twice")
        files.append(m.group(1))
        (out / m.group(1)).write_text("\n".join(lines[i + 1:j]) + "\n", encoding="utf-8")
        i = j
    i += 1
# a recipe that imports another names it as its caption does
for f in files:
    code = (out / f).read_text(encoding="utf-8")
    wanted = [m + ".py" for m in re.findall(r"^\s*(?:from|import)\s+(uidx\w*)", code, re.M)]
    wanted += re.findall(r"require\('\./([\w.-]+)'\)", code)
    for w in wanted:
        if w not in files:
            sys.exit(f"docs/drivers.md: {f} imports {w}, which no **File: `{w}`** block shows")
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
    summary+=("pgjdbc: does not compile")
  fi
else
  skip pgjdbc "no $jar or no javac (make deps installs libpostgresql-jdbc-java and a JDK)"
fi

# pgx: v4 from Debian (bookworm's only pgx), v5 where a GOPATH holds it:
# Debian's golang-github-jackc-pgx-v5-dev (trixie and later) or
# DRIVERS_PGX5_GOPATH, a GOPATH with github.com/jackc/pgx/v5 and
# github.com/jackc/puddle/v2 (its other imports come from Debian's
# golang-golang-x-{crypto,text,sync}-dev and golang-github-jackc-pg*file-dev;
# a file VERSION in it names the release).  Without one, v5 is reported as not
# tested, which does not fail the test.
# pgx MAJOR GOPATH VERSION: builds the checks with the docs' recipe of MAJOR
pgx() {
  local major=$1 path=$2 version=$3 dir=$work/pgx-$1
  echo "# pgx $major"
  # the docs' file is a package of its own (package db): here it is built
  # into the test's program
  mkdir "$dir"
  sed '1s/^package [a-z]*$/package main/' "$DRIVERS_README_DIR/uidx_pgx${major#v}.go" >"$dir/uidx.go"
  cp "$top/test/drivers/pgx_checks.go" "$top/test/drivers/pgx_$major.go" "$dir/"
  if (cd "$dir" && GOPATH=$path GO111MODULE=off GOFLAGS= GOCACHE=$UIDX_CACHE/go-build \
        go build -o pgx_test . 2>"$work/go.log"); then
    run "pgx $major" env PGX_VERSION="$version" "$dir/pgx_test"
  else
    echo "not ok - pgx $major: does not build:"; cat "$work/go.log"; failed+=("pgx $major")
    summary+=("pgx $major: does not build")
  fi
}
gopath=/usr/share/gocode
if command -v go >/dev/null && [ -d "$gopath/src/github.com/jackc/pgx/v4" ]; then
  pgx v4 "$gopath" "$(dpkg-query -W -f='${Version}' golang-github-jackc-pgx-v4-dev 2>/dev/null)"
else
  skip "pgx v4" "no go or no $gopath/src/github.com/jackc/pgx/v4 (make deps installs golang and golang-github-jackc-pgx-v4-dev)"
fi
if ! command -v go >/dev/null; then
  summary+=("pgx v5: NOT TESTED, no go")
elif [ -d "$gopath/src/github.com/jackc/pgx/v5" ]; then
  pgx v5 "$gopath" "$(dpkg-query -W -f='${Version}' golang-github-jackc-pgx-v5-dev 2>/dev/null)"
elif [ -n "${DRIVERS_PGX5_GOPATH:-}" ] && [ -d "$DRIVERS_PGX5_GOPATH/src/github.com/jackc/pgx/v5" ]; then
  pgx v5 "$DRIVERS_PGX5_GOPATH:$gopath" "$(cat "$DRIVERS_PGX5_GOPATH/VERSION" 2>/dev/null || echo "from $DRIVERS_PGX5_GOPATH")"
else
  echo "# pgx v5: not tested: no $gopath/src/github.com/jackc/pgx/v5 (Debian 12 has no package) and no DRIVERS_PGX5_GOPATH"
  summary+=("pgx v5: NOT TESTED, no pgx v5 in $gopath or DRIVERS_PGX5_GOPATH")
fi

echo "# npm: node-postgres, postgres.js 3 and 4, knex, Sequelize"
# npm_install DIR PACKAGES...: into DIR once (a stamp names the packages)
npm_install() {
  local dir=$1; shift
  local stamp=$dir/.installed-$(echo "$*" | tr ' @' '_-')
  (
    flock 9
    if [ ! -f "$stamp" ]; then
      rm -rf "$dir" && mkdir -p "$dir" &&
        npm install --prefix "$dir" --no-save --no-package-lock --no-audit --no-fund "$@" >"$dir.log" 2>&1 &&
        touch "$stamp"
    fi
  ) 9>"$dir.lock"
  [ -f "$stamp" ]
}
# postgres.js: 3.4, whose API its recipe uidx_postgres.js is written for, and
# 4, the current major, an ES module only (its recipe uidx_postgres.mjs), in
# a directory of its own
npm_packages="pg@8.23 pg-copy-streams@7 postgres@3.4 knex@3.3 sequelize@6.37 pg-hstore@2"
npm_dir=$UIDX_CACHE/npm-drivers
npm4_dir=$UIDX_CACHE/npm-drivers-postgres4
for t in node-pg:node_pg postgres.js:postgres_js knex:knex sequelize:sequelize; do
  name=${t%%:*}
  if npm_install "$npm_dir" $npm_packages; then
    echo "# $name"
    run "$name" env NODE_PATH="$npm_dir/node_modules" node "$top/test/drivers/${t#*:}_test.js"
  else
    skip "$name" "npm install $npm_packages failed: $(grep -m1 -E 'npm (error|ERR!)' "$npm_dir.log" 2>/dev/null)"
  fi
done
if npm_install "$npm4_dir" postgres@4.2; then
  echo "# postgres.js 4"
  # an ES module resolves 'postgres' from node_modules beside the importing
  # file (not NODE_PATH): the recipe gets a directory of its own with them
  mkdir "$work/recipes-postgres4"
  cp "$DRIVERS_README_DIR/uidx_postgres.mjs" "$work/recipes-postgres4/"
  ln -s "$npm4_dir/node_modules" "$work/recipes-postgres4/node_modules"
  run "postgres.js 4" env NODE_PATH="$npm4_dir/node_modules" DRIVERS_README_DIR="$work/recipes-postgres4" \
    DRIVERS_POSTGRES_JS_ESM="$npm4_dir/node_modules/postgres/src/index.js" node "$top/test/drivers/postgres_js_test.js"
else
  skip "postgres.js 4" "npm install postgres@4.2 failed: $(grep -m1 -E 'npm (error|ERR!)' "$npm4_dir.log" 2>/dev/null)"
fi

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
