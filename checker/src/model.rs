//! The stateright model: an engine under test and the spec in lockstep, every well-formed action
//! either lists for the seats at the table, and the properties of [`riftcheck_properties`]. The
//! engine is any [`Engine`]; the reference engine ([`Game`]) by default.

use riftcheck::Riftbound;
use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

/// The companions some transition has shown, shared by the threads of a search: the set's two
/// words ([`PropSet::words`]), each added to with an atomic or.
#[derive(Debug, Default)]
pub struct SeenSet([AtomicU64; 2]);

impl SeenSet {
    /// Adds `shown`.
    pub fn add(&self, shown: PropSet) {
        for (word, bits) in self.0.iter().zip(shown.words()) {
            if bits != 0 {
                word.fetch_or(bits, Ordering::Relaxed);
            }
        }
    }

    /// Every companion added so far.
    pub fn get(&self) -> PropSet {
        PropSet::from_words(self.0.each_ref().map(|w| w.load(Ordering::Relaxed)))
    }
}

use riftcheck::oracle::{Lockstep, Spec};
use riftcheck::{Action, Catalog, Engine, Event, Game, Observation, Readings, Setup, SetupErrors};
use stateright::{Model, Property};

use crate::fingerprint::{pair_fingerprint, state_fingerprint};
use riftcheck_properties::{Ghost, Judging, Kind, Prop, PropSet, judge};

pub use crate::bounds::Bounds;

/// A state of the model: the engine, the spec, and the checker's ghost record; and, not part of
/// the state's identity, what an observer sees of the engine's game (a cache: the properties
/// of the next transition read it as "before").
pub struct State<E: Engine<Riftbound> = Game> {
    /// The engine and the spec.
    pub pair: Lockstep<E, Spec>,
    /// Verdicts, the history properties need, and what the bounds count.
    pub ghost: Ghost,
    /// The engine's observation, without events.
    pub view: Arc<Observation>,
}

impl<E: Engine<Riftbound>> Clone for State<E> {
    fn clone(&self) -> Self {
        State {
            pair: self.pair.clone(),
            ghost: self.ghost,
            view: Arc::clone(&self.view),
        }
    }

    /// Field by field, in place: the search copies a state into the room of another for every
    /// transition it tries.
    fn clone_from(&mut self, source: &Self) {
        self.pair.clone_from(&source.pair);
        self.ghost = source.ghost;
        self.view.clone_from(&source.view);
    }
}

impl<E: Engine<Riftbound>> State<E> {
    /// A deterministic fingerprint of the state: a fast hash with fixed keys, so runs repeat.
    /// It is made of the fingerprint of the pair (the engine and the spec,
    /// [`pair_fingerprint`]) and the ghost record, so that a search that knows a pair's
    /// fingerprint already (from its memo, [`crate::search::memo`]) need not hash the pair again.
    pub fn fingerprint(&self) -> u64 {
        state_fingerprint(pair_fingerprint(&self.pair), &self.ghost)
    }

    /// Copies `source`'s pair and ghost in place, leaving this state's view as it is (the
    /// search overwrites it, reusing its room, when it takes the transition).
    pub fn copy_game_from(&mut self, source: &Self) {
        self.pair.clone_from(&source.pair);
        self.ghost = source.ghost;
    }
}

impl<E: Engine<Riftbound>> PartialEq for State<E> {
    fn eq(&self, other: &Self) -> bool {
        self.pair == other.pair && self.ghost == other.ghost
    }
}

impl<E: Engine<Riftbound>> Eq for State<E> {}

impl<E: Engine<Riftbound>> std::hash::Hash for State<E> {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.pair.hash(h);
        self.ghost.hash(h);
    }
}

/// The model of one starting position.
#[derive(Clone)]
pub struct RiftModel<E: Engine<Riftbound> = Game> {
    /// A name for reports (`war/chain`).
    pub name: String,
    /// The starting position, with the fault the engine under test makes, if any.
    pub setup: Setup,
    /// The names of things.
    pub catalog: Arc<Catalog>,
    /// The first state.
    pub first: State<E>,
    /// The engine's first observation, with the events of what proceeded after setup.
    pub first_view: Observation,
    /// The bounds.
    pub bounds: Bounds,
    /// Seats removed in the setup (concessions are counted beyond them).
    removed_at_start: usize,
    /// The readings the rules are read under (the setup's, without rule faults).
    readings: Readings,
    /// Companion situations seen by any transition so far (a side record, so that states stay
    /// free of history).
    pub seen: Arc<SeenSet>,
}

