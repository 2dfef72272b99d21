#!/usr/bin/env bash
# The whole suite behind `make test`: pg_regress, then every test/t/*.sh, all
# against one sandbox server (test/scripts/sandbox.sh) with this tree installed,
# then every test/t/*.pl (TAP on PostgreSQL::Test::Cluster: test/scripts/tap.sh
# runs each with prove, its clusters on the same installed build).
# Ends with "N passed, N failed" and exits non-zero on any failure.  A script
# that exits 77 is skipped (counted apart, not a failure).
#
#   UIDX_TESTS="iuid comb"   only these pg_regress tests (default: every sql/*.sql; "none" for none)
#   UIDX_SCRIPTS="t/dump.sh t/upgrade.pl"   only these test/t scripts (default: those of the suite; "none" for none)
#   UIDX_SUITE=quick|full   make test (the default) or make test-full: see full_only below
#   UIDX_VERBOSE=1          print each test's output as it runs (default: only a failed test's)
#   UIDX_SKIP="t/fuzz-smoke.sh"   test/t scripts to skip (reported as skipped): .ci/run skips
#                            those that never start a server on every server but the first
#
# t/citus.sh runs a Citus cluster of its own on PostgreSQL 18, whatever server
# this suite tests, so it has its own target (make test-citus) instead.
set -uo pipefail

top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top"

# As root, the servers and the TAP tests run as the 'postgres' OS user (initdb
# refuses root), and that user must read the tree: the test files, the SQL
# the tests feed the servers, the git history the upgrade test builds old
# releases from.  A clone in a directory it cannot enter (root's home is
# drwx------, so is mktemp -d) or made with umask 077 would fail every TAP
# test.  So as root the suite runs from a copy of the tree (its files as they
# are, build outputs included, and a bare clone of its history) in a private
# directory that everyone may read, removed at the end; results/ and
# regression.* are brought back into the tree.
if [ "$(id -u)" -eq 0 ] && [ -z "${UIDX_TREE_COPY:-}" ]; then
  copy=$(mktemp -d "${TMPDIR:-/tmp}/uidx-tree.XXXXXX")
  trap 'rm -rf "$copy"' EXIT
  mkdir "$copy/tree"
  tar -C "$top" --exclude=./.git --exclude=./results --exclude=./regression.diffs \
      --exclude=./regression.out -cf - . | tar -C "$copy/tree" -xf -
  if git -C "$top" rev-parse --git-dir >/dev/null 2>&1; then
    git clone -q --bare "$top" "$copy/tree/.git"
    git -C "$copy/tree" config core.bare false
  fi
  chmod -R a+rX "$copy"
  status=0
  # UIDX_SOURCE_TOP: the tree itself, for what lies beside it (../shared/vendor)
  UIDX_SOURCE_TOP=$top UIDX_TREE_COPY=1 bash "$copy/tree/test/scripts/run-tests.sh" "$@" || status=$?
  rm -rf results regression.diffs regression.out
  for f in results regression.diffs regression.out; do
    [ ! -e "$copy/tree/$f" ] || cp -r "$copy/tree/$f" .
  done
  exit $status
fi

if [ -z "${IN_SANDBOX:-}" ]; then
  IN_SANDBOX=1 exec bash test/scripts/sandbox.sh run bash "$0" "$@"
fi

