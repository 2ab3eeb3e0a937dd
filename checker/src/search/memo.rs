//! A memo of what actions do to engine-and-spec pairs, for the depth-first search.
//!
//! A state of the model is a pair (the engine and the spec) and the checker's ghost record. The
//! ghost counts what the bounds count (turns ended, invitations, concessions), so one pair
//! stands in many states: in `war/chain` at `turns-begun=250,concessions=3`, 325,126 states hold
//! only 2,342 pairs. What an action does to a pair, and what the properties make of it, depends
//! on the pair, the action and what else of the ghost the ruleset says a step reads
//! ([`Plug::memo_key`]: a record of countered items, say), and on nothing else (the
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

use std::cell::Cell;
use std::hash::{BuildHasher, Hasher};
use std::sync::Arc;

use crate::coverage::Cites;
use crate::fingerprint::Fixed;
use crate::plug::{Plug, State, StepOutcome};

/// Slots in a search's memo, one pair (with what beside it a step depends on) in each: with a pair's
/// outcomes at a few KB, some tens of MB for each search at most.
pub const SLOTS: usize = 1 << 14;

/// What both did with an action from a pair.
pub enum Outcome<M: Plug> {
    /// Both refused it, for the same rule (cited, when the search records coverage).
    Refused(Cites<M::Prop>),
    /// Both took it and saw the same.
    Taken(Box<Taken<M>>),
}

/// An action both took: the pair after it, and what else followed.
pub struct Taken<M: Plug> {
    /// The pair after it.
    pub pair: M::Pair,
    /// The rest.
    pub after: Kept<M>,
}

/// What followed an action both took and the memo kept, beyond the next pair: what
/// [`Plug::kept_ghost`] works the next ghost out from.
pub struct Kept<M: Plug> {
    /// The next pair's fingerprint.
    pub pair_fp: u64,
    /// What an observer saw after it, without the step's events.
    pub view: Arc<M::View>,
    /// The next ghost's [`Plug::memo_key`].
    pub memo_key: u128,
    /// Whether a turn began in it.
    pub began: bool,
    /// What it cited, when the search records coverage ([`crate::coverage`]).
    pub cites: crate::coverage::Cites<M::Prop>,
}

impl<M: Plug> Clone for Kept<M> {
    fn clone(&self) -> Self {
        Kept {
            pair_fp: self.pair_fp,
            view: Arc::clone(&self.view),
            memo_key: self.memo_key,
            began: self.began,
            cites: self.cites,
        }
    }
}

/// A pair with what beside it the step depends on: the actions offered from it (before the bounds), and
/// what each action tried from it did.
struct Entry<M: Plug> {
    pair_fp: u64,
    beside: u128,
    offered: Option<Vec<M::Action>>,
    outcomes: Vec<(M::Action, Outcome<M>)>,
}

/// The memo of one search.
pub struct Memo<M: Plug> {
    slots: Vec<Option<Box<Entry<M>>>>,
    /// Lookups that found their outcome.
    pub hits: Cell<u64>,
    /// Lookups that did not.
    pub misses: Cell<u64>,
}

impl<M: Plug> Memo<M> {
    /// An empty memo of [`SLOTS`] slots.
    pub fn new() -> Memo<M> {
        let mut slots = Vec::with_capacity(SLOTS);
        slots.resize_with(SLOTS, || None);
        Memo {
            slots,
            hits: Cell::new(0),
            misses: Cell::new(0),
        }
    }

    /// The slot of a pair with `beside` (a search keeps it with the state).
    pub fn slot(pair_fp: u64, beside: u128) -> usize {
        let mut h = Fixed.build_hasher();
        h.write_u64(pair_fp);
        h.write_u128(beside);
        (h.finish() as usize) & (SLOTS - 1)
    }

    fn entry(&self, slot: usize, pair_fp: u64, beside: u128) -> Option<&Entry<M>> {
        match &self.slots[slot] {
            Some(e) if e.pair_fp == pair_fp && e.beside == beside => Some(e),
            _ => None,
        }
    }

