//! The scenario format: one TOML text for tests, the checker's starting positions, fuzz corpus
//! seeds and counterexamples. `docs/scenarios.md` is the full reference.
//!
//! A scenario has a title, the rules it is about, a setup (a table and a game in progress),
//! steps written as rulebook sentences (the text form of [`crate::Action`]), each optionally
//! marked `-> refused` or `-> refused (ErrorName)`, and expectations checked after the last
//! step (`[expect]`) or after a given step (`[[check]]`, `after = N`).

mod document;
mod file;
mod print;
mod render;
mod replay;
pub mod text;

use std::path::Path;

pub use document::{Expect, Outcome, SUMMARY, Scenario, ScenarioError, SourceMap, Step};
pub use render::render_example;
pub use replay::{Failure, Replay, StepResult};
pub(crate) use replay::{History, compare};

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

    /// Plays the scenario on the reference engine and checks every expectation.
    ///
    /// # Errors
    ///
    /// [`ScenarioError`] if the setup or a step cannot be bound to the game (a scenario that
    /// [`Scenario::parse`] accepted never fails this way).
    pub fn replay(&self) -> Result<Replay, ScenarioError> {
        replay::replay::<crate::game::Game>(self, None)
    }

    /// Plays the scenario on the reference engine making `fault` (a reading known to be wrong)
    /// and checks every expectation.
    ///
    /// # Errors
    ///
    /// As [`Scenario::replay`].
    pub fn replay_with_fault(
        &self,
        fault: Option<crate::readings::Fault>,
    ) -> Result<Replay, ScenarioError> {
        replay::replay::<crate::game::Game>(self, fault)
    }

    /// Plays the scenario on any engine and checks every expectation.
    ///
    /// # Errors
    ///
    /// As [`Scenario::replay`], and the engine refusing the setup.
    pub fn replay_on<E: crate::engine::Engine>(&self) -> Result<Replay, ScenarioError> {
        replay::replay::<E>(self, None)
    }
}
