//! What happened: the events an accepted action causes, in order, each naming its rule.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::card::{BattlefieldId, CardId, Catalog, Until};
use crate::item::ItemName;
use crate::seat::{Seat, SeatSet};
use crate::zone::Zone;

/// How a point was scored (462-466).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ScoreKind {
    /// Gaining control of a battlefield (465).
    Conquer,
    /// Keeping control of it through the Beginning Phase (464).
    Hold,
}

/// Why a lasting effect ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Expiry {
    /// "This turn": the Expiration step of the turn's Ending Phase (317).
    TurnEnded,
    /// "This turn": the turn was handed on without an Ending Phase, its Turn Player having
    /// left (652.5.a.1).
    TurnHandedOn,
    /// "Until your next turn": that turn began (315).
    NextTurn,
    /// The player whose effect it was left the game (651.3; policy `leaver-durations`).
    PlayerLeft,
}

/// Why a player received Priority (312.2): each reason has its own rule.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum PriorityWhy {
    /// They created the Chain by playing a card or activating an ability (333.1).
    CreatedChain,
    /// The pending items were finalized and they control the newest item (337.1.c.3).
    Finalized,
    /// The player with Priority passed and they are next in turn order (312.2.d).
    Passed,
    /// An item resolved and they control the newest item left on the Chain (340.4).
    Resolved,
    /// The Chain is gone and no Showdown is under way: the Turn Player, in a Neutral Open state
    /// of their Main Phase (312.2.a, 335.3).
    NeutralOpen,
    /// The Chain is gone in a Showdown and Focus did not pass: its holder acts again (346.1).
    FocusStays,
    /// The Turn Player invited them, a teammate, with their own Priority (316.2.b.1).
    Invited,
    /// The player who had it left the game; they are the next in order (652.5.c.1).
    LeaverHeld,
}

