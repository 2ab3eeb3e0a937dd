//! The command line with the MTG ruleset: `check --ruleset mtg`, its faults and counterexample
//! files, `replay` and `render` of MTG scenario files, `faults`/`properties --ruleset mtg`.

use crate::common::{program, root, scratch};

/// `riftcheck check --ruleset mtg` with `args`.
fn check_mtg(args: &[&str]) -> (i32, String, String) {
    run(&[&["check", "--ruleset", "mtg"], args].concat())
}

fn run(args: &[&str]) -> (i32, String, String) {
    let out = program()
        .args(args)
        .current_dir(root())
        .output()
        .expect("runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn check_ruleset_mtg_proves_every_property() {
    let (code, out, _) = check_mtg(&["--players", "3"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("mtg-3/steal"), "{out}");
    assert!(!out.contains("mtg-4/"), "{out}");
    assert!(!out.contains("FAIL"), "{out}");
    assert!(out.contains("a player who left never receives priority (800.4a)"));
}

/// The limits of a check hold for the MTG ruleset too: a search cut by `--timeout` or
/// `--max-states` says which limit cut it and exits 3, and a bad limit is bad input.
#[test]
fn the_limits_cut_an_mtg_check_and_say_which() {
    let out_dir = scratch("mtg-limits");
    let out = out_dir.to_string_lossy().into_owned();
    let (code, text, _) = check_mtg(&["--family", "steal", "--timeout", "0.001", "--out", &out]);
    assert_eq!(code, 3, "{text}");
    assert!(text.contains("cut by --timeout after"), "{text}");
    let (code, text, _) = check_mtg(&["--family", "steal", "--max-states", "20", "--out", &out]);
    assert_eq!(code, 3, "{text}");
    assert!(text.contains("cut by --max-states after"), "{text}");
    let (code, _, err) = check_mtg(&["--timeout", "-1"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--timeout"), "{err}");
}

/// `--format junit` works for the MTG ruleset through the writer every command shares: a
/// suite per configuration, a case per property, the property a fault breaks failing with its
/// counterexample as a rulebook example and its scenario file.
#[test]
fn junit_reports_mtg_configurations_and_the_property_a_fault_breaks() {
    let out_dir = scratch("mtg-junit");
    let out = out_dir.to_string_lossy().into_owned();
    let (code, xml, err) = check_mtg(&[
        "--players",
        "3",
        "--family",
        "steal",
        "--fault",
        "priority-kept",
        "--format",
        "junit",
        "--out",
        &out,
    ]);
    assert_eq!(code, 1, "{err}");
    assert!(xml.starts_with("<?xml"), "{xml}");
    assert_eq!(xml.matches("<testsuite ").count(), 1, "{xml}");
    assert!(
        xml.contains("<testsuite name=\"mtg-3/steal\" tests=\"19\"")
            && !xml.contains("failures=\"0\""),
        "{xml}"
    );
    assert!(xml.contains("type=\"no-priority-for-leaver\""), "{xml}");
    // The body: the faulty engine's game as a rulebook example, what was expected, the file.
    let body = [
        "1. A concedes: A leaves",
        "Expected by rule 800.4a: ",
        "Replay it: riftcheck",
    ];
    assert!(body.iter().all(|b| xml.contains(b)), "{xml}");
    let (code, xml, _) = check_mtg(&[
        "--players",
        "3",
        "--family",
        "steal",
        "--format",
        "junit",
        "--out",
        &out,
    ]);
    assert_eq!(code, 0, "{xml}");
    assert!(xml.contains("failures=\"0\""), "{xml}");
}

#[test]
fn a_fault_fails_the_check_and_writes_a_counterexample_that_replays() {
    let dir = scratch("mtg-cli");
    let out_dir = dir.to_string_lossy().into_owned();
    let (code, out, _) = check_mtg(&["--fault", "priority-kept", "--out", &out_dir]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("FAIL a player who left never receives priority (800.4a)"),
        "{out}"
    );
    let file = dir.join("steal__no-priority-for-leaver.toml");
    assert!(file.exists(), "{out}");
    let file = file.to_string_lossy().into_owned();
    let (clean, text, _) = run(&["replay", &file]);
    assert_eq!(clean, 0, "{text}");
    let (faulty, text, _) = run(&["replay", "--fault", "priority-kept", &file]);
    assert_eq!(faulty, 1, "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_mtg_arguments_are_refused_with_what_is_wrong() {
    let (code, _, err) = check_mtg(&["--fault", "no-such"]);
    assert_eq!(code, 2);
    assert!(err.contains("no MTG fault is called that"), "{err}");
    let (code, _, err) = check_mtg(&["--mode", "duel"]);
    assert_eq!(code, 2);
    assert!(err.contains("free-for-all tables of 3 players"), "{err}");
    let (code, _, err) = check_mtg(&["--mode", "melee"]);
    assert_eq!(code, 2);
    assert!(err.contains("no such mode"), "{err}");
    let (code, _, err) = check_mtg(&["--mode", "skirmish", "--players", "4"]);
    assert_eq!(code, 2);
    assert!(err.contains("leave no MTG configuration"), "{err}");
    let (code, _, err) = check_mtg(&["--policy", "a=b"]);
    assert_eq!(code, 2);
    assert!(err.contains("no policies"), "{err}");
    let (code, _, err) = check_mtg(&["--shard", "0/2", "--shard-weights", "Cargo.toml"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("--shard-weights Cargo.toml: not a JSON report"),
        "{err}"
    );
    let (code, _, err) = check_mtg(&["--players", "2"]);
    assert_eq!(code, 2);
    assert!(err.contains("3 or 4 players"), "{err}");
    let (code, _, err) = check_mtg(&["--family", "nope"]);
    assert_eq!(code, 2);
    assert!(err.contains("the MTG families are"), "{err}");
    let (code, _, err) = check_mtg(&["--bounds", "turns=2"]);
    assert_eq!(code, 2);
    assert!(err.contains("bounded by concessions only"), "{err}");
    // --quick is one concession: fewer states than each configuration's own bound.
    let states = |extra: &[&str]| {
        let mut args = vec![
            "check",
            "--ruleset",
            "mtg",
            "--family",
            "steal",
            "--format",
            "json",
        ];
        args.extend_from_slice(extra);
        let (code, out, _) = run(&args);
        assert_eq!(code, 0);
        let r: serde_json::Value = serde_json::from_str(&out).unwrap();
        r["configurations"][0]["unique_states"].as_u64().unwrap()
    };
    assert_eq!(states(&["--quick"]), states(&["--bounds", "concessions=1"]));
    assert!(states(&["--quick"]) < states(&[]));
    // Bounds given beside --quick win over its one concession, as over Riftbound's quick bounds.
    assert_eq!(
        states(&["--quick", "--bounds", "concessions=2"]),
        states(&["--bounds", "concessions=2"])
    );
    // Every step is taken afresh either way: --no-memo changes nothing.
    assert_eq!(states(&["--no-memo"]), states(&[]));
    let (code, _, err) = check_mtg(&["--print", "mtg-9/nope"]);
    assert_eq!(code, 2);
    assert!(err.contains("no MTG configuration is called"), "{err}");
    let (code, _, err) = check_mtg(&["tests/scenarios/seed_000/two_borrowed_units.toml"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("two_borrowed_units.toml:1:1") && err.contains("ruleset = \"mtg\""),
        "{err}"
    );
}

/// `check --ruleset mtg` takes what `check` takes for Riftbound: `--print NAME` writes a
/// configuration as a scenario file that replays, scenario files are checked from their setups,
/// and `--bounds concessions=N` bounds the concessions (more concessions, more states; a file's
/// setup allows one).
#[test]
fn mtg_configurations_print_scenario_files_check_and_bounds_apply() {
    let dir = scratch("mtg-print");
    std::fs::create_dir_all(&dir).unwrap();
    let (code, text, err) = check_mtg(&["--print", "mtg-3/steal"]);
    assert_eq!(code, 0, "{err}");
    assert!(text.starts_with("ruleset = \"mtg\""), "{text}");
    let file = dir.join("steal.toml");
    std::fs::write(&file, &text).unwrap();
    let path = file.to_string_lossy().into_owned();
    let (code, out, _) = run(&["replay", &path]);
    assert_eq!(code, 0, "{out}");
    let out_dir = dir.join("out").to_string_lossy().into_owned();
    let (code, from_file, _) = check_mtg(&[&path, "--out", &out_dir]);
    assert_eq!(code, 0, "{from_file}");
    // A file's setup is checked with one concession allowed, as the built-in one is under
    // `--bounds concessions=1`.
    let (_, built_in, _) = check_mtg(&[
        "--players",
        "3",
        "--family",
        "steal",
        "--bounds",
        "concessions=1",
        "--out",
        &out_dir,
    ]);
    let unique = |report: &str| -> u64 {
        let row = report
            .lines()
            .find(|l| l.contains("all properties hold"))
            .unwrap();
        row.split_whitespace().nth(2).unwrap().parse().unwrap()
    };
    assert_eq!(
        unique(&from_file),
        unique(&built_in),
        "{from_file}\n{built_in}"
    );
    let (code, two, _) = check_mtg(&[
        "--players",
        "3",
        "--family",
        "steal",
        "--bounds",
        "concessions=2",
        "--out",
        &out_dir,
    ]);
    assert_eq!(code, 0, "{two}");
    assert!(unique(&two) > unique(&built_in), "{two}\n{built_in}");
}

#[test]
fn json_output_reports_every_configuration_and_property() {
    let (code, out, _) = check_mtg(&["--family", "planar", "--format", "json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    assert_eq!(v["ruleset"], "mtg");
    assert_eq!(v["verdict"], "passed");
    assert_eq!(v["configurations"].as_array().map(Vec::len), Some(2));
    assert!(
        v["properties"]
            .as_array()
            .unwrap()
            .iter()
            .all(|p| p["holds"] == true)
    );
}

#[test]
fn replay_and_render_read_mtg_scenarios() {
    let (code, out, _) = run(&["replay", "tests/mtg/scenarios"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains(" passed, 0 failed, 0 unreadable"), "{out}");
    let (code, out, _) = run(&[
        "render",
        "tests/mtg/scenarios/seed_004_bribery_alex_leaves.toml",
    ]);
    assert_eq!(code, 0);
    assert!(out.contains("800.4a"), "{out}");
    let (code, out, _) = run(&[
        "replay",
        "--fault",
        "controlled-stays",
        "tests/mtg/scenarios",
    ]);
    assert_eq!(code, 1, "{out}");
}

#[test]
fn faults_and_properties_list_the_mtg_ruleset() {
    let (code, out, _) = run(&["faults", "--ruleset", "mtg"]);
    assert_eq!(code, 0);
    assert_eq!(out.lines().count(), riftcheck::mtg::MtgFault::ALL.len());
    assert!(
        out.lines()
            .all(|l| (l.contains("(800.4") || l.contains("(506.4")) && l.contains("breaks: ")),
        "{out}"
    );
    let (code, out, _) = run(&["properties", "--ruleset", "mtg"]);
    assert_eq!(code, 0);
    assert!(out.lines().count() >= 15);
}

/// `check --ruleset mtg --coverage` counts the rules the transitions exercised, by their events
/// and by refusals, and names those none did; a fault that cites a rule no correct engine's
/// events cite shows in the counts.
#[test]
fn coverage_counts_the_rules_an_mtg_check_exercised() {
    let (code, out, err) = check_mtg(&["--coverage", "--family", "steal", "--format", "json"]);
    assert_eq!(code, 0, "{err}");
    let report: serde_json::Value = serde_json::from_str(&out).unwrap();
    let rules = report["coverage"]["rules"].as_array().unwrap();
    let row = |r: &str| {
        rules
            .iter()
            .find(|x| x["rule"] == r)
            .unwrap_or_else(|| panic!("no row for {r}: {rules:#?}"))
    };
    // A concession cites 800.4a on every transition that takes one, and a player who left is
    // refused for 800.4a; both steal tables exercise it.
    assert!(row("800.4a")["events"].as_u64().unwrap() > 0);
    assert!(row("800.4a")["refusals"].as_u64().unwrap() > 0);
    assert_eq!(
        row("800.4a")["configurations"],
        serde_json::json!(["mtg-3/steal", "mtg-4/steal"])
    );
    // Each configuration counts its own transitions per rule, as Riftbound's do.
    let c = &report["configurations"][0];
    assert!(c["coverage"]["800.4a"].as_u64().unwrap() > 0, "{c}");
    assert!(row("117.1")["refusals"].as_u64().unwrap() > 0);
    // Nothing in the steal tables plans a turn: no event cites 800.4k, but the property that
    // cites it is judged on every transition, as Riftbound's are (`judged`). A rule nothing
    // cites, by an event, a refusal or a property judged, is said never exercised; no rule is a
    // card's name.
    assert_eq!(row("800.4k")["events"], 0);
    assert!(row("800.4k")["judged"].as_u64().unwrap() > 0);
    let never = report["coverage"]["never_exercised"].as_array().unwrap();
    assert!(
        !never.is_empty() && !never.contains(&"800.4k".into()),
        "{never:?}"
    );
    for r in never {
        let r = row(r.as_str().unwrap());
        assert_eq!(
            (r["transitions"].as_u64(), r["judged"].as_u64()),
            (Some(0), Some(0)),
            "{r}"
        );
    }
    assert!(rules.iter().all(|r| {
        r["rule"]
            .as_str()
            .unwrap()
            .starts_with(|c: char| c.is_ascii_digit())
    }));
    let (code, text, _) = check_mtg(&["--coverage", "--family", "steal"]);
    assert_eq!(code, 0);
    assert!(
        text.contains("rule coverage") && text.contains("never exercised:"),
        "{text}"
    );
}

/// `check --ruleset mtg --shard I/N` deals the configurations out whole (by default weighed by
/// the states down to the frontier); `merge` makes the runs
/// one verdict, the same as the unsplit check's, and refuses runs that are not of one split.
#[test]
fn split_mtg_checks_merge_into_the_whole_checks_verdict() {
    let dir = scratch("mtg-shards");
    std::fs::create_dir_all(&dir).unwrap();
    let write = |i: u32, n: u32, extra: &[&str]| {
        let mut args = vec![
            "check",
            "--ruleset",
            "mtg",
            "--players",
            "3",
            "--format",
            "json",
        ];
        let shard = format!("{i}/{n}");
        args.extend_from_slice(&["--shard", &shard]);
        args.extend_from_slice(extra);
        let (code, out, err) = run(&args);
        assert!(code == 0 || code == 1, "{err}");
        let file = dir.join(format!("run{i}of{n}{}.json", extra.join("")));
        std::fs::write(&file, out).unwrap();
        file.display().to_string()
    };
    let files: Vec<String> = (0..3).map(|i| write(i, 3, &[])).collect();
    let mut names = Vec::new();
    for f in &files {
        let r: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(f).unwrap()).unwrap();
        for c in r["configurations"].as_array().unwrap() {
            names.push(c["name"].as_str().unwrap().to_string());
        }
    }
    names.sort();
    let mut whole: Vec<String> = [
        "steal", "bribery", "slide", "combat", "choices", "planar", "mixed",
    ]
    .map(|f| format!("mtg-3/{f}"))
    .to_vec();
    whole.sort();
    assert_eq!(names, whole, "every configuration in exactly one run");
    let mut args = vec!["merge", "--format", "json"];
    args.extend(files.iter().map(String::as_str));
    let (code, out, err) = run(&args);
    assert_eq!(code, 0, "{err}");
    let merged: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(merged["ruleset"], "mtg");
    assert_eq!(merged["verdict"], "passed");
    assert_eq!(merged["configurations"].as_array().unwrap().len(), 7);
    // Under a fault, the merged verdict fails where the whole check fails.
    let faulty: Vec<String> = (0..2)
        .map(|i| write(i, 2, &["--fault", "stolen-exiled"]))
        .collect();
    let (code, out, _) = run(&["merge", "--format", "json", &faulty[0], &faulty[1]]);
    assert_eq!(code, 1);
    let merged: serde_json::Value = serde_json::from_str(&out).unwrap();
    let failed: Vec<&serde_json::Value> = merged["properties"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p["holds"] == false)
        .collect();
    assert!(failed.iter().any(|p| {
        p["name"]
            .as_str()
            .unwrap()
            .contains("returns when the thief leaves")
    }));
    // A run with another fault, or a missing run, is not part of the split.
    let clean = write(1, 2, &[]);
    let (code, _, err) = run(&["merge", &faulty[0], &clean]);
    assert_eq!(code, 2);
    assert!(err.contains("another --fault"), "{err}");
    let (code, _, err) = run(&["merge", &files[0], &files[1]]);
    assert_eq!(code, 2);
    assert!(err.contains("missing"), "{err}");
}

/// A configuration's name, its distinct states, and each violated property with its shortest
/// counterexample's length.
type Verdict = (String, u64, Vec<(String, usize)>);

/// The configurations' distinct states and each violated property's shortest length, from a
/// JSON report of `check` or `merge`.
fn verdicts(report: &serde_json::Value) -> Vec<Verdict> {
    let mut out: Vec<_> = report["configurations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            let violated = c["counterexamples"].as_array().unwrap().iter();
            let lengths = violated.map(|v| {
                let p = v["property"].as_str().unwrap().to_string();
                (p, v["steps"].as_array().unwrap().len())
            });
            let name = c["name"].as_str().unwrap().to_string();
            (
                name,
                c["unique_states"].as_u64().unwrap(),
                lengths.collect(),
            )
        })
        .collect();
    out.sort();
    out
}

fn json_of(args: &[&str]) -> serde_json::Value {
    let (code, out, err) = run(args);
    assert!(code == 0 || code == 1, "{args:?}: {err}");
    serde_json::from_str(&out).unwrap()
}

/// `--shard-by frontier` splits every MTG configuration: each run searches the states down to
/// the frontier and goes beyond the frontier states dealt to it. Merged with the runs'
/// fingerprints, the distinct states are the whole check's exactly, and under a fault each
/// property fails with a counterexample as short as the whole check's; without them, the
/// count is an upper bound that says it is not exact.
#[test]
fn an_mtg_check_split_at_the_frontier_merges_into_the_whole_check() {
    let dir = scratch("mtg-frontier");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let fps = dir.join("fps").display().to_string();
    let out = dir.join("out").display().to_string();
    for fault in [None, Some("stolen-exiled")] {
        let mut base = vec!["check", "--ruleset", "mtg", "--players", "3"];
        base.extend(["--format", "json", "--out", &out]);
        base.extend(fault.map(|f| ["--fault", f]).into_iter().flatten());
        let whole = json_of(&base);
        let mut files = Vec::new();
        for i in 0..3 {
            let shard = format!("{i}/3");
            let mut args = base.clone();
            args.extend([
                "--shard",
                &shard,
                "--shard-by",
                "frontier",
                "--shard-depth",
                "5",
            ]);
            args.extend(["--fingerprints", &fps]);
            let part = json_of(&args);
            assert_eq!(part["shard"]["by"], "frontier");
            assert_eq!(part["configurations"].as_array().unwrap().len(), 7);
            let file = dir.join(format!("part{i}.json"));
            std::fs::write(&file, part.to_string()).unwrap();
            files.push(file.display().to_string());
        }
        let mut merge = vec!["merge", "--format", "json"];
        merge.extend(files.iter().map(String::as_str));
        let rough = json_of(&merge);
        merge.extend(["--fingerprints", &fps]);
        let exact = json_of(&merge);
        assert_eq!(verdicts(&exact), verdicts(&whole), "{fault:?}");
        assert_eq!(exact["verdict"], whole["verdict"]);
        for (r, e) in verdicts(&rough).iter().zip(verdicts(&exact)) {
            assert!(r.1 >= e.1, "{r:?} counts fewer than {e:?}");
        }
        let c = &rough["configurations"][0];
        assert_eq!(
            (
                c["unique_states_exact"].as_bool(),
                c["prefix_states"].as_u64().map(|n| n > 1)
            ),
            (Some(false), Some(true))
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Dealt whole with `--shard-weights`, the MTG configurations are weighed by the distinct
/// states an earlier report gave them: the heaviest goes to run 0, and the others fill the
/// lighter run; `--mode war` is the 4-player tables.
#[test]
fn mtg_configurations_are_dealt_by_their_weights_and_selected_by_mode() {
    let dir = scratch("mtg-weights");
    std::fs::create_dir_all(&dir).unwrap();
    let list = |extra: &[&str]| {
        let mut args = vec!["check", "--ruleset", "mtg", "--list"];
        args.extend_from_slice(extra);
        let (code, out, err) = run(&args);
        assert_eq!(code, 0, "{err}");
        out.lines().map(String::from).collect::<Vec<_>>()
    };
    assert_eq!(list(&["--mode", "war"]), list(&["--players", "4"]));
    assert_eq!(list(&["--mode", "skirmish,war"]), list(&[]));
    let report = json_of(&[
        "check",
        "--ruleset",
        "mtg",
        "--players",
        "3",
        "--format",
        "json",
    ]);
    let weights = dir.join("weights.json");
    std::fs::write(&weights, report.to_string()).unwrap();
    let weights = weights.display().to_string();
    let sizes: std::collections::BTreeMap<String, u64> = verdicts(&report)
        .into_iter()
        .map(|(name, unique, _)| (name, unique))
        .collect();
    let heaviest = sizes.iter().max_by_key(|(_, n)| **n).unwrap().0.clone();
    let runs: Vec<Vec<String>> = (0..2)
        .map(|i| {
            let shard = format!("{i}/2");
            list(&[
                "--players",
                "3",
                "--shard",
                &shard,
                "--shard-weights",
                &weights,
            ])
        })
        .collect();
    assert!(runs[0].contains(&heaviest), "{runs:?}");
    let mut all: Vec<&String> = runs.iter().flatten().collect();
    all.sort();
    let mut expected: Vec<&String> = sizes.keys().collect();
    expected.sort();
    assert_eq!(all, expected, "every configuration in exactly one run");
    let load = |run: &[String]| run.iter().map(|n| sizes[n]).sum::<u64>();
    // Heaviest first, each to the lighter run: the runs' loads differ by no more than the
    // heaviest configuration.
    let gap = load(&runs[0]).abs_diff(load(&runs[1]));
    assert!(gap <= sizes[&heaviest], "{runs:?}: {gap}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `simulate --ruleset mtg` walks the MTG model at larger bounds: every property holds on the
/// reference engine; under a fault a walk breaks one, and the path reported is the shortest
/// there is, printed as a rulebook example; MTG's bounds are turns and concessions only.
#[test]
fn simulate_walks_the_mtg_model_and_reports_the_shortest_path() {
    let (code, out, err) = run(&["simulate", "--ruleset", "mtg", "--runs", "30"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.matches("every property held").count(), 14, "{out}");
    let (code, out, _) = run(&[
        "simulate",
        "--ruleset",
        "mtg",
        "--runs",
        "200",
        "--fault",
        "stolen-exiled",
    ]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("the shortest path to it: 1"), "{out}");
    // Reported as the check reports one: the faulty engine's example, and what it showed.
    assert!(
        out.contains("1. B concedes: B leaves the game; Assault Griffin is exiled (800.4a)"),
        "{out}"
    );
    assert!(out.contains("found: events: the engine shows"), "{out}");
    let (code, _, err) = run(&["simulate", "--ruleset", "mtg", "--bounds", "invites=2"]);
    assert_eq!(code, 2);
    assert!(err.contains("turns and concessions only"), "{err}");
}

/// `simulate --timeout` stops starting walks once the time is up, for either ruleset, and says
/// so (exit 3) however many runs were asked for; a timeout that is not a time is bad input.
#[test]
fn simulate_stops_at_its_timeout() {
    for ruleset in ["riftbound", "mtg"] {
        let started = std::time::Instant::now();
        let (code, out, err) = run(&[
            "simulate",
            "--ruleset",
            ruleset,
            "--timeout",
            "1",
            "--runs",
            "4294967296",
        ]);
        assert_eq!(code, 3, "{ruleset}: {out}{err}");
        assert!(out.contains("before --timeout"), "{out}");
        assert!(
            started.elapsed().as_secs() < 60,
            "{ruleset}: {:?}",
            started.elapsed()
        );
    }
    let (code, _, err) = run(&["simulate", "--timeout", "0"]);
    assert_eq!(code, 2);
    assert!(err.contains("--timeout"), "{err}");
}

/// A violation is reported as a rulebook example, in the text report and the JSON alike: the
/// steps name the cards, the example is played on the engine that was checked (the faulty one),
/// and what it shows against what the spec expects is said.
#[test]
fn an_mtg_violation_reads_as_a_rulebook_example() {
    let dir = scratch("mtg-example");
    let out = dir.display().to_string();
    let args = [
        "check",
        "--ruleset",
        "mtg",
        "--family",
        "steal",
        "--players",
        "3",
        "--fault",
        "stolen-exiled",
        "--out",
        &out,
    ];
    let (code, text, err) = run(&args);
    assert_eq!(code, 1, "{err}");
    let example = text
        .split("== counterexample in mtg-3/steal (5 steps): a creature stolen")
        .nth(1)
        .unwrap_or_else(|| panic!("no example for the stolen creature:\n{text}"));
    // Named steps, the faulty engine's exile, and the spec's expectation it missed.
    assert!(
        example.contains("1. A casts Mind Control targeting Assault Griffin"),
        "{example}"
    );
    assert!(
        example.contains("Assault Griffin is exiled (800.4a)"),
        "{example}"
    );
    assert!(
        example.contains("zones.\"Assault Griffin\": expected battlefield, found exile"),
        "{example}"
    );
    let mut json_args = args.to_vec();
    json_args.extend(["--format", "json"]);
    let report = json_of(&json_args);
    let stolen = report["configurations"][0]["counterexamples"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["property"] == "stolen-returns")
        .unwrap()
        .clone();
    assert_eq!(
        stolen["steps"][0],
        "A casts Mind Control targeting Assault Griffin"
    );
    assert!(
        stolen["found"].as_str().unwrap().contains("found exile"),
        "{stolen}"
    );
    let file = stolen["file"].as_str().unwrap();
    assert!(file.ends_with("steal__stolen-returns.toml"));
    // `render` plays the file on the reference engine, or under the fault as the check found it.
    let (code, plain, _) = run(&["render", file]);
    assert_eq!(code, 0);
    assert!(
        !plain.contains("is exiled") && !plain.contains("Not as expected"),
        "{plain}"
    );
    let (code, faulty, _) = run(&["render", file, "--fault", "stolen-exiled"]);
    assert_eq!(code, 0);
    assert!(
        faulty.contains("Assault Griffin is exiled (800.4a)") && faulty.contains("Not as expected"),
        "{faulty}"
    );
    let (code, _, err) = run(&["render", file, "--fault", "count-passes"]);
    assert_eq!(code, 2);
    assert!(err.contains("no MTG fault is called that"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `policies --ruleset mtg` lists MTG's points of 800.4 and their readings, the book's first,
/// every other marked with the fault that reads it so; Riftbound's listing is unchanged by it.
#[test]
fn policies_lists_each_rulesets_readings_with_their_faults() {
    let (code, out, _) = run(&["policies", "--ruleset", "mtg"]);
    assert_eq!(code, 0);
    assert!(out.contains("no policies"), "{out}");
    for f in riftcheck::mtg::MtgFault::ALL {
        assert!(
            out.contains(&format!("[fault {}]", f.key())),
            "{} is not listed:\n{out}",
            f.key()
        );
    }
    assert!(
        out.contains("  leaver-priority (800.4a)\n    next-player\n"),
        "{out}"
    );
    let (code, riftbound, _) = run(&["policies"]);
    assert_eq!(code, 0);
    assert!(riftbound.contains("implemented by"), "{riftbound}");
    assert!(!riftbound.contains("leaver-priority"), "{riftbound}");
}

#[test]
fn bench_measures_mtg_through_the_same_plan_as_check() {
    // `bench` is written once over the ruleset: MTG's quick check in it explores exactly the
    // states `check --quick` does, and its random games step the MTG engine.
    let (code, json, _) = check_mtg(&["--quick", "--format", "json"]);
    assert_eq!(code, 0, "{json}");
    let doc: serde_json::Value = serde_json::from_str(&json).unwrap();
    let unique: u64 = doc["configurations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["unique_states"].as_u64().unwrap())
        .sum();
    let (code, out, err) = run(&["bench", "--ruleset", "mtg", "--quick", "--seconds", "0.2"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("the quick check of mtg"), "{out}");
    let total = out
        .lines()
        .find(|l| l.starts_with("total"))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|n| n.parse::<u64>().ok());
    assert_eq!(total, Some(unique), "{out}");
    let games = out
        .lines()
        .find_map(|l| l.strip_prefix("engine, on "))
        .and_then(|l| l.split_whitespace().next())
        .and_then(|n| n.parse::<u64>().ok());
    assert!(games.is_some_and(|g| g > 0), "{out}");
    // A time beyond the hour is refused as bad input.
    let (code, _, err) = run(&["bench", "--ruleset", "mtg", "--seconds", "5000"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--seconds 5000"), "{err}");
}

#[test]
fn readings_under_mtg_says_800_4_has_no_policies_and_changes_nothing() {
    // `readings` is written once over the ruleset; MTG's answer is that 800.4 leaves nothing
    // to the project's choice, so there is nothing to set side by side, as bad input.
    let out = scratch("mtg-readings");
    let _ = std::fs::remove_dir_all(&out);
    let (code, stdout, err) = run(&[
        "readings",
        "--ruleset",
        "mtg",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 2, "{stdout}{err}");
    assert!(stdout.is_empty(), "{stdout}");
    assert!(err.contains("no policies to set side by side"), "{err}");
    assert!(err.contains("policies --ruleset mtg"), "{err}");
    // Nothing was written.
    assert!(
        std::fs::read_dir(&out).map_or(true, |mut d| d.next().is_none()),
        "{}",
        out.display()
    );
}
