//! Laws of the engine on random games, through the library's law runner (the same one the fuzz
//! targets call): a refused action changes nothing, the well-formed actions the engine takes are
//! exactly those the spec finds legal, the engine and the spec agree on every action, the invariants hold, and the same
//! input gives the same game. A failure is reported as the shrunk scenario and its rulebook
//! paragraph.

use arbitrary::Unstructured;
use proptest::prelude::*;
use riftcheck::Engine as _;
use riftcheck::Game;
use riftcheck::harness::generate::{self, Pick};
use riftcheck::harness::laws::{self, Options};

/// How many seeded games the seeded laws play: 1000, or `RIFTCHECK_SEEDS`.
fn seeds() -> u64 {
    std::env::var("RIFTCHECK_SEEDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1000)
}

fn every_action(pick: Pick) -> Options {
    Options {
        pick,
        every_action: true,
        ..Options::default()
    }
}

fn check(bytes: &[u8], opts: &Options) -> Result<usize, String> {
    laws::run(bytes, opts).map_err(|f| f.shrunk(opts).report())
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 256,
        failure_persistence: Some(Box::new(proptest::test_runner::FileFailurePersistence::WithSource("regressions"))),
        ..ProptestConfig::default()
    })]

    #[test]
    fn every_law_holds_on_random_games(bytes in proptest::collection::vec(any::<u8>(), 0..600)) {
        check(&bytes, &every_action(Pick::Mixed)).map_err(TestCaseError::fail)?;
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

/// The laws over a thousand seeded inputs (the fuzz targets' generator, without a fuzzer).
#[test]
fn every_law_holds_on_a_thousand_seeded_games() {
    let opts = every_action(Pick::Mixed);
    let mut steps = 0;
    for seed in 0..seeds() {
        let bytes = generate::seeded_bytes(seed, 512);
        match check(&bytes, &opts) {
            Ok(n) => steps += n,
            Err(report) => panic!("seed {seed}:\n{report}"),
        }
    }
    // The games are games, not a few moves and a concession.
    assert!(
        steps >= 10 * seeds() as usize,
        "only {steps} actions in {} games",
        seeds()
    );
}

/// Legal play only, longer games.
#[test]
fn every_law_holds_on_a_thousand_long_legal_games() {
    let opts = Options {
        steps: 150,
        ..every_action(Pick::Legal)
    };
    let mut steps = 0;
    for seed in 0..seeds() {
        let bytes = generate::seeded_bytes(seed ^ 0xA5A5, 1024);
        match check(&bytes, &opts) {
            Ok(n) => steps += n,
            Err(report) => panic!("seed {seed}:\n{report}"),
        }
    }
    assert!(
        steps >= 15 * seeds() as usize,
        "only {steps} actions in {} games",
        seeds()
    );
}
