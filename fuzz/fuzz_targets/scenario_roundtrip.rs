//! Fuzz target `scenario_roundtrip`: glue only; the law lives in `riftcheck::oracle::fuzz::scenario_roundtrip`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| riftcheck::oracle::fuzz::scenario_roundtrip(data));
