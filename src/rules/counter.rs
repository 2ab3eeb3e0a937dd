//! Countering an item (425): an item's effect does it, and so does the removal of the item's
//! controller (652.4).

use crate::event::Event;
use crate::game::Game;
use crate::game::policy;
use arrayvec::ArrayVec;

use crate::item::{ItemKind, ItemName, ItemTarget, MAX_CHAIN};
use crate::zone::Zone;

/// 425, 359.3.e: once the item a Counter (or any item) targets has left the Chain, that target
/// is gone for good: the item will do nothing to it, and nothing it does can reach a later item
/// of the same name (an ability activated again next turn). So the target is forgotten: two games
/// that differ only in which departed item was targeted are one game.
pub(crate) fn forget_departed_targets(game: &mut Game) {
    let Some(chain) = game.s.chain.as_mut() else {
        return;
    };
    let on_chain: ArrayVec<ItemName, MAX_CHAIN> = chain.items.iter().map(|i| i.name()).collect();
    for item in &mut chain.items {
        if let Some(ItemTarget::Item(name)) = item.target
            && !on_chain.contains(&name)
        {
            item.target = None;
        }
    }
}

/// Counters an item (425): it is cleared from the Chain without resolving; a spell card goes to
/// its owner's Trash, or out of the game if its owner has been removed (unless the removal took
/// it out already, 652.3). `by_removal` when its
/// controller's removal counters it (652.4) rather than an effect. Returns whether it was on the
/// Chain.
pub(crate) fn counter_item(
    game: &mut Game,
    name: ItemName,
    by_removal: bool,
    ev: &mut Vec<Event>,
) -> bool {
    let leaves = policy::countered_item_leaves(&game.readings);
    let Some(chain) = game.s.chain.as_mut() else {
        return false;
    };
    let Some(pos) = chain.position(name) else {
        return false;
    };
    if !leaves {
        let item = chain.items[pos];
        ev.push(Event::Countered {
            item: item.name(),
            by_removal,
        });
        return true;
    }
    let item = chain.items.remove(pos);
    ev.push(Event::Countered {
        item: item.name(),
        by_removal,
    });
    if item.kind == ItemKind::Spell {
        let owner = game.catalog.card(item.source).owner;
        game.s.cards[item.source.index()].controller = owner;
        if game.zone(item.source) == Zone::Removed {
            // 652.3 took the card out of the game before 652.4 countered its item.
        } else if game.removed().contains(owner) {
            game.set_zone(item.source, Zone::Removed);
            ev.push(Event::RemovedFromGame { card: item.source });
        } else {
            game.set_zone(item.source, Zone::Trash);
            ev.push(Event::Trashed { card: item.source });
        }
    }
    true
}
