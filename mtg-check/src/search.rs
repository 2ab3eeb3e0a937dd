//! `riftcheck check --ruleset mtg`: every built-in MTG configuration searched breadth-first to
//! the end (the state space is finite: the turns and concessions are bounded), every property
//! judged on every step, and a shortest path to each violation.

use std::hash::{Hash, Hasher};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use riftcheck::Engine;
use riftcheck::mtg::spec::MtgSpec;
use riftcheck::mtg::{Action, Mtg, MtgFault, MtgGame, MtgSetupErrors};
use riftcheck_checker::panics::guarded;
use riftcheck_checker::search::bfs::{self, Graph, Part, Until};
use riftcheck_checker::search::{Budget, Cut, Limits, Shard};
use stateright::Model;

use super::configs::MtgConfig;
use super::coverage;
use super::properties::MtgProp;
use super::{MtgModel, MtgState};

/// The result of one configuration.
#[derive(Clone, Debug)]
pub struct MtgResult {
    /// The configuration's name.
    pub name: String,
    /// Distinct states.
    pub unique: usize,
    /// States generated, repeats included.
    pub states: usize,
    /// The longest shortest path, in states.
    pub depth: usize,
    /// How long it took.
    pub time: Duration,
    /// Each violated property with a shortest path to it.
    pub violations: Vec<(MtgProp, Vec<Action>)>,
    /// The limit that stopped the search before the end, if one did.
    pub cut: Option<Cut>,
    /// The rules its transitions exercised, with `--coverage`.
    pub coverage: Option<coverage::Cited>,
    /// Split at a frontier: what this run shares with the others ([`Part`]).
    pub split: Option<Part>,
    /// Every distinct state's fingerprint, ascending, when asked for.
    pub fingerprints: Option<Vec<u64>>,
}

/// How each configuration is searched: its limits, whether the rules exercised are counted,
/// this run's part of a search split at a frontier, and whether the fingerprints are kept.
#[derive(Clone, Copy, Debug, Default)]
pub struct How {
    /// What the search may spend.
    pub limits: Limits,
    /// Count the rules the transitions exercise.
    pub coverage: bool,
    /// This run's part of a split search (the salt is each configuration's own, from its name).
    pub shard: Option<Shard>,
    /// Keep every distinct state's fingerprint.
    pub fingerprints: bool,
}

impl From<(Limits, bool)> for How {
    fn from((limits, coverage): (Limits, bool)) -> How {
        How {
            limits,
            coverage,
            ..How::default()
        }
    }
}

/// The MTG model from its first state, as a graph for the breadth-first search and the random
/// walks both rulesets share ([`riftcheck_checker::search::bfs`], `simulate`).
pub struct Walk<'m, E: Engine<Mtg>, S: Engine<Mtg>> {
    model: &'m MtgModel<E, S>,
    first: MtgState<E, S>,
    /// The rules exercised so far, when coverage is counted.
    cited: Option<std::cell::RefCell<coverage::Cited>>,
}

impl<'m, E: Engine<Mtg>, S: Engine<Mtg>> Walk<'m, E, S> {
    /// The graph of `model`, counting the rules exercised if `coverage`; or why its setup cannot
    /// be played.
    ///
    /// # Errors
    ///
    /// The setup's problems.
    pub fn of(model: &'m MtgModel<E, S>, coverage: bool) -> Result<Self, MtgSetupErrors> {
        Ok(Walk {
            first: model.first()?,
            model,
            cited: coverage.then(std::cell::RefCell::default),
        })
    }
}

impl<E: Engine<Mtg>, S: Engine<Mtg>> Graph for Walk<'_, E, S> {
    type State = MtgState<E, S>;
    type Action = Action;
    type Prop = MtgProp;

    fn first(&self) -> MtgState<E, S> {
        self.first.clone()
    }

    fn next(&self, state: &MtgState<E, S>, out: &mut Vec<(Action, MtgState<E, S>)>) {
        let mut actions = Vec::new();
        self.model.actions(state, &mut actions);
        for a in actions {
            let next = self.model.take(state, a);
            if let Some(cited) = &self.cited {
                // Counting asks the engine again: a panic there is the step's, found already.
                let _ =
                    guarded(|| coverage::count(&mut cited.borrow_mut(), state, a, next.as_ref()));
            }
            out.extend(next.map(|n| (a, n)));
        }
    }

    fn fingerprint(&self, state: &MtgState<E, S>) -> u64 {
        let mut h = std::hash::DefaultHasher::new();
        state.hash(&mut h);
        h.finish()
    }

    fn breaks(&self, state: &MtgState<E, S>, prop: MtgProp) -> bool {
        state.ghost.violated.contains(prop)
    }
}

