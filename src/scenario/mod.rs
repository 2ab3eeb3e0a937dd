//! The scenario format: one TOML text for tests, the checker's starting positions, fuzz corpus
//! seeds and counterexamples. `docs/scenarios.md` is the full reference.
//!
//! A scenario has a title, the rules it is about, a setup (a table and a game in progress),
//! steps written as rulebook sentences (the text form of [`crate::Action`]), each optionally
//! marked `-> refused` or `-> refused (ErrorName)`, and expectations checked after the last
//! step (`[expect]`) or after a given step (`[[check]]`, `after = N`).

mod file;
mod print;
mod render;
mod replay;
pub mod text;

use std::collections::BTreeMap;
use std::fmt;
use std::path::Path;

pub use render::render_example;
pub use replay::{Failure, Replay, StepResult};

use crate::seat::Seat;
use crate::setup::Setup;
use text::ZoneText;

/// A scenario: setup, steps and expectations.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scenario {
    /// Its title, the rulebook example's name.
    pub title: String,
    /// The rule numbers it is about.
    pub rules: Vec<String>,
    /// Prose describing it, if any.
    pub description: Option<String>,
    /// The table and the game in progress.
    pub setup: Setup,
    /// The steps, in order.
    pub steps: Vec<Step>,
    /// Expectations after a given number of steps (`[[check]]`).
    pub checks: Vec<Expect>,
    /// Expectations after the last step (`[expect]`).
    pub expect: Option<Expect>,
    /// Where things are in the source, for error messages. Not part of a scenario's meaning.
    pub source: SourceMap,
}

/// One step: a sentence and whether it is expected to be refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The action's sentence, as [`crate::Action::parse`] reads it.
    pub text: String,
    /// Accepted, or refused (optionally with a named error).
    pub outcome: Outcome,
}

/// What a step is expected to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The engine accepts it.
    Accepted,
    /// The engine refuses it; with a name, with that [`crate::RuleError`] variant.
    Refused(Option<String>),
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.outcome {
            Outcome::Accepted => write!(f, "{}", self.text),
            Outcome::Refused(None) => write!(f, "{} -> refused", self.text),
            Outcome::Refused(Some(e)) => write!(f, "{} -> refused ({e})", self.text),
        }
    }
}

impl Step {
    /// Reads `"B passes"`, `"C passes -> refused"` or `"C passes -> refused (NoPriority)"`.
    pub fn parse(text: &str) -> Result<Step, String> {
        match text.split_once("->") {
            None => Ok(Step {
                text: text.trim().to_string(),
                outcome: Outcome::Accepted,
            }),
            Some((action, tail)) => {
                let tail = tail.trim();
                let outcome = if tail == "refused" {
                    Outcome::Refused(None)
                } else if let Some(name) = tail
                    .strip_prefix("refused (")
                    .and_then(|t| t.strip_suffix(')'))
                {
                    Outcome::Refused(Some(name.trim().to_string()))
                } else {
                    return Err(format!(
                        "after `->` write `refused` or `refused (ErrorName)`, not `{tail}`"
                    ));
                };
                Ok(Step {
                    text: action.trim().to_string(),
                    outcome,
                })
            }
        }
    }
}

/// Expectations about the game at one point. Every field is optional; only what is given is
/// checked. Seats that may be absent are written `"none"`.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Expect {
    /// Checked after this many steps (0: right after setup). Only for `[[check]]`.
    pub after: usize,
    /// The Turn Player.
    pub turn: Option<Option<Seat>>,
    /// Who has Priority.
    pub priority: Option<Option<Seat>>,
    /// Who has Focus.
    pub focus: Option<Option<Seat>>,
    /// Where a Showdown runs.
    pub showdown: Option<Option<String>>,
    /// Attacker and Defender of the combat in progress.
    pub combat: Option<Option<(Seat, Seat)>>,
    /// Who must make a choice first.
    pub awaiting: Option<Option<Seat>>,
    /// The Chain, bottom first, by item name (`Firebolt`, `Sentry's trigger`).
    pub chain: Option<Vec<String>>,
    /// Who has passed Priority since the newest item was added.
    pub passed: Option<Vec<Seat>>,
    /// Who has passed Focus since the last play.
    pub focus_passed: Option<Vec<Seat>>,
    /// Items that resolved during the scenario, in order.
    pub resolved: Option<Vec<String>>,
    /// Items that were countered during the scenario, in order.
    pub countered: Option<Vec<String>>,
    /// Seats still in the game.
    pub remaining: Option<Vec<Seat>>,
    /// Seats removed.
    pub removed: Option<Vec<Seat>>,
    /// The winners (empty: nobody has won).
    pub winners: Option<Vec<Seat>>,
    /// Points per seat.
    pub points: BTreeMap<Seat, u8>,
    /// Energy in each seat's Rune Pool.
    pub energy: BTreeMap<Seat, u8>,
    /// Battlefields where a fight is staged and waiting (not the one running), in catalog order.
    pub staged: Option<Vec<String>>,
    /// Cards, by name.
    pub cards: BTreeMap<String, CardExpect>,
    /// Battlefields, by name.
    pub battlefields: BTreeMap<String, FieldExpect>,
}

