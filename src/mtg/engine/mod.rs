//! The reference engine of the MTG ruleset (`docs/mtg.md`): the game state, the actions'
//! legality and dispatch. Leaving the game (800.4, every sub-rule in one function of
//! `leave.rs`), the turn's flow (`flow.rs`) and resolution (`resolve.rs`) are beside it, and
//! how it follows each reading of 800.4 (`policy.rs`), the only place that knows a point can be
//! read more than one way.

mod flow;
mod leave;
mod policy;
mod resolve;

use std::hash::{Hash, Hasher};

use crate::engine::Engine;
use mtg_vocabulary::readings::MtgReadings;
use mtg_vocabulary::setup::{MtgSetup, MtgSetupErrors};
use mtg_vocabulary::types::{
    Action, Card, ChoiceKind, ControlEffect, Delayed, ObjId, Pending, Pick, Player, Protection,
    Speed, StackItem, Step, Target, Targets, Waiting, Zone,
};
use mtg_vocabulary::view::Mtg;
use mtg_vocabulary::view::{MtgEvent, MtgView, ObjectView, PlayerView, Refusal};

/// One object of the game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) struct Obj {
    pub card: Card,
    pub owner: Player,
    pub zone: Zone,
    pub entered_under: Option<Player>,
    pub token: bool,
    pub attached: Option<ObjId>,
    pub attacking: Option<Player>,
    pub mirror_of: Option<Player>,
}

/// The reference MTG engine: a game of the MTG ruleset, played under readings of 800.4 (the
/// book's by default; the checker's self-check gives it a known-wrong one).
#[derive(Clone, Debug)]
pub struct MtgGame {
    pub(crate) players: Vec<PlayerView>,
    pub(crate) objects: Vec<Obj>,
    pub(crate) turn_of: Player,
    pub(crate) step: Step,
    pub(crate) turns_left: u8,
    pub(crate) priority: Option<Player>,
    pub(crate) passed: u8,
    pub(crate) attacks_declared: bool,
    pub(crate) stack: Vec<StackItem>,
    pub(crate) control: Vec<ControlEffect>,
    pub(crate) protections: Vec<Protection>,
    pub(crate) delayed: Vec<Delayed>,
    pub(crate) waiting: Vec<Waiting>,
    pub(crate) pending: Option<Pending>,
    pub(crate) planar: Option<Player>,
    pub(crate) over: bool,
    pub(crate) winner: Option<Player>,
    /// The readings it plays under (they never change in a game).
    pub(crate) readings: MtgReadings,
    /// The events of the step being taken (not part of the game).
    pub(crate) log: Vec<MtgEvent>,
}

impl PartialEq for MtgGame {
    fn eq(&self, other: &MtgGame) -> bool {
        self.key() == other.key()
    }
}

impl Eq for MtgGame {}

impl Hash for MtgGame {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.key().hash(state);
    }
}

type Key<'a> = (
    (
        &'a [PlayerView],
        &'a [Obj],
        Player,
        Step,
        u8,
        Option<Player>,
        u8,
        bool,
    ),
    (
        &'a [StackItem],
        &'a [ControlEffect],
        &'a [Protection],
        &'a [Delayed],
        &'a [Waiting],
    ),
    (
        Option<Pending>,
        Option<Player>,
        bool,
        Option<Player>,
        MtgReadings,
    ),
);

