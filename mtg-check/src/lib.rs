//! The MTG ruleset (800.4) on the model checker: the model that steps the MTG engine and the
//! MTG spec together ([`MtgModel`]), the properties judged on every step ([`properties`]), the
//! built-in configurations ([`configs`]) and `riftcheck check --ruleset mtg` ([`search`], its
//! reports in [`report`]).
//!
//! The engine under test is any `Engine<Mtg>` (the reference [`MtgGame`] by default, which can
//! commit a rule fault), and so is the spec it is stepped with ([`MtgSpec`] by default). The
//! model is a stateright [`Model`]; the check's own search ([`search::check_one`]) is the
//! checker's breadth-first search, one configuration per thread, so the first path it finds to
//! a violation is a shortest one.
//!
//! This crate imports the rules engine's library (`riftcheck::mtg`: its types, engine, spec and
//! scenario format) and the checker (its breadth-first search, limits and JUnit writer); the
//! command line imports it.

pub mod configs;
pub mod coverage;
pub mod properties;
pub mod report;
pub mod search;

use riftcheck::Engine;
use riftcheck::mtg::spec::MtgSpec;
use riftcheck::mtg::{
    Action, Mtg, MtgEvent, MtgFault, MtgGame, MtgReadings, MtgSetup, MtgSetupErrors, MtgView,
};
use riftcheck::oracle::{Disagreement, Lockstep};
use riftcheck_checker::panics::guarded;
use stateright::{Model, Property};

use properties::MtgProp;
pub use properties::{Ghost, someone_can_act};

/// A state of the model: the engine and the spec after the same actions (the lockstep both
/// rulesets step through), and what an observer saw on the last step.
#[derive(Clone, Debug)]
pub struct MtgState<E: Engine<Mtg> = MtgGame, S: Engine<Mtg> = MtgSpec> {
    /// The engine under test and the spec.
    pub pair: Lockstep<E, S, Mtg>,
    /// The ghost.
    pub ghost: Ghost,
    /// What the engine showed after the last step, its events included (not part of the
    /// state's identity: the properties have been judged on it already).
    pub view: MtgView,
}

impl<E: Engine<Mtg>, S: Engine<Mtg>> PartialEq for MtgState<E, S> {
    fn eq(&self, other: &Self) -> bool {
        self.pair == other.pair && self.ghost == other.ghost
    }
}

impl<E: Engine<Mtg>, S: Engine<Mtg>> Eq for MtgState<E, S> {}

impl<E: Engine<Mtg>, S: Engine<Mtg>> std::hash::Hash for MtgState<E, S> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.pair.hash(state);
        self.ghost.hash(state);
    }
}

/// How a model starts its engine: from the setup, committing the fault if the engine can.
pub type StartEngine<E> =
    fn(&MtgSetup, Option<MtgFault>) -> Result<(E, Vec<MtgEvent>), MtgSetupErrors>;

/// The MTG model: a setup, the concessions allowed, the engine under test `E` (and its fault) and
/// the spec `S` it is stepped with.
#[derive(Clone, Debug)]
pub struct MtgModel<E: Engine<Mtg> = MtgGame, S: Engine<Mtg> = MtgSpec> {
    /// The table.
    pub setup: MtgSetup,
    /// How many concessions a path may hold.
    pub concessions: u8,
    /// The rule fault the engine commits, if any.
    pub fault: Option<MtgFault>,
    start: StartEngine<E>,
    spec: std::marker::PhantomData<S>,
}

impl<S: Engine<Mtg>> MtgModel<MtgGame, S> {
    /// The model of `setup` with the reference engine, committing `fault` if given.
    pub fn new(setup: MtgSetup, concessions: u8, fault: Option<MtgFault>) -> Self {
        MtgModel {
            setup,
            concessions,
            fault,
            start: |setup, fault| {
                MtgGame::with_readings(setup, MtgReadings::default().with_fault(fault))
            },
            spec: std::marker::PhantomData,
        }
    }
}

impl<E: Engine<Mtg>, S: Engine<Mtg>> MtgModel<E, S> {
    /// The model of `setup` with the engine `E`, which the checker knows only through the
    /// `Engine<Mtg>` boundary.
    pub fn of(setup: MtgSetup, concessions: u8) -> Self {
        MtgModel {
            setup,
            concessions,
            fault: None,
            start: |setup, _| E::start(setup),
            spec: std::marker::PhantomData,
        }
    }

