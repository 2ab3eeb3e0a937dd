//! The MTG ruleset (800.4) on the model checker: the model that steps the MTG engine and the
//! MTG spec together ([`MtgModel`]), the properties judged on every step ([`properties`]), the
//! built-in configurations ([`configs`]) and `riftcheck check --ruleset mtg` ([`search`], its
//! reports in [`report`]).
//!
//! The engine under test is any `Engine<Mtg>` (the reference [`MtgGame`] by default, which can
//! commit a rule fault), and so is the spec it is stepped with ([`MtgSpec`] by default). The
//! model implements the checker's plug ([`Plug`]), as Riftbound's does: the check is the
//! checker's own (its depth-first search, memo, coverage, shortest counterexample, split search
//! and `check_all`), and this crate says only what MTG is.
//!
//! This crate imports the rules engine's library (`riftcheck::mtg`: its types, engine, spec and
//! scenario format) and the checker (its breadth-first search, limits and JUnit writer); the
//! command line imports it.

pub mod configs;
pub mod conform;
pub mod coverage;
pub mod explore;
pub mod plan;
pub mod properties;
pub mod replay;
pub mod report;
pub mod search;
pub mod serve;

use riftcheck::Engine;
use riftcheck::mtg::spec::MtgSpec;
use riftcheck::mtg::{
    Action, Mtg, MtgEvent, MtgFault, MtgGame, MtgReadings, MtgSetup, MtgSetupErrors, MtgView,
};
use riftcheck::oracle::{Disagreement, Lockstep};
use riftcheck_checker::panics::guarded;
use riftcheck_checker::plug::{self, Lent, Plug, Set, StepOutcome};
use std::sync::Arc;

use properties::MtgProp;
pub use properties::{Ghost, someone_can_act};

/// A state of the MTG model: the engine and the spec after the same actions (the lockstep both
/// rulesets step through), the ghost, and what an observer saw after the last step, its events
/// included ([`plug::State`]).
pub type MtgState<E = MtgGame, S = MtgSpec> = plug::State<MtgModel<E, S>>;

/// What an observer saw of the engine and of the spec once a table was set up, the events of
/// the setup included.
pub type FirstViews = (MtgView, MtgView);

/// How a model starts its engine: from the setup, committing the fault if the engine can.
pub type StartEngine<E> =
    fn(&MtgSetup, Option<MtgFault>) -> Result<(E, Vec<MtgEvent>), MtgSetupErrors>;

/// The MTG model: a setup, the concessions allowed, the engine under test `E` (and its fault) and
/// the spec `S` it is stepped with.
#[derive(Clone, Debug)]
pub struct MtgModel<E: Engine<Mtg> = MtgGame, S: Engine<Mtg> = MtgSpec> {
    /// A name for reports (`mtg-3/steal`).
    pub name: String,
    /// The table.
    pub setup: MtgSetup,
    /// How many concessions a path may hold.
    pub concessions: u8,
    /// The rule fault the engine commits, if any.
    pub fault: Option<MtgFault>,
    /// The first state.
    first: MtgState<E, S>,
    /// What an observer saw of the engine and of the spec once the table was set up, the
    /// events of the setup included: where a counterexample's record begins.
    pub first_views: FirstViews,
}

impl<S: Engine<Mtg>> MtgModel<MtgGame, S> {
    /// The model of `setup` with the reference engine, committing `fault` if given.
    ///
    /// # Errors
    ///
    /// The setup's problems: the engine or the spec cannot start it.
    pub fn new(
        setup: MtgSetup,
        concessions: u8,
        fault: Option<MtgFault>,
    ) -> Result<Self, MtgSetupErrors> {
        let start: StartEngine<MtgGame> =
            |setup, fault| MtgGame::with_readings(setup, MtgReadings::default().with_fault(fault));
        Self::started(setup, concessions, fault, start)
    }
}

impl<E: Engine<Mtg>, S: Engine<Mtg>> MtgModel<E, S> {
    /// The model of `setup` with the engine `E`, which the checker knows only through the
    /// `Engine<Mtg>` boundary.
    ///
    /// # Errors
    ///
    /// As [`MtgModel::new`].
    pub fn of(setup: MtgSetup, concessions: u8) -> Result<Self, MtgSetupErrors> {
        Self::started(setup, concessions, None, |setup, _| E::start(setup))
    }

