//! The main search of a check: one depth-first pass over every state the bounds allow. The same
//! pass judges every property on every transition (the model's step does that), records the
//! companions seen, and proves that no sequence of actions returns to an earlier state: a
//! transition into a state still on the current path closes a cycle. Nothing is searched twice;
//! only a violation found here is searched for again, breadth-first, to shorten it.
//!
//! The depth-first core ([`Dfs`]) is shared with the search split between runs
//! ([`super::split`]), which decides differently what to do with each state reached.

use std::time::{Duration, Instant};

use riftcheck::{Action, Engine};

use super::fingerprint::{FpSet, fingerprint, pair_fingerprint, state_fingerprint};
use super::limits::{Budget, Cut};
use crate::memo::{Memo, Outcome};
use crate::model::{RiftModel, State};
use crate::properties::{Kind, Prop};

/// How far a search has got, for a progress line.
#[derive(Clone, Copy, Debug, Default)]
pub struct Progress {
    /// Transitions taken (states generated, repeats included).
    pub generated: usize,
    /// Distinct states.
    pub unique: usize,
    /// The longest path so far, in states.
    pub depth: usize,
    /// Time since the search began.
    pub elapsed: Duration,
}

/// What the main search found.
#[derive(Clone, Debug, Default)]
pub struct Exhausted {
    /// Transitions taken (states generated, repeats included).
    pub generated: usize,
    /// Distinct states, the first included.
    pub unique: usize,
    /// The longest path, in states (the first state alone is 1).
    pub depth: usize,
    /// Each `always` property broken, with the first path found to a state that breaks it, in
    /// the order of [`Prop::ALL`].
    pub violations: Vec<(Prop, Vec<Action>)>,
    /// A cycle: the actions to a state on it, then the actions around it.
    pub cycle: Option<(Vec<Action>, Vec<Action>)>,
    /// The limit that stopped the search before it covered every state.
    pub cut: Option<Cut>,
    /// Time taken.
    pub elapsed: Duration,
    /// Every distinct state's fingerprint, sorted, when the caller asked for them.
    pub fingerprints: Option<Vec<u64>>,
    /// Transitions (of `generated`) found in the memo rather than taken afresh.
    pub kept: usize,
}

/// Transitions between two calls of the progress reporter.
const REPORT_EVERY: usize = 1 << 12;

/// One state on the current path, with the actions still to try from it.
pub(super) struct Frame<E: Engine> {
    /// Boxed, so that a state is never copied on its way onto the path.
    pub state: Box<State<E>>,
    pub fp: u64,
    /// The fingerprint of the state's pair (the engine and the spec).
    pub pair_fp: u64,
    /// The pair's slot in the search's memo (0 when it keeps none).
    pub memo_slot: usize,
    pub actions: Vec<Action>,
    pub next: usize,
    pub via: Option<Action>,
}

impl<E: Engine> Frame<E> {
    /// A frame whose actions are all tried: it stands on the path and is never expanded.
    pub fn tried(state: State<E>, fp: u64, via: Option<Action>) -> Frame<E> {
        let pair_fp = pair_fingerprint(&state.pair);
        Frame {
            pair_fp,
            memo_slot: Memo::<E>::slot(pair_fp, state.ghost.countered),
            state: Box::new(state),
            fp,
            actions: Vec::new(),
            next: 0,
            via,
        }
    }
}

/// What the search does with a state a transition reaches that is not on the current path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Reach {
    /// Seen before (or left to another run): nothing more.
    Seen,
    /// New: count it and judge it, but explore nothing beyond it.
    Stop,
    /// New: explore it.
    Expand,
    /// New, but `--max-states` allows no more: the search stops.
    Full,
}

/// What a search decides, and hears of, as the depth-first core goes.
pub(super) trait Hooks {
    /// What to do with a state a transition reaches off the path: given the fingerprints of
    /// the state the transition leaves and of the state it reaches, the depth of the latter and
    /// the action. It keeps the count of distinct states, and says when the limit on them is
    /// reached.
    fn reach(&mut self, from: u64, fp: u64, depth: usize, action: Action) -> Reach;
    /// Distinct states so far.
    fn unique(&self) -> usize;
    /// A state goes on the path, to be expanded.
    fn pushed(&mut self, _fp: u64) {}
    /// A state leaves the path: everything beyond it has been explored.
    fn popped(&mut self, _fp: u64) {}
}

/// The depth-first core: the frames of the current path, the states on it, and what it found.
pub(super) struct Dfs<'m, E: Engine> {
    pub model: &'m RiftModel<E>,
    pub budget: &'m Budget,
    pub out: Exhausted,
    /// The properties found broken so far ([`Prop::bit`]).
    found: u64,
    on_path: FpSet,
    spare: Vec<Vec<Action>>,
    /// The room each transition is tried in (the states of frames popped are kept for reuse).
    rooms: Vec<Box<State<E>>>,
    /// What actions did to pairs, when the model allows it.
    memo: Option<Memo<E>>,
    started: Instant,
}

