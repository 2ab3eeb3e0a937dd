//! The Chain while it exists (a Closed state, 331): its items, what opened it, who has Priority
//! and who has passed, and the triggers still to be placed.

use arrayvec::ArrayVec;

use crate::card::CardId;
use crate::item::{ItemKind, ItemName, ItemTarget, MAX_CHAIN, MAX_UNPLACED, Opener, Unplaced};
use crate::seat::{Seat, SeatSet};

/// An item on the Chain.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Item {
    /// The spell card, or the card whose ability this is.
    pub source: CardId,
    /// Spell, activated or triggered ability.
    pub kind: ItemKind,
    /// Who controls it (188.4: the controller of its source when it was created; later changes
    /// of the source's control do not change it).
    pub controller: Seat,
    /// Finalized: its choices, costs and legality check are complete (329, 337).
    pub finalized: bool,
    /// What it targets, if anything.
    pub target: Option<ItemTarget>,
}

impl Item {
    /// How observers and events name the item.
    pub fn name(&self) -> ItemName {
        ItemName {
            source: self.source,
            kind: self.kind,
        }
    }
}

/// The Chain while it exists (a Closed state, 331).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Chain {
    /// Items, oldest (bottom) first.
    pub items: ArrayVec<Item, MAX_CHAIN>,
    /// What opened it.
    pub opened_by: Opener,
    /// A player added an item to it (a play or an activation). Kept only for a trigger-opened
    /// Chain under the reading of policy `focus-after-chain` that reads it
    /// (`policy::records_player_items`); otherwise always `false`.
    pub extended: bool,
    /// Who has Priority; `None` while triggers wait to be placed or pending items wait to be
    /// finalized (335.1).
    pub holder: Option<Seat>,
    /// Seats that have passed Priority since the newest item was added or the last resolution
    /// (policy `pass-record`).
    pub passed: SeatSet,
    /// Simultaneous triggers still to be placed, in placement order (383.3.d, 459.2.d.1).
    pub unplaced: ArrayVec<Unplaced, MAX_UNPLACED>,
}

impl Chain {
    /// A new, empty chain.
    pub fn new(opened_by: Opener) -> Chain {
        Chain {
            items: ArrayVec::new(),
            opened_by,
            extended: false,
            holder: None,
            passed: SeatSet::EMPTY,
            unplaced: ArrayVec::new(),
        }
    }

    /// The item whose source is `card`, newest first.
    pub fn item_from(&self, card: CardId) -> Option<&Item> {
        self.items.iter().rev().find(|i| i.source == card)
    }

    /// Where the item called `name` is on the Chain, if it is there.
    pub fn position(&self, name: ItemName) -> Option<usize> {
        self.items.iter().rposition(|i| i.name() == name)
    }

    /// The newest item.
    pub fn newest(&self) -> Option<&Item> {
        self.items.last()
    }

    /// The seat that must place triggers now, if any: the controller of the first waiting
    /// trigger, when they have two or more to order (383.3.d).
    pub fn placer(&self) -> Option<Seat> {
        self.unplaced.first().map(|u| u.controller)
    }
}
