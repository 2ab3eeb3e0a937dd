//! `riftcheck replay`: replay scenario files on the reference engine (or one that commits a rule
//! fault) and check every expectation; report in text, JSON or JUnit.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use super::results::{FileResult, Replayed, Result};
use super::ruleset::{Ruleset, Run, Tools};
use super::{Format, fail_input};

/// One file replayed by the ruleset it declares, under the fault if the fault is that
/// ruleset's.
struct ReplayOne<'a> {
    path: &'a Path,
    verbose: bool,
    fault: Option<&'a str>,
}

impl Run for ReplayOne<'_> {
    type Out = FileResult;

    fn run<R: Tools>(self) -> FileResult {
        let (title, result, failure, error, steps) =
            match R::replay(self.path, self.verbose, self.fault) {
                Ok(r) => {
                    let result = if r.failure.is_some() {
                        Result::Failed
                    } else {
                        Result::Passed
                    };
                    (Some(r.title), result, r.failure, None, r.steps)
                }
                Err((title, e)) => (title, Result::Unreadable, None, Some(e), Vec::new()),
            };
        FileResult {
            path: self.path.to_path_buf(),
            title,
            result,
            failure,
            error,
            steps,
        }
    }
}

/// Replays every scenario among `files` (directories searched for `.toml` files), each by the
/// ruleset it declares; `fault` is committed by the engine of the ruleset that has it
/// (`fault_of`), the other rulesets' files replayed on their reference engines.
///
/// # Errors
///
/// A path does not exist, a directory holds no scenario, or a directory loops.
pub fn replay_all(
    files: &[PathBuf],
    verbose: bool,
    fault: Option<(Ruleset, &str)>,
) -> std::result::Result<Replayed, String> {
    let files = crate::args::scenario_files(files)?;
    Ok(Replayed {
        files: files
            .iter()
            .map(|path| {
                let ruleset = Ruleset::of_file(path);
                let fault = fault.filter(|(r, _)| *r == ruleset).map(|(_, k)| k);
                ruleset.run(ReplayOne {
                    path,
                    verbose,
                    fault,
                })
            })
            .collect(),
    })
}

/// The ruleset whose engine has the fault called `key`, and the key.
///
/// # Errors
///
/// No ruleset's engine has a fault called that.
pub fn fault_of(key: Option<&str>) -> std::result::Result<Option<(Ruleset, &str)>, String> {
    key.map(|k| {
        Ruleset::of_fault(k).map(|r| (r, k)).ok_or_else(|| {
            format!(
                "--fault {k}: no engine has a fault called that; `riftcheck faults` (with \
                 --ruleset for another ruleset) lists them"
            )
        })
    })
    .transpose()
}

/// Runs `riftcheck replay`.
pub fn run(files: &[PathBuf], verbose: bool, fault: Option<&str>, format: Format) -> ExitCode {
    let replayed = match fault_of(fault).and_then(|f| replay_all(files, verbose, f)) {
        Ok(r) => r,
        Err(e) => return fail_input(e),
    };
    match format {
        Format::Text => print_text(&replayed),
        Format::Json => println!(
            "{}",
            serde_json::to_string_pretty(&super::json::replay(&replayed)).unwrap_or_default()
        ),
        Format::Junit => print!("{}", super::junit::replay(&replayed)),
    }
    ExitCode::from(replayed.exit_status())
}

fn print_text(r: &Replayed) {
    for f in &r.files {
        // A file's name may hold anything; it is shown escaped, as the parser's messages are.
        let path = f.path.display().to_string();
        let path = riftcheck_core::text::escaped(&path);
        for line in &f.steps {
            println!("{line}");
        }
        let title = f.title.as_deref().unwrap_or("");
        match (f.result, &f.failure, &f.error) {
            (Result::Passed, _, _) => println!("pass  {path} ({title})"),
            (Result::Failed, Some(m), _) => println!(
                "FAIL  {path}:{}:{} ({title}) after step {}: {}: expected {}, found {}",
                m.line, m.column, m.after, m.what, m.expected, m.found
            ),
            (_, _, e) => println!("ERROR {}", e.as_deref().unwrap_or("unreadable")),
        }
    }
    println!(
        "{} passed, {} failed, {} unreadable",
        r.count(Result::Passed),
        r.count(Result::Failed),
        r.count(Result::Unreadable)
    );
}
