//! An engine that panics is a finding of the check, with the steps that led to it, and never
//! the end of the search: before, a worker whose engine panicked left the other waiting for its
//! states, and the whole check hung until it was killed.

use riftbound_check::configs;
use riftbound_check::model::{Bounds, RiftModel};
use riftbound_check::proof::{self, Options};
use riftcheck::Riftbound;
use riftcheck::{Action, Engine, Event, Game, Observation, RuleError, Setup, SetupErrors};
use riftcheck_checker::simulate;
use riftcheck_properties::Prop;

/// The reference engine, except that it panics when the third seat concedes.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
struct PanicsOnC(Game);

impl Engine<Riftbound> for PanicsOnC {
    const NAME: &'static str = "the engine";

    fn start(setup: &Setup) -> Result<(Self, Vec<Event>), SetupErrors> {
        Game::start(setup).map(|(g, e)| (PanicsOnC(g), e))
    }

    fn well_formed(&self, out: &mut Vec<Action>) {
        self.0.well_formed(out);
    }

    fn apply(&mut self, action: Action) -> Result<Vec<Event>, RuleError> {
        if let Action::Concede { seat } = action
            && seat.index() == 2
        {
            panic!("no seat C in this engine's table");
        }
        self.0.apply(action)
    }

    fn observe(&self) -> Observation {
        self.0.observe()
    }
}

/// A three-seat configuration.
fn three_seats() -> configs::Config {
    configs::all()
        .into_iter()
        .find(|c| c.name() == "skirmish/chain")
        .expect("a three-seat Chain configuration")
}

#[test]
fn a_panicking_engine_is_a_finding_with_its_steps_on_every_thread_count() {
    let ce = panic_found::<PanicsOnC>("no seat C in this engine's table");
    // The shortest way there: C concedes at once.
    assert_eq!(ce.path.len(), 1, "{}", ce.rulebook());
    assert!(matches!(ce.path[0], Action::Concede { seat } if seat.index() == 2));
    assert!(
        ce.rulebook().contains("panicked on step 1"),
        "{}",
        ce.rulebook()
    );
}

#[test]
fn the_reference_engine_never_panics_there() {
    let c = three_seats();
    let o = proof::check_engine::<Game>(&c.name(), &c.setup, c.bounds, &Options::default())
        .expect("the configuration builds");
    assert!(
        !o.failed.contains(&Prop::EngineNeverPanics),
        "{:?}",
        o.failed
    );
}

#[test]
fn a_random_walk_reports_the_panic_as_a_broken_property() {
    let c = three_seats();
    let model = RiftModel::<PanicsOnC>::of(c.name(), &c.setup, Bounds::default()).expect("model");
    let props = simulate::always();
    let walks = simulate::walks(&model, (&props, |_| false), (7, 200, 60), None);
    let (_, prop, path) = walks.found.expect("a walk reaches C's concession");
    assert_eq!(prop, Prop::EngineNeverPanics);
    assert!(matches!(path.last(), Some(Action::Concede { seat }) if seat.index() == 2));
}

/// The reference engine, except that listing its actions panics once seat C has left (or at
/// once, from the first state, when `AT_ONCE`).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
struct PanicsListing<const AT_ONCE: bool>(Game);

impl<const AT_ONCE: bool> Engine<Riftbound> for PanicsListing<AT_ONCE> {
    const NAME: &'static str = "the engine";

    fn start(setup: &Setup) -> Result<(Self, Vec<Event>), SetupErrors> {
        Game::start(setup).map(|(g, e)| (PanicsListing(g), e))
    }

    fn well_formed(&self, out: &mut Vec<Action>) {
        if AT_ONCE || !self.0.observe().removed.is_empty() {
            panic!("the action list has no room for this table");
        }
        self.0.well_formed(out);
    }

    fn apply(&mut self, action: Action) -> Result<Vec<Event>, RuleError> {
        self.0.apply(action)
    }

    fn observe(&self) -> Observation {
        self.0.observe()
    }
}

/// The check's counterexample for a panicking engine `E` on the three-seat configuration, which
/// says what the panic said (`said`): the same on one thread and on two.
fn panic_found<E: Engine<Riftbound>>(said: &str) -> riftbound_check::report::Counterexample {
    let c = three_seats();
    let mut found = Vec::new();
    for threads in [1, 2] {
        let opts = Options {
            threads,
            ..Options::default()
        };
        let o = proof::check_engine::<E>(&c.name(), &c.setup, c.bounds, &opts)
            .expect("the configuration builds");
        assert!(
            o.failed.contains(&Prop::EngineNeverPanics),
            "{threads} threads: {:?}",
            o.failed
        );
        let ce = o
            .counterexamples
            .into_iter()
            .find(|ce| ce.property == Prop::EngineNeverPanics)
            .expect("a counterexample");
        assert!(ce.found.contains(said), "{}", ce.found);
        found.push(ce);
    }
    assert_eq!(found[0].path, found[1].path);
    found.remove(0)
}

#[test]
fn a_panic_while_listing_actions_is_a_finding_after_the_step_that_led_there() {
    let ce = panic_found::<PanicsListing<false>>("no room for this table");
    assert_eq!(ce.path.len(), 1, "{}", ce.rulebook());
    assert!(
        matches!(ce.path[0], Action::Concede { .. }),
        "{:?}",
        ce.path
    );
    assert!(
        ce.found.contains("on step 1: listing the actions after it"),
        "{}",
        ce.found
    );
}

#[test]
fn a_panic_while_listing_the_first_actions_is_a_finding_with_no_steps() {
    let ce = panic_found::<PanicsListing<true>>("no room for this table");
    assert!(ce.path.is_empty(), "{:?}", ce.path);
    assert!(
        ce.found
            .contains("panicked before the first step: listing the actions of the first state"),
        "{}",
        ce.found
    );
}

#[test]
fn a_random_walk_reports_a_panic_while_listing_actions() {
    let c = three_seats();
    let model = RiftModel::<PanicsListing<false>>::of(c.name(), &c.setup, Bounds::default())
        .expect("model");
    let props = simulate::always();
    let walks = simulate::walks(&model, (&props, |_| false), (7, 200, 60), None);
    let (_, prop, path) = walks.found.expect("a walk reaches a concession");
    assert_eq!(prop, Prop::EngineNeverPanics);
    assert!(
        matches!(path.last(), Some(Action::Concede { .. })),
        "{path:?}"
    );
}
