#!/usr/bin/env bash
# Every relative link in the repository's Markdown files (README.md, docs/,
# test/, CHANGELOG.md) names a file that exists and, with #anchor, one of its
# headings (test/scripts/doc-links.py).
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
python3 "$top/test/scripts/doc-links.py"
