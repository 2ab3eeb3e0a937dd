//! What a setup says: a table and a game in progress, described by names (the `[setup]` of a
//! scenario file), before anything checks that it is possible.

use crate::card::{CardKind, Timing, TriggerEvent};
use crate::item::{ItemKind, Opener};
use crate::mode::Mode;
use crate::readings::Readings;
use crate::seat::{Seat, SeatSet};

/// A table and the state of a game on it, described by names. [`Setup::validate`] makes a
/// [`crate::setup::Table`] of it; an engine builds its game from that (the reference engine:
/// `Game::from_setup`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The mode of play; it fixes the seats (A first) and which battlefields are in use.
    pub mode: Mode,
    /// The Turn Player.
    pub turn: Seat,
    /// Seats already removed from the game.
    pub removed: Vec<Seat>,
    /// Points needed to win; the mode's Victory Score when `None`.
    pub victory_score: Option<u8>,
    /// The readings the game is played under: the project's, unless a scenario chooses
    /// another reading of a policy, or a check makes the engine under test commit a rule fault.
    pub readings: Readings,
    /// Points each seat has.
    pub points: Vec<(Seat, u8)>,
    /// Energy in each seat's Rune Pool.
    pub energy: Vec<(Seat, u8)>,
    /// The battlefields in use; one per contributing seat, named after it, when empty.
    pub battlefields: Vec<BattlefieldSetup>,
    /// Every card of the game: in hands, on the board, on the Chain, and elsewhere.
    pub cards: Vec<CardSetup>,
    /// The Chain, bottom first; empty for an Open state.
    pub chain: Vec<ItemSetup>,
    /// Who has Priority on the Chain (required when the Chain is not empty).
    pub priority: Option<Seat>,
    /// Who has passed Priority since the newest item was added.
    pub passed: Vec<Seat>,
    /// What opened the Chain.
    pub opened_by: Opener,
    /// The Showdown in progress, if any.
    pub showdown: Option<ShowdownSetup>,
    /// A teammate the Turn Player has invited to act (Magma Chamber).
    pub invited: Option<Seat>,
}

/// A battlefield in use.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BattlefieldSetup {
    /// Its name.
    pub name: String,
    /// Who contributed it.
    pub contributor: Seat,
    /// "Units here have +N Might" (0 for none).
    pub might_bonus: i8,
    /// Who controls it.
    pub controller: Option<Seat>,
    /// Already replaced by a token battlefield (its contributor has been removed).
    pub token: bool,
    /// Who contested it, if it is Contested.
    pub contested_by: Option<Seat>,
}

/// Where a card starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ZoneSetup {
    /// Its owner's hand.
    Hand,
    /// A player's Base.
    Base(Seat),
    /// A battlefield, by name.
    Field(String),
    /// Facedown at a battlefield, by name.
    Facedown(String),
    /// On the Chain (a spell named by a chain item).
    Chain,
    /// Its owner's Trash.
    Trash,
    /// Its owner's Banishment.
    Banishment,
    /// Removed from the game.
    Removed,
    /// A token not yet created.
    Nowhere,
    /// Attached to the named unit (716-719): an equipment.
    Attached(String),
}

/// What a spell or ability does, by names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EffectSetup {
    /// Nothing.
    Nothing,
    /// Counter target item.
    Counter,
    /// Gain control of target unit.
    GainControl,
    /// Move target unit to the named battlefield.
    MoveTo(String),
    /// Move every unit at a battlefield chosen when played to the named battlefield.
    MoveAllTo(String),
    /// Play the named token at the named battlefield (or one chosen when played), then 1 damage
    /// to each enemy unit there.
    PlayToken {
        /// The battlefield, or `None` for the player's choice.
        at: Option<String>,
        /// The token card.
        token: String,
    },
    /// Deal this much damage to target unit (417).
    Deal(u8),
    /// Kill target unit (428).
    Kill,
    /// Move target unit to a battlefield chosen as the spell is played (355.4.a).
    MoveToChosen,
    /// Attach this gear to target unit you control (818): an ability of equipment.
    Equip,
    /// Target unit gets this much Might for as long as `until` says (472.3, 317, 315).
    Might {
        /// The Might, -9 to 9 and not 0.
        amount: i8,
        /// How long.
        until: crate::card::Until,
    },
}