impl<'m, E: Engine> Dfs<'m, E> {
    pub fn new(model: &'m RiftModel<E>, budget: &'m Budget) -> Dfs<'m, E> {
        Dfs {
            model,
            budget,
            out: Exhausted {
                depth: 1,
                ..Exhausted::default()
            },
            found: 0,
            on_path: FpSet::default(),
            spare: Vec::new(),
            rooms: Vec::new(),
            memo: model.memo.then(Memo::new),
            started: Instant::now(),
        }
    }

    /// Records the violations `state` shows that were not found before, reached by `path`.
    pub fn record(&mut self, violated: u64, path: impl FnOnce() -> Vec<Action>) {
        let new = violated & !self.found;
        if new == 0 {
            return;
        }
        self.found |= new;
        let path = path();
        for &p in Prop::ALL {
            if p.kind() == Kind::Always && new & p.bit() != 0 {
                self.out.violations.push((p, path.clone()));
            }
        }
    }

    /// A frame for `state`, reached by `via`, with the actions offered in it (none if it is
    /// final).
    pub fn frame(&mut self, state: State<E>, fp: u64, via: Option<Action>) -> Frame<E> {
        let pair_fp = pair_fingerprint(&state.pair);
        self.boxed_frame(Box::new(state), fp, pair_fp, via)
    }

    fn boxed_frame(
        &mut self,
        state: Box<State<E>>,
        fp: u64,
        pair_fp: u64,
        via: Option<Action>,
    ) -> Frame<E> {
        let mut actions = self.spare.pop().unwrap_or_default();
        actions.clear();
        let mut memo_slot = 0;
        match &mut self.memo {
            Some(memo) => {
                memo_slot = Memo::<E>::slot(pair_fp, state.ghost.countered);
                let key = (memo_slot, pair_fp, state.ghost.countered);
                self.model.offered_memo(&state, key, memo, &mut actions);
            }
            None => self.model.offered(&state, &mut actions),
        }
        Frame {
            state,
            fp,
            pair_fp,
            memo_slot,
            actions,
            next: 0,
            via,
        }
    }

    /// Searches depth-first from the top of `stack` until the path is back down to `floor`
    /// frames (the frames below stand on the path but are not expanded), asking `hooks` what to
    /// do with each state reached. Stops early when a limit runs out (`out.cut`).
    pub fn run(
        &mut self,
        stack: &mut Vec<Frame<E>>,
        floor: usize,
        hooks: &mut impl Hooks,
        progress: &mut dyn FnMut(&Progress),
    ) {
        for f in stack.iter() {
            self.on_path.insert(f.fp);
        }
        let Some(first) = stack.last() else { return };
        let mut room = self
            .rooms
            .pop()
            .unwrap_or_else(|| Box::new(first.state.as_ref().clone()));
        while stack.len() > floor {
            let Some(top) = stack.last_mut() else { break };
            if top.next == top.actions.len() {
                self.on_path.remove(&top.fp);
                hooks.popped(top.fp);
                if let Some(frame) = stack.pop() {
                    self.spare.push(frame.actions);
                    self.rooms.push(frame.state);
                }
                continue;
            }
            let action = top.actions[top.next];
            top.next += 1;
            let from = top.fp;
            let key = (top.memo_slot, top.pair_fp, top.state.ghost.countered);
            let hint = top.next - 1;
            // The next state: in the room, or (a transition kept in the memo) only its pair's
            // fingerprint and its ghost, the pair written into the room only if it is new.
            let (pair_fp, ghost, in_room) = match &mut self.memo {
                Some(memo) => match memo.get(key, action, hint) {
                    Some(Outcome::Refused) => continue,
                    Some(Outcome::Taken(t)) => {
                        self.out.kept += 1;
                        let ghost = self.model.kept_ghost(&top.state, action, &t.after);
                        (t.after.pair_fp, ghost, false)
                    }
                    None => {
                        let model = self.model;
                        match model.step_fresh(&top.state, key, action, &mut room, memo) {
                            Some(fp) => (fp, room.ghost, true),
                            None => continue,
                        }
                    }
                },
                None => match self.model.step_into(&top.state, action, &mut room) {
                    Some(_) => (pair_fingerprint(&room.pair), room.ghost, true),
                    None => continue,
                },
            };
            self.out.generated += 1;
            if self.out.generated.is_multiple_of(REPORT_EVERY) {
                progress(&self.progress(hooks.unique()));
                if self.memo.as_ref().is_some_and(|m| !m.pays()) {
                    self.memo = None;
                }
            }
            if let Some(cut) = self.budget.expired(self.out.generated) {
                self.out.cut = Some(cut);
                break;
            }
            let fp = state_fingerprint(pair_fp, &ghost);
            if self.on_path.contains(&fp) {
                if self.out.cycle.is_none() {
                    // Back to a state on the path: from the frame holding it to the top, then
                    // this action, is a cycle.
                    let at = stack.iter().position(|f| f.fp == fp).unwrap_or(0);
                    let prefix = stack[1..=at].iter().filter_map(|f| f.via).collect();
                    let mut around: Vec<Action> =
                        stack[at + 1..].iter().filter_map(|f| f.via).collect();
                    around.push(action);
                    self.out.cycle = Some((prefix, around));
                }
                continue;
            }
            let depth = stack.len() + 1;
            let what = hooks.reach(from, fp, depth, action);
            match what {
                Reach::Seen => continue,
                Reach::Full => {
                    self.out.cut = Some(Cut::States);
                    break;
                }
                Reach::Stop | Reach::Expand => {}
            }
            if ghost.violated & !self.found != 0 {
                self.record(ghost.violated, || {
                    stack.iter().filter_map(|f| f.via).chain([action]).collect()
                });
            }
            self.out.depth = self.out.depth.max(depth);
            if what == Reach::Stop {
                continue;
            }
            if !in_room {
                // A new state a kept transition leads to: its pair goes into the room.
                match self.memo.as_ref().and_then(|m| m.peek(key, action, hint)) {
                    Some(Outcome::Taken(t)) => RiftModel::materialize(&mut room, t, ghost),
                    // Nothing is kept between the lookup and here, so this does not happen;
                    // were it to, the transition is taken afresh.
                    _ => {
                        if let Some(f) = stack.last() {
                            let _ = self.model.step_into(&f.state, action, &mut room);
                        }
                    }
                }
            }
            let next_room = match self.rooms.pop() {
                Some(r) => r,
                None => Box::new(room.as_ref().clone()),
            };
            let state = std::mem::replace(&mut room, next_room);
            let frame = self.boxed_frame(state, fp, pair_fp, Some(action));
            if frame.actions.is_empty() {
                // A final state: nothing to try from it, so it need not go on the path.
                self.spare.push(frame.actions);
                self.rooms.push(frame.state);
                continue;
            }
            self.on_path.insert(fp);
            hooks.pushed(fp);
            stack.push(frame);
        }
        self.rooms.push(room);
        for f in stack.iter() {
            self.on_path.remove(&f.fp);
        }
    }

    /// The progress so far, with `unique` distinct states.
    pub fn progress(&self, unique: usize) -> Progress {
        Progress {
            generated: self.out.generated,
            unique,
            depth: self.out.depth,
            elapsed: self.started.elapsed(),
        }
    }

    /// What the search found, with `unique` distinct states.
    pub fn finish(mut self, unique: usize, progress: &mut dyn FnMut(&Progress)) -> Exhausted {
        progress(&self.progress(unique));
        self.out.unique = unique;
        self.out.violations.sort_by_key(|(p, _)| *p as u8);
        self.out.elapsed = self.started.elapsed();
        self.out
    }
}

