//! The scenario format: one TOML text for tests, the checker's starting positions, fuzz corpus
//! seeds and counterexamples. `docs/scenarios.md` is the full reference.
//!
//! A scenario has a title, the rules it is about, a setup (a table and a game in progress),
//! steps written as rulebook sentences (the text form of [`crate::Action`]), each optionally
//! marked `-> refused` or `-> refused (ErrorName)`, and expectations checked after the last
//! step (`[expect]`) or after a given step (`[[check]]`, `after = N`).

mod document;
mod expectations;
mod file;
mod load;
mod print;
mod reader;
mod render;
mod replay;
mod schema;
mod source;
pub mod text;

use std::path::Path;

pub use document::{
    ErrorKind, Expect, Outcome, ReadError, SUMMARY, Scenario, ScenarioError, SourceMap, Step,
};
pub use load::LoadOptions;
pub use render::{render_example, step_sentences, table_sentences, wrap};
pub use replay::{Failure, Replay, StepResult};
pub(crate) use replay::{History, compare};
pub use source::escaped;

impl Scenario {
    /// Reads a scenario from TOML text and validates it: every key is one the format has and
    /// holds what it should, the setup builds a game, every step's sentence names things of that
    /// game, every expectation names seats, cards and battlefields that exist. A leading
    /// byte-order mark is skipped.
    ///
    /// # Errors
    ///
    /// [`ScenarioError`] with the line and column of the problem.
    pub fn parse(text: &str) -> Result<Scenario, ScenarioError> {
        file::parse(text, None)
    }

    /// Reads and validates a scenario file, of at most [`LoadOptions::default`]'s size.
    ///
    /// # Errors
    ///
    /// As [`Scenario::load_with`].
    pub fn load(path: &Path) -> Result<Scenario, ScenarioError> {
        Scenario::load_with(path, LoadOptions::default())
    }

    /// Reads and validates a scenario file as `options` say.
    ///
    /// # Errors
    ///
    /// [`ScenarioError`] naming the file: [`ErrorKind::Unreadable`] (line and column 0) if it is
    /// not a regular file (a directory, a FIFO, a device: refused before anything is read), is
    /// larger than `options.max_bytes`, or cannot be read; [`ErrorKind::NotUtf8`] at the first
    /// byte that is not UTF-8; otherwise as [`Scenario::parse`].
    pub fn load_with(path: &Path, options: LoadOptions) -> Result<Scenario, ScenarioError> {
        let text = load::read(path, options)?;
        file::parse(&text, Some(path.display().to_string()))
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