    /// The first state, or why the setup cannot be played.
    ///
    /// # Errors
    ///
    /// The setup's problems.
    pub fn first(&self) -> Result<MtgState<E, S>, MtgSetupErrors> {
        let (engine, events) = (self.start)(&self.setup, self.fault)?;
        let (spec, spec_events) = S::start(&self.setup)?;
        let mut view = engine.observe();
        view.events = events;
        let mut ghost = Ghost {
            reached_end: self.setup.step == riftcheck::mtg::Step::End,
            ..Ghost::default()
        };
        let mut spec_view = spec.observe();
        spec_view.events = spec_events;
        if spec_view != view {
            ghost.violated.insert(MtgProp::Agree);
        }
        properties::judge(None, &view, &mut ghost);
        if guarded(|| engine.well_formed(&mut Vec::new())).is_err() {
            ghost.violated.insert(MtgProp::NeverPanics);
        }
        Ok(MtgState {
            pair: Lockstep::new(engine, spec),
            ghost,
            view,
        })
    }

    /// Takes `action` in `state`: `None` when both refuse it (or it is a concession beyond the
    /// bound), a state marked with the disagreement when only one does. An engine's panic, in
    /// the step or in listing the actions after it, is a step to `state` marked with it.
    pub fn take(&self, state: &MtgState<E, S>, action: Action) -> Option<MtgState<E, S>> {
        let taken = guarded(|| {
            let next = self.step(state, action);
            // The actions after the step are listed here, where a panic is caught.
            if let Some(n) = next
                .as_ref()
                .filter(|n| n.ghost.violated.is_empty() && !n.view.over)
            {
                n.pair.engine.well_formed(&mut Vec::new());
            }
            next
        });
        taken.unwrap_or_else(|_| {
            let mut next = state.clone();
            next.ghost.violated.insert(MtgProp::NeverPanics);
            Some(next)
        })
    }

    fn step(&self, state: &MtgState<E, S>, action: Action) -> Option<MtgState<E, S>> {
        if matches!(action, Action::Concede { .. }) && state.ghost.concessions >= self.concessions {
            return None;
        }
        // The lockstep's comparison of refusals, as for Riftbound. Where the engine takes an
        // action the spec refuses, the engine's step is still judged: a fault shows as the
        // property it breaks as well as the disagreement.
        let spec_takes = match state.pair.refusal(action) {
            Some(Ok(_)) => return None,
            Some(Err(Disagreement::EngineAccepted { .. })) => false,
            Some(Err(_)) => {
                let mut next = state.clone();
                next.ghost.violated.insert(MtgProp::Agree);
                return Some(next);
            }
            None => true,
        };
        // Copied only for an action taken: most actions tried are refused by both.
        let mut next = state.clone();
        let took = if spec_takes {
            let mut theirs = state.view.clone();
            let both = next
                .pair
                .take_both_into(action, &mut next.view, &mut theirs);
            both.map(|()| theirs == next.view)
        } else {
            let engine = next.pair.engine.step_checked_into(action, &mut next.view);
            engine
                .map_err(|error| Disagreement::EngineRefused { error })
                .map(|()| false)
        };
        match took {
            Ok(true) => {}
            // The spec refused it after the engine took it: the engine's step is judged.
            Ok(false) | Err(Disagreement::EngineAccepted { .. }) => {
                next.ghost.violated.insert(MtgProp::Agree);
            }
            Err(_) => {
                // The engine refused after all: what it showed before stands.
                next.ghost.violated.insert(MtgProp::Agree);
                next.view.clone_from(&state.view);
                return Some(next);
            }
        }
        if matches!(action, Action::Concede { .. }) {
            next.ghost.concessions += 1;
        }
        properties::judge(Some(&state.view), &next.view, &mut next.ghost);
        Some(next)
    }
}

/// The stateright property: no property is broken on the transition into the state (each
/// is named in riftcheck's own reports, which read the verdicts in the ghost).
fn breaks_nothing<E: Engine<Mtg>, S: Engine<Mtg>>(_: &MtgModel<E, S>, s: &MtgState<E, S>) -> bool {
    s.ghost.violated.is_empty()
}

impl<E: Engine<Mtg>, S: Engine<Mtg>> Model for MtgModel<E, S> {
    type State = MtgState<E, S>;
    type Action = Action;

    fn init_states(&self) -> Vec<MtgState<E, S>> {
        self.first().into_iter().collect()
    }

    /// The union of both engines' well-formed actions, in order, each once: an action only one
    /// of them lists is still put to the other.
    fn actions(&self, state: &MtgState<E, S>, actions: &mut Vec<Action>) {
        if state.view.over || !state.ghost.violated.is_empty() {
            return;
        }
        state.pair.engine.well_formed(actions);
        state.pair.spec.well_formed(actions);
        actions.sort_unstable();
        actions.dedup();
    }

    fn next_state(&self, state: &MtgState<E, S>, action: Action) -> Option<MtgState<E, S>> {
        self.take(state, action)
    }

    fn properties(&self) -> Vec<Property<Self>> {
        vec![Property::always(
            "every property holds",
            breaks_nothing::<E, S>,
        )]
    }
}
