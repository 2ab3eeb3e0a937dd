//! Events as an observer states them: each event's kind and its facts, named as observations
//! name them (seats, cards and items by name, places in the words of a card's `at`). The
//! protocol sends them as structured events (`{"kind": "countered", "item": "Firebolt"}`), so
//! that an engine with typed events of its own maps them instead of writing sentences word for
//! word; the rule at issue (`riftcheck::scenario::at_issue`) reads which event decided a field.
//!
//! The facts are what happened, never why: a Priority event names who received it, not which
//! of 312.2's reasons applied; the reason is the rule an event carries, which is not a fact.

use serde_json::{Map, Value as Json, json};

use super::Place;
use crate::card::{CardId, Catalog, Until};
use crate::event::{Event, ScoreKind};
use crate::item::ItemName;
use crate::seat::{Seat, SeatSet};
use crate::zone::Zone;

/// Every kind of event, as `capabilities.events` and a structured event's `kind` name them, in
/// the order of [`Event`]'s declaration.
pub const EVENT_KINDS: [&str; 50] = [
    "conceded",
    "won",
    "player_removed",
    "banished",
    "battlefield_replaced",
    "might_changed",
    "removed_from_game",
    "countered",
    "left_chain",
    "battlefield_uncontrolled",
    "turn_to",
    "turn_began",
    "turn_ended",
    "focus_to",
    "priority_to",
    "passed",
    "passed_focus",
    "played",
    "activated",
    "energy_added",
    "item_added",
    "finalized",
    "triggers_waiting",
    "resolved",
    "hid",
    "hidden_lost",
    "trashed",
    "entered_board",
    "control_gained",
    "moved",
    "recalled",
    "assigned",
    "damaged",
    "dealt",
    "attached",
    "detached",
    "final_point_withheld",
    "empowered",
    "expired",
    "killed",
    "ceased_to_exist",
    "contested",
    "unstaged",
    "showdown_began",
    "combat_began",
    "showdown_ended",
    "combat_ended",
    "control_established",
    "scored",
    "invited",
];

/// The kind of `e`, one of [`EVENT_KINDS`].
pub fn kind(e: &Event) -> &'static str {
    match e {
        Event::Conceded { .. } => "conceded",
        Event::Won { .. } => "won",
        Event::PlayerRemoved { .. } => "player_removed",
        Event::Banished { .. } => "banished",
        Event::BattlefieldReplaced { .. } => "battlefield_replaced",
        Event::MightChanged { .. } => "might_changed",
        Event::RemovedFromGame { .. } => "removed_from_game",
        Event::Countered { .. } => "countered",
        Event::LeftChain { .. } => "left_chain",
        Event::BattlefieldUncontrolled { .. } => "battlefield_uncontrolled",
        Event::TurnTo { .. } => "turn_to",
        Event::TurnBegan { .. } => "turn_began",
        Event::TurnEnded { .. } => "turn_ended",
        Event::FocusTo { .. } => "focus_to",
        Event::PriorityTo { .. } => "priority_to",
        Event::Passed { .. } => "passed",
        Event::PassedFocus { .. } => "passed_focus",
        Event::Played { .. } => "played",
        Event::Activated { .. } => "activated",
        Event::EnergyAdded { .. } => "energy_added",
        Event::ItemAdded { .. } => "item_added",
        Event::Finalized { .. } => "finalized",
        Event::TriggersWaiting { .. } => "triggers_waiting",
        Event::Resolved { .. } => "resolved",
        Event::Hid { .. } => "hid",
        Event::HiddenLost { .. } => "hidden_lost",
        Event::Trashed { .. } => "trashed",
        Event::EnteredBoard { .. } => "entered_board",
        Event::ControlGained { .. } => "control_gained",
        Event::Moved { .. } => "moved",
        Event::Recalled { .. } => "recalled",
        Event::Assigned { .. } => "assigned",
        Event::Damaged { .. } => "damaged",
        Event::Dealt { .. } => "dealt",
        Event::Attached { .. } => "attached",
        Event::Detached { .. } => "detached",
        Event::FinalPointWithheld { .. } => "final_point_withheld",
        Event::Empowered { .. } => "empowered",
        Event::Expired { .. } => "expired",
        Event::Killed { .. } => "killed",
        Event::CeasedToExist { .. } => "ceased_to_exist",
        Event::Contested { .. } => "contested",
        Event::Unstaged { .. } => "unstaged",
        Event::ShowdownBegan { .. } => "showdown_began",
        Event::CombatBegan { .. } => "combat_began",
        Event::ShowdownEnded { .. } => "showdown_ended",
        Event::CombatEnded { .. } => "combat_ended",
        Event::ControlEstablished { .. } => "control_established",
        Event::Scored { .. } => "scored",
        Event::Invited { .. } => "invited",
    }
}

