//! The catalog: what each card, ability and battlefield of a game is. Nothing here changes while
//! a game is played; the changing part of a card (where it is, who controls it) lives in the
//! game state.

use serde::{Deserialize, Serialize};

use crate::mode::Mode;
use crate::seat::Seat;

/// Most cards a game holds in this model.
pub const MAX_CARDS: usize = 32;
/// Most battlefields in use (480-484: at most three; a fourth would be a table of four without a
/// set-aside battlefield, which no mode has).
pub const MAX_BATTLEFIELDS: usize = 4;

/// A card of the game, by its position in the catalog.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
pub struct CardId(pub(crate) u8);

impl CardId {
    /// The card at position `index` of the catalog.
    pub fn from_index(index: usize) -> CardId {
        CardId(index as u8)
    }

    /// Position in the catalog.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A battlefield of the game, by its position in the catalog.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
pub struct BattlefieldId(pub(crate) u8);

impl BattlefieldId {
    /// The battlefield at position `index` of the catalog.
    pub fn from_index(index: usize) -> BattlefieldId {
        BattlefieldId(index as u8)
    }

    /// Position in the catalog.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// Card types that matter to the rules modelled here (133-151, 160).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CardKind {
    /// A permanent with Might and a location (140-146).
    Unit,
    /// A permanent that sits in its controller's Base (147-151).
    Gear,
    /// Not a permanent (160.1.a); has the basic Add ability (163.2).
    Rune,
    /// Goes on the Chain when played and resolves from there (152-158).
    Spell,
}

impl CardKind {
    /// Permanents are Main Deck units and gear on the board (133.4.a).
    pub fn is_permanent(self) -> bool {
        matches!(self, CardKind::Unit | CardKind::Gear)
    }

    /// The word used in scenario files.
    pub fn key(self) -> &'static str {
        match self {
            CardKind::Unit => "unit",
            CardKind::Gear => "gear",
            CardKind::Rune => "rune",
            CardKind::Spell => "spell",
        }
    }
}

/// Timing permission of a card or ability (154, 806, 813).
#[derive(
    Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default, Serialize, Deserialize,
)]
#[serde(rename_all = "kebab-case")]
pub enum Timing {
    /// No keyword: only on its controller's turn, in a Neutral Open state (154, 410.1.a).
    #[default]
    Normal,
    /// \[Action\]: also during Showdowns, with Focus, on any turn (806).
    Action,
    /// \[Reaction\]: everything Action allows, and also in a Closed state (813).
    Reaction,
}

impl Timing {
    /// The word used in scenario files.
    pub fn key(self) -> &'static str {
        match self {
            Timing::Normal => "normal",
            Timing::Action => "action",
            Timing::Reaction => "reaction",
        }
    }
}