impl<E: Engine<Riftbound>> fmt::Debug for State<E> {
    /// The observation as lines of text, and the verdicts.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let catalog = self.pair.spec.catalog();
        write!(f, "{}", self.view.describe(catalog))?;
        let broken: Vec<&str> = Prop::ALL
            .iter()
            .filter(|p| p.kind() == Kind::Always && self.ghost.violated.contains(**p))
            .map(|p| p.name())
            .collect();
        if !broken.is_empty() {
            writeln!(f, "VIOLATED: {}", broken.join("; "))?;
        }
        Ok(())
    }
}

/// One transition: the next state, the events, and the companions it showed.
pub struct Transition<E: Engine<Riftbound> = Game> {
    /// The next state.
    pub state: State<E>,
    /// The events the engine reported.
    pub events: Vec<Event>,
    /// Companion situations it showed for the first time in this model: a
    /// transition is not judged on companions some transition showed before.
    pub seen: PropSet,
}

/// What one step of the model did ([`RiftModel::take`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepOutcome {
    /// The engine and the spec both refused the action, for this rule.
    Refused(&'static str),
    /// They disagree, about refusing the action or about what follows it: the state reached
    /// violates "the engine and the spec agree". The companions the engine's transition showed
    /// first, where both took the action.
    Disagreed {
        /// Companions shown for the first time.
        shown: PropSet,
    },
    /// Both took the action and an observer sees the same of both.
    Agreed {
        /// Companions shown for the first time.
        shown: PropSet,
        /// Whether a turn began in it (the bound `turns-begun` counts such).
        began: bool,
    },
}

/// What the caller of [`RiftModel::take`] lends it for one step.
pub struct Lent<'a> {
    /// The room the spec's observation is written in (the depth-first search reuses one for
    /// every step it takes; what it held before is overwritten).
    pub theirs: &'a mut Observation,
    /// Where the step's events are appended, if the caller wants them.
    pub events: Option<&'a mut Vec<Event>>,
    /// Which companions the step judges.
    pub companions: Companions,
}

/// Which companions ([`Kind::Sometimes`]) a step judges.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Companions {
    /// Only those no transition of the model has shown yet (once shown, a companion has done
    /// its work).
    Unseen,
    /// Every one, on every transition (`check --coverage` counts them all).
    Every,
}

/// Whether the player who should act can: the Priority holder's pass (or end of turn), or the
/// chooser's choice, is accepted by the engine.
fn someone_can_act<E: Engine<Riftbound>>(engine: &E, view: &Observation) -> bool {
    if view.winners.is_some() {
        return true;
    }
    if let Some(choice) = view.awaiting {
        let seat = choice.seat();
        let mut offered = Vec::new();
        engine.well_formed(&mut offered);
        return offered
            .into_iter()
            .any(|a| a.seat() == seat && a.is_choice() && engine.check(a).is_ok());
    }
    let Some(p) = view.priority else {
        return false;
    };
    [
        Action::Pass { seat: p },
        Action::PassFocus { seat: p },
        Action::EndTurn { seat: p },
    ]
    .into_iter()
    .any(|a| engine.check(a).is_ok())
}

impl RiftModel<Game> {
    /// A model of `setup` under `bounds`, the reference engine against the spec.
    ///
    /// # Errors
    ///
    /// The setup is impossible.
    pub fn new(name: impl Into<String>, setup: &Setup, bounds: Bounds) -> Result<Self, String> {
        Self::of(name, setup, bounds)
    }
}

