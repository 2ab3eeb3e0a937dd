//! Replaying a scenario on an engine: each step's sentence made an action, each check compared
//! with what the engine shows.

use std::collections::BTreeSet;
use std::fmt;

use super::expect::{Seen, resolve};
use super::file::{Aim, Check, Chosen, MtgScenario, ObjRef, Sentence};
use crate::engine::Engine;
use crate::mtg::engine::MtgGame;
use crate::scenario::Outcome;
use mtg_vocabulary::readings::MtgFault;
use mtg_vocabulary::setup::{MtgSetup, MtgSetupErrors};
use mtg_vocabulary::types::{Action, Pick, Target};
use mtg_vocabulary::view::Mtg;
use mtg_vocabulary::view::{MtgEvent, MtgView, Refusal};

/// One expectation not met, or a step not taken.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Failure {
    /// After how many steps (for a refused step: the step's number).
    pub step: usize,
    /// The line of the file it is written on.
    pub line: usize,
    /// The key (`priority`, `zones."Mind Control"`), or `step` for a step the engine refused.
    pub key: String,
    /// What the scenario expects.
    pub expected: String,
    /// What the engine shows.
    pub actual: String,
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}: after step {}: {}: expected {}, found {}",
            self.line, self.step, self.key, self.expected, self.actual
        )
    }
}

/// What a replay found: every failure, and the game as it went.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct MtgReplay {
    /// The engine's name.
    pub engine: &'static str,
    /// Every expectation not met, in the order checked; empty when the scenario holds.
    pub failures: Vec<Failure>,
    /// The events of the start, then of each step taken.
    pub events: Vec<Vec<MtgEvent>>,
    /// The game at the start, then after each step taken.
    pub views: Vec<MtgView>,
    /// The action each step was read as, in the game it was taken in (a refused step's too).
    pub actions: Vec<Action>,
}

impl MtgReplay {
    /// Whether every expectation held and every step was taken.
    pub fn passed(&self) -> bool {
        self.failures.is_empty()
    }
}

impl MtgScenario {
    /// Replays the scenario on the reference engine.
    pub fn replay(&self) -> MtgReplay {
        self.replay_on::<MtgGame>()
    }

    /// Replays the scenario on the reference engine committing `fault`.
    pub fn replay_with_fault(&self, fault: MtgFault) -> MtgReplay {
        self.run(|s| MtgGame::with_readings(s, fault.readings()))
    }

    /// Replays the scenario on engine `E`.
    pub fn replay_on<E: Engine<Mtg>>(&self) -> MtgReplay {
        self.run(E::start)
    }

    fn run<E: Engine<Mtg>>(
        &self,
        start: impl FnOnce(&MtgSetup) -> Result<(E, Vec<MtgEvent>), MtgSetupErrors>,
    ) -> MtgReplay {
        let mut out = MtgReplay {
            engine: E::NAME,
            failures: Vec::new(),
            events: Vec::new(),
            views: Vec::new(),
            actions: Vec::new(),
        };
        let (mut engine, events) = match start(&self.setup) {
            Ok(x) => x,
            Err(e) => {
                out.failures.push(Failure {
                    step: 0,
                    line: 1,
                    key: "setup".into(),
                    expected: "a game".into(),
                    actual: format!("the setup refused: {e}"),
                });
                return out;
            }
        };
        let mut cited: BTreeSet<&'static str> = events.iter().filter_map(MtgEvent::rule).collect();
        out.events.push(events);
        let mut view = engine.observe();
        self.check_at(0, &view, &cited, &mut out.failures);
        out.views.push(view.clone());
        for (i, sentence) in self.steps.iter().enumerate() {
            let n = i + 1;
            let line = self.step_lines.get(i).copied().unwrap_or(0);
            let text = self.step_text.get(i).cloned().unwrap_or_default();
            let action = match self.action(*sentence, &view) {
                Ok(a) => a,
                Err(m) => {
                    out.failures.push(Failure {
                        step: n,
                        line,
                        key: "step".into(),
                        expected: format!("`{text}` to be taken"),
                        actual: m,
                    });
                    return out;
                }
            };
            let expected = self.step_outcome.get(i).unwrap_or(&Outcome::Accepted);
            out.actions.push(action);
            let outcome = engine.apply(action);
            if let Some((want, found)) = step_mismatch(expected, &outcome, E::NAME) {
                out.failures.push(Failure {
                    step: n,
                    line,
                    key: "step".into(),
                    expected: format!("`{text}` to be {want}"),
                    actual: found,
                });
                return out;
            }
            match outcome {
                Ok(events) => {
                    cited.extend(events.iter().filter_map(MtgEvent::rule));
                    out.events.push(events);
                }
                Err(_) => out.events.push(Vec::new()),
            }
            view = engine.observe();
            self.check_at(n, &view, &cited, &mut out.failures);
            out.views.push(view.clone());
        }
        out
    }

