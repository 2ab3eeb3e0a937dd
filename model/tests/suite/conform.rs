//! `riftcheck conform` and `riftcheck serve` end to end: the reference engine behind the
//! protocol conforms; the example engines' documented mistakes are found, as the shortest
//! sequence of steps and with the rule they break; an engine that crashes, hangs, exits or
//! answers garbage is a finding, never a panic. The example engines are Python (standard
//! library only), as another team's engine would be.

use std::process::Command;

use serde_json::Value;

use crate::common::conform as harness;
use crate::common::follows;
use harness::{bin, conform, findings, found, python, riftcheck, root, row, rows, serve};

#[test]
fn the_reference_engine_conforms_over_the_protocol() {
    let (code, report) = conform(
        &serve(),
        "serve",
        &[
            "--family",
            "chain,showdown,staged",
            "--walks",
            "20",
            "--players",
            "2,3",
        ],
    );
    assert_eq!(code, 0, "{report:#}");
    assert_eq!(report["passed"], true);
    assert!(findings(&report).is_empty());
    let scenarios = report["scenarios"].as_array().unwrap();
    assert!(scenarios.len() >= 60, "the whole corpus is replayed");
    // An engine that declares no readings follows the project's: a scenario played under
    // another reading of a policy is left out, and says why.
    assert!(
        scenarios.iter().all(|s| s["result"] == "passed"
            || (s["result"] == "unsupported"
                && s["detail"] == "readings of the policies other than those it declares")),
        "{scenarios:#?}"
    );
    assert!(
        scenarios.iter().filter(|s| s["result"] == "passed").count() >= 60,
        "{scenarios:#?}"
    );
    for row in rows(&report, "exhaustive") {
        assert!(row["unsupported"].is_null(), "{row}");
        assert!(row["steps"].as_u64().unwrap() > 0, "{row}");
    }
}

#[test]
fn an_engine_that_declares_another_reading_is_checked_under_it() {
    let engine = format!("{} --policy leaver-durations=run-their-course", serve());
    let durations = root().join("tests/scenarios/durations");
    let (code, report) = conform(
        &engine,
        "declared",
        &[
            "--phases",
            "scenarios,exhaustive",
            "--mode",
            "skirmish",
            "--family",
            "durations",
            "--bounds",
            "turns=1,concessions=1",
            durations.to_str().unwrap(),
        ],
    );
    // The spec plays the configurations under the declared reading too: no divergence.
    assert_eq!(code, 0, "{report:#}");
    assert!(findings(&report).is_empty());
    let scenarios = report["scenarios"].as_array().unwrap();
    let result = |file: &str| {
        scenarios
            .iter()
            .find(|s| s["file"].as_str().is_some_and(|f| f.ends_with(file)))
            .map(|s| (s["result"].clone(), s["detail"].clone()))
            .unwrap_or_else(|| panic!("{file}: {scenarios:#?}"))
    };
    // The scenario of the declared reading is played; the one pinning the project's reading
    // of that policy is left out, and says why.
    assert_eq!(
        result("a_leavers_effects_run_their_course.toml").0,
        "passed"
    );
    let (r, why) = result("a_leavers_effects_end_at_once.toml");
    assert_eq!(r, "unsupported");
    assert!(why.as_str().unwrap().contains("reads otherwise"), "{why}");
    // A hello that declares a reading known to be wrong is bad input, said as such.
    let liar = r#"read l; echo '{"hello":{"protocol":1,"name":"liar","version":"1","capabilities":{"snapshot":false,"readings":{"pass-record":"consecutive-count"}}}}'; cat >/dev/null"#;
    let bad = riftcheck(&["conform", "--engine", liar]);
    assert_eq!(bad.status.code(), Some(2));
    let err = String::from_utf8_lossy(&bad.stderr);
    assert!(err.contains("count-passes"), "{err}");
}

#[test]
fn an_engine_that_commits_a_rule_fault_is_caught_with_the_rule() {
    let engine = format!("{} serve --fault priority-stays-with-leaver", bin());
    let (code, report) = conform(
        &engine,
        "fault",
        &[
            "--phases",
            "exhaustive",
            "--mode",
            "skirmish",
            "--family",
            "chain",
        ],
    );
    assert_eq!(code, 1, "{report:#}");
    let d = found(&report, "skirmish/chain", "exhaustive");
    assert!(d["rule"].as_str().unwrap().contains("652.5.c.1"), "{d:#}");
    let steps = d["steps"].as_array().unwrap();
    assert!(
        steps.last().unwrap().as_str().unwrap().contains("concedes"),
        "{d:#}"
    );
}

