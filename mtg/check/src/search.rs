//! `riftcheck check --ruleset mtg`: the checker's own proof of each MTG configuration (its
//! depth-first search with memo and coverage, the shortest counterexample, the split search and
//! its one `check_all`), through MTG's implementation of the plug ([`MtgModel`]). What is left
//! here is how MTG's options read: the fault the engine commits and the concessions allowed.

use riftcheck::Engine;
use riftcheck::mtg::spec::MtgSpec;
use riftcheck::mtg::{Action, Mtg, MtgFault, MtgGame};
use riftcheck_checker::progress::Show;
use riftcheck_checker::proof::{self, How};
use riftcheck_checker::search::{Limits, Shard};

use super::configs::MtgConfig;
use super::{MtgModel, MtgState};

/// What checking one MTG configuration found ([`proof::Outcome`]).
pub type MtgOutcome<E = MtgGame, S = MtgSpec> = proof::Outcome<MtgModel<E, S>>;

/// How each MTG configuration is searched, read from `check`'s options: its limits, whether the
/// rules exercised are counted, this run's part of a search split at a frontier, and whether
/// the fingerprints are kept.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// What the search may spend.
    pub limits: Limits,
    /// Count the rules the transitions exercise.
    pub coverage: bool,
    /// This run's part of a split search.
    pub shard: Option<Shard>,
    /// Keep every distinct state's fingerprint.
    pub fingerprints: bool,
    /// Reuse what an action did to a pair in another state (`check --no-memo` takes every
    /// transition afresh); the results do not depend on it.
    pub memo: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            limits: Limits::default(),
            coverage: false,
            shard: None,
            fingerprints: false,
            memo: true,
        }
    }
}

impl From<(Limits, bool)> for Options {
    fn from((limits, coverage): (Limits, bool)) -> Options {
        Options {
            limits,
            coverage,
            ..Options::default()
        }
    }
}

impl Options {
    /// How the checker searches with `threads` threads.
    pub fn how(self, threads: usize) -> How {
        How {
            threads,
            limits: self.limits,
            progress: Show::Quiet,
            shard: self.shard.map(|s| (s.index, s.count, s.depth)),
            keep_fingerprints: self.fingerprints,
            memo: self.memo,
            coverage: self.coverage,
        }
    }
}

/// Checks `model`, named `name`, with one thread.
pub fn check_one<E: Engine<Mtg>, S: Engine<Mtg>>(
    name: &str,
    model: MtgModel<E, S>,
    how: impl Into<Options>,
) -> MtgOutcome<E, S> {
    let how: Options = how.into();
    proof::check_model(model.named(name), &how.how(1), &mut |_| {})
}

/// Checks every configuration of `configs`, `threads` at a time, the engine committing `fault`
/// (the checker's one [`proof::check_all`]). The results are in the order of `configs`,
/// whatever the threads.
///
/// # Errors
///
/// A configuration whose setup cannot be played: its name and the problems.
pub fn check_all(
    configs: &[MtgConfig],
    fault: Option<MtgFault>,
    threads: usize,
    how: impl Into<Options>,
) -> Result<Vec<MtgOutcome>, String> {
    let how: Options = how.into();
    let model_of = |i: usize| {
        let c = &configs[i];
        MtgModel::<MtgGame, MtgSpec>::new(c.setup.clone(), c.concessions, fault)
            .map(|m| m.named(&c.name))
            .map_err(|e| format!("{}: {e}", c.name))
    };
    proof::check_all(configs.len(), &model_of, &how.how(threads), &mut |_| {})
}

/// The states along `actions` from the model's first state, each step's view included; `None`
/// if a step is refused by both.
pub fn replay_path<E: Engine<Mtg>, S: Engine<Mtg>>(
    model: &MtgModel<E, S>,
    actions: &[Action],
) -> Option<Vec<MtgState<E, S>>> {
    let states = riftcheck_checker::search::replay(model, actions);
    (states.len() == actions.len() + 1).then(|| {
        states
            .into_iter()
            .map(|(mut s, events)| {
                std::sync::Arc::make_mut(&mut s.view).events = events;
                s
            })
            .collect()
    })
}
