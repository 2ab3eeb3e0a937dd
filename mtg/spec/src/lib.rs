//! `MtgSpec`: a naive, independent second reading of the game `docs/mtg.md` describes (rule
//! 800.4, leaving a multiplayer game), written to be obviously right rather than fast.
//!
//! The state is plain data: the players, a list of objects (card, owner, zone, the player it
//! entered under, ...), the stack, the control effects, the protections, the delayed and waiting
//! triggers, and the pending choice. Everything derived (an object's controller, a creature's
//! power) is computed from scratch whenever it is needed.
//!
//! - `actions`: which actions are legal, and what each one does.
//! - `flow`: "before anyone receives priority" (state-based actions, triggers), the steps and
//!   turns.
//! - `resolve`: resolving the top of the stack, and the choices players make.
//! - `leave`: a player leaving the game (800.4a to 800.4n).
//!
//! This crate depends on the core and on MTG's vocabulary, never on the reference engine
//! (`riftcheck::mtg::MtgGame`): its independence is kept by the compiler.

#![warn(missing_docs)]

mod actions;
mod flow;
mod leave;
mod resolve;
#[cfg(test)]
mod tests;

use mtg_vocabulary::setup::{MtgSetup, MtgSetupErrors};
use mtg_vocabulary::types::{
    Action, Card, ChoiceKind, ControlEffect, Delayed, Duration, ObjId, Pending, Player, Protection,
    StackItem, Step, Waiting, Zone,
};
use mtg_vocabulary::view::Mtg;
use mtg_vocabulary::view::{MtgEvent, MtgView, ObjectView, PlayerView, Refusal};
use riftcheck_core::Engine;

/// One object of the game, as plain data. Its controller and power are not stored: they are
/// computed by [`MtgSpec::controller`] and [`MtgSpec::power`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
struct Obj {
    /// The card (or token).
    card: Card,
    /// Its owner (a token's: the player it was created under, 111.2).
    owner: Player,
    /// Where it is.
    zone: Zone,
    /// On the battlefield: the player it entered under (its controller when no control effect
    /// applies). `None` anywhere else.
    entered_under: Option<Player>,
    /// Whether it is a token.
    token: bool,
    /// A Mind Control on the battlefield: the creature it enchants.
    attached: Option<ObjId>,
    /// An attacking creature: the player it attacks.
    attacking: Option<Player>,
    /// A Life Mirror: the player it chose.
    mirror_of: Option<Player>,
}

/// The naive reading of the MTG game of `docs/mtg.md`.
///
/// Two specs are equal when every field is; every field shows in [`MtgView`] except where a
/// battlefield object entered under someone other than its current controller (that player is
/// needed once the control effect ends, 800.4c).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct MtgSpec {
    /// Every player, in turn order (in the game or not; life frozen once they left, 800.4h).
    players: Vec<PlayerView>,
    /// Whose turn it is (it goes on if they leave, 800.4i).
    turn_of: Player,
    /// The step.
    step: Step,
    /// How many more turns may begin.
    turns_left: u8,
    /// Who holds priority.
    priority: Option<Player>,
    /// Who passed since the last other action (a bit per player).
    passed: u8,
    /// Whether attacks can no longer be declared this combat step.
    attacks_declared: bool,
    /// The stack, bottom first.
    stack: Vec<StackItem>,
    /// Every object, by [`ObjId`].
    objects: Vec<Obj>,
    /// Control-changing effects, oldest first.
    control: Vec<ControlEffect>,
    /// "Until your next turn" effects, oldest first.
    protections: Vec<Protection>,
    /// Delayed triggers waiting for the next end step.
    delayed: Vec<Delayed>,
    /// Triggered abilities waiting to be put on the stack, in APNAP order.
    waiting: Vec<Waiting>,
    /// The choice the game waits for.
    pending: Option<Pending>,
    /// The planar controller (800.4n).
    planar_controller: Option<Player>,
    /// Whether the game is over (won, or stopped at the bound on turns).
    over: bool,
    /// Who won.
    winner: Option<Player>,
}

