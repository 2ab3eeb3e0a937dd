//! Replaying a scenario on an engine in another process: its setup and steps over the protocol,
//! and every expectation the engine can be held to compared with the observations it sends.
//!
//! The scenario is first projected onto what the engine declares ([`super::project`]): cards it
//! cannot express that no step names are left out, and expectations about fields it does not
//! expose, cards left out, or events it does not report are skipped. The projected scenario must
//! still hold on the reference engine, or it is not for this engine (unsupported, with why). The
//! reference's run also decides what the engine's refusals and structured events are compared
//! with: a refusal in the engine's own words agrees if it cites the rule of the reference's
//! refusal, and events are held to the reference's events of the step, kind by kind.

use serde_json::Value as Json;

use super::client::{Answer, Connection, EngineFault};
use super::compare::View;
use super::wire::{Refusal, from_json, sentence, setup_json};
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

/// The engine's events in an observation, as sentences without rules (structured events by
/// their facts' text, which no sentence matches).
fn record(history: &mut History, obs: &Json) {
    let Some(events) = obs.get("events").and_then(Json::as_array) else {
        return;
    };
    for e in events {
        match e {
            Json::String(s) => history.record_sentences(&[sentence(s)]),
            Json::Object(o) => {
                let item = o.get("item").and_then(Json::as_str).unwrap_or("?");
                match o.get("kind").and_then(Json::as_str) {
                    Some("resolved") => history.record_sentences(&[&format!("{item} resolves")]),
                    Some("countered") => {
                        history.record_sentences(&[&format!("{item} is countered")]);
                    }
                    _ => {}
                }
            }
            _ => {}
        }
    }
}

/// An expectation as the engine is held to it: the fields it exposes (of records, the sub-fields
/// it declares; no card left out of its setup), events only as sentences from an engine that
/// reports every event as one, and what resolved or was countered only if it reports those.
fn held(e: &Expect, view: &View, dropped: &[&str], sentences: bool) -> Expect {
    let mut e = e.clone();
    e.fields.retain(|(k, _)| match k.as_str() {
        "events" => sentences,
        k => view.observes(k),
    });
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
        let subs = view.sub_fields(k);
        match x {
            Expected::Has(entries) if matches!(k.as_str(), "cards" | "battlefields") => {
                entries.retain(|(name, _)| !dropped.contains(&name.as_str()));
                if let Some(subs) = &subs {
                    for (_, r) in entries.iter_mut() {
                        if let Expected::Has(fs) = r {
                            fs.retain(|(f, _)| subs.contains(&f.as_str()));
                        }
                    }
                }
            }
            Expected::Each(items) if subs.is_some() => {
                for r in items.iter_mut() {
                    if let Expected::Has(fs) = r {
                        fs.retain(|(f, _)| subs.as_ref().is_some_and(|s| s.contains(&f.as_str())));
                    }
                }
            }
            _ => {}
        }
    }
    e.fields
        .retain(|(_, x)| !matches!(x, Expected::Has(v) if v.is_empty()));
    if !view.reported().includes("resolved") {
        e.resolved = None;
    }
    if !view.reported().includes("countered") {
        e.countered = None;
    }
    e
}

