//! `conform`'s output: a table per phase, each divergence as a rulebook example, and the same as
//! JSON for machines.

use std::path::PathBuf;

use riftcheck::protocol::remote::Verdict;
use serde_json::json;

use super::{ConfigRow, Report};

fn verdict_text(v: &Result<Verdict, String>) -> (&'static str, String) {
    match v {
        Ok(Verdict::Passed) => ("passed", String::new()),
        Ok(Verdict::Unsupported(why)) => ("unsupported", why.clone()),
        // Every line that differs, in the file's order of steps, one per line.
        Ok(Verdict::Failed(f)) => (
            "failed",
            f.iter()
                .map(|f| {
                    // A step's own verdict already names the step; a field needs saying when.
                    let when = if f.what.starts_with("step ") {
                        String::new()
                    } else {
                        format!("after step {}: ", f.after)
                    };
                    format!(
                        "line {}:{}: {when}{}: expected {}, found {}",
                        f.at.0, f.at.1, f.what, f.expected, f.actual
                    )
                })
                .collect::<Vec<_>>()
                .join("\n"),
        ),
        Ok(Verdict::Fault { after, fault }) => ("failed", format!("after step {after}: {fault}")),
        Err(e) => ("unreadable", e.clone()),
    }
}

/// "1 step", "3 steps".
fn steps(n: usize) -> String {
    if n == 1 {
        "1 step".into()
    } else {
        format!("{n} steps")
    }
}

fn result_text(r: &ConfigRow) -> String {
    if let Some(why) = &r.unsupported {
        return format!("unsupported: {why}");
    }
    let projected = match (r.gave_up, r.projected.is_some()) {
        (true, _) => format!(
            " (given up after {} protocol faults)",
            super::exhaustive::MAX_FAULTS
        ),
        (false, true) => " (projected)".into(),
        (false, false) => String::new(),
    };
    if r.findings.is_empty() {
        return if r.cut {
            format!("agrees so far (cut by --max-states){projected}")
        } else {
            format!("agrees{projected}")
        };
    }
    let ids: Vec<String> = r.findings.iter().map(|i| format!("#{i}")).collect();
    format!(
        "DIVERGES: finding{} {} ({} divergent step{}){projected}",
        if ids.len() == 1 { "" } else { "s" },
        ids.join(", "),
        r.divergences,
        if r.divergences == 1 { "" } else { "s" }
    )
}

fn table(title: &str, what: &str, rows: &[ConfigRow]) {
    if rows.is_empty() {
        return;
    }
    println!("\n{title}");
    println!(
        "  {:<22} {:>9} {:>9} {:>9} {:>8} {:>9}  result",
        "configuration", what, "steps", "requests", "seconds", "steps/s"
    );
    for r in rows {
        let rate = if r.seconds > 0.0 {
            format!("{:.0}", r.steps as f64 / r.seconds)
        } else {
            "-".into()
        };
        println!(
            "  {:<22} {:>9} {:>9} {:>9} {:>8.2} {:>9}  {}",
            r.config,
            r.states,
            r.steps,
            r.requests,
            r.seconds,
            rate,
            result_text(r)
        );
    }
    for r in rows.iter().filter(|r| r.unsupported.is_none()) {
        if let Some(p) = &r.projected {
            println!("  {:<22} projected: {p}", r.config);
        }
    }
}

