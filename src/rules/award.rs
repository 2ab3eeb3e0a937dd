//! What waits for the outstanding tasks (335, 320.1): Priority and Focus are awarded, and
//! waiting triggers placed and finalized, only once no Cleanup or other task is outstanding.
//!
//! The rules move Priority and Focus as they go (`chain.holder`, the Showdown's `focus`), but
//! nobody receives either while a task is outstanding: an award made on the way is announced
//! at the point of rest, where the game waits for a player, and only if its player still holds
//! what they were given (a Cleanup may end the game, a Showdown may end, a turn may begin).
//! Triggers that fire are queued; they are placed and finalized once the Cleanup that follows
//! has run (335.1-335.2), never while an item resolves (157.3.a).

use crate::event::{Event, PriorityWhy};
use crate::game::Game;
use crate::seat::Seat;

/// `seat` receives Priority for the reason `why`, announced once the game rests.
pub(crate) fn priority(game: &mut Game, seat: Seat, why: PriorityWhy) {
    let p = &mut game.pending;
    p.priority = Some((seat, why, p.made));
    p.made = p.made.saturating_add(1);
}

/// `seat` receives Focus, announced once the game rests.
pub(crate) fn focus(game: &mut Game, seat: Seat) {
    let p = &mut game.pending;
    p.focus = Some((seat, p.made));
    p.made = p.made.saturating_add(1);
}

/// The game rests: a player must act, or the game is over. The last Priority award and the last
/// Focus award are announced, in the order they were made, each only if its player holds it
/// now; a finished game awards nothing (651.1). `made` is where the action's own events end
/// and the Cleanup's begin: read `as-made` (point `awards`), the awards are told there.
pub(crate) fn announce(game: &mut Game, ev: &mut Vec<Event>, made: usize) {
    let p = std::mem::take(&mut game.pending);
    if game.is_over() {
        return;
    }
    // Priority in a Neutral Open state (the Turn Player's, or the invited teammate's) stands
    // only if the state is still Neutral: a Showdown begun since gives it to the Focus holder.
    let neutral = |why| matches!(why, PriorityWhy::NeutralOpen | PriorityWhy::Invited);
    let priority = p
        .priority
        .filter(|&(seat, why, _)| {
            game.priority() == Some(seat) && !(neutral(why) && game.in_showdown())
        })
        .map(|(seat, why, at)| (at, Event::PriorityTo { seat, why }));
    let focus = p
        .focus
        .filter(|&(seat, _)| game.focus() == Some(seat))
        .map(|(seat, at)| (at, Event::FocusTo { seat }));
    // In the order they were made, without a buffer: this runs after every action.
    let (first, second) = match (priority, focus) {
        (Some(p), Some(f)) if f.0 < p.0 => (Some(f), Some(p)),
        both => both,
    };
    let awards = [first, second].into_iter().flatten().map(|(_, e)| e);
    if crate::game::policy::awards_at_rest(&game.readings) {
        ev.extend(awards);
    } else {
        let at = made.min(ev.len());
        ev.splice(at..at, awards);
    }
}
