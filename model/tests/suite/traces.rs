//! `riftcheck validate`: recorded games held to the rules. Traces written by `serve --record`
//! and `conform --record` are read back: the reference engine's games pass, each fault's games
//! fail with the rule `conform` cites, and a malformed trace is an error that says where.

use crate::common::conform as harness;
use crate::common::fresh;

use std::collections::BTreeSet;
use std::path::Path;

use harness::{bin, conform, findings, json_report, out_dir, riftcheck};
use serde_json::Value;

/// `validate --format json` on `paths`; the exit status and the report.
fn validate(paths: &[&Path], out: &str) -> (i32, Value) {
    let out = out_dir(out);
    let mut args = vec![
        "validate".to_string(),
        "--format".into(),
        "json".into(),
        "--out".into(),
        out.display().to_string(),
    ];
    args.extend(paths.iter().map(|p| p.display().to_string()));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    json_report(&riftcheck(&args))
}

/// What tells findings apart: the named reading that explains one (conform and validate may
/// meet its symptoms in another order), or its step and rule.
fn keys(report: &Value) -> BTreeSet<(String, String)> {
    findings(report)
        .iter()
        .map(|f| match f["reading"]["key"].as_str() {
            Some(reading) => ("reads".to_string(), reading.to_string()),
            None => (
                f["step"].as_str().unwrap_or_default().to_string(),
                f["rule"].as_str().unwrap_or("protocol").to_string(),
            ),
        })
        .collect()
}

/// Every game `serve --record` plays over the scenario corpus follows the rules: with every
/// field, and with a partial view and structured events.
#[test]
fn every_trace_serve_records_over_the_scenario_corpus_passes() {
    let dir = fresh("corpus");
    for (name, view) in [
        ("whole", String::new()),
        (
            "partial",
            " --observes turn,priority,chain,passed,remaining,removed,winners,cards.at \
             --events structured --event-kinds played,countered,resolved,player_removed"
                .to_string(),
        ),
    ] {
        let trace = dir.join(format!("{name}.jsonl"));
        let engine = format!("{} serve --record {}{view}", bin(), trace.display());
        let (code, report) = conform(
            &engine,
            &format!("corpus-{name}"),
            &["--phases", "scenarios"],
        );
        assert_eq!(code, 0, "{report:#}");
        let ran = report["scenarios"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|s| s["result"] == "passed")
            .count();
        let (code, v) = validate(&[&trace], &format!("corpus-{name}-v"));
        assert_eq!(code, 0, "{v:#}");
        let games = v["traces"].as_array().unwrap();
        // A game per scenario run, each judged at every step.
        assert!(
            games.len() >= ran && ran > 90,
            "{} games, {ran} run",
            games.len()
        );
        assert!(games.iter().all(|g| g["steps"].as_u64() > Some(0)), "{v:#}");
        assert!(findings(&v).is_empty(), "{v:#}");
    }
}

/// A configuration that shows each fault in its exhaustive phase.
const FAULTS: &[(&str, &str, &str)] = &[
    ("count-passes", "skirmish", "removal"),
    ("passes-discarded-on-concession", "skirmish", "chain"),
    ("last-seat-skipped", "war", "combat"),
    ("turn-restarts-at-first-seat", "skirmish", "chain"),
    ("priority-stays-with-leaver", "skirmish", "chain"),
    ("focus-stays-with-leaver", "skirmish", "showdown"),
    ("showdown-not-ended-by-removal", "war", "combat"),
    ("leaver-items-not-countered", "skirmish", "chain"),
    ("counter-by-ownership", "skirmish", "removal"),
    ("countered-item-resolves", "skirmish", "chain"),
    ("borrowed-unit-returns", "skirmish", "removal"),
    ("battlefield-effect-kept", "skirmish", "chain"),
    ("game-ends-on-concession", "skirmish", "chain"),
    ("combat-triggers-in-turn-order", "skirmish", "combat"),
    ("kill-banishes", "duel", "showdown"),
    ("effect-damage-never-kills", "duel", "showdown"),
    ("chosen-destination-unchecked", "skirmish", "kills"),
    ("hide-at-teammates", "magma-chamber", "team"),
    ("recall-triggers-move", "war", "kills"),
    ("final-point-by-any-conquer", "war", "kills"),
    ("assignment-ignored", "duel", "staged"),
    ("equipment-control-follows-unit", "duel", "equipment"),
    ("equipment-leaves-with-unit", "duel", "equipment"),
    ("attached-not-banished", "skirmish", "equipment"),
    ("this-turn-outlasts-turn", "war", "durations"),
    ("third-combatant-admitted", "war", "staged"),
    ("mates-battlefield-scored", "magma-chamber", "team"),
    ("waiver-read-at-conquer", "magma-chamber", "team"),
    ("own-points-only", "magma-chamber", "team"),
    ("excess-damage-dropped", "duel", "staged"),
    ("priority-before-cleanup", "duel", "combat"),
    ("trigger-finalized-mid-resolution", "skirmish", "kills"),
    ("countered-before-removed", "skirmish", "chain"),
];

