//! Replaying a scenario: build the game, take each step, compare every expectation.

use super::text::ZoneText;
use super::{Expect, Outcome, Scenario, ScenarioError};
use crate::action::Action;
use crate::card::Catalog;
use crate::error::RuleError;
use crate::event::Event;
use crate::game::Game;
use crate::seat::{Seat, SeatSet};

/// What happened when a scenario was replayed.
#[derive(Clone, Debug)]
pub struct Replay {
    /// Events of the proceeding right after setup (a lone staged fight beginning, ...).
    pub setup_events: Vec<Event>,
    /// Each step and what the engine did with it.
    pub results: Vec<StepResult>,
    /// Every expectation that did not hold, in order.
    pub failures: Vec<Failure>,
    /// The game after the last step.
    pub game: Game,
}

impl Replay {
    /// Whether every step and expectation held.
    pub fn passed(&self) -> bool {
        self.failures.is_empty()
    }
}

/// One step and the engine's answer.
#[derive(Clone, Debug)]
pub struct StepResult {
    /// The action taken.
    pub action: Action,
    /// The events, or the refusal.
    pub outcome: Result<Vec<Event>, RuleError>,
}

/// An expectation that did not hold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// After how many steps (0: right after setup).
    pub after: usize,
    /// Line and column in the scenario's source.
    pub at: (usize, usize),
    /// What was checked (`priority`, `cards.Poro.at`, `step 3`).
    pub what: String,
    /// What the scenario expected.
    pub expected: String,
    /// What the engine did.
    pub actual: String,
}

/// The items that resolved and were countered so far, by name, in order.
#[derive(Default)]
struct History {
    resolved: Vec<String>,
    countered: Vec<String>,
}

impl History {
    fn record(&mut self, cat: &Catalog, events: &[Event]) {
        for e in events {
            match e {
                Event::Resolved { item } => {
                    self.resolved.push(item.text(cat));
                }
                Event::Countered { item } => {
                    self.countered.push(item.text(cat));
                }
                _ => {}
            }
        }
    }
}

pub(super) fn replay(s: &Scenario) -> Result<Replay, ScenarioError> {
    let (game, setup_events) = Game::from_setup_with_events(&s.setup)
        .map_err(|e| s.error_at(s.source.setup_table, e.to_string()))?;
    replay_from(s, game, setup_events)
}

pub(super) fn replay_from(
    s: &Scenario,
    mut game: Game,
    setup_events: Vec<Event>,
) -> Result<Replay, ScenarioError> {
    let catalog = game.catalog_arc().clone();
    let mut history = History::default();
    history.record(&catalog, &setup_events);
    let mut failures = Vec::new();
    let mut results = Vec::new();
    let expectations = |after: usize| {
        s.checks
            .iter()
            .zip(s.source.checks.iter().copied())
            .filter(move |(c, _)| c.after == after)
    };
    for (e, at) in expectations(0) {
        compare(&game, &history, e, at, &mut failures);
    }
    for (i, step) in s.steps.iter().enumerate() {
        let at = s.source.steps.get(i).copied().unwrap_or((0, 0));
        let action = Action::parse(&step.text, &catalog)
            .map_err(|e| s.error_at(at, format!("step {}: {}", i + 1, e.message)))?;
        let outcome = game.apply(action);
        if let Ok(events) = &outcome {
            history.record(&catalog, events);
        }
        let mismatch = match (&step.outcome, &outcome) {
            (Outcome::Accepted, Ok(_)) => None,
            (Outcome::Accepted, Err(e)) => Some((
                "accepted".to_string(),
                format!("refused: {e} ({})", e.name()),
            )),
            (Outcome::Refused(_), Ok(_)) => Some(("refused".to_string(), "accepted".to_string())),
            (Outcome::Refused(None), Err(_)) => None,
            (Outcome::Refused(Some(name)), Err(e)) if e.name() == name => None,
            (Outcome::Refused(Some(name)), Err(e)) => Some((
                format!("refused ({name})"),
                format!("refused ({}): {e}", e.name()),
            )),
        };
        if let Some((expected, actual)) = mismatch {
            failures.push(Failure {
                after: i + 1,
                at,
                what: format!("step {}: {}", i + 1, step.text),
                expected,
                actual,
            });
        }
        results.push(StepResult { action, outcome });
        for (e, at) in expectations(i + 1) {
            compare(&game, &history, e, at, &mut failures);
        }
    }
    if let Some(e) = &s.expect {
        compare(&game, &history, e, s.source.expect, &mut failures);
    }
    Ok(Replay {
        setup_events,
        results,
        failures,
        game,
    })
}

fn seat_text(s: Option<Seat>) -> String {
    s.map_or("none".to_string(), |s| s.to_string())
}

fn seats_text(v: impl IntoIterator<Item = Seat>) -> String {
    let v: Vec<String> = v.into_iter().map(|s| s.to_string()).collect();
    format!("[{}]", v.join(", "))
}

fn list_text(v: &[String]) -> String {
    format!("[{}]", v.join(", "))
}

/// The canonical, owner-qualified text of where `card` is.
pub(crate) fn zone_of(game: &Game, card: crate::card::CardId) -> ZoneText {
    let cat = game.catalog();
    ZoneText::of(cat, game.zone(card), cat.card(card).owner)
}

