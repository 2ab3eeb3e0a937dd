//! Judging an engine's answer against what the rules (the spec) say of the same step: the same
//! refusal, or the same observation in every field the engine declares it exposes, each field
//! that differs named with the rule at issue ([`crate::scenario::at_issue`]).

use std::fmt;

use serde_json::Value as Json;

use super::Capabilities;
use super::client::EngineFault;
use super::events::{self, Reported};
pub use super::wire::Cite;
use super::wire::{Refusal, shaped};
use crate::action::Action;
use crate::card::Catalog;
use crate::error::RuleError;
use crate::observation::{Difference, Observation, Value};
use crate::scenario::at_issue::{chain_at_issue, refused_at_issue, rule_at_issue};

/// What the rules give for a step: what an observer sees afterwards, or the rules the action
/// breaks.
pub type Ruled = Result<Observation, Vec<RuleError>>;

/// Where an engine parts from the rules.
#[derive(Clone, Debug, PartialEq)]
pub enum Divergence {
    /// Both took the step and an observer sees a difference: every field that differs, in the
    /// observation's order, each with the rule at issue.
    Differs(Vec<Difference>),
    /// The engine's observation lacks fields it declares it exposes: a protocol finding, not a
    /// rules divergence.
    Missing {
        /// The request (`apply`, `setup`, `reset`).
        op: &'static str,
        /// The fields.
        fields: Vec<String>,
    },
    /// The rules refuse the action; the engine took it.
    Accepted {
        /// The rules the action breaks.
        refusals: Vec<Cite>,
    },
    /// The rules allow the action; the engine refused it.
    Refused {
        /// The engine's refusal.
        refusal: Refusal,
        /// The rules that allow it.
        rule: &'static str,
    },
    /// Both refused, the engine for a reason the rules do not give.
    OtherReason {
        /// The engine's refusal.
        refusal: Refusal,
        /// The rules the action breaks.
        refusals: Vec<Cite>,
    },
    /// The engine broke the protocol: it crashed, hung, exited or answered nonsense.
    Fault(EngineFault),
}

/// The rules of the field called `key`.
fn field_rule(key: &str) -> &'static str {
    Observation::FIELDS
        .iter()
        .find(|f| f.key == key)
        .map_or("", |f| f.rule)
}

/// The difference that stands for the others ([`crate::scenario::at_issue::PRECEDENCE`]).
fn principal(d: &[Difference]) -> Option<&Difference> {
    d.iter()
        .min_by_key(|x| crate::scenario::at_issue::precedence(x.field))
}

impl Divergence {
    /// The rules at issue: for a difference, those of the field that stands for it.
    pub fn rule(&self) -> String {
        match self {
            Divergence::Differs(d) => principal(d).map_or(String::new(), |d| d.rule.to_string()),
            Divergence::Accepted { refusals } | Divergence::OtherReason { refusals, .. } => {
                refusals
                    .first()
                    .map_or(String::new(), |e| e.rule.to_string())
            }
            Divergence::Refused { rule, .. } => (*rule).to_string(),
            Divergence::Missing { .. } | Divergence::Fault(_) => String::new(),
        }
    }

    /// What differs, for grouping divergences into findings: the first field that differs, a
    /// refusal, an acceptance, a missing field or a protocol fault.
    pub fn what(&self) -> String {
        match self {
            Divergence::Differs(d) => principal(d).map_or(String::new(), |d| d.field.to_string()),
            Divergence::Missing { fields, .. } => format!("missing {}", fields.join(", ")),
            Divergence::Accepted { .. } => "accepts what the rules refuse".into(),
            Divergence::Refused { .. } => "refuses what the rules allow".into(),
            Divergence::OtherReason { .. } => "refuses for another reason".into(),
            Divergence::Fault(f) => format!("protocol: {}", fault_kind(f)),
        }
    }

    /// The class of divergence, for grouping: a difference in what an observer sees (whatever
    /// the field, the rule at issue tells them apart), or as [`Divergence::what`] says.
    pub fn class(&self) -> String {
        match self {
            Divergence::Differs(_) => "differs".into(),
            other => other.what(),
        }
    }

