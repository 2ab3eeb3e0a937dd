//! Checking one configuration: stateright's depth-first search over the model for the `always`
//! properties, riftcheck's own search for cycles, the companions seen, and a shortest
//! counterexample for every property that failed.

use std::io::{IsTerminal, Write};
use std::time::{Duration, Instant};

use riftcheck::{Engine, Game, Setup};
use stateright::{Checker, Model};

use crate::model::{Bounds, RiftModel};
use crate::properties::{Kind, Prop};
use crate::report::{Counterexample, counterexample};
use crate::search::{self, Found};

/// How to check.
#[derive(Clone, Debug)]
pub struct Options {
    /// Checker threads (1 keeps the run deterministic).
    pub threads: usize,
    /// Stop after this many states.
    pub max_states: Option<usize>,
    /// Stop after this long.
    pub timeout: Option<Duration>,
    /// Print a progress line to standard error on long runs.
    pub progress: bool,
    /// The most states the searches for shortest paths and cycles visit.
    pub search_limit: usize,
    /// The rule fault the engine under test is to make (a reading known to be wrong).
    pub fault: Option<riftcheck::Fault>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            threads: 1,
            max_states: None,
            timeout: None,
            progress: false,
            search_limit: 5_000_000,
            fault: None,
        }
    }
}

/// What checking one configuration found.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// The configuration's name.
    pub name: String,
    /// States generated.
    pub states: usize,
    /// Distinct states.
    pub unique: usize,
    /// Longest path.
    pub depth: usize,
    /// Seconds taken by the main search.
    pub seconds: f64,
    /// Properties that failed.
    pub failed: Vec<Prop>,
    /// Companions reached ([`Prop::bit`]).
    pub seen: u64,
    /// Whether a limit stopped the search before it covered every state.
    pub stopped: bool,
    /// Whether the cycle search finished (`Some(true)`: no cycle).
    pub acyclic: Option<bool>,
    /// Shortest counterexamples, one per failed property.
    pub counterexamples: Vec<Counterexample>,
}

impl Outcome {
    /// Distinct states per second.
    pub fn rate(&self) -> f64 {
        if self.seconds > 0.0 {
            self.unique as f64 / self.seconds
        } else {
            0.0
        }
    }
}

/// Checks `setup` under `bounds`, the reference engine against the spec.
///
/// # Errors
///
/// The setup describes an impossible table: every problem, one per line.
pub fn check(name: &str, setup: &Setup, bounds: Bounds, opts: &Options) -> Result<Outcome, String> {
    check_engine::<Game>(name, setup, bounds, opts)
}

/// Checks `setup` under `bounds`, engine `E` against the spec.
///
/// # Errors
///
/// The setup describes an impossible table, or only one of the two refuses it.
pub fn check_engine<E: Engine>(
    name: &str,
    setup: &Setup,
    bounds: Bounds,
    opts: &Options,
) -> Result<Outcome, String> {
    let model = RiftModel::<E>::of(name, &setup.with_fault(opts.fault), bounds)?;
    let mut builder = model.clone().checker().threads(opts.threads.max(1));
    if let Some(n) = opts.max_states {
        builder = builder.target_state_count(n);
    }
    if let Some(t) = opts.timeout {
        builder = builder.timeout(t);
    }
    let started = Instant::now();
    let checker = builder.spawn_dfs();
    let mut shown = false;
    // The progress line rewrites itself with `\r`: only on a terminal, never into a log.
    let progress = opts.progress && std::io::stderr().is_terminal();
    let mut last_shown = started;
    while !checker.is_done() {
        std::thread::sleep(Duration::from_millis(2));
        if progress
            && started.elapsed() > Duration::from_millis(1500)
            && last_shown.elapsed() > Duration::from_millis(250)
        {
            last_shown = Instant::now();
            eprint!(
                "\r  checking {name}: {} states, depth {}, {:.0} s ",
                checker.unique_state_count(),
                checker.max_depth(),
                started.elapsed().as_secs_f64()
            );
            let _ = std::io::stderr().flush();
            shown = true;
        }
    }
    let checker = checker.join();
    if shown {
        eprint!("\r{:70}\r", "");
    }
    let seconds = started.elapsed().as_secs_f64();
    let states = checker.state_count();
    let stopped = opts.max_states.is_some_and(|n| states >= n)
        || opts.timeout.is_some_and(|t| started.elapsed() >= t);
    let discoveries = checker.discoveries();
    let mut failed: Vec<Prop> = Prop::ALL
        .iter()
        .copied()
        .filter(|p| p.kind() == Kind::Always && discoveries.contains_key(p.name()))
        .collect();
    let acyclic = match search::find_cycle(&model, opts.search_limit) {
        Found::Yes((prefix, around)) => {
            failed.push(Prop::NoCycles);
            let from = prefix.len();
            let mut path = prefix;
            path.extend(around);
            Some((false, Some((path, from))))
        }
        Found::No => Some((true, None)),
        Found::Unknown => None,
    };
    let mut counterexamples = Vec::new();
    let safety: Vec<Prop> = failed
        .iter()
        .copied()
        .filter(|&p| p != Prop::NoCycles)
        .collect();
    let mut shortest = search::shortest_violations(&model, &safety, opts.search_limit);
    for &p in &failed {
        if p == Prop::NoCycles {
            if let Some((_, Some((path, from)))) = &acyclic {
                counterexamples.push(counterexample(&model, setup, p, path.clone(), Some(*from)));
            }
        } else if let Some(path) = shortest.remove(&p) {
            counterexamples.push(counterexample(&model, setup, p, path, None));
        }
    }
    Ok(Outcome {
        name: name.to_string(),
        states,
        unique: checker.unique_state_count(),
        depth: checker.max_depth(),
        seconds,
        failed,
        seen: model.seen(),
        stopped,
        acyclic: acyclic.map(|(ok, _)| ok),
        counterexamples,
    })
}

/// The shortest path to a transition that shows companion `p`, for examples.
pub fn example(
    name: &str,
    setup: &Setup,
    bounds: Bounds,
    p: Prop,
    limit: usize,
) -> Option<Vec<riftcheck::Action>> {
    let model = RiftModel::new(name, setup, bounds).ok()?;
    let bit = p.bit();
    match search::shortest_path(&model, &move |_, seen| seen & bit != 0, limit) {
        Found::Yes(path) => Some(path),
        _ => None,
    }
}
