//! The JSON that `check` and `replay` print follows the published schema
//! (`docs/output.schema.json`), in every verdict: passed, failed, cut by a limit, unreadable.

use serde_json::Value;

use crate::common::{follows, root, scratch};

fn json(args: &[&str]) -> (i32, Value) {
    let out = crate::common::program()
        .args(args)
        .current_dir(root())
        .output()
        .unwrap();
    let v = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{args:?}: {e}: {}", String::from_utf8_lossy(&out.stdout)));
    (out.status.code().unwrap(), v)
}

fn schema() -> Value {
    let text = std::fs::read_to_string(root().join("docs/output.schema.json")).unwrap();
    serde_json::from_str(&text).expect("the schema is JSON")
}

fn assert_follows(def: &str, v: &Value) {
    let s = schema();
    follows(&s, &s["$defs"][def], v).unwrap_or_else(|e| panic!("{def}: {e}"));
    follows(&s, &s, v).unwrap_or_else(|e| panic!("the whole schema: {e}"));
}

fn out_dir(name: &str) -> String {
    scratch(name).display().to_string()
}

#[test]
fn check_json_follows_the_schema_when_everything_holds() {
    let (code, v) = json(&["check", "--quick", "--mode", "duel", "--format", "json"]);
    assert_eq!(code, 0);
    assert_follows("check", &v);
    assert_eq!(v["verdict"], "passed");
    assert_eq!(v["schema_version"], 2);
    assert_eq!(v["tool"]["version"], env!("CARGO_PKG_VERSION"));
    let ids: Vec<&str> = v["properties"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["id"].as_str().unwrap())
        .collect();
    assert!(ids.contains(&"countered-never-resolves"));
    assert!(ids.contains(&"departed-no-priority"));
    assert!(ids.contains(&"showdown-ends-when-all-passed"));
}

#[test]
fn check_json_follows_the_schema_when_a_property_fails() {
    let out = out_dir("failed");
    let (code, v) = json(&[
        "check",
        "--quick",
        "--mode",
        "skirmish",
        "--family",
        "chain",
        "--fault",
        "count-passes",
        "--format",
        "json",
        "--out",
        &out,
    ]);
    assert_eq!(code, 1);
    assert_follows("check", &v);
    assert_eq!(v["verdict"], "failed");
    assert_eq!(v["exit_status"], 1);
    let c = &v["configurations"][0];
    assert!(
        c["failed"]
            .as_array()
            .unwrap()
            .contains(&Value::from("resolves-only-when-all-passed"))
    );
    let file = c["counterexamples"][0]["file"].as_str().unwrap();
    assert!(std::path::Path::new(file).is_file(), "{file}");
}

#[test]
fn check_json_says_which_limit_cut_which_search() {
    let (code, v) = json(&[
        "check",
        "--quick",
        "--mode",
        "war",
        "--family",
        "removal",
        "--max-states",
        "300",
        "--format",
        "json",
    ]);
    assert_eq!(code, 3);
    assert_follows("check", &v);
    assert_eq!(v["verdict"], "incomplete");
    assert_eq!(v["limits"]["max_states"], 300);
    let c = &v["configurations"][0];
    assert_eq!(c["complete"], false);
    assert_eq!(c["acyclic"], Value::Null);
    assert_eq!(c["cut"][0]["search"], "exploration");
    assert_eq!(c["cut"][0]["limit"], "max-states");
    assert_eq!(c["cut"][0]["covered_states"], 300);
}

#[test]
fn list_json_follows_the_schema() {
    let (code, v) = json(&["check", "--list", "--format", "json"]);
    assert_eq!(code, 0);
    assert_follows("list", &v);
    assert_eq!(v["configurations"].as_array().unwrap().len(), 33);
}

