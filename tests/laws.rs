//! Laws of the engine on random games: a refused action changes nothing, `legal_actions` lists
//! exactly what `apply` accepts, the same input gives the same game, and the invariants hold
//! after every step. Games are decoded from random bytes by the library's generator.

use arbitrary::Unstructured;
use proptest::prelude::*;
use riftcheck::generate::{self, Pick};
use riftcheck::{Game, oracle};

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
    for seed in 0..1000 {
        let bytes = generate::seeded_bytes(seed, 512);
        if let Err(e) = play_checking_laws(&bytes) {
            panic!("seed {seed}: {e}");
        }
    }
}