    /// Every field that differs, for a difference.
    pub fn fields(&self) -> Vec<&'static str> {
        match self {
            Divergence::Differs(d) => d.iter().map(|d| d.field).collect(),
            _ => Vec::new(),
        }
    }

    /// Whether the engine broke the protocol (rather than the rules).
    pub fn is_protocol(&self) -> bool {
        matches!(self, Divergence::Fault(_) | Divergence::Missing { .. })
    }

    /// What the rules expect, in words, for a step `step` (its sentence).
    pub fn expected(&self, step: &str) -> String {
        match self {
            Divergence::Differs(d) => d
                .iter()
                .map(|d| format!("{} is {}", d.path, d.ours.toml()))
                .collect::<Vec<_>>()
                .join("; "),
            Divergence::Missing { op, fields } => format!(
                "the observation in answer to `{op}` ({step}) has the declared field{} {}",
                if fields.len() == 1 { "" } else { "s" },
                fields
                    .iter()
                    .map(|f| format!("`{f}`"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            Divergence::Accepted { refusals } | Divergence::OtherReason { refusals, .. } => {
                let reasons: Vec<String> = refusals
                    .iter()
                    .map(|e| format!("{} ({}): {}", e.name, e.rule, e.text))
                    .collect();
                format!("{step} is refused for {}", reasons.join(" or "))
            }
            Divergence::Refused { .. } => format!("{step} is allowed"),
            Divergence::Fault(_) => "an answer that follows the protocol".into(),
        }
    }

    /// What the engine did, in words.
    pub fn found(&self) -> String {
        match self {
            Divergence::Differs(d) => d
                .iter()
                .map(|d| format!("{} is {}", d.path, d.theirs.toml()))
                .collect::<Vec<_>>()
                .join("; "),
            Divergence::Missing { fields, .. } => format!(
                "the answer lacks {}",
                if fields.len() == 1 { "it" } else { "them" }
            ),
            Divergence::Accepted { .. } => "the engine accepts it".into(),
            Divergence::Refused { refusal, .. } => {
                format!("the engine refuses it ({})", refusal.text())
            }
            Divergence::OtherReason { refusal, .. } => {
                format!("the engine refuses it citing {}", refusal.text())
            }
            Divergence::Fault(f) => f.to_string(),
        }
    }
}

/// The kind of protocol fault, for grouping.
fn fault_kind(f: &EngineFault) -> &'static str {
    match f {
        EngineFault::Spawn { .. } => "cannot start",
        EngineFault::Exited { .. } => "exited",
        EngineFault::OutputClosed { .. } => "closed its output",
        EngineFault::Hung { .. } => "hung",
        EngineFault::Malformed { .. } => "malformed answer",
        EngineFault::Unexpected { .. } => "unexpected answer",
        EngineFault::Error { .. } => "error answer",
        EngineFault::Version { .. } => "version",
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

/// How an engine's observations are compared, from what its `hello` declares: the fields it
/// exposes (and of records, which sub-fields) and the events it reports.
#[derive(Clone, Debug, Default)]
pub struct View {
    caps: Capabilities,
}

impl View {
    /// The view of an engine that declares `caps`.
    pub fn of(caps: &Capabilities) -> View {
        View { caps: caps.clone() }
    }

    /// Whether the engine takes actions of the kind called `kind`: one it does not take is
    /// never offered to it, so what decides that kind goes unchecked.
    pub fn takes(&self, kind: &str) -> bool {
        self.caps.takes_kind(kind)
    }

    /// The same view with no events compared: what an observer sees of the game itself, the
    /// step that led there aside.
    #[must_use]
    pub fn state_only(&self) -> View {
        let mut caps = self.caps.clone();
        caps.events = super::events::Reported::Nothing;
        View { caps }
    }

    /// Whether events are compared at all.
    pub fn events(&self) -> bool {
        self.caps.events.any()
    }

    /// The events reported.
    pub fn reported(&self) -> &Reported {
        &self.caps.events
    }

    /// Whether the field `key` is compared (`events` if any events are).
    pub fn observes(&self, key: &str) -> bool {
        if key == "events" {
            return self.events();
        }
        self.caps.observes(key)
    }

    /// The sub-fields of `key` compared, if only some are.
    pub fn sub_fields(&self, key: &str) -> Option<Vec<&str>> {
        self.caps.sub_fields(key)
    }

    /// The rules' observation as the engine is held to it: the fields it exposes (a record's
    /// declared sub-fields only), events aside.
    pub fn expected(&self, obs: &Observation, catalog: &Catalog) -> Value {
        let Value::Map(mut entries) = obs.value(catalog) else {
            return Value::Map(Vec::new());
        };
        entries.retain(|(k, _)| k != "events" && self.caps.observes(k));
        for (k, v) in &mut entries {
            if let Some(subs) = self.caps.sub_fields(k) {
                only_sub_fields(v, &subs);
            }
        }
        Value::Map(entries)
    }

    /// Every field in which the engine's observation `json` differs from the rules' `obs`
    /// after `step`, each with the rule at issue; or the declared fields it lacks.
    pub fn compare(
        &self,
        obs: &Observation,
        json: &Json,
        catalog: &Catalog,
        step: Option<&Action>,
        op: &'static str,
    ) -> Option<Divergence> {
        let Value::Map(ours) = self.expected(obs, catalog) else {
            return None;
        };
        let mut missing: Vec<String> = ours
            .iter()
            .filter(|(k, _)| json.get(k).is_none())
            .map(|(k, _)| k.clone())
            .collect();
        if self.events() && json.get("events").is_none() {
            missing.push("events".into());
        }
        for (key, v) in &ours {
            if let (Value::Map(records), Some(Json::Object(theirs))) = (v, json.get(key))
                && matches!(key.as_str(), "cards" | "battlefields")
            {
                for (name, r) in records {
                    match (theirs.get(name), r) {
                        (None, _) => missing.push(format!("{key}.{name}")),
                        (Some(t), Value::Map(subs)) => missing.extend(
                            subs.iter()
                                .filter(|(sub, _)| t.get(sub).is_none())
                                .map(|(sub, _)| format!("{key}.{name}.{sub}")),
                        ),
                        _ => {}
                    }
                }
            }
        }
        if !missing.is_empty() {
            return Some(Divergence::Missing {
                op,
                fields: missing,
            });
        }
        let mut out = Vec::new();
        let mut push = |key: &str, path: String, a: &Value, b: &Value, whole: (&Value, &Value)| {
            let Some(f) = Observation::FIELDS.iter().find(|f| f.key == key) else {
                return;
            };
            let rule = if f.key == "chain" {
                chain_at_issue(whole.0, whole.1, step, obs, catalog)
            } else {
                None
            };
            out.push(Difference {
                field: f.key,
                rule: rule
                    .or_else(|| rule_at_issue(f.key, &path, step, obs, catalog))
                    .unwrap_or(""),
                path,
                ours: a.clone(),
                theirs: b.clone(),
            });
        };
        for (key, a) in &ours {
            let b = json.get(key).map_or(Value::None, |j| shaped(j, a));
            if let Some((path, x, y)) = a.first_difference(&b) {
                let path = match (path.is_empty(), path.starts_with('[')) {
                    (true, _) => key.clone(),
                    (false, true) => format!("{key}{path}"),
                    (false, false) => format!("{key}.{path}"),
                };
                push(key, path, x, y, (a, &b));
            }
        }
        if let Some((path, x, y)) = self.events_differ(&obs.events, json.get("events"), catalog) {
            out.push(Difference {
                field: "events",
                rule: self.event_at_issue(&path, &obs.events, step),
                path: format!("events{path}"),
                ours: x,
                theirs: y,
            });
        }
        // A field no rule of the step decides differs because another one does: it cites that.
        let cause = principal(&out)
            .map(|d| d.rule)
            .filter(|r| !r.is_empty())
            .or_else(|| out.iter().map(|d| d.rule).find(|r| !r.is_empty()));
        for d in &mut out {
            if d.rule.is_empty() {
                d.rule = cause
                    .or_else(|| crate::scenario::at_issue::sub_field_rule(d.field, &d.path))
                    .unwrap_or_else(|| field_rule(d.field));
            }
        }
        (!out.is_empty()).then_some(Divergence::Differs(out))
    }

    /// Where the engine's events (`theirs`, the `events` of its observation) first differ from
    /// the rules' (`ours`), of the kinds it reports, each in the form it uses: the path below
    /// `events` and the two values there.
    pub fn events_differ(
        &self,
        ours: &[crate::event::Event],
        theirs: Option<&Json>,
        catalog: &Catalog,
    ) -> Option<(String, Value, Value)> {
        if !self.events() {
            return None;
        }
        let (Value::List(a), Value::List(b)) = self.events_compared(ours, theirs, catalog) else {
            return None;
        };
        let none = Value::text("(no event)");
        (0..a.len().max(b.len())).find_map(|i| {
            let (x, y) = (a.get(i).unwrap_or(&none), b.get(i).unwrap_or(&none));
            let (path, x, y) = match (a.get(i), b.get(i)) {
                (Some(_), Some(_)) => x.first_difference(y)?,
                _ => (String::new(), x, y),
            };
            let path = if path.is_empty() {
                format!("[{i}]")
            } else {
                format!("[{i}].{path}")
            };
            Some((path, x.clone(), y.clone()))
        })
    }

    /// The rule at issue when events differ at `path` (`[2]`, `[2].card`): the rule of the
    /// rules' event there, as the step cites it; past the rules' events, what allows the step.
    fn event_at_issue(
        &self,
        path: &str,
        ours: &[crate::event::Event],
        step: Option<&Action>,
    ) -> &'static str {
        let index = path
            .strip_prefix('[')
            .and_then(|p| p.split(']').next())
            .and_then(|i| i.parse::<usize>().ok());
        let cites = crate::scenario::citations(step, ours);
        let reported: Vec<usize> = ours
            .iter()
            .enumerate()
            .filter(|(_, e)| {
                self.caps
                    .events
                    .includes(crate::observation::facts::kind(e))
            })
            .map(|(i, _)| i)
            .collect();
        // Past the rules' events, the engine did more than the step does: what the difference
        // it follows from cites (empty here, filled in with the cause).
        index
            .and_then(|i| reported.get(i))
            .and_then(|&j| cites.get(j).copied())
            .unwrap_or("")
    }

    /// The rules' events and the engine's, each in the form the engine uses (a sentence, or a
    /// structured event's facts), of the kinds it reports.
    fn events_compared(
        &self,
        ours: &[crate::event::Event],
        theirs: Option<&Json>,
        catalog: &Catalog,
    ) -> (Value, Value) {
        let ours = events::expected(ours, catalog, &self.caps.events);
        let theirs: Vec<&Json> = theirs
            .and_then(Json::as_array)
            .map(|l| {
                l.iter()
                    .filter(|e| events::reported_by(e, &self.caps.events))
                    .collect()
            })
            .unwrap_or_default();
        // The engine's form: structured if it sends any object, else sentences.
        let form = theirs
            .iter()
            .copied()
            .find(|t| t.is_object())
            .or(theirs.first().copied());
        let a = ours
            .iter()
            .enumerate()
            .map(|(i, e)| events::ours_like(e, theirs.get(i).copied().or(form)))
            .collect();
        let b = theirs
            .iter()
            .enumerate()
            .map(|(i, t)| match ours.get(i) {
                Some(o) => events::found_like(t, o),
                None => events::found_alone(t),
            })
            .collect();
        (Value::List(a), Value::List(b))
    }
}

/// Keeps only `subs` in each record of a field: a table of records by name (cards,
/// battlefields) or a list of them (the Chain).
fn only_sub_fields(v: &mut Value, subs: &[&str]) {
    let keep = |r: &mut Value| {
        if let Value::Map(e) = r {
            e.retain(|(k, _)| subs.contains(&k.as_str()));
        }
    };
    match v {
        Value::Map(records) => records.iter_mut().for_each(|(_, r)| keep(r)),
        Value::List(records) => records.iter_mut().for_each(keep),
        _ => {}
    }
}

/// Judges the engine's `answer` to `step` (none: the setup, or a reset to it), which the rules
/// decided as `ruled`. An `unsupported` answer is not judged here.
pub fn judge(
    ruled: &Ruled,
    answer: &super::client::Answer,
    catalog: &Catalog,
    view: &View,
    step: Option<&Action>,
) -> Option<Divergence> {
    use super::client::Answer;
    match (ruled, answer) {
        (Ok(obs), Answer::Observation(json)) => {
            let op = if step.is_some() { "apply" } else { "setup" };
            view.compare(obs, json, catalog, step, op)
        }
        (Ok(_), Answer::Refused(r)) => Some(Divergence::Refused {
            refusal: r.clone(),
            rule: step.map_or("", refused_at_issue),
        }),
        (Err(refusals), Answer::Observation(_)) => Some(Divergence::Accepted {
            refusals: Cite::all(refusals),
        }),
        (Err(refusals), Answer::Refused(r)) => {
            (!r.agrees(refusals)).then(|| Divergence::OtherReason {
                refusal: r.clone(),
                refusals: Cite::all(refusals),
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