    /// The outcome of `action` from the pair under `key` (its slot, [`Memo::slot`], its
    /// fingerprint and what beside it the step depends on ([`Plug::memo_key`])), if it is kept; `hint` is where it is likely to be
    /// among the pair's outcomes (the actions of a state are tried in the order offered).
    pub fn get(
        &self,
        key: (usize, u64, u128),
        action: M::Action,
        hint: usize,
    ) -> Option<&Outcome<M>> {
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
        action: M::Action,
        hint: usize,
    ) -> Option<&Outcome<M>> {
        let (slot, pair_fp, beside) = key;
        self.entry(slot, pair_fp, beside)
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
    pub fn offered(&self, slot: usize, pair_fp: u64, beside: u128) -> Option<&[M::Action]> {
        self.entry(slot, pair_fp, beside)
            .and_then(|e| e.offered.as_deref())
    }

    /// The pair's entry, the slot's former pair's dropped.
    fn entry_mut(&mut self, slot: usize, pair_fp: u64, beside: u128) -> &mut Entry<M> {
        let entry = self.slots[slot].get_or_insert_with(|| {
            Box::new(Entry {
                pair_fp,
                beside,
                offered: None,
                outcomes: Vec::new(),
            })
        });
        if entry.pair_fp != pair_fp || entry.beside != beside {
            entry.pair_fp = pair_fp;
            entry.beside = beside;
            entry.offered = None;
            entry.outcomes.clear();
        }
        entry
    }

    /// Keeps the actions offered from the pair before the bounds.
    pub fn keep_offered(&mut self, slot: usize, pair_fp: u64, beside: u128, offered: &[M::Action]) {
        self.entry_mut(slot, pair_fp, beside).offered = Some(offered.to_vec());
    }

    /// Keeps that both refused `action` from the pair.
    pub fn refused(
        &mut self,
        slot: usize,
        pair_fp: u64,
        beside: u128,
        action: M::Action,
        cites: Cites<M::Prop>,
    ) {
        self.entry_mut(slot, pair_fp, beside)
            .outcomes
            .push((action, Outcome::Refused(cites)));
    }

    /// Keeps what followed when both took `action` from the pair: the next pair and the rest.
    pub fn taken(
        &mut self,
        key: (usize, u64, u128),
        action: M::Action,
        pair: &M::Pair,
        after: Kept<M>,
    ) {
        let (slot, pair_fp, beside) = key;
        let taken = Box::new(Taken {
            pair: pair.clone(),
            after,
        });
        self.entry_mut(slot, pair_fp, beside)
            .outcomes
            .push((action, Outcome::Taken(taken)));
    }
}

/// Lookups after which a memo that finds less than half of them is dropped.
pub const TRIAL: u64 = 1 << 14;

impl<M: Plug> Memo<M> {
    /// Whether the memo pays its way: it is tried for [`TRIAL`] lookups, and kept if it found at
    /// least half of the outcomes looked up. (Where every state is a pair of its own, as in
    /// the removal families, it would only cost time and memory.)
    pub fn pays(&self) -> bool {
        let (hits, misses) = (self.hits.get(), self.misses.get());
        hits + misses < TRIAL || hits >= misses
    }
}

impl<M: Plug> Default for Memo<M> {
    fn default() -> Memo<M> {
        Memo::new()
    }
}

/// A pair's key in the memo: its slot ([`Memo::slot`]), its fingerprint and what beside it
/// the step depends on.
pub type Key = (usize, u64, u128);

impl<M: Plug> Memo<M> {
    /// Keeps what [`Plug::take`] made of `action` from the pair under `key`, `next` being
    /// the state it wrote and `next_fp` the fingerprint of its pair (unread for a refusal): a
    /// refusal, or a transition both took that broke no property (one that broke a property,
    /// a disagreement among them, is never kept, so that every violation is found by taking
    /// the action). `cites` is what the step cited.
    pub fn keep(
        &mut self,
        key: Key,
        action: M::Action,
        outcome: StepOutcome<M::Prop>,
        (next, next_fp): (&State<M>, u64),
        cites: Cites<M::Prop>,
    ) {
        match outcome {
            StepOutcome::Refused(_) => self.refused(key.0, key.1, key.2, action, cites),
            StepOutcome::Agreed { began, .. } if next.violated().is_empty() => {
                let after = Kept {
                    pair_fp: next_fp,
                    view: Arc::clone(&next.view),
                    memo_key: M::memo_key(&next.ghost),
                    began,
                    cites,
                };
                self.taken(key, action, &next.pair, after);
            }
            StepOutcome::Agreed { .. } | StepOutcome::Disagreed { .. } => {}
        }
    }

    /// [`Plug::offered`], the actions before the bounds taken from the memo if kept there
    /// (and kept there if not).
    pub fn offered_by(&mut self, model: &M, state: &State<M>, key: Key, out: &mut Vec<M::Action>) {
        if M::is_final(state) {
            return;
        }
        let (slot, pair_fp, beside) = key;
        let start = out.len();
        match self.offered(slot, pair_fp, beside) {
            Some(kept) => out.extend_from_slice(kept),
            None => {
                M::well_formed(&state.pair, out);
                self.keep_offered(slot, pair_fp, beside, &out[start..]);
            }
        }
        model.bound(state, out, start);
    }
}

/// Writes into `next` the state a kept transition leads to, whose ghost is `ghost`
/// ([`Plug::kept_ghost`]).
pub fn materialize<M: Plug>(next: &mut State<M>, taken: &Taken<M>, ghost: M::Ghost) {
    next.pair.clone_from(&taken.pair);
    next.ghost = ghost;
    next.view.clone_from(&taken.after.view);
}
