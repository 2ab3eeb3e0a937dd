//! What the tests of `riftcheck conform` share: running the program from the repository's root,
//! `conform --format json` on an engine, and reading its report.
#![allow(dead_code)]

use std::path::PathBuf;
use std::process::{Command, Output};

use serde_json::Value;

pub use super::root;

pub fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_riftcheck")
}

/// Where a test of the calling file writes what `name` names ([`super::scratch`]).
#[track_caller]
pub fn out_dir(name: &str) -> PathBuf {
    super::scratch(name)
}

/// Runs `riftcheck ARGS` from the repository's root.
pub fn riftcheck(args: &[&str]) -> Output {
    Command::new(bin())
        .args(args)
        .current_dir(root())
        .output()
        .unwrap()
}

pub fn python(engine: &str, extra: &str) -> String {
    format!(
        "python3 {} {extra}",
        root().join("examples/engines").join(engine).display()
    )
}

/// `conform --format json` on an engine; the exit status and the report.
#[track_caller]
pub fn conform(engine: &str, out: &str, args: &[&str]) -> (i32, Value) {
    let out = out_dir(out);
    let out = out.to_str().unwrap();
    let mut all = vec![
        "conform", "--engine", engine, "--format", "json", "--out", out,
    ];
    all.extend_from_slice(args);
    json_report(&riftcheck(&all))
}

/// The exit status of a run with `--format json`, and its report.
pub fn json_report(run: &Output) -> (i32, Value) {
    let stdout = String::from_utf8_lossy(&run.stdout);
    let report = serde_json::from_str(&stdout).unwrap_or_else(|e| {
        panic!(
            "{e}: not a JSON report:\n{stdout}\n{}",
            String::from_utf8_lossy(&run.stderr)
        )
    });
    (run.status.code().unwrap(), report)
}

pub fn findings(report: &Value) -> &Vec<Value> {
    report["findings"].as_array().expect("a list of findings")
}

/// The finding that showed in `config` during `phase` (the first, if several did).
pub fn found<'a>(report: &'a Value, config: &str, phase: &str) -> &'a Value {
    let place = Value::from(format!("{config} ({phase})"));
    findings(report)
        .iter()
        .find(|d| {
            d["configurations"]
                .as_array()
                .is_some_and(|c| c.contains(&place))
        })
        .unwrap_or_else(|| panic!("no finding in {config} ({phase}): {report:#}"))
}

pub fn rows<'a>(report: &'a Value, phase: &str) -> &'a Vec<Value> {
    report[phase].as_array().expect("a table")
}

pub fn serve() -> String {
    format!("{} serve", bin())
}

/// The row of `config` in `phase`'s table.
pub fn row<'a>(report: &'a Value, phase: &str, config: &str) -> &'a Value {
    rows(report, phase)
        .iter()
        .find(|r| r["configuration"] == config)
        .unwrap_or_else(|| panic!("no row for {config} in {phase}"))
}
