//! What each key of a scenario file holds, declared once, and the check of a file's TOML against
//! it before anything is read: an unknown key, a missing key, a value of the wrong type or a word
//! that is not one of its choices is reported at its place, in the project's words
//! ("`setup.mode` must be one of duel, skirmish, war, magma-chamber, not the number 2"), with
//! the key's path and what the file wrote. The tables below are a Riftbound file's; an MTG file's
//! are declared beside its reader (`crate::mtg::scenario`) and checked by the same code
//! ([`check_against`]).

use std::ops::Range;

use toml::Spanned;
use toml::de::{DeTable, DeValue};

use super::source::string_offsets;
use crate::observation::value::quote;
use crate::observation::value::unsafe_char;
use crate::seat::Seat;

/// What a key holds.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Kind {
    /// One line of text without control characters.
    Line,
    /// As [`Kind::Line`], not empty.
    Named,
    /// Prose: text that may break lines.
    Prose,
    /// One of these words.
    Word(&'static [&'static str]),
    /// A seat's letter.
    Seat,
    /// A whole number in this range.
    Number(i64, i64),
    /// `true` or `false`.
    Bool,
    /// A list of these.
    List(&'static Kind),
    /// A number from 0 to 255 for each seat named: `{ A = 1 }`.
    PerSeat,
    /// Text for each name: `{ teammate-destination = "controlled" }`.
    Texts,
    /// A whole number from -9999 to 9999 for each name: `{ "Myr token" = 2 }`.
    Counts,
    /// A table, as its header writes it (`[setup]`), with these keys (`None`: read elsewhere).
    Table(&'static str, Option<&'static [Key]>),
    /// A list of tables, as their header writes it (`[[setup.cards]]`).
    Tables(&'static str, Option<&'static [Key]>),
}

/// A key of a table: its name, what it holds, whether the table needs it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Key {
    pub name: &'static str,
    pub kind: Kind,
    pub required: bool,
}

pub(crate) const fn key(name: &'static str, kind: Kind) -> Key {
    Key {
        name,
        kind,
        required: false,
    }
}

pub(crate) const fn needs(name: &'static str, kind: Kind) -> Key {
    Key {
        name,
        kind,
        required: true,
    }
}

/// The modes' names (`Mode::key`).
pub(super) const MODES: &[&str] = &["duel", "skirmish", "war", "magma-chamber"];
/// The card kinds' names (`CardKind::key`).
pub(super) const CARD_KINDS: &[&str] = &["unit", "gear", "rune", "spell"];
/// The timings' names (`Timing::key`).
pub(super) const TIMINGS: &[&str] = &["normal", "action", "reaction"];
/// What can open a Chain (`Opener`).
pub(super) const OPENERS: &[&str] = &["play", "trigger"];
/// An item's kinds, as a file writes them.
pub(super) const ITEM_KINDS: &[&str] = &["spell", "ability", "trigger"];

const U8: Kind = Kind::Number(0, 255);
const I8: Kind = Kind::Number(-128, 127);
const SEATS: Kind = Kind::List(&Kind::Seat);

/// `[[setup.battlefields]]`.
pub(super) const BATTLEFIELD: &[Key] = &[
    needs("name", Kind::Named),
    needs("contributor", Kind::Seat),
    key("might", I8),
    key("controller", Kind::Seat),
    key("contested_by", Kind::Seat),
    key("token", Kind::Bool),
];

/// `[[setup.cards]]`.
pub(super) const CARD: &[Key] = &[
    needs("name", Kind::Named),
    needs("kind", Kind::Word(CARD_KINDS)),
    needs("owner", Kind::Seat),
    key("controller", Kind::Seat),
    needs("at", Kind::Named),
    key("might", I8),
    key("timing", Kind::Word(TIMINGS)),
    key("cost", U8),
    key("effect", Kind::Named),
    key("ability", Kind::Named),
    key("exhausted", Kind::Bool),
    key("damage", U8),
    key("token", Kind::Bool),
    key("hidden", Kind::Bool),
];

