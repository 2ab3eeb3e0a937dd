//! The vocabulary of the MTG ruleset: players, the test catalog, objects and zones, the stack,
//! continuous effects, actions, events, refusals and the observation. Both the MTG engine and the
//! MTG spec are written against these types; `docs/mtg.md` states the game they play.

use std::fmt;

use serde::{Deserialize, Serialize};

/// A player, by their place in turn order (0 is the first player, A).
#[derive(
    Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize, Default,
)]
pub struct Player(pub u8);

impl Player {
    /// The players of a table of `n`, in turn order.
    pub fn all(n: usize) -> impl Iterator<Item = Player> {
        (0..n as u8).map(Player)
    }
    /// The player's letter (A, B, C, D); `?` for a number no letter names (an engine's or a
    /// trace's out of range, never a player of a game).
    pub fn letter(self) -> char {
        if self.0 < 26 {
            char::from(b'A' + self.0)
        } else {
            '?'
        }
    }
    /// The player a letter names.
    pub fn from_letter(c: char) -> Option<Player> {
        let c = c.to_ascii_uppercase();
        ('A'..='D').contains(&c).then(|| Player(c as u8 - b'A'))
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0 < 26 {
            write!(f, "{}", self.letter())
        } else {
            write!(f, "#{}", self.0)
        }
    }
}

/// An object: its index in the game's list of objects, fixed for the whole game (tokens are
/// appended as they are created).
#[derive(
    Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize, Default,
)]
pub struct ObjId(pub u8);

/// The test catalog: the cards of seed 004's examples and the few more the sub-rules need.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Card {
    /// Assault Griffin, a 3/2 creature.
    AssaultGriffin,
    /// Runeclaw Bears, a 2/2 creature.
    RuneclawBears,
    /// Serra Angel, a 4/4 creature.
    SerraAngel,
    /// Hypnotic Specter, a 2/2 creature.
    HypnoticSpecter,
    /// Myr, the 1/1 artifact creature token Genesis Chamber makes.
    Myr,
    /// Life Mirror (test card), a creature: as it enters its controller chooses a player; its
    /// power is that player's life total (800.4h: the last known one once they have left).
    LifeMirror,
    /// Mind Control, an Aura (sorcery speed): you control enchanted creature.
    MindControl,
    /// Act of Treason, a sorcery: gain control of target creature until end of turn.
    ActOfTreason,
    /// Bribery, a sorcery: put the first creature card of target opponent's library onto the
    /// battlefield under your control.
    Bribery,
    /// Genesis Chamber, an artifact: whenever a nontoken creature enters the battlefield, that
    /// creature's controller creates a Myr token.
    GenesisChamber,
    /// Astral Slide, an enchantment: whenever a player cycles a card, you may exile target
    /// creature; if you do, return it to the battlefield under its owner's control at the
    /// beginning of the next end step.
    AstralSlide,
    /// Secluded Steppe, a land with cycling (cycled from the hand at instant speed).
    SecludedSteppe,
    /// Chronomantic Escape, a sorcery: until your next turn, creatures can't attack you.
    ChronomanticEscape,
    /// Opponent's Choice (test card), an instant: as you cast it, choose an opponent; as it
    /// resolves that opponent chooses whether you gain 1 life or 2 life.
    OpponentsChoice,
}

/// How a card is cast, if it is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Speed {
    /// Only by the active player, in their main step, with the stack empty.
    Sorcery,
    /// Whenever its owner holds priority.
    Instant,
    /// Not cast (a land or a token).
    Never,
}

/// What a cast card needs chosen as it is cast.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Targets {
    /// Nothing.
    Nothing,
    /// A creature on the battlefield.
    Creature,
    /// An opponent of the caster (still in the game).
    Opponent,
}

