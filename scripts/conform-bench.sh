#!/usr/bin/env bash
# The figures of `riftcheck conform`: steps per second over the protocol against `riftcheck serve`
# (with snapshot/restore, and with reset-and-replay), and the time each example engine takes to
# its first finding. Figures, not a test: the machine is shared, so run it twice if a number
# looks off.
#
#   scripts/conform-bench.sh            # every default configuration (about 6 minutes)
#   scripts/conform-bench.sh --mode duel
#   scripts/conform-bench.sh --ruleset mtg   # MTG's 14 configurations: serve --ruleset mtg
#
# Extra arguments narrow the configurations (`--mode`, `--family`, `--players`).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -q -p riftcheck-model
bin=target/release/riftcheck
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# Prints one line of figures from a `conform --format json` report on stdin.
summary() {
  python3 -c '
import json, sys
label, wall = sys.argv[1], float(sys.argv[2])
r = json.load(sys.stdin)
rows = [x for x in r["exhaustive"] if x["unsupported"] is None]
steps = sum(x["steps"] for x in rows)
requests = sum(x["requests"] for x in rows)
secs = sum(x["seconds"] for x in rows)
first = sorted(r["findings"], key=lambda d: d["seconds"])
if first:
    d = first[0]
    found = "{} in {} ({} step(s), rule {}): {:.2f} s into the run".format(
        d["phase"], d["configuration"], len(d["steps"]), d["rule"], d["seconds"])
else:
    found = "no finding"
print("{:34} {:>10} {:>10} {:>9.1f} {:>10.0f}   {}".format(
    label, steps, requests, secs, steps / max(secs, 1e-9), found))
print("{:34} wall {:.1f} s".format("", wall))
' "$@"
}

# Runs conform on an engine; its figures.
run() {
  local label=$1
  shift
  local start end
  start=$(date +%s%N)
  "$bin" conform --format json --out "$out" --phases exhaustive "$@" >"$out/report.json" || true
  end=$(date +%s%N)
  summary "$label" "$(( (end - start) / 1000000 ))e-3" <"$out/report.json"
}

printf '%-34s %10s %10s %9s %10s   %s\n' engine steps requests seconds steps/s "first finding"
if [ "${1:-}" = "--ruleset" ] && [ "${2:-}" = "mtg" ]; then
  run "riftcheck serve --ruleset mtg" --ruleset mtg --engine "$bin serve --ruleset mtg"
  run "the same, --fault stolen-exiled" --ruleset mtg \
    --engine "$bin serve --ruleset mtg --fault stolen-exiled"
  exit 0
fi
run "riftcheck serve (snapshots)" --engine "$bin serve" "$@"
run "riftcheck serve (reset, replay)" --engine "$bin serve --no-snapshot" "$@"
for e in reducer_engine.py chain_engine.py; do
  run "$e" --engine "python3 examples/engines/$e" "$@"
  run "$e --no-mistake" --engine "python3 examples/engines/$e --no-mistake" "$@"
done
run "tabletop (node)" --engine "node examples/engines/tabletop/bridge.mjs" "$@"
run "tabletop (node) --no-mistake" --engine "node examples/engines/tabletop/bridge.mjs --no-mistake" "$@"