/// `[[setup.chain]]`.
pub(super) const ITEM: &[Key] = &[
    needs("source", Kind::Named),
    key("kind", Kind::Word(ITEM_KINDS)),
    needs("controller", Kind::Seat),
    key("target", Kind::Named),
];

/// `[setup.showdown]`.
pub(super) const SHOWDOWN: &[Key] = &[
    needs("at", Kind::Named),
    needs("focus", Kind::Seat),
    key("passed", SEATS),
    key("attacker", Kind::Seat),
    key("defender", Kind::Seat),
];

/// `[setup]`.
pub(super) const SETUP: &[Key] = &[
    needs("mode", Kind::Word(MODES)),
    key("turn", Kind::Seat),
    key("removed", SEATS),
    key("victory_score", U8),
    key("points", Kind::PerSeat),
    key("energy", Kind::PerSeat),
    key("priority", Kind::Seat),
    key("passed", SEATS),
    key("opened_by", Kind::Word(OPENERS)),
    key("invited", Kind::Seat),
    key("readings", Kind::Texts),
    key(
        "battlefields",
        Kind::Tables("[[setup.battlefields]]", Some(BATTLEFIELD)),
    ),
    key("cards", Kind::Tables("[[setup.cards]]", Some(CARD))),
    key("chain", Kind::Tables("[[setup.chain]]", Some(ITEM))),
    key("showdown", Kind::Table("[setup.showdown]", Some(SHOWDOWN))),
];

/// The top level of a scenario file. Expectations are read through the observation's
/// declaration (`crate::observation`), so only their shape is checked here.
pub(super) const SCENARIO: &[Key] = &[
    needs("title", Kind::Named),
    key("rules", Kind::List(&Kind::Named)),
    key("description", Kind::Prose),
    key("steps", Kind::List(&Kind::Line)),
    needs("setup", Kind::Table("[setup]", Some(SETUP))),
    key("check", Kind::Tables("[[check]]", None)),
    key("expect", Kind::Table("[expect]", None)),
];

/// A problem found: where (a byte range of the text) and what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Problem {
    pub span: Range<usize>,
    pub message: String,
    /// A key the table needs is missing.
    missing: bool,
}

/// Checks the document `doc` of the text `text` against [`SCENARIO`].
///
/// # Errors
///
/// The first problem in the file's order.
pub(super) fn check(doc: &Spanned<DeTable<'_>>, text: &str) -> Result<(), Problem> {
    check_against(doc, text, SCENARIO)
}

/// Checks the document `doc` of the text `text` against the top-level keys `root` (a
/// ruleset's scenario file: MTG's declares its own).
///
/// # Errors
///
/// The first problem in the file's order.
pub(crate) fn check_against(
    doc: &Spanned<DeTable<'_>>,
    text: &str,
    root: &'static [Key],
) -> Result<(), Problem> {
    let mut cx = Cx {
        text,
        root,
        problems: Vec::new(),
    };
    cx.table(doc.get_ref(), 0..0, "", "a scenario", root);
    // A missing key is a problem of its whole table: what is written wrong comes first.
    match cx
        .problems
        .into_iter()
        .min_by_key(|p| (p.missing, p.span.start))
    {
        Some(p) => Err(p),
        None => Ok(()),
    }
}

/// What a kind of value is, for messages: "a seat: one of the letters A, B, C and D".
pub(super) fn expected(kind: &Kind) -> String {
    match kind {
        Kind::Line => "text on one line, in quotes".into(),
        Kind::Named => "text on one line, in quotes (not empty)".into(),
        Kind::Prose => "text in quotes".into(),
        Kind::Word(words) => format!("one of {}", words.join(", ")),
        Kind::Seat => "a seat: one of the letters A, B, C and D".into(),
        Kind::Number(lo, hi) => format!("a whole number from {lo} to {hi}"),
        Kind::Bool => "true or false".into(),
        Kind::List(of) => format!("a list `[...]` of {}", plural(of)),
        Kind::PerSeat => "a table of seats and numbers, e.g. `{ A = 1 }`".into(),
        Kind::Texts => "a table of names and texts, e.g. `{ pass-record = \"seats\" }`".into(),
        Kind::Counts => "a table of names and whole numbers, e.g. `{ B = 20 }`".into(),
        Kind::Table(header, _) => format!("a table ({header})"),
        Kind::Tables(header, _) => format!("a list of tables ({header})"),
    }
}

