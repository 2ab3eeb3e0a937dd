//! An unvalidated description of a table and a game in progress, and the one conversion that
//! validates it into a [`Game`] ([`Game::from_setup`]), refusing impossible tables with a
//! [`SetupError`] that says what is wrong and where.

use std::collections::BTreeSet;
use std::sync::Arc;

use arrayvec::ArrayVec;

use crate::card::{
    Ability, BattlefieldDef, BattlefieldId, CardDef, CardId, CardKind, Catalog, Effect,
    MAX_BATTLEFIELDS, MAX_CARDS, TargetKind, Timing, TriggerEvent,
};
use crate::error::{SetupError, SetupPath, SetupProblem};
use crate::event::Event;
use crate::game::chain::{Chain, Item};
use crate::game::policy;
use crate::game::{CardState, Combat, FieldState, Game, Showdown, State, Window};
use crate::item::{ItemKind, ItemTarget, MAX_CHAIN, Opener};
use crate::mode::Mode;
use crate::readings::Readings;
use crate::seat::{Seat, SeatSet};
use crate::zone::Zone;

/// A table and the state of a game on it, described by names. Build a [`Game`] from it with
/// [`Game::from_setup`].
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
    /// Play the named token at the named battlefield (or one chosen when played), then 1 damage
    /// to each enemy unit there.
    PlayToken {
        /// The battlefield, or `None` for the player's choice.
        at: Option<String>,
        /// The token card.
        token: String,
    },
}

/// A permanent's or rune's ability.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AbilitySetup {
    /// "Exhaust: Add 1 Energy" (Reaction).
    Add,
    /// "Exhaust: [timing] effect".
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

fn err(at: SetupPath, problem: SetupProblem) -> SetupError {
    SetupError { at, problem }
}

/// Names step sentences can tell apart.
fn check_name(name: &str, at: SetupPath) -> Result<(), SetupError> {
    let bad = |reason| {
        Err(err(
            at,
            SetupProblem::BadName {
                name: name.to_string(),
                reason,
            },
        ))
    };
    if name.trim().is_empty() || name.trim() != name {
        return bad("is empty or has spaces at either end");
    }
    if name == "Base" {
        return bad("is reserved for a player's own Base");
    }
    for word in [
        " on ",
        " at ",
        " to ",
        " and ",
        ", ",
        "'s trigger",
        "'s ability",
        "\n",
        "\"",
    ] {
        if name.contains(word) {
            return bad(
                "contains a word that joins the parts of a step (on, at, to, and, a comma, 's trigger, 's ability) or a quote",
            );
        }
    }
    Ok(())
}

struct Builder<'a> {
    setup: &'a Setup,
    seats: SeatSet,
    removed: SeatSet,
    battlefields: Vec<BattlefieldSetup>,
}

impl Builder<'_> {
    /// `seat` must be at the table, and (unless `may_be_removed`) still in the game.
    fn seat(
        &self,
        seat: Seat,
        at: SetupPath,
        role: &'static str,
        may_be_removed: bool,
    ) -> Result<Seat, SetupError> {
        if !self.seats.contains(seat) {
            return Err(err(
                at,
                SetupProblem::SeatNotAtTable {
                    seat,
                    mode: self.setup.mode,
                },
            ));
        }
        if !may_be_removed && self.removed.contains(seat) {
            return Err(err(at, SetupProblem::SeatRemoved { seat, role }));
        }
        Ok(seat)
    }

    fn battlefield(&self, name: &str, at: SetupPath) -> Result<BattlefieldId, SetupError> {
        self.battlefields
            .iter()
            .position(|b| b.name == name)
            .map(|i| BattlefieldId(i as u8))
            .ok_or_else(|| {
                err(
                    at,
                    SetupProblem::UnknownBattlefield {
                        name: name.to_string(),
                    },
                )
            })
    }

    fn card(&self, name: &str, at: SetupPath) -> Result<CardId, SetupError> {
        self.setup
            .cards
            .iter()
            .position(|c| c.name == name)
            .map(|i| CardId(i as u8))
            .ok_or_else(|| {
                err(
                    at,
                    SetupProblem::UnknownCard {
                        name: name.to_string(),
                    },
                )
            })
    }

    fn effect(&self, e: &EffectSetup, at: SetupPath) -> Result<Effect, SetupError> {
        Ok(match e {
            EffectSetup::Nothing => Effect::Nothing,
            EffectSetup::Counter => Effect::Counter,
            EffectSetup::GainControl => Effect::GainControl,
            EffectSetup::MoveTo(bf) => Effect::MoveTo(self.battlefield(bf, at)?),
            EffectSetup::PlayToken { at: place, token } => {
                let token_id = self.card(token, at)?;
                let def = &self.setup.cards[token_id.index()];
                if !def.token || def.kind != CardKind::Unit {
                    return Err(err(
                        at,
                        SetupProblem::Inconsistent(
                            "the card played by the effect must be a unit token",
                        ),
                    ));
                }
                Effect::PlayTokenAt {
                    at: place
                        .as_deref()
                        .map(|p| self.battlefield(p, at))
                        .transpose()?,
                    token: token_id,
                }
            }
        })
    }
}

