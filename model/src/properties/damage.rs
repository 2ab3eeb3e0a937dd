//! Damage and kills: a unit whose damage has reached its Might does not stay on the board, and a
//! killed unit goes to its owner's Trash (143.2.a, 323.3, 417, 428, 056, 183.1).

use riftcheck::Event;
use riftcheck::card::CardId;
use riftcheck::observation::{CardObs, Place};

use super::judging::{Judging, Step};

/// Whether a card an observer sees has lethal damage: it is a unit on the board (its Might is
/// shown) with nonzero damage at least its Might, a negative Might counting as 0 (143.2).
fn lethal(c: &CardObs) -> bool {
    c.damage > 0
        && matches!(c.at, Place::Base(_) | Place::Field(_))
        && c.might
            .is_some_and(|m| i16::from(c.damage) >= i16::from(m.max(0)))
}

/// 143.2.a, 323.3: a cleanup follows every action and kills every unit with lethal damage, so
/// after any step no unit on the board has it (while the game goes on).
pub fn lethal_damage_stays(j: &Judging<'_>) -> bool {
    !j.over && j.after.cards.iter().any(lethal)
}

/// The cards killed in a step.
fn killed<'a>(s: &'a Step<'_>) -> impl Iterator<Item = CardId> + 'a {
    s.events.iter().filter_map(|e| match e {
        Event::Killed { card } => Some(*card),
        _ => None,
    })
}

/// 428, 056, 183.1: a killed unit is in its owner's Trash after the step (whoever controlled it),
/// a token nowhere. Steps with a concession are left out: a removal may send the card on.
pub fn killed_not_in_owners_trash(j: &Judging<'_>, s: &Step<'_>) -> bool {
    s.conceded.is_none()
        && killed(s).any(|u| {
            let def = &j.catalog.cards[u.index()];
            let want = if def.token {
                Place::Nowhere
            } else {
                Place::Trash(def.owner)
            };
            j.after.cards[u.index()].at != want
        })
}

/// Companion: damage an effect dealt kills a unit (417, 323.3).
pub fn seen_effect_damage_kills(_: &Judging<'_>, s: &Step<'_>) -> bool {
    killed(s).any(|u| {
        s.events
            .iter()
            .any(|e| matches!(e, Event::Dealt { card, .. } if *card == u))
    })
}

/// Companion: a unit another player borrowed is killed, and goes to its owner's Trash (428,
/// 056).
pub fn seen_borrowed_killed(j: &Judging<'_>, s: &Step<'_>) -> bool {
    killed(s).any(|u| s.before.cards[u.index()].controller != j.catalog.cards[u.index()].owner)
}

/// Companion: a unit is killed during a Showdown, not by combat damage.
pub fn seen_kill_in_showdown(_: &Judging<'_>, s: &Step<'_>) -> bool {
    s.before.showdown.is_some() && !s.damaged && killed(s).next().is_some()
}

/// Companion: a kill leaves a staged fight without one of its sides, so it is not run (456.2).
pub fn seen_kill_unstages(_: &Judging<'_>, s: &Step<'_>) -> bool {
    s.unstaged && killed(s).next().is_some()
}
