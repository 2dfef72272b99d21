#!/usr/bin/env bash
# Every ```sql block of README.md and docs/*.md runs, and where the document
# shows what it prints, the output is compared (docs/README.md "Shown results").
#
# Each document runs in a fresh database named orders_kz (the walkthrough's
# regional database; uidx already created there for docs/*.md), its blocks in order, each block in a session of its own
# (as a reader pasting it into psql would, and so that ALTER DATABASE ... SET
# reaches the next block), with psql -X -q, TimeZone UTC and
# client_min_messages = warning.  A ```text block that follows a ```sql block
# (blank lines between them only) is that block's psql output and must match
# it line for line (trailing spaces ignored); the line <!-- output not
# compared --> before such a ```text block exempts it (output that depends on
# the clock or randomness).  A block that is not meant to run on its own is
# marked by the line <!-- fragment --> right before its opening fence; one that
# another test runs where it belongs (the Regions walkthrough on three
# clusters, the Citus section on a Citus cluster) by the line
# <!-- run by test/t/NAME.sh --> (or NAME.pl), naming a script that exists.
# Any error or difference fails the test, naming the document and line.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
db=orders_kz
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export PGOPTIONS="-c client_min_messages=warning -c timezone=UTC"

python3 - "$top" "$work" <<'PY'
import sys, pathlib, re
top, out = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
docs = [top / "README.md"] + sorted((top / "docs").glob("*.md"))
totals = {"run": 0, "compared": 0, "skipped": 0, "uncompared": 0}
for d, doc in enumerate(docs):
    lines = doc.read_text(encoding="utf-8").split("\n")
    name = str(doc.relative_to(top))
    ddir = out / f"{d:02d}"
    ddir.mkdir()
    (ddir / "name").write_text(name)
    n, i = 0, 0
    def prev_line(k):
        return next((l.strip() for l in reversed(lines[:k]) if l.strip()), "")
    while i < len(lines):
        if lines[i].strip() == "```sql":
            prev = prev_line(i)
            start = i + 1
            j = start
            while lines[j].strip() != "```":
                j += 1
            run_by = re.fullmatch(r"<!-- run by (test/t/[\w.-]+\.(?:sh|pl)) -->", prev)
            if run_by and not (top / run_by.group(1)).is_file():
                sys.exit(f"{name} line {i + 1}: {run_by.group(1)} does not exist")
            if prev == "<!-- fragment -->" or run_by:
                totals["skipped"] += 1
                i = j + 1
                continue
            n += 1
            base = ddir / f"{n:03d}-line{start + 1}"
            base.with_suffix(".sql").write_text("\n".join(lines[start:j]) + "\n")
            totals["run"] += 1
            # the shown output: a ```text block right after it
            k = j + 1
            while k < len(lines) and not lines[k].strip():
                k += 1
            exempt = False
            if k < len(lines) and lines[k].strip() == "<!-- output not compared -->":
                exempt = True
                k += 1
                while k < len(lines) and not lines[k].strip():
                    k += 1
            if k < len(lines) and lines[k].strip() == "```text":
                e = k + 1
                while lines[e].strip() != "```":
                    e += 1
                if exempt:
                    totals["uncompared"] += 1
                else:
                    base.with_suffix(".expected").write_text("\n".join(lines[k + 1:e]) + "\n")
                    totals["compared"] += 1
                j = e
            elif exempt:
                sys.exit(f"{name} line {k + 1}: <!-- output not compared --> without a ```text block after it")
            i = j
        i += 1
print(f"{totals['run']} blocks to run in {len(docs)} documents, {totals['compared']} with their shown "
      f"output compared ({totals['uncompared']} shown but marked not compared); "
      f"{totals['skipped']} marked as fragments or run by other tests", file=sys.stderr)
(out / "totals").write_text(f"{totals['run']} {totals['compared']}\n")
PY

normalize() { sed -e 's/[[:space:]]*$//' | sed -e :a -e '/^\n*$/{$d;N;ba' -e '}'; }
fail=0; ran=0; compared=0
for ddir in "$work"/[0-9]*/; do
  doc=$(cat "$ddir/name")
  psql -X -q -v ON_ERROR_STOP=1 -d postgres -c "DROP DATABASE IF EXISTS $db" -c "CREATE DATABASE $db"
  # the README starts from nothing (its first block creates the extension);
  # every other document is read with uidx installed
  [ "$doc" = README.md ] || psql -X -q -v ON_ERROR_STOP=1 -d $db -c "CREATE EXTENSION uidx"
  for f in "$ddir"*.sql; do
    [ -e "$f" ] || continue
    line=$(basename "$f" .sql); line=${line#*-line}
    ran=$((ran + 1))
    if ! out=$(psql -X -q -v ON_ERROR_STOP=1 -d $db -f "$f" 2>"$work/err"); then
      echo "FAIL: $doc block at line $line:"; sed 's/^/    /' "$work/err"; fail=1; continue
    fi
    if [ -f "${f%.sql}.expected" ]; then
      compared=$((compared + 1))
      if ! diff -u <(normalize <"${f%.sql}.expected") <(printf '%s\n' "$out" | normalize) >"$work/diff"; then
        echo "FAIL: $doc block at line $line prints something else than the document shows:"
        sed 's/^/    /' "$work/diff"; fail=1; continue
      fi
      echo "ok: $doc block at line $line, output as shown"
    else
      echo "ok: $doc block at line $line"
    fi
  done
done
psql -X -q -d postgres -c "DROP DATABASE IF EXISTS $db"
echo "$ran blocks run, $compared shown outputs compared"
exit $fail