/// Something that happened, past tense.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Event {
    /// A player conceded (650).
    Conceded {
        /// Who.
        seat: Seat,
    },
    /// The game ended with these winners: the last player or team standing (651.1, 484.6.a), or
    /// the one with the most points at or above the Victory Score (467, 323.1).
    Won {
        /// The winning player, or team.
        winners: SeatSet,
        /// Whether they won on points (467) rather than by being the last standing (651.1).
        by_score: bool,
    },
    /// A player lost and was removed from the game (651.2-651.4).
    PlayerRemoved {
        /// Who.
        seat: Seat,
    },
    /// A card was banished into its owner's Banishment (652.1, 427, 056).
    Banished {
        /// The card.
        card: CardId,
        /// Whose Banishment (the card's owner).
        owner: Seat,
    },
    /// A battlefield was replaced by a token battlefield with no abilities (652.2.a).
    BattlefieldReplaced {
        /// The battlefield (the location is kept).
        battlefield: BattlefieldId,
    },
    /// A unit's Might changed without it moving (652.2.c).
    MightChanged {
        /// The unit.
        card: CardId,
        /// Might before.
        from: i8,
        /// Might after.
        to: i8,
    },
    /// A card was removed from the game (652.3).
    RemovedFromGame {
        /// The card.
        card: CardId,
    },
    /// An item was countered: cleared from the Chain without resolving, by a Counter effect
    /// (425) or because the player who controls it left the game (652.4).
    Countered {
        /// The item.
        item: ItemName,
        /// Whether its controller's removal countered it (652.4), not an effect (425).
        by_removal: bool,
    },
    /// An item left the Chain because its card was removed from the game (652.3; policy
    /// `owned-spell-on-chain`).
    LeftChain {
        /// The item.
        item: ItemName,
    },
    /// A battlefield became uncontrolled (187.4.c; policy `leaver-battlefield-control`).
    BattlefieldUncontrolled {
        /// The battlefield.
        battlefield: BattlefieldId,
    },
    /// A player became the Turn Player (317.3, 652.5.a.1).
    TurnTo {
        /// Who.
        seat: Seat,
    },
    /// A player's turn began: the Start of Turn (315), Awaken and the Beginning Phase. It follows
    /// at once when a turn ends; a turn handed on by a removal begins once the window in
    /// progress is over (652.5.a.1; policy `turn-player-leaves`).
    TurnBegan {
        /// Whose turn.
        seat: Seat,
    },
    /// A player's turn ended (317).
    TurnEnded {
        /// Who.
        seat: Seat,
    },
    /// A player received Focus (313.2, 345, 347.4, 652.5.b.1).
    FocusTo {
        /// Who.
        seat: Seat,
    },
    /// A player received Priority (312.2), for the reason `why` gives.
    PriorityTo {
        /// Who.
        seat: Seat,
        /// Why now: the reason names the rule.
        why: PriorityWhy,
    },
    /// A player passed Priority (339).
    Passed {
        /// Who.
        seat: Seat,
    },
    /// A player passed Focus (347.4).
    PassedFocus {
        /// Who.
        seat: Seat,
    },
    /// A player played a card (349).
    Played {
        /// Who.
        seat: Seat,
        /// The card.
        card: CardId,
    },
    /// A player activated an ability (399).
    Activated {
        /// Who.
        seat: Seat,
        /// The card whose ability it is.
        card: CardId,
    },
    /// An Add ability added Energy to its controller's Rune Pool at once (429.2).
    EnergyAdded {
        /// Whose pool.
        seat: Seat,
        /// The card whose ability it was.
        card: CardId,
    },
    /// An item was put on the Chain (329, 383.3).
    ItemAdded {
        /// The item.
        item: ItemName,
        /// Its controller.
        controller: Seat,
    },
    /// Pending items finished being played and are finalized (337).
    Finalized {
        /// The item.
        item: ItemName,
    },
    /// Simultaneous triggers wait for their controller to order them (383.3.d).
    TriggersWaiting {
        /// Who must place them.
        seat: Seat,
    },
    /// An item resolved (340).
    Resolved {
        /// The item.
        item: ItemName,
    },
    /// A player hid a card facedown at a battlefield (421).
    Hid {
        /// Who.
        seat: Seat,
        /// The card.
        card: CardId,
        /// Where.
        at: BattlefieldId,
    },
    /// A hidden card at a battlefield its controller no longer controls went to its owner's
    /// Trash (107.3.d, 323.7).
    HiddenLost {
        /// The card.
        card: CardId,
    },
    /// A spell card went to its owner's Trash after leaving the Chain (340, 425).
    Trashed {
        /// The card.
        card: CardId,
    },
    /// A unit, gear or token entered the board (337.1.c, 359).
    EnteredBoard {
        /// The card.
        card: CardId,
        /// Where.
        zone: Zone,
    },
    /// A player gained control of a unit (188).
    ControlGained {
        /// The unit.
        card: CardId,
        /// The new controller.
        seat: Seat,
    },
    /// A unit moved (440-448).
    Moved {
        /// The unit.
        card: CardId,
        /// Where to.
        zone: Zone,
    },
    /// A card was Recalled to its controller's Base (449-453, 442.2.c).
    Recalled {
        /// The card.
        card: CardId,
    },
    /// In a combat's damage step a player chose which enemy unit gets their side's damage next
    /// (460): it will be dealt with the rest, all at once.
    Assigned {
        /// Who assigned it.
        seat: Seat,
        /// The unit.
        card: CardId,
    },
    /// A unit took combat damage (460).
    Damaged {
        /// The unit.
        card: CardId,
        /// How much.
        amount: u8,
    },
    /// An effect dealt damage to a unit (417, outside combat: a spell, an ability, the damage
    /// "here" of a forced play, 457.2).
    Dealt {
        /// The unit.
        card: CardId,
        /// How much.
        amount: u8,
    },
    /// An equipment was attached to a unit by its Equip ability (818, 716-719).
    Attached {
        /// The equipment.
        card: CardId,
        /// The unit, now its Top-Most Card.
        to: CardId,
    },
    /// A unit left the board and the equipment attached to it came off, staying where the unit
    /// last was (435.4.b).
    Detached {
        /// The equipment.
        card: CardId,
        /// The unit it was attached to.
        from: CardId,
        /// Where it stays: the unit's last location.
        at: Zone,
    },
    /// A Conquer would have been a player's final point, but they had not scored every other
    /// battlefield this turn: the battlefield counts as scored and they draw a card instead of
    /// the point (466.1.b; decks are not modelled, so the draw changes nothing here).
    FinalPointWithheld {
        /// Who conquered.
        seat: Seat,
        /// Where.
        battlefield: BattlefieldId,
    },
    /// A unit got a lasting effect on its Might (472.3): "+2 might this turn".
    Empowered {
        /// The unit.
        card: CardId,
        /// The player whose effect it is.
        by: Seat,
        /// The Might given (negative when taken away).
        amount: i8,
        /// How long it lasts.
        until: Until,
    },
    /// A lasting effect on a unit's Might ended.
    Expired {
        /// The unit.
        card: CardId,
        /// The player whose effect it was.
        by: Seat,
        /// The Might it gave.
        amount: i8,
        /// Why it ended now.
        why: Expiry,
    },
    /// A unit with lethal damage was killed and went to its owner's Trash (428, 323.3).
    Killed {
        /// The unit.
        card: CardId,
    },
    /// A token left the board and ceased to exist (183.1).
    CeasedToExist {
        /// The token.
        card: CardId,
    },
    /// A battlefield became Contested (445, 187.3.a).
    Contested {
        /// The battlefield.
        battlefield: BattlefieldId,
        /// The player whose units contested it.
        seat: Seat,
    },
    /// A staged fight no longer has its opposing presence and will not be run (456.2).
    Unstaged {
        /// The battlefield.
        battlefield: BattlefieldId,
    },
    /// A Showdown began (344); for a combat, its first step (459).
    ShowdownBegan {
        /// Where.
        battlefield: BattlefieldId,
    },
    /// A combat began with these roles (459.2.b).
    CombatBegan {
        /// Where.
        battlefield: BattlefieldId,
        /// The Attacker.
        attacker: Seat,
        /// The Defender.
        defender: Seat,
    },
    /// A Showdown ended (347.3.a, 348).
    ShowdownEnded {
        /// Where.
        battlefield: BattlefieldId,
    },
    /// A combat ended (461.6).
    CombatEnded {
        /// Where.
        battlefield: BattlefieldId,
        /// The winner, if any (461.3-461.4).
        winner: Option<Seat>,
    },
    /// A player established control of a battlefield (348.2, 461.5).
    ControlEstablished {
        /// The battlefield.
        battlefield: BattlefieldId,
        /// Who.
        seat: Seat,
    },
    /// A player scored a point (462-466).
    Scored {
        /// Who.
        seat: Seat,
        /// At which battlefield.
        battlefield: BattlefieldId,
        /// Conquer or Hold.
        how: ScoreKind,
    },
    /// The Turn Player invited a teammate to act (316.2.b.1, 484.8.a).
    Invited {
        /// The teammate.
        seat: Seat,
    },
}

