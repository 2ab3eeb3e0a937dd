//! Combat (454-461) between exactly two opposing players.

use crate::action::Choice;
use crate::card::{BattlefieldId, CardId, CardKind, TriggerEvent};
use crate::error::RuleError;
use crate::event::Event;
use crate::game::policy;
use crate::game::{Assigning, Combat, Game, MAX_ASSIGNED, Window};
use crate::seat::Seat;
use crate::zone::Zone;

use super::{cleanup, control, movement, triggers};

/// 459.2: the Combat Showdown establishes Attacker and Defender; the Attacker has Focus; the
/// triggers this causes go on the Combat Chain, Attacker's first, then every non-Defender's in
/// turn order, the Defender's last (459.2.d.1; policy `combat-trigger-order`).
pub(crate) fn establish_roles(
    game: &mut Game,
    attacker: Seat,
    defender: Seat,
    ev: &mut Vec<Event>,
) {
    let Window::Showdown(sd) = &mut game.s.window else {
        return;
    };
    sd.combat = Some(Combat { attacker, defender });
    let at = sd.at;
    ev.push(Event::CombatBegan {
        battlefield: at,
        attacker,
        defender,
    });
    let order = policy::trigger_placement_order(
        &game.readings,
        game.remaining(),
        game.s.turn,
        Some((attacker, defender)),
    );
    let here = |game: &Game, card: CardId, seat: Seat| {
        game.zone(card) == Zone::Field(at) && game.controller(card) == seat
    };
    let waiting = triggers::triggered(
        game,
        |when, card| match when {
            // 383.4.e-f: once per combat, when a unit first gains the designation.
            TriggerEvent::Attack => here(game, card, attacker),
            TriggerEvent::Defend => here(game, card, defender),
            // "When a unit attacks": any player's permanent, once per combat.
            TriggerEvent::UnitAttacks => true,
            // The others wait for other events.
            _ => false,
        },
        &order,
    );
    triggers::fire(game, waiting);
}

/// 323.9.a: during a non-combat Showdown, units of another player arrived: it becomes a combat,
/// the player who contested the battlefield attacking. Returns whether it did.
pub(crate) fn convert_to_combat(game: &mut Game, ev: &mut Vec<Event>) -> bool {
    let Some(sd) = game.showdown().copied() else {
        return false;
    };
    let Some(attacker) = game.field(sd.at).contested_by else {
        return false;
    };
    let defender = game
        .occupants(sd.at)
        .iter()
        .find(|&s| game.opponents(s, attacker));
    match defender {
        Some(defender) if game.occupants(sd.at).contains(attacker) => {
            establish_roles(game, attacker, defender, ev);
            true
        }
        _ => false,
    }
}

/// Total Might a side deals (460): negative Might counts as 0 (143.2.b).
fn total_might(game: &Game, units: &[CardId]) -> u16 {
    units
        .iter()
        .map(|&u| game.might(u).unwrap_or(0).max(0) as u16)
        .sum()
}

/// The damage that kills `unit`: what its Might exceeds its damage by, at least 1 (143.2.a).
fn lethal(game: &Game, unit: CardId) -> u16 {
    (game.might(unit).unwrap_or(0).max(0) as u16)
        .saturating_sub(game.card_state(unit).damage as u16)
        .max(1)
}

/// Assigns `amount` damage to `units` in the order given, lethal damage to each before moving
/// on (460.2.c). Once every unit has lethal damage, what is left goes to the last of them
/// (460.2.c.4): a side deals all its Might (460.2.d). Every unit named gets at least 1; units
/// the damage does not reach are not named.
fn assign(game: &Game, units: &[CardId], amount: u16) -> Vec<(CardId, u8)> {
    let mut left = amount;
    let mut out = Vec::new();
    for &u in units {
        if left == 0 {
            break;
        }
        let give = lethal(game, u).min(left);
        left -= give;
        out.push((u, give.min(u8::MAX as u16) as u8));
    }
    if !policy::excess_to_last_unit(&game.readings) {
        return out;
    }
    if let Some((_, last)) = out.last_mut() {
        *last = (u16::from(*last) + left).min(u16::from(u8::MAX)) as u8;
    }
    out
}

