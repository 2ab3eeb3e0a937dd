//! The Chain and Priority on it (311-312, 325-338, 340.4): items going on, Priority moving, the
//! Chain closing. Passing and resolution are in `resolve.rs`.

use crate::event::{Event, PriorityWhy};
use crate::game::chain::{Chain, Item};
use crate::game::policy::{self, Emptied};
use crate::game::{Game, Window};
use crate::item::Opener;
use crate::seat::{Seat, SeatSet};

/// Whether every remaining player has passed Priority in sequence (policy `pass-record`).
pub(crate) fn round_complete(game: &Game, passed: SeatSet) -> bool {
    policy::round_complete(&game.readings, passed, game.remaining())
}

/// The pass record once `leavers` have left: their passes are deleted (652.5; policy
/// `pass-record`).
pub(crate) fn forget_passes(game: &Game, passed: SeatSet, leavers: SeatSet) -> SeatSet {
    policy::forget_passes(&game.readings, passed, leavers)
}

/// Gives Priority on the Chain to `seat` (312.2-312.3), announcing it, with the reason `why`,
/// if it changed hands.
pub(crate) fn give_priority(game: &mut Game, seat: Seat, why: PriorityWhy) {
    if let Some(chain) = game.s.chain.as_mut()
        && chain.holder != Some(seat)
    {
        chain.holder = Some(seat);
        super::award::priority(game, seat, why);
    }
}

/// A player plays a spell or activates an ability: the new item goes on the Chain, finalized at
/// once (its choices were made with the action), opening the Chain if there was none (330). Its
/// controller has Priority (333.1, 337.1.c.3) and a new round of passes begins (policy
/// `pass-record`). In a Showdown the play also starts a new sequence of Focus passes (policy
/// `focus-passes-after-trigger-chain`). A trigger-opened Chain notes that a player added to it
/// where policy `focus-after-chain` reads that.
pub(crate) fn add_played_item(game: &mut Game, mut item: Item, ev: &mut Vec<Event>) {
    item.finalized = true;
    let readings = game.readings;
    // 333.1: the player who creates the Chain is the first to have Priority on it.
    let why = if game.s.chain.is_none() {
        PriorityWhy::CreatedChain
    } else {
        PriorityWhy::Finalized
    };
    let chain = game.s.chain.get_or_insert_with(|| Chain::new(Opener::Play));
    // The capacity is the model's bound; a game beyond it refuses plays in `check_play`.
    let _ = chain.items.try_push(item);
    chain.passed = SeatSet::EMPTY;
    if policy::records_player_items(&readings, chain.opened_by) {
        chain.extended = true;
    }
    ev.push(Event::ItemAdded {
        item: item.name(),
        controller: item.controller,
    });
    if let Window::Showdown(sd) = &mut game.s.window
        && !policy::focus_passes_survive(&readings, Opener::Play)
    {
        sd.passed = SeatSet::EMPTY;
    }
    give_priority(game, item.controller, why);
}

/// 337.1.c: a unit or gear played while a chain exists resolves as soon as it is finalized; the
/// controller of the newest item then gains Priority (337.1.c.3) and everyone must pass again.
/// In a Showdown Open state the play-opened chain is empty at once, by resolution, and Focus
/// passes on (337.1.c.1.a; policy `focus-after-chain`).
pub(crate) fn permanent_resolved(game: &mut Game) {
    let remaining = game.remaining();
    let readings = game.readings;
    if let Some(chain) = game.s.chain.as_mut() {
        chain.passed = SeatSet::EMPTY;
        if let Some(newest) = chain.newest().map(|i| i.controller) {
            give_priority(game, newest, PriorityWhy::Finalized);
        }
    } else if let Window::Showdown(sd) = &mut game.s.window {
        sd.passed = SeatSet::EMPTY;
        if policy::focus_after_chain(&readings, Opener::Play, false, Emptied::Resolved)
            && let Some(next) = policy::next_player(remaining, sd.focus)
        {
            sd.focus = next;
            super::award::focus(game, next);
        }
    }
}

/// After an item left the Chain by resolving: an empty Chain closes; otherwise the controller of
/// the newest remaining item gains Priority (340.4) and a new round of passes begins (policy
/// `pass-record`).
pub(crate) fn after_item_left(game: &mut Game) {
    let Some(chain) = game.s.chain.as_mut() else {
        return;
    };
    if chain.items.is_empty() && chain.unplaced.is_empty() {
        close_chain(game, Emptied::Resolved);
        return;
    }
    chain.passed = SeatSet::EMPTY;
    if let Some(newest) = chain.newest().map(|i| i.controller) {
        give_priority(game, newest, PriorityWhy::Resolved);
    }
}

/// The Chain is empty (`emptied` says how): the state returns to Open (340.2). In a Showdown, a
/// trigger-opened Chain ends the sequence of Focus passes made before it where policy
/// `focus-passes-after-trigger-chain` says so; Focus passes to the next remaining player if a
/// play opened the chain, and stays if a trigger did (policy `focus-after-chain`); the holder of
/// Focus then has Priority (313.2); where Focus stays, its holder has Priority again (346.1). In
/// a Neutral state the Turn Player has Priority again (312.2.a).
pub(crate) fn close_chain(game: &mut Game, emptied: Emptied) {
    let Some(chain) = game.s.chain.take() else {
        return;
    };
    game.s.invited = None;
    let remaining = game.remaining();
    let readings = game.readings;
    if let Window::Showdown(sd) = &mut game.s.window {
        // A play started its own sequence as it was made (`add_played_item`).
        if chain.opened_by == Opener::Trigger
            && !policy::focus_passes_survive(&readings, Opener::Trigger)
        {
            sd.passed = SeatSet::EMPTY;
        }
        if policy::focus_after_chain(&readings, chain.opened_by, chain.extended, emptied)
            && let Some(next) = policy::next_player(remaining, sd.focus)
        {
            sd.focus = next;
            super::award::focus(game, next);
            return;
        }
    }
    if let Some(now) = game.priority()
        && chain.holder != Some(now)
        && remaining.contains(now)
    {
        let why = if game.in_showdown() {
            PriorityWhy::FocusStays
        } else {
            PriorityWhy::NeutralOpen
        };
        super::award::priority(game, now, why);
    }
}
