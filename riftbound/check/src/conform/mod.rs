//! Riftbound as `conform` and `validate` drive an engine of it ([`riftcheck_conform::Conformed`]):
//! the built-in configurations, each projected onto what the engine can express ([`Driver`]);
//! one starting position and how an answer is judged ([`table`]); a divergence written up as a
//! Riftbound scenario ([`found`]); Riftbound's scenario phase; what a partial observation leaves
//! unchecked ([`unchecked`]); and the games of a recorded trace ([`judge_trace`]).

pub mod found;
pub mod table;
pub mod unchecked;

use std::path::PathBuf;

use riftcheck::Scenario;
use riftcheck::protocol::compare::{Divergence, View};
use riftcheck::protocol::remote::{Verdict, replay_remote};
use riftcheck::protocol::trace::{AnyTrace, Trace};
use riftcheck::{Action, Setup};
use riftcheck_checker::plan::Asked;
use riftcheck_conform::unchecked::Unchecked;
use riftcheck_conform::{ConfigRow, Conformed, Findings, Found, Remote, ScenarioRow};

use crate::configs::{self, Config};
use crate::model::Bounds;
use table::Table;

/// The bounds of `conform`'s walks unless others are asked for.
pub const WALK_BOUNDS: &str = "turns=6,concessions=3,invites=2";

/// Riftbound's configurations as `conform` explores them, with the bounds of each phase.
pub struct Driver {
    /// The configurations, in order.
    pub configs: Vec<Config>,
    /// Bounds of the exhaustive phase (`None`: each configuration's quick bounds).
    pub bounds: Option<Bounds>,
    /// Bounds of the walks.
    pub walk_bounds: Bounds,
    /// The setups explored in the current phase, by name: a configuration that projects onto
    /// one of them is not explored again.
    explored: Vec<(String, Setup)>,
    /// The phase `explored` belongs to.
    phase: &'static str,
}

impl Driver {
    /// `configs`, explored within `bounds` (each one's quick bounds if `None`) and walked within
    /// `walk_bounds`.
    pub fn new(configs: Vec<Config>, bounds: Option<Bounds>, walk_bounds: Bounds) -> Driver {
        Driver {
            configs,
            bounds,
            walk_bounds,
            explored: Vec::new(),
            phase: "",
        }
    }
}

impl Conformed for Driver {
    type Table = Table;

    fn of(asked: &Asked<'_>, walk_bounds: Option<&str>) -> Result<Driver, String> {
        Ok(Driver::new(
            configs::select(asked.mode, asked.family, asked.players)?,
            asked
                .bounds
                .map(|b| Bounds::default().read(b))
                .transpose()?,
            Bounds::default().read(walk_bounds.unwrap_or(WALK_BOUNDS))?,
        ))
    }

