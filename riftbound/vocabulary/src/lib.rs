//! Riftbound's vocabulary: the words the reference engine, the spec, the scenario format and the
//! checker share, and no logic of how a game goes.
//!
//! Seats ([`seat`]), modes ([`mode`]), the catalog of cards and battlefields ([`card`]), chain
//! items ([`item`]), zones ([`zone`]), actions ([`action`]), the canonical events ([`event`]),
//! refusals with their rules ([`error`]), the readings of the rules where they leave a choice
//! and the deliberate faults ([`readings`]), what an observer sees ([`observation`]), and the
//! setup with its validation into a [`setup::Table`] ([`setup`]). [`Riftbound`] names them as
//! a [`riftcheck_core::Ruleset`].
//!
//! This crate imports the core and nothing else of the workspace: the engine
//! (`riftcheck::Game`) and the spec (`riftbound_spec::Spec`) both sit on it, and neither can
//! reach the other through it.

#![warn(missing_docs)]

pub mod action;
pub mod card;
pub mod error;
pub mod event;
pub mod item;
pub mod mode;
pub mod observation;
pub mod readings;
pub mod seat;
pub mod setup;
pub mod zone;

pub use action::{Action, Choice};
pub use card::{BattlefieldId, CardId, CardKind, CardSet, Catalog, Effect, Timing, TriggerEvent};
pub use error::RuleError;
pub use event::Event;
pub use item::{ItemKind, ItemName, Opener};
pub use mode::Mode;
pub use observation::Observation;
pub use readings::choice::PolicyChoice;
pub use readings::{Fault, Readings};
pub use seat::{Seat, SeatSet};
pub use setup::{
    AbilitySetup, BattlefieldSetup, CardSetup, EffectSetup, ItemSetup, Setup, SetupError,
    SetupErrors, SetupPath, SetupProblem, ShowdownSetup, Table, ZoneSetup,
};
pub use zone::{Location, Zone};

use riftcheck_core::Ruleset;

/// Riftbound's multiplayer rules (651-652 and what they touch): the ruleset of the reference
/// engine (`riftcheck::Game`) and of the spec (`riftbound_spec::Spec`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Riftbound;

impl Ruleset for Riftbound {
    type Setup = Setup;
    type SetupErrors = SetupErrors;
    type Action = Action;
    type Event = Event;
    type Refusal = RuleError;
    type Observation = Observation;
    type Difference = observation::Difference;
    fn events_of(observation: &mut Observation) -> &mut Vec<Event> {
        &mut observation.events
    }
    fn same_rule(a: &RuleError, b: &RuleError) -> bool {
        a.same_kind(b)
    }
}
