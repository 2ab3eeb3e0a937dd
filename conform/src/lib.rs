//! `riftcheck conform`: check another rules engine, in any language, over the protocol of
//! `docs/protocol.md`, in three phases:
//!
//! 1. the scenario corpus as a conformance suite (every expectation of every scenario);
//! 2. an exhaustive exploration of the built-in configurations, the spec driving
//!    ([`exhaustive`]), breadth first;
//! 3. seeded random walks at larger bounds ([`random`]), a divergence shrunk.
//!
//! A divergence does not stop a phase: every divergent step is grouped into a finding
//! ([`findings`]: the same difference, citing the same rule, at the same kind of step), each
//! with its shortest example and the configurations it showed in, so that one run reports every
//! distinct mistake. What the engine says it cannot express (a mode, a kind of card or action)
//! is reported as unsupported, never as a failure.
//!
//! Recorded games are judged the same way without driving the engine ([`validate`]).
//!
//! This crate is written once for every ruleset and names none: a ruleset plugs in by
//! implementing [`Conformed`] (its configurations, their tables as the engine can express them,
//! how a divergence is written up, its scenario phase) and [`table::Rules`] (one starting
//! position: what is offered at each step and how an answer is judged), each in its own crate
//! (beside its vocabulary and spec). It imports the rules engine's library for the protocol's
//! client and comparison; the rulesets' crates and the command line import it.

pub mod exhaustive;
pub mod findings;
pub mod found;
pub mod print;
pub mod random;
pub mod remote;
pub mod table;
pub mod unchecked;
pub mod validate;

use std::path::{Path, PathBuf};
use std::time::Duration;

use riftcheck::protocol::compare::{Divergence, View};
use riftcheck::protocol::remote::Verdict;
use riftcheck::protocol::trace::AnyTrace;
use riftcheck_checker::plan::Asked;

pub use findings::{Finding, Findings};
pub use found::Found;
pub use remote::Remote;
use table::Rules;
use unchecked::Unchecked;

/// A ruleset as `conform` drives an engine of it: its configurations, each one's table in a
/// phase as the engine can express it, how a divergence is written up, its scenario phase, and
/// what the engine's partial observation leaves unchecked.
pub trait Conformed: Sized {
    /// One configuration's starting position, checked on the engine.
    type Table: Rules;

