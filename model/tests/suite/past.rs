//! `conform` and `validate` past the first mistake: the engine's game after a divergent step is
//! taken over by the spec and explored on, so that a mistake made at every play does not hide
//! the ones reachable only after a play; and a divergence one of riftcheck's named readings
//! explains is diagnosed by that reading's name.

use serde_json::Value;

use crate::common::conform as harness;
use crate::common::fresh;
use harness::{bin, conform, findings, json_report, python, riftcheck};

/// The finding whose example ends with a step of kind `step`.
fn at<'a>(report: &'a Value, step: &str) -> &'a Value {
    findings(report)
        .iter()
        .find(|f| f["step"] == step)
        .unwrap_or_else(|| panic!("no finding at a {step} step: {report:#}"))
}

/// `chain_engine.py --second-mistake` hands Priority on after every play (333.1), and accepts a
/// pass from a player without Priority (312.1), which can only show once something is played.
/// One default run finds both, the second after following the engine past the first; recorded,
/// `validate` finds both in the trace.
#[test]
fn a_mistake_behind_a_mistake_at_every_play_is_found_in_one_run() {
    let engine = python("chain_engine.py", "--second-mistake");
    let dir = fresh("past-record");
    let record = dir.join("record");
    let (code, report) = conform(
        &engine,
        "past",
        &["--walks", "30", "--record", record.to_str().unwrap()],
    );
    assert_eq!(code, 1, "{report:#}");
    let play = at(&report, "play");
    assert_eq!(play["rule"], "312.2, 333.1", "{play:#}");
    assert_eq!(play["steps"], serde_json::json!(["A plays Firebolt"]));
    assert!(play["after_finding"].is_null(), "{play:#}");
    let pass = at(&report, "pass");
    assert_eq!(pass["what"], "accepts what the rules refuse", "{pass:#}");
    assert_eq!(pass["rule"], "312.1", "{pass:#}");
    assert_eq!(pass["after_finding"], play["id"], "{pass:#}");
    assert_eq!(
        pass["steps"],
        serde_json::json!(["A plays Firebolt", "A passes"])
    );
    // In the text too: the report says past which finding it was found.
    assert!(
        pass["example"].as_str().is_some()
            && findings(&report).len() == 2
            && report["exhaustive"]
                .as_array()
                .unwrap()
                .iter()
                .any(|r| r["findings"].as_array().unwrap().len() == 2),
        "{report:#}"
    );
    // --first stops at the first divergence: the second mistake stays hidden.
    let (_, first) = conform(&engine, "past-first", &["--walks", "30", "--first"]);
    assert!(
        findings(&first).iter().all(|f| f["step"] != "pass"),
        "{first:#}"
    );
    // The recorded exploration, judged without the engine, gives both.
    let out = crate::common::conform::out_dir("past-validate");
    let run = riftcheck(&[
        "validate",
        "--format",
        "json",
        "--out",
        out.to_str().unwrap(),
        record.join("exhaustive").to_str().unwrap(),
    ]);
    let (code, v) = json_report(&run);
    assert_eq!(code, 1, "{v:#}");
    assert_eq!(at(&v, "play")["rule"], "312.2, 333.1", "{v:#}");
    let pass = at(&v, "pass");
    assert_eq!(pass["rule"], "312.1", "{v:#}");
    assert_eq!(pass["after_finding"], at(&v, "play")["id"], "{v:#}");
}

