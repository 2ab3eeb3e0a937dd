//! The main search of a check: one depth-first pass over every state the bounds allow. The same
//! pass judges every property on every transition (the model's step does that), records the
//! companions seen, and proves that no sequence of actions returns to an earlier state: a
//! transition into a state still on the current path closes a cycle. Nothing is searched twice;
//! only a violation found here is searched for again, breadth-first, to shorten it.
//!
//! The depth-first core (`Dfs`) is shared with the search split between runs
//! ([`split`](mod@super::split)), which decides differently what to do with each state reached.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex};
use std::time::{Duration, Instant};

use super::layers::Layers;
use super::limits::{Budget, Cut};
use super::memo::{self, Key, Memo, Outcome};
use super::shared::{Colors, Found};
use crate::coverage::{Cites, Counts};
use crate::fingerprint::{FpSet, pair_fingerprint, state_fingerprint};
use crate::plug::{Companions, Lent, Plug, Set, State, StepOutcome};
use crate::plug::{Kind, Property};
pub use crate::progress::Progress;

/// A cycle of the state graph: the actions to a state on it, then the actions around it.
pub type Cycle<A> = (Vec<A>, Vec<A>);

/// What the main search found.
#[derive(Clone, Debug)]
pub struct Exhausted<P, A> {
    /// Transitions taken (states generated, repeats included).
    pub generated: usize,
    /// Distinct states, the first included.
    pub unique: usize,
    /// The longest path, in states (the first state alone is 1).
    pub depth: usize,
    /// Each `always` property broken, with the first path found to a state that breaks it, in
    /// the order of the ruleset's list of properties.
    pub violations: Vec<(P, Vec<A>)>,
    /// A cycle: the actions to a state on it, then the actions around it.
    pub cycle: Option<Cycle<A>>,
    /// The limit that stopped the search before it covered every state.
    pub cut: Option<Cut>,
    /// Time taken.
    pub elapsed: Duration,
    /// Every distinct state's fingerprint, sorted, when the caller asked for them.
    pub fingerprints: Option<Vec<u64>>,
    /// Transitions (of `generated`) found in the memo rather than taken afresh.
    pub kept: usize,
    /// What the transitions tried cited, when the model records coverage.
    pub coverage: Option<Counts>,
}

impl<P, A> Default for Exhausted<P, A> {
    fn default() -> Self {
        Exhausted {
            generated: 0,
            unique: 0,
            depth: 0,
            violations: Vec::new(),
            cycle: None,
            cut: None,
            elapsed: Duration::ZERO,
            fingerprints: None,
            kept: 0,
            coverage: None,
        }
    }
}

/// Transitions between two calls of the progress reporter.
const REPORT_EVERY: usize = 1 << 12;

/// One state on the current path, with the actions still to try from it.
pub(super) struct Frame<M: Plug> {
    /// Boxed, so that a state is never copied on its way onto the path.
    pub state: Box<State<M>>,
    pub fp: u64,
    /// The fingerprint of the state's pair (the engine and the spec).
    pub pair_fp: u64,
    /// The pair's slot in the search's memo (0 when it keeps none).
    pub memo_slot: usize,
    pub actions: Vec<M::Action>,
    pub next: usize,
    pub via: Option<M::Action>,
    /// Transitions taken from it so far, and of those, found in the memo: counted for the
    /// search by the worker that leaves the state first ([`Hooks::popped`]), so that the counts
    /// do not depend on how many workers search.
    pub taken: u32,
    pub kept: u32,
    /// The greatest height ([`Hooks::popped`]) of the states its transitions tried so far lead
    /// to.
    pub height: u16,
}

impl<M: Plug> Frame<M> {
    /// A frame whose actions are all tried: it stands on the path and is never expanded.
    pub fn tried(state: State<M>, fp: u64, via: Option<M::Action>) -> Frame<M> {
        let pair_fp = pair_fingerprint(&state.pair);
        Frame {
            pair_fp,
            memo_slot: Memo::<M>::slot(pair_fp, M::memo_key(&state.ghost)),
            state: Box::new(state),
            fp,
            actions: Vec::new(),
            next: 0,
            via,
            height: 0,
            taken: 0,
            kept: 0,
        }
    }
}

