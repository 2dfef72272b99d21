#!/usr/bin/env bash
# Every program the Makefile and the scripts under test/ run must be there on
# a fresh Debian after `make deps`: it comes from a package that
# test/scripts/ensure-deps.sh installs (or one those depend on), or from a
# package every Debian has (Essential or Priority: required, what debootstrap
# --variant=minbase installs).  A program this machine has but that came from
# elsewhere (say, cpio pulled in by some unrelated package) fails the test.
#
# The same for the Perl modules the TAP tests (test/t/*.pl) load.
#
# The commands are read from the scripts: the first word of every simple
# command (after |, ;, &&, ||, $(, then, do, ...), outside comments and here
# documents.  Words that are shell builtins, functions the script defines,
# variables or paths into a built server are not programs of the system.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top"

# sudo: only run when the user is not root, and then the user has it
not_needed="sudo"

# the closure of some packages: apt is part of minbase; the rest is what apt
# installs along
closure_of() {
  apt-cache depends --recurse --no-recommends --no-suggests --no-conflicts \
      --no-breaks --no-replaces --no-enhances "$@" apt 2>/dev/null \
    | sed -n 's/^\([a-z0-9][a-z0-9+.-]*\).*/\1/p' | sort -u
}

# the programs shell files and the Makefile's recipes run
programs_of() {
python3 - "$@" <<'PY'
import re, sys

def strip_heredocs(lines):
    out, end = [], None
    for line in lines:
        if end is not None:
            if line.strip() == end:
                end = None
            continue
        m = re.search(r"<<-?\s*['\"]?(\w+)['\"]?", line)
        if m and not line.lstrip().startswith('#'):
            end = m.group(1)
        out.append(line)
    return out

def code_only(text):
    """The shell code of text: comments and the inside of quotes become
    blanks, except command substitutions $(...) inside double quotes."""
    out, stack, i = [], ['code'], 0
    while i < len(text):
        c, top = text[i], stack[-1]
        if c == '\\':
            out.append('  '); i += 2; continue
        if top == 'dq':
            if c == '"':
                stack.pop()
            elif text.startswith('$(', i):
                stack.append('sub'); out.append(' ;'); i += 2; continue
            out.append('\n' if c == '\n' else ' ')
        else:
            if c == "'":
                j = text.find("'", i + 1)
                j = len(text) if j < 0 else j
                out.append(' ' * (j + 1 - i)); i = j + 1; continue
            if c == '"':
                stack.append('dq'); out.append(' ')
            elif c == '#' and (i == 0 or text[i - 1] in ' \t\n;'):
                j = text.find('\n', i)
                j = len(text) if j < 0 else j
                out.append(' ' * (j - i)); i = j; continue
            elif text.startswith('$(', i):
                stack.append('sub'); out.append(' ;'); i += 2; continue
            elif c == '(':
                stack.append('paren'); out.append(';')
            elif c == ')' and top in ('sub', 'paren'):
                stack.pop(); out.append(';')
            else:
                out.append(c)
        i += 1
    return ''.join(out)

SEPARATORS = re.compile(r'\|\||&&|;;|[|;&{}`\n]')
PREFIXES = {"exec", "command", "time", "env", "nohup", "then", "do", "else", "elif", "if",
            "while", "until", "!", "}", "{"}

found = set()
for path in sys.argv[1:]:
    text = open(path).read().splitlines()
    if path == "Makefile":
        # recipe lines only; $(VAR) and $(MAKE) are not programs
        text = [l[1:] for l in text if l.startswith('\t')]
        text = [re.sub(r'\$\([A-Za-z_]+\)', '$V', l) for l in text]
    functions = set(re.findall(r'^\s*([A-Za-z_][\w-]*)\s*\(\)\s*\{', '\n'.join(text), re.M))
    code = code_only('\n'.join(strip_heredocs(text)).replace('\\\n', ' '))
    for segment in SEPARATORS.split(code):
        words = segment.split()
        while words and (words[0] in PREFIXES or re.match(r'^[A-Za-z_]\w*=', words[0])):
            words.pop(0)
        if words and re.match(r'^[a-z][a-z0-9_.+-]*$', words[0]) and words[0] not in functions:
            found.add(words[0])
print('\n'.join(sorted(found)))
PY
}
# the programs TAP tests run as argument lists:
# IPC::Run::run [ 'nm', ... ], command_ok([ 'pg_dump', ... ]), '|', [ 'tar', ... ]
tap_programs_of() {
  grep -ohE "(^|run|command_ok|command_fails|command_like|system|'\\|',)[[:space:]]*\(?[[:space:]]*\[[[:space:]]*'[a-z][a-z0-9_.+-]*'" \
      "$@" | sed -E "s/.*\[[[:space:]]*'//; s/'\$//" | sort -u
}
# and the Perl modules they load: each must come from a package too, except
# the framework's (the server's pgxs directory, tap.sh) and the tests' own
perl_modules_of() {
  sed -nE 's/^use ([A-Z][A-Za-z0-9_:]+).*/\1/p' "$@" | sort -u
}