/// What a spell or ability does when it resolves (or, for a unit or gear, nothing beyond entering
/// the board). Only the effects the modelled rules need.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Effect {
    /// Does nothing.
    Nothing,
    /// Counter target item on the Chain (425): it is cleared from the Chain without resolving.
    Counter,
    /// Its controller gains control of target unit (188).
    GainControl,
    /// Move target unit to this battlefield: an instructed move, a limited action (410.2). Where
    /// the unit may not go, it is Recalled instead (442.2.c).
    MoveTo(BattlefieldId),
    /// Play the unit token `token` at a battlefield, then deal 1 damage to each enemy unit "here".
    /// The battlefield is fixed by the card (`at`), or chosen by the player as they play it
    /// (`at: None`; 457.2 forbids choosing a staged or ongoing combat they are not in). Where a
    /// fixed battlefield is invalid the token is played to its controller's Base, and "here"
    /// then means that Base (457.2).
    PlayTokenAt {
        /// The battlefield the card names, or `None` when the player chooses one.
        at: Option<BattlefieldId>,
        /// The token (a catalog card with `token` set).
        token: CardId,
    },
    /// Deal this much damage to target unit (417, a limited action): it is marked on the unit,
    /// and a unit whose damage reaches its Might is killed by the next cleanup (143.2.a, 323.3).
    Deal(u8),
    /// Kill target unit (428): it goes from the board to its owner's Trash (056); a token
    /// ceases to exist (183.1).
    Kill,
    /// Move target unit to a battlefield the player chooses as they play the spell: an
    /// instructed move (410.2) whose destination is a choice (355.4.a), so it must be a
    /// battlefield the unit may go to (442.2.a: not a staged or ongoing combat its controller is
    /// not in; 444.2: not beside two other players; 442.2.b, 484.8.c: not its controller's
    /// teammate's) and not the one it is at. A destination that is closed by the time the spell
    /// resolves sends the unit home instead (442.2.c).
    MoveToChosen,
    /// Move every unit at a battlefield the player chooses as they play the spell to this
    /// battlefield: an instructed move of each (410.2), all required at once (seed 003's
    /// forced move). A player whose units may not go there has them Recalled instead
    /// (442.2.c); whose units are checked when is policy `move-all-order`.
    MoveAllTo(BattlefieldId),
    /// Equip (818): attach this gear to target unit its controller controls (716-719); the
    /// unit gets the gear's Might (719.5) while it stays attached. An ability of equipment only.
    Equip,
    /// Target unit gets this much Might (472.3; negative to take it away) for as long as
    /// `until` says: a lasting effect. It ends early if the unit leaves the board (110).
    Might {
        /// The Might given, -9 to 9 and never 0.
        amount: i8,
        /// How long it lasts.
        until: Until,
    },
}

/// How long a lasting effect lasts.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Until {
    /// "This turn": it ends in the Expiration step of the turn's Ending Phase (317), or when
    /// the turn is handed on without one because its Turn Player left (652.5.a.1).
    ThisTurn,
    /// "Until your next turn": it ends as the turn of the player whose effect it is begins
    /// (315).
    YourNextTurn,
}

impl Until {
    /// The words after the Might in an effect's text: `this turn`, `until your next turn`.
    pub fn text(self) -> &'static str {
        match self {
            Until::ThisTurn => "this turn",
            Until::YourNextTurn => "until your next turn",
        }
    }
}

/// A lasting effect on a unit (472.3): what an observer sees of it. Effects of one player with
/// one duration on one unit add up into one.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Lasting {
    /// The unit.
    pub card: CardId,
    /// The player whose effect it is: the controller of the item that made it.
    pub by: crate::seat::Seat,
    /// How long it lasts.
    pub until: Until,
    /// The Might it gives (never 0).
    pub might: i8,
}

impl Lasting {
    /// The order observations list lasting effects in: by unit, then player, then duration.
    pub fn key(&self) -> (CardId, crate::seat::Seat, Until) {
        (self.card, self.by, self.until)
    }
}

/// What an effect targets, chosen as it is played (355.6).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum TargetKind {
    /// An item on the Chain.
    Item,
    /// A unit on the board.
    Unit,
}

impl Effect {
    /// Whether the player chooses a battlefield for it as they play it.
    pub fn chooses_location(self) -> bool {
        matches!(
            self,
            Effect::PlayTokenAt { at: None, .. } | Effect::MoveToChosen | Effect::MoveAllTo(_)
        )
    }

    /// What the effect must target when played, if anything.
    pub fn target_kind(self) -> Option<TargetKind> {
        match self {
            Effect::Nothing | Effect::PlayTokenAt { .. } | Effect::MoveAllTo(_) => None,
            Effect::Counter => Some(TargetKind::Item),
            Effect::GainControl
            | Effect::MoveTo(_)
            | Effect::Deal(_)
            | Effect::Kill
            | Effect::MoveToChosen
            | Effect::Equip
            | Effect::Might { .. } => Some(TargetKind::Unit),
        }
    }
}

