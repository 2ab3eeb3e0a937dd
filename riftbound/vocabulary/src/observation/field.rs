//! How each kind of observed field becomes a canonical [`Value`] (names, not ids) and how a
//! scenario's expectation of it is read.

use arrayvec::ArrayVec;

use super::expect::{ExpectError, Expected, each, text};
use super::value::Value;
use crate::action::Choice;
use crate::card::{BattlefieldId, Catalog, Lasting, Until};
use crate::event::Event;
use crate::item::{ItemName, Opener, Unplaced};
use crate::seat::{Seat, SeatSet};

/// A field of an observation.
pub trait Field {
    /// The canonical value, with names from `catalog`.
    fn value(&self, catalog: &Catalog) -> Value;

    /// Reads what a scenario expects of the field.
    ///
    /// # Errors
    ///
    /// The expectation names a seat, card or battlefield that does not exist, or has the wrong
    /// shape; the error says where below the field.
    fn expect(v: &Value, catalog: &Catalog) -> Result<Expected, ExpectError>;
}

/// A seat at this table (478): a letter, and one of the mode's seats.
pub(crate) fn seat(v: &Value, cat: &Catalog) -> Result<Seat, ExpectError> {
    let t = text(v)?;
    let seat: Seat = t
        .parse()
        .map_err(|_| ExpectError::here(format!("`{t}` is not a seat: expected A, B, C or D")))?;
    let seats = cat.mode.seats();
    if !seats.contains(seat) {
        return Err(ExpectError::here(format!(
            "seat {seat} is not at a {} table (478): its seats are {seats}",
            cat.mode
        )));
    }
    Ok(seat)
}

fn seat_or_none(v: &Value, cat: &Catalog) -> Result<Option<Seat>, ExpectError> {
    match text(v)? {
        "none" => Ok(None),
        _ => seat(v, cat)
            .map(Some)
            .map_err(|e| ExpectError::here(format!("{e}, or `none`"))),
    }
}

pub(crate) fn battlefield(v: &Value, cat: &Catalog) -> Result<BattlefieldId, ExpectError> {
    let t = text(v)?;
    cat.battlefield_named(t)
        .ok_or_else(|| ExpectError::here(format!("no battlefield is called `{t}`")))
}

/// An item's or card's name as an expectation writes it (`Firebolt`, `Sentry's trigger`),
/// checked against the catalog.
///
/// # Errors
///
/// No card has that name.
pub fn card_name(v: &Value, cat: &Catalog) -> Result<String, ExpectError> {
    let t = text(v)?;
    let card = t
        .strip_suffix("'s trigger")
        .or_else(|| t.strip_suffix("'s ability"))
        .unwrap_or(t);
    match cat.card_named(card) {
        Some(_) => Ok(t.to_string()),
        None if card == t => Err(ExpectError::here(format!("no card is called `{t}`"))),
        None => Err(ExpectError::here(format!(
            "no card is called `{card}` (in the item `{t}`)"
        ))),
    }
}

fn seats_value(s: SeatSet) -> Value {
    Value::List(s.iter().map(|s| Value::text(s.to_string())).collect())
}

fn seat_value(s: Option<Seat>) -> Value {
    s.map_or(Value::None, |s| Value::text(s.to_string()))
}

impl Field for SeatSet {
    fn value(&self, _: &Catalog) -> Value {
        seats_value(*self)
    }

    /// A list of seats, in any order.
    fn expect(v: &Value, cat: &Catalog) -> Result<Expected, ExpectError> {
        let seats: SeatSet = each(v, |x| seat(x, cat))?.into_iter().collect();
        Ok(Expected::Is(seats_value(seats)))
    }
}

impl Field for Option<Seat> {
    fn value(&self, _: &Catalog) -> Value {
        seat_value(*self)
    }

    fn expect(v: &Value, cat: &Catalog) -> Result<Expected, ExpectError> {
        Ok(Expected::Is(seat_value(seat_or_none(v, cat)?)))
    }
}

