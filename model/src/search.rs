//! riftcheck's own searches over the model: the shortest path to a violation or an example
//! (breadth-first, so the first path found is a shortest one), and the search for cycles
//! (depth-first, with the states on the current path marked).

use std::collections::VecDeque;
use std::hash::BuildHasher;

use riftcheck::{Action, Engine};

use crate::model::{RiftModel, State};

/// A deterministic fingerprint of a state: a fast hash with fixed keys, so runs repeat.
pub fn fingerprint<E: Engine>(state: &State<E>) -> u64 {
    Fixed.hash_one(state)
}

/// The searches' maps and sets, keyed by fingerprints (already hashes): the same fast hash.
type HashMap<K, V> = std::collections::HashMap<K, V, Fixed>;
type HashSet<K> = std::collections::HashSet<K, Fixed>;

/// A fast hash with fixed keys, for the searches' maps: runs repeat exactly.
#[derive(Clone, Copy, Default)]
pub struct Fixed;

impl BuildHasher for Fixed {
    type Hasher = ahash::AHasher;
    fn build_hasher(&self) -> ahash::AHasher {
        ahash::RandomState::with_seeds(KEYS[0], KEYS[1], KEYS[2], KEYS[3]).build_hasher()
    }
}

const KEYS: [u64; 4] = [
    0x243f_6a88_85a3_08d3,
    0x1319_8a2e_0370_7344,
    0xa409_3822_299f_31d0,
    0x082e_fa98_ec4e_6c89,
];

/// Shortest paths from the first state to a state where each property of `props` is violated
/// (`ghost.violated`), all found by one breadth-first search of at most `limit` states.
pub fn shortest_violations<E: Engine>(
    model: &RiftModel<E>,
    props: &[crate::properties::Prop],
    limit: usize,
) -> HashMap<crate::properties::Prop, Vec<Action>> {
    let mut found: HashMap<crate::properties::Prop, Vec<Action>> = HashMap::default();
    let start = model.initial();
    let start_fp = fingerprint(&start);
    for &p in props {
        if start.ghost.violated & p.bit() != 0 {
            found.insert(p, Vec::new());
        }
    }
    let mut parents: HashMap<u64, (u64, Action)> = HashMap::default();
    let mut seen: HashSet<u64> = HashSet::default();
    seen.insert(start_fp);
    let mut queue = VecDeque::from([(start, start_fp)]);
    let mut actions = Vec::new();
    let path_to = |parents: &HashMap<u64, (u64, Action)>, mut at: u64| {
        let mut path = Vec::new();
        while at != start_fp {
            let (prev, a) = parents[&at];
            path.push(a);
            at = prev;
        }
        path.reverse();
        path
    };
    while let Some((state, fp)) = queue.pop_front() {
        if found.len() == props.len() || seen.len() > limit {
            break;
        }
        actions.clear();
        model.offered(&state, &mut actions);
        for &action in &actions {
            let Some(t) = model.step(&state, action) else {
                continue;
            };
            let next_fp = fingerprint(&t.state);
            if !seen.insert(next_fp) {
                continue;
            }
            parents.insert(next_fp, (fp, action));
            for &p in props {
                if t.state.ghost.violated & p.bit() != 0 && !found.contains_key(&p) {
                    found.insert(p, path_to(&parents, next_fp));
                }
            }
            queue.push_back((t.state, next_fp));
        }
    }
    found
}

/// The outcome of a search with a limit.
pub enum Found<T> {
    /// Found.
    Yes(T),
    /// The whole reachable graph was searched and it is not there.
    No,
    /// The limit stopped the search first.
    Unknown,
}

/// A shortest sequence of actions from the first state to a transition where `target` holds
/// (it is given the new state and the companions the transition showed), searching at most
/// `limit` states. The first state itself counts, with no companions.
pub fn shortest_path<E: Engine>(
    model: &RiftModel<E>,
    target: &dyn Fn(&State<E>, u64) -> bool,
    limit: usize,
) -> Found<Vec<Action>> {
    let start = model.initial();
    if target(&start, 0) {
        return Found::Yes(Vec::new());
    }
    let mut parents: HashMap<u64, (u64, Action)> = HashMap::default();
    let start_fp = fingerprint(&start);
    let mut seen: HashMap<u64, ()> = HashMap::default();
    seen.insert(start_fp, ());
    let mut queue = VecDeque::from([(start, start_fp)]);
    let mut actions = Vec::new();
    while let Some((state, fp)) = queue.pop_front() {
        if seen.len() > limit {
            return Found::Unknown;
        }
        actions.clear();
        model.offered(&state, &mut actions);
        for &action in &actions {
            let Some(t) = model.step(&state, action) else {
                continue;
            };
            let (next, seen_here) = (t.state, t.seen);
            let next_fp = fingerprint(&next);
            if seen.contains_key(&next_fp) {
                continue;
            }
            seen.insert(next_fp, ());
            parents.insert(next_fp, (fp, action));
            if target(&next, seen_here) {
                let mut path = vec![action];
                let mut at = fp;
                while at != start_fp {
                    let (prev, a) = parents[&at];
                    path.push(a);
                    at = prev;
                }
                path.reverse();
                return Found::Yes(path);
            }
            queue.push_back((next, next_fp));
        }
    }
    Found::No
}