impl MtgGame {
    fn key(&self) -> Key<'_> {
        (
            (
                &self.players,
                &self.objects,
                self.turn_of,
                self.step,
                self.turns_left,
                self.priority,
                self.passed,
                self.attacks_declared,
            ),
            (
                &self.stack,
                &self.control,
                &self.protections,
                &self.delayed,
                &self.waiting,
            ),
            (
                self.pending,
                self.planar,
                self.over,
                self.winner,
                self.readings,
            ),
        )
    }

    /// The game `setup` describes, played under `readings`, with the events of its start.
    ///
    /// # Errors
    ///
    /// Every problem with the setup.
    pub fn with_readings(
        setup: &MtgSetup,
        readings: MtgReadings,
    ) -> Result<(MtgGame, Vec<MtgEvent>), MtgSetupErrors> {
        setup.validate()?;
        let objects = setup
            .cards
            .iter()
            .map(|c| Obj {
                card: c.card,
                owner: c.owner,
                zone: c.zone,
                entered_under: (c.zone == Zone::Battlefield)
                    .then(|| c.entered_under.unwrap_or(c.owner)),
                token: c.token,
                attached: c.attached,
                attacking: None,
                mirror_of: None,
            })
            .collect::<Vec<_>>();
        let control = objects
            .iter()
            .enumerate()
            .filter_map(|(i, o)| {
                let target = o.attached?;
                Some(ControlEffect {
                    controller: o.entered_under?,
                    object: target,
                    duration: mtg_vocabulary::Duration::WhileAttached(ObjId(i as u8)),
                    from: Card::MindControl,
                })
            })
            .collect();
        let mut game = MtgGame {
            players: vec![
                PlayerView {
                    in_game: true,
                    life: setup.life
                };
                usize::from(setup.players)
            ],
            objects,
            turn_of: setup.active,
            step: setup.step,
            turns_left: setup.turns,
            priority: None,
            passed: 0,
            attacks_declared: false,
            stack: Vec::new(),
            control,
            protections: Vec::new(),
            delayed: Vec::new(),
            waiting: Vec::new(),
            pending: setup.pending(),
            planar: setup.planar_controller,
            over: false,
            winner: None,
            readings,
            log: Vec::new(),
        };
        game.proceed();
        let events = std::mem::take(&mut game.log);
        Ok((game, events))
    }

    /// The readings this engine plays under.
    pub fn readings(&self) -> &MtgReadings {
        &self.readings
    }

    pub(crate) fn in_game(&self, p: Player) -> bool {
        self.players
            .get(usize::from(p.0))
            .is_some_and(|v| v.in_game)
    }

    pub(crate) fn obj(&self, id: ObjId) -> &Obj {
        &self.objects[usize::from(id.0)]
    }

    pub(crate) fn obj_mut(&mut self, id: ObjId) -> &mut Obj {
        &mut self.objects[usize::from(id.0)]
    }

    pub(crate) fn ids(&self) -> impl Iterator<Item = ObjId> + use<> {
        (0..self.objects.len() as u8).map(ObjId)
    }

    /// The active player: whose turn it is, while they are in the game (800.4i).
    pub fn active(&self) -> Option<Player> {
        self.in_game(self.turn_of).then_some(self.turn_of)
    }

    /// Who controls `id` on the battlefield: the newest control effect's player, or the one it
    /// entered under (613.1b, layer 2).
    pub(crate) fn controller(&self, id: ObjId) -> Option<Player> {
        let o = self.obj(id);
        match o.zone {
            Zone::Battlefield => self
                .control
                .iter()
                .rev()
                .find(|e| e.object == id)
                .map(|e| e.controller)
                .or(o.entered_under),
            Zone::Stack => self.stack.iter().find_map(|item| match *item {
                StackItem::Spell {
                    card, controller, ..
                } if card == id => Some(controller),
                _ => None,
            }),
            _ => None,
        }
    }

    pub(crate) fn is_creature_on_battlefield(&self, id: ObjId) -> bool {
        self.objects
            .get(usize::from(id.0))
            .is_some_and(|o| o.zone == Zone::Battlefield && o.card.is_creature())
    }

    /// The players in the game after `p` in turn order, `p` excluded.
    pub(crate) fn after(&self, p: Player) -> impl Iterator<Item = Player> + '_ {
        let n = self.players.len() as u8;
        (1..n)
            .map(move |k| Player((p.0 + k) % n))
            .filter(|&q| self.in_game(q))
    }

    /// The next player in turn order after `p` who is in the game.
    pub(crate) fn next_after(&self, p: Player) -> Option<Player> {
        self.after(p).next()
    }

    pub(crate) fn emit(&mut self, e: MtgEvent) {
        self.log.push(e);
    }

    /// A creature's power on the battlefield (Life Mirror's is its player's life, the last
    /// known one once they left, 800.4h); `None` off the battlefield or for a noncreature.
    pub(crate) fn power(&self, o: &Obj) -> Option<i16> {
        if o.zone != Zone::Battlefield {
            return None;
        }
        if o.card == Card::LifeMirror {
            let life = o
                .mirror_of
                .map_or(0, |p| self.players[usize::from(p.0)].life);
            let left = o.mirror_of.is_some_and(|p| !self.in_game(p));
            return Some(policy::last_known_life(&self.readings, life, left));
        }
        o.card.power().map(i16::from)
    }

    fn legal(&self, action: Action) -> Result<(), Refusal> {
        let p = action.player();
        if usize::from(p.0) >= self.players.len() {
            return Err(Refusal::NoSuchPlayer(p));
        }
        if self.over {
            return Err(Refusal::GameOver);
        }
        if !self.in_game(p) {
            return Err(Refusal::Left(p));
        }
        match action {
            Action::Concede { .. } => return Ok(()),
            Action::Choose { pick, .. } => return self.choice_legal(p, pick),
            _ => {}
        }
        if self.pending.is_some() {
            return Err(Refusal::ChoicePending);
        }
        if self.priority != Some(p) {
            return Err(Refusal::NoPriority(p));
        }
        match action {
            Action::Cast { card, target, .. } => self.cast_legal(p, card, target),
            Action::Cycle { card, .. } => {
                let o = self
                    .objects
                    .get(usize::from(card.0))
                    .ok_or(Refusal::NotInHand)?;
                if o.zone != Zone::Hand || o.owner != p {
                    return Err(Refusal::NotInHand);
                }
                if o.card != Card::SecludedSteppe {
                    return Err(Refusal::WrongCard);
                }
                Ok(())
            }
            Action::Attack {
                creature, defender, ..
            } => self.attack_legal(p, creature, defender),
            _ => Ok(()),
        }
    }

    fn cast_legal(&self, p: Player, card: ObjId, target: Option<Target>) -> Result<(), Refusal> {
        let o = self
            .objects
            .get(usize::from(card.0))
            .ok_or(Refusal::NotInHand)?;
        if o.zone != Zone::Hand || o.owner != p {
            return Err(Refusal::NotInHand);
        }
        match o.card.speed() {
            Speed::Never => return Err(Refusal::WrongCard),
            Speed::Sorcery
                if self.active() != Some(p)
                    || self.step != Step::Main
                    || !self.stack.is_empty() =>
            {
                return Err(Refusal::SorcerySpeed);
            }
            _ => {}
        }
        let ok = match (o.card.targets(), target) {
            (Targets::Nothing, None) => true,
            (Targets::Creature, Some(Target::Object(c))) => self.is_creature_on_battlefield(c),
            (Targets::Opponent, Some(Target::Player(q))) => q != p && self.in_game(q),
            _ => false,
        };
        if ok { Ok(()) } else { Err(Refusal::BadTarget) }
    }

    fn attack_legal(&self, p: Player, creature: ObjId, defender: Player) -> Result<(), Refusal> {
        if self.step != Step::Combat
            || self.attacks_declared
            || !self.stack.is_empty()
            || self.active() != Some(p)
        {
            return Err(Refusal::NotDeclaring);
        }
        let ok = self.is_creature_on_battlefield(creature)
            && self.controller(creature) == Some(p)
            && self.obj(creature).attacking.is_none()
            && defender != p
            && self.in_game(defender)
            && !self.protections.iter().any(|e| e.player == defender);
        if ok {
            Ok(())
        } else {
            Err(Refusal::CannotAttack)
        }
    }

    fn choice_legal(&self, p: Player, pick: Pick) -> Result<(), Refusal> {
        let Some(pending) = self.pending else {
            return Err(Refusal::NoChoice(p));
        };
        if pending.by != p {
            return Err(Refusal::NoChoice(p));
        }
        let ok = match (pending.kind, pick) {
            (ChoiceKind::SlideTarget { .. }, Pick::Decline) => true,
            (ChoiceKind::SlideTarget { .. }, Pick::Object(c)) => self.is_creature_on_battlefield(c),
            (ChoiceKind::MirrorPlayer { .. }, Pick::Player(q)) => self.in_game(q),
            (ChoiceKind::LifeGain { .. } | ChoiceKind::Rule, Pick::Number(n)) => n == 1 || n == 2,
            (ChoiceKind::Appoint { opponent, .. }, Pick::Player(q)) => {
                let opponents = self.after(p).next().is_some();
                self.in_game(q)
                    && policy::appointed_chooser_allowed(
                        &self.readings,
                        p,
                        q,
                        opponent && opponents,
                    )
            }
            _ => false,
        };
        if ok { Ok(()) } else { Err(Refusal::BadPick) }
    }

    fn perform(&mut self, action: Action) {
        let p = action.player();
        match action {
            Action::Concede { player } => self.leave(player),
            Action::Pass { player } => self.pass(player),
            Action::Cast {
                player,
                card,
                target,
            } => {
                self.passed = 0;
                self.obj_mut(card).zone = Zone::Stack;
                self.stack.push(StackItem::Spell {
                    card,
                    controller: player,
                    target,
                });
                self.emit(MtgEvent::Cast {
                    player,
                    card,
                    target,
                });
            }
            Action::Cycle { player, card } => {
                self.passed = 0;
                self.obj_mut(card).zone = Zone::Graveyard;
                self.emit(MtgEvent::Cycled { player, card });
                self.emit(MtgEvent::ToGraveyard { object: card });
                let slides: Vec<ObjId> = self
                    .ids()
                    .filter(|&i| {
                        self.obj(i).card == Card::AstralSlide
                            && self.obj(i).zone == Zone::Battlefield
                    })
                    .collect();
                for source in slides {
                    if let Some(controller) = self.controller(source) {
                        self.add_waiting(Waiting {
                            controller,
                            source,
                            effect: None,
                        });
                    }
                }
            }
            Action::Attack {
                creature, defender, ..
            } => {
                self.passed = 0;
                self.obj_mut(creature).attacking = Some(defender);
                self.emit(MtgEvent::Attacked { creature, defender });
            }
            Action::Choose { pick, .. } => self.choose(p, pick),
        }
        self.proceed();
    }
}