    /// The checks holding after `n` steps (and the `[expect]` after the last).
    fn check_at(
        &self,
        n: usize,
        view: &MtgView,
        cited: &BTreeSet<&'static str>,
        failures: &mut Vec<Failure>,
    ) {
        let seen = Seen {
            scenario: self,
            view,
            cited,
        };
        let due = self
            .checks
            .iter()
            .chain(self.expect.iter())
            .filter(|c: &&Check| c.after == n);
        for check in due {
            for e in &check.items {
                let (expected, actual) = seen.compare(&e.want);
                if expected != actual {
                    failures.push(Failure {
                        step: n,
                        line: e.line,
                        key: e.key.clone(),
                        expected,
                        actual,
                    });
                }
            }
        }
    }

    fn object(&self, r: ObjRef, view: &MtgView) -> Result<mtg_vocabulary::types::ObjId, String> {
        resolve(view, r).ok_or_else(|| format!("there is no {} (yet)", self.ref_name(r)))
    }

    /// The action a sentence is in the game `view` shows.
    fn action(&self, s: Sentence, view: &MtgView) -> Result<Action, String> {
        Ok(match s {
            Sentence::Pass(player) => Action::Pass { player },
            Sentence::Concede(player) => Action::Concede { player },
            Sentence::Decline(player) => Action::Choose {
                player,
                pick: Pick::Decline,
            },
            Sentence::Cast(player, card, target) => Action::Cast {
                player,
                card: self.object(card, view)?,
                target: match target {
                    None => None,
                    Some(Aim::Player(p)) => Some(Target::Player(p)),
                    Some(Aim::Object(r)) => Some(Target::Object(self.object(r, view)?)),
                },
            },
            Sentence::Cycle(player, card) => Action::Cycle {
                player,
                card: self.object(card, view)?,
            },
            Sentence::Attack(player, defender, creature) => Action::Attack {
                player,
                creature: self.object(creature, view)?,
                defender,
            },
            Sentence::Choose(player, chosen) => Action::Choose {
                player,
                pick: match chosen {
                    Chosen::Player(p) => Pick::Player(p),
                    Chosen::Number(n) => Pick::Number(n),
                    Chosen::Object(r) => Pick::Object(self.object(r, view)?),
                },
            },
        })
    }
}

/// What was expected of a step and what the engine `name` did, if they differ (as for a
/// Riftbound step, [`crate::scenario::Outcome`]).
fn step_mismatch(
    expected: &Outcome,
    outcome: &Result<Vec<MtgEvent>, Refusal>,
    name: &str,
) -> Option<(String, String)> {
    match (expected, outcome) {
        (Outcome::Accepted, Ok(_)) | (Outcome::Refused(None), Err(_)) => None,
        (Outcome::Refused(Some(want)), Err(r)) if r.name() == want => None,
        (Outcome::Accepted, Err(r)) => Some(("accepted".into(), format!("{name} refused it: {r}"))),
        (Outcome::Refused(_), Ok(_)) => Some(("refused".into(), format!("{name} accepted it"))),
        (Outcome::Refused(Some(want)), Err(r)) => Some((
            format!("refused ({want})"),
            format!("{name} refused it ({}): {r}", r.name()),
        )),
    }
}
