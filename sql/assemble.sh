#!/usr/bin/env bash
# Assembles an install script for one edition from its family files:
#
#   sql/assemble.sh uidx FILE...       the C extension (the Makefile, from sql/install/)
#   sql/assemble.sh uidx_sql FILE...   uidx_sql (sql/managed/build.sh, from sql/managed/)
#
# Each FILE is copied to standard output as it is, except two kinds of lines
# (test/README.md "Where things are"):
#   --@include NAME.sql    is replaced by sql/common/NAME.sql: the SQL and
#                          PL/pgSQL that both editions install, written once;
#   --@if EDITION / --@else / --@endif   (in sql/common/ only) keep the lines
#                          between them for that edition alone: what must
#                          differ, such as a type (iuid or uuid) or a check that
#                          only the C extension's operator classes allow.
# The directive lines themselves are left out, so the script a server runs is
# the same whether a function is written in a family file or in sql/common/.
set -euo pipefail
edition=${1:?usage: assemble.sh uidx|uidx_sql FILE...}
shift
case $edition in uidx|uidx_sql) ;; *) echo "assemble.sh: unknown edition \"$edition\"" >&2; exit 2 ;; esac
common=$(cd "$(dirname "$0")" && pwd)/common

awk -v edition="$edition" -v common="$common" '
function fail(msg) { print "assemble.sh: " msg > "/dev/stderr"; failed = 1; exit 1 }
# one file of sql/common/, its conditional lines resolved
function include(name,    path, line, n, depth, keep, seen_else, rc) {
    path = common "/" name
    depth = 0; keep = 1; seen_else = 0; n = 0
    while ((rc = (getline line < path)) > 0) {
        n++
        if (line ~ /^--@if /) {
            if (depth) fail(path ":" n ": --@if inside --@if")
            split(line, w, " ")
            if (w[2] != "uidx" && w[2] != "uidx_sql") fail(path ":" n ": unknown edition \"" w[2] "\"")
            depth = 1; seen_else = 0; keep = (w[2] == edition)
        } else if (line ~ /^--@else[ \t]*$/) {
            if (!depth || seen_else) fail(path ":" n ": --@else without --@if")
            seen_else = 1; keep = !keep
        } else if (line ~ /^--@endif[ \t]*$/) {
            if (!depth) fail(path ":" n ": --@endif without --@if")
            depth = 0; keep = 1
        } else if (line ~ /^--@/) {
            fail(path ":" n ": unknown directive: " line)
        } else if (keep) {
            print line
        }
    }
    if (rc < 0) fail("cannot read " path)
    if (n == 0) fail(path " is empty")
    if (depth) fail(path ": --@if without --@endif")
    close(path)
}
/^--@include [a-z0-9-]+\.sql[ \t]*$/ { include($2); next }
/^--@/ { fail(FILENAME ":" FNR ": unknown directive: " $0) }
{ print }
END { if (failed) exit 1 }
' "$@"
