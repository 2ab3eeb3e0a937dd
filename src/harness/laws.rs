//! The laws every game obeys, as one runner that the fuzz targets, the seeded tests and the
//! property tests all call: the engine and the spec agree on every action; the invariants hold
//! after every step; a refused action changes nothing; `check` accepts exactly what `apply`
//! accepts. The laws are written against the [`Engine`] boundary, so they hold any engine to
//! them. A broken law comes back as a [`Finding`] that shrinks to the shortest scenario showing
//! it.

use crate::engine::Riftbound;
use std::fmt;
use std::sync::Arc;

use arbitrary::Unstructured;

use super::generate::{self, Pick};
use crate::action::Action;
use crate::card::Catalog;
use crate::engine::Engine;
use crate::game::Game;
use crate::oracle::Spec;
use crate::oracle::invariants_under;
use crate::oracle::{Lockstep, Stepped};
use crate::readings::Fault;
use crate::scenario::{Expect, Outcome, Scenario, SourceMap, Step, render_example};
use crate::setup::Setup;

/// Which law broke.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Law {
    /// The engine and the spec disagree on an action.
    Lockstep,
    /// An invariant of the observable state fails.
    Invariants,
    /// A refused action changed the game.
    RefusalChangesNothing,
    /// The engine accepts an action the spec finds illegal, or refuses one the spec finds
    /// legal: the engine's legal actions and the spec's, each found on its own.
    LegalsAreLegal,
}

impl fmt::Display for Law {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Law::Lockstep => "the engine and the spec agree on every action",
            Law::Invariants => "what an observer sees is consistent",
            Law::RefusalChangesNothing => "a refused action changes nothing",
            Law::LegalsAreLegal => "the engine's legal actions are the spec's",
        })
    }
}

/// How to play.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// Which actions the choices pick among.
    pub pick: Pick,
    /// The most steps to take.
    pub steps: usize,
    /// Check every well-formed action at every state (refusals change nothing, the engine's
    /// legal actions are the spec's, and the spec agrees on each), not only the one taken.
    pub every_action: bool,
    /// A rule fault the engine is to commit (builds with the `faults` feature only).
    pub fault: Option<Fault>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            pick: Pick::Mixed,
            steps: 60,
            every_action: false,
            fault: None,
        }
    }
}

/// A broken law, with the game and the actions that show it.
#[derive(Clone, Debug)]
pub struct Finding {
    /// The law.
    pub law: Law,
    /// What went wrong.
    pub what: String,
    /// The starting position.
    pub setup: Setup,
    /// The actions from there, the last one showing the failure.
    pub actions: Vec<Action>,
    /// The fault the engine was made to commit, if any.
    pub fault: Option<Fault>,
}

/// Actions checked against the laws so far in this process: each action taken in lockstep, and
/// with `every_action` each well-formed action tried at each state. For throughput figures
/// (`actions per second` of a fuzz target); nothing reads it to decide anything.
pub static ACTIONS_CHECKED: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

fn count_checked(n: usize) {
    ACTIONS_CHECKED.fetch_add(n as u64, std::sync::atomic::Ordering::Relaxed);
}

struct Player<'a, E: Engine<Riftbound>> {
    setup: &'a Setup,
    opts: &'a Options,
    catalog: Arc<Catalog>,
    pair: Lockstep<E, Spec>,
    taken: Vec<Action>,
}