/// Whether the engine sent any of its events as a structured event.
fn structured(obs: &Json) -> bool {
    obs.get("events")
        .and_then(Json::as_array)
        .is_some_and(|l| l.iter().any(Json::is_object))
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

/// The scenario as the engine can play it, with a note of what was left out (cards, or the
/// steps from the first it cannot take); `Err`: why it cannot play it at all.
///
/// A step the engine cannot take (an action it does not declare, a card left out of the setup)
/// ends the scenario there when a `[[check]]` before it has something to hold the engine to:
/// the engine is held to the steps up to it and those checks, and the report says so.
///
/// # Errors
///
/// The engine's mode or readings are not the scenario's, its first step is one it cannot take
/// (or no check comes before the first such step), or what is left does not hold on the
/// reference engine.
pub fn shaped(
    s: &Scenario,
    caps: &super::Capabilities,
) -> Result<(Scenario, Option<String>), String> {
    let p = super::project::project(&caps.as_read(&s.setup), caps)?;
    let catalog = s.setup.validate().map_err(|e| e.to_string())?.catalog;
    let dropped = p.dropped_names();
    let mut cut = None;
    for (i, step) in s.steps.iter().enumerate() {
        let Ok(a) = Action::parse(&step.text, &catalog) else {
            return Err(format!("the step `{}`", step.text));
        };
        let why = if !caps.takes(&a) {
            Some(format!("the action `{}` ({})", step.text, a.kind()))
        } else {
            p.dropped
                .iter()
                .find(|d| {
                    dropped
                        .iter()
                        .any(|n| d.starts_with(n) && names(&step.text, n))
                })
                .map(|d| format!("the step `{}`, which needs {d}", step.text))
        };
        if let Some(why) = why {
            cut = Some((i, why));
            break;
        }
    }
    let view = View::of(caps);
    let sentences = caps.events == super::events::Reported::All;
    let mut mine = s.clone();
    mine.setup = p.setup.clone();
    mine.checks = s
        .checks
        .iter()
        .map(|c| held(c, &view, &dropped, sentences))
        .collect();
    mine.expect = s
        .expect
        .as_ref()
        .map(|e| held(e, &view, &dropped, sentences));
    let mut note: Vec<String> = p.changed().then(|| p.summary()).into_iter().collect();
    if let Some((k, why)) = &cut {
        mine = up_to(&mine, *k).ok_or_else(|| why.clone())?;
        note.push(format!(
            "its first {k} of {} steps, to its last check before {why}",
            s.steps.len()
        ));
    }
    if p.changed() || cut.is_some() || mine.setup.readings != s.setup.readings {
        // What is left must still hold on the reference engine.
        if !mine.replay().is_ok_and(|r| r.passed()) {
            return Err(if p.changed() {
                format!("it plays out otherwise {}", p.summary())
            } else if cut.is_some() {
                "its first steps do not hold alone on the reference engine".into()
            } else {
                "it pins the project's reading of a policy the engine declares it reads otherwise"
                    .into()
            });
        }
    }
    Ok((mine, (!note.is_empty()).then(|| note.join("; "))))
}

/// The scenario's first `k` steps and the checks after them, without its final expectations;
/// `None` when none of those checks has something to hold the engine to.
fn up_to(s: &Scenario, k: usize) -> Option<Scenario> {
    let checked =
        |c: &Expect| (1..=k).contains(&c.after) && (!c.fields.is_empty() || c.resolved.is_some());
    if !s.checks.iter().any(checked) {
        return None;
    }
    let mut mine = s.clone();
    mine.steps.truncate(k);
    let keep: Vec<bool> = mine.checks.iter().map(|c| c.after <= k).collect();
    let mut kept = keep.iter();
    mine.checks.retain(|_| *kept.next().unwrap_or(&false));
    let mut kept = keep.iter();
    mine.source
        .checks
        .retain(|_| *kept.next().unwrap_or(&false));
    mine.expect = None;
    Some(mine)
}

/// Whether the step sentence `text` names the card `name` (as a word, not inside another name).
fn names(text: &str, name: &str) -> bool {
    text.match_indices(name).any(|(i, _)| {
        let before = text[..i].chars().next_back();
        let after = text[i + name.len()..].chars().next();
        before.is_none_or(|c| !c.is_alphanumeric()) && after.is_none_or(|c| !c.is_alphanumeric())
    })
}

/// The scenario's steps as actions.
fn actions(s: &Scenario) -> Result<Vec<Action>, ScenarioError> {
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
    Ok(actions)
}

/// The scenario as the engine can play it, and the reference engine's run of it; `Err`: why
/// the engine cannot play it.
fn prepared(
    s: &Scenario,
    conn: &Connection,
) -> Result<(Scenario, crate::scenario::Replay), String> {
    let (mine, _) = shaped(s, &conn.hello.capabilities)?;
    let reference = mine
        .replay()
        .map_err(|_| "the reference engine cannot replay it".to_string())?;
    Ok((mine, reference))
}

/// Replays `s` on the engine behind `conn`.
///
/// # Errors
///
/// A step of the scenario is not an action of its game (the scenario's fault, not the
/// engine's).
pub fn replay_remote(s: &Scenario, conn: &mut Connection) -> Result<Verdict, ScenarioError> {
    let actions = actions(s)?;
    let (mine, reference) = match prepared(s, conn) {
        Ok(x) => x,
        Err(why) => return Ok(Verdict::Unsupported(why)),
    };
    let view = View::of(&conn.hello.capabilities);
    let sentences = conn.hello.capabilities.events == super::events::Reported::All;
    let catalog = reference.catalog.clone();
    let fault = |after: usize| move |fault: EngineFault| Verdict::Fault { after, fault };
    let mut obs = match conn.setup(&setup_json(&mine.setup)) {
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
    record(&mut history, &obs);
    let mut failures = Vec::new();
    // Structured events, or only some kinds: held to the reference's events of the step.
    let events_of = |ours: &[crate::event::Event],
                     obs: &Json,
                     after: usize,
                     at,
                     failures: &mut Vec<Failure>| {
        if !view.events() || (sentences && !structured(obs)) {
            return;
        }
        if let Some((path, a, b)) = view.events_differ(ours, obs.get("events"), &catalog) {
            failures.push(Failure {
                after,
                at,
                what: format!("events{path}"),
                expected: a.toml(),
                actual: b.toml(),
            });
        }
    };
    let has_events = |e: &Expect| e.fields.iter().any(|(k, _)| k == "events");
    let events_at: Vec<(usize, (usize, usize))> = s
        .checks
        .iter()
        .zip(s.source.checks.iter().copied())
        .filter(|(c, _)| has_events(c))
        .map(|(c, at)| (c.after, at))
        .chain(
            s.expect
                .iter()
                .filter(|e| has_events(e))
                .map(|_| (s.steps.len(), s.source.expect)),
        )
        .collect();
    let expects_events = |after: usize| {
        events_at
            .iter()
            .find(|(a, _)| *a == after)
            .map(|(_, at)| *at)
    };
    let check = |e: &Expect, at, obs: &Json, history: &History, failures: &mut Vec<Failure>| {
        if structured(obs) {
            // Structured events are held to the reference's, not to the scenario's sentences.
            let mut e = e.clone();
            e.fields.retain(|(k, _)| k != "events");
            compare(&|k| field(obs, k), history, &e, at, failures);
        } else {
            compare(&|k| field(obs, k), history, e, at, failures);
        }
    };
    let at_step = |after: usize| {
        mine.checks
            .iter()
            .zip(mine.source.checks.iter().copied())
            .filter(move |(c, _)| c.after == after)
    };
    for (e, at) in at_step(0) {
        check(e, at, &obs, &history, &mut failures);
    }
    if let Some(at) = expects_events(0) {
        events_of(&reference.setup_events, &obs, 0, at, &mut failures);
    }
    for (i, (step, action)) in mine.steps.iter().zip(&actions).enumerate() {
        let at = s.source.steps.get(i).copied().unwrap_or((0, 0));
        let answer = match conn.apply(action, &catalog) {
            Ok(a) => a,
            Err(e) => return Ok(fault(i)(e)),
        };
        let ours = reference.results.get(i).map(|r| &r.outcome);
        if let Some((expected, actual)) = step_mismatch(&step.outcome, ours, &answer) {
            if let Answer::Unsupported(why) = &answer {
                return Ok(Verdict::Unsupported(why.clone()));
            }
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
                record(&mut history, &o);
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
        if let (Some(at), Some(Ok(events))) = (expects_events(i + 1), ours) {
            events_of(events, &obs, i + 1, at, &mut failures);
        }
    }
    if let Some(e) = &mine.expect {
        check(e, mine.source.expect, &obs, &history, &mut failures);
    }
    Ok(if failures.is_empty() {
        Verdict::Passed
    } else {
        Verdict::Failed(failures)
    })
}

/// What the scenario says of a step and what the engine did, if they differ: taken or refused,
/// and for a refusal, the reason (by riftcheck's name if the engine uses one, else by the rule
/// of the reference's refusal, else as a refusal only).
fn step_mismatch(
    expected: &Outcome,
    ours: Option<&Result<Vec<crate::event::Event>, crate::error::RuleError>>,
    answer: &Answer,
) -> Option<(String, String)> {
    match (expected, answer) {
        (_, Answer::Unsupported(why)) => Some(("an answer".into(), format!("unsupported: {why}"))),
        (Outcome::Accepted, Answer::Refused(r)) => {
            Some(("accepted".to_string(), format!("refused: {}", r.text())))
        }
        (Outcome::Refused(_), Answer::Observation(_)) => {
            Some(("refused".to_string(), "accepted".to_string()))
        }
        (Outcome::Refused(Some(name)), Answer::Refused(r)) => {
            let agrees = match ours {
                Some(Err(e)) => r.agrees(std::slice::from_ref(e)),
                _ => r.error.as_ref().is_none_or(|e| e == name),
            };
            (!agrees).then(|| {
                (
                    format!("refused ({name})"),
                    format!("refused ({})", Refusal::text(r)),
                )
            })
        }
        (_, Answer::Invalid(why)) => Some(("an answer".into(), format!("invalid: {why}"))),
        _ => None,
    }
}
