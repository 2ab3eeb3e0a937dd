//! What travels over the protocol, as JSON: a setup (the scenario format's `[setup]` table), an
//! action (its sentence and its parts), an observation (the canonical [`Value`]) and a refusal.

use serde_json::{Map, Value as Json, json};

use crate::action::Action;
use crate::card::Catalog;
use crate::error::RuleError;
use crate::observation::{Observation, Value};
use crate::scenario::{Scenario, SourceMap};
use crate::setup::Setup;
use crate::zone::Location;

/// A setup as the protocol sends it: the `[setup]` table of a scenario file, as JSON.
pub fn setup_json(setup: &Setup) -> Json {
    let scenario = Scenario {
        title: "setup".into(),
        rules: Vec::new(),
        description: None,
        setup: setup.clone(),
        steps: Vec::new(),
        checks: Vec::new(),
        expect: None,
        source: SourceMap::default(),
    };
    let table: toml::Table = match toml::from_str(&scenario.to_toml()) {
        Ok(t) => t,
        Err(_) => return Json::Null,
    };
    table
        .get("setup")
        .and_then(|s| serde_json::to_value(s).ok())
        .unwrap_or(Json::Null)
}

/// Reads a setup sent over the protocol.
///
/// # Errors
///
/// What is wrong with it, as the scenario reader says it.
pub fn setup_from_json(json: &Json) -> Result<Setup, String> {
    if !json.is_object() {
        return Err("`setup` must be an object: a scenario's [setup] table as JSON".into());
    }
    let setup = toml::Value::try_from(json).map_err(|e| format!("setup: {e}"))?;
    let mut doc = toml::Table::new();
    doc.insert("title".into(), toml::Value::String("served".into()));
    doc.insert("setup".into(), setup);
    let text = toml::to_string(&doc).map_err(|e| format!("setup: {e}"))?;
    Scenario::parse(&text)
        .map(|s| s.setup)
        .map_err(|e| e.message)
}

/// The kind of an action as the protocol and `hello`'s capabilities name it.
pub fn action_kind(a: &Action) -> &'static str {
    a.kind()
}

pub use crate::action::ACTION_KINDS;

fn location_json(cat: &Catalog, loc: Location) -> Json {
    match loc {
        Location::Base => json!("Base"),
        Location::Field(b) => json!(cat.bf_name(b)),
    }
}

/// An action as the protocol sends it: its sentence (`text`, as scenario steps write it), its
/// kind and seat, and its other parts by name.
pub fn action_json(a: &Action, cat: &Catalog) -> Json {
    let mut m = Map::new();
    m.insert("text".into(), json!(a.display(cat).to_string()));
    m.insert("kind".into(), json!(action_kind(a)));
    m.insert("seat".into(), json!(a.seat().to_string()));
    let name = |c: crate::card::CardId| json!(cat.name(c));
    match *a {
        Action::Play {
            card, target, at, ..
        } => {
            m.insert("card".into(), name(card));
            if let Some(t) = target {
                m.insert("target".into(), name(t));
            }
            if let Some(l) = at {
                m.insert("at".into(), location_json(cat, l));
            }
        }
        Action::Activate { card, target, .. } => {
            m.insert("card".into(), name(card));
            if let Some(t) = target {
                m.insert("target".into(), name(t));
            }
        }
        Action::Move { units, to, .. } => {
            m.insert(
                "units".into(),
                Json::Array(units.iter().map(name).collect()),
            );
            m.insert("to".into(), location_json(cat, to));
        }
        Action::Place { card, .. } => {
            m.insert("card".into(), name(card));
        }
        Action::Choose { at, .. } => {
            m.insert("at".into(), json!(cat.bf_name(at)));
        }
        Action::Invite { teammate, .. } => {
            m.insert("teammate".into(), json!(teammate.to_string()));
        }
        Action::Hide { card, at, .. } => {
            m.insert("card".into(), name(card));
            m.insert("at".into(), json!(cat.bf_name(at)));
        }
        Action::Assign { unit, .. } => {
            m.insert("unit".into(), name(unit));
        }
        Action::Pass { .. }
        | Action::PassFocus { .. }
        | Action::EndTurn { .. }
        | Action::Concede { .. } => {}
    }
    Json::Object(m)
}

