//! What an observer of an MTG game sees (the observation both MTG engines produce), the events a
//! step causes, and the refusals with the rule each cites.

use serde::Serialize;

use crate::types::{
    Action, Card, ControlEffect, Delayed, ObjId, Pending, Pick, Player, Protection, StackItem,
    Step, Target, Targets, Waiting, Zone,
};

/// One player as an observer sees them.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize)]
pub struct PlayerView {
    /// Whether they are still in the game.
    pub in_game: bool,
    /// Their life total; once they have left, the last one they had (800.4h).
    pub life: i16,
}

/// One object as an observer sees it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize)]
pub struct ObjectView {
    /// The card (or token).
    pub card: Card,
    /// Its owner (a token's owner is the player it was created under, 111.2).
    pub owner: Player,
    /// Where it is.
    pub zone: Zone,
    /// Who controls it, on the battlefield or the stack.
    pub controller: Option<Player>,
    /// Whether it is a token.
    pub token: bool,
    /// The creature an Aura on the battlefield is attached to.
    pub attached: Option<ObjId>,
    /// The player an attacking creature attacks.
    pub attacking: Option<Player>,
    /// A creature's power on the battlefield (Life Mirror's computed, 800.4h).
    pub power: Option<i16>,
    /// The player a Life Mirror on the battlefield chose (none anywhere else: a permanent that
    /// leaves and comes back is a new object).
    pub mirror_of: Option<Player>,
}

/// What an observer sees: the whole game, and the events of the last step.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default, Serialize)]
pub struct MtgView {
    /// Every player, in turn order.
    pub players: Vec<PlayerView>,
    /// Whose turn it is (it goes on if they leave, 800.4i).
    pub turn_of: Player,
    /// The active player: whose turn it is, while they are in the game (800.4i).
    pub active: Option<Player>,
    /// The step.
    pub step: Step,
    /// How many more turns may begin (the model's bound; 0 means the game stops when this turn
    /// ends).
    pub turns_left: u8,
    /// Who holds priority.
    pub priority: Option<Player>,
    /// Who has passed since the last action other than a pass, as a bit per player.
    pub passed: u8,
    /// Whether the active player has declared attackers (or can no longer) this combat step.
    pub attacks_declared: bool,
    /// The stack, bottom first.
    pub stack: Vec<StackItem>,
    /// Every object, by [`ObjId`].
    pub objects: Vec<ObjectView>,
    /// The control-changing effects in force, oldest first.
    pub control: Vec<ControlEffect>,
    /// The "until your next turn" effects in force, oldest first.
    pub protections: Vec<Protection>,
    /// The delayed triggers waiting for the next end step, oldest first.
    pub delayed: Vec<Delayed>,
    /// The triggered abilities that have triggered and wait to be put on the stack, in the
    /// order they will be (APNAP, then by source).
    pub waiting: Vec<Waiting>,
    /// The choice the game waits for.
    pub pending: Option<Pending>,
    /// The planar controller (Planechase, 800.4n), if the game has one.
    pub planar_controller: Option<Player>,
    /// Whether the game is over.
    pub over: bool,
    /// Who won, once only they are left (104.2a).
    pub winner: Option<Player>,
    /// The events of the last step, in order.
    pub events: Vec<MtgEvent>,
}

impl MtgView {
    /// Whether `p` is in the game.
    pub fn in_game(&self, p: Player) -> bool {
        self.players
            .get(usize::from(p.0))
            .is_some_and(|v| v.in_game)
    }
    /// The object `id`.
    pub fn object(&self, id: ObjId) -> Option<&ObjectView> {
        self.objects.get(usize::from(id.0))
    }
}

