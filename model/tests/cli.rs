//! The command-line program: exit statuses and what it prints.

use std::path::PathBuf;
use std::process::Command;

fn riftcheck() -> Command {
    Command::new(env!("CARGO_BIN_EXE_riftcheck"))
}

fn scenarios() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/scenarios")
}

fn temp_file(name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("riftcheck-cli-{}", std::process::id()));
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
    let out = riftcheck().arg("replay").arg(scenarios()).output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    assert!(stdout.contains(" 0 failed, 0 unreadable"), "{stdout}");
}

#[test]
fn a_failed_expectation_exits_1_and_says_what_and_where() {
    let path = temp_file("failing.toml", FAILING);
    let out = riftcheck().arg("replay").arg(&path).output().unwrap();
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
    let out = riftcheck().arg("replay").arg(&path).output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(2), "{stdout}");
    assert!(stdout.contains("broken.toml:3:8"), "{stdout}");
    let missing = riftcheck()
        .args(["render", "no/such.toml"])
        .output()
        .unwrap();
    assert_eq!(missing.status.code(), Some(2));
}

#[test]
fn render_prints_a_rulebook_example() {
    let file = scenarios().join("seed_000/four_becomes_three.toml");
    let out = riftcheck().arg("render").arg(file).output().unwrap();
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
    let out = riftcheck().arg("replay").output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("Usage"));
}

#[test]
fn check_passes_on_the_engine_and_exits_0() {
    let out = riftcheck()
        .args(["check", "--mode", "duel,skirmish"])
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
    let out = riftcheck()
        .args([
            "check",
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
        vec!["check", "--mode", "chess"],
        vec!["check", "--family", "poker"],
        vec!["check", "--players", "5"],
        vec!["check", "--bounds", "turns=x"],
        vec!["check", "--bounds", "lives=3"],
        vec!["check", "no/such/file.toml"],
    ] {
        let out = riftcheck().args(&args).output().unwrap();
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
    let out = riftcheck().arg("check").arg(&file).output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(stdout.contains("a_response_disappears.toml"), "{stdout}");
}

#[test]
fn check_prints_json_for_machines() {
    let out = riftcheck()
        .args(["check", "--mode", "duel", "--format", "json"])
        .output()
        .unwrap();
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("valid JSON");
    assert_eq!(json["configurations"].as_array().unwrap().len(), 5);
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
    let out_dir = std::env::temp_dir().join(format!("riftcheck-cli-out-{}", std::process::id()));
    let out = riftcheck()
        .args([
            "check",
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
    let with = riftcheck()
        .arg("replay")
        .arg(&file)
        .args(["--fault", "priority-stays-with-leaver"])
        .output()
        .unwrap();
    assert_eq!(with.status.code(), Some(1));
    let without = riftcheck().arg("replay").arg(&file).output().unwrap();
    assert_eq!(without.status.code(), Some(0));
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
    let mut child = riftcheck()
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
    let mut body = String::new();
    for _ in 0..100 {
        std::thread::sleep(std::time::Duration::from_millis(100));
        if let Ok(mut s) = std::net::TcpStream::connect(("127.0.0.1", port)) {
            let _ = s.write_all(b"GET /.states HTTP/1.0\r\n\r\n");
            let _ = s.read_to_string(&mut body);
            break;
        }
    }
    let _ = child.kill();
    let _ = child.wait();
    // The first state, as the observation's declaration writes it.
    assert!(body.contains(r#"turn = \"A\""#), "{body}");
    assert!(
        body.contains(r#"cards.Firebolt = { at = \"A's hand\""#),
        "{body}"
    );
    // A taken port is refused with a message, not a panic.
    let busy = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let taken = busy.local_addr().unwrap().port().to_string();
    let out = riftcheck()
        .args(["explore", "--port", &taken])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot listen"));
}