/// `units` in the order their damage goes: those already chosen, in the order chosen, then the
/// rest in card order.
fn in_order(units: &[CardId], chosen: &[CardId]) -> Vec<CardId> {
    let mut out: Vec<CardId> = chosen
        .iter()
        .copied()
        .filter(|u| units.contains(u))
        .collect();
    out.extend(units.iter().copied().filter(|u| !chosen.contains(u)));
    out
}

/// Whether the player dealing `amount` to `targets` still has a choice to make (460): some
/// damage is left after the units already chosen, at least two units are left, they cannot all
/// be killed, and at least one of them can. (If none can, where the rest lands changes nothing:
/// it goes to the first in card order, and every unit heals as the combat ends, 461.)
fn has_choice(game: &Game, targets: &[CardId], amount: u16, chosen: &[CardId]) -> bool {
    let mut left = amount;
    for u in chosen.iter().filter(|u| targets.contains(u)) {
        left = left.saturating_sub(lethal(game, *u));
    }
    let rest: Vec<u16> = targets
        .iter()
        .filter(|u| !chosen.contains(u))
        .map(|&u| lethal(game, u))
        .collect();
    left > 0
        && rest.len() >= 2
        && rest.iter().sum::<u16>() > left
        && rest.iter().any(|&l| l <= left)
}

/// Who must choose the next unit to get damage at `a`'s combat: the Attacker while they have a
/// choice, then the Defender (460); nobody once both sides are settled or a side has no units.
fn chooser(game: &Game, a: &Assigning) -> Option<Seat> {
    if a.chosen().len() >= MAX_ASSIGNED {
        return None;
    }
    let side = |seat: Seat| -> Vec<CardId> {
        game.units_at(a.at)
            .filter(|&u| game.controller(u) == seat)
            .collect()
    };
    let (atk, def) = (side(a.fight.attacker), side(a.fight.defender));
    if atk.is_empty() || def.is_empty() {
        return None;
    }
    if has_choice(game, &def, total_might(game, &atk), a.chosen()) {
        return Some(a.fight.attacker);
    }
    if has_choice(game, &atk, total_might(game, &def), a.chosen()) {
        return Some(a.fight.defender);
    }
    None
}

/// 460: a player assigning combat damage names the enemy unit in the combat that gets their
/// side's damage next, one that has not had its share yet.
pub(crate) fn check_assign(game: &Game, seat: Seat, unit: CardId) -> Result<(), RuleError> {
    match game.awaiting() {
        Some(Choice::AssignDamage { seat: chooser }) if chooser == seat => {}
        Some(other) => {
            return Err(RuleError::AwaitingChoice {
                chooser: other.seat(),
            });
        }
        None => return Err(RuleError::NotAssigning { seat }),
    }
    let Some(a) = game.assigning() else {
        return Err(RuleError::NotAssigning { seat });
    };
    let enemy = if seat == a.fight.attacker {
        a.fight.defender
    } else {
        a.fight.attacker
    };
    let at_fight = game.units_at(a.at).any(|u| u == unit);
    if !at_fight || game.controller(unit) != enemy || a.chosen().contains(&unit) {
        return Err(RuleError::NotAssignable { card: unit });
    }
    Ok(())
}

/// 460: `unit` gets `seat`'s side's damage next.
pub(crate) fn assign_next(game: &mut Game, seat: Seat, unit: CardId, ev: &mut Vec<Event>) {
    if let Window::Damage(a) = &mut game.s.window {
        a.order[usize::from(a.len)] = unit;
        a.len += 1;
        a.chooser = None;
    }
    ev.push(Event::Assigned { seat, card: unit });
}

/// 347.3.a, 460: a combat's Showdown step has ended; its damage step begins.
pub(crate) fn begin_damage(game: &mut Game, bf: BattlefieldId, fight: Combat) {
    game.s.window = Window::Damage(Assigning {
        at: bf,
        fight,
        order: [CardId::from_index(0); MAX_ASSIGNED],
        len: 0,
        chooser: None,
    });
}

