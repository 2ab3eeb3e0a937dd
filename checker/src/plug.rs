//! The ruleset as the plug: what a ruleset implements to be checked ([`Plug`]), in the shape of
//! stateright's `Model` (a first state, the actions offered in a state, the step an action
//! takes), and the types every search shares whatever the ruleset: a state of the model
//! ([`State`]), one step's outcome ([`StepOutcome`]), what a caller lends a step ([`Lent`]).
//!
//! A state is the ruleset's engine and spec in lockstep (its [`Plug::Pair`]), the checker's
//! ghost record beside them ([`Plug::Ghost`]: the verdicts on the path, what the bounds count),
//! and a cache of what an observer saw after the last step ([`Plug::View`]), which the next
//! step's properties read as "before" and which is no part of the state's identity.
//!
//! The depth-first search, its memo and its coverage, the breadth-first search for the shortest
//! counterexample, the search split between runs and the proof of a configuration are written
//! once, over this trait; each ruleset implements it in its own crate, and nothing in
//! the checker names either.

use std::fmt;
use std::hash::Hash;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

pub use riftcheck_core::{Kind, Property, Set};

/// A ruleset's model of one configuration, as the checker explores it.
pub trait Plug: Clone + Send + Sync + Sized + 'static {
    /// An action a player may take.
    type Action: Copy + Eq + Ord + Hash + fmt::Debug + Send + Sync + 'static;
    /// The ruleset's properties.
    type Prop: Property + Hash;
    /// The engine under test and the spec, after the same actions.
    type Pair: Clone + Eq + Hash + Send + Sync;
    /// What the checker records beside the pair: the verdicts on the step into the state, and
    /// what the bounds count.
    type Ghost: Copy + Eq + Hash + fmt::Debug + Send + Sync;
    /// What an observer sees of the engine's game, without the step's events.
    type View: Clone + Default + PartialEq + Send + Sync;
    /// What a step reports.
    type Event: Clone + Send + Sync;

    /// "The engine and the spec agree": broken by a step only one of them takes, or after which
    /// an observer sees them differ.
    const AGREE: Self::Prop;
    /// "The engine answers every action without a panic".
    const NEVER_PANICS: Self::Prop;
    /// The property a cycle in the state graph breaks, if the ruleset promises there is none.
    const NO_CYCLES: Option<Self::Prop>;
    /// Every rule number the ruleset's events, refusals and properties cite, in rule order:
    /// what rule coverage counts (`check --coverage`).
    const RULES: &'static [&'static str];

    /// The first state.
    fn initial(&self) -> State<Self>;

    /// What the engine and the spec of `pair` list as well formed, appended to `out`, before
    /// the bounds.
    fn well_formed(pair: &Self::Pair, out: &mut Vec<Self::Action>);

    /// Drops from `out[start..]` the actions the bounds forbid in `state`.
    fn bound(&self, state: &State<Self>, out: &mut Vec<Self::Action>, start: usize);

    /// Actions that are not well formed, tried in the first state beside the well-formed ones,
    /// so that the engine is seen to refuse them as the spec does.
    fn probes(&self, _out: &mut Vec<Self::Action>) {}

    /// The one step of the model: offers `action` to the engine and the spec of `state` and
    /// writes the state it leads to over `next` (a room the search reuses). The properties are
    /// judged on the step and kept in `next`'s ghost; the events are appended to `lent`'s if it
    /// asks for them (the view kept in `next` has none). Where both refuse the action for the
    /// same rule, `next` is left unspecified; where they disagree, `next` is a final state that
    /// breaks [`Plug::AGREE`]. A panic is not caught here: the searches catch it.
    fn take(
        &self,
        state: &State<Self>,
        action: Self::Action,
        next: &mut State<Self>,
        lent: Lent<'_, Self>,
    ) -> StepOutcome<Self::Prop>;

    /// The properties broken on the step into a state with this ghost.
    fn violated(ghost: &Self::Ghost) -> Set<Self::Prop>;

    /// Whether the game is over in a state with this ghost.
    fn over(ghost: &Self::Ghost) -> bool;

    /// The part of the ghost besides the pair that what an action does depends on (one ruleset's:
    /// the countered items still on the Chain): the memo keeps outcomes per pair and this key.
    fn memo_key(_ghost: &Self::Ghost) -> u128 {
        0
    }

    /// The ghost after a transition the memo kept: `action` from `state`, which the first
    /// time it was taken (breaking no property: such are not kept) led to what `after` shows,
    /// with a ghost of memo key `memo_key`, a turn beginning in it if `began`.
    fn kept_ghost(
        &self,
        state: &State<Self>,
        action: Self::Action,
        after: (&Self::View, u128, bool),
    ) -> Self::Ghost;

    /// The rule an event cites.
    fn event_rule(event: &Self::Event) -> &'static str;

    /// The companions ([`Kind::Sometimes`]) some transition of the model has shown so far.
    fn seen(&self) -> Set<Self::Prop>;

    /// What listing the actions of `pair` said when it panicked; `None` if it does not.
    fn listing_panic(pair: &Self::Pair) -> Option<String>;

    /// A configuration's name, for reports and for the salt of a split search.
    fn name(&self) -> &str;

    /// A state as lines of text (what an observer sees, and the verdicts), for `Debug`.
    fn describe(state: &State<Self>, f: &mut fmt::Formatter<'_>) -> fmt::Result;

    /// Whether a state ends exploration: the game is over, or an `always` property failed on
    /// the step into it (what follows a violation proves nothing).
    fn is_final(state: &State<Self>) -> bool {
        Self::over(&state.ghost) || safety_violated::<Self>(&state.ghost)
    }

    /// The actions offered in `state`, bounds applied: the union of what the engine and the
    /// spec list as well formed.
    fn offered(&self, state: &State<Self>, out: &mut Vec<Self::Action>) {
        if Self::is_final(state) {
            return;
        }
        let start = out.len();
        Self::well_formed(&state.pair, out);
        self.bound(state, out, start);
    }

    /// The successor of `state` by `action` ([`Plug::take`] into a new state, the step's
    /// events kept), or `None` if both refuse it for the same rule. A panic in the step is
    /// caught: a transition to `state`'s game in a final state that breaks
    /// [`Plug::NEVER_PANICS`].
    fn step(&self, state: &State<Self>, action: Self::Action) -> Option<Transition<Self>> {
        let mut next = state.clone();
        let mut events = Vec::new();
        let mut theirs = Self::View::default();
        let lent = Lent {
            theirs: &mut theirs,
            events: Some(&mut events),
            companions: Companions::Unseen,
        };
        let seen = match crate::panics::guarded(|| self.take(state, action, &mut next, lent)) {
            Ok(StepOutcome::Refused(_)) => return None,
            Ok(StepOutcome::Disagreed { shown }) => shown,
            Ok(StepOutcome::Agreed { shown, .. }) => {
                if !Self::is_final(&next) && Self::listing_panic(&next.pair).is_some() {
                    Self::break_in(&mut next.ghost, Self::NEVER_PANICS);
                }
                shown
            }
            Err(_) => {
                next = state.clone();
                Self::break_in(&mut next.ghost, Self::NEVER_PANICS);
                events.clear();
                Set::EMPTY
            }
        };
        Some(Transition {
            state: next,
            events,
            seen,
        })
    }

    /// Records in `ghost` that `prop` is broken on the step into its state.
    fn break_in(ghost: &mut Self::Ghost, prop: Self::Prop);

    /// What the step from `state` by `action`, or listing the actions of the state it leads
    /// to, said when it panicked; `None` if neither does.
    fn panic_at(&self, state: &State<Self>, action: Self::Action) -> Option<String> {
        let mut next = state.clone();
        let mut theirs = Self::View::default();
        let lent = Lent {
            theirs: &mut theirs,
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
}

/// Whether an `always` property is broken in `ghost`.
pub fn safety_violated<M: Plug>(ghost: &M::Ghost) -> bool {
    let broken = M::violated(ghost);
    !broken.is_empty()
        && M::Prop::ALL
            .iter()
            .any(|p| p.kind() == Kind::Always && broken.contains(*p))
}

/// A state of the model: the engine and the spec, the checker's ghost record; and, not part of
/// the state's identity, what an observer sees of the engine's game (a cache: the properties
/// of the next transition read it as "before").
pub struct State<M: Plug> {
    /// The engine and the spec.
    pub pair: M::Pair,
    /// Verdicts, the history properties need, and what the bounds count.
    pub ghost: M::Ghost,
    /// The engine's observation, without events.
    pub view: Arc<M::View>,
}

impl<M: Plug> Clone for State<M> {
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

impl<M: Plug> State<M> {
    /// A deterministic fingerprint of the state: the fingerprint of the pair
    /// ([`crate::fingerprint::pair_fingerprint`]) and the ghost, so that a search that knows
    /// a pair's fingerprint already (from its memo) need not hash the pair again.
    pub fn fingerprint(&self) -> u64 {
        crate::fingerprint::state_fingerprint(
            crate::fingerprint::pair_fingerprint(&self.pair),
            &self.ghost,
        )
    }

    /// Copies `source`'s pair and ghost in place, leaving this state's view as it is (the
    /// search overwrites it, reusing its room, when it takes the transition).
    pub fn copy_game_from(&mut self, source: &Self) {
        self.pair.clone_from(&source.pair);
        self.ghost = source.ghost;
    }

    /// The properties broken on the step into this state.
    pub fn violated(&self) -> Set<M::Prop> {
        M::violated(&self.ghost)
    }
}

impl<M: Plug> fmt::Debug for State<M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        M::describe(self, f)
    }
}

impl<M: Plug> PartialEq for State<M> {
    fn eq(&self, other: &Self) -> bool {
        self.pair == other.pair && self.ghost == other.ghost
    }
}

impl<M: Plug> Eq for State<M> {}

impl<M: Plug> Hash for State<M> {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.pair.hash(h);
        self.ghost.hash(h);
    }
}

