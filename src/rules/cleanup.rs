//! Cleanups (318-324): state-based tidying after every action, repeated until nothing changes.
//! Staging and beginning fights (323.6-323.9) is done by [`super::settle`], which only begins one
//! in a Neutral Open state.

use crate::card::{CardKind, Catalog};
use crate::event::Event;
use crate::game::{Game, policy};
use crate::seat::{Seat, SeatSet};
use crate::zone::Zone;

use super::movement;

/// Runs a cleanup (323) until nothing more changes.
pub(crate) fn cleanup(game: &mut Game, ev: &mut Vec<Event>) {
    super::counter::forget_departed_targets(game);
    if game.is_over() {
        return;
    }
    // Every round changes some card's zone or some battlefield's record for good; the bound is
    // a guard, not a rule.
    for _ in 0..32 {
        let mut changed = kill_lethal(game, false, ev);
        changed |= recall_misplaced(game, ev);
        changed |= release_empty_battlefields(game, ev);
        changed |= unstage(game, ev);
        if !changed {
            break;
        }
    }
    check_victory(game, ev);
}

/// 323.3: units with lethal damage (nonzero damage at least their Might) are killed: they go to
/// their owner's Trash (428), a token ceases to exist (183.1). `combat` when the damage was a
/// combat's (460); any damage kills (143.2.a).
pub(crate) fn kill_lethal(game: &mut Game, combat: bool, ev: &mut Vec<Event>) -> bool {
    if !policy::lethal_damage_kills(&game.readings, combat) {
        return false;
    }
    let mut changed = false;
    for card in game.all_cards() {
        let (kind, token) = (game.catalog.card(card).kind, game.catalog.card(card).token);
        let st = game.card_state(card);
        if kind != CardKind::Unit || st.damage == 0 {
            continue;
        }
        let Some(might) = game.might(card) else {
            continue;
        };
        if i16::from(st.damage) >= i16::from(might.max(0)) {
            kill(game, card, token, ev);
            changed = true;
        }
    }
    changed
}

/// 428: a permanent is killed: it goes from the board to its owner's Trash (056), and a token
/// ceases to exist (183.1).
pub(crate) fn kill(game: &mut Game, card: crate::card::CardId, token: bool, ev: &mut Vec<Event>) {
    let to = policy::killed_to(&game.readings);
    leave_board(game, card, to, Event::Killed { card }, ev);
    if token {
        ev.push(Event::CeasedToExist { card });
    }
}

/// A card leaves the board for a non-Board zone of its owner (056), which `why` says: it becomes
/// a new object with no damage, no exhaustion and no lasting effects (110), controlled by its
/// owner; a token ceases to exist instead (183.1). Equipment attached to it comes off and stays
/// where it last was (435.4.b).
pub(crate) fn leave_board(
    game: &mut Game,
    card: crate::card::CardId,
    to: Zone,
    why: Event,
    ev: &mut Vec<Event>,
) {
    let def = game.catalog.card(card);
    let owner = def.owner;
    let token = def.token;
    let was = game.s.cards[card.index()].zone;
    ev.push(why);
    // 435.4.b: what was attached comes off and stays at the unit's last location.
    for gear in game.catalog.equipment.iter() {
        if game.s.cards[gear.index()].zone != Zone::Attached(card) {
            continue;
        }
        let at = policy::detached_to(&game.readings, was, to);
        let gear_owner = game.catalog.card(gear).owner;
        let st = &mut game.s.cards[gear.index()];
        st.zone = at;
        if at.on_board() {
            ev.push(Event::Detached {
                card: gear,
                from: card,
                at,
            });
        } else {
            st.controller = gear_owner;
            st.exhausted = false;
        }
    }
    let st = &mut game.s.cards[card.index()];
    st.zone = if token { Zone::Nowhere } else { to };
    st.controller = owner;
    st.damage = 0;
    st.exhausted = false;
    super::lasting::left_board(game, card);
}

/// 323.7: permanents and runes in a Base other than their controller's are Recalled; hidden cards
/// at a battlefield their controller does not control go to their owner's Trash (107.3.d).
fn recall_misplaced(game: &mut Game, ev: &mut Vec<Event>) -> bool {
    let mut changed = false;
    for card in game.all_cards() {
        let st = game.card_state(card);
        match st.zone {
            Zone::Base(_) => changed |= movement::recall(game, card, ev),
            // 452.1, 435.4.a: equipment left at a battlefield, attached to nothing, goes home.
            Zone::Field(_) if game.catalog.card(card).kind == CardKind::Gear => {
                changed |= movement::recall(game, card, ev);
            }
            Zone::Facedown(bf) if game.field(bf).controller != Some(st.controller) => {
                leave_board(game, card, Zone::Trash, Event::HiddenLost { card }, ev);
                changed = true;
            }
            _ => {}
        }
    }
    changed
}

/// 323.4, 187.4.c: in an Open state, a player loses control of a battlefield where none of their
/// units are, unless a Showdown or combat is under way there.
fn release_empty_battlefields(game: &mut Game, ev: &mut Vec<Event>) -> bool {
    if game.is_closed() {
        return false;
    }
    let running = game.running();
    let mut changed = false;
    for bf in game.all_battlefields() {
        if Some(bf) != running
            && let Some(controller) = game.s.fields[bf.index()].controller
            && !game.occupants(bf).contains(controller)
        {
            game.s.fields[bf.index()].controller = None;
            ev.push(Event::BattlefieldUncontrolled { battlefield: bf });
            changed = true;
        }
    }
    changed
}

/// 456.2, 323.6-323.7: a staged fight whose contesting player no longer has units there is not
/// run: the Contested status ends.
fn unstage(game: &mut Game, ev: &mut Vec<Event>) -> bool {
    let running = game.running();
    let mut changed = false;
    for bf in game.all_battlefields() {
        if Some(bf) == running {
            continue;
        }
        if let Some(p) = game.s.fields[bf.index()].contested_by
            && !game.occupants(bf).contains(p)
        {
            game.s.fields[bf.index()].contested_by = None;
            ev.push(Event::Unstaged { battlefield: bf });
            changed = true;
        }
    }
    changed
}

/// Points that count for `seats`: a team's members' points together (484.6), a removed player's
/// not at all (policy `leaver-choices`).
pub(crate) fn team_points(game: &Game, seats: SeatSet) -> u16 {
    seats
        .intersection(game.remaining())
        .iter()
        .map(|s| u16::from(game.s.points[s.index()]))
        .sum()
}

/// 323.1, 467: a player (or team) with at least the Victory Score and more points than every
/// opponent wins.
fn check_victory(game: &mut Game, ev: &mut Vec<Event>) {
    let catalog: &Catalog = &game.catalog;
    let mode = catalog.mode;
    let remaining = game.remaining();
    let readings = game.readings;
    let counted = |seat: Seat| policy::points_counted(&readings, mode.team_of(seat), seat);
    for seat in remaining.iter() {
        let team = mode.team_of(seat).intersection(remaining);
        let side = counted(seat).intersection(remaining);
        if side.lowest() != Some(seat) {
            continue;
        }
        let mine = team_points(game, side);
        if mine < u16::from(catalog.victory_score) {
            continue;
        }
        let beats_all = remaining
            .iter()
            .filter(|&o| !team.contains(o))
            .all(|o| team_points(game, counted(o)) < mine);
        if beats_all {
            game.s.finish(team, true);
            ev.push(Event::Won {
                winners: team,
                by_score: true,
            });
            return;
        }
    }
}
