//! The flow of a turn: what happens before anyone receives priority (state-based actions,
//! triggers, 800.4i's priority), passing, the steps, combat damage (800.4e), delayed triggers
//! (800.4d) and the next turn (800.4j, 800.4k).

use super::{MtgGame, policy};
use mtg_vocabulary::types::{
    ChoiceKind, Duration, Pending, Player, StackItem, Step, TriggerEffect, Waiting, Zone,
};
use mtg_vocabulary::view::MtgEvent;

impl MtgGame {
    /// Before anyone receives priority: state-based actions until none apply (even while a
    /// choice is pending), then, unless a choice is pending, the waiting triggers go on the
    /// stack, then the player due priority receives it.
    pub(crate) fn proceed(&mut self) {
        loop {
            if self.over {
                return;
            }
            // State-based actions apply even while a choice is pending.
            if self.state_based_actions() {
                continue;
            }
            if self.over || self.pending.is_some() {
                return;
            }
            if !self.waiting.is_empty() {
                self.put_waiting();
                continue;
            }
            if self.priority.is_none() {
                self.priority = self.due_priority();
                if let Some(player) = self.priority {
                    self.emit(MtgEvent::PriorityTo { player });
                }
            }
            return;
        }
    }

    /// 800.4i: the active player receives priority; with no active player, the next player in
    /// turn order after them does.
    fn due_priority(&self) -> Option<Player> {
        self.active().or_else(|| self.next_after(self.turn_of))
    }

    /// 704.5a and 704.5m; whether any applied.
    fn state_based_actions(&mut self) -> bool {
        let losers: Vec<Player> = Player::all(self.players.len())
            .filter(|&p| self.in_game(p) && self.players[usize::from(p.0)].life <= 0)
            .collect();
        if !losers.is_empty() {
            for p in losers {
                self.leave_one(p);
            }
            self.check_game_over();
            return true;
        }
        let mut any = false;
        for id in self.ids() {
            let o = *self.obj(id);
            if o.zone != Zone::Battlefield || o.card != mtg_vocabulary::types::Card::MindControl {
                continue;
            }
            if o.attached
                .is_some_and(|c| self.is_creature_on_battlefield(c))
            {
                continue;
            }
            any = true;
            let aura = self.obj_mut(id);
            aura.zone = Zone::Graveyard;
            aura.attached = None;
            aura.entered_under = None;
            self.emit(MtgEvent::ToGraveyard { object: id });
            let mut kept = Vec::with_capacity(self.control.len());
            for e in std::mem::take(&mut self.control) {
                if e.duration == Duration::WhileAttached(id) {
                    self.emit(MtgEvent::ControlEnded {
                        effect: e,
                        rule: "704.5m",
                    });
                } else {
                    kept.push(e);
                }
            }
            self.control = kept;
            self.exile_uncontrolled();
        }
        any
    }

    /// Adds a trigger to those waiting, in APNAP order: the turn's owner first, then turn order;
    /// by source within one player (603.3b).
    pub(crate) fn add_waiting(&mut self, w: Waiting) {
        let n = self.players.len() as u8;
        let rank = |x: &Waiting| ((x.controller.0 + n - self.turn_of.0) % n, x.source);
        let at = self.waiting.partition_point(|x| rank(x) <= rank(&w));
        self.waiting.insert(at, w);
    }

    /// Puts the first waiting trigger on the stack, or asks for its target, or drops it.
    fn put_waiting(&mut self) {
        let w = self.waiting.remove(0);
        if !self.in_game(w.controller) && !policy::leaver_trigger_put(&self.readings, w.effect) {
            self.emit(MtgEvent::TriggerNotPut {
                controller: w.controller,
                source: w.source,
            });
            return;
        }
        match w.effect {
            Some(effect) => {
                let item = StackItem::Trigger {
                    controller: w.controller,
                    source: w.source,
                    effect,
                };
                self.stack.push(item);
                self.emit(MtgEvent::Triggered { item });
            }
            None => {
                if self.ids().any(|c| self.is_creature_on_battlefield(c)) {
                    self.pending = Some(Pending {
                        by: w.controller,
                        kind: ChoiceKind::SlideTarget { source: w.source },
                    });
                }
            }
        }
    }