/// What the search does with a state a transition reaches that is not on the current path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Reach {
    /// Seen before (or left to another run): nothing more. Its height, where the search knows
    /// it (0 where it does not).
    Seen(u16),
    /// New: count it and judge it, but explore nothing beyond it.
    Stop,
    /// New: explore it.
    Expand,
    /// Reached before by another worker of the same search that has not left it yet: explore
    /// it too (its transitions are that worker's to count), so that a cycle through it cannot
    /// go unseen.
    Reenter,
    /// New, but `--max-states` allows no more: the search stops.
    Full,
}

/// What a search decides, and hears of, as the depth-first core goes.
pub(super) trait Hooks<A> {
    /// What to do with a state a transition reaches off the path: given the fingerprints of
    /// the state the transition leaves and of the state it reaches, the depth of the latter and
    /// the action. It keeps the count of distinct states, and says when the limit on them is
    /// reached.
    fn reach(&mut self, from: u64, fp: u64, depth: usize, action: A) -> Reach;
    /// Distinct states so far.
    fn unique(&self) -> usize;
    /// A state goes on the path, to be expanded.
    fn pushed(&mut self, _fp: u64) {}
    /// A state leaves the path: everything beyond it has been explored, and the longest path
    /// from it has `height` states. Whether this is the first time it is left (its
    /// transitions are then counted).
    fn popped(&mut self, _fp: u64, _height: u16) -> bool {
        true
    }
    /// A new state with nothing to try from it (a final state) is left at once, never going on
    /// the path.
    fn leaf(&mut self, _fp: u64) {}
}

/// The depth-first core: the frames of the current path, the states on it, and what it found.
pub(super) struct Dfs<'m, M: Plug> {
    pub model: &'m M,
    pub budget: &'m Budget,
    pub out: Exhausted<M::Prop, M::Action>,
    /// The properties found broken so far.
    found: Set<M::Prop>,
    on_path: FpSet,
    spare: Vec<Vec<M::Action>>,
    /// The room each transition is tried in (the states of frames popped are kept for reuse).
    rooms: Vec<Box<State<M>>>,
    /// What actions did to pairs, when the model allows it.
    memo: Option<Memo<M>>,
    /// What the transitions tried cited, when the search records coverage.
    coverage: Option<Counts>,
    /// The room the events of a step are written in, when the search records coverage.
    events: Vec<M::Event>,
    /// The room the spec's observation of each step is written in.
    theirs: M::View,
    started: Instant,
    /// Try each state's actions last to first: a second worker of the same search starts from
    /// the other end, so that the two part ways at once.
    pub reverse: bool,
    /// Set when the search is over for every worker (completed, or cut by one of them).
    pub stop: Option<&'m AtomicBool>,
    /// Transitions tried, owned or not: the clock of the limits.
    ticks: usize,
    /// The new state whose actions are being listed, while they are.
    entering: Option<u64>,
}

