//! A table: a setup that has been validated, with names resolved to the catalog's ids. Every
//! engine builds its own state from it; nothing here is any engine's state.

use std::sync::Arc;

use crate::card::{BattlefieldId, CardId, Catalog};
use crate::item::{ItemKind, ItemTarget, Opener};
use crate::readings::Readings;
use crate::seat::{Seat, SeatSet};
use crate::zone::Zone;

/// A validated setup: a possible table and game in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    /// What never changes: the mode, the Victory Score, the cards and battlefields.
    pub catalog: Arc<Catalog>,
    /// The readings the game is played under.
    pub readings: Readings,
    /// Seats already removed.
    pub removed: SeatSet,
    /// The Turn Player.
    pub turn: Seat,
    /// Points per seat.
    pub points: [u8; 4],
    /// Energy per seat.
    pub energy: [u8; 4],
    /// Every card, by id: where it starts.
    pub cards: Vec<CardStart>,
    /// Every battlefield, by id.
    pub battlefields: Vec<FieldStart>,
    /// The Chain, bottom first.
    pub chain: Vec<ItemStart>,
    /// What opened the Chain.
    pub opened_by: Opener,
    /// Who has Priority on the Chain (when there is one).
    pub priority: Option<Seat>,
    /// Who has passed Priority since the newest item was added.
    pub passed: SeatSet,
    /// The Showdown in progress.
    pub showdown: Option<ShowdownStart>,
    /// The teammate the Turn Player has invited to act.
    pub invited: Option<Seat>,
}

/// Where a card starts and in what state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CardStart {
    /// Its zone.
    pub zone: Zone,
    /// Its controller (its owner off the board and the Chain).
    pub controller: Seat,
    /// Exhausted.
    pub exhausted: bool,
    /// Damage marked.
    pub damage: u8,
}

/// A battlefield's starting state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FieldStart {
    /// Its controller.
    pub controller: Option<Seat>,
    /// Already a token battlefield.
    pub token: bool,
    /// Who contests it.
    pub contested_by: Option<Seat>,
}

/// An item on the Chain at the start (finalized).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ItemStart {
    /// Its spell card or source.
    pub source: CardId,
    /// Spell, activated or triggered ability.
    pub kind: ItemKind,
    /// Its controller.
    pub controller: Seat,
    /// Its target.
    pub target: Option<ItemTarget>,
}

/// A Showdown in progress at the start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShowdownStart {
    /// Where.
    pub at: BattlefieldId,
    /// Who has Focus.
    pub focus: Seat,
    /// Who has passed Focus.
    pub passed: SeatSet,
    /// Attacker and Defender, for a combat.
    pub combat: Option<(Seat, Seat)>,
}
