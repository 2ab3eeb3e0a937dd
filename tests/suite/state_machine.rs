//! A proptest-state-machine suite: the spec is the reference machine and generates the steps
//! (every well-formed action, refusals included, so a finished game does not stop the run); the
//! engine is the system under test and must keep up: accept and refuse exactly what the spec
//! does and show the same view after every step, with the invariants holding.
//!
//! proptest's own shrinking deletes steps and gets stuck where later steps name seats and cards
//! an earlier deletion changed, so a failure is reported through the library's shrinker (the
//! one the model checker uses) as the shortest scenario and its rulebook paragraph.
//! `RIFTCHECK_FAULT=<name>` makes the engine commit a rule fault, to show the suite finds it.

use arbitrary::Unstructured;
use proptest::prelude::*;
use proptest::test_runner::{Config, FileFailurePersistence};
use proptest_state_machine::{ReferenceStateMachine, StateMachineTest, prop_state_machine};
use riftcheck::harness::fuzz::fault_from_env;
use riftcheck::harness::generate;
use riftcheck::harness::laws::{Finding, Law, Options};
use riftcheck::oracle::{Spec, invariants};
use riftcheck::{Action, Engine, Game, Setup};

/// The reference: the spec, with the setup it started from.
#[derive(Clone, Debug)]
struct Reference {
    setup: Setup,
    spec: Spec,
    /// Whether the spec accepted the last transition.
    accepted: bool,
    /// The events of the last transition the spec accepted.
    events: Vec<riftcheck::Event>,
}

struct SpecMachine;

impl ReferenceStateMachine for SpecMachine {
    type State = Reference;
    type Transition = Action;

    fn init_state() -> BoxedStrategy<Reference> {
        proptest::collection::vec(any::<u8>(), 16..256)
            .prop_filter_map("a setup", |bytes| {
                let setup = generate::setup(&mut Unstructured::new(&bytes)).ok()?;
                let (spec, events) = Spec::start(&setup).ok()?;
                Some(Reference {
                    setup,
                    spec,
                    accepted: true,
                    events,
                })
            })
            .boxed()
    }

    fn transitions(state: &Reference) -> BoxedStrategy<Action> {
        let mut all = Vec::new();
        state.spec.well_formed(&mut all);
        let legal: Vec<Action> = all
            .iter()
            .copied()
            .filter(|&a| state.spec.check(a).is_ok())
            .collect();
        let (concede, play): (Vec<Action>, Vec<Action>) = legal
            .iter()
            .partition(|a| matches!(a, Action::Concede { .. }));
        match (play.is_empty(), concede.is_empty()) {
            (true, true) => proptest::sample::select(all).boxed(),
            (true, false) => proptest::sample::select(concede).boxed(),
            (false, true) => prop_oneof![
                8 => proptest::sample::select(play),
                1 => proptest::sample::select(all),
            ]
            .boxed(),
            // Mostly what the spec accepts, so games go somewhere; a concession now and then
            // (any seat may concede at any time: drawn as often as the rest, they would end most
            // games at once); sometimes anything well formed, so refusals are exercised.
            (false, false) => prop_oneof![
                12 => proptest::sample::select(play),
                2 => proptest::sample::select(concede),
                1 => proptest::sample::select(all),
            ]
            .boxed(),
        }
    }

    fn apply(mut state: Reference, action: &Action) -> Reference {
        match state.spec.apply(*action) {
            Ok(events) => {
                state.accepted = true;
                state.events = events;
            }
            Err(_) => state.accepted = false,
        }
        state
    }
}

/// The engine, and what it has been asked so far (for reporting).
struct UnderTest {
    game: Game,
    setup: Setup,
    log: Vec<Action>,
}

fn fail(engine: &UnderTest, action: Action, law: Law, what: String) -> ! {
    let mut actions = engine.log.clone();
    actions.push(action);
    let opts = Options {
        fault: fault_from_env(),
        ..Options::default()
    };
    let finding = Finding {
        law,
        what,
        setup: engine.setup.clone(),
        actions,
        fault: opts.fault,
    }
    .shrunk(&opts);
    panic!("{}\n{}", finding.what, finding.report());
}

impl StateMachineTest for UnderTest {
    type SystemUnderTest = UnderTest;
    type Reference = SpecMachine;

    fn init_test(reference: &Reference) -> UnderTest {
        let game = Game::from_setup(&reference.setup.with_fault(fault_from_env()))
            .expect("the reference built it");
        UnderTest {
            game,
            setup: reference.setup.clone(),
            log: Vec::new(),
        }
    }

