#!/usr/bin/env bash
# Builds every test/fuzz/fuzz_*.c harness with clang's libFuzzer, ASan and UBSan
# (UB aborts, leaks are reported) and runs each for FUZZ_SECONDS.
#
#   FUZZ_SECONDS=60 (default)   run time per harness
#   FUZZ_TARGETS="iuid_in"      only these harnesses
#   FUZZ_JOBS=1                 libFuzzer -fork workers per harness
#
# Seeds live in test/fuzz/corpus/<name>/ (committed: the FORMATS.md vectors); what a
# run finds goes to test/fuzz/corpus-run/<name>/ (kept between runs, not
# committed).  Prints one summary line per harness with its execution count
# and exits non-zero if any harness crashed, leaked or hit undefined behaviour.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
seconds=${FUZZ_SECONDS:-60}
build=$here/build
mkdir -p "$build"
CLANG=${CLANG:-clang}
command -v "$CLANG" >/dev/null || { echo "fuzz: clang not found (make deps installs it)" >&2; exit 1; }

targets=${FUZZ_TARGETS:-$(cd "$here" && ls fuzz_*.c | sed 's/^fuzz_//; s/\.c$//')}
fail=0
for t in $targets; do
  src=$here/fuzz_$t.c
  deps=$(sed -n 's/^ \* sources: //p' "$src" | head -1)
  bin=$build/fuzz_$t
  # shellcheck disable=SC2086
  if ! (cd "$top" && "$CLANG" -g -O1 -fsanitize=fuzzer,address,undefined \
          -fno-sanitize-recover=all -DUIDX_NO_POSTGRES -Isrc \
          "$src" $deps -o "$bin") >"$build/$t.build.log" 2>&1; then
    echo "fuzz $t: BUILD FAILED"; cat "$build/$t.build.log"; fail=1; continue
  fi
  mkdir -p "$here/corpus-run/$t" "$here/corpus/$t"
  log=$build/$t.log
  ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    "$bin" -max_total_time="$seconds" -print_final_stats=1 -max_len=256 \
      -artifact_prefix="$build/$t-" \
      "$here/corpus-run/$t" "$here/corpus/$t" >"$log" 2>&1
  status=$?
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  if [ $status -ne 0 ] || grep -qE 'ERROR: (AddressSanitizer|LeakSanitizer|libFuzzer)|runtime error:' "$log"; then
    echo "fuzz $t: FAILED after ${execs:-?} executions (see $log)"
    grep -m5 -E 'ERROR|runtime error|SUMMARY' "$log"
    fail=1
  else
    echo "fuzz $t: ${execs:-0} executions in ${seconds}s (${rate:-0}/s), no crash, leak or UB"
  fi
done
exit $fail
