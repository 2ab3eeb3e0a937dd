//! The exhaustive phase: every interleaving a starting position allows within its bounds, the
//! spec driving, breadth first, so that the first divergence found is one of the shortest. The
//! engine follows: by `restore` of a snapshot taken when a game was first reached if it can, or
//! by `reset` and the steps again if it cannot.

use std::collections::HashSet;
use std::hash::{BuildHasher, Hash, Hasher};
use std::time::{Duration, Instant};

use riftcheck::oracle::Spec;
use riftcheck::protocol::client::{Connection, EngineFault, Request};
use riftcheck::protocol::compare::{Divergence, Ruled};
use riftcheck::{Action, Engine};
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

/// One request of a batch, and what its answer is judged against.
enum Planned {
    /// Back to the game being expanded: `restore` its snapshot, or `reset` (judged against the
    /// start) and the steps to it again (each judged against the rules).
    Back,
    /// A step from the game being expanded, as the rules take it, and the node it leads to if
    /// the game it reaches is new.
    Step {
        action: Action,
        ruled: Box<Ruled>,
        child: Option<usize>,
    },
    /// A snapshot of the new game the step before reached, for node `usize`.
    Snapshot(usize),
}

/// The way back to a game without snapshots: the steps from the start, each with what the rules
/// make of it.
fn way_back(table: &Table, nodes: &[Node], n: usize) -> Vec<(Action, Ruled)> {
    let mut spec = table.first.0.clone();
    path(nodes, n)
        .into_iter()
        .map(|a| {
            let (ruled, next) = Table::rule(&spec, a);
            if let Some(next) = next {
                spec = next;
            }
            (a, ruled)
        })
        .collect()
}

/// An engine that answers steps it answered as the rules say before differently now: it is not
/// deterministic, or a refusal changed its game.
fn not_again(step: usize, d: &Divergence) -> Divergence {
    if let Divergence::Fault(f) = d {
        return Divergence::Fault(f.clone());
    }
    Divergence::Fault(EngineFault::Unexpected {
        op: "apply".into(),
        expected: format!(
            "the same answer to step {step} as when it was first taken (the engine answers the \
             same steps differently: {d})"
        ),
        line: String::new(),
    })
}

/// Sends the batch planned for node `n`, then reads and judges the answers in order. `Err`: the
/// steps to the divergence, and the divergence.
fn run_batch(
    table: &Table,
    conn: &mut Connection,
    nodes: &mut [Node],
    n: usize,
    plan: &[Planned],
    back: &[(Action, Ruled)],
    out: &mut Explored,
) -> Result<(), Box<(Vec<Action>, Divergence)>> {
    let cat = &table.catalog;
    let events = conn.hello.capabilities.events;
    let fault = |p: Vec<Action>, f: EngineFault| Box::new((p, Divergence::Fault(f)));
    let token = nodes[n].token.clone();
    for p in plan {
        let sent = match p {
            Planned::Back => match &token {
                Some(t) => conn.send(Request::Restore(t), cat),
                None => std::iter::once(Request::Reset)
                    .chain(back.iter().map(|(a, _)| Request::Apply(a)))
                    .try_for_each(|r| conn.send(r, cat)),
            },
            Planned::Step { action, .. } => conn.send(Request::Apply(action), cat),
            Planned::Snapshot(_) => conn.send(Request::Snapshot, cat),
        };
        sent.map_err(|f| fault(path(nodes, n), f))?;
    }
    let mut first = table.first.0.observe();
    first.events = table.first.1.clone();
    let first: Ruled = Ok(first);
    for p in plan {
        match p {
            Planned::Back if token.is_some() => {
                conn.receive_restored()
                    .map_err(|f| fault(path(nodes, n), f))?;
            }
            Planned::Back => {
                for (i, ruled) in std::iter::once(&first)
                    .chain(back.iter().map(|(_, r)| r))
                    .enumerate()
                {
                    if let Took::Diverged(d) = table.judged(events, ruled, conn.receive(), None) {
                        return Err(Box::new((path(nodes, n), not_again(i, &d))));
                    }
                }
            }
            Planned::Step {
                action,
                ruled,
                child,
            } => {
                out.steps += 1;
                match table.judged(events, ruled, conn.receive(), None) {
                    Took::Diverged(d) => {
                        let mut p = path(nodes, n);
                        p.push(*action);
                        return Err(Box::new((p, d)));
                    }
                    Took::Unsupported => {
                        out.unsupported_steps += 1;
                        // The engine did not go there: neither explore it from here nor keep
                        // the snapshot that follows.
                        if let Some(c) = child {
                            nodes[*c].spec = None;
                            nodes[*c].parent = usize::MAX;
                        }
                    }
                    Took::Agreed(_) => {}
                }
            }
            Planned::Snapshot(c) => {
                let t = conn.receive_snapshot().map_err(|f| {
                    let mut p = path(nodes, n);
                    p.extend(nodes[*c].action);
                    fault(p, f)
                })?;
                if nodes[*c].parent != usize::MAX {
                    nodes[*c].token = Some(t);
                }
            }
        }
    }
    Ok(())
}

