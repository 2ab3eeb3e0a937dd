//! `riftcheck conform --ruleset mtg` and `riftcheck serve --ruleset mtg` end to end: MTG's
//! reference engine behind the protocol agrees with the MTG spec on every built-in
//! configuration of three players; an engine committing a fault of 800.4 is found, each
//! mistake once with its shortest example and the rule at issue, and the scenario file written
//! for it replays: passing on the reference engine, failing under the fault; an engine that
//! exposes only some fields is held to those; a Riftbound engine is refused with why.

use serde_json::Value;

use crate::common::conform as harness;
use crate::common::follows;
use harness::{bin, conform, findings, out_dir, riftcheck, rows};

fn serve_mtg(extra: &str) -> String {
    format!("{} serve --ruleset mtg {extra}", bin())
}

/// An engine written in Python as `source`, saved under the test's folder `name`: the command
/// that starts it.
fn python_engine(name: &str, source: &str) -> String {
    let dir = out_dir(name);
    std::fs::create_dir_all(&dir).unwrap();
    let script = dir.join("engine.py");
    std::fs::write(&script, source).unwrap();
    format!("python3 {}", script.display())
}

/// `conform --ruleset mtg`'s exhaustive phase on `mtg-3/steal`, its files under `out`.
fn steal_3(engine: &str, out: &std::path::Path, extra: &[&str]) -> std::process::Output {
    let mut args = vec![
        "conform",
        "--ruleset",
        "mtg",
        "--phases",
        "exhaustive",
        "--family",
        "steal",
        "--players",
        "3",
        "--out",
        out.to_str().unwrap(),
        "--engine",
        engine,
    ];
    args.extend_from_slice(extra);
    riftcheck(&args)
}

fn mtg(engine: &str, out: &str, args: &[&str]) -> (i32, Value) {
    let mut all = vec!["--ruleset", "mtg", "--phases", "exhaustive"];
    all.extend_from_slice(args);
    conform(engine, out, &all)
}

#[test]
fn the_mtg_engine_agrees_with_the_mtg_spec_over_the_protocol() {
    let (code, report) = mtg(&serve_mtg(""), "mtg-agrees", &["--players", "3"]);
    assert_eq!(code, 0, "{report:#}");
    assert!(findings(&report).is_empty(), "{report:#}");
    let exhaustive = rows(&report, "exhaustive");
    assert_eq!(
        exhaustive.len(),
        7,
        "every MTG configuration of three players"
    );
    for row in exhaustive {
        assert!(row["unsupported"].is_null(), "{row}");
        assert_eq!(row["cut"], false, "{row}");
        assert!(row["states"].as_u64().unwrap() > 100, "{row}");
        assert_eq!(row["divergences"], 0, "{row}");
    }
    // The spec served against the engine agrees too: the protocol carries the whole game.
    let (code, _) = mtg(
        &serve_mtg("--spec"),
        "mtg-spec-agrees",
        &["--players", "3", "--family", "steal,choices"],
    );
    assert_eq!(code, 0);
}

