//! Tools for rulebook authors, beside the checks: the same situations under Riftbound's 651-652
//! and MTG's 800.4 ([`diverge`], `riftcheck diverge`), which sets the two rulesets side by side
//! by nature. (Each ruleset's policies side by side, `riftcheck readings`, are its own:
//! `riftbound_check::readings`.)
//!
//! This crate imports the rules engine's library and the checker (its configurations and
//! bounds); the command line imports it.

pub mod diverge;
