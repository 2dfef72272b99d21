#!/usr/bin/env bash
# `make asan-check`: builds the extension with -fsanitize=address,undefined in a
# copy of the tree, starts a sandbox server with the ASan runtime preloaded
# (the server itself is not instrumented), runs the whole pg_regress suite, and
# fails on any sanitizer report or test failure.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
work=/tmp/uidx-asan.$(id -u)
rm -rf "$work"; mkdir -p "$work"; chmod 755 "$work"
(cd "$top" && git ls-files -co --exclude-standard | cpio -pdm --quiet "$work/tree")

sanitize="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"
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
status=0
UIDX_SCRIPTS=none bash "$work/tree/test/scripts/run-tests.sh" || status=1
if ls "$reports"/* >/dev/null 2>&1; then
  echo "asan-check: sanitizer reports:"; cat "$reports"/*; status=1
else
  echo "asan-check: no AddressSanitizer or UndefinedBehaviorSanitizer reports"
fi
exit $status
