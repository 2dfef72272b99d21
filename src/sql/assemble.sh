#!/usr/bin/env bash
# Assembles an install script for one edition from its family files:
#
#   src/sql/assemble.sh uidx FILE...       the C extension (the Makefile, from src/sql/install/)
#   src/sql/assemble.sh uidx_sql FILE...   uidx_sql (src/sql/managed/build.sh, from src/sql/managed/)
#   src/sql/assemble.sh --update EDITION DELTA FILE...
#                                      an upgrade script (the open delta of
#                                      either edition), see --@functions below
#
# Each FILE is copied to standard output as it is, except two kinds of lines
# (test/README.md "Where things are"):
#   --@include NAME.sql    is replaced by src/sql/common/NAME.sql: the SQL and
#                          PL/pgSQL that both editions install, written once;
#   --@if EDITION / --@else / --@endif   (in src/sql/common/ only) keep the lines
#                          between them for that edition alone: what must
#                          differ, such as a type (iuid or uuid) or a check that
#                          only the C extension's operator classes allow.
# The directive lines themselves are left out, so the script a server runs is
# the same whether a function is written in a family file or in src/sql/common/.
#
# With --update, DELTA is copied as it is but for one directive:
#   --@functions           is replaced by every function of the install
#                          script assembled from FILE..., each CREATE FUNCTION
#                          made CREATE OR REPLACE FUNCTION (and each DO block
#                          that creates functions, so made, whole), with every
#                          COMMENT ON FUNCTION, in the script's order.
# A delta thus re-creates every function, and says what each is, from its
# one definition: a new function or a change to a body (of a family file or
# of src/sql/common/) reaches an updated database without being copied into the
# delta.  The statements before the directive make what CREATE OR REPLACE
# cannot (they drop a changed signature, a renamed argument, a removed
# default, and change tables); those after it need the functions (operators,
# event triggers, data that a function mends).
#
# Either way, a token @NAME@ (NAME a #define of src/layout.h, such as
# @UIDX_1900_UNIX_MS@) is replaced by that constant's value, computed from
# the file: the layouts' epochs and units are written once, there, for both
# editions (docs/internals.md "Architecture").
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)

# The value of a constant of src/layout.h: its expression with INT64_C()
# dropped and every other constant it names replaced by its own value, in
# bash's 64-bit arithmetic.
layout_value() {
  local name=$1 expr ref
  expr=$(sed -n "s/^#define[[:space:]]\{1,\}$name[[:space:]]\{1,\}//p" "$here/../layout.h" | sed 's|/\*.*||')
  [ -n "$expr" ] || { echo "assemble.sh: @$name@: no such constant in src/layout.h" >&2; return 1; }
  expr=$(sed -E 's/U?INT64_C\(([^()]*)\)/(\1)/g' <<<"$expr")
  while ref=$(grep -oE '\b[A-Z][A-Z0-9_]*\b' <<<"$expr" | head -1) && [ -n "$ref" ]; do
    expr=${expr//$ref/($(layout_value "$ref"))}
  done
  echo $(( expr ))
}
# Standard input to standard output with every @NAME@ replaced.
layout_constants() {
  local text names name value
  text=$(cat)
  names=$(printf '%s\n' "$text" | grep -oE '@[A-Z][A-Z0-9_]*@' | sort -u | tr -d @) || true
  for name in $names; do
    value=$(layout_value "$name") || exit 1
    text=${text//@$name@/$value}
  done
  printf '%s\n' "$text"
}

if [ "${1:-}" = --update ]; then
  shift
  edition=${1:?usage: assemble.sh --update EDITION DELTA FILE...}
  delta=${2:?usage: assemble.sh --update EDITION DELTA FILE...}
  shift 2
  [ $# -gt 0 ] || { echo "assemble.sh: --update needs the install script's FILEs" >&2; exit 2; }
  # (no temporary file: the suites run this as a user that may not write
  # TMPDIR)
  # every CREATE FUNCTION statement and every DO block that holds one, to
  # the end of its statement: a line ending in ";" outside dollar quotes
  functions=$(bash "$0" "$edition" "$@" | awk '
  function scan(line,    rest, tag) {
      rest = line
      while (match(rest, /\$[A-Za-z_]*\$/)) {
          tag = substr(rest, RSTART, RLENGTH)
          rest = substr(rest, RSTART + RLENGTH)
          if (quote == "") quote = tag
          else if (tag == quote) quote = ""
      }
  }
  # a COMMENT ON FUNCTION, to its ";" outside quotes (an even count of them)
  !inside && /^COMMENT ON FUNCTION / { inside = 1; kind = "c"; buf = ""; quote = ""; ticks = 0 }
  inside && kind == "c" {
      buf = buf $0 "\n"
      ticks += gsub(/\047/, "\047", $0)
      if (ticks % 2 == 0 && $0 ~ /;[ \t]*$/) { printf "%s", buf; inside = 0 }
      next
  }
  !inside && /^CREATE FUNCTION / { inside = 1; kind = "f"; buf = ""; quote = "" }
  !inside && /^DO \$[A-Za-z_]*\$/ { inside = 1; kind = "do"; buf = ""; quote = ""; creates = 0 }
  inside {
      line = $0
      if (line ~ /CREATE FUNCTION /) { sub(/CREATE FUNCTION /, "CREATE OR REPLACE FUNCTION ", line); creates = 1 }
      buf = buf line "\n"
      scan($0)
      if (quote == "" && $0 ~ /;[ \t]*$/) {
          if (kind == "f" || creates) printf "%s", buf
          inside = 0
      }
  }
  END { if (inside) { print "assemble.sh: unterminated statement at the end of the install script" > "/dev/stderr"; exit 1 } }
  ')
  [ -n "$functions" ] || { echo "assemble.sh: no functions in $*" >&2; exit 1; }
  awk '
  /^--@functions[ \t]*$/ { while ((getline line < "/dev/fd/3") > 0) print line; n++; next }
  /^--@/ { print "assemble.sh: " FILENAME ":" FNR ": unknown directive in a delta: " $0 > "/dev/stderr"; exit 1 }
  { print }
  END { if (n != 1) { print "assemble.sh: " FILENAME " must hold --@functions once" > "/dev/stderr"; exit 1 } }
  ' "$delta" 3< <(printf '%s\n' "$functions") | layout_constants
  exit
fi
edition=${1:?usage: assemble.sh uidx|uidx_sql FILE...}
shift
case $edition in uidx|uidx_sql) ;; *) echo "assemble.sh: unknown edition \"$edition\"" >&2; exit 2 ;; esac
common=$(cd "$(dirname "$0")" && pwd)/common

awk -v edition="$edition" -v common="$common" '
function fail(msg) { print "assemble.sh: " msg > "/dev/stderr"; failed = 1; exit 1 }
# one file of src/sql/common/, its conditional lines resolved
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
' "$@" | layout_constants
