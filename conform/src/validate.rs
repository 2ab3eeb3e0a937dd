//! `riftcheck validate TRACE...`: recorded games held to the rules, without driving the engine.
//!
//! Each game of a trace ([`riftcheck::protocol::trace`]) is replayed on the spec from its setup:
//! what the engine showed right after setup, and after every step (its observation, or its
//! refusal), is judged as `conform` judges an answer, through the same partial view of what the
//! trace's header declares. A game is judged up to its first divergence (past it, the engine's
//! game and the rules' are no longer the same game); the divergences of every game are grouped
//! into findings as `conform` groups them, each with a rulebook example and a scenario file that
//! replays it on the engine.

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

/// Where a recorded game is, on the rules' side: the spec and the steps to it (`None` past a
/// divergence).
type At<T> = Option<(<T as Rules>::Spec, Vec<<T as Rules>::Action>)>;

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
        let found =
            std::cell::RefCell::new(|path: Vec<T::Action>, d: Divergence, r: &mut ConfigRow| {
                r.divergences += 1;
                let key = crate::findings::Key::of::<T>(&path, &d);
                let id = all.record((table.name(), "trace"), key, path.len(), || {
                    write_up(&table, (&engine, &view), path, d)
                });
                if !r.findings.contains(&id) {
                    r.findings.push(id);
                }
            });
        let found = |path: Vec<T::Action>, d: Divergence, r: &mut ConfigRow| {
            (found.borrow_mut())(path, d, r);
        };
        // Where the game is: the spec and the steps to it (`None` past a divergence, until the
        // game goes back to a point before it), and the points it named.
        let start = || Some((table.first().clone(), Vec::new()));
        let mut at: At<T> = start();
        let mut named: HashMap<&str, At<T>> = HashMap::new();
        let begin = |shown: &Option<Answer>, r: &mut ConfigRow| {
            let Some(shown) = shown else { return true };
            r.steps += 1;
            match table.judged(&view, &table.first_ruled(), Ok(shown.clone()), None, None) {
                Took::Diverged(d) => {
                    found(Vec::new(), d, r);
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
                    let Some((spec, path)) = &mut at else {
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
                            found(path.clone(), d, &mut r);
                            at = None;
                        }
                    }
                }
            }
        }
        r.seconds = started.elapsed().as_secs_f64();
        rows.push(r);
    }
    rows
}