impl Event {
    /// The rule that produced the event. Where a kind of event has several causes, the event
    /// carries which (`PriorityTo`'s reason, `Countered`'s `by_removal`, `Won`'s `by_score`);
    /// the step it belongs to may make it more precise still (`scenario::citations`: a
    /// concession's 652.5, the cleanup after setup's 323).
    pub fn rule(&self) -> &'static str {
        match self {
            Event::Conceded { .. } => "650",
            Event::Won {
                by_score: false, ..
            } => "651.1",
            Event::Won { by_score: true, .. } => "467",
            Event::PlayerRemoved { .. } => "651.3",
            Event::Banished { .. } => "652.1",
            Event::BattlefieldReplaced { .. } => "652.2.a",
            Event::MightChanged { .. } => "652.2.c",
            Event::RemovedFromGame { .. } => "652.3",
            Event::Countered {
                by_removal: true, ..
            } => "652.4",
            Event::Countered {
                by_removal: false, ..
            } => "425",
            Event::LeftChain { .. } => "652.3",
            Event::BattlefieldUncontrolled { .. } => "187.4.c",
            Event::TurnTo { .. } => "317.3",
            Event::TurnBegan { .. } => "315",
            Event::TurnEnded { .. } => "317",
            Event::FocusTo { .. } => "313.2",
            Event::PriorityTo { why, .. } => match why {
                PriorityWhy::CreatedChain => "333.1",
                PriorityWhy::Finalized => "337.1.c.3",
                PriorityWhy::Passed => "312.2.d",
                PriorityWhy::Resolved => "340.4",
                PriorityWhy::NeutralOpen => "312.2.a",
                PriorityWhy::FocusStays => "346.1",
                PriorityWhy::Invited => "316.2.b.1",
                PriorityWhy::LeaverHeld => "652.5.c.1",
            },
            Event::Passed { .. } => "339",
            Event::PassedFocus { .. } => "347.4",
            Event::Played { .. } => "349",
            Event::Activated { .. } => "399",
            Event::EnergyAdded { .. } => "429.2",
            Event::ItemAdded { .. } => "329",
            Event::Finalized { .. } => "337",
            Event::TriggersWaiting { .. } => "383.3.d",
            Event::Resolved { .. } => "340",
            Event::Trashed { .. } => "340",
            Event::Hid { .. } => "421",
            Event::HiddenLost { .. } => "107.3.d",
            Event::EnteredBoard { .. } => "337.1.c",
            Event::ControlGained { .. } => "188",
            Event::Moved { .. } => "440",
            Event::Recalled { .. } => "449",
            Event::Damaged { .. } | Event::Assigned { .. } => "460",
            Event::Dealt { .. } => "417",
            Event::Attached { .. } => "818",
            Event::FinalPointWithheld { .. } => "466.1.b",
            Event::Detached { .. } => "435.4.b",
            Event::Empowered { .. } => "472.3",
            Event::Expired { why, .. } => match why {
                Expiry::TurnEnded => "317",
                Expiry::TurnHandedOn => "652.5.a.1",
                Expiry::NextTurn => "315",
                Expiry::PlayerLeft => "651.3",
            },
            Event::Killed { .. } => "428",
            Event::CeasedToExist { .. } => "183.1",
            Event::Contested { .. } => "445",
            Event::Unstaged { .. } => "456.2",
            Event::ShowdownBegan { .. } => "344",
            Event::CombatBegan { .. } => "459",
            Event::ShowdownEnded { .. } => "347.3.a",
            Event::CombatEnded { .. } => "461",
            Event::ControlEstablished { .. } => "187.4",
            Event::Scored { .. } => "462",
            Event::Invited { .. } => "316.2.b.1",
        }
    }

    /// The event as a sentence, with names from `catalog`.
    pub fn display<'a>(&'a self, catalog: &'a Catalog) -> EventDisplay<'a> {
        EventDisplay {
            event: self,
            catalog,
        }
    }
}

