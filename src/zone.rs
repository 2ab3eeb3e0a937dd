//! Where cards are (107-108) and where units go (144, 355.2.a).

use serde::{Deserialize, Serialize};

use crate::card::BattlefieldId;
use crate::seat::Seat;

/// Where a card is (107-108). Non-Board zones belong to the card's owner (056): a card never goes
/// into another player's Hand, Trash or Banishment.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Zone {
    /// In its owner's hand.
    Hand,
    /// On the board, in a player's Base (107.1.c). Usually its controller's; a card in another
    /// player's Base is Recalled at the next cleanup (323.7).
    Base(Seat),
    /// On the board, at a battlefield.
    Field(BattlefieldId),
    /// Facedown in a battlefield's facedown zone: a hidden card (107.3).
    Facedown(BattlefieldId),
    /// On the Chain, being played.
    Chain,
    /// In its owner's Trash.
    Trash,
    /// In its owner's Banishment (427).
    Banishment,
    /// Removed from the game (652.3).
    Removed,
    /// A token not yet created, or one that ceased to exist (183.1).
    Nowhere,
}

impl Zone {
    /// Whether the zone is on the Board (units, gear, runes and facedown cards).
    pub fn on_board(self) -> bool {
        matches!(self, Zone::Base(_) | Zone::Field(_) | Zone::Facedown(_))
    }
}

/// A location a unit can be played or moved to: a Base or a battlefield.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Location {
    /// The acting player's own Base.
    Base,
    /// A battlefield.
    Field(BattlefieldId),
}