impl<E: Engine<Riftbound>> RiftModel<E> {
    /// A model of `setup` under `bounds`, engine `E` against the spec.
    ///
    /// # Errors
    ///
    /// The setup is impossible (both refuse it), or one of them refuses it and the other does
    /// not (the message says which).
    pub fn of(name: impl Into<String>, setup: &Setup, bounds: Bounds) -> Result<Self, String> {
        let started = Lockstep::<E, Spec>::start(setup).map_err(|e| match e {
            Ok(errors) => SetupErrors::to_string(&errors),
            Err(d) => d.to_string(),
        })?;
        let seen = Arc::new(SeenSet::default());
        let mut ghost = Ghost::default();
        let readings = setup.readings.without_faults();
        let verdict = judge(
            &Judging::first(&started.catalog, &readings, &started.first),
            PropSet::EMPTY,
        );
        ghost.violated = verdict.violated;
        ghost.over = started.first.winners.is_some();
        ghost.removed = started.first.removed.len() as u8;
        ghost.mates = riftcheck_properties::naive::mates(&started.catalog, &started.first);
        seen.add(verdict.seen);
        if started.disagreement.is_some() {
            ghost.violated.insert(Prop::EngineAndSpecAgree);
        }
        if Self::listing_panic(&started.pair).is_some() {
            ghost.violated.insert(Prop::EngineNeverPanics);
        }
        Ok(RiftModel {
            name: name.into(),
            setup: setup.clone(),
            removed_at_start: started.first.removed.len(),
            readings,
            catalog: started.catalog,
            first: State {
                pair: started.pair,
                ghost,
                view: Arc::new(Observation {
                    events: Vec::new(),
                    ..started.first.clone()
                }),
            },
            first_view: started.first,
            bounds,
            seen,
        })
    }

    /// Companions seen so far.
    pub fn seen(&self) -> PropSet {
        self.seen.get()
    }

    /// The first state.
    pub fn initial(&self) -> State<E> {
        self.first.clone()
    }

    /// Whether a state ends exploration: the game is over, or a safety property failed there
    /// (what follows a violation proves nothing).
    pub fn is_final(state: &State<E>) -> bool {
        state.ghost.over || Self::safety_violated(state)
    }

    /// Whether an `always` property failed on the transition into this state.
    pub fn safety_violated(state: &State<E>) -> bool {
        Prop::ALL
            .iter()
            .any(|p| p.kind() == Kind::Always && state.ghost.violated.contains(*p))
    }

    /// The successor of `state` by `action` ([`RiftModel::take`] into a new state, the step's
    /// events kept), or `None` if both the engine and the spec refuse it for the same rule. A
    /// disagreement between them is a transition to a final state that violates "the engine
    /// and the spec agree". A panic in the step (the engine's, or riftcheck's in reading what
    /// the engine showed) is caught ([`crate::panics`]): a transition to `state`'s game in a
    /// final state that violates "the engine answers every action without a panic".
    pub fn step(&self, state: &State<E>, action: Action) -> Option<Transition<E>> {
        let mut next = state.clone();
        let mut events = Vec::new();
        let lent = Lent {
            theirs: &mut Observation::default(),
            events: Some(&mut events),
            companions: Companions::Unseen,
        };
        let seen = match crate::panics::guarded(|| self.take(state, action, &mut next, lent)) {
            Ok(StepOutcome::Refused(_)) => return None,
            Ok(StepOutcome::Disagreed { shown }) => shown,
            Ok(StepOutcome::Agreed { shown, .. }) => {
                if !Self::is_final(&next) && Self::listing_panic(&next.pair).is_some() {
                    next.ghost.violated.insert(Prop::EngineNeverPanics);
                }
                shown
            }
            Err(_) => {
                next = state.clone();
                next.ghost.violated.insert(Prop::EngineNeverPanics);
                events.clear();
                PropSet::EMPTY
            }
        };
        Some(Transition {
            state: next,
            events,
            seen,
        })
    }

    /// What the step from `state` by `action`, or listing the actions of the state it leads
    /// to, said when it panicked; `None` if neither does.
    pub fn panic_at(&self, state: &State<E>, action: Action) -> Option<String> {
        let mut next = state.clone();
        let lent = Lent {
            theirs: &mut Observation::default(),
            events: None,
            companions: Companions::Every,
        };
        match crate::panics::guarded(|| self.take(state, action, &mut next, lent)) {
            Err(said) => Some(said),
            Ok(StepOutcome::Agreed { .. }) if !Self::is_final(&next) => {
                Self::listing_panic(&next.pair)
                    .map(|said| format!("listing the actions after it: {said}"))
            }
            Ok(_) => None,
        }
    }

