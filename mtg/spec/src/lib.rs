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
    StackItem, Step, TriggerEffect, Waiting, Zone,
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

impl Obj {
    /// A new object (400.7: it remembers nothing of an earlier one): attached to nothing,
    /// attacking nobody, no player chosen, and not yet on the battlefield under anyone.
    fn new(card: Card, owner: Player, zone: Zone, token: bool) -> Obj {
        Obj {
            card,
            owner,
            zone,
            entered_under: None,
            token,
            attached: None,
            attacking: None,
            mirror_of: None,
        }
    }
}

impl MtgSpec {
    /// The game as `setup` lays it out, before anything happens: every player in the game at
    /// the starting life, the setup's turn, step and bound on turns, nobody holding priority
    /// yet. Then the setup's rule choice, if it has one, and its cards in object order: each
    /// permanent enters under its player (its owner unless the setup says otherwise), and a
    /// Mind Control attaches to its creature and gains control of it as it does on resolving.
    fn from_setup(setup: &MtgSetup) -> MtgSpec {
        let players = setup
            .seats()
            .map(|_| PlayerView {
                in_game: true,
                life: setup.life,
            })
            .collect();
        let mut spec = MtgSpec {
            // What the setup says: the players, whose turn and step it is, how many more turns
            // may begin, and the planar controller (800.4n).
            players,
            turn_of: setup.active,
            step: setup.step,
            turns_left: setup.turns,
            planar_controller: setup.planar_controller,
            // What starts empty: nobody holds priority or has passed, no attack is declared,
            // the stack, the objects, the effects and triggers are yet to come, the game is on.
            priority: None,
            passed: 0,
            attacks_declared: false,
            stack: Vec::new(),
            objects: Vec::new(),
            control: Vec::new(),
            protections: Vec::new(),
            delayed: Vec::new(),
            waiting: Vec::new(),
            pending: None,
            over: false,
            winner: None,
        };
        if let Some(by) = setup.rule_choice {
            spec.wait_for(by, ChoiceKind::Rule);
        }
        for (i, c) in setup.cards.iter().enumerate() {
            let id = ObjId(i as u8);
            spec.objects
                .push(Obj::new(c.card, c.owner, c.zone, c.token));
            if c.zone != Zone::Battlefield {
                continue;
            }
            let under = c.entered_under.unwrap_or(c.owner);
            spec.put_onto_battlefield(id, under);
            if let (Card::MindControl, Some(creature)) = (c.card, c.attached) {
                spec.mind_control(id, creature, under);
            }
        }
        spec
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

    /// Every object on the battlefield that is a `card`, in object order.
    fn on_battlefield_named(&self, card: Card) -> Vec<ObjId> {
        let mut found = Vec::new();
        for (i, o) in self.objects.iter().enumerate() {
            if o.card == card && o.zone == Zone::Battlefield {
                found.push(ObjId(i as u8));
            }
        }
        found
    }

    /// 603.2, 603.3a: the triggered ability of `source` triggers; it is controlled by whoever
    /// controls its source now, and waits to be put on the stack.
    fn trigger(&mut self, source: ObjId, effect: Option<TriggerEffect>) {
        let owner = self.objects[usize::from(source.0)].owner;
        let controller = self.controller(source).unwrap_or(owner);
        self.add_waiting(Waiting {
            controller,
            source,
            effect,
        });
    }

    /// The game waits for `by` to make the choice `kind`.
    fn wait_for(&mut self, by: Player, kind: ChoiceKind) {
        self.pending = Some(Pending { by, kind });
    }

    /// 613.1b, layer 2: a control-changing effect begins. It is the newest, so it decides who
    /// controls `object` until it ends.
    fn gain_control(&mut self, controller: Player, object: ObjId, duration: Duration, from: Card) {
        self.control.push(ControlEffect {
            controller,
            object,
            duration,
            from,
        });
    }

    /// 303.4: the Mind Control `aura` (on the battlefield) is attached to `creature`, and
    /// `controller` controls the creature for as long as it stays attached.
    fn mind_control(&mut self, aura: ObjId, creature: ObjId, controller: Player) {
        self.objects[usize::from(aura.0)].attached = Some(creature);
        let duration = Duration::WhileAttached(aura);
        self.gain_control(controller, creature, duration, Card::MindControl);
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

    /// The view of object `id`: its own fields, and its controller and power computed now. The
    /// player it entered under shows only through its controller; off the battlefield it is
    /// attached to nothing, attacks nobody, has no power and no chosen player (400.7).
    fn object_view(&self, id: ObjId) -> ObjectView {
        let Obj {
            card,
            owner,
            zone,
            entered_under: _,
            token,
            attached,
            attacking,
            mirror_of,
        } = self.objects[usize::from(id.0)];
        let on_bf = zone == Zone::Battlefield;
        ObjectView {
            card,
            owner,
            zone,
            controller: self.controller(id),
            token,
            attached: attached.filter(|_| on_bf),
            attacking: attacking.filter(|_| on_bf),
            power: self.power(id).filter(|_| on_bf),
            mirror_of: mirror_of.filter(|_| on_bf),
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

    fn apply(&mut self, action: Action) -> Result<Vec<MtgEvent>, Refusal> {
        self.legality(action)?;
        let mut events = Vec::new();
        self.perform(action, &mut events);
        Ok(events)
    }

    fn observe(&self) -> MtgView {
        // Every field of the spec is named, so that none is left out of the view unseen: each
        // shows as it is, but the objects, whose controller and power are computed now.
        let MtgSpec {
            players,
            turn_of,
            step,
            turns_left,
            priority,
            passed,
            attacks_declared,
            stack,
            objects,
            control,
            protections,
            delayed,
            waiting,
            pending,
            planar_controller,
            over,
            winner,
        } = self;
        MtgView {
            players: players.clone(),
            turn_of: *turn_of,
            active: self.active(),
            step: *step,
            turns_left: *turns_left,
            priority: *priority,
            passed: *passed,
            attacks_declared: *attacks_declared,
            stack: stack.clone(),
            objects: (0..objects.len())
                .map(|i| self.object_view(ObjId(i as u8)))
                .collect(),
            control: control.clone(),
            protections: protections.clone(),
            delayed: delayed.clone(),
            waiting: waiting.clone(),
            pending: *pending,
            planar_controller: *planar_controller,
            over: *over,
            winner: *winner,
            events: Vec::new(),
        }
    }

    /// The actions are those of the catalog at this table, read from what an observer sees.
    fn well_formed(&self, out: &mut Vec<Action>) {
        mtg_vocabulary::view::well_formed(&self.observe(), out);
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

/// A field of what an observer sees, as an engine under test shows it, that the spec can take
/// over when `conform` follows the engine past a divergence: priority (117.3), the passes
/// (117.4), whether attacks are declared (508.1), whose turn it is and how many more may begin
/// (800.4i, 800.4j), and whether the game is over and who won (104.2a).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Shown {
    /// Who holds priority.
    Priority(Option<Player>),
    /// Who passed, a bit per player.
    Passed(u8),
    /// Whether attacks can no longer be declared this combat step.
    AttacksDeclared(bool),
    /// Whose turn it is.
    TurnOf(Player),
    /// How many more turns may begin.
    TurnsLeft(u8),
    /// Whether the game is over.
    Over(bool),
    /// Who won.
    Winner(Option<Player>),
}

impl MtgSpec {
    /// Sets one field of the game to what an engine under test shows (see [`Shown`]).
    pub fn take_over(&mut self, shown: Shown) {
        match shown {
            Shown::Priority(p) => self.priority = p,
            Shown::Passed(p) => self.passed = p,
            Shown::AttacksDeclared(a) => self.attacks_declared = a,
            Shown::TurnOf(p) => self.turn_of = p,
            Shown::TurnsLeft(n) => self.turns_left = n,
            Shown::Over(o) => self.over = o,
            Shown::Winner(w) => self.winner = w,
        }
    }
}