impl<'m, M: Plug> Dfs<'m, M> {
    pub fn new(model: &'m M, budget: &'m Budget, layers: Layers) -> Dfs<'m, M> {
        Dfs {
            model,
            budget,
            out: Exhausted {
                depth: 1,
                ..Exhausted::default()
            },
            found: Set::EMPTY,
            on_path: FpSet::default(),
            spare: Vec::new(),
            rooms: Vec::new(),
            memo: layers.memo.then(Memo::new),
            coverage: layers.coverage.then(Counts::new::<M>),
            events: Vec::new(),
            theirs: M::View::default(),
            started: Instant::now(),
            reverse: false,
            stop: None,
            ticks: 0,
            entering: None,
        }
    }

    /// Records the violations `state` shows that were not found before, reached by `path`.
    pub fn record(&mut self, violated: Set<M::Prop>, path: impl FnOnce() -> Vec<M::Action>) {
        let new = violated.difference(self.found);
        if new.is_empty() {
            return;
        }
        self.found = self.found.union(new);
        let path = path();
        for &p in M::Prop::ALL {
            if p.kind() == Kind::Always && new.contains(p) {
                self.out.violations.push((p, path.clone()));
            }
        }
    }

    /// A frame for `state`, reached by `via`, with the actions offered in it (none if it is
    /// final).
    pub fn frame(&mut self, state: State<M>, fp: u64, via: Option<M::Action>) -> Frame<M> {
        let pair_fp = pair_fingerprint(&state.pair);
        self.boxed_frame(Box::new(state), fp, pair_fp, via)
    }

    fn boxed_frame(
        &mut self,
        state: Box<State<M>>,
        fp: u64,
        pair_fp: u64,
        via: Option<M::Action>,
    ) -> Frame<M> {
        let mut actions = self.spare.pop().unwrap_or_default();
        actions.clear();
        let mut memo_slot = 0;
        match &mut self.memo {
            Some(memo) => {
                memo_slot = Memo::<M>::slot(pair_fp, M::memo_key(&state.ghost));
                let key = (memo_slot, pair_fp, M::memo_key(&state.ghost));
                memo.offered_by(self.model, &state, key, &mut actions);
            }
            None => self.model.offered(&state, &mut actions),
        }
        if via.is_none() && !actions.is_empty() {
            self.model.probes(&mut actions);
        }
        Frame {
            state,
            fp,
            pair_fp,
            memo_slot,
            actions,
            next: 0,
            via,
            height: 0,
            taken: 0,
            kept: 0,
        }
    }

    /// Searches depth-first from the top of `stack` until the path is back down to `floor`
    /// frames (the frames below stand on the path but are not expanded), asking `hooks` what to
    /// do with each state reached. Stops early when a limit runs out (`out.cut`), or when
    /// [`Dfs::stop`] is set.
    ///
    /// An engine's panic is caught around the whole run, which costs nothing per step
    /// ([`crate::panics`]): the transition tried breaks "the engine answers every action without
    /// a panic", its state is left as final, and the search goes on from the same path.
    pub fn run(
        &mut self,
        stack: &mut Vec<Frame<M>>,
        floor: usize,
        hooks: &mut impl Hooks<M::Action>,
        progress: &mut dyn FnMut(&Progress),
    ) {
        while crate::panics::guarded(|| self.run_unguarded(stack, floor, hooks, progress)).is_err()
        {
            let Some(top) = stack.last() else { return };
            let Some(tried) = top.next.checked_sub(1) else {
                return;
            };
            let at = if self.reverse {
                top.actions.len() - 1 - tried
            } else {
                tried
            };
            let action = top.actions[at];
            if let Some(fp) = self.entering.take() {
                hooks.leaf(fp);
            }
            let mut broken = Set::EMPTY;
            broken.insert(M::NEVER_PANICS);
            self.record(broken, || {
                stack.iter().filter_map(|f| f.via).chain([action]).collect()
            });
        }
    }

    fn run_unguarded(
        &mut self,
        stack: &mut Vec<Frame<M>>,
        floor: usize,
        hooks: &mut impl Hooks<M::Action>,
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
            if self.stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
                break;
            }
            let Some(top) = stack.last_mut() else { break };
            if top.next == top.actions.len() {
                self.leave_top(stack, hooks);
                continue;
            }
            let at = if self.reverse {
                top.actions.len() - 1 - top.next
            } else {
                top.next
            };
            let action = top.actions[at];
            top.next += 1;
            let from = top.fp;
            let key = (top.memo_slot, top.pair_fp, M::memo_key(&top.state.ghost));
            let hint = top.next - 1;
            // The next state: in the room, or (a transition kept in the memo) only its pair's
            // fingerprint and its ghost, the pair written into the room only if it is new.
            let next = self.try_action(&top.state, key, action, hint, &mut room);
            if next.as_ref().is_some_and(|n| !n.2) {
                top.kept += 1;
            }
            let Some((pair_fp, ghost, in_room)) = next else {
                continue;
            };
            if let Some(top) = stack.last_mut() {
                top.taken += 1;
            }
            self.ticks += 1;
            if self.ticks.is_multiple_of(REPORT_EVERY) {
                progress(&self.progress(hooks.unique()));
                if self.memo.as_ref().is_some_and(|m| !m.pays()) {
                    self.memo = None;
                }
            }
            if let Some(cut) = self.budget.expired(self.ticks) {
                self.out.cut = Some(cut);
                break;
            }
            let fp = state_fingerprint(pair_fp, &ghost);
            if self.on_path.contains(&fp) {
                self.close_cycle(stack, fp, action);
                continue;
            }
            let depth = stack.len() + 1;
            let what = hooks.reach(from, fp, depth, action);
            match what {
                Reach::Seen(height) => {
                    if let Some(top) = stack.last_mut() {
                        top.height = top.height.max(height);
                    }
                    continue;
                }
                Reach::Full => {
                    self.out.cut = Some(Cut::States);
                    break;
                }
                Reach::Stop | Reach::Expand | Reach::Reenter => {}
            }
            if !M::violated(&ghost).difference(self.found).is_empty() {
                self.record(M::violated(&ghost), || {
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
                    Some(Outcome::Taken(t)) => memo::materialize(&mut room, t, ghost),
                    // Nothing is kept between the lookup and here, so this does not happen;
                    // were it to, the transition is taken afresh.
                    _ => {
                        if let Some(f) = stack.last() {
                            let companions = self.companions();
                            let lent = Lent {
                                theirs: &mut self.theirs,
                                events: None,
                                companions,
                            };
                            let _ = self.model.take(&f.state, action, &mut room, lent);
                        }
                    }
                }
            }
            let next_room = match self.rooms.pop() {
                Some(r) => r,
                None => Box::new(room.as_ref().clone()),
            };
            let state = std::mem::replace(&mut room, next_room);
            self.entering = Some(fp);
            let frame = self.boxed_frame(state, fp, pair_fp, Some(action));
            self.entering = None;
            self.enter(stack, frame, hooks);
        }
        self.rooms.push(room);
        for f in stack.iter() {
            self.on_path.remove(&f.fp);
            if self.out.cut.is_some() {
                // Cut here: the transitions taken from the states still on the path count too.
                self.out.generated += f.taken as usize;
                self.out.kept += f.kept as usize;
            }
        }
    }

    /// Which companions the steps judge: every one when the search records coverage.
    fn companions(&self) -> Companions {
        if self.coverage.is_some() {
            Companions::Every
        } else {
            Companions::Unseen
        }
    }

    /// Tries `action` from `state` (whose pair is under `key` in the memo; `hint` is the
    /// action's place among the state's): the model's one step ([`RiftModel::take`]) into
    /// `room`, with the search's layers around it. The memo answers first if it kept what the
    /// action does, and keeps what it did if not; what the step cited is counted when the
    /// search records coverage. The fingerprint of the next state's pair and its ghost, and
    /// whether the next state is in `room` (not when the memo answered: the kept pair is
    /// written there only if the state is new); `None` when both refuse the action.
    fn try_action(
        &mut self,
        state: &State<M>,
        key: Key,
        action: M::Action,
        hint: usize,
        room: &mut State<M>,
    ) -> Option<(u64, M::Ghost, bool)> {
        let model = self.model;
        let kept = self.memo.as_ref().and_then(|m| m.get(key, action, hint));
        let (cites, next) = match kept {
            Some(Outcome::Refused(c)) => (*c, None),
            Some(Outcome::Taken(t)) => {
                let ghost = model.kept_ghost(
                    state,
                    action,
                    (&t.after.view, t.after.memo_key, t.after.began),
                );
                (t.after.cites, Some((t.after.pair_fp, ghost, false)))
            }
            None => {
                let companions = self.companions();
                self.events.clear();
                let lent = Lent {
                    theirs: &mut self.theirs,
                    events: self.coverage.is_some().then_some(&mut self.events),
                    companions,
                };
                let outcome = model.take(state, action, room, lent);
                let cites = if self.coverage.is_some() {
                    Cites::of_step::<M>(outcome, &self.events)
                } else {
                    Cites::default()
                };
                let next = match outcome {
                    StepOutcome::Refused(_) => None,
                    _ => Some((pair_fingerprint(&room.pair), room.ghost, true)),
                };
                if let Some(memo) = &mut self.memo {
                    let next_fp = next.map_or(0, |n| n.0);
                    memo.keep(key, action, outcome, (room, next_fp), cites);
                }
                (cites, next)
            }
        };
        if let Some(counts) = &mut self.coverage {
            counts.add(&cites);
        }
        next
    }

    /// The top frame leaves the path, every action from it tried: its height goes to the
    /// frame below, and its transitions are counted if no worker left it before.
    fn leave_top(&mut self, stack: &mut Vec<Frame<M>>, hooks: &mut impl Hooks<M::Action>) {
        let Some(frame) = stack.pop() else { return };
        self.on_path.remove(&frame.fp);
        let height = frame.height.saturating_add(1);
        if hooks.popped(frame.fp, height) {
            self.out.generated += frame.taken as usize;
            self.out.kept += frame.kept as usize;
        }
        self.spare.push(frame.actions);
        self.rooms.push(frame.state);
        if let Some(parent) = stack.last_mut() {
            parent.height = parent.height.max(height);
        }
    }

    /// `action` from the top frame leads back to the state `fp` on the path: from the frame
    /// holding it to the top, then this action, is a cycle (the first one found is kept).
    fn close_cycle(&mut self, stack: &[Frame<M>], fp: u64, action: M::Action) {
        if self.out.cycle.is_some() {
            return;
        }
        let at = stack.iter().position(|f| f.fp == fp).unwrap_or(0);
        let prefix = stack[1..=at].iter().filter_map(|f| f.via).collect();
        let mut around: Vec<M::Action> = stack[at + 1..].iter().filter_map(|f| f.via).collect();
        around.push(action);
        self.out.cycle = Some((prefix, around));
    }

    /// A new state's frame goes on the path, or, with nothing to try from it (a final state),
    /// is left at once.
    fn enter(
        &mut self,
        stack: &mut Vec<Frame<M>>,
        frame: Frame<M>,
        hooks: &mut impl Hooks<M::Action>,
    ) {
        if frame.actions.is_empty() {
            hooks.leaf(frame.fp);
            self.spare.push(frame.actions);
            self.rooms.push(frame.state);
            if let Some(top) = stack.last_mut() {
                top.height = top.height.max(1);
            }
            return;
        }
        self.on_path.insert(frame.fp);
        hooks.pushed(frame.fp);
        stack.push(frame);
    }

    /// The progress so far, with `unique` distinct states.
    pub fn progress(&self, unique: usize) -> Progress {
        Progress {
            generated: self.ticks,
            unique,
            depth: self.out.depth,
            elapsed: self.started.elapsed(),
        }
    }

    /// What the search found, with `unique` distinct states.
    pub fn finish(
        mut self,
        unique: usize,
        progress: &mut dyn FnMut(&Progress),
    ) -> Exhausted<M::Prop, M::Action> {
        progress(&self.progress(unique));
        self.out.unique = unique;
        self.out.coverage = self.coverage.take();
        self.out.violations.sort_by_key(|(p, _)| p.index());
        self.out.elapsed = self.started.elapsed();
        self.out
    }
}

