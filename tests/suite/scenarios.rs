//! Every scenario file under `tests/scenarios/` replays and meets its expectations. Each file is
//! one rulebook example; see `docs/scenarios.md` for the format.

use crate::corpus::toml_files;
use std::path::PathBuf;

use riftcheck::Scenario;

fn all_scenarios() -> Vec<PathBuf> {
    toml_files("tests/scenarios")
}

/// Replays every scenario with `replay` and fails listing every expectation not met.
fn every_scenario_meets_its_expectations(
    replay: impl Fn(&Scenario) -> riftcheck::scenario::Replay,
) {
    let files = all_scenarios();
    assert!(!files.is_empty(), "no scenario files found");
    let mut failed = Vec::new();
    for path in &files {
        let scenario = match Scenario::load(path) {
            Ok(s) => s,
            Err(e) => {
                failed.push(format!("{e}"));
                continue;
            }
        };
        let replay = replay(&scenario);
        for f in &replay.failures {
            failed.push(format!(
                "{}:{}:{}: {}: expected {}, found {}",
                path.display(),
                f.at.0,
                f.at.1,
                f.what,
                f.expected,
                f.actual
            ));
        }
    }
    assert!(
        failed.is_empty(),
        "{} problems:\n{}",
        failed.len(),
        failed.join("\n")
    );
}

#[test]
fn every_scenario_replays_and_meets_its_expectations() {
    every_scenario_meets_its_expectations(|s| s.replay().expect("a loaded scenario binds"));
}

/// The spec reads the rules independently; every rulebook example holds for it too.
#[test]
fn every_scenario_holds_on_the_spec_too() {
    every_scenario_meets_its_expectations(|s| {
        s.replay_on::<riftcheck::oracle::Spec>()
            .expect("a loaded scenario binds")
    });
}

#[test]
fn every_scenario_prints_and_parses_back_to_itself() {
    for path in all_scenarios() {
        let scenario = Scenario::load(&path).unwrap_or_else(|e| panic!("{e}"));
        let printed = scenario.to_toml();
        let again = Scenario::parse(&printed).unwrap_or_else(|e| {
            panic!(
                "{}: printed form does not parse: {e}\n{printed}",
                path.display()
            )
        });
        assert_eq!(
            scenario,
            again,
            "{}: round trip changed the scenario",
            path.display()
        );
    }
}

#[test]
fn every_scenario_renders_as_a_rulebook_example() {
    for path in all_scenarios() {
        let scenario = Scenario::load(&path).unwrap_or_else(|e| panic!("{e}"));
        let text = scenario.render();
        assert!(
            text.starts_with(&format!("Example - {}", scenario.title)),
            "{}: {text}",
            path.display()
        );
        assert!(
            text.contains("Rules: "),
            "{}: no rules cited",
            path.display()
        );
    }
}
