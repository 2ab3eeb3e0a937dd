//! Showdowns and Focus (313, 341-348), the start of a combat (459.2), staged fights (456.1) and
//! control of a battlefield when a Showdown ends (348.2, 465).

use super::Spec;
use super::state::Fight;
use riftbound_vocabulary::card::{BattlefieldId, TriggerEvent};
use riftbound_vocabulary::event::{Event, ScoreKind};
use riftbound_vocabulary::readings::{CombatTriggerOrder, DefenderKeepsControl};
use riftbound_vocabulary::seat::Seat;
use riftbound_vocabulary::zone::Zone;

impl Spec {
    /// 347.4: the Focus holder passes; Focus goes to the next player still in, unless everyone
    /// has now passed in sequence, which ends the Showdown (347.3.a).
    pub(super) fn pass_focus(&mut self, seat: Seat) {
        self.say(Event::PassedFocus { seat });
        if let Some(f) = self.s.fight.as_mut()
            && !f.focus_passes.contains(&seat)
        {
            f.focus_passes.push(seat);
        }
        let passes = self
            .s
            .fight
            .as_ref()
            .map(|f| f.focus_passes.clone())
            .unwrap_or_default();
        if !self.everyone_in(&passes) {
            let next = self.after(seat);
            if let Some(f) = self.s.fight.as_mut() {
                f.focus = next;
            }
            self.s.priority = Some(next);
            self.owe(Event::FocusTo { seat: next });
        }
    }

    /// 344, 455, 459: a staged fight begins, the player who contested the battlefield with Focus
    /// first; a combat if an opponent's units are there, else a Showdown whose "when a Showdown
    /// begins" triggers fire from the Turn Player on.
    pub(super) fn begin_fight(&mut self, bf: BattlefieldId) {
        let Some(attacker) = self.s.fields[bf.index()].contested_by else {
            return;
        };
        let defender = self
            .present(bf)
            .into_iter()
            .find(|&p| p != attacker && !self.teammates(p, attacker));
        self.s.fight = Some(Fight {
            at: bf,
            focus: attacker,
            focus_passes: Default::default(),
            sides: None,
        });
        self.s.priority = Some(attacker);
        self.say(Event::ShowdownBegan { battlefield: bf });
        self.owe(Event::FocusTo { seat: attacker });
        match defender {
            Some(d) => self.start_combat(attacker, d),
            None => {
                let mut order = vec![self.s.turn];
                let mut p = self.s.turn;
                for _ in 0..3 {
                    p = self.after(p);
                    if !order.contains(&p) {
                        order.push(p);
                    }
                }
                order.retain(|p| self.still_in(*p));
                let t = self.collect_triggers(&order, |w, _| w == TriggerEvent::ShowdownBegins);
                self.fire(t);
            }
        }
    }

    /// 459.2: Attacker and Defender are established; the triggers this causes are placed
    /// Attacker first, then every other player in turn order after the Attacker, the Defender
    /// last (459.2.d.1).
    pub(super) fn start_combat(&mut self, attacker: Seat, defender: Seat) {
        let Some(f) = self.s.fight.as_mut() else {
            return;
        };
        f.sides = Some((attacker, defender));
        let at = f.at;
        self.say(Event::CombatBegan {
            battlefield: at,
            attacker,
            defender,
        });
        let mut order = Vec::new();
        if self.still_in(attacker) {
            order.push(attacker);
        }
        // Policy `combat-trigger-order`: the others in turn order after the Attacker, or, read
        // the other way, after the Turn Player.
        let from = match self.readings.combat_trigger_order {
            CombatTriggerOrder::TurnOrderAfterAttacker => self.s.turn.index() + 3,
            _ => attacker.index(),
        };
        let mut i = from;
        for _ in 0..4 {
            i = (i + 1) % 4;
            let p = Seat::ALL[i];
            if p != defender && p != attacker && self.still_in(p) {
                order.push(p);
            }
        }
        if self.still_in(defender) {
            order.push(defender);
        }
        let cards = self.s.cards.clone();
        let t = self.collect_triggers(&order, |w, id| match w {
            TriggerEvent::Attack => {
                cards[id.index()].zone == Zone::Field(at)
                    && cards[id.index()].controller == attacker
            }
            TriggerEvent::Defend => {
                cards[id.index()].zone == Zone::Field(at)
                    && cards[id.index()].controller == defender
            }
            TriggerEvent::UnitAttacks => true,
            // The others wait for other events.
            _ => false,
        });
        self.fire(t);
    }