fn plural(kind: &Kind) -> &'static str {
    match kind {
        Kind::Seat => "seats",
        Kind::Number(..) => "numbers",
        _ => "texts",
    }
}

struct Cx<'t> {
    text: &'t str,
    /// The top-level keys.
    root: &'static [Key],
    problems: Vec<Problem>,
}

fn join(path: &str, key: &str) -> String {
    if path.is_empty() {
        key.to_string()
    } else {
        format!("{path}.{key}")
    }
}

impl Cx<'_> {
    fn fail(&mut self, span: Range<usize>, message: String) {
        self.problems.push(Problem {
            span,
            message,
            missing: false,
        });
    }

    /// What the file wrote at `v`, for messages: "the number 2", "a date", "a table ([setup])".
    fn found(&self, v: &Spanned<DeValue<'_>>) -> String {
        let written = self.text.get(v.span()).unwrap_or("").trim();
        match v.get_ref() {
            DeValue::String(s) => quote(s),
            DeValue::Integer(_) | DeValue::Float(_) => format!("the number {written}"),
            DeValue::Boolean(b) => format!("the value {b}"),
            DeValue::Datetime(_) => format!("the date {written}"),
            DeValue::Array(items) => {
                if written.starts_with("[[") {
                    let header = written.split(']').next().unwrap_or(written);
                    format!("a list of tables ({header}]])")
                } else if !items.is_empty() && items.iter().all(|i| i.get_ref().is_table()) {
                    "a list of tables".into()
                } else {
                    "a list".into()
                }
            }
            DeValue::Table(_) => {
                if written.starts_with('[') {
                    let header = written.split(']').next().unwrap_or(written);
                    format!("a table ({header}])")
                } else {
                    "a table".into()
                }
            }
        }
    }

    fn wrong(&mut self, v: &Spanned<DeValue<'_>>, kind: &Kind, path: &str) {
        let message = format!("`{path}` must be {}, not {}", expected(kind), self.found(v));
        self.fail(v.span(), message);
    }

    fn table(&mut self, t: &DeTable<'_>, span: Range<usize>, path: &str, name: &str, keys: &[Key]) {
        for (k, v) in t.iter() {
            match keys.iter().find(|d| d.name == k.get_ref().as_ref()) {
                Some(d) => self.value(v, &d.kind, &join(path, k.get_ref())),
                None => {
                    let names: Vec<&str> = keys.iter().map(|d| d.name).collect();
                    // A top-level key written after a table belongs to that table in TOML.
                    let top = !path.is_empty() && self.root.iter().any(|d| d.name == k.get_ref());
                    let message = format!(
                        "`{}` is not a key of {name}: expected one of {}{}",
                        join(path, k.get_ref()),
                        names.join(", "),
                        if top {
                            " (top-level keys come before the first table, as TOML requires)"
                        } else {
                            ""
                        }
                    );
                    self.fail(k.span(), message);
                }
            }
        }
        for d in keys.iter().filter(|d| d.required) {
            if !t.contains_key(d.name) {
                let message = format!("{name} needs `{}`: {}", d.name, expected(&d.kind));
                self.problems.push(Problem {
                    span: span.clone(),
                    message,
                    missing: true,
                });
            }
        }
    }

    fn value(&mut self, v: &Spanned<DeValue<'_>>, kind: &Kind, path: &str) {
        match (kind, v.get_ref()) {
            (Kind::Line | Kind::Named | Kind::Prose, DeValue::String(s)) => {
                self.text_value(v, s, kind, path);
            }
            (Kind::Word(words), DeValue::String(s)) if !words.contains(&s.as_ref()) => {
                self.wrong(v, kind, path);
            }
            (Kind::Seat, DeValue::String(s)) if s.parse::<Seat>().is_err() => {
                self.wrong(v, kind, path);
            }
            (Kind::Word(_) | Kind::Seat, DeValue::String(_))
            | (Kind::Bool, DeValue::Boolean(_)) => {}
            (Kind::Number(lo, hi), DeValue::Integer(n)) => {
                let n = i64::from_str_radix(n.as_str(), n.radix()).ok();
                if !n.is_some_and(|n| (*lo..=*hi).contains(&n)) {
                    self.wrong(v, kind, path);
                }
            }
            (Kind::List(of), DeValue::Array(items)) => {
                for (i, x) in items.iter().enumerate() {
                    self.value(x, of, &format!("{path}[{i}]"));
                }
            }
            (Kind::PerSeat, DeValue::Table(t)) => {
                for (k, x) in t.iter() {
                    if k.get_ref().parse::<Seat>().is_err() {
                        let message = format!(
                            "`{path}` is a table of seats and numbers: `{}` is not a seat (A, \
                             B, C or D)",
                            k.get_ref()
                        );
                        self.fail(k.span(), message);
                    } else {
                        self.value(x, &U8, &join(path, k.get_ref()));
                    }
                }
            }
            (Kind::Texts, DeValue::Table(t)) => {
                for (k, x) in t.iter() {
                    self.value(x, &Kind::Named, &join(path, k.get_ref()));
                }
            }
            (Kind::Counts, DeValue::Table(t)) => {
                for (k, x) in t.iter() {
                    self.value(x, &Kind::Number(-9999, 9999), &join(path, k.get_ref()));
                }
            }
            (Kind::Table(header, keys), DeValue::Table(t)) => {
                if let Some(keys) = keys {
                    self.table(t, v.span(), path, header, keys);
                }
            }
            (Kind::Tables(header, keys), DeValue::Array(items)) => {
                for (i, x) in items.iter().enumerate() {
                    let here = format!("{path}[{i}]");
                    match (x.get_ref(), keys) {
                        (DeValue::Table(t), Some(keys)) => {
                            self.table(t, x.span(), &here, header, keys);
                        }
                        (DeValue::Table(_), None) => {}
                        _ => self.wrong(x, &Kind::Table(header, None), &here),
                    }
                }
            }
            _ => self.wrong(v, kind, path),
        }
    }

    /// Text: no control characters (prose may break lines), and not empty where a name is.
    fn text_value(&mut self, v: &Spanned<DeValue<'_>>, s: &str, kind: &Kind, path: &str) {
        let allowed = |c: char| matches!(kind, Kind::Prose) && matches!(c, '\n' | '\r' | '\t');
        if let Some((i, c)) = s
            .char_indices()
            .find(|(_, c)| unsafe_char(*c) && !allowed(*c))
        {
            // Point at the character itself, wherever the file wrote it (an escape or raw).
            let raw = self.text.get(v.span()).unwrap_or("");
            let at = string_offsets(raw, s)
                .and_then(|o| o.get(i).copied())
                .map_or(v.span().start, |o| v.span().start + o);
            let message = format!(
                "`{path}` contains the control character U+{:04X}: write plain text{}",
                c as u32,
                if matches!(kind, Kind::Prose) {
                    ""
                } else {
                    " on one line"
                }
            );
            self.fail(at..at, message);
        } else if matches!(kind, Kind::Named) && s.trim().is_empty() {
            self.fail(v.span(), format!("`{path}` must not be empty"));
        }
    }
}

