#!/usr/bin/env bash
# For every rule fault: does the model checker, the `lockstep` fuzzer and the proptest suite find
# it, in how many steps (the shortest or shrunk counterexample) and how long? Prints a Markdown
# table. Each driver is bounded: the checker runs to completion (seconds), the fuzzer for at most
# FUZZ_RUNS executions (default 300000) from the seed corpus, proptest for at most
# PROPTEST_CASES cases (default 2000).
# Usage: scripts/faults-table.sh [FAULT...]
set -uo pipefail
cd "$(dirname "$0")/.."
FUZZ_RUNS=${FUZZ_RUNS:-300000}
export PROPTEST_CASES=${PROPTEST_CASES:-2000}
cargo build --release -q -p riftcheck-model
cargo test --release -q --test suite --no-run 2>/dev/null
(cd fuzz && ./seed-corpora.sh >/dev/null && cargo fuzz build -s none lockstep >/dev/null 2>&1)
faults=${*:-$(./target/release/riftcheck faults | awk '{print $1}')}
now() { date +%s.%N; }
since() { python3 -c "print(f'{$(now) - $1:.1f}')"; }
# The number of steps in the first scenario file printed in a log.
steps_in() { python3 - "$1" <<'PY'
import re, sys
text = open(sys.argv[1], errors="replace").read()
m = re.search(r"^steps = \[\n(.*?)^\]", text, re.S | re.M)
print(len([l for l in m.group(1).splitlines() if l.strip()]) if m else "?")
PY
}
echo "| fault | checker | steps | time | lockstep fuzzer | steps | time | proptest | steps | time |"
echo "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"
for f in $faults; do
  # The model checker: the default check, the shortest counterexample over all configurations.
  t0=$(now)
  json=$(./target/release/riftcheck check --fault "$f" --format json 2>/dev/null)
  ct=$(since "$t0")
  read -r cfound csteps < <(python3 -c '
import json, sys
d = json.loads(sys.stdin.read())
n = [len(c["steps"]) for x in d["configurations"] for c in x["counterexamples"]]
print("yes" if n else "no", min(n) if n else "-")' <<<"$json")
  # The lockstep fuzzer, from the seed corpus.
  work=$(mktemp -d); cp -L fuzz/corpus/lockstep/seed-* "$work/"
  log=$(mktemp)
  t0=$(now)
  (cd fuzz && RIFTCHECK_FAULT="$f" cargo fuzz run -s none lockstep "$work" -- \
      -runs="$FUZZ_RUNS" -seed=1 -artifact_prefix="$work/" >"$log" 2>&1)
  status=$?
  ft=$(since "$t0")
  if [ $status -ne 0 ] && grep -q "Finding:" "$log"; then ffound=yes; fsteps=$(steps_in "$log"); else ffound=no; fsteps=-; fi
  rm -rf "$work"
  # The proptest suite.
  t0=$(now)
  RIFTCHECK_FAULT="$f" cargo test --release -q --test suite state_machine::the_engine_keeps_up >"$log" 2>&1
  status=$?
  pt=$(since "$t0")
  if [ $status -ne 0 ] && grep -q "Finding:" "$log"; then pfound=yes; psteps=$(steps_in "$log"); else pfound=no; psteps=-; fi
  rm -f "$log"
  echo "| $f | $cfound | $csteps | ${ct}s | $ffound | $fsteps | ${ft}s | $pfound | $psteps | ${pt}s |"
done
