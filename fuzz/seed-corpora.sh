#!/usr/bin/env bash
# Makes every scenario file under tests/scenarios/ a named seed of every fuzz target:
# fuzz/corpus/<target>/seed-<directory>-<file>, a link to the scenario. The targets read an input
# that begins with a scenario file as that scenario's setup and steps (see
# riftcheck::harness::fuzz), so a scenario is a meaningful seed for each of them.
set -euo pipefail
cd "$(dirname "$0")"
for target in lockstep arbitrary_state legals_are_legal scenario_roundtrip; do
  mkdir -p "corpus/$target"
  find "corpus/$target" -maxdepth 1 -name 'seed-*' -type l -delete
  while IFS= read -r file; do
    rel=${file#../tests/scenarios/}
    name="seed-${rel//\//-}"
    ln -s "../../../tests/scenarios/$rel" "corpus/$target/${name%.toml}"
  done < <(find ../tests/scenarios -name '*.toml' | sort)
done
# The malformed corpus (tests/malformed/, every file refused with its line and column) seeds the
# parser's target only: its mutations are the near misses where reading must refuse, never panic.
while IFS= read -r file; do
  name=$(basename "$file" .toml)
  ln -s "../../../tests/malformed/$name.toml" "corpus/scenario_roundtrip/seed-malformed-$name"
done < <(find ../tests/malformed -maxdepth 1 -name '*.toml' | sort)
echo "seeded $(ls corpus/lockstep | wc -l) scenarios into each of 4 targets," \
  "and $(ls ../tests/malformed | wc -l) malformed files into scenario_roundtrip"
