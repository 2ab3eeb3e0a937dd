//! Fuzz target `arbitrary_state`: glue only; the law lives in `riftcheck::harness::fuzz::arbitrary_state`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| riftcheck::harness::fuzz::arbitrary_state(data));