/// One thing that happened, with the rule that made it so where it is 800.4's.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize)]
#[serde(tag = "event", rename_all = "kebab-case")]
pub enum MtgEvent {
    /// A turn began (it begins in the main step).
    TurnBegan {
        /// Whose.
        player: Player,
    },
    /// A turn of a player who left did not begin (800.4j).
    TurnSkipped {
        /// Whose it would have been.
        player: Player,
    },
    /// A step began.
    StepBegan {
        /// Which.
        step: Step,
    },
    /// A player received priority.
    PriorityTo {
        /// Who.
        player: Player,
    },
    /// A player passed.
    Passed {
        /// Who.
        player: Player,
    },
    /// A spell was cast.
    Cast {
        /// Who cast it.
        player: Player,
        /// The card.
        card: ObjId,
        /// Its target.
        target: Option<Target>,
    },
    /// A card was cycled.
    Cycled {
        /// Who.
        player: Player,
        /// The card.
        card: ObjId,
    },
    /// A triggered ability was put on the stack.
    Triggered {
        /// The ability.
        item: StackItem,
    },
    /// The top of the stack resolved.
    Resolved {
        /// What resolved.
        item: StackItem,
    },
    /// A spell or ability whose every target is illegal did not resolve (608.2b).
    Fizzled {
        /// What.
        item: StackItem,
    },
    /// A permanent entered the battlefield.
    Entered {
        /// What.
        object: ObjId,
        /// Under whose control.
        controller: Player,
    },
    /// A token was created.
    TokenCreated {
        /// The token.
        object: ObjId,
        /// Under whose control (and ownership).
        player: Player,
    },
    /// A creature was declared as attacking.
    Attacked {
        /// The creature.
        creature: ObjId,
        /// The player it attacks.
        defender: Player,
    },
    /// Combat damage was dealt to a player.
    Damage {
        /// By what.
        creature: ObjId,
        /// To whom.
        player: Player,
        /// How much.
        amount: i16,
    },
    /// A player gained life.
    GainedLife {
        /// Who.
        player: Player,
        /// How much.
        amount: i16,
    },
    /// An object went to a graveyard (an Aura whose creature left, a resolved sorcery, a cycled
    /// card).
    ToGraveyard {
        /// What.
        object: ObjId,
    },
    /// An object was exiled, by the rule given (`"800.4a"`, `"800.4c"`, or Astral Slide's
    /// ability).
    Exiled {
        /// What.
        object: ObjId,
        /// Why.
        rule: &'static str,
    },
    /// A creature came back from exile under its owner's control (Astral Slide).
    Returned {
        /// What.
        object: ObjId,
    },
    /// A player made a choice.
    Chose {
        /// Who.
        player: Player,
        /// What.
        pick: Pick,
    },
    /// A control-changing effect ended (its duration ran out, its Aura left, or its
    /// controller left, 800.4a).
    ControlEnded {
        /// The effect.
        effect: ControlEffect,
        /// Why.
        rule: &'static str,
    },
    /// An "until your next turn" effect ended (at that turn, or when it would have begun,
    /// 800.4k).
    ProtectionEnded {
        /// The effect.
        protection: Protection,
        /// Why.
        rule: &'static str,
    },
    /// A player left the game (conceded, 104.3a).
    Left {
        /// Who.
        player: Player,
    },
    /// An object left the game with its owner (800.4a).
    LeftGame {
        /// What.
        object: ObjId,
    },
    /// An object on the stack not represented by a card ceased to exist (800.4a).
    CeasedToExist {
        /// What.
        item: StackItem,
    },
    /// A token that would have been created under a player who left was not (800.4b).
    TokenNotCreated {
        /// For whom it would have been.
        player: Player,
    },
    /// A triggered ability of a player who left was not put on the stack (800.4d).
    TriggerNotPut {
        /// Whose it was.
        controller: Player,
        /// Its source.
        source: ObjId,
    },
    /// Combat damage that would have been assigned to a player who left was not (800.4e).
    DamageNotAssigned {
        /// By what.
        creature: ObjId,
        /// To whom it would have been.
        player: Player,
    },
    /// A creature was removed from combat: its controller changed (506.4), as when the effect
    /// that gave the attacking player control of it ended with their leaving (800.4a).
    RemovedFromCombat {
        /// The creature, no longer attacking.
        creature: ObjId,
    },
    /// A card of the player who left stayed in the ante zone (800.4m).
    StayedInAnte {
        /// The card.
        object: ObjId,
    },
    /// A Life Mirror kept the life total of the player it chose, who left, as the last known
    /// one (800.4h).
    LastKnownKept {
        /// The Life Mirror.
        object: ObjId,
        /// The player who left.
        player: Player,
    },
    /// The player whose turn it is left: the turn goes on without an active player (800.4i).
    TurnContinued {
        /// Whose turn it is.
        player: Player,
    },
    /// A choice moved to another player, by the rule given (800.4f appointment, 800.4g).
    ChoiceTo {
        /// Who makes it now.
        player: Player,
        /// Why.
        rule: &'static str,
    },
    /// A new planar controller (800.4n).
    PlanarController {
        /// Who.
        player: Player,
    },
    /// The model's bound on turns was reached as a turn ended: the game stops there, with no
    /// winner.
    Stopped,
    /// The game ended; only `winner` is left (104.2a), or nobody is.
    GameOver {
        /// Who won.
        winner: Option<Player>,
    },
}

