//! A search split between independent runs (`check --shard I/N`), in the manner of a swarm: every
//! run explores the same prefix of the state graph, the states above a frontier depth, with a
//! depth-first search that stops at the frontier; the frontier's states are dealt out by their
//! fingerprints, and each run explores everything beyond the frontier states it was dealt.
//! Together the runs cover every state and every transition one run would, and judge each.
//!
//! A cycle that stays within one run's exploration is found there, as in one run. A cycle that
//! passes through the prefix or through frontier states explored by different runs is found
//! when the runs are merged: each run reports the edges of a summary graph over the prefix and
//! frontier states ("frontier state X reaches prefix or frontier state Y through states beyond
//! the frontier only", worked out exactly as the search leaves each state, from what the states
//! after it reach), run 0 adds the prefix's own transitions, and the whole graph has a cycle
//! exactly when the merged summary has one.

use std::collections::BTreeSet;

use super::exhaust::{Dfs, Exhausted, Frame, Hooks, Progress, Reach};
use super::limits::Budget;
use crate::fingerprint::{FpMap, FpSet};
use crate::plug::Plug;

/// One run's part of a split search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// This run, from 0.
    pub index: u32,
    /// The runs in all (at least 1).
    pub count: u32,
    /// The depth of the frontier, in states (the first state is depth 1; at least 2).
    pub depth: usize,
    /// Mixed into each frontier state's fingerprint, so that configurations deal differently.
    pub salt: u64,
}

impl Shard {
    /// Whether this run explores beyond the frontier state with fingerprint `fp`.
    pub fn owns(&self, fp: u64) -> bool {
        if self.count <= 1 {
            return true;
        }
        let mixed = (fp ^ self.salt).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        (mixed >> 32) % u64::from(self.count) == u64::from(self.index)
    }

    /// A salt from a configuration's name (FNV-1a), the same in every run.
    pub fn salt_of(name: &str) -> u64 {
        name.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
        })
    }
}

/// What one run of a split search found.
#[derive(Clone, Debug)]
pub struct Split<P, A> {
    /// The search's findings; `unique` counts the prefix, the frontier and this run's states
    /// beyond it.
    pub explored: Exhausted<P, A>,
    /// States of the prefix and the frontier (the summary's nodes): every run has them.
    pub nodes: usize,
    /// States of the frontier.
    pub frontier: usize,
    /// Frontier states this run explored beyond.
    pub seeds: usize,
    /// The summary's edges between nodes (by their order of discovery, the same in every run).
    /// The prefix's own edges are in run 0's report only.
    pub edges: Vec<(u32, u32)>,
}

/// The prefix: every state above the frontier, explored by every run alike, and the frontier.
struct Prefix<'b, A> {
    budget: &'b Budget,
    shard: Shard,
    /// Each state's number, in the order found (the same in every run).
    nodes: FpMap<u32>,
    /// The state and action each was first reached from, for the path to it.
    parents: Vec<(u32, Option<A>)>,
    fps: Vec<u64>,
    frontier: Vec<u32>,
    edges: BTreeSet<(u32, u32)>,
}

impl<'b, A> Prefix<'b, A> {
    /// The prefix of a search from the state `start_fp`, which is state number 0.
    fn new(budget: &'b Budget, shard: Shard, start_fp: u64) -> Prefix<'b, A> {
        let mut nodes = FpMap::default();
        nodes.insert(start_fp, 0);
        Prefix {
            budget,
            shard,
            nodes,
            parents: vec![(u32::MAX, None)],
            fps: vec![start_fp],
            frontier: Vec::new(),
            edges: BTreeSet::new(),
        }
    }
}

impl<A> Hooks<A> for Prefix<'_, A> {
    fn reach(&mut self, from: u64, fp: u64, depth: usize, action: A) -> Reach {
        let from = self.nodes.get(&from).copied().unwrap_or(0);
        if let Some(&to) = self.nodes.get(&fp) {
            self.edges.insert((from, to));
            return Reach::Seen(0);
        }
        if self.budget.full(self.nodes.len()) {
            return Reach::Full;
        }
        let to = u32::try_from(self.nodes.len()).unwrap_or(u32::MAX);
        self.nodes.insert(fp, to);
        self.parents.push((from, Some(action)));
        self.fps.push(fp);
        self.edges.insert((from, to));
        if depth < self.shard.depth {
            Reach::Expand
        } else {
            self.frontier.push(to);
            Reach::Stop
        }
    }

    fn unique(&self) -> usize {
        self.nodes.len()
    }
}