/// One transition: the next state, the events, and the companions it showed.
pub struct Transition<M: Plug> {
    /// The next state.
    pub state: State<M>,
    /// The events the engine reported.
    pub events: Vec<M::Event>,
    /// Companion situations it showed for the first time in this model: a transition is not
    /// judged on companions some transition showed before.
    pub seen: Set<M::Prop>,
}

/// What one step of the model did ([`Plug::take`]).
#[derive(Debug, PartialEq, Eq)]
pub enum StepOutcome<P: Property> {
    /// The engine and the spec both refused the action, for this rule.
    Refused(&'static str),
    /// They disagree, about refusing the action or about what follows it: the state reached
    /// breaks "the engine and the spec agree". The companions the engine's transition showed
    /// first, where both took the action.
    Disagreed {
        /// Companions shown for the first time.
        shown: Set<P>,
    },
    /// Both took the action and an observer sees the same of both.
    Agreed {
        /// Companions shown for the first time.
        shown: Set<P>,
        /// Whether a turn began in it.
        began: bool,
    },
}

impl<P: Property> Clone for StepOutcome<P> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<P: Property> Copy for StepOutcome<P> {}

/// What the caller of [`Plug::take`] lends it for one step.
pub struct Lent<'a, M: Plug> {
    /// The room the spec's observation is written in (the depth-first search reuses one for
    /// every step it takes; what it held before is overwritten).
    pub theirs: &'a mut M::View,
    /// Where the step's events are appended, if the caller wants them.
    pub events: Option<&'a mut Vec<M::Event>>,
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

/// The companions some transition has shown, shared by the threads of a search: the set's two
/// words ([`Set::words`]), each added to with an atomic or.
pub struct SeenSet<P>([AtomicU64; 2], std::marker::PhantomData<fn() -> P>);

impl<P> Default for SeenSet<P> {
    fn default() -> Self {
        SeenSet(Default::default(), std::marker::PhantomData)
    }
}

impl<P> fmt::Debug for SeenSet<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("SeenSet").field(&self.0).finish()
    }
}

impl<P> SeenSet<P> {
    /// Adds `shown`.
    pub fn add(&self, shown: Set<P>) {
        for (word, bits) in self.0.iter().zip(shown.words()) {
            if bits != 0 {
                word.fetch_or(bits, Ordering::Relaxed);
            }
        }
    }

    /// Every companion added so far.
    pub fn get(&self) -> Set<P> {
        Set::from_words(self.0.each_ref().map(|w| w.load(Ordering::Relaxed)))
    }
}
