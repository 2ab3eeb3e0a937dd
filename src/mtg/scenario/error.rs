//! Errors of reading an MTG scenario file: the file, the line and column, and what is wrong.

use std::fmt;
use std::ops::Range;

/// What kind of problem an [`MtgScenarioError`] is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum MtgErrorKind {
    /// The file could not be read.
    Io,
    /// The text is not TOML.
    Syntax,
    /// A key is unknown, missing, or holds the wrong type of value.
    Schema,
    /// A value is of the right type but means nothing here (a bad letter, zone, step, number).
    Value,
    /// A name of an object that the setup does not give, or given twice.
    Name,
    /// A step that is not one of the sentences the format knows.
    Step,
    /// The setup is impossible (`MtgSetup::validate`).
    Setup,
}

impl fmt::Display for MtgErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            MtgErrorKind::Io => "cannot read",
            MtgErrorKind::Syntax => "syntax",
            MtgErrorKind::Schema => "schema",
            MtgErrorKind::Value => "value",
            MtgErrorKind::Name => "name",
            MtgErrorKind::Step => "step",
            MtgErrorKind::Setup => "setup",
        })
    }
}

/// An MTG scenario that cannot be read: where, and what is wrong there.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("{}:{} {kind} error: {message}", file.as_deref().unwrap_or("<scenario>"), at(*.line, *.column))]
pub struct MtgScenarioError {
    /// The file, if the text came from one.
    pub file: Option<String>,
    /// 1-based line (0 when the file could not be read).
    pub line: usize,
    /// 1-based column, in characters (0 when the file could not be read).
    pub column: usize,
    /// What kind of problem.
    pub kind: MtgErrorKind,
    /// What is wrong.
    pub message: String,
}

/// `line:column:`, or nothing for a problem of the whole file (line 0: it could not be read).
fn at(line: usize, column: usize) -> String {
    if line == 0 {
        String::new()
    } else {
        format!("{line}:{column}:")
    }
}

/// The text being read: byte offsets to lines and columns, errors at spans.
pub(super) struct Source<'a> {
    pub text: &'a str,
    pub file: Option<String>,
}

impl Source<'_> {
    /// The 1-based line and column (in characters) of byte `offset`.
    pub fn at(&self, offset: usize) -> (usize, usize) {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let before = &self.text[..offset];
        let line = before.matches('\n').count() + 1;
        let start = before.rfind('\n').map_or(0, |i| i + 1);
        (line, before[start..].chars().count() + 1)
    }

    /// A problem of kind `kind` at the start of `span`.
    pub fn error(
        &self,
        kind: MtgErrorKind,
        span: Range<usize>,
        message: impl Into<String>,
    ) -> MtgScenarioError {
        let (line, column) = self.at(span.start);
        MtgScenarioError {
            file: self.file.clone(),
            line,
            column,
            kind,
            message: message.into(),
        }
    }

    /// The byte where character `offset` (in bytes of the value) of a string written at `span`
    /// was written: past the opening quote when the string is written plainly, else its start.
    pub fn in_string(&self, span: &Range<usize>, offset: usize) -> usize {
        let raw = self.text.get(span.clone()).unwrap_or("");
        let plain = raw.starts_with('"') && !raw.starts_with("\"\"\"") && !raw.contains('\\');
        let literal = raw.starts_with('\'') && !raw.starts_with("'''");
        if plain || literal {
            span.start + 1 + offset
        } else {
            span.start
        }
    }
}
