//! The scenario format: one TOML text for tests, the checker's starting positions, fuzz corpus
//! seeds and counterexamples. `docs/scenarios.md` is the full reference.
//!
//! A scenario has a title, the rules it is about, a setup (a table and a game in progress),
//! steps written as rulebook sentences (the text form of [`crate::Action`]), each optionally
//! marked `-> refused` or `-> refused (ErrorName)`, and expectations checked after the last
//! step (`[expect]`) or after a given step (`[[check]]`, `after = N`).

pub mod at_issue;
mod book;
mod cite;
mod document;
mod expectations;
mod file;
mod load;
mod print;
pub(crate) mod reader;
mod render;
mod replay;
pub(crate) mod schema;
mod source;
pub mod svg;
pub mod text;

use crate::engine::Engine as _;
use crate::engine::Riftbound;
use std::path::Path;

pub use book::{Book, Page, render_book, write_book};
pub use cite::citations;
pub use document::{
    ErrorKind, Expect, Outcome, ReadError, SUMMARY, Scenario, ScenarioError, SourceMap, Step,
};
pub(crate) use file::document;
pub use load::{LoadOptions, declared_ruleset, read_bytes, read_text, ruleset_of};
pub use render::{render_example, step_sentences, table_sentences, wrap};
pub use replay::{Failure, Replay, StepResult};
pub(crate) use replay::{History, compare};
pub use source::escaped;
pub(crate) use source::without_bom;
pub use svg::escape_markup;

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

    /// As [`Scenario::parse`], its errors naming `file` (the text read from it).
    ///
    /// # Errors
    ///
    /// As [`Scenario::parse`].
    pub fn parse_named(text: &str, file: &str) -> Result<Scenario, ScenarioError> {
        file::parse(text, Some(file.to_string()))
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

    /// The scenario as a rulebook paragraph: "Example - TITLE", the turn order, one sentence
    /// per step and per consequence, and the rules cited.
    pub fn render(&self) -> String {
        render::render(self, None)
    }

    /// As [`Scenario::render`], played on an engine that makes `fault`: what a counterexample
    /// found under the fault.
    pub fn render_with_fault(&self, fault: Option<crate::readings::Fault>) -> String {
        render::render(self, fault)
    }

    /// The scenario as an SVG timeline ([`svg::timeline`]), played on the reference engine
    /// (making `fault`, if any): one lane per Seat, a row per step, the first expectation that
    /// fails highlighted with what was expected.
    ///
    /// # Errors
    ///
    /// As [`Scenario::replay`]; and the setup describing no possible table.
    pub fn svg(&self, fault: Option<crate::readings::Fault>) -> Result<String, ScenarioError> {
        self.svg_failing(fault, None)
    }

    /// As [`Scenario::svg`], highlighting `failing` (a counterexample's violation) instead of
    /// the first expectation that fails.
    ///
    /// # Errors
    ///
    /// As [`Scenario::svg`].
    pub fn svg_failing(
        &self,
        fault: Option<crate::readings::Fault>,
        failing: Option<svg::Failing>,
    ) -> Result<String, ScenarioError> {
        let replay = self.replay_with_fault(fault)?;
        let mut game = crate::game::Game::from_setup(&self.setup.with_fault(fault))
            .map_err(|e| self.error_at((0, 0), format!("the setup: {e}")))?;
        let start = game.observe();
        let frames: Vec<svg::Frame> = replay
            .results
            .iter()
            .map(|r| {
                let outcome = game.apply(r.action);
                let mut after = game.observe();
                if let Ok(events) = &outcome {
                    after.events.clone_from(events);
                }
                svg::Frame {
                    action: r.action,
                    outcome,
                    after,
                }
            })
            .collect();
        let failing = failing.or_else(|| {
            replay.failures.first().map(|f| svg::Failing {
                step: f.after.saturating_sub(1),
                what: format!(
                    "After step {}: {} expected {}, found {} (line {})",
                    f.after, f.what, f.expected, f.actual, f.at.0
                ),
            })
        });
        let seats: Vec<crate::seat::Seat> = self.setup.mode.seats().iter().collect();
        Ok(svg::timeline(
            &self.title,
            game.catalog(),
            &seats,
            &start,
            &frames,
            failing.as_ref(),
        ))
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
    pub fn replay_on<E: crate::engine::Engine<Riftbound>>(&self) -> Result<Replay, ScenarioError> {
        replay::replay::<E>(self, None)
    }
}
