//! Leaving the game (800.4): each sub-rule in one function that cites it, called in the order
//! `docs/mtg.md` gives.

use super::MtgGame;
use super::policy::{self, Exile};
use mtg_vocabulary::types::{ChoiceKind, Duration, ObjId, Pending, Player, StackItem, Step, Zone};
use mtg_vocabulary::view::MtgEvent;

impl MtgGame {
    /// `p` leaves the game (they conceded, 104.3a, or lost, 704.5a), then the game-over check.
    pub(crate) fn leave(&mut self, p: Player) {
        self.leave_one(p);
        self.check_game_over();
    }

    /// Everything 800.4 does as one player leaves, without the game-over check.
    pub(crate) fn leave_one(&mut self, p: Player) {
        self.new_planar_controller(p);
        self.players[usize::from(p.0)].in_game = false;
        self.emit(MtgEvent::Left { player: p });
        if policy::controlled_exile(&self.readings, Exile::BeforeControlEnds) {
            self.exile_still_controlled(p);
        }
        self.owned_objects_leave(p);
        let controllers: Vec<Option<Player>> = self.ids().map(|id| self.controller(id)).collect();
        self.end_control_effects(p);
        self.changed_hands_leave_combat(&controllers);
        self.abilities_cease(p);
        if policy::controlled_exile(&self.readings, Exile::AfterControlEnds) {
            self.exile_still_controlled(p);
            self.exile_uncontrolled();
        }
        self.last_known_of(p);
        self.move_choices(p);
        self.pass_priority_on(p);
        self.turn_goes_on(p);
        if policy::until_next_turn_ends_on_leaving(&self.readings) {
            self.end_protections_of(p, "800.4k");
        }
    }

    /// 800.4n: the planar controller who is leaving hands the role to the next player in turn
    /// order who stays, before they leave.
    fn new_planar_controller(&mut self, p: Player) {
        if self.planar != Some(p) || !policy::planar_controller_passes_on(&self.readings) {
            return;
        }
        self.planar = self.next_after(p);
        if let Some(player) = self.planar {
            self.emit(MtgEvent::PlanarController { player });
        }
    }

    /// 800.4a (and 800.4m): every object the leaver owns leaves the game, except in the ante
    /// zone; their spells leave the stack with their cards.
    fn owned_objects_leave(&mut self, p: Player) {
        for id in self.ids() {
            let o = *self.obj(id);
            if o.owner != p || o.zone == Zone::Gone {
                continue;
            }
            if o.zone == Zone::Ante && policy::ante_stays(&self.readings) {
                self.emit(MtgEvent::StayedInAnte { object: id });
                continue;
            }
            if o.zone == Zone::Stack {
                self.stack
                    .retain(|item| !matches!(*item, StackItem::Spell { card, .. } if card == id));
            }
            let o = self.obj_mut(id);
            o.zone = Zone::Gone;
            o.attached = None;
            o.attacking = None;
            o.entered_under = None;
            o.mirror_of = None;
            self.emit(MtgEvent::LeftGame { object: id });
        }
    }

    /// 800.4a: the effects that gave the leaver control end, and with them those whose Aura or
    /// object is no longer on the battlefield.
    fn end_control_effects(&mut self, p: Player) {
        let mut kept = Vec::with_capacity(self.control.len());
        for e in std::mem::take(&mut self.control) {
            let aura_gone = matches!(e.duration, Duration::WhileAttached(a)
                if self.obj(a).zone != Zone::Battlefield);
            if e.controller == p || aura_gone || self.obj(e.object).zone != Zone::Battlefield {
                self.emit(MtgEvent::ControlEnded {
                    effect: e,
                    rule: "800.4a",
                });
            } else {
                kept.push(e);
            }
        }
        self.control = kept;
    }

    /// 506.4: a creature whose controller changed as the control effects ended (`before` holds
    /// each object's controller until then) is removed from combat.
    fn changed_hands_leave_combat(&mut self, before: &[Option<Player>]) {
        if !policy::control_change_in_combat_removes(&self.readings) {
            return;
        }
        for id in self.ids() {
            let was = before.get(usize::from(id.0)).copied().flatten();
            if self.obj(id).attacking.is_some() && self.controller(id) != was {
                self.obj_mut(id).attacking = None;
                self.emit(MtgEvent::RemovedFromCombat { creature: id });
            }
        }
    }

    /// 800.4h: a Life Mirror that chose the leaver goes on reading their life total, the last
    /// one they had.
    fn last_known_of(&mut self, p: Player) {
        for id in self.ids() {
            let o = self.obj(id);
            if o.zone == Zone::Battlefield && o.mirror_of == Some(p) {
                self.emit(MtgEvent::LastKnownKept {
                    object: id,
                    player: p,
                });
            }
        }
    }

    /// 800.4a: the leaver's objects on the stack that no card represents (triggered abilities)
    /// cease to exist.
    fn abilities_cease(&mut self, p: Player) {
        let mut kept = Vec::with_capacity(self.stack.len());
        for item in std::mem::take(&mut self.stack) {
            if matches!(item, StackItem::Trigger { controller, .. } if controller == p) {
                self.emit(MtgEvent::CeasedToExist { item });
            } else {
                kept.push(item);
            }
        }
        self.stack = kept;
    }

