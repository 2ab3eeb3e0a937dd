//! The command-line program: exit statuses and what it prints.

use crate::common::{program, scratch};
use std::path::PathBuf;

fn scenarios() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/scenarios")
}

fn temp_file(name: &str, text: &str) -> PathBuf {
    let dir = scratch("cli");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

const FAILING: &str = r#"title = "Wrong on purpose"
steps = ["A plays Firebolt", "A passes"]

[setup]
mode = "duel"

[[setup.cards]]
name = "Firebolt"
kind = "spell"
owner = "A"
at = "hand"
timing = "reaction"

[expect]
priority = "A"
chain = ["Firebolt"]
"#;

#[test]
fn replaying_the_scenarios_passes() {
    let out = program().arg("replay").arg(scenarios()).output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    assert!(stdout.contains(" 0 failed, 0 unreadable"), "{stdout}");
}

#[test]
fn a_failed_expectation_exits_1_and_says_what_and_where() {
    let path = temp_file("failing.toml", FAILING);
    let out = program().arg("replay").arg(&path).output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(stdout.contains("FAIL"), "{stdout}");
    // The line and column of the value that is wrong, and both values as the file writes them.
    assert!(
        stdout.contains(r#"failing.toml:15:12 (Wrong on purpose) after step 2: priority: expected "A", found "B""#),
        "{stdout}"
    );
}

#[test]
fn an_unreadable_file_exits_2() {
    let path = temp_file("broken.toml", "title = \"x\"\n[setup]\nmode = \"chess\"\n");
    let out = program().arg("replay").arg(&path).output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(2), "{stdout}");
    assert!(stdout.contains("broken.toml:3:8"), "{stdout}");
    let missing = program().args(["render", "no/such.toml"]).output().unwrap();
    assert_eq!(missing.status.code(), Some(2));
}

#[test]
fn render_prints_a_rulebook_example() {
    let file = scenarios().join("seed_000/four_becomes_three.toml");
    let out = program().arg("render").arg(file).output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout).replace('\n', " ");
    assert!(out.status.success());
    assert!(
        stdout.starts_with("Example - Four becomes three"),
        "{stdout}"
    );
    assert!(
        stdout.contains("B is removed from the game (651.3)"),
        "{stdout}"
    );
    assert!(stdout.contains("Rules: "), "{stdout}");
}

#[test]
fn bad_arguments_are_refused_with_usage() {
    let out = program().arg("replay").output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("Usage"));
}

#[test]
fn check_passes_on_the_engine_and_exits_0() {
    let out = program()
        .args(["check", "--quick", "--mode", "duel,skirmish"])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(stdout.contains("skirmish/chain"), "{stdout}");
    assert!(
        stdout.contains("ok   a countered item never resolves"),
        "{stdout}"
    );
    assert!(
        stdout.contains("ok   a departed player never receives Priority"),
        "{stdout}"
    );
    assert!(
        stdout.contains("ok   a Showdown ends once all remaining players have passed"),
        "{stdout}"
    );
}

#[test]
fn check_stopped_by_a_limit_exits_3() {
    let out = program()
        .args([
            "check",
            "--quick",
            "--mode",
            "war",
            "--family",
            "removal",
            "--max-states",
            "500",
        ])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(3), "{stdout}");
    assert!(
        stdout.contains("cut by --max-states after 500 states"),
        "{stdout}"
    );
}