/// The damage step goes on: if a player has a choice to make it waits for them (returning
/// false); otherwise the damage is dealt and the combat finishes (461).
pub(crate) fn continue_damage(game: &mut Game, ev: &mut Vec<Event>) -> bool {
    let Window::Damage(a) = game.s.window else {
        return true;
    };
    if let Some(seat) = chooser(game, &a) {
        if let Window::Damage(w) = &mut game.s.window {
            w.chooser = Some(seat);
        }
        return false;
    }
    game.s.window = Window::Neutral;
    let chosen = if policy::damage_as_assigned(&game.readings) {
        a.chosen()
    } else {
        &[]
    };
    finish_combat(game, a.at, a.fight, chosen, ev);
    true
}

/// After the Combat Showdown: damage (460) if both sides still have units there, then resolution
/// (461). If the Attacker or Defender has been removed the combat still goes on, with the damage
/// step skipped for want of a side (policy `combat-with-one-side-gone`); read `combat-ends`, such
/// a combat has no damage and no resolution: its units heal, it ends with no winner and nobody
/// Conquers.
fn finish_combat(
    game: &mut Game,
    bf: BattlefieldId,
    fight: Combat,
    chosen: &[CardId],
    ev: &mut Vec<Event>,
) {
    let side_gone =
        !game.remaining().contains(fight.attacker) || !game.remaining().contains(fight.defender);
    if side_gone && !policy::combat_goes_on_without_a_side(&game.readings) {
        for card in game.all_cards() {
            if game.catalog.card(card).kind == CardKind::Unit {
                game.s.cards[card.index()].damage = 0;
            }
        }
        game.s.fields[bf.index()].contested_by = None;
        ev.push(Event::CombatEnded {
            battlefield: bf,
            winner: None,
        });
        return;
    }
    let side = |game: &Game, seat: Seat| -> Vec<CardId> {
        game.units_at(bf)
            .filter(|&u| game.controller(u) == seat)
            .collect()
    };
    let attackers = side(game, fight.attacker);
    let defenders = side(game, fight.defender);
    if !attackers.is_empty() && !defenders.is_empty() {
        // 460: both sides assign, then all damage is dealt at once.
        let to_defenders = assign(
            game,
            &in_order(&defenders, chosen),
            total_might(game, &attackers),
        );
        let to_attackers = assign(
            game,
            &in_order(&attackers, chosen),
            total_might(game, &defenders),
        );
        // `assign` names only units it gives at least 1 damage.
        for (unit, amount) in to_defenders.into_iter().chain(to_attackers) {
            let st = &mut game.s.cards[unit.index()];
            st.damage = st.damage.saturating_add(amount);
            ev.push(Event::Damaged { card: unit, amount });
        }
        cleanup::kill_lethal(game, true, ev);
    }
    // 461: Combat Cleanup heals every unit; attackers are Recalled if defenders remain.
    for card in game.all_cards() {
        if game.catalog.card(card).kind == CardKind::Unit {
            game.s.cards[card.index()].damage = 0;
        }
    }
    let attackers = side(game, fight.attacker);
    let defenders = side(game, fight.defender);
    if !attackers.is_empty() && !defenders.is_empty() {
        for unit in &attackers {
            movement::recall(game, *unit, ev);
        }
    }
    let attackers_left = !side(game, fight.attacker).is_empty();
    let defenders_left = !side(game, fight.defender).is_empty();
    let winner = match (attackers_left, defenders_left) {
        (true, false) => Some(fight.attacker),
        (false, true) => Some(fight.defender),
        _ => None,
    };
    game.s.fields[bf.index()].contested_by = None;
    ev.push(Event::CombatEnded {
        battlefield: bf,
        winner,
    });
    // 461.5: the player with units remaining establishes control; only gaining it is a
    // Conquer (policy `defender-keeps-control`).
    if let Some(w) = winner
        && game.remaining().contains(w)
    {
        control::establish_control(game, bf, w, true, ev);
    }
}
