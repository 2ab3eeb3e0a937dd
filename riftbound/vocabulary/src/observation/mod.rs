//! The observation: everything an observer may see after a step, declared once.
//!
//! [`Observation`] is the view of the game (who holds the turn, Priority and Focus, the Chain,
//! the pass records, the Showdown and combat, every card with its owner-qualified place,
//! controller and Might, every battlefield, the Banishments, the removed seats, points and
//! winners) together with the step's events, each with its rule. Its fields are declared once,
//! in `record!`'s table below, and everything that reads an observation comes from that one
//! declaration: the lockstep comparison of two engines ([`Observation::first_difference`]),
//! scenario expectations, their printer and parser and their mismatch messages
//! ([`Observation::expect_field`], [`expect::Expected`]), a state's text
//! ([`Observation::describe`]) and the JSON an engine in another process sends
//! ([`Observation::value`]).
//!
//! Observations name things as observers do: cards and battlefields by their names, items by
//! what they are ([`crate::item::ItemName`]), never by numbers an engine keeps.

pub mod expect;
pub mod facts;
mod field;
pub mod value;

use std::fmt;

use arrayvec::ArrayVec;

pub use expect::{ExpectError, Expected, Mismatch};
pub use field::{Field, card_name};
pub use value::Value;

use crate::action::Choice;
use crate::card::{BattlefieldId, Catalog, Lasting, MAX_BATTLEFIELDS, MAX_CARDS};
use crate::event::Event;
use crate::item::{ItemName, MAX_CHAIN, MAX_UNPLACED, Opener, Unplaced};
use crate::seat::{Seat, SeatSet};
use crate::zone::Zone;

/// A field of a record: its key in scenario files, the rules that decide it, what it is.
#[derive(Clone, Copy, Debug)]
pub struct FieldInfo {
    /// The key (`priority`, `cards`).
    pub key: &'static str,
    /// The rules that decide it.
    pub rule: &'static str,
    /// What it is.
    pub about: &'static str,
}

/// Where two observations first differ: the field, the rules that decide it, the path below it,
/// and the two values there.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Difference {
    /// The field (`cards`).
    pub field: &'static str,
    /// The rules that decide it.
    pub rule: &'static str,
    /// The path to the first value that differs (`cards.Poro.at`).
    pub path: String,
    /// The first observation's value there.
    pub ours: Value,
    /// The second observation's value there.
    pub theirs: Value,
}

impl fmt::Display for Difference {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} differs ({}): {} against {}",
            self.path,
            self.rule,
            self.ours.toml(),
            self.theirs.toml()
        )
    }
}

