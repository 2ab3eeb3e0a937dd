//! The rule at issue: when what an engine shows after a step differs from what the rules give,
//! the rule that decides that field at that kind of step, not every rule that can touch the
//! field. Priority after a play is 333.1 (the player who made the Chain keeps it), not the
//! union of 312.2, 340.4 and 652.5.c.1; a game that goes on after a concession is 651.2.
//!
//! One table ([`AT_ISSUE`]) settles it, in three passes: a row for the field, the kind of step
//! and the situation the rules leave the game in (or any situation); else the rule of the event
//! of the step that decided the field (the rules' own events, cited as [`super::citations`]
//! cites them); else, for the Chain at a concession, what may take items off it then (652.4,
//! 652.5.c.2); else nothing decided the field at this step, and what differs follows from
//! another difference of the step, whose rule is cited ([`crate::protocol::compare`]), or, with
//! none, a record's sub-field's own rules ([`sub_field_rule`]).

use crate::action::Action;
use crate::card::Catalog;
use crate::event::Event;
use crate::observation::Observation;

/// The situation the rules leave the game in after the step, as a row of the table asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum When {
    /// Whatever it is.
    Always,
    /// The game is over.
    GameOver,
    /// The game goes on.
    GoesOn,
    /// The step left no Chain.
    NoChain,
    /// The step left a Chain.
    Chain,
}

/// A row of the table: at a kind of step (as the protocol names kinds of action; `setup` for
/// the start, `*` for any), in a situation, what decides a field (`step`: whether the step is
/// allowed at all).
#[derive(Clone, Copy, Debug)]
pub struct AtIssue {
    /// The field (`winners`), or `step` for whether the step is allowed at all.
    pub field: &'static str,
    /// The kind of step.
    pub step: &'static str,
    /// The situation.
    pub when: When,
    /// The rules at issue.
    pub rule: &'static str,
}

const fn row(field: &'static str, step: &'static str, when: When, rule: &'static str) -> AtIssue {
    AtIssue {
        field,
        step,
        when,
        rule,
    }
}

/// The table. A row for the situation the step leaves comes before one for any situation; both
/// before the events are consulted.
pub const AT_ISSUE: &[AtIssue] = &[
    // A concession: the game ends only when one player (or team) is left (651.1); otherwise the
    // leaver is removed and the game goes on (651.2), without them (651.3).
    row("winners", "concede", When::GoesOn, "651.2"),
    row("remaining", "concede", When::GoesOn, "651.2, 651.3"),
    row("removed", "concede", When::GoesOn, "651.2, 651.3"),
    row("turn", "concede", When::GoesOn, "652.5.a.1"),
    row("priority", "concede", When::GoesOn, "652.5.c.1"),
    row("focus", "concede", When::GoesOn, "652.5.b.1"),
    row("showdown", "concede", When::GoesOn, "652.5.b.1, 652.5.b.2"),
    row("combat", "concede", When::GoesOn, "652.5.b.2, 461"),
    row("passed", "concede", When::Always, "652.5.c.2"),
    row("focus_passed", "concede", When::Always, "652.5.b.2"),
    // Priority: the player who plays or activates keeps it (333.1, 312.2); a pass hands it on
    // (312.2.d) or, once everyone has passed, the newest item resolves (340) and its
    // controller's successor on the Chain gets it (340.4), or the Turn Player once the Chain
    // is gone (312.2.a).
    row("priority", "play", When::Always, "312.2, 333.1"),
    row("priority", "activate", When::Always, "312.2, 333.1"),
    row("chain", "pass", When::Always, "339, 340"),
    row("passed", "pass", When::Always, "339"),
    row("priority", "pass", When::NoChain, "312.2.a, 335.3"),
    row("priority", "pass", When::Chain, "312.2.d, 340.4"),
    row("chain", "play", When::Always, "329, 349"),
    row("passed", "play", When::Always, "339"),
    // The turn: ending it hands it to the next player in turn order (317).
    row("turn", "end turn", When::Always, "317"),
    row("priority", "end turn", When::Always, "315, 312.2.a"),
    row("lasting", "end turn", When::Always, "317, 472.3"),
    row("focus", "pass focus", When::Always, "347.4"),
    row("focus_passed", "pass focus", When::Always, "347.4"),
    row("showdown", "pass focus", When::Always, "347.3.a"),
    row("showdown", "move", When::Always, "344"),
    row("invited", "invite", When::Always, "316.2.b.1"),
    row("waiting", "place", When::Always, "383.3.d"),
    row("awaiting", "place", When::Always, "383.3.d"),
    row("staged", "choose", When::Always, "456.1"),
    // A game the rules let go on after any other step: no one reached the Victory Score with
    // more points than every opponent (467).
    row("winners", "*", When::GoesOn, "467"),
    // Whether a step is allowed at all, when the engine refuses what the rules allow.
    row("step", "pass", When::Always, "312.1, 339"),
    row("step", "pass focus", When::Always, "313, 347.4"),
    row("step", "play", When::Always, "312.1, 349"),
    row("step", "activate", When::Always, "312.1, 399"),
    row("step", "move", When::Always, "440"),
    row("step", "end turn", When::Always, "317"),
    row("step", "concede", When::Always, "650, 651.3"),
    row("step", "place", When::Always, "383.3.d"),
    row("step", "choose", When::Always, "456.1"),
    row("step", "invite", When::Always, "316.2.b.1"),
    row("step", "hide", When::Always, "421"),
    row("step", "assign", When::Always, "460"),
];