impl Field for Option<SeatSet> {
    /// The winners; nobody is an empty list.
    fn value(&self, _: &Catalog) -> Value {
        seats_value(self.unwrap_or_default())
    }

    fn expect(v: &Value, c: &Catalog) -> Result<Expected, ExpectError> {
        SeatSet::expect(v, c)
    }
}

impl Field for Option<Choice> {
    /// Who must choose first, and what.
    fn value(&self, _: &Catalog) -> Value {
        match self {
            None => Value::None,
            Some(c) => Value::Map(vec![
                ("seat".into(), Value::text(c.seat().to_string())),
                (
                    "choice".into(),
                    Value::text(match c {
                        Choice::PlaceTriggers { .. } => "place triggers",
                        Choice::ChooseFight { .. } => "choose a fight",
                        Choice::AssignDamage { .. } => "assign damage",
                    }),
                ),
            ]),
        }
    }

    /// The seat that must choose, or `none`.
    fn expect(v: &Value, cat: &Catalog) -> Result<Expected, ExpectError> {
        let v = match v {
            Value::Map(_) => v.get("seat").unwrap_or(&Value::None),
            _ => v,
        };
        Ok(match seat_or_none(v, cat)? {
            None => Expected::Is(Value::None),
            Some(s) => Expected::Named(s.to_string()),
        })
    }
}

impl Field for Option<BattlefieldId> {
    /// Where a Showdown runs.
    fn value(&self, cat: &Catalog) -> Value {
        self.map_or(Value::None, |b| Value::text(cat.bf_name(b)))
    }

    fn expect(v: &Value, cat: &Catalog) -> Result<Expected, ExpectError> {
        if text(v)? == "none" {
            return Ok(Expected::Is(Value::None));
        }
        battlefield(v, cat).map(|b| Expected::Is(Value::text(cat.bf_name(b))))
    }
}

impl Field for Option<(Seat, Seat)> {
    /// The combat's Attacker and Defender, as `A attacks B`.
    fn value(&self, _: &Catalog) -> Value {
        self.map_or(Value::None, |(a, d)| {
            Value::text(format!("{a} attacks {d}"))
        })
    }

    fn expect(v: &Value, cat: &Catalog) -> Result<Expected, ExpectError> {
        let t = text(v)?;
        if t == "none" {
            return Ok(Expected::Is(Value::None));
        }
        let Some((a, d)) = t.split_once(" attacks ") else {
            return Err(ExpectError::here(
                "expected `<seat> attacks <seat>` or `none`",
            ));
        };
        let a = seat(&Value::text(a.trim()), cat)?;
        let d = seat(&Value::text(d.trim()), cat)?;
        Ok(Expected::Is(Value::text(format!("{a} attacks {d}"))))
    }
}

impl Field for ArrayVec<BattlefieldId, { crate::card::MAX_BATTLEFIELDS }> {
    /// Battlefields by name, in catalog order.
    fn value(&self, cat: &Catalog) -> Value {
        Value::List(self.iter().map(|b| Value::text(cat.bf_name(*b))).collect())
    }

    fn expect(v: &Value, cat: &Catalog) -> Result<Expected, ExpectError> {
        let names = each(v, |x| {
            battlefield(x, cat).map(|b| Value::text(cat.bf_name(b)))
        })?;
        Ok(Expected::Is(Value::List(names)))
    }
}

impl Field for Option<Opener> {
    fn value(&self, _: &Catalog) -> Value {
        match self {
            None => Value::None,
            Some(Opener::Play) => Value::text("play"),
            Some(Opener::Trigger) => Value::text("trigger"),
        }
    }

    fn expect(v: &Value, _: &Catalog) -> Result<Expected, ExpectError> {
        match text(v)? {
            "none" => Ok(Expected::Is(Value::None)),
            t @ ("play" | "trigger") => Ok(Expected::Is(Value::text(t))),
            t => Err(ExpectError::here(format!(
                "`{t}` is not what opens a chain: expected play, trigger or none"
            ))),
        }
    }
}