/// One configuration's main search, shared by the workers that search it.
///
/// Every worker searches depth-first from the first state, each with its own path, and all share
/// one map of the states reached ([`Colors`]): a state some worker has left (everything beyond
/// it explored) is not entered again; a state another worker has reached but not yet left is
/// entered again, so that every worker's search stays a complete depth-first search of what it
/// has not seen left, and a cycle shows as a transition back onto the path of the worker that
/// takes it. (A state is left only once all its transitions lead to states left already, so
/// when the first state is left, every state is.) Only the worker that claimed a state counts
/// its transitions: the counts, the distinct states, the heights and the verdicts are the same
/// with any number of workers; only the time differs. A worker may join while the search runs.
pub struct Exploration<M: Plug> {
    /// The model searched.
    pub model: M,
    /// The limits of the search.
    pub budget: Budget,
    /// The layers around each step.
    pub layers: Layers,
    start: State<M>,
    start_fp: u64,
    colors: Colors,
    /// Set once the first state is left, or a limit has cut the search.
    stop: AtomicBool,
    /// Workers searching now.
    busy: Mutex<usize>,
    idle: Condvar,
    /// Workers that have joined in all (each one's number sets the order it tries actions in).
    joined: AtomicUsize,
    /// What each worker found, as it leaves.
    found: Mutex<Vec<Exhausted<M::Prop, M::Action>>>,
    keep_fingerprints: bool,
    started: Instant,
}

