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
    assert!(
        stdout.contains("after step 2: priority: expected A, found B"),
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
