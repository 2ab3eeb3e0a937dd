//! Damage and kills: a unit whose damage has reached its Might does not stay on the board, and a
//! killed unit goes to its owner's Trash (143.2.a, 323.3, 417, 428, 056, 183.1).

use riftcheck::card::CardId;
use riftcheck::observation::{CardObs, Place};
use riftcheck::{Action, Event};

use super::judging::{Judging, Step, Verdict};

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
pub fn lethal_damage_kills(j: &Judging<'_>) -> Verdict {
    Verdict::broken_if(!j.over && j.after.cards.iter().any(lethal))
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
pub fn killed_to_owners_trash(j: &Judging<'_>, s: &Step<'_>) -> Verdict {
    Verdict::broken_if(
        s.conceded.is_none()
            && killed(s).any(|u| {
                let def = &j.catalog.cards[u.index()];
                let want = if def.token {
                    Place::Nowhere
                } else {
                    Place::Trash(def.owner)
                };
                j.after.cards[u.index()].at != want
            }),
    )
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

/// The combat damage a step deals (460), unit by unit.
fn combat_damage<'a>(s: &'a Step<'_>) -> impl Iterator<Item = (CardId, u8)> + 'a {
    s.events.iter().filter_map(|e| match e {
        Event::Damaged { card, amount } => Some((*card, *amount)),
        _ => None,
    })
}

/// What kills `unit` as an observer saw it before the step: its Might (from the naive reading)
/// less its damage, at least 1 (143.2.a).
fn lethal_before(j: &Judging<'_>, s: &Step<'_>, unit: usize) -> u16 {
    let might = super::naive::might(j.catalog, s.before, unit)
        .unwrap_or(0)
        .max(0) as u16;
    might
        .saturating_sub(u16::from(s.before.cards[unit].damage))
        .max(1)
}

/// 460.2.c-d: combat damage is assigned lethal first, and all of it is dealt. In a step that
/// deals it (one without a concession, whose removal may change the sides as it happens), each
/// side at the combat's battlefield takes exactly what the other side's Might comes to; at most
/// one of its units takes less than what kills it, and more than that goes to one unit only,
/// once every unit of the side has what kills it (460.2.c.4).
pub fn damage_lethal_first(j: &Judging<'_>, s: &Step<'_>) -> Verdict {
    if s.conceded.is_some() {
        return Verdict::Holds;
    }
    let Some((attacker, defender)) = s.before.combat else {
        return Verdict::Holds;
    };
    let Some(bf) = combat_damage(s).find_map(|(u, _)| match s.before.cards[u.index()].at {
        Place::Field(bf) => Some(bf),
        _ => None,
    }) else {
        return Verdict::Holds;
    };
    let units_of = |seat| -> Vec<usize> {
        (0..s.before.cards.len())
            .filter(|&u| {
                let c = &s.before.cards[u];
                c.at == Place::Field(bf)
                    && c.controller == seat
                    && j.catalog.cards[u].kind == riftcheck::card::CardKind::Unit
            })
            .collect()
    };
    let might_of = |units: &[usize]| -> u16 {
        units
            .iter()
            .map(|&u| {
                super::naive::might(j.catalog, s.before, u)
                    .unwrap_or(0)
                    .max(0) as u16
            })
            .sum()
    };
    let (atk, def) = (units_of(attacker), units_of(defender));
    Verdict::broken_if(
        [(&def, might_of(&atk)), (&atk, might_of(&def))]
            .into_iter()
            .any(|(side, incoming)| {
                let took = |u: usize| -> u16 {
                    combat_damage(s)
                        .filter(|(c, _)| c.index() == u)
                        .map(|(_, n)| u16::from(n))
                        .sum()
                };
                let total: u16 = side.iter().map(|&u| took(u)).sum();
                let short = side
                    .iter()
                    .filter(|&&u| took(u) < lethal_before(j, s, u))
                    .count();
                let hurt_short = side
                    .iter()
                    .filter(|&&u| took(u) > 0 && took(u) < lethal_before(j, s, u))
                    .count();
                let over = side
                    .iter()
                    .filter(|&&u| took(u) > lethal_before(j, s, u))
                    .count();
                let all_of_it = side.is_empty() || total == incoming;
                !all_of_it || hurt_short > 1 || over > 1 || (over == 1 && short > 0)
            }),
    )
}

/// 460: the unit a player assigns damage to next gets some: when the assignment that completes
/// the damage step is the step that deals the damage, that unit is among those damaged.
pub fn assigned_unit_takes_damage(_: &Judging<'_>, s: &Step<'_>) -> Verdict {
    let Action::Assign { unit, .. } = s.action else {
        return Verdict::Holds;
    };
    Verdict::broken_if(
        combat_damage(s).next().is_some() && !combat_damage(s).any(|(u, _)| u == unit),
    )
}

/// Companion: a player assigns combat damage, a choice among the enemy units (460).
pub fn seen_damage_assigned(_: &Judging<'_>, s: &Step<'_>) -> bool {
    matches!(s.action, Action::Assign { .. })
}

/// Companion: the Defender assigns combat damage, after the Attacker (460).
pub fn seen_defender_assigns(_: &Judging<'_>, s: &Step<'_>) -> bool {
    match (s.action, s.before.combat) {
        (Action::Assign { seat, .. }, Some((_, defender))) => seat == defender,
        _ => false,
    }
}

/// Companion: a unit takes more combat damage than what kills it, every other unit of its side
/// having had what kills it (460.2.c.4).
pub fn seen_excess_damage(j: &Judging<'_>, s: &Step<'_>) -> bool {
    s.before.combat.is_some()
        && combat_damage(s).any(|(u, n)| u16::from(n) > lethal_before(j, s, u.index()))
}