/// Expectations about one card.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct CardExpect {
    /// Where it is.
    pub at: Option<ZoneText>,
    /// Who controls it.
    pub controller: Option<Seat>,
    /// Its Might.
    pub might: Option<i8>,
    /// Whether it is Mighty.
    pub mighty: Option<bool>,
    /// Whether it is exhausted.
    pub exhausted: Option<bool>,
    /// Damage on it.
    pub damage: Option<u8>,
}

/// Expectations about one battlefield.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct FieldExpect {
    /// Who controls it.
    pub controller: Option<Option<Seat>>,
    /// Whether it is a token battlefield.
    pub token: Option<bool>,
    /// The "+N Might" it applies now.
    pub might: Option<i8>,
    /// Who contests it.
    pub contested_by: Option<Option<Seat>>,
}

/// Line and column of things in a scenario's source.
#[derive(Clone, Debug, Default)]
pub struct SourceMap {
    /// The file's name, if it came from one.
    pub file: Option<String>,
    /// (line, column) of each step.
    pub steps: Vec<(usize, usize)>,
    /// (line, column) of each `[[check]]`.
    pub checks: Vec<(usize, usize)>,
    /// (line, column) of `[expect]`.
    pub expect: (usize, usize),
    /// (line, column) of fields of the setup, by their setup path (`setup.cards[2].controller`).
    pub setup: BTreeMap<String, (usize, usize)>,
    /// (line, column) of the `[setup]` table.
    pub setup_table: (usize, usize),
}

impl PartialEq for SourceMap {
    /// Locations are not part of a scenario's meaning: two scenarios that say the same thing are
    /// equal wherever their text put it.
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Eq for SourceMap {}

/// A scenario that cannot be read: the file, line and column, and what is wrong there.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}:{line}:{column}: {message}", file.as_deref().unwrap_or("<scenario>"))]
pub struct ScenarioError {
    /// The file, if the scenario came from one.
    pub file: Option<String>,
    /// 1-based line.
    pub line: usize,
    /// 1-based column.
    pub column: usize,
    /// What is wrong, and what was expected.
    pub message: String,
}

impl Scenario {
    /// Reads a scenario from TOML text and validates it: the setup builds a game, every step's
    /// sentence names things of that game, every expectation names cards and battlefields that
    /// exist.
    ///
    /// # Errors
    ///
    /// [`ScenarioError`] with the line and column of the problem.
    pub fn parse(text: &str) -> Result<Scenario, ScenarioError> {
        file::parse(text, None)
    }

    /// Reads and validates a scenario file.
    ///
    /// # Errors
    ///
    /// [`ScenarioError`] naming the file (line 0 if it cannot be read at all).
    pub fn load(path: &Path) -> Result<Scenario, ScenarioError> {
        let name = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|e| ScenarioError {
            file: Some(name.clone()),
            line: 0,
            column: 0,
            message: format!("cannot read the file: {e}"),
        })?;
        file::parse(&text, Some(name))
    }

    /// The scenario as TOML text, which [`Scenario::parse`] reads back to an equal scenario.
    pub fn to_toml(&self) -> String {
        print::to_toml(self)
    }

    /// The scenario as a rulebook paragraph: "Example - <title>", the turn order, one sentence
    /// per step and per consequence, and the rules cited.
    pub fn render(&self) -> String {
        render::render(self)
    }

    /// Plays the scenario and checks every expectation.
    ///
    /// # Errors
    ///
    /// [`ScenarioError`] if the setup or a step cannot be bound to the game (a scenario that
    /// [`Scenario::parse`] accepted never fails this way).
    pub fn replay(&self) -> Result<Replay, ScenarioError> {
        replay::replay(self)
    }

    /// Plays the scenario from `start` (its setup's game, perhaps with a fault injected) and
    /// checks every expectation.
    ///
    /// # Errors
    ///
    /// As [`Scenario::replay`].
    pub fn replay_from(&self, start: crate::Game) -> Result<Replay, ScenarioError> {
        replay::replay_from(self, start, Vec::new())
    }

    /// An error located at `(line, column)` of this scenario's source.
    pub(crate) fn error_at(&self, at: (usize, usize), message: impl Into<String>) -> ScenarioError {
        ScenarioError {
            file: self.source.file.clone(),
            line: at.0,
            column: at.1,
            message: message.into(),
        }
    }
}
