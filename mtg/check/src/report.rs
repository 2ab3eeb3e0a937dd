//! MTG's counterexamples: each violation written out as a scenario file of MTG's format and
//! the rulebook example it reads as ([`Violation`]); the command line's one report of `check`
//! reads them through the checker's `Example`, as it reads Riftbound's.

use riftcheck::Engine;
use riftcheck::mtg::scenario::MtgScenario;
use riftcheck::mtg::scenario::write::{Heading, written};
use riftcheck::mtg::spec::MtgSpec;
use riftcheck::mtg::{Action, Mtg, MtgFault, MtgGame, MtgSetup};
use riftcheck::protocol::mtg::{first_difference, observation_json};
use riftcheck_checker::proof::{Example, Written};
use riftcheck_core::Property as _;

use super::MtgModel;
use super::configs::MtgConfig;
use super::properties::MtgProp;
use super::search::replay_path;

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
        let config = MtgConfig {
            name: self.name.clone(),
            family: "",
            setup: self.setup.clone(),
            concessions: self.concessions,
        };
        MtgCounterexample {
            property: prop,
            written: Violation::of(&config, prop, self.fault, &path),
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
    /// The violation of `property` that `path` reaches in configuration `c`, the engine
    /// committing `fault`.
    pub fn of(c: &MtgConfig, property: MtgProp, fault: Option<MtgFault>, path: &[Action]) -> Self {
        let file = scenario(&c.name, &c.setup, property, fault, path);
        let read = MtgScenario::parse(&file, None).ok();
        // Played on the engine that was checked: its expectations are what the spec shows.
        let replay = read
            .as_ref()
            .map(|s| fault.map_or_else(|| s.replay(), |f| s.replay_with_fault(f)));
        let unmet: Vec<String> = (replay.iter().flat_map(|r| &r.failures))
            .map(|f| format!("{}: expected {}, found {}", f.key, f.expected, f.actual))
            .collect();
        let found = if property == MtgProp::Agree {
            match MtgModel::<MtgGame, MtgSpec>::new(c.setup.clone(), c.concessions, fault) {
                Ok(model) => disagreement(&model, path),
                Err(e) => format!("the setup cannot be played: {e}"),
            }
        } else if unmet.is_empty() {
            format!("violated after {} steps", path.len())
        } else {
            unmet.join("; ")
        };
        Violation {
            property,
            steps: read.as_ref().map_or_else(
                || path.iter().map(ToString::to_string).collect(),
                |s| s.step_text.clone(),
            ),
            // Closed as Riftbound's are: by what was expected, under which rule, and found.
            rulebook: (read.as_ref().zip(replay.as_ref()))
                .map(|(s, r)| s.render_replay(r))
                .unwrap_or_default()
                + &format!(
                    "Expected by rule {}: {}; found: {found}.\n",
                    property.rule(),
                    property.name()
                ),
            file,
            found,
        }
    }
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

/// What the engine and the spec disagree on at the end of `path`: each field of the observation
/// (or of the step's events) where they differ, or which of them refused the last action.
pub fn disagreement<E: Engine<Mtg>, S: Engine<Mtg>>(
    model: &MtgModel<E, S>,
    path: &[Action],
) -> String {
    let Some((&last, before)) = path.split_last() else {
        return "they start differently".to_owned();
    };
    let Some(state) = replay_path(model, before).and_then(|mut s| s.pop()) else {
        return "the path does not replay".to_owned();
    };
    let (mut engine, mut spec) = (state.pair.engine.clone(), state.pair.spec.clone());
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
