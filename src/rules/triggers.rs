//! Triggered abilities going on the Chain (383.3): simultaneous triggers are placed player by
//! player in the order of policy `combat-trigger-order`, each player ordering their own
//! (383.3.d); placed triggers are pending until all are placed, then finalized oldest first
//! (337.1) and the controller of the newest gains Priority (337.1.c.3).

use crate::card::{Ability, CardId, TriggerEvent};
use crate::error::RuleError;
use crate::event::{Event, PriorityWhy};
use crate::game::Game;
use crate::game::chain::{Chain, Item};
use crate::game::policy::Emptied;
use crate::item::{ItemKind, Opener, Unplaced};
use crate::seat::{Seat, SeatSet};

use super::chain;

/// Simultaneous triggers fire: they wait on the Chain (opening it, as a trigger-opened chain, if
/// there was none) to be placed in `waiting`'s order, once the tasks outstanding are done
/// (335.1; never while an item resolves, 157.3.a): [`super::settle`] places them.
pub(crate) fn fire(game: &mut Game, waiting: Vec<Unplaced>) {
    if waiting.is_empty() {
        return;
    }
    let chain = game
        .s
        .chain
        .get_or_insert_with(|| Chain::new(Opener::Trigger));
    chain.holder = None;
    for u in waiting {
        let _ = chain.unplaced.try_push(u);
    }
    game.pending.placing = true;
}

/// Places every trigger that needs no choice: the first waiting player's trigger when it is their
/// only one. Stops at a player with two or more, who must order them (383.3.d). When none wait,
/// the pending items are finalized and Priority established.
pub(crate) fn advance(game: &mut Game, ev: &mut Vec<Event>) {
    loop {
        let Some(chain) = game.s.chain.as_ref() else {
            return;
        };
        let Some(first) = chain.unplaced.first().copied() else {
            break;
        };
        let theirs = chain
            .unplaced
            .iter()
            .filter(|u| u.controller == first.controller)
            .count();
        if theirs >= 2 {
            ev.push(Event::TriggersWaiting {
                seat: first.controller,
            });
            return;
        }
        place_at(game, 0, ev);
    }
    finalize(game, ev);
}

/// Moves the `index`-th waiting trigger onto the Chain as a pending item.
fn place_at(game: &mut Game, index: usize, ev: &mut Vec<Event>) {
    let Some(chain) = game.s.chain.as_mut() else {
        return;
    };
    let u = chain.unplaced.remove(index);
    let item = Item {
        source: u.source,
        kind: ItemKind::Triggered,
        controller: u.controller,
        finalized: false,
        target: None,
    };
    let _ = chain.items.try_push(item);
    ev.push(Event::ItemAdded {
        item: item.name(),
        controller: u.controller,
    });
}

/// 337: pending items are finalized oldest first; the controller of the newest item gains
/// Priority and a new round of passes begins. A chain left with nothing on it closes.
fn finalize(game: &mut Game, ev: &mut Vec<Event>) {
    let Some(chain) = game.s.chain.as_mut() else {
        return;
    };
    for item in chain.items.iter_mut().filter(|i| !i.finalized) {
        item.finalized = true;
        ev.push(Event::Finalized { item: item.name() });
    }
    chain.passed = SeatSet::EMPTY;
    match chain.newest().map(|i| i.controller) {
        Some(newest) => chain::give_priority(game, newest, PriorityWhy::Finalized),
        // Nothing was placed: a removal took the waiting triggers away (652.4, 651.3).
        None => chain::close_chain(game, Emptied::Removal),
    }
}

/// Placing a waiting trigger: only the player whose turn it is to place (383.3.d), and only one
/// of their own.
pub(crate) fn check_place(game: &Game, seat: Seat, card: CardId) -> Result<(), RuleError> {
    let chain = game.s.chain.as_ref();
    match chain.and_then(|c| c.placer()) {
        Some(placer) if placer != seat => Err(RuleError::AwaitingChoice { chooser: placer }),
        Some(_)
            if chain.is_some_and(|c| {
                c.unplaced
                    .iter()
                    .any(|u| u.controller == seat && u.source == card)
            }) =>
        {
            Ok(())
        }
        _ => Err(RuleError::NoSuchTrigger { seat, card }),
    }
}

/// Places the chosen trigger next; the rest are placed once the Cleanup that follows has run.
pub(crate) fn place(game: &mut Game, seat: Seat, card: CardId, ev: &mut Vec<Event>) {
    let index = game.s.chain.as_ref().and_then(|c| {
        c.unplaced
            .iter()
            .position(|u| u.controller == seat && u.source == card)
    });
    if let Some(index) = index {
        place_at(game, index, ev);
    }
    game.pending.placing = true;
}

/// The triggered abilities of permanents on the board that `fires` selects, grouped by
/// controller in `order`; within a group, catalog order (the controller then orders them).
pub(crate) fn triggered(
    game: &Game,
    fires: impl Fn(TriggerEvent, crate::card::CardId) -> bool,
    order: &[Seat],
) -> Vec<Unplaced> {
    let mut out = Vec::new();
    for &seat in order {
        for card in game.all_cards() {
            let def = game.catalog.card(card);
            let st = game.card_state(card);
            if let Some(Ability::Triggered { when, .. }) = def.ability
                && matches!(
                    st.zone,
                    crate::zone::Zone::Base(_) | crate::zone::Zone::Field(_)
                )
                && st.controller == seat
                && fires(when, card)
            {
                out.push(Unplaced {
                    source: card,
                    controller: seat,
                });
            }
        }
    }
    out
}
