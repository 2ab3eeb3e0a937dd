//! Passing Priority and resolving the newest item (339-340): a full round of passes resolves it,
//! its effect is carried out, and the Chain goes on or closes.

use crate::error::RuleError;
use crate::event::{Event, PriorityWhy};
use crate::game::Game;
use crate::item::ItemKind;
use crate::seat::Seat;

use super::chain::{after_item_left, give_priority, round_complete};
use super::effects;
use super::priority::need_priority;

/// Passing Priority needs a chain (338: passing is a choice of the Execute step; 339) and
/// Priority (312.1). The exception: a teammate
/// invited to act in a Neutral Open state passes to hand Priority back (316.2.b.1).
pub(crate) fn check_pass(game: &Game, seat: Seat) -> Result<(), RuleError> {
    if !game.is_closed() && game.s.invited != Some(seat) {
        return Err(RuleError::NoChainToPass { seat });
    }
    need_priority(game, seat)
}

/// 339: the holder passes. If every remaining player has now passed since the newest item was
/// added, the newest item resolves (340); otherwise Priority goes to the next player in turn
/// order (312.2.d).
pub(crate) fn pass(game: &mut Game, seat: Seat, ev: &mut Vec<Event>) {
    ev.push(Event::Passed { seat });
    let remaining = game.remaining();
    let Some(chain) = game.s.chain.as_mut() else {
        // 316.2.b.1: the invited teammate hands the Turn Player's Priority back.
        game.s.invited = None;
        super::award::priority(game, game.s.turn, PriorityWhy::NeutralOpen);
        return;
    };
    chain.passed.insert(seat);
    let passed = chain.passed;
    if round_complete(game, passed) {
        resolve_newest(game, ev);
    } else if let Some(next) = remaining.next_after(seat) {
        give_priority(game, next, PriorityWhy::Passed);
    }
}

/// 340: the newest item resolves completely, then leaves the Chain.
pub(crate) fn resolve_newest(game: &mut Game, ev: &mut Vec<Event>) {
    let Some(item) = game.s.chain.as_mut().and_then(|c| c.items.pop()) else {
        return;
    };
    ev.push(Event::Resolved { item: item.name() });
    let catalog = game.catalog.clone();
    let def = catalog.card(item.source);
    let effect = match item.kind {
        ItemKind::Spell => Some(def.effect),
        ItemKind::Activated | ItemKind::Triggered => match def.ability {
            Some(crate::card::Ability::Activated { effect, .. })
            | Some(crate::card::Ability::Triggered { effect, .. }) => Some(effect),
            _ => None,
        },
    };
    if let Some(effect) = effect {
        effects::execute(game, &item, effect, ev);
    }
    // Read `triggers-first`, the triggers it fired are placed and finalized before it finishes.
    if !crate::game::policy::item_completes_first(&game.readings)
        && std::mem::take(&mut game.pending.placing)
    {
        super::triggers::advance(game, ev);
    }
    if item.kind == ItemKind::Spell {
        // 340: a resolved spell goes to its owner's Trash (056).
        game.set_zone(item.source, crate::zone::Zone::Trash);
        game.s.cards[item.source.index()].controller = def.owner;
        ev.push(Event::Trashed { card: item.source });
    }
    after_item_left(game);
}