impl Card {
    /// Every card, in catalog order.
    pub const ALL: [Card; 14] = [
        Card::AssaultGriffin,
        Card::RuneclawBears,
        Card::SerraAngel,
        Card::HypnoticSpecter,
        Card::Myr,
        Card::LifeMirror,
        Card::MindControl,
        Card::ActOfTreason,
        Card::Bribery,
        Card::GenesisChamber,
        Card::AstralSlide,
        Card::SecludedSteppe,
        Card::ChronomanticEscape,
        Card::OpponentsChoice,
    ];
    /// The card's name as the scenario format spells it.
    pub fn key(self) -> &'static str {
        match self {
            Card::AssaultGriffin => "assault-griffin",
            Card::RuneclawBears => "runeclaw-bears",
            Card::SerraAngel => "serra-angel",
            Card::HypnoticSpecter => "hypnotic-specter",
            Card::Myr => "myr",
            Card::LifeMirror => "life-mirror",
            Card::MindControl => "mind-control",
            Card::ActOfTreason => "act-of-treason",
            Card::Bribery => "bribery",
            Card::GenesisChamber => "genesis-chamber",
            Card::AstralSlide => "astral-slide",
            Card::SecludedSteppe => "secluded-steppe",
            Card::ChronomanticEscape => "chronomantic-escape",
            Card::OpponentsChoice => "opponents-choice",
        }
    }
    /// The card a scenario name spells.
    pub fn from_key(key: &str) -> Option<Card> {
        Card::ALL.into_iter().find(|c| c.key() == key)
    }
    /// The card's printed name.
    pub fn name(self) -> &'static str {
        match self {
            Card::AssaultGriffin => "Assault Griffin",
            Card::RuneclawBears => "Runeclaw Bears",
            Card::SerraAngel => "Serra Angel",
            Card::HypnoticSpecter => "Hypnotic Specter",
            Card::Myr => "Myr token",
            Card::LifeMirror => "Life Mirror",
            Card::MindControl => "Mind Control",
            Card::ActOfTreason => "Act of Treason",
            Card::Bribery => "Bribery",
            Card::GenesisChamber => "Genesis Chamber",
            Card::AstralSlide => "Astral Slide",
            Card::SecludedSteppe => "Secluded Steppe",
            Card::ChronomanticEscape => "Chronomantic Escape",
            Card::OpponentsChoice => "Opponent's Choice",
        }
    }
    /// The printed power of a creature (Life Mirror's is computed), `None` for a noncreature.
    pub fn power(self) -> Option<u8> {
        match self {
            Card::AssaultGriffin => Some(3),
            Card::RuneclawBears | Card::HypnoticSpecter => Some(2),
            Card::SerraAngel => Some(4),
            Card::Myr => Some(1),
            Card::LifeMirror => Some(0),
            _ => None,
        }
    }
    /// Whether it is a creature.
    pub fn is_creature(self) -> bool {
        self.power().is_some()
    }
    /// Whether it is a permanent card (it resolves onto the battlefield).
    pub fn is_permanent(self) -> bool {
        self.is_creature()
            || matches!(
                self,
                Card::MindControl | Card::GenesisChamber | Card::AstralSlide | Card::SecludedSteppe
            )
    }
    /// How it is cast.
    pub fn speed(self) -> Speed {
        match self {
            Card::Myr | Card::SecludedSteppe => Speed::Never,
            Card::OpponentsChoice => Speed::Instant,
            _ => Speed::Sorcery,
        }
    }
    /// What is chosen as it is cast.
    pub fn targets(self) -> Targets {
        match self {
            Card::MindControl | Card::ActOfTreason => Targets::Creature,
            Card::Bribery | Card::OpponentsChoice => Targets::Opponent,
            _ => Targets::Nothing,
        }
    }
}

/// Where an object is.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Zone {
    /// Its owner's library, in order (the first is the top).
    Library,
    /// Its owner's hand.
    Hand,
    /// The battlefield.
    Battlefield,
    /// The stack (as a spell).
    Stack,
    /// Its owner's graveyard.
    Graveyard,
    /// Exile.
    Exile,
    /// The ante zone (407), which a leaver's cards do not leave (800.4m).
    Ante,
    /// Out of the game: it left with its owner (800.4a), or a token that ceased to exist.
    Gone,
}

