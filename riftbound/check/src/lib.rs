//! Riftbound on the model checker: the ruleset's implementation of the checker's plug
//! ([`riftcheck_checker::plug::Plug`]). Its model steps an engine under test (the reference
//! engine by default) and the spec in lockstep and judges the properties of
//! [`riftcheck_properties`] on every step ([`model`]); its built-in configurations
//! ([`configs`]); the rule numbers coverage counts ([`rules`]); a violation written as a
//! scenario, a rulebook example and a picture ([`report`]); the check of one configuration
//! under the policies and the fault asked for ([`proof`]); and what the command line's
//! subcommands need of Riftbound through the checker's traits: its plan ([`plan`]), its
//! scenario files ([`replay`]), its states in the Explorer ([`explore`]), its policies side by
//! side ([`readings`]), its engine served ([`serve`]) and driven by `conform` ([`conform`]).
//!
//! It imports the rules engine's library (`riftcheck`), the properties, the checker and the
//! conformance runner; the command line imports it.

pub mod bounds;
pub mod configs;
pub mod conform;
pub mod explore;
pub mod model;
pub mod plan;
pub mod proof;
pub mod readings;
pub mod replay;
pub mod report;
pub mod rules;
pub mod serve;
