#!/usr/bin/env bash
# Every ```sql block of README.md runs, in order, against one fresh database
# named orders_kz (the walkthrough's regional database), each block in a
# session of its own (as a reader pasting it into psql would, and so that
# ALTER DATABASE ... SET reaches the next block).  A block that is not meant
# to run on its own is marked by the line <!-- fragment --> right before its
# opening fence; one that another test runs where it belongs (the Regions
# walkthrough on three clusters, the Citus section on a Citus cluster) by the
# line <!-- run by test/t/NAME.sh --> (or NAME.pl), naming a script that exists.  Any error fails the test, naming the block's line.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
db=orders_kz
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export PGOPTIONS="-c client_min_messages=warning"

python3 - "$top/README.md" "$work" <<'PY'
import sys, pathlib, re
readme, out = sys.argv[1], pathlib.Path(sys.argv[2])
lines = open(readme, encoding="utf-8").read().split("\n")
n = 0; skipped = 0; i = 0
while i < len(lines):
    if lines[i].strip() == "```sql":
        prev = next((l.strip() for l in reversed(lines[:i]) if l.strip()), "")
        start = i + 1
        j = start
        while lines[j].strip() != "```":
            j += 1
        run_by = re.fullmatch(r"<!-- run by (test/t/[\w.-]+\.(?:sh|pl)) -->", prev)
        if run_by and not (pathlib.Path(readme).parent / run_by.group(1)).is_file():
            sys.exit(f"README line {i}: {run_by.group(1)} does not exist")
        if prev == "<!-- fragment -->" or run_by:
            skipped += 1
        else:
            n += 1
            (out / f"{n:03d}-line{start}.sql").write_text("\n".join(lines[start:j]) + "\n")
        i = j
    i += 1
print(f"{n} blocks to run, {skipped} marked as fragments or run by other tests", file=sys.stderr)
PY

psql -X -q -v ON_ERROR_STOP=1 -d postgres -c "DROP DATABASE IF EXISTS $db" -c "CREATE DATABASE $db"
fail=0
for f in "$work"/*.sql; do
  name=$(basename "$f" .sql)
  if out=$(psql -X -q -v ON_ERROR_STOP=1 -d $db -f "$f" 2>&1 >/dev/null); then
    echo "ok: README block at ${name#*-line} (line of its first statement)"
  else
    echo "FAIL: README block at ${name#*-line}:"; echo "$out" | sed 's/^/    /'; fail=1
  fi
done
psql -X -q -d postgres -c "DROP DATABASE $db"
exit $fail
