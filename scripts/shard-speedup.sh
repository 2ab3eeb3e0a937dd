#!/usr/bin/env bash
# What splitting a check between N machines would buy: runs the N shards of `check --shard I/N`
# one after another on this machine, merges them, and prints for each N the distinct states
# (the union, from the fingerprints, against one whole run), the states the shards explored in
# all, the overlap, the slowest shard's search time, and the speed-up that N machines would see
# (one whole run's search time over the slowest shard's).
#
#   scripts/shard-speedup.sh [CHECK ARGS...]           # default: the default configurations
#   scripts/shard-speedup.sh --family removal --quick
#   NS="2 4" DEPTH=8 SHARD_BY=frontier scripts/shard-speedup.sh --mode war
#   WEIGHTS=1 scripts/shard-speedup.sh    # configurations weighed by the whole run's report
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -q -p riftcheck-model
bin=target/release/riftcheck
ns=${NS:-"2 4 8"}
depth=${DEPTH:-6}
by=${SHARD_BY:-configuration}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
"$bin" check --quiet --threads 1 --format json --fingerprints "$out/whole" --out "$out/cx" "$@" \
  >"$out/whole.json" || true
weights=()
[ -n "${WEIGHTS:-}" ] && weights=(--shard-weights "$out/whole.json")
for n in $ns; do
  for i in $(seq 0 $((n - 1))); do
    "$bin" check --quiet --threads 1 --format json --shard "$i/$n" --shard-depth "$depth" --shard-by "$by" \
      --fingerprints "$out/fp$n" --out "$out/cx" "${weights[@]}" "$@" >"$out/run$n.$i.json" || true
  done
  "$bin" merge --format json --fingerprints "$out/fp$n" "$out"/run$n.*.json >"$out/merged$n.json" || true
done
python3 - "$out" "$ns" <<'EOF'
import json, sys
out, ns = sys.argv[1], sys.argv[2].split()
whole = json.load(open(f"{out}/whole.json"))
w_unique = sum(c["unique_states"] for c in whole["configurations"])
w_secs = sum(c["seconds"] for c in whole["configurations"])
print(f"one run: {w_unique} distinct states, {w_secs:.2f} s of search, verdict {whole['verdict']}")
print(f"split by {json.load(open(f'{out}/run{ns[0]}.0.json'))['shard']['by']}")
print(f"{'N':>3} {'union':>10} {'same':>5} {'explored':>10} {'overlap':>10} {'slowest s':>10} {'speed-up':>9}  verdict")
for n in ns:
    m = json.load(open(f"{out}/merged{n}.json"))
    runs = [json.load(open(f"{out}/run{n}.{i}.json")) for i in range(int(n))]
    union = sum(c["unique_states"] for c in m["configurations"])
    explored = sum(c["unique_states_sum"] for c in m["configurations"])
    per_run = [sum(c["seconds"] for c in r["configurations"]) for r in runs]
    slowest = max(per_run)
    same = union == w_unique and m["verdict"] == whole["verdict"]
    print(f"{n:>3} {union:>10} {'yes' if same else 'NO':>5} {explored:>10} {explored - union:>10} {slowest:>10.2f} {w_secs / max(slowest, 1e-9):>8.2f}x  {m['verdict']}")
EOF
