//! Reading scenario files safely: only regular files, never more than a limit of bytes (even
//! from a file that grows or lies about its size), and UTF-8 text, a problem located at the
//! first byte that is not.

use std::path::Path;

use super::document::{ErrorKind, ScenarioError};
use super::source::first_invalid_byte;

/// How scenario files are read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LoadOptions {
    /// The largest file read, in bytes.
    pub max_bytes: u64,
}

impl LoadOptions {
    /// The default limit: 16 MiB, far more than any scenario needs.
    pub const DEFAULT_MAX_BYTES: u64 = riftcheck_core::files::DEFAULT_MAX_BYTES;
}

/// The limit every file is read within (`riftcheck_core::files::max_bytes`, which a program's
/// `--max-file-size` sets).
impl Default for LoadOptions {
    fn default() -> LoadOptions {
        LoadOptions {
            max_bytes: riftcheck_core::files::max_bytes(),
        }
    }
}

/// The text of the file at `path`, read as every scenario file is (a regular file, at most
/// [`LoadOptions::default`]'s bytes, UTF-8): what an MTG scenario file is read with too.
///
/// # Errors
///
/// As `read`'s (a regular file of UTF-8 text within the limit).
pub fn read_text(path: &Path) -> Result<String, ScenarioError> {
    read(path, LoadOptions::default())
}

/// The ruleset the scenario file at `path` declares ([`declared_ruleset`]), `riftbound` if it
/// declares none; an unreadable file is taken as Riftbound's, whose reader then reports what is
/// wrong with it.
pub fn ruleset_of(path: &Path) -> String {
    let text = read_text(path).unwrap_or_default();
    declared_ruleset(&text).unwrap_or("riftbound").to_string()
}

/// The ruleset a scenario's text declares: `ruleset = "..."` on a line of its own before any
/// table, if there is one.
pub fn declared_ruleset(text: &str) -> Option<&str> {
    super::without_bom(text)
        .lines()
        .map(str::trim)
        .take_while(|l| !l.starts_with('['))
        .find_map(|l| {
            let value = l.strip_prefix("ruleset")?.trim_start().strip_prefix('=')?;
            value.trim().strip_prefix('"')?.strip_suffix('"')
        })
}

pub use riftcheck_core::files::read_bytes;

/// The text of the file at `path`.
///
/// # Errors
///
/// The file is not a regular file (checked before it is opened, so a FIFO is never waited on,
/// and again on the opened file), is larger than `options.max_bytes`, cannot be read, or is not
/// UTF-8 (located at the first byte that is not).
pub(super) fn read(path: &Path, options: LoadOptions) -> Result<String, ScenarioError> {
    let name = path.display().to_string();
    let bytes = read_bytes(path, options.max_bytes).map_err(|e| ScenarioError {
        file: Some(name.clone()),
        line: 0,
        column: 0,
        message: e.to_string(),
        kind: ErrorKind::Unreadable(e),
        more: Vec::new(),
    })?;
    String::from_utf8(bytes).map_err(|e| {
        let valid = e.utf8_error().valid_up_to();
        let bytes = e.as_bytes();
        let (line, column) = first_invalid_byte(bytes, valid);
        let byte = bytes.get(valid).copied().unwrap_or(0);
        ScenarioError {
            file: Some(name.clone()),
            line,
            column,
            message: format!(
                "the file is not UTF-8 text: the byte {byte:#04x} here is no part of a valid \
                 character"
            ),
            kind: ErrorKind::NotUtf8,
            more: Vec::new(),
        }
    })
}
