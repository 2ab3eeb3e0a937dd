//! Why a setup describes an impossible table: every problem, each with the field it is about and
//! a typed reason that cites its rule.

use std::fmt;

use crate::card::CardKind;
use crate::mode::Mode;
use crate::seat::{Seat, SeatSet};

/// Where in a [`super::Setup`] a problem is: a field of the setup, of its n-th battlefield, card
/// or chain item, or of the Showdown. Scenario files map it to a line and column.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub enum SetupPath {
    /// A field of the setup itself (`mode`, `turn`, `removed`, `priority`, ...).
    Setup(&'static str),
    /// A field of the n-th battlefield.
    Battlefield(usize, &'static str),
    /// A field of the n-th card.
    Card(usize, &'static str),
    /// A field of the n-th chain item, bottom first.
    Item(usize, &'static str),
    /// A field of the Showdown.
    Showdown(&'static str),
}

impl fmt::Display for SetupPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupPath::Setup(field) => write!(f, "setup.{field}"),
            SetupPath::Battlefield(i, field) => write!(f, "setup.battlefields[{i}].{field}"),
            SetupPath::Card(i, field) => write!(f, "setup.cards[{i}].{field}"),
            SetupPath::Item(i, field) => write!(f, "setup.chain[{i}].{field}"),
            SetupPath::Showdown(field) => write!(f, "setup.showdown.{field}"),
        }
    }
}

/// One problem of a setup, and where.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("{at}: {problem}")]
pub struct SetupError {
    /// Where the problem is.
    pub at: SetupPath,
    /// What it is.
    pub problem: SetupProblem,
}

/// Every problem of a setup, in the order of the setup's fields. Never empty.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SetupErrors(Vec<SetupError>);

impl SetupErrors {
    /// The problems, at least one. `None` if there are none.
    pub fn new(errors: Vec<SetupError>) -> Option<SetupErrors> {
        (!errors.is_empty()).then_some(SetupErrors(errors))
    }

    /// The first problem.
    pub fn first(&self) -> &SetupError {
        &self.0[0]
    }

    /// Every problem.
    pub fn all(&self) -> &[SetupError] {
        &self.0
    }

    /// Whether one of the problems is at `path` (as `setup.cards[1].zone` writes it).
    pub fn at(&self, path: &str) -> Option<&SetupError> {
        self.0.iter().find(|e| e.at.to_string() == path)
    }
}

impl fmt::Display for SetupErrors {
    /// One problem per line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, e) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{e}")?;
        }
        Ok(())
    }
}

impl std::error::Error for SetupErrors {}

impl From<SetupError> for SetupErrors {
    fn from(e: SetupError) -> SetupErrors {
        SetupErrors(vec![e])
    }
}

