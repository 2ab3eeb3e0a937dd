//! Replaying a scenario on an engine in another process: its setup and steps over the protocol,
//! and every expectation compared with the observations the engine sends.

use serde_json::Value as Json;

use super::client::{Answer, Connection, EngineFault};
use super::wire::{from_json, sentence, setup_json};
use crate::action::Action;
use crate::observation::{Expected, Value};
use crate::scenario::{Expect, Failure, History, Outcome, Scenario, ScenarioError, compare};

/// How a scenario went on an engine.
#[derive(Clone, Debug, PartialEq)]
pub enum Verdict {
    /// Every step and expectation held.
    Passed,
    /// These expectations did not hold, in order.
    Failed(Vec<Failure>),
    /// The engine cannot express the scenario: why.
    Unsupported(String),
    /// The engine broke the protocol after this many steps.
    Fault {
        /// Steps taken before.
        after: usize,
        /// What it did.
        fault: EngineFault,
    },
}

/// The engine's events in an observation, as sentences without rules.
fn sentences(obs: &Json) -> Vec<&str> {
    obs.get("events")
        .and_then(Json::as_array)
        .map(|l| l.iter().filter_map(Json::as_str).map(sentence).collect())
        .unwrap_or_default()
}

/// An expectation of events compares sentences only: an engine need not cite rules.
fn without_rules(e: &Expect, events: bool) -> Expect {
    let mut e = e.clone();
    e.fields.retain(|(k, _)| events || k != "events");
    for (k, x) in &mut e.fields {
        if k == "events"
            && let Expected::Each(items) = x
        {
            for i in items.iter_mut() {
                if let Expected::Sentence(s) = i {
                    *s = sentence(s).to_string();
                }
            }
        }
    }
    e
}

fn field(obs: &Json, key: &str) -> Option<Value> {
    let v = from_json(obs.get(key)?);
    if key != "events" {
        return Some(v);
    }
    match v {
        Value::List(l) => Some(Value::List(
            l.into_iter()
                .map(|s| match s {
                    Value::Text(t) => Value::text(sentence(&t)),
                    other => other,
                })
                .collect(),
        )),
        other => Some(other),
    }
}

/// Replays `s` on the engine behind `conn`.
///
/// # Errors
///
/// A step of the scenario is not an action of its game (the scenario's fault, not the
/// engine's).
pub fn replay_remote(s: &Scenario, conn: &mut Connection) -> Result<Verdict, ScenarioError> {
    let caps = conn.hello.capabilities.clone();
    let catalog = s
        .setup
        .validate()
        .map_err(|e| s.error_at(s.source.setup_table, e.to_string()))?
        .catalog;
    let mut actions = Vec::new();
    for (i, step) in s.steps.iter().enumerate() {
        let at = s.source.steps.get(i).copied().unwrap_or((0, 0));
        let a = Action::parse(&step.text, &catalog)
            .map_err(|e| s.error_at(at, format!("step {}: {}", i + 1, e.message)))?;
        actions.push(a);
    }
    if let Some(why) = caps.unsupported(&s.setup) {
        return Ok(Verdict::Unsupported(why));
    }
    // Under the readings the engine declares, the scenario must still hold on the reference
    // engine; one that pins the project's reading of such a policy is not for this engine.
    let read = caps.as_read(&s.setup);
    if read.readings != s.setup.readings {
        let mut mine = s.clone();
        mine.setup = read;
        if !mine.replay().is_ok_and(|r| r.passed()) {
            return Ok(Verdict::Unsupported(
                "it pins the project's reading of a policy the engine declares it reads \
                 otherwise"
                    .into(),
            ));
        }
    }
    if let Some(a) = actions.iter().find(|a| !caps.takes(a)) {
        return Ok(Verdict::Unsupported(format!(
            "the action `{}` ({})",
            a.display(&catalog),
            super::wire::action_kind(a)
        )));
    }
    let fault = |after: usize| move |fault: EngineFault| Verdict::Fault { after, fault };
    let mut obs = match conn.setup(&setup_json(&s.setup)) {
        Ok(Answer::Observation(o)) => o,
        Ok(Answer::Unsupported(why)) => return Ok(Verdict::Unsupported(why)),
        Ok(other) => {
            return Ok(Verdict::Failed(vec![Failure {
                after: 0,
                at: s.source.setup_table,
                what: "setup".into(),
                expected: "the game of the setup".into(),
                actual: format!("{other:?}"),
            }]));
        }
        Err(e) => return Ok(fault(0)(e)),
    };
    let mut history = History::default();
    history.record_sentences(&sentences(&obs));
    let mut failures = Vec::new();
    let check = |e: &Expect, at, obs: &Json, history: &History, failures: &mut Vec<Failure>| {
        compare(
            &|k| field(obs, k),
            history,
            &without_rules(e, caps.events),
            at,
            failures,
        );
    };
    let at_step = |after: usize| {
        s.checks
            .iter()
            .zip(s.source.checks.iter().copied())
            .filter(move |(c, _)| c.after == after)
    };
    for (e, at) in at_step(0) {
        check(e, at, &obs, &history, &mut failures);
    }
    for (i, (step, action)) in s.steps.iter().zip(&actions).enumerate() {
        let at = s.source.steps.get(i).copied().unwrap_or((0, 0));
        let answer = match conn.apply(action, &catalog) {
            Ok(a) => a,
            Err(e) => return Ok(fault(i)(e)),
        };
        let mismatch = match (&step.outcome, &answer) {
            (_, Answer::Unsupported(why)) => return Ok(Verdict::Unsupported(why.clone())),
            (Outcome::Accepted, Answer::Refused(r)) => {
                Some(("accepted".to_string(), format!("refused: {}", r.text())))
            }
            (Outcome::Refused(_), Answer::Observation(_)) => {
                Some(("refused".to_string(), "accepted".to_string()))
            }
            (Outcome::Refused(Some(name)), Answer::Refused(r))
                if r.error.as_ref().is_some_and(|e| e != name) =>
            {
                Some((
                    format!("refused ({name})"),
                    format!("refused ({})", r.text()),
                ))
            }
            (_, Answer::Invalid(why)) => Some(("an answer".into(), format!("invalid: {why}"))),
            _ => None,
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
        match answer {
            Answer::Observation(o) => {
                history.record_sentences(&sentences(&o));
                obs = o;
            }
            _ => {
                // A refusal changes nothing; what the engine sees now is still checked.
                obs = match conn.observe() {
                    Ok(mut o) => {
                        if let Some(m) = o.as_object_mut() {
                            m.insert("events".into(), Json::Array(Vec::new()));
                        }
                        o
                    }
                    Err(e) => return Ok(fault(i + 1)(e)),
                };
            }
        }
        for (e, at) in at_step(i + 1) {
            check(e, at, &obs, &history, &mut failures);
        }
    }
    if let Some(e) = &s.expect {
        check(e, s.source.expect, &obs, &history, &mut failures);
    }
    Ok(if failures.is_empty() {
        Verdict::Passed
    } else {
        Verdict::Failed(failures)
    })
}
