//! The proof of one configuration: one depth-first search over the model judges every property on
//! every transition, records the companions seen and proves there is no cycle; a breadth-first
//! search then shortens each violation found. Both obey the same limits.

use riftcheck::Riftbound;
use riftcheck::{Engine, Game, Setup};

use crate::coverage::Counts;
use crate::model::{Bounds, RiftModel};
use crate::progress::{Show, Shower};
use crate::report::{Counterexample, counterexample};
use crate::search::{self, Budget, Cut, Exhausted, Exploration, Limits, Progress, Shard};
use riftcheck_properties::Prop;

/// How to check.
#[derive(Clone, Debug)]
pub struct Options {
    /// Threads in all: configurations are checked this many at once, and a thread with no
    /// configuration left to start joins the search of one still running. Every run gives the
    /// same counts and the same counterexamples whatever the number
    /// ([`crate::search::Exploration`]); with `--max-states`, each configuration is searched
    /// by one thread, so that the states a cut search covered are the same in every run.
    pub threads: usize,
    /// What each configuration's searches may spend.
    pub limits: Limits,
    /// How progress is shown.
    pub progress: Show,
    /// The rule fault the engine under test is to make (a reading known to be wrong).
    pub fault: Option<riftcheck::Fault>,
    /// Readings of the project's policies other than the default (`--policy`), which the
    /// engine and the spec both follow.
    pub policies: Vec<riftcheck::PolicyChoice>,
    /// This run's part of a search split between runs (`--shard I/N`): the run, the runs, the
    /// frontier depth.
    pub shard: Option<(u32, u32, usize)>,
    /// Keep every distinct state's fingerprint ([`Outcome::fingerprints`]).
    pub keep_fingerprints: bool,
    /// Reuse what an action did to a pair in another state ([`crate::search::memo`]); the results do
    /// not depend on it.
    pub memo: bool,
    /// Count what each transition tried cites ([`crate::coverage`]; `check --coverage`).
    pub coverage: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            threads: 1,
            limits: Limits::default(),
            progress: Show::Quiet,
            fault: None,
            policies: Vec::new(),
            shard: None,
            keep_fingerprints: false,
            memo: true,
            coverage: false,
        }
    }
}

/// What a run of a split search reports beyond its findings, for the merge.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShardPart {
    /// States of the prefix and the frontier, which every run explores.
    pub nodes: usize,
    /// States of the frontier.
    pub frontier: usize,
    /// Frontier states this run explored beyond.
    pub seeds: usize,
    /// The summary graph's edges ([`split`](mod@crate::search::split)).
    pub edges: Vec<(u32, u32)>,
}

/// Which search of a check a limit cut.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Search {
    /// The main search: every state, every property.
    Exploration,
    /// The breadth-first search for the shortest counterexamples.
    Shortest,
}

impl Search {
    /// Its name in reports.
    pub fn name(self) -> &'static str {
        match self {
            Search::Exploration => "exploration",
            Search::Shortest => "shortest counterexample",
        }
    }
}

/// A search cut short by a limit, and what it had covered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stopped {
    /// The search.
    pub search: Search,
    /// The limit.
    pub by: Cut,
    /// Distinct states it had visited.
    pub covered: usize,
}

/// What checking one configuration found.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// The configuration's name.
    pub name: String,
    /// States generated: the first, and one for every transition taken (repeats included), as
    /// stateright counts them.
    pub states: usize,
    /// Distinct states.
    pub unique: usize,
    /// Longest path, in states.
    pub depth: usize,
    /// Seconds taken by the main search.
    pub seconds: f64,
    /// Properties that failed.
    pub failed: Vec<Prop>,
    /// Companions reached.
    pub seen: riftcheck_properties::PropSet,
    /// The searches a limit cut short.
    pub stopped: Vec<Stopped>,
    /// Whether the graph is proved free of cycles: `Some(true)` the whole graph was searched and
    /// has none, `Some(false)` a cycle was found, `None` the search was cut first.
    pub acyclic: Option<bool>,
    /// Shortest counterexamples, one per failed property.
    pub counterexamples: Vec<Counterexample>,
    /// In a run of a split search, what the merge needs.
    pub shard: Option<ShardPart>,
    /// Every distinct state's fingerprint, sorted, when asked for.
    pub fingerprints: Option<Vec<u64>>,
    /// Transitions found in the memo of transitions rather than taken afresh ([`crate::search::memo`]).
    pub kept: usize,
    /// What the main search's transitions cited, when asked for ([`Options::coverage`]).
    pub coverage: Option<Counts>,
}

