#!/usr/bin/env bash
# Counts the CPU instructions of each benchmark's timed part with callgrind, for raw C and Quarry,
# and prints them per operation: figures that don't drift with the machine, to compare commits.
#
#   Benchmarks/instructions.sh [CHECKOUT] [W1 … W6]
#
# CHECKOUT is a Quarry checkout whose Benchmarks/.build/release/QuarryBenchmarks is built (`swift
# build -c release --package-path Benchmarks`); by default, the one this script is in. Workloads: W1
# to W6 by default; W1S, W2S, W3O and W3OT on request. Each contender runs alone, at full size, under
# callgrind; its count is the inclusive cost of `Clock.measure(_:)`, which Harness.swift's `measure`
# calls around each timed run only (not the warm-up run nor `reset`): 7 runs (main.swift's
# `iterations`) of N operations (main.swift's sizes), so per operation = count / (7 × N). The script
# stops if `Clock.measure` was not called 7 times. W5's raw C is the "hand-built string" contender;
# W6 compares "raw C, 1 connection" with "Quarry pool, 1 reader". W3O and W3OT (on request) compare
# Quarry's pool with no observation ("raw C" column) and with 1,000 observations of other tables
# ("Quarry" column): the writer's own work only (the observations' fetches run on other threads,
# outside `Clock.measure`). Hashing is made deterministic; W4's and W6's ids are random, so their
# counts move slightly from run to run. It takes about 25 minutes on 2 cores; callgrind's files stay
# in the directory printed at the end.
set -euo pipefail
if [[ $# -gt 0 && -d $1 ]]; then checkout=$1 && shift; else checkout=$(dirname "$0")/..; fi
binary=$(cd "$checkout" && pwd)/Benchmarks/.build/release/QuarryBenchmarks
[[ -x $binary ]] || { echo "not built: $binary" >&2; exit 1; }
workloads=("$@")
[[ $# -gt 0 ]] || workloads=(W1 W2 W3 W4 W5 W6)
out=$(mktemp -d "${TMPDIR:-/tmp}/quarry-instructions.XXXXXX")
iterations=7

# Prints the inclusive instructions of `Clock.measure(_:)` (the synchronous one) for one
# contender of one workload, and checks that it was called once per timed run.
count() {
  local file="$out/$1-${2//[^A-Za-z0-9]/_}.callgrind" start=$SECONDS cost calls
  SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --callgrind-out-file="$file" \
    "$binary" "$1" "contender=$2" > "$file.log" 2>&1 || { cat "$file.log" >&2; return 1; }
  read -r cost calls < <(
    callgrind_annotate --inclusive=yes --tree=caller --threshold=100 --auto=no "$file" | awk '
      /^$/ { calls = 0 }
      / < / && match($0, /\([0-9]+x\)/) { calls += substr($0, RSTART + 1, RLENGTH - 3) }
      / \* / && /ClockPsE7measurey8DurationQzyyKXEKF/ { gsub(",", "", $1); print $1, calls; exit }'
  ) || true
  if [[ ${calls:-} != "$iterations" ]]; then
    echo "$1 $2: Clock.measure called ${calls:-0} times, not $iterations ($file)" >&2
    return 1
  fi
  echo "$1 $2: $cost instructions in Clock.measure, callgrind took $((SECONDS - start)) s" >&2
  echo "$cost"
}

printf '| workload | per | operations | raw C instr/op | Quarry instr/op | Quarry / raw C |\n'
printf '|---|---|---|---|---|---|\n'
for workload in "${workloads[@]}"; do
  raw="raw C" quarry=Quarry
  case $workload in
    W1 | W2 | W1S | W2S) size=100000 unit=row ;;
    W3) size=20000 unit=insert ;;
    W4) size=10000 unit=lookup ;;
    W5) size=100000 unit=render raw="hand-built string" ;;
    W6) size=10000 unit=lookup raw="raw C, 1 connection" quarry="Quarry pool, 1 reader" ;;
    W3O | W3OT)
      size=20000 unit=insert raw="Quarry pool, 0 observations"
      quarry="Quarry pool, 1,000 observations"
      [[ $workload == W3O ]] || { size=2000 unit=transaction; }
      ;;
    *) echo "unknown workload $workload" >&2 && exit 1 ;;
  esac
  raw_count=$(count "$workload" "$raw")
  quarry_count=$(count "$workload" "$quarry")
  awk -v w="$workload" -v u="$unit" -v s="$size" -v i="$iterations" -v r="$raw_count" \
    -v q="$quarry_count" 'BEGIN {
      printf "| %s | %s | %d × %d | %.1f | %.1f | %.3f× |\n", w, u, i, s, r / (i * s), q / (i * s), q / r
    }'
done
echo "callgrind files: $out" >&2