    /// 187.4, 465: `who` establishes control of `bf` (`by_combat`: by winning a combat there,
    /// 461.5); gaining it is a Conquer, scored once per battlefield per turn. A Defender who
    /// already held it does not Conquer it again, unless policy `defender-keeps-control` is read
    /// `defender-conquers` (461.5.d literally).
    pub(super) fn take_control(&mut self, bf: BattlefieldId, who: Seat, by_combat: bool) {
        let f = &mut self.s.fields[bf.index()];
        let before = f.controller;
        f.controller = Some(who);
        f.contested_by = None;
        let literal =
            self.readings.defender_keeps_control == DefenderKeepsControl::DefenderConquers;
        if before == Some(who) && !(literal && by_combat) {
            return;
        }
        self.say(Event::ControlEstablished {
            battlefield: bf,
            seat: who,
        });
        // 464.1.a, 484.8.b: the Turn Player's team scores nothing this turn at a battlefield
        // the teammate controlled during the Beginning Phase.
        let turn = self.s.turn;
        if (who == turn || self.teammates(who, turn)) && self.s.mates_fields.contains(&bf) {
            return;
        }
        let f = &mut self.s.fields[bf.index()];
        if !f.scored.contains(&who) {
            f.scored.push(who);
            if self.last_point_waits(who, bf) {
                self.say(Event::FinalPointWithheld {
                    seat: who,
                    battlefield: bf,
                });
                return;
            }
            self.s.points[who.index()] = self.s.points[who.index()].saturating_add(1);
            self.say(Event::Scored {
                seat: who,
                battlefield: bf,
                how: ScoreKind::Conquer,
            });
        }
    }

    /// 466.1.b: a Conquer that would bring `who`'s side to the Victory Score gives no point
    /// unless `who` has scored every other battlefield this turn (in Magma Chamber, not counting
    /// those where the Turn Player's teammate had units during the Beginning Phase, when `who`
    /// is the Turn Player: 484.8.f).
    fn last_point_waits(&self, who: Seat, bf: BattlefieldId) -> bool {
        let side: u16 = self
            .s
            .players
            .iter()
            .filter(|&&p| p == who || self.teammates(p, who))
            .map(|p| u16::from(self.s.points[p.index()]))
            .sum();
        if side + 1 != u16::from(self.catalog.victory_score) {
            return false;
        }
        (0..self.s.fields.len())
            .map(BattlefieldId::from_index)
            .any(|b| {
                b != bf
                    && !self.s.fields[b.index()].scored.contains(&who)
                    && !(who == self.s.turn && self.s.mates_units_at.contains(&b))
            })
    }

    /// 347.3.a, 348: the Showdown ends. A combat goes on to damage and resolution; otherwise a
    /// lone player there who does not control the battlefield establishes control.
    pub(super) fn end_fight(&mut self) {
        let Some(fight) = self.s.fight.take() else {
            return;
        };
        let bf = fight.at;
        self.say(Event::ShowdownEnded { battlefield: bf });
        match fight.sides {
            None => {
                let here = self.present(bf);
                self.s.fields[bf.index()].contested_by = None;
                if here.len() == 1 && self.s.fields[bf.index()].controller != Some(here[0]) {
                    self.take_control(bf, here[0], false);
                }
            }
            Some((attacker, defender)) => {
                // 460: the damage step; its players may have damage to assign first.
                self.s.dealing = Some(super::state::Dealing {
                    at: bf,
                    attacker,
                    defender,
                    picked: arrayvec::ArrayVec::new(),
                });
            }
        }
        self.s.priority = Some(self.s.turn);
    }
}