    fn key(&self) -> &'static str {
        "riftbound"
    }

    fn default_scenarios(&self) -> &'static str {
        "tests/scenarios"
    }

    fn accepts(&self, remote: &Remote) -> Result<(), String> {
        accepts(remote)
    }

    fn configs(&self) -> Vec<String> {
        self.configs.iter().map(Config::name).collect()
    }

    /// The configuration as the engine can express it ([`riftcheck::protocol::project`]): its
    /// table, and what was left out of it if anything was. `Err`: why it is not explored: the
    /// engine cannot play it, nothing the engine can play is left, or what is left is a setup
    /// already explored in this phase (named).
    fn table(
        &mut self,
        i: usize,
        phase: &'static str,
        remote: &Remote,
    ) -> Result<(Table, Option<String>), String> {
        if self.phase != phase {
            self.explored.clear();
            self.phase = phase;
        }
        let cfg = &self.configs[i];
        let bounds = if phase == "exhaustive" {
            self.bounds.unwrap_or(cfg.quick)
        } else {
            self.walk_bounds
        };
        let mut p =
            riftcheck::protocol::project::project(&remote.caps.as_read(&cfg.setup), &remote.caps)?;
        if cfg.family == crate::configs::Family::Showdown {
            spells_only_showdown(&mut p);
        }
        let projected = p.changed().then(|| p.summary());
        // With no card left, turn order, passing and concession are still checked (315-317,
        // 338, 650-652 need no card).
        if p.changed()
            && let Some((name, _)) = self.explored.iter().find(|(_, s)| *s == p.setup)
        {
            return Err(format!(
                "once projected ({}), the same setup as {name}",
                p.summary()
            ));
        }
        let table = Table::new(cfg.name(), p.setup.clone(), bounds).map_err(|e| {
            format!(
                "the setup is impossible{}: {e}",
                projected
                    .as_ref()
                    .map_or(String::new(), |w| format!(" once projected ({w})"))
            )
        })?;
        self.explored.push((cfg.name(), p.setup));
        Ok((table, projected))
    }

    fn write_up(
        table: &Table,
        engine: (&str, &View),
        phase: &'static str,
        path: Vec<Action>,
        divergence: Divergence,
    ) -> Found {
        found::write_up(table, engine, phase, path, divergence)
    }

    fn scenarios(&self, remote: &mut Remote, files: &[PathBuf]) -> Vec<ScenarioRow> {
        scenarios(remote, files)
    }

    fn judge(trace: &AnyTrace, all: &mut Findings) -> Vec<ConfigRow> {
        match trace {
            AnyTrace::Riftbound(t) => judge_trace(t, all),
            _ => Vec::new(),
        }
    }

    fn unchecked(&self, view: &View) -> Vec<Unchecked> {
        unchecked::unchecked(view)
    }
}

/// A Showdown configuration whose units the engine cannot hold keeps its Showdown: one at
/// setup, at a battlefield the Turn Player contests and nobody controls, Focus with the Turn
/// Player (344, 347.3.a), played with the spells and passes that are left.
fn spells_only_showdown(p: &mut riftcheck::protocol::project::Projected) {
    let s = &mut p.setup;
    let units = s.cards.iter().any(|c| c.kind == riftcheck::CardKind::Unit);
    if units || p.dropped.is_empty() || s.showdown.is_some() {
        return;
    }
    let Some(at) = s.battlefields.iter_mut().find(|b| b.controller.is_none()) else {
        return;
    };
    at.contested_by = Some(s.turn);
    s.showdown = Some(riftcheck::setup::ShowdownSetup {
        at: at.name.clone(),
        focus: s.turn,
        passed: Vec::new(),
        combat: None,
    });
    let at = s.showdown.as_ref().map_or("", |sd| sd.at.as_str());
    p.stripped
        .push(format!("move into {at} (its Showdown is set up as begun)"));
}

/// Whether a Riftbound engine's `hello` declares readings and capabilities that can be.
///
/// # Errors
///
/// The readings or the capabilities that cannot be.
pub fn accepts(remote: &Remote) -> Result<(), String> {
    remote
        .caps
        .declared_readings()
        .map_err(|e| format!("the engine's hello declares readings that cannot be: {e}"))?;
    match remote.caps.problem() {
        Some(p) => Err(format!("the engine's hello: {p}")),
        None => Ok(()),
    }
}

/// Replays Riftbound scenario files on `remote`; an MTG file is not for it.
pub fn scenarios(remote: &mut Remote, files: &[PathBuf]) -> Vec<ScenarioRow> {
    files
        .iter()
        .map(|path| {
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

/// Judges every game of a Riftbound `trace` ([`riftcheck_conform::validate::judge_games`]); a
/// row per game.
pub fn judge_trace(trace: &Trace, all: &mut Findings) -> Vec<ConfigRow> {
    riftcheck_conform::validate::judge_games(
        trace,
        all,
        |name, setup| Table::new(name, setup.clone(), Bounds::default()),
        |table, engine, path, d| found::write_up(table, engine, "trace", path, d),
    )
}