/// Reads an action sent over the protocol: its `text`, as scenario steps write it.
///
/// # Errors
///
/// There is no `text`, or it is not an action of this game.
pub fn action_from_json(json: &Json, cat: &Catalog) -> Result<Action, String> {
    let text = json
        .get("text")
        .and_then(Json::as_str)
        .ok_or("an action needs its sentence in `text`, e.g. \"A passes\"")?;
    Action::parse(text, cat).map_err(|e| format!("`{text}`: {e}"))
}

/// A value as JSON: nothing is `null`, a table an object.
pub fn to_json(v: &Value) -> Json {
    match v {
        Value::None => Json::Null,
        Value::Bool(b) => json!(b),
        Value::Int(n) => json!(n),
        Value::Text(t) => json!(t),
        Value::List(l) => Json::Array(l.iter().map(to_json).collect()),
        Value::Map(m) => Json::Object(m.iter().map(|(k, v)| (k.clone(), to_json(v))).collect()),
    }
}

/// What stands in for a field an engine did not send.
pub const MISSING: &str = "(missing)";

/// Reads `json` as a value shaped like `like`: a table's entries in `like`'s order (entries
/// `like` does not have are ignored, so that engines may send more; entries it has and `json`
/// lacks read as [`MISSING`]); a list element by element.
pub fn shaped(json: &Json, like: &Value) -> Value {
    match (json, like) {
        (Json::Object(o), Value::Map(entries)) => Value::Map(
            entries
                .iter()
                .map(|(k, l)| {
                    let v = o.get(k).map_or(Value::text(MISSING), |j| shaped(j, l));
                    (k.clone(), v)
                })
                .collect(),
        ),
        (Json::Array(a), Value::List(l)) => Value::List(
            a.iter()
                .enumerate()
                .map(|(i, j)| match l.get(i) {
                    Some(x) => shaped(j, x),
                    None => from_json(j),
                })
                .collect(),
        ),
        _ => from_json(json),
    }
}

/// Keys that name a table where a name is expected (an item, a waiting trigger, who must
/// choose): they come first.
const NAMING: [&str; 3] = ["item", "trigger", "seat"];

/// Reads any JSON as a value: an object's naming entry first ([`Value::Map`]), the rest sorted
/// by key.
pub fn from_json(json: &Json) -> Value {
    match json {
        Json::Object(o) if NAMING.iter().any(|k| o.contains_key(*k)) => {
            let mut entries: Vec<(String, Value)> =
                o.iter().map(|(k, v)| (k.clone(), from_json(v))).collect();
            entries.sort_by_key(|(k, _)| !NAMING.contains(&k.as_str()));
            Value::Map(entries)
        }
        Json::Null => Value::None,
        Json::Bool(b) => Value::Bool(*b),
        Json::Number(n) => n.as_i64().map_or(Value::text(n.to_string()), Value::Int),
        Json::String(s) => Value::text(s.clone()),
        Json::Array(a) => Value::List(a.iter().map(from_json).collect()),
        Json::Object(o) => Value::Map(o.iter().map(|(k, v)| (k.clone(), from_json(v))).collect()),
    }
}

/// An event's sentence without the rule an engine may give after it (`A passes (339)`).
pub fn sentence(text: &str) -> &str {
    let t = text.trim_end();
    if let Some(open) = t.rfind(" (")
        && t.ends_with(')')
        && t[open + 2..].starts_with(|c: char| c.is_ascii_digit())
    {
        return &t[..open];
    }
    t
}

/// An observation as the protocol sends it.
pub fn observation_json(obs: &Observation, cat: &Catalog) -> Json {
    to_json(&obs.value(cat))
}

/// A refusal as the protocol sends it: the error's name, the rule and the message.
pub fn refusal_json(e: &RuleError) -> Json {
    json!({ "refused": { "error": e.name(), "rule": e.rule(), "message": e.to_string() } })
}

/// A rule an action breaks, as a divergence names it (of either ruleset): the refusal's name,
/// the rule it cites, and its words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cite {
    /// The refusal's name (`NotYourPriority`).
    pub name: &'static str,
    /// The rule it cites (`339`).
    pub rule: &'static str,
    /// The refusal in words.
    pub text: String,
}

impl Cite {
    /// The citation of Riftbound's refusal `e`.
    pub fn of(e: &RuleError) -> Cite {
        Cite {
            name: e.name(),
            rule: e.rule(),
            text: e.to_string(),
        }
    }

    /// The citations of Riftbound's refusals.
    pub fn all(errors: &[RuleError]) -> Vec<Cite> {
        errors.iter().map(Cite::of).collect()
    }
}

