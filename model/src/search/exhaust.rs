//! The main search of a check: one depth-first pass over every state the bounds allow. The same
//! pass judges every property on every transition (the model's step does that), records the
//! companions seen, and proves that no sequence of actions returns to an earlier state: a
//! transition into a state still on the current path closes a cycle. Nothing is searched twice;
//! only a violation found here is searched for again, breadth-first, to shorten it.

use std::time::{Duration, Instant};

use riftcheck::{Action, Engine};

use super::fingerprint::{FpSet, fingerprint};
use super::limits::{Budget, Cut};
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

/// One part of a search split between several runs (`check --shard I/N`): every run explores
/// the states above the frontier `depth`; each state first reached at that depth is explored
/// further by one run only, the one its fingerprint (mixed with `salt`, the configuration's
/// name) falls to. Together the runs cover every state one run would.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// This run, from 0.
    pub index: u32,
    /// The runs in all (at least 1).
    pub count: u32,
    /// The depth, in states, of the frontier whose states are dealt out.
    pub depth: usize,
    /// Mixed into each frontier state's fingerprint, so that configurations deal differently.
    pub salt: u64,
}

impl Shard {
    /// The whole search: one run.
    pub const WHOLE: Shard = Shard {
        index: 0,
        count: 1,
        depth: usize::MAX,
        salt: 0,
    };

    /// Whether this run explores the frontier state with fingerprint `fp`.
    pub fn owns(&self, fp: u64) -> bool {
        if self.count <= 1 {
            return true;
        }
        let mixed = (fp ^ self.salt).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        (mixed >> 32) % u64::from(self.count) == u64::from(self.index)
    }
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
    /// States above the shard's frontier (explored by every run of a split search).
    pub above_frontier: usize,
    /// Frontier states left to the other runs of a split search.
    pub handed_off: usize,
}

/// Transitions between two calls of the progress reporter.
const REPORT_EVERY: usize = 1 << 12;

/// One state on the current path, with the actions still to try from it.
struct Frame<E: Engine> {
    state: State<E>,
    fp: u64,
    actions: Vec<Action>,
    next: usize,
    via: Option<Action>,
}

/// Explores every state of `model` depth-first within `budget`, calling `progress` every few
/// thousand transitions.
pub fn exhaust<E: Engine>(
    model: &RiftModel<E>,
    budget: &Budget,
    progress: &mut dyn FnMut(&Progress),
) -> Exhausted {
    exhaust_shard(model, budget, Shard::WHOLE, progress)
}

/// [`exhaust`], this run's part of a split search.
pub fn exhaust_shard<E: Engine>(
    model: &RiftModel<E>,
    budget: &Budget,
    shard: Shard,
    progress: &mut dyn FnMut(&Progress),
) -> Exhausted {
    let started = Instant::now();
    let mut out = Exhausted::default();
    let mut found: u64 = 0;
    let record = |out: &mut Exhausted, found: &mut u64, state: &State<E>, path: Vec<Action>| {
        let new = state.ghost.violated & !*found;
        if new == 0 {
            return;
        }
        *found |= new;
        for &p in Prop::ALL {
            if p.kind() == Kind::Always && new & p.bit() != 0 {
                out.violations.push((p, path.clone()));
            }
        }
    };
    let start = model.initial();
    let start_fp = fingerprint(&start);
    let mut visited = FpSet::default();
    let mut on_path = FpSet::default();
    visited.insert(start_fp);
    on_path.insert(start_fp);
    record(&mut out, &mut found, &start, Vec::new());
    let mut actions = Vec::new();
    model.offered(&start, &mut actions);
    let mut stack = vec![Frame {
        state: start,
        fp: start_fp,
        actions,
        next: 0,
        via: None,
    }];
    // Action lists of frames popped, kept for the frames pushed next.
    let mut spare: Vec<Vec<Action>> = Vec::new();
    out.depth = 1;
    out.above_frontier = usize::from(shard.depth > 1);
    let report = |out: &Exhausted, visited: &FpSet| Progress {
        generated: out.generated,
        unique: visited.len(),
        depth: out.depth,
        elapsed: started.elapsed(),
    };
    while let Some(top) = stack.last_mut() {
        if top.next == top.actions.len() {
            on_path.remove(&top.fp);
            if let Some(frame) = stack.pop() {
                spare.push(frame.actions);
            }
            continue;
        }
        let action = top.actions[top.next];
        top.next += 1;
        let Some(t) = model.step(&top.state, action) else {
            continue;
        };
        out.generated += 1;
        if out.generated % REPORT_EVERY == 0 {
            progress(&report(&out, &visited));
        }
        if let Some(cut) = budget.expired(out.generated) {
            out.cut = Some(cut);
            break;
        }
        let fp = fingerprint(&t.state);
        if visited.contains(&fp) {
            if out.cycle.is_none() && on_path.contains(&fp) {
                // Back to a state on the path: from the frame holding it to the top, then this
                // action, is a cycle.
                let at = stack.iter().position(|f| f.fp == fp).unwrap_or(0);
                let prefix = stack[1..=at].iter().filter_map(|f| f.via).collect();
                let mut around: Vec<Action> =
                    stack[at + 1..].iter().filter_map(|f| f.via).collect();
                around.push(action);
                out.cycle = Some((prefix, around));
            }
            continue;
        }
        if budget.full(visited.len()) {
            out.cut = Some(Cut::States);
            break;
        }
        visited.insert(fp);
        let depth = stack.len() + 1;
        if depth < shard.depth {
            out.above_frontier += 1;
        }
        if depth == shard.depth && !shard.owns(fp) {
            // Another run explores this one, and what lies beyond it.
            out.handed_off += 1;
            continue;
        }
        if t.state.ghost.violated & !found != 0 {
            let path = stack.iter().filter_map(|f| f.via).chain([action]).collect();
            record(&mut out, &mut found, &t.state, path);
        }
        let mut actions = spare.pop().unwrap_or_default();
        actions.clear();
        model.offered(&t.state, &mut actions);
        if actions.is_empty() {
            // A final state: nothing to try from it, so it need not go on the path.
            spare.push(actions);
            out.depth = out.depth.max(stack.len() + 1);
            continue;
        }
        on_path.insert(fp);
        stack.push(Frame {
            state: t.state,
            fp,
            actions,
            next: 0,
            via: Some(action),
        });
        out.depth = out.depth.max(stack.len());
    }
    out.unique = visited.len();
    out.violations.sort_by_key(|(p, _)| *p as u8);
    out.elapsed = started.elapsed();
    progress(&report(&out, &visited));
    out
}
