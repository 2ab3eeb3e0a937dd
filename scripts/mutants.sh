#!/usr/bin/env bash
# Mutation testing of the engine (docs/testing.md, "Mutation testing"): runs cargo-mutants with the
# configuration in .cargo/mutants.toml and fails when a mutant survives that is not listed, with
# its reason, in .cargo/mutants-equivalent.txt. Extra arguments go to cargo mutants.
#
#   scripts/mutants.sh                           # the whole engine, 1,237 mutants, hours on 2 cores
#   scripts/mutants.sh -F src/rules/cleanup.rs   # the mutants of one file (-f does not narrow
#                                                # the globs of .cargo/mutants.toml)
set -uo pipefail
cd "$(dirname "$0")/.."

out=${MUTANTS_OUT:-.}
# A mutant that breaks a property test is caught at its first failing case. Shrinking that case
# (to show a person the smallest input) only spends the mutant's time limit: in a sample of the
# rules' mutants, 40 of 176 had failed a test and were still shrinking when the limit stopped them.
export PROPTEST_MAX_SHRINK_ITERS="${PROPTEST_MAX_SHRINK_ITERS:-0}"
cargo mutants -j "${MUTANTS_JOBS:-2}" --output "$out" "$@"
status=$?
# 0: every mutant caught; 2: some missed; 3: some timed out. Anything else is a failed run.
case $status in
  0 | 2 | 3) ;;
  *)
    echo "mutants.sh: cargo mutants failed (exit $status)" >&2
    exit "$status"
    ;;
esac

# A mutant's line without its line and column, as the equivalents list names it.
bare() { sed -E 's/^([^:]+):[0-9]+:[0-9]+:/\1:/' "$1"; }
# Two mutants of one operator in one function then read the same: one line.
strip() { bare "$1" | sort -u; }
survivors=$(strip "$out/mutants.out/missed.txt")
expected=$(grep -v '^#' .cargo/mutants-equivalent.txt | grep -v '^$' | sort)
unexpected=$(comm -23 <(printf '%s\n' "$survivors" | grep -v '^$') <(printf '%s\n' "$expected"))
gone=$(comm -13 <(printf '%s\n' "$survivors" | grep -v '^$') <(printf '%s\n' "$expected"))

caught=$(wc -l < "$out/mutants.out/caught.txt")
missed=$(wc -l < "$out/mutants.out/missed.txt")
timeout=$(wc -l < "$out/mutants.out/timeout.txt")
unviable=$(wc -l < "$out/mutants.out/unviable.txt")
viable=$((caught + missed + timeout))
echo "caught $caught, missed $missed (of them listed as equivalent: $(bare "$out/mutants.out/missed.txt" | grep -cxF -f <(printf '%s\n' "$expected"))), timeout $timeout, unviable $unviable"
if [ "$viable" -gt 0 ]; then
  awk -v c="$caught" -v t="$timeout" -v v="$viable" \
    'BEGIN { printf "score: %.1f%% of viable mutants caught or timed out\n", 100 * (c + t) / v }'
fi
if [ -n "$gone" ]; then
  echo "listed as equivalent but not surviving in this run (if the run covered them, prune .cargo/mutants-equivalent.txt):"
  printf '%s\n' "$gone" | sed 's/^/  /'
fi
if [ -n "$unexpected" ]; then
  echo "surviving mutants the tests should catch:" >&2
  printf '%s\n' "$unexpected" | sed 's/^/  /' >&2
  exit 1
fi