/// The rule coverage of `outcomes`, if their searches counted what they cited
/// ([`Options::coverage`]).
pub fn coverage(outcomes: &[Outcome]) -> Option<crate::coverage::Coverage> {
    crate::coverage::Coverage::of(outcomes.iter().filter_map(|o| {
        let judged = o.states.saturating_sub(1) as u64;
        o.coverage.as_ref().map(|c| (o.name.as_str(), c, judged))
    }))
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

    /// Whether a limit cut the main search, so that the properties hold only on what it covered.
    pub fn incomplete(&self) -> bool {
        self.stopped.iter().any(|s| s.search == Search::Exploration)
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

/// Checks `setup` under `bounds`, engine `E` against the spec, showing progress as `opts` says.
///
/// # Errors
///
/// The setup describes an impossible table, or only one of the two refuses it.
pub fn check_engine<E: Engine<Riftbound>>(
    name: &str,
    setup: &Setup,
    bounds: Bounds,
    opts: &Options,
) -> Result<Outcome, String> {
    let mut show = Shower::new(name, opts.progress);
    check_with::<E>(name, setup, bounds, opts, &mut |p| show.show(p))
}

/// Checks `setup` under `bounds`, engine `E` against the spec, handing progress to `progress`.
///
/// # Errors
///
/// As [`check_engine`].
pub fn check_with<E: Engine<Riftbound>>(
    name: &str,
    setup: &Setup,
    bounds: Bounds,
    opts: &Options,
    progress: &mut dyn FnMut(&Progress),
) -> Result<Outcome, String> {
    let x = prepare::<E>(name, setup, bounds, opts)?;
    let (explored, shard) = match opts.shard {
        None => (
            search::search(&x, workers(opts, opts.threads), progress),
            None,
        ),
        Some((index, count, depth)) => {
            let run = Shard {
                index,
                count,
                depth,
                salt: Shard::salt_of(name),
            };
            let part = search::split(
                &x.model,
                &x.budget,
                x.layers,
                run,
                opts.keep_fingerprints,
                progress,
            );
            let info = ShardPart {
                nodes: part.nodes,
                frontier: part.frontier,
                seeds: part.seeds,
                edges: part.edges,
            };
            return Ok(conclude(name, setup, &x, part.explored, Some(info)));
        }
    };
    Ok(conclude(name, setup, &x, explored, shard))
}

/// The workers a configuration's search may have, of `threads`: one where `--max-states`
/// is set (so that the states a cut search covered are the same in every run), and one where
/// the search counts what its transitions cite (`--coverage`: a transition tried by two
/// workers would be counted twice).
pub fn workers(opts: &Options, threads: usize) -> usize {
    if opts.limits.max_states.is_some() || opts.coverage {
        1
    } else {
        threads.max(1)
    }
}

/// The main search of `setup` under `bounds` as `opts` say, ready for workers to join
/// ([`search::Exploration::work`]).
///
/// # Errors
///
/// As [`check_engine`].
pub fn prepare<E: Engine<Riftbound>>(
    name: &str,
    setup: &Setup,
    bounds: Bounds,
    opts: &Options,
) -> Result<Exploration<E>, String> {
    let mut read = setup.clone();
    for c in &opts.policies {
        read.readings = c.apply(read.readings);
    }
    let model = RiftModel::<E>::of(name, &read.with_fault(opts.fault), bounds)?;
    Ok(Exploration::new(
        model,
        Budget::start(opts.limits),
        search::Layers {
            memo: opts.memo,
            coverage: opts.coverage,
        },
        opts.keep_fingerprints,
    ))
}

/// The outcome of a configuration whose main search found `explored`: the violations
/// shortened, the counterexamples written out, the searches a limit cut.
pub fn conclude<E: Engine<Riftbound>>(
    name: &str,
    setup: &Setup,
    x: &Exploration<E>,
    explored: Exhausted,
    shard: Option<ShardPart>,
) -> Outcome {
    let model = &x.model;
    let budget = &x.budget;
    let mut stopped = Vec::new();
    if let Some(by) = explored.cut {
        stopped.push(Stopped {
            search: Search::Exploration,
            by,
            covered: explored.unique,
        });
    }
    let mut failed: Vec<Prop> = explored.violations.iter().map(|(p, _)| *p).collect();
    let acyclic = match (&explored.cycle, explored.cut) {
        (Some(_), _) => {
            failed.push(Prop::NoCycles);
            Some(false)
        }
        // A run of a split search proves no more than its part: the merge decides.
        (None, None) if shard.is_none() => Some(true),
        (None, _) => None,
    };
    let (mut shortest, cut) = if explored.violations.is_empty() {
        (Default::default(), None)
    } else {
        let props: Vec<Prop> = explored.violations.iter().map(|(p, _)| *p).collect();
        search::shortest_violations(model, &props, budget)
    };
    if let Some((by, covered)) = cut {
        stopped.push(Stopped {
            search: Search::Shortest,
            by,
            covered,
        });
    }
    let mut counterexamples = Vec::new();
    for (p, path) in &explored.violations {
        // Where the breadth-first search was cut before it reached a property, the main search's
        // path stands in, shortened step by step while it still shows the violation.
        let path = shortest
            .remove(p)
            .unwrap_or_else(|| search::shrink(model, *p, path.clone()));
        counterexamples.push(counterexample(model, setup, *p, path, None));
    }
    let cycle = explored
        .cycle
        .as_ref()
        .map(|found| search::shortest_cycle(model, budget).unwrap_or_else(|| found.clone()));
    if let Some((prefix, around)) = &cycle {
        let from = prefix.len();
        let mut path = prefix.clone();
        path.extend(around);
        counterexamples.push(counterexample(
            model,
            setup,
            Prop::NoCycles,
            path,
            Some(from),
        ));
    }
    Outcome {
        name: name.to_string(),
        states: explored.generated + 1,
        unique: explored.unique,
        depth: explored.depth,
        seconds: explored.elapsed.as_secs_f64(),
        failed,
        seen: model.seen(),
        stopped,
        acyclic,
        counterexamples,
        shard,
        fingerprints: explored.fingerprints,
        kept: explored.kept,
        coverage: explored.coverage,
    }
}
