//! The proof of one configuration: one depth-first search over the model judges every property on
//! every transition, records the companions seen and proves there is no cycle; a breadth-first
//! search then shortens each violation found. Both obey the same limits.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use crate::coverage::Counts;
use crate::plug::{Plug, Set};
use crate::progress::{Show, Shower};
use crate::search::{self, Budget, Cut, Exhausted, Exploration, Limits, Progress, Shard};

/// How a configuration is checked, whatever the ruleset.
#[derive(Clone, Debug)]
pub struct How {
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

impl Default for How {
    fn default() -> How {
        How {
            threads: 1,
            limits: Limits::default(),
            progress: Show::Quiet,
            shard: None,
            keep_fingerprints: false,
            memo: true,
            coverage: false,
        }
    }
}

/// A counterexample as the reports read it, whatever the ruleset: the property it breaks and
/// the path to the break, and the path written out (its steps as sentences, what the rules
/// expected and what was found, the rulebook example, the scenario file that replays it, and
/// its picture where the ruleset draws one).
pub trait Example<P, A> {
    /// The property broken.
    fn property(&self) -> P;
    /// The actions from the start, the last one showing the violation.
    fn path(&self) -> &[A];
    /// The rules the violation breaks.
    fn rule(&self) -> String;
    /// The steps, as the scenario file words them.
    fn steps(&self) -> Vec<String>;
    /// What the rules expected at the end.
    fn expected(&self) -> String;
    /// What the engine did.
    fn found(&self) -> String;
    /// The rulebook example.
    fn rulebook(&self) -> String;
    /// The scenario file's text.
    fn scenario(&self) -> String;
    /// The picture (SVG), where the ruleset draws one.
    fn picture(&self) -> Option<String>;
}

/// What a ruleset writes of a violation once the search has found its shortest path: a
/// scenario that replays it, the rulebook's words, a picture where the ruleset draws one.
pub trait Written: Plug {
    /// A counterexample as the ruleset writes it.
    type Counterexample: Example<Self::Prop, Self::Action> + Clone + std::fmt::Debug + Send;

    /// The counterexample to `prop` along `path` (the violation on its last step; for a
    /// cycle, the actions from `cycle_from` on go around it).
    fn counterexample(
        &self,
        prop: Self::Prop,
        path: Vec<Self::Action>,
        cycle_from: Option<usize>,
    ) -> Self::Counterexample;
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
pub struct Outcome<M: Written> {
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
    pub failed: Vec<M::Prop>,
    /// Companions reached.
    pub seen: Set<M::Prop>,
    /// The searches a limit cut short.
    pub stopped: Vec<Stopped>,
    /// Whether the graph is proved free of cycles: `Some(true)` the whole graph was searched and
    /// has none, `Some(false)` a cycle was found, `None` the search was cut first.
    pub acyclic: Option<bool>,
    /// Shortest counterexamples, one per failed property.
    pub counterexamples: Vec<M::Counterexample>,
    /// In a run of a split search, what the merge needs.
    pub shard: Option<ShardPart>,
    /// Every distinct state's fingerprint, sorted, when asked for.
    pub fingerprints: Option<Vec<u64>>,
    /// Transitions found in the memo of transitions rather than taken afresh ([`crate::search::memo`]).
    pub kept: usize,
    /// What the main search's transitions cited, when asked for ([`How::coverage`]).
    pub coverage: Option<Counts>,
}

/// The rule coverage of `outcomes`, if their searches counted what they cited
/// ([`How::coverage`]).
pub fn coverage<M: Written>(outcomes: &[Outcome<M>]) -> Option<crate::coverage::Coverage> {
    crate::coverage::Coverage::of::<M>(outcomes.iter().filter_map(|o| {
        let judged = o.states.saturating_sub(1) as u64;
        o.coverage.as_ref().map(|c| (o.name.as_str(), c, judged))
    }))
}

impl<M: Written> Outcome<M> {
    /// Each property broken, with its counterexample's path, in the order found.
    pub fn violations(&self) -> Vec<(M::Prop, &[M::Action])> {
        (self.counterexamples.iter())
            .map(|c| (c.property(), c.path()))
            .collect()
    }

