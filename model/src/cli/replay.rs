//! `riftcheck replay`: replay scenario files on the reference engine (or one that commits a rule
//! fault) and check every expectation; report in text, JSON or JUnit.

use std::path::PathBuf;
use std::process::ExitCode;

use riftcheck::Scenario;

use super::{Format, fail_input};

/// How one file went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Result {
    /// Every expectation held.
    Passed,
    /// An expectation did not.
    Failed,
    /// The file could not be read, parsed or played.
    Unreadable,
}

impl Result {
    /// `passed`, `failed`, `unreadable`.
    pub fn word(self) -> &'static str {
        match self {
            Result::Passed => "passed",
            Result::Failed => "failed",
            Result::Unreadable => "unreadable",
        }
    }
}

/// The first expectation that did not hold.
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

/// One file replayed.
#[derive(Clone, Debug)]
pub struct FileResult {
    /// The file.
    pub path: PathBuf,
    /// Its title, if it could be read.
    pub title: Option<String>,
    /// How it went.
    pub result: Result,
    /// The first mismatch, if it failed.
    pub failure: Option<Mismatch>,
    /// Why it could not be read, if it could not.
    pub error: Option<String>,
    /// With `--verbose`: each step and its events or refusal.
    pub steps: Vec<String>,
}

/// Every file replayed.
#[derive(Clone, Debug, Default)]
pub struct Replayed {
    /// In the order replayed.
    pub files: Vec<FileResult>,
}

impl Replayed {
    /// Files that went `r`.
    pub fn count(&self, r: Result) -> usize {
        self.files.iter().filter(|f| f.result == r).count()
    }

    /// 2 a file was unreadable, 1 an expectation failed, 0 all passed.
    pub fn exit_status(&self) -> u8 {
        if self.count(Result::Unreadable) > 0 {
            2
        } else if self.count(Result::Failed) > 0 {
            1
        } else {
            0
        }
    }

    /// `passed`, `failed` or `unreadable`.
    pub fn verdict(&self) -> &'static str {
        match self.exit_status() {
            0 => "passed",
            1 => "failed",
            _ => "unreadable",
        }
    }
}

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
    let files = crate::args::collect(files);
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
        for line in &f.steps {
            println!("{line}");
        }
        let title = f.title.as_deref().unwrap_or("");
        match (f.result, &f.failure, &f.error) {
            (Result::Passed, _, _) => println!("pass  {} ({title})", f.path.display()),
            (Result::Failed, Some(m), _) => println!(
                "FAIL  {}:{}:{} ({title}) after step {}: {}: expected {}, found {}",
                f.path.display(),
                m.line,
                m.column,
                m.after,
                m.what,
                m.expected,
                m.found
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