/// Whether `k` names a kind of event.
pub fn is_kind(k: &str) -> bool {
    EVENT_KINDS.contains(&k)
}

fn seats(s: SeatSet) -> Json {
    Json::Array(s.iter().map(|x| json!(x.to_string())).collect())
}

/// `e` as a structured event: `kind`, its facts, and the rule it carries (`rule`, which a
/// comparison ignores).
pub fn structured(e: &Event, cat: &Catalog) -> Json {
    let mut m = facts(e, cat);
    m.insert("rule".into(), json!(e.rule()));
    Json::Object(m)
}

/// What names things in facts: cards, items, seats, battlefields and places, by the words an
/// observation uses.
struct Names<'a> {
    cat: &'a Catalog,
}

impl Names<'_> {
    fn card(&self, id: &CardId) -> Json {
        json!(
            self.cat
                .cards
                .get(id.index())
                .map_or("?", |d| d.name.as_str())
        )
    }

    fn item(&self, i: &ItemName) -> Json {
        json!(i.text(self.cat))
    }

    fn seat(s: &Seat) -> Json {
        json!(s.to_string())
    }

    fn bf(&self, b: &crate::card::BattlefieldId) -> Json {
        json!(self.cat.bf_name(*b))
    }

    fn place(&self, z: &Zone, c: &CardId) -> Json {
        let owner = self.cat.cards.get(c.index()).map_or(Seat::A, |d| d.owner);
        json!(Place::of(*z, owner).text(self.cat))
    }
}