impl MtgSpec {
    /// The game as `setup` lays it out, before anything happens. A Mind Control that starts on
    /// the battlefield brings its control effect with it (in object order).
    fn from_setup(setup: &MtgSetup) -> MtgSpec {
        let objects: Vec<Obj> = setup
            .cards
            .iter()
            .map(|c| {
                let on_bf = c.zone == Zone::Battlefield;
                Obj {
                    card: c.card,
                    owner: c.owner,
                    zone: c.zone,
                    entered_under: on_bf.then(|| c.entered_under.unwrap_or(c.owner)),
                    token: c.token,
                    attached: if on_bf { c.attached } else { None },
                    attacking: None,
                    mirror_of: None,
                }
            })
            .collect();
        let mut control = Vec::new();
        for (i, o) in objects.iter().enumerate() {
            if let (Card::MindControl, Some(target), Some(under)) =
                (o.card, o.attached, o.entered_under)
            {
                control.push(ControlEffect {
                    controller: under,
                    object: target,
                    duration: Duration::WhileAttached(ObjId(i as u8)),
                    from: Card::MindControl,
                });
            }
        }
        MtgSpec {
            players: setup
                .seats()
                .map(|_| PlayerView {
                    in_game: true,
                    life: setup.life,
                })
                .collect(),
            turn_of: setup.active,
            step: setup.step,
            turns_left: setup.turns,
            priority: None,
            passed: 0,
            attacks_declared: false,
            stack: Vec::new(),
            objects,
            control,
            protections: Vec::new(),
            delayed: Vec::new(),
            waiting: Vec::new(),
            pending: setup.pending(),
            planar_controller: setup.planar_controller,
            over: false,
            winner: None,
        }
    }

    /// How many players the table has.
    fn n(&self) -> usize {
        self.players.len()
    }

    /// Whether `p` is a player of this table.
    fn seat_exists(&self, p: Player) -> bool {
        usize::from(p.0) < self.n()
    }

    /// Whether `p` is still in the game.
    fn in_game(&self, p: Player) -> bool {
        self.players
            .get(usize::from(p.0))
            .is_some_and(|v| v.in_game)
    }

    /// The players still in the game, in turn order.
    fn in_game_players(&self) -> Vec<Player> {
        Player::all(self.n()).filter(|&p| self.in_game(p)).collect()
    }

    /// The next player after `p` in turn order who is in the game (never `p` itself).
    fn next_in_game_after(&self, p: Player) -> Option<Player> {
        let n = self.n();
        (1..n)
            .map(|k| Player(((usize::from(p.0) + k) % n) as u8))
            .find(|&q| self.in_game(q))
    }

    /// The active player: whose turn it is, while they are in the game (800.4i).
    fn active(&self) -> Option<Player> {
        Some(self.turn_of).filter(|&p| self.in_game(p))
    }

    /// The object `id`, if there is one.
    fn obj(&self, id: ObjId) -> Option<&Obj> {
        self.objects.get(usize::from(id.0))
    }

    /// The zone of `id` (`Gone` for an object that does not exist).
    fn zone(&self, id: ObjId) -> Zone {
        self.obj(id).map_or(Zone::Gone, |o| o.zone)
    }

    /// Whether `id` is on the battlefield.
    fn on_battlefield(&self, id: ObjId) -> bool {
        self.zone(id) == Zone::Battlefield
    }

    /// Whether `id` is a creature on the battlefield.
    fn creature_on_battlefield(&self, id: ObjId) -> bool {
        self.obj(id)
            .is_some_and(|o| o.zone == Zone::Battlefield && o.card.is_creature())
    }

    /// Whether any creature is on the battlefield.
    fn any_creature_on_battlefield(&self) -> bool {
        (0..self.objects.len()).any(|i| self.creature_on_battlefield(ObjId(i as u8)))
    }

    /// The controller of `id`: on the battlefield, the controller of the newest control effect
    /// on it, else the player it entered under; on the stack, its caster; else nobody.
    fn controller(&self, id: ObjId) -> Option<Player> {
        let o = self.obj(id)?;
        let mut who = None;
        if o.zone == Zone::Battlefield {
            // 613.1b, layer 2: control effects apply in timestamp order, so the last one on
            // this object wins.
            who = o.entered_under;
            for effect in &self.control {
                if effect.object == id {
                    who = Some(effect.controller);
                }
            }
        }
        if o.zone == Zone::Stack {
            for item in &self.stack {
                if let StackItem::Spell {
                    card, controller, ..
                } = *item
                    && card == id
                {
                    who = Some(controller);
                }
            }
        }
        who
    }

