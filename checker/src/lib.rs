//! The riftcheck model checker: a stateright model of an engine and the spec in lockstep
//! ([`model`]), riftcheck's own searches over it ([`search`]: the main depth-first one, the
//! shortest counterexample, the limits, the memo, the search split between runs), the proof of
//! one configuration ([`proof`]), the built-in configurations ([`configs`]), rule coverage
//! ([`coverage`]), the counterexample written as a scenario ([`report`]) and which are written
//! to files ([`files`]), and an engine's panic caught as a finding
//! ([`panics`]).
//!
//! It imports the rules engine's library (`riftcheck`: the vocabulary, the reference engine,
//! the spec, the scenario format) and the properties it proves (`riftcheck_properties`), and
//! nothing above it: the conformance runner, the Explorer and the command line import it.

pub mod bounds;
pub mod configs;
pub mod coverage;
pub mod files;
pub mod fingerprint;
pub mod junit;
pub mod model;
pub mod panics;
pub mod progress;
pub mod proof;
pub mod report;
pub mod search;
pub mod simulate;