/// Beyond the frontier: the states this run explored, and for each that reaches any, the prefix
/// and frontier states it reaches without passing through another (found as the search leaves
/// each state, from what the states beyond it reach).
struct Beyond<'b> {
    budget: &'b Budget,
    nodes: &'b FpMap<u32>,
    visited: FpSet,
    reaches: FpMap<Box<[u32]>>,
    /// For each state on the path above the floor, what it has been found to reach so far.
    open: Vec<Vec<u32>>,
}

impl<A> Hooks<A> for Beyond<'_> {
    fn reach(&mut self, _: u64, fp: u64, _: usize, _: A) -> Reach {
        if let Some(&to) = self.nodes.get(&fp) {
            if let Some(top) = self.open.last_mut() {
                top.push(to);
            }
            return Reach::Seen(0);
        }
        if self.visited.contains(&fp) {
            // Left already (a state still on the path would be a cycle): all it reaches is known.
            if let (Some(top), Some(r)) = (self.open.last_mut(), self.reaches.get(&fp)) {
                top.extend_from_slice(r);
            }
            return Reach::Seen(0);
        }
        if self.budget.full(self.nodes.len() + self.visited.len()) {
            return Reach::Full;
        }
        self.visited.insert(fp);
        Reach::Expand
    }

    fn unique(&self) -> usize {
        self.nodes.len() + self.visited.len()
    }

    fn pushed(&mut self, _: u64) {
        self.open.push(Vec::new());
    }

    fn popped(&mut self, fp: u64, _: u16) -> bool {
        let Some(mut reached) = self.open.pop() else {
            return true;
        };
        reached.sort_unstable();
        reached.dedup();
        if let Some(parent) = self.open.last_mut() {
            parent.extend_from_slice(&reached);
        }
        if !reached.is_empty() {
            self.reaches.insert(fp, reached.into_boxed_slice());
        }
        true
    }
}

/// Explores this run's part of the state graph of `model` within `budget`, with `layers`
/// around each step.
pub fn split<M: Plug>(
    model: &M,
    budget: &Budget,
    layers: super::layers::Layers,
    shard: Shard,
    keep_fingerprints: bool,
    progress: &mut dyn FnMut(&Progress),
) -> Split<M::Prop, M::Action> {
    let mut dfs = Dfs::new(model, budget, layers);
    let start = model.initial();
    let start_fp = start.fingerprint();
    let mut prefix = Prefix::new(budget, shard, start_fp);
    dfs.record(start.violated(), Vec::new);
    let first = dfs.frame(start, start_fp, None);
    let mut stack = vec![first];
    dfs.run(&mut stack, 0, &mut prefix, progress);
    let mut edges = if shard.index == 0 {
        std::mem::take(&mut prefix.edges)
    } else {
        BTreeSet::new()
    };
    let mut out = Split {
        explored: Exhausted::default(),
        nodes: prefix.nodes.len(),
        frontier: prefix.frontier.len(),
        seeds: 0,
        edges: Vec::new(),
    };
    let mut beyond = Beyond {
        budget,
        nodes: &prefix.nodes,
        visited: FpSet::default(),
        reaches: FpMap::default(),
        open: Vec::new(),
    };
    for &seed in &prefix.frontier {
        if dfs.out.cut.is_some() {
            break;
        }
        let seed_fp = prefix.fps[seed as usize];
        if !shard.owns(seed_fp) {
            continue;
        }
        out.seeds += 1;
        // The path to the seed, as frames that stand on the path and are not expanded.
        let mut path = Vec::new();
        let mut at = seed;
        while let Some(&(parent, Some(action))) = prefix.parents.get(at as usize) {
            path.push(action);
            at = parent;
        }
        path.reverse();
        let states = super::path::replay(model, &path);
        if states.len() != path.len() + 1 {
            continue;
        }
        let last = states.len() - 1;
        let vias = std::iter::once(None).chain(path.iter().copied().map(Some));
        let mut stack: Vec<Frame<M>> = Vec::with_capacity(states.len());
        for (i, ((state, _), via)) in states.into_iter().zip(vias).enumerate() {
            let fp = state.fingerprint();
            stack.push(if i == last {
                dfs.frame(state, fp, via)
            } else {
                Frame::tried(state, fp, via)
            });
        }
        beyond.open.push(Vec::new());
        dfs.run(&mut stack, last, &mut beyond, progress);
        // The seed leaves the path last: what it reaches are the summary's edges from it.
        let mut reached = beyond.open.pop().unwrap_or_default();
        reached.sort_unstable();
        reached.dedup();
        edges.extend(reached.into_iter().map(|to| (seed, to)));
        beyond.open.clear();
    }
    let unique = Hooks::<M::Action>::unique(&beyond);
    let kept = keep_fingerprints.then(|| {
        let mut all: Vec<u64> = prefix
            .nodes
            .keys()
            .chain(beyond.visited.iter())
            .copied()
            .collect();
        all.sort_unstable();
        all
    });
    out.explored = dfs.finish(unique, progress);
    out.explored.fingerprints = kept;
    out.edges = edges.into_iter().collect();
    out
}

