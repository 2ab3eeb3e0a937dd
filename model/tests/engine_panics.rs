//! An engine that panics is a finding of the check, with the steps that led to it, and never
//! the end of the search: before, a worker whose engine panicked left the other waiting for its
//! states, and the whole check hung until it was killed.

use riftcheck::{Action, Engine, Event, Game, Observation, RuleError, Setup, SetupErrors};
use riftcheck_model::configs;
use riftcheck_model::model::{Bounds, RiftModel};
use riftcheck_model::proof::{self, Options};
use riftcheck_model::properties::Prop;
use riftcheck_model::simulate;

/// The reference engine, except that it panics when the third seat concedes.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
struct PanicsOnC(Game);

impl Engine for PanicsOnC {
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
    let c = three_seats();
    let mut paths = Vec::new();
    for threads in [1, 2] {
        let opts = Options {
            threads,
            ..Options::default()
        };
        let o = proof::check_engine::<PanicsOnC>(&c.name(), &c.setup, c.bounds, &opts)
            .expect("the configuration builds");
        assert!(
            o.failed.contains(&Prop::EngineNeverPanics),
            "{threads} threads: {:?}",
            o.failed
        );
        let ce = o
            .counterexamples
            .iter()
            .find(|ce| ce.property == Prop::EngineNeverPanics)
            .expect("a counterexample");
        // The shortest way there: C concedes at once.
        assert_eq!(ce.path.len(), 1, "{}", ce.rulebook());
        assert!(matches!(ce.path[0], Action::Concede { seat } if seat.index() == 2));
        assert!(
            ce.found.contains("no seat C in this engine's table"),
            "{}",
            ce.found
        );
        assert!(
            ce.rulebook().contains("panicked on step 1"),
            "{}",
            ce.rulebook()
        );
        paths.push(ce.path.clone());
    }
    assert_eq!(paths[0], paths[1]);
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
