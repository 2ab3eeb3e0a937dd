//! Expectations: what a scenario says an observation holds, read and checked through the
//! observation's one declaration. Only what is written is checked: a table names some entries,
//! a card some of its fields.

use std::fmt;

use super::value::{Value, key_text, quote};

/// What a scenario expects of a value. Two expectations of a table are equal when they expect
/// the same entries, in whatever order they were written.
#[derive(Clone, Debug)]
pub enum Expected {
    /// Exactly this value.
    Is(Value),
    /// A table with these entries, each as expected; other entries are not checked.
    Has(Vec<(String, Expected)>),
    /// A list of exactly these elements, each as expected.
    Each(Vec<Expected>),
    /// A text equal to this, or a table named this (its first entry): an item by its name, a
    /// choice by the seat that makes it.
    Named(String),
    /// A zone written without an owner (`trash`, `base`): any player's `Trash`, `Base`, ...
    AnyOwners(String),
    /// An event's sentence, with or without its rule in brackets at the end.
    Sentence(String),
}

impl PartialEq for Expected {
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (Expected::Is(a), Expected::Is(b)) => a == b,
            (Expected::Has(a), Expected::Has(b)) => {
                a.len() == b.len()
                    && a.iter()
                        .all(|(k, e)| b.iter().any(|(k2, e2)| k == k2 && e == e2))
            }
            (Expected::Each(a), Expected::Each(b)) => a == b,
            (Expected::Named(a), Expected::Named(b))
            | (Expected::AnyOwners(a), Expected::AnyOwners(b))
            | (Expected::Sentence(a), Expected::Sentence(b)) => a == b,
            _ => false,
        }
    }
}

impl Eq for Expected {}

/// A value that is not what a scenario expects: where, what was expected, what was found.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Mismatch {
    /// The path below the field (`Poro.at`), empty for the field itself.
    pub path: String,
    /// What the scenario expects, as the scenario would write it.
    pub expected: String,
    /// What the observation holds, written the same way.
    pub actual: String,
}

/// An expectation a scenario cannot write: the path of keys to the problem and what is wrong.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("{message}")]
pub struct ExpectError {
    /// Keys from the field down to the problem (`["Poro", "at"]`), for locating it in a file.
    pub path: Vec<String>,
    /// What is wrong and what was expected.
    pub message: String,
    /// Whether the problem is the last key of the path (a name that does not exist) or the
    /// value there.
    pub part: Part,
}

/// The part of a table's entry a problem is about.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Part {
    /// The value.
    Value,
    /// The key: `Firbolt` in `[expect.cards.Firbolt]`.
    Key,
}

impl ExpectError {
    /// A problem with the value itself.
    pub fn here(message: impl Into<String>) -> ExpectError {
        ExpectError {
            path: Vec::new(),
            message: message.into(),
            part: Part::Value,
        }
    }

    /// A problem with the key of the entry it is put [`ExpectError::under`].
    pub fn key(message: impl Into<String>) -> ExpectError {
        ExpectError {
            part: Part::Key,
            ..ExpectError::here(message)
        }
    }

    /// The same problem, one key further up.
    pub fn under(mut self, key: &str) -> ExpectError {
        self.path.insert(0, key.to_string());
        self
    }
}

impl Expected {
    /// Whether `actual` is what is expected.
    pub fn matches(&self, actual: &Value) -> bool {
        match (self, actual) {
            (Expected::Is(v), a) => v == a,
            (Expected::Has(entries), Value::Map(_)) => entries
                .iter()
                .all(|(k, e)| actual.get(k).is_some_and(|a| e.matches(a))),
            (Expected::Each(items), Value::List(values)) => {
                items.len() == values.len() && items.iter().zip(values).all(|(e, a)| e.matches(a))
            }
            (Expected::Named(n), Value::Text(t)) => n == t,
            (Expected::Named(n), Value::Map(entries)) => {
                matches!(entries.first(), Some((_, Value::Text(t))) if t == n)
            }
            (Expected::AnyOwners(zone), Value::Text(t)) => t
                .split_once("'s ")
                .is_some_and(|(_, z)| z.eq_ignore_ascii_case(zone)),
            (Expected::Sentence(s), Value::Text(t)) => {
                s == t || t.rsplit_once(" (").is_some_and(|(head, _)| head == s)
            }
            _ => false,
        }
    }

    /// Every mismatch between the expectation and `actual`, each with its path. A table reports
    /// each entry on its own; a list or a single value reports itself whole.
    pub fn mismatches(&self, actual: &Value) -> Vec<Mismatch> {
        let mut out = Vec::new();
        self.collect(actual, String::new(), &mut out);
        out
    }