    fn started(
        setup: MtgSetup,
        concessions: u8,
        fault: Option<MtgFault>,
        start: StartEngine<E>,
    ) -> Result<Self, MtgSetupErrors> {
        let (first, first_views) = Self::first(&setup, fault, start)?;
        Ok(MtgModel {
            name: String::new(),
            setup,
            concessions,
            fault,
            first,
            first_views,
        })
    }

    /// The model named `name` (for reports and for the salt of a split search).
    pub fn named(mut self, name: &str) -> Self {
        self.name = name.to_string();
        self
    }

    /// The first state of `setup`, the engine started by `start` (committing `fault`), and what
    /// the engine and the spec showed then, their setup's events included; or why the setup
    /// cannot be played.
    fn first(
        setup: &MtgSetup,
        fault: Option<MtgFault>,
        start: StartEngine<E>,
    ) -> Result<(MtgState<E, S>, FirstViews), MtgSetupErrors> {
        let (engine, events) = start(setup, fault)?;
        let (spec, spec_events) = S::start(setup)?;
        let mut view = engine.observe();
        view.events = events;
        let mut ghost = Ghost {
            reached_end: setup.step == riftcheck::mtg::Step::End,
            over: view.over,
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
        let shown = (view.clone(), spec_view);
        view.events.clear();
        let state = plug::State {
            pair: Lockstep::new(engine, spec),
            ghost,
            view: Arc::new(view),
        };
        Ok((state, shown))
    }

    /// The engine's step alone, where the spec refused what the engine took: the engine's
    /// transition is still judged, so that a fault shows as the property it breaks as well as
    /// the disagreement. `next` holds a copy of `state`'s game.
    fn engine_alone(
        &self,
        state: &MtgState<E, S>,
        action: Action,
        next: &mut MtgState<E, S>,
        events: Option<&mut Vec<MtgEvent>>,
    ) {
        let mut view = MtgView::default();
        let taken = next.pair.engine.step_checked_into(action, &mut view);
        next.ghost.violated.insert(MtgProp::Agree);
        if taken.is_err() {
            // The engine refused after all: what it showed before stands.
            next.view = Arc::clone(&state.view);
            return;
        }
        self.judged(state, action, next, view, events);
    }

    /// Judges the step from `state` by `action` to what `view` shows (its events included) and
    /// keeps the verdicts, the counters and the view (without its events, handed to `events`)
    /// in `next`.
    fn judged(
        &self,
        state: &MtgState<E, S>,
        action: Action,
        next: &mut MtgState<E, S>,
        mut view: MtgView,
        events: Option<&mut Vec<MtgEvent>>,
    ) {
        if matches!(action, Action::Concede { .. }) {
            next.ghost.concessions += 1;
        }
        next.ghost.over = view.over;
        properties::judge(Some(&state.view), &view, &mut next.ghost);
        let events_of = std::mem::take(&mut view.events);
        if let Some(out) = events {
            out.extend(events_of);
        }
        next.view = Arc::new(view);
    }
}

/// MTG plugged into the checker: its pair is the lockstep of the engine and the spec, its ghost
/// the verdicts, the concessions made and whether the turn reached its end step (what its
/// judges read besides the views); it promises no absence of cycles (its turns are bounded).
impl<E: Engine<Mtg>, S: Engine<Mtg>> Plug for MtgModel<E, S> {
    type Action = Action;
    type Prop = MtgProp;
    type Pair = Lockstep<E, S, Mtg>;
    type Ghost = Ghost;
    type View = MtgView;
    type Event = MtgEvent;

    const AGREE: MtgProp = MtgProp::Agree;
    const NEVER_PANICS: MtgProp = MtgProp::NeverPanics;
    const NO_CYCLES: Option<MtgProp> = None;
    const RULES: &'static [&'static str] = coverage::RULES;

    fn initial(&self) -> MtgState<E, S> {
        self.first.clone()
    }

    /// The union of both engines' well-formed actions, in order, each once: an action only one
    /// of them lists is still put to the other.
    fn well_formed(pair: &Lockstep<E, S, Mtg>, out: &mut Vec<Action>) {
        let start = out.len();
        pair.engine.well_formed(out);
        pair.spec.well_formed(out);
        out[start..].sort_unstable();
        let mut kept = start;
        for i in start..out.len() {
            if kept > start && out[kept - 1] == out[i] {
                continue;
            }
            out[kept] = out[i];
            kept += 1;
        }
        out.truncate(kept);
    }

