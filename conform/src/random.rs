//! The random phase: seeded walks at bounds too large to exhaust, every step judged, and a
//! divergence shrunk (steps dropped while it still shows) before it is reported, when it is a
//! new finding or may be a shorter example of a known one. A walk that diverges goes on from
//! the game the engine shows, taken over by the spec ([`Rules::follow`]), where it can be; its
//! later divergences are not shrunk (a replay from the start stops at the first one).

use std::time::{Duration, Instant};

use riftcheck::protocol::compare::Divergence;

use super::findings::{Divergent, Key, Told};
use super::remote::Remote;
use super::table::{Counts, Rules, Took};
use riftcheck_checker::simulate::Rng;

/// What the walks found in one starting position.
#[derive(Debug)]
pub struct Walked {
    /// Walks taken.
    pub walks: u64,
    /// Steps judged.
    pub steps: u64,
    /// Requests sent.
    pub requests: u64,
    /// Time taken.
    pub elapsed: Duration,
    /// Divergent steps.
    pub divergences: u64,
    /// Whether it stopped early, as the caller asked.
    pub stopped: bool,
    /// Why the engine answered the setup `unsupported`, if it did: no walk was taken on it.
    pub unsupported: Option<String>,
    /// The findings past which the engine's game could not be followed, and why.
    pub not_followed: Vec<(usize, String)>,
}

/// Walks `table` on `remote`: `walks` walks of at most `depth` steps from `seed`. A divergence
/// for which `wants` answers yes is shrunk and handed to `found`, which answers whether to stop.
pub fn walk<R: Rules>(
    table: &R,
    remote: &mut Remote,
    (seed, walks, depth, follow): (u64, u64, usize, u8),
    wants: &dyn Fn(&[R::Action], &Divergence) -> bool,
    found: &mut dyn FnMut(Divergent<R::Action>) -> Told,
) -> Walked {
    let started = Instant::now();
    let requests = remote.requests;
    let mut out = Walked {
        walks: 0,
        steps: 0,
        requests: 0,
        elapsed: Duration::ZERO,
        divergences: 0,
        stopped: false,
        unsupported: None,
        not_followed: Vec::new(),
    };
    let mut offered = Vec::new();
    let mut legal = Vec::new();
    'walks: for w in 0..walks {
        out.walks += 1;
        let mut rng = Rng::new(seed ^ w.wrapping_mul(0x2545_f491_4f6c_dd1d));
        let fresh = w == 0 || !remote.is_open() || remote.restarted;
        match table.begin(remote, fresh) {
            Took::Agreed(_) => {}
            Took::Unsupported(why) => {
                // Not a walk: the engine cannot set the game up.
                out.walks -= 1;
                out.unsupported = Some(why);
                out.stopped = true;
                break;
            }
            Took::Diverged(d) => {
                out.divergences += 1;
                found(Divergent {
                    path: Vec::new(),
                    divergence: d,
                    answer: None,
                    past: None,
                });
                out.stopped = true;
                break;
            }
        }
        let mut spec = table.first().clone();
        let mut counts = Counts::default();
        let mut path = Vec::new();
        let mut past = None;
        let mut follows = 0;
        for _ in 0..depth {
            table.offered(&spec, counts, &remote.caps, &mut offered);
            if offered.is_empty() {
                break;
            }
            legal.clear();
            legal.extend(
                offered
                    .iter()
                    .copied()
                    .filter(|&a| R::rule(&spec, a).1.is_some()),
            );
            // Mostly what the rules allow, so that walks go deep; sometimes anything, so that
            // refusals are tried too.
            let a = if !legal.is_empty() && rng.below(10) < 8 {
                legal[rng.below(legal.len())]
            } else {
                offered[rng.below(offered.len())]
            };
            out.steps += 1;
            path.push(a);
            let (took, answer) = table.take_answered(remote, &spec, a);
            match took {
                Took::Diverged(d) => {
                    out.divergences += 1;
                    let protocol = d.is_protocol();
                    // Shrunk only when it may be a new finding or a shorter example, and the
                    // walk has not gone past a divergence; told either way, so that the finding
                    // knows where it showed.
                    let shrinking = past.is_none() && wants(&path, &d);
                    let (shrunk, d) = if shrinking {
                        shrink(table, remote, path.clone(), d)
                    } else {
                        (path.clone(), d)
                    };
                    let told = found(Divergent {
                        path: shrunk,
                        divergence: d,
                        answer: answer.clone().map(|a| (path.clone(), a)),
                        past,
                    });
                    if told.stop {
                        out.stopped = true;
                        break 'walks;
                    }
                    let Some(answer) = answer.filter(|_| follows < follow && !protocol) else {
                        continue 'walks;
                    };
                    // Shrinking played other games on the engine: take it back to this one.
                    if shrinking && !back_to(table, remote, &path) {
                        continue 'walks;
                    }
                    match table.follow(&remote.view, &spec, a, &answer) {
                        Ok(next) => {
                            spec = next;
                            counts = R::count(counts, a);
                            past = Some(told.id);
                            follows += 1;
                        }
                        Err(why) => {
                            if !out.not_followed.iter().any(|(i, _)| *i == told.id) {
                                out.not_followed.push((told.id, why));
                            }
                            continue 'walks;
                        }
                    }
                }
                Took::Agreed(Some(next)) => {
                    spec = *next;
                    counts = R::count(counts, a);
                }
                Took::Agreed(None) => {}
                Took::Unsupported(_) => {
                    // The engine did not take it: it is not a step of this walk.
                    path.pop();
                }
            }
        }
    }
    out.elapsed = started.elapsed();
    out.requests = remote.requests - requests;
    out
}

/// Takes the engine back to the game after `path` (a walk whose steps all agreed with the rules
/// but the last): `reset` and the steps again, answers unjudged. Whether it got there.
fn back_to<R: Rules>(table: &R, remote: &mut Remote, path: &[R::Action]) -> bool {
    if !matches!(table.begin(remote, false), Took::Agreed(_)) {
        return false;
    }
    path.iter()
        .all(|&a| remote.with(|c| c.apply_json(table.action_json(a))).is_ok())
}

/// Drops steps from `path` (whose last step diverges as `d`) while the same finding still shows,
/// and cuts it at the step that shows it.
pub fn shrink<R: Rules>(
    table: &R,
    remote: &mut Remote,
    mut path: Vec<R::Action>,
    mut d: Divergence,
) -> (Vec<R::Action>, Divergence) {
    // A fault may be the engine's state of mind rather than the steps: keep it as found.
    if matches!(d, Divergence::Fault(_)) {
        return (path, d);
    }
    let mut i = 0;
    while i < path.len() {
        let mut shorter = path.clone();
        shorter.remove(i);
        match table.replay(remote, &shorter, true) {
            Some((at, found))
                if !matches!(found, Divergence::Fault(_))
                    && Key::of::<R>(&shorter[..at], &found) == Key::of::<R>(&path, &d) =>
            {
                shorter.truncate(at);
                path = shorter;
                d = found;
            }
            _ => i += 1,
        }
    }
    (path, d)
}
