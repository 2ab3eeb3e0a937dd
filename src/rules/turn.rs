//! Turns (301-317): ending a turn, beginning the next, and the Turn Player's invitation to a
//! teammate (316.2.b.1, 484.8.a).

use crate::card::CardKind;
use crate::error::RuleError;
use crate::event::{Event, PriorityWhy, ScoreKind};
use crate::game::Game;
use crate::game::policy;
use crate::seat::Seat;
use crate::zone::Zone;

use super::control;
use super::priority::{need_priority, need_turn_player_at_rest};

/// The Turn Player ends their turn (316, 317), in a Neutral Open state (305) with Priority.
pub(crate) fn check_end_turn(game: &Game, seat: Seat) -> Result<(), RuleError> {
    need_turn_player_at_rest(game, seat)
}

/// 317: the Ending Phase heals every unit, ends "this turn" effects and empties Rune Pools; then the next remaining player
/// in turn order takes their turn (317.3).
pub(crate) fn end_turn(game: &mut Game, seat: Seat, ev: &mut Vec<Event>) {
    ev.push(Event::TurnEnded { seat });
    for card in game.all_cards() {
        if game.catalog.card(card).kind == CardKind::Unit {
            game.s.cards[card.index()].damage = 0;
        }
    }
    super::lasting::turn_ended(game, ev);
    game.s.energy = [0; 4];
    game.s.invited = None;
    if let Some(next) = policy::next_player(game.remaining(), seat) {
        game.s.turn = next;
        ev.push(Event::TurnTo { seat: next });
        begin_turn(game, next, ev);
    }
}

/// The Start of Turn (315) for `seat`, already the Turn Player: their "until your next turn"
/// effects end (and "this turn" effects of a turn handed on by a removal, 652.5.a.1); Awaken readies everything they
/// control; in the Beginning Phase they Hold each battlefield they control (464); Rune Pools
/// empty; then their Main Phase, with Priority (310.1.a).
pub(crate) fn begin_turn(game: &mut Game, seat: Seat, ev: &mut Vec<Event>) {
    ev.push(Event::TurnBegan { seat });
    super::lasting::turn_begins(game, seat, ev);
    game.s.turn_begun = true;
    game.s.invited = None;
    for field in game.s.fields.iter_mut() {
        field.scored = crate::seat::SeatSet::EMPTY;
    }
    (game.s.mates_controlled, game.s.mates_occupied) = game.mates_fields(seat);
    for card in game.all_cards() {
        let st = &mut game.s.cards[card.index()];
        if st.controller == seat && matches!(st.zone, Zone::Base(_) | Zone::Field(_)) {
            st.exhausted = false;
        }
    }
    for bf in game.all_battlefields() {
        if game.s.fields[bf.index()].controller == Some(seat) {
            control::score(game, bf, seat, ScoreKind::Hold, ev);
        }
    }
    game.s.energy = [0; 4];
}

/// Magma Chamber: the Turn Player, with Priority in a Neutral Open state, may invite their
/// teammate to act with it (316.2.b.1, 484.8.a).
pub(crate) fn check_invite(game: &Game, seat: Seat, teammate: Seat) -> Result<(), RuleError> {
    if seat != game.s.turn
        || !game.mode().teammates(seat, teammate)
        || !game.remaining().contains(teammate)
    {
        return Err(RuleError::NotATeammate { seat, teammate });
    }
    if game.is_closed() || game.in_showdown() {
        return Err(RuleError::NotNeutralOpen { seat });
    }
    need_priority(game, seat)
}

/// The invited teammate now holds the Turn Player's Priority until they pass it back or a chain
/// they open closes.
pub(crate) fn invite(game: &mut Game, teammate: Seat, ev: &mut Vec<Event>) {
    game.s.invited = Some(teammate);
    ev.push(Event::Invited { seat: teammate });
    super::award::priority(game, teammate, PriorityWhy::Invited);
}