/// A worker's view of the shared map.
struct Shared<'b> {
    colors: &'b Colors,
    budget: &'b Budget,
}

impl<A> Hooks<A> for Shared<'_> {
    fn reach(&mut self, _: u64, fp: u64, _: usize, _: A) -> Reach {
        // Only with a limit on the states are they counted (the map then keeps the count).
        let limited = self.budget.limits().max_states.is_some();
        let found = if limited && self.budget.full(self.colors.claimed()) {
            match self.colors.get(fp) {
                Some(found) => found,
                None => return Reach::Full,
            }
        } else {
            self.colors.reach(fp)
        };
        match found {
            Found::New => Reach::Expand,
            Found::Open => Reach::Reenter,
            Found::Left(height) => Reach::Seen(height),
        }
    }

    fn unique(&self) -> usize {
        self.colors.len()
    }

    fn popped(&mut self, fp: u64, height: u16) -> bool {
        self.colors.leave(fp, height)
    }

    fn leaf(&mut self, fp: u64) {
        self.colors.leave(fp, 1);
    }
}

impl<M: Plug> Exploration<M> {
    /// The search of `model` within `budget` with `layers` around each step, no worker in it
    /// yet; keeping every state's fingerprint if `keep_fingerprints`.
    pub fn new(
        model: M,
        budget: Budget,
        layers: Layers,
        keep_fingerprints: bool,
    ) -> Exploration<M> {
        let start = model.initial();
        let start_fp = start.fingerprint();
        let colors = Colors::new(budget.limits().max_states.is_some());
        colors.reach(start_fp);
        Exploration {
            model,
            budget,
            layers,
            start,
            start_fp,
            colors,
            stop: AtomicBool::new(false),
            busy: Mutex::new(0),
            idle: Condvar::new(),
            joined: AtomicUsize::new(0),
            found: Mutex::new(Vec::new()),
            keep_fingerprints,
            started: Instant::now(),
        }
    }