impl Field for [u8; 4] {
    /// A number per seat at the table.
    fn value(&self, cat: &Catalog) -> Value {
        Value::Map(
            cat.mode
                .seats()
                .iter()
                .map(|s| (s.to_string(), Value::Int(i64::from(self[s.index()]))))
                .collect(),
        )
    }

    /// A table of seats and numbers; only the seats named are checked.
    fn expect(v: &Value, cat: &Catalog) -> Result<Expected, ExpectError> {
        let Value::Map(entries) = v else {
            return Err(ExpectError::here(
                "expected a table of seats, e.g. `{ A = 1 }`",
            ));
        };
        let mut out = Vec::new();
        for (k, n) in entries {
            let s = seat(&Value::text(k.clone()), cat)
                .map_err(|e| ExpectError::key(e.message).under(k))?;
            let Value::Int(n) = n else {
                return Err(ExpectError::here("expected a number").under(k));
            };
            out.push((s.to_string(), Expected::Is(Value::Int(*n))));
        }
        Ok(Expected::Has(out))
    }
}

impl Field for ItemName {
    fn value(&self, cat: &Catalog) -> Value {
        Value::text(self.text(cat))
    }

    fn expect(v: &Value, cat: &Catalog) -> Result<Expected, ExpectError> {
        card_name(v, cat).map(|n| Expected::Is(Value::Text(n)))
    }
}

impl Field for Seat {
    fn value(&self, _: &Catalog) -> Value {
        Value::text(self.to_string())
    }

    fn expect(v: &Value, cat: &Catalog) -> Result<Expected, ExpectError> {
        seat(v, cat).map(|s| Expected::Is(Value::text(s.to_string())))
    }
}

impl Field for bool {
    fn value(&self, _: &Catalog) -> Value {
        Value::Bool(*self)
    }

    fn expect(v: &Value, _: &Catalog) -> Result<Expected, ExpectError> {
        match v {
            Value::Bool(b) => Ok(Expected::Is(Value::Bool(*b))),
            _ => Err(ExpectError::here("expected true or false")),
        }
    }
}

fn number(v: &Value, min: i64, max: i64) -> Result<Expected, ExpectError> {
    match v {
        Value::Int(n) if (min..=max).contains(n) => Ok(Expected::Is(Value::Int(*n))),
        Value::Int(n) => Err(ExpectError::here(format!(
            "{n} is out of range: expected {min} to {max}"
        ))),
        _ => Err(ExpectError::here("expected a number")),
    }
}

impl Field for u8 {
    fn value(&self, _: &Catalog) -> Value {
        Value::Int(i64::from(*self))
    }

    fn expect(v: &Value, _: &Catalog) -> Result<Expected, ExpectError> {
        number(v, 0, 255)
    }
}

impl Field for i8 {
    fn value(&self, _: &Catalog) -> Value {
        Value::Int(i64::from(*self))
    }

    fn expect(v: &Value, _: &Catalog) -> Result<Expected, ExpectError> {
        number(v, -128, 127)
    }
}

impl Field for Option<i8> {
    /// A unit's Might, none off the board.
    fn value(&self, _: &Catalog) -> Value {
        self.map_or(Value::None, |m| Value::Int(i64::from(m)))
    }

    fn expect(v: &Value, c: &Catalog) -> Result<Expected, ExpectError> {
        match v {
            Value::None => Ok(Expected::Is(Value::None)),
            Value::Text(t) if t == "none" => Ok(Expected::Is(Value::None)),
            _ => i8::expect(v, c),
        }
    }
}

