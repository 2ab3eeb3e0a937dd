//! `riftcheck validate TRACE...`: the command line of checking recorded games
//! ([`riftcheck_conform::validate`] judges them).

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;
use riftcheck::protocol::trace;

use super::ruleset::{Ruleset, Run, Tools};
use riftcheck_conform::{ConfigRow, Conformed, Findings, Report, print};

/// One trace judged by the ruleset its engine plays.
struct Judge<'a> {
    trace: &'a trace::AnyTrace,
    all: &'a mut Findings,
}

impl Run for Judge<'_> {
    type Out = Vec<ConfigRow>;

    fn run<R: Tools>(self) -> Vec<ConfigRow> {
        R::Driver::judge(self.trace, self.all)
    }
}

/// `riftcheck validate`'s arguments.
#[derive(Args, Debug)]
pub struct ValidateArgs {
    /// Trace files (JSON lines, docs/traces.md), or directories of `.jsonl` files.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Where the findings' scenario files are written.
    #[arg(long, default_value = "riftcheck-out/validate")]
    pub out: PathBuf,
    /// Output format: text, json or junit.
    #[arg(long, default_value = "text")]
    pub format: String,
    /// Also write JUnit XML to this file.
    #[arg(long, value_name = "FILE")]
    pub junit: Option<PathBuf>,
}

/// The trace files named: files as given, and the `.jsonl` files under directories, in name
/// order.
fn trace_files(given: &[PathBuf]) -> Result<Vec<PathBuf>, String> {
    fn under(dir: &Path, out: &mut Vec<PathBuf>) -> Result<(), String> {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
            .map_err(|e| format!("{}: {e}", dir.display()))?
            .filter_map(Result::ok)
            .map(|e| e.path())
            .collect();
        entries.sort();
        for p in entries {
            if p.is_dir() {
                under(&p, out)?;
            } else if p.extension().is_some_and(|x| x == "jsonl") {
                out.push(p);
            }
        }
        Ok(())
    }
    let mut out = Vec::new();
    for p in given {
        if p.is_dir() {
            let before = out.len();
            under(p, &mut out)?;
            if out.len() == before {
                return Err(format!(
                    "{}: no .jsonl trace under this directory",
                    p.display()
                ));
            }
        } else {
            out.push(p.clone());
        }
    }
    Ok(out)
}

/// Runs `riftcheck validate`. Exit status: 0 every recorded game follows the rules, 1 one does
/// not, 2 a trace cannot be read (nothing is judged then).
pub fn validate(args: &ValidateArgs) -> ExitCode {
    let fail = |m: String| {
        eprintln!("riftcheck validate: {m}");
        ExitCode::from(2)
    };
    if !["text", "json", "junit"].contains(&args.format.as_str()) {
        return fail(format!(
            "--format {}: expected text, json or junit",
            args.format
        ));
    }
    let files = match trace_files(&args.files) {
        Ok(f) => f,
        Err(e) => return fail(e),
    };
    let mut traces = Vec::new();
    for f in &files {
        match trace::load(f) {
            Ok(t) => traces.push(t),
            Err(e) => return fail(e.to_string()),
        }
    }
    let mut all = Findings::new(None);
    let mut report = Report::default();
    let mut engines: Vec<String> = Vec::new();
    for t in &traces {
        let engine = t.engine();
        if !engine.is_empty() && !engines.iter().any(|e| e == engine) {
            engines.push(engine.to_string());
        }
        if let Some(ruleset) = Ruleset::of_key(t.ruleset()) {
            report.traces.extend(ruleset.run(Judge {
                trace: t,
                all: &mut all,
            }));
        }
    }
    report.engine = if engines.is_empty() {
        "recorded games".into()
    } else {
        engines.join(", ")
    };
    report.findings = all.list;
    let format = (args.format.as_str(), false);
    if let Err(e) = print::emit(
        &report,
        format,
        &args.out,
        args.junit.as_deref(),
        "validate",
    ) {
        return fail(e);
    }
    if report.failed() {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
