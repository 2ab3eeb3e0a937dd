//! A second ruleset on the same checker: Magic: The Gathering's rule 800.4, leaving a
//! multiplayer game (seed 004), from which Riftbound's 651-652 descends.
//!
//! What is modelled is what 800.4 needs and no more (`docs/mtg.md` states the game exactly):
//! players in turn order with an active player; priority and the stack (spells, triggered
//! abilities, resolution once every player still in the game has passed in succession); the
//! battlefield with owners and controllers; control-changing effects with their durations (Mind
//! Control's Aura, Act of Treason's "until end of turn", Bribery's "under your control"); tokens
//! owned by the player they were created under (Genesis Chamber); delayed triggers (Astral
//! Slide); combat damage to players; choices made by players (Opponent's Choice, Life Mirror,
//! a rule's choice); "until your next turn" effects (Chronomantic Escape); exile, graveyards and
//! the ante zone; the planar controller of Planechase.
//!
//! Two engines play it: [`engine::MtgGame`] (the reference, every sub-rule of 800.4 in one
//! function that cites it) and [`spec::MtgSpec`] (a second, naive reading). Both implement
//! [`crate::Engine<Mtg>`].

mod disagreement;
pub mod engine;
pub mod fuzz;
pub mod scenario;

pub use mtg_spec as spec;
pub use mtg_vocabulary::{readings, setup, types, view};

pub use engine::MtgGame;
pub use readings::{MtgFault, MtgReadings};
pub use setup::{CardAt, MtgSetup, MtgSetupErrors};
pub use types::{
    Action, Card, ChoiceKind, ControlEffect, Delayed, Duration, ObjId, Pending, Pick, Player,
    Protection, StackItem, Step, Target, TriggerEffect, Waiting, Zone,
};
pub use view::{Mtg, MtgEvent, MtgView, ObjectView, PlayerView, Refusal};