impl Field for ArrayVec<Unplaced, { crate::item::MAX_UNPLACED }> {
    /// Triggers waiting to be placed, in placement order, by name and controller.
    fn value(&self, cat: &Catalog) -> Value {
        Value::List(
            self.iter()
                .map(|u| {
                    let name = ItemName {
                        source: u.source,
                        kind: crate::item::ItemKind::Triggered,
                    };
                    Value::Map(vec![
                        ("trigger".into(), Value::text(name.text(cat))),
                        ("controller".into(), Value::text(u.controller.to_string())),
                    ])
                })
                .collect(),
        )
    }

    /// A list of trigger names (`Sentry's trigger`).
    fn expect(v: &Value, cat: &Catalog) -> Result<Expected, ExpectError> {
        let items = each(v, |x| {
            let x = match x {
                Value::Map(_) => x.get("trigger").unwrap_or(&Value::None),
                _ => x,
            };
            card_name(x, cat).map(Expected::Named)
        })?;
        Ok(Expected::Each(items))
    }
}

impl Field for Vec<Lasting> {
    /// Lasting effects, by unit, player and duration: each a table of the unit, whose effect
    /// it is, the Might it gives and how long it lasts.
    fn value(&self, cat: &Catalog) -> Value {
        Value::List(
            self.iter()
                .map(|l| {
                    let unit = cat
                        .cards
                        .get(l.card.index())
                        .map_or("?", |d| d.name.as_str());
                    Value::Map(vec![
                        ("unit".into(), Value::text(unit)),
                        ("by".into(), Value::text(l.by.to_string())),
                        ("might".into(), Value::Int(i64::from(l.might))),
                        ("until".into(), Value::text(l.until.text())),
                    ])
                })
                .collect(),
        )
    }

    /// A list of tables, each with some of `unit`, `by`, `might` and `until`.
    fn expect(v: &Value, cat: &Catalog) -> Result<Expected, ExpectError> {
        let items = each(v, |x| {
            let Value::Map(entries) = x else {
                return Err(ExpectError::here(
                    "expected a table such as `{ unit = \"Ember\", by = \"A\", might = 2, until = \"this turn\" }`",
                ));
            };
            let mut out = Vec::new();
            for (k, e) in entries {
                let want = match k.as_str() {
                    "unit" => {
                        let t = text(e).map_err(|err| err.under(k))?;
                        if cat.card_named(t).is_none() {
                            return Err(
                                ExpectError::here(format!("no card is called `{t}`")).under(k)
                            );
                        }
                        Expected::Is(Value::text(t))
                    }
                    "by" => Expected::Is(Value::text(
                        seat(e, cat).map_err(|err| err.under(k))?.to_string(),
                    )),
                    "might" => number(e, -128, 127).map_err(|err| err.under(k))?,
                    "until" => {
                        let t = text(e).map_err(|err| err.under(k))?;
                        if t != Until::ThisTurn.text() && t != Until::YourNextTurn.text() {
                            return Err(ExpectError::here(format!(
                                "`{t}` is not a duration: expected `this turn` or `until your next turn`"
                            ))
                            .under(k));
                        }
                        Expected::Is(Value::text(t))
                    }
                    _ => {
                        return Err(ExpectError::key(format!(
                            "`{k}` is not a key of a lasting effect: expected unit, by, might or until"
                        ))
                        .under(k));
                    }
                };
                out.push((k.clone(), want));
            }
            Ok(Expected::Has(out))
        })?;
        Ok(Expected::Each(items))
    }
}

impl Field for Vec<Event> {
    /// The step's events as sentences, each with its rule.
    fn value(&self, cat: &Catalog) -> Value {
        Value::List(
            self.iter()
                .map(|e| Value::text(format!("{} ({})", e.display(cat), e.rule())))
                .collect(),
        )
    }

    /// The sentences, in order, each with or without its rule.
    fn expect(v: &Value, _: &Catalog) -> Result<Expected, ExpectError> {
        let items = each(v, |x| {
            text(x).map(|t| Expected::Sentence(t.trim().to_string()))
        })?;
        Ok(Expected::Each(items))
    }
}
