//! A memo of what actions do to engine-and-spec pairs, for the depth-first search.
//!
//! A state of the model is a pair (the engine and the spec) and the checker's ghost record. The
//! ghost counts what the bounds count (turns ended, invitations, concessions), so one pair
//! stands in many states: in `war/chain` at `turns-begun=250,concessions=3`, 325,126 states hold
//! only 2,342 pairs. What an action does to a pair, and what the properties make of it, depends
//! on the pair, the action and the ghost's record of countered items, and on nothing else (the
//! engines are deterministic: a game is a function of its state and the action taken). So the
//! outcome of that triple is kept, and the next time the same triple comes up the transition is
//! the kept one: the same next pair, the same observation, the same verdicts, as if taken
//! afresh. Only the ghost's counters are worked out again. An outcome that broke a property
//! (a disagreement between the engine and the spec among them) is never kept, so every
//! violation is found by taking the action; nor need a kept one record companions, since
//! taking it the first time recorded them.
//!
//! The memo is a direct-mapped table of fixed size, one pair in each slot with the outcomes of
//! the actions tried from it (a newer pair replaces an older one in its slot), so it costs a
//! bounded amount of memory whatever the size of the search, and one lookup finds a state's
//! pair. Pairs are named by their 64-bit fingerprint, as states are in the set of visited
//! states.

use riftcheck::Riftbound;
use std::cell::Cell;
use std::hash::{BuildHasher, Hasher};
use std::sync::Arc;

use riftcheck::oracle::{Lockstep, Spec};
use riftcheck::{Action, Engine, Observation};

use crate::coverage::Cites;
use crate::fingerprint::Fixed;
use crate::model::{RiftModel, State, StepOutcome};
use riftcheck_properties::Ghost;

/// Slots in a search's memo, one pair (with its countered items) in each: with a pair's
/// outcomes at a few KB, some tens of MB for each search at most.
pub const SLOTS: usize = 1 << 14;

/// What both did with an action from a pair.
pub enum Outcome<E: Engine<Riftbound>> {
    /// Both refused it, for the same rule (cited, when the search records coverage).
    Refused(Cites),
    /// Both took it and saw the same.
    Taken(Box<Taken<E>>),
}

/// An action both took: the pair after it, and what else followed.
pub struct Taken<E: Engine<Riftbound>> {
    /// The pair after it.
    pub pair: Lockstep<E, Spec>,
    /// The rest.
    pub after: After,
}

/// What followed an action both took, beyond the next pair.
#[derive(Clone)]
pub struct After {
    /// The next pair's fingerprint.
    pub pair_fp: u64,
    /// What an observer saw after it, without the step's events.
    pub view: Arc<Observation>,
    /// The countered items still on the Chain after it.
    pub countered: u128,
    /// Whether a turn began in it (the bound `turns-begun` counts such).
    pub turn_began: bool,
    /// What it cited, when the search records coverage ([`crate::coverage`]).
    pub cites: Cites,
}

/// A pair with its countered items: the actions offered from it (before the bounds), and
/// what each action tried from it did.
struct Entry<E: Engine<Riftbound>> {
    pair_fp: u64,
    countered: u128,
    offered: Option<Vec<Action>>,
    outcomes: Vec<(Action, Outcome<E>)>,
}

/// The memo of one search.
pub struct Memo<E: Engine<Riftbound>> {
    slots: Vec<Option<Box<Entry<E>>>>,
    /// Lookups that found their outcome.
    pub hits: Cell<u64>,
    /// Lookups that did not.
    pub misses: Cell<u64>,
}

impl<E: Engine<Riftbound>> Memo<E> {
    /// An empty memo of [`SLOTS`] slots.
    pub fn new() -> Memo<E> {
        let mut slots = Vec::with_capacity(SLOTS);
        slots.resize_with(SLOTS, || None);
        Memo {
            slots,
            hits: Cell::new(0),
            misses: Cell::new(0),
        }
    }

    /// The slot of a pair with `countered` items countered (a search keeps it with the state).
    pub fn slot(pair_fp: u64, countered: u128) -> usize {
        let mut h = Fixed.build_hasher();
        h.write_u64(pair_fp);
        h.write_u128(countered);
        (h.finish() as usize) & (SLOTS - 1)
    }

    fn entry(&self, slot: usize, pair_fp: u64, countered: u128) -> Option<&Entry<E>> {
        match &self.slots[slot] {
            Some(e) if e.pair_fp == pair_fp && e.countered == countered => Some(e),
            _ => None,
        }
    }

    /// The outcome of `action` from the pair under `key` (its slot, [`Memo::slot`], its
    /// fingerprint and its countered items), if it is kept; `hint` is where it is likely to be
    /// among the pair's outcomes (the actions of a state are tried in the order offered).
    pub fn get(&self, key: (usize, u64, u128), action: Action, hint: usize) -> Option<&Outcome<E>> {
        let found = self.peek(key, action, hint);
        let counter = if found.is_some() {
            &self.hits
        } else {
            &self.misses
        };
        counter.set(counter.get() + 1);
        found
    }

    /// [`Memo::get`] without counting the lookup.
    pub fn peek(
        &self,
        key: (usize, u64, u128),
        action: Action,
        hint: usize,
    ) -> Option<&Outcome<E>> {
        let (slot, pair_fp, countered) = key;
        self.entry(slot, pair_fp, countered)
            .and_then(|e| match e.outcomes.get(hint) {
                Some((a, o)) if *a == action => Some(o),
                _ => e
                    .outcomes
                    .iter()
                    .find(|(a, _)| *a == action)
                    .map(|(_, o)| o),
            })
    }

