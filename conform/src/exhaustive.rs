//! The exhaustive phase: every interleaving a starting position allows within its bounds, the
//! spec driving, breadth first, so that the first divergence of each kind is one of the
//! shortest. The engine follows: by `restore` of a snapshot taken when a game was first reached
//! if it can, or by `reset` and the steps again if it cannot.
//!
//! A divergence does not end the exploration, nor the path it is on: the engine's game after
//! the divergent step is taken over by the spec ([`Rules::follow`]: what the engine shows, the
//! rest as the spec has it) and explored as any other, so that a mistake made at every play
//! does not hide the ones behind it; findings made there say past which finding they were
//! found. Where the engine's game cannot be taken over, the report says why. Everything else is
//! explored too, until the limits, so that every distinct mistake comes out in one run. An engine that breaks the protocol is started again
//! and the game set up afresh; after [`MAX_FAULTS`] such restarts the configuration is given up.

use std::collections::HashSet;
use std::hash::{BuildHasher, Hash, Hasher};
use std::time::{Duration, Instant};

use riftcheck::protocol::client::{Answer, Connection, EngineFault, Request};
use riftcheck::protocol::compare::{Divergence, View};
use serde_json::Value as Json;

use super::findings::{Divergent, Told};
use super::remote::Remote;
use super::table::{Counts, Rules, Took};
use riftcheck_checker::search::Fixed;

/// Protocol faults (crashes, hangs, nonsense) after which a configuration is given up.
pub const MAX_FAULTS: u32 = 10;

/// A game reached: the spec's (until expanded), how it was reached, and the engine's snapshot.
struct Node<R: Rules> {
    spec: Option<R::Spec>,
    counts: Counts,
    parent: usize,
    action: Option<R::Action>,
    token: Option<Json>,
    key: u64,
    /// The finding past which the engine was followed on the way here, if any.
    past: Option<usize>,
    /// How many divergences the way here went past.
    follows: u8,
    /// The spec's game taken over from the engine's after the step here diverged: kept, so
    /// that the way back to the games after it is judged against it.
    followed: Option<R::Spec>,
}

/// What the exhaustive phase found in one starting position.
#[derive(Debug, Default)]
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
    /// Divergent steps.
    pub divergences: u64,
    /// Whether it stopped early: the caller asked to, or the engine broke the protocol too often.
    pub stopped: bool,
    /// Whether it was given up after [`MAX_FAULTS`] protocol faults.
    pub gave_up: bool,
    /// Why the engine answered the setup `unsupported`, if it did: nothing was explored, and
    /// nothing sent after the setup (a snapshot, say) was taken as an answer about this game.
    pub unsupported: Option<String>,
    /// Games reached by following the engine past a divergence.
    pub followed: u64,
    /// The findings past which the engine's game could not be followed, and why.
    pub not_followed: Vec<(usize, String)>,
}

fn path<R: Rules>(nodes: &[Node<R>], mut n: usize) -> Vec<R::Action> {
    let mut out = Vec::new();
    while let Some(a) = nodes[n].action {
        out.push(a);
        n = nodes[n].parent;
    }
    out.reverse();
    out
}

fn key<S: Hash>(spec: &S, counts: Counts) -> u64 {
    let mut h = Fixed.build_hasher();
    spec.hash(&mut h);
    counts.hash(&mut h);
    h.finish()
}

/// A step from the game being expanded, as the rules take it, and the node it leads to if the
/// game it reaches is new.
struct Planned<R: Rules> {
    action: R::Action,
    ruled: R::Ruled,
    child: Option<usize>,
}

/// One request of a batch.
enum Sent {
    /// Back to the game being expanded: `restore` its snapshot, or `reset` (judged against the
    /// start) and the steps to it again (each judged against the rules).
    Back,
    /// The step planned at this index.
    Step(usize),
    /// A snapshot of the new game the step at this index reached.
    Snapshot(usize),
}

/// Where a batch stopped: at the step planned at `index` (none: on the way back), after
/// `path`, diverging as `divergence` (none: the caller asked to stop at a divergence already
/// told).
struct Stopped<A> {
    index: Option<usize>,
    path: Vec<A>,
    divergence: Option<Divergence>,
    answer: Option<Answer>,
}

/// Whether the engine's game after a divergent step is still the one being expanded, or the
/// game the rules reach (which a snapshot then replaces), so that the rest of the batch still
/// holds: everything but a step the engine took and the rules refuse, and a protocol fault.
fn batch_holds(d: &Divergence) -> bool {
    !matches!(d, Divergence::Accepted { .. } | Divergence::Fault(_))
}