    /// What listing the actions of `pair` (the engine's and the spec's) said when it panicked;
    /// `None` if it does not. The step into a state whose actions cannot be listed breaks "the
    /// engine answers every action without a panic", as a step that panics does; a first
    /// state whose actions cannot be listed breaks it with no step at all.
    pub fn listing_panic(pair: &Lockstep<E, Spec>) -> Option<String> {
        crate::panics::guarded(|| Self::well_formed(pair, &mut Vec::new())).err()
    }

    /// The one step of the model: offers `action` to the engine and the spec of `state`, and
    /// writes the state it leads to over `next` (whose room the depth-first search reuses for
    /// every transition it tries). The properties are judged on the step (the companions as
    /// `lent` says) and the verdicts kept in `next`'s ghost; the step's events are appended to
    /// `lent`'s events if it asks for them (the view kept in `next` has none).
    ///
    /// Where both refuse the action for the same rule, `next` is left unspecified. Where they
    /// disagree (about refusing it, or about what an observer sees after it), `next` is the
    /// final state that violates "the engine and the spec agree"; where the engine took the
    /// action, its transition is judged too, so that the properties it breaks are named
    /// alongside the disagreement.
    ///
    /// A panic in the step is not caught here: [`RiftModel::step`] catches it, and the
    /// depth-first search catches it around its whole run ([`crate::panics`]).
    pub fn take(
        &self,
        state: &State<E>,
        action: Action,
        next: &mut State<E>,
        lent: Lent<'_>,
    ) -> StepOutcome {
        let Lent {
            theirs,
            events,
            companions,
        } = lent;
        let accepted = match state.pair.refusal(action) {
            Some(Ok(error)) => return StepOutcome::Refused(error.rule()),
            Some(Err(_)) => false,
            None => true,
        };
        next.copy_game_from(state);
        if !accepted {
            self.engine_alone(state, action, next);
            return StepOutcome::Disagreed {
                shown: PropSet::EMPTY,
            };
        }
        if Arc::get_mut(&mut next.view).is_none() {
            next.view = Arc::new(Observation::default());
        }
        let after = Arc::make_mut(&mut next.view);
        let compared = next
            .pair
            .step_accepted_into(action, &self.catalog, after, theirs);
        let agreed = match compared {
            Ok(None) => true,
            // Both took the action: judge the engine's transition too.
            Ok(Some(_)) => false,
            Err(_) => {
                next.copy_game_from(state);
                next.view.clone_from(&state.view);
                next.ghost.violated.insert(Prop::EngineAndSpecAgree);
                return StepOutcome::Disagreed {
                    shown: PropSet::EMPTY,
                };
            }
        };
        let after = &next.view;
        let known = match companions {
            Companions::Unseen => self.seen.get(),
            Companions::Every => PropSet::EMPTY,
        };
        let verdict = self.judge_step(state, action, after, &next.pair.engine, known);
        let began = after
            .events
            .iter()
            .any(|e| matches!(e, Event::TurnBegan { .. }));
        let mut ghost = self.next_ghost(state, action, after, began);
        ghost.violated = verdict.violated;
        ghost.countered = verdict.countered;
        if let Some(out) = events {
            out.extend_from_slice(&next.view.events);
        }
        if let Some(view) = Arc::get_mut(&mut next.view) {
            view.events.clear();
        }
        self.seen.add(verdict.seen);
        if !agreed {
            ghost.violated.insert(Prop::EngineAndSpecAgree);
            next.ghost = ghost;
            return StepOutcome::Disagreed {
                shown: verdict.seen,
            };
        }
        next.ghost = ghost;
        StepOutcome::Agreed {
            shown: verdict.seen,
            began,
        }
    }

