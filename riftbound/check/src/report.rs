//! Turning a violation into something a rulebook author reads and a developer replays: the
//! shortest path written as a rulebook example ("Expected by rule X: ...; found: ...") and as a
//! scenario file whose expectations come from the spec.

use riftcheck::Riftbound;
use std::fmt::Write;

use riftcheck::observation::Value;
use riftcheck::oracle::{Disagreement, Lockstep, Spec, Stepped};
use riftcheck::scenario::svg::{self, Failing, Frame};
use riftcheck::scenario::{Expect, Outcome, SUMMARY, Scenario, SourceMap, Step, render_example};
use riftcheck::{Action, Catalog, Engine, Observation as View, Seat, Setup};
use std::sync::Arc;

use crate::model::{RiftModel, State};
use riftcheck_checker::panics::guarded;
use riftcheck_checker::plug::Plug;
use riftcheck_checker::proof::{Example, Written};
use riftcheck_checker::search;
use riftcheck_properties::Prop;

/// Riftbound writes a violation as a [`Counterexample`]: a scenario whose expectations come
/// from the spec, a rulebook example, and a picture from the record of the engine checked.
impl<E: Engine<Riftbound>> Written for RiftModel<E> {
    type Counterexample = Counterexample;

    fn counterexample(
        &self,
        prop: Prop,
        path: Vec<Action>,
        cycle_from: Option<usize>,
    ) -> Counterexample {
        counterexample(self, &self.written, prop, path, cycle_from)
    }
}

impl Example<Prop, Action> for Counterexample {
    fn property(&self) -> Prop {
        self.property
    }
    fn path(&self) -> &[Action] {
        &self.path
    }
    fn rule(&self) -> String {
        self.rule.clone()
    }
    fn steps(&self) -> Vec<String> {
        self.scenario
            .steps
            .iter()
            .map(ToString::to_string)
            .collect()
    }
    fn expected(&self) -> String {
        self.expected.clone()
    }
    fn found(&self) -> String {
        self.found.clone()
    }
    fn rulebook(&self) -> String {
        self.text.clone()
    }
    fn scenario(&self) -> String {
        self.scenario.to_toml()
    }
    fn picture(&self) -> Option<String> {
        self.svg()
    }
}

/// A violation, shortest path first.
#[derive(Clone, Debug)]
pub struct Counterexample {
    /// The configuration.
    pub config: String,
    /// The property that failed.
    pub property: Prop,
    /// The actions from the start, the last one showing the violation. For a cycle, the actions
    /// to the cycle and then around it.
    pub path: Vec<Action>,
    /// For a cycle: how many of the actions lead to it (the rest go around it).
    pub cycle_from: Option<usize>,
    /// The rules the violation breaks.
    pub rule: String,
    /// What the rules (or the spec) expect at the end.
    pub expected: String,
    /// What the engine did.
    pub found: String,
    /// The scenario that replays it.
    pub scenario: Scenario,
    /// The rulebook example.
    pub text: String,
    /// What the engine that was checked did along `path`, recorded once; the rulebook example
    /// and the picture are written from it.
    pub record: Record,
}

/// What the engine that was checked did along a counterexample's path: what an observer saw of
/// it as the game was set up, and each step it answered (its events or its refusal, and what it
/// showed after), up to a step it panicked on. Recorded once, with that engine (never the
/// reference one in its place), and read by the rulebook example and the picture.
#[derive(Clone, Debug)]
pub struct Record {
    /// The names of things in the game.
    pub catalog: Arc<Catalog>,
    /// The Seats at the table, in turn order.
    pub seats: Vec<Seat>,
    /// What an observer saw of the engine once the game was set up, its setup's events
    /// included; `None` if the engine could not set the game up.
    pub start: Option<View>,
    /// The steps the engine answered, in order; a step it panicked on ends the record.
    pub steps: Vec<Frame>,
}

impl Record {
    /// Steps `path` on a new game of engine `E` from `setup`, keeping what it answered and
    /// showed, up to a step it panics on.
    fn of<E: Engine<Riftbound>>(model: &RiftModel<E>, path: &[Action]) -> Record {
        let mut record = Record::empty(model, None);
        let Ok(Ok((mut engine, events))) = guarded(|| E::start(&model.setup)) else {
            return record;
        };
        let mut start = engine.observe();
        start.events = events;
        record.start = Some(start);
        for &action in path {
            let Ok(outcome) = guarded(|| engine.apply(action)) else {
                break;
            };
            if !record.push(action, outcome, &engine) {
                break;
            }
        }
        record
    }

    /// A record of `model`'s game with no step yet, starting from `start`.
    fn empty<E: Engine<Riftbound>>(model: &RiftModel<E>, start: Option<View>) -> Record {
        Record {
            catalog: Arc::clone(&model.catalog),
            seats: model.setup.mode.seats().iter().collect(),
            start,
            steps: Vec::new(),
        }
    }