impl Zone {
    /// Every zone.
    pub const ALL: [Zone; 8] = [
        Zone::Library,
        Zone::Hand,
        Zone::Battlefield,
        Zone::Stack,
        Zone::Graveyard,
        Zone::Exile,
        Zone::Ante,
        Zone::Gone,
    ];
    /// Its name in scenario files and reports.
    pub fn key(self) -> &'static str {
        match self {
            Zone::Library => "library",
            Zone::Hand => "hand",
            Zone::Battlefield => "battlefield",
            Zone::Stack => "stack",
            Zone::Graveyard => "graveyard",
            Zone::Exile => "exile",
            Zone::Ante => "ante",
            Zone::Gone => "gone",
        }
    }
    /// The zone a name spells.
    pub fn from_key(key: &str) -> Option<Zone> {
        Zone::ALL.into_iter().find(|z| z.key() == key)
    }
}

/// The steps of a turn the model plays (a turn begins in the main step, the default).
#[derive(
    Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default, Serialize, Deserialize,
)]
#[serde(rename_all = "kebab-case")]
pub enum Step {
    /// The main step: sorcery-speed casting.
    #[default]
    Main,
    /// The combat step: the active player declares attackers before anyone passes; combat
    /// damage is dealt when all players pass with the stack empty.
    Combat,
    /// The end step: "at the beginning of the next end step" triggers trigger as it begins.
    End,
}

impl Step {
    /// Its name in scenario files and reports.
    pub fn key(self) -> &'static str {
        match self {
            Step::Main => "main",
            Step::Combat => "combat",
            Step::End => "end",
        }
    }
    /// The step a name spells.
    pub fn from_key(key: &str) -> Option<Step> {
        [Step::Main, Step::Combat, Step::End]
            .into_iter()
            .find(|s| s.key() == key)
    }
}

/// An object on the stack.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum StackItem {
    /// A spell: a card on the stack, with its target.
    Spell {
        /// The card.
        card: ObjId,
        /// The player who cast it.
        controller: Player,
        /// Its target, if it has one.
        target: Option<Target>,
    },
    /// A triggered ability (not represented by a card).
    Trigger {
        /// Who controls it.
        controller: Player,
        /// The permanent whose ability it is.
        source: ObjId,
        /// What it does.
        effect: TriggerEffect,
    },
}

impl StackItem {
    /// Who controls it.
    pub fn controller(&self) -> Player {
        match *self {
            StackItem::Spell { controller, .. } | StackItem::Trigger { controller, .. } => {
                controller
            }
        }
    }
}

/// A target: an object or a player.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Target {
    /// An object.
    Object(ObjId),
    /// A player.
    Player(Player),
}

/// What a triggered ability does when it resolves.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(tag = "does", rename_all = "kebab-case")]
pub enum TriggerEffect {
    /// Genesis Chamber: `player` (the entering creature's controller) creates a Myr token.
    MyrFor {
        /// Who creates it.
        player: Player,
    },
    /// Astral Slide: exile `creature`, and return it at the beginning of the next end step.
    Slide {
        /// The target.
        creature: ObjId,
    },
    /// Astral Slide's delayed trigger: return `creature` under its owner's control.
    Return {
        /// The exiled card.
        creature: ObjId,
    },
}

/// How long a control-changing effect lasts.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Duration {
    /// While the Aura that makes it is on the battlefield attached (Mind Control).
    WhileAttached(ObjId),
    /// Until the cleanup of this turn (Act of Treason).
    EndOfTurn,
}

/// A control-changing effect: `controller` controls `object` (613 layer 2; the newest wins).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct ControlEffect {
    /// Who gains control.
    pub controller: Player,
    /// Of what.
    pub object: ObjId,
    /// How long.
    pub duration: Duration,
    /// The card whose effect it is.
    pub from: Card,
}

/// "Until `player`'s next turn, creatures can't attack `player`" (Chronomantic Escape).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Protection {
    /// Whose effect it is and whose next turn ends it (800.4k).
    pub player: Player,
}

/// A delayed triggered ability waiting for the next end step (Astral Slide).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Delayed {
    /// Who controls it (Astral Slide's controller when the exile happened).
    pub controller: Player,
    /// The Astral Slide.
    pub source: ObjId,
    /// The card to return.
    pub creature: ObjId,
}

/// A triggered ability that has triggered and waits to be put on the stack (603.3): the next
/// time a player would receive priority.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Waiting {
    /// Who will control it.
    pub controller: Player,
    /// Its source.
    pub source: ObjId,
    /// What it does; `None` for Astral Slide's, whose target its controller chooses as it is put
    /// on the stack.
    pub effect: Option<TriggerEffect>,
}

