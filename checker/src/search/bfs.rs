//! The breadth-first search both rulesets' checks share: from the first state, every state in
//! order of its distance, each reached once; the first path found to a state that breaks a
//! property is a shortest one, and it is kept.

use std::collections::VecDeque;

use super::limits::{Budget, Cut};
use crate::fingerprint::{FpMap, FpSet};

/// A state graph to search: its first state, the transitions out of a state, a state's
/// fingerprint and the properties a state breaks.
pub trait Graph {
    /// A state.
    type State;
    /// What leads from one state to the next.
    type Action: Copy;
    /// A property.
    type Prop: Copy + Eq;
    /// The first state.
    fn first(&self) -> Self::State;
    /// Appends the transitions out of `state` (none from a final state), in a fixed order.
    fn next(&self, state: &Self::State, out: &mut Vec<(Self::Action, Self::State)>);
    /// A deterministic fingerprint of `state`.
    fn fingerprint(&self, state: &Self::State) -> u64;
    /// Whether `state` breaks `prop`.
    fn breaks(&self, state: &Self::State, prop: Self::Prop) -> bool;
}

/// When the search may stop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Until {
    /// Once a path to every property asked for is found (the shortest counterexamples of a
    /// violation the main search found).
    AllFound,
    /// Only once every state is reached (a check whose search this is: the counts are the
    /// graph's).
    Whole,
}

/// One run's part of a breadth-first search split between runs at a frontier (`check --shard I/N
/// --shard-by frontier`): every run reaches the states down to the frontier depth alike, and
/// goes beyond only the frontier states `owns` says are its own. A state is found at the same
/// depth in every run down to the frontier, and deeper states are reached only through frontier
/// states, so together the runs reach every state and take every transition one search would;
/// a state reached by two runs is counted by both.
#[derive(Clone, Copy)]
pub struct Frontier<'a> {
    /// The frontier's depth, in states (the first state is depth 1).
    pub depth: usize,
    /// Whether this run goes beyond the frontier state with this fingerprint.
    pub owns: &'a dyn Fn(u64) -> bool,
}

/// How a search is run, beyond its budget: split at a frontier, and keeping the fingerprints.
#[derive(Clone, Copy, Default)]
pub struct Options<'a> {
    /// This run's part of a split search, if it is one.
    pub frontier: Option<Frontier<'a>>,
    /// Keep every distinct state's fingerprint ([`Found::fingerprints`]).
    pub keep_fingerprints: bool,
}

/// What the breadth-first search found.
#[derive(Clone, Debug)]
pub struct Found<P, A> {
    /// A shortest path to each property broken, in the order asked for.
    pub paths: Vec<(P, Vec<A>)>,
    /// Distinct states reached, the first included.
    pub unique: usize,
    /// Transitions taken (states generated, repeats included).
    pub generated: usize,
    /// The longest shortest path, in states (the first state alone is 1).
    pub depth: usize,
    /// The limit that cut the search, with the distinct states it had reached.
    pub cut: Option<(Cut, usize)>,
    /// Split at a frontier: the states down to it, the frontier's included (every run has
    /// them), the frontier's states, and those this run went beyond.
    pub split: Option<Part>,
    /// Every distinct state's fingerprint, in ascending order, when asked for.
    pub fingerprints: Option<Vec<u64>>,
}

/// What one run of a split search shares with the others.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Part {
    /// States down to the frontier, the frontier's own included.
    pub prefix: usize,
    /// States at the frontier's depth.
    pub frontier: usize,
    /// Frontier states this run went beyond.
    pub seeds: usize,
}

impl<P, A> Found<P, A> {
    /// A search that never started: nothing reached, every count zero, `paths` as given.
    pub fn nothing(paths: Vec<(P, Vec<A>)>) -> Self {
        Found {
            paths,
            unique: 0,
            generated: 0,
            depth: 0,
            cut: None,
            split: None,
            fingerprints: None,
        }
    }
}

/// Searches `graph` breadth first within `budget` for shortest paths to states that break each
/// property of `props`, until `until` says it may stop.
pub fn breadth_first<G: Graph>(
    graph: &G,
    props: &[G::Prop],
    until: Until,
    budget: &Budget,
) -> Found<G::Prop, G::Action> {
    search(graph, props, until, budget, Options::default())
}

/// [`breadth_first`], run as `options` say: split at a frontier ([`Frontier`]), keeping the
/// fingerprints of the states reached.
pub fn search<G: Graph>(
    graph: &G,
    props: &[G::Prop],
    until: Until,
    budget: &Budget,
    options: Options<'_>,
) -> Found<G::Prop, G::Action> {
    let first = graph.first();
    let first_fp = graph.fingerprint(&first);
    let mut found: Vec<(G::Prop, u64)> = Vec::new();
    let mut parents: FpMap<(u64, G::Action)> = FpMap::default();
    let mut seen = FpSet::default();
    seen.insert(first_fp);
    let mut out = Found {
        paths: Vec::new(),
        unique: 1,
        generated: 0,
        depth: 1,
        cut: None,
        split: None,
        fingerprints: None,
    };
    let mut part = Part {
        prefix: 1,
        ..Part::default()
    };
    let frontier_depth = options.frontier.map_or(0, |f| f.depth);
    let note = |state: &G::State, fp: u64, found: &mut Vec<(G::Prop, u64)>| {
        for &p in props {
            if !found.iter().any(|(q, _)| *q == p) && graph.breaks(state, p) {
                found.push((p, fp));
            }
        }
    };
    note(&first, first_fp, &mut found);
    let mut queue = VecDeque::from([(first, first_fp, 1usize)]);
    let mut next = Vec::new();
    'search: while let Some((state, fp, depth)) = queue.pop_front() {
        if until == Until::AllFound && found.len() == props.len() {
            break;
        }
        if depth == frontier_depth {
            part.frontier += 1;
            if options.frontier.is_some_and(|f| !(f.owns)(fp)) {
                continue;
            }
            part.seeds += 1;
        }
        next.clear();
        graph.next(&state, &mut next);
        for (action, after) in next.drain(..) {
            out.generated += 1;
            if let Some(cut) = budget.expired(out.generated) {
                out.cut = Some((cut, seen.len()));
                break 'search;
            }
            let after_fp = graph.fingerprint(&after);
            if seen.contains(&after_fp) {
                continue;
            }
            if budget.full(seen.len()) {
                out.cut = Some((Cut::States, seen.len()));
                break 'search;
            }
            seen.insert(after_fp);
            parents.insert(after_fp, (fp, action));
            note(&after, after_fp, &mut found);
            out.depth = out.depth.max(depth + 1);
            if depth < frontier_depth {
                part.prefix += 1;
            }
            queue.push_back((after, after_fp, depth + 1));
        }
    }
    out.unique = seen.len();
    out.split = options.frontier.map(|_| part);
    if options.keep_fingerprints {
        let mut fps: Vec<u64> = seen.iter().copied().collect();
        fps.sort_unstable();
        out.fingerprints = Some(fps);
    }
    found.sort_by_key(|(p, _)| props.iter().position(|q| q == p));
    for (p, mut at) in found {
        let mut path = Vec::new();
        // Every state reached but the first has the transition that first reached it.
        while let Some(&(prev, a)) = parents.get(&at).filter(|_| at != first_fp) {
            path.push(a);
            at = prev;
        }
        path.reverse();
        out.paths.push((p, path));
    }
    out
}
