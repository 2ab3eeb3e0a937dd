//! A scenario as a value: its setup, its steps, its expectations, and where each came from in
//! the file it was read from.

use std::collections::BTreeMap;
use std::fmt;

use super::source::escaped;

use crate::card::Catalog;
use crate::observation::{Expected, Observation};
use crate::setup::{Setup, SetupErrors};

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
    ///
    /// # Errors
    ///
    /// What follows `->` is not `refused` or `refused (ErrorName)`.
    pub fn parse(text: &str) -> Result<Step, String> {
        Step::parse_at(text).map(|(s, _)| s).map_err(|(_, m)| m)
    }

    /// As [`Step::parse`], with where in `text` the parts start, or where the problem is (byte
    /// offsets into `text`).
    pub(crate) fn parse_at(text: &str) -> Result<(Step, StepPlaces), (usize, String)> {
        let sentence = text.len() - text.trim_start().len();
        let Some(arrow) = text.find("->") else {
            let step = Step {
                text: text.trim().to_string(),
                outcome: Outcome::Accepted,
            };
            let places = StepPlaces {
                sentence,
                outcome: text.len(),
            };
            return Ok((step, places));
        };
        let (action, tail) = (&text[..arrow], &text[arrow + 2..]);
        let tail_at = arrow + 2 + (tail.len() - tail.trim_start().len());
        let tail = tail.trim();
        let (outcome, at) = if tail == "refused" {
            (Outcome::Refused(None), tail_at)
        } else if let Some(name) = tail
            .strip_prefix("refused (")
            .and_then(|t| t.strip_suffix(')'))
        {
            let name_at = tail_at + "refused (".len() + (name.len() - name.trim_start().len());
            (Outcome::Refused(Some(name.trim().to_string())), name_at)
        } else {
            return Err((
                tail_at,
                format!("after `->` write `refused` or `refused (ErrorName)`, not `{tail}`"),
            ));
        };
        let step = Step {
            text: action.trim().to_string(),
            outcome,
        };
        let places = StepPlaces {
            sentence: sentence.min(action.len()),
            outcome: at,
        };
        Ok((step, places))
    }
}

/// Where the parts of a step's text start, as byte offsets into it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct StepPlaces {
    /// The action's sentence.
    pub sentence: usize,
    /// What follows `->`: `refused`, or the error's name; the end of the text if nothing does.
    pub outcome: usize,
}

/// Expectations about the game at one point: any field of the observation (its keys and what
/// each may say are declared once, in [`crate::observation`]), plus two histories made from the
/// events of every step so far. Only what is written is checked.
#[derive(Clone, Debug, Default)]
pub struct Expect {
    /// Checked after this many steps (0: right after setup). Only for `[[check]]`.
    pub after: usize,
    /// What is expected of fields of the observation, by key (`priority`, `cards`, `events`).
    pub fields: Vec<(String, Expected)>,
    /// Items that resolved during the scenario so far, in order.
    pub resolved: Option<Vec<String>>,
    /// Items that were countered during the scenario so far, in order.
    pub countered: Option<Vec<String>>,
    /// Where each expectation is in the source, by its path (`cards.Poro.at`); not part of the
    /// meaning.
    pub positions: BTreeMap<String, (usize, usize)>,
}

impl PartialEq for Expect {
    /// The same expectations, in whatever order they were written and wherever they were.
    fn eq(&self, other: &Self) -> bool {
        self.after == other.after
            && self.resolved == other.resolved
            && self.countered == other.countered
            && self.fields.len() == other.fields.len()
            && self.fields.iter().all(|(k, e)| other.get(k) == Some(e))
    }
}

impl Eq for Expect {}

impl Expect {
    /// What is expected of the field called `key`, if anything.
    pub fn get(&self, key: &str) -> Option<&Expected> {
        self.fields.iter().find(|(k, _)| k == key).map(|(_, e)| e)
    }

    /// Expects `expected` of the field called `key`, instead of whatever was expected of it.
    pub fn set(&mut self, key: &str, expected: Expected) {
        self.fields.retain(|(k, _)| k != key);
        self.fields.push((key.to_string(), expected));
        self.fields.sort_by_key(|(k, _)| field_rank(k));
    }