    fn apply(mut engine: UnderTest, reference: &Reference, action: Action) -> UnderTest {
        let before = engine.game.clone();
        let result = engine.game.apply(action);
        match (&result, reference.accepted) {
            (Ok(_), true) => {}
            (Err(_), false) => {
                if engine.game != before {
                    fail(
                        &engine,
                        action,
                        Law::RefusalChangesNothing,
                        "a refusal changed the game".into(),
                    );
                }
                return engine;
            }
            (Ok(_), false) => fail(
                &engine,
                action,
                Law::Lockstep,
                "the engine accepted what the spec refuses".into(),
            ),
            (Err(e), true) => fail(
                &engine,
                action,
                Law::Lockstep,
                format!("the engine refused what the spec accepts: {e}"),
            ),
        }
        let mut ours = engine.game.observe();
        ours.events = result.unwrap_or_default();
        let mut theirs = reference.spec.observe();
        theirs.events = reference.events.clone();
        if let Some(d) = ours.first_difference(&theirs, engine.game.catalog()) {
            fail(
                &engine,
                action,
                Law::Lockstep,
                format!("the engine and the spec: {d}"),
            );
        }
        engine.log.push(action);
        engine
    }

    fn check_invariants(engine: &UnderTest, _: &Reference) {
        if let Some(v) = invariants(engine.game.catalog(), &engine.game.observe()).first() {
            let opts = Options::default();
            let finding = Finding {
                law: Law::Invariants,
                what: v.to_string(),
                setup: engine.setup.clone(),
                actions: engine.log.clone(),
                fault: fault_from_env(),
            }
            .shrunk(&opts);
            panic!("{}\n{}", finding.what, finding.report());
        }
    }
}

prop_state_machine! {
    #![proptest_config(Config {
        // 192, or PROPTEST_CASES.
        cases: std::env::var("PROPTEST_CASES").ok().and_then(|c| c.parse().ok()).unwrap_or(192),
        // The library's shrinker has already shortened a failure; proptest need not try long.
        max_shrink_iters: 64,
        failure_persistence: Some(Box::new(FileFailurePersistence::WithSource("regressions"))),
        ..Config::default()
    })]

    #[test]
    fn the_engine_keeps_up_with_the_spec(sequential 1..60 => UnderTest);
}

/// The removal laws, on random games: after any concession in any state, nothing the leaver
/// owned or controlled is on the board, and the remaining order is the old order minus the leaver.
#[test]
fn removal_laws_hold_after_any_concession() {
    for seed in 0..500u64 {
        let bytes = generate::seeded_bytes(seed, 512);
        let mut u = Unstructured::new(&bytes);
        let setup = generate::setup(&mut u).unwrap();
        let mut game = Game::from_setup(&setup).unwrap();
        for _ in 0..40 {
            if game.is_over() {
                break;
            }
            for seat in game.remaining().iter() {
                let mut copy = game.clone();
                let before = game.observe();
                copy.apply(Action::Concede { seat }).unwrap();
                let after = copy.observe();
                if after.winners.is_some() {
                    continue;
                }
                let leavers = after.removed.difference(before.removed);
                assert!(leavers.contains(seat), "seed {seed}");
                assert_eq!(
                    after.remaining,
                    before.remaining.difference(leavers),
                    "seed {seed}"
                );
                for (i, (c0, c1)) in before.cards.iter().zip(&after.cards).enumerate() {
                    let owner = game.catalog().cards[i].owner;
                    if (leavers.contains(owner)
                        || (c0.at.on_board() && leavers.contains(c0.controller)))
                        && c1.at.on_board()
                    {
                        panic!(
                            "seed {seed}: {} stayed on the board",
                            game.catalog().cards[i].name
                        );
                    }
                }
            }
            let Ok(Some(a)) = generate::action(&game, &mut u, generate::Pick::Legal) else {
                break;
            };
            game.apply(a).unwrap();
        }
    }
}

/// The engine and the spec, each listing the well-formed actions its own way, list the same
/// ones (the checker offers the union, so a difference would only cost time, but it would show a
/// reading of "well formed" that one of them lacks).
#[test]
fn the_spec_lists_the_same_well_formed_actions_as_the_engine() {
    for seed in 0..300u64 {
        let bytes = generate::seeded_bytes(seed, 256);
        let mut u = Unstructured::new(&bytes);
        let setup = generate::setup(&mut u).unwrap();
        let mut game = Game::from_setup(&setup).unwrap();
        let (mut spec, _) = Spec::start(&setup).unwrap();
        for _ in 0..20 {
            let mut ours = Vec::new();
            game.well_formed(&mut ours);
            let mut theirs = Vec::new();
            spec.well_formed(&mut theirs);
            ours.sort();
            theirs.sort();
            assert_eq!(ours, theirs, "seed {seed}");
            let Ok(Some(a)) = generate::action(&game, &mut u, generate::Pick::Legal) else {
                break;
            };
            game.apply(a).unwrap();
            spec.apply(a).unwrap();
        }
    }
}