#[test]
fn check_refuses_bad_arguments_with_exit_2() {
    for args in [
        vec!["check", "--quick", "--mode", "chess"],
        vec!["check", "--quick", "--family", "poker"],
        vec!["check", "--players", "5"],
        vec!["check", "--bounds", "turns=x"],
        vec!["check", "--bounds", "lives=3"],
        vec!["check", "no/such/file.toml"],
    ] {
        let out = program().args(&args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(
            String::from_utf8_lossy(&out.stderr).starts_with("error: "),
            "{args:?}"
        );
    }
}

#[test]
fn check_checks_a_scenario_files_setup() {
    let file = scenarios().join("seed_000/a_response_disappears.toml");
    let out = program().arg("check").arg(&file).output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(stdout.contains("a_response_disappears.toml"), "{stdout}");
}

#[test]
fn check_prints_json_for_machines() {
    let out = program()
        .args(["check", "--quick", "--mode", "duel", "--format", "json"])
        .output()
        .unwrap();
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("valid JSON");
    assert_eq!(json["configurations"].as_array().unwrap().len(), 8);
    assert!(
        json["properties"]
            .as_array()
            .unwrap()
            .iter()
            .any(|p| p["name"] == "a countered item never resolves")
    );
}

#[test]
fn check_with_a_fault_exits_1_and_writes_a_replayable_scenario() {
    let out_dir = scratch("cli-out");
    let out = program()
        .args([
            "check",
            "--quick",
            "--mode",
            "skirmish",
            "--family",
            "chain",
            "--fault",
            "priority-stays-with-leaver",
            "--out",
        ])
        .arg(&out_dir)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(
        stdout.contains("FAIL a departed player never receives Priority"),
        "{stdout}"
    );
    assert!(stdout.contains("Expected by rule"), "{stdout}");
    // One file per property and family, named by the property's id.
    let file = out_dir.join("chain__departed-no-priority.toml");
    let with = program()
        .arg("replay")
        .arg(&file)
        .args(["--fault", "priority-stays-with-leaver"])
        .output()
        .unwrap();
    assert_eq!(with.status.code(), Some(1));
    let without = program().arg("replay").arg(&file).output().unwrap();
    assert_eq!(without.status.code(), Some(0));
    // Beside it, the picture of what the faulty engine did: the leaver greyed out from the
    // concession on, the failing step highlighted with the property it breaks.
    let svg = std::fs::read_to_string(out_dir.join("chain__departed-no-priority.svg")).unwrap();
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    assert!(svg.contains("class=\"removed\""), "{svg}");
    assert!(svg.contains("#ffd7d5"), "{svg}");
    assert!(
        svg.contains("Violated: a departed player never receives Priority"),
        "{svg}"
    );
}

#[test]
fn explore_serves_the_explorer_on_localhost() {
    use std::io::{Read, Write};
    // A free port.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let mut child = program()
        .args([
            "explore",
            "--config",
            "duel/chain",
            "--port",
            &port.to_string(),
        ])
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let get = |target: &str| -> Option<String> {
        let mut s = std::net::TcpStream::connect(("127.0.0.1", port)).ok()?;
        s.write_all(format!("GET {target} HTTP/1.0\r\n\r\n").as_bytes())
            .ok()?;
        let mut body = String::new();
        s.read_to_string(&mut body).ok()?;
        Some(body)
    };
    let mut first = String::new();
    for _ in 0..100 {
        std::thread::sleep(std::time::Duration::from_millis(100));
        if let Some(body) = get("/api/state") {
            first = body;
            break;
        }
    }
    let _ = child.kill();
    let _ = child.wait();
    // The first state's actions: only those the game takes, none refused and none of a player
    // who is not to act.
    assert!(first.starts_with("HTTP/1.1 200"), "{first}");
    assert!(
        first.contains(r#""text":"A concedes""#) && first.contains(r#""text":"B concedes""#),
        "{first}"
    );
    assert!(
        !first.contains(r#""text":"B passes""#),
        "B does not hold Priority: {first}"
    );
    // The first state: A is the Turn Player, Firebolt in A's hand.
    assert!(first.contains(r#""turn_player":"A""#), "{first}");
    assert!(
        first.contains(r#""name":"Firebolt""#) && first.contains(r#""place":"A's hand""#),
        "{first}"
    );
    // A taken port is refused with a message, not a panic.
    let busy = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let taken = busy.local_addr().unwrap().port().to_string();
    let out = program()
        .args(["explore", "--port", &taken])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot listen"));
}

/// Limits that are not limits are bad input, never a panic.
#[test]
fn bad_limits_are_exit_2() {
    for args in [
        vec!["check", "--quick", "--mode", "duel", "--timeout", "-1"],
        vec!["check", "--quick", "--mode", "duel", "--timeout", "NaN"],
        vec!["check", "--quick", "--mode", "duel", "--timeout", "inf"],
        vec!["check", "--quick", "--mode", "duel", "--timeout", "1e300"],
        vec!["check", "--quick", "--mode", "duel", "--timeout", "0"],
        vec!["check", "--quick", "--mode", "duel", "--max-states", "0"],
        vec!["check", "--quick", "--mode", "duel", "--max-memory", "lots"],
        vec!["check", "--quick", "--mode", "duel", "--max-memory", "-1G"],
        vec!["check", "--quick", "--mode", "duel", "--threads", "0"],
        vec![
            "check",
            "--quick",
            "--mode",
            "duel",
            "--progress-every",
            "-5",
        ],
        vec!["check", "--quick", "--mode", "duel", "--format", "yaml"],
        vec!["simulate", "--runs", "0"],
        vec!["simulate", "--depth", "0"],
        vec!["replay", "--timeout", "nan", "--engine", "true", "x.toml"],
    ] {
        let out = program().args(&args).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert!(err.starts_with("error"), "{args:?}: {err}");
    }
}

/// `--timeout` stops the search within about a second of it, on a configuration made large with
/// `--bounds` (tens of millions of states), and says so with exit 3.
#[test]
fn a_timeout_stops_a_large_search_promptly() {
    let started = std::time::Instant::now();
    let out = program()
        .args([
            "check",
            "--quick",
            "--mode",
            "duel",
            "--family",
            "showdown",
            "--bounds",
            "turns=255",
            "--timeout",
            "2",
        ])
        .output()
        .unwrap();
    let took = started.elapsed().as_secs_f64();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(3), "{stdout}");
    assert!(stdout.contains("cut by --timeout"), "{stdout}");
    assert!(took < 6.0, "the check took {took:.1} s with --timeout 2");
}

/// A search that finishes inside its limits is not reported as cut: exit 0.
#[test]
fn a_limit_that_is_not_reached_is_exit_0() {
    let out = program()
        .args([
            "check",
            "--quick",
            "--mode",
            "war",
            "--family",
            "chain",
            "--timeout",
            "600",
            "--max-states",
        ])
        .arg("1000000")
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(!stdout.contains("cut by"), "{stdout}");
}

/// `--max-memory` below what the process already uses stops the search with exit 3 instead of
/// letting the machine run out.
#[test]
fn a_memory_limit_stops_the_search_with_exit_3() {
    let out = program()
        .args([
            "check",
            "--quick",
            "--mode",
            "duel",
            "--family",
            "removal",
            "--max-memory",
            "1M",
        ])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(3), "{stdout}");
    assert!(stdout.contains("cut by --max-memory"), "{stdout}");
}

/// In a log, progress is plain lines (no carriage returns), one every `--progress-every`
/// seconds; `--quiet` prints none.
#[test]
fn progress_in_a_log_is_plain_lines() {
    let args = [
        "check",
        "--quick",
        "--mode",
        "duel",
        "--family",
        "showdown",
        "--bounds",
        "turns=255",
        "--timeout",
        "2",
        "--progress-every",
        "0.5",
    ];
    let out = program().args(args).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains('\r'), "{err:?}");
    let lines: Vec<&str> = err
        .lines()
        .filter(|l| l.starts_with("riftcheck: duel/showdown: "))
        .collect();
    assert!(lines.len() >= 2, "{err}");
    assert!(
        lines[0].contains("states generated") && lines[0].contains("distinct"),
        "{err}"
    );
    let quiet = program().args(args).arg("--quiet").output().unwrap();
    assert!(
        quiet.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&quiet.stderr)
    );
}

/// `--out` that cannot hold files is bad input before any work is done.
#[test]
fn an_out_directory_that_cannot_be_written_is_exit_2() {
    let file = temp_file("not-a-directory", "x");
    for out in [
        file.clone(),
        file.join("below"),
        PathBuf::from("/dev/null/x"),
    ] {
        let run = program()
            .args([
                "check",
                "--quick",
                "--mode",
                "duel",
                "--family",
                "chain",
                "--fault",
                "count-passes",
                "--out",
            ])
            .arg(&out)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&run.stderr);
        assert_eq!(run.status.code(), Some(2), "{}: {err}", out.display());
        assert!(err.contains("--out"), "{err}");
    }
}

/// `--list` honours the filters and `--format json`; `--help` names every family.
#[test]
fn list_follows_the_filters_and_the_format() {
    let out = program()
        .args(["check", "--list", "--family", "chain"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(text.lines().count(), 4, "{text}");
    assert!(text.lines().all(|l| l.contains("/chain")), "{text}");
    let out = program()
        .args(["check", "--list", "--mode", "war", "--format", "json"])
        .output()
        .unwrap();
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let names: Vec<&str> = json["configurations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "war/chain",
            "war/showdown",
            "war/removal",
            "war/combat",
            "war/staged",
            "war/kills",
            "war/durations",
            "war/equipment"
        ]
    );
    let help = program().args(["check", "--help"]).output().unwrap();
    let help = String::from_utf8_lossy(&help.stdout);
    for family in [
        "chain", "showdown", "removal", "combat", "staged", "team", "kills",
    ] {
        assert!(help.contains(family), "{family} missing from --help");
    }
}

/// A rule fault broken in every configuration of a family writes one file per property and
/// family, not one per configuration, and says how many more it found.
#[test]
fn counterexamples_are_written_once_per_property_and_family() {
    let out_dir = scratch("cli-per-family");
    let _ = std::fs::remove_dir_all(&out_dir);
    let run = program()
        .args([
            "check",
            "--quick",
            "--family",
            "chain",
            "--fault",
            "priority-stays-with-leaver",
            "--format",
            "json",
            "--out",
        ])
        .arg(&out_dir)
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(1));
    let json: serde_json::Value = serde_json::from_slice(&run.stdout).unwrap();
    let files: Vec<String> = std::fs::read_dir(&out_dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    let listed = json["counterexample_files"].as_array().unwrap();
    // Each scenario file with its picture beside it.
    let tomls: Vec<&String> = files.iter().filter(|f| f.ends_with(".toml")).collect();
    assert_eq!(tomls.len(), listed.len(), "{files:?}");
    for t in &tomls {
        assert!(
            files.contains(&t.replace(".toml", ".svg")),
            "{t}: no picture"
        );
    }
    assert!(files.iter().all(|f| f.starts_with("chain__")), "{files:?}");
    let broken_in: usize = json["configurations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["counterexamples"].as_array().unwrap().len())
        .sum();
    assert!(
        broken_in > tomls.len(),
        "the fault breaks its properties in several configurations"
    );
    assert_eq!(
        json["counterexamples_not_written"].as_u64().unwrap() as usize,
        broken_in - tomls.len()
    );
    assert!(
        files.contains(&"chain__departed-no-priority.toml".to_string()),
        "{files:?}"
    );
}

/// JUnit for dashboards: a test suite per configuration, a test case per property, the failures
/// with their rule; and a test case per scenario for `replay`.
#[test]
fn junit_reports_a_case_per_configuration_and_property() {
    let run = program()
        .args([
            "check",
            "--quick",
            "--mode",
            "skirmish",
            "--family",
            "chain,showdown",
            "--fault",
            "count-passes",
            "--format",
            "junit",
            "--out",
        ])
        .arg(scratch("junit"))
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(1));
    let xml = String::from_utf8(run.stdout).unwrap();
    assert!(xml.starts_with("<?xml"), "{xml}");
    assert_eq!(xml.matches("<testsuite ").count(), 2, "{xml}");
    let per_suite = xml.matches("<testcase ").count() / 2;
    assert!(per_suite > 30, "{per_suite}");
    assert!(xml.contains("<failure message=\"Expected by rule"), "{xml}");
    assert_eq!(
        xml.matches("<testsuite").count(),
        xml.matches("</testsuite>").count() + 1
    );
    let replay = program()
        .args(["replay", "--format", "junit"])
        .arg(scenarios().join("seed_000"))
        .output()
        .unwrap();
    assert_eq!(replay.status.code(), Some(0));
    let xml = String::from_utf8(replay.stdout).unwrap();
    assert!(xml.matches("<testcase ").count() >= 4, "{xml}");
    assert!(!xml.contains("<failure"), "{xml}");
}

/// A reader that stops early (`| head`) ends the program quietly, never with a panic.
#[test]
fn a_closed_pipe_is_not_a_panic() {
    use std::io::Read;
    let mut child = program()
        .args(["check", "--quick", "--mode", "war"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let mut first = [0u8; 16];
    stdout.read_exact(&mut first).unwrap();
    drop(stdout);
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("panicked"), "{err}");
}

/// Every command reads a scenario the same way: each file of the corpus replays, renders, and its
/// setup model-checks with every property holding (a tie at the Victory Score that a concession
/// breaks, once accepted by `replay` and failed by `check`, included).
#[test]
fn replay_render_and_check_agree_on_every_scenario() {
    let files = riftcheck_model::args::scenario_files(&[scenarios()]).unwrap();
    assert!(files.len() >= 60);
    // A scenario played under another reading of a policy may break the properties that state
    // the project's reading; the engine and the spec must still agree on it.
    let (project, other): (Vec<_>, Vec<_>) = files.iter().partition(|f| {
        riftcheck::Scenario::load(f).unwrap().setup.readings == riftcheck::Readings::default()
    });
    assert!(!other.is_empty());
    let check = program()
        .arg("check")
        .arg("--quiet")
        .args(&project)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&check.stdout);
    assert_eq!(check.status.code(), Some(0), "{stdout}");
    // Its counterexamples go to a scratch folder, not the working directory.
    let scratch = scratch("readings");
    let check = program()
        .args(["check", "--quiet", "--format", "json", "--out"])
        .arg(&scratch)
        .args(&other)
        .output()
        .unwrap();
    let _ = std::fs::remove_dir_all(&scratch);
    let json: serde_json::Value = serde_json::from_slice(&check.stdout).unwrap();
    for c in json["configurations"].as_array().unwrap() {
        let failed = c["failed"].as_array().unwrap();
        for must in ["engine-and-spec-agree", "never-stuck", "no-cycles"] {
            assert!(!failed.iter().any(|f| f == must), "{}: {must}", c["name"]);
        }
    }
    for f in &files {
        let render = program().arg("render").arg(f).output().unwrap();
        assert_eq!(render.status.code(), Some(0), "{}", f.display());
    }
}

/// `replay` of a directory with no scenario in it, or of a path that is not there, is bad input.
#[test]
fn replay_of_nothing_is_exit_2() {
    let empty = scratch("empty");
    std::fs::create_dir_all(&empty).unwrap();
    for path in [empty.clone(), empty.join("missing.toml")] {
        let out = program().arg("replay").arg(&path).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{}: {err}", path.display());
        assert!(err.contains(&*path.display().to_string()), "{err}");
    }
}

/// `--max-file-size` sets the largest scenario file read, for every command that reads one.
#[test]
fn the_file_size_limit_is_configurable() {
    let file = scenarios().join("seed_000/four_becomes_three.toml");
    let small = program()
        .args(["replay", "--max-file-size", "100"])
        .arg(&file)
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&small.stdout);
    assert_eq!(small.status.code(), Some(2), "{out}");
    assert!(out.contains("100"), "{out}");
    for cmd in ["render", "check"] {
        let run = program()
            .args([cmd, "--max-file-size", "100"])
            .arg(&file)
            .output()
            .unwrap();
        assert_eq!(run.status.code(), Some(2), "{cmd}");
    }
    let big = program()
        .args(["replay", "--max-file-size", "1M"])
        .arg(&file)
        .output()
        .unwrap();
    assert_eq!(big.status.code(), Some(0));
    let bad = program()
        .args(["replay", "--max-file-size", "lots"])
        .arg(&file)
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
}

/// `--coverage` in text: a row per rule and the rules never exercised; it counts whole searches,
/// so it cannot be split between runs.
#[test]
fn coverage_lists_every_rule_and_what_was_never_exercised() {
    let out = program()
        .args([
            "check",
            "--quick",
            "--mode",
            "duel",
            "--family",
            "chain",
            "--coverage",
        ])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(text.contains("rule coverage"), "{text}");
    assert!(
        text.lines().any(|l| l.trim_start().starts_with("339 ")),
        "{text}"
    );
    // The Chain alone never kills anything.
    let never = text
        .lines()
        .find(|l| l.starts_with("never exercised:"))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(never.contains("428"), "{never}");
    let split = program()
        .args(["check", "--quick", "--coverage", "--shard", "0/2"])
        .output()
        .unwrap();
    assert_eq!(split.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&split.stderr).contains("--coverage"));
}

/// A report that cannot be written (a full disk) is exit status 2 with why on standard error,
/// for a short report and a long one, not a panic.
#[test]
fn a_report_that_cannot_be_written_is_exit_2_not_a_panic() {
    let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else {
        return; // no /dev/full on this system: nothing to try
    };
    for args in [
        &["faults"][..],
        &["check", "--ruleset", "mtg", "--players", "3"][..],
    ] {
        let out = program()
            .args(args)
            .stdout(full.try_clone().unwrap())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains("could not be written to standard output"),
            "{err}"
        );
        assert!(!err.contains("panicked"), "{err}");
    }
}