    /// The actions offered from the pair before the bounds, if they are kept.
    pub fn offered(&self, slot: usize, pair_fp: u64, countered: u128) -> Option<&[Action]> {
        self.entry(slot, pair_fp, countered)
            .and_then(|e| e.offered.as_deref())
    }

    /// The pair's entry, the slot's former pair's dropped.
    fn entry_mut(&mut self, slot: usize, pair_fp: u64, countered: u128) -> &mut Entry<E> {
        let entry = self.slots[slot].get_or_insert_with(|| {
            Box::new(Entry {
                pair_fp,
                countered,
                offered: None,
                outcomes: Vec::new(),
            })
        });
        if entry.pair_fp != pair_fp || entry.countered != countered {
            entry.pair_fp = pair_fp;
            entry.countered = countered;
            entry.offered = None;
            entry.outcomes.clear();
        }
        entry
    }

    /// Keeps the actions offered from the pair before the bounds.
    pub fn keep_offered(&mut self, slot: usize, pair_fp: u64, countered: u128, offered: &[Action]) {
        self.entry_mut(slot, pair_fp, countered).offered = Some(offered.to_vec());
    }

    /// Keeps that both refused `action` from the pair.
    pub fn refused(
        &mut self,
        slot: usize,
        pair_fp: u64,
        countered: u128,
        action: Action,
        cites: Cites,
    ) {
        self.entry_mut(slot, pair_fp, countered)
            .outcomes
            .push((action, Outcome::Refused(cites)));
    }

    /// Keeps what followed when both took `action` from the pair: the next pair and the rest.
    pub fn taken(
        &mut self,
        key: (usize, u64, u128),
        action: Action,
        pair: &Lockstep<E, Spec>,
        after: After,
    ) {
        let (slot, pair_fp, countered) = key;
        let taken = Box::new(Taken {
            pair: pair.clone(),
            after,
        });
        self.entry_mut(slot, pair_fp, countered)
            .outcomes
            .push((action, Outcome::Taken(taken)));
    }
}

/// Lookups after which a memo that finds less than half of them is dropped.
pub const TRIAL: u64 = 1 << 14;

impl<E: Engine<Riftbound>> Memo<E> {
    /// Whether the memo pays its way: it is tried for [`TRIAL`] lookups, and kept if it found at
    /// least half of the outcomes looked up. (Where every state is a pair of its own, as in
    /// the removal families, it would only cost time and memory.)
    pub fn pays(&self) -> bool {
        let (hits, misses) = (self.hits.get(), self.misses.get());
        hits + misses < TRIAL || hits >= misses
    }
}

impl<E: Engine<Riftbound>> Default for Memo<E> {
    fn default() -> Memo<E> {
        Memo::new()
    }
}

/// A pair's key in the memo: its slot ([`Memo::slot`]), its fingerprint and its countered
/// items.
pub type Key = (usize, u64, u128);

impl<E: Engine<Riftbound>> Memo<E> {
    /// Keeps what [`RiftModel::take`] made of `action` from the pair under `key`, `next` being
    /// the state it wrote and `next_fp` the fingerprint of its pair (unread for a refusal): a
    /// refusal, or a transition both took that broke no property (one that broke a property,
    /// a disagreement among them, is never kept, so that every violation is found by taking
    /// the action). `cites` is what the step cited.
    pub fn keep(
        &mut self,
        key: Key,
        action: Action,
        outcome: StepOutcome,
        (next, next_fp): (&State<E>, u64),
        cites: Cites,
    ) {
        match outcome {
            StepOutcome::Refused(_) => self.refused(key.0, key.1, key.2, action, cites),
            StepOutcome::Agreed { began, .. } if next.ghost.violated.is_empty() => {
                let after = After {
                    pair_fp: next_fp,
                    view: Arc::clone(&next.view),
                    countered: next.ghost.countered,
                    turn_began: began,
                    cites,
                };
                self.taken(key, action, &next.pair, after);
            }
            StepOutcome::Agreed { .. } | StepOutcome::Disagreed { .. } => {}
        }
    }

    /// [`RiftModel::offered`], the actions before the bounds taken from the memo if kept there
    /// (and kept there if not).
    pub fn offered_by(
        &mut self,
        model: &RiftModel<E>,
        state: &State<E>,
        key: Key,
        out: &mut Vec<Action>,
    ) {
        if RiftModel::is_final(state) {
            return;
        }
        let (slot, pair_fp, countered) = key;
        let start = out.len();
        match self.offered(slot, pair_fp, countered) {
            Some(kept) => out.extend_from_slice(kept),
            None => {
                RiftModel::well_formed(&state.pair, out);
                self.keep_offered(slot, pair_fp, countered, &out[start..]);
            }
        }
        model.bound(state, out, start);
    }
}

/// The ghost after a kept transition: `action` from `state`, which led to `after` the first
/// time it was taken (and broke no property: such are not kept).
pub fn kept_ghost<E: Engine<Riftbound>>(
    model: &RiftModel<E>,
    state: &State<E>,
    action: Action,
    after: &After,
) -> Ghost {
    let mut ghost = model.next_ghost(state, action, &after.view, after.turn_began);
    ghost.violated = riftcheck_properties::PropSet::EMPTY;
    ghost.countered = after.countered;
    ghost
}

/// Writes into `next` the state a kept transition leads to, whose ghost is `ghost`
/// ([`kept_ghost`]).
pub fn materialize<E: Engine<Riftbound>>(next: &mut State<E>, taken: &Taken<E>, ghost: Ghost) {
    next.pair.clone_from(&taken.pair);
    next.ghost = ghost;
    next.view.clone_from(&taken.after.view);
}