    /// Whether the search is still going (a worker joining now would have work).
    pub fn open(&self) -> bool {
        !self.stop.load(Ordering::Relaxed)
    }

    /// Workers searching now.
    pub fn workers(&self) -> usize {
        *self.busy.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Searches as one more worker until the search is over, calling `progress` every few
    /// thousand transitions. The first worker to join claims the first state.
    pub fn work(&self, progress: &mut dyn FnMut(&Progress)) {
        {
            let mut busy = self.busy.lock().unwrap_or_else(|e| e.into_inner());
            if !self.open() {
                return;
            }
            *busy += 1;
        }
        let index = self.joined.fetch_add(1, Ordering::Relaxed);
        let mut dfs = Dfs::new(&self.model, &self.budget, self.layers);
        dfs.reverse = index % 2 == 1;
        dfs.stop = Some(&self.stop);
        let mut hooks = Shared {
            colors: &self.colors,
            budget: &self.budget,
        };
        if index == 0 {
            dfs.record(self.start.violated(), Vec::new);
        }
        let first = dfs.frame(self.start.clone(), self.start_fp, None);
        if first.actions.is_empty() {
            Hooks::<M::Action>::leaf(&mut hooks, self.start_fp);
        } else {
            dfs.run(&mut vec![first], 0, &mut hooks, progress);
        }
        let left = matches!(self.colors.get(self.start_fp), Some(Found::Left(_)));
        if left || dfs.out.cut.is_some() {
            self.stop.store(true, Ordering::Relaxed);
        }
        let out = dfs.finish(self.colors.len(), progress);
        self.found
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(out);
        let mut busy = self.busy.lock().unwrap_or_else(|e| e.into_inner());
        *busy -= 1;
        if *busy == 0 {
            self.idle.notify_all();
        }
    }

    /// Waits until the search is over and no worker is in it, and what the workers found.
    /// Where they found a cycle and there were several, the search is made again by one worker,
    /// so that the cycle reported is the same in every run.
    pub fn finish(&self) -> Exhausted<M::Prop, M::Action> {
        let out = self.merged();
        if out.cycle.is_some() && self.joined.load(Ordering::Relaxed) > 1 {
            let again = Exploration::new(
                self.model.clone(),
                self.budget,
                self.layers,
                self.keep_fingerprints,
            );
            again.work(&mut |_| {});
            return again.finish();
        }
        out
    }

    /// Waits until the search is over and no worker is in it, and merges what the workers
    /// found.
    fn merged(&self) -> Exhausted<M::Prop, M::Action> {
        let mut busy = self.busy.lock().unwrap_or_else(|e| e.into_inner());
        while *busy > 0 || self.open() {
            busy = self.idle.wait(busy).unwrap_or_else(|e| e.into_inner());
        }
        drop(busy);
        let parts = std::mem::take(&mut *self.found.lock().unwrap_or_else(|e| e.into_inner()));
        let mut out = Exhausted {
            depth: 1,
            ..Exhausted::default()
        };
        for part in parts {
            out.generated += part.generated;
            out.kept += part.kept;
            out.depth = out.depth.max(part.depth);
            out.cut = out.cut.or(part.cut);
            for (p, path) in part.violations {
                match out.violations.iter_mut().find(|(q, _)| *q == p) {
                    Some((_, kept)) if (kept.len(), &*kept) <= (path.len(), &path) => {}
                    Some((_, kept)) => *kept = path,
                    None => out.violations.push((p, path)),
                }
            }
            if out.cycle.is_none() {
                out.cycle = part.cycle;
            }
            // A search that counts what it cites has one worker (`proof::workers`).
            if out.coverage.is_none() {
                out.coverage = part.coverage;
            }
        }
        if let Some(Found::Left(height)) = self.colors.get(self.start_fp) {
            // The longest path of the whole graph, the same whatever the order of the search.
            out.depth = usize::from(height);
        }
        out.violations.sort_by_key(|(p, _)| p.index());
        out.unique = self.colors.len();
        out.elapsed = self.started.elapsed();
        out.fingerprints = self.keep_fingerprints.then(|| self.colors.fingerprints());
        out
    }
}

/// Explores every state of `model` depth-first within `budget` with `workers` workers (at
/// least one), calling `progress` every few thousand transitions.
pub fn exhaust<M: Plug>(
    model: &M,
    budget: &Budget,
    keep_fingerprints: bool,
    progress: &mut dyn FnMut(&Progress),
) -> Exhausted<M::Prop, M::Action> {
    search(
        &Exploration::new(model.clone(), *budget, Layers::default(), keep_fingerprints),
        1,
        progress,
    )
}

/// Runs `x` with `workers` workers (at least one), this thread one of them and the only one
/// that reports progress, and what they found ([`Exploration::finish`]).
pub fn search<M: Plug>(
    x: &Exploration<M>,
    workers: usize,
    progress: &mut dyn FnMut(&Progress),
) -> Exhausted<M::Prop, M::Action> {
    std::thread::scope(|scope| {
        for _ in 1..workers {
            scope.spawn(move || x.work(&mut |_| {}));
        }
        x.work(progress);
    });
    x.finish()
}