/// The order in which the fields that differ after a step stand for the others: the state a
/// step leaves (who is left, the Chain, the turn, the fight) before what follows from it
/// (Priority, passes, points, cards), and events last. A game wrongly ended by a concession
/// shows in `winners` first, not in the Turn Player it then lacks.
pub const PRECEDENCE: [&str; 22] = [
    "winners",
    "remaining",
    "removed",
    "chain",
    "waiting",
    "turn",
    "showdown",
    "combat",
    "staged",
    "awaiting",
    "invited",
    "priority",
    "focus",
    "opened_by",
    "passed",
    "focus_passed",
    "points",
    "cards",
    "battlefields",
    "energy",
    "lasting",
    "events",
];

/// Where `field` stands in [`PRECEDENCE`] (anything else after it).
pub fn precedence(field: &str) -> usize {
    PRECEDENCE
        .iter()
        .position(|k| *k == field)
        .unwrap_or(PRECEDENCE.len())
}

/// The kinds of event that decide each field, for the second pass.
const DECIDED_BY: &[(&str, &[&str])] = &[
    ("priority", &["priority_to"]),
    ("focus", &["focus_to"]),
    ("turn", &["turn_ended", "turn_to", "turn_began"]),
    ("winners", &["won"]),
    ("remaining", &["player_removed", "conceded"]),
    ("removed", &["player_removed", "conceded"]),
    (
        "chain",
        &[
            "countered",
            "resolved",
            "item_added",
            "left_chain",
            "finalized",
        ],
    ),
    ("passed", &["passed"]),
    ("focus_passed", &["passed_focus"]),
    ("showdown", &["showdown_began", "showdown_ended"]),
    ("combat", &["combat_began", "combat_ended"]),
    ("points", &["scored", "final_point_withheld"]),
    ("energy", &["energy_added"]),
    ("waiting", &["triggers_waiting"]),
    ("awaiting", &["triggers_waiting", "assigned"]),
    ("invited", &["invited"]),
    ("lasting", &["empowered", "expired"]),
    ("staged", &["unstaged", "showdown_began"]),
    (
        "cards",
        &[
            "banished",
            "removed_from_game",
            "killed",
            "trashed",
            "entered_board",
            "control_gained",
            "moved",
            "recalled",
            "damaged",
            "dealt",
            "attached",
            "detached",
            "hidden_lost",
            "ceased_to_exist",
            "might_changed",
            "hid",
            "empowered",
            "expired",
        ],
    ),
    (
        "battlefields",
        &[
            "battlefield_replaced",
            "battlefield_uncontrolled",
            "control_established",
            "contested",
            "scored",
        ],
    ),
];

