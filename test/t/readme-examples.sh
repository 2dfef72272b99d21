#!/usr/bin/env bash
# Every ```sql block of README.md and docs/*.md runs, and where the document
# shows what it prints, the output is compared (docs/README.md "Shown results").
#
# Each document runs in a fresh database named orders_kz (the walkthrough's
# regional database; uidx already created there for docs/*.md; README.md's
# quick start creates it itself, so no block may need it before), its blocks in order, each block in a session of its own
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
# <!-- run by test/t/NAME.sh --> (or NAME.pl, or test/packaging/NAME.sh),
# naming a script that exists.
#
# ```sh blocks run too, with bash -e from the top of the tree (PGDATA a scratch
# directory, DATABASE_URL the document's database), in the same order, each
# after the blocks before it; paths the Makefile defines are substituted
# (MANAGED_OUT: into a scratch directory, so nothing is written into the
# tree).  A block that cannot run here is marked <!-- not run: WHY --> (sql
# too) or <!-- run by test/... -->; every such skip is listed with its reason.
# A shown result with a line "ERROR: ..." is a block whose error is the point:
# it runs without ON_ERROR_STOP, its messages compared as psql prints them
# (without psql's "psql:FILE:LINE: " prefix, and without the "LINE n:" and
# caret lines of the error's position, which some server versions give and
# others do not).
#
# The text is checked against the Makefile too: every release file name
# (uidx-X.Y.Z.zip, postgresql-N-uidx_X.Y.Z-R) names the current version, every
# "PostgreSQL A to B" and "15 to B" range is PG_MAJORS' first to last, as is
# test/packaging/debian/pgversions, and every prose claim "`X` is an error"
# has a block that runs X with its ERROR shown.
# Any error or difference fails the test, naming the document and line.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
db=orders_kz
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export PGOPTIONS="-c client_min_messages=warning -c timezone=UTC"

python3 - "$top" "$work" <<'PY'
import sys, pathlib, re, subprocess
top, out = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
docs = [top / "README.md"] + sorted((top / "docs").glob("*.md"))
totals = {"run": 0, "compared": 0, "skipped": 0, "uncompared": 0}
problems, skips = [], []

# --- what the Makefile and the packaging say ---
makefile = (top / "Makefile").read_text()
def make_var(name):
    m = re.search(rf"^{name}\s*\??=\s*(.*)$", makefile, re.M)
    if not m:
        sys.exit(f"readme-examples: no {name} in the Makefile")
    return m.group(1).strip()
version = make_var("EXTVERSION") + ".0"
majors = [int(v) for v in make_var("PG_MAJORS").split()]
managed_out = make_var("MANAGED_OUT")
deb_version = re.match(r"uidx \(([^)]+)\)", (top / "test/packaging/debian/changelog").read_text()).group(1)
pgversions = [int(l) for l in (top / "test/packaging/debian/pgversions").read_text().splitlines()
              if l.strip() and not l.startswith("#")]
if pgversions != majors:
    problems.append(f"test/packaging/debian/pgversions lists {pgversions}, the Makefile's PG_MAJORS {majors}")
meta = (top / "META.json").read_text()
# one release status: while CHANGELOG.md's section of this version is
# "Unreleased", META.json says "unstable" (PGXN's word for a version in
# development), and the Debian changelog and the README say "in development"
extversion = make_var("EXTVERSION")
unreleased = f"## Unreleased ({extversion})" in (top / "CHANGELOG.md").read_text()
status = re.search(r'"release_status":\s*"(\w+)"', meta)
want = "unstable" if unreleased else "stable"
if not status or status.group(1) != want:
    problems.append(f"META.json release_status is {status and status.group(1)}, CHANGELOG.md says "
                    f"{'unreleased' if unreleased else 'released'}: it must be {want}")
debtop = (top / "test/packaging/debian/changelog").read_text().split("\n\n")[1]
if unreleased != ("in development" in debtop):
    problems.append(f"test/packaging/debian/changelog's entry for {deb_version} and CHANGELOG.md disagree on whether {extversion} is released")
if unreleased != (f"{extversion} is in development" in " ".join((top / "README.md").read_text().split())):
    problems.append(f"README.md \"Supported servers and upgrades\" must say whether {extversion} is in development as CHANGELOG.md does")
for m in re.finditer(r"PostgreSQL (\d+)[., ]", meta):
    if int(m.group(1)) not in majors:
        problems.append(f"META.json names PostgreSQL {m.group(1)}, not in PG_MAJORS {majors}")
