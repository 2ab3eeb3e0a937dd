//! The stateright model: the engine and the spec in lockstep, every well-formed action for the
//! seats at the table, and the properties of [`crate::properties`].

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use riftcheck::oracle::{Disagreement, Lockstep};
use riftcheck::{Action, Event, Game, Observation as View};
use stateright::{Model, Property};

use crate::properties::{Ghost, Kind, Prop, Step, item_bit, judge};

/// Bounds that make the state graph finite and acyclic.
///
/// Cards are played once and abilities cost "exhaust", so within a turn every action uses
/// something up or moves a round of passes on; what is left is bounded here.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Bounds {
    /// Turns that may end (0: only the first turn is played).
    pub turns: u8,
    /// Players who may concede in a game (beyond those removed in the setup).
    pub concessions: u8,
    /// Invitations per turn (Magma Chamber): an invitation handed straight back returns the
    /// game to where it was.
    pub invites: u8,
}

impl Default for Bounds {
    fn default() -> Bounds {
        Bounds {
            turns: 1,
            concessions: 1,
            invites: 1,
        }
    }
}

/// A state of the model: the engine, the spec, and the checker's ghost record.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct State {
    /// The engine and the spec.
    pub pair: Lockstep,
    /// Verdicts and the history properties need.
    pub ghost: Ghost,
}

impl State {
    /// The engine's game.
    pub fn game(&self) -> &Game {
        &self.pair.game
    }
}

impl fmt::Debug for State {
    /// The observation, as the Explorer shows it, and the verdicts.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let g = &self.pair.game;
        write!(f, "{}", g.observe().describe(g.catalog()))?;
        let broken: Vec<&str> = Prop::ALL
            .iter()
            .filter(|p| p.kind() == Kind::Always && self.ghost.violated & p.bit() != 0)
            .map(|p| p.name())
            .collect();
        if !broken.is_empty() {
            writeln!(f, "VIOLATED: {}", broken.join("; "))?;
        }
        Ok(())
    }
}

/// The model of one starting position.
#[derive(Clone)]
pub struct RiftModel {
    /// A name for reports (`war/chain`).
    pub name: String,
    /// The starting position.
    pub start: Game,
    /// The bounds.
    pub bounds: Bounds,
    /// Companion situations seen by any transition so far (a side record, so that states stay
    /// free of history).
    pub seen: Arc<AtomicU64>,
}

/// One transition: the next state, the events, and the companions it showed.
pub struct Transition {
    /// The next state.
    pub state: State,
    /// The events the engine reported.
    pub events: Vec<Event>,
    /// Companion situations it showed ([`Prop::bit`]).
    pub seen: u64,
}

