//! Lasting effects on Might (472.3): made when an item resolves, ended by their duration (317,
//! 315), by the unit leaving the board (110) or, under policy `leaver-durations`, by their player
//! leaving the game (651.3).

use crate::card::{CardId, Lasting, Until};
use crate::event::{Event, Expiry};
use crate::game::Game;
use crate::game::policy;
use crate::seat::Seat;

/// `by`'s effect gives `card` `amount` Might for as long as `until` says. Effects of one player
/// with one duration on one unit add up; one that adds up to nothing is gone.
pub(crate) fn add(
    game: &mut Game,
    card: CardId,
    by: Seat,
    amount: i8,
    until: Until,
    ev: &mut Vec<Event>,
) {
    if amount == 0 {
        return;
    }
    ev.push(Event::Empowered {
        card,
        by,
        amount,
        until,
    });
    let new = Lasting {
        card,
        by,
        until,
        might: amount,
    };
    let list = &mut game.s.lasting;
    match list.binary_search_by_key(&new.key(), Lasting::key) {
        Ok(i) => {
            list[i].might = list[i].might.saturating_add(amount);
            if list[i].might == 0 {
                list.remove(i);
            }
        }
        Err(i) => list.insert(i, new),
    }
}

/// Ends every lasting effect `ends` picks, with an event giving `why`.
fn end_where(game: &mut Game, why: Expiry, ev: &mut Vec<Event>, ends: impl Fn(&Lasting) -> bool) {
    game.s.lasting.retain(|l| {
        if !ends(l) {
            return true;
        }
        ev.push(Event::Expired {
            card: l.card,
            by: l.by,
            amount: l.might,
            why,
        });
        false
    });
}

/// 317: the Expiration step ends every "this turn" effect.
pub(crate) fn turn_ended(game: &mut Game, ev: &mut Vec<Event>) {
    if policy::this_turn_ends_with_turn(&game.readings) {
        end_where(game, Expiry::TurnEnded, ev, |l| l.until == Until::ThisTurn);
    }
}

/// 315, 652.5.a.1: `seat`'s turn begins. "This turn" effects still running belong to a turn
/// handed on without an Ending Phase (its Turn Player left), which is over now; then `seat`'s
/// "until your next turn" effects end.
pub(crate) fn turn_begins(game: &mut Game, seat: Seat, ev: &mut Vec<Event>) {
    if policy::this_turn_ends_with_turn(&game.readings) {
        end_where(game, Expiry::TurnHandedOn, ev, |l| {
            l.until == Until::ThisTurn
        });
        end_where(game, Expiry::NextTurn, ev, |l| {
            l.by == seat && l.until == Until::YourNextTurn
        });
    } else {
        // The misreading: "this turn" lasts until its player's next turn, like the other.
        end_where(game, Expiry::NextTurn, ev, |l| l.by == seat);
    }
}

/// 110: a unit that leaves the board is a new object, with none of the effects that were on it.
pub(crate) fn left_board(game: &mut Game, card: CardId) {
    game.s.lasting.retain(|l| l.card != card);
}

/// Policy `leaver-durations` (651.3): the effects of a player who left, on units still on the
/// board, end at once, or run their course.
pub(crate) fn player_left(game: &mut Game, leaver: Seat, ev: &mut Vec<Event>) {
    if policy::leaver_durations_end(&game.readings) {
        end_where(game, Expiry::PlayerLeft, ev, |l| l.by == leaver);
    }
}