fn situation(after: &Observation) -> [When; 2] {
    [
        if after.winners.is_some() {
            When::GameOver
        } else {
            When::GoesOn
        },
        if after.chain.is_empty() {
            When::NoChain
        } else {
            When::Chain
        },
    ]
}

fn lookup(field: &str, step: &str, pick: impl Fn(When) -> bool) -> Option<&'static str> {
    let find = |step: &str| {
        AT_ISSUE
            .iter()
            .find(|r| r.field == field && r.step == step && pick(r.when))
            .map(|r| r.rule)
    };
    find(step).or_else(|| find("*"))
}

/// The kind of a step, as the table names kinds (`setup` for none).
pub fn step_kind(step: Option<&Action>) -> &'static str {
    step.map_or("setup", |a| a.kind())
}

/// The rule at issue when the field `field` (at `path` below it: `cards.Poro.at`) differs after
/// `step` (none: the setup), the rules leaving the game as `after` shows it, with its events;
/// `None` when neither the table nor an event of the step decides it (a card the rules left
/// where it was: the caller cites what decided the difference it follows from).
pub fn rule_at_issue(
    field: &str,
    path: &str,
    step: Option<&Action>,
    after: &Observation,
    catalog: &Catalog,
) -> Option<&'static str> {
    let kind = step_kind(step);
    let now = situation(after);
    lookup(field, kind, |w| now.contains(&w))
        .or_else(|| lookup(field, kind, |w| w == When::Always))
        .or_else(|| decided_by_event(field, path, step, &after.events, catalog))
        .or_else(|| {
            (field == "points" && conquered_unscored(&after.events)).then_some("464.1.a, 484.8.b")
        })
        .or_else(|| {
            (field, kind)
                .eq(&("chain", "concede"))
                .then_some("652.4, 652.5.c.2")
        })
}

/// Whether a step established control of a battlefield without a point or a withheld final
/// point for it: a Conquer the Turn Player's team may not score (464.1.a, 484.8.b).
fn conquered_unscored(events: &[Event]) -> bool {
    events.iter().any(|e| {
        let Event::ControlEstablished { seat, battlefield } = *e else {
            return false;
        };
        !events.iter().any(|o| {
            matches!(*o, Event::Scored { seat: s, battlefield: b, .. }
                | Event::FinalPointWithheld { seat: s, battlefield: b }
                if s == seat && b == battlefield)
        })
    })
}

/// For a record's sub-field (`cards.Poro.controller`), that sub-field's own rules: the last
/// resort when nothing of the step decided it and no other difference explains it.
pub fn sub_field_rule(field: &str, path: &str) -> Option<&'static str> {
    use crate::observation::{CardObs, FieldObs, ItemObs};
    let fields = match field {
        "cards" => CardObs::FIELDS,
        "battlefields" => FieldObs::FIELDS,
        "chain" => ItemObs::FIELDS,
        _ => return None,
    };
    let sub = path.rsplit('.').next()?;
    fields.iter().find(|f| f.key == sub).map(|f| f.rule)
}

