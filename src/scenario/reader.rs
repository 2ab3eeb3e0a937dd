//! What every part of reading a scenario's text shares: the text, the file's name, and errors
//! located by line and column, inside strings as well as at them.

use std::ops::Range;

use super::document::{ErrorKind, ScenarioError};
use super::source::{Lines, string_offsets};

/// A scenario's text being read, and the file it came from.
pub(crate) struct Reader<'a> {
    pub text: &'a str,
    pub lines: Lines<'a>,
    pub file: Option<String>,
}

impl<'a> Reader<'a> {
    pub(crate) fn new(text: &'a str, file: Option<String>) -> Reader<'a> {
        Reader {
            text,
            lines: Lines::new(text),
            file,
        }
    }

    /// The line and column where `span` starts.
    pub fn at(&self, span: Range<usize>) -> (usize, usize) {
        self.lines.at(span.start)
    }

    /// A problem of the text at `span`.
    pub fn error(&self, span: Range<usize>, message: impl Into<String>) -> ScenarioError {
        ScenarioError::invalid(self.file.clone(), self.at(span), message)
    }

    /// A problem of the text of kind `kind` at `span`.
    pub fn error_of(
        &self,
        kind: ErrorKind,
        span: Range<usize>,
        message: impl Into<String>,
    ) -> ScenarioError {
        ScenarioError {
            kind,
            ..self.error(span, message)
        }
    }

    /// The byte of the text where byte `offset` of the string `value`, written at `span`, was
    /// written: past the opening quote, escapes counted as written. If the string's form is not
    /// one this reading knows, the byte as if nothing were escaped.
    pub fn in_string(&self, span: Range<usize>, value: &str, offset: usize) -> usize {
        let raw = self.text.get(span.clone()).unwrap_or("");
        match string_offsets(raw, value) {
            Some(offsets) => span.start + offsets.get(offset).copied().unwrap_or(raw.len()),
            None => span.start + 1 + offset,
        }
    }

    /// A problem at byte `offset` of the string `value` written at `span`.
    pub fn error_in_string(
        &self,
        span: Range<usize>,
        value: &str,
        offset: usize,
        message: impl Into<String>,
    ) -> ScenarioError {
        let at = self.in_string(span, value, offset);
        self.error(at..at, message)
    }
}
