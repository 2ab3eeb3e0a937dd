//! The riftcheck model checker, written once for every ruleset: the plug a ruleset implements
//! to be checked ([`plug`]) and the one it implements to be run from the command line
//! ([`plan`]), riftcheck's own searches over its model ([`search`]: the main
//! depth-first one, the shortest counterexample, the limits, the memo, the search split between
//! runs), the proof of one configuration ([`proof`]), rule coverage ([`coverage`]), random
//! walks ([`simulate`]), which counterexamples are written to files ([`files`]), JUnit reports
//! ([`junit`]), and an engine's panic caught as a finding ([`panics`]).
//!
//! It names no ruleset: it imports the core (properties, the shrinker) and nothing above it.
//! Each ruleset implements the plug in its own crate (beside its vocabulary and spec); the
//! conformance runner, the Explorer and the command line import those.

pub mod coverage;
pub mod explore;
pub mod files;
pub mod fingerprint;
pub mod junit;
pub mod panics;
pub mod plan;
pub mod plug;
pub mod progress;
pub mod proof;
pub mod readings;
pub mod search;
pub mod simulate;
