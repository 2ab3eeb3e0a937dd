//! Fuzz target `legals_are_legal`: glue only; the law lives in `riftcheck::harness::fuzz::legals_are_legal`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| riftcheck::harness::fuzz::legals_are_legal(data));
