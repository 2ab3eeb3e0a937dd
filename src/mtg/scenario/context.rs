//! What reading a scenario file needs at hand (the source and the names), and the names of
//! steps and zones.

use std::ops::Range;

use toml::Spanned;

use super::error::{MtgErrorKind, MtgScenarioError, Source};
use super::sentence::Names;
use crate::mtg::types::Player;

/// What reading needs at hand: the source, and the table's names once known.
pub(super) struct Ctx<'a> {
    pub src: Source<'a>,
    pub names: Names,
}

impl Ctx<'_> {
    pub fn err(
        &self,
        kind: MtgErrorKind,
        span: Range<usize>,
        m: impl Into<String>,
    ) -> MtgScenarioError {
        self.src.error(kind, span, m)
    }

    /// A player's letter in a value.
    pub fn player(&self, s: &Spanned<String>) -> Result<Player, MtgScenarioError> {
        self.names
            .player_at(s.get_ref(), 0)
            .map_err(|(_, m)| self.err(MtgErrorKind::Value, s.span(), m))
    }

    /// A player's letter, or "none".
    pub fn player_or_none(&self, s: &Spanned<String>) -> Result<Option<Player>, MtgScenarioError> {
        if s.get_ref() == "none" {
            return Ok(None);
        }
        self.names
            .player_at(s.get_ref(), 0)
            .map(Some)
            .map_err(|(_, m)| self.err(MtgErrorKind::Value, s.span(), format!("{m}, or `none`")))
    }

    /// The line `span` starts on.
    pub fn line(&self, span: Range<usize>) -> usize {
        self.src.at(span.start).0
    }
}
