//! The MTG engine and the MTG spec, stepped together on random tables and random actions
//! (`riftcheck::mtg::fuzz::lockstep`, the law the `mtg_lockstep` fuzz target runs, through the
//! oracle's lockstep as the checker's model steps them): they refuse the same actions for the
//! same rule, accept the others and show the same after every step (events included), and a
//! refused action changes nothing. The model checker covers the built-in configurations exhaustively; this
//! covers tables it does not (other life totals, starting steps, zones and card mixes).

use proptest::prelude::*;
use riftcheck::mtg::fuzz::{lockstep, table};

proptest! {
    // The failures found before are kept beside this file (`mtg_lockstep.proptest-regressions`)
    // and tried first.
    #![proptest_config(ProptestConfig {
        cases: 3000,
        failure_persistence: Some(Box::new(
            proptest::test_runner::FileFailurePersistence::WithSource("proptest-regressions"),
        )),
        ..ProptestConfig::default()
    })]

    #[test]
    fn the_mtg_engine_and_spec_agree_on_random_games(
        data in proptest::collection::vec(any::<u8>(), 0..600),
    ) {
        lockstep(&data);
    }
}

/// The bytes reach tables of every size, and games of some length.
#[test]
fn the_tables_are_varied() {
    let mut sizes = std::collections::BTreeSet::new();
    let mut seed = 1u64;
    for _ in 0..300 {
        let bytes: Vec<u8> = (0..200)
            .map(|_| {
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                (seed >> 33) as u8
            })
            .collect();
        let mut u = arbitrary::Unstructured::new(&bytes);
        if let Ok(s) = table(&mut u) {
            sizes.insert((s.players, s.cards.len().min(4)));
        }
    }
    assert!(sizes.len() >= 9, "{sizes:?}");
}

/// What the fuzz target found stays fixed: every `seed-regression-*` of its corpus passes.
#[test]
fn the_fuzz_findings_stay_fixed() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/corpus/mtg_lockstep");
    let mut found = 0;
    for entry in std::fs::read_dir(&dir).expect("the corpus is there") {
        let path = entry.expect("an entry").path();
        let name = path
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        if name.starts_with("seed-regression-") {
            lockstep(&std::fs::read(&path).expect("readable"));
            found += 1;
        }
    }
    assert!(found >= 1, "no regression seeds in {}", dir.display());
}

/// Actions naming players and objects the table does not have are refused by both engines,
/// never panicked on, and change nothing.
#[test]
fn actions_naming_what_is_not_there_are_refused() {
    use riftcheck::Engine;
    use riftcheck::mtg::spec::MtgSpec;
    use riftcheck::mtg::{
        Action, Card, CardAt, MtgGame, MtgSetup, ObjId, Pick, Player, Step, Target, Zone,
    };
    let mut setup = MtgSetup {
        players: 3,
        step: Step::Combat,
        rule_choice: None,
        ..MtgSetup::default()
    };
    setup.cards = vec![
        CardAt::new(Card::ActOfTreason, Player(0), Zone::Hand),
        CardAt::new(Card::RuneclawBears, Player(0), Zone::Battlefield),
    ];
    let (engine, _) = MtgGame::start(&setup).expect("a valid setup");
    let (spec, _) = MtgSpec::start(&setup).expect("a valid setup");
    let (far, nobody) = (ObjId(200), Player(9));
    let actions = [
        Action::Pass { player: nobody },
        Action::Concede { player: nobody },
        Action::Cast {
            player: Player(0),
            card: far,
            target: None,
        },
        Action::Cast {
            player: Player(0),
            card: ObjId(0),
            target: Some(Target::Object(far)),
        },
        Action::Cast {
            player: Player(0),
            card: ObjId(0),
            target: Some(Target::Player(nobody)),
        },
        Action::Cycle {
            player: Player(0),
            card: far,
        },
        Action::Attack {
            player: Player(0),
            creature: far,
            defender: Player(1),
        },
        Action::Attack {
            player: Player(0),
            creature: ObjId(1),
            defender: nobody,
        },
        Action::Choose {
            player: Player(0),
            pick: Pick::Object(far),
        },
        Action::Choose {
            player: Player(0),
            pick: Pick::Player(nobody),
        },
    ];
    for a in actions {
        let (mut e, mut s) = (engine.clone(), spec.clone());
        assert!(e.apply(a).is_err(), "the engine took {a}");
        assert!(s.apply(a).is_err(), "the spec took {a}");
        assert_eq!(
            e.observe(),
            engine.observe(),
            "refusing {a} changed the engine"
        );
        assert_eq!(s.observe(), spec.observe(), "refusing {a} changed the spec");
    }
}

/// The engine committing `priority-kept` (priority stays with a player who left, 800.4a).
fn keeps_priority(
    setup: &riftcheck::mtg::MtgSetup,
) -> Result<(riftcheck::mtg::MtgGame, Vec<riftcheck::mtg::MtgEvent>), riftcheck::mtg::MtgSetupErrors>
{
    let fault = riftcheck::mtg::MtgFault::from_key("priority-kept").expect("a fault");
    riftcheck::mtg::MtgGame::with_readings(setup, fault.readings())
}

/// A breach of the law comes out shrunk, as a scenario file that replays: it passes on the
/// reference engine and fails on the engine with the fault, from a handful of steps.
#[test]
fn a_breach_is_shrunk_to_a_scenario_file_that_replays() {
    use riftcheck::harness::generate::seeded_bytes;
    use riftcheck::mtg::fuzz::lockstep_on;
    use riftcheck::mtg::scenario::MtgScenario;
    let said = (1..500u64)
        .find_map(|seed| {
            let bytes = seeded_bytes(seed, 512);
            std::panic::catch_unwind(|| lockstep_on(&bytes, keeps_priority))
                .err()
                .map(|p| {
                    p.downcast_ref::<String>()
                        .cloned()
                        .unwrap_or_else(|| "a panic without a message".into())
                })
        })
        .expect("some random game makes a player who left keep priority");
    assert!(
        said.starts_with("the MTG lockstep law is broken after "),
        "{said}"
    );
    let file = said
        .split_once("(replay it with `riftcheck replay FILE`):\n")
        .map(|(_, f)| f)
        .expect("the scenario file");
    let scenario = MtgScenario::parse(file, None).expect("the file reads");
    assert!(
        (1..=4).contains(&scenario.steps.len()),
        "shrunk to a handful of steps: {file}"
    );
    assert!(scenario.replay().passed(), "{file}");
    let fault = riftcheck::mtg::MtgFault::from_key("priority-kept").unwrap();
    assert!(!scenario.replay_with_fault(fault).passed(), "{file}");
    // And the rulebook example names a step of it.
    assert!(said.contains("concedes"), "{said}");
}
