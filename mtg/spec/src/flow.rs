//! Before anyone receives priority (state-based actions, then triggers, then priority), and the
//! steps and turns.

use super::MtgSpec;
use mtg_vocabulary::types::{
    Card, ChoiceKind, Duration, ObjId, StackItem, Step, TriggerEffect, Waiting, Zone,
};
use mtg_vocabulary::view::MtgEvent;

impl MtgSpec {
    /// Before anyone receives priority (and at the start), until nothing changes: state-based
    /// actions, then the waiting triggers one by one (a pending choice stops everything); then,
    /// if nobody holds priority, the active player receives it, or when they have left the next
    /// player in turn order after them (800.4i).
    pub(super) fn before_priority(&mut self, ev: &mut Vec<MtgEvent>) {
        loop {
            if self.over {
                return;
            }
            self.state_based_actions(ev);
            if self.over || self.pending.is_some() {
                return;
            }
            if !self.put_next_trigger(ev) {
                break;
            }
        }
        if self.priority.is_none() {
            let to = self
                .active()
                .or_else(|| self.next_in_game_after(self.turn_of));
            if let Some(p) = to {
                self.priority = Some(p);
                ev.push(MtgEvent::PriorityTo { player: p });
            }
        }
    }

    /// State-based actions, repeated until none applies: 704.5a, every player at 0 life or less
    /// loses and leaves (in turn order, then one check for the game's end); 704.5m, a Mind
    /// Control not attached to a creature on the battlefield goes to its owner's graveyard and
    /// its control effect ends (then 800.4c).
    fn state_based_actions(&mut self, ev: &mut Vec<MtgEvent>) {
        loop {
            let losers: Vec<_> = self
                .in_game_players()
                .into_iter()
                .filter(|p| self.players[usize::from(p.0)].life <= 0)
                .collect();
            if !losers.is_empty() {
                for p in losers {
                    self.leave(p, ev);
                }
                self.game_over_check(ev);
                if self.over {
                    return;
                }
                continue;
            }
            let auras: Vec<ObjId> = (0..self.objects.len())
                .map(|i| ObjId(i as u8))
                .filter(|&id| {
                    let o = self.objects[usize::from(id.0)];
                    o.card == Card::MindControl
                        && o.zone == Zone::Battlefield
                        && !o.attached.is_some_and(|c| self.creature_on_battlefield(c))
                })
                .collect();
            if auras.is_empty() {
                return;
            }
            for aura in auras {
                self.move_to(aura, Zone::Graveyard);
                ev.push(MtgEvent::ToGraveyard { object: aura });
                self.end_control_where(
                    |e| e.duration == Duration::WhileAttached(aura),
                    "704.5m",
                    ev,
                );
                self.exile_800_4c(ev);
            }
        }
    }

    /// Puts the first waiting trigger on the stack, if there is one (returns whether there was).
    /// 800.4d: one whose controller left is not put on the stack. Astral Slide's first asks its
    /// controller for a target (a pending choice), or is removed if there is no creature.
    fn put_next_trigger(&mut self, ev: &mut Vec<MtgEvent>) -> bool {
        if self.waiting.is_empty() {
            return false;
        }
        let w: Waiting = self.waiting.remove(0);
        if !self.in_game(w.controller) {
            ev.push(MtgEvent::TriggerNotPut {
                controller: w.controller,
                source: w.source,
            });
            return true;
        }
        let (controller, source) = (w.controller, w.source);
        if let Some(effect) = w.effect {
            let item = StackItem::Trigger {
                controller,
                source,
                effect,
            };
            self.stack.push(item);
            ev.push(MtgEvent::Triggered { item });
        } else if self.any_creature_on_battlefield() {
            // A trigger that needs a target waits for its controller to choose one.
            self.wait_for(controller, ChoiceKind::SlideTarget { source });
        }
        true
    }

    /// Ends, in list order, every control effect `ends` selects, with `rule`. Then 506.4: each
    /// of their creatures (by number) that is attacking and now has another controller than
    /// before is removed from combat.
    pub(super) fn end_control_where(
        &mut self,
        ends: impl Fn(&mtg_vocabulary::types::ControlEffect) -> bool,
        rule: &'static str,
        ev: &mut Vec<MtgEvent>,
    ) {
        let mut had: Vec<(ObjId, Option<mtg_vocabulary::types::Player>)> = Vec::new();
        let mut i = 0;
        while i < self.control.len() {
            if ends(&self.control[i]) {
                let object = self.control[i].object;
                if had.iter().all(|(o, _)| *o != object) {
                    had.push((object, self.controller(object)));
                }
                let effect = self.control.remove(i);
                ev.push(MtgEvent::ControlEnded { effect, rule });
            } else {
                i += 1;
            }
        }
        had.sort();
        for (creature, before) in had {
            let attacking = self.objects[usize::from(creature.0)].attacking.is_some();
            if attacking && self.on_battlefield(creature) && self.controller(creature) != before {
                self.objects[usize::from(creature.0)].attacking = None;
                ev.push(MtgEvent::RemovedFromCombat { creature });
            }
        }
    }

    /// 800.4c: every permanent with no control effect on it that entered under a player who
    /// has left is exiled (in object order).
    pub(super) fn exile_800_4c(&mut self, ev: &mut Vec<MtgEvent>) {
        for i in 0..self.objects.len() {
            let id = ObjId(i as u8);
            let o = self.objects[i];
            if o.zone == Zone::Battlefield
                && !self.control.iter().any(|e| e.object == id)
                && o.entered_under.is_some_and(|p| !self.in_game(p))
            {
                self.move_to(id, Zone::Exile);
                ev.push(MtgEvent::Exiled {
                    object: id,
                    rule: "800.4c",
                });
            }
        }
    }