/// Checks `model` to the end (or until a limit of `limits` cuts it): the breadth-first search
/// both rulesets share, which keeps the first path to each violated property, so that it is a
/// shortest one (a state that violates a property is not explored further). Deterministic:
/// actions are taken in the order the engines list them.
pub fn check_one<E: Engine<Mtg>, S: Engine<Mtg>>(
    name: &str,
    model: MtgModel<E, S>,
    how: impl Into<How>,
) -> MtgResult {
    let start = Instant::now();
    let how: How = how.into();
    let walk = Walk::of(&model, how.coverage);
    let shard = how.shard.map(|s| Shard {
        salt: Shard::salt_of(name),
        ..s
    });
    let owns = |fp: u64| shard.is_none_or(|s| s.owns(fp));
    let options = bfs::Options {
        frontier: shard.map(|s| bfs::Frontier {
            depth: s.depth,
            owns: &owns,
        }),
        keep_fingerprints: how.fingerprints,
    };
    let budget = Budget::start(how.limits);
    let found = match &walk {
        Ok(w) => bfs::search(w, &MtgProp::ALL, Until::Whole, &budget, options),
        // A setup the engines cannot both start is a disagreement at the start.
        Err(_) => bfs::Found::nothing(vec![(MtgProp::Agree, Vec::new())]),
    };
    let mut result = MtgResult {
        name: name.to_owned(),
        unique: found.unique,
        states: found.generated,
        depth: found.depth,
        time: Duration::ZERO,
        violations: found.paths,
        cut: found.cut.map(|(by, _)| by),
        coverage: walk
            .ok()
            .and_then(|w| w.cited)
            .map(std::cell::RefCell::into_inner),
        split: found.split,
        fingerprints: found.fingerprints,
    };
    result.violations.sort_by_key(|(p, _)| *p);
    result.time = start.elapsed();
    result
}

/// The states of `model`'s graph down to depth `depth` (the first state is depth 1), the
/// frontier's included: what every run of a check split at that depth shares, and a
/// configuration's weight when configurations are dealt whole with no report of their sizes.
pub fn prefix_size<E: Engine<Mtg>, S: Engine<Mtg>>(model: &MtgModel<E, S>, depth: usize) -> usize {
    let Ok(walk) = Walk::of(model, false) else {
        return 0;
    };
    let none = |_: u64| false;
    let options = bfs::Options {
        frontier: Some(bfs::Frontier { depth, owns: &none }),
        keep_fingerprints: false,
    };
    let found = bfs::search(&walk, &[], Until::Whole, &Budget::unlimited(), options);
    found.split.map_or(0, |p| p.prefix)
}

/// Checks every configuration of `configs`, `threads` at a time, the engine committing `fault`.
/// The results are in the order of `configs`, whatever the threads.
pub fn check_all(
    configs: &[MtgConfig],
    fault: Option<MtgFault>,
    threads: usize,
    how: impl Into<How>,
) -> Vec<MtgResult> {
    let how: How = how.into();
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<MtgResult>>> = Mutex::new(vec![None; configs.len()]);
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1).min(configs.len().max(1)) {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(c) = configs.get(i) else { return };
                    let model =
                        MtgModel::<MtgGame, MtgSpec>::new(c.setup.clone(), c.concessions, fault);
                    let r = check_one(&c.name, model, how);
                    results.lock().unwrap_or_else(|e| e.into_inner())[i] = Some(r);
                }
            });
        }
    });
    results
        .into_inner()
        .unwrap_or_else(|e| e.into_inner())
        .into_iter()
        .flatten()
        .collect()
}

/// The final state of `actions` from the model's first state, each step's view included.
pub fn replay_path<E: Engine<Mtg>, S: Engine<Mtg>>(
    model: &MtgModel<E, S>,
    actions: &[Action],
) -> Option<Vec<MtgState<E, S>>> {
    let mut state = model.first().ok()?;
    let mut out = vec![state.clone()];
    for &a in actions {
        state = model.take(&state, a)?;
        out.push(state.clone());
    }
    Some(out)
}
