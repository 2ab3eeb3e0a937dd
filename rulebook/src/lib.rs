//! Tools for rulebook authors, beside the checks: every policy's readings played side by side
//! from the default configurations and each policy's own scenario ([`side_by_side`] from the
//! starting positions of [`probes`], `riftcheck readings`), and the same
//! situations under Riftbound's 651-652 and MTG's 800.4 ([`diverge`], `riftcheck diverge`).
//!
//! This crate imports the rules engine's library and the checker (its configurations and
//! bounds); the command line imports it.

pub mod diverge;
pub mod probes;
pub mod side_by_side;