    /// A nontoken creature `id` has just entered: every Genesis Chamber on the battlefield
    /// triggers (in object order) for the creature's controller; a Life Mirror makes its
    /// controller choose a player.
    pub(super) fn entered(&mut self, id: ObjId, ev: &mut Vec<MtgEvent>) {
        let Some(controller) = self.controller(id) else {
            return;
        };
        ev.push(MtgEvent::Entered {
            object: id,
            controller,
        });
        // A permanent that enters is a new object: a Life Mirror's earlier choice is gone.
        self.objects[usize::from(id.0)].mirror_of = None;
        let o = self.objects[usize::from(id.0)];
        if o.card.is_creature() && !o.token {
            let myr = TriggerEffect::MyrFor { player: controller };
            for chamber in self.on_battlefield_named(Card::GenesisChamber) {
                self.trigger(chamber, Some(myr));
            }
        }
        if o.card == Card::LifeMirror {
            self.wait_for(controller, ChoiceKind::MirrorPlayer { mirror: id });
        }
    }

    /// Everyone in the game passed with the stack empty: the step ends.
    pub(super) fn end_step(&mut self, ev: &mut Vec<MtgEvent>) {
        match self.step {
            Step::Main => {
                self.step = Step::Combat;
                ev.push(MtgEvent::StepBegan { step: Step::Combat });
                // Nobody declares attackers in a turn without an active player (800.4i).
                self.attacks_declared = self.active().is_none();
            }
            Step::Combat => {
                self.combat_damage(ev);
                self.step = Step::End;
                ev.push(MtgEvent::StepBegan { step: Step::End });
                // 603.7: the delayed triggers trigger, each for the player who made it; 800.4d:
                // one whose controller left is not put on the stack.
                for d in std::mem::take(&mut self.delayed) {
                    let (controller, source) = (d.controller, d.source);
                    if self.in_game(controller) {
                        let effect = Some(TriggerEffect::Return {
                            creature: d.creature,
                        });
                        self.add_waiting(Waiting {
                            controller,
                            source,
                            effect,
                        });
                    } else {
                        ev.push(MtgEvent::TriggerNotPut { controller, source });
                    }
                }
            }
            Step::End => self.end_turn(ev),
        }
    }

    /// Combat damage: every attacking creature, by number, deals its power (as it is before
    /// any damage: combat damage is simultaneous, 510.2; none below 0, 510.1a) to its defender,
    /// unless the defender left (800.4e). Then nothing is attacking any more.
    fn combat_damage(&mut self, ev: &mut Vec<MtgEvent>) {
        let attacks: Vec<(ObjId, mtg_vocabulary::types::Player, i16)> = (0..self.objects.len())
            .map(|i| ObjId(i as u8))
            .filter(|&id| self.on_battlefield(id))
            .filter_map(|id| {
                let defender = self.objects[usize::from(id.0)].attacking?;
                Some((id, defender, self.power(id).unwrap_or(0).max(0)))
            })
            .collect();
        for (creature, player, amount) in attacks {
            if self.in_game(player) {
                self.players[usize::from(player.0)].life -= amount;
                ev.push(MtgEvent::Damage {
                    creature,
                    player,
                    amount,
                });
            } else {
                ev.push(MtgEvent::DamageNotAssigned { creature, player });
            }
        }
        for o in &mut self.objects {
            o.attacking = None;
        }
    }

    /// The end step ends: end-of-turn control effects end (514.2, each followed by 800.4c);
    /// then the next turn begins, or the game stops if no turn is left.
    fn end_turn(&mut self, ev: &mut Vec<MtgEvent>) {
        let mut i = 0;
        while i < self.control.len() {
            if self.control[i].duration == Duration::EndOfTurn {
                let effect = self.control.remove(i);
                ev.push(MtgEvent::ControlEnded {
                    effect,
                    rule: "514.2",
                });
                self.exile_800_4c(ev);
            } else {
                i += 1;
            }
        }
        if self.turns_left > 0 {
            self.next_turn(ev);
        } else {
            // The model's bound on turns: none may begin, so the game stops, nobody having won.
            self.over = true;
            self.winner = None;
            self.priority = None;
            ev.push(MtgEvent::Stopped);
        }
    }

    /// The next turn: for each player after the turn's owner, their "until your next turn"
    /// effects end (611.2b, or 800.4k if they left), then their turn begins, or is skipped if
    /// they left (800.4j).
    fn next_turn(&mut self, ev: &mut Vec<MtgEvent>) {
        let n = self.players.len();
        for k in 1..=n {
            let q = mtg_vocabulary::types::Player(((usize::from(self.turn_of.0) + k) % n) as u8);
            let in_game = self.in_game(q);
            let rule = if in_game { "611.2b" } else { "800.4k" };
            let mut j = 0;
            while j < self.protections.len() {
                if self.protections[j].player == q {
                    let protection = self.protections.remove(j);
                    ev.push(MtgEvent::ProtectionEnded { protection, rule });
                } else {
                    j += 1;
                }
            }
            if in_game {
                self.turn_of = q;
                self.step = Step::Main;
                self.turns_left -= 1;
                // A new turn has declared no attackers yet.
                self.attacks_declared = false;
                ev.push(MtgEvent::TurnBegan { player: q });
                return;
            }
            ev.push(MtgEvent::TurnSkipped { player: q });
        }
    }
}