/// The event a triggered ability waits for (382-392).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum TriggerEvent {
    /// "When a Showdown begins, ..." (any battlefield).
    ShowdownBegins,
    /// "When I attack, ..." (383.4.e): this unit becomes an attacker.
    Attack,
    /// "When I defend, ..." (383.4.f): this unit becomes a defender.
    Defend,
    /// "When a unit attacks, ..." for any player's permanent.
    UnitAttacks,
    /// "When I am Recalled, ..." (449-451, 383): this unit is Recalled to its Base. A Recall is
    /// not a Move, so a unit moved to its Base does not trigger it.
    Recalled,
    /// "When I move, ..." (440, 383): this unit moves, by a Standard Move (144) or an
    /// instructed move (410.2). A Recall is not a move (451) and does not trigger it.
    Moved,
}

impl TriggerEvent {
    /// Every trigger event, with the words that begin such an ability in a scenario file.
    pub const ALL: [(TriggerEvent, &'static str); 6] = [
        (TriggerEvent::Attack, "when I attack"),
        (TriggerEvent::Defend, "when I defend"),
        (TriggerEvent::UnitAttacks, "when a unit attacks"),
        (TriggerEvent::ShowdownBegins, "when a Showdown begins"),
        (TriggerEvent::Recalled, "when I am Recalled"),
        (TriggerEvent::Moved, "when I move"),
    ];

    /// The words that begin such an ability ("when I attack").
    pub fn text(self) -> &'static str {
        TriggerEvent::ALL
            .iter()
            .find(|(w, _)| *w == self)
            .map_or("when", |(_, t)| t)
    }

    /// The event whose words are `text`.
    pub fn from_text(text: &str) -> Option<TriggerEvent> {
        TriggerEvent::ALL
            .iter()
            .find(|(_, t)| *t == text)
            .map(|(w, _)| *w)
    }
}

/// The one ability a permanent or rune may have in this model.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Ability {
    /// "Exhaust: \[Reaction\] Add 1 Energy" (163.2, 429): resolves at once, never stays on the
    /// Chain, never passes Priority or Focus (337.1.c, 429.2).
    Add,
    /// "Exhaust: \[timing\] effect": an activated ability (381, 399-406) that goes on the Chain.
    Activated {
        /// When it may be activated.
        timing: Timing,
        /// What it does.
        effect: Effect,
    },
    /// "When event, effect": a triggered ability (382-392).
    Triggered {
        /// What it waits for.
        when: TriggerEvent,
        /// What it does; triggered abilities here never target.
        effect: Effect,
    },
}

/// A card: everything about it that does not change during the game.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct CardDef {
    /// Its name, unique in the game.
    pub name: String,
    /// Its type.
    pub kind: CardKind,
    /// Who brought it into the game (127.1). Never changes.
    pub owner: Seat,
    /// Printed Might (units).
    pub might: i8,
    /// When it may be played from hand.
    pub timing: Timing,
    /// Energy cost to play it (356).
    pub cost: u8,
    /// What it does when it resolves (spells).
    pub effect: Effect,
    /// Its ability, if any (permanents and runes).
    pub ability: Option<Ability>,
    /// A token: created on the board by an effect (176-184), not in any hand. Ceases to exist in
    /// any non-Board zone (183.1).
    pub token: bool,
    /// Hidden (811): its owner may hide it facedown at a battlefield they control (421).
    pub hidden: bool,
}

/// A battlefield: its name, contributor and continuous effect.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct BattlefieldDef {
    /// Its name, unique in the game.
    pub name: String,
    /// The player who contributed it (478.4); its owner.
    pub contributor: Seat,
    /// "Units here have +N Might", a continuous effect (0 when it has none). Ceases when the
    /// battlefield is replaced by a token battlefield (652.2.c).
    pub might_bonus: i8,
}

/// Everything about a game that does not change while it is played.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Catalog {
    /// The mode of play.
    pub mode: Mode,
    /// Points a player (or team) needs to win (467).
    pub victory_score: u8,
    /// The cards, by [`CardId`].
    pub cards: Vec<CardDef>,
    /// The battlefields in use, by [`BattlefieldId`].
    pub battlefields: Vec<BattlefieldDef>,
    /// The equipment: gear whose ability is Equip (818), the only cards ever attached.
    pub equipment: CardSet,
}