/// What is impossible about a setup.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum SetupProblem {
    /// The seat is not at this table.
    #[error("seat {seat} is not at a {mode} table (478)")]
    SeatNotAtTable {
        /// The seat.
        seat: Seat,
        /// The mode.
        mode: Mode,
    },
    /// The seat has been removed, so it cannot hold this role or own or control this card.
    #[error("{seat} has been removed from the game, so cannot {role} (651.3)")]
    SeatRemoved {
        /// The seat.
        seat: Seat,
        /// What they would have been.
        role: &'static str,
    },
    /// A seat is listed twice.
    #[error("seat {seat} is listed twice")]
    DuplicateSeat {
        /// The seat.
        seat: Seat,
    },
    /// In Magma Chamber a removed player's teammate is removed with them.
    #[error("{seat} has been removed, so their teammate {teammate} has been removed too (651.4)")]
    TeammateNotRemoved {
        /// The removed seat.
        seat: Seat,
        /// Their teammate, still listed in the game.
        teammate: Seat,
    },
    /// Every seat has been removed, or only one player or team remains while the game is not
    /// over.
    #[error("a game in progress needs two remaining players on different teams (651.1)")]
    TooFewPlayers,
    /// Two things share a name.
    #[error("the name `{name}` is used twice")]
    DuplicateName {
        /// The name.
        name: String,
    },
    /// A name that step sentences could not tell apart.
    #[error("the name `{name}` {reason}")]
    BadName {
        /// The name.
        name: String,
        /// Why.
        reason: &'static str,
    },
    /// No card has this name.
    #[error("no card is called `{name}`")]
    UnknownCard {
        /// The name.
        name: String,
    },
    /// No battlefield has this name.
    #[error("no battlefield is called `{name}`")]
    UnknownBattlefield {
        /// The name.
        name: String,
    },
    /// The battlefield of this contributor is not in use in the mode (483, 484).
    #[error("{contributor}'s battlefield is not in use in {mode} (483, 484)")]
    BattlefieldNotInUse {
        /// The contributor.
        contributor: Seat,
        /// The mode.
        mode: Mode,
    },
    /// A contributor's battlefield is listed twice, or an in-use battlefield is missing.
    #[error(
        "the battlefields in use are one for each of {expected}; this list does not match (478.4)"
    )]
    BattlefieldsInUse {
        /// Who contributes one.
        expected: SeatSet,
    },
    /// A battlefield is a token exactly when its contributor has been removed.
    #[error(
        "{contributor}'s battlefield is a token exactly when {contributor} has been removed (652.2.a)"
    )]
    TokenBattlefieldMismatch {
        /// The contributor.
        contributor: Seat,
    },
    /// There are more objects than the model holds.
    #[error("at most {max} {what}")]
    TooMany {
        /// What.
        what: &'static str,
        /// The limit.
        max: usize,
    },
    /// The Victory Score is zero.
    #[error("the Victory Score is at least 1 (467)")]
    VictoryScoreZero,
    /// A removed player's card is anywhere but out of the game.
    #[error("a removed player's cards have been removed from the game (652.3)")]
    RemovedPlayersCard,
    /// A card off the board and the Chain has a controller other than its owner.
    #[error("only cards on the board or the Chain have a controller other than their owner (188)")]
    ControllerOffBoard,
    /// A token in a hand.
    #[error("a token is never in a hand (183.1)")]
    TokenInHand,
    /// A rune in a hand.
    #[error("runes come from the Rune Deck, not the hand (160)")]
    RuneInHand,
    /// A card that is not a token is nowhere.
    #[error("only a token not yet created is nowhere (183.1)")]
    NowhereButNotAToken,
    /// A token in a Trash, Banishment or on the Chain.
    #[error("a token outside the board ceases to exist (183.1)")]
    TokenOffBoard,
    /// Gear or a rune at a battlefield.
    #[error("{} sits in a Base (107.1.c)", kind_text(*.kind))]
    NotInBase {
        /// Gear or rune.
        kind: CardKind,
    },
    /// A spell face up on the board.
    #[error("a spell is on the board only facedown (107.3)")]
    SpellOnBoard,
    /// A rune facedown.
    #[error("runes are never facedown (107.3)")]
    RuneFacedown,
    /// Two facedown cards at one battlefield.
    #[error("a battlefield's facedown zone holds one card (107.3)")]
    FacedownZoneFull,
    /// A unit, gear or rune on the Chain.
    #[error("only spells wait on the Chain; units and gear resolve at once (337.1.c)")]
    PermanentOnChain,
    /// Might of a card that is neither a unit nor equipment.
    #[error("only units, and equipment for the unit it is attached to, have Might (140, 719.5)")]
    MightOfNonUnit,
    /// Equip on a card that is not gear.
    #[error("equip is an ability of gear: an equipment attaches itself to a unit (818)")]
    EquipNotOnGear,
    /// A card attached to something that is not equipment.
    #[error("only equipment (gear with equip) is attached to a unit (818, 716)")]
    AttachedNotEquipment,
    /// Equipment attached to a card that is not a unit on the board.
    #[error(
        "`{name}` is not a unit in a Base or at a battlefield: equipment attaches to one (719.3)"
    )]
    AttachedToNoUnit {
        /// The card named.
        name: String,
    },
    /// Damage or exhaustion off the board.
    #[error("only cards on the board are damaged or exhausted (420, 460)")]
    StateOffBoard,
    /// Damage on a card that is not a unit.
    #[error("only units take damage (460)")]
    DamageOfNonUnit,
    /// A token that is not a unit.
    #[error("tokens here are units (176)")]
    TokenNotAUnit,
    /// An effect on a card that is not a spell.
    #[error("only spells have an effect; give a permanent an ability")]
    EffectOfNonSpell,
    /// An ability on a spell.
    #[error("spells have an effect, not an ability")]
    AbilityOfSpell,
    /// An ability whose token battlefield is chosen as it is played.
    #[error("an ability's token battlefield must be named")]
    AbilityChoosesLocation,
    /// A triggered ability that targets or chooses.
    #[error("triggered abilities here take no target or choice (383)")]
    TriggerTargets,
    /// An effect plays a card that is not a unit token.
    #[error("`{name}` is played by an effect, so it must be a unit token (176)")]
    NotAUnitToken {
        /// The card.
        name: String,
    },
    /// A card in the Base of a player other than its controller.
    #[error(
        "a card is in its controller's Base, not {base}'s (it would be Recalled to {controller}'s, 323.7)"
    )]
    InAnotherBase {
        /// Whose Base it is in.
        base: Seat,
        /// Its controller.
        controller: Seat,
    },
    /// A facedown card at a battlefield its controller does not control.
    #[error(
        "a facedown card is only at a battlefield its controller ({controller}) controls (it would be trashed, 107.3.d)"
    )]
    FacedownUncontrolled {
        /// Its controller.
        controller: Seat,
    },
    /// In an Open state, a controlled battlefield without its controller's units.
    #[error(
        "{controller} controls a battlefield where none of their units are, in an Open state (control would end at once, 323.4, 187.4.c)"
    )]
    ControlWithoutUnits {
        /// The controller.
        controller: Seat,
    },
    /// A Contested status without the contesting player's units.
    #[error(
        "{contester} contests a battlefield where none of their units are (the fight would not be run, 456.2)"
    )]
    ContestedWithoutUnits {
        /// The contesting player.
        contester: Seat,
    },
    /// Units of three players at one battlefield.
    #[error("units of three players are never at one battlefield (444.2)")]
    ThreePlayersAtBattlefield,
    /// A spell item whose card is not a spell on the Chain.
    #[error("a spell item's card is a spell with zone \"chain\" (325.2)")]
    SpellItemNotOnChain,
    /// A spell card's controller differs from its item's.
    #[error("the spell card's controller and the item's differ (188.4)")]
    ItemControllerDiffers,
    /// A spell card named by two items.
    #[error("a card is on the Chain once (325.2)")]
    SpellTwiceOnChain,
    /// An ability item of a card without that kind of ability.
    #[error("the card has no {what} ability{}", if *.what == "activated" { " (Add abilities never wait on the Chain, 429.2)" } else { "" })]
    NoSuchAbility {
        /// `activated` or `triggered`.
        what: &'static str,
    },
    /// A counter whose target is not an item below it.
    #[error("a counter targets an item below it on the Chain (355.6)")]
    TargetNotBelow,
    /// A unit target that is not a unit on the board.
    #[error("the target is not a unit on the board (355.6)")]
    TargetNotAUnit,
    /// A target for an item that takes none.
    #[error("this item takes no target (355.6)")]
    TargetNotTaken,
    /// No target for an item that needs one.
    #[error("this item needs a target (355.6)")]
    TargetMissing,
    /// A card on the Chain that no spell item names.
    #[error("a card on the Chain is named by a spell item of `chain` (325.2)")]
    OnChainWithoutItem,
    /// A Priority holder or passes without a Chain.
    #[error("Priority holders and passes on the Chain need items on it (331)")]
    PriorityWithoutChain,
    /// A Chain and nobody with Priority.
    #[error("while the Chain exists someone has Priority (337.1.c.3)")]
    NoPriorityHolder,
    /// Every remaining player has passed Priority.
    #[error("every remaining player has passed: the newest item would have resolved (340)")]
    PriorityRoundComplete,
    /// A Showdown at a battlefield nobody contests.
    #[error("a Showdown runs at a Contested battlefield; give it `contested_by` (445)")]
    ShowdownNotContested,
    /// Attacker and Defender are not opponents.
    #[error("Attacker and Defender are opponents (457)")]
    CombatNotOpponents,
    /// The Attacker did not contest the battlefield.
    #[error("the Attacker is the player who contested the battlefield (459.2.b)")]
    AttackerNotContester,
    /// Every remaining player has passed Focus with no Chain.
    #[error("every remaining player has passed Focus: the Showdown would have ended (347.3.a)")]
    FocusRoundComplete,
    /// An invitation that cannot be.
    #[error("only the Turn Player's teammate is invited, in a Neutral Open state (316.2.b.1)")]
    BadInvitation,
}

fn kind_text(kind: CardKind) -> &'static str {
    match kind {
        CardKind::Rune => "a rune",
        CardKind::Gear => "gear",
        CardKind::Unit => "a unit",
        CardKind::Spell => "a spell",
    }
}