for d, doc in enumerate(docs):
    lines = doc.read_text(encoding="utf-8").split("\n")
    name = str(doc.relative_to(top))
    ddir = out / f"{d:02d}"
    ddir.mkdir()
    (ddir / "name").write_text(name)
    n, i = 0, 0
    def prev_line(k):
        return next((l.strip() for l in reversed(lines[:k]) if l.strip()), "")
    # the text, outside code blocks, against the Makefile
    fence = False
    for ln, line in enumerate(lines, 1):
        if line.lstrip().startswith("```"):
            fence = not fence
        for m in re.finditer(r"\buidx[-_](\d+\.\d+\.\d+)\b(?!-\d)", line):
            if m.group(1) != version:
                problems.append(f"{name} line {ln}: {m.group(0)}, but make dist writes uidx-{version}.zip")
        for m in re.finditer(r"\buidx_(\d+\.\d+\.\d+-\d+)_", line):
            if m.group(1) != deb_version:
                problems.append(f"{name} line {ln}: {m.group(0)}, but the package is at {deb_version}")
        if fence:
            continue
        # a range may run on into the next line
        joined = line + " " + (lines[ln] if ln < len(lines) and not lines[ln].lstrip().startswith("```") else "")
        for m in re.finditer(r"PostgreSQL\s+(\d+)\s+to\s+(\d+)|\b(15)\s+to\s+(\d\d)\b", joined):
            if m.start() >= len(line):
                continue
            lo, hi = (int(x) for x in (m.group(1, 2) if m.group(1) else m.group(3, 4)))
            if (lo, hi) != (majors[0], majors[-1]):
                problems.append(f"{name} line {ln}: \"{m.group(0)}\", but PG_MAJORS is {majors[0]} to {majors[-1]}")
    text = "\n".join(lines)
    for m in re.finditer(r"`([^`]+)` (?:is|are) an? error|`([^`]+)` (?:is|are) errors", text):
        claim = m.group(1) or m.group(2)
        shown = re.search(r"```sql\n(?:(?!```)[^\n]*\n)*?[^\n]*" + re.escape(claim) + r"[^\n]*\n(?:(?!```)[^\n]*\n)*```\s*\n```text\n(?:(?!```)[^\n]*\n)*?ERROR:", text)
        if not shown:
            problems.append(f"{name} line {text[:m.start()].count(chr(10)) + 1}: says {m.group(0)}, "
                            f"but no ```sql block runs it with its ERROR shown")
    while i < len(lines):
        if lines[i].strip() in ("```sql", "```sh"):
            kind = lines[i].strip()[3:]
            prev = prev_line(i)
            start = i + 1
            j = start
            while lines[j].strip() != "```":
                j += 1
            run_by = re.fullmatch(r"<!-- run by (test/(?:t/[\w.-]+\.(?:sh|pl)|packaging/[\w.-]+\.sh)) -->", prev)
            if run_by and not (top / run_by.group(1)).is_file():
                sys.exit(f"{name} line {i + 1}: {run_by.group(1)} does not exist")
            not_run = re.fullmatch(r"<!-- not run: (.+) -->", prev)
            if prev == "<!-- fragment -->" or run_by or not_run:
                totals["skipped"] += 1
                if kind == "sh" or not_run:
                    why = not_run.group(1) if not_run else ("run by " + run_by.group(1) if run_by else "a fragment")
                    skips.append(f"{name} line {i + 1} ({kind}): {why}")
                i = j + 1
                continue
            n += 1
            base = ddir / f"{n:03d}-line{start + 1}"
            body = "\n".join(lines[start:j]) + "\n"
            if kind == "sh":
                if managed_out not in body and "make managed" in body:
                    sys.exit(f"{name} line {i + 1}: make managed, but not the Makefile's MANAGED_OUT {managed_out}")
                body = body.replace("make managed", "make -s managed MANAGED_OUT=\"$UIDX_DOC_SCRATCH/managed\"")
                body = body.replace(managed_out + "/", "$UIDX_DOC_SCRATCH/managed/")
            (base.parent / (base.name + "." + kind)).write_text(body)
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
      f"{totals['skipped']} marked as fragments, not run here or run by other tests", file=sys.stderr)
for s_ in skips:
    print(f"not run here: {s_}", file=sys.stderr)
if problems:
    for p_ in problems:
        print(f"FAIL: {p_}", file=sys.stderr)
    sys.exit(1)
(out / "totals").write_text(f"{totals['run']} {totals['compared']}\n")
PY

normalize() { sed -e 's/[[:space:]]*$//; s/^psql:[^ ]*:[0-9]*: //' | sed -e :a -e '/^\n*$/{$d;N;ba' -e '}'; }
fail=0; ran=0; compared=0
for ddir in "$work"/[0-9]*/; do
  doc=$(cat "$ddir/name")
  psql -X -q -v ON_ERROR_STOP=1 -d postgres -c "DROP DATABASE IF EXISTS $db"
  # the README starts from nothing, as on a fresh server: its quick start
  # creates the database and then the extension (a block run before that
  # fails); every other document is read with uidx installed
  if [ "$doc" != README.md ]; then
    psql -X -q -v ON_ERROR_STOP=1 -d postgres -c "CREATE DATABASE $db"
    psql -X -q -v ON_ERROR_STOP=1 -d $db -c "CREATE EXTENSION uidx"
  fi
  for f in "$ddir"[0-9]*.s*; do
    [ -e "$f" ] || continue
    line=$(basename "$f"); line=${line#*-line}; line=${line%.*}
    ran=$((ran + 1))
    if [ "${f##*.}" = sh ]; then
      scratch=$(mktemp -d "$work/sh.XXXXXX"); mkdir "$scratch/pgdata"
      if ! out=$(cd "$top" && UIDX_DOC_SCRATCH=$scratch PGDATA=$scratch/pgdata DATABASE_URL="dbname=$db" \
                   bash -euo pipefail "$f" 2>"$work/err"); then
        echo "FAIL: $doc sh block at line $line:"; sed 's/^/    /' "$work/err"; fail=1; continue
      fi
    elif [ -f "${f%.*}.expected" ] && grep -q '^ERROR: ' "${f%.*}.expected"; then
      # the error is the point: psql goes on after it, its messages are output
      out=$(psql -X -q -d $db -f "$f" 2>&1 | sed -E '/^LINE [0-9]+: /,/^ *\^$/d') || true
    elif ! out=$(psql -X -q -v ON_ERROR_STOP=1 -d $db -f "$f" 2>"$work/err"); then
      echo "FAIL: $doc block at line $line:"; sed 's/^/    /' "$work/err"; fail=1; continue
    fi
    if [ -f "${f%.*}.expected" ]; then
      compared=$((compared + 1))
      if ! diff -u <(normalize <"${f%.*}.expected") <(printf '%s\n' "$out" | normalize) >"$work/diff"; then
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
