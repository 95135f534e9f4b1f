#!/usr/bin/env bash
# Builds the fuzz targets with libFuzzer and AddressSanitizer, then runs each from its
# checked-in seed corpus with a fixed seed: for a fixed number of executions (what CI runs:
# the same amount of work on every machine, however fast), or for a fixed time. Exits non-zero on the
# first finding (a crash, a leak, a hang past the timeout), leaving the input that caused it
# in the work folder.
#
#   Fuzz/run.sh --runs [N] [TARGET ...]           N executions per target (default: each
#                                                 target's count in `ci_runs` below)
#   Fuzz/run.sh [SECONDS_PER_TARGET] [TARGET ...] a time budget per target (default: 60 s)
set -euo pipefail
cd "$(dirname "$0")"

# Executions per target for `--runs` (what CI runs): 30 to 50 s each on the development
# machine (2 cores, shared), from the rates of `Fuzz/run.sh 45` there (FuzzSQLText about
# 1,440 executions/s, FuzzRawSQL 7,300, FuzzDecoding 250); see the README's Reliability section.
# The count and the seed are fixed, not the exact inputs: two runs follow the same inputs for
# the first few thousand executions, then part ways (see the README).
declare -A ci_runs=([FuzzSQLText]=55000 [FuzzRawSQL]=280000 [FuzzDecoding]=9000)

mode=time
seconds=60
runs=""
if [ "${1:-}" = "--runs" ]; then
  mode=runs
  shift
  if [[ "${1:-}" =~ ^[0-9]+$ ]]; then runs=$1; shift; fi
elif [[ "${1:-}" =~ ^[0-9]+$ ]]; then
  seconds=$1
  shift
fi
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then targets=(FuzzSQLText FuzzRawSQL FuzzDecoding); fi
# Swift's hashing is seeded per process unless told otherwise: a set's order could then steer
# an input down other paths from one run to the next.
export SWIFT_DETERMINISTIC_HASHING=1

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
  if [ "$mode" = runs ]; then
    count=${runs:-${ci_runs[$target]}}
    budget=(-runs="$count")
    echo "== $target: $count executions, seed 1"
  else
    budget=(-max_total_time="$seconds")
    echo "== $target: $seconds s, seed 1"
  fi
  log="$work/$target.log"
  started=$SECONDS
  if ! "$bin/$target" -seed=1 "${budget[@]}" -reload=0 -timeout=10 -rss_limit_mb=4096 \
    -print_final_stats=1 -artifact_prefix="$work/$target/" \
    "$work/$target" "Corpus/$target" >"$log" 2>&1; then
    tail -n 40 "$log"
    echo "error: $target found a problem; its input is in $work/$target/" >&2
    exit 1
  fi
  executed=$(grep -Eo 'stat::number_of_executed_units: *[0-9]+' "$log" | grep -Eo '[0-9]+$' || echo 0)
  coverage=$(grep -Eo 'cov: [0-9]+' "$log" | tail -n 1 || true)
  echo "$target: $executed executions in $((SECONDS - started)) s, 0 crashes ($coverage)"
  total=$((total + executed))
done
echo "fuzz: $total executions in all, 0 crashes"
rm -rf "$work"