/// Prints the report for people.
pub fn text(report: &Report, written: &[PathBuf], verbose: bool) {
    let command = if report.traces.is_empty() {
        "conform"
    } else {
        "validate"
    };
    println!("riftcheck {command}: {}", report.engine);
    if !report.unchecked.is_empty() {
        println!(
            "\nNot compared (fields the engine does not expose, actions it does not take), so not \
             vouched for:"
        );
        for u in &report.unchecked {
            let props = if u.properties.is_empty() {
                String::new()
            } else {
                format!(
                    "; properties citing those rules: {}",
                    u.properties.join("; ")
                )
            };
            let what = if u.action {
                format!("the action `{}`", u.field)
            } else {
                u.field.clone()
            };
            println!("  {what} (rules {}){props}", u.rules);
        }
    }
    if !report.scenarios.is_empty() {
        let mut counts = [0usize; 4];
        println!("\n1. Scenarios as a conformance suite");
        for r in &report.scenarios {
            let (word, why) = verdict_text(&r.verdict);
            let i = ["passed", "failed", "unsupported", "unreadable"]
                .iter()
                .position(|w| *w == word)
                .unwrap_or(1);
            counts[i] += 1;
            if word == "passed" || (word == "unsupported" && !verbose) {
                continue;
            }
            let why = why.replace('\n', "\n              ");
            println!("  {word:<11} {} ({}): {why}", r.path.display(), r.title);
        }
        let projected = report
            .scenarios
            .iter()
            .filter(|r| r.projected.is_some())
            .count();
        println!(
            "  {} passed, {} failed, {} unsupported, {} unreadable; {projected} run projected onto \
             what the engine declares",
            counts[0], counts[1], counts[2], counts[3]
        );
    }
    table(
        "2. Exhaustive exploration of the built-in configurations (the spec driving)",
        "games",
        &report.exhaustive,
    );
    table("3. Seeded random walks", "walks", &report.walks);
    table(
        "Recorded games (past a divergence, judged on from what the engine showed)",
        "games",
        &report.traces,
    );
    findings_table(report);
    for (f, path) in report.findings.iter().zip(written) {
        let e = &f.example;
        println!(
            "\nFinding #{} in {} ({}, {}):\n",
            f.id,
            e.config,
            e.phase,
            steps(e.steps.len())
        );
        for note in f.notes() {
            println!("{note}");
        }
        print!("{}", e.text);
        println!("Scenario: {} ({} {0})", path.display(), e.replay);
    }
    if !report.traces.is_empty() {
        let games = report.traces.len();
        let diverged = report.traces.iter().filter(|r| r.divergences > 0).count();
        println!(
            "\n{}: {} finding(s); {diverged} of {games} recorded game(s) part from the rules",
            if report.failed() { "FAILED" } else { "PASSED" },
            report.findings.len(),
        );
        return;
    }
    let unsupported = report
        .exhaustive
        .iter()
        .filter(|r| r.unsupported.is_some())
        .count();
    let failed_scenarios = report
        .scenarios
        .iter()
        .filter(|r| !matches!(r.verdict, Ok(Verdict::Passed | Verdict::Unsupported(_))))
        .count();
    println!(
        "\n{}: {} finding(s), {} scenario(s) failed; {} configuration(s) unsupported by the engine",
        if report.failed() { "FAILED" } else { "PASSED" },
        report.findings.len(),
        failed_scenarios,
        unsupported
    );
}

/// One line per finding: its number, the kind of step, what differs, the rule at issue, its
/// shortest example's length and where it showed.
fn findings_table(report: &Report) {
    if report.findings.is_empty() {
        return;
    }
    println!("\nFindings (each a distinct mistake; its shortest example below)");
    println!(
        "  {:>3}  {:<10} {:<32} {:<18} {:>6} {:>11}  configurations",
        "#", "step", "what differs", "rule at issue", "steps", "divergences"
    );
    for f in &report.findings {
        let what = f.example.divergence.what();
        let more = f.example.divergence.fields().len().saturating_sub(1);
        let what = if more > 0 {
            format!("{what} (+{more} field{})", if more == 1 { "" } else { "s" })
        } else {
            what
        };
        let what = match &f.reading {
            Some(r) => format!("reads {}", r.key),
            None => what,
        };
        let step = f.key.step;
        println!(
            "  {:>3}  {:<10} {:<32} {:<18} {:>6} {:>11}  {}",
            f.id,
            step,
            what,
            if f.rule().is_empty() {
                "the protocol"
            } else {
                f.rule()
            },
            f.example.steps.len(),
            f.divergences,
            f.configurations.join(", ")
        );
    }
}

fn rows_json(rows: &[ConfigRow]) -> serde_json::Value {
    rows.iter()
        .map(|r| {
            json!({
                "configuration": r.config,
                "unsupported": r.unsupported,
                "projected": r.projected,
                "states": r.states,
                "steps": r.steps,
                "requests": r.requests,
                "seconds": r.seconds,
                "cut": r.cut,
                "gave_up": r.gave_up,
                "divergences": r.divergences,
                "findings": r.findings,
            })
        })
        .collect()
}

/// Prints the report as one JSON document.
pub fn json(report: &Report, written: &[PathBuf]) {
    let scenarios: Vec<_> = report
        .scenarios
        .iter()
        .map(|r| {
            let (word, why) = verdict_text(&r.verdict);
            json!({
                "file": r.path.display().to_string(),
                "title": r.title,
                "result": word,
                "detail": why,
                // A failed scenario: every line that differs.
                "failures": if word == "failed" { why.lines().collect::<Vec<_>>() } else { Vec::new() },
                "projected": r.projected,
            })
        })
        .collect();
    let findings: Vec<_> = report
        .findings
        .iter()
        .enumerate()
        .map(|(i, f)| {
            let e = &f.example;
            json!({
                "id": f.id,
                "step": f.key.step,
                "class": f.key.class,
                "what": e.divergence.what(),
                "fields": e.divergence.fields(),
                "protocol": e.divergence.is_protocol(),
                "rule": (!f.rule().is_empty()).then_some(f.rule()),
                "reading": f.reading.as_ref().map(|r| json!({ "key": r.key, "said": r.said })),
                "after_finding": f.past,
                "not_followed": f.not_followed,
                "configurations": f.configurations,
                "divergences": f.divergences,
                "seconds": f.seconds,
                "configuration": e.config,
                "phase": e.phase,
                "steps": e.steps,
                "expected": e.expected,
                "found": e.found,
                "example": e.text,
                "scenario_file": written.get(i).map(|p| p.display().to_string()),
            })
        })
        .collect();
    let unchecked: Vec<_> = report
        .unchecked
        .iter()
        .map(|u| {
            let kind = if u.action { "action" } else { "field" };
            json!({ "kind": kind, "field": u.field, "rules": u.rules, "properties": u.properties })
        })
        .collect();
    let out = json!({
        "engine": report.engine,
        "unchecked": unchecked,
        "passed": !report.failed(),
        "scenarios": scenarios,
        "exhaustive": rows_json(&report.exhaustive),
        "walks": rows_json(&report.walks),
        "traces": rows_json(&report.traces),
        "findings": findings,
    });
    println!("{}", serde_json::to_string_pretty(&out).unwrap_or_default());
}