/// The reducer's mistake (see its header): any concession ends the game for everyone.
#[test]
fn the_reducer_ending_the_game_on_a_concession_is_found_in_one_step() {
    let (code, report) = conform(
        &python("reducer_engine.py", ""),
        "reducer",
        &["--walks", "30"],
    );
    assert_eq!(code, 1, "{report:#}");
    for config in ["skirmish/chain", "war/chain"] {
        for phase in ["exhaustive", "random walks"] {
            let d = found(&report, config, phase);
            let steps = d["steps"].as_array().unwrap();
            assert_eq!(steps.len(), 1, "the shortest example: {d:#}");
            assert!(steps[0].as_str().unwrap().ends_with("concedes"), "{d:#}");
            // The rule at issue: a game with more than one player left goes on.
            assert_eq!(d["rule"], "651.2", "{d:#}");
            assert!(d["expected"].as_str().unwrap().contains("winners"), "{d:#}");
        }
    }
    // A Duel has no one left to play on: the engine is right there.
    assert!(findings(&report).iter().all(|d| {
        !d["configurations"]
            .as_array()
            .unwrap()
            .iter()
            .any(|c| c.as_str().unwrap().starts_with("duel/"))
    }));
    // One mistake, one finding, wherever it shows.
    assert_eq!(findings(&report).len(), 1, "{report:#}");
    // What it cannot express is unsupported, not failed: the Showdown family, its units left
    // out and its Showdown begun at setup, is a Showdown already in progress to this engine.
    let showdown = row(&report, "exhaustive", "duel/showdown");
    assert!(
        showdown["unsupported"]
            .as_str()
            .unwrap()
            .contains("Showdown"),
        "{showdown}"
    );
}

/// The chain engine's mistake (see its header): after a play, Priority goes to the next player
/// instead of the controller of the newest item.
#[test]
fn the_chain_engine_handing_priority_on_is_found_in_one_step() {
    let (code, report) = conform(&python("chain_engine.py", ""), "chain", &["--walks", "30"]);
    assert_eq!(code, 1, "{report:#}");
    for config in ["duel/chain", "skirmish/chain", "war/chain"] {
        let d = found(&report, config, "exhaustive");
        assert_eq!(d["steps"], serde_json::json!(["A plays Firebolt"]), "{d:#}");
        // The rule at issue: the player who made the Chain keeps Priority.
        assert_eq!(d["rule"], "312.2, 333.1", "{d:#}");
        assert!(
            d["expected"].as_str().unwrap().contains("priority"),
            "{d:#}"
        );
        let example = d["example"].as_str().unwrap();
        assert!(
            example.contains("Expected by rule 312.2, 333.1"),
            "{example}"
        );
        // The walks find it too, shrunk to the same single step.
        let walk = found(&report, config, "random walks");
        assert_eq!(walk["steps"].as_array().unwrap().len(), 1, "{walk:#}");
    }
    // It takes pass, play, end turn and concede only: the report says which rules the other
    // kinds of action decide, and so go unchecked (Standard Moves, 144), and not concede's.
    let actions: Vec<(&str, &str)> = report["unchecked"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|u| u["kind"] == "action")
        .map(|u| (u["field"].as_str().unwrap(), u["rules"].as_str().unwrap()))
        .collect();
    assert!(actions.contains(&("move", "144")), "{actions:?}");
    assert!(actions.contains(&("pass focus", "347.4")), "{actions:?}");
    assert!(!actions.iter().any(|(k, _)| *k == "concede"), "{actions:?}");
}

#[test]
fn the_example_engines_agree_once_their_mistake_is_switched_off() {
    for engine in ["reducer_engine.py", "chain_engine.py"] {
        let (code, report) = conform(&python(engine, "--no-mistake"), "fixed", &["--walks", "30"]);
        assert_eq!(code, 0, "{engine}: {report:#}");
        let agreed: Vec<&str> = rows(&report, "exhaustive")
            .iter()
            .filter(|r| r["unsupported"].is_null())
            .map(|r| r["configuration"].as_str().unwrap())
            .collect();
        // The chain family in each mode it declares (Duel, Skirmish and War), and the other
        // families projected onto its spells where something of them is left.
        for chain in ["duel/chain", "skirmish/chain", "war/chain"] {
            assert!(agreed.contains(&chain), "{engine}: {agreed:?}");
        }
        assert!(agreed.len() >= 6, "{engine}: {agreed:?}");
    }
}