    /// The properties judged on the step from `state` by `action` to what `after` shows of
    /// `engine`'s game, but for the companions in `known`.
    fn judge_step(
        &self,
        state: &State<E>,
        action: Action,
        after: &Observation,
        engine: &E,
        known: PropSet,
    ) -> riftcheck_properties::Verdicts {
        let j = Judging::step(
            &self.catalog,
            &self.readings,
            (&state.view, state.ghost.countered, state.ghost.mates),
            action,
            after,
            someone_can_act(engine, after),
        );
        judge(&j, known)
    }

    /// The spec refused `action` from `state` and the engine did not, or the other way round:
    /// `next` (a copy of `state`'s game) becomes the final state that violates "the engine and
    /// the spec agree". Where the engine took the action, its transition is judged too, so
    /// that the properties it breaks are named alongside the disagreement; `next` then holds
    /// the engine's game and what an observer sees of it.
    fn engine_alone(&self, state: &State<E>, action: Action, next: &mut State<E>) {
        next.view.clone_from(&state.view);
        next.ghost.violated.insert(Prop::EngineAndSpecAgree);
        if state.pair.engine.check(action).is_err() {
            return;
        }
        let mut view = Observation::default();
        if next
            .pair
            .engine
            .step_checked_into(action, &mut view)
            .is_err()
        {
            return;
        }
        // No companion is credited to a transition the spec refused.
        let verdict = self.judge_step(state, action, &view, &next.pair.engine, PropSet::EVERY);
        next.ghost.violated = next.ghost.violated.union(verdict.violated);
        view.events.clear();
        next.view = Arc::new(view);
    }

    /// The ghost after `action` from `state`, which led to what `after` shows (and began a
    /// turn if `began`): its counters and whether the game is over (the verdicts and the
    /// countered items are the caller's).
    pub fn next_ghost(
        &self,
        state: &State<E>,
        action: Action,
        after: &Observation,
        began: bool,
    ) -> Ghost {
        let mut ghost = state.ghost;
        ghost.over = after.winners.is_some();
        match action {
            Action::Invite { .. } if self.bounds.invites.is_some() => {
                ghost.invites += 1;
            }
            Action::EndTurn { .. } => ghost.invites = 0,
            _ => {}
        }
        let turn_counts = if self.bounds.turns_begun {
            began
        } else {
            matches!(action, Action::EndTurn { .. })
        };
        if turn_counts {
            ghost.turns_ended = ghost.turns_ended.saturating_add(1);
        }
        ghost.removed = after.removed.len() as u8;
        if began {
            ghost.mates = riftcheck_properties::naive::mates(&self.catalog, after);
        }
        ghost
    }

    /// The actions offered in `state`, bounds applied: the union of what the engine and the
    /// spec list as well formed.
    pub fn offered(&self, state: &State<E>, out: &mut Vec<Action>) {
        if Self::is_final(state) {
            return;
        }
        let start = out.len();
        Self::well_formed(&state.pair, out);
        self.bound(state, out, start);
    }

    /// Actions that are not well formed, tried in the first state of a search beside the
    /// well-formed ones, so that the engine is seen to refuse them as the spec does: a card and
    /// a battlefield the game does not have (121, 168), a seat not at the table (478), a
    /// Standard Move of nothing (144.3) and one of a card that is not a unit (144), and the
    /// hiding of a card without Hidden (811).
    pub fn probes(&self, out: &mut Vec<Action>) {
        let cat = &self.catalog;
        let turn = self.first_view.turn.unwrap_or(riftcheck::Seat::A);
        out.push(Action::Play {
            seat: turn,
            card: riftcheck::CardId::from_index(cat.cards.len()),
            target: None,
            at: None,
        });
        out.push(Action::Choose {
            seat: turn,
            at: riftcheck::card::BattlefieldId::from_index(cat.battlefields.len()),
        });
        if let Some(absent) = riftcheck::Seat::ALL
            .into_iter()
            .find(|&s| !cat.mode.seats().contains(s))
        {
            out.push(Action::Pass { seat: absent });
        }
        out.push(Action::Move {
            seat: turn,
            units: riftcheck::card::CardSet::EMPTY,
            to: riftcheck::zone::Location::Base,
        });
        if let Some(c) = cat
            .card_ids()
            .find(|&c| cat.card(c).kind != riftcheck::card::CardKind::Unit)
        {
            out.push(Action::Move {
                seat: turn,
                units: [c].into_iter().collect(),
                to: riftcheck::zone::Location::Base,
            });
        }
        let in_hand = |c: riftcheck::CardId| {
            self.first_view.cards[c.index()].at == riftcheck::observation::Place::Hand(turn)
        };
        if let Some(c) = cat
            .card_ids()
            .find(|&c| in_hand(c) && !cat.card(c).hidden && cat.card(c).owner == turn)
            && !cat.battlefields.is_empty()
        {
            out.push(Action::Hide {
                seat: turn,
                card: c,
                at: riftcheck::card::BattlefieldId::from_index(0),
            });
        }
    }

