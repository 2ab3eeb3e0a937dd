//! The exhaustive phase: every interleaving a starting position allows within its bounds, the
//! spec driving, breadth first, so that the first divergence found is one of the shortest. The
//! engine follows: by `restore` of a snapshot taken when a game was first reached if it can, or
//! by `reset` and the steps again if it cannot.

use std::collections::HashSet;
use std::hash::{BuildHasher, Hash, Hasher};
use std::time::{Duration, Instant};

use riftcheck::oracle::Spec;
use riftcheck::protocol::client::EngineFault;
use riftcheck::protocol::compare::Divergence;
use riftcheck::Action;
use serde_json::Value as Json;

use super::remote::Remote;
use super::table::{Counts, Table, Took};
use crate::search::Fixed;

/// A game reached: the spec's (until expanded), how it was reached, and the engine's snapshot.
struct Node {
    spec: Option<Spec>,
    counts: Counts,
    parent: usize,
    action: Option<Action>,
    token: Option<Json>,
}

/// What the exhaustive phase found in one starting position.
#[derive(Debug)]
pub struct Explored {
    /// Distinct games reached.
    pub states: usize,
    /// Steps judged.
    pub steps: u64,
    /// Steps the engine said it cannot express.
    pub unsupported_steps: u64,
    /// Requests sent.
    pub requests: u64,
    /// Time taken.
    pub elapsed: Duration,
    /// Whether `max_states` cut it short.
    pub cut: bool,
    /// The first divergence, with the steps to it.
    pub divergence: Option<(Vec<Action>, Divergence)>,
}

fn path(nodes: &[Node], mut n: usize) -> Vec<Action> {
    let mut out = Vec::new();
    while let Some(a) = nodes[n].action {
        out.push(a);
        n = nodes[n].parent;
    }
    out.reverse();
    out
}

fn key(spec: &Spec, counts: Counts) -> u64 {
    let mut h = Fixed.build_hasher();
    spec.hash(&mut h);
    counts.hash(&mut h);
    h.finish()
}

/// Brings the engine to node `n`.
fn go_to(table: &Table, remote: &mut Remote, nodes: &[Node], n: usize) -> Result<(), Divergence> {
    if let Some(token) = &nodes[n].token {
        return remote.with(|c| c.restore(token)).map_err(Divergence::Fault);
    }
    let steps = path(nodes, n);
    match table.replay(remote, &steps, false) {
        None => Ok(()),
        // The same steps were answered as the rules say before: the engine is not
        // deterministic, or a refusal changed its game.
        Some((_, Divergence::Fault(f))) => Err(Divergence::Fault(f)),
        Some((i, d)) => Err(Divergence::Fault(EngineFault::Unexpected {
            op: "apply".into(),
            expected: format!(
                "the same answer to step {i} as when it was first taken (the engine answers \
                 the same steps differently: {d})"
            ),
            line: String::new(),
        })),
    }
}

/// Explores `table` on `remote`, up to `max_states` games.
pub fn explore(table: &Table, remote: &mut Remote, max_states: Option<usize>) -> Explored {
    let started = Instant::now();
    let requests = remote.requests;
    let mut out = Explored {
        states: 0,
        steps: 0,
        unsupported_steps: 0,
        requests: 0,
        elapsed: Duration::ZERO,
        cut: false,
        divergence: None,
    };
    let snapshots = remote.caps.snapshot;
    let finish = |mut out: Explored, remote: &Remote| {
        out.elapsed = started.elapsed();
        out.requests = remote.requests - requests;
        out
    };
    if let Took::Diverged(d) = table.begin(remote, true) {
        out.divergence = Some((Vec::new(), d));
        return finish(out, remote);
    }
    let first_token = if snapshots {
        match remote.with(|c| c.snapshot()) {
            Ok(t) => Some(t),
            Err(f) => {
                out.divergence = Some((Vec::new(), Divergence::Fault(f)));
                return finish(out, remote);
            }
        }
    } else {
        None
    };
    let mut nodes = vec![Node {
        spec: Some(table.first.0.clone()),
        counts: Counts::default(),
        parent: 0,
        action: None,
        token: first_token,
    }];
    let mut seen: HashSet<u64> = HashSet::new();
    seen.insert(key(&table.first.0, Counts::default()));
    let mut at = Some(0);
    let mut offered = Vec::new();
    let mut n = 0;
    while n < nodes.len() {
        let Some(spec) = nodes[n].spec.take() else {
            n += 1;
            continue;
        };
        let counts = nodes[n].counts;
        table.offered(&spec, counts, &remote.caps, &mut offered);
        for &a in &offered {
            if at != Some(n) {
                if let Err(d) = go_to(table, remote, &nodes, n) {
                    out.divergence = Some((path(&nodes, n), d));
                    return finish(out, remote);
                }
                at = Some(n);
            }
            out.steps += 1;
            let next = match table.take(remote, &spec, a) {
                Took::Diverged(d) => {
                    let mut p = path(&nodes, n);
                    p.push(a);
                    out.divergence = Some((p, d));
                    out.states = nodes.len();
                    return finish(out, remote);
                }
                Took::Unsupported => {
                    out.unsupported_steps += 1;
                    continue;
                }
                Took::Agreed(None) => continue,
                Took::Agreed(Some(next)) => next,
            };
            at = None;
            let counts = Table::count(counts, a);
            if !seen.insert(key(&next, counts)) {
                continue;
            }
            if max_states.is_some_and(|m| nodes.len() >= m) {
                out.cut = true;
                continue;
            }
            let token = if snapshots {
                match remote.with(|c| c.snapshot()) {
                    Ok(t) => Some(t),
                    Err(f) => {
                        let mut p = path(&nodes, n);
                        p.push(a);
                        out.divergence = Some((p, Divergence::Fault(f)));
                        return finish(out, remote);
                    }
                }
            } else {
                None
            };
            nodes.push(Node {
                spec: Some(next),
                counts,
                parent: n,
                action: Some(a),
                token,
            });
            at = Some(nodes.len() - 1);
        }
        // The snapshot is not needed once every step from the game has been taken.
        nodes[n].token = None;
        n += 1;
    }
    out.states = nodes.len();
    finish(out, remote)
}
