//! Movement (440-453, 144): the Standard Move, instructed moves and Recalls, the destinations a
//! unit may not go to (144.4, 442.2, 444.2, 457), and plays forced by effects (457.2).

use crate::card::{BattlefieldId, CardId, CardKind, CardSet, TriggerEvent};
use crate::error::RuleError;
use crate::event::Event;
use crate::game::Game;
use crate::game::policy;
use crate::seat::Seat;
use crate::zone::{Location, Zone};

use super::priority::need_turn_player_at_rest;
use super::triggers;

/// The two sides of the combat under way or staged at `bf`, if any.
fn combat_sides(game: &Game, bf: BattlefieldId) -> Option<[Seat; 2]> {
    let ongoing = game
        .showdown()
        .filter(|sd| sd.at == bf)
        .and_then(|sd| sd.combat)
        .map(|c| [c.attacker, c.defender]);
    ongoing.or_else(|| {
        game.combat_staged(bf).then(|| {
            let mut occ = game.occupants(bf).iter();
            let first = occ.next().unwrap_or(Seat::A);
            [first, occ.next().unwrap_or(first)]
        })
    })
}

/// Why `mover`'s unit may not go to (or be played at) battlefield `bf` now, if it may not.
///
/// - 442.2.a, 457.1: a battlefield with a staged combat, or a combat in progress, is closed to
///   players not in that combat.
/// - 144.4.a.1, 444.2: no unit goes where units of two other players already are.
/// - 442.2.b (policy `teammate-destination`): in Magma Chamber, not where the teammate is. Only
///   for moves (`moving`); plays are not moves.
pub(crate) fn destination_error(
    game: &Game,
    mover: Seat,
    bf: BattlefieldId,
    moving: bool,
) -> Option<RuleError> {
    let others = game
        .occupants(bf)
        .difference(crate::seat::SeatSet::only(mover));
    let closed = policy::combat_closed_to_others(&game.readings);
    if let Some(sides) = combat_sides(game, bf)
        && !sides.contains(&mover)
        && closed
    {
        return Some(RuleError::ThirdCombatant {
            seat: mover,
            at: bf,
        });
    }
    if others.len() >= 2 && closed {
        return Some(RuleError::ThirdPlayer { at: bf });
    }
    if moving && game.mode().has_teams() {
        let field = game.field(bf);
        let mate_there = others.iter().any(|o| game.mode().teammates(mover, o));
        let mate_controls = field
            .controller
            .is_some_and(|c| game.mode().teammates(mover, c));
        if policy::teammate_blocks(&game.readings, mate_there, mate_controls) {
            return Some(RuleError::TeammateThere { at: bf });
        }
    }
    None
}

/// Why `unit` may not come under `seat`'s control where it stands, if it may not: a control change
/// is checked like a play (358.2, 457.3): it may not put a third player's units at a battlefield,
/// nor a unit of a player not in a staged or ongoing combat into that combat.
pub(crate) fn control_change_error(game: &Game, unit: CardId, seat: Seat) -> Option<RuleError> {
    let Zone::Field(bf) = game.zone(unit) else {
        return None;
    };
    let others = game
        .units_at(bf)
        .filter(|&u| u != unit)
        .map(|u| game.controller(u))
        .collect::<crate::seat::SeatSet>();
    let after = others.union(crate::seat::SeatSet::only(seat));
    if let Some(sides) = combat_sides(game, bf)
        && !sides.contains(&seat)
    {
        return Some(RuleError::ThirdCombatant { seat, at: bf });
    }
    if after.len() > 2 {
        return Some(RuleError::ThirdPlayer { at: bf });
    }
    None
}

