//! Checking one Riftbound configuration: its setup read under the policies and the fault asked
//! for, the model of the engine under test against the spec, and the checker's proof of it
//! ([`riftcheck_checker::proof`]).

use riftcheck::Riftbound;
use riftcheck::{Engine, Game, Setup};

use crate::model::{Bounds, RiftModel};
use riftcheck_checker::progress::{Show, Shower};
use riftcheck_checker::proof::{self as generic, How};
use riftcheck_checker::search::{Limits, Progress};

pub use riftcheck_checker::proof::{Search, ShardPart, Stopped, coverage};

/// What checking one Riftbound configuration found.
pub type Outcome<E = Game> = generic::Outcome<RiftModel<E>>;

/// How to check.
#[derive(Clone, Debug)]
pub struct Options {
    /// Threads in all: configurations are checked this many at once, and a thread with no
    /// configuration left to start joins the search of one still running. Every run gives the
    /// same counts and the same counterexamples whatever the number
    /// ([`riftcheck_checker::search::Exploration`]); with `--max-states`, each configuration is searched
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
    /// Keep every distinct state's fingerprint ([`generic::Outcome::fingerprints`]).
    pub keep_fingerprints: bool,
    /// Reuse what an action did to a pair in another state ([`riftcheck_checker::search::memo`]); the results do
    /// not depend on it.
    pub memo: bool,
    /// Count what each transition tried cites ([`riftcheck_checker::coverage`]; `check --coverage`).
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
) -> Result<Outcome<E>, String> {
    let mut show = Shower::new(name, opts.progress);
    check_with::<E>(name, setup, bounds, opts, &mut |p| show.show(p))
}

impl Options {
    /// How each configuration is checked, whatever the ruleset: all but the fault and the
    /// policies, which make the model.
    pub fn how(&self) -> How {
        How {
            threads: self.threads,
            limits: self.limits,
            progress: self.progress,
            shard: self.shard,
            keep_fingerprints: self.keep_fingerprints,
            memo: self.memo,
            coverage: self.coverage,
        }
    }
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
) -> Result<Outcome<E>, String> {
    let model = model::<E>(name, setup, bounds, opts)?;
    Ok(generic::check_model(model, &opts.how(), progress))
}

/// The model of `setup` under `bounds`, read under the policies of `opts` and with the engine
/// committing its fault; its counterexamples show the setup as given.
///
/// # Errors
///
/// As [`check_engine`].
pub fn model<E: Engine<Riftbound>>(
    name: &str,
    setup: &Setup,
    bounds: Bounds,
    opts: &Options,
) -> Result<RiftModel<E>, String> {
    let mut read = setup.clone();
    for c in &opts.policies {
        read.readings = c.apply(read.readings);
    }
    let mut model = RiftModel::<E>::of(name, &read.with_fault(opts.fault), bounds)?;
    model.written = setup.clone();
    Ok(model)
}

/// Checks the built-in configurations `configs`, at their quick bounds if `quick`, with `opts`,
/// several at a time, handing each outcome to `done` in their order
/// ([`riftcheck_checker::proof::check_all`]); for the tools that run many checks of the
/// reference engine (the benchmark, the readings side by side).
///
/// # Errors
///
/// A configuration's setup is impossible: its name and the problems.
pub fn check_configs(
    configs: &[crate::configs::Config],
    quick: bool,
    opts: &Options,
    done: &mut dyn FnMut(&Outcome),
) -> Result<Vec<Outcome>, String> {
    let model_of = |i: usize| {
        let c = &configs[i];
        let bounds = if quick { c.quick } else { c.bounds };
        model::<Game>(&c.name(), &c.setup, bounds, opts).map_err(|e| format!("{}: {e}", c.name()))
    };
    generic::check_all(configs.len(), &model_of, &opts.how(), done)
}
