//! The command line's commands that report results: `check` and `replay`, with their text, JSON
//! and JUnit outputs. `main.rs` only parses and dispatches.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::ValueEnum;

pub mod bench;
pub mod check;
pub mod conform;
pub mod diverge;
pub mod explore;
pub mod json;
pub mod junit;
pub mod lists;
pub mod merge;
pub mod readings;
pub mod render;
pub mod replay;
pub mod results;
pub mod ruleset;
pub mod serve;
pub mod simulate;
pub mod validate;

pub use ruleset::Ruleset;

/// The version of the JSON documents `check` and `replay` print (`docs/output.md`). Raised
/// when a field changes meaning or goes; new fields do not raise it.
pub const SCHEMA_VERSION: u32 = 2;

/// An output format.
#[derive(Clone, Copy, PartialEq, Eq, Debug, ValueEnum)]
pub enum Format {
    /// For people.
    Text,
    /// One JSON document (`docs/output.md`).
    Json,
    /// JUnit XML, for CI dashboards.
    Junit,
}

/// Bad input: the message on standard error, exit status 2.
pub fn fail_input(message: impl std::fmt::Display) -> ExitCode {
    eprintln!("error: {message}");
    ExitCode::from(2)
}

/// Whether files can be written under `dir`: it is a directory, or it does not exist yet and
/// its nearest existing ancestor is a directory. Checked before the work, so that a check does
/// not run for minutes only to be unable to save its counterexample.
///
/// # Errors
///
/// What is in the way, in words.
pub fn writable_dir(dir: &Path) -> Result<(), String> {
    let mut at: PathBuf = dir.to_path_buf();
    loop {
        match std::fs::metadata(&at) {
            Ok(m) if m.is_dir() => {
                if m.permissions().readonly() {
                    return Err(format!(
                        "--out {}: {} is not writable",
                        dir.display(),
                        at.display()
                    ));
                }
                return Ok(());
            }
            Ok(_) => {
                return Err(format!(
                    "--out {}: {} is not a directory",
                    dir.display(),
                    at.display()
                ));
            }
            Err(_) => {
                if !at.pop() || at.as_os_str().is_empty() {
                    // A relative path whose first part does not exist: it goes in the working
                    // directory.
                    return Ok(());
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_out_directory_behind_a_file_is_refused() {
        let dir = std::env::temp_dir().join(format!("riftcheck-out-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("a-file");
        std::fs::write(&file, "x").unwrap();
        assert!(writable_dir(&dir).is_ok());
        assert!(writable_dir(&dir.join("new/deeper")).is_ok());
        let e = writable_dir(&file).unwrap_err();
        assert!(e.contains("is not a directory"), "{e}");
        let e = writable_dir(&file.join("x")).unwrap_err();
        assert!(e.contains("is not a directory"), "{e}");
        assert!(writable_dir(Path::new("/dev/null/x")).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