/// A zone as words, for a card owned by `owner`.
pub fn zone_text(catalog: &Catalog, zone: Zone, owner: Seat) -> String {
    match zone {
        Zone::Hand => format!("{owner}'s hand"),
        Zone::Base(s) => format!("{s}'s Base"),
        Zone::Field(b) => catalog.bf_name(b).to_string(),
        Zone::Facedown(b) => format!("facedown at {}", catalog.bf_name(b)),
        Zone::Chain => "the Chain".to_string(),
        Zone::Trash => format!("{owner}'s Trash"),
        Zone::Banishment => format!("{owner}'s Banishment"),
        Zone::Removed => "removed from the game".to_string(),
        Zone::Nowhere => "nowhere".to_string(),
        Zone::Attached(u) => format!(
            "attached to {}",
            catalog
                .cards
                .get(u.index())
                .map_or("?", |d| d.name.as_str())
        ),
    }
}

/// An event shown as a sentence.
pub struct EventDisplay<'a> {
    event: &'a Event,
    catalog: &'a Catalog,
}

impl fmt::Display for EventDisplay<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c = self.catalog;
        let card = |id: CardId| c.cards.get(id.index()).map_or("?", |d| d.name.as_str());
        let item = |i: &ItemName| i.text(c);
        let owner = |id: CardId| c.cards.get(id.index()).map_or(Seat::A, |d| d.owner);
        match self.event {
            Event::Conceded { seat } => write!(f, "{seat} concedes"),
            Event::Won { winners, by_score } => {
                let verb = if winners.len() == 1 { "wins" } else { "win" };
                let how = if *by_score {
                    ", with the Victory Score and more points than any opponent"
                } else {
                    ""
                };
                write!(f, "{winners} {verb} the game{how}")
            }
            Event::PlayerRemoved { seat } => write!(f, "{seat} is removed from the game"),
            Event::Banished { card: id, owner } => {
                write!(f, "{} is banished into {owner}'s Banishment", card(*id))
            }
            Event::BattlefieldReplaced { battlefield } => write!(
                f,
                "{} is replaced by a token battlefield with no abilities",
                c.bf_name(*battlefield)
            ),
            Event::MightChanged { card: id, from, to } => {
                write!(f, "{} goes from {from} Might to {to}", card(*id))?;
                match (*from >= 5, *to >= 5) {
                    (true, false) => write!(f, " and is no longer Mighty"),
                    (false, true) => write!(f, " and becomes Mighty"),
                    _ => Ok(()),
                }
            }
            Event::RemovedFromGame { card: id } => {
                write!(f, "{} is removed from the game", card(*id))
            }
            Event::Countered { item: i, .. } => write!(f, "{} is countered", item(i)),
            Event::LeftChain { item: i } => {
                write!(f, "{} leaves the Chain with its owner's cards", item(i))
            }
            Event::BattlefieldUncontrolled { battlefield } => {
                write!(f, "{} becomes uncontrolled", c.bf_name(*battlefield))
            }
            Event::TurnTo { seat } => write!(f, "{seat} becomes the Turn Player"),
            Event::TurnBegan { seat } => write!(f, "{seat}'s turn begins"),
            Event::TurnEnded { seat } => write!(f, "{seat}'s turn ends"),
            Event::FocusTo { seat } => write!(f, "{seat} receives Focus"),
            Event::PriorityTo { seat, .. } => write!(f, "{seat} receives Priority"),
            Event::Passed { seat } => write!(f, "{seat} passes"),
            Event::PassedFocus { seat } => write!(f, "{seat} passes Focus"),
            Event::Played { seat, card: id } => write!(f, "{seat} plays {}", card(*id)),
            Event::Activated { seat, card: id } => write!(f, "{seat} activates {}", card(*id)),
            Event::EnergyAdded { seat, card: id } => write!(
                f,
                "{}'s Add ability resolves at once: {seat} adds 1 Energy",
                card(*id)
            ),
            Event::ItemAdded {
                item: i,
                controller,
            } => write!(f, "{} ({controller}'s) goes on the Chain", item(i)),
            Event::Finalized { item: i } => write!(f, "{} is finalized", item(i)),
            Event::TriggersWaiting { seat } => {
                write!(f, "{seat} must order their simultaneous triggers")
            }
            Event::Resolved { item: i } => write!(f, "{} resolves", item(i)),
            Event::Trashed { card: id } => {
                write!(f, "{} goes to {}'s Trash", card(*id), owner(*id))
            }
            Event::Hid { seat, card: id, at } => write!(
                f,
                "{seat} hides {} facedown at {}",
                card(*id),
                self.catalog.bf_name(*at)
            ),
            Event::HiddenLost { card: id } => write!(
                f,
                "{}, hidden where its player no longer has control, goes to {}'s Trash",
                card(*id),
                owner(*id)
            ),
            Event::EnteredBoard { card: id, zone } => write!(
                f,
                "{} enters the board at {}",
                card(*id),
                zone_text(c, *zone, owner(*id))
            ),
            Event::ControlGained { card: id, seat } => {
                write!(f, "{seat} gains control of {}", card(*id))
            }
            Event::Moved { card: id, zone } => write!(
                f,
                "{} moves to {}",
                card(*id),
                zone_text(c, *zone, owner(*id))
            ),
            Event::Recalled { card: id } => write!(f, "{} is Recalled", card(*id)),
            Event::Assigned { seat, card: c } => write!(f, "{seat} assigns damage to {}", card(*c)),
            Event::Damaged { card: c, amount } => write!(f, "{} takes {amount} damage", card(*c)),
            Event::Dealt { card: c, amount } => write!(f, "{} is dealt {amount} damage", card(*c)),
            Event::FinalPointWithheld { seat, battlefield } => write!(
                f,
                "{seat} conquers {} without having scored every battlefield this turn, and draws \
                 a card instead of the final point",
                c.bf_name(*battlefield)
            ),
            Event::Attached { card: id, to } => {
                write!(f, "{} is attached to {}", card(*id), card(*to))
            }
            Event::Detached { card: id, from, at } => write!(
                f,
                "{} comes off {} and stays at {}",
                card(*id),
                card(*from),
                zone_text(c, *at, owner(*id))
            ),
            Event::Empowered {
                card: id,
                by,
                amount,
                until,
            } => {
                let until = match until {
                    Until::ThisTurn => "this turn".to_string(),
                    Until::YourNextTurn => format!("until {by}'s next turn"),
                };
                write!(f, "{by} gives {} {amount:+} Might {until}", card(*id))
            }
            Event::Expired {
                card: id,
                by,
                amount,
                ..
            } => write!(f, "{by}'s {amount:+} Might on {} ends", card(*id)),
            Event::Killed { card: id } => write!(f, "{} is killed", card(*id)),
            Event::CeasedToExist { card: id } => write!(f, "{} ceases to exist", card(*id)),
            Event::Contested { .. }
            | Event::Unstaged { .. }
            | Event::ShowdownBegan { .. }
            | Event::CombatBegan { .. }
            | Event::ShowdownEnded { .. }
            | Event::CombatEnded { .. }
            | Event::ControlEstablished { .. }
            | Event::Scored { .. } => self.fight(f),
            Event::Invited { seat } => write!(f, "{seat} is invited to act"),
        }
    }
}