#[test]
fn a_fault_of_800_4a_is_found_once_per_mistake_with_a_scenario_that_replays() {
    let out = out_dir("mtg-stolen");
    let (code, report) = mtg(
        &serve_mtg("--fault stolen-exiled"),
        "mtg-stolen",
        &["--family", "steal", "--players", "3"],
    );
    assert_eq!(code, 1, "{report:#}");
    let found = findings(&report);
    // One mistake, one finding, named by its fault: the extra exile the engine reports at any
    // concession and the stolen creature exiled instead of returned are both its symptoms.
    assert_eq!(found.len(), 1, "{found:#?}");
    let f = &found[0];
    assert_eq!(f["reading"]["key"], "stolen-exiled", "{f:#}");
    assert_eq!(f["step"], "concede");
    assert_eq!(f["rule"], "800.4a");
    // Its shortest example: one concession.
    assert_eq!(f["steps"], serde_json::json!(["B concedes"]));
    assert!(f["divergences"].as_u64().unwrap() > 100, "{f:#}");
    // The scenario replays: the spec's expectations hold on the reference engine.
    let file = f["scenario_file"].as_str().unwrap();
    assert!(file.starts_with(out.to_str().unwrap()));
    let clean = riftcheck(&["replay", file]);
    assert!(clean.status.success(), "{clean:?}");
    // And it replays on the engine itself, over the protocol, as the finding says: failing at
    // the concession on the faulty engine with the rule at issue, passing on the reference.
    let on_engine = riftcheck(&[
        "replay",
        "--engine",
        &serve_mtg("--fault stolen-exiled"),
        file,
    ]);
    let shown = String::from_utf8_lossy(&on_engine.stdout);
    assert_eq!(on_engine.status.code(), Some(1), "{on_engine:?}");
    assert!(
        shown.contains("after step 1: events (rule 800.4a)")
            && shown.contains("event = \"exiled\""),
        "{shown}"
    );
    let on_reference = riftcheck(&["replay", "--engine", &serve_mtg(""), file]);
    assert!(on_reference.status.success(), "{on_reference:?}");
    // The text report names the fault, then shows the rules' game and where it parted.
    let text = steal_3(&serve_mtg("--fault stolen-exiled"), &out, &[]);
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(
        text.contains(
            "Diagnosis: this engine behaves as if it read 800.4a as the fault `stolen-exiled`"
        ),
        "{text}"
    );
    assert!(text.contains("1. B concedes"), "{text}");
}

/// `replay --engine` takes the scenario files of the ruleset the engine plays: every MTG
/// scenario of the project passes on MTG's reference engine behind the protocol, as the
/// scenario phase of `conform --ruleset mtg` too; a Riftbound engine is refused for MTG files,
/// saying why, and files of both rulesets at once are refused.
#[test]
fn mtg_scenarios_replay_on_an_mtg_engine_over_the_protocol() {
    let dir = harness::root().join("tests/mtg/scenarios");
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path().display().to_string())
        .filter(|p| p.ends_with(".toml"))
        .collect();
    files.sort();
    let mut args = vec!["replay", "--engine"];
    let engine = serve_mtg("");
    args.push(&engine);
    args.extend(files.iter().map(String::as_str));
    let run = riftcheck(&args);
    let out = String::from_utf8_lossy(&run.stdout);
    assert!(run.status.success(), "{out}");
    assert!(
        out.contains(&format!("{} passed, 0 failed", files.len())),
        "{out}"
    );
    let riftbound = format!("{} serve", bin());
    let refused = riftcheck(&["replay", "--engine", &riftbound, &files[0]]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("plays riftbound"));
    // They are conform --ruleset mtg's scenario phase too, by default: all pass on the reference
    // engine, and a fault of 800.4a fails those it shows in.
    let phase = |engine: &str| {
        let run = riftcheck(&[
            "conform",
            "--ruleset",
            "mtg",
            "--phases",
            "scenarios",
            "--engine",
            engine,
        ]);
        (
            run.status.code(),
            String::from_utf8_lossy(&run.stdout).into_owned(),
        )
    };
    let (code, out) = phase(&engine);
    assert_eq!(code, Some(0), "{out}");
    assert!(
        out.contains(&format!("{} passed, 0 failed", files.len())),
        "{out}"
    );
    let (code, out) = phase(&serve_mtg("--fault stolen-exiled"));
    assert_eq!(code, Some(1), "{out}");
    assert!(
        out.contains("seed_004_mind_control_alex_leaves.toml")
            && out
                .contains("objects.1.controller (rule 800.4a, 800.4c): expected 1, found \"none\""),
        "{out}"
    );
    let rb_file = harness::root().join("tests/scenarios/seed_000/four_becomes_three.toml");
    let mixed = riftcheck(&[
        "replay",
        "--engine",
        &engine,
        &files[0],
        rb_file.to_str().unwrap(),
    ]);
    assert_eq!(mixed.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&mixed.stderr).contains("of one ruleset"));
}

