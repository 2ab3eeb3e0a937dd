//! Fuzz target `arbitrary_state`: glue only; the law lives in `riftcheck::oracle::fuzz::arbitrary_state`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| riftcheck::oracle::fuzz::arbitrary_state(data));