impl EventDisplay<'_> {
    /// The sentences of battlefields and the fights at them (323, 341-348, 454-466).
    fn fight(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c = self.catalog;
        match self.event {
            Event::Contested { battlefield, seat } => {
                write!(f, "{seat} contests {}", c.bf_name(*battlefield))
            }
            Event::Unstaged { battlefield } => write!(
                f,
                "the fight staged at {} no longer has two sides and is not run",
                c.bf_name(*battlefield)
            ),
            Event::ShowdownBegan { battlefield } => {
                write!(f, "a Showdown begins at {}", c.bf_name(*battlefield))
            }
            Event::CombatBegan {
                battlefield,
                attacker,
                defender,
            } => write!(
                f,
                "combat begins at {}: {attacker} attacks, {defender} defends",
                c.bf_name(*battlefield)
            ),
            Event::ShowdownEnded { battlefield } => {
                write!(f, "the Showdown at {} ends", c.bf_name(*battlefield))
            }
            Event::CombatEnded {
                battlefield,
                winner,
            } => match winner {
                Some(w) => write!(
                    f,
                    "the combat at {} ends; {w} wins it",
                    c.bf_name(*battlefield)
                ),
                None => write!(
                    f,
                    "the combat at {} ends with no result",
                    c.bf_name(*battlefield)
                ),
            },
            Event::ControlEstablished { battlefield, seat } => {
                write!(
                    f,
                    "{seat} establishes control of {}",
                    c.bf_name(*battlefield)
                )
            }
            Event::Scored {
                seat,
                battlefield,
                how,
            } => write!(
                f,
                "{seat} scores a point by {} at {}",
                match how {
                    ScoreKind::Conquer => "Conquer",
                    ScoreKind::Hold => "Hold",
                },
                c.bf_name(*battlefield)
            ),
            _ => Ok(()),
        }
    }
}
