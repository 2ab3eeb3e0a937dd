//! Fuzz target `lockstep`: glue only; the law lives in `riftcheck::harness::fuzz::lockstep`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| riftcheck::harness::fuzz::lockstep(data));