/// Explores every state of `model` depth-first within `budget`, calling `progress` every few
/// thousand transitions.
pub fn exhaust<E: Engine>(
    model: &RiftModel<E>,
    budget: &Budget,
    keep_fingerprints: bool,
    progress: &mut dyn FnMut(&Progress),
) -> Exhausted {
    /// One search's states: each is explored the first time it is reached.
    struct Visited<'b> {
        set: FpSet,
        budget: &'b Budget,
    }
    impl Hooks for Visited<'_> {
        fn reach(&mut self, _: u64, fp: u64, _: usize, _: Action) -> Reach {
            if self.budget.full(self.set.len()) {
                if self.set.contains(&fp) {
                    Reach::Seen
                } else {
                    Reach::Full
                }
            } else if self.set.insert(fp) {
                Reach::Expand
            } else {
                Reach::Seen
            }
        }
        fn unique(&self) -> usize {
            self.set.len()
        }
    }
    let mut dfs = Dfs::new(model, budget);
    let start = model.initial();
    let start_fp = fingerprint(&start);
    let mut visited = Visited {
        set: FpSet::default(),
        budget,
    };
    visited.set.insert(start_fp);
    dfs.record(start.ghost.violated, Vec::new);
    let first = dfs.frame(start, start_fp, None);
    let mut stack = vec![first];
    dfs.run(&mut stack, 0, &mut visited, progress);
    let unique = visited.set.len();
    let kept = keep_fingerprints.then(|| {
        let mut all: Vec<u64> = visited.set.into_iter().collect();
        all.sort_unstable();
        all
    });
    let mut out = dfs.finish(unique, progress);
    out.fingerprints = kept;
    out
}
