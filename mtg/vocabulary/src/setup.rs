//! The table an MTG game starts from: the players, the cards and where they are, and the
//! model's bound on turns. Checked before the game starts: a bad setup is refused with every
//! problem named.

use serde::{Deserialize, Serialize};

use crate::types::{Card, ChoiceKind, ObjId, Pending, Player, Step, Zone};

/// One card at the table.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardAt {
    /// The card.
    pub card: Card,
    /// Its owner.
    pub owner: Player,
    /// Where it starts (not the stack: the game starts with it empty).
    pub zone: Zone,
    /// On the battlefield: the player it entered under, who controls it unless an effect says
    /// otherwise (the owner by default).
    #[serde(default)]
    pub entered_under: Option<Player>,
    /// A Mind Control on the battlefield: the creature it enchants (its controller, the Aura's,
    /// then controls the creature).
    #[serde(default)]
    pub attached: Option<ObjId>,
    /// A token on the battlefield.
    #[serde(default)]
    pub token: bool,
}

impl CardAt {
    /// `card`, owned by `owner`, in `zone`: entered under its owner if on the battlefield,
    /// attached to nothing, a token if it is the Myr.
    pub fn new(card: Card, owner: Player, zone: Zone) -> CardAt {
        CardAt {
            card,
            owner,
            zone,
            entered_under: None,
            attached: None,
            token: card == Card::Myr,
        }
    }
}

/// The table before the game (over the protocol, `docs/protocol.md`'s MTG section, every field
/// may be left out for its default).
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct MtgSetup {
    /// How many players (2 to 4), in turn order from A.
    pub players: u8,
    /// Each player's starting life total.
    pub life: i16,
    /// Whose turn it is as the game starts (it starts in that turn's main step).
    pub active: Player,
    /// The step it starts in.
    pub step: Step,
    /// How many more turns may begin after this one (the model's bound).
    pub turns: u8,
    /// Every card, in [`ObjId`] order.
    pub cards: Vec<CardAt>,
    /// A choice a rule gives this player, waiting as the game starts (800.4g).
    pub rule_choice: Option<Player>,
    /// The planar controller of a Planechase game (800.4n), if it is one.
    pub planar_controller: Option<Player>,
}

impl Default for MtgSetup {
    fn default() -> MtgSetup {
        MtgSetup {
            players: 2,
            life: 20,
            active: Player(0),
            step: Step::Main,
            turns: 1,
            cards: Vec::new(),
            rule_choice: None,
            planar_controller: None,
        }
    }
}

/// The most objects a game holds, tokens included.
pub const MAX_OBJECTS: usize = 24;

/// Every problem that makes a setup impossible, in the order found.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("{}", .0.join("; "))]
pub struct MtgSetupErrors(pub Vec<String>);

impl MtgSetup {
    /// The players of this table.
    pub fn seats(&self) -> impl Iterator<Item = Player> {
        Player::all(usize::from(self.players))
    }

    /// The pending choice the setup starts with.
    pub fn pending(&self) -> Option<Pending> {
        self.rule_choice.map(|by| Pending {
            by,
            kind: ChoiceKind::Rule,
        })
    }

    /// Every problem with this setup.
    ///
    /// # Errors
    ///
    /// Each problem, saying which card or field it is in.
    pub fn validate(&self) -> Result<(), MtgSetupErrors> {
        let mut errs = Vec::new();
        let n = self.players;
        if !(2..=4).contains(&n) {
            errs.push(format!("players must be 2, 3 or 4, not {n}"));
        }
        let seat_ok = |p: Player| p.0 < n;
        if !seat_ok(self.active) {
            errs.push(format!("active: there is no player {}", self.active));
        }
        if !(1..=999).contains(&self.life) {
            errs.push(format!("life must be 1 to 999, not {}", self.life));
        }
        if self.cards.len() + 4 > MAX_OBJECTS {
            errs.push(format!(
                "at most {} cards (room is kept for tokens), not {}",
                MAX_OBJECTS - 4,
                self.cards.len()
            ));
        }
        for who in [
            ("rule-choice", self.rule_choice),
            ("planar-controller", self.planar_controller),
        ] {
            if let (name, Some(p)) = who
                && !seat_ok(p)
            {
                errs.push(format!("{name}: there is no player {p}"));
            }
        }
        for (i, c) in self.cards.iter().enumerate() {
            let at = format!("card {i} ({})", c.card.key());
            if !seat_ok(c.owner) {
                errs.push(format!("{at}: there is no player {}", c.owner));
            }
            if matches!(c.zone, Zone::Stack | Zone::Gone) {
                errs.push(format!(
                    "{at}: a card cannot start on the stack or out of the game"
                ));
            }
            if let Some(p) = c.entered_under {
                if !seat_ok(p) {
                    errs.push(format!("{at}: entered-under: there is no player {p}"));
                }
                if c.zone != Zone::Battlefield {
                    errs.push(format!("{at}: entered-under is only for the battlefield"));
                }
            }
            if c.zone == Zone::Battlefield && !c.card.is_permanent() {
                errs.push(format!("{at}: only permanents start on the battlefield"));
            }
            if (c.card == Card::Myr) != c.token {
                errs.push(format!("{at}: the Myr, and only the Myr, is a token"));
            }
            if c.token && c.zone != Zone::Battlefield {
                errs.push(format!("{at}: a token starts on the battlefield"));
            }
            if let Some(target) = c.attached {
                let ok = self
                    .cards
                    .get(usize::from(target.0))
                    .is_some_and(|t| t.card.is_creature() && t.zone == Zone::Battlefield);
                if c.card != Card::MindControl || c.zone != Zone::Battlefield {
                    errs.push(format!(
                        "{at}: only a Mind Control on the battlefield is attached"
                    ));
                } else if !ok {
                    errs.push(format!(
                        "{at}: attached: object {} is not a creature on the battlefield",
                        target.0
                    ));
                }
            } else if c.card == Card::MindControl && c.zone == Zone::Battlefield {
                errs.push(format!(
                    "{at}: a Mind Control on the battlefield must be attached"
                ));
            }
            if c.card == Card::LifeMirror && c.zone == Zone::Battlefield {
                errs.push(format!(
                    "{at}: Life Mirror must enter during the game (it chooses a player)"
                ));
            }
        }
        if errs.is_empty() {
            Ok(())
        } else {
            Err(MtgSetupErrors(errs))
        }
    }
}
