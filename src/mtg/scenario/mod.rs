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
//! A step followed by `-> refused` must be refused by the engine (the game then goes on as if it
//! had not been written), and by `-> refused (Name)` refused with that [`Refusal`](crate::mtg::Refusal):
//! `"A attacks B with Runeclaw Bears -> refused (CannotAttack)"`, as in a Riftbound file.
//!
//! Objects are named by their `name` (by default the card's printed name); Myr tokens are named
//! "Myr token 1", "Myr token 2", ...: the k-th token of the game in object order (the setup's
//! tokens first, then those created, in creation order).

mod context;
mod expect;
mod file;
mod parse;
mod render;
mod replay;
mod sentence;
pub mod write;

use std::path::Path;

pub use file::{Aim, Check, Chosen, Expectation, MtgScenario, ObjRef, Sentence, Want};
pub use replay::{Failure, MtgReplay, Recorded};

use crate::scenario::ScenarioError;
use mtg_vocabulary::types::ObjId;

impl MtgScenario {
    /// Reads a scenario from its text; `file` names it in errors.
    ///
    /// # Errors
    ///
    /// The first problem found, at its line and column.
    pub fn parse(text: &str, file: Option<&str>) -> Result<MtgScenario, ScenarioError> {
        parse::parse(text, file)
    }

    /// Reads a scenario file (a regular file of UTF-8 text within the scenario reader's limit,
    /// [`crate::scenario::LoadOptions`]).
    ///
    /// # Errors
    ///
    /// The file cannot be read, or [`MtgScenario::parse`] fails.
    pub fn load(path: impl AsRef<Path>) -> Result<MtgScenario, ScenarioError> {
        let path = path.as_ref();
        // Read as a Riftbound scenario file is: never a FIFO or a device, never past the limit,
        // UTF-8 (or located at the first byte that is not).
        let text = crate::scenario::read_text(path)?;
        MtgScenario::parse(&text, Some(&path.display().to_string()))
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

/// A scenario file of either ruleset, read once and parsed by the reader of the ruleset it
/// declares.
pub enum AnyScenario {
    /// A Riftbound scenario (`docs/scenarios.md`).
    Riftbound(Box<crate::Scenario>),
    /// An MTG scenario (`docs/mtg-scenarios.md`).
    Mtg(Box<MtgScenario>),
}

impl AnyScenario {
    /// Reads the file at `path` as every scenario file is read (a regular file, within the
    /// reader's limit, UTF-8), and parses it as an MTG scenario if it declares `ruleset = "mtg"`
    /// before any table, as a Riftbound one otherwise.
    ///
    /// # Errors
    ///
    /// The file cannot be read, or its ruleset's reader refuses it.
    pub fn load(path: &Path) -> Result<AnyScenario, ScenarioError> {
        let text = crate::scenario::read_text(path)?;
        let name = path.display().to_string();
        if declares_mtg(&text) {
            MtgScenario::parse(&text, Some(&name)).map(|s| AnyScenario::Mtg(Box::new(s)))
        } else {
            crate::Scenario::parse_named(&text, &name).map(|s| AnyScenario::Riftbound(Box::new(s)))
        }
    }
}

/// Whether the scenario file at `path` is an MTG one (`ruleset = "mtg"` on a line of its own
/// before any table); unreadable files are not, and get the Riftbound reader's error.
pub fn is_mtg_file(path: &Path) -> bool {
    crate::scenario::read_text(path).is_ok_and(|text| declares_mtg(&text))
}

/// Whether a scenario's text declares `ruleset = "mtg"` on a line of its own before any table.
fn declares_mtg(text: &str) -> bool {
    crate::scenario::declared_ruleset(text) == Some("mtg")
}

#[cfg(test)]
mod tests;