/// The schema beside the tables serde reads a file into: each reader's test holds its tables to
/// its schema with [`agree`].
#[cfg(test)]
pub(crate) mod agreement {
    use super::{Key, Kind};

    /// A value of `kind`, as TOML text.
    fn sample(kind: &Kind) -> String {
        match kind {
            Kind::Line | Kind::Named | Kind::Prose => "\"x\"".into(),
            Kind::Word(words) => format!("\"{}\"", words[0]),
            Kind::Seat => "\"A\"".into(),
            Kind::Number(lo, _) => lo.to_string(),
            Kind::Bool => "false".into(),
            Kind::List(of) => format!("[{}]", sample(of)),
            Kind::PerSeat => "{ A = 1 }".into(),
            Kind::Texts => "{ x = \"y\" }".into(),
            Kind::Counts => "{ x = 1 }".into(),
            Kind::Table(_, Some(keys)) => format!("{{ {} }}", doc(keys, true).join(", ")),
            Kind::Table(_, None) => "{}".into(),
            Kind::Tables(..) => "[]".into(),
        }
    }

    /// `key = value` for the keys (only the required ones, if `required`).
    fn doc(keys: &[Key], required: bool) -> Vec<String> {
        keys.iter()
            .filter(|k| k.required || !required)
            .map(|k| format!("{} = {}", k.name, sample(&k.kind)))
            .collect()
    }