/// Each fault's recorded games fail with the rule `conform` cites for it. `conform` stops at its
/// first finding; the trace also holds the answers to the steps it had already sent, so
/// `validate` may find more, never less.
#[test]
fn each_faults_recorded_trace_fails_with_the_rule_conform_cites() {
    let listed = riftcheck(&["faults"]);
    let all: BTreeSet<String> = String::from_utf8_lossy(&listed.stdout)
        .lines()
        .filter_map(|l| l.split_whitespace().next().map(str::to_string))
        .collect();
    let covered: BTreeSet<String> = FAULTS.iter().map(|(f, _, _)| f.to_string()).collect();
    assert_eq!(all, covered, "every fault needs a configuration here");
    for (fault, mode, family) in FAULTS {
        let dir = fresh(&format!("fault-{fault}"));
        let engine = format!("{} serve --fault {fault}", bin());
        let record = dir.join("record");
        let (code, report) = conform(
            &engine,
            &format!("fault-{fault}-c"),
            &[
                "--phases",
                "exhaustive",
                "--mode",
                mode,
                "--family",
                family,
                "--max-findings",
                "1",
                "--record",
                record.to_str().unwrap(),
            ],
        );
        assert_eq!(code, 1, "{fault}: {report:#}");
        let (code, v) = validate(&[&record], &format!("fault-{fault}-v"));
        assert_eq!(code, 1, "{fault}: {v:#}");
        let (ours, theirs) = (keys(&report), keys(&v));
        assert!(
            !ours.is_empty() && ours.is_subset(&theirs),
            "{fault}: conform {ours:?}, validate {theirs:?}"
        );
    }
}

