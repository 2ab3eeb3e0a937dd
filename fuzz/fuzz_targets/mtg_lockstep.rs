//! Fuzz target `mtg_lockstep`: glue only; the law lives in `riftcheck::mtg::fuzz::lockstep` (the
//! MTG engine and the MTG spec agree on arbitrary tables and action runs).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| riftcheck::mtg::fuzz::lockstep(data));
