#!/bin/bash -eu
# Builds riftcheck's fuzz targets for ClusterFuzzLite / OSS-Fuzz (the base image's nightly
# toolchain and sanitizers), with the scenario files as seed corpora and the scenario dictionary.
cd "$SRC/riftcheck"
fuzz/seed-corpora.sh
cd fuzz
cargo fuzz build -O --debug-assertions
targets="lockstep arbitrary_state legals_are_legal scenario_roundtrip"
for target in $targets; do
  cp "target/x86_64-unknown-linux-gnu/release/$target" "$OUT/"
  (cd "corpus/$target" && zip -q -j "$OUT/${target}_seed_corpus.zip" seed-*)
done
cp scenario.dict "$OUT/scenario_roundtrip.dict"