/// Whether the player who should act can: the Priority holder's pass (or end of turn), or the
/// chooser's choice, is accepted by the engine.
fn someone_can_act(game: &Game, view: &View) -> bool {
    if view.winners.is_some() {
        return true;
    }
    if let Some(choice) = view.awaiting {
        let seat = choice.seat();
        return game.legal_actions().iter().any(|a| {
            a.seat() == seat && matches!(a, Action::Place { .. } | Action::Choose { .. })
        });
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
    .any(|a| game.check(a).is_ok())
}

impl RiftModel {
    /// A model of `start` under `bounds`.
    pub fn new(name: impl Into<String>, start: Game, bounds: Bounds) -> RiftModel {
        RiftModel {
            name: name.into(),
            start,
            bounds,
            seen: Arc::new(AtomicU64::new(0)),
        }
    }

    /// Companions seen so far.
    pub fn seen(&self) -> u64 {
        self.seen.load(Ordering::Relaxed)
    }

    /// The first state.
    pub fn initial(&self) -> State {
        let pair = Lockstep::new(self.start.clone());
        let mut ghost = Ghost::default();
        let view = pair.game.observe();
        let (violated, seen) = judge(None, pair.game.catalog(), &view, &ghost);
        ghost.violated = violated;
        self.seen.fetch_or(seen, Ordering::Relaxed);
        if view
            .first_difference(&pair.spec.observe(), pair.game.catalog())
            .is_some()
        {
            ghost.violated |= Prop::EngineAndSpecAgree.bit();
        }
        State { pair, ghost }
    }

    /// Whether a state ends exploration: the game is over, or a safety property failed there
    /// (what follows a violation proves nothing).
    pub fn is_final(state: &State) -> bool {
        state.pair.game.is_over() || Self::safety_violated(state)
    }

    /// Whether an `always` property failed on the transition into this state.
    pub fn safety_violated(state: &State) -> bool {
        Prop::ALL
            .iter()
            .any(|p| p.kind() == Kind::Always && state.ghost.violated & p.bit() != 0)
    }

    /// The successor of `state` by `action`, or `None` if both the engine and the spec refuse
    /// it. A disagreement between them is a transition to a final state that violates "the
    /// engine and the spec agree".
    pub fn step(&self, state: &State, action: Action) -> Option<Transition> {
        let engine_ok = state.pair.game.check(action).is_ok();
        let spec_ok = state.pair.spec.check(action).is_ok();
        if !engine_ok && !spec_ok {
            return None;
        }
        let mut next = state.clone();
        let before = state.pair.game.observe();
        let (events, disagreed) = match next.pair.step(action) {
            Ok(Some(events)) => (events, false),
            Ok(None) => return None,
            Err(Disagreement::ViewsDiffer(_)) => {
                // Both took the action; judge the engine's transition too, so the properties it
                // breaks are named alongside the disagreement.
                let events = state.pair.game.clone().apply(action).unwrap_or_default();
                (events, true)
            }
            Err(_) => {
                next.ghost.violated |= Prop::EngineAndSpecAgree.bit();
                return Some(Transition {
                    state: next,
                    events: Vec::new(),
                    seen: 0,
                });
            }
        };
        let after = next.pair.game.observe();
        let game = &next.pair.game;
        let (violated, seen) = {
            let step = Step {
                catalog: game.catalog(),
                readings: game.readings().without_faults(),
                before: &before,
                action,
                events: &events,
                after: &after,
                someone_can_act: someone_can_act(game, &after),
            };
            judge(Some(&step), game.catalog(), &after, &state.ghost)
        };
        next.ghost.violated = violated;
        if disagreed {
            next.ghost.violated |= Prop::EngineAndSpecAgree.bit();
        }
        // Keep the countered items that are still on the Chain (none, unless the engine errs).
        let mut countered = state.ghost.countered;
        for e in &events {
            if let Event::Countered { item } = e {
                countered |= item_bit(*item);
            }
        }
        let on_chain: u128 = after
            .chain
            .iter()
            .map(|i| item_bit(i.item))
            .fold(0, |a, b| a | b);
        next.ghost.countered = countered & on_chain;
        if countered & on_chain != 0 {
            next.ghost.violated |= Prop::CounteredNeverResolves.bit();
        }
        match action {
            Action::Invite { .. } => next.ghost.invites += 1,
            Action::EndTurn { .. } => next.ghost.invites = 0,
            _ => {}
        }
        self.seen.fetch_or(seen, Ordering::Relaxed);
        Some(Transition {
            state: next,
            events,
            seen,
        })
    }

    /// The actions offered in `state`, bounds applied.
    pub fn offered(&self, state: &State, out: &mut Vec<Action>) {
        if Self::is_final(state) {
            return;
        }
        let game = &state.pair.game;
        let start = out.len();
        game.well_formed_into(out);
        let ghost = state.ghost;
        let bounds = self.bounds;
        let turns = game.turns();
        let conceded = game.removed().len() - self.start.removed().len();
        let mut kept = start;
        for i in start..out.len() {
            let a = out[i];
            let allowed = match a {
                Action::Concede { .. } => conceded < usize::from(bounds.concessions),
                Action::Invite { .. } => ghost.invites < bounds.invites,
                Action::EndTurn { .. } => turns < bounds.turns,
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

/// `holds::<I>` reads the verdict on property `I`: the stateright properties are these
/// functions, one per property of [`Prop::ALL`].
fn holds<const I: u8>(_: &RiftModel, s: &State) -> bool {
    s.ghost.violated & (1u64 << I) == 0
}

fn condition_for(p: Prop) -> fn(&RiftModel, &State) -> bool {
    macro_rules! table {
        ($f:ident; $($i:literal)*) => {
            match p as u8 {
                $( $i => $f::<$i>, )*
                _ => $f::<63>,
            }
        };
    }
    table!(holds; 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63)
}

/// The stateright property for an `always` property `p`.
pub fn property(p: Prop) -> Property<RiftModel> {
    Property::always(p.name(), condition_for(p))
}

impl Model for RiftModel {
    type State = State;
    type Action = Action;

    fn init_states(&self) -> Vec<State> {
        vec![self.initial()]
    }

    fn actions(&self, state: &State, actions: &mut Vec<Action>) {
        self.offered(state, actions);
    }

    fn next_state(&self, state: &State, action: Action) -> Option<State> {
        self.step(state, action).map(|t| t.state)
    }

    fn format_action(&self, action: &Action) -> String {
        action.display(self.start.catalog()).to_string()
    }

    fn format_step(&self, last: &State, action: Action) -> Option<String> {
        let t = self.step(last, action)?;
        let cat = self.start.catalog();
        Some(
            t.events
                .iter()
                .map(|e| format!("{} ({})", e.display(cat), e.rule()))
                .collect::<Vec<_>>()
                .join("\n"),
        )
    }

    fn properties(&self) -> Vec<Property<Self>> {
        Prop::ALL
            .iter()
            .filter(|p| p.kind() == Kind::Always)
            .map(|&p| property(p))
            .collect()
    }
}

const _: () = assert!(Prop::ALL.len() <= 64, "properties are kept in a u64");