/// The way back to a game without snapshots: the steps from the start, each with what the rules
/// make of it (none for a step that diverged and was followed: its answer is the engine's).
fn way_back<R: Rules>(
    table: &R,
    nodes: &[Node<R>],
    n: usize,
) -> Vec<(R::Action, Option<R::Ruled>)> {
    let mut chain = Vec::new();
    let mut m = n;
    while nodes[m].action.is_some() {
        chain.push(m);
        m = nodes[m].parent;
    }
    chain.reverse();
    let mut spec = table.first().clone();
    chain
        .into_iter()
        .filter_map(|m| {
            let a = nodes[m].action?;
            if let Some(f) = &nodes[m].followed {
                spec = f.clone();
                return Some((a, None));
            }
            let (ruled, next) = R::rule(&spec, a);
            if let Some(next) = next {
                spec = next;
            }
            Some((a, Some(ruled)))
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

/// The requests of one batch and what their answers are judged against.
struct Batch<'a, R: Rules> {
    table: &'a R,
    view: &'a View,
    n: usize,
    /// The spec's game at node `n`, and the bounds' counts there.
    spec: (&'a R::Spec, Counts),
    /// How many divergences one path may go past, and the most games to reach.
    follow: (u8, Option<usize>),
    planned: &'a [Planned<R>],
    sent: &'a [Sent],
    back: &'a [(R::Action, Option<R::Ruled>)],
}

impl<R: Rules> Batch<'_, R> {
    /// Sends the batch, then reads and judges the answers in order, telling `found` of each
    /// divergence and following the engine past it; stops where the rest of the batch no longer
    /// holds or `found` says so.
    fn run(
        &self,
        conn: &mut Connection,
        (nodes, seen): (&mut Vec<Node<R>>, &mut HashSet<u64>),
        out: &mut Explored,
        found: &mut dyn FnMut(Divergent<R::Action>) -> Told,
    ) -> Result<(), Box<Stopped<R::Action>>> {
        let (table, n) = (self.table, self.n);
        let stop = |index, p: Vec<R::Action>, d, answer| {
            Box::new(Stopped {
                index,
                path: p,
                divergence: Some(d),
                answer,
            })
        };
        let token = nodes[n].token.clone();
        for s in self.sent {
            let sent = match s {
                Sent::Back => match &token {
                    Some(t) => conn.send(Request::Restore(t)),
                    None => std::iter::once(Request::Reset)
                        .chain(
                            self.back
                                .iter()
                                .map(|(a, _)| Request::Apply(table.action_json(*a))),
                        )
                        .try_for_each(|r| conn.send(r)),
                },
                Sent::Step(i) => {
                    conn.send(Request::Apply(table.action_json(self.planned[*i].action)))
                }
                Sent::Snapshot(_) => conn.send(Request::Snapshot),
            };
            sent.map_err(|f| stop(None, path(nodes, n), Divergence::Fault(f), None))?;
        }
        let first = table.first_ruled();
        // Where the engine went after each planned step, where that is a node to explore.
        let mut reached: Vec<Option<usize>> = self.planned.iter().map(|p| p.child).collect();
        for s in self.sent {
            match s {
                Sent::Back if token.is_some() => {
                    conn.receive_restored()
                        .map_err(|f| stop(None, path(nodes, n), Divergence::Fault(f), None))?;
                }
                Sent::Back => {
                    let steps = std::iter::once((None, Some(&first)))
                        .chain(self.back.iter().map(|(a, r)| (Some(a), r.as_ref())));
                    for (i, (a, ruled)) in steps.enumerate() {
                        let answer = conn.receive();
                        let took = match (ruled, answer) {
                            (Some(ruled), answer) => {
                                table.judged(self.view, ruled, answer, None, a)
                            }
                            // A step followed past: the engine's answer is what was taken over.
                            (None, Err(f)) => Took::Diverged(Divergence::Fault(f)),
                            (None, Ok(_)) => Took::Agreed(None),
                        };
                        if let Took::Diverged(d) = took {
                            return Err(stop(None, path(nodes, n), not_again(i, &d), None));
                        }
                    }
                }
                Sent::Step(i) => {
                    let p = &self.planned[*i];
                    out.steps += 1;
                    let answer = conn.receive();
                    let kept = answer.as_ref().ok().cloned();
                    match table.judged(self.view, &p.ruled, answer, None, Some(&p.action)) {
                        Took::Diverged(d) if batch_holds(&d) => {
                            // The engine is where the rest of the batch expects it: tell, follow
                            // it into the game it shows instead of the one the rules reach, and
                            // go on.
                            let mut at = path(nodes, n);
                            at.push(p.action);
                            out.divergences += 1;
                            if let Some(c) = p.child {
                                drop_node(nodes, seen, c);
                            }
                            reached[*i] = None;
                            let differs = matches!(d, Divergence::Differs(_));
                            let told = found(Divergent {
                                path: at.clone(),
                                divergence: d,
                                answer: kept.clone().map(|a| (at.clone(), a)),
                                past: nodes[n].past,
                            });
                            if differs && let Some(answer) = &kept {
                                reached[*i] =
                                    self.follow(nodes, seen, out, (p.action, answer), told.id);
                            }
                            if told.stop {
                                return Err(Box::new(Stopped {
                                    index: Some(*i),
                                    path: at,
                                    divergence: None,
                                    answer: None,
                                }));
                            }
                        }
                        Took::Diverged(d) => {
                            let mut at = path(nodes, n);
                            at.push(p.action);
                            return Err(stop(Some(*i), at, d, kept));
                        }
                        Took::Unsupported(_) => {
                            out.unsupported_steps += 1;
                            // The engine did not go there: neither explore it from here nor keep
                            // the snapshot that follows.
                            if let Some(c) = p.child {
                                drop_node(nodes, seen, c);
                            }
                            reached[*i] = None;
                        }
                        Took::Agreed(_) => {}
                    }
                }
                Sent::Snapshot(i) => {
                    let t = conn.receive_snapshot().map_err(|f| {
                        let mut at = path(nodes, n);
                        at.push(self.planned[*i].action);
                        stop(Some(*i), at, Divergence::Fault(f), None)
                    })?;
                    if let Some(c) = reached[*i]
                        && nodes[c].parent != usize::MAX
                        && nodes[c].spec.is_some()
                    {
                        nodes[c].token = Some(t);
                    }
                }
            }
        }
        Ok(())
    }

    /// Follows the engine past a divergent step from node `n` (`step`, which it answered
    /// `answer`, found to be finding `id`): the game it shows, taken over by the spec, becomes a
    /// node to explore if it is new; where it cannot be taken over, the reason is kept.
    fn follow(
        &self,
        nodes: &mut Vec<Node<R>>,
        seen: &mut HashSet<u64>,
        out: &mut Explored,
        (step, answer): (R::Action, &Answer),
        id: usize,
    ) -> Option<usize> {
        let (limit, max_states) = self.follow;
        let follows = nodes[self.n].follows;
        if follows >= limit {
            return None;
        }
        let (spec, counts) = self.spec;
        match self.table.follow(self.view, spec, step, answer) {
            Ok(next) => {
                let counts = R::count(counts, step);
                let k = key(&next, counts);
                if !seen.insert(k) {
                    return None;
                }
                if max_states.is_some_and(|m| nodes.len() >= m) {
                    seen.remove(&k);
                    out.cut = true;
                    return None;
                }
                out.followed += 1;
                nodes.push(Node {
                    spec: Some(next.clone()),
                    counts,
                    parent: self.n,
                    action: Some(step),
                    token: None,
                    key: k,
                    past: Some(id),
                    follows: follows + 1,
                    followed: Some(next),
                });
                Some(nodes.len() - 1)
            }
            Err(why) => {
                if !out.not_followed.iter().any(|(i, _)| *i == id) {
                    out.not_followed.push((id, why));
                }
                None
            }
        }
    }
}

/// Forgets node `c`: it is not explored, and the game it stands for may be reached again
/// another way.
fn drop_node<R: Rules>(nodes: &mut [Node<R>], seen: &mut HashSet<u64>, c: usize) {
    nodes[c].spec = None;
    nodes[c].parent = usize::MAX;
    nodes[c].token = None;
    seen.remove(&nodes[c].key);
}

/// The requests that take the steps planned from `from` on, from the game being expanded
/// (`here`: the engine is in it already).
fn batch<R: Rules>(
    planned: &[Planned<R>],
    from: usize,
    mut here: bool,
    snapshots: bool,
) -> Vec<Sent> {
    let mut sent = Vec::new();
    for (i, p) in planned.iter().enumerate().skip(from) {
        if !here {
            sent.push(Sent::Back);
            here = true;
        }
        sent.push(Sent::Step(i));
        if R::taken(&p.ruled) {
            here = false;
        }
        if let (Some(_), true) = (p.child, snapshots) {
            sent.push(Sent::Snapshot(i));
        }
    }
    sent
}

/// Where the engine is after a batch that went through: the node it reached, if any.
fn after<R: Rules>(sent: &[Sent], planned: &[Planned<R>], n: usize) -> Option<usize> {
    match sent.last() {
        Some(Sent::Snapshot(i)) => planned[*i].child,
        Some(Sent::Step(i)) => match (R::taken(&planned[*i].ruled), planned[*i].child) {
            (true, c) => c,
            (false, _) => Some(n),
        },
        _ => None,
    }
}

/// Explores `table` on `remote`, up to `max_states` games, telling `found` of every divergence
/// (the steps to it, and how); `found` answers whether to stop. The steps from one game go to
/// the engine as one batch, each answer judged as it comes back: a round trip per game, not per
/// request.
pub fn explore<R: Rules>(
    table: &R,
    remote: &mut Remote,
    (max_states, follow): (Option<usize>, u8),
    found: &mut dyn FnMut(Divergent<R::Action>) -> Told,
) -> Explored {
    let started = Instant::now();
    let requests = remote.requests;
    let mut out = Explored::default();
    let snapshots = remote.caps.snapshot;
    let view = remote.view.clone();
    let mut faults = 0;
    let mut nodes = vec![Node::<R> {
        spec: Some(table.first().clone()),
        counts: Counts::default(),
        parent: 0,
        action: None,
        token: None,
        key: key(table.first(), Counts::default()),
        past: None,
        follows: 0,
        followed: None,
    }];
    let mut seen: HashSet<u64> = HashSet::new();
    seen.insert(nodes[0].key);
    let mut at = None;
    let mut offered = Vec::new();
    let mut n = 0;
    'nodes: while n < nodes.len() {
        if at.is_none() && (!remote.is_open() || remote.restarted || n == 0) {
            // A new engine (or the first game): set the game up, every snapshot gone with it.
            match start(table, remote, &mut nodes[0], snapshots) {
                Ok(()) => {}
                Err(Begun::Unsupported(why)) => {
                    out.unsupported = Some(why);
                    out.stopped = true;
                    break;
                }
                Err(Begun::Diverged(d)) => {
                    out.divergences += 1;
                    found(setup_divergence(d));
                    out.stopped = true;
                    break;
                }
            }
            nodes.iter_mut().skip(1).for_each(|x| x.token = None);
            at = Some(0);
        }
        let Some(spec) = nodes[n].spec.take() else {
            n += 1;
            continue;
        };
        let counts = nodes[n].counts;
        table.offered(&spec, counts, &remote.caps, &mut offered);
        let planned = plan::<R>(
            (&spec, counts, n),
            &offered,
            (&mut nodes, &mut seen),
            max_states,
            &mut out,
        );
        let mut from = 0;
        while from < planned.len() {
            let sent = batch(&planned, from, at == Some(n), snapshots);
            let back = if nodes[n].token.is_none() && matches!(sent.first(), Some(Sent::Back)) {
                way_back(table, &nodes, n)
            } else {
                Vec::new()
            };
            let b = Batch {
                table,
                view: &view,
                n,
                spec: (&spec, counts),
                follow: (follow, max_states),
                planned: &planned,
                sent: &sent,
                back: &back,
            };
            let conn = match remote.conn() {
                Ok(c) => c,
                Err(f) => {
                    out.divergences += 1;
                    found(Divergent {
                        path: path(&nodes, n),
                        divergence: Divergence::Fault(f),
                        answer: None,
                        past: nodes[n].past,
                    });
                    out.stopped = true;
                    break 'nodes;
                }
            };
            let before = conn.requests;
            let done = b.run(conn, (&mut nodes, &mut seen), &mut out, found);
            // A fault ends the connection; a divergence leaves answers owed, read and dropped.
            let broken = match &done {
                Ok(()) => false,
                Err(s) if matches!(s.divergence, Some(Divergence::Fault(_))) => true,
                Err(_) => conn.settle().is_err(),
            };
            remote.requests += conn.requests - before;
            if broken {
                remote.close();
                faults += 1;
            }
            let stopped = match done {
                Ok(()) => {
                    at = after(&sent, &planned, n);
                    break;
                }
                Err(s) => *s,
            };
            at = None;
            if let Some(c) = stopped.index.and_then(|i| planned[i].child) {
                // The engine did not go where the rules went: not explored past this step.
                drop_node(&mut nodes, &mut seen, c);
            }
            let next = stopped.index.map(|i| i + 1);
            let stop = match stopped.divergence {
                Some(d) => {
                    out.divergences += 1;
                    let accepted = matches!(d, Divergence::Accepted { .. });
                    let told = found(Divergent {
                        answer: stopped.answer.clone().map(|a| (stopped.path.clone(), a)),
                        path: stopped.path,
                        divergence: d,
                        past: nodes[n].past,
                    });
                    // The engine took a step the rules refuse: follow it into the game it shows.
                    if accepted && let (Some(i), Some(answer)) = (stopped.index, &stopped.answer) {
                        b.follow(
                            &mut nodes,
                            &mut seen,
                            &mut out,
                            (planned[i].action, answer),
                            told.id,
                        );
                    }
                    told.stop
                }
                None => true,
            };
            if stop || faults >= MAX_FAULTS {
                out.stopped = true;
                out.gave_up = faults >= MAX_FAULTS;
                break 'nodes;
            }
            match next {
                Some(i) => from = i,
                // The way back to this game failed: give the game up.
                None => break,
            }
            if broken {
                // A new engine: set the game up again before going on.
                match start(table, remote, &mut nodes[0], snapshots) {
                    Ok(()) => {}
                    Err(Begun::Unsupported(why)) => {
                        // It took this setup before: now it does not, so nothing further is
                        // explored on its answers.
                        out.unsupported = Some(why);
                        out.stopped = true;
                        break 'nodes;
                    }
                    Err(Begun::Diverged(d)) => {
                        out.divergences += 1;
                        found(setup_divergence(d));
                        out.stopped = true;
                        break 'nodes;
                    }
                }
                nodes.iter_mut().skip(1).for_each(|x| x.token = None);
                at = Some(0);
            }
        }
        // The snapshot is not needed once every step from the game has been taken.
        nodes[n].token = None;
        n += 1;
    }
    out.elapsed = started.elapsed();
    out.requests = remote.requests - requests;
    out.states = nodes.len();
    out
}

/// The steps from node `n` (its game `spec`, the bounds' `counts`), each as the rules take it;
/// a step that reaches a game not seen yet makes a node for it, up to `max_states` nodes.
fn plan<R: Rules>(
    (spec, counts, n): (&R::Spec, Counts, usize),
    offered: &[R::Action],
    (nodes, seen): (&mut Vec<Node<R>>, &mut HashSet<u64>),
    max_states: Option<usize>,
    out: &mut Explored,
) -> Vec<Planned<R>> {
    let mut planned = Vec::with_capacity(offered.len());
    for &a in offered {
        let (ruled, next) = R::rule(spec, a);
        let mut child = None;
        if let Some(next) = next {
            let counts = R::count(counts, a);
            let k = key(&next, counts);
            if !seen.insert(k) {
            } else if max_states.is_some_and(|m| nodes.len() >= m) {
                seen.remove(&k);
                out.cut = true;
            } else {
                nodes.push(Node {
                    spec: Some(next),
                    counts,
                    parent: n,
                    action: Some(a),
                    token: None,
                    key: k,
                    past: nodes[n].past,
                    follows: nodes[n].follows,
                    followed: None,
                });
                child = Some(nodes.len() - 1);
            }
        }
        planned.push(Planned {
            action: a,
            ruled,
            child,
        });
    }
    planned
}

/// A divergence at the setup, as told.
fn setup_divergence<A>(d: Divergence) -> Divergent<A> {
    Divergent {
        path: Vec::new(),
        divergence: d,
        answer: None,
        past: None,
    }
}

/// Why a game could not be set up on the engine.
enum Begun {
    /// The engine answered the setup `unsupported`, in these words.
    Unsupported(String),
    /// It set the game up otherwise than the rules do, or broke the protocol.
    Diverged(Divergence),
}

/// Sets the game up on the engine, judges what it shows, and takes the snapshot of the start.
/// An `unsupported` answer to the setup is honoured: no snapshot is asked for, and nothing is
/// explored (an engine that kept serving the game before would otherwise be explored on it).
fn start<R: Rules>(
    table: &R,
    remote: &mut Remote,
    first: &mut Node<R>,
    snapshots: bool,
) -> Result<(), Begun> {
    match table.begin(remote, true) {
        Took::Diverged(d) => return Err(Begun::Diverged(d)),
        Took::Unsupported(why) => return Err(Begun::Unsupported(why)),
        Took::Agreed(_) => {}
    }
    first.token = if snapshots {
        Some(
            remote
                .with(|c| c.snapshot())
                .map_err(|f| Begun::Diverged(Divergence::Fault(f)))?,
        )
    } else {
        None
    };
    Ok(())
}
