//! The riftcheck model checker: a stateright model of the rules engine and its spec in lockstep,
//! the properties it checks, the built-in starting positions, and the searches that turn a
//! violation into the shortest scenario that shows it.

pub mod args;
pub mod bounds;
pub mod cli;
pub mod configs;
pub mod conform;
pub mod coverage;
pub mod explore;
pub mod fingerprint;
pub mod model;
pub mod mtg;
pub mod probes;
pub mod progress;
pub mod proof;
pub mod properties;
pub mod report;
pub mod search;
pub mod side_by_side;
pub mod simulate;