    /// The driver of the built-in configurations `asked` leaves (its filters; its bounds are
    /// the exhaustive phase's, each configuration's quick bounds if none), walked within
    /// `walk_bounds` (none: the ruleset's own).
    ///
    /// # Errors
    ///
    /// A filter or bound the ruleset cannot read, or filters that leave nothing.
    fn of(asked: &Asked<'_>, walk_bounds: Option<&str>) -> Result<Self, String>;

    /// The ruleset's key, as an engine's `hello` names the ruleset it plays.
    fn key(&self) -> &'static str;

    /// Where the ruleset's own scenario files are, for the scenario phase when none are given.
    fn default_scenarios(&self) -> &'static str;

    /// Whether what the engine's `hello` declares (beyond the ruleset) can be checked.
    ///
    /// # Errors
    ///
    /// What in the `hello` cannot be.
    fn accepts(&self, remote: &Remote) -> Result<(), String>;

    /// The configurations' names, in order.
    fn configs(&self) -> Vec<String>;

    /// The table of the `i`th configuration in `phase` (`exhaustive`, `random walks`), as the
    /// engine of `remote` can express it, and what was left out of it if anything was.
    ///
    /// # Errors
    ///
    /// Why it is not explored: the engine cannot play it, it is the same setup as one explored, or
    /// its setup is impossible.
    fn table(
        &mut self,
        i: usize,
        phase: &'static str,
        remote: &Remote,
    ) -> Result<(Self::Table, Option<String>), String>;

    /// `divergence`, found after `path` in `table` during `phase` on the engine called
    /// `engine` (observed through `view`), as a rulebook example and a scenario file.
    fn write_up(
        table: &Self::Table,
        engine: (&str, &View),
        phase: &'static str,
        path: Vec<<Self::Table as Rules>::Action>,
        divergence: Divergence,
    ) -> Found;

    /// The scenario phase: each of `files` replayed on the engine.
    fn scenarios(&self, remote: &mut Remote, files: &[PathBuf]) -> Vec<ScenarioRow>;

    /// Each game of `trace` judged against the ruleset's spec (`validate`), a row each, its
    /// findings added to `all`; a trace of another ruleset has none.
    fn judge(trace: &AnyTrace, all: &mut Findings) -> Vec<ConfigRow>;

    /// What the engine's partial observation (`view`) leaves unchecked.
    fn unchecked(&self, view: &View) -> Vec<Unchecked>;
}

/// What to run.
#[derive(Clone, Debug)]
pub struct Options {
    /// Scenario files for the first phase (empty: skip it).
    pub scenarios: Vec<PathBuf>,
    /// Whether to run the exhaustive phase.
    pub exhaustive: bool,
    /// Games per configuration at most, in the exhaustive phase.
    pub max_states: Option<usize>,
    /// Walks per configuration in the random phase (0: skip it).
    pub walks: u64,
    /// Steps per walk.
    pub depth: usize,
    /// The first seed.
    pub seed: u64,
    /// Stop once this many distinct findings are known.
    pub max_findings: Option<usize>,
    /// Stop each configuration's phase at its first divergence (version 1's behaviour), and
    /// never follow the engine past a divergence.
    pub first: bool,
    /// How many divergences one path of the exhaustive phase or one walk may follow the engine
    /// past (0: none). Each mistake an engine makes widens what is explored after it; the limit
    /// keeps an engine that errs at every step from multiplying the run.
    pub follow: u8,
}

/// How one scenario went.
#[derive(Debug)]
pub struct ScenarioRow {
    /// Its file.
    pub path: PathBuf,
    /// Its title.
    pub title: String,
    /// The verdict, or why the file cannot be used.
    pub verdict: Result<Verdict, String>,
    /// What was left out of its setup for the engine, if anything.
    pub projected: Option<String>,
}

/// How one configuration went in a phase.
#[derive(Debug)]
pub struct ConfigRow {
    /// `war/chain`.
    pub config: String,
    /// Why the engine cannot express it, if it cannot.
    pub unsupported: Option<String>,
    /// What was left out of its setup for the engine, if anything.
    pub projected: Option<String>,
    /// Games reached (exhaustive) or walks taken.
    pub states: u64,
    /// Steps judged.
    pub steps: u64,
    /// Requests sent.
    pub requests: u64,
    /// Seconds taken.
    pub seconds: f64,
    /// Whether a limit cut it short.
    pub cut: bool,
    /// Whether it was given up after too many protocol faults.
    pub gave_up: bool,
    /// Divergent steps.
    pub divergences: u64,
    /// The findings it showed, by number.
    pub findings: Vec<usize>,
}

/// Everything `conform` found.
#[derive(Debug, Default)]
pub struct Report {
    /// The engine's name and version.
    pub engine: String,
    /// The scenario phase.
    pub scenarios: Vec<ScenarioRow>,
    /// The exhaustive phase.
    pub exhaustive: Vec<ConfigRow>,
    /// The random phase.
    pub walks: Vec<ConfigRow>,
    /// Recorded games (`validate`), one row per game.
    pub traces: Vec<ConfigRow>,
    /// Every distinct mistake, with its shortest example.
    pub findings: Vec<findings::Finding>,
    /// What the engine's partial observation leaves unchecked.
    pub unchecked: Vec<Unchecked>,
}

impl Report {
    /// Whether anything failed or diverged.
    pub fn failed(&self) -> bool {
        !self.findings.is_empty()
            || self
                .scenarios
                .iter()
                .any(|r| !matches!(r.verdict, Ok(Verdict::Passed | Verdict::Unsupported(_))))
    }

    /// Whether a limit cut a phase short.
    pub fn cut(&self) -> bool {
        self.exhaustive.iter().any(|r| r.cut)
    }
}

/// The phases `opts` asks for, in order: `exhaustive`, `random walks`.
pub(crate) fn phases(opts: &Options) -> impl Iterator<Item = &'static str> {
    [
        ("exhaustive", opts.exhaustive),
        ("random walks", opts.walks > 0),
    ]
    .into_iter()
    .filter_map(|(phase, on)| on.then_some(phase))
}

/// An empty row for `config`.
pub fn row(config: &str) -> ConfigRow {
    ConfigRow {
        config: config.to_string(),
        unsupported: None,
        projected: None,
        states: 0,
        steps: 0,
        requests: 0,
        seconds: 0.0,
        cut: false,
        gave_up: false,
        divergences: 0,
        findings: Vec::new(),
    }
}

