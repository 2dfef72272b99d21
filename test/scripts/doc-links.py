#!/usr/bin/env python3
"""Checks every relative link of the repository's Markdown files: the file
(or directory) it names exists, and an #anchor names a heading of that file
(GitHub's slugs).  With --fix, a link to an anchor that is not in the named
file but in exactly one other Markdown file is pointed there (used once when
README.md was split into docs/).  With --root DIR, the Markdown files under DIR
instead (test/packaging/dist.sh: the unpacked release zip), where a link
must also stay inside DIR.  Exits 1 on a broken link."""
import pathlib, re, subprocess, sys, os

top = pathlib.Path(__file__).resolve().parents[2]
fix = "--fix" in sys.argv
root_given = "--root" in sys.argv
if root_given:
    top = pathlib.Path(sys.argv[sys.argv.index("--root") + 1]).resolve()
listed = subprocess.run(["git", "-C", str(top), "ls-files", "--cached", "--others",
                         "--exclude-standard", "*.md"], capture_output=True, text=True)
if listed.returncode == 0 and not root_given:
    files = [top / f for f in listed.stdout.split()]
else:  # not a git checkout (an unpacked release): every Markdown file
    files = [f for f in top.rglob("*.md") if "results" not in f.parts]
files = [f for f in files if f.exists()]

def slug(heading):
    h = re.sub(r"[`*_]{1,2}(?=\w)|(?<=\w)[`*_]{1,2}", lambda m: "" if "_" not in m.group(0) else m.group(0), heading)
    h = heading.strip().lower()
    h = h.replace("`", "")
    h = re.sub(r"[^\w\- ]", "", h)
    return h.replace(" ", "-")

def anchors(path):
    out, fence = set(), False
    counts = {}
    for line in path.read_text(encoding="utf-8").split("\n"):
        if line.startswith("```"):
            fence = not fence
            continue
        m = None if fence else re.match(r"#{1,6} (.*)", line)
        if m:
            a = slug(m.group(1))
            n = counts.get(a, 0)
            counts[a] = n + 1
            out.add(a if n == 0 else f"{a}-{n}")
    return out

A = {f: anchors(f) for f in files}
LINK = re.compile(r"\]\(([^)\s]+)\)")
bad = 0
for f in files:
    text = f.read_text(encoding="utf-8")
    new = text
    for m in LINK.finditer(text):
        target = m.group(1)
        if re.match(r"[a-z]+:", target):
            continue
        path, _, anchor = target.partition("#")
        dest = (f.parent / path).resolve() if path else f
        problem = None
        if not dest.exists():
            problem = "no such file"
        elif top not in dest.parents and dest != top:
            problem = f"outside {top}"
        elif anchor and dest.suffix == ".md" and anchor not in A.get(dest, anchors(dest)):
            problem = "no such heading"
        if not problem:
            continue
        if fix and anchor:
            homes = [g for g in files if anchor in A[g]]
            if len(homes) == 1:
                rel = os.path.relpath(homes[0], f.parent)
                rel = "" if homes[0] == f else rel
                new = new.replace(m.group(0), f"]({rel}#{anchor})", 1)
                print(f"fixed {f.relative_to(top)}: {target} -> {rel}#{anchor}")
                continue
        print(f"{f.relative_to(top)}: broken link {target} ({problem})")
        bad += 1
    if new != text:
        f.write_text(new, encoding="utf-8")
print(f"{len(files)} Markdown files checked, {bad} broken links")
sys.exit(1 if bad else 0)
