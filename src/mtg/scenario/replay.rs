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

/// One step an engine was recorded taking: the action, its answer, and what it showed after.
#[derive(Clone, Debug)]
pub struct Recorded {
    /// The action.
    pub action: Action,
    /// Its events, or its refusal.
    pub outcome: Result<Vec<MtgEvent>, Refusal>,
    /// What the engine showed after it.
    pub view: MtgView,
}

impl MtgReplay {
    fn of(engine: &'static str) -> MtgReplay {
        MtgReplay {
            engine,
            failures: Vec::new(),
            events: Vec::new(),
            views: Vec::new(),
            actions: Vec::new(),
        }
    }
}

/// A replay being judged, step by step, whether the engine is stepped now or was recorded: the
/// scenario, what was found so far, and every rule the engine's events cited.
struct Judging<'s> {
    scenario: &'s MtgScenario,
    out: MtgReplay,
    cited: BTreeSet<&'static str>,
}

impl<'s> Judging<'s> {
    /// The game as the engine `engine` set it up: its events and what it showed.
    fn start(
        scenario: &'s MtgScenario,
        engine: &'static str,
        events: Vec<MtgEvent>,
        view: MtgView,
    ) -> Judging<'s> {
        let mut j = Judging {
            scenario,
            out: MtgReplay::of(engine),
            cited: events.iter().filter_map(MtgEvent::rule).collect(),
        };
        j.out.events.push(events);
        scenario.check_at(0, &view, &j.cited, &mut j.out.failures);
        j.out.views.push(view);
        j
    }

    /// The step at `i` could not be read as an action: `why`.
    fn unreadable(&mut self, i: usize, why: String) {
        let s = self.scenario;
        self.out.failures.push(Failure {
            step: i + 1,
            line: s.step_lines.get(i).copied().unwrap_or(0),
            key: "step".into(),
            expected: format!("`{}` to be taken", step_text(s, i)),
            actual: why,
        });
    }

    /// The step at `i`, `action`, answered `outcome`, the engine showing `after()` then:
    /// judged; whether the replay goes on (not after a step answered otherwise than written).
    fn step(
        &mut self,
        i: usize,
        action: Action,
        outcome: Result<Vec<MtgEvent>, Refusal>,
        after: impl FnOnce() -> MtgView,
    ) -> bool {
        let (s, n) = (self.scenario, i + 1);
        let expected = s.step_outcome.get(i).unwrap_or(&Outcome::Accepted);
        self.out.actions.push(action);
        if let Some((want, found)) = step_mismatch(expected, &outcome, self.out.engine) {
            self.out.failures.push(Failure {
                step: n,
                line: s.step_lines.get(i).copied().unwrap_or(0),
                key: "step".into(),
                expected: format!("`{}` to be {want}", step_text(s, i)),
                actual: found,
            });
            return false;
        }
        match outcome {
            Ok(events) => {
                self.cited.extend(events.iter().filter_map(MtgEvent::rule));
                self.out.events.push(events);
            }
            Err(_) => self.out.events.push(Vec::new()),
        }
        let view = after();
        s.check_at(n, &view, &self.cited, &mut self.out.failures);
        self.out.views.push(view);
        true
    }
}

/// The words of the step at `i`, as the file has them.
fn step_text(s: &MtgScenario, i: usize) -> &str {
    s.step_text.get(i).map_or("", String::as_str)
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
        let (mut engine, events) = match start(&self.setup) {
            Ok(x) => x,
            Err(e) => {
                let mut out = MtgReplay::of(E::NAME);
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
        let mut judging = Judging::start(self, E::NAME, events, engine.observe());
        for (i, sentence) in self.steps.iter().enumerate() {
            let view = judging.out.views.last().cloned().unwrap_or_default();
            let action = match self.action(*sentence, &view) {
                Ok(a) => a,
                Err(m) => {
                    judging.unreadable(i, m);
                    break;
                }
            };
            let outcome = engine.apply(action);
            if !judging.step(i, action, outcome, || engine.observe()) {
                break;
            }
        }
        judging.out
    }

    /// Judges what an engine was recorded doing along the scenario's steps, as [`Self::replay`]
    /// judges what it does when stepped: `start`, its events and what it showed once set up,
    /// then each step's action, the engine's answer and what it showed after. Nothing is
    /// stepped again; the record is read as it is (a record shorter than the steps ends the
    /// replay where it ends).
    pub fn judge_record(
        &self,
        engine: &'static str,
        start: (Vec<MtgEvent>, MtgView),
        steps: Vec<Recorded>,
    ) -> MtgReplay {
        let mut judging = Judging::start(self, engine, start.0, start.1);
        for (i, r) in steps.into_iter().enumerate().take(self.steps.len()) {
            let view = r.view;
            if !judging.step(i, r.action, r.outcome, || view) {
                break;
            }
        }
        judging.out
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
