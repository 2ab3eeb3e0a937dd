//! MTG scenario files: a rulebook example of rule 800.4 written in TOML, read into an
//! [`MtgScenario`], replayed on any [`crate::Engine<Mtg>`](crate::Engine) and rendered as a
//! rulebook-style paragraph. `docs/mtg-scenarios.md` is the format's reference.
//!
//! ```toml
//! ruleset = "mtg"
//! title = "Mind Control's controller leaves"
//! rules = ["800.4a"]
//! steps = ["A casts Mind Control targeting Assault Griffin", "A passes", "B passes",
//!          "C passes", "A concedes"]
//!
//! [setup]
//! players = 3
//!
//! [[setup.cards]]
//! card = "mind-control"
//! owner = "A"
//! zone = "hand"
//!
//! [[setup.cards]]
//! card = "assault-griffin"
//! owner = "B"
//! zone = "battlefield"
//!
//! [expect]
//! zones = { "Mind Control" = "gone" }
//! controllers = { "Assault Griffin" = "B" }
//! ```
//!
//! A step ending in ` (refused)` must be refused by the engine (the game then goes on as if it
//! had not been written): `"A attacks B with Runeclaw Bears (refused)"`.
//!
//! Objects are named by their `name` (by default the card's printed name); Myr tokens are named
//! "Myr token 1", "Myr token 2", ...: the k-th token of the game in object order (the setup's
//! tokens first, then those created, in creation order).

mod error;
mod expect;
mod parse;
mod render;
mod replay;
mod sentence;

use std::path::Path;

pub use error::{MtgErrorKind, MtgScenarioError};
pub use replay::{Failure, MtgReplay};

use super::setup::MtgSetup;
use super::types::{ObjId, Player, Step, Zone};

/// An object a scenario names: a card of the setup, or the k-th token of the game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum ObjRef {
    /// A card (or token) of the setup, by its object number.
    Setup(ObjId),
    /// The k-th token of the game (1-based), in object order.
    Token(usize),
}

/// What a step's `chooses` picks.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Chosen {
    /// An object.
    Object(ObjRef),
    /// A player.
    Player(Player),
    /// A number.
    Number(u8),
}

/// A target of a cast: an object or a player.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Aim {
    /// An object.
    Object(ObjRef),
    /// A player.
    Player(Player),
}

/// One step of a scenario: a sentence naming players by letter and objects by name.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Sentence {
    /// "A passes".
    Pass(Player),
    /// "A concedes".
    Concede(Player),
    /// "A casts Mind Control targeting Assault Griffin" (or "targeting B", or no target).
    Cast(Player, ObjRef, Option<Aim>),
    /// "B cycles Secluded Steppe".
    Cycle(Player, ObjRef),
    /// "A attacks B with Runeclaw Bears".
    Attack(Player, Player, ObjRef),
    /// "B chooses Hypnotic Specter", "B chooses C", "B chooses 2".
    Choose(Player, Chosen),
    /// "B declines".
    Decline(Player),
}

/// What one expectation asks of the game.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Want {
    /// Who holds priority.
    Priority(Option<Player>),
    /// The active player.
    Active(Option<Player>),
    /// Whose turn it is.
    Turn(Player),
    /// The step.
    Step(Step),
    /// Who is in the game.
    InGame(Vec<Player>),
    /// A player's life total.
    Life(Player, i16),
    /// Where an object is (`None`: it was never created).
    Zone(ObjRef, Option<Zone>),
    /// Who controls an object.
    Controller(ObjRef, Option<Player>),
    /// The stack, bottom first, by name.
    Stack(Vec<String>),
    /// How many Myr tokens a player owns on the battlefield.
    Tokens(Player, usize),
    /// A creature's power.
    Power(ObjRef, i16),
    /// Who must make a choice.
    Pending(Option<Player>),
    /// The planar controller.
    Planar(Option<Player>),
    /// Whose "until your next turn" effects are in force.
    Protections(Vec<Player>),
    /// How many delayed triggers wait.
    Delayed(usize),
    /// Whether the game is over.
    Over(bool),
    /// Who won.
    Winner(Option<Player>),
    /// A rule some event so far cited.
    Cited(String),
}

/// One expectation: what it asks, under which key, written on which line.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Expectation {
    /// The key as written (`priority`, `life.B`, `zones."Mind Control"`).
    pub key: String,
    /// The line it is written on.
    pub line: usize,
    /// What it asks.
    pub want: Want,
}

/// A `[[check]]` (or the `[expect]`, after the last step): expectations holding after `after`
/// steps.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Check {
    /// How many steps have been taken when it holds (0: at the start).
    pub after: usize,
    /// The line of its table.
    pub line: usize,
    /// What it expects.
    pub items: Vec<Expectation>,
}

/// An MTG scenario: a table, steps, and what holds along the way.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct MtgScenario {
    /// The file it was read from.
    pub file: Option<String>,
    /// Its title.
    pub title: String,
    /// The rules it illustrates.
    pub rules: Vec<String>,
    /// The rulebook-style description.
    pub description: Option<String>,
    /// The table.
    pub setup: MtgSetup,
    /// The name of each setup card, by object number.
    pub names: Vec<String>,
    /// The steps.
    pub steps: Vec<Sentence>,
    /// Each step as written.
    pub step_text: Vec<String>,
    /// The line of each step.
    pub step_lines: Vec<usize>,
    /// Whether each step is written to be refused (`A chooses A (refused)`): the engine must
    /// refuse it, and the game goes on unchanged.
    pub step_refused: Vec<bool>,
    /// The `[[check]]`s, in file order.
    pub checks: Vec<Check>,
    /// The `[expect]`, holding after the last step.
    pub expect: Option<Check>,
}

impl MtgScenario {
    /// Reads a scenario from its text; `file` names it in errors.
    ///
    /// # Errors
    ///
    /// The first problem found, at its line and column.
    pub fn parse(text: &str, file: Option<&str>) -> Result<MtgScenario, MtgScenarioError> {
        parse::parse(text, file)
    }

    /// Reads a scenario file.
    ///
    /// # Errors
    ///
    /// The file cannot be read, or [`MtgScenario::parse`] fails.
    pub fn load(path: impl AsRef<Path>) -> Result<MtgScenario, MtgScenarioError> {
        let path = path.as_ref();
        let name = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|e| MtgScenarioError {
            file: Some(name.clone()),
            line: 0,
            column: 0,
            kind: MtgErrorKind::Io,
            message: e.to_string(),
        })?;
        MtgScenario::parse(&text, Some(&name))
    }

    /// The name of object `id` in a game of this scenario: its setup name, or "Myr token k".
    pub fn name_of(&self, id: ObjId, tokens_before: usize) -> String {
        match self.names.get(usize::from(id.0)) {
            Some(name) => name.clone(),
            None => format!("Myr token {}", tokens_before + 1),
        }
    }

    /// The name an [`ObjRef`] is written as.
    pub fn ref_name(&self, r: ObjRef) -> String {
        match r {
            ObjRef::Setup(id) => self
                .names
                .get(usize::from(id.0))
                .cloned()
                .unwrap_or_default(),
            ObjRef::Token(k) => format!("Myr token {k}"),
        }
    }
}

#[cfg(test)]
mod tests;