/// `e`'s kind and facts, without its rule: what a comparison looks at.
pub fn facts(e: &Event, cat: &Catalog) -> Map<String, Json> {
    let n = Names { cat };
    let seat = Names::seat;
    let mut m = Map::new();
    m.insert("kind".into(), json!(kind(e)));
    let mut put = |k: &str, v: Json| {
        m.insert(k.into(), v);
    };
    match e {
        Event::Conceded { seat: s }
        | Event::PlayerRemoved { seat: s }
        | Event::TurnTo { seat: s }
        | Event::TurnBegan { seat: s }
        | Event::TurnEnded { seat: s }
        | Event::FocusTo { seat: s }
        | Event::PriorityTo { seat: s, .. }
        | Event::Passed { seat: s }
        | Event::PassedFocus { seat: s }
        | Event::TriggersWaiting { seat: s }
        | Event::Invited { seat: s } => put("seat", seat(s)),
        Event::Won { winners, .. } => put("winners", seats(*winners)),
        Event::Banished { card: c, .. }
        | Event::RemovedFromGame { card: c }
        | Event::HiddenLost { card: c }
        | Event::Trashed { card: c }
        | Event::Recalled { card: c }
        | Event::Killed { card: c }
        | Event::CeasedToExist { card: c } => put("card", n.card(c)),
        Event::BattlefieldReplaced { battlefield: b }
        | Event::BattlefieldUncontrolled { battlefield: b }
        | Event::Unstaged { battlefield: b }
        | Event::ShowdownBegan { battlefield: b }
        | Event::ShowdownEnded { battlefield: b } => put("battlefield", n.bf(b)),
        Event::MightChanged { card: c, from, to } => {
            put("card", n.card(c));
            put("from", json!(from));
            put("to", json!(to));
        }
        Event::Countered { item: i, .. }
        | Event::LeftChain { item: i }
        | Event::Finalized { item: i }
        | Event::Resolved { item: i } => put("item", n.item(i)),
        Event::Played { seat: s, card: c }
        | Event::Activated { seat: s, card: c }
        | Event::EnergyAdded { seat: s, card: c }
        | Event::Assigned { seat: s, card: c } => {
            put("seat", seat(s));
            put("card", n.card(c));
        }
        Event::ControlGained { card: c, seat: s } => {
            put("card", n.card(c));
            put("seat", seat(s));
        }
        Event::ItemAdded {
            item: i,
            controller,
        } => {
            put("item", n.item(i));
            put("controller", seat(controller));
        }
        Event::Hid {
            seat: s,
            card: c,
            at,
        } => {
            put("seat", seat(s));
            put("card", n.card(c));
            put("battlefield", n.bf(at));
        }
        Event::EnteredBoard { card: c, zone } | Event::Moved { card: c, zone } => {
            put("card", n.card(c));
            put("to", n.place(zone, c));
        }
        Event::Damaged { card: c, amount } | Event::Dealt { card: c, amount } => {
            put("card", n.card(c));
            put("amount", json!(amount));
        }
        Event::Attached { card: c, to } => {
            put("card", n.card(c));
            put("to", n.card(to));
        }
        Event::Detached { card: c, from, at } => {
            put("card", n.card(c));
            put("from", n.card(from));
            put("at", n.place(at, c));
        }
        Event::Empowered {
            card: c,
            by,
            amount,
            until,
        } => {
            put("card", n.card(c));
            put("by", seat(by));
            put("amount", json!(amount));
            put(
                "until",
                json!(match until {
                    Until::ThisTurn => "this turn",
                    Until::YourNextTurn => "until your next turn",
                }),
            );
        }
        Event::Expired {
            card: c,
            by,
            amount,
            ..
        } => {
            put("card", n.card(c));
            put("by", seat(by));
            put("amount", json!(amount));
        }
        _ => fight_facts(e, &n, &mut put),
    }
    m
}

/// The facts of the events of battlefields and the fights at them (454-466).
fn fight_facts(e: &Event, n: &Names<'_>, put: &mut dyn FnMut(&str, Json)) {
    let seat = Names::seat;
    match e {
        Event::FinalPointWithheld {
            seat: s,
            battlefield: b,
        }
        | Event::Contested {
            battlefield: b,
            seat: s,
        }
        | Event::ControlEstablished {
            battlefield: b,
            seat: s,
        } => {
            put("seat", seat(s));
            put("battlefield", n.bf(b));
        }
        Event::CombatBegan {
            battlefield: b,
            attacker,
            defender,
        } => {
            put("battlefield", n.bf(b));
            put("attacker", seat(attacker));
            put("defender", seat(defender));
        }
        Event::CombatEnded {
            battlefield: b,
            winner,
        } => {
            put("battlefield", n.bf(b));
            put("winner", winner.map_or(Json::Null, |w| seat(&w)));
        }
        Event::Scored {
            seat: s,
            battlefield: b,
            how,
        } => {
            put("seat", seat(s));
            put("battlefield", n.bf(b));
            put(
                "how",
                json!(match how {
                    ScoreKind::Conquer => "conquer",
                    ScoreKind::Hold => "hold",
                }),
            );
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_is_listed_once() {
        let mut all: Vec<&str> = EVENT_KINDS.to_vec();
        let n = all.len();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), n);
        assert!(is_kind("countered") && is_kind("invited") && !is_kind("Countered"));
    }
}
