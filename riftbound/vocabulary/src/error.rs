//! Why an action was refused ([`RuleError`]), each refusal citing its rule.

use crate::card::{BattlefieldId, CardId};
use crate::seat::{Seat, SeatSet};

/// Declares [`RuleError`] once: the enum as written, the list of its variants' names
/// ([`RULE_ERROR_NAMES`]) and [`RuleError::name`], so that a new refusal is named in one place.
macro_rules! rule_errors {
    (
        $(#[$meta:meta])*
        pub enum RuleError {
            $( $(#[$vmeta:meta])* $variant:ident { $($fields:tt)* } ),* $(,)?
        }
    ) => {
        $(#[$meta])*
        pub enum RuleError {
            $( $(#[$vmeta])* $variant { $($fields)* } ),*
        }

        /// The name of every [`RuleError`] variant, as `-> refused (Name)` writes it, in the
        /// order they are declared.
        pub const RULE_ERROR_NAMES: &[&str] = &[$(stringify!($variant)),*];

        impl RuleError {
            /// The variant's name, as scenario files write it after `-> refused`.
            pub fn name(&self) -> &'static str {
                match self {
                    $( RuleError::$variant { .. } => stringify!($variant) ),*
                }
            }
        }
    };
}

rule_errors! {
/// Why [`riftcheck_core::Engine::apply`] refused an action. The game is left exactly as it was.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, thiserror::Error)]
pub enum RuleError {
    /// The game is over: won by a concession that left one player or team (651.1), or on
    /// points (467).
    #[error("the game is over; {winners} won ({})", if *by_score { "467" } else { "651.1" })]
    GameOver {
        /// Who won.
        winners: SeatSet,
        /// Won on points.
        by_score: bool,
    },
    /// The action names a card this game does not have (121).
    #[error("this game has no such card (121)")]
    NoSuchCard {
        /// The card named.
        card: CardId,
    },
    /// The action names a battlefield this game does not have (168).
    #[error("this game has no such battlefield (168)")]
    NoSuchBattlefield {
        /// The battlefield named.
        at: BattlefieldId,
    },
    /// The mode has no such seat (476-484).
    #[error("seat {seat} is not at this table (478)")]
    NotSeated {
        /// The seat.
        seat: Seat,
    },
    /// The player has been removed and can make no choices (651.3).
    #[error("{seat} has left the game and can no longer act (651.3)")]
    Removed {
        /// The seat.
        seat: Seat,
    },
    /// A player must first make a choice: place their simultaneous triggers (383.3.d) or, as
    /// Turn Player, choose which staged fight goes first (456.1).
    #[error(
        "{chooser} must choose first; nothing else happens until they do (335.1, 383.3.d, 456.1, 460)"
    )]
    AwaitingChoice {
        /// Who must choose.
        chooser: Seat,
    },
    /// Discretionary actions need Priority (312.1).
    #[error("{seat} does not have Priority{} (312.1)", holder_text(*.holder))]
    NoPriority {
        /// Who tried.
        seat: Seat,
        /// Who has Priority, if anyone.
        holder: Option<Seat>,
    },
    /// In a Showdown Open state only the Focus holder may act (313.1, 313.4).
    #[error("{seat} does not have Focus; {focus} does (313.1)")]
    NoFocus {
        /// Who tried.
        seat: Seat,
        /// Who has Focus.
        focus: Seat,
    },
    /// Focus is passed only during a Showdown (313.5, 347.4).
    #[error("{seat} cannot pass Focus: there is no Showdown (313.5, 347.4)")]
    NotInShowdown {
        /// Who tried.
        seat: Seat,
    },
    /// While a chain exists, players pass Priority, not Focus (313.3, 338-339).
    #[error("{seat} cannot pass Focus while the Chain exists; pass Priority instead (313.3, 339)")]
    FocusPassInClosedState {
        /// Who tried.
        seat: Seat,
    },
    /// Priority is passed only while a chain exists (338-339).
    #[error("{seat} cannot pass Priority: there is no Chain (338-339)")]
    NoChainToPass {
        /// Who tried.
        seat: Seat,
    },
    /// A card is played from its owner's hand (349).
    #[error("{seat} has no such card in hand (349)")]
    NotInHand {
        /// Who tried.
        seat: Seat,
        /// The card.
        card: CardId,
    },
    /// Only Reactions can be played in a Closed state (309.1.a, 813).
    #[error("only a Reaction can be played or activated while the Chain exists (309.1.a, 813)")]
    ClosedNeedsReaction {
        /// The card.
        card: CardId,
    },
    /// Only Actions and Reactions can be played during a Showdown (308.1.a, 806).
    #[error(
        "only an Action or Reaction can be played or activated during a Showdown (308.1.a, 806)"
    )]
    ShowdownNeedsAction {
        /// The card.
        card: CardId,
    },
    /// The card or ability needs a target (355.6).
    #[error("this needs a target (355.6)")]
    NoTarget {
        /// The card.
        card: CardId,
    },
    /// The card or ability takes no target (355.6).
    #[error("this takes no target (355.6)")]
    TargetNotNeeded {
        /// The card.
        card: CardId,
    },
    /// The targeted item is not on the Chain (355.6).
    #[error("the target is not an item on the Chain (355.6)")]
    TargetNotOnChain {
        /// The card.
        card: CardId,
        /// The named target.
        target: CardId,
    },
    /// The target must be a unit on the board (355.6).
    #[error("the target is not a unit on the board (355.6)")]
    TargetNotAUnit {
        /// The card.
        card: CardId,
        /// The named target.
        target: CardId,
    },
    /// The target must be a unit its controller does not already control (188).
    #[error("that unit is already under your control (188)")]
    AlreadyControlled {
        /// The card.
        card: CardId,
        /// The target.
        target: CardId,
    },
    /// Units are played to their controller's Base or a battlefield they control (355.2.a).
    #[error("a unit is played to your Base or to a battlefield you control (355.2.a)")]
    InvalidLocation {
        /// The card.
        card: CardId,
        /// The battlefield named.
        at: BattlefieldId,
    },
    /// Only units are played at a location (355.2.a).
    #[error("only a unit is played at a location (355.2.a)")]
    LocationNotNeeded {
        /// The card.
        card: CardId,
    },
    /// The Rune Pool does not hold enough Energy for the cost (356-357).
    #[error("the cost is {cost} Energy and the Rune Pool holds {energy} (356-357)")]
    CannotAfford {
        /// The card.
        card: CardId,
        /// Its cost.
        cost: u8,
        /// Energy available.
        energy: u8,
    },
    /// Only a card's controller activates its abilities or moves it (399, 484.8.c).
    #[error("{seat} does not control that card (399, 484.8.c)")]
    NotController {
        /// Who tried.
        seat: Seat,
        /// The card.
        card: CardId,
    },
    /// The card is not on the board.
    #[error("that card is not on the board (399, 144)")]
    NotOnBoard {
        /// The card.
        card: CardId,
    },
    /// The card has no ability that can be activated (399).
    #[error("that card has no ability to activate (399)")]
    NoAbility {
        /// The card.
        card: CardId,
    },
    /// The cost "exhaust" needs a ready card (420).
    #[error("that card is exhausted (420)")]
    Exhausted {
        /// The card.
        card: CardId,
    },
    /// Only the Turn Player may do this (316, 144.1).
    #[error("{seat} is not the Turn Player; {turn} is (316)")]
    NotTurnPlayer {
        /// Who tried.
        seat: Seat,
        /// The Turn Player.
        turn: Seat,
    },
    /// Only in a Neutral Open state (144.1, 305, 410.1.a): not while a chain exists, nor during
    /// a Showdown or combat.
    #[error(
        "only in a Neutral Open state: not while the Chain exists or a Showdown runs (144.1, 305)"
    )]
    NotNeutralOpen {
        /// Who tried.
        seat: Seat,
    },
    /// No trigger of this player waits to be placed (383.3.d).
    #[error("{seat} has no waiting trigger from that card (383.3.d)")]
    NoSuchTrigger {
        /// Who tried.
        seat: Seat,
        /// The card named.
        card: CardId,
    },
    /// There is no staged fight to choose there (456.1, 323.8-323.9).
    #[error("no fight is staged there to choose (456.1)")]
    NoStagedFight {
        /// The battlefield named.
        at: BattlefieldId,
    },
    /// A Standard Move names at least one unit (144.3).
    #[error("a move names at least one unit (144.3)")]
    NothingToMove {
        /// Who tried.
        seat: Seat,
    },
    /// Only units move (144).
    #[error("only units move (144)")]
    NotAUnit {
        /// The card.
        card: CardId,
    },
    /// A Standard Move goes from a Base to a battlefield or back (144.4).
    #[error(
        "a Standard Move goes from your Base to a battlefield or from a battlefield to your Base (144.4)"
    )]
    NotAStandardMove {
        /// The unit.
        card: CardId,
    },
    /// Only a card with Hidden is hidden (811).
    #[error("only a card with Hidden is hidden (811)")]
    NotHidden {
        /// The card.
        card: CardId,
    },
    /// A card is hidden only at a battlefield its player controls (421; 484.8.c: control is not
    /// shared with a teammate).
    #[error("{seat} hides only at a battlefield they control (421, 484.8.c)")]
    NotYourBattlefield {
        /// Who tried.
        seat: Seat,
        /// The battlefield.
        at: BattlefieldId,
    },
    /// A battlefield's facedown zone holds one card (107.3).
    #[error("a card is already facedown there (107.3)")]
    FacedownTaken {
        /// The battlefield.
        at: BattlefieldId,
    },
    /// Equip attaches a gear to a unit its player controls (818).
    #[error("equip attaches only to a unit you control (818)")]
    NotYourUnit {
        /// The equipment.
        card: CardId,
        /// The unit named.
        target: CardId,
    },
    /// An attached card's own abilities are inactive, and it is attached to one unit at a time
    /// (718.2, 718.7).
    #[error("that card is attached to a unit: its own abilities are inactive (718.2, 718.7)")]
    AlreadyAttached {
        /// The card.
        card: CardId,
    },
    /// Combat damage is assigned in a combat's damage step, by its Attacker and then its Defender
    /// (460): nobody else, at no other time.
    #[error("{seat} is not assigning combat damage now (460)")]
    NotAssigning {
        /// Who tried.
        seat: Seat,
    },
    /// Damage is assigned to an enemy unit in the combat that has not had its share yet (460).
    #[error("that is not an enemy unit in the combat still waiting for its share of damage (460)")]
    NotAssignable {
        /// The unit named.
        card: CardId,
    },
    /// A move goes from one location to another: the unit is already at the battlefield chosen
    /// (440).
    #[error("the unit is already there: a move goes from one location to another (440)")]
    AlreadyThere {
        /// The unit.
        card: CardId,
        /// The battlefield chosen.
        at: BattlefieldId,
    },
    /// No move into a battlefield that already holds units of two other players (144.4.a.1,
    /// 444.2), and no play that would put three players' units there (358.2, 457.3).
    #[error("units of two other players are already there (144.4.a.1, 444.2, 358.2)")]
    ThirdPlayer {
        /// The battlefield.
        at: BattlefieldId,
    },
    /// A staged or ongoing combat's battlefield is closed to players not in it (442.2.a, 457).
    #[error("a combat is staged or under way there and {seat} is not in it (442.2.a, 457)")]
    ThirdCombatant {
        /// Who tried.
        seat: Seat,
        /// The battlefield.
        at: BattlefieldId,
    },
    /// Magma Chamber: your teammate's battlefield is an invalid destination (442.2.b; policy
    /// `teammate-destination`).
    #[error("your teammate's units are there (442.2.b, policy teammate-destination)")]
    TeammateThere {
        /// The battlefield.
        at: BattlefieldId,
    },
    /// Only a teammate can be invited, in Magma Chamber, by the Turn Player (316.2.b.1,
    /// 484.8.a).
    #[error(
        "{seat} cannot invite {teammate}: only the Turn Player invites a teammate (316.2.b.1, 484.8.a)"
    )]
    NotATeammate {
        /// Who tried.
        seat: Seat,
        /// Who was named.
        teammate: Seat,
    },
}
}