/// Why an action is refused: the rule it breaks.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, thiserror::Error)]
pub enum Refusal {
    /// The game is over.
    #[error("the game is over (104.1)")]
    GameOver,
    /// The player has left the game (800.4a).
    #[error("player {0} has left the game (800.4a)")]
    Left(Player),
    /// No such player.
    #[error("there is no player {0}")]
    NoSuchPlayer(Player),
    /// The player does not hold priority (117.1).
    #[error("player {0} does not hold priority (117.1)")]
    NoPriority(Player),
    /// A choice is pending, and it is someone's to make first.
    #[error("a choice is pending")]
    ChoicePending,
    /// No choice is pending for that player.
    #[error("player {0} has no choice to make")]
    NoChoice(Player),
    /// The pick is not among the choice's options.
    #[error("that is not one of the options")]
    BadPick,
    /// The card is not in that player's hand.
    #[error("that card is not in the player's hand")]
    NotInHand,
    /// The card cannot be cast or cycled that way.
    #[error("that card cannot be used that way")]
    WrongCard,
    /// A sorcery-speed card outside its owner's main step with an empty stack (307.1).
    #[error("sorcery speed: only the active player, in a main step, with the stack empty (307.1)")]
    SorcerySpeed,
    /// The target is not a legal one (115).
    #[error("not a legal target (115)")]
    BadTarget,
    /// Not the time to declare attackers (508.1).
    #[error("attackers are declared by the active player at the start of combat (508.1)")]
    NotDeclaring,
    /// That creature cannot attack that player (508.1, 800.4k effects).
    #[error("that creature cannot attack that player (508.1)")]
    CannotAttack,
}

impl Refusal {
    /// Every refusal's name ([`Refusal::name`]), as an engine may send it and a scenario's step
    /// may expect it (`-> refused (NoPriority)`).
    pub const NAMES: [&'static str; 13] = [
        "GameOver",
        "Left",
        "NoSuchPlayer",
        "NoPriority",
        "ChoicePending",
        "NoChoice",
        "BadPick",
        "NotInHand",
        "WrongCard",
        "SorcerySpeed",
        "BadTarget",
        "NotDeclaring",
        "CannotAttack",
    ];

    /// Its name, as the protocol sends it (`NoPriority`).
    pub fn name(self) -> &'static str {
        match self {
            Refusal::GameOver => "GameOver",
            Refusal::Left(_) => "Left",
            Refusal::NoSuchPlayer(_) => "NoSuchPlayer",
            Refusal::NoPriority(_) => "NoPriority",
            Refusal::ChoicePending => "ChoicePending",
            Refusal::NoChoice(_) => "NoChoice",
            Refusal::BadPick => "BadPick",
            Refusal::NotInHand => "NotInHand",
            Refusal::WrongCard => "WrongCard",
            Refusal::SorcerySpeed => "SorcerySpeed",
            Refusal::BadTarget => "BadTarget",
            Refusal::NotDeclaring => "NotDeclaring",
            Refusal::CannotAttack => "CannotAttack",
        }
    }

    /// The rule it cites.
    pub fn rule(self) -> &'static str {
        match self {
            Refusal::GameOver => "104.1",
            Refusal::Left(_) => "800.4a",
            Refusal::NoSuchPlayer(_) => "102.1",
            Refusal::NoPriority(_) => "117.1",
            Refusal::ChoicePending | Refusal::NoChoice(_) | Refusal::BadPick => "101.4",
            Refusal::NotInHand | Refusal::WrongCard => "601.2",
            Refusal::SorcerySpeed => "307.1",
            Refusal::BadTarget => "115.1",
            Refusal::NotDeclaring | Refusal::CannotAttack => "508.1",
        }
    }
}

