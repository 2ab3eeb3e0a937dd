//! Fuzz target `legals_are_legal`: glue only; the law lives in `riftcheck::oracle::fuzz::legals_are_legal`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| riftcheck::oracle::fuzz::legals_are_legal(data));