#[test]
fn an_engine_that_declares_duels_only_is_clean_on_duels_and_unsupported_elsewhere() {
    let (code, report) = conform(
        &python("reducer_engine.py", "--duel-only"),
        "duel-only",
        &["--walks", "30"],
    );
    assert_eq!(code, 0, "{report:#}");
    assert!(findings(&report).is_empty());
    let table = rows(&report, "exhaustive");
    let chain = row(&report, "exhaustive", "duel/chain");
    assert!(
        chain["unsupported"].is_null() && chain["steps"].as_u64().unwrap() > 0,
        "{chain}"
    );
    for row in table
        .iter()
        .filter(|r| !r["configuration"].as_str().unwrap().starts_with("duel/"))
    {
        assert!(
            row["unsupported"].as_str().unwrap().contains("mode"),
            "{row}"
        );
    }
    let scenarios = report["scenarios"].as_array().unwrap();
    assert!(
        scenarios.iter().all(|s| s["result"] != "failed"),
        "{scenarios:#?}"
    );
}

#[test]
fn a_divergence_is_written_as_a_scenario_that_replays_on_the_engine() {
    let engine = python("chain_engine.py", "");
    let (_, report) = conform(
        &engine,
        "replay",
        &[
            "--phases",
            "exhaustive",
            "--mode",
            "duel",
            "--family",
            "chain",
        ],
    );
    let file = found(&report, "duel/chain", "exhaustive")["scenario_file"]
        .as_str()
        .unwrap();
    let on_engine = riftcheck(&["replay", "--engine", &engine, file]);
    let text = String::from_utf8_lossy(&on_engine.stdout);
    assert_eq!(on_engine.status.code(), Some(1), "{text}");
    assert!(
        text.contains("priority: expected \"A\", found \"B\""),
        "{text}"
    );
    // The same file passes on the reference engine, in process and over the protocol.
    assert_eq!(riftcheck(&["replay", file]).status.code(), Some(0));
    assert_eq!(
        riftcheck(&["replay", "--engine", &serve(), file])
            .status
            .code(),
        Some(0)
    );
}

fn misbehaving(how: &str) -> String {
    let script = root().join("model/tests/engines/misbehaving.py");
    format!("python3 {} {} {how} 3", script.display(), bin())
}

#[test]
fn a_setup_answered_unsupported_is_honoured_and_nothing_is_explored_on_the_game_before() {
    // The engine answers `unsupported` to every War setup and goes on serving the game before
    // it: War's configurations are reported unsupported in its words, and no finding comes of
    // exploring (or walking) the game before as if it were War's.
    let script = root().join("model/tests/engines/misbehaving.py");
    let engine = format!(
        "python3 {} {} refuse-setup '\"mode\":\"war\"'",
        script.display(),
        bin()
    );
    let (code, report) = conform(
        &engine,
        "refuse-setup",
        &["--family", "chain", "--walks", "5"],
    );
    assert_eq!(code, 0, "{report:#}");
    assert!(findings(&report).is_empty(), "{report:#}");
    for phase in ["exhaustive", "walks"] {
        let war = row(&report, phase, "war/chain");
        assert_eq!(
            war["unsupported"], "no table like this one here",
            "{phase}: {war}"
        );
        assert_eq!(war["steps"], 0, "{phase}: {war}");
        let duel = row(&report, phase, "duel/chain");
        assert!(duel["unsupported"].is_null(), "{phase}: {duel}");
        assert!(duel["steps"].as_u64().unwrap() > 0, "{phase}: {duel}");
    }
}