fn seat_set(
    seats: &[Seat],
    b: &Builder<'_>,
    at: SetupPath,
    role: &'static str,
) -> Result<SeatSet, SetupError> {
    let mut set = SeatSet::EMPTY;
    for &s in seats {
        b.seat(s, at, role, false)?;
        if set.contains(s) {
            return Err(err(at, SetupProblem::DuplicateSeat { seat: s }));
        }
        set.insert(s);
    }
    Ok(set)
}

impl Game {
    /// Validates `setup` into a game, then lets it proceed through anything that needs no player
    /// (a lone staged fight begins, a Showdown whose round of passes is complete ends).
    ///
    /// # Errors
    ///
    /// [`SetupError`] names the field and what is impossible about it: a seat not at the table,
    /// a name used twice, a card on the board controlled by a removed player, a chain item whose
    /// card is elsewhere, a Showdown at an unknown battlefield, and so on.
    pub fn from_setup(setup: &Setup) -> Result<Game, SetupError> {
        Self::from_setup_with_events(setup).map(|(g, _)| g)
    }

    /// As [`Game::from_setup`], also returning the events of the proceeding after setup.
    ///
    /// # Errors
    ///
    /// As [`Game::from_setup`].
    pub fn from_setup_with_events(setup: &Setup) -> Result<(Game, Vec<Event>), SetupError> {
        let mut game = build(setup)?;
        let mut events = Vec::new();
        crate::rules::settle(&mut game, &mut events);
        Ok((game, events))
    }
}