/// An engine whose mistake is one of riftcheck's own named readings is diagnosed by its name,
/// with the rules it misreads. (The reducer's mistake, every other player winning at any
/// concession, is not one: its finding stays a symptom, at a concession citing 651.2.)
#[test]
fn an_engine_whose_mistake_is_a_known_reading_is_diagnosed_by_its_name() {
    for (fault, rules) in [
        ("game-ends-on-concession", "651.1, 651.2"),
        ("priority-stays-with-leaver", "652.5.c.1"),
    ] {
        let (code, report) = conform(
            &format!("{} serve --fault {fault}", bin()),
            &format!("diagnosed-{fault}"),
            &["--phases", "exhaustive", "--family", "chain"],
        );
        assert_eq!(code, 1, "{report:#}");
        let all = findings(&report);
        assert_eq!(all.len(), 1, "{report:#}");
        let reading = &all[0]["reading"];
        assert_eq!(reading["key"], fault, "{report:#}");
        assert!(
            reading["said"]
                .as_str()
                .unwrap()
                .contains(&format!("as if it read {rules}")),
            "{reading}"
        );
    }
    let (_, reducer) = conform(
        &python("reducer_engine.py", ""),
        "diagnosed-reducer",
        &["--phases", "exhaustive", "--family", "chain"],
    );
    let f = &findings(&reducer)[0];
    assert!(f["reading"].is_null(), "{f:#}");
    assert_eq!(f["rule"], "651.2", "{f:#}");
}

/// The text report says it too: the diagnosis, and past which finding a finding was found.
#[test]
fn the_text_report_gives_the_diagnosis_and_the_finding_followed_past() {
    let out = crate::common::conform::out_dir("past-text");
    let run = riftcheck(&[
        "conform",
        "--engine",
        &python("chain_engine.py", "--second-mistake"),
        "--phases",
        "exhaustive",
        "--family",
        "chain",
        "--mode",
        "duel",
        "--out",
        out.to_str().unwrap(),
    ]);
    let text = String::from_utf8_lossy(&run.stdout);
    assert_eq!(run.status.code(), Some(1), "{text}");
    assert!(
        text.contains("Found after following the engine past finding #1"),
        "{text}"
    );
    let run = riftcheck(&[
        "conform",
        "--engine",
        &format!("{} serve --fault turn-restarts-at-first-seat", bin()),
        "--phases",
        "exhaustive",
        "--family",
        "chain",
        "--mode",
        "skirmish",
        "--out",
        out.to_str().unwrap(),
    ]);
    let text = String::from_utf8_lossy(&run.stdout);
    assert!(
        text.contains("Diagnosis: this engine behaves as if it read 652.5.a.1")
            && text.contains("reads turn-restarts-at-first-seat"),
        "{text}"
    );
}

/// A failed scenario names every line that differs, not only the first.
#[test]
fn a_failed_scenario_names_every_line_that_differs() {
    let dir = fresh("every-line");
    let file = dir.join("turn_after_a_concession.toml");
    std::fs::write(
        &file,
        r#"title = "The Turn Player's successor concedes"
rules = ["652.5.a.1"]
steps = ["A ends the turn", "B concedes"]

[setup]
mode = "skirmish"
turn = "A"

[[check]]
after = 2
turn = "C"

[expect]
turn = "C"
priority = "C"
"#,
    )
    .unwrap();
    let (code, report) = conform(
        &format!("{} serve --fault turn-restarts-at-first-seat", bin()),
        "every-line",
        &["--phases", "scenarios", file.to_str().unwrap()],
    );
    assert_eq!(code, 1, "{report:#}");
    let s = &report["scenarios"][0];
    assert_eq!(s["result"], "failed", "{s:#}");
    let lines: Vec<&str> = s["failures"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l.as_str().unwrap())
        .collect();
    // The check after step 2 and both fields of the expectation, each at its own line.
    assert_eq!(lines.len(), 3, "{lines:#?}");
    assert!(
        lines[0].starts_with("line 11:8: after step 2: turn"),
        "{lines:#?}"
    );
    assert!(
        lines[1].starts_with("line 14:8: after step 2: turn"),
        "{lines:#?}"
    );
    assert!(
        lines[2].starts_with("line 15:12: after step 2: priority"),
        "{lines:#?}"
    );
}

/// The reference engine behind a proxy that declares less: what an honest engine that can
/// express less would declare.
fn declaring(caps: &str) -> String {
    let script = harness::root().join("model/tests/engines/misbehaving.py");
    format!("python3 {} {} declare '{caps}'", script.display(), bin())
}

