//! riftcheck: a reference rules engine for the multiplayer rules of the Riftbound trading card
//! game, the scenario format its tests and counterexamples are written in, and the oracle (a
//! naive second reading of the rules) the model checker and fuzzers compare it with.
//!
//! The rules modelled are those where multiplayer games go wrong: Priority and the Chain
//! (311-340), Focus and Showdowns (313, 341-348), combat (454-461) and movement (144, 440-453),
//! teams (484), and conceding and the Removal of a Player (650-652). Rule numbers are those of the
//! Core Rules v1.3.
//!
//! ```
//! use riftcheck::{Action, Engine, Game, Mode, Seat, Setup};
//!
//! let mut game = Game::from_setup(&Setup::new(Mode::War)).unwrap();
//! // 652.5.a.1: the Turn Player concedes; the turn goes to the next remaining player.
//! game.apply(Action::Concede { seat: Seat::A }).unwrap();
//! assert_eq!(game.turn_player(), Some(Seat::B));
//! assert_eq!(game.remaining().len(), 3);
//! ```

#![warn(missing_docs)]

pub mod game;
pub mod harness;
pub mod mtg;
pub mod oracle;
pub mod protocol;
pub(crate) mod rules;
pub mod scenario;

pub use riftbound_vocabulary::{
    action, card, error, event, item, mode, observation, readings, seat, setup, zone,
};
pub use riftcheck_core::shrink;

/// The engine boundary ([`riftcheck_core::engine`]) and Riftbound as one of its rulesets.
pub mod engine {
    pub use riftbound_vocabulary::Riftbound;
    pub use riftcheck_core::engine::{Engine, Ruleset, step};
}

pub use action::{Action, Choice};
pub use card::{BattlefieldId, CardId, CardKind, CardSet, Catalog, Effect, Timing, TriggerEvent};
pub use engine::{Engine, Riftbound, Ruleset};
pub use error::RuleError;
pub use event::Event;
pub use game::Game;
pub use item::{ItemKind, ItemName, Opener};
pub use mode::Mode;
pub use observation::Observation;
pub use readings::choice::PolicyChoice;
pub use readings::{Fault, Readings};
pub use scenario::{Scenario, ScenarioError};
pub use seat::{Seat, SeatSet};
pub use setup::{
    AbilitySetup, BattlefieldSetup, CardSetup, EffectSetup, ItemSetup, Setup, SetupError,
    SetupErrors, SetupPath, SetupProblem, ShowdownSetup, Table, ZoneSetup,
};
pub use zone::{Location, Zone};
