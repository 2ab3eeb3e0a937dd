//! Who may act: Priority (312.1), and the Turn Player's actions at rest (316, 144.1, 305).

use crate::error::RuleError;
use crate::game::Game;
use crate::seat::Seat;

/// Refuses a discretionary action by `seat` unless they have Priority (312.1). In a Showdown
/// Open state Priority is the Focus holder's (313.2), and the refusal names Focus.
pub(crate) fn need_priority(game: &Game, seat: Seat) -> Result<(), RuleError> {
    match game.priority() {
        Some(holder) if holder == seat => Ok(()),
        holder => match (game.focus(), game.is_closed()) {
            (Some(focus), false) => Err(RuleError::NoFocus { seat, focus }),
            _ => Err(RuleError::NoPriority { seat, holder }),
        },
    }
}

/// Refuses an action reserved to the Turn Player in a Neutral Open state, with Priority (316,
/// 144.1, 305): ending the turn, a Standard Move.
pub(crate) fn need_turn_player_at_rest(game: &Game, seat: Seat) -> Result<(), RuleError> {
    if seat != game.s.turn {
        return Err(RuleError::NotTurnPlayer {
            seat,
            turn: game.s.turn,
        });
    }
    if game.is_closed() || game.in_showdown() {
        return Err(RuleError::NotNeutralOpen { seat });
    }
    need_priority(game, seat)
}
