//! A scenario as a value: its setup, its steps, its expectations, and where each came from in
//! the file it was read from.

use std::collections::BTreeMap;
use std::fmt;

use crate::card::Catalog;
use crate::observation::{Expected, Observation};
use crate::setup::Setup;

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

    /// Expects exactly what `obs` shows of the fields called `keys`.
    pub fn of(obs: &Observation, catalog: &Catalog, keys: &[&str], after: usize) -> Expect {
        let mut e = Expect {
            after,
            ..Expect::default()
        };
        for &key in keys {
            let Some(value) = obs.field(key, catalog) else {
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
