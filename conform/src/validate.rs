//! `riftcheck validate TRACE...`: recorded games held to the rules, without driving the engine.
//!
//! Each game of a trace ([`riftcheck::protocol::trace`]) is replayed on the spec from its setup:
//! what the engine showed right after setup, and after every step (its observation, or its
//! refusal), is judged as `conform` judges an answer, through the same partial view of what the
//! trace's header declares. Past a divergence the game is judged on from what the engine showed,
//! taken over by the spec as `conform` takes it over ([`Rules::follow`]), so that one early
//! mistake does not hide the rest of the game; where it cannot be taken over, the rest of the
//! game is not judged and the report says why. The divergences of every game are grouped into
//! findings as `conform` groups them (a named reading that explains them is one finding), each
//! with a rulebook example and a scenario file that replays it on the engine.

use std::collections::HashMap;
use std::path::Path;
use std::time::Instant;

use riftcheck::protocol::client::Answer;
use riftcheck::protocol::compare::{Divergence, View};
use riftcheck::protocol::trace::{Entry, Recorded, Trace};

use super::table::{Rules, Took};
use super::{ConfigRow, Findings, row};

/// The name of a game in reports: the file's name and the line of its setup.
fn game_name(path: &Path, line: usize) -> String {
    let file = path.file_name().map_or_else(
        || path.display().to_string(),
        |f| f.to_string_lossy().into_owned(),
    );
    format!("{file}:{line}")
}

/// Where a recorded game is, on the rules' side: the spec, the steps to it and the finding it
/// followed the engine past last (`None` past a divergence that could not be followed).
type At<T> = Option<(<T as Rules>::Spec, Vec<<T as Rules>::Action>, Option<usize>)>;

/// Judges every game of `trace`, each on the table `make` sets for its setup, each divergence
/// written up by `write_up`; a row per game. Each ruleset calls it with its own tables.
pub fn judge_games<R, T>(
    trace: &Trace<R>,
    all: &mut Findings,
    make: impl Fn(String, &R::Setup) -> Result<T, String>,
    write_up: impl Fn(&T, (&str, &View), Vec<T::Action>, Divergence) -> crate::Found,
) -> Vec<ConfigRow>
where
    R: Recorded,
    T: Rules<Action = R::Action>,
{
    let view = View::of(&trace.capabilities);
    let engine = if trace.engine.is_empty() {
        "the engine".to_string()
    } else {
        trace.engine.clone()
    };
    let mut rows = Vec::new();
    for game in &trace.games {
        let started = Instant::now();
        let mut r = row(&game_name(&trace.path, game.line));
        r.states = 1;
        let table = match make(r.config.clone(), &game.setup) {
            Ok(t) => t,
            Err(why) => {
                r.unsupported = Some(format!("the setup is impossible: {why}"));
                rows.push(r);
                continue;
            }
        };
        let mut teller = crate::findings::Teller::new(&table, &view, "trace");
        let found = std::cell::RefCell::new(
            |d: crate::findings::Divergent<T::Action>, r: &mut ConfigRow| {
                r.divergences += 1;
                let id = teller.tell(all, d, |path, d| {
                    write_up(&table, (&engine, &view), path, d)
                });
                if !r.findings.contains(&id) {
                    r.findings.push(id);
                }
                id
            },
        );
        let found = |d: crate::findings::Divergent<T::Action>, r: &mut ConfigRow| {
            (found.borrow_mut())(d, r)
        };
        let mut unfollowed: Vec<(usize, String)> = Vec::new();
        // Where the game is: the spec and the steps to it (`None` past a divergence it could not
        // follow, until the game goes back to a point before it), and the points it named.
        let start = || Some((table.first().clone(), Vec::new(), None));
        let mut at: At<T> = start();
        let mut named: HashMap<&str, At<T>> = HashMap::new();
        let begin = |shown: &Option<Answer>, r: &mut ConfigRow| {
            let Some(shown) = shown else { return true };
            r.steps += 1;
            match table.judged(&view, &table.first_ruled(), Ok(shown.clone()), None, None) {
                Took::Diverged(d) => {
                    let d = crate::findings::Divergent {
                        path: Vec::new(),
                        divergence: d,
                        answer: None,
                        past: None,
                    };
                    found(d, r);
                    false
                }
                _ => true,
            }
        };
        if !begin(&game.first, &mut r) {
            at = None;
        }
        for entry in &game.steps {
            match entry {
                Entry::Reset { shown, .. } => at = begin(shown, &mut r).then(start).flatten(),
                Entry::Snapshot(t) => {
                    named.insert(t, at.clone());
                }
                Entry::Restore(t) => at = named.get(t.as_str()).cloned().flatten(),
                Entry::Step(step) => {
                    let Some((spec, path, past)) = &mut at else {
                        continue;
                    };
                    let (ruled, next) = T::rule(spec, step.action);
                    path.push(step.action);
                    r.steps += 1;
                    let took = match &step.answer {
                        Some(a) => {
                            table.judged(&view, &ruled, Ok(a.clone()), next, Some(&step.action))
                        }
                        // Taken, its observation not recorded: it must at least be allowed.
                        None if !T::taken(&ruled) => Took::Diverged(Divergence::Accepted {
                            refusals: T::breaks(&ruled),
                        }),
                        None => Took::Agreed(next.map(Box::new)),
                    };
                    match took {
                        Took::Agreed(Some(n)) => *spec = *n,
                        Took::Agreed(None) | Took::Unsupported(_) => {}
                        Took::Diverged(d) => {
                            let protocol = d.is_protocol();
                            let id = found(
                                crate::findings::Divergent {
                                    path: path.clone(),
                                    divergence: d,
                                    answer: step.answer.clone().map(|a| (path.clone(), a)),
                                    past: *past,
                                },
                                &mut r,
                            );
                            // Judged on from the game the engine showed, where it can be.
                            let followed = match &step.answer {
                                Some(a) if !protocol => table.follow(&view, spec, step.action, a),
                                Some(_) => Err("the engine broke the protocol there".into()),
                                None => {
                                    Err("the trace does not record what the engine showed".into())
                                }
                            };
                            match followed {
                                Ok(next) => {
                                    *spec = next;
                                    *past = Some(id);
                                }
                                Err(why) => {
                                    if !unfollowed.iter().any(|(i, _)| *i == id) {
                                        unfollowed.push((id, why));
                                    }
                                    at = None;
                                }
                            }
                        }
                    }
                }
            }
        }
        for (id, why) in unfollowed {
            all.not_followed(id, why);
        }
        r.seconds = started.elapsed().as_secs_f64();
        rows.push(r);
    }
    rows
}