/// A Standard Move (144): the Turn Player, in their Main Phase and a Neutral Open state (144.1),
/// exhausts ready units they control to move them together to one destination (144.2-144.3):
/// from a Base to a battlefield or from a battlefield to their Base (144.4).
pub(crate) fn check_move(
    game: &Game,
    seat: Seat,
    units: CardSet,
    to: Location,
) -> Result<(), RuleError> {
    // 144.3: a Standard Move moves one or more units.
    if units.is_empty() {
        return Err(RuleError::NothingToMove { seat });
    }
    need_turn_player_at_rest(game, seat)?;
    for unit in units.iter() {
        if unit.index() >= game.catalog.cards.len() {
            return Err(RuleError::NotOnBoard { card: unit });
        }
        let def = game.catalog.card(unit);
        let st = game.card_state(unit);
        if def.kind != CardKind::Unit {
            return Err(RuleError::NotAUnit { card: unit });
        }
        if !matches!(st.zone, Zone::Base(_) | Zone::Field(_)) {
            return Err(RuleError::NotOnBoard { card: unit });
        }
        // 484.8.c: control is not shared; only a unit's controller moves it.
        if st.controller != seat {
            return Err(RuleError::NotController { seat, card: unit });
        }
        if st.exhausted {
            return Err(RuleError::Exhausted { card: unit });
        }
        let shape_ok = matches!(
            (st.zone, to),
            (Zone::Base(_), Location::Field(_)) | (Zone::Field(_), Location::Base)
        );
        if !shape_ok {
            return Err(RuleError::NotAStandardMove { card: unit });
        }
    }
    if let Location::Field(bf) = to
        && let Some(err) = destination_error(game, seat, bf, true)
    {
        return Err(err);
    }
    Ok(())
}

/// Performs a checked Standard Move: each unit is exhausted and moved (144.2, 440); a unit
/// arriving at a battlefield its controller does not control applies Contested (445).
pub(crate) fn standard_move(
    game: &mut Game,
    seat: Seat,
    units: CardSet,
    to: Location,
    ev: &mut Vec<Event>,
) {
    let zone = match to {
        Location::Base => Zone::Base(seat),
        Location::Field(bf) => Zone::Field(bf),
    };
    for unit in units.iter() {
        let st = &mut game.s.cards[unit.index()];
        st.exhausted = true;
        st.zone = zone;
        ev.push(Event::Moved { card: unit, zone });
    }
    if let Location::Field(bf) = to {
        contest(game, bf, seat, ev);
    }
    // 383: their "when I move" abilities trigger together; their controller orders them.
    let fires = |when, source| when == TriggerEvent::Moved && units.contains(source);
    let waiting = triggers::triggered(game, fires, &[seat]);
    triggers::fire(game, waiting);
}

/// 445, 187.3.a: units of `seat` arrived at `bf`; if `seat` does not control it and nobody has
/// contested it yet, `seat` contests it.
pub(crate) fn contest(game: &mut Game, bf: BattlefieldId, seat: Seat, ev: &mut Vec<Event>) {
    let field = &mut game.s.fields[bf.index()];
    if field.controller != Some(seat) && field.contested_by.is_none() {
        field.contested_by = Some(seat);
        ev.push(Event::Contested {
            battlefield: bf,
            seat,
        });
    }
}

/// Recall (449-453): the card goes to its controller's Base. Not a move (451): no move
/// restriction stops it, and no move ability triggers. Its "when I am Recalled" ability triggers (383). Returns whether it went anywhere
/// (it may be there already).
pub(crate) fn recall(game: &mut Game, card: CardId, ev: &mut Vec<Event>) -> bool {
    let controller = game.controller(card);
    if game.zone(card) == Zone::Base(controller) {
        return false;
    }
    game.set_zone(card, Zone::Base(controller));
    ev.push(Event::Recalled { card });
    let as_move = policy::recall_is_move(&game.readings);
    let fires = |when, source| {
        source == card
            && (when == TriggerEvent::Recalled || (as_move && when == TriggerEvent::Moved))
    };
    let waiting = triggers::triggered(game, fires, &[controller]);
    triggers::fire(game, waiting);
    true
}

