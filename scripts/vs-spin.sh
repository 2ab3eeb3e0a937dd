#!/usr/bin/env bash
# riftcheck against Spin on the same game: the Promela twin of `war/chain` in
# ../shared/bench/spin-twin/ (or SPIN_TWIN=DIR), at the same bounds, several runs alternating
# riftcheck, Spin on the mirrored twin (the bookkeeping riftcheck's state once held) and Spin on
# the compact twin (what the rules read). Prints the states, transitions, wall time and peak
# memory of each, medians, and the ratios. Installs nothing: without `spin` (or a C compiler) it
# says so and stops.
#
#   scripts/vs-spin.sh [TURNS] [CONCESSIONS] [RUNS]      # default: 250 3 5
#
# riftcheck's bound is `turns-begun=TURNS` (a turn handed on by a removal counts once it begins,
# as in the twin). riftcheck runs with its memo of transitions and without it (`--no-memo`).
set -euo pipefail
cd "$(dirname "$0")/.."
turns=${1:-250}
conc=${2:-3}
runs=${3:-5}
twin=${SPIN_TWIN:-../shared/bench/spin-twin}
if ! command -v spin >/dev/null 2>&1; then
  echo "vs-spin: spin is not installed (apt-get install spin); nothing to compare"
  exit 0
fi
if ! command -v gcc >/dev/null 2>&1; then
  echo "vs-spin: no gcc to build Spin's verifier; nothing to compare"
  exit 0
fi
if [ ! -f "$twin/war_chain.pml" ]; then
  echo "vs-spin: no $twin/war_chain.pml; set SPIN_TWIN"
  exit 0
fi
cargo build --release -q -p riftcheck-model
bin=$(pwd)/target/release/riftcheck
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$twin/war_chain.pml" "$work/"
(
  cd "$work"
  for variant in mirror compact; do
    flags="-DTURNS=$turns -DCONC=$conc"
    [ $variant = mirror ] && flags="-DMIRROR $flags"
    mkdir -p $variant
    spin -a $flags war_chain.pml >/dev/null
    gcc -O2 -DSAFETY -o $variant/pan pan.c
  done
)
# One timed run: wall seconds and peak KB into FILE.time, the output into FILE.out.
timed() {
  local file=$1
  shift
  /usr/bin/time -f "%e %M" -o "$file.time" "$@" >"$file.out" 2>&1 || true
}
for i in $(seq 1 "$runs"); do
  timed "$work/rc.$i" "$bin" check --quiet --threads 1 --mode war --family chain \
    --bounds "turns-begun=$turns,concessions=$conc" --format json --out "$work/cx"
  timed "$work/nomemo.$i" "$bin" check --quiet --threads 1 --mode war --family chain \
    --bounds "turns-begun=$turns,concessions=$conc" --format json --out "$work/cx" --no-memo
  (cd "$work/mirror" && timed "$work/mirror.$i" ./pan -m100000 -w22)
  (cd "$work/compact" && timed "$work/compact.$i" ./pan -m100000 -w22)
done
python3 - "$work" "$runs" "$turns" "$conc" <<'EOF'
import json, re, statistics, sys
work, runs, turns, conc = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
def times(tag):
    rows = [open(f"{work}/{tag}.{i}.time").read().split() for i in range(1, runs + 1)]
    return statistics.median(float(r[0]) for r in rows), statistics.median(int(r[1]) for r in rows) / 1024
def spin(tag):
    out = open(f"{work}/{tag}.1.out").read()
    states = int(re.search(r"(\d+) states, stored", out).group(1))
    trans = int(re.search(r"(\d+) transitions", out).group(1))
    errors = int(re.search(r"errors: (\d+)", out).group(1))
    return states, trans, errors
rows = []
for tag, name in (("rc", "riftcheck"), ("nomemo", "riftcheck --no-memo")):
    rc = json.load(open(f"{work}/{tag}.1.out"))["configurations"][0]
    rows.append((name, rc["unique_states"], rc["states"], "holds" if not rc["failed"] else "FAILS", *times(tag)))
for tag in ("mirror", "compact"):
    s, t, e = spin(tag)
    rows.append((f"Spin, {tag} twin", s, t, "holds" if e == 0 else f"{e} errors", *times(tag)))
print(f"war/chain, turns-begun={turns}, concessions={conc}; medians of {runs} alternating runs")
print(f"{'':24} {'states':>10} {'transitions':>12} {'properties':>10} {'wall s':>8} {'peak MiB':>9}")
for name, s, t, p, w, m in rows:
    print(f"{name:24} {s:>10} {t:>12} {p:>10} {w:>8.2f} {m:>9.1f}")
mirror, compact = rows[2][4], rows[3][4]
print(f"riftcheck / Spin mirror: {rows[0][4] / mirror:.2f}x the wall time; "
      f"riftcheck / Spin compact: {rows[0][4] / compact:.2f}x; "
      f"without the memo: {rows[1][4] / mirror:.2f}x and {rows[1][4] / compact:.2f}x")
EOF
