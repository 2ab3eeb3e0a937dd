//! The vocabulary of the second ruleset, Magic: The Gathering's rule 800.4 (leaving a
//! multiplayer game, seed 004), as riftcheck models it (`docs/mtg.md` states the game exactly).
//!
//! [`types`] holds the game's words (players, objects, the stack, control effects, durations,
//! actions), [`view`] what an observer sees, the events and the refusals, with [`view::Mtg`]
//! naming them as a [`riftcheck_core::Ruleset`], [`setup`] the table a game starts from, and
//! [`readings`] the points where 800.4 can be misread, with the rule faults
//! ([`readings::MtgFault`]) that misread them for the checker's self-check.
//!
//! This crate imports the core and nothing else of the workspace: the reference engine
//! (`riftcheck::mtg::MtgGame`) and the spec (`mtg_spec::MtgSpec`) both sit on it.

#![warn(missing_docs)]

pub mod readings;
pub mod setup;
pub mod types;
pub mod view;

pub use readings::{MtgFault, MtgReadings};
pub use setup::{CardAt, MtgSetup, MtgSetupErrors};
pub use types::{
    Action, Card, ChoiceKind, ControlEffect, Delayed, Duration, ObjId, Pending, Pick, Player,
    Protection, StackItem, Step, Target, TriggerEffect, Waiting, Zone,
};
pub use view::{Mtg, MtgEvent, MtgView, ObjectView, PlayerView, Refusal};
