//! `riftcheck replay`: replay scenario files on the reference engine (or one that commits a rule
//! fault) and check every expectation; report in text, JSON or JUnit.

use std::path::PathBuf;
use std::process::ExitCode;

use riftcheck::mtg::MtgFault;
use riftcheck::mtg::scenario::{AnyScenario, MtgScenario};

use super::results::{FileResult, Mismatch, Replayed, Result};
use super::{Format, fail_input};

/// A file replayed to the end: passed, or failed at `failure`.
fn replayed(
    path: &std::path::Path,
    title: &str,
    failure: Option<Mismatch>,
    steps: Vec<String>,
) -> FileResult {
    FileResult {
        path: path.to_path_buf(),
        title: Some(title.to_owned()),
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

/// Replays one file.
fn replay_one(
    path: &std::path::Path,
    verbose: bool,
    fault: Option<riftcheck::Fault>,
    mtg_fault: Option<MtgFault>,
) -> FileResult {
    let unreadable = |title: Option<String>, e: String| FileResult {
        path: path.to_path_buf(),
        title,
        result: Result::Unreadable,
        failure: None,
        error: Some(e),
        steps: Vec::new(),
    };
    // The file is read once, by the reader of the ruleset it declares.
    let scenario = match AnyScenario::load(path) {
        Ok(AnyScenario::Riftbound(s)) => *s,
        Ok(AnyScenario::Mtg(s)) => return replay_mtg(path, &s, verbose, mtg_fault),
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
    replayed(path, &scenario.title, failure, steps)
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
    replay_both(files, verbose, fault, None)
}

/// [`replay_all`], with MTG files (`ruleset = "mtg"`) replayed on an MTG engine that commits
/// `mtg_fault`.
///
/// # Errors
///
/// As [`replay_all`].
pub fn replay_both(
    files: &[PathBuf],
    verbose: bool,
    fault: Option<riftcheck::Fault>,
    mtg_fault: Option<MtgFault>,
) -> std::result::Result<Replayed, String> {
    let files = crate::args::scenario_files(files)?;
    Ok(Replayed {
        files: files
            .iter()
            .map(|p| replay_one(p, verbose, fault, mtg_fault))
            .collect(),
    })
}

/// Replays an MTG scenario file (`docs/mtg-scenarios.md`).
fn replay_mtg(
    path: &std::path::Path,
    scenario: &MtgScenario,
    verbose: bool,
    fault: Option<MtgFault>,
) -> FileResult {
    let replay = match fault {
        Some(f) => scenario.replay_with_fault(f),
        None => scenario.replay(),
    };
    let mut steps = Vec::new();
    if verbose {
        for (i, events) in replay.events.iter().enumerate().skip(1) {
            let step = scenario.step_text.get(i - 1).map_or("", String::as_str);
            steps.push(format!("  {i}. {step}"));
            for e in events {
                let rule = e.rule().map_or(String::new(), |r| format!(" ({r})"));
                steps.push(format!("       {e:?}{rule}"));
            }
        }
    }
    let failure = replay.failures.first().map(|f| Mismatch {
        line: f.line,
        column: 1,
        after: f.step,
        what: f.key.clone(),
        expected: f.expected.clone(),
        found: f.actual.clone(),
    });
    replayed(path, &scenario.title, failure, steps)
}

/// Runs `riftcheck replay`.
pub fn run(files: &[PathBuf], verbose: bool, fault: Option<&str>, format: Format) -> ExitCode {
    // A fault of either ruleset: MTG files replay under an MTG fault, the others under a
    // Riftbound one.
    let mtg_fault = fault.and_then(MtgFault::from_key);
    let fault = match super::fault(fault.filter(|_| mtg_fault.is_none())) {
        Ok(f) => f,
        Err(e) => return fail_input(e),
    };
    let replayed = match replay_both(files, verbose, fault, mtg_fault) {
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
