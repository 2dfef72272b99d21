#!/usr/bin/env bash
# Which time filters use the index and prune partitions is stated once, in
# docs/partitioning.md's table "Which time filters prune" (the lines after
# <!-- prune claims: checked by test/t/doc-prune-claims.sh -->).  This test
#  1. runs each row on a fresh table of the row's key type partitioned by id
#     with uidx_create_time_partitions (four months) and a btree index on id,
#     the filter comparing with one day of the second month: "yes" must read
#     that one partition through an index condition on id, "no" all four and
#     no index condition;
#  2. reads every sentence of README.md and docs/*.md (outside code blocks;
#     a table row or list item is a sentence) that speaks of pruning or of
#     an index (the table claims both), and
#     fails where one names a filter function of the table against what the
#     table says: a clause that names a "no" function without a negation
#     ("not", "no", "never", "every partition", ...), or one that says a
#     "yes" function does not prune.
# Runs against the suite's server (PGHOST/PGPORT: make test's sandbox).
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
db=uidx_doc_prune
export PGOPTIONS="-c client_min_messages=warning"
psql -X -q -v ON_ERROR_STOP=1 -d postgres -c "DROP DATABASE IF EXISTS $db" -c "CREATE DATABASE $db"
trap 'psql -X -q -d postgres -c "DROP DATABASE IF EXISTS $db" >/dev/null 2>&1 || true' EXIT
psql -X -q -v ON_ERROR_STOP=1 -d "$db" -c "CREATE EXTENSION uidx"

python3 - "$top" "$db" <<'PY'
import sys, re, pathlib, subprocess
top, db = pathlib.Path(sys.argv[1]), sys.argv[2]
problems = []

# --- the table ---
page = top / "docs" / "partitioning.md"
lines = page.read_text().splitlines()
marker = "<!-- prune claims: checked by test/t/doc-prune-claims.sh -->"
if marker not in lines:
    sys.exit(f"doc-prune-claims: {page.name} has no line {marker}")
i = lines.index(marker) + 3          # the header and the |---| line
table_lines = set()
rows = []
while i < len(lines) and lines[i].startswith("|"):
    cells = [c.strip() for c in lines[i].strip("|").split("|")]
    if len(cells) != 3:
        sys.exit(f"doc-prune-claims: {page.name}:{i + 1}: not a row of three cells")
    flt, key, says = cells[0].strip("`"), cells[1].strip("`"), cells[2]
    verdict = says.split(":")[0].split(",")[0].strip()
    if verdict not in ("yes", "no"):
        sys.exit(f"doc-prune-claims: {page.name}:{i + 1}: the third cell must begin with yes or no: {says}")
    rows.append((i + 1, flt, key, verdict == "yes"))
    table_lines.add(i)
    i += 1
if not any(r[3] for r in rows) or all(r[3] for r in rows):
    sys.exit("doc-prune-claims: the table must hold filters that prune and filters that do not")

def psql(sql):
    r = subprocess.run(["psql", "-X", "-q", "-At", "-v", "ON_ERROR_STOP=1", "-d", db],
                       input=sql, capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f"doc-prune-claims: psql failed: {r.stderr}\n{sql}")
    return r.stdout

# --- 1. each row against EXPLAIN ---
made = set()
checked = 0
for line, flt, key, prunes in rows:
    t = f"prune_{key}"
    if key not in made:
        psql(f"CREATE TABLE {t} (id {key}) PARTITION BY RANGE (id);\n"
             f"CREATE INDEX ON {t} (id);\n"
             f"SELECT count(*) FROM uidx_create_time_partitions('{t}', '2026-01-01', '2026-05-01', '1 month');")
        made.add(key)
    a, b = "'2026-02-01 00:00+00'", "'2026-02-02 00:00+00'"
    if ">=" in flt:
        where = flt.replace("(a)", f"({a})").replace("(b)", f"({b})")
    else:
        where = f"{flt} >= {a} AND {flt} < {b}"
    # uidx loaded first: a session's first query is planned before uidx
    # loads (docs/partitioning.md), which is not what this checks
    plan = psql(f"LOAD 'uidx';\nSET enable_seqscan = off;\nEXPLAIN (COSTS OFF) SELECT * FROM {t} WHERE {where};")
    parts = sorted(set(re.findall(rf"\bon ({t}_p\d+)", plan)))
    index_cond = bool(re.search(r"Index Cond: .*\bid >", plan))
    if prunes:
        ok = parts == [f"{t}_p20260201"] and index_cond
    else:
        ok = len(parts) == 4 and not index_cond
    if not ok:
        problems.append(f"docs/partitioning.md:{line}: `{flt}` on {key}: the table says "
                        f"{'yes' if prunes else 'no'}, but the plan reads {len(parts)} partition(s) "
                        f"({', '.join(parts) or 'none'}), {'with' if index_cond else 'without'} an index condition on id:\n{plan}")
    checked += 1

