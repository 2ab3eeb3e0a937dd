//! Combat (454-461) between exactly two opposing players.

use crate::card::{BattlefieldId, CardId, CardKind, TriggerEvent};
use crate::event::Event;
use crate::game::policy;
use crate::game::{Combat, Game, Window};
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
    triggers::fire(game, waiting, ev);
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

/// Assigns `amount` damage to `units` in catalog order, lethal damage to each before moving on
/// (460.2). Damage past what kills the last unit changes nothing and is not dealt. Every unit
/// named gets at least 1; units the damage does not reach are not named.
fn assign(game: &Game, units: &[CardId], amount: u16) -> Vec<(CardId, u8)> {
    let mut left = amount;
    let mut out = Vec::new();
    for &u in units {
        if left == 0 {
            break;
        }
        let st = game.card_state(u);
        let lethal = (game.might(u).unwrap_or(0).max(0) as u16)
            .saturating_sub(st.damage as u16)
            .max(1);
        let give = lethal.min(left);
        left -= give;
        out.push((u, give.min(u8::MAX as u16) as u8));
    }
    out
}

/// After the Combat Showdown: damage (460) if both sides still have units there, then resolution
/// (461). If the Attacker or Defender has been removed the combat still goes on, with the damage
/// step skipped for want of a side (policy `combat-with-one-side-gone`).
pub(crate) fn finish_combat(
    game: &mut Game,
    bf: BattlefieldId,
    fight: Combat,
    ev: &mut Vec<Event>,
) {
    let side = |game: &Game, seat: Seat| -> Vec<CardId> {
        game.units_at(bf)
            .filter(|&u| game.controller(u) == seat)
            .collect()
    };
    let attackers = side(game, fight.attacker);
    let defenders = side(game, fight.defender);
    if !attackers.is_empty() && !defenders.is_empty() {
        // 460: both sides assign, then all damage is dealt at once.
        let to_defenders = assign(game, &defenders, total_might(game, &attackers));
        let to_attackers = assign(game, &attackers, total_might(game, &defenders));
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
        control::establish_control(game, bf, w, ev);
    }
}
