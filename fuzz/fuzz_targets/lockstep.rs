//! Fuzz target `lockstep`: glue only; the law lives in `riftcheck::oracle::fuzz::lockstep`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| riftcheck::oracle::fuzz::lockstep(data));
