//! Where cards are (107-108) and where units go (144, 355.2.a).

use serde::{Deserialize, Serialize};

use crate::card::{BattlefieldId, CardId};
use crate::seat::Seat;

/// Where a card is (107-108). Non-Board zones belong to the card's owner (056): a card never goes
/// into another player's Hand, Trash or Banishment.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug, Serialize, Deserialize)]
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
    /// On the board, attached to a unit (716-719): an equipment, at the unit's location
    /// (719.3), moving with it and never separately (718.6).
    Attached(CardId),
}

impl Zone {
    /// Whether the zone is on the Board (units, gear, runes and facedown cards).
    pub fn on_board(self) -> bool {
        matches!(
            self,
            Zone::Base(_) | Zone::Field(_) | Zone::Facedown(_) | Zone::Attached(_)
        )
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

impl Zone {
    /// A byte that names the zone, different for every zone (the kind in the high half, the
    /// seat or battlefield in the low half; both are below 16; a card attached to the unit
    /// with index `i`, below 32, is `0xa0 + i`).
    pub fn code(self) -> u8 {
        let low = |i: usize| i as u8 & 0x0f;
        match self {
            Zone::Hand => 0x00,
            Zone::Base(s) => 0x10 | low(s.index()),
            Zone::Field(b) => 0x20 | low(b.index()),
            Zone::Facedown(b) => 0x30 | low(b.index()),
            Zone::Chain => 0x40,
            Zone::Trash => 0x50,
            Zone::Banishment => 0x60,
            Zone::Removed => 0x70,
            Zone::Nowhere => 0x80,
            Zone::Attached(c) => 0xa0 | (c.index() as u8 & 0x1f),
        }
    }
}

/// One byte per zone ([`Zone::code`]): the model checker hashes every card's zone in every state.
impl std::hash::Hash for Zone {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        state.write_u8(self.code());
    }
}

#[cfg(test)]
mod code_tests {
    use super::*;
    use crate::card::MAX_BATTLEFIELDS;

    /// Two zones that differ have different codes, so hashing the code loses nothing.
    #[test]
    fn every_zone_has_its_own_code() {
        let mut zones = vec![
            Zone::Hand,
            Zone::Chain,
            Zone::Trash,
            Zone::Banishment,
            Zone::Removed,
            Zone::Nowhere,
        ];
        for i in 0..4 {
            zones.extend(Seat::from_index(i).map(Zone::Base));
        }
        for i in 0..MAX_BATTLEFIELDS {
            let b = BattlefieldId::from_index(i);
            zones.push(Zone::Field(b));
            zones.push(Zone::Facedown(b));
        }
        for i in 0..crate::card::MAX_CARDS {
            zones.push(Zone::Attached(crate::card::CardId::from_index(i)));
        }
        let mut codes: Vec<u8> = zones.iter().map(|z| z.code()).collect();
        codes.sort_unstable();
        codes.dedup();
        assert_eq!(codes.len(), zones.len());
    }
}