    /// Adds the step `action`, answered `outcome` by `engine`, with what an observer sees of it
    /// afterwards; whether it could be observed (a panic there ends the record).
    fn push<E: Engine<Riftbound>>(
        &mut self,
        action: Action,
        outcome: Result<Vec<riftcheck::Event>, riftcheck::RuleError>,
        engine: &E,
    ) -> bool {
        let Ok(mut after) = guarded(|| engine.observe()) else {
            return false;
        };
        if let Ok(events) = &outcome {
            after.events.clone_from(events);
        }
        self.steps.push(Frame {
            action,
            outcome,
            after,
        });
        true
    }

    /// The record of `path` from the states the model's replay of it went through (`states`,
    /// each with the events of the step into it): what the engine that was checked showed at
    /// each state, its events or its refusal at each step, up to a step it panicked on, with no
    /// step taken again but a check of a refused one.
    fn from_replay<E: Engine<Riftbound>>(
        model: &RiftModel<E>,
        path: &[Action],
        states: &[(State<E>, Vec<riftcheck::Event>)],
    ) -> Record {
        let mut record = Record::empty(model, Some(model.first_view.clone()));
        for (i, &action) in path.iter().enumerate() {
            let (Some((before, _)), Some((state, events))) = (states.get(i), states.get(i + 1))
            else {
                break;
            };
            // A step that panicked leaves the game where it was, marked: the record ends
            // before it (a panic in listing the actions after a step keeps the step).
            if state.violated().contains(Prop::EngineNeverPanics)
                && state.pair == before.pair
                && events.is_empty()
            {
                break;
            }
            let outcome = match guarded(|| before.pair.engine.check(action)) {
                Ok(Err(refusal)) => Err(refusal),
                Ok(Ok(())) => Ok(events.clone()),
                Err(_) => break,
            };
            if !record.push(action, outcome, &state.pair.engine) {
                break;
            }
        }
        record
    }

    /// The picture of the record: a timeline with one lane per Seat, titled `title`,
    /// `failing` drawn in red ([`svg::timeline`]); `None` if the engine could not set the game
    /// up.
    pub fn svg(&self, title: &str, failing: Option<&Failing>) -> Option<String> {
        let start = self.start.as_ref()?;
        Some(svg::timeline(
            title,
            &self.catalog,
            &self.seats,
            start,
            &self.steps,
            failing,
        ))
    }
}

/// The spec's observation as scenario expectations: the summary (holders, the Chain, who is in,
/// who won, the step's events), every other field where the engine's observation differs, and
/// of the cards and battlefields those that differ.
fn expectations(cat: &Catalog, spec: &View, engine: &View, after: usize) -> Expect {
    let mut keys: Vec<&str> = SUMMARY.to_vec();
    for f in View::FIELDS {
        if !keys.contains(&f.key) && spec.field(f.key, cat) != engine.field(f.key, cat) {
            keys.push(f.key);
        }
    }
    let mut e = Expect::of(spec, cat, &keys, after);
    // Of the cards and battlefields, only those that differ.
    for key in ["cards", "battlefields"] {
        let (Some(Value::Map(ours)), Some(Value::Map(theirs))) =
            (spec.field(key, cat), engine.field(key, cat))
        else {
            continue;
        };
        let differing: Vec<(String, Value)> = ours
            .into_iter()
            .zip(theirs)
            .filter(|(a, b)| a != b)
            .map(|(a, _)| a)
            .collect();
        if differing.is_empty() {
            continue;
        }
        if let Some(Ok(x)) = View::expect_field(key, &Value::Map(differing), cat) {
            e.set(key, x);
        }
    }
    e
}

