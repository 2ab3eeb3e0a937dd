//! Where cards are, and the changing state of cards and battlefields (107-108, 168-171, 185-189).

use serde::{Deserialize, Serialize};

use crate::card::BattlefieldId;
use crate::seat::{Seat, SeatSet};

/// Most cards a game holds in this model.
pub const MAX_CARDS: usize = 32;
/// Most battlefields in use (480-484: at most three; a fourth would be a table of four without a
/// set-aside battlefield, which no mode has).
pub const MAX_BATTLEFIELDS: usize = 4;

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

/// The changing part of a card.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct CardState {
    /// Where it is.
    pub zone: Zone,
    /// Who controls it while it is on the board (188); its owner elsewhere.
    pub controller: Seat,
    /// Exhausted (turned) or ready.
    pub exhausted: bool,
    /// Damage marked on it (units).
    pub damage: u8,
}

/// The changing part of a battlefield.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct FieldState {
    /// Who controls it (187); `None` when uncontrolled.
    pub controller: Option<Seat>,
    /// Replaced by a token battlefield with no abilities (652.2.a).
    pub token: bool,
    /// The player whose units applied Contested to it (445, 187.3.a), while it lasts.
    pub contested_by: Option<Seat>,
    /// Players who have scored it this turn (464-465).
    pub scored: SeatSet,
}