#[test]
fn an_engine_that_breaks_the_protocol_is_a_finding_with_its_steps() {
    let cases = [
        ("crash", "exited (exit status: 3)"),
        ("exit", "exited"),
        ("hang", "did not answer `apply` within"),
        ("garbage", "not a JSON object"),
        ("shape", "`observation` as a JSON object"),
        // Each named for what it is, at once, not after the timeout as an engine that did not
        // answer (or, for the bytes, as one that exited). An engine that closes its output is
        // seen to when it is the process riftcheck started (`exec`): a shell that waits for it
        // holds the output open.
        ("bytes", "not UTF-8 text from column"),
        ("close", "closed its output, though it is still running"),
        ("orphan", "exited (exit status: 4)"),
        // A line past the limit is not held whole: riftcheck reads it and drops it.
        ("flood", "a line longer than 16777216 bytes"),
    ];
    for (how, says) in cases {
        let engine = match how {
            "close" => format!("exec {}", misbehaving(how)),
            _ => misbehaving(how),
        };
        let (code, report) = conform(
            &engine,
            how,
            &[
                "--phases",
                "exhaustive",
                "--mode",
                "duel",
                "--family",
                "chain",
                "--timeout",
                "1",
                // The first finding is the one asserted: a hanging engine costs the timeout
                // at each of the others.
                "--first",
            ],
        );
        assert_eq!(code, 1, "{how}: {report:#}");
        let d = found(&report, "duel/chain", "exhaustive");
        assert!(
            d["rule"].is_null(),
            "a fault breaks the protocol, not a rule: {d:#}"
        );
        assert!(d["found"].as_str().unwrap().contains(says), "{how}: {d:#}");
        // The third `apply` is the first action of the second game explored: one step.
        assert_eq!(d["steps"].as_array().unwrap().len(), 1, "{how}: {d:#}");
    }
    let (_, crashed) = conform(
        &misbehaving("crash"),
        "crash-words",
        &[
            "--phases",
            "exhaustive",
            "--mode",
            "duel",
            "--family",
            "chain",
        ],
    );
    let said = found(&crashed, "duel/chain", "exhaustive")["found"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(
        said.contains("the rules engine fell over"),
        "its stderr is kept: {said}"
    );
}

/// What an engine says of itself and of its errors goes into every report and file: a few
/// hundred characters of it, however much it said; and the longest line read is the user's
/// to set.
#[test]
fn an_engines_words_are_cut_short_and_its_lines_bounded() {
    let args = [
        "--phases",
        "exhaustive",
        "--mode",
        "duel",
        "--family",
        "chain",
        "--timeout",
        "5",
    ];
    let (_, named) = conform(&misbehaving("name"), "long-name", &args);
    let name = named["engine"].as_str().unwrap();
    assert!(
        name.starts_with("nnnn") && name.len() < 400,
        "{}",
        name.len()
    );
    let (code, erred) = conform(&misbehaving("error"), "long-error", &args);
    assert_eq!(code, 1);
    let said = found(&erred, "duel/chain", "exhaustive")["found"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(said.contains("eeee") && said.len() < 1000, "{}", said.len());
    let mut bounded = args.to_vec();
    bounded.extend(["--max-line", "1M"]);
    let (code, flooded) = conform(&misbehaving("flood"), "max-line", &bounded);
    assert_eq!(code, 1);
    let d = found(&flooded, "duel/chain", "exhaustive");
    assert!(
        d["found"]
            .as_str()
            .unwrap()
            .contains("a line longer than 1048576 bytes (--max-line)"),
        "{d:#}"
    );
}

#[test]
fn bad_input_is_exit_2_with_a_message() {
    let cases: [&[&str]; 7] = [
        &["conform", "--engine", "true", "--timeout", "-1"],
        &["conform", "--engine", "true", "--max-line", "0"],
        &["conform", "--engine", "true", "--max-line", "lots"],
        &["conform", "--engine", "true", "--phases", "everything"],
        &["conform", "--engine", "true", "--format", "yaml"],
        &["conform", "--engine", "true", "--mode", "brawl"],
        &["conform", "--engine", "exec /nonexistent/engine"],
    ];
    for args in cases {
        let run = riftcheck(args);
        let err = String::from_utf8_lossy(&run.stderr);
        assert_eq!(run.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.starts_with("error: "), "{args:?}: {err}");
    }
    let run = riftcheck(&["conform", "--engine", "exec /nonexistent/engine"]);
    assert!(String::from_utf8_lossy(&run.stderr).contains("did not start"));
}

fn schema() -> Value {
    let text = std::fs::read_to_string(root().join("docs/protocol.schema.json")).unwrap();
    serde_json::from_str(&text).expect("the schema is JSON")
}

/// The protocol by hand, as an engine's developer would first try it; every answer follows the
/// published schema.
#[test]
fn serve_answers_the_documented_messages() {
    use std::io::Write;
    let mut child = Command::new(bin())
        .arg("serve")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let requests = [
        r#"{"op":"hello","protocol":1,"from":"a test","future":"ignored"}"#,
        r#"{"op":"setup","setup":{"mode":"skirmish","cards":[{"name":"Firebolt","kind":"spell","owner":"A","at":"hand","timing":"reaction"},{"name":"Negate","kind":"spell","owner":"C","at":"hand","timing":"reaction","effect":"counter"}]}}"#,
        r#"{"op":"apply","action":{"text":"A plays Firebolt"}}"#,
        r#"{"op":"apply","action":{"text":"B passes"}}"#,
        r#"{"op":"snapshot"}"#,
        r#"{"op":"apply","action":{"text":"A concedes","kind":"concede","seat":"A"}}"#,
        r#"{"op":"restore","snapshot":0}"#,
        r#"{"op":"observe"}"#,
        "this is not JSON",
        r#"{"op":"reset"}"#,
        r#"{"op":"setup","setup":{"mode":"brawl"}}"#,
    ];
    let mut stdin = child.stdin.take().unwrap();
    for r in requests {
        writeln!(stdin, "{r}").unwrap();
    }
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let answers: Vec<Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(answers.len(), requests.len(), "one line per request");
    let schema = schema();
    for (request, answer) in requests.iter().zip(&answers) {
        if let Ok(r) = serde_json::from_str::<Value>(request)
            && r["op"] != "apply"
        {
            let r = if r["op"] == "hello" {
                serde_json::json!({"op": "hello", "protocol": 1})
            } else {
                r
            };
            if r["setup"]["mode"] != "brawl" {
                follows(&schema, &schema["$defs"]["request"], &r).unwrap();
            }
        }
        follows(&schema, &schema["$defs"]["response"], answer)
            .unwrap_or_else(|e| panic!("{request} -> {answer}: {e}"));
    }
    // A client that speaks version 1 is answered in version 1.
    assert_eq!(answers[0]["hello"]["protocol"], 1);
    assert_eq!(answers[0]["hello"]["capabilities"]["snapshot"], true);
    assert_eq!(answers[1]["observation"]["priority"], "A");
    assert_eq!(answers[2]["observation"]["priority"], "A");
    assert_eq!(answers[2]["observation"]["chain"][0]["item"], "Firebolt");
    assert_eq!(answers[3]["refused"]["error"], "NoPriority");
    assert_eq!(answers[3]["refused"]["rule"], "312.1");
    assert_eq!(
        answers[5]["observation"]["removed"],
        serde_json::json!(["A"])
    );
    assert_eq!(
        answers[5]["observation"]["cards"]["Firebolt"]["at"],
        "removed"
    );
    assert_eq!(answers[6]["restored"], true);
    assert_eq!(
        answers[7]["observation"]["remaining"],
        serde_json::json!(["A", "B", "C"])
    );
    assert_eq!(answers[7]["observation"]["events"], serde_json::json!([]));
    assert!(
        answers[8]["error"].as_str().unwrap().contains("JSON"),
        "{}",
        answers[8]
    );
    assert_eq!(answers[9]["observation"]["chain"], serde_json::json!([]));
    assert!(
        answers[10]["invalid"].as_str().unwrap().contains("brawl"),
        "{}",
        answers[10]
    );
}

/// Every complete JSON example in `docs/protocol.md` follows the schema, every request has one,
/// and the schema's observation has every field of the observation.
#[test]
fn the_documented_examples_follow_the_schema() {
    let doc = std::fs::read_to_string(root().join("docs/protocol.md")).unwrap();
    let schema = schema();
    let mut checked = 0;
    for block in doc.split("```json\n").skip(1) {
        let text = block.split("```").next().unwrap();
        if text.contains("\"...\"") {
            continue; // an abbreviated observation
        }
        let v: Value = serde_json::from_str(text).unwrap_or_else(|e| panic!("{e}: {text}"));
        follows(&schema, &schema, &v).unwrap_or_else(|e| panic!("{text}: {e}"));
        checked += 1;
    }
    assert!(checked >= 10, "only {checked} examples");
    for op in [
        "hello", "setup", "apply", "observe", "snapshot", "restore", "reset",
    ] {
        assert!(
            doc.contains(&format!("{{\"op\": \"{op}\"")),
            "{op} has no example"
        );
    }
    let fields = schema["$defs"]["observation"]["properties"]
        .as_object()
        .unwrap();
    assert_eq!(fields.len(), riftcheck::Observation::FIELDS.len());
    for field in riftcheck::Observation::FIELDS {
        assert!(
            fields.contains_key(field.key),
            "{} is missing from the schema",
            field.key
        );
    }
    // Version 2: the fields an engine declares, so none is required by the schema itself.
    assert!(schema["$defs"]["observation"]["required"].is_null());
    // One structured event per kind riftcheck emits, with the facts it compares.
    let kinds: Vec<&str> = schema["$defs"]["event_kind"]["enum"]
        .as_array()
        .unwrap()
        .iter()
        .map(|k| k.as_str().unwrap())
        .collect();
    assert_eq!(kinds, riftcheck::observation::facts::EVENT_KINDS);
    for k in kinds {
        let def = &schema["$defs"][format!("event_{k}")];
        assert_eq!(def["properties"]["kind"]["const"], k, "{k}");
    }
}