    /// What the engine and the spec of `pair` list as well formed, in one list (appended to
    /// `out`): the actions offered, before the bounds. Where the two lists are the same (the
    /// usual case) it is that list, in its order; else their union, sorted, without repeats.
    pub fn well_formed(pair: &Lockstep<E, Spec>, out: &mut Vec<Action>) {
        let start = out.len();
        pair.engine.well_formed(out);
        let middle = out.len();
        pair.spec.well_formed(out);
        if out[start..middle] == out[middle..] {
            // Both list the same actions (the usual case): one list is the union.
            out.truncate(middle);
            return;
        }
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

    /// Drops from `out[start..]` the actions the bounds forbid in `state` (concessions,
    /// invitations and turns ended, as the ghost counts them).
    pub fn bound(&self, state: &State<E>, out: &mut Vec<Action>, start: usize) {
        let ghost = state.ghost;
        let bounds = self.bounds;
        let conceded = usize::from(ghost.removed).saturating_sub(self.removed_at_start);
        let mut kept = start;
        for i in start..out.len() {
            let a = out[i];
            let allowed = match a {
                Action::Concede { .. } => conceded < usize::from(bounds.concessions),
                Action::Invite { .. } => bounds.invites_allow(ghost.invites),
                Action::EndTurn { .. } => ghost.turns_ended < bounds.turns,
                _ => true,
            };
            if allowed {
                out[kept] = a;
                kept += 1;
            }
        }
        out.truncate(kept);
    }
}

/// The stateright property: no `always` property is broken on the transition into the state
/// (each is named in riftcheck's own reports, which read the verdicts in the ghost).
fn breaks_nothing<E: Engine<Riftbound>>(_: &RiftModel<E>, s: &State<E>) -> bool {
    !RiftModel::<E>::safety_violated(s)
}

impl<E: Engine<Riftbound>> Model for RiftModel<E> {
    type State = State<E>;
    type Action = Action;

    fn init_states(&self) -> Vec<State<E>> {
        vec![self.initial()]
    }

    /// The actions offered that are not refused by both the engine and the spec: the graph the
    /// searches walk, and what the Explorer lists (`riftcheck explore`).
    fn actions(&self, state: &State<E>, actions: &mut Vec<Action>) {
        let start = actions.len();
        self.offered(state, actions);
        let mut kept = start;
        for i in start..actions.len() {
            if !matches!(state.pair.refusal(actions[i]), Some(Ok(_))) {
                actions[kept] = actions[i];
                kept += 1;
            }
        }
        actions.truncate(kept);
    }

    fn next_state(&self, state: &State<E>, action: Action) -> Option<State<E>> {
        self.step(state, action).map(|t| t.state)
    }

    fn format_action(&self, action: &Action) -> String {
        action.display(&self.catalog).to_string()
    }

    fn format_step(&self, last: &State<E>, action: Action) -> Option<String> {
        let t = self.step(last, action)?;
        Some(
            t.events
                .iter()
                .map(|e| format!("{} ({})", e.display(&self.catalog), e.rule()))
                .collect::<Vec<_>>()
                .join("\n"),
        )
    }

    fn properties(&self) -> Vec<Property<Self>> {
        vec![Property::always(
            "every `always` property holds",
            breaks_nothing::<E>,
        )]
    }
}