#[test]
fn an_mtg_engine_is_held_to_the_fields_it_exposes() {
    // An engine of another team's making that shows only who is in the game, their life, who
    // holds priority and whether the game is over, and never its events: a proxy in front of
    // the reference engine, dropping the rest.
    let source = format!(
        r#"import json, subprocess, sys
inner = subprocess.Popen(["{bin}", "serve", "--ruleset", "mtg", "--fault", "damage-to-leaver"],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
KEEP = ["players", "priority", "over", "winner"]
for line in sys.stdin:
    inner.stdin.write(line); inner.stdin.flush()
    answer = json.loads(inner.stdout.readline())
    if "hello" in answer:
        answer["hello"]["name"] = "partial"
        answer["hello"]["capabilities"]["observes"] = KEEP
        answer["hello"]["capabilities"]["events"] = False
    if "observation" in answer:
        answer["observation"] = {{k: answer["observation"][k] for k in KEEP}}
    print(json.dumps(answer), flush=True)
"#,
        bin = bin()
    );
    let engine = python_engine("mtg-partial", &source);
    let (code, report) = mtg(
        &engine,
        "mtg-partial",
        &["--family", "steal", "--players", "3"],
    );
    // The fault shows in the events, which it does not expose, and in the life total of a
    // player who left, which it does: what it exposes is still compared. (A creature stolen and
    // then exiled no longer shows here: once its thief leaves, 506.4 removes it from combat,
    // so neither deals damage, and the engine's first mistake visible is a refused attack.)
    assert_eq!(code, 1, "{report:#}");
    let keep = ["players", "priority", "over", "winner"];
    for f in findings(&report) {
        for field in f["fields"].as_array().unwrap() {
            assert!(keep.contains(&field.as_str().unwrap()), "{f:#}");
        }
    }
    assert!(findings(&report).iter().any(|f| f["what"] == "players"));
    // A field it declares and leaves out is a protocol finding.
    let lying = python_engine(
        "mtg-lying-engine",
        &source.replace("for k in KEEP}", "for k in KEEP[1:]}"),
    );
    let (code, report) = mtg(
        &lying,
        "mtg-lying",
        &["--family", "steal", "--players", "3"],
    );
    assert_eq!(code, 1, "{report:#}");
    assert!(
        findings(&report)
            .iter()
            .any(|f| f["what"] == "missing players"),
        "{report:#}"
    );
}

#[test]
fn conform_refuses_an_engine_of_the_other_ruleset_and_chooses_tables_as_check_does() {
    let engine = format!("{} serve", bin());
    let run = riftcheck(&["conform", "--ruleset", "mtg", "--engine", &engine]);
    assert_eq!(run.status.code(), Some(2));
    let err = String::from_utf8_lossy(&run.stderr);
    assert!(err.contains("plays riftbound"), "{err}");
    let run = riftcheck(&["conform", "--engine", &serve_mtg("")]);
    assert_eq!(run.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&run.stderr).contains("plays mtg"));
    // `--mode` chooses MTG's tables as `check --ruleset mtg` does: War is the table of four, and
    // MTG has no Duel.
    let engine = serve_mtg("");
    let run = riftcheck(&[
        "conform",
        "--ruleset",
        "mtg",
        "--mode",
        "duel",
        "--engine",
        &engine,
    ]);
    assert_eq!(run.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&run.stderr).contains("--mode duel: the MTG configurations"));
    let war = [
        "--mode",
        "war",
        "--family",
        "planar,slide",
        "--bounds",
        "concessions=1",
    ];
    let (code, report) = mtg(&engine, "mtg-war", &war);
    assert_eq!(code, 0, "{report:#}");
    let names: Vec<&str> = rows(&report, "exhaustive")
        .iter()
        .map(|r| r["configuration"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["mtg-4/slide", "mtg-4/planar"], "{report:#}");
}

