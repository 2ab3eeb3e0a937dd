//! Items on the Chain as the rules and observers name them (325-340): what kind of item, what
//! opened the Chain, what an item targets, and a triggered ability waiting to be placed.

use serde::{Deserialize, Serialize};

use crate::card::CardId;
use crate::seat::Seat;

/// Most items a chain holds at once in this model.
pub const MAX_CHAIN: usize = 32;
/// Most triggers that can wait to be placed at once.
pub const MAX_UNPLACED: usize = 16;

/// What kind of item (325.2).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
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

/// An item as observers name it: by what it is, its spell card or the card whose ability it is,
/// and its kind ("Firebolt", "Sentry's trigger"). Never by a number an engine gave it: two items of
/// one name are never on the Chain at once here (a spell card is played once; an ability's cost
/// is "exhaust"; a trigger fires once per Showdown or combat, and a chain empties before another
/// begins).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct ItemName {
    /// The spell card, or the card whose ability it is.
    pub source: CardId,
    /// Spell, activated or triggered ability.
    pub kind: ItemKind,
}

impl ItemName {
    /// The item's name with names from `catalog`: the spell's name, "X's ability" or
    /// "X's trigger".
    pub fn text(self, catalog: &crate::card::Catalog) -> String {
        let name = catalog
            .cards
            .get(self.source.index())
            .map_or("?", |c| c.name.as_str());
        match self.kind {
            ItemKind::Spell => name.to_string(),
            ItemKind::Activated => format!("{name}'s ability"),
            ItemKind::Triggered => format!("{name}'s trigger"),
        }
    }
}

/// A target fixed when an item was played.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum ItemTarget {
    /// Another item on the Chain.
    Item(ItemName),
    /// A unit.
    Unit(CardId),
    /// A battlefield chosen as the spell was played (a token's location).
    Location(crate::card::BattlefieldId),
    /// A unit and the battlefield chosen for it to move to.
    UnitTo(CardId, crate::card::BattlefieldId),
}

/// A triggered ability waiting for its controller to place it on the Chain (383.3.d).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Unplaced {
    /// The card whose ability it is.
    pub source: CardId,
    /// Who controls it and places it.
    pub controller: Seat,
}
