//! Turns (301-317): ending one, beginning the next, and the Turn Player's invitation to a
//! teammate (316.2.b.1).

use super::Spec;

use riftbound_vocabulary::card::{BattlefieldId, CardId};
use riftbound_vocabulary::event::{Event, PriorityWhy, ScoreKind};
use riftbound_vocabulary::seat::Seat;
use riftbound_vocabulary::zone::Zone;

impl Spec {
    /// 317: units heal, Rune Pools empty, and the next player still in takes their turn.
    pub(super) fn end_turn(&mut self, seat: Seat) {
        self.say(Event::TurnEnded { seat });
        for i in 0..self.s.cards.len() {
            if self.is_unit(CardId::from_index(i)) {
                self.s.cards[i].damage = 0;
            }
        }
        self.expire_this_turn();
        self.s.energy = [0; 4];
        self.s.invited = None;
        let next = self.after(seat);
        self.s.turn = next;
        self.say(Event::TurnTo { seat: next });
        self.start_turn();
    }

    /// 315, 464: the Turn Player readies what they control and scores each battlefield they
    /// hold, then has Priority in their Main Phase.
    pub(super) fn start_turn(&mut self) {
        let seat = self.s.turn;
        self.say(Event::TurnBegan { seat });
        self.expire_at_turn_start(seat);
        self.s.turn_waiting = false;
        self.s.invited = None;
        for f in self.s.fields.iter_mut() {
            f.scored.clear();
        }
        self.note_mates_fields();
        for c in self.s.cards.iter_mut() {
            if c.controller == seat && matches!(c.zone, Zone::Base(_) | Zone::Field(_)) {
                c.exhausted = false;
            }
        }
        for i in 0..self.s.fields.len() {
            if self.s.fields[i].controller == Some(seat) {
                self.s.fields[i].scored.push(seat);
                self.s.points[seat.index()] = self.s.points[seat.index()].saturating_add(1);
                self.say(Event::Scored {
                    seat,
                    battlefield: riftbound_vocabulary::card::BattlefieldId::from_index(i),
                    how: ScoreKind::Hold,
                });
            }
        }
        self.s.energy = [0; 4];
        self.s.priority = Some(seat);
    }

    /// 316.2.b.1: the invited teammate acts with the Turn Player's Priority.
    pub(super) fn invite(&mut self, teammate: Seat) {
        self.s.invited = Some(teammate);
        self.s.priority = Some(teammate);
        self.say(Event::Invited { seat: teammate });
        self.owe(Event::PriorityTo {
            seat: teammate,
            why: PriorityWhy::Invited,
        });
    }

    /// Magma Chamber, in the Beginning Phase: which battlefields the Turn Player's teammate
    /// controls (464.1.a, 484.8.b) and where the teammate has units (484.8.f).
    pub(super) fn note_mates_fields(&mut self) {
        let turn = self.s.turn;
        self.s.mates_fields.clear();
        self.s.mates_units_at.clear();
        for i in 0..self.s.fields.len() {
            let bf = BattlefieldId::from_index(i);
            let controller = self.s.fields[i].controller;
            if controller.is_some_and(|c| self.teammates(c, turn)) {
                self.s.mates_fields.push(bf);
            }
            if self.present(bf).iter().any(|&p| self.teammates(p, turn)) {
                self.s.mates_units_at.push(bf);
            }
        }
    }
}
