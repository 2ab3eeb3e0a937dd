//! The checker drives any engine behind the `Engine` boundary, and holds it to everything an
//! observer sees: events as well as state, and the game it builds from a setup as well as the
//! steps it takes. Two engines that are wrong in ways the old checker could not see:
//!
//! - one that reports every Recall as a move to the unit's Base (the board ends up the same; only
//!   the event says otherwise);
//! - one whose setup code forgets who contested a battlefield (the spec builds its own game from
//!   the setup, so the mistake is not copied into it).

use riftbound_check::configs;
use riftbound_check::proof::{self, Options};
use riftcheck::Riftbound;
use riftcheck::oracle::Spec;
use riftcheck::{Action, Engine, Event, Game, Observation, RuleError, Setup, SetupErrors, Zone};
use riftcheck_properties::Prop;

/// The reference engine, except that a Recall (449) is reported as a move (440).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
struct RecallAsMove(Game);

impl Engine<Riftbound> for RecallAsMove {
    const NAME: &'static str = "the engine";

    fn start(setup: &Setup) -> Result<(Self, Vec<Event>), SetupErrors> {
        Game::start(setup).map(|(g, e)| (RecallAsMove(g), e))
    }

    fn well_formed(&self, out: &mut Vec<Action>) {
        self.0.well_formed(out);
    }

    fn apply(&mut self, action: Action) -> Result<Vec<Event>, RuleError> {
        let events = self.0.apply(action)?;
        Ok(events
            .into_iter()
            .map(|e| match e {
                Event::Recalled { card } => Event::Moved {
                    card,
                    zone: Zone::Base(self.0.controller(card)),
                },
                other => other,
            })
            .collect())
    }

    fn observe(&self) -> Observation {
        self.0.observe()
    }
}

/// The reference engine, except that its setup code drops who contests each battlefield.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
struct ForgetsContests(Game);

impl Engine<Riftbound> for ForgetsContests {
    const NAME: &'static str = "the engine";

    fn start(setup: &Setup) -> Result<(Self, Vec<Event>), SetupErrors> {
        // Validate as written, then build from a misread copy.
        setup.validate()?;
        let mut misread = setup.clone();
        for b in &mut misread.battlefields {
            b.contested_by = None;
        }
        Game::start(&misread).map(|(g, e)| (ForgetsContests(g), e))
    }

    fn well_formed(&self, out: &mut Vec<Action>) {
        self.0.well_formed(out);
    }

    fn apply(&mut self, action: Action) -> Result<Vec<Event>, RuleError> {
        self.0.apply(action)
    }

    fn observe(&self) -> Observation {
        self.0.observe()
    }
}

/// The shortest counterexample to "the engine and the spec agree" over the default
/// configurations of `families` (every family if empty), engine `E` against the spec, at the
/// quick bounds.
fn shortest_disagreement<E: Engine<Riftbound>>(
    families: &[&str],
) -> Option<riftbound_check::report::Counterexample> {
    let mut best: Option<riftbound_check::report::Counterexample> = None;
    let chosen = |c: &configs::Config| families.is_empty() || families.contains(&c.family.key());
    for c in configs::all().into_iter().filter(chosen) {
        let o =
            proof::check_engine::<E>(&c.name(), &c.setup, c.quick, &Options::default()).unwrap();
        for ce in o.counterexamples {
            if ce.property == Prop::EngineAndSpecAgree
                && best.as_ref().is_none_or(|b| ce.path.len() < b.path.len())
            {
                best = Some(ce);
            }
        }
    }
    best
}