fn holder_text(holder: Option<Seat>) -> String {
    match holder {
        Some(h) => format!("; {h} does"),
        None => "; nobody does".to_string(),
    }
}

impl RuleError {
    /// The rule the refusal cites (the first one in its message).
    pub fn rule(&self) -> &'static str {
        match self {
            RuleError::GameOver {
                by_score: false, ..
            } => "651.1",
            RuleError::GameOver { by_score: true, .. } => "467",
            RuleError::NoSuchCard { .. } => "121",
            RuleError::NoSuchBattlefield { .. } => "168",
            RuleError::NotSeated { .. } => "478",
            RuleError::Removed { .. } => "651.3",
            RuleError::AwaitingChoice { .. } => "335.1",
            RuleError::NoPriority { .. } => "312.1",
            RuleError::NoFocus { .. } => "313.1",
            RuleError::NotInShowdown { .. } => "313.5",
            RuleError::FocusPassInClosedState { .. } => "313.3",
            RuleError::NoChainToPass { .. } => "338",
            RuleError::NotInHand { .. } => "349",
            RuleError::ClosedNeedsReaction { .. } => "309.1.a",
            RuleError::ShowdownNeedsAction { .. } => "308.1.a",
            RuleError::NoTarget { .. } | RuleError::TargetNotNeeded { .. } => "355.6",
            RuleError::TargetNotOnChain { .. } | RuleError::TargetNotAUnit { .. } => "355.6",
            RuleError::AlreadyControlled { .. } => "188",
            RuleError::InvalidLocation { .. } | RuleError::LocationNotNeeded { .. } => "355.2.a",
            RuleError::CannotAfford { .. } => "356",
            RuleError::NotController { .. } => "399",
            RuleError::NotOnBoard { .. } => "399",
            RuleError::NoAbility { .. } => "399",
            RuleError::Exhausted { .. } => "420",
            RuleError::NotTurnPlayer { .. } => "316",
            RuleError::NotNeutralOpen { .. } => "144.1",
            RuleError::NoSuchTrigger { .. } => "383.3.d",
            RuleError::NoStagedFight { .. } => "456.1",
            RuleError::NothingToMove { .. } => "144.3",
            RuleError::NotAUnit { .. } => "144",
            RuleError::NotAStandardMove { .. } => "144.4",
            RuleError::AlreadyThere { .. } => "440",
            RuleError::NotHidden { .. } => "811",
            RuleError::NotYourUnit { .. } => "818",
            RuleError::AlreadyAttached { .. } => "718.2",
            RuleError::NotAssigning { .. } | RuleError::NotAssignable { .. } => "460",
            RuleError::NotYourBattlefield { .. } => "421",
            RuleError::FacedownTaken { .. } => "107.3",
            RuleError::ThirdPlayer { .. } => "444.2",
            RuleError::ThirdCombatant { .. } => "442.2.a",
            RuleError::TeammateThere { .. } => "442.2.b",
            RuleError::NotATeammate { .. } => "484.8.a",
        }
    }

    /// Whether `other` is the same kind of error (the same [`RuleError::name`]), whatever
    /// the details it carries: how a lockstep compares two refusals.
    pub fn same_kind(&self, other: &RuleError) -> bool {
        std::mem::discriminant(self) == std::mem::discriminant(other)
    }
}