/// Run whole, the recorded explorations of two configurations give exactly `conform`'s
/// findings: one for each of the engine's two mistakes.
#[test]
fn a_whole_recorded_exploration_gives_conforms_findings() {
    let dir = fresh("whole");
    let engine = format!(
        "{} serve --fault turn-restarts-at-first-seat --fault leaver-items-not-countered",
        bin()
    );
    let record = dir.join("record");
    let (code, report) = conform(
        &engine,
        "whole-c",
        &[
            "--phases",
            "exhaustive,walks",
            "--walks",
            "10",
            "--mode",
            "skirmish,war",
            "--family",
            "chain",
            "--record",
            record.to_str().unwrap(),
        ],
    );
    assert_eq!(code, 1, "{report:#}");
    assert!(record.join("exhaustive/war_chain.jsonl").is_file());
    assert!(record.join("walks/skirmish_chain.jsonl").is_file());
    let (code, v) = validate(&[&record.join("exhaustive")], "whole-v");
    assert_eq!(code, 1, "{v:#}");
    let exhaustive: BTreeSet<_> = findings(&report)
        .iter()
        .filter(|f| {
            f["configurations"]
                .as_array()
                .unwrap()
                .iter()
                .any(|c| c.as_str().unwrap().ends_with("(exhaustive)"))
        })
        .map(|f| {
            (
                "reads".to_string(),
                f["reading"]["key"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert_eq!(keys(&v), exhaustive);
    // Each mistake is one finding, diagnosed by the fault's name.
    let readings: BTreeSet<_> = keys(&v).into_iter().map(|(_, r)| r).collect();
    assert_eq!(
        readings,
        BTreeSet::from([
            "leaver-items-not-countered".to_string(),
            "turn-restarts-at-first-seat".to_string()
        ]),
    );
    // Each finding comes with a scenario file that replays it.
    for f in findings(&v) {
        let file = f["scenario_file"].as_str().unwrap();
        let text = std::fs::read_to_string(file).unwrap();
        assert!(text.contains("riftcheck validate"), "{text}");
    }
}

/// The example traces: a hand-written server log and a recorded game pass; the same game on an
/// engine whose concession ends the game fails citing 651.2.
#[test]
fn the_example_traces() {
    let root = harness::root().join("examples/traces");
    for good in ["server_log.jsonl", "four_becomes_three.jsonl"] {
        let (code, v) = validate(&[&root.join(good)], "examples-good");
        assert_eq!(code, 0, "{good}: {v:#}");
    }
    let (code, v) = validate(
        &[&root.join("four_becomes_three_mistake.jsonl")],
        "examples-bad",
    );
    assert_eq!(code, 1, "{v:#}");
    let f = &findings(&v)[0];
    assert_eq!(f["rule"], "651.2", "{v:#}");
    assert_eq!(f["step"], "concede", "{v:#}");
    assert!(
        f["example"].as_str().unwrap().contains("B\nconcedes"),
        "{v:#}"
    );
}

/// A step the engine took without its observation recorded is still held to the rules: one the
/// rules refuse is a finding.
#[test]
fn an_unrecorded_observation_still_needs_a_legal_step() {
    let dir = fresh("unrecorded");
    let good =
        std::fs::read_to_string(harness::root().join("examples/traces/server_log.jsonl")).unwrap();
    let trace = dir.join("illegal.jsonl");
    std::fs::write(&trace, format!("{good}{{\"action\": \"C passes\"}}\n")).unwrap();
    let (code, v) = validate(&[&trace], "unrecorded-v");
    assert_eq!(code, 1, "{v:#}");
    assert_eq!(findings(&v)[0]["step"], "pass", "{v:#}");
    assert_eq!(
        findings(&v)[0]["class"],
        "accepts what the rules refuse",
        "{v:#}"
    );
}

/// Each kind of mistake in a trace file is an error naming the file, line and column, with exit
/// status 2 and nothing judged.
#[test]
fn a_malformed_trace_says_where() {
    let dir = fresh("malformed");
    let setup = r#"{"setup":{"mode":"duel","cards":[{"name":"Bolt","kind":"spell","owner":"A","at":"hand","timing":"reaction"}]}}"#;
    let cases: &[(&str, String, &str, &str)] = &[
        (
            "not_json",
            format!("{setup}\n{{\"action\": \"A passes\",\n"),
            ":2:",
            "not JSON",
        ),
        (
            "no_setup",
            "{\"action\": \"A passes\"}\n".into(),
            ":1:1:",
            "before any `setup`",
        ),
        (
            "late_header",
            format!("{setup}\n{{\"trace\": 1}}\n"),
            ":2:1:",
            "first line",
        ),
        ("version", "{\"trace\": 7}\n".into(), ":1:1:", "version 7"),
        (
            "mtg_setup",
            format!("{{\"trace\": 1, \"ruleset\": \"mtg\"}}\n{setup}\n"),
            ":2:1:",
            "the MTG setup cannot be read",
        ),
        (
            "ruleset",
            format!("{{\"trace\": 1, \"ruleset\": \"chess\"}}\n{setup}\n"),
            ":1:1:",
            "`ruleset` \"chess\"",
        ),
        (
            "bad_card",
            format!("{setup}\n{{\"action\": \"A plays Nope\"}}\n"),
            ":2:1:",
            "Nope",
        ),
        (
            "bad_restore",
            format!("{setup}\n{{\"restore\": 3}}\n"),
            ":2:1:",
            "no such `snapshot`",
        ),
        (
            "both",
            format!(
                "{setup}\n{{\"action\": \"A passes\", \"observation\": {{}}, \"refused\": {{}}}}\n"
            ),
            ":2:1:",
            "not both",
        ),
        (
            "bad_setup",
            "{\"setup\": {\"mode\": \"chess\"}}\n".into(),
            ":1:1:",
            "chess",
        ),
        (
            "unknown_field",
            "{\"trace\": 1, \"capabilities\": {\"observes\": [\"mood\"]}}\n".into(),
            ":1:1:",
            "mood",
        ),
        ("empty", "\n".into(), ":1:1:", "no game"),
        (
            "neither",
            format!("{setup}\n{{\"move\": 1}}\n"),
            ":2:1:",
            "expected a `setup`",
        ),
    ];
    for (name, text, at, says) in cases {
        let path = dir.join(format!("{name}.jsonl"));
        std::fs::write(&path, text).unwrap();
        let out = dir.join(format!("{name}-out"));
        let run = riftcheck(&[
            "validate",
            path.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ]);
        let err = String::from_utf8_lossy(&run.stderr);
        assert_eq!(run.status.code(), Some(2), "{name}: {err}");
        assert!(
            err.contains(&format!("{name}.jsonl{at}")) && err.contains(says),
            "{name}: {err}"
        );
        assert!(!out.exists(), "{name}: nothing is written");
        assert!(run.stdout.is_empty(), "{name}");
    }
}

/// `conform --format junit` and `validate --format junit`: a test case per scenario, per
/// configuration and phase (or recorded game), and per finding, failing with its rulebook
/// example.
#[test]
fn junit_has_a_case_per_scenario_configuration_and_finding() {
    let dir = fresh("junit");
    let record = dir.join("record");
    let engine = format!("{} serve --fault game-ends-on-concession", bin());
    let junit = dir.join("conform.xml");
    let run = riftcheck(&[
        "conform",
        "--engine",
        &engine,
        "--family",
        "chain",
        "--walks",
        "5",
        "--format",
        "junit",
        "--junit",
        junit.to_str().unwrap(),
        "--record",
        record.to_str().unwrap(),
        "--out",
        dir.join("out").to_str().unwrap(),
    ]);
    assert_eq!(run.status.code(), Some(1));
    let xml = String::from_utf8_lossy(&run.stdout).into_owned();
    assert_eq!(
        std::fs::read_to_string(&junit).unwrap(),
        xml,
        "--junit writes the same"
    );
    for suite in ["scenarios", "exhaustive", "random walks", "findings"] {
        assert!(
            xml.contains(&format!("<testsuite name=\"{suite}\"")),
            "{suite}: {xml}"
        );
    }
    let scenarios = harness::root().join("tests/scenarios");
    let corpus = walk(&scenarios);
    assert!(
        xml.matches("classname=\"scenarios\"").count() == corpus,
        "a case per scenario file ({corpus})"
    );
    // The finding's case fails with its rulebook example and cites 651.2.
    let finding = xml
        .split("<testcase classname=\"findings\"")
        .nth(1)
        .expect("a finding's case");
    assert!(
        finding.contains("651.2") && finding.contains("<failure"),
        "{finding}"
    );
    assert!(finding.contains("Example - "), "{finding}");
    // A skirmish configuration fails, a duel one passes (a concession ends a Duel anyway).
    let case = |name: &str| {
        xml.split("<testcase ")
            .find(|c| {
                c.contains("classname=\"exhaustive\"") && c.contains(&format!("name=\"{name}\""))
            })
            .unwrap_or_else(|| panic!("{name}: {xml}"))
            .to_string()
    };
    assert!(case("skirmish/chain").contains("<failure"));
    assert!(!case("duel/chain").contains("<failure"));
    let run = riftcheck(&[
        "validate",
        record.to_str().unwrap(),
        "--format",
        "junit",
        "--out",
        dir.join("vout").to_str().unwrap(),
    ]);
    assert_eq!(run.status.code(), Some(1));
    let xml = String::from_utf8_lossy(&run.stdout);
    assert!(xml.contains("<testsuite name=\"recorded games\""), "{xml}");
    assert!(xml.contains("scenarios.jsonl:"), "{xml}");
    assert!(xml.contains("651.2"), "{xml}");
}

fn walk(dir: &Path) -> usize {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .map(|p| {
            if p.is_dir() {
                walk(&p)
            } else {
                usize::from(p.extension().is_some_and(|x| x == "toml"))
            }
        })
        .sum()
}