impl<E: Engine<Riftbound>> Player<'_, E> {
    fn finding(&self, law: Law, what: String) -> Box<Finding> {
        Box::new(Finding {
            law,
            what,
            setup: self.setup.clone(),
            actions: self.taken.clone(),
            fault: self.opts.fault,
        })
    }

    fn finding_at(&self, law: Law, what: String, action: Action) -> Box<Finding> {
        let mut f = self.finding(law, what);
        f.actions.push(action);
        f
    }

    /// The laws that hold in the current state.
    fn check_state(&self) -> Result<(), Box<Finding>> {
        let engine = &self.pair.engine;
        let broken = invariants_under(&self.catalog, &self.setup.readings, &engine.observe());
        if let Some(v) = broken.first() {
            return Err(self.finding(Law::Invariants, v.to_string()));
        }
        if !self.opts.every_action {
            return Ok(());
        }
        let mut offered = Vec::new();
        engine.well_formed(&mut offered);
        self.pair.spec.well_formed(&mut offered);
        offered.sort_unstable();
        offered.dedup();
        count_checked(offered.len());
        for action in offered {
            // The action's words only when a law is broken: building them for every action
            // tried cost more than the check itself.
            let text = || action.display(&self.catalog).to_string();
            let mut copy = engine.clone();
            let applied = copy.apply(action);
            // The engine's answer (by taking the action) against the spec's own list of the
            // rules it breaks: two readings of legality, neither derived from the other.
            let spec_refuses = self.pair.spec.refusals(action);
            if applied.is_ok() != spec_refuses.is_empty() {
                let what = match (&applied, spec_refuses.first()) {
                    (Ok(_), Some(rule)) => format!(
                        "{}: the engine takes it; the spec finds it illegal ({rule})",
                        text()
                    ),
                    (Err(rule), _) => format!(
                        "{}: the engine refuses it ({rule}); the spec finds it legal",
                        text()
                    ),
                    (Ok(_), None) => text(),
                };
                return Err(self.finding_at(Law::LegalsAreLegal, what, action));
            }
            if applied.is_err() && &copy != engine {
                let what = format!("refusing {} changed the game", text());
                return Err(self.finding_at(Law::RefusalChangesNothing, what, action));
            }
            let mut probe = self.pair.clone();
            if let Stepped::Disagreed(d, _) = probe.step(action, &self.catalog) {
                return Err(self.finding_at(Law::Lockstep, d.to_string(), action));
            }
        }
        Ok(())
    }

    /// Takes `action` in lockstep. Refused by both: nothing happens and nothing is recorded.
    fn take(&mut self, action: Action) -> Result<(), Box<Finding>> {
        count_checked(1);
        match self.pair.step(action, &self.catalog) {
            Stepped::Refused(_) => Ok(()),
            Stepped::Agreed(_) => {
                self.taken.push(action);
                Ok(())
            }
            Stepped::Disagreed(d, _) => {
                self.taken.push(action);
                Err(self.finding(Law::Lockstep, d.to_string()))
            }
        }
    }
}

/// Decodes a setup and a sequence of choices from `bytes` and plays them on the reference
/// engine, checking the laws at every step. Returns the number of actions taken.
///
/// # Errors
///
/// The first broken law, unshrunk.
pub fn run(bytes: &[u8], opts: &Options) -> Result<usize, Box<Finding>> {
    let mut u = Unstructured::new(bytes);
    let Ok(setup) = generate::setup(&mut u) else {
        return Ok(0);
    };
    play(&setup, &[], &mut u, opts)
}

/// Plays `setup` on the reference engine: first the actions of `prefix` (those both the engine
/// and the spec refuse are skipped), then up to `opts.steps` choices decoded from `u`, checking
/// the laws at every step. Returns the number of actions taken.
///
/// # Errors
///
/// The first broken law, unshrunk.
pub fn play(
    setup: &Setup,
    prefix: &[Action],
    u: &mut Unstructured<'_>,
    opts: &Options,
) -> Result<usize, Box<Finding>> {
    play_with::<Game>(setup, prefix, u, opts)
}

/// As [`play`], on any engine `E` against the spec.
///
/// # Errors
///
/// The first broken law, unshrunk.
pub fn play_with<E: Engine<Riftbound>>(
    setup: &Setup,
    prefix: &[Action],
    u: &mut Unstructured<'_>,
    opts: &Options,
) -> Result<usize, Box<Finding>> {
    let started = match Lockstep::<E, Spec>::start(&setup.with_fault(opts.fault)) {
        Ok(s) => s,
        Err(Ok(_)) => return Ok(0),
        Err(Err(d)) => {
            return Err(Box::new(Finding {
                law: Law::Lockstep,
                what: d.to_string(),
                setup: setup.clone(),
                actions: Vec::new(),
                fault: opts.fault,
            }));
        }
    };
    let mut p = Player {
        setup,
        opts,
        catalog: started.catalog,
        pair: started.pair,
        taken: Vec::new(),
    };
    if let Some(d) = started.disagreement {
        return Err(p.finding(Law::Lockstep, d.to_string()));
    }
    p.check_state()?;
    for &a in prefix {
        p.take(a)?;
        p.check_state()?;
    }
    for _ in 0..opts.steps {
        if u.is_empty() {
            break;
        }
        let Ok(Some(action)) = generate::action(&p.pair.engine, u, opts.pick) else {
            break;
        };
        p.take(action)?;
        p.check_state()?;
    }
    Ok(p.taken.len())
}

