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
//! Recorded games are judged the same way without driving the engine ([`validate`]). This
//! crate imports the rules engine's library (the protocol's client, the spec), the checker
//! (the built-in configurations, the model) and the properties; the command line imports it.

pub mod exhaustive;
pub mod findings;
pub mod found;
pub mod mtg;
pub mod print;
pub mod random;
pub mod remote;
pub mod table;
pub mod unchecked;
pub mod validate;

use std::path::{Path, PathBuf};
use std::time::Duration;

use riftcheck::Scenario;
use riftcheck::protocol::remote::{Verdict, replay_remote};

pub use findings::{Finding, Findings};
pub use found::Found;
pub use remote::Remote;
use table::{Rules, Table};

use riftbound_check::configs::Config;
use riftbound_check::model::Bounds;

/// What to run.
#[derive(Clone, Debug)]
pub struct Options {
    /// Scenario files for the first phase (empty: skip it).
    pub scenarios: Vec<PathBuf>,
    /// Configurations for the exhaustive phase.
    pub configs: Vec<Config>,
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
    /// Bounds of the walks.
    pub walk_bounds: Bounds,
    /// Bounds of the exhaustive phase (`None`: each configuration's quick bounds).
    pub bounds: Option<Bounds>,
    /// Stop once this many distinct findings are known.
    pub max_findings: Option<usize>,
    /// Stop each configuration's phase at its first divergence (version 1's behaviour).
    pub first: bool,
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
    pub unchecked: Vec<unchecked::Unchecked>,
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

/// Replays Riftbound scenario files on `remote`.
pub fn scenarios(remote: &mut Remote, files: &[PathBuf]) -> Vec<ScenarioRow> {
    files
        .iter()
        .map(|path| {
            // An MTG engine's scenario phase is `mtg::scenarios`.
            if riftcheck::mtg::scenario::is_mtg_file(path) {
                return ScenarioRow {
                    path: path.clone(),
                    title: String::new(),
                    verdict: Ok(Verdict::Unsupported(
                        "an MTG scenario, and the engine plays riftbound".into(),
                    )),
                    projected: None,
                };
            }
            let scenario = match Scenario::load(path) {
                Ok(s) => s,
                Err(e) => {
                    return ScenarioRow {
                        path: path.clone(),
                        title: String::new(),
                        verdict: Err(e.to_string()),
                        projected: None,
                    };
                }
            };
            let verdict = match remote.conn() {
                Ok(conn) => replay_remote(&scenario, conn).map_err(|e| e.to_string()),
                Err(f) => Ok(Verdict::Fault { after: 0, fault: f }),
            };
            remote.drain();
            if matches!(verdict, Ok(Verdict::Fault { .. })) {
                // Start the engine afresh for the next scenario.
                remote.close();
            }
            let projected = match &verdict {
                Ok(Verdict::Passed | Verdict::Failed(_)) => {
                    riftcheck::protocol::remote::shaped(&scenario, &remote.caps)
                        .ok()
                        .and_then(|(_, note)| note)
                }
                _ => None,
            };
            ScenarioRow {
                path: path.clone(),
                title: scenario.title.clone(),
                verdict,
                projected,
            }
        })
        .collect()
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

pub(crate) fn row(config: &str) -> ConfigRow {
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

/// Runs every phase `opts` asks for against `remote`.
pub fn run(remote: &mut Remote, opts: &Options, progress: &mut dyn FnMut(&str)) -> Report {
    let mut report = Report {
        engine: remote.name.clone(),
        unchecked: unchecked::unchecked(&remote.view),
        ..Report::default()
    };
    let mut all = findings::Findings::new(opts.max_findings);
    if !opts.scenarios.is_empty() {
        progress("scenarios");
        remote.record_as("scenarios");
        report.scenarios = scenarios(remote, &opts.scenarios);
    }
    let mut explored: Vec<(String, riftcheck::Setup)> = Vec::new();
    'phases: for phase in phases(opts) {
        explored.clear();
        for (i, cfg) in opts.configs.iter().enumerate() {
            let name = cfg.name();
            progress(&format!("{phase}: {name}"));
            let mut r = row(&name);
            let table = match shaped(cfg, remote, &mut explored, bounds(phase, cfg, opts)) {
                Ok((t, projected)) => {
                    r.projected = projected;
                    t
                }
                Err(why) => {
                    r.unsupported = Some(why);
                    push(&mut report, phase, r);
                    continue;
                }
            };
            let write_up = |e: (&str, &_), phase, path, d| Found::new(&table, e, phase, path, d);
            run_one(
                (&table, &write_up),
                remote,
                opts,
                (phase, i),
                &mut all,
                &mut r,
            );
            push(&mut report, phase, r);
            if all.full() {
                break 'phases;
            }
        }
    }
    report.findings = all.list;
    report
}

/// The bounds of a configuration in a phase.
fn bounds(phase: &str, cfg: &Config, opts: &Options) -> Bounds {
    if phase == "exhaustive" {
        opts.bounds.unwrap_or(cfg.quick)
    } else {
        opts.walk_bounds
    }
}

/// The configuration as the engine can express it ([`riftcheck::protocol::project`]): its
/// table, and what was left out of it if anything was. `Err`: why it is not explored: the
/// engine cannot play it, nothing the engine can play is left, or what is left is a setup
/// already explored in this phase (named).
fn shaped(
    cfg: &Config,
    remote: &Remote,
    explored: &mut Vec<(String, riftcheck::Setup)>,
    bounds: Bounds,
) -> Result<(Table, Option<String>), String> {
    let p = riftcheck::protocol::project::project(&remote.caps.as_read(&cfg.setup), &remote.caps)?;
    let projected = p.changed().then(|| p.summary());
    if p.changed() {
        if p.setup.cards.is_empty() {
            return Err(format!("nothing it can express is left ({})", p.summary()));
        }
        if let Some((name, _)) = explored.iter().find(|(_, s)| *s == p.setup) {
            return Err(format!(
                "once projected ({}), the same setup as {name}",
                p.summary()
            ));
        }
    }
    let table = Table::new(cfg.name(), p.setup.clone(), bounds).map_err(|e| {
        format!(
            "the setup is impossible{}: {e}",
            projected
                .as_ref()
                .map_or(String::new(), |w| format!(" once projected ({w})"))
        )
    })?;
    explored.push((cfg.name(), p.setup));
    Ok((table, projected))
}

/// How a divergence is written up for a ruleset: found on the engine called `engine` (observed
/// through `view`) during `phase`, after `path`, as a rulebook example and a scenario file.
pub(crate) type WriteUp<'a, R> = dyn Fn(
        (&str, &riftcheck::protocol::compare::View),
        &'static str,
        Vec<<R as Rules>::Action>,
        riftcheck::protocol::compare::Divergence,
    ) -> Found
    + 'a;

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
    let mut found = |path: Vec<R::Action>, d| {
        let mut all = all.borrow_mut();
        let key = findings::Key::of::<R>(&path, &d);
        let id = all.record((table.name(), phase), key, path.len(), || {
            write_up((&engine, &view), phase, path, d)
        });
        let mut shown = shown.borrow_mut();
        if !shown.contains(&id) {
            shown.push(id);
        }
        opts.first || all.full()
    };
    let divergences = if phase == "exhaustive" {
        let x = exhaustive::explore(table, remote, opts.max_states, &mut found);
        (r.states, r.steps, r.requests) = (x.states as u64, x.steps, x.requests);
        (r.seconds, r.cut, r.gave_up) = (x.elapsed.as_secs_f64(), x.cut, x.gave_up);
        x.divergences
    } else {
        let seed = opts.seed.wrapping_add(i as u64);
        let wants = |path: &[R::Action], d: &riftcheck::protocol::compare::Divergence| {
            all.borrow()
                .wants(&findings::Key::of::<R>(path, d), path.len())
        };
        let x = random::walk(
            table,
            remote,
            (seed, opts.walks, opts.depth),
            &wants,
            &mut found,
        );
        (r.states, r.steps, r.requests) = (x.walks, x.steps, x.requests);
        r.seconds = x.elapsed.as_secs_f64();
        x.divergences
    };
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