    /// The limit that cut the main search, if one did.
    pub fn cut(&self) -> Option<Cut> {
        (self.stopped.iter())
            .find(|s| s.search == Search::Exploration)
            .map(|s| s.by)
    }

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

impl<M: Written> Clone for Outcome<M> {
    fn clone(&self) -> Self {
        Outcome {
            name: self.name.clone(),
            states: self.states,
            unique: self.unique,
            depth: self.depth,
            seconds: self.seconds,
            failed: self.failed.clone(),
            seen: self.seen,
            stopped: self.stopped.clone(),
            acyclic: self.acyclic,
            counterexamples: self.counterexamples.clone(),
            shard: self.shard.clone(),
            fingerprints: self.fingerprints.clone(),
            kept: self.kept,
            coverage: self.coverage.clone(),
        }
    }
}

impl<M: Written> std::fmt::Debug for Outcome<M> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Outcome")
            .field("name", &self.name)
            .field("states", &self.states)
            .field("unique", &self.unique)
            .field("failed", &self.failed)
            .field("acyclic", &self.acyclic)
            .field("counterexamples", &self.counterexamples)
            .finish_non_exhaustive()
    }
}

/// Checks `model` as `how` says, handing progress to `progress`: the main search (split
/// between runs where `how.shard` says so), then the counterexamples.
pub fn check_model<M: Written>(
    model: M,
    how: &How,
    progress: &mut dyn FnMut(&Progress),
) -> Outcome<M> {
    let x = explore(model, how);
    match how.shard {
        None => {
            let explored = search::search(&x, workers(how, how.threads), progress);
            conclude(&x, explored, None)
        }
        Some((index, count, depth)) => {
            let run = Shard {
                index,
                count,
                depth,
                salt: Shard::salt_of(x.model.name()),
            };
            let part = search::split(
                &x.model,
                &x.budget,
                x.layers,
                run,
                how.keep_fingerprints,
                progress,
            );
            let info = ShardPart {
                nodes: part.nodes,
                frontier: part.frontier,
                seeds: part.seeds,
                edges: part.edges,
            };
            conclude(&x, part.explored, Some(info))
        }
    }
}

/// The workers a configuration's search may have, of `threads`: one where `--max-states`
/// is set (so that the states a cut search covered are the same in every run), and one where
/// the search counts what its transitions cite (`--coverage`: a transition tried by two
/// workers would be counted twice).
pub fn workers(how: &How, threads: usize) -> usize {
    if how.limits.max_states.is_some() || how.coverage {
        1
    } else {
        threads.max(1)
    }
}

/// The main search of `model` as `how` says, ready for workers to join
/// ([`search::Exploration::work`]).
pub fn explore<M: Plug>(model: M, how: &How) -> Exploration<M> {
    Exploration::new(
        model,
        Budget::start(how.limits),
        search::Layers {
            memo: how.memo,
            coverage: how.coverage,
        },
        how.keep_fingerprints,
    )
}

/// The outcome of a configuration whose main search found `explored`: the violations
/// shortened, the counterexamples written out, the searches a limit cut.
pub fn conclude<M: Written>(
    x: &Exploration<M>,
    explored: Exhausted<M::Prop, M::Action>,
    shard: Option<ShardPart>,
) -> Outcome<M> {
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
    let mut failed: Vec<M::Prop> = explored.violations.iter().map(|(p, _)| *p).collect();
    let acyclic = match (&explored.cycle, explored.cut) {
        (Some(_), _) => {
            failed.extend(M::NO_CYCLES);
            Some(false)
        }
        // A run of a split search proves no more than its part: the merge decides.
        (None, None) if shard.is_none() => Some(true),
        (None, _) => None,
    };
    let (mut shortest, cut) = if explored.violations.is_empty() {
        (Default::default(), None)
    } else {
        let props: Vec<M::Prop> = explored.violations.iter().map(|(p, _)| *p).collect();
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
        counterexamples.push(model.counterexample(*p, path, None));
    }
    if let Some(no_cycles) = M::NO_CYCLES {
        let cycle = explored
            .cycle
            .as_ref()
            .map(|found| search::shortest_cycle(model, budget).unwrap_or_else(|| found.clone()));
        if let Some((prefix, around)) = &cycle {
            let from = prefix.len();
            let mut path = prefix.clone();
            path.extend(around);
            counterexamples.push(model.counterexample(no_cycles, path, Some(from)));
        }
    }
    Outcome {
        name: model.name().to_string(),
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

/// Checks the `count` configurations whose models `model_of` makes (by their place in the list)
/// with `how.threads` threads, several at a time, handing each outcome to `done` in the order
/// of the list: the one `check_all` of every ruleset.
///
/// # Errors
///
/// A configuration's model cannot be made (its setup is impossible): what `model_of` said.
pub fn check_all<M: Written>(
    count: usize,
    model_of: &(dyn Fn(usize) -> Result<M, String> + Sync),
    how: &How,
    done: &mut dyn FnMut(&Outcome<M>),
) -> Result<Vec<Outcome<M>>, String> {
    // Each configuration by one thread here; the pool below adds helpers.
    let single = How {
        threads: 1,
        ..how.clone()
    };
    let one = |i: usize, how: &How| -> Result<Outcome<M>, String> {
        let model = model_of(i)?;
        let mut show = Shower::new(model.name(), how.progress);
        Ok(check_model(model, how, &mut |p| show.show(p)))
    };
    if count == 1 || how.threads <= 1 {
        let mut out = Vec::new();
        for i in 0..count {
            let o = one(i, how)?;
            done(&o);
            out.push(o);
        }
        return Ok(out);
    }
    let pool = how.shard.is_none() && workers(how, how.threads) > 1;
    // Configurations go to the threads in order; a thread with none left to start helps one
    // still being searched. Outcomes come back in any order and are handed on in the targets'
    // order as soon as the ones before them are in.
    let next = AtomicUsize::new(0);
    // Configurations not yet searched to the end.
    let pending = AtomicUsize::new(count);
    let running: Mutex<Vec<Arc<Exploration<M>>>> = Mutex::new(Vec::new());
    let (tx, rx) = std::sync::mpsc::channel();
    let mut slots: Vec<Option<Result<Outcome<M>, String>>> = (0..count).map(|_| None).collect();
    let searched = |i: usize| -> Result<Outcome<M>, String> {
        let x = Arc::new(explore(model_of(i)?, &single));
        lock(&running).push(Arc::clone(&x));
        let mut show = Shower::new(x.model.name(), how.progress);
        x.work(&mut |p| show.show(p));
        let explored = x.finish();
        lock(&running).retain(|r| !Arc::ptr_eq(r, &x));
        Ok(conclude(&x, explored, None))
    };
    std::thread::scope(|scope| {
        for _ in 0..how.threads {
            let tx = tx.clone();
            let (next, pending, running) = (&next, &pending, &running);
            let (one, searched, single) = (&one, &searched, &single);
            scope.spawn(move || {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i < count {
                        let o = if pool { searched(i) } else { one(i, single) };
                        pending.fetch_sub(1, Ordering::Relaxed);
                        if tx.send((i, o)).is_err() {
                            break;
                        }
                        continue;
                    }
                    if !pool {
                        break;
                    }
                    // Nothing left to start: join the search with the fewest workers.
                    let job = lock(running)
                        .iter()
                        .filter(|x| x.open())
                        .min_by_key(|x| x.workers())
                        .cloned();
                    match job {
                        Some(x) => x.work(&mut |_| {}),
                        None if pending.load(Ordering::Relaxed) == 0 => break,
                        // A configuration is being prepared, or concluded: look again shortly.
                        None => std::thread::sleep(std::time::Duration::from_millis(1)),
                    }
                }
            });
        }
        drop(tx);
        let mut handed = 0;
        for (i, o) in rx {
            slots[i] = Some(o);
            while let Some(Some(Ok(o))) = slots.get(handed) {
                done(o);
                handed += 1;
            }
        }
    });
    slots
        .into_iter()
        .map(|s| s.unwrap_or_else(|| Err("a checker thread stopped".into())))
        .collect()
}

/// The lock of the searches running, whatever a thread that panicked holding it left.
fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}
