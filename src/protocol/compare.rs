//! Judging an engine's answer against what the rules (the spec) say of the same step: the same
//! refusal, or the same observation field by field, the first difference named with its rule.

use std::fmt;

use serde_json::Value as Json;

use super::client::EngineFault;
use super::wire::{Refusal, plain_events, shaped};
use crate::card::Catalog;
use crate::error::RuleError;
use crate::observation::{Difference, Observation, Value};

/// What the rules give for a step: what an observer sees afterwards, or the rules the action
/// breaks.
pub type Ruled = Result<Observation, Vec<RuleError>>;

/// Where an engine parts from the rules.
#[derive(Clone, Debug, PartialEq)]
pub enum Divergence {
    /// Both took the step and an observer sees a difference.
    Differs(Difference),
    /// The rules refuse the action; the engine took it.
    Accepted {
        /// The rules the action breaks.
        refusals: Vec<RuleError>,
    },
    /// The rules allow the action; the engine refused it.
    Refused(Refusal),
    /// Both refused, the engine for a reason the rules do not give.
    OtherReason {
        /// The engine's refusal.
        refusal: Refusal,
        /// The rules the action breaks.
        refusals: Vec<RuleError>,
    },
    /// The engine broke the protocol: it crashed, hung, exited or answered nonsense.
    Fault(EngineFault),
}

impl Divergence {
    /// The rules to cite.
    pub fn rule(&self) -> String {
        match self {
            Divergence::Differs(d) => d.rule.to_string(),
            Divergence::Accepted { refusals } | Divergence::OtherReason { refusals, .. } => {
                refusals
                    .first()
                    .map_or(String::new(), |e| e.rule().to_string())
            }
            Divergence::Refused(_) | Divergence::Fault(_) => String::new(),
        }
    }

    /// What the rules expect, in words, for a step `step` (its sentence).
    pub fn expected(&self, step: &str) -> String {
        match self {
            Divergence::Differs(d) => format!("{} is {}", d.path, d.ours.toml()),
            Divergence::Accepted { refusals } | Divergence::OtherReason { refusals, .. } => {
                let reasons: Vec<String> = refusals
                    .iter()
                    .map(|e| format!("{} ({}): {e}", e.name(), e.rule()))
                    .collect();
                format!("{step} is refused for {}", reasons.join(" or "))
            }
            Divergence::Refused(_) => format!("{step} is allowed"),
            Divergence::Fault(_) => "an answer that follows the protocol".into(),
        }
    }

    /// What the engine did, in words.
    pub fn found(&self) -> String {
        match self {
            Divergence::Differs(d) => d.theirs.toml(),
            Divergence::Accepted { .. } => "the engine accepts it".into(),
            Divergence::Refused(r) => format!("the engine refuses it ({})", r.text()),
            Divergence::OtherReason { refusal, .. } => {
                format!("the engine refuses it citing {}", refusal.text())
            }
            Divergence::Fault(f) => f.to_string(),
        }
    }
}

impl fmt::Display for Divergence {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "expected {}; found: {}",
            self.expected("the step"),
            self.found()
        )
    }
}

/// What the rules' observation looks like on the protocol, for comparison: its value, the
/// events as sentences without rules, and without events if the engine does not send them.
pub fn expected_value(obs: &Observation, catalog: &Catalog, events: bool) -> Value {
    let mut v = obs.value(catalog);
    plain_events(&mut v);
    if !events && let Value::Map(entries) = &mut v {
        entries.retain(|(k, _)| k != "events");
    }
    v
}

/// The engine's observation, read in the shape of `expected`.
pub fn found_value(json: &Json, expected: &Value) -> Value {
    let mut v = shaped(json, expected);
    plain_events(&mut v);
    v
}

/// The first field in which `found` differs from `expected`, with that field's rule.
pub fn difference(expected: &Value, found: &Value) -> Option<Difference> {
    let (Value::Map(ours), Value::Map(theirs)) = (expected, found) else {
        return expected
            .first_difference(found)
            .map(|(path, a, b)| Difference {
                field: "observation",
                rule: "",
                path,
                ours: a.clone(),
                theirs: b.clone(),
            });
    };
    for ((key, a), (_, b)) in ours.iter().zip(theirs) {
        if let Some((path, x, y)) = a.first_difference(b) {
            let info = Observation::FIELDS.iter().find(|f| f.key == key);
            let path = match (path.is_empty(), path.starts_with('[')) {
                (true, _) => key.clone(),
                (false, true) => format!("{key}{path}"),
                (false, false) => format!("{key}.{path}"),
            };
            return Some(Difference {
                field: info.map_or("observation", |f| f.key),
                rule: info.map_or("", |f| f.rule),
                path,
                ours: x.clone(),
                theirs: y.clone(),
            });
        }
    }
    None
}

/// Judges the engine's `answer` to a step the rules decided as `ruled`. An `unsupported` answer
/// is not judged here.
pub fn judge(
    ruled: &Ruled,
    answer: &super::client::Answer,
    catalog: &Catalog,
    events: bool,
) -> Option<Divergence> {
    use super::client::Answer;
    match (ruled, answer) {
        (Ok(obs), Answer::Observation(json)) => {
            let expected = expected_value(obs, catalog, events);
            let found = found_value(json, &expected);
            difference(&expected, &found).map(Divergence::Differs)
        }
        (Ok(_), Answer::Refused(r)) => Some(Divergence::Refused(r.clone())),
        (Err(refusals), Answer::Observation(_)) => Some(Divergence::Accepted {
            refusals: refusals.clone(),
        }),
        (Err(refusals), Answer::Refused(r)) => {
            (!r.agrees(refusals)).then(|| Divergence::OtherReason {
                refusal: r.clone(),
                refusals: refusals.clone(),
            })
        }
        (_, Answer::Invalid(why)) => Some(Divergence::Fault(EngineFault::Unexpected {
            op: "apply".into(),
            expected: "an observation or a refusal".into(),
            line: format!("invalid: {why}"),
        })),
        (_, Answer::Unsupported(_)) => None,
    }
}