/// What the engine and the spec made of the last step of a disagreement: the expectation, what
/// was found, the rule to cite, and the scenario's expectations.
fn disagreement_text<E: Engine<Riftbound>>(
    model: &RiftModel<E>,
    before: &State<E>,
    path: &[Action],
    steps: &mut [Step],
) -> (String, String, Option<String>, Option<Expect>) {
    let cat = &model.catalog;
    let Some(&action) = path.last() else {
        // At the start: the two built different games from the setup.
        return match Lockstep::<E, Spec>::start(&model.setup) {
            Ok(started) => match started.disagreement {
                Some(Disagreement::ViewsDiffer(d)) => (
                    format!("{} is {} (the spec)", d.path, d.theirs.toml()),
                    format!("{} (the engine)", d.ours.toml()),
                    Some(d.rule.to_string()),
                    Some(expectations(
                        cat,
                        &started.reference_first,
                        &started.first,
                        0,
                    )),
                ),
                _ => (
                    "the same game from the setup".into(),
                    "another".into(),
                    None,
                    None,
                ),
            },
            Err(_) => (
                "the same game from the setup".into(),
                "another".into(),
                None,
                None,
            ),
        };
    };
    let text = action.display(cat);
    let mut pair = before.pair.clone();
    match pair.step(action, cat) {
        Stepped::Disagreed(Disagreement::EngineAccepted { spec_refusals }, _) => {
            let first = spec_refusals.first().copied();
            if let Some(step) = steps.last_mut() {
                step.outcome = Outcome::Refused(first.map(|e| e.name().to_string()));
            }
            let why = first.map_or(String::new(), |e| format!(" ({e})"));
            (
                format!("{text} is refused{why}"),
                "the engine accepts it".to_string(),
                first.map(|e| e.rule().to_string()),
                None,
            )
        }
        Stepped::Disagreed(Disagreement::EngineRefused { error }, _) => (
            format!("{text} is allowed"),
            format!("the engine refuses it: {error}"),
            None,
            None,
        ),
        Stepped::Disagreed(
            Disagreement::RefusedForAnotherRule {
                error,
                spec_refusals,
            },
            _,
        ) => {
            let reasons: Vec<String> = spec_refusals
                .iter()
                .map(|e| format!("{} ({})", e.name(), e.rule()))
                .collect();
            if let Some(step) = steps.last_mut() {
                let name = spec_refusals.first().map(|e| e.name().to_string());
                step.outcome = Outcome::Refused(name);
            }
            (
                format!("{text} is refused for {}", reasons.join(" or ")),
                format!(
                    "the engine refuses it citing {} ({})",
                    error.name(),
                    error.rule()
                ),
                spec_refusals.first().map(|e| e.rule().to_string()),
                None,
            )
        }
        Stepped::Disagreed(Disagreement::ViewsDiffer(d), both) => (
            format!("{} is {} (the spec)", d.path, d.theirs.toml()),
            format!("{} (the engine)", d.ours.toml()),
            Some(d.rule.to_string()),
            both.map(|b| expectations(cat, &b.1, &b.0, path.len())),
        ),
        _ => (
            "the engine and the spec agree".into(),
            "they did not".into(),
            None,
            None,
        ),
    }
}

/// What the spec sees after `path`, the last step's events included: the spec's reading decides
/// the expectations of a counterexample, whatever the engine did. `before` is the state the
/// model's replay reached before the last step (the steps before it agreed, so its spec is the
/// spec's game there): the spec takes that one step again, not the whole path.
fn spec_after<E: Engine<Riftbound>>(
    model: &RiftModel<E>,
    path: &[Action],
    before: &State<E>,
) -> Option<View> {
    let Some(&last) = path.last() else {
        let (spec, events) = Spec::start(&model.setup).ok()?;
        let mut v = spec.observe();
        v.events = events;
        return Some(v);
    };
    let mut spec = before.pair.spec.clone();
    let events = spec.apply(last).unwrap_or_default();
    let mut v = spec.observe();
    v.events = events;
    Some(v)
}

/// Builds the counterexample for `prop` from `path` (the violation is on its last step). Where
/// writing it panics (an engine whose answers riftcheck cannot read), the counterexample is the
/// steps alone, with what the panic said.
pub fn counterexample<E: Engine<Riftbound>>(
    model: &RiftModel<E>,
    setup: &Setup,
    prop: Prop,
    path: Vec<Action>,
    cycle_from: Option<usize>,
) -> Counterexample {
    let written = guarded(|| written(model, setup, prop, path.clone(), cycle_from));
    written.unwrap_or_else(|said| {
        let cat = &model.catalog;
        let steps: Vec<Step> = path
            .iter()
            .map(|a| Step {
                text: a.display(cat).to_string(),
                outcome: Outcome::Accepted,
            })
            .collect();
        let found = format!("(the example could not be written: {said})");
        let mut text = format!("{} ({})\n", prop.name(), model.name);
        for (i, s) in steps.iter().enumerate() {
            let _ = writeln!(text, "{}. {}", i + 1, s.text);
        }
        let _ = writeln!(text, "Expected: {}; found: {found}.", prop.name());
        let record = Record::of(model, &path);
        Counterexample {
            config: model.name.clone(),
            property: prop,
            path,
            cycle_from,
            rule: prop.rule().to_string(),
            expected: prop.name().to_string(),
            found,
            scenario: Scenario {
                title: format!("Counterexample to \"{}\" ({})", prop.name(), model.name),
                rules: vec![prop.rule().to_string()],
                description: None,
                setup: setup.clone(),
                steps,
                checks: Vec::new(),
                expect: None,
                source: SourceMap::default(),
            },
            text,
            record,
        }
    })
}