impl Engine<Mtg> for MtgGame {
    const NAME: &'static str = "the MTG engine";

    fn start(setup: &MtgSetup) -> Result<(MtgGame, Vec<MtgEvent>), MtgSetupErrors> {
        MtgGame::with_readings(setup, MtgReadings::default())
    }

    fn well_formed(&self, out: &mut Vec<Action>) {
        mtg_vocabulary::view::well_formed(&self.observe(), out);
    }

    fn apply(&mut self, action: Action) -> Result<Vec<MtgEvent>, Refusal> {
        self.legal(action)?;
        self.perform(action);
        Ok(std::mem::take(&mut self.log))
    }

    fn check(&self, action: Action) -> Result<(), Refusal> {
        self.legal(action)
    }

    fn observe(&self) -> MtgView {
        MtgView {
            players: self.players.clone(),
            turn_of: self.turn_of,
            active: self.active(),
            step: self.step,
            turns_left: self.turns_left,
            priority: self.priority,
            passed: self.passed,
            attacks_declared: self.attacks_declared,
            stack: self.stack.clone(),
            objects: self
                .ids()
                .map(|id| {
                    let o = self.obj(id);
                    ObjectView {
                        card: o.card,
                        owner: o.owner,
                        zone: o.zone,
                        controller: self.controller(id),
                        token: o.token,
                        attached: o.attached,
                        attacking: o.attacking,
                        power: self.power(o),
                        mirror_of: o.mirror_of,
                    }
                })
                .collect(),
            control: self.control.clone(),
            protections: self.protections.clone(),
            delayed: self.delayed.clone(),
            waiting: self.waiting.clone(),
            pending: self.pending,
            planar_controller: self.planar,
            over: self.over,
            winner: self.winner,
            events: Vec::new(),
        }
    }
}