fn build(setup: &Setup) -> Result<Game, SetupError> {
    let mode = setup.mode;
    let seats = mode.seats();
    let mut b = Builder {
        setup,
        seats,
        removed: SeatSet::EMPTY,
        battlefields: Vec::new(),
    };
    // Seats.
    let mut removed = SeatSet::EMPTY;
    for &s in &setup.removed {
        b.seat(s, SetupPath::Setup("removed"), "", true)?;
        if removed.contains(s) {
            return Err(err(
                SetupPath::Setup("removed"),
                SetupProblem::DuplicateSeat { seat: s },
            ));
        }
        removed.insert(s);
    }
    for s in removed.iter() {
        // 651.4: a removed player's teammates were removed with them.
        if !removed.is_superset(mode.team_of(s)) {
            return Err(err(
                SetupPath::Setup("removed"),
                SetupProblem::Inconsistent(
                    "in Magma Chamber a removed player's teammate is removed too (651.4)",
                ),
            ));
        }
    }
    let remaining = seats.difference(removed);
    if remaining.len() < 2 || policy::team_victory(mode, remaining).is_some() {
        return Err(err(
            SetupPath::Setup("removed"),
            SetupProblem::TooFewPlayers,
        ));
    }
    b.removed = removed;
    let turn = b.seat(
        setup.turn,
        SetupPath::Setup("turn"),
        "be the Turn Player",
        false,
    )?;

    // Battlefields.
    b.battlefields = setup.battlefields_in_use();
    if b.battlefields.len() > MAX_BATTLEFIELDS {
        return Err(err(
            SetupPath::Setup("battlefields"),
            SetupProblem::TooMany {
                what: "battlefields",
                max: MAX_BATTLEFIELDS,
            },
        ));
    }
    let mut contributors = SeatSet::EMPTY;
    let mut names = BTreeSet::new();
    let mut fields = ArrayVec::<FieldState, MAX_BATTLEFIELDS>::new();
    let mut bf_defs = Vec::new();
    for (i, bf) in b.battlefields.iter().enumerate() {
        let at = |f| SetupPath::Battlefield(i, f);
        check_name(&bf.name, at("name"))?;
        if !names.insert(bf.name.clone()) {
            return Err(err(
                at("name"),
                SetupProblem::DuplicateName {
                    name: bf.name.clone(),
                },
            ));
        }
        b.seat(bf.contributor, at("contributor"), "", true)?;
        if !mode.battlefield_in_use(bf.contributor) {
            return Err(err(
                at("contributor"),
                SetupProblem::BattlefieldNotInUse {
                    contributor: bf.contributor,
                    mode,
                },
            ));
        }
        if contributors.contains(bf.contributor) {
            return Err(err(
                at("contributor"),
                SetupProblem::BattlefieldsInUse {
                    expected: mode.contributors(),
                },
            ));
        }
        contributors.insert(bf.contributor);
        if bf.token != removed.contains(bf.contributor) {
            return Err(err(
                at("token"),
                SetupProblem::Inconsistent(
                    "a battlefield is a token exactly when its contributor has been removed (652.2.a)",
                ),
            ));
        }
        if let Some(c) = bf.controller {
            b.seat(c, at("controller"), "control a battlefield", false)?;
        }
        if let Some(c) = bf.contested_by {
            b.seat(c, at("contested_by"), "contest a battlefield", true)?;
        }
        fields.push(FieldState {
            controller: bf.controller,
            token: bf.token,
            contested_by: bf.contested_by,
            scored: SeatSet::EMPTY,
        });
        bf_defs.push(BattlefieldDef {
            name: bf.name.clone(),
            contributor: bf.contributor,
            might_bonus: bf.might_bonus,
        });
    }
    if contributors != mode.contributors() {
        return Err(err(
            SetupPath::Setup("battlefields"),
            SetupProblem::BattlefieldsInUse {
                expected: mode.contributors(),
            },
        ));
    }

    // Cards.
    if setup.cards.len() > MAX_CARDS {
        return Err(err(
            SetupPath::Setup("cards"),
            SetupProblem::TooMany {
                what: "cards",
                max: MAX_CARDS,
            },
        ));
    }
    let mut card_names = BTreeSet::new();
    let mut defs = Vec::new();
    let mut states = ArrayVec::<CardState, MAX_CARDS>::new();
    let mut facedown = [false; MAX_BATTLEFIELDS];
    for (i, c) in setup.cards.iter().enumerate() {
        let at = |f| SetupPath::Card(i, f);
        let bad = |f, why| Err(err(at(f), SetupProblem::Inconsistent(why)));
        check_name(&c.name, at("name"))?;
        if !card_names.insert(c.name.clone()) {
            return Err(err(
                at("name"),
                SetupProblem::DuplicateName {
                    name: c.name.clone(),
                },
            ));
        }
        b.seat(c.owner, at("owner"), "", true)?;
        let controller = c.controller.unwrap_or(c.owner);
        b.seat(controller, at("controller"), "", true)?;
        let zone = match &c.zone {
            ZoneSetup::Hand => Zone::Hand,
            ZoneSetup::Base(s) => Zone::Base(b.seat(*s, at("zone"), "", true)?),
            ZoneSetup::Field(n) => Zone::Field(b.battlefield(n, at("zone"))?),
            ZoneSetup::Facedown(n) => Zone::Facedown(b.battlefield(n, at("zone"))?),
            ZoneSetup::Chain => Zone::Chain,
            ZoneSetup::Trash => Zone::Trash,
            ZoneSetup::Banishment => Zone::Banishment,
            ZoneSetup::Removed => Zone::Removed,
            ZoneSetup::Nowhere => Zone::Nowhere,
        };
        if removed.contains(c.owner) && zone != Zone::Removed && zone != Zone::Nowhere {
            return bad(
                "zone",
                "a removed player's cards have been removed from the game (652.3)",
            );
        }
        if zone.on_board() {
            b.seat(
                controller,
                at("controller"),
                "control a card on the board",
                false,
            )?;
        } else if c.controller.is_some_and(|s| s != c.owner) && zone != Zone::Chain {
            return bad(
                "controller",
                "only cards on the board or the Chain have a controller other than their owner",
            );
        }
        match (c.kind, zone) {
            (_, Zone::Hand) if c.token => return bad("zone", "a token is never in a hand (183.1)"),
            (CardKind::Rune, Zone::Hand) => {
                return bad("zone", "runes come from the Rune Deck, not the hand");
            }
            (_, Zone::Nowhere) if !c.token => {
                return bad("zone", "only a token not yet created is nowhere");
            }
            (_, Zone::Trash | Zone::Banishment | Zone::Chain) if c.token => {
                return bad("zone", "a token outside the board ceases to exist (183.1)");
            }
            (CardKind::Gear | CardKind::Rune, Zone::Field(_)) => {
                return bad("zone", "gear and runes sit in a Base (107.1.c)");
            }
            (CardKind::Spell, Zone::Base(_) | Zone::Field(_)) => {
                return bad("zone", "a spell is on the board only facedown");
            }
            (CardKind::Rune, Zone::Facedown(_)) => return bad("zone", "runes are never facedown"),
            (_, Zone::Facedown(bf)) if std::mem::replace(&mut facedown[bf.index()], true) => {
                return bad(
                    "zone",
                    "a battlefield's facedown zone holds one card (107.3)",
                );
            }
            (CardKind::Unit | CardKind::Gear | CardKind::Rune, Zone::Chain) => {
                return bad(
                    "zone",
                    "only spells wait on the Chain; units and gear resolve at once (337.1.c)",
                );
            }
            // Units in a Base or at a battlefield, gear and runes in a Base, spells in a hand,
            // facedown, in the Trash or Banishment: all where such cards can be.
            _ => {}
        }
        if c.kind != CardKind::Unit && c.might != 0 {
            return bad("might", "only units have Might");
        }
        if (c.damage > 0 || c.exhausted) && !zone.on_board() {
            return bad("damage", "only cards on the board are damaged or exhausted");
        }
        if c.damage > 0 && c.kind != CardKind::Unit {
            return bad("damage", "only units take damage");
        }
        if c.token && c.kind != CardKind::Unit {
            return bad("token", "tokens here are units");
        }
        let effect = b.effect(&c.effect, at("effect"))?;
        if c.kind != CardKind::Spell && effect != Effect::Nothing {
            return bad(
                "effect",
                "only spells have an effect; give a permanent an ability",
            );
        }
        let ability = match &c.ability {
            None => None,
            Some(_) if c.kind == CardKind::Spell => {
                return bad("ability", "spells have an effect, not an ability");
            }
            Some(AbilitySetup::Add) => Some(Ability::Add),
            Some(AbilitySetup::Activated { timing, effect }) => {
                let effect = b.effect(effect, at("ability"))?;
                if effect.chooses_location() {
                    return bad("ability", "an ability's token battlefield must be named");
                }
                Some(Ability::Activated {
                    timing: *timing,
                    effect,
                })
            }
            Some(AbilitySetup::Triggered { when, effect }) => {
                let effect = b.effect(effect, at("ability"))?;
                if effect.target_kind().is_some() || effect.chooses_location() {
                    return bad(
                        "ability",
                        "triggered abilities here take no target or choice",
                    );
                }
                Some(Ability::Triggered {
                    when: *when,
                    effect,
                })
            }
        };
        defs.push(CardDef {
            name: c.name.clone(),
            kind: c.kind,
            owner: c.owner,
            might: c.might,
            timing: c.timing,
            cost: c.cost,
            effect,
            ability,
            token: c.token,
        });
        states.push(CardState {
            zone,
            controller: if zone.on_board() || zone == Zone::Chain {
                controller
            } else {
                c.owner
            },
            exhausted: c.exhausted,
            damage: c.damage,
        });
    }

    // 444.2, 358.2: no battlefield holds units of three players.
    for (i, _) in b.battlefields.iter().enumerate() {
        let bf = BattlefieldId(i as u8);
        let players: SeatSet = states
            .iter()
            .zip(&defs)
            .filter(|(st, d)| st.zone == Zone::Field(bf) && d.kind == CardKind::Unit)
            .map(|(st, _)| st.controller)
            .collect();
        if players.len() > 2 {
            return Err(err(
                SetupPath::Battlefield(i, "name"),
                SetupProblem::Inconsistent(
                    "units of three players are never at one battlefield (444.2)",
                ),
            ));
        }
    }

    // The Chain.
    if setup.chain.len() > MAX_CHAIN {
        return Err(err(
            SetupPath::Setup("chain"),
            SetupProblem::TooMany {
                what: "chain items",
                max: MAX_CHAIN,
            },
        ));
    }
    let mut items = ArrayVec::<Item, MAX_CHAIN>::new();
    for (i, it) in setup.chain.iter().enumerate() {
        let at = |f| SetupPath::Item(i, f);
        let bad = |f, why| Err(err(at(f), SetupProblem::Inconsistent(why)));
        let source = b.card(&it.source, at("source"))?;
        let controller = b.seat(
            it.controller,
            at("controller"),
            "control a chain item (652.4)",
            false,
        )?;
        let def = &defs[source.index()];
        let st = states[source.index()];
        let effect = match it.kind {
            ItemKind::Spell => {
                if def.kind != CardKind::Spell || st.zone != Zone::Chain {
                    return bad(
                        "source",
                        "a spell item's card is a spell with zone \"chain\"",
                    );
                }
                if st.controller != controller {
                    return bad(
                        "controller",
                        "the spell card's controller and the item's differ",
                    );
                }
                if items
                    .iter()
                    .any(|x: &Item| x.source == source && x.kind == ItemKind::Spell)
                {
                    return bad("source", "a card is on the Chain once");
                }
                def.effect
            }
            ItemKind::Activated => match def.ability {
                Some(Ability::Activated { effect, .. }) => effect,
                _ => {
                    return bad(
                        "source",
                        "the card has no activated ability (Add abilities never wait on the Chain)",
                    );
                }
            },
            ItemKind::Triggered => match def.ability {
                Some(Ability::Triggered { effect, .. }) => effect,
                _ => return bad("source", "the card has no triggered ability"),
            },
        };
        let target = match (effect.target_kind(), effect.chooses_location(), &it.target) {
            (None, false, None) => None,
            (Some(TargetKind::Item), _, Some(t)) => {
                let t = b.card(t, at("target"))?;
                let below = items.iter().rev().find(|x| x.source == t).copied();
                match below {
                    Some(x) => Some(ItemTarget::Item(x.name())),
                    None => {
                        return bad("target", "a counter targets an item below it on the Chain");
                    }
                }
            }
            (Some(TargetKind::Unit), _, Some(t)) => {
                let t = b.card(t, at("target"))?;
                if defs.get(t.index()).is_none_or(|d| d.kind != CardKind::Unit)
                    || !matches!(states[t.index()].zone, Zone::Base(_) | Zone::Field(_))
                {
                    return bad("target", "the target is not a unit on the board");
                }
                Some(ItemTarget::Unit(t))
            }
            (None, true, Some(place)) => {
                Some(ItemTarget::Location(b.battlefield(place, at("target"))?))
            }
            (None, false, Some(_)) => return bad("target", "this item takes no target"),
            (_, _, None) => return bad("target", "this item needs a target"),
        };
        items.push(Item {
            source,
            kind: it.kind,
            controller,
            finalized: true,
            target,
        });
    }
    for (i, st) in states.iter().enumerate() {
        if st.zone == Zone::Chain
            && !items
                .iter()
                .any(|x| x.kind == ItemKind::Spell && x.source.index() == i)
        {
            return Err(err(
                SetupPath::Card(i, "zone"),
                SetupProblem::Inconsistent(
                    "a card on the Chain is named by a spell item of `chain`",
                ),
            ));
        }
    }
    let passed = seat_set(&setup.passed, &b, SetupPath::Setup("passed"), "have passed")?;
    let chain = if items.is_empty() {
        if setup.priority.is_some() || !passed.is_empty() {
            return Err(err(
                SetupPath::Setup("priority"),
                SetupProblem::Inconsistent(
                    "Priority holders and passes on the Chain need items on it",
                ),
            ));
        }
        None
    } else {
        let Some(holder) = setup.priority else {
            return Err(err(
                SetupPath::Setup("priority"),
                SetupProblem::Inconsistent(
                    "while the Chain exists someone has Priority (337.1.c.3)",
                ),
            ));
        };
        b.seat(holder, SetupPath::Setup("priority"), "hold Priority", false)?;
        if passed.is_superset(remaining) {
            return Err(err(
                SetupPath::Setup("passed"),
                SetupProblem::Inconsistent(
                    "every remaining player has passed: the newest item would have resolved (340)",
                ),
            ));
        }
        let mut chain = Chain::new(setup.opened_by);
        chain.items = items;
        chain.holder = Some(holder);
        chain.passed = passed;
        Some(chain)
    };

    // The Showdown.
    let window = match &setup.showdown {
        None => Window::Neutral,
        Some(sd) => {
            let at = b.battlefield(&sd.at, SetupPath::Showdown("at"))?;
            let focus = b.seat(sd.focus, SetupPath::Showdown("focus"), "hold Focus", false)?;
            let passed = seat_set(
                &sd.passed,
                &b,
                SetupPath::Showdown("passed"),
                "have passed Focus",
            )?;
            let field = fields[at.index()];
            let Some(contester) = field.contested_by else {
                return Err(err(
                    SetupPath::Showdown("at"),
                    SetupProblem::Inconsistent(
                        "a Showdown runs at a Contested battlefield; give it `contested_by`",
                    ),
                ));
            };
            let combat = match sd.combat {
                None => None,
                Some((attacker, defender)) => {
                    b.seat(attacker, SetupPath::Showdown("combat"), "", true)?;
                    b.seat(defender, SetupPath::Showdown("combat"), "", true)?;
                    if attacker == defender || mode.teammates(attacker, defender) {
                        return Err(err(
                            SetupPath::Showdown("combat"),
                            SetupProblem::Inconsistent("Attacker and Defender are opponents (457)"),
                        ));
                    }
                    if attacker != contester {
                        return Err(err(
                            SetupPath::Showdown("combat"),
                            SetupProblem::Inconsistent(
                                "the Attacker is the player who contested the battlefield (459.2.b)",
                            ),
                        ));
                    }
                    Some(Combat { attacker, defender })
                }
            };
            Window::Showdown(Showdown {
                at,
                focus,
                passed,
                combat,
            })
        }
    };
    if chain.is_none()
        && let Window::Showdown(sd) = window
        && sd.passed.is_superset(remaining)
    {
        return Err(err(
            SetupPath::Showdown("passed"),
            SetupProblem::Inconsistent(
                "every remaining player has passed Focus: the Showdown would have ended (347.3.a)",
            ),
        ));
    }
    if let Some(mate) = setup.invited {
        b.seat(mate, SetupPath::Setup("invited"), "be invited", false)?;
        if !mode.teammates(turn, mate) || chain.is_some() || window != Window::Neutral {
            return Err(err(
                SetupPath::Setup("invited"),
                SetupProblem::Inconsistent(
                    "only the Turn Player's teammate is invited, in a Neutral Open state (316.2.b.1)",
                ),
            ));
        }
    }
    let mut points = [0u8; 4];
    for &(s, p) in &setup.points {
        b.seat(s, SetupPath::Setup("points"), "", true)?;
        points[s.index()] = p;
    }
    let mut energy = [0u8; 4];
    for &(s, e) in &setup.energy {
        b.seat(s, SetupPath::Setup("energy"), "have Energy", false)?;
        energy[s.index()] = e;
    }
    let victory_score = setup.victory_score.unwrap_or(mode.victory_score());
    if victory_score == 0 {
        return Err(err(
            SetupPath::Setup("victory_score"),
            SetupProblem::Inconsistent("the Victory Score is at least 1"),
        ));
    }
    let catalog = Catalog {
        mode,
        victory_score,
        cards: defs,
        battlefields: bf_defs,
    };
    Ok(Game {
        catalog: Arc::new(catalog),
        readings: setup.readings,
        s: State {
            removed,
            turn,
            turn_begun: true,
            turns: 0,
            points,
            energy,
            invited: setup.invited,
            cards: states,
            fields,
            window,
            chain,
        },
    })
}