/// A permanent's or rune's ability.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AbilitySetup {
    /// "Exhaust: Add 1 Energy" (Reaction).
    Add,
    /// "Exhaust: \[timing\] effect".
    Activated {
        /// Its timing.
        timing: Timing,
        /// Its effect.
        effect: EffectSetup,
    },
    /// "When event, effect".
    Triggered {
        /// The event.
        when: TriggerEvent,
        /// Its effect (no targets).
        effect: EffectSetup,
    },
}

/// A card.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardSetup {
    /// Its name, unique in the game.
    pub name: String,
    /// Its type.
    pub kind: CardKind,
    /// Its owner.
    pub owner: Seat,
    /// Its controller on the board or the Chain; the owner when `None`.
    pub controller: Option<Seat>,
    /// Where it is.
    pub zone: ZoneSetup,
    /// Printed Might (units).
    pub might: i8,
    /// Timing permission for playing it.
    pub timing: Timing,
    /// Energy cost.
    pub cost: u8,
    /// What it does (spells).
    pub effect: EffectSetup,
    /// Its ability (permanents and runes).
    pub ability: Option<AbilitySetup>,
    /// Exhausted (on the board).
    pub exhausted: bool,
    /// Damage marked (units on the board).
    pub damage: u8,
    /// A token, created by an effect.
    pub token: bool,
    /// Hidden (811): it may be hidden facedown at a battlefield its owner controls (421).
    pub hidden: bool,
}

impl CardSetup {
    /// A card with everything but its name, type, owner and zone at the defaults.
    pub fn new(name: &str, kind: CardKind, owner: Seat, zone: ZoneSetup) -> CardSetup {
        CardSetup {
            name: name.to_string(),
            kind,
            owner,
            controller: None,
            zone,
            might: 0,
            timing: Timing::Normal,
            cost: 0,
            effect: EffectSetup::Nothing,
            ability: None,
            exhausted: false,
            damage: 0,
            token: false,
            hidden: false,
        }
    }
}

/// An item on the Chain.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ItemSetup {
    /// The spell card, or the card whose ability it is.
    pub source: String,
    /// Spell, activated or triggered ability.
    pub kind: ItemKind,
    /// Its controller.
    pub controller: Seat,
    /// Its target: an item below it (by source name), a unit, or a battlefield.
    pub target: Option<String>,
}

/// A Showdown in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShowdownSetup {
    /// The battlefield, by name.
    pub at: String,
    /// Who has Focus.
    pub focus: Seat,
    /// Who has passed Focus since the last play.
    pub passed: Vec<Seat>,
    /// Attacker and Defender, if it is a combat's Showdown.
    pub combat: Option<(Seat, Seat)>,
}

impl Setup {
    /// A table of `mode` at the start of A's turn, with default battlefields and no cards.
    pub fn new(mode: Mode) -> Setup {
        Setup {
            mode,
            turn: Seat::A,
            removed: Vec::new(),
            victory_score: None,
            readings: Readings::default(),
            points: Vec::new(),
            energy: Vec::new(),
            battlefields: Vec::new(),
            cards: Vec::new(),
            chain: Vec::new(),
            priority: None,
            passed: Vec::new(),
            opened_by: Opener::Play,
            showdown: None,
            invited: None,
        }
    }

    /// This setup with the engine under test making `fault` (a reading known to be wrong), if
    /// any. The spec ignores rule faults.
    pub fn with_fault(&self, fault: Option<crate::readings::Fault>) -> Setup {
        let mut s = self.clone();
        if let Some(f) = fault {
            s.readings = f.apply(s.readings);
        }
        s
    }

    /// The battlefields this setup puts in use: the listed ones, or one per contributing seat
    /// named `"<seat>'s Battlefield"`.
    pub fn battlefields_in_use(&self) -> Vec<BattlefieldSetup> {
        if !self.battlefields.is_empty() {
            return self.battlefields.clone();
        }
        let removed: SeatSet = self.removed.iter().copied().collect();
        self.mode
            .contributors()
            .iter()
            .map(|s| BattlefieldSetup {
                name: format!("{s}'s Battlefield"),
                contributor: s,
                might_bonus: 0,
                controller: None,
                token: removed.contains(s),
                contested_by: None,
            })
            .collect()
    }
}