#[test]
fn replay_json_follows_the_schema_when_passing_failing_and_unreadable() {
    let (code, v) = json(&["replay", "--format", "json", "tests/scenarios/seed_000"]);
    assert_eq!(code, 0);
    assert_follows("replay", &v);
    assert_eq!(v["verdict"], "passed");
    let dir = scratch("replay");
    std::fs::create_dir_all(&dir).unwrap();
    let wrong = dir.join("wrong.toml");
    let good =
        std::fs::read_to_string(root().join("tests/scenarios/seed_000/four_becomes_three.toml"))
            .unwrap();
    // The same scenario with its last expectation of Priority changed: a failure at that key.
    let changed = good.replacen(
        "priority = \"A\"\nchain = []",
        "priority = \"C\"\nchain = []",
        1,
    );
    assert_ne!(changed, good, "the scenario expects A to get Priority back");
    std::fs::write(&wrong, changed).unwrap();
    let (code, v) = json(&["replay", "--format", "json", wrong.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert_follows("replay", &v);
    assert_eq!(v["scenarios"][0]["failure"]["what"], "priority");
    let broken = dir.join("broken.toml");
    std::fs::write(&broken, "title = \"x\"\n[setup]\nmode = 2\n").unwrap();
    let (code, v) = json(&["replay", "--format", "json", broken.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert_follows("replay", &v);
    assert_eq!(v["verdict"], "unreadable");
    assert!(
        v["scenarios"][0]["error"]
            .as_str()
            .unwrap()
            .contains("broken.toml:3:")
    );
}

#[test]
fn a_split_run_and_its_merge_follow_the_schema() {
    let d = scratch("split");
    std::fs::create_dir_all(&d).unwrap();
    let mut files = Vec::new();
    for i in 0..2 {
        let shard = format!("{i}/2");
        let (code, v) = json(&[
            "check",
            "--quick",
            "--mode",
            "war",
            "--family",
            "chain",
            "--shard",
            &shard,
            "--shard-by",
            "frontier",
            "--format",
            "json",
        ]);
        assert_eq!(code, 0);
        assert_follows("check", &v);
        assert_eq!(v["shard"]["count"], 2);
        assert!(
            v["configurations"][0]["shard_part"]["nodes"]
                .as_u64()
                .unwrap()
                > 0
        );
        let f = d.join(format!("run{i}.json"));
        std::fs::write(&f, serde_json::to_string(&v).unwrap()).unwrap();
        files.push(f.display().to_string());
    }
    let mut args = vec!["merge", "--format", "json"];
    args.extend(files.iter().map(String::as_str));
    let (code, v) = json(&args);
    assert_eq!(code, 0);
    assert_follows("check", &v);
    assert_eq!(v["command"], "merge");
    assert_eq!(v["configurations"][0]["acyclic"], true);
}

/// `check --coverage --format json` gives, per rule, how the searches cited it, and per
/// configuration the transitions citing each rule; the same counts in every run.
#[test]
fn coverage_json_follows_the_schema_and_counts_what_the_search_cited() {
    let args = [
        "check",
        "--quick",
        "--mode",
        "duel",
        "--family",
        "kills",
        "--coverage",
        "--format",
        "json",
    ];
    let (code, v) = json(&args);
    assert_eq!(code, 0);
    assert_follows("check", &v);
    let rules = v["coverage"]["rules"].as_array().unwrap();
    let row = |r: &str| {
        rules
            .iter()
            .find(|x| x["rule"] == r)
            .unwrap_or_else(|| panic!("no row for {r}"))
    };
    // The kill of the borrowed unit is an event citing 428; a move of a unit that is not the
    // controller's own is refused for 420 (the Standard Move's cost).
    assert!(row("428")["events"].as_u64().unwrap() > 0);
    assert_eq!(row("428")["configurations"][0], "duel/kills");
    assert!(
        row("121")["refusals"].as_u64().unwrap() > 0,
        "the probes in the first state"
    );
    let per_config = &v["configurations"][0]["coverage"];
    assert_eq!(per_config["428"], row("428")["transitions"]);
    // Without --coverage there is none.
    let (_, plain) = json(&[
        "check", "--quick", "--mode", "duel", "--family", "kills", "--format", "json",
    ]);
    assert_eq!(plain["coverage"], Value::Null);
    // Deterministic: the same counts again.
    let (_, again) = json(&args);
    assert_eq!(again["coverage"], v["coverage"]);
}

/// `check --ruleset mtg --format json` follows the schema's report, as Riftbound's does: passed, failed under a
/// fault, cut by a limit, with coverage, a run of a split check, and the runs merged.
#[test]
fn mtg_check_json_follows_the_schema() {
    let out = out_dir("mtg");
    let base = [
        "check",
        "--ruleset",
        "mtg",
        "--players",
        "3",
        "--format",
        "json",
    ];
    let with = |extra: &[&str]| {
        let mut args = base.to_vec();
        args.extend_from_slice(&["--family", "steal", "--out", &out]);
        args.extend_from_slice(extra);
        json(&args)
    };
    let (code, v) = with(&["--coverage"]);
    assert_eq!((code, &v["verdict"]), (0, &Value::from("passed")));
    assert!(v["coverage"].is_object());
    assert_follows("check", &v);
    let (code, v) = with(&["--fault", "stolen-exiled"]);
    assert_eq!(code, 1);
    assert!(
        !v["configurations"][0]["counterexamples"]
            .as_array()
            .unwrap()
            .is_empty()
    );
    assert_follows("check", &v);
    let (code, v) = with(&["--max-states", "50"]);
    assert_eq!(
        (code, &v["configurations"][0]["cut"][0]["limit"]),
        (3, &Value::from("max-states"))
    );
    assert_follows("check", &v);
    let fps = format!("{out}/fps");
    let mut files = Vec::new();
    for i in 0..2 {
        let shard = format!("{i}/2");
        let (_, v) = with(&[
            "--shard",
            &shard,
            "--shard-by",
            "frontier",
            "--fingerprints",
            &fps,
        ]);
        assert_eq!(v["shard"]["by"], "frontier");
        assert!(
            v["configurations"][0]["shard_part"]["nodes"]
                .as_u64()
                .unwrap()
                > 1
        );
        assert_follows("check", &v);
        let file = format!("{out}/part{i}.json");
        std::fs::write(&file, v.to_string()).unwrap();
        files.push(file);
    }
    let (code, v) = json(&[
        "merge",
        "--format",
        "json",
        &files[0],
        &files[1],
        "--fingerprints",
        &fps,
    ]);
    assert_eq!(code, 0);
    assert_eq!(v["configurations"][0]["unique_states_exact"], true);
    assert_follows("check", &v);
    // A configuration without its count of distinct states is not such a report.
    let mut broken = v.clone();
    broken["configurations"][0]
        .as_object_mut()
        .unwrap()
        .remove("unique_states");
    let s = schema();
    assert!(follows(&s, &s["$defs"]["check"], &broken).is_err());
    let _ = std::fs::remove_dir_all(&out);
}