fn compare(
    game: &Game,
    history: &History,
    e: &Expect,
    at: (usize, usize),
    failures: &mut Vec<Failure>,
) {
    let cat = game.catalog();
    let mut check = |what: String, expected: String, actual: String| {
        if expected != actual {
            failures.push(Failure {
                after: e.after,
                at,
                what,
                expected,
                actual,
            });
        }
    };
    if let Some(v) = e.turn {
        check("turn".into(), seat_text(v), seat_text(game.turn_player()));
    }
    if let Some(v) = e.priority {
        check("priority".into(), seat_text(v), seat_text(game.priority()));
    }
    if let Some(v) = e.focus {
        check("focus".into(), seat_text(v), seat_text(game.focus()));
    }
    if let Some(v) = &e.showdown {
        let actual = game.showdown_at().map(|(b, _)| cat.bf_name(b).to_string());
        check(
            "showdown".into(),
            v.clone().unwrap_or("none".into()),
            actual.unwrap_or("none".into()),
        );
    }
    if let Some(v) = e.combat {
        let text = |c: Option<(Seat, Seat)>| {
            c.map_or("none".to_string(), |(a, d)| format!("{a} attacks {d}"))
        };
        let actual = game.showdown_at().and_then(|(_, c)| c);
        check("combat".into(), text(v), text(actual));
    }
    if let Some(v) = e.awaiting {
        check(
            "awaiting".into(),
            seat_text(v),
            seat_text(game.awaiting().map(|c| c.seat())),
        );
    }
    if let Some(v) = &e.chain {
        let actual: Vec<String> = game
            .chain_items()
            .iter()
            .map(|i| i.name().text(cat))
            .collect();
        check("chain".into(), list_text(v), list_text(&actual));
    }
    if let Some(v) = &e.passed {
        check(
            "passed".into(),
            seats_text(v.iter().copied().collect::<SeatSet>().iter()),
            seats_text(game.passed().iter()),
        );
    }
    if let Some(v) = &e.focus_passed {
        check(
            "focus_passed".into(),
            seats_text(v.iter().copied().collect::<SeatSet>().iter()),
            seats_text(game.focus_passed().iter()),
        );
    }
    if let Some(v) = &e.resolved {
        check(
            "resolved".into(),
            list_text(v),
            list_text(&history.resolved),
        );
    }
    if let Some(v) = &e.countered {
        check(
            "countered".into(),
            list_text(v),
            list_text(&history.countered),
        );
    }
    if let Some(v) = &e.remaining {
        check(
            "remaining".into(),
            seats_text(v.iter().copied()),
            seats_text(game.remaining().iter()),
        );
    }
    if let Some(v) = &e.removed {
        check(
            "removed".into(),
            seats_text(v.iter().copied().collect::<SeatSet>().iter()),
            seats_text(game.removed().iter()),
        );
    }
    if let Some(v) = &e.winners {
        check(
            "winners".into(),
            seats_text(v.iter().copied().collect::<SeatSet>().iter()),
            seats_text(game.winners().unwrap_or_default().iter()),
        );
    }
    for (seat, n) in &e.energy {
        check(
            format!("energy.{seat}"),
            n.to_string(),
            game.energy()[seat.index()].to_string(),
        );
    }
    if let Some(v) = &e.staged {
        let actual: Vec<String> = game
            .staged_fights()
            .iter()
            .map(|b| cat.bf_name(*b).to_string())
            .collect();
        check("staged".into(), list_text(v), list_text(&actual));
    }
    for (seat, p) in &e.points {
        check(
            format!("points.{seat}"),
            p.to_string(),
            game.points()[seat.index()].to_string(),
        );
    }
    for (name, c) in &e.cards {
        let Some(card) = cat.card_named(name) else {
            continue;
        };
        let st = game.card_state(card);
        if let Some(z) = &c.at {
            let actual = zone_of(game, card);
            if !z.matches(&actual) {
                check(
                    format!("cards.{name}.at"),
                    z.to_string(),
                    actual.to_string(),
                );
            }
        }
        if let Some(s) = c.controller {
            check(
                format!("cards.{name}.controller"),
                s.to_string(),
                st.controller.to_string(),
            );
        }
        if let Some(m) = c.might {
            let actual = game.might(card).map_or("none".into(), |m| m.to_string());
            check(format!("cards.{name}.might"), m.to_string(), actual);
        }
        if let Some(m) = c.mighty {
            check(
                format!("cards.{name}.mighty"),
                m.to_string(),
                game.mighty(card).to_string(),
            );
        }
        if let Some(x) = c.exhausted {
            check(
                format!("cards.{name}.exhausted"),
                x.to_string(),
                st.exhausted.to_string(),
            );
        }
        if let Some(d) = c.damage {
            check(
                format!("cards.{name}.damage"),
                d.to_string(),
                st.damage.to_string(),
            );
        }
    }
    for (name, f) in &e.battlefields {
        let Some(bf) = cat.battlefield_named(name) else {
            continue;
        };
        let st = game.field(bf);
        if let Some(c) = f.controller {
            check(
                format!("battlefields.{name}.controller"),
                seat_text(c),
                seat_text(st.controller),
            );
        }
        if let Some(t) = f.token {
            check(
                format!("battlefields.{name}.token"),
                t.to_string(),
                st.token.to_string(),
            );
        }
        if let Some(m) = f.might {
            check(
                format!("battlefields.{name}.might"),
                m.to_string(),
                game.might_bonus(bf).to_string(),
            );
        }
        if let Some(c) = f.contested_by {
            check(
                format!("battlefields.{name}.contested_by"),
                seat_text(c),
                seat_text(st.contested_by),
            );
        }
    }
}