    /// Expects exactly what `obs` shows of the fields called `keys`. Right after setup
    /// (`after` 0) the events cite what the first cleanup did as the cleanup (323), as a replay
    /// reads them.
    pub fn of(obs: &Observation, catalog: &Catalog, keys: &[&str], after: usize) -> Expect {
        let mut e = Expect {
            after,
            ..Expect::default()
        };
        for &key in keys {
            let value = match key {
                "events" if after == 0 => {
                    Some(super::cite::setup_events_value(catalog, &obs.events))
                }
                _ => obs.field(key, catalog),
            };
            let Some(value) = value else {
                continue;
            };
            let expected = match Observation::expect_field(key, &value, catalog) {
                Some(Ok(x)) => x,
                _ => Expected::Is(value),
            };
            e.set(key, expected);
        }
        e
    }
}

/// The fields a generated scenario expects by default: the holders, the Chain and its passes,
/// who is in, who won, and the last step's events.
pub const SUMMARY: &[&str] = &[
    "turn",
    "priority",
    "focus",
    "awaiting",
    "showdown",
    "combat",
    "chain",
    "passed",
    "focus_passed",
    "remaining",
    "removed",
    "winners",
    "events",
];

/// Where a key comes in the observation's declaration (unknown keys last).
pub(crate) fn field_rank(key: &str) -> usize {
    Observation::FIELDS
        .iter()
        .position(|f| f.key == key)
        .unwrap_or(usize::MAX)
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
///
/// Its text quotes the file's text escaped (`\u{1b}`), so a file's control characters never
/// reach a terminal raw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScenarioError {
    /// The file, if the scenario came from one.
    pub file: Option<String>,
    /// 1-based line; 0 if the file could not be read at all.
    pub line: usize,
    /// 1-based column, in characters; 0 if the file could not be read at all.
    pub column: usize,
    /// What is wrong, and what was expected.
    pub message: String,
    /// What kind of problem it is.
    pub kind: ErrorKind,
    /// Further problems found with it (a setup reports every problem), each at its line and
    /// column.
    pub more: Vec<((usize, usize), String)>,
}

/// What kind of problem a [`ScenarioError`] is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// The file could not be read as a scenario's text at all (line and column 0).
    Unreadable(ReadError),
    /// The file is not UTF-8 text: the line and column are those of the first byte that is not.
    NotUtf8,
    /// The text is not TOML.
    Syntax,
    /// The text is TOML but not a scenario of a possible game: a key, a value, the setup, a step
    /// or an expectation is wrong.
    Invalid,
}

pub use riftcheck_core::files::ReadError;

impl fmt::Display for ScenarioError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let file = escaped(self.file.as_deref().unwrap_or("<scenario>"));
        // A problem of the whole file (it cannot be read) has no position: line 0.
        let at = |line: usize, column: usize| {
            if line == 0 {
                String::new()
            } else {
                format!("{line}:{column}:")
            }
        };
        write!(
            f,
            "{file}:{} {}",
            at(self.line, self.column),
            escaped(&self.message)
        )?;
        for ((line, column), message) in &self.more {
            write!(f, "\n{file}:{} {}", at(*line, *column), escaped(message))?;
        }
        Ok(())
    }
}

impl std::error::Error for ScenarioError {}

impl ScenarioError {
    /// A problem of the text (a key, a value, the setup, a step), at `(line, column)`.
    pub(crate) fn invalid(
        file: Option<String>,
        at: (usize, usize),
        message: impl Into<String>,
    ) -> ScenarioError {
        ScenarioError {
            file,
            line: at.0,
            column: at.1,
            message: message.into(),
            kind: ErrorKind::Invalid,
            more: Vec::new(),
        }
    }
}

impl Scenario {
    /// An error located at `(line, column)` of this scenario's source.
    pub(crate) fn error_at(&self, at: (usize, usize), message: impl Into<String>) -> ScenarioError {
        ScenarioError::invalid(self.source.file.clone(), at, message)
    }

    /// Where a setup field is written: the field, or the nearest table around it that the file
    /// wrote (`setup.cards[1]` for a card's field left to its default), or `[setup]`.
    pub(crate) fn setup_position(&self, path: &str) -> (usize, usize) {
        let mut path = path;
        loop {
            if let Some(at) = self.source.setup.get(path) {
                return *at;
            }
            match path.rsplit_once('.') {
                Some((table, _)) => path = table,
                None => return self.source.setup_table,
            }
        }
    }

    /// The error for a setup that describes an impossible table: the first problem at its
    /// field, the others after it, each at its own.
    pub(crate) fn setup_error(&self, errors: &SetupErrors) -> ScenarioError {
        let first = errors.first();
        let mut e = self.error_at(
            self.setup_position(&first.at.to_string()),
            first.to_string(),
        );
        e.more = errors.all()[1..]
            .iter()
            .map(|x| (self.setup_position(&x.at.to_string()), x.to_string()))
            .collect();
        e
    }
}
