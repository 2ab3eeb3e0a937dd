#!/usr/bin/env bash
# Measures the fuzz targets on this machine: executions per second, coverage at the start and
# after SECONDS (default 600) of fuzzing from the seed corpus, and when coverage last grew.
# Usage: fuzz/measure.sh [SECONDS] [TARGET...]
set -uo pipefail
cd "$(dirname "$0")"
secs=${1:-600}
shift || true
targets=${*:-lockstep arbitrary_state legals_are_legal scenario_roundtrip}
cargo fuzz build -s none >/dev/null 2>&1
printf '%-20s %10s %10s %10s %14s\n' target exec/s cov_start cov_end last_new_at_s
for t in $targets; do
  work=$(mktemp -d)
  cp -L corpus/"$t"/seed-* "$work/" 2>/dev/null
  dict=""
  [ "$t" = scenario_roundtrip ] && dict="-dict=scenario.dict"
  log=$(mktemp)
  cargo fuzz run -s none "$t" "$work" -- -max_total_time="$secs" -seed=1 $dict -print_final_stats=1 >"$log" 2>&1
  start=$(grep -m1 -E 'INITED' "$log" | sed -E 's/.*cov: ([0-9]+).*/\1/')
  end=$(grep -E '(DONE|pulse|NEW|REDUCE) .*cov:' "$log" | tail -1 | sed -E 's/.*cov: ([0-9]+).*/\1/')
  execs=$(grep -E 'stat::average_exec_per_sec' "$log" | awk '{print $2}')
  # The last line that reports new coverage, and the run's overall rate, give its time.
  last_new=$(grep -E '^#[0-9]+[[:space:]]+NEW' "$log" | tail -1 | sed -E 's/^#([0-9]+).*/\1/')
  last_at=$(( ${last_new:-0} / (${execs:-1} > 0 ? ${execs:-1} : 1) ))
  printf '%-20s %10s %10s %10s %14s\n' "$t" "${execs:-?}" "${start:-?}" "${end:-?}" "$last_at"
  rm -rf "$work" "$log"
done