fn written<E: Engine<Riftbound>>(
    model: &RiftModel<E>,
    setup: &Setup,
    prop: Prop,
    path: Vec<Action>,
    cycle_from: Option<usize>,
) -> Counterexample {
    let cat = &model.catalog;
    let states = search::replay(model, &path);
    let last = &states[states.len() - 1].0;
    let before: &State<E> = if states.len() >= 2 {
        &states[states.len() - 2].0
    } else {
        last
    };
    let before_view = before.pair.engine.observe();
    let mut after_view = last.pair.engine.observe();
    after_view.events = states[states.len() - 1].1.clone();
    let mut steps: Vec<Step> = path
        .iter()
        .map(|a| Step {
            text: a.display(cat).to_string(),
            outcome: Outcome::Accepted,
        })
        .collect();
    let mut rule = prop.rule().to_string();
    let (expected, found, expect) = match prop {
        Prop::EngineAndSpecAgree => {
            let (expected, found, cited, expect) =
                disagreement_text(model, before, &path, &mut steps);
            if let Some(r) = cited {
                rule = r;
            }
            (expected, found, expect)
        }
        Prop::EngineNeverPanics => {
            let said = match path.last() {
                Some(&a) => model.panic_at(before, a),
                None => RiftModel::<E>::listing_panic(&before.pair)
                    .map(|said| format!("listing the actions of the first state: {said}")),
            };
            (
                "the engine answers every action".to_string(),
                format!(
                    "the engine panicked {}: {}",
                    match path.len() {
                        0 => "before the first step".to_string(),
                        n => format!("on step {n}"),
                    },
                    said.as_deref()
                        .unwrap_or("(it did not panic when replayed)")
                ),
                None,
            )
        }
        Prop::NoCycles => (
            "every sequence of actions makes progress".to_string(),
            format!(
                "after {} steps the game returns to an earlier state",
                path.len()
            ),
            None,
        ),
        _ => (
            prop.name().to_string(),
            prop.shows(cat, &before_view, &after_view),
            spec_after(model, &path, before)
                .map(|spec| expectations(cat, &spec, &after_view, path.len())),
        ),
    };
    let scenario = Scenario {
        title: format!("Counterexample to \"{}\" ({})", prop.name(), model.name),
        rules: rule.split(", ").map(str::to_string).collect(),
        description: Some(format!(
            "Found by riftcheck check in {}: the shortest sequence of actions that breaks \"{}\". \
             Expected by rule {rule}: {expected}; found: {found}.",
            model.name,
            prop.name(),
        )),
        setup: setup.clone(),
        steps,
        checks: Vec::new(),
        expect,
        source: SourceMap::default(),
    };
    let record = Record::from_replay(model, &path, &states);
    let mut c = Counterexample {
        config: model.name.clone(),
        property: prop,
        path,
        cycle_from,
        rule,
        expected,
        found,
        scenario,
        text: String::new(),
        record,
    };
    c.text = c.written_for(model);
    c
}

impl Counterexample {
    /// The rulebook example: the table, one sentence per step and consequence as the engine
    /// (fault and all) played it, and what the rule expected against what the engine did.
    pub fn rulebook(&self) -> &str {
        &self.text
    }

    /// The picture of the counterexample, from its record: the engine that was checked, step
    /// by step, the violated step in red with what it breaks; `None` if the engine could not set
    /// the game up.
    pub fn svg(&self) -> Option<String> {
        let failing = Failing {
            step: self.path.len().saturating_sub(1),
            what: format!(
                "Violated: {} ({}). Expected: {}; found: {}.",
                self.property.name(),
                self.rule,
                self.expected,
                self.found
            ),
        };
        self.record.svg(&self.scenario.title, Some(&failing))
    }

    fn written_for<E: Engine<Riftbound>>(&self, model: &RiftModel<E>) -> String {
        // The steps up to one the engine panicked on (that one is told in the last line).
        let steps: Vec<_> = self
            .record
            .steps
            .iter()
            .map(|f| (f.action, f.outcome.clone()))
            .collect();
        let mut text = render_example(
            &self.scenario.title,
            None,
            &self.scenario.rules,
            &model.catalog,
            &model.first_view,
            &model.first_view.events,
            &steps,
        );
        if let Some(from) = self.cycle_from {
            let _ = writeln!(
                text,
                "The last {} steps return the game to the state after step {from}.",
                self.path.len() - from
            );
        }
        let _ = writeln!(
            text,
            "Expected by rule {}: {}; found: {}.",
            self.rule, self.expected, self.found
        );
        text
    }
}

/// A scenario of the configuration itself, with no steps: what `--print` shows.
pub fn setup_scenario(name: &str, about: &str, setup: &Setup) -> Scenario {
    Scenario {
        title: name.to_string(),
        rules: Vec::new(),
        description: Some(about.to_string()),
        setup: setup.clone(),
        steps: Vec::new(),
        checks: Vec::new(),
        expect: None,
        source: SourceMap::default(),
    }
}