/// A choice the game waits for. Nobody receives priority while one is pending.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Pending {
    /// Who makes it.
    pub by: Player,
    /// What it is.
    pub kind: ChoiceKind,
}

/// What a pending choice is about, and what it chooses among.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum ChoiceKind {
    /// Astral Slide's trigger is being put on the stack: its controller picks a creature on the
    /// battlefield as its target, or none (the ability is then not put on the stack).
    SlideTarget {
        /// The Astral Slide.
        source: ObjId,
    },
    /// Life Mirror is entering: its controller picks a player still in the game.
    MirrorPlayer {
        /// The Life Mirror.
        mirror: ObjId,
    },
    /// Opponent's Choice is resolving: the chosen player picks 1 or 2 (the life its controller
    /// gains). `opponent` records whether the original chooser was an opponent (800.4f).
    LifeGain {
        /// The spell.
        spell: ObjId,
        /// Its controller.
        controller: Player,
        /// Whether the original chooser was an opponent of the controller.
        opponent: bool,
    },
    /// 800.4f: the chooser of a [`ChoiceKind::LifeGain`] left; its controller picks another
    /// player to make it (another opponent if possible, when the original was an opponent).
    Appoint {
        /// The spell.
        spell: ObjId,
        /// Whether the original chooser was an opponent of the controller.
        opponent: bool,
    },
    /// A choice a rule gives a player (set up by a scenario; it picks 1 or 2): 800.4g gives it
    /// to the next player in turn order if that player leaves.
    Rule,
}

/// What a player picks when they make a pending choice.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Pick {
    /// An object.
    Object(ObjId),
    /// A player.
    Player(Player),
    /// A number (1 or 2).
    Number(u8),
    /// Nothing ("you may" declined).
    Decline,
}

/// One thing a player does.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "kebab-case")]
pub enum Action {
    /// Pass priority (117.3d).
    Pass {
        /// Who.
        player: Player,
    },
    /// Concede: leave the game at any time (104.3a, 800.4a).
    Concede {
        /// Who.
        player: Player,
    },
    /// Cast a card from the hand, with its target.
    Cast {
        /// Who.
        player: Player,
        /// The card.
        card: ObjId,
        /// Its target.
        target: Option<Target>,
    },
    /// Cycle a card from the hand (it goes to the graveyard); every Astral Slide triggers.
    Cycle {
        /// Who.
        player: Player,
        /// The card.
        card: ObjId,
    },
    /// Declare a creature as attacking a player (508.1), in the combat step before any pass.
    Attack {
        /// The active player.
        player: Player,
        /// The creature (untapped, controlled by the active player since the turn began).
        creature: ObjId,
        /// The player attacked.
        defender: Player,
    },
    /// Make the pending choice.
    Choose {
        /// Who.
        player: Player,
        /// What.
        pick: Pick,
    },
}

impl Action {
    /// The player who takes it.
    pub fn player(self) -> Player {
        match self {
            Action::Pass { player }
            | Action::Concede { player }
            | Action::Cast { player, .. }
            | Action::Cycle { player, .. }
            | Action::Attack { player, .. }
            | Action::Choose { player, .. } => player,
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Action::Pass { player } => write!(f, "{player} passes"),
            Action::Concede { player } => write!(f, "{player} concedes"),
            Action::Cast {
                player,
                card,
                target,
            } => {
                write!(f, "{player} casts object {}", card.0)?;
                match target {
                    Some(Target::Object(o)) => write!(f, " targeting object {}", o.0),
                    Some(Target::Player(p)) => write!(f, " targeting {p}"),
                    None => Ok(()),
                }
            }
            Action::Cycle { player, card } => write!(f, "{player} cycles object {}", card.0),
            Action::Attack {
                player,
                creature,
                defender,
            } => write!(f, "{player} attacks {defender} with object {}", creature.0),
            Action::Choose { player, pick } => match pick {
                Pick::Object(o) => write!(f, "{player} chooses object {}", o.0),
                Pick::Player(p) => write!(f, "{player} chooses {p}"),
                Pick::Number(n) => write!(f, "{player} chooses {n}"),
                Pick::Decline => write!(f, "{player} declines"),
            },
        }
    }
}
