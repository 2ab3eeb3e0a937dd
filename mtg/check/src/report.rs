//! MTG's counterexamples: each violation written out as a scenario file of MTG's format and
//! the rulebook example it reads as ([`Violation`]); the command line's one report of `check`
//! reads them through the checker's `Example`, as it reads Riftbound's.

use riftcheck::Engine;
use riftcheck::mtg::scenario::write::{Heading, SpecEnd, written, written_with};
use riftcheck::mtg::scenario::{MtgScenario, Recorded};
use riftcheck::mtg::{Action, Mtg, MtgEvent, MtgFault, MtgSetup, MtgView};
use riftcheck::protocol::mtg::{first_difference, observation_json};
use riftcheck_checker::proof::{Example, Written};
use riftcheck_core::Property as _;

use super::properties::MtgProp;
use super::search::replay_path;
use super::{MtgModel, MtgState};
use riftcheck_checker::panics::guarded;

/// A violation of MTG's as the check reports it: the property, the shortest path, and the path
/// written out.
#[derive(Clone, Debug)]
pub struct MtgCounterexample {
    /// The property violated.
    pub property: MtgProp,
    /// The actions from the start, the last one showing the violation.
    pub path: Vec<Action>,
    /// The path written out.
    pub written: Violation,
}

/// MTG writes a violation as a scenario file of its own format and the rulebook example it
/// reads as ([`Violation`]); it draws no picture.
impl<E: Engine<Mtg>, S: Engine<Mtg>> Written for MtgModel<E, S> {
    type Counterexample = MtgCounterexample;

    fn counterexample(
        &self,
        prop: MtgProp,
        path: Vec<Action>,
        _cycle_from: Option<usize>,
    ) -> MtgCounterexample {
        MtgCounterexample {
            property: prop,
            written: Violation::of(self, prop, &path),
            path,
        }
    }
}

impl Example<MtgProp, Action> for MtgCounterexample {
    fn property(&self) -> MtgProp {
        self.property
    }
    fn path(&self) -> &[Action] {
        &self.path
    }
    fn rule(&self) -> String {
        self.property.rule().to_string()
    }
    fn steps(&self) -> Vec<String> {
        self.written.steps.clone()
    }
    fn expected(&self) -> String {
        self.property.name().to_string()
    }
    fn found(&self) -> String {
        self.written.found.clone()
    }
    fn rulebook(&self) -> String {
        self.written.rulebook.clone()
    }
    fn scenario(&self) -> String {
        self.written.file.clone()
    }
    /// MTG's scenarios draw no picture.
    fn picture(&self) -> Option<String> {
        None
    }
}

/// A violation written out: the scenario file that replays it, its steps as that file words
/// them (objects by name), the rulebook example it reads as, and what was found at its end.
#[derive(Clone, Debug)]
pub struct Violation {
    /// The property violated.
    pub property: MtgProp,
    /// The scenario file's text.
    pub file: String,
    /// The steps, as sentences.
    pub steps: Vec<String>,
    /// The scenario read back as a rulebook example.
    pub rulebook: String,
    /// What broke: for the engine and the spec disagreeing, each field where they differ.
    pub found: String,
}

impl Violation {
    /// The violation of `property` that `path` reaches in `model`, written from the model's
    /// one replay of the path: the scenario's steps and expectations (what the spec shows at
    /// the end), and its rulebook example from what the engine that was checked answered and
    /// showed at each step of that replay, never from a reference engine stepped again.
    pub fn of<E: Engine<Mtg>, S: Engine<Mtg>>(
        model: &MtgModel<E, S>,
        property: MtgProp,
        path: &[Action],
    ) -> Self {
        let heading = heading(&model.name, property, model.fault);
        let Some(states) = replay_path(model, path) else {
            // The path does not replay through the model: written from the spec alone.
            return Violation::unrecorded(property, written(&heading, &model.setup, path), path);
        };
        let (spec_end, last) = spec_end(model, &states, path);
        let file = written_with(&heading, &model.setup, path, Some(spec_end));
        let Ok(read) = MtgScenario::parse(&file, None) else {
            return Violation::unrecorded(property, file, path);
        };
        let replay = read.judge_record(E::NAME, start(model), record(&states, path));
        let unmet: Vec<String> = (replay.failures.iter())
            .map(|f| format!("{}: expected {}, found {}", f.key, f.expected, f.actual))
            .collect();
        let found = match last {
            Some(last) if property == MtgProp::Agree => disagreement(&last, path),
            _ if property == MtgProp::Agree => "they start differently".to_owned(),
            _ if unmet.is_empty() => format!("violated after {} steps", path.len()),
            _ => unmet.join("; "),
        };
        Violation {
            property,
            steps: read.step_text.clone(),
            // Closed as Riftbound's are: by what was expected, under which rule, and found.
            rulebook: read.render_replay(&replay) + &closing(property, &found),
            file,
            found,
        }
    }

    /// A violation whose path could not be recorded: its file, and its steps as actions.
    fn unrecorded(property: MtgProp, file: String, path: &[Action]) -> Self {
        let found = "the path does not replay".to_owned();
        Violation {
            property,
            steps: path.iter().map(ToString::to_string).collect(),
            rulebook: closing(property, &found),
            file,
            found,
        }
    }
}

/// The last line of a violation's rulebook example: what was expected, by which rule, and what
/// was found.
fn closing(property: MtgProp, found: &str) -> String {
    format!(
        "Expected by rule {}: {}; found: {found}.\n",
        property.rule(),
        property.name()
    )
}

