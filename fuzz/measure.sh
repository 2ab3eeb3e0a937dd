#!/usr/bin/env bash
# Measures the fuzz targets on this machine, from the seed corpus: executions per second, coverage
# at the start, after the first minute and after SECONDS (default 600), and whether the last
# minute still found new coverage (new inputs added in that minute); then the actions checked
# per input of the corpus the run ended with (the target's body replayed on it by
# `examples/fuzz_throughput.rs`) and so the actions checked per second.
# Usage: fuzz/measure.sh [SECONDS] [TARGET...]
set -uo pipefail
cd "$(dirname "$0")"
secs=${1:-600}
shift || true
# Three runs: the first minute, the middle, the last minute.
if [ "$secs" -lt 180 ]; then echo "SECONDS must be at least 180"; exit 2; fi
targets=${*:-lockstep arbitrary_state legals_are_legal scenario_roundtrip}
cargo fuzz build -s none >/dev/null 2>&1 || { echo "build failed"; exit 1; }
( cd .. && cargo build --release -q --example fuzz_throughput ) || { echo "build failed"; exit 1; }
throughput=../target/release/examples/fuzz_throughput
stat() { grep -E "stat::$2" "$1" | tail -1 | awk '{print $2}'; }
cov() { grep -E '(DONE|INITED) .*cov:' "$1" | tail -1 | sed -E 's/.*cov: ([0-9]+).*/\1/'; }
printf '%-20s %8s %10s %10s %10s %16s %14s %12s\n' target exec/s cov_start cov_1min cov_end \
  new_last_minute actions/input actions/s
for t in $targets; do
  top=$(mktemp -d)
  work="$top/$t"
  mkdir -p "$work"
  cp -L corpus/"$t"/seed-* "$work/" 2>/dev/null
  dict=""
  [ "$t" = scenario_roundtrip ] && dict="-dict=scenario.dict"
  run() { cargo fuzz run -s none "$t" "$work" -- -max_total_time="$1" -seed="$2" $dict -print_final_stats=1 >"$3" 2>&1; }
  a=$(mktemp); b=$(mktemp); c=$(mktemp)
  run 60 1 "$a"
  run $(( secs - 120 )) 2 "$b"
  run 60 3 "$c"
  start=$(grep -m1 'INITED' "$a" | sed -E 's/.*cov: ([0-9]+).*/\1/')
  execs=$(( ( $(stat "$a" number_of_executed_units) + $(stat "$b" number_of_executed_units) + $(stat "$c" number_of_executed_units) ) / secs ))
  per=$("$throughput" "$top" 2 "$t" | awk 'NR == 2 {print $4}')
  printf '%-20s %8s %10s %10s %10s %16s %14s %12s\n' "$t" "$execs" "$start" "$(cov "$a")" "$(cov "$c")" \
    "$(stat "$c" new_units_added)" "$per" "$(awk -v e="$execs" -v p="$per" 'BEGIN {printf "%.0f", e * p}')"
  rm -rf "$top" "$a" "$b" "$c"
done