/// Writes the findings' scenario files under `out` and the JUnit file if asked for, then prints
/// the report in `format` (`text`, `json`, `junit`). `command` names the run (`conform`,
/// `validate`).
///
/// # Errors
///
/// A file cannot be written: what and why.
pub fn emit(
    report: &Report,
    (format, verbose): (&str, bool),
    out: &std::path::Path,
    junit_file: Option<&std::path::Path>,
    command: &str,
) -> Result<(), String> {
    let written = super::write_scenarios(report, out)
        .map_err(|e| format!("cannot write to {}: {e}", out.display()))?;
    if let Some(path) = junit_file {
        std::fs::write(path, junit(report, &written, command))
            .map_err(|e| format!("--junit {}: {e}", path.display()))?;
    }
    match format {
        "json" => json(report, &written),
        "junit" => print!("{}", junit(report, &written, command)),
        _ => text(report, &written, verbose),
    }
    Ok(())
}

/// JUnit XML for CI dashboards: a test suite per phase with a test case per scenario (and per
/// configuration, or recorded game), failing with the findings it showed; and a suite of the
/// findings, a test case each, failing with its rulebook example. `command` names the run
/// (`conform`, `validate`).
pub fn junit(report: &Report, written: &[PathBuf], command: &str) -> String {
    use riftcheck_checker::junit::{Case, End, Suite, document};
    use std::fmt::Write;
    let case = |class: &str, name: &str, seconds: f64, end: End| Case {
        class: class.to_owned(),
        name: name.to_owned(),
        seconds: Some(seconds),
        end,
    };
    let failure = |message: String, body: String| End::Failed {
        message,
        kind: None,
        body,
    };
    let mut suites: Vec<Suite> = Vec::new();
    if !report.scenarios.is_empty() {
        let cases = report
            .scenarios
            .iter()
            .map(|r| {
                let (word, why) = verdict_text(&r.verdict);
                let end = match word {
                    "passed" => End::Passed,
                    "unsupported" => End::Skipped(why),
                    _ => failure(format!("{word}: {why}"), why),
                };
                case("scenarios", &r.path.display().to_string(), 0.0, end)
            })
            .collect();
        suites.push(Suite {
            name: "scenarios".into(),
            seconds: None,
            cases,
        });
    }
    let finding_text = |ids: &[usize]| {
        ids.iter()
            .filter_map(|id| report.findings.iter().find(|f| f.id == *id))
            .map(|f| format!("Finding #{}:\n{}", f.id, f.example.text))
            .collect::<Vec<_>>()
            .join("\n")
    };
    for (phase, rows) in [
        ("exhaustive", &report.exhaustive),
        ("random walks", &report.walks),
        ("recorded games", &report.traces),
    ] {
        if rows.is_empty() {
            continue;
        }
        let cases = rows
            .iter()
            .map(|r| {
                let end = if let Some(why) = &r.unsupported {
                    End::Skipped(why.clone())
                } else if r.findings.is_empty() {
                    End::Passed
                } else {
                    failure(result_text(r), finding_text(&r.findings))
                };
                case(phase, &r.config, r.seconds, end)
            })
            .collect();
        suites.push(Suite {
            name: phase.into(),
            seconds: None,
            cases,
        });
    }
    let mut cases = Vec::new();
    for (f, path) in report
        .findings
        .iter()
        .zip(written.iter().map(Some).chain(std::iter::repeat(None)))
    {
        let e = &f.example;
        let rule = if f.rule().is_empty() {
            "the protocol".to_string()
        } else {
            format!("rule {}", f.rule())
        };
        let mut body = f.notes().join("\n");
        if !body.is_empty() {
            body.push('\n');
        }
        body.push_str(&e.text);
        if let Some(p) = path {
            let _ = write!(body, "Scenario: {}", p.display());
        }
        let message = format!("Expected by {rule}: {}; found: {}", e.expected, e.found);
        let name = format!(
            "#{} {} at a {} step ({rule})",
            f.id,
            e.divergence.what(),
            f.key.step
        );
        cases.push(case("findings", &name, f.seconds, failure(message, body)));
    }
    suites.push(Suite {
        name: "findings".into(),
        seconds: None,
        cases,
    });
    document(&format!("riftcheck {command}: {}", report.engine), &suites)
}
