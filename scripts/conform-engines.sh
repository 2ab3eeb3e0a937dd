#!/usr/bin/env bash
# What `riftcheck conform` reaches on each example engine in one run of its default phases
# (scenarios, the exhaustive exploration, 100 random walks a configuration): configurations
# explored as they are, explored projected onto what the engine declares, and unsupported;
# scenarios run (passed or failed) of the corpus; findings; the wall time of the run and the time
# from its start to the first finding. The table in docs/performance.md,
# "What `conform` reaches on the example engines".
#
#   scripts/conform-engines.sh          # the example engines and the kits' templates (about 20 s)
#   scripts/conform-engines.sh --all    # and the reference engine with five fields undeclared
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -q -p riftcheck-model
bin=target/release/riftcheck
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

row() {
  local label=$1
  shift
  local start end
  start=$(date +%s%N)
  "$bin" conform --format json --out "$out/files" --engine "$@" >"$out/report.json" || true
  end=$(date +%s%N)
  python3 - "$label" "$(( (end - start) / 1000000 ))" "$out/report.json" <<'PY'
import json, sys
label, ms, path = sys.argv[1], int(sys.argv[2]), sys.argv[3]
r = json.load(open(path))
rows = r["exhaustive"]
whole = sum(1 for x in rows if x["unsupported"] is None and not x["projected"])
projected = sum(1 for x in rows if x["unsupported"] is None and x["projected"])
unsupported = sum(1 for x in rows if x["unsupported"] is not None)
ran = sum(1 for s in r["scenarios"] if s["result"] in ("passed", "failed"))
failed = sum(1 for s in r["scenarios"] if s["result"] == "failed")
found = r["findings"]
first = min((f["seconds"] for f in found), default=None)
def said(f):
    what = "{} {}".format(f["step"], f["rule"] or "protocol")
    if f.get("reading"):
        what += " (reads {})".format(f["reading"]["key"])
    if f.get("after_finding"):
        what += " (past #{})".format(f["after_finding"])
    return what
rules = "; ".join(said(f) for f in found)
print("| {} | {} | {} | {} | {} of {} ({} failed) | {}{} | {:.1f} s | {} |".format(
    label, whole, projected, unsupported, ran, len(r["scenarios"]), failed, len(found),
    " ({})".format(rules) if rules else "", ms / 1000,
    "{:.2f} s".format(first) if first is not None else "-"))
PY
}

echo "| engine | explored | projected | unsupported | scenarios run | findings | run | first finding |"
echo "| --- | --- | --- | --- | --- | --- | --- | --- |"
row "reducer_engine.py (v1)" "python3 examples/engines/reducer_engine.py"
row "chain_engine.py (v1)" "python3 examples/engines/chain_engine.py"
row "chain_engine.py --second-mistake" "python3 examples/engines/chain_engine.py --second-mistake"
row "tabletop (v2, node)" "node examples/engines/tabletop/bridge.mjs"
row "tabletop --no-mistake" "node examples/engines/tabletop/bridge.mjs --no-mistake"
row "TypeScript kit's template (v2)" "node bridges/typescript/template/adapter.mjs"
row "Python kit's template (v2)" "python3 bridges/python/template/adapter.py"
# The reference engine with five fields undeclared explores every configuration: about 13 minutes.
if [ "${1:-}" = "--all" ]; then
  row "riftcheck serve, 5 fields undeclared, structured events" \
    "$bin serve --events structured --observes remaining,removed,winners,turn,priority,focus,awaiting,invited,showdown,combat,chain,opened_by,waiting,points,cards,battlefields"
fi