    /// 800.4a: whatever the leaver still controls is exiled (a permanent that entered under
    /// them, such as Bribery's creature).
    fn exile_still_controlled(&mut self, p: Player) {
        for id in self.ids() {
            if self.obj(id).zone == Zone::Battlefield && self.controller(id) == Some(p) {
                self.exile(id, "800.4a");
            }
        }
    }

    /// 800.4c: a permanent no control effect holds any more, which entered under a player who
    /// has left, is exiled. Runs whenever control effects end.
    pub(crate) fn exile_uncontrolled(&mut self) {
        for id in self.ids() {
            let o = self.obj(id);
            if o.zone != Zone::Battlefield || self.control.iter().any(|e| e.object == id) {
                continue;
            }
            if o.entered_under.is_some_and(|q| !self.in_game(q)) {
                self.exile(id, "800.4c");
            }
        }
    }

    /// Exiles a permanent: the control effects on it end (400.7), it stops attacking.
    pub(crate) fn exile(&mut self, id: ObjId, rule: &'static str) {
        let o = self.obj_mut(id);
        o.zone = Zone::Exile;
        o.entered_under = None;
        o.attacking = None;
        o.attached = None;
        o.mirror_of = None;
        self.emit(MtgEvent::Exiled { object: id, rule });
        let mut kept = Vec::with_capacity(self.control.len());
        for e in std::mem::take(&mut self.control) {
            if e.object == id {
                self.emit(MtgEvent::ControlEnded {
                    effect: e,
                    rule: "400.7",
                });
            } else {
                kept.push(e);
            }
        }
        self.control = kept;
    }

    /// 800.4f, 800.4g (and 800.4d): a choice waiting for the leaver moves to another player, or
    /// is dropped with the object or ability it belonged to.
    fn move_choices(&mut self, p: Player) {
        let Some(pending) = self.pending else { return };
        let spell_here = |g: &MtgGame, spell: ObjId| g.obj(spell).zone == Zone::Stack;
        match pending.kind {
            ChoiceKind::LifeGain {
                spell,
                controller,
                opponent,
            } if spell_here(self, spell) => {
                if pending.by == p {
                    self.pending = Some(Pending {
                        by: controller,
                        kind: ChoiceKind::Appoint { spell, opponent },
                    });
                    self.emit(MtgEvent::ChoiceTo {
                        player: controller,
                        rule: "800.4f",
                    });
                }
            }
            ChoiceKind::Appoint { spell, .. } if spell_here(self, spell) => {}
            ChoiceKind::MirrorPlayer { mirror } if self.obj(mirror).zone == Zone::Battlefield => {}
            ChoiceKind::SlideTarget { source } if pending.by == p => {
                self.pending = None;
                self.emit(MtgEvent::TriggerNotPut {
                    controller: p,
                    source,
                });
            }
            ChoiceKind::SlideTarget { .. } => {}
            ChoiceKind::Rule if pending.by == p => {
                if !policy::leaver_choice_moves(&self.readings) {
                    return;
                }
                self.pending = self.next_after(p).map(|by| Pending {
                    by,
                    kind: ChoiceKind::Rule,
                });
                if let Some(player) = self.pending.map(|c| c.by) {
                    self.emit(MtgEvent::ChoiceTo {
                        player,
                        rule: "800.4g",
                    });
                }
            }
            ChoiceKind::Rule => {}
            _ => self.pending = None,
        }
    }

    /// 800.4a: if the leaver held priority, the next player in turn order who is in the game
    /// receives it; the passes the others made still count.
    fn pass_priority_on(&mut self, p: Player) {
        self.passed &= !(1 << p.0);
        if self.priority != Some(p) || !policy::leaver_priority_passes_on(&self.readings) {
            return;
        }
        self.priority = self.next_after(p);
        if let Some(player) = self.priority {
            self.emit(MtgEvent::PriorityTo { player });
        }
    }

    /// 800.4i: the turn of a player who left goes on without an active player; nobody declares
    /// attackers in it.
    fn turn_goes_on(&mut self, p: Player) {
        if self.turn_of != p {
            return;
        }
        let others = self.players.iter().filter(|v| v.in_game).count() > 1;
        if others {
            self.emit(MtgEvent::TurnContinued { player: p });
        }
        if self.step == Step::Combat {
            self.attacks_declared = true;
        }
        if !policy::leaver_turn_goes_on(&self.readings) && others {
            self.stack.clear();
            self.end_turn();
        }
    }

    /// 800.4k (and 611.2b): the effects lasting until `p`'s next turn end, as it begins or as it
    /// would have begun.
    pub(crate) fn end_protections_of(&mut self, p: Player, rule: &'static str) {
        let mut kept = Vec::with_capacity(self.protections.len());
        for protection in std::mem::take(&mut self.protections) {
            if protection.player == p {
                self.emit(MtgEvent::ProtectionEnded { protection, rule });
            } else {
                kept.push(protection);
            }
        }
        self.protections = kept;
    }

    /// 104.2a: once one player (or none) is left, the game is over.
    pub(crate) fn check_game_over(&mut self) {
        if self.over {
            return;
        }
        let mut left = self.players.iter().enumerate().filter(|(_, v)| v.in_game);
        let first = left.next().map(|(i, _)| Player(i as u8));
        if left.next().is_some() {
            return;
        }
        self.over = true;
        self.winner = first;
        self.priority = None;
        self.pending = None;
        self.emit(MtgEvent::GameOver { winner: first });
    }
}