    /// A path holds at most the model's concessions.
    fn bound(&self, state: &MtgState<E, S>, out: &mut Vec<Action>, start: usize) {
        if state.ghost.concessions < self.concessions {
            return;
        }
        let mut kept = start;
        for i in start..out.len() {
            if !matches!(out[i], Action::Concede { .. }) {
                out[kept] = out[i];
                kept += 1;
            }
        }
        out.truncate(kept);
    }

    fn take(
        &self,
        state: &MtgState<E, S>,
        action: Action,
        next: &mut MtgState<E, S>,
        lent: Lent<'_, Self>,
    ) -> StepOutcome<MtgProp> {
        let Lent { theirs, events, .. } = lent;
        // The lockstep's comparison of refusals, as for Riftbound.
        let spec_takes = match state.pair.refusal(action) {
            Some(Ok(error)) => return StepOutcome::Refused(error.rule()),
            Some(Err(Disagreement::EngineAccepted { .. })) => false,
            Some(Err(_)) => {
                next.clone_from(state);
                next.ghost.violated.insert(MtgProp::Agree);
                return StepOutcome::Disagreed { shown: Set::EMPTY };
            }
            None => true,
        };
        next.copy_game_from(state);
        if !spec_takes {
            self.engine_alone(state, action, next, events);
            return StepOutcome::Disagreed { shown: Set::EMPTY };
        }
        let mut ours = MtgView::default();
        let both = next.pair.take_both_into(action, &mut ours, theirs);
        match both {
            Ok(()) => {
                let agreed = *theirs == ours;
                let began = ours
                    .events
                    .iter()
                    .any(|e| matches!(e, MtgEvent::TurnBegan { .. }));
                self.judged(state, action, next, ours, events);
                if agreed {
                    StepOutcome::Agreed {
                        shown: Set::EMPTY,
                        began,
                    }
                } else {
                    next.ghost.violated.insert(MtgProp::Agree);
                    StepOutcome::Disagreed { shown: Set::EMPTY }
                }
            }
            // The spec refused it after the engine took it: the engine's step is judged.
            Err(Disagreement::EngineAccepted { .. }) => {
                next.ghost.violated.insert(MtgProp::Agree);
                self.judged(state, action, next, ours, events);
                StepOutcome::Disagreed { shown: Set::EMPTY }
            }
            Err(_) => {
                // The engine refused after all: what it showed before stands.
                next.copy_game_from(state);
                next.ghost.violated.insert(MtgProp::Agree);
                next.view = Arc::clone(&state.view);
                StepOutcome::Disagreed { shown: Set::EMPTY }
            }
        }
    }

    fn violated(ghost: &Ghost) -> Set<MtgProp> {
        ghost.violated
    }

    fn over(ghost: &Ghost) -> bool {
        ghost.over
    }

    fn break_in(ghost: &mut Ghost, prop: MtgProp) {
        ghost.violated.insert(prop);
    }

    /// Whether the turn has reached its end step: the judge of 800.4i reads it.
    fn memo_key(ghost: &Ghost) -> u128 {
        u128::from(ghost.reached_end)
    }

    fn kept_ghost(
        &self,
        state: &MtgState<E, S>,
        action: Action,
        (after, memo_key, _): (&MtgView, u128, bool),
    ) -> Ghost {
        let mut ghost = state.ghost;
        if matches!(action, Action::Concede { .. }) {
            ghost.concessions += 1;
        }
        ghost.violated = Set::EMPTY;
        ghost.reached_end = memo_key != 0;
        ghost.over = after.over;
        ghost
    }

    fn event_rule(event: &MtgEvent) -> &'static str {
        event.rule().unwrap_or("")
    }

    /// MTG's properties are all `always`: no companion is ever shown.
    fn seen(&self) -> Set<MtgProp> {
        Set::EMPTY
    }

    fn listing_panic(pair: &Lockstep<E, S, Mtg>) -> Option<String> {
        guarded(|| Self::well_formed(pair, &mut Vec::new())).err()
    }

    fn name(&self) -> &str {
        &self.name
    }

    fn describe(state: &MtgState<E, S>, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:?}", state.view)?;
        let broken: Vec<&str> = state.ghost.violated.iter().map(|p| p.text()).collect();
        if !broken.is_empty() {
            writeln!(f, "VIOLATED: {}", broken.join("; "))?;
        }
        Ok(())
    }
}
