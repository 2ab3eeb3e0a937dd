//! What reading a scenario file needs at hand (the source and the names), and the names of
//! steps and zones.

use std::ops::Range;

use toml::Spanned;

use super::sentence::Names;
use crate::scenario::ScenarioError;
use crate::scenario::reader::Reader;
use mtg_vocabulary::types::Player;

/// What reading needs at hand: the source, and the table's names once known.
pub(super) struct Ctx<'a> {
    pub src: Reader<'a>,
    pub names: Names,
}

impl Ctx<'_> {
    pub fn err(&self, span: Range<usize>, m: impl Into<String>) -> ScenarioError {
        self.src.error(span, m)
    }

    /// A player's letter in a value.
    pub fn player(&self, s: &Spanned<String>) -> Result<Player, ScenarioError> {
        self.names
            .player_at(s.get_ref(), 0)
            .map_err(|(_, m)| self.err(s.span(), m))
    }

    /// A player's letter, or "none".
    pub fn player_or_none(&self, s: &Spanned<String>) -> Result<Option<Player>, ScenarioError> {
        if s.get_ref() == "none" {
            return Ok(None);
        }
        self.names
            .player_at(s.get_ref(), 0)
            .map(Some)
            .map_err(|(_, m)| self.err(s.span(), format!("{m}, or `none`")))
    }

    /// The line `span` starts on.
    pub fn line(&self, span: Range<usize>) -> usize {
        self.src.at(span).0
    }
}