/// Declares a record of observed fields, once: the struct, its field table, its comparison, its
/// canonical value and how its expectations are read.
macro_rules! record {
    (
        $(#[$meta:meta])*
        pub struct $name:ident {
            $( $(#[doc = $doc:literal])* $field:ident : $ty:ty = $key:literal, $rule:literal; )*
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, PartialEq, Eq, Hash, Debug)]
        pub struct $name {
            $( $(#[doc = $doc])* pub $field: $ty, )*
        }

        impl $name {
            /// Every field: its key in scenario files, the rules that decide it, what it is.
            pub const FIELDS: &'static [FieldInfo] = &[
                $( FieldInfo { key: $key, rule: $rule, about: concat!($($doc),*) }, )*
            ];

            /// The first field in which `self` and `other` differ, and where below it.
            pub fn first_difference(&self, other: &Self, catalog: &Catalog) -> Option<Difference> {
                $(
                    if self.$field != other.$field {
                        let ours = Field::value(&self.$field, catalog);
                        let theirs = Field::value(&other.$field, catalog);
                        let (path, a, b) = match ours.first_difference(&theirs) {
                            Some((p, a, b)) => (p, a.clone(), b.clone()),
                            None => (String::new(), ours.clone(), theirs.clone()),
                        };
                        let path = if path.is_empty() {
                            $key.to_string()
                        } else if path.starts_with('[') {
                            format!("{}{path}", $key)
                        } else {
                            format!("{}.{path}", $key)
                        };
                        return Some(Difference { field: $key, rule: $rule, path, ours: a, theirs: b });
                    }
                )*
                None
            }

            /// The canonical value of the field called `key`.
            pub fn field(&self, key: &str, catalog: &Catalog) -> Option<Value> {
                match key {
                    $( $key => Some(Field::value(&self.$field, catalog)), )*
                    _ => None,
                }
            }

            /// Reads a scenario's expectation of the field called `key`; `None` if there is no
            /// such field.
            pub fn expect_field(
                key: &str,
                v: &Value,
                catalog: &Catalog,
            ) -> Option<Result<Expected, ExpectError>> {
                match key {
                    $( $key => Some(<$ty as Field>::expect(v, catalog)), )*
                    _ => None,
                }
            }

            /// The keys of every field, for messages.
            pub fn keys() -> String {
                Self::FIELDS.iter().map(|f| f.key).collect::<Vec<_>>().join(", ")
            }
        }

        impl Field for $name {
            fn value(&self, catalog: &Catalog) -> Value {
                Value::Map(vec![ $( ($key.to_string(), Field::value(&self.$field, catalog)), )* ])
            }

            fn expect(v: &Value, catalog: &Catalog) -> Result<Expected, ExpectError> {
                let Value::Map(entries) = v else {
                    return Err(ExpectError::here(format!("expected a table of {}", Self::keys())));
                };
                let mut out = Vec::new();
                for (k, x) in entries {
                    match Self::expect_field(k, x, catalog) {
                        Some(e) => out.push((k.clone(), e.map_err(|e| e.under(k))?)),
                        None => {
                            return Err(ExpectError::key(format!(
                                "`{k}` is not something observed here: expected {}",
                                Self::keys()
                            ))
                            .under(k));
                        }
                    }
                }
                Ok(Expected::Has(out))
            }
        }
    };
}

/// Where a card is, with whose zone it is: a card is only ever in its owner's hand, Trash and
/// Banishment (056), and in a player's Base on the board.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Place {
    /// In its owner's hand.
    Hand(Seat),
    /// In a player's Base.
    Base(Seat),
    /// At a battlefield.
    Field(BattlefieldId),
    /// Facedown at a battlefield (107.3).
    Facedown(BattlefieldId),
    /// On the Chain.
    Chain,
    /// In its owner's Trash.
    Trash(Seat),
    /// In its owner's Banishment (427).
    Banishment(Seat),
    /// Removed from the game (652.3).
    Removed,
    /// A token not yet created, or one that ceased to exist (183.1).
    Nowhere,
    /// Attached to a unit (716-719), at the unit's location.
    Attached(crate::card::CardId),
}

impl Place {
    /// The place of a card owned by `owner` in `zone`.
    pub fn of(zone: Zone, owner: Seat) -> Place {
        match zone {
            Zone::Hand => Place::Hand(owner),
            Zone::Base(s) => Place::Base(s),
            Zone::Field(b) => Place::Field(b),
            Zone::Facedown(b) => Place::Facedown(b),
            Zone::Chain => Place::Chain,
            Zone::Trash => Place::Trash(owner),
            Zone::Banishment => Place::Banishment(owner),
            Zone::Removed => Place::Removed,
            Zone::Nowhere => Place::Nowhere,
            Zone::Attached(u) => Place::Attached(u),
        }
    }

    /// Whether the place is on the Board: a Base, a battlefield or facedown at one.
    pub fn on_board(self) -> bool {
        matches!(
            self,
            Place::Base(_) | Place::Field(_) | Place::Facedown(_) | Place::Attached(_)
        )
    }

    /// The place as a scenario writes it (`A's Base`, `Left`, `facedown at Left`, `B's Trash`).
    pub fn text(self, catalog: &Catalog) -> String {
        match self {
            Place::Hand(s) => format!("{s}'s hand"),
            Place::Base(s) => format!("{s}'s Base"),
            Place::Field(b) => catalog.bf_name(b).to_string(),
            Place::Facedown(b) => format!("facedown at {}", catalog.bf_name(b)),
            Place::Chain => "chain".into(),
            Place::Trash(s) => format!("{s}'s Trash"),
            Place::Banishment(s) => format!("{s}'s Banishment"),
            Place::Removed => "removed".into(),
            Place::Nowhere => "nowhere".into(),
            Place::Attached(u) => format!(
                "attached to {}",
                catalog
                    .cards
                    .get(u.index())
                    .map_or("?", |d| d.name.as_str())
            ),
        }
    }
}

impl Field for Place {
    fn value(&self, catalog: &Catalog) -> Value {
        Value::text(self.text(catalog))
    }

    /// A place as a scenario writes it; without an owner (`trash`, `base`) it is any player's.
    fn expect(v: &Value, catalog: &Catalog) -> Result<Expected, ExpectError> {
        let t = expect::text(v)?.trim();
        for zone in ["hand", "Base", "Trash", "Banishment"] {
            if t.eq_ignore_ascii_case(zone) {
                return Ok(Expected::AnyOwners(zone.to_string()));
            }
            if let Some((seat, rest)) = t.split_once("'s ")
                && rest.eq_ignore_ascii_case(zone)
            {
                let s = field::seat(&Value::text(seat), catalog)?;
                return Ok(Expected::Is(Value::text(format!("{s}'s {zone}"))));
            }
        }
        match t {
            "chain" | "removed" | "nowhere" => return Ok(Expected::Is(Value::text(t))),
            _ => {}
        }
        if let Some(unit) = t.strip_prefix("attached to ") {
            let name = field::card_name(&Value::text(unit), catalog)?;
            return Ok(Expected::Is(Value::text(format!("attached to {name}"))));
        }
        if let Some(bf) = t.strip_prefix("facedown at ") {
            let b = field::battlefield(&Value::text(bf), catalog)?;
            return Ok(Expected::Is(Value::text(format!(
                "facedown at {}",
                catalog.bf_name(b)
            ))));
        }
        let b = field::battlefield(&Value::text(t), catalog).map_err(|_| {
            ExpectError::here(format!(
                "`{t}` is not a place: expected a battlefield's name, `A's Base`, `base`, `A's \
                 hand`, `hand`, `facedown at <battlefield>`, `chain`, `A's Trash`, `trash`, `A's \
                 Banishment`, `banishment`, `removed`, `nowhere` or `attached to <unit>`"
            ))
        })?;
        Ok(Expected::Is(Value::text(catalog.bf_name(b))))
    }
}

/// A target of an item, as observers name it.
impl Field for Option<crate::item::ItemTarget> {
    fn value(&self, catalog: &Catalog) -> Value {
        use crate::item::ItemTarget;
        match self {
            None => Value::None,
            Some(ItemTarget::Item(name)) => Value::text(name.text(catalog)),
            Some(ItemTarget::Unit(c)) => Value::text(catalog.name(*c)),
            Some(ItemTarget::Location(b)) => Value::text(catalog.bf_name(*b)),
            Some(ItemTarget::UnitTo(c, b)) => {
                Value::text(format!("{} to {}", catalog.name(*c), catalog.bf_name(*b)))
            }
        }
    }

    /// An item's, unit's or battlefield's name, or `none`.
    fn expect(v: &Value, catalog: &Catalog) -> Result<Expected, ExpectError> {
        let t = expect::text(v)?;
        if t == "none" {
            return Ok(Expected::Is(Value::None));
        }
        if catalog.battlefield_named(t).is_some() {
            return Ok(Expected::Is(Value::text(t)));
        }
        field::card_name(v, catalog).map(|n| Expected::Is(Value::Text(n)))
    }
}

record! {
    /// An item on the Chain.
    #[derive(Copy)]
    pub struct ItemObs {
        /// Its name: the spell's, or "X's ability", "X's trigger".
        item: ItemName = "item", "325";
        /// Who controls it (188.4).
        controller: Seat = "controller", "188.4, 652.4";
        /// Still pending: its choices, costs and legality check are not complete (329, 337).
        pending: bool = "pending", "337";
        /// What it targets.
        target: Option<crate::item::ItemTarget> = "target", "355.6";
    }
}

record! {
    /// A card.
    #[derive(Copy)]
    pub struct CardObs {
        /// Where it is, and in whose zone.
        at: Place = "at", "056, 107, 427, 652.1, 652.3";
        /// Who controls it (its owner off the board, 188).
        controller: Seat = "controller", "188, 652.1";
        /// Its Might, for a unit on the board (140-143).
        might: Option<i8> = "might", "140, 652.2.c";
        /// Might 5 or more (708).
        mighty: bool = "mighty", "708";
        /// Exhausted.
        exhausted: bool = "exhausted", "420";
        /// Damage marked on it: dealt by an effect (417) or by combat (460).
        damage: u8 = "damage", "417, 460";
    }
}

record! {
    /// A battlefield.
    #[derive(Copy)]
    pub struct FieldObs {
        /// Who controls it (187).
        controller: Option<Seat> = "controller", "187, 651.3";
        /// Replaced by a token battlefield with no abilities (652.2.a).
        token: bool = "token", "652.2.a";
        /// The "+N Might" it gives units there now (652.2.c).
        might: i8 = "might", "652.2.c";
        /// Who contests it (445, 187.3.a).
        contested_by: Option<Seat> = "contested_by", "445, 456.2";
        /// Who has scored it this turn (464-465).
        scored: SeatSet = "scored", "464, 465";
    }
}

impl Field for ArrayVec<ItemObs, MAX_CHAIN> {
    /// The Chain, bottom first.
    fn value(&self, catalog: &Catalog) -> Value {
        Value::List(self.iter().map(|i| i.value(catalog)).collect())
    }

    /// A list of items, each by its name or as a table of what is expected of it.
    fn expect(v: &Value, catalog: &Catalog) -> Result<Expected, ExpectError> {
        let items = expect::each(v, |x| match x {
            Value::Map(_) => ItemObs::expect(x, catalog),
            _ => field::card_name(x, catalog).map(Expected::Named),
        })?;
        Ok(Expected::Each(items))
    }
}

impl Field for ArrayVec<CardObs, MAX_CARDS> {
    /// Every card, by name.
    fn value(&self, catalog: &Catalog) -> Value {
        Value::Map(
            self.iter()
                .enumerate()
                .map(|(i, c)| (catalog.cards[i].name.clone(), c.value(catalog)))
                .collect(),
        )
    }

    /// A table of cards by name, each a table of what is expected of it.
    fn expect(v: &Value, catalog: &Catalog) -> Result<Expected, ExpectError> {
        named_tables(
            v,
            catalog,
            |n| catalog.card_named(n).is_some(),
            "card",
            CardObs::expect,
        )
    }
}

impl Field for ArrayVec<FieldObs, MAX_BATTLEFIELDS> {
    /// Every battlefield, by name.
    fn value(&self, catalog: &Catalog) -> Value {
        Value::Map(
            self.iter()
                .enumerate()
                .map(|(i, f)| (catalog.battlefields[i].name.clone(), f.value(catalog)))
                .collect(),
        )
    }

    /// A table of battlefields by name, each a table of what is expected of it.
    fn expect(v: &Value, catalog: &Catalog) -> Result<Expected, ExpectError> {
        named_tables(
            v,
            catalog,
            |n| catalog.battlefield_named(n).is_some(),
            "battlefield",
            FieldObs::expect,
        )
    }
}

fn named_tables(
    v: &Value,
    catalog: &Catalog,
    exists: impl Fn(&str) -> bool,
    what: &str,
    read: fn(&Value, &Catalog) -> Result<Expected, ExpectError>,
) -> Result<Expected, ExpectError> {
    let Value::Map(entries) = v else {
        return Err(ExpectError::here(format!(
            "expected a table of {what}s by name"
        )));
    };
    let mut out = Vec::new();
    for (name, x) in entries {
        if !exists(name) {
            return Err(ExpectError::key(format!("no {what} is called `{name}`")).under(name));
        }
        out.push((name.clone(), read(x, catalog).map_err(|e| e.under(name))?));
    }
    Ok(Expected::Has(out))
}

record! {
    /// Everything an observer may see after a step: the game as it stands, and the step's events.
    #[derive(Default)]
    pub struct Observation {
        /// Seats still in the game, in turn order (651.3).
        remaining: SeatSet = "remaining", "651.2-651.4";
        /// Seats removed from the game.
        removed: SeatSet = "removed", "651.2-651.4";
        /// The winners; nobody while the game goes on.
        winners: Option<SeatSet> = "winners", "651.1, 467";
        /// The Turn Player.
        turn: Option<Seat> = "turn", "317.3, 652.5.a.1";
        /// Who has Priority.
        priority: Option<Seat> = "priority", "312.2, 340.4, 652.5.c.1";
        /// Who has Focus (only in a Showdown).
        focus: Option<Seat> = "focus", "313, 347.4, 652.5.b.1";
        /// A choice someone must make before anyone has Priority.
        awaiting: Option<Choice> = "awaiting", "383.3.d, 456.1";
        /// The teammate the Turn Player invited to act.
        invited: Option<Seat> = "invited", "316.2.b.1";
        /// Where a Showdown runs.
        showdown: Option<BattlefieldId> = "showdown", "344, 347.3.a";
        /// The combat in progress: Attacker and Defender.
        combat: Option<(Seat, Seat)> = "combat", "459.2.b, 461";
        /// Battlefields where a fight is staged and waits, in catalog order.
        staged: ArrayVec<BattlefieldId, MAX_BATTLEFIELDS> = "staged", "456, 323.6-323.9";
        /// The Chain, bottom first.
        chain: ArrayVec<ItemObs, MAX_CHAIN> = "chain", "329-340, 425, 652.4";
        /// What opened the Chain, while it exists.
        opened_by: Option<Opener> = "opened_by", "346.1";
        /// Who has passed Priority since the newest item was added.
        passed: SeatSet = "passed", "339, 652.5.c.2";
        /// Who has passed Focus since the last play.
        focus_passed: SeatSet = "focus_passed", "347.3.a, 652.5.b.2";
        /// Triggers waiting to be placed, in placement order.
        waiting: ArrayVec<Unplaced, MAX_UNPLACED> = "waiting", "383.3.d, 459.2.d.1";
        /// Points per seat.
        points: [u8; 4] = "points", "462-467";
        /// Energy in each seat's Rune Pool.
        energy: [u8; 4] = "energy", "159-167, 429";
        /// Every card, by name.
        cards: ArrayVec<CardObs, MAX_CARDS> = "cards", "652.1, 652.3, 056, 188, 440-453";
        /// Every battlefield, by name.
        battlefields: ArrayVec<FieldObs, MAX_BATTLEFIELDS> = "battlefields", "652.2, 187";
        /// Lasting effects on units' Might, by unit, player and duration.
        lasting: Vec<Lasting> = "lasting", "472.3, 317, 315, 110, 651.3";
        /// What the step did, in order, each event with its rule.
        events: Vec<Event> = "events", "each event's rule";
    }
}

impl Observation {
    /// The whole observation as one value: what an engine in another process sends.
    pub fn value(&self, catalog: &Catalog) -> Value {
        Field::value(self, catalog)
    }

    /// The observation as lines of `key = value`, leaving out what is empty (nobody, nothing,
    /// zero): a state as text. Cards and battlefields get a line each.
    pub fn describe(&self, catalog: &Catalog) -> String {
        let mut out = String::new();
        let Value::Map(fields) = self.value(catalog) else {
            return out;
        };
        for (key, v) in fields {
            match (&*key, &v) {
                ("cards" | "battlefields", Value::Map(entries)) => {
                    for (name, x) in entries {
                        out.push_str(&format!("{key}.{} = {}\n", value::key_text(name), x.toml()));
                    }
                }
                _ if v.is_empty() => {}
                _ => out.push_str(&format!("{key} = {}\n", v.toml())),
            }
        }
        out
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.winners.is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_field_is_declared_once_with_its_rule() {
        let keys: Vec<&str> = Observation::FIELDS.iter().map(|f| f.key).collect();
        let mut sorted = keys.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(keys.len(), sorted.len());
        for f in Observation::FIELDS
            .iter()
            .chain(CardObs::FIELDS)
            .chain(FieldObs::FIELDS)
            .chain(ItemObs::FIELDS)
        {
            assert!(!f.rule.is_empty() && !f.about.is_empty(), "{}", f.key);
        }
        assert!(keys.contains(&"events") && keys.contains(&"cards"));
    }
}