/// An engine with no cards at all (end of turn, pass and concede) is explored in every mode it
/// plays, and its report says what stays unchecked; an engine of spells alone is explored in a
/// Showdown, begun at setup, and a battlefield's Might is projected away where no unit is.
#[test]
fn every_engine_gets_something_to_check() {
    let (code, report) = conform(
        &declaring(
            r#"{"cards": [], "actions": ["pass", "end turn", "concede"],
                "observes": ["remaining", "removed", "winners", "turn", "priority", "passed"]}"#,
        ),
        "no-cards",
        &["--phases", "exhaustive", "--mode", "duel,skirmish,war"],
    );
    assert_eq!(code, 0, "{report:#}");
    for mode in ["duel/", "skirmish/", "war/"] {
        assert!(
            harness::rows(&report, "exhaustive").iter().any(|r| {
                r["configuration"].as_str().unwrap().starts_with(mode)
                    && r["unsupported"].is_null()
                    && r["steps"].as_u64().unwrap() > 0
            }),
            "{mode}: {report:#}"
        );
    }
    let unchecked: Vec<&str> = report["unchecked"]
        .as_array()
        .unwrap()
        .iter()
        .map(|u| u["field"].as_str().unwrap())
        .collect();
    assert!(
        unchecked.contains(&"play") && unchecked.contains(&"move"),
        "{unchecked:?}"
    );
    // The removal family's Sunlit Plaza gives +1 Might: with no unit, that is left out.
    let removal = harness::row(&report, "exhaustive", "duel/removal");
    assert!(
        removal["projected"]
            .as_str()
            .unwrap()
            .contains("Might of Sunlit Plaza"),
        "{removal}"
    );
    let (code, report) = conform(
        &declaring(
            r#"{"cards": ["spell"], "effects": ["nothing", "counter", "deal"], "abilities": []}"#,
        ),
        "spells-only",
        &["--phases", "exhaustive", "--family", "showdown"],
    );
    assert_eq!(code, 0, "{report:#}");
    for r in harness::rows(&report, "exhaustive") {
        assert!(r["unsupported"].is_null(), "{r}");
        assert!(
            r["projected"]
                .as_str()
                .unwrap()
                .contains("its Showdown is set up as begun"),
            "{r}"
        );
        assert!(r["states"].as_u64().unwrap() > 1, "{r}");
    }
}

/// MTG's engines get the same: each of two rule faults of `serve --ruleset mtg` is one finding
/// named by the fault, and the exploration follows the engine past it (more games than with
/// `--follow 0`), or says why it cannot.
#[test]
fn an_mtg_engine_is_diagnosed_and_followed_too() {
    let games = |r: &Value| -> u64 {
        harness::rows(r, "exhaustive")
            .iter()
            .map(|r| r["states"].as_u64().unwrap())
            .sum()
    };
    for fault in ["priority-kept", "turn-for-leaver"] {
        let engine = format!("{} serve --ruleset mtg --fault {fault}", bin());
        let args = [
            "--ruleset",
            "mtg",
            "--phases",
            "exhaustive",
            "--players",
            "3",
        ];
        let (code, report) = conform(&engine, &format!("mtg-{fault}"), &args);
        assert_eq!(code, 1, "{report:#}");
        let all = findings(&report);
        assert_eq!(all.len(), 1, "{report:#}");
        assert_eq!(all[0]["reading"]["key"], fault, "{report:#}");
        let (_, unfollowed) = conform(
            &engine,
            &format!("mtg-{fault}-0"),
            &[&args[..], &["--follow", "0"]].concat(),
        );
        match all[0]["not_followed"].as_str() {
            None => assert!(games(&report) > games(&unfollowed), "{report:#}"),
            Some(why) => assert!(why.contains("cannot be taken over"), "{why}"),
        }
    }
}