passed=0; failed=0; skipped=0; failures=(); n=0; suite_start=$SECONDS
# Each test's output goes to a log beside the server's (kept when the run
# fails, see sandbox.sh); a failed test's log is printed, UIDX_VERBOSE=1
# prints every log as the test runs.
logs=$SANDBOX_DIR/log/tests
mkdir -p "$logs"
record() {  # name status seconds
  n=$((n + 1))
  local line
  line=$(printf '[%*d/%d] %-44s' ${#total} "$n" "$total" "$1")
  if [ "$2" -eq 0 ]; then passed=$((passed + 1)); echo "$line ok ($3 s)"
  elif [ "$2" -eq 77 ]; then skipped=$((skipped + 1)); echo "$line skipped ($3 s)"
  else failed=$((failed + 1)); failures+=("$1"); echo "$line FAILED ($3 s)"; fi
}
show_log() {  # log file: the end of it, for a failed test
  echo "--- $(basename "$1"): last 150 lines (whole log: $1) ---"
  tail -150 "$1"
  echo "---"
}

pg_regress=$(pg_config --pkglibdir)/pgxs/src/test/regress/pg_regress
tests=${UIDX_TESTS:-$(ls sql/*.sql 2>/dev/null | xargs -n1 basename | sed 's/\.sql$//' | tr '\n' ' ')}
[ "$tests" = none ] && tests=""

# The suite: "quick" (make test: what a developer runs on every change, the
# whole pg_regress suite and the TAP and script tests that guard the core,
# some with fewer IDs) or "full" (make test-full: also the slow suites below,
# and the full counts).  UIDX_SCRIPTS overrides the choice of scripts.
suite=${UIDX_SUITE:-quick}
case $suite in quick|full) ;; *) echo "UIDX_SUITE must be quick or full" >&2; exit 2 ;; esac
# make test-full only: each needs packages or builds of its own, or runs the
# suite again, and takes minutes (test/README.md "Testing").
full_only=(
  t/drivers.sh            # eleven clients: a JDK, Go, Node packages, Django
  t/managed.sh            # uidx_sql against the C extension on ~100,000 inputs
  t/managed-pgtle.sh      # builds pg_tle
  t/managed-partman.sh    # builds pg_partman
  t/managed-regions.pl    # three clusters with uidx_sql
  t/partman.sh            # builds pg_partman
  t/time-filter-partman.sh  # builds pg_partman
  t/encodings.pl          # the pg_regress suite again in LATIN1 and SQL_ASCII
  t/fuzz-smoke.sh         # clang, 10 s per libFuzzer harness
  t/deps.sh               # apt-cache over every package of ensure-deps.sh
  t/clone-0700.sh         # runs make test itself, from a fresh clone
)
if [ "$suite" = quick ] && [ -z "${UIDX_SCRIPTS:-}" ]; then
  # make test: fewer IDs where a test's count only adds confidence, not
  # coverage (a test named in UIDX_SCRIPTS runs in full)
  export CONC_IDS=${CONC_IDS:-20000}
  # the update from the last release only: each of its three builds of a
  # released library takes a minute on 2 cores
  export UPGRADE_FROM=${UPGRADE_FROM:-1.2}
fi
if [ -n "${UIDX_SCRIPTS:-}" ]; then
  scripts=$UIDX_SCRIPTS
else
  scripts=""
  for f in $(ls test/t/*.sh test/t/*.pl 2>/dev/null | sed 's|^test/||' | grep -vx 't/citus.sh'); do
    if [ "$suite" = quick ] && printf '%s\n' "${full_only[@]}" | grep -qx "$f"; then continue; fi
    scripts+="$f "
  done
fi
[ "$scripts" = none ] && scripts=""
total=$(( $(wc -w <<<"$tests") + $(wc -w <<<"$scripts") ))
echo "uidx: $suite suite, $total tests (pg_regress: $(wc -w <<<"$tests"), scripts: $(wc -w <<<"$scripts"))"

if [ -n "$tests" ]; then
  rm -rf results regression.diffs regression.out
  # pg_regress writes results/ as the client; the server never touches it.
  # Its line per test (15: "test NAME ... ok 12 ms", 16 and later: "ok 1 -
  # NAME 12 ms") becomes this suite's progress line as it comes.
  re15='^test ([a-z0-9_]+) +\.\.\. +([a-zA-Z ()]*[a-zA-Z)]) +([0-9]+) ms'
  re16='^(ok|not ok) +[0-9]+ +[-+] ([a-z0-9_]+) +([0-9]+) ms'
  reported=" "
  while IFS= read -r l; do
    if [[ $l =~ $re15 ]]; then
      name=${BASH_REMATCH[1]}; ok=$([ "${BASH_REMATCH[2]}" = ok ] && echo 0 || echo 1)
    elif [[ $l =~ $re16 ]]; then
      name=${BASH_REMATCH[2]}; ok=$([ "${BASH_REMATCH[1]}" = ok ] && echo 0 || echo 1)
    else
      continue
    fi
    record "pg_regress $name" "$ok" $(( (BASH_REMATCH[3] + 500) / 1000 ))
    reported+="$name "
  done < <({ "$pg_regress" --bindir="$PG_BINDIR" --inputdir=. --load-extension=uidx \
                 --dbname=uidx_regress $tests; echo $? >"$logs/pg_regress.status"; } 2>&1 \
           | tee "$logs/pg_regress.log")
  status=$(cat "$logs/pg_regress.status" 2>/dev/null || echo 1)
  # a test pg_regress did not report (it stopped early) fails
  for t in $tests; do
    case $reported in *" $t "*) ;; *) record "pg_regress $t" 1 "?" ;; esac
  done
  if [ "$status" -ne 0 ] && [ ! -f regression.diffs ]; then
    failed=$((failed + 1)); failures+=("pg_regress (run)"); show_log "$logs/pg_regress.log"
  fi
  [ -f regression.diffs ] && { echo "--- regression.diffs (first 200 lines) ---"; head -200 regression.diffs; }
fi

for s in $scripts; do
  if [[ " ${UIDX_SKIP:-} " == *" $s "* ]]; then
    record "test/$s" 77 0; echo "    UIDX_SKIP"; continue
  fi
  log=$logs/$(echo "$s" | tr / -).log
  start=$SECONDS
  case $s in
    *.pl) runner=(bash test/scripts/tap.sh "$s") ;;
    *)    runner=(bash "test/$s") ;;
  esac
  status=0
  if [ -n "${UIDX_VERBOSE:-}" ]; then
    "${runner[@]}" 2>&1 | tee "$log"; status=${PIPESTATUS[0]}
  else
    "${runner[@]}" >"$log" 2>&1 || status=$?
  fi
  record "test/$s" $status $((SECONDS - start))
  if [ $status -ne 0 ] && [ $status -ne 77 ] && [ -z "${UIDX_VERBOSE:-}" ]; then show_log "$log"; fi
  # a skipped test says why in its last line
  [ $status -eq 77 ] && tail -1 "$log" | sed 's/^/    /'
done

echo
[ $failed -gt 0 ] && echo "failed: ${failures[*]}"
echo "$passed passed, $failed failed$([ $skipped -gt 0 ] && echo ", $skipped skipped") in $((SECONDS - suite_start)) s ($suite suite)"
[ $failed -eq 0 ]
