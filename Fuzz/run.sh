#!/usr/bin/env bash
# Builds the fuzz targets with libFuzzer and AddressSanitizer, then runs each for a fixed time
# from its checked-in seed corpus, with a fixed seed. Exits non-zero on the first finding (a
# crash, a leak, a hang past the timeout), leaving the input that caused it in the work folder.
#
#   Fuzz/run.sh [SECONDS_PER_TARGET] [TARGET ...]     (default: 60 s, every target)
set -euo pipefail
cd "$(dirname "$0")"
seconds=${1:-60}
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then targets=(FuzzSQLText FuzzRawSQL FuzzDecoding); fi

echo "== building the fuzz targets (-sanitize=fuzzer,address)"
for target in "${targets[@]}"; do
  swift build -c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library \
    --product "$target"
done
bin=$(swift build -c release --show-bin-path)

work=$(mktemp -d "${TMPDIR:-/tmp}/quarry-fuzz-XXXXXX")
total=0
for target in "${targets[@]}"; do
  mkdir -p "$work/$target"
  echo "== $target: $seconds s, seed 1"
  log="$work/$target.log"
  if ! "$bin/$target" -seed=1 -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 \
    -print_final_stats=1 -artifact_prefix="$work/$target/" \
    "$work/$target" "Corpus/$target" >"$log" 2>&1; then
    tail -n 40 "$log"
    echo "error: $target found a problem; its input is in $work/$target/" >&2
    exit 1
  fi
  runs=$(grep -Eo 'stat::number_of_executed_units: *[0-9]+' "$log" | grep -Eo '[0-9]+$' || echo 0)
  coverage=$(grep -Eo 'cov: [0-9]+' "$log" | tail -n 1 || true)
  echo "$target: $runs executions, 0 crashes ($coverage)"
  total=$((total + runs))
done
echo "fuzz: $total executions in all, 0 crashes"
rm -rf "$work"