# the packages of a file (a diverted one has several); dpkg may know it under
# its name from before /usr was merged
packages_of() {
  local p q found
  for p in "$1" "$(readlink -f "$1")"; do
    for q in "$p" "${p/#\/usr\/bin\//\/bin\/}" "${p/#\/usr\/sbin\//\/sbin\/}"; do
      found=$(dpkg -S "$q" 2>/dev/null | grep -v '^diversion' | sed 's/: .*//; s/:[a-z0-9]*//g; s/,/ /g')
      [ -n "$found" ] && { echo $found; return; }
    done
  done
}

# as on a fresh machine: Debian's PATH, not this one's (pyenv, a built server)
debian_path=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
fail=0
# check LABEL WANTED COMMANDS PERL_MODULES: every program and module comes
# from the closure of WANTED or from a package every Debian has
check() {
  local label=$1 wanted=$2 commands=$3 perl_modules=$4 closure cmd path pkgs pkg prio ok mod file checked=0
  closure=$(closure_of $wanted)
  for cmd in $commands; do
    case " $not_needed " in *" $cmd "*) continue ;; esac
    [ "$(PATH=$debian_path type -t "$cmd" || true)" = file ] || continue   # builtins, keywords
    path=$(PATH=$debian_path command -v "$cmd")
    pkgs=$(packages_of "$path")
    if [ -z "$pkgs" ]; then
      echo "$cmd: $path belongs to no package, not checked"
      continue
    fi
    checked=$((checked + 1))
    ok=""
    for pkg in $pkgs; do
      prio=$(dpkg-query -W -f='${Priority} ${Essential}' "$pkg" 2>/dev/null || true)
      if grep -qx "$pkg" <<<"$closure" || [[ "$prio" == required* ]] || [[ "$prio" == *yes ]]; then
        ok=1
      fi
    done
    [ -n "$ok" ] && continue
    echo "FAIL $cmd: from $pkgs, which $label does not install"
    fail=1
  done
  for mod in $perl_modules; do
    case $mod in PostgreSQL::*) continue ;; esac
    [ -f "test/t/${mod//:://}.pm" ] && continue
    file=$(perl -M"$mod" -e 'my $f = shift; $f =~ s{::}{/}g; print $INC{"$f.pm"}' "$mod" 2>/dev/null) \
      || { echo "FAIL Perl module $mod: not installed"; fail=1; continue; }
    pkgs=$(packages_of "$file")
    ok=""
    for pkg in $pkgs; do
      prio=$(dpkg-query -W -f='${Priority} ${Essential}' "$pkg" 2>/dev/null || true)
      if grep -qx "$pkg" <<<"$closure" || [[ "$prio" == required* ]] || [[ "$prio" == *yes ]]; then ok=1; fi
    done
    [ -n "$ok" ] || { echo "FAIL Perl module $mod: $file from ${pkgs:-no package}, which $label does not install"; fail=1; }
    checked=$((checked + 1))
  done
  echo "$label: $checked programs and Perl modules checked against $(wc -w <<<"$wanted") packages of ensure-deps.sh and their dependencies"
}

# make test runs what `make deps` (ensure-deps.sh test) installs: the scripts
# it runs are those of the quick suite (test/scripts/run-tests.sh leaves out
# its full_only list)
full_only=$(sed -n '/^full_only=(/,/^)/p' test/scripts/run-tests.sh | sed -n 's/^ *\(t\/[^ ]*\).*/test\/\1/p')
quick_sh=(); quick_pl=()
for f in test/t/*.sh test/t/*.pl; do
  grep -qx "$f" <<<"$full_only" && continue
  [ "$f" = test/t/citus.sh ] && continue
  case $f in *.pl) quick_pl+=("$f") ;; *) quick_sh+=("$f") ;; esac
done
check "make test" "$(PG_CONFIG=pg_config bash test/scripts/ensure-deps.sh list test | sort -u)" \
  "$(programs_of test/scripts/run-tests.sh test/scripts/sandbox.sh test/scripts/tap.sh \
       test/scripts/cache-dir.sh "${quick_sh[@]}"; tap_programs_of "${quick_pl[@]}" test/t/*.pm)" \
  "$(perl_modules_of "${quick_pl[@]}" test/t/*.pm)"
# everything: every group ensure-deps.sh has (make deps, make demo, and what
# each suite asks for when it runs), for the default server (whatever this
# run tests), and what building another server needs
check "all targets" "$(PG_CONFIG=pg_config bash test/scripts/ensure-deps.sh list all | sort -u)" \
  "$(programs_of Makefile test/scripts/*.sh test/t/*.sh test/fuzz/*.sh test/bench/*.sh; tap_programs_of test/t/*.pl test/t/*.pm)" \
  "$(perl_modules_of test/t/*.pl test/t/*.pm)"
exit $fail
