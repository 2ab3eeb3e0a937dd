//! riftcheck's own searches over the model: the main one ([`exhaust`](mod@exhaust): every
//! state, every property, and the proof that there is no cycle, in one depth-first pass), and the
//! breadth-first search that shortens a violation it found, so that the first path found is a
//! shortest one. Every search obeys the same [`limits`].

use std::collections::VecDeque;

use crate::plug::{Plug, State};

pub mod bfs;
pub mod exhaust;
pub mod layers;
pub mod limits;
pub mod memo;
pub mod path;
pub mod shared;
pub mod split;

use crate::fingerprint::HashMap;
pub use crate::fingerprint::{Fixed, FpMap, FpSet, pair_fingerprint, state_fingerprint};
pub use exhaust::{Cycle, Exhausted, Exploration, Progress, exhaust, search};
pub use layers::Layers;
pub use limits::{Budget, Cut, Limits};
pub use path::replay;
pub use split::{Shard, Split, deal, prefix_size, split, summary_has_cycle};

/// The shortest path found to each property's violation.
pub type Shortest<M> = HashMap<<M as Plug>::Prop, Vec<<M as Plug>::Action>>;

/// The model as a graph for the breadth-first search: the transitions the engine and the spec
/// take together, a state's fingerprint, the `always` properties its ghost records as broken.
impl<M: Plug> bfs::Graph for M {
    type State = State<M>;
    type Action = M::Action;
    type Prop = M::Prop;

    fn first(&self) -> Self::State {
        self.initial()
    }

    fn next(&self, state: &Self::State, out: &mut Vec<(M::Action, Self::State)>) {
        let mut actions = Vec::new();
        self.offered(state, &mut actions);
        out.extend(
            actions
                .into_iter()
                .filter_map(|a| self.step(state, a).map(|t| (a, t.state))),
        );
    }

    fn fingerprint(&self, state: &Self::State) -> u64 {
        state.fingerprint()
    }

    fn breaks(&self, state: &Self::State, prop: Self::Prop) -> bool {
        state.violated().contains(prop)
    }
}

/// Shortest paths from the first state to a state where each property of `props` is violated
/// (`ghost.violated`), all found by one breadth-first search within `budget` ([`bfs`]); and the
/// limit that cut the search, if one did before every property was found, with the distinct
/// states it had visited.
pub fn shortest_violations<M: Plug>(
    model: &M,
    props: &[M::Prop],
    budget: &Budget,
) -> (Shortest<M>, Option<(Cut, usize)>) {
    let found = bfs::breadth_first(model, props, bfs::Until::AllFound, budget);
    (found.paths.into_iter().collect(), found.cut)
}

/// A short way into a cycle, once the main search has found that there is one: a breadth-first
/// search from the first state, in which a transition back to a state on the search's own path
/// to the state it leaves closes a cycle. The first such found is the actions to the state that
/// starts the cycle, then the actions around it; `None` if the search ends (or `budget` cuts
/// it) without one, as a cycle that is not closed along a shortest path can do.
pub fn shortest_cycle<M: Plug>(model: &M, budget: &Budget) -> Option<Cycle<M::Action>> {
    let start = model.initial();
    let start_fp = start.fingerprint();
    let mut parents: FpMap<(u64, M::Action)> = FpMap::default();
    let mut queue = VecDeque::from([(start, start_fp)]);
    let mut actions = Vec::new();
    let path_between = |parents: &FpMap<(u64, M::Action)>, from: u64, mut at: u64| {
        let mut path = Vec::new();
        while at != from {
            let &(prev, a) = parents.get(&at)?;
            path.push(a);
            at = prev;
        }
        path.reverse();
        Some(path)
    };
    let mut tick = 0usize;
    while let Some((state, fp)) = queue.pop_front() {
        actions.clear();
        model.offered(&state, &mut actions);
        for &action in &actions {
            let Some(t) = model.step(&state, action) else {
                continue;
            };
            tick += 1;
            if budget.expired(tick).is_some() || budget.full(parents.len()) {
                return None;
            }
            let next_fp = t.state.fingerprint();
            if next_fp == start_fp || parents.contains_key(&next_fp) {
                // Back to a state seen: a cycle if that state is on the way to this one.
                if let Some(mut around) = path_between(&parents, next_fp, fp) {
                    around.push(action);
                    let prefix = path_between(&parents, start_fp, next_fp)?;
                    return Some((prefix, around));
                }
                continue;
            }
            parents.insert(next_fp, (fp, action));
            queue.push_back((t.state, next_fp));
        }
    }
    None
}

/// Whether `path` replays from the first state (every step a transition) and its last state
/// violates `prop`.
pub fn still_violates<M: Plug>(model: &M, prop: M::Prop, path: &[M::Action]) -> bool {
    let mut state = model.initial();
    for (i, &a) in path.iter().enumerate() {
        if M::is_final(&state) && i < path.len() {
            return false;
        }
        match model.step(&state, a) {
            Some(t) => state = t.state,
            None => return false,
        }
    }
    state.violated().contains(prop)
}

/// Shrinks a path that ends in a violation of `prop` with the library's shrinker: steps go
/// while the rest still replays and still ends in the same violation.
pub fn shrink<M: Plug>(model: &M, prop: M::Prop, path: Vec<M::Action>) -> Vec<M::Action> {
    riftcheck_core::shrink::shrink(path, |p| still_violates(model, prop, p))
}
