#!/usr/bin/env python3
"""Prints the code blocks of a document marked <!-- run by TEST --> (the line
right before the opening fence), for the test named there to run as the
reader would (test/t/readme-examples.sh skips them and lists them).  Fails
when there is none, or when one names a release file of another version
than VERSION (uidx-X.Y.Z, uidx_X.Y.Z).

    doc-block.py DOC TEST VERSION
"""
import re, sys

doc, test, version = sys.argv[1:4]
lines = open(doc, encoding="utf-8").read().split("\n")
blocks, i = [], 0
while i < len(lines):
    if lines[i].strip() == f"<!-- run by {test} -->":
        j = i + 1
        while not lines[j].strip():
            j += 1
        if not lines[j].startswith("```"):
            sys.exit(f"{doc} line {i + 1}: the marker is not right before a code block")
        k = j + 1
        while lines[k].strip() != "```":
            k += 1
        blocks.append("\n".join(lines[j + 1:k]))
        i = k
    i += 1
if not blocks:
    sys.exit(f"{doc}: no block marked <!-- run by {test} -->")
for b in blocks:
    for m in re.finditer(r"\buidx[-_](\d+\.\d+\.\d+)", b):
        if m.group(1) != version:
            sys.exit(f"{doc}: {m.group(0)} in a block run by {test}, but the release is {version}")
print("\n".join(blocks))
