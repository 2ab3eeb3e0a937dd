//! A ruleset as the command line checks it: what a user asked for ([`Asked`]), read by the
//! ruleset into the configurations to check and how to make each one's model ([`Plan`]); the
//! models a random walk goes through ([`Walked`]); and the faults it can commit, listed. Each
//! ruleset implements [`Checkable`] in its own crate, beside its plug; the command line names
//! the rulesets in one place and runs every subcommand generic over this trait.

use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::proof::Written;
use crate::search::Limits;
use crate::simulate::Rare;

/// What `check` was asked to check, in the words of the command line: the filters over the
/// built-in configurations, or scenario files whose setups are checked instead; the bounds
/// (`key=value,...`), whether the quick bounds are wanted, the fault the engine commits and the
/// policies (readings) the spec is read under, by name.
#[derive(Clone, Copy, Debug, Default)]
pub struct Asked<'a> {
    /// `--mode`: the modes kept (none: every mode).
    pub mode: &'a [String],
    /// `--players`: the table sizes kept.
    pub players: &'a [usize],
    /// `--family`: the families kept.
    pub family: &'a [String],
    /// Scenario files whose setups are checked in place of the built-in configurations.
    pub files: &'a [PathBuf],
    /// `--bounds`, as written.
    pub bounds: Option<&'a str>,
    /// `--quick`: each configuration's quick bounds.
    pub quick: bool,
    /// `--fault`: the fault the engine under test commits, by its key.
    pub fault: Option<&'a str>,
    /// `--policy`: the readings asked for, as written.
    pub policies: &'a [String],
}

impl Asked<'_> {
    /// Refuses filters over the built-in configurations beside scenario files.
    ///
    /// # Errors
    ///
    /// A filter was given with files, in words.
    pub fn no_filters_with_files(&self) -> Result<(), String> {
        let filtered = !(self.mode.is_empty() && self.family.is_empty() && self.players.is_empty());
        if filtered && !self.files.is_empty() {
            return Err(
                "--mode, --family and --players select built-in configurations; they do not \
                 apply to scenario files"
                    .into(),
            );
        }
        Ok(())
    }
}

/// A configuration as reports name it: its name, its family (its counterexamples are written
/// once per property), its bounds as the report shows them, and how `--list` shows it.
pub struct Entry {
    /// `war/chain`, or a scenario file's path.
    pub name: String,
    /// `chain`, or the file's path again.
    pub family: String,
    /// The bounds, as the report's `bounds` object.
    pub bounds: Value,
    /// The line `check --list` prints for it.
    pub line: String,
    /// The object `check --list --format json` prints for it.
    pub listed: Value,
}

/// What a ruleset made of `check`'s arguments: its key in reports, its configurations, how to
/// make the model of each (by its place in the list), the fault the engine commits, and what
/// the whole check was asked (for a split check's runs to agree on).
pub struct Plan<'a, M: Written> {
    /// The ruleset's key in reports (`--ruleset`'s value).
    pub ruleset: &'static str,
    /// The configurations, in order.
    pub entries: Vec<Entry>,
    /// The model of the configuration at a place in `entries`.
    pub model_of: Box<dyn Fn(usize) -> Result<M, String> + Sync + 'a>,
    /// The fault the engine under test commits, by its key.
    pub fault: Option<&'static str>,
    /// The bounds, fault and readings asked for, as a split check's runs report them.
    pub of: Value,
}

/// The models `simulate` walks through, made one at a time (one that cannot be made is bad
/// input, reported when it is reached), which actions a walk draws rarely, and how far a
/// breadth-first search may go to shorten a violation (none: it is shrunk step by step).
pub struct Walked<M: Written> {
    /// The models, in order.
    pub models: Box<dyn Iterator<Item = Result<M, String>>>,
    /// The actions drawn rarely (concessions).
    pub rare: Rare<M>,
    /// The limits of the search for the shortest path to a violation.
    pub shortest: Option<Limits>,
}

/// A ruleset as the command line checks it: the plan of a `check`, a built-in configuration as
/// a scenario file, the walks of `simulate` and its faults.
pub trait Checkable {
    /// The ruleset's key (`--ruleset`'s value, and reports').
    const KEY: &'static str;
    /// Its model.
    type Model: Written;