/// Where the record of `model`'s game begins: the events of its setup and what the engine
/// showed then.
fn start<E: Engine<Mtg>, S: Engine<Mtg>>(model: &MtgModel<E, S>) -> (Vec<MtgEvent>, MtgView) {
    let view = model.first_views.0.clone();
    (view.events.clone(), view)
}

/// What the engine that was checked answered at each step of `path` and showed after it, read
/// from the model's replay (`states`, the first state and one after each step): its events, or
/// its refusal where it refused a step the spec took. A step whose refusal cannot be asked
/// (the engine panics) ends the record.
fn record<E: Engine<Mtg>, S: Engine<Mtg>>(
    states: &[MtgState<E, S>],
    path: &[Action],
) -> Vec<Recorded> {
    let mut out = Vec::new();
    for (i, &action) in path.iter().enumerate() {
        let (Some(before), Some(after)) = (states.get(i), states.get(i + 1)) else {
            break;
        };
        let outcome = match guarded(|| before.pair.engine.check(action)) {
            Ok(Err(refusal)) => Err(refusal),
            Ok(Ok(())) => Ok(after.view.events.clone()),
            Err(_) => break,
        };
        out.push(Recorded {
            action,
            outcome,
            view: (*after.view).clone(),
        });
    }
    out
}

/// What the spec shows at the end of `path` ([`SpecEnd`]), read from the model's replay: every
/// step but the last was taken by both alike (a path ends at its first violation), so their
/// events are the spec's; the last step is taken once more by the spec alone, from the state
/// before it, which is returned with it.
fn spec_end<E: Engine<Mtg>, S: Engine<Mtg>>(
    model: &MtgModel<E, S>,
    states: &[MtgState<E, S>],
    path: &[Action],
) -> (SpecEnd, Option<MtgState<E, S>>) {
    let spec_first = &model.first_views.1;
    let mut cited: Vec<&'static str> = spec_first.events.iter().filter_map(|e| e.rule()).collect();
    let mut refused = vec![None; path.len()];
    let (Some((&last, _)), Some(before)) = (path.split_last(), states.len().checked_sub(2)) else {
        let mut view = spec_first.clone();
        view.events.clear();
        return ((view, refused, sorted(cited)), None);
    };
    for s in &states[1..=before] {
        cited.extend(s.view.events.iter().filter_map(|e| e.rule()));
    }
    let before = states[before].clone();
    let mut spec = before.pair.spec.clone();
    match spec.apply(last) {
        Ok(events) => cited.extend(events.iter().filter_map(|e| e.rule())),
        Err(r) => refused[path.len() - 1] = Some(r),
    }
    ((spec.observe(), refused, sorted(cited)), Some(before))
}

/// The rules, sorted, each once.
fn sorted(mut rules: Vec<&'static str>) -> Vec<&'static str> {
    rules.sort_unstable();
    rules.dedup();
    rules
}

/// The scenario file of a violation of `prop` found in configuration `config` (its `setup`) by
/// `path`, the engine committing `fault`.
pub fn scenario(
    config: &str,
    setup: &MtgSetup,
    prop: MtgProp,
    fault: Option<MtgFault>,
    path: &[Action],
) -> String {
    written(&heading(config, prop, fault), setup, path)
}

/// How such a file titles itself: the configuration and the property, the property's rules, and
/// the fault the engine committed.
fn heading(config: &str, prop: MtgProp, fault: Option<MtgFault>) -> Heading {
    let text = prop.text().replace('"', "'");
    let under = fault.map_or(String::new(), |f| {
        format!(
            " It was found with the engine committing the fault {} ({}).",
            f.key(),
            f.rule()
        )
    });
    Heading {
        title: format!("{config}: {text}"),
        // A property that cites no rule (the engine and the spec agree) lists none.
        rules: if prop.text().contains(" (") {
            prop.rule().split(", ").map(str::to_string).collect()
        } else {
            Vec::new()
        },
        description: format!(
            "A shortest path the checker found to a violation of: {text}.{under} The \
             expectations are what the MTG spec shows at the end."
        ),
    }
}

/// What the engine and the spec disagree on at the last step of `path`, taken from `before`,
/// the state before it: each field of the observation (or of the step's events) where they
/// differ, or which of them refused the last action.
pub fn disagreement<E: Engine<Mtg>, S: Engine<Mtg>>(
    before: &MtgState<E, S>,
    path: &[Action],
) -> String {
    let Some(&last) = path.last() else {
        return "they start differently".to_owned();
    };
    let (mut engine, mut spec) = (before.pair.engine.clone(), before.pair.spec.clone());
    let (ours, theirs) = (
        riftcheck::engine::step(&mut engine, last),
        riftcheck::engine::step(&mut spec, last),
    );
    match (ours, theirs) {
        (Ok(a), Ok(b)) => {
            let (a, b) = (observation_json(&a), observation_json(&b));
            let fields = a.as_object().into_iter().flatten();
            let shown = fields.filter_map(|(k, v)| first_difference(k.clone(), v, &b[k]));
            shown
                .map(|(at, x, y)| format!("{at}: the engine shows {x}, the spec {y}"))
                .collect::<Vec<_>>()
                .join("\n         ")
        }
        (Ok(_), Err(e)) => format!("after `{last}` the spec refuses it ({e}); the engine takes it"),
        (Err(e), Ok(_)) => format!("after `{last}` the engine refuses it ({e}); the spec takes it"),
        (Err(_), Err(_)) => format!("both refuse `{last}`"),
    }
}