/// Every well-formed action at the table `view` shows, legal or not: for every player (those who
/// left included) a pass and a concession; a cast of each card in their hand with each target of
/// its kind (every creature object, every other player); a cycle of each card in their hand; in
/// the combat step an attack by each creature object on each other player; and, while a choice is
/// pending, every pick (a decline, 1, 2, each player, each creature object). Both MTG engines
/// offer exactly this list.
pub fn well_formed(view: &MtgView, out: &mut Vec<Action>) {
    let players = Player::all(view.players.len());
    let creatures = || {
        view.objects
            .iter()
            .enumerate()
            .filter(|(_, o)| o.card.is_creature())
            .map(|(i, _)| ObjId(i as u8))
    };
    for player in players {
        out.push(Action::Pass { player });
        out.push(Action::Concede { player });
        for (i, o) in view.objects.iter().enumerate() {
            if o.zone != Zone::Hand || o.owner != player {
                continue;
            }
            let card = ObjId(i as u8);
            match o.card.targets() {
                Targets::Nothing => out.push(Action::Cast {
                    player,
                    card,
                    target: None,
                }),
                Targets::Creature => out.extend(creatures().map(|c| Action::Cast {
                    player,
                    card,
                    target: Some(Target::Object(c)),
                })),
                Targets::Opponent => out.extend(
                    Player::all(view.players.len())
                        .filter(|&q| q != player)
                        .map(|q| Action::Cast {
                            player,
                            card,
                            target: Some(Target::Player(q)),
                        }),
                ),
            }
            out.push(Action::Cycle { player, card });
        }
        if view.step == Step::Combat {
            for creature in creatures() {
                for defender in Player::all(view.players.len()).filter(|&q| q != player) {
                    out.push(Action::Attack {
                        player,
                        creature,
                        defender,
                    });
                }
            }
        }
        if view.pending.is_some() {
            let picks = [Pick::Decline, Pick::Number(1), Pick::Number(2)]
                .into_iter()
                .chain(Player::all(view.players.len()).map(Pick::Player))
                .chain(creatures().map(Pick::Object));
            out.extend(picks.map(|pick| Action::Choose { player, pick }));
        }
    }
}

impl MtgEvent {
    /// The rule the event is an instance of, where it is one of 800.4's or the event names it
    /// (an exile by a card's own effect, Astral Slide's, names the card: no rule).
    pub fn rule(&self) -> Option<&'static str> {
        match *self {
            MtgEvent::ControlEnded { rule, .. }
            | MtgEvent::Exiled { rule, .. }
            | MtgEvent::ProtectionEnded { rule, .. }
            | MtgEvent::ChoiceTo { rule, .. } => {
                Some(rule).filter(|r| r.starts_with(|c: char| c.is_ascii_digit()))
            }
            MtgEvent::LeftGame { .. } | MtgEvent::CeasedToExist { .. } => Some("800.4a"),
            MtgEvent::TokenNotCreated { .. } => Some("800.4b"),
            MtgEvent::TriggerNotPut { .. } => Some("800.4d"),
            MtgEvent::DamageNotAssigned { .. } => Some("800.4e"),
            MtgEvent::LastKnownKept { .. } => Some("800.4h"),
            MtgEvent::TurnContinued { .. } => Some("800.4i"),
            MtgEvent::StayedInAnte { .. } => Some("800.4m"),
            MtgEvent::RemovedFromCombat { .. } => Some("506.4"),
            MtgEvent::TurnSkipped { .. } => Some("800.4j"),
            MtgEvent::PlanarController { .. } => Some("800.4n"),
            MtgEvent::GameOver { .. } => Some("104.2a"),
            _ => None,
        }
    }
}

/// Magic: The Gathering, as far as 800.4 reaches: the ruleset of the reference engine
/// (`riftcheck::mtg::MtgGame`) and of the spec (`mtg_spec::MtgSpec`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Mtg;

impl riftcheck_core::Ruleset for Mtg {
    type Setup = crate::setup::MtgSetup;
    type SetupErrors = crate::setup::MtgSetupErrors;
    type Action = Action;
    type Event = MtgEvent;
    type Refusal = Refusal;
    type Observation = MtgView;
    /// The views are compared whole; the protocol's comparison names the field
    /// (`protocol::mtg::first_difference`).
    type Difference = ();
    fn events_of(observation: &mut MtgView) -> &mut Vec<MtgEvent> {
        &mut observation.events
    }
    fn same_rule(a: &Refusal, b: &Refusal) -> bool {
        a.rule() == b.rule()
    }
}
