//! Fuzz target `scenario_roundtrip`: glue only; the law lives in `riftcheck::harness::fuzz::scenario_roundtrip`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| riftcheck::harness::fuzz::scenario_roundtrip(data));
