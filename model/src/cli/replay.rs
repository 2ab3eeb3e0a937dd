//! `riftcheck replay`: replay scenario files on the reference engine (or one that commits a rule
//! fault) and check every expectation; report in text, JSON or JUnit.

use std::path::PathBuf;
use std::process::ExitCode;

use riftcheck::Scenario;

use super::results::{FileResult, Mismatch, Replayed, Result};
use super::{Format, fail_input};

/// Replays one file.
fn replay_one(
    path: &std::path::Path,
    verbose: bool,
    fault: Option<riftcheck::Fault>,
) -> FileResult {
    let unreadable = |title: Option<String>, e: String| FileResult {
        path: path.to_path_buf(),
        title,
        result: Result::Unreadable,
        failure: None,
        error: Some(e),
        steps: Vec::new(),
    };
    let scenario = match Scenario::load(path) {
        Ok(s) => s,
        Err(e) => return unreadable(None, e.to_string()),
    };
    let replay = match scenario.replay_with_fault(fault) {
        Ok(r) => r,
        Err(e) => return unreadable(Some(scenario.title.clone()), e.to_string()),
    };
    let mut steps = Vec::new();
    if verbose {
        let cat = &replay.catalog;
        for (i, r) in replay.results.iter().enumerate() {
            steps.push(format!("  {}. {}", i + 1, r.action.display(cat)));
            match &r.outcome {
                Ok(events) => {
                    for e in events {
                        steps.push(format!("       {} ({})", e.display(cat), e.rule()));
                    }
                }
                Err(e) => steps.push(format!("       refused: {e}")),
            }
        }
    }
    let failure = replay.failures.first().map(|f| Mismatch {
        line: f.at.0,
        column: f.at.1,
        after: f.after,
        what: f.what.clone(),
        expected: f.expected.clone(),
        found: f.actual.clone(),
    });
    FileResult {
        path: path.to_path_buf(),
        title: Some(scenario.title.clone()),
        result: if failure.is_some() {
            Result::Failed
        } else {
            Result::Passed
        },
        failure,
        error: None,
        steps,
    }
}

/// Replays every scenario among `files` (directories searched for `.toml` files).
///
/// # Errors
///
/// A path does not exist, a directory holds no scenario, or a directory loops.
pub fn replay_all(
    files: &[PathBuf],
    verbose: bool,
    fault: Option<riftcheck::Fault>,
) -> std::result::Result<Replayed, String> {
    let files = crate::args::scenario_files(files)?;
    Ok(Replayed {
        files: files
            .iter()
            .map(|p| replay_one(p, verbose, fault))
            .collect(),
    })
}

/// Runs `riftcheck replay`.
pub fn run(files: &[PathBuf], verbose: bool, fault: Option<&str>, format: Format) -> ExitCode {
    let fault = match fault.map(str::parse::<riftcheck::Fault>).transpose() {
        Ok(f) => f,
        Err(e) => return fail_input(e),
    };
    let replayed = match replay_all(files, verbose, fault) {
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
        let path = riftcheck::scenario::escaped(&path);
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