/// The rule at issue when the Chain differs, item by item: an item the engine kept that the rules
/// took off cites the event of the step that took it off (countered 652.4 or 425, resolved 340 or
/// 652.5.c.2, left with its owner's cards 652.3); an item the engine took off that the rules keep
/// cites what allows only the newest item to resolve, at a concession that completed a round
/// (652.5.c.2) or at a pass (340), and otherwise what counters only the leaver's items (652.4).
pub fn chain_at_issue(
    ours: &crate::observation::Value,
    theirs: &crate::observation::Value,
    step: Option<&Action>,
    after: &Observation,
    catalog: &Catalog,
) -> Option<&'static str> {
    use crate::observation::Value;
    let names = |v: &Value| -> Vec<String> {
        match v {
            Value::List(items) => items
                .iter()
                .filter_map(|i| match i {
                    Value::Map(m) => {
                        m.iter()
                            .find(|(k, _)| k == "item")
                            .and_then(|(_, v)| match v {
                                Value::Text(t) => Some(t.to_string()),
                                _ => None,
                            })
                    }
                    _ => None,
                })
                .collect(),
            _ => Vec::new(),
        }
    };
    let (ours, theirs) = (names(ours), names(theirs));
    let cites = super::citations(step, &after.events);
    if let Some(kept) = theirs.iter().find(|t| !ours.contains(t)) {
        let took_off = after.events.iter().zip(&cites).find(|(e, _)| {
            let f = crate::observation::facts::facts(e, catalog);
            f.get("item").and_then(|i| i.as_str()) == Some(kept.as_str())
                && matches!(
                    f.get("kind").and_then(|k| k.as_str()),
                    Some("countered" | "resolved" | "left_chain")
                )
        });
        if let Some((_, rule)) = took_off {
            return Some(*rule);
        }
    }
    if ours.iter().any(|o| !theirs.contains(o)) {
        let resolved = after
            .events
            .iter()
            .any(|e| matches!(e, Event::Resolved { .. }));
        return Some(match (step_kind(step), resolved) {
            ("concede", true) => "652.5.c.2",
            ("concede", false) => "652.4",
            ("pass", _) => "339, 340",
            _ => return None,
        });
    }
    None
}

/// The rules at issue when the engine refuses a step of kind `kind` that the rules allow.
pub fn refused_at_issue(step: &Action) -> &'static str {
    lookup("step", step.kind(), |_| true).unwrap_or("")
}

/// The rule of the last event of the step that decides `field` (for cards and battlefields, one
/// that names the thing at `path`; for events, the event at the index `path` gives), as the
/// step's citations give it.
fn decided_by_event(
    field: &str,
    path: &str,
    step: Option<&Action>,
    events: &[Event],
    catalog: &Catalog,
) -> Option<&'static str> {
    let cites = super::citations(step, events);
    if field == "events" {
        let i = path
            .split('[')
            .nth(1)
            .and_then(|p| p.split(']').next())
            .and_then(|i| i.parse::<usize>().ok())
            .unwrap_or(0);
        return cites.get(i).or(cites.first()).copied();
    }
    let kinds = DECIDED_BY.iter().find(|(f, _)| *f == field)?.1;
    let named = path
        .split('.')
        .nth(1)
        .map(|n| n.trim_matches('"').to_string());
    events.iter().zip(cites).rev().find_map(|(e, rule)| {
        let facts = crate::observation::facts::facts(e, catalog);
        let k = facts.get("kind").and_then(|k| k.as_str()).unwrap_or("");
        let names_it = match (&named, field) {
            (Some(n), "cards" | "battlefields") => facts
                .iter()
                .any(|(key, v)| key != "kind" && v.as_str() == Some(n.as_str())),
            _ => true,
        };
        (kinds.contains(&k) && names_it).then_some(rule)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_row_names_a_field_a_kind_of_step_and_a_rule() {
        let fields: Vec<&str> = Observation::FIELDS.iter().map(|f| f.key).collect();
        for r in AT_ISSUE {
            assert!(
                r.field == "step" || fields.contains(&r.field),
                "{}: not a field",
                r.field
            );
            assert!(
                crate::action::ACTION_KINDS.contains(&r.step) || r.step == "setup" || r.step == "*",
                "{}: not a kind of step",
                r.step
            );
            assert!(!r.rule.is_empty());
        }
        for (f, kinds) in DECIDED_BY {
            assert!(fields.contains(f), "{f}");
            for k in *kinds {
                assert!(crate::observation::facts::is_kind(k), "{k}");
            }
        }
    }
}