    fn collect(&self, actual: &Value, path: String, out: &mut Vec<Mismatch>) {
        if let (Expected::Has(entries), Value::Map(_)) = (self, actual) {
            for (k, e) in entries {
                let here = if path.is_empty() {
                    key_text(k)
                } else {
                    format!("{path}.{}", key_text(k))
                };
                match actual.get(k) {
                    Some(a) => e.collect(a, here, out),
                    None => out.push(Mismatch {
                        path: here,
                        expected: e.toml(),
                        actual: "nothing".into(),
                    }),
                }
            }
            return;
        }
        if !self.matches(actual) {
            out.push(Mismatch {
                path,
                expected: self.toml(),
                actual: self.shown(actual),
            });
        }
    }

    /// `actual` written the way this expectation writes: only the entries a table expectation
    /// names, names where names are expected.
    fn shown(&self, actual: &Value) -> String {
        match (self, actual) {
            (Expected::Each(items), Value::List(values)) => {
                let shown: Vec<String> = values
                    .iter()
                    .enumerate()
                    .map(|(i, v)| match items.get(i).or(items.first()) {
                        Some(e) => e.shown(v),
                        None => v.toml(),
                    })
                    .collect();
                format!("[{}]", shown.join(", "))
            }
            (Expected::Named(_), Value::Map(entries)) => match entries.first() {
                Some((_, v)) => v.toml(),
                None => actual.toml(),
            },
            (Expected::Has(entries), Value::Map(_)) => {
                let shown: Vec<String> = entries
                    .iter()
                    .map(|(k, e)| {
                        let v = actual.get(k).map_or("nothing".to_string(), |a| e.shown(a));
                        format!("{} = {v}", key_text(k))
                    })
                    .collect();
                format!("{{ {} }}", shown.join(", "))
            }
            _ => actual.toml(),
        }
    }

    /// The expectation as a TOML value, as a scenario writes it.
    pub fn toml(&self) -> String {
        match self {
            Expected::Is(v) => v.toml(),
            Expected::Named(s) | Expected::AnyOwners(s) | Expected::Sentence(s) => quote(s),
            Expected::Each(items) => {
                let inner: Vec<String> = items.iter().map(Expected::toml).collect();
                format!("[{}]", inner.join(", "))
            }
            Expected::Has(entries) => {
                if entries.is_empty() {
                    return "{}".to_string();
                }
                let inner: Vec<String> = entries
                    .iter()
                    .map(|(k, e)| format!("{} = {}", key_text(k), e.toml()))
                    .collect();
                format!("{{ {} }}", inner.join(", "))
            }
        }
    }
}

impl fmt::Display for Expected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.toml())
    }
}

/// Reads a list from an expectation value, element by element.
///
/// # Errors
///
/// The value is not a list, or an element is wrong (the error names its place).
pub fn each<T>(
    v: &Value,
    mut read: impl FnMut(&Value) -> Result<T, ExpectError>,
) -> Result<Vec<T>, ExpectError> {
    match v {
        Value::List(items) => items
            .iter()
            .enumerate()
            .map(|(i, item)| read(item).map_err(|e| e.under(&format!("[{i}]"))))
            .collect(),
        _ => Err(ExpectError::here("expected a list `[...]`")),
    }
}

/// Reads a text from an expectation value.
pub(crate) fn text(v: &Value) -> Result<&str, ExpectError> {
    match v {
        Value::Text(t) => Ok(t),
        Value::None => Ok("none"),
        _ => Err(ExpectError::here("expected a string")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_expectation_checks_only_what_it_names() {
        let actual = Value::Map(vec![
            ("at".into(), Value::text("A's Trash")),
            ("might".into(), Value::None),
        ]);
        let e = Expected::Has(vec![("at".into(), Expected::AnyOwners("trash".into()))]);
        assert!(e.matches(&actual));
        let wrong = Expected::Has(vec![("at".into(), Expected::Is(Value::text("B's Trash")))]);
        let m = wrong.mismatches(&actual);
        assert_eq!(m.len(), 1);
        assert_eq!(m[0].path, "at");
        assert_eq!(m[0].expected, "\"B's Trash\"");
        assert_eq!(m[0].actual, "\"A's Trash\"");
    }

    #[test]
    fn names_match_tables_by_their_first_entry_and_sentences_by_their_words() {
        let item = Value::Map(vec![
            ("item".into(), Value::text("Firebolt")),
            ("controller".into(), Value::text("A")),
        ]);
        assert!(Expected::Named("Firebolt".into()).matches(&item));
        assert!(!Expected::Named("Denial".into()).matches(&item));
        let list = Expected::Each(vec![Expected::Named("Denial".into())]);
        assert_eq!(
            list.mismatches(&Value::List(vec![item]))[0].actual,
            "[\"Firebolt\"]"
        );
        let event = Value::text("Poro is Recalled (449)");
        assert!(Expected::Sentence("Poro is Recalled".into()).matches(&event));
        assert!(Expected::Sentence("Poro is Recalled (449)".into()).matches(&event));
        assert!(!Expected::Sentence("Poro moves to A's Base".into()).matches(&event));
    }
}