/// Explores `table` on `remote`, up to `max_states` games. The steps from one game go to the
/// engine as one batch, each answer judged as it comes back: a round trip per game, not per
/// request.
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
    let finish = |mut out: Explored, remote: &Remote, states: usize| {
        out.elapsed = started.elapsed();
        out.requests = remote.requests - requests;
        out.states = states;
        out
    };
    if let Took::Diverged(d) = table.begin(remote, true) {
        out.divergence = Some((Vec::new(), d));
        return finish(out, remote, 1);
    }
    let first_token = if snapshots {
        match remote.with(|c| c.snapshot()) {
            Ok(t) => Some(t),
            Err(f) => {
                out.divergence = Some((Vec::new(), Divergence::Fault(f)));
                return finish(out, remote, 1);
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
    let mut plan = Vec::new();
    let mut n = 0;
    while n < nodes.len() {
        let Some(spec) = nodes[n].spec.take() else {
            n += 1;
            continue;
        };
        let counts = nodes[n].counts;
        table.offered(&spec, counts, &remote.caps, &mut offered);
        // Plan the batch: the engine's game follows the rules' as long as it agrees.
        plan.clear();
        let mut here = at == Some(n);
        for &a in &offered {
            if !here {
                plan.push(Planned::Back);
                here = true;
            }
            let (ruled, next) = Table::rule(&spec, a);
            let mut child = None;
            if let Some(next) = next {
                here = false;
                let counts = Table::count(counts, a);
                if !seen.insert(key(&next, counts)) {
                } else if max_states.is_some_and(|m| nodes.len() >= m) {
                    out.cut = true;
                } else {
                    nodes.push(Node {
                        spec: Some(next),
                        counts,
                        parent: n,
                        action: Some(a),
                        token: None,
                    });
                    child = Some(nodes.len() - 1);
                }
            }
            plan.push(Planned::Step {
                action: a,
                ruled: Box::new(ruled),
                child,
            });
            if let (Some(c), true) = (child, snapshots) {
                plan.push(Planned::Snapshot(c));
            }
        }
        let back = if snapshots || !plan.iter().any(|p| matches!(p, Planned::Back)) {
            Vec::new()
        } else {
            way_back(table, &nodes, n)
        };
        let conn = match remote.conn() {
            Ok(c) => c,
            Err(f) => {
                out.divergence = Some((path(&nodes, n), Divergence::Fault(f)));
                return finish(out, remote, nodes.len());
            }
        };
        let before = conn.requests;
        let done = run_batch(table, conn, &mut nodes, n, &plan, &back, &mut out);
        // A fault ends the connection; a divergence leaves answers owed, read and dropped.
        let broken = match &done {
            Ok(()) => false,
            Err(found) if matches!(found.1, Divergence::Fault(_)) => true,
            Err(_) => conn.settle().is_err(),
        };
        remote.requests += conn.requests - before;
        if broken {
            remote.close();
        }
        if let Err(found) = done {
            out.divergence = Some(*found);
            return finish(out, remote, nodes.len());
        }
        at = match plan.last() {
            Some(Planned::Snapshot(c)) => Some(*c),
            Some(Planned::Step { ruled, child, .. }) => match (ruled.as_ref(), child) {
                (Ok(_), Some(c)) => Some(*c),
                (Ok(_), None) => None,
                (Err(_), _) => Some(n),
            },
            _ => None,
        };
        // The snapshot is not needed once every step from the game has been taken.
        nodes[n].token = None;
        n += 1;
    }
    finish(out, remote, nodes.len())
}