/// An instructed move (410.2) of `unit` to `bf`. Where the unit may not go, it is Recalled
/// instead (442.2.c): into a staged or ongoing combat of others, beside two other players, or
/// (Magma Chamber) to the teammate's battlefield.
pub(crate) fn instructed_move(
    game: &mut Game,
    unit: CardId,
    bf: BattlefieldId,
    ev: &mut Vec<Event>,
) {
    if game.zone(unit) == Zone::Field(bf) {
        return;
    }
    let controller = game.controller(unit);
    if destination_error(game, controller, bf, true).is_some() {
        recall(game, unit, ev);
        return;
    }
    game.set_zone(unit, Zone::Field(bf));
    ev.push(Event::Moved {
        card: unit,
        zone: Zone::Field(bf),
    });
    contest(game, bf, controller, ev);
    let fires = |when, source| when == TriggerEvent::Moved && source == unit;
    let waiting = triggers::triggered(game, fires, &[controller]);
    triggers::fire(game, waiting);
}

/// An effect moves every unit at `from` to `to` (seed 003's forced move of several units). Game
/// actions are never simultaneous (303.2.a): starting with the Turn Player and going in turn
/// order, each player's units there move together, checked against `to` as the players before
/// left it; a player whose units may not go there has them Recalled instead (442.2.c).
pub(crate) fn move_all(
    game: &mut Game,
    from: BattlefieldId,
    to: BattlefieldId,
    ev: &mut Vec<Event>,
) {
    if from == to {
        return;
    }
    let first = game.s.turn;
    let order = (0..4).filter_map(|i| Seat::from_index((first.index() + i) % 4));
    for seat in order {
        let units: CardSet = game
            .units_at(from)
            .filter(|&u| game.controller(u) == seat)
            .collect();
        if units.is_empty() {
            continue;
        }
        if destination_error(game, seat, to, true).is_some() {
            for u in units.iter() {
                recall(game, u, ev);
            }
            continue;
        }
        for u in units.iter() {
            game.set_zone(u, Zone::Field(to));
            ev.push(Event::Moved {
                card: u,
                zone: Zone::Field(to),
            });
        }
        contest(game, to, seat, ev);
        let fires = |when, source| when == TriggerEvent::Moved && units.contains(source);
        let waiting = triggers::triggered(game, fires, &[seat]);
        triggers::fire(game, waiting);
    }
}

/// A play required by an effect (457.2): `seat` plays `token` at `bf`, or at their Base if `bf`
/// is closed to them; then 1 damage to each enemy unit "here", which is wherever the token went.
pub(crate) fn forced_play(
    game: &mut Game,
    seat: Seat,
    token: CardId,
    bf: BattlefieldId,
    ev: &mut Vec<Event>,
) {
    if game.zone(token) != Zone::Nowhere || !game.remaining().contains(seat) {
        return;
    }
    let zone = if destination_error(game, seat, bf, false).is_some() {
        Zone::Base(seat)
    } else {
        Zone::Field(bf)
    };
    let st = &mut game.s.cards[token.index()];
    st.zone = zone;
    st.controller = seat;
    st.exhausted = true;
    st.damage = 0;
    ev.push(Event::EnteredBoard { card: token, zone });
    if let Zone::Field(bf) = zone {
        contest(game, bf, seat, ev);
    }
    // "Then deal 1 damage to each enemy unit here."
    let enemies: Vec<CardId> = game
        .catalog
        .card_ids()
        .filter(|&c| {
            game.catalog.card(c).kind == CardKind::Unit
                && game.zone(c) == zone
                && game.opponents(seat, game.controller(c))
        })
        .collect();
    for unit in enemies {
        let st = &mut game.s.cards[unit.index()];
        st.damage = st.damage.saturating_add(1);
        ev.push(Event::Dealt {
            card: unit,
            amount: 1,
        });
    }
}