/// A cycle: the actions from the first state to a state on the cycle, then the actions around
/// it. Searches at most `limit` states.
pub fn find_cycle<E: Engine>(
    model: &RiftModel<E>,
    limit: usize,
) -> Found<(Vec<Action>, Vec<Action>)> {
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        OnPath,
        Done,
    }
    let mut marks: HashMap<u64, Mark> = HashMap::default();
    // Each frame: the state, its fingerprint, its actions and the next one to try, and the action
    // that led here.
    struct Frame<E: Engine> {
        state: State<E>,
        fp: u64,
        actions: Vec<Action>,
        next: usize,
        via: Option<Action>,
    }
    let start = model.initial();
    let start_fp = fingerprint(&start);
    let mut first = Vec::new();
    model.offered(&start, &mut first);
    let mut stack = vec![Frame {
        state: start,
        fp: start_fp,
        actions: first,
        next: 0,
        via: None,
    }];
    marks.insert(start_fp, Mark::OnPath);
    while let Some(top) = stack.last_mut() {
        if marks.len() > limit {
            return Found::Unknown;
        }
        if top.next >= top.actions.len() {
            marks.insert(top.fp, Mark::Done);
            stack.pop();
            continue;
        }
        let action = top.actions[top.next];
        top.next += 1;
        let Some(t) = model.step(&top.state, action) else {
            continue;
        };
        let next = t.state;
        let fp = fingerprint(&next);
        match marks.get(&fp) {
            Some(Mark::Done) => continue,
            Some(Mark::OnPath) => {
                // A cycle: from the frame holding `fp` to the top, then `action` back to it.
                let at = stack.iter().position(|f| f.fp == fp).unwrap_or(0);
                let prefix: Vec<Action> = stack[1..=at].iter().filter_map(|f| f.via).collect();
                let mut around: Vec<Action> =
                    stack[at + 1..].iter().filter_map(|f| f.via).collect();
                around.push(action);
                return Found::Yes((prefix, around));
            }
            None => {
                marks.insert(fp, Mark::OnPath);
                let mut actions = Vec::new();
                model.offered(&next, &mut actions);
                stack.push(Frame {
                    state: next,
                    fp,
                    actions,
                    next: 0,
                    via: Some(action),
                });
            }
        }
    }
    Found::No
}

/// Replays `path` from the first state, returning every state and the events of each step.
pub fn replay<E: Engine>(
    model: &RiftModel<E>,
    path: &[Action],
) -> Vec<(State<E>, Vec<riftcheck::Event>)> {
    let mut out = vec![(model.initial(), Vec::new())];
    for &a in path {
        let last = &out[out.len() - 1].0;
        match model.step(last, a) {
            Some(t) => out.push((t.state, t.events)),
            None => break,
        }
    }
    out
}

/// Whether `path` replays from the first state (every step a transition) and its last state
/// violates `prop`.
pub fn still_violates<E: Engine>(
    model: &RiftModel<E>,
    prop: crate::properties::Prop,
    path: &[Action],
) -> bool {
    let mut state = model.initial();
    for (i, &a) in path.iter().enumerate() {
        if RiftModel::<E>::is_final(&state) && i < path.len() {
            return false;
        }
        match model.step(&state, a) {
            Some(t) => state = t.state,
            None => return false,
        }
    }
    state.ghost.violated & prop.bit() != 0
}

/// Shrinks a path that ends in a violation of `prop` with the library's shrinker: steps go
/// while the rest still replays and still ends in the same violation.
pub fn shrink<E: Engine>(
    model: &RiftModel<E>,
    prop: crate::properties::Prop,
    path: Vec<Action>,
) -> Vec<Action> {
    riftcheck::shrink::shrink(path, |p| still_violates(model, prop, p))
}
