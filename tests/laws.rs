//! Laws of the engine on random games: a refused action changes nothing, `legal_actions` lists
//! exactly what `apply` accepts, the same input gives the same game, and the invariants hold
//! after every step. Games are decoded from random bytes by the library's generator.

use arbitrary::Unstructured;
use proptest::prelude::*;
use riftcheck::generate::{self, Pick};
use riftcheck::{Game, oracle};

/// How many seeded games the seeded laws play: 1000, or `RIFTCHECK_SEEDS`.
fn seeds() -> u64 {
    std::env::var("RIFTCHECK_SEEDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1000)
}

/// Plays a game decoded from `bytes`, checking the laws at every state.
fn play_checking_laws(bytes: &[u8]) -> Result<(), TestCaseError> {
    let mut u = Unstructured::new(bytes);
    let setup = generate::setup(&mut u).expect("the generator never fails");
    let mut game = Game::from_setup(&setup)
        .map_err(|e| TestCaseError::fail(format!("generated setup refused: {e}")))?;
    for _ in 0..60 {
        let violations = oracle::invariants(game.catalog(), &game.view());
        prop_assert!(violations.is_empty(), "invariants: {:?}", violations);
        let legal = game.legal_actions();
        for action in game.well_formed_actions() {
            let mut copy = game.clone();
            match copy.apply(action) {
                Ok(_) => prop_assert!(
                    legal.contains(&action),
                    "apply accepted {} but legal_actions omits it",
                    action.display(game.catalog())
                ),
                Err(e) => {
                    prop_assert!(
                        !legal.contains(&action),
                        "legal_actions lists {} but apply refused it: {e}",
                        action.display(game.catalog())
                    );
                    prop_assert_eq!(
                        &copy,
                        &game,
                        "refusing {} changed the game",
                        action.display(game.catalog())
                    );
                    prop_assert_eq!(copy.view(), game.view());
                }
            }
        }
        let Some(action) = generate::action(&game, &mut u, Pick::Legal).unwrap() else {
            break;
        };
        game.apply(action)
            .map_err(|e| TestCaseError::fail(format!("a legal action was refused: {e}")))?;
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 256,
        failure_persistence: Some(Box::new(proptest::test_runner::FileFailurePersistence::WithSource("regressions"))),
        ..ProptestConfig::default()
    })]

    #[test]
    fn refusals_change_nothing_and_legal_actions_agree_with_apply(bytes in proptest::collection::vec(any::<u8>(), 0..600)) {
        play_checking_laws(&bytes)?;
    }

    #[test]
    fn the_same_bytes_give_the_same_game(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        let run = |bytes: &[u8]| {
            let mut u = Unstructured::new(bytes);
            let setup = generate::setup(&mut u).unwrap();
            let mut game = Game::from_setup(&setup).unwrap();
            let mut log = Vec::new();
            while let Ok(Some(action)) = generate::action(&game, &mut u, Pick::WellFormed) {
                log.push(game.apply(action));
                if log.len() > 80 {
                    break;
                }
            }
            (game, log)
        };
        let (a, log_a) = run(&bytes);
        let (b, log_b) = run(&bytes);
        prop_assert_eq!(a, b);
        prop_assert_eq!(log_a, log_b);
    }
}

/// The laws over a thousand seeded inputs, so `cargo test` exercises the generator the fuzz
/// targets use even where proptest's own cases are few.
#[test]
fn laws_hold_for_a_thousand_seeded_games() {
    for seed in 0..seeds() {
        let bytes = generate::seeded_bytes(seed, 512);
        if let Err(e) = play_checking_laws(&bytes) {
            panic!("seed {seed}: {e}");
        }
    }
}

/// Plays a game decoded from `bytes` with the engine and the spec in lockstep, offering every
/// well-formed action to both at every state.
fn lockstep_agrees(bytes: &[u8]) -> Result<(), String> {
    let mut u = Unstructured::new(bytes);
    let setup = generate::setup(&mut u).expect("the generator never fails");
    let game = Game::from_setup(&setup).map_err(|e| e.to_string())?;
    let mut pair = oracle::Lockstep::new(game);
    if let Some(d) =
        oracle::first_difference(pair.game.catalog(), &pair.game.view(), &pair.spec.view())
    {
        return Err(format!(
            "the spec does not start from the engine's view: {d:?}"
        ));
    }
    let mut trail = Vec::new();
    for _ in 0..60 {
        for action in pair.game.well_formed_actions() {
            let mut probe = pair.clone();
            if let Err(d) = probe.step(action) {
                trail.push(action.display(pair.game.catalog()).to_string());
                return Err(format!("after {trail:?}: {d}"));
            }
        }
        let Some(action) = generate::action(&pair.game, &mut u, Pick::Legal).unwrap() else {
            break;
        };
        trail.push(action.display(pair.game.catalog()).to_string());
        pair.step(action)
            .map_err(|d| format!("after {trail:?}: {d}"))?;
    }
    Ok(())
}

#[test]
fn engine_and_spec_agree_on_a_thousand_seeded_games() {
    for seed in 0..seeds() {
        let bytes = generate::seeded_bytes(seed, 512);
        if let Err(e) = lockstep_agrees(&bytes) {
            panic!("seed {seed}: {e}");
        }
    }
}
