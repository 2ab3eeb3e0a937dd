//! The stateright model: an engine under test and the spec in lockstep, every well-formed action
//! either lists for the seats at the table, and the properties of [`riftcheck_properties`]. The
//! engine is any [`Engine`]; the reference engine ([`Game`]) by default.

use riftcheck::Riftbound;
use std::fmt;
use std::sync::Arc;

use riftcheck::oracle::{Lockstep, Spec};
use riftcheck::{Action, Catalog, Engine, Event, Game, Observation, Readings, Setup, SetupErrors};
use stateright::{Model, Property};

use riftcheck_checker::plug::{self, Plug, SeenSet};
use riftcheck_properties::{Ghost, Judging, Kind, Prop, PropSet, judge};

pub use crate::bounds::Bounds;
pub use riftcheck_checker::plug::Companions;

/// A state of Riftbound's model: the engine and the spec in lockstep, the ghost, what an
/// observer saw after the last step ([`plug::State`]).
pub type State<E = Game> = plug::State<RiftModel<E>>;

/// One transition of Riftbound's model ([`plug::Transition`]).
pub type Transition<E = Game> = plug::Transition<RiftModel<E>>;

/// What one step of Riftbound's model did ([`plug::StepOutcome`]).
pub type StepOutcome = plug::StepOutcome<Prop>;

/// What the caller of [`Plug::take`] lends one step of Riftbound's model.
pub type Lent<'a, E = Game> = plug::Lent<'a, RiftModel<E>>;

/// The model of one starting position.
#[derive(Clone)]
pub struct RiftModel<E: Engine<Riftbound> = Game> {
    /// A name for reports (`war/chain`).
    pub name: String,
    /// The starting position, with the fault the engine under test makes, if any.
    pub setup: Setup,
    /// The starting position as a counterexample's scenario shows it: as given, without the
    /// fault the engine was set to commit.
    pub written: Setup,
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
    pub seen: Arc<SeenSet<Prop>>,
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
            written: setup.clone(),
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
    fn engine_alone(
        &self,
        state: &State<E>,
        action: Action,
        next: &mut State<E>,
        events: Option<&mut Vec<Event>>,
    ) {
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
        if let Some(out) = events {
            out.append(&mut view.events);
        }
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
}

impl<E: Engine<Riftbound>> Plug for RiftModel<E> {
    type Action = Action;
    type Prop = Prop;
    type Pair = Lockstep<E, Spec>;
    type Ghost = Ghost;
    type View = Observation;
    type Event = Event;

    const AGREE: Prop = Prop::EngineAndSpecAgree;
    const NEVER_PANICS: Prop = Prop::EngineNeverPanics;
    const NO_CYCLES: Option<Prop> = Some(Prop::NoCycles);
    const RULES: &'static [&'static str] = crate::rules::RULES;

    /// The first state.
    fn initial(&self) -> State<E> {
        self.first.clone()
    }

    fn violated(ghost: &Ghost) -> PropSet {
        ghost.violated
    }

    fn over(ghost: &Ghost) -> bool {
        ghost.over
    }

    fn break_in(ghost: &mut Ghost, prop: Prop) {
        ghost.violated.insert(prop);
    }

    /// The countered items still on the Chain: what a step reads of the ghost (the property
    /// "a countered item never resolves" judges by them).
    fn memo_key(ghost: &Ghost) -> u128 {
        ghost.countered
    }

    fn kept_ghost(
        &self,
        state: &State<E>,
        action: Action,
        (after, memo_key, began): (&Observation, u128, bool),
    ) -> Ghost {
        let mut ghost = self.next_ghost(state, action, after, began);
        ghost.violated = PropSet::EMPTY;
        ghost.countered = memo_key;
        ghost
    }

    fn event_rule(event: &Event) -> &'static str {
        event.rule()
    }

    /// Companions seen so far.
    fn seen(&self) -> PropSet {
        self.seen.get()
    }

    /// What listing the actions of `pair` (the engine's and the spec's) said when it panicked;
    /// `None` if it does not. The step into a state whose actions cannot be listed breaks "the
    /// engine answers every action without a panic", as a step that panics does; a first
    /// state whose actions cannot be listed breaks it with no step at all.
    fn listing_panic(pair: &Lockstep<E, Spec>) -> Option<String> {
        riftcheck_checker::panics::guarded(|| Self::well_formed(pair, &mut Vec::new())).err()
    }

    fn name(&self) -> &str {
        &self.name
    }

    /// The observation as lines of text, and the verdicts.
    fn describe(state: &State<E>, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let catalog = state.pair.spec.catalog();
        write!(f, "{}", state.view.describe(catalog))?;
        let broken: Vec<&str> = Prop::ALL
            .iter()
            .filter(|p| p.kind() == Kind::Always && state.ghost.violated.contains(**p))
            .map(|p| p.name())
            .collect();
        if !broken.is_empty() {
            writeln!(f, "VIOLATED: {}", broken.join("; "))?;
        }
        Ok(())
    }

    /// The one step of Riftbound's model: offers `action` to the engine and the spec of `state`,
    /// and writes the state it leads to over `next` (whose room the depth-first search reuses for
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
    /// A panic in the step is not caught here: [`Plug::step`] catches it, and the
    /// depth-first search catches it around its whole run ([`riftcheck_checker::panics`]).
    fn take(
        &self,
        state: &State<E>,
        action: Action,
        next: &mut State<E>,
        lent: Lent<'_, E>,
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
            self.engine_alone(state, action, next, events);
            return StepOutcome::Disagreed {
                shown: PropSet::EMPTY,
            };
        }
        if Arc::get_mut(&mut next.view).is_none() {
            next.view = Arc::new(Observation::default());
        }
        let after = Arc::make_mut(&mut next.view);
        // The lockstep's one step, then what an observer sees of both compared.
        let taken = next.pair.take_both_into(action, after, theirs);
        let agreed = match taken {
            // Where both took it and an observer sees a difference, the engine's transition is
            // judged too.
            Ok(()) => after.first_difference(theirs, &self.catalog).is_none(),
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

    /// Actions that are not well formed, tried in the first state of a search beside the
    /// well-formed ones, so that the engine is seen to refuse them as the spec does: a card and
    /// a battlefield the game does not have (121, 168), a seat not at the table (478), a
    /// Standard Move of nothing (144.3) and one of a card that is not a unit (144), and the
    /// hiding of a card without Hidden (811).
    fn probes(&self, out: &mut Vec<Action>) {
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
    fn well_formed(pair: &Lockstep<E, Spec>, out: &mut Vec<Action>) {
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
    fn bound(&self, state: &State<E>, out: &mut Vec<Action>, start: usize) {
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
    !plug::safety_violated::<RiftModel<E>>(&s.ghost)
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
