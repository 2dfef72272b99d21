#!/usr/bin/env bash
# A short run of every libFuzzer harness (FUZZ_SMOKE_SECONDS each, default 10;
# the full run is `make fuzz`).
set -euo pipefail
bash "$(dirname "$0")/../scripts/ensure-deps.sh" fuzz
FUZZ_SECONDS=${FUZZ_SMOKE_SECONDS:-10} exec bash "$(dirname "$0")/../fuzz/run.sh"