/// The number of states of `model` above and at the frontier `depth`: the part of the graph
/// every run of a split search explores, and a cheap measure of how large the whole is, for
/// dealing out configurations.
pub fn prefix_size<M: Plug>(model: &M, depth: usize) -> usize {
    let budget = Budget::unlimited();
    let shard = Shard {
        index: 0,
        count: 1,
        depth,
        salt: 0,
    };
    let mut dfs = Dfs::new(model, &budget, super::layers::Layers::default());
    let start = model.initial();
    let start_fp = start.fingerprint();
    let mut prefix = Prefix::new(&budget, shard, start_fp);
    let first = dfs.frame(start, start_fp, None);
    dfs.run(&mut vec![first], 0, &mut prefix, &mut |_| {});
    prefix.nodes.len()
}

/// Deals `weights.len()` configurations to `count` runs, the heaviest first, each to the run
/// with the least weight so far (the lowest-numbered on a tie): the run each goes to.
pub fn deal(weights: &[usize], count: u32) -> Vec<u32> {
    let mut order: Vec<usize> = (0..weights.len()).collect();
    order.sort_by_key(|&i| (std::cmp::Reverse(weights[i]), i));
    let mut load = vec![0usize; count.max(1) as usize];
    let mut to = vec![0u32; weights.len()];
    for i in order {
        let (run, _) = load
            .iter()
            .enumerate()
            .min_by_key(|&(r, &l)| (l, r))
            .unwrap_or((0, &0));
        load[run] += weights[i].max(1);
        to[i] = run as u32;
    }
    to
}

/// Whether the summary graph over `nodes` nodes with `edges` has a cycle.
pub fn summary_has_cycle(nodes: usize, edges: &[(u32, u32)]) -> bool {
    let mut out: Vec<Vec<u32>> = vec![Vec::new(); nodes];
    for &(a, b) in edges {
        if let Some(list) = out.get_mut(a as usize)
            && (b as usize) < nodes
        {
            list.push(b);
        }
    }
    // Kahn's algorithm: the graph is acyclic exactly when every node can be taken off in an
    // order where each comes before the nodes it leads to.
    let mut indegree = vec![0usize; nodes];
    for list in &out {
        for &b in list {
            indegree[b as usize] += 1;
        }
    }
    let mut ready: Vec<usize> = (0..nodes).filter(|&n| indegree[n] == 0).collect();
    let mut taken = 0;
    while let Some(n) = ready.pop() {
        taken += 1;
        for &b in &out[n] {
            indegree[b as usize] -= 1;
            if indegree[b as usize] == 0 {
                ready.push(b as usize);
            }
        }
    }
    taken < nodes
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_summary_cycle_is_found_and_a_dag_is_not_one() {
        assert!(!summary_has_cycle(3, &[(0, 1), (1, 2), (0, 2)]));
        assert!(summary_has_cycle(3, &[(0, 1), (1, 2), (2, 1)]));
        assert!(summary_has_cycle(2, &[(1, 1)]));
        assert!(!summary_has_cycle(0, &[]));
    }

    #[test]
    fn configurations_are_dealt_heaviest_first_to_the_lightest_run() {
        assert_eq!(deal(&[10, 1, 7, 3, 3], 2), vec![0, 1, 1, 1, 0]);
        assert_eq!(deal(&[5, 5, 5], 4), vec![0, 1, 2]);
        assert_eq!(deal(&[], 3), Vec::<u32>::new());
    }

    #[test]
    fn every_frontier_state_falls_to_exactly_one_run() {
        for count in [1u32, 2, 3, 8] {
            for fp in [0u64, 1, 42, u64::MAX, 0x1234_5678_9abc_def0] {
                let owners = (0..count)
                    .filter(|&index| {
                        Shard {
                            index,
                            count,
                            depth: 4,
                            salt: Shard::salt_of("war/chain"),
                        }
                        .owns(fp)
                    })
                    .count();
                assert_eq!(owners, 1, "{fp} among {count}");
            }
        }
    }
}
