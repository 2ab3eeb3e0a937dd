#!/usr/bin/env bash
# Speed against another revision: builds REV beside the working tree (a git worktree and a target
# directory of its own), then runs both `riftcheck check`s on the same configurations, alternating
# A B A B ... so that drift of the shared machine hits both alike, and prints for each the
# distinct states, the search's seconds, distinct states per second of the search and of the whole
# run (its wall time), peak memory, and the ratios (this tree over REV), medians of the runs.
#
#   scripts/bench-against.sh REV [RUNS] [-- CHECK ARGS...]
#   scripts/bench-against.sh 25dff51 5 -- --mode war --family removal --bounds turns=3,concessions=2
#   scripts/bench-against.sh 25dff51 3            # the default configurations
#
# Both must accept `check --format json` with the given arguments; BENCH_NEW_ARGS adds arguments
# for this tree only (e.g. "--quick --threads 1", to give it the configurations and the single
# checker thread of a revision before those options). Nothing is installed.
set -euo pipefail
cd "$(dirname "$0")/.."
rev=${1:?usage: scripts/bench-against.sh REV [RUNS] [-- CHECK ARGS...]}
shift
runs=5
if [ $# -gt 0 ] && [ "$1" != "--" ]; then
  runs=$1
  shift
fi
[ "${1:-}" = "--" ] && shift
args=("$@")

base=${BENCH_AGAINST_DIR:-/tmp/riftcheck-bench-against}
sha=$(git rev-parse --short "$rev")
tree="$base/$sha"
if [ ! -d "$tree" ]; then
  mkdir -p "$base"
  git worktree add --detach "$tree" "$sha" >/dev/null
fi
echo "building $sha in $tree" >&2
(cd "$tree" && CARGO_TARGET_DIR="$base/target-$sha" cargo build --release -q -p riftcheck-model)
echo "building the working tree" >&2
cargo build --release -q -p riftcheck-model
old="$base/target-$sha/release/riftcheck"
new="target/release/riftcheck"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# One run: the JSON report and the wall time and peak memory of the process.
read -r -a extra <<<"${BENCH_NEW_ARGS:-}"
one() {
  local bin=$1 tag=$2 i=$3
  shift 3
  /usr/bin/time -f "%e %M" -o "$out/$tag.$i.time" "$bin" check --format json "$@" "${args[@]}" \
    >"$out/$tag.$i.json" 2>/dev/null || true
}
for i in $(seq 1 "$runs"); do
  one "$new" new "$i" "${extra[@]}"
  one "$old" old "$i"
done

python3 - "$out" "$runs" "$sha" <<'EOF'
import json, statistics, sys
out, runs, sha = sys.argv[1], int(sys.argv[2]), sys.argv[3]
def figures(tag):
    rows = []
    for i in range(1, runs + 1):
        r = json.load(open(f"{out}/{tag}.{i}.json"))
        wall, kb = open(f"{out}/{tag}.{i}.time").read().split()
        confs = r["configurations"]
        unique = sum(c["unique_states"] for c in confs)
        states = sum(c["states"] for c in confs)
        secs = sum(c["seconds"] for c in confs)
        rows.append((unique, secs, unique / max(secs, 1e-9), float(wall), int(kb) / 1024,
                     states / max(secs, 1e-9), unique / max(float(wall), 1e-9)))
    med = lambda k: statistics.median(x[k] for x in rows)
    return {"unique": rows[0][0], "search": med(1), "rate": med(2), "wall": med(3), "peak": med(4),
            "gen": med(5), "whole": med(6)}
a, b = figures("new"), figures("old")
print(f"{'':22} {'distinct':>10} {'search s':>9} {'distinct/s':>11} {'generated/s':>12} {'wall s':>8} {'distinct/s':>11} {'peak MiB':>9}")
print(f"{'':22} {'':>10} {'':>9} {'(search)':>11} {'(search)':>12} {'':>8} {'(whole run)':>11} {'':>9}")
for name, f in (("this tree", a), (sha, b)):
    print(f"{name:22} {f['unique']:>10} {f['search']:>9.2f} {f['rate']:>11.0f} {f['gen']:>12.0f} {f['wall']:>8.2f} {f['whole']:>11.0f} {f['peak']:>9.1f}")
print(f"{'ratio (this / ' + sha + ')':22} {a['unique'] / b['unique']:>10.3f} {a['search'] / b['search']:>9.3f} "
      f"{a['rate'] / b['rate']:>11.2f} {a['gen'] / b['gen']:>12.2f} {a['wall'] / b['wall']:>8.3f} {a['whole'] / b['whole']:>11.2f} {a['peak'] / b['peak']:>9.3f}")
print(f"(medians of {runs} alternating runs; distinct/s ratios above 1 and the wall ratio below 1 mean this tree is")
print(" faster. 'search' counts each configuration's main search as the report gives it: in a revision that")
print(" searched twice (a second search for cycles, 25dff51 and before) only the first; 'whole run' is the")
print(" distinct states over the wall time of the whole check, everything it does to reach its verdict)")
EOF