# --- 2. what every page says about pruning ---
def fname(flt):
    # the function a row is about: in the id-range form, the bound's
    m = re.search(r">=\s*(\w+)\(", flt) if ">=" in flt else re.match(r"(\w+)\(", flt)
    return m.group(1)
verdicts = {}
for _, flt, _, prunes in rows:
    verdicts.setdefault(fname(flt), set()).add(prunes)
yes = {f for f, v in verdicts.items() if v == {True}}
no = {f for f, v in verdicts.items() if v == {False}}
negation = re.compile(r"\b(not|no|none|never|cannot|without|neither|nor)\b|every partition|all partitions|n't\b", re.I)
denial = re.compile(r"\b(do|does|did|will|can|could) not (use the index and )?prune|cannot prune|never prune|not pruned|"
                    r"no pruning|reads every partition|scans all partitions|read every partition", re.I)

def named(text, funcs):
    # named in a code span, or called in plain text (f(id) without backticks)
    spans = re.findall(r"`([^`]*)`", text)
    plain = re.sub(r"`[^`]*`", " ", text)
    return {f for f in funcs
            if any(re.search(rf"\b{f}\b", s) for s in spans) or re.search(rf"\b{f}\(", plain)}

def sentences(text, skip=()):
    """(line, sentence) of a Markdown page's prose: code blocks, comments and
    the lines in skip left out; a table row or list item is a unit of its own"""
    fence, para, start, units = False, [], 0, []
    def flush():
        if para:
            units.append((start, " ".join(para)))
            para.clear()
    for n, l in enumerate(text.splitlines(), 1):
        if l.lstrip().startswith("```"):
            flush(); fence = not fence; continue
        if fence or l.startswith("<!--") or (n - 1) in skip:
            continue
        if not l.strip():
            flush(); continue
        if l.startswith("|") or re.match(r"\s*([-*]|\d+\.) ", l) or l.startswith("#"):
            flush()
        if not para:
            start = n
        para.append(l.strip())
        if l.startswith("|") or l.startswith("#"):
            flush()
    flush()
    for line, unit in units:
        # sentences: split after . ! ? before a capital, a backtick or a link
        for sentence in re.split(r"(?<=[.!?])\s+(?=[A-Z`\[(*])", unit):
            yield line, sentence

def claims(sentence):
    """what a sentence says against the table: [] where nothing, None where it
    speaks of neither pruning nor an index"""
    # the table's claim is both: the index is used, and partitions are pruned
    if not re.search(r"prun|\bindex", sentence, re.I):
        return None
    found = []
    for clause in re.split(r"[,;:]\s+|\s+\u2014\s+|\s+--?\s+", sentence):
        for f in sorted(named(clause, no)):
            if not negation.search(clause):
                found.append(f"says `{f}` filters prune or use the index, docs/partitioning.md's table says they do not")
    if not named(sentence, no):
        for f in sorted(named(sentence, yes)):
            if denial.search(sentence):
                found.append(f"says `{f}` filters do not prune, docs/partitioning.md's table says they do")
    return found

# the heuristic itself, on sentences it must and must not object to (the
# names are the table's, so that a table that changes keeps this honest)
if "uuidv7_timestamp" in no and "iuid_timestamp" in yes:
    must = ["Time filters on `uuidv7_timestamp(id)` use the index and prune partitions.",
            "A filter on `uuidv7_timestamp(id)` uses the index on `id`.",
            "Filters on uuidv7_timestamp(id) prune partitions.",
            "Pruning works for `uuidv7_timestamp(id)` too, so no change is needed.",
            "Both `iuid_timestamp(id)` and `uuidv7_timestamp(id)` filters prune partitions.",
            "Filters on `iuid_timestamp(id)` never prune."]
    must_not = ["A filter on `uuidv7_timestamp(id)` is right but reads every partition and uses no index on `id`.",
                "`iuid_timestamp(id) >= $1` prunes partitions and uses the index."]
    for t in must:
        if not claims(t):
            problems.append(f"the check itself: it lets through a false sentence: {t}")
    for t in must_not:
        if claims(t):
            problems.append(f"the check itself: it objects to a true sentence: {t}")
else:
    problems.append("the check itself: the table no longer says uuidv7_timestamp does not prune and "
                    "iuid_timestamp does: change the planted sentences of this test")

sentences_checked = 0
for doc in [top / "README.md"] + sorted((top / "docs").glob("*.md")):
    for line, sentence in sentences(doc.read_text(), table_lines if doc == page else ()):
        found = claims(sentence)
        if found is None:
            continue
        sentences_checked += 1
        problems += [f"{doc.relative_to(top)}:{line}: {c}: {sentence}" for c in found]

for p in problems:
    print(f"not ok - {p}")
print(f"doc-prune-claims: {checked} filters of the table run, {sentences_checked} sentences about pruning or an index read, "
      f"{len(problems)} problem(s)")
sys.exit(1 if problems else 0)
PY
