//! Movement (144, 440-453): the Standard Move, arriving where one's units contest a battlefield
//! (445), and the Recall (449-453).

use super::Spec;
use riftbound_vocabulary::card::{BattlefieldId, CardId, CardSet, TriggerEvent};
use riftbound_vocabulary::event::Event;
use riftbound_vocabulary::seat::Seat;
use riftbound_vocabulary::zone::{Location, Zone};

impl Spec {
    /// 144: the units are exhausted and moved together; at a battlefield they contest it.
    pub(super) fn standard_move(&mut self, seat: Seat, units: CardSet, to: Location) {
        // 144.2: each unit is exhausted as it goes, to its controller's Base or to the
        // battlefield; 445: there they contest it.
        let (zone, arriving_at) = match to {
            Location::Base => (Zone::Base(seat), None),
            Location::Field(b) => (Zone::Field(b), Some(b)),
        };
        for card in units.iter() {
            self.s.cards[card.index()].exhausted = true;
            self.s.cards[card.index()].zone = zone;
            self.say(Event::Moved { card, zone });
        }
        if let Some(b) = arriving_at {
            self.arrive(b, seat);
        }
        self.moved(seat, units);
    }

    /// 440, 383: the "when I move" abilities of `units`, which `seat` controls and which have
    /// just moved, trigger.
    pub(super) fn moved(&mut self, seat: Seat, units: CardSet) {
        let t = self.collect_triggers(&[seat], |when, id| {
            when == TriggerEvent::Moved && units.contains(id)
        });
        self.fire(t);
    }

    /// 445, 187.3.a: `seat`'s units arrived at `bf`; if `seat` does not control it and nobody
    /// contests it yet, `seat` does.
    pub(super) fn arrive(&mut self, bf: BattlefieldId, seat: Seat) {
        let f = &mut self.s.fields[bf.index()];
        if f.controller == Some(seat) || f.contested_by.is_some() {
            return;
        }
        f.contested_by = Some(seat);
        self.say(Event::Contested {
            battlefield: bf,
            seat,
        });
    }

    /// 421: the card goes facedown at the battlefield, under its player's control.
    pub(super) fn hide(&mut self, seat: Seat, card: CardId, at: BattlefieldId) {
        let c = &mut self.s.cards[card.index()];
        c.zone = Zone::Facedown(at);
        c.controller = seat;
        self.say(Event::Hid { seat, card, at });
    }

    /// 449: the card goes to its controller's Base. Not a move. A "when I am Recalled"
    /// ability of the card triggers (383).
    pub(super) fn recall(&mut self, card: CardId) {
        let c = self.s.cards[card.index()];
        if c.zone != Zone::Base(c.controller) {
            self.s.cards[card.index()].zone = Zone::Base(c.controller);
            self.say(Event::Recalled { card });
            let t = self.collect_triggers(&[c.controller], |when, id| {
                when == TriggerEvent::Recalled && id == card
            });
            self.fire(t);
        }
    }

    /// Seed 003: everyone's units at `from` are moved to `to`, one player after another in turn
    /// order from the Turn Player (303.2.a: nothing is simultaneous), each player's together; a
    /// player who may not go there is Recalled (442.2.c).
    pub(super) fn move_all(&mut self, from: BattlefieldId, to: BattlefieldId) {
        if from == to {
            return;
        }
        let start = self
            .s
            .players
            .iter()
            .position(|&p| p == self.s.turn)
            .unwrap_or(0);
        let n = self.s.players.len();
        let order: Vec<Seat> = (0..n).map(|i| self.s.players[(start + i) % n]).collect();
        for who in order {
            let theirs: Vec<CardId> = (0..self.s.cards.len())
                .map(CardId::from_index)
                .filter(|&c| {
                    self.on_board_unit(c)
                        && self.s.cards[c.index()].zone == Zone::Field(from)
                        && self.s.cards[c.index()].controller == who
                })
                .collect();
            if theirs.is_empty() {
                continue;
            }
            if self.closed_to(who, to, true) {
                for u in theirs {
                    self.recall(u);
                }
                continue;
            }
            for &u in &theirs {
                self.s.cards[u.index()].zone = Zone::Field(to);
                self.say(Event::Moved {
                    card: u,
                    zone: Zone::Field(to),
                });
            }
            self.arrive(to, who);
            self.moved(who, theirs.into_iter().collect());
        }
    }
}