/// Replays `actions` from `setup`, checking the same laws; actions both refuse are skipped.
///
/// # Errors
///
/// The first broken law.
pub fn replay(setup: &Setup, actions: &[Action], opts: &Options) -> Result<(), Box<Finding>> {
    play(setup, actions, &mut Unstructured::new(&[]), opts).map(|_| ())
}

impl Finding {
    /// The same failure from the fewest actions the shrinker can reach: steps are removed while
    /// the rest still breaks the same law.
    pub fn shrunk(self, opts: &Options) -> Finding {
        let law = self.law;
        let setup = self.setup.clone();
        let short = crate::shrink::shrink(self.actions.clone(), |path| {
            replay(&setup, path, opts).is_err_and(|f| f.law == law)
        });
        match replay(&setup, &short, opts) {
            Err(f) if f.law == law => *f,
            _ => self,
        }
    }

    /// The finding as a scenario: its steps, and expectations from the spec's view after the
    /// last one, ready to save under `tests/scenarios/regressions/`.
    pub fn scenario(&self) -> Scenario {
        let (Ok((mut spec, _)), Ok(table)) = (Spec::start(&self.setup), self.setup.validate())
        else {
            return self.bare_scenario(None);
        };
        let cat = table.catalog;
        // The spec's reading decides the expectations.
        let mut refused_last = false;
        let mut events = Vec::new();
        for (i, &a) in self.actions.iter().enumerate() {
            match spec.apply(a) {
                Ok(e) => events = e,
                Err(_) => {
                    events.clear();
                    refused_last = i + 1 == self.actions.len();
                }
            }
        }
        let mut v = spec.observe();
        v.events = events;
        let expect = Expect::of(&v, &cat, crate::scenario::SUMMARY, self.actions.len());
        let mut s = self.bare_scenario(Some(expect));
        if refused_last && let Some(step) = s.steps.last_mut() {
            step.outcome = Outcome::Refused(None);
        }
        s
    }

    fn bare_scenario(&self, expect: Option<Expect>) -> Scenario {
        let cat = Game::from_setup(&self.setup)
            .map(|g| g.catalog_arc().clone())
            .ok();
        let steps = self
            .actions
            .iter()
            .map(|a| Step {
                text: cat
                    .as_ref()
                    .map_or_else(|| format!("{a:?}"), |c| a.display(c).to_string()),
                outcome: Outcome::Accepted,
            })
            .collect();
        Scenario {
            title: format!("Finding: {}", self.law),
            rules: Vec::new(),
            description: Some(format!(
                "Found on a random game{}: {}.",
                self.fault
                    .map_or(String::new(), |f| format!(" (engine fault {f})")),
                self.what
            )),
            setup: self.setup.clone(),
            steps,
            checks: Vec::new(),
            expect,
            source: SourceMap::default(),
        }
    }

    /// The rulebook paragraph (as the engine played it) and the scenario file, for a crash
    /// report.
    pub fn report(&self) -> String {
        let scenario = self.scenario();
        let mut text = String::new();
        if let Ok((mut game, setup_events)) =
            <Game as crate::engine::Engine<Riftbound>>::start(&self.setup.with_fault(self.fault))
        {
            let first = game.observe();
            let catalog = game.catalog_arc().clone();
            let steps: Vec<_> = self.actions.iter().map(|&a| (a, game.apply(a))).collect();
            text.push_str(&render_example(
                &scenario.title,
                scenario.description.as_deref(),
                &scenario.rules,
                &catalog,
                &first,
                &setup_events,
                &steps,
            ));
        }
        text.push_str("\n# Save as tests/scenarios/regressions/<name>.toml:\n");
        text.push_str(&scenario.to_toml());
        text
    }
}
