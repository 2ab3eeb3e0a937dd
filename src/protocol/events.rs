//! How an engine reports events (protocol version 2): every event, none, or only the kinds it
//! declares; each as a sentence or as a structured event (its kind and facts,
//! [`crate::observation::facts`]). The rules' events are held to the engine's form, kind by
//! kind, in order.

use serde_json::Value as Json;

use crate::card::Catalog;
use crate::event::Event;
use crate::observation::Value;
use crate::observation::facts::{facts, is_kind, kind};

/// How an engine reports the events of a step, as its `hello` declares.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Reported {
    /// Every event (`"events": true`, the default), as sentences or structured events.
    #[default]
    All,
    /// None (`"events": false`): events are not compared.
    Nothing,
    /// Only events of these kinds (`"events": ["played", "countered"]`), in order.
    Kinds(Vec<String>),
}

impl Reported {
    /// Whether events are compared at all.
    pub fn any(&self) -> bool {
        !matches!(self, Reported::Nothing)
    }

    /// Whether an event of kind `k` is reported.
    pub fn includes(&self, k: &str) -> bool {
        match self {
            Reported::All => true,
            Reported::Nothing => false,
            Reported::Kinds(l) => l.iter().any(|x| x == k),
        }
    }

    /// The first declared kind that is not a kind of event.
    pub fn unknown(&self) -> Option<&str> {
        match self {
            Reported::Kinds(l) => l.iter().map(String::as_str).find(|k| !is_kind(k)),
            _ => None,
        }
    }
}

impl serde::Serialize for Reported {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Reported::All => s.serialize_bool(true),
            Reported::Nothing => s.serialize_bool(false),
            Reported::Kinds(l) => l.serialize(s),
        }
    }
}

impl<'de> serde::Deserialize<'de> for Reported {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Reported, D::Error> {
        #[derive(serde::Deserialize)]
        #[serde(untagged)]
        enum Either {
            Flag(bool),
            Kinds(Vec<String>),
        }
        match Either::deserialize(d).map_err(|_| {
            serde::de::Error::custom(
                "`events` is true, false or a list of kinds of event (\"played\", \"countered\", ...)",
            )
        })? {
            Either::Flag(true) => Ok(Reported::All),
            Either::Flag(false) => Ok(Reported::Nothing),
            Either::Kinds(l) => Ok(Reported::Kinds(l)),
        }
    }
}

/// The events the rules give for a step, as an engine that reports `reported` is held to them:
/// those of the kinds it reports, in order, each as its sentence without the rule and as its
/// facts.
pub fn expected(events: &[Event], cat: &Catalog, reported: &Reported) -> Vec<(String, Json)> {
    events
        .iter()
        .filter(|e| reported.includes(kind(e)))
        .map(|e| (e.display(cat).to_string(), Json::Object(facts(e, cat))))
        .collect()
}

/// An engine's event in the form of the rules' `ours` (a sentence, or its facts as a structured
/// event shows them): a sentence loses its rule; an object keeps the keys `ours` has, a key it
/// lacks reading as missing.
pub fn found_like(theirs: &Json, ours: &(String, Json)) -> Value {
    match theirs {
        Json::String(s) => Value::text(super::wire::sentence(s)),
        Json::Object(o) => {
            let Json::Object(facts) = &ours.1 else {
                return found_alone(theirs);
            };
            if o.get("kind") != facts.get("kind") {
                // Another kind of event: its own facts, not ours' keys.
                return found_alone(theirs);
            }
            Value::Map(
                facts
                    .keys()
                    .map(|k| {
                        let v = o
                            .get(k)
                            .map_or(Value::text(super::wire::MISSING), super::wire::from_json);
                        (k.clone(), v)
                    })
                    .collect(),
            )
        }
        other => super::wire::from_json(other),
    }
}

/// The rules' event `ours` in the form of the engine's `theirs`: a sentence if the engine sent
/// one, else the facts.
pub fn ours_like(ours: &(String, Json), theirs: Option<&Json>) -> Value {
    match theirs {
        Some(Json::Object(_)) => {
            let Json::Object(facts) = &ours.1 else {
                return Value::text(ours.0.clone());
            };
            Value::Map(
                facts
                    .iter()
                    .map(|(k, v)| (k.clone(), super::wire::from_json(v)))
                    .collect(),
            )
        }
        _ => Value::text(ours.0.clone()),
    }
}

/// An engine's event with no event of the rules' beside it: a sentence without its rule, or an
/// object's facts.
pub fn found_alone(theirs: &Json) -> Value {
    match theirs {
        Json::String(s) => Value::text(super::wire::sentence(s)),
        Json::Object(o) => Value::Map(
            o.iter()
                .filter(|(k, _)| k.as_str() != "rule")
                .map(|(k, v)| (k.clone(), super::wire::from_json(v)))
                .collect(),
        ),
        other => super::wire::from_json(other),
    }
}

/// Whether an engine's event is of a kind it reports: a sentence always is (its kind is not
/// known); an object by its `kind`.
pub fn reported_by(theirs: &Json, reported: &Reported) -> bool {
    match theirs.get("kind").and_then(Json::as_str) {
        Some(k) => reported.includes(k),
        None => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reported_reads_true_false_or_a_list() {
        let r: Reported = serde_json::from_str("true").unwrap_or(Reported::Nothing);
        assert_eq!(r, Reported::All);
        let r: Reported = serde_json::from_str("false").unwrap_or(Reported::All);
        assert_eq!(r, Reported::Nothing);
        let r: Reported = serde_json::from_str(r#"["played","countered"]"#).unwrap_or_default();
        assert!(r.includes("played") && !r.includes("resolved"));
        assert!(serde_json::from_str::<Reported>("3").is_err());
        assert_eq!(
            Reported::Kinds(vec!["played".into(), "cast".into()]).unknown(),
            Some("cast")
        );
    }
}