impl Catalog {
    /// The card with this id.
    pub fn card(&self, id: CardId) -> &CardDef {
        &self.cards[id.index()]
    }

    /// The battlefield with this id.
    pub fn battlefield(&self, id: BattlefieldId) -> &BattlefieldDef {
        &self.battlefields[id.index()]
    }

    /// Every card id.
    pub fn card_ids(&self) -> impl Iterator<Item = CardId> + '_ {
        (0..self.cards.len()).map(|i| CardId(i as u8))
    }

    /// Every battlefield id.
    pub fn battlefield_ids(&self) -> impl Iterator<Item = BattlefieldId> + '_ {
        (0..self.battlefields.len()).map(|i| BattlefieldId(i as u8))
    }

    /// The card called `name`.
    pub fn card_named(&self, name: &str) -> Option<CardId> {
        self.cards
            .iter()
            .position(|c| c.name == name)
            .map(|i| CardId(i as u8))
    }

    /// The battlefield called `name`.
    pub fn battlefield_named(&self, name: &str) -> Option<BattlefieldId> {
        self.battlefields
            .iter()
            .position(|b| b.name == name)
            .map(|i| BattlefieldId(i as u8))
    }

    /// The battlefield contributed by `seat`, if it is in use.
    pub fn contributed_by(&self, seat: Seat) -> Option<BattlefieldId> {
        self.battlefields
            .iter()
            .position(|b| b.contributor == seat)
            .map(|i| BattlefieldId(i as u8))
    }

    /// The name of a card.
    pub fn name(&self, id: CardId) -> &str {
        &self.card(id).name
    }

    /// The name of a battlefield.
    pub fn bf_name(&self, id: BattlefieldId) -> &str {
        &self.battlefield(id).name
    }
}

/// A set of cards, as a bitset over [`CardId`]s (at most 32 cards a game).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub struct CardSet(u32);

impl CardSet {
    /// The empty set.
    pub const EMPTY: CardSet = CardSet(0);

    /// Adds a card. A set holds the first 32 cards of a game (no game has more); a card beyond
    /// them is not added, and [`CardSet::insert`] says so by returning `false`.
    pub fn insert(&mut self, card: CardId) -> bool {
        match 1u32.checked_shl(u32::from(card.0)) {
            Some(bit) if card.0 < 32 => {
                self.0 |= bit;
                true
            }
            _ => false,
        }
    }

    /// Whether the card is in the set.
    pub fn contains(self, card: CardId) -> bool {
        card.0 < 32 && self.0 & (1 << card.0) != 0
    }

    /// How many cards.
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The cards, in catalog order (one step per card in the set, not per possible card).
    pub fn iter(self) -> impl Iterator<Item = CardId> {
        let mut rest = self.0;
        std::iter::from_fn(move || {
            let i = rest.trailing_zeros();
            (i < 32).then(|| {
                rest &= rest - 1;
                CardId(i as u8)
            })
        })
    }

    /// The raw bits.
    pub fn bits(self) -> u32 {
        self.0
    }
}

impl FromIterator<CardId> for CardSet {
    fn from_iter<I: IntoIterator<Item = CardId>>(iter: I) -> Self {
        let mut set = CardSet::EMPTY;
        for c in iter {
            let _ = set.insert(c);
        }
        set
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_card_set_lists_its_cards_in_catalog_order_and_no_others() {
        let ids = [0u8, 3, 7, 30, 31];
        let set: CardSet = ids.iter().map(|&i| CardId(i)).collect();
        assert_eq!(set.iter().map(|c| c.0).collect::<Vec<_>>(), ids);
        assert_eq!(set.len(), ids.len());
        assert_eq!(CardSet::EMPTY.iter().count(), 0);
        let all = CardSet(u32::MAX);
        assert!(all.iter().map(|c| c.0).eq(0..32));
        // A card beyond the first 32 is not added.
        let mut s = CardSet::EMPTY;
        assert!(!s.insert(CardId(32)));
        assert!(s.is_empty());
    }
}
