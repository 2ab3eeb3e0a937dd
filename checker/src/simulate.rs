//! Seeded random walks through a model at bounds too large to exhaust (`riftcheck simulate`,
//! either ruleset): every step is checked like in `check`, and a violation is shrunk to a short
//! path for the command line to report like a counterexample.

use crate::plug::{Kind, Property};
use crate::search::bfs::{Graph, Until};

/// A small deterministic generator (splitmix64).
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next number.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number below `n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

/// Which actions a walk draws rarely.
pub type Rare<G> = fn(&<G as Graph>::Action) -> bool;

/// One random walk through `graph` (either ruleset's model): the path taken, and the first of
/// `props` a state on it broke, if any (the walk ends there). Every transition is drawn alike,
/// but those `rare` calls rare (a concession: any player may concede at any time, and drawn as
/// often as anything else concessions would end most walks within a few steps) only one draw in
/// eight.
pub fn walk<G: Graph>(
    graph: &G,
    (props, rare): (&[G::Prop], Rare<G>),
    rng: &mut Rng,
    depth: usize,
) -> (Vec<G::Action>, Option<G::Prop>) {
    let broken = |s: &G::State| props.iter().copied().find(|&p| graph.breaks(s, p));
    let mut state = graph.first();
    let mut path = Vec::new();
    let mut moves = Vec::new();
    for _ in 0..depth {
        if let Some(p) = broken(&state) {
            return (path, Some(p));
        }
        moves.clear();
        graph.next(&state, &mut moves);
        if moves.is_empty() {
            break;
        }
        if rng.below(8) != 0 && moves.iter().any(|(a, _)| !rare(a)) {
            moves.retain(|(a, _)| !rare(a));
        }
        let (a, next) = moves.swap_remove(rng.below(moves.len()));
        state = next;
        path.push(a);
    }
    let v = broken(&state);
    (path, v)
}

/// A short path to a state of `graph` that breaks `prop`, from `path`, a walk to one: the
/// shortest there is if a breadth-first search within `limits` finds it (`true`), else `path`
/// shrunk: runs of steps dropped, halves first, while what is left still reaches such a state,
/// and cut where it first does (`false`).
pub fn shortest_or_shrunk<G: Graph>(
    graph: &G,
    prop: G::Prop,
    mut path: Vec<G::Action>,
    limits: crate::search::Limits,
) -> (Vec<G::Action>, bool)
where
    G::Action: PartialEq,
{
    let budget = crate::search::Budget::start(limits);
    let found = crate::search::bfs::breadth_first(graph, &[prop], Until::AllFound, &budget);
    if let Some((_, shortest)) = found.paths.into_iter().next() {
        return (shortest, true);
    }
    let reaches = |p: &[G::Action]| -> Option<usize> {
        let mut state = graph.first();
        let mut moves = Vec::new();
        for (i, a) in p.iter().enumerate() {
            if graph.breaks(&state, prop) {
                return Some(i);
            }
            moves.clear();
            graph.next(&state, &mut moves);
            state = moves.drain(..).find(|(b, _)| b == a)?.1;
        }
        graph.breaks(&state, prop).then_some(p.len())
    };
    let mut run = path.len().div_ceil(2).max(1);
    loop {
        let mut start = 0;
        while start < path.len() {
            let mut shorter = path.clone();
            shorter.drain(start..(start + run).min(path.len()));
            match reaches(&shorter) {
                Some(at) => path = shorter[..at].to_vec(),
                None => start += run,
            }
        }
        if run == 1 {
            return (path, false);
        }
        run = run.div_ceil(2);
    }
}

/// The walks of one configuration: how many were taken and their steps, the first that broke a
/// property (its number, the property, its path), and whether the deadline stopped them first.
pub struct Walks<P, A> {
    /// Walks taken.
    pub taken: u64,
    /// Their steps.
    pub steps: usize,
    /// The first walk that broke a property.
    pub found: Option<(u64, P, Vec<A>)>,
    /// Whether the deadline came before the last walk.
    pub cut: bool,
}

/// Walks `graph` `runs` times from `seed` (walk k from seed + k), `depth` steps at most each,
/// until one breaks a property of `props` or `deadline` passes.
pub fn walks<G: Graph>(
    graph: &G,
    props: (&[G::Prop], Rare<G>),
    (seed, runs, depth): (u64, u64, usize),
    deadline: Option<std::time::Instant>,
) -> Walks<G::Prop, G::Action> {
    let mut out = Walks {
        taken: 0,
        steps: 0,
        found: None,
        cut: false,
    };
    for run in 0..runs {
        if deadline.is_some_and(|d| std::time::Instant::now() >= d) {
            out.cut = true;
            break;
        }
        let mut rng = Rng::new(seed.wrapping_add(run));
        let (path, v) = walk(graph, props, &mut rng, depth);
        out.taken += 1;
        out.steps += path.len();
        if let Some(p) = v {
            out.found = Some((run, p, path));
            break;
        }
    }
    out
}

/// A ruleset's `always` properties, in order: what a walk through its model is judged on.
pub fn always<P: Property>() -> Vec<P> {
    P::ALL
        .iter()
        .copied()
        .filter(|p| p.kind() == Kind::Always)
        .collect()
}