    /// The configurations `asked` names, and how to make each one's model.
    ///
    /// # Errors
    ///
    /// A filter, bound, fault, policy or file the ruleset cannot read, or filters that leave
    /// nothing; in words.
    fn plan(asked: &Asked<'_>) -> Result<Plan<'static, Self::Model>, String>;

    /// The built-in configuration `name`'s setup as a scenario file (`check --print`).
    ///
    /// # Errors
    ///
    /// No configuration is called that.
    fn print(name: &str) -> Result<String, String>;

    /// The models `simulate` walks: from `file`'s setup (none: every built-in configuration),
    /// at `bounds` (none: the ruleset's walking bounds), the engine committing `fault`.
    ///
    /// # Errors
    ///
    /// The file, bounds or fault cannot be read.
    fn walked(
        file: Option<&Path>,
        bounds: Option<&str>,
        fault: Option<&str>,
    ) -> Result<Walked<Self::Model>, String>;

    /// Its faults, a line each: the key, the rule it breaks and what it does.
    fn faults() -> Vec<String>;

    /// Its policies (where the rules are silent, what the engine does) and the readings of
    /// each point where the rules can be read more than one way, the first the default and a
    /// fault marked: the lines `riftcheck policies` prints.
    fn policies() -> Vec<String>;
}

/// The first expectation of a scenario file that did not hold.
#[derive(Clone, Debug)]
pub struct Mismatch {
    /// Where the expectation is written.
    pub line: usize,
    /// Its column.
    pub column: usize,
    /// The step after which it was checked.
    pub after: usize,
    /// What was expected of.
    pub what: String,
    /// The value expected.
    pub expected: String,
    /// The value found.
    pub found: String,
}

impl Mismatch {
    /// The expectation `what` written at `(line, column)`, checked after step `after`: `expected`
    /// was expected, `found` found.
    pub fn new(
        (line, column): (usize, usize),
        after: usize,
        what: &str,
        expected: &str,
        found: &str,
    ) -> Mismatch {
        Mismatch {
            line,
            column,
            after,
            what: what.to_string(),
            expected: expected.to_string(),
            found: found.to_string(),
        }
    }
}

/// A scenario file replayed to its end: its title, the first expectation it broke if it broke
/// one, and (asked for) each step with its events as lines to print.
#[derive(Clone, Debug)]
pub struct Replay {
    /// The scenario's title.
    pub title: String,
    /// The first expectation that did not hold.
    pub failure: Option<Mismatch>,
    /// The steps and their events, a line each (empty unless asked for).
    pub steps: Vec<String>,
}

/// How `render` writes a scenario.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Page {
    /// A rulebook paragraph.
    Text,
    /// Markdown for the book.
    Markdown,
    /// An HTML page for the book.
    Html,
}

/// A ruleset's scenario files as the command line replays and renders them. The file handed
/// over declares the ruleset (`riftcheck::scenario::ruleset_of`).
pub trait Scenarios {
    /// Whether the ruleset's engine has a fault called `key`.
    fn knows_fault(key: &str) -> bool;

    /// Replays the scenario at `path` on the reference engine, committing `fault` if one is
    /// named, with its steps as lines if `verbose`.
    ///
    /// # Errors
    ///
    /// The file cannot be read or played, or the fault is not the ruleset's: the scenario's
    /// title if it was read, and what is wrong.
    fn replay(
        path: &Path,
        verbose: bool,
        fault: Option<&str>,
    ) -> Result<Replay, (Option<String>, String)>;

    /// The scenario at `path` written as `page` says, played on the reference engine or,
    /// with `fault`, on the engine committing it (what the fault changes said at the end).
    ///
    /// # Errors
    ///
    /// The file cannot be read, or the fault is not the ruleset's.
    fn render(path: &Path, fault: Option<&str>, page: Page) -> Result<String, String>;

    /// The scenario at `path` as an SVG timeline, under `fault` if one is named.
    ///
    /// # Errors
    ///
    /// The file cannot be read or played, the fault is not the ruleset's, or the ruleset draws
    /// no picture.
    fn svg(path: &Path, fault: Option<&str>) -> Result<String, String>;
}

/// Reads bounds written `key=value,...` (`turns=1,concessions=2`) into their keys and values,
/// in order; a key of `unbounded_ok` may be written `unbounded` (its value `None`). Which keys
/// a ruleset has is the ruleset's to say.
///
/// # Errors
///
/// A part is not `key=value`, or its value not a number from 0 to 255 (or `unbounded`, where
/// allowed).
pub fn bound_values<'t>(
    text: &'t str,
    unbounded_ok: &[&str],
) -> Result<Vec<(&'t str, Option<u8>)>, String> {
    let mut out = Vec::new();
    for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let Some((key, value)) = part.split_once('=') else {
            return Err(format!(
                "`{part}`: bounds are written key=value, e.g. turns=1"
            ));
        };
        let key = key.trim();
        let may_be_unbounded = unbounded_ok.contains(&key);
        let value = match value.trim() {
            "unbounded" if may_be_unbounded => None,
            v => match v.parse() {
                Ok(n) => Some(n),
                Err(_) if may_be_unbounded => {
                    return Err(format!(
                        "`{part}`: the value must be a number from 0 to 255, or unbounded"
                    ));
                }
                Err(_) => {
                    return Err(format!(
                        "`{part}`: the value must be a number from 0 to 255"
                    ));
                }
            },
        };
        out.push((key, value));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::bound_values;

    #[test]
    fn only_the_keys_allowed_may_be_unbounded() {
        assert_eq!(
            bound_values("invites=unbounded, turns=255", &["invites"]).unwrap(),
            [("invites", None), ("turns", Some(255))]
        );
        let e = bound_values("turns=unbounded", &["invites"]).unwrap_err();
        assert!(e.contains("0 to 255") && !e.contains("or unbounded"), "{e}");
        let e = bound_values("invites=256", &["invites"]).unwrap_err();
        assert!(e.contains("or unbounded"), "{e}");
        let e = bound_values("turns", &[]).unwrap_err();
        assert!(e.contains("key=value"), "{e}");
        assert!(bound_values(" , ", &[]).unwrap().is_empty());
    }
}
