//! The laws every game obeys, as one runner that the fuzz targets, the seeded tests and the
//! property tests all call: the engine and the spec agree on every action; the invariants hold
//! after every step; a refused action changes nothing; `legal_actions` lists exactly what
//! `apply` accepts. A broken law comes back as a [`Finding`] that shrinks to the shortest
//! scenario showing it.

use std::fmt;

use arbitrary::Unstructured;

use super::invariants::invariants;
use super::lockstep::{Disagreement, Lockstep};
use crate::action::Action;
use crate::game::Game;
use crate::generate::{self, Pick};
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
    /// `legal_actions` and `apply` disagree.
    LegalsAreLegal,
}

impl fmt::Display for Law {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Law::Lockstep => "the engine and the spec agree on every action",
            Law::Invariants => "what an observer sees is consistent",
            Law::RefusalChangesNothing => "a refused action changes nothing",
            Law::LegalsAreLegal => "legal_actions lists exactly what apply accepts",
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
    /// Check every well-formed action at every state (refusals change nothing, legal actions
    /// agree with apply, and the spec agrees on each), not only the one taken.
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

fn start(setup: &Setup, fault: Option<Fault>) -> Option<Game> {
    Game::from_setup(&setup.with_fault(fault)).ok()
}

struct Player<'a> {
    setup: &'a Setup,
    opts: &'a Options,
    pair: Lockstep,
    taken: Vec<Action>,
}

impl Player<'_> {
    fn finding(&self, law: Law, what: String) -> Box<Finding> {
        Box::new(Finding {
            law,
            what,
            setup: self.setup.clone(),
            actions: self.taken.clone(),
            fault: self.opts.fault,
        })
    }

    /// The laws that hold in the current state.
    fn check_state(&self) -> Result<(), Box<Finding>> {
        let game = &self.pair.game;
        let broken = invariants(game.catalog(), &game.observe());
        if let Some(v) = broken.first() {
            return Err(self.finding(Law::Invariants, v.to_string()));
        }
        if !self.opts.every_action {
            return Ok(());
        }
        let legal = game.legal_actions();
        for action in game.well_formed_actions() {
            let mut copy = game.clone();
            let accepted = copy.apply(action).is_ok();
            if accepted != legal.contains(&action) {
                let mut f = self.finding(
                    Law::LegalsAreLegal,
                    format!(
                        "{}: apply {} it, legal_actions {} it",
                        action.display(game.catalog()),
                        if accepted { "accepts" } else { "refuses" },
                        if legal.contains(&action) {
                            "lists"
                        } else {
                            "omits"
                        }
                    ),
                );
                f.actions.push(action);
                return Err(f);
            }
            if !accepted && &copy != game {
                let mut f = self.finding(
                    Law::RefusalChangesNothing,
                    format!(
                        "refusing {} changed the game",
                        action.display(game.catalog())
                    ),
                );
                f.actions.push(action);
                return Err(f);
            }
            let mut probe = self.pair.clone();
            if let Err(d) = probe.step(action) {
                let mut f = self.finding(Law::Lockstep, d.to_string());
                f.actions.push(action);
                return Err(f);
            }
        }
        Ok(())
    }

    /// Takes `action` in lockstep. Refused by both: nothing happens and nothing is recorded.
    fn take(&mut self, action: Action) -> Result<(), Box<Finding>> {
        match self.pair.step(action) {
            Ok(None) => Ok(()),
            Ok(Some(_)) => {
                self.taken.push(action);
                Ok(())
            }
            Err(d) => {
                self.taken.push(action);
                Err(self.finding(Law::Lockstep, describe(&d)))
            }
        }
    }
}

fn describe(d: &Disagreement) -> String {
    d.to_string()
}

/// Decodes a setup and a sequence of choices from `bytes` and plays them, checking the laws at
/// every step. Returns the number of actions taken.
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

/// Plays `setup`: first the actions of `prefix` (those both the engine and the spec refuse are
/// skipped), then up to `opts.steps` choices decoded from `u`, checking the laws at every step.
/// Returns the number of actions taken.
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
    let Some(game) = start(setup, opts.fault) else {
        return Ok(0);
    };
    let mut p = Player {
        setup,
        opts,
        pair: Lockstep::new(game),
        taken: Vec::new(),
    };
    p.check_state()?;
    for &a in prefix {
        p.take(a)?;
        p.check_state()?;
    }
    for _ in 0..opts.steps {
        if u.is_empty() {
            break;
        }
        let Ok(Some(action)) = generate::action(&p.pair.game, u, opts.pick) else {
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
        let Some(game) = start(&self.setup, None) else {
            return self.bare_scenario(None);
        };
        let cat = game.catalog_arc().clone();
        let mut pair = Lockstep::new(game);
        let mut refused_last = false;
        for (i, &a) in self.actions.iter().enumerate() {
            let before = pair.clone();
            if pair.step(a).is_err() {
                // The spec's reading decides the expectations.
                pair = before;
                let spec_ok = pair.spec.apply(a).is_ok();
                if spec_ok {
                    let _ = pair.game.apply(a);
                } else {
                    refused_last = i + 1 == self.actions.len();
                }
            }
        }
        let v = pair.spec.observe();
        let expect = Expect {
            after: self.actions.len(),
            turn: Some(v.turn),
            priority: Some(v.priority),
            focus: Some(v.focus),
            awaiting: Some(v.awaiting.map(|c| c.seat())),
            chain: Some(v.chain.iter().map(|i| i.item.text(&cat)).collect()),
            passed: Some(v.passed.iter().collect()),
            focus_passed: Some(v.focus_passed.iter().collect()),
            remaining: Some(v.remaining.iter().collect()),
            removed: Some(v.removed.iter().collect()),
            winners: Some(v.winners.unwrap_or_default().iter().collect()),
            ..Expect::default()
        };
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
        if let Some(mut game) = start(&self.setup, self.fault) {
            let start_game = game.clone();
            let steps: Vec<_> = self.actions.iter().map(|&a| (a, game.apply(a))).collect();
            text.push_str(&render_example(
                &scenario.title,
                scenario.description.as_deref(),
                &scenario.rules,
                &start_game,
                &[],
                &steps,
            ));
        }
        text.push_str("\n# Save as tests/scenarios/regressions/<name>.toml:\n");
        text.push_str(&scenario.to_toml());
        text
    }
}
