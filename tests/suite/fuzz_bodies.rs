//! The fuzz targets' bodies, fed a thousand seeded inputs each by an ordinary test, so
//! `cargo test` exercises them on stable without a fuzzer.

use crate::corpus::toml_files;
use std::path::PathBuf;

use arbitrary::Unstructured;
use riftcheck::harness::fuzz;
use riftcheck::harness::generate;
use riftcheck::{Game, Scenario};

fn seeds() -> u64 {
    std::env::var("RIFTCHECK_SEEDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1000)
}

fn scenario_files() -> Vec<PathBuf> {
    toml_files("tests/scenarios")
}

#[test]
fn lockstep_body_on_seeded_inputs() {
    for seed in 0..seeds() {
        fuzz::lockstep(&generate::seeded_bytes(seed, 512));
    }
}

#[test]
fn legals_are_legal_body_on_seeded_inputs() {
    for seed in 0..seeds() {
        fuzz::legals_are_legal(&generate::seeded_bytes(seed, 384));
    }
}

#[test]
fn arbitrary_state_body_on_seeded_inputs_refuses_some_and_plays_others() {
    let (mut refused, mut played) = (0, 0);
    for seed in 0..seeds() {
        let bytes = generate::seeded_bytes(seed, 768);
        let setup = generate::described_state(&mut Unstructured::new(&bytes)).unwrap();
        match Game::from_setup(&setup) {
            Ok(_) => played += 1,
            Err(e) => {
                // A typed error that names where the problem is.
                assert!(e.to_string().starts_with("setup."), "{e}");
                refused += 1;
            }
        }
        fuzz::arbitrary_state(&bytes);
    }
    assert!(
        refused > 0 && played > 0,
        "refused {refused}, played {played}"
    );
}

#[test]
fn scenario_files_seed_every_target() {
    for path in scenario_files() {
        let text = std::fs::read(&path).unwrap();
        assert!(fuzz::scenario_prefix(&text).is_some(), "{}", path.display());
        fuzz::scenario_roundtrip(&text);
        fuzz::lockstep(&text);
        let mut with_more = text.clone();
        with_more.push(0);
        with_more.extend(generate::seeded_bytes(7, 64));
        fuzz::lockstep(&with_more);
        fuzz::legals_are_legal(&with_more);
    }
}

#[test]
fn the_scenario_parser_survives_mangled_files() {
    let files = scenario_files();
    for seed in 0..seeds() {
        let original = std::fs::read(&files[seed as usize % files.len()]).unwrap();
        let noise = generate::seeded_bytes(seed, 16);
        let mut mangled = original.clone();
        // Flip, drop and duplicate a few bytes.
        for k in 0..4 {
            if mangled.is_empty() {
                break;
            }
            let at = (u64::from(noise[k * 2]) * 257 + u64::from(noise[k * 2 + 1])) as usize
                % mangled.len();
            match noise[8 + k] % 3 {
                0 => mangled[at] = noise[12 + k % 4],
                1 => {
                    mangled.remove(at);
                }
                _ => {
                    let b = mangled[at];
                    mangled.insert(at, b);
                }
            }
        }
        fuzz::scenario_roundtrip(&mangled);
        if let Ok(text) = std::str::from_utf8(&mangled)
            && let Err(e) = Scenario::parse(text)
        {
            assert!(e.line >= 1, "an error without a line: {e}");
        }
    }
}
