//! An observation as plain data: names instead of ids, in a tree of text, numbers, lists and
//! tables. It is what scenario files write, what difference messages and the Explorer show, and
//! what an engine in another process sends.

use std::fmt::{self, Write};

/// A canonical value.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Value {
    /// Nothing: no seat, no battlefield. Written `"none"`.
    None,
    /// A truth value.
    Bool(bool),
    /// A number.
    Int(i64),
    /// A seat, a name, a zone, a sentence.
    Text(String),
    /// A sequence, in order.
    List(Vec<Value>),
    /// A table; its first entry names it where a name is expected (an item's name, a seat).
    Map(Vec<(String, Value)>),
}

impl Value {
    /// A text value.
    pub fn text(s: impl Into<String>) -> Value {
        Value::Text(s.into())
    }

    /// The entry called `key` of a table.
    pub fn get(&self, key: &str) -> Option<&Value> {
        match self {
            Value::Map(entries) => entries.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    /// Whether the value says nothing: none, false, zero, an empty text, list or table.
    pub fn is_empty(&self) -> bool {
        match self {
            Value::None => true,
            Value::Bool(b) => !b,
            Value::Int(n) => *n == 0,
            Value::Text(t) => t.is_empty(),
            Value::List(v) => v.is_empty(),
            Value::Map(m) => m.iter().all(|(_, v)| v.is_empty()),
        }
    }

    /// The path to the first place where `self` and `other` differ (`Poro.at`, `[2]`), if they
    /// do, with the two values found there.
    pub fn first_difference<'a>(
        &'a self,
        other: &'a Value,
    ) -> Option<(String, &'a Value, &'a Value)> {
        match (self, other) {
            (Value::Map(a), Value::Map(b)) if a.len() == b.len() => {
                for ((ka, va), (kb, vb)) in a.iter().zip(b) {
                    if ka != kb {
                        return Some((String::new(), self, other));
                    }
                    if let Some((path, x, y)) = va.first_difference(vb) {
                        return Some((join(&key_text(ka), &path), x, y));
                    }
                }
                None
            }
            (Value::List(a), Value::List(b)) if a.len() == b.len() => {
                for (i, (va, vb)) in a.iter().zip(b).enumerate() {
                    if let Some((path, x, y)) = va.first_difference(vb) {
                        return Some((join(&format!("[{i}]"), &path), x, y));
                    }
                }
                None
            }
            _ if self == other => None,
            _ => Some((String::new(), self, other)),
        }
    }

    /// The value as a TOML value on one line (`"A"`, `["A", "C"]`, `{ at = "A's Base" }`).
    pub fn toml(&self) -> String {
        let mut out = String::new();
        self.write_toml(&mut out);
        out
    }

    fn write_toml(&self, out: &mut String) {
        match self {
            Value::None => out.push_str("\"none\""),
            Value::Bool(b) => {
                let _ = write!(out, "{b}");
            }
            Value::Int(n) => {
                let _ = write!(out, "{n}");
            }
            Value::Text(t) => out.push_str(&quote(t)),
            Value::List(items) => {
                out.push('[');
                for (i, v) in items.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    v.write_toml(out);
                }
                out.push(']');
            }
            Value::Map(entries) => {
                if entries.is_empty() {
                    out.push_str("{}");
                    return;
                }
                out.push_str("{ ");
                for (i, (k, v)) in entries.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    out.push_str(&key_text(k));
                    out.push_str(" = ");
                    v.write_toml(out);
                }
                out.push_str(" }");
            }
        }
    }

    /// The value as JSON (names and seats as strings, none as null).
    pub fn json(&self) -> String {
        let mut out = String::new();
        self.write_json(&mut out);
        out
    }

    fn write_json(&self, out: &mut String) {
        match self {
            Value::None => out.push_str("null"),
            Value::Bool(b) => {
                let _ = write!(out, "{b}");
            }
            Value::Int(n) => {
                let _ = write!(out, "{n}");
            }
            Value::Text(t) => json_string(t, out),
            Value::List(items) => {
                out.push('[');
                for (i, v) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    v.write_json(out);
                }
                out.push(']');
            }
            Value::Map(entries) => {
                out.push('{');
                for (i, (k, v)) in entries.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    json_string(k, out);
                    out.push(':');
                    v.write_json(out);
                }
                out.push('}');
            }
        }
    }
}

impl fmt::Display for Value {
    /// Text as it is; everything else as TOML.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Text(t) => f.write_str(t),
            Value::None => f.write_str("none"),
            other => f.write_str(&other.toml()),
        }
    }
}

fn join(head: &str, rest: &str) -> String {
    match (head.is_empty(), rest.is_empty()) {
        (_, true) => head.to_string(),
        (true, false) => rest.to_string(),
        (false, false) if rest.starts_with('[') => format!("{head}{rest}"),
        (false, false) => format!("{head}.{rest}"),
    }
}

pub use riftcheck_core::text::{quote, unsafe_char};

/// A TOML key: bare when it can be, quoted otherwise.
pub fn key_text(s: &str) -> String {
    if !s.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
    {
        s.to_string()
    } else {
        quote(s)
    }
}

fn json_string(s: &str, out: &mut String) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(at: &str, might: i64) -> Value {
        Value::Map(vec![
            ("at".into(), Value::text(at)),
            ("might".into(), Value::Int(might)),
        ])
    }

    #[test]
    fn the_first_difference_names_its_path() {
        let a = Value::Map(vec![
            ("Poro".into(), card("A's Base", 2)),
            ("Sunlit Plaza".into(), card("Left", 3)),
        ]);
        let b = Value::Map(vec![
            ("Poro".into(), card("A's Base", 2)),
            ("Sunlit Plaza".into(), card("Left", 4)),
        ]);
        let (path, x, y) = a.first_difference(&b).unwrap();
        assert_eq!(path, "\"Sunlit Plaza\".might");
        assert_eq!((x, y), (&Value::Int(3), &Value::Int(4)));
        assert!(a.first_difference(&a).is_none());
        let l1 = Value::List(vec![Value::text("A"), Value::text("B")]);
        let l2 = Value::List(vec![Value::text("A"), Value::text("C")]);
        assert_eq!(l1.first_difference(&l2).unwrap().0, "[1]");
    }

    #[test]
    fn values_print_as_toml_and_json() {
        let v = Value::Map(vec![
            ("at".into(), Value::text("A's \"Base\"")),
            (
                "seats".into(),
                Value::List(vec![Value::text("A"), Value::None]),
            ),
            ("token".into(), Value::Bool(true)),
        ]);
        assert_eq!(
            v.toml(),
            r#"{ at = "A's \"Base\"", seats = ["A", "none"], token = true }"#
        );
        assert_eq!(
            v.json(),
            r#"{"at":"A's \"Base\"","seats":["A",null],"token":true}"#
        );
        assert_eq!(Value::text("C").to_string(), "C");
        assert!(Value::List(vec![]).is_empty() && !Value::Int(1).is_empty());
    }
}