    /// A pass: the top of the stack resolves, or the step ends, once every player in the game
    /// has passed in succession; otherwise the next player receives priority.
    pub(crate) fn pass(&mut self, p: Player) {
        self.emit(MtgEvent::Passed { player: p });
        self.passed |= 1 << p.0;
        if self.step == Step::Combat {
            self.attacks_declared = true;
        }
        let everyone = Player::all(self.players.len())
            .filter(|&q| self.in_game(q))
            .all(|q| self.passed & (1 << q.0) != 0);
        if !everyone {
            self.priority = self.next_after(p);
            if let Some(player) = self.priority {
                self.emit(MtgEvent::PriorityTo { player });
            }
            return;
        }
        self.passed = 0;
        self.priority = None;
        if self.stack.is_empty() {
            self.end_step();
        } else {
            self.resolve_top();
        }
    }

    /// The step ends with the stack empty: into combat, combat damage and the end step, or the
    /// turn's end.
    fn end_step(&mut self) {
        match self.step {
            Step::Main => {
                self.step = Step::Combat;
                self.attacks_declared = self.active().is_none();
                self.emit(MtgEvent::StepBegan { step: Step::Combat });
            }
            Step::Combat => {
                self.combat_damage();
                self.step = Step::End;
                self.emit(MtgEvent::StepBegan { step: Step::End });
                self.delayed_trigger();
            }
            Step::End => self.end_turn(),
        }
    }

    /// Combat damage to players, all dealt at once (510.2): every amount is worked out before
    /// any is dealt; none is assigned to a player who left (800.4e).
    fn combat_damage(&mut self) {
        let attacks: Vec<_> = self
            .ids()
            .filter_map(|id| {
                let defender = self.obj(id).attacking?;
                // A creature with negative power deals no damage (510.1a).
                Some((id, defender, self.power(self.obj(id)).unwrap_or(0).max(0)))
            })
            .collect();
        for (id, defender, amount) in attacks {
            self.obj_mut(id).attacking = None;
            if self.in_game(defender) || policy::leaver_damage_assigned(&self.readings) {
                self.players[usize::from(defender.0)].life -= amount;
                self.emit(MtgEvent::Damage {
                    creature: id,
                    player: defender,
                    amount,
                });
            } else {
                self.emit(MtgEvent::DamageNotAssigned {
                    creature: id,
                    player: defender,
                });
            }
        }
    }

    /// The beginning of the end step: every delayed trigger triggers; one whose controller left
    /// is not put on the stack (800.4d).
    fn delayed_trigger(&mut self) {
        for d in std::mem::take(&mut self.delayed) {
            let effect = Some(TriggerEffect::Return {
                creature: d.creature,
            });
            if self.in_game(d.controller) || policy::leaver_trigger_put(&self.readings, effect) {
                self.add_waiting(Waiting {
                    controller: d.controller,
                    source: d.source,
                    effect,
                });
            } else {
                self.emit(MtgEvent::TriggerNotPut {
                    controller: d.controller,
                    source: d.source,
                });
            }
        }
    }

    /// The cleanup: end-of-turn effects end (514.2, then 800.4c); then the next turn, or the
    /// model's bound stops the game.
    pub(crate) fn end_turn(&mut self) {
        let mut kept = Vec::with_capacity(self.control.len());
        for e in std::mem::take(&mut self.control) {
            if e.duration == Duration::EndOfTurn {
                self.emit(MtgEvent::ControlEnded {
                    effect: e,
                    rule: "514.2",
                });
            } else {
                kept.push(e);
            }
        }
        self.control = kept;
        self.exile_uncontrolled();
        for id in self.ids() {
            self.obj_mut(id).attacking = None;
        }
        if self.turns_left == 0 {
            self.over = true;
            self.priority = None;
            self.pending = None;
            self.emit(MtgEvent::Stopped);
            return;
        }
        self.next_turn();
    }

    /// The next turn: for each player after the turn's owner, the effects lasting until their
    /// next turn end (611.2b, or 800.4k when they left); a player who left does not begin a
    /// turn (800.4j).
    fn next_turn(&mut self) {
        let n = self.players.len() as u8;
        for k in 1..=n {
            let q = Player((self.turn_of.0 + k) % n);
            let gone = !self.in_game(q);
            self.end_protections_of(q, if gone { "800.4k" } else { "611.2b" });
            if gone && policy::leaver_next_turn_skipped(&self.readings) {
                self.emit(MtgEvent::TurnSkipped { player: q });
                continue;
            }
            self.turn_of = q;
            self.turns_left -= 1;
            self.step = Step::Main;
            self.attacks_declared = false;
            self.passed = 0;
            self.priority = None;
            self.emit(MtgEvent::TurnBegan { player: q });
            return;
        }
    }
}
