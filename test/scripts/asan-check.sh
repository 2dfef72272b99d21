#!/usr/bin/env bash
# `make asan-check`: builds the extension with -fsanitize=address,undefined in a
# copy of the tree, starts a sandbox server with the ASan runtime preloaded
# (the server itself is not instrumented), runs the whole pg_regress suite, and
# fails on any sanitizer report or test failure.
#
# Everything lives in a private directory (mktemp), removed at the end; after a
# failure only the sanitizer reports and the server log are kept there.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/uidx-asan.XXXXXX")
chmod 755 "$work"   # the server (user postgres when run as root) writes reports here
status=1
finish() {
  if [ "$status" -eq 0 ]; then
    rm -rf "$work"
  else
    [ -f "$work/tree/regression.diffs" ] && mv "$work/tree/regression.diffs" "$work/"
    rm -rf "$work/tree" "$work/sandbox/root" "$work/sandbox/data" "$work/sandbox/sock"
    echo "asan-check: reports, regression.diffs and server log kept in $work" >&2
  fi
}
trap finish EXIT
(cd "$top" && git ls-files -co --exclude-standard | cpio -pdm --quiet "$work/tree")

# PostgreSQL compiles with -fwrapv, under which signed overflow is defined and
# UBSan does not check it; uidx's own code must never rely on wrapping, so
# here it is undefined again and traps.
sanitize="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer -fno-wrapv"
make -C "$work/tree" -s clean >/dev/null 2>&1 || true
make -C "$work/tree" -s PG_CFLAGS="$sanitize" SHLIB_LINK="-lcrypto $sanitize" >/dev/null

libasan=$(gcc -print-file-name=libasan.so)
gcc -shared -fPIC -Wl,-z,initfirst -o "$work/asan-early-init.so" \
    "$top/test/scripts/asan-early-init.c" -lasan
reports=$work/reports
mkdir -p "$reports"; chmod 777 "$reports"
# Leak checking is off: backends exit without freeing their memory contexts by
# design, which LeakSanitizer would report as leaks of the server, not of uidx.
export SANDBOX_DIR=$work/sandbox SANDBOX_PORT=54330
export SANDBOX_ENV="LD_PRELOAD=$libasan:$work/asan-early-init.so ASAN_OPTIONS=detect_leaks=0:abort_on_error=1:log_path=$reports/asan UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1:log_path=$reports/ubsan"
result=0
UIDX_SCRIPTS=none bash "$work/tree/test/scripts/run-tests.sh" || result=1
# UBSan inside the extension may write to the server's stderr instead
grep -E "runtime error:|ERROR: AddressSanitizer" "$SANDBOX_DIR/log/server.log" \
  >"$reports/server-log" 2>/dev/null || rm -f "$reports/server-log"
if ls "$reports"/* >/dev/null 2>&1; then
  echo "asan-check: sanitizer reports:"; cat "$reports"/*; result=1
else
  echo "asan-check: no AddressSanitizer or UndefinedBehaviorSanitizer reports"
fi
status=$result
exit $status
