//! Replaying a scenario on an engine: build its game, take each step, and compare every
//! expectation with what an observer sees (the observation, the step's events included).

use crate::engine::Riftbound;
use std::sync::Arc;

use super::{Expect, Outcome, Scenario, ScenarioError};
use crate::action::Action;
use crate::card::Catalog;
use crate::engine::Engine;
use crate::error::RuleError;
use crate::event::Event;
use crate::observation::{Observation, value::quote};
use crate::readings::Fault;

/// What happened when a scenario was replayed.
#[derive(Clone, Debug)]
pub struct Replay {
    /// Events of the proceeding right after setup (a lone staged fight beginning, ...).
    pub setup_events: Vec<Event>,
    /// Each step and what the engine did with it.
    pub results: Vec<StepResult>,
    /// Every expectation that did not hold, in order.
    pub failures: Vec<Failure>,
    /// What an observer saw after the last step, with its events.
    pub last: Observation,
    /// The names of things.
    pub catalog: Arc<Catalog>,
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
    /// What was checked (`priority`, `cards.Poro.at`, `events`, `step 3: B passes`).
    pub what: String,
    /// What the scenario expected.
    pub expected: String,
    /// What the engine did.
    pub actual: String,
}

/// The items that resolved and were countered so far, by name, in order.
#[derive(Default)]
pub(crate) struct History {
    resolved: Vec<String>,
    countered: Vec<String>,
}

impl History {
    /// Records what resolved and what was countered from event sentences (`Firebolt resolves`),
    /// as an engine in another process sends them.
    pub(crate) fn record_sentences(&mut self, sentences: &[&str]) {
        for s in sentences {
            if let Some(item) = s.strip_suffix(" resolves") {
                self.resolved.push(item.to_string());
            } else if let Some(item) = s.strip_suffix(" is countered") {
                self.countered.push(item.to_string());
            }
        }
    }

    fn record(&mut self, cat: &Catalog, events: &[Event]) {
        for e in events {
            match e {
                Event::Resolved { item } => self.resolved.push(item.text(cat)),
                Event::Countered { item, .. } => self.countered.push(item.text(cat)),
                _ => {}
            }
        }
    }
}

pub(super) fn replay<E: Engine<Riftbound>>(
    s: &Scenario,
    fault: Option<Fault>,
) -> Result<Replay, ScenarioError> {
    let setup = s.setup.with_fault(fault);
    let catalog = setup.validate().map_err(|e| s.setup_error(&e))?.catalog;
    let (mut engine, setup_events) =
        E::start(&setup).map_err(|e| s.error_at(s.source.setup_table, e.to_string()))?;
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
    let mut obs = engine.observe();
    obs.events = setup_events.clone();
    // After setup, what the first cleanup did cites the cleanup (323).
    let at_setup = |k: &str| match k {
        "events" => Some(super::cite::setup_events_value(&catalog, &obs.events)),
        _ => obs.field(k, &catalog),
    };
    for (e, at) in expectations(0) {
        compare(&at_setup, &history, e, at, &mut failures);
    }
    for (i, step) in s.steps.iter().enumerate() {
        let at = s.source.steps.get(i).copied().unwrap_or((0, 0));
        let action = Action::parse(&step.text, &catalog)
            .map_err(|e| s.error_at(at, format!("step {}: {}", i + 1, e.message)))?;
        let outcome = engine.apply(action);
        obs = engine.observe();
        if let Ok(events) = &outcome {
            history.record(&catalog, events);
            obs.events = events.clone();
        }
        if let Some((expected, actual)) = step_mismatch(&step.outcome, &outcome) {
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
            compare(&|k| obs.field(k, &catalog), &history, e, at, &mut failures);
        }
    }
    if let Some(e) = &s.expect {
        compare(
            &|k| obs.field(k, &catalog),
            &history,
            e,
            s.source.expect,
            &mut failures,
        );
    }
    Ok(Replay {
        setup_events,
        results,
        failures,
        last: obs,
        catalog,
    })
}

/// What was expected of a step and what the engine did, if they differ.
fn step_mismatch(
    expected: &Outcome,
    outcome: &Result<Vec<Event>, RuleError>,
) -> Option<(String, String)> {
    match (expected, outcome) {
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
    }
}

fn list_text(v: &[String]) -> String {
    let quoted: Vec<String> = v.iter().map(|s| quote(s)).collect();
    format!("[{}]", quoted.join(", "))
}

/// Every expectation of `e` that the observation (its fields by key, from `field`) does not
/// meet, each located at its key in the source.
pub(crate) fn compare(
    field: &dyn Fn(&str) -> Option<crate::observation::Value>,
    history: &History,
    e: &Expect,
    at: (usize, usize),
    failures: &mut Vec<Failure>,
) {
    let mut fail = |what: String, expected: String, actual: String| {
        let pos = e
            .positions
            .iter()
            .filter(|(k, _)| what == **k || what.starts_with(&format!("{k}.")))
            .max_by_key(|(k, _)| k.len())
            .map_or(at, |(_, p)| *p);
        failures.push(Failure {
            after: e.after,
            at: pos,
            what,
            expected,
            actual,
        });
    };
    for (key, expected) in &e.fields {
        let Some(actual) = field(key) else {
            continue;
        };
        for m in expected.mismatches(&actual) {
            let what = if m.path.is_empty() {
                key.clone()
            } else {
                format!("{key}.{}", m.path)
            };
            fail(what, m.expected, m.actual);
        }
    }
    if let Some(v) = &e.resolved
        && *v != history.resolved
    {
        fail(
            "resolved".into(),
            list_text(v),
            list_text(&history.resolved),
        );
    }
    if let Some(v) = &e.countered
        && *v != history.countered
    {
        fail(
            "countered".into(),
            list_text(v),
            list_text(&history.countered),
        );
    }
}