/// Runs every phase `opts` asks for against `remote`, an engine of the ruleset `ruleset`.
pub fn run<C: Conformed>(
    ruleset: &mut C,
    remote: &mut Remote,
    opts: &Options,
    progress: &mut dyn FnMut(&str),
) -> Report {
    let mut report = Report {
        engine: remote.name.clone(),
        unchecked: ruleset.unchecked(&remote.view),
        ..Report::default()
    };
    let mut all = findings::Findings::new(opts.max_findings);
    if !opts.scenarios.is_empty() {
        progress("scenarios");
        remote.record_as("scenarios");
        report.scenarios = ruleset.scenarios(remote, &opts.scenarios);
    }
    let names = ruleset.configs();
    'phases: for phase in phases(opts) {
        for (i, name) in names.iter().enumerate() {
            progress(&format!("{phase}: {name}"));
            let mut r = row(name);
            match ruleset.table(i, phase, remote) {
                Ok((table, projected)) => {
                    r.projected = projected;
                    let write_up =
                        |e: (&str, &View), phase, path, d| C::write_up(&table, e, phase, path, d);
                    run_one(
                        (&table, &write_up),
                        remote,
                        opts,
                        (phase, i),
                        &mut all,
                        &mut r,
                    );
                }
                Err(why) => r.unsupported = Some(why),
            }
            push(&mut report, phase, r);
            if all.full() {
                break 'phases;
            }
        }
    }
    report.findings = all.list;
    report
}

/// How a divergence is written up for a ruleset: found on the engine called `engine` (observed
/// through `view`) during `phase`, after `path`, as a rulebook example and a scenario file.
pub(crate) type WriteUp<'a, R> =
    dyn Fn((&str, &View), &'static str, Vec<<R as Rules>::Action>, Divergence) -> Found + 'a;

/// One configuration's phase (the `i`th configuration), its row `r` filled in with what it
/// reached, its divergent steps and the findings they showed.
pub(crate) fn run_one<R: Rules>(
    (table, write_up): (&R, &WriteUp<'_, R>),
    remote: &mut Remote,
    opts: &Options,
    (phase, i): (&'static str, usize),
    all: &mut findings::Findings,
    r: &mut ConfigRow,
) {
    let kind = if phase == "exhaustive" {
        phase
    } else {
        "walks"
    };
    remote.record_as(&format!("{kind}/{}", table.name()));
    let engine = remote.name.clone();
    let view = remote.view.clone();
    let shown = std::cell::RefCell::new(Vec::new());
    let all = std::cell::RefCell::new(all);
    let mut teller = findings::Teller::new(table, &view, phase);
    let mut found = |d: findings::Divergent<R::Action>| {
        let mut all = all.borrow_mut();
        let id = teller.tell(&mut all, d, |path, d| {
            write_up((&engine, &view), phase, path, d)
        });
        let mut shown = shown.borrow_mut();
        if !shown.contains(&id) {
            shown.push(id);
        }
        findings::Told {
            id,
            stop: opts.first || all.full(),
        }
    };
    let follow = if opts.first { 0 } else { opts.follow };
    let (divergences, unfollowed) = if phase == "exhaustive" {
        let x = exhaustive::explore(table, remote, (opts.max_states, follow), &mut found);
        (r.states, r.steps, r.requests) = (x.states as u64, x.steps, x.requests);
        (r.seconds, r.cut, r.gave_up) = (x.elapsed.as_secs_f64(), x.cut, x.gave_up);
        if let Some(why) = x.unsupported {
            r.unsupported = Some(why);
        }
        (x.divergences, x.not_followed)
    } else {
        let seed = opts.seed.wrapping_add(i as u64);
        let wants = |path: &[R::Action], d: &Divergence| {
            all.borrow()
                .wants(&findings::Key::of::<R>(path, d), path.len())
        };
        let x = random::walk(
            table,
            remote,
            (seed, opts.walks, opts.depth, follow),
            &wants,
            &mut found,
        );
        (r.states, r.steps, r.requests) = (x.walks, x.steps, x.requests);
        r.seconds = x.elapsed.as_secs_f64();
        if let Some(why) = x.unsupported {
            r.unsupported = Some(why);
        }
        (x.divergences, x.not_followed)
    };
    for (id, why) in unfollowed {
        all.borrow_mut().not_followed(id, why);
    }
    (r.divergences, r.findings) = (divergences, shown.into_inner());
}

pub(crate) fn push(report: &mut Report, phase: &str, r: ConfigRow) {
    if phase == "exhaustive" {
        report.exhaustive.push(r);
    } else {
        report.walks.push(r);
    }
}

/// Writes each finding's scenario under `dir`; the files written.
///
/// # Errors
///
/// A file cannot be written.
pub fn write_scenarios(report: &Report, dir: &Path) -> std::io::Result<Vec<PathBuf>> {
    let mut out = Vec::new();
    if report.findings.is_empty() {
        return Ok(out);
    }
    std::fs::create_dir_all(dir)?;
    for f in &report.findings {
        let path = dir.join(f.example.file_name(f.id));
        std::fs::write(&path, &f.example.file)?;
        out.push(path);
    }
    Ok(out)
}

/// The per-request timeout's default.
pub const TIMEOUT: Duration = Duration::from_secs(10);