#[test]
fn an_engine_that_reports_a_recall_as_a_move_is_caught_by_the_default_check() {
    // The families where a Recall happens: the equipment family (a gear left at a leaver's Base
    // goes back to its controller's, as a concession's last consequence) and the staged family
    // (a unit swept into a staged fight).
    let ce = shortest_disagreement::<RecallAsMove>(&["equipment", "staged"])
        .expect("the check catches it");
    let text = ce.rulebook();
    // The counterexample names the event: the spec's Recall against the engine's move.
    assert!(ce.expected.contains("Recalled (449)"), "{}", ce.expected);
    assert!(ce.found.contains("moves to"), "{}", ce.found);
    assert!(ce.expected.starts_with("events"), "{}", ce.expected);
    assert!(text.contains("Expected by rule"), "{text}");
    // The shortest: a concession that leaves a gear at the leaver's Base (skirmish/equipment).
    assert_eq!(ce.path.len(), 1, "{text}");
    // It replays: the reference engine passes the scenario it wrote, the faulty one does not.
    assert!(ce.scenario.replay().unwrap().passed());
    let on_faulty = ce.scenario.replay_on::<RecallAsMove>().unwrap();
    let failure = on_faulty
        .failures
        .first()
        .expect("the faulty engine fails it");
    assert!(failure.what.starts_with("events"), "{failure:?}");
}

/// The Priority badges of a picture (`P` in a circle, one per row where someone holds it).
fn priority_badges(svg: &str) -> usize {
    svg.matches("text-anchor=\"middle\">P</text>").count()
}

#[test]
fn a_counterexamples_picture_shows_the_board_of_the_engine_that_was_checked() {
    // The engine that forgets the contests gives the Turn Player Priority as the staged game
    // starts, where the rules give it to nobody while the Turn Player chooses a fight (456.1).
    let ce = shortest_disagreement::<ForgetsContests>(&["staged"]).expect("the check catches it");
    let picture = ce.svg().expect("the engine set the game up");
    let (engine, events) = ForgetsContests::start(&ce.scenario.setup).unwrap();
    let mut start = engine.observe();
    start.events = events;
    assert!(
        start.priority.is_some(),
        "the engine gives someone Priority"
    );
    // The picture is this engine's game, recorded once as the counterexample was written: its
    // start, with Priority held, and a timeline of exactly what it showed.
    assert_eq!(ce.record.start.as_ref(), Some(&start));
    assert!(ce.record.steps.is_empty());
    assert_eq!(priority_badges(&picture), 1, "{picture}");
    let drawn = riftcheck::scenario::svg::timeline(
        &ce.scenario.title,
        &ce.record.catalog,
        &ce.record.seats,
        &start,
        &[],
        None,
    );
    assert_eq!(ce.record.svg(&ce.scenario.title, None), Some(drawn));
    // The reference engine's game, which the scenario replays on, has nobody holding Priority:
    // a picture re-stepped on it would show the rules' board, not the checked engine's.
    let reference = ce.scenario.svg_failing(None, None).unwrap();
    assert_eq!(priority_badges(&reference), 0, "{reference}");
}

#[test]
fn a_setup_mistake_of_the_engine_alone_is_caught_before_any_step() {
    // The staged family is the one that starts with contested battlefields.
    let ce = shortest_disagreement::<ForgetsContests>(&["staged"]).expect("the check catches it");
    // The staged family starts with two contested battlefields: the two games differ at once.
    assert_eq!(ce.path.len(), 0, "{}", ce.rulebook());
    // The first field that differs is who has Priority: nobody while the Turn Player must choose
    // between the two fights (456.1), the Turn Player in the engine's game, which has none.
    assert_eq!(ce.expected, "priority is \"none\" (the spec)");
    // The scenario it wrote expects what the spec built, the contests included.
    let expect = ce.scenario.expect.as_ref().expect("expectations");
    let fields = expect.get("battlefields").expect("the battlefields differ");
    assert!(
        fields.toml().contains("contested_by = \"A\""),
        "{}",
        fields.toml()
    );
    assert!(ce.scenario.replay().unwrap().passed());
    assert!(!ce.scenario.replay_on::<ForgetsContests>().unwrap().passed());
}

#[test]
fn the_spec_checked_as_an_engine_agrees_with_itself_everywhere() {
    // The spec is itself an engine: checked against itself it agrees (a sanity check of the
    // boundary, not of the rules). The reference engine's agreement with the spec in every
    // default configuration is the main check's (`checker.rs`, at the default bounds).
    assert!(shortest_disagreement::<Spec>(&[]).is_none());
}
