//! Hiding (421, 811): the Turn Player, at rest in their Main Phase, puts a card with Hidden from
//! their hand facedown at a battlefield they control whose facedown zone is free (107.3).
//! Control is not shared with a teammate, so a teammate's battlefield is not one (484.8.c).

use crate::card::{BattlefieldId, CardId};
use crate::error::RuleError;
use crate::event::Event;
use crate::game::{Game, policy};
use crate::seat::Seat;
use crate::zone::Zone;

use super::priority::need_turn_player_at_rest;

/// Whether `seat` may hide `card` at `at` now.
pub(crate) fn check_hide(
    game: &Game,
    seat: Seat,
    card: CardId,
    at: BattlefieldId,
) -> Result<(), RuleError> {
    let def = game.catalog.card(card);
    // 349: from the player's own hand.
    if game.zone(card) != Zone::Hand || def.owner != seat || def.token {
        return Err(RuleError::NotInHand { seat, card });
    }
    // 811: only a card with Hidden.
    if !def.hidden {
        return Err(RuleError::NotHidden { card });
    }
    // 410.1: a discretionary action, on the player's turn, at rest.
    need_turn_player_at_rest(game, seat)?;
    // 421, 484.8.c: at a battlefield the player controls.
    if !policy::may_hide_at(&game.readings, game.mode(), game.field(at).controller, seat) {
        return Err(RuleError::NotYourBattlefield { seat, at });
    }
    // 107.3: one card in a battlefield's facedown zone.
    if game.all_cards().any(|c| game.zone(c) == Zone::Facedown(at)) {
        return Err(RuleError::FacedownTaken { at });
    }
    Ok(())
}

/// The card goes facedown at the battlefield, under its player's control.
pub(crate) fn hide(
    game: &mut Game,
    seat: Seat,
    card: CardId,
    at: BattlefieldId,
    ev: &mut Vec<Event>,
) {
    let st = &mut game.s.cards[card.index()];
    st.zone = Zone::Facedown(at);
    st.controller = seat;
    ev.push(Event::Hid { seat, card, at });
}
