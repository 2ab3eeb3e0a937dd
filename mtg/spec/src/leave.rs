//! A player leaving the game (800.4), step by step in the order `docs/mtg.md` gives, and the
//! end of the game (104.2a).

use super::{MtgSpec, bit, choice_object};
use mtg_vocabulary::types::{ChoiceKind, Duration, ObjId, Player, StackItem, Step, Zone};
use mtg_vocabulary::view::MtgEvent;

impl MtgSpec {
    /// `p` leaves the game (conceding, 104.3a, or losing, 704.5a). The check for the game's end
    /// is the caller's ([`MtgSpec::game_over_check`]).
    pub(super) fn leave(&mut self, p: Player, ev: &mut Vec<MtgEvent>) {
        // 800.4n: the planar controller role moves on before they leave.
        if self.planar_controller == Some(p) {
            self.planar_controller = self.next_in_game_after(p);
            if let Some(q) = self.planar_controller {
                ev.push(MtgEvent::PlanarController { player: q });
            }
        }
        // They leave; their life stays as the last known information (800.4h).
        self.players[usize::from(p.0)].in_game = false;
        self.passed &= !bit(p);
        ev.push(MtgEvent::Left { player: p });
        self.leave_with_owner(p, ev);
        // 800.4a: the effects giving them control end, and those whose Aura or object has
        // left the battlefield.
        let on_bf: Vec<bool> = (0..self.objects.len())
            .map(|i| self.on_battlefield(ObjId(i as u8)))
            .collect();
        let gone = |id: ObjId| !on_bf.get(usize::from(id.0)).copied().unwrap_or(false);
        self.end_control_where(
            |e| {
                e.controller == p
                    || gone(e.object)
                    || matches!(e.duration, Duration::WhileAttached(aura) if gone(aura))
            },
            "800.4a",
            ev,
        );
        // 800.4a: their objects on the stack not represented by cards cease to exist.
        let (ceased, kept): (Vec<StackItem>, Vec<StackItem>) = self.stack.iter().partition(
            |it| matches!(it, StackItem::Trigger { controller, .. } if *controller == p),
        );
        self.stack = kept;
        for item in ceased {
            ev.push(MtgEvent::CeasedToExist { item });
        }
        // 800.4a: whatever they still control is exiled.
        for i in 0..self.objects.len() {
            let id = ObjId(i as u8);
            if self.on_battlefield(id) && self.controller(id) == Some(p) {
                self.move_to(id, Zone::Exile);
                ev.push(MtgEvent::Exiled {
                    object: id,
                    rule: "800.4a",
                });
            }
        }
        // 800.4c.
        self.exile_800_4c(ev);
        // 800.4h: a Life Mirror still here that chose them keeps their last life total.
        for i in 0..self.objects.len() {
            let id = ObjId(i as u8);
            if self.on_battlefield(id) && self.objects[i].mirror_of == Some(p) {
                ev.push(MtgEvent::LastKnownKept {
                    object: id,
                    player: p,
                });
            }
        }
        // 800.4f, 800.4g, 800.4d: a choice waiting for them moves or is dropped.
        self.move_choice(p, ev);
        // 800.4a: priority passes on; the others' passes still count.
        if self.priority == Some(p) {
            self.priority = self.next_in_game_after(p);
            if let Some(q) = self.priority {
                ev.push(MtgEvent::PriorityTo { player: q });
            }
        }
        // 800.4i: their turn goes on without an active player (unless the game ends now);
        // nobody declares attackers.
        if self.turn_of == p && self.in_game_players().len() >= 2 {
            ev.push(MtgEvent::TurnContinued { player: p });
        }
        if self.turn_of == p && self.step == Step::Combat {
            self.attacks_declared = true;
        }
    }

    /// 800.4a, 800.4m: every object `p` owns leaves the game (in object order), except in the
    /// ante zone; their spells leave the stack.
    fn leave_with_owner(&mut self, p: Player, ev: &mut Vec<MtgEvent>) {
        for i in 0..self.objects.len() {
            let o = self.objects[i];
            let id = ObjId(i as u8);
            if o.owner != p {
                continue;
            }
            match o.zone {
                Zone::Gone => {}
                Zone::Ante => ev.push(MtgEvent::StayedInAnte { object: id }),
                _ => {
                    self.move_to(id, Zone::Gone);
                    ev.push(MtgEvent::LeftGame { object: id });
                }
            }
        }
        let objects = &self.objects;
        self.stack.retain(|it| match *it {
            StackItem::Spell { card, .. } => objects[usize::from(card.0)].zone == Zone::Stack,
            StackItem::Trigger { .. } => true,
        });
    }

    /// What happens to the pending choice when `p` leaves: the choice of an object that left is
    /// dropped; Opponent's Choice's moves to its controller, who appoints another player
    /// (800.4f); a rule's moves to the next player in turn order (800.4g); Astral Slide's
    /// target choice is dropped and its trigger is not put on the stack (800.4d).
    fn move_choice(&mut self, p: Player, ev: &mut Vec<MtgEvent>) {
        let Some(pending) = self.pending else {
            return;
        };
        if let Some((id, zone)) = choice_object(pending.kind)
            && self.zone(id) != zone
        {
            self.pending = None;
            return;
        }
        if pending.by != p {
            return;
        }
        self.pending = None;
        match pending.kind {
            ChoiceKind::LifeGain {
                spell,
                controller,
                opponent,
            } => {
                self.wait_for(controller, ChoiceKind::Appoint { spell, opponent });
                ev.push(MtgEvent::ChoiceTo {
                    player: controller,
                    rule: "800.4f",
                });
            }
            ChoiceKind::Rule => {
                if let Some(q) = self.next_in_game_after(p) {
                    self.wait_for(q, ChoiceKind::Rule);
                    ev.push(MtgEvent::ChoiceTo {
                        player: q,
                        rule: "800.4g",
                    });
                }
            }
            ChoiceKind::SlideTarget { source } => {
                ev.push(MtgEvent::TriggerNotPut {
                    controller: p,
                    source,
                });
            }
            // Their objects left with them: nothing is left to choose for.
            ChoiceKind::MirrorPlayer { .. } | ChoiceKind::Appoint { .. } => {}
        }
    }

    /// 104.2a: when one player (or none) is left, the game is over.
    pub(super) fn game_over_check(&mut self, ev: &mut Vec<MtgEvent>) {
        if self.over {
            return;
        }
        let left = self.in_game_players();
        if left.len() <= 1 {
            self.over = true;
            self.winner = left.first().copied();
            self.priority = None;
            self.pending = None;
            ev.push(MtgEvent::GameOver {
                winner: self.winner,
            });
        }
    }
}