#[test]
fn serve_mtg_answers_bad_requests_with_errors_and_takes_only_its_options() {
    use std::io::Write;
    let mut child = std::process::Command::new(bin())
        .args(["serve", "--ruleset", "mtg"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let requests = [
        r#"{"op": "hello", "protocol": 2}"#,
        r#"{"op": "apply", "action": {"action": "pass", "player": 0}}"#,
        r#"{"op": "setup", "setup": {"players": 7}}"#,
        r#"{"op": "setup", "setup": {"players": 2, "colour": "blue"}}"#,
        r#"{"op": "setup", "setup": {"players": 2}}"#,
        r#"{"op": "apply", "action": {"action": "fly", "player": 0}}"#,
        r#"{"op": "apply", "action": {"action": "pass", "player": 1}}"#,
        r#"{"op": "apply", "action": {"action": "concede", "player": 1}}"#,
        "not json",
    ];
    let mut stdin = child.stdin.take().unwrap();
    for r in requests {
        writeln!(stdin, "{r}").unwrap();
    }
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    let answers: Vec<Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(answers.len(), requests.len());
    // Every answer follows the published schema, an observation its MTG definition, and so
    // does every well-formed request.
    let text = std::fs::read_to_string(harness::root().join("docs/protocol.schema.json")).unwrap();
    let schema: Value = serde_json::from_str(&text).unwrap();
    let defs = &schema["$defs"];
    for (request, answer) in requests.iter().zip(&answers) {
        follows(&schema, &defs["response"], answer).unwrap_or_else(|e| panic!("{answer}: {e}"));
        if let Some(obs) = answer.get("observation") {
            follows(&schema, &defs["mtg_observation"], obs).unwrap();
            assert!(follows(&schema, &defs["mtg_setup"], obs).is_err());
        }
        if let Ok(r) = serde_json::from_str::<Value>(request)
            && r["action"]["action"] != "fly"
            && r["setup"]["colour"].is_null()
        {
            follows(&schema, &defs["request"], &r).unwrap_or_else(|e| panic!("{r}: {e}"));
        }
    }
    assert!(
        follows(
            &schema,
            &defs["mtg_action"],
            &serde_json::json!({"action": "fly", "player": 0})
        )
        .is_err()
    );
    assert_eq!(answers[0]["hello"]["ruleset"], "mtg");
    assert!(
        answers[1]["error"]
            .as_str()
            .unwrap()
            .contains("before any `setup`")
    );
    assert!(answers[2]["invalid"].as_str().unwrap().contains("players"));
    assert!(answers[3]["invalid"].as_str().unwrap().contains("colour"));
    assert_eq!(answers[4]["observation"]["priority"], 0);
    assert!(answers[5]["error"].as_str().unwrap().contains("fly"));
    assert_eq!(answers[6]["refused"]["rule"], "117.1");
    assert_eq!(answers[7]["observation"]["winner"], 0);
    assert!(answers[8]["error"].is_string());
    let run = riftcheck(&["serve", "--ruleset", "mtg", "--observes", "priority"]);
    assert_eq!(run.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&run.stderr).contains("--observes"));
}

/// A request line that is not UTF-8 is answered with an error, as any bad request is, and the
/// session goes on, for either ruleset (`serve` used to end with exit status 2).
#[test]
fn serve_answers_a_line_that_is_not_utf8_and_goes_on() {
    use std::io::Write;
    for ruleset in ["riftbound", "mtg"] {
        let mut child = std::process::Command::new(bin())
            .args(["serve", "--ruleset", ruleset])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        stdin.write_all(b"{\"op\": \"hello\", \"protocol\": 2}\n\xff\xfe{}\n{\"op\": \"hello\", \"protocol\": 2}\n").unwrap();
        drop(stdin);
        let out = child.wait_with_output().unwrap();
        assert!(out.status.success(), "{ruleset}");
        let answers: Vec<Value> = String::from_utf8_lossy(&out.stdout)
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(answers.len(), 3, "{ruleset}: {answers:?}");
        assert!(answers[1]["error"].as_str().unwrap().contains("not UTF-8"));
        assert!(answers[2]["hello"].is_object());
    }
}

/// `conform --ruleset mtg --record` writes traces that say they are an MTG engine's, and
/// `validate` holds them to the MTG spec: the faulty engine's recorded exploration gives the
/// findings conform gives (the extra exile and the stolen creature kept from its owner, at
/// 800.4a), the reference engine's agrees on every step.
#[test]
fn an_mtg_engines_recorded_games_validate_against_the_mtg_spec() {
    let dir = out_dir("mtg-record");
    let record = |engine: &str, name: &str| {
        let rec = dir.join(name);
        let run = steal_3(engine, &dir, &["--record", rec.to_str().unwrap()]);
        assert!(run.status.code().is_some_and(|c| c <= 1), "{run:?}");
        rec.join("exhaustive/mtg-3_steal.jsonl")
    };
    let faulty = record(&serve_mtg("--fault stolen-exiled"), "faulty");
    let text = std::fs::read_to_string(&faulty).unwrap();
    assert!(
        text.lines().next().unwrap().contains("\"ruleset\":\"mtg\""),
        "{text}"
    );
    let out = dir.join("validated");
    let v = riftcheck(&[
        "validate",
        "--format",
        "json",
        "--out",
        out.to_str().unwrap(),
        faulty.to_str().unwrap(),
    ]);
    assert_eq!(v.status.code(), Some(1), "{v:?}");
    let report: Value = serde_json::from_slice(&v.stdout).unwrap();
    let found = findings(&report);
    // The fault is one finding, named as conform names it, whichever symptom showed first.
    let read: Vec<&str> = found
        .iter()
        .map(|f| f["reading"]["key"].as_str().unwrap_or(""))
        .collect();
    assert_eq!(read, ["stolen-exiled"], "{found:#?}");
    assert!(
        found
            .iter()
            .all(|f| f["rule"].as_str().unwrap().contains("800.4a"))
    );
    let clean = record(&serve_mtg(""), "clean");
    let v = riftcheck(&["validate", clean.to_str().unwrap()]);
    assert!(v.status.success(), "{v:?}");
    // A hostile trace's actions (players and objects no game has) are refused by the rules
    // and reported, their names printable: nothing panics, no control character is printed.
    let head: Vec<&str> = text.lines().take(2).collect();
    let hostile = dir.join("hostile.jsonl");
    std::fs::write(
        &hostile,
        format!(
            "{}\n{{\"action\":{{\"action\":\"choose\",\"player\":200,\"pick\":{{\"player\":255}}}}}}\n",
            head.join("\n")
        ),
    )
    .unwrap();
    let v = riftcheck(&[
        "validate",
        "--out",
        out.to_str().unwrap(),
        hostile.to_str().unwrap(),
    ]);
    let shown = String::from_utf8_lossy(&v.stdout);
    assert_eq!(v.status.code(), Some(1), "{v:?}");
    assert!(shown.contains("there is no player #200"), "{shown}");
    assert!(
        !shown.chars().any(|c| c.is_control() && c != '\n'),
        "{shown}"
    );
    // A header of another ruleset's engine is not read as this one's.
    let wrong = dir.join("wrong.jsonl");
    std::fs::write(
        &wrong,
        text.replacen("\"ruleset\":\"mtg\"", "\"ruleset\":\"chess\"", 1),
    )
    .unwrap();
    let v = riftcheck(&["validate", wrong.to_str().unwrap()]);
    assert_eq!(v.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&v.stderr).contains(":1:1:"));
}

/// An MTG engine that answers with nonsense fails the scenario it is replayed on, citing the
/// protocol, and what it sent never reaches the terminal raw.
#[test]
fn a_hostile_mtg_engine_fails_replay_by_the_protocol() {
    let engine = python_engine(
        "mtg-hostile",
        r#"import sys, json
for line in sys.stdin:
    op = json.loads(line).get("op")
    if op == "hello":
        print(json.dumps({"hello": {"protocol": 2, "name": "bad", "version": "0",
            "ruleset": "mtg", "capabilities": {"snapshot": False, "events": True}}}), flush=True)
    elif op == "setup":
        print(json.dumps({"observation": {"players": "\u001b[31m", "objects": 5}}), flush=True)
    else:
        print("\u001b[2J garbage", flush=True)
"#,
    );
    let file = harness::root().join("tests/mtg/scenarios/seed_004_bribery_alex_leaves.toml");
    let run = riftcheck(&["replay", "--engine", &engine, file.to_str().unwrap()]);
    let out = String::from_utf8_lossy(&run.stdout);
    assert_eq!(run.status.code(), Some(1), "{run:?}");
    assert!(out.contains("(the protocol)"), "{out}");
    assert!(!out.contains('\u{1b}'), "{out}");
}