    pub(crate) fn reads<T: serde::de::DeserializeOwned>(text: &str) -> Result<(), String> {
        toml::from_str::<T>(text)
            .map(|_| ())
            .map_err(|e| e.message().to_string())
    }

    /// The schema and the raw tables serde reads agree: the same keys, the same required keys,
    /// and every value the schema accepts is one serde reads.
    pub(crate) fn agree(keys: &[Key], read: fn(&str) -> Result<(), String>) {
        let unknown = read("zz_unknown = 1").unwrap_err();
        let listed = unknown.split("expected one of ").nth(1).unwrap_or("");
        let mut serde_keys: Vec<&str> = listed.split(", ").map(|k| k.trim_matches('`')).collect();
        let mut schema_keys: Vec<&str> = keys.iter().map(|k| k.name).collect();
        serde_keys.sort_unstable();
        schema_keys.sort_unstable();
        assert_eq!(serde_keys, schema_keys, "{unknown}");
        read(&doc(keys, true).join("\n")).expect("the required keys suffice");
        read(&doc(keys, false).join("\n")).expect("every key reads");
        for k in keys.iter().filter(|k| k.required) {
            let without: Vec<String> = doc(keys, true)
                .into_iter()
                .filter(|line| !line.starts_with(&format!("{} =", k.name)))
                .collect();
            assert!(read(&without.join("\n")).is_err(), "{} is required", k.name);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::{CardKind, Timing};
    use crate::mode::Mode;

    #[test]
    fn the_words_are_the_vocabularys_names() {
        let modes: Vec<&str> = Mode::ALL.iter().map(|m| m.key()).collect();
        assert_eq!(modes, MODES);
        let kinds = [
            CardKind::Unit,
            CardKind::Gear,
            CardKind::Rune,
            CardKind::Spell,
        ];
        assert_eq!(kinds.map(CardKind::key), CARD_KINDS);
        let timings = [Timing::Normal, Timing::Action, Timing::Reaction];
        assert_eq!(timings.map(Timing::key), TIMINGS);
    }

    fn problem(text: &str) -> Problem {
        let doc = DeTable::parse(text).expect("TOML");
        check(&doc, text).expect_err("a problem")
    }

    #[test]
    fn problems_are_said_in_the_projects_words_at_their_place() {
        let p = problem("title = \"t\"\n[setup]\nmode = 2\n");
        assert_eq!(
            p.message,
            "`setup.mode` must be one of duel, skirmish, war, magma-chamber, not the number 2"
        );
        assert_eq!(p.span.start, 27);
        let p = problem("title = \"t\"\n[[setup]]\nmode = \"duel\"\n");
        assert_eq!(
            p.message,
            "`setup` must be a table ([setup]), not a list of tables ([[setup]])"
        );
        let p = problem("title = \"t\"\n[setup]\nmode = 1979-05-27\n");
        assert!(p.message.ends_with("not the date 1979-05-27"), "{p:?}");
        let p = problem("title = \"t\"\n[setup]\nturn = \"A\"\n");
        assert!(p.message.starts_with("[setup] needs `mode`"), "{p:?}");
        let p = problem("title = \"a\\u001bb\"\n[setup]\nmode = \"duel\"\n");
        assert_eq!(p.span.start, 10, "{p:?}");
    }
}
