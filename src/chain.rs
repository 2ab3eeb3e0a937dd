//! The Chain (325-340): its items, what opened it, and the Priority record that goes with it.

use arrayvec::ArrayVec;
use serde::{Deserialize, Serialize};

use crate::card::CardId;
use crate::seat::{Seat, SeatSet};

/// Most items a chain holds at once in this model.
pub const MAX_CHAIN: usize = 32;
/// Most triggers that can wait to be placed at once.
pub const MAX_UNPLACED: usize = 16;

/// An item's identity for the whole game: items are numbered as they are added. Events name items
/// by it, so "the item that was countered" and "the item that resolved" can be compared.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
pub struct ItemId(pub u8);

/// What kind of item (325.2).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ItemKind {
    /// A spell card being played.
    Spell,
    /// An activated ability (399-406). Add abilities never become items (429.2).
    Activated,
    /// A triggered ability (382-392).
    Triggered,
}

/// What opened the chain (policy `focus-after-chain`, 346.1).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Opener {
    /// A player played a card or activated an ability.
    Play,
    /// A triggered ability.
    Trigger,
}

/// An item on the Chain.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Item {
    /// Its number.
    pub id: ItemId,
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

/// A target fixed when an item was played.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ItemTarget {
    /// Another item on the Chain.
    Item(ItemId),
    /// A unit.
    Unit(CardId),
    /// A battlefield chosen as the spell was played (a token's location).
    Location(crate::card::BattlefieldId),
}

/// A triggered ability waiting for its controller to place it on the Chain (383.3.d).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Unplaced {
    /// The card whose ability it is.
    pub source: CardId,
    /// Who controls it and places it.
    pub controller: Seat,
}

/// The Chain while it exists (a Closed state, 331).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Chain {
    /// Items, oldest (bottom) first.
    pub items: ArrayVec<Item, MAX_CHAIN>,
    /// What opened it.
    pub opened_by: Opener,
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
            holder: None,
            passed: SeatSet::EMPTY,
            unplaced: ArrayVec::new(),
        }
    }

    /// The item whose source is `card`, newest first.
    pub fn item_from(&self, card: CardId) -> Option<&Item> {
        self.items.iter().rev().find(|i| i.source == card)
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