/// A refusal an engine sent: the error's name and the rule, each if given.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Refusal {
    /// The name of the error, as scenario files write it (`NotYourPriority`).
    pub error: Option<String>,
    /// The rule it cites (`339`).
    pub rule: Option<String>,
    /// A message for people.
    pub message: Option<String>,
}

impl Refusal {
    /// Reads the `refused` object of a response.
    pub fn from_json(json: &Json) -> Refusal {
        let text = |k: &str| json.get(k).and_then(Json::as_str).map(str::to_string);
        Refusal {
            error: text("error"),
            rule: text("rule"),
            message: text("message"),
        }
    }

    /// Whether it agrees with one of the refusals the rules give (`allowed`, non-empty): by the
    /// error's name if it is one of the ruleset's refusal names (`known`), else by the rule if it
    /// cites one, else as a refusal only. An engine's own error names are its business: they fall
    /// back to the rule.
    pub fn agrees_cited(&self, allowed: &[Cite], known: &[&str]) -> bool {
        let ours = self.error.as_deref().filter(|n| known.contains(n));
        match (ours, &self.rule) {
            (Some(name), _) => allowed.iter().any(|e| e.name == name),
            (None, Some(rule)) => allowed.iter().any(|e| cites(e.rule, rule)),
            (None, None) => true,
        }
    }

    /// Whether it agrees with one of Riftbound's refusals `allowed` ([`Refusal::agrees_cited`]).
    pub fn agrees(&self, allowed: &[RuleError]) -> bool {
        self.agrees_cited(&Cite::all(allowed), crate::error::RULE_ERROR_NAMES)
    }

    /// The refusal in words: `NotYourPriority (339)`.
    pub fn text(&self) -> String {
        match (&self.error, &self.rule) {
            (Some(e), Some(r)) => format!("{e} ({r})"),
            (Some(e), None) => e.clone(),
            (None, Some(r)) => format!("rule {r}"),
            (None, None) => "no reason given".into(),
        }
    }
}

/// Whether the rule text `given` names `rules` or one of its parts (`652.5.c.1` in
/// `652.5.c.1, 339`).
fn cites(rules: &str, given: &str) -> bool {
    let given = given.trim();
    rules == given || rules.split(',').any(|r| r.trim() == given)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_trailing_rule_is_not_part_of_the_sentence() {
        assert_eq!(sentence("A passes (339)"), "A passes");
        assert_eq!(
            sentence("B's Battlefield (A) is replaced (652.2.a)"),
            "B's Battlefield (A) is replaced"
        );
        assert_eq!(sentence("A passes"), "A passes");
        assert_eq!(sentence("A sees (something)"), "A sees (something)");
    }

    #[test]
    fn shaped_follows_the_expected_order_and_marks_what_is_missing() {
        let like = Value::Map(vec![
            ("b".into(), Value::Int(1)),
            ("a".into(), Value::None),
            ("c".into(), Value::Bool(true)),
        ]);
        let got = shaped(&json!({"a": null, "b": 1, "extra": 5}), &like);
        assert_eq!(
            got,
            Value::Map(vec![
                ("b".into(), Value::Int(1)),
                ("a".into(), Value::None),
                ("c".into(), Value::text(MISSING)),
            ])
        );
    }

    #[test]
    fn a_refusal_agrees_by_name_then_by_rule() {
        let allowed = [RuleError::NoChainToPass {
            seat: crate::seat::Seat::A,
        }];
        let name = allowed[0].name().to_string();
        let rule = allowed[0].rule().to_string();
        assert!(
            Refusal {
                error: Some(name),
                ..Refusal::default()
            }
            .agrees(&allowed)
        );
        assert!(
            !Refusal {
                error: Some("NoPriority".into()),
                ..Refusal::default()
            }
            .agrees(&allowed)
        );
        // A name of the engine's own is no name to compare: the rule decides, if given.
        let own = |rule: &str| Refusal {
            error: Some("E_NOTHING_TO_PASS".into()),
            rule: Some(rule.into()),
            message: None,
        };
        assert!(own(allowed[0].rule()).agrees(&allowed));
        assert!(!own("999").agrees(&allowed));
        assert!(
            Refusal {
                rule: Some(rule),
                ..Refusal::default()
            }
            .agrees(&allowed)
        );
        assert!(
            !Refusal {
                rule: Some("999".into()),
                ..Refusal::default()
            }
            .agrees(&allowed)
        );
        assert!(Refusal::default().agrees(&allowed));
    }
}