    /// The power of the creature `id`: printed, or for Life Mirror the chosen player's life
    /// (the last known one once they left, 800.4h; 0 if nobody was chosen).
    fn power(&self, id: ObjId) -> Option<i16> {
        let o = self.obj(id)?;
        if o.card == Card::LifeMirror {
            return Some(
                o.mirror_of
                    .map_or(0, |p| self.players[usize::from(p.0)].life),
            );
        }
        o.card.power().map(i16::from)
    }

    /// Moves `id` to `zone`. Leaving the battlefield forgets who it entered under, what it was
    /// attached to, and whom it attacked (400.7).
    fn move_to(&mut self, id: ObjId, zone: Zone) {
        let o = &mut self.objects[usize::from(id.0)];
        o.zone = zone;
        if zone != Zone::Battlefield {
            o.entered_under = None;
            o.attached = None;
            o.attacking = None;
        }
    }

    /// Puts `id` onto the battlefield under `controller`.
    fn put_onto_battlefield(&mut self, id: ObjId, controller: Player) {
        self.move_to(id, Zone::Battlefield);
        self.objects[usize::from(id.0)].entered_under = Some(controller);
    }

    /// Adds a triggered ability to the waiting list, keeping it in APNAP order: the turn's
    /// owner's first, then the players after them in turn order; by source within one player
    /// (a stable sort, so equal keys keep the order they triggered in).
    fn add_waiting(&mut self, w: Waiting) {
        self.waiting.push(w);
        let n = self.n();
        let t = usize::from(self.turn_of.0);
        self.waiting
            .sort_by_key(|w| ((usize::from(w.controller.0) + n - t) % n, w.source));
    }

    /// The view of object `id`.
    fn object_view(&self, id: ObjId) -> ObjectView {
        let o = self.objects[usize::from(id.0)];
        let on_bf = o.zone == Zone::Battlefield;
        ObjectView {
            card: o.card,
            owner: o.owner,
            zone: o.zone,
            controller: self.controller(id),
            token: o.token,
            attached: if on_bf { o.attached } else { None },
            attacking: if on_bf { o.attacking } else { None },
            power: if on_bf { self.power(id) } else { None },
            mirror_of: if on_bf { o.mirror_of } else { None },
        }
    }
}

impl Engine<Mtg> for MtgSpec {
    const NAME: &'static str = "the MTG spec";

    fn start(setup: &MtgSetup) -> Result<(Self, Vec<MtgEvent>), MtgSetupErrors> {
        setup.validate()?;
        let mut spec = MtgSpec::from_setup(setup);
        let mut events = Vec::new();
        spec.before_priority(&mut events);
        Ok((spec, events))
    }

    fn well_formed(&self, out: &mut Vec<Action>) {
        mtg_vocabulary::view::well_formed(&self.observe(), out);
    }

    fn apply(&mut self, action: Action) -> Result<Vec<MtgEvent>, Refusal> {
        self.legality(action)?;
        let mut events = Vec::new();
        self.perform(action, &mut events);
        Ok(events)
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
            objects: (0..self.objects.len())
                .map(|i| self.object_view(ObjId(i as u8)))
                .collect(),
            control: self.control.clone(),
            protections: self.protections.clone(),
            delayed: self.delayed.clone(),
            waiting: self.waiting.clone(),
            pending: self.pending,
            planar_controller: self.planar_controller,
            over: self.over,
            winner: self.winner,
            events: Vec::new(),
        }
    }
}

/// The bit of `p` in the record of passes.
fn bit(p: Player) -> u8 {
    1 << p.0
}

/// The object a choice of `kind` is made for (a spell, a Life Mirror) and the zone it must
/// still be in for the choice to stand: the choices of objects that left are dropped.
fn choice_object(kind: ChoiceKind) -> Option<(ObjId, Zone)> {
    match kind {
        ChoiceKind::LifeGain { spell, .. } | ChoiceKind::Appoint { spell, .. } => {
            Some((spell, Zone::Stack))
        }
        ChoiceKind::MirrorPlayer { mirror } => Some((mirror, Zone::Battlefield)),
        ChoiceKind::SlideTarget { .. } | ChoiceKind::Rule => None,
    }
}
