//! What an observer sees of the spec's game.

use arrayvec::ArrayVec;

use super::Spec;
use riftbound_vocabulary::card::{BattlefieldId, CardId};
use riftbound_vocabulary::item::{ItemName, Opener};
use riftbound_vocabulary::observation::{CardObs, FieldObs, ItemObs, Observation, Place};
use riftbound_vocabulary::seat::{Seat, SeatSet};

fn seat_set(v: &[Seat]) -> SeatSet {
    v.iter().copied().collect()
}

impl Spec {
    /// What an observer sees now (no events), read off the spec's plain lists. Once the game
    /// is over (651.1, 467) nobody holds anything and nothing is staged or running.
    pub(super) fn observation(&self) -> Observation {
        let s = &self.s;
        let over = s.winners.is_some();
        let fight = s.fight.as_ref().filter(|_| !over);
        let dealing = s.dealing.as_ref().filter(|_| !over);
        Observation {
            remaining: seat_set(&s.players),
            removed: seat_set(&s.gone),
            winners: s.winners.as_ref().map(|w| seat_set(w)),
            turn: (!over).then_some(s.turn),
            priority: if over { None } else { s.priority },
            focus: fight.map(|f| f.focus),
            awaiting: if over { None } else { self.choice() },
            invited: if over { None } else { s.invited },
            showdown: fight.map(|f| f.at),
            // 459.2.b, 461: the combat of the Showdown, or the one whose damage is dealt now.
            combat: fight
                .and_then(|f| f.sides)
                .or_else(|| dealing.map(|d| (d.attacker, d.defender))),
            staged: if over { ArrayVec::new() } else { self.staged() },
            chain: s
                .stack
                .iter()
                .map(|i| ItemObs {
                    item: ItemName {
                        source: i.source,
                        kind: i.kind,
                    },
                    controller: i.controller,
                    pending: !i.finalized,
                    target: i.target,
                })
                .collect(),
            opened_by: s.chain_exists.then_some(if s.chain_by_trigger {
                Opener::Trigger
            } else {
                Opener::Play
            }),
            passed: if s.chain_exists {
                seat_set(&s.passes)
            } else {
                SeatSet::EMPTY
            },
            focus_passed: fight.map_or(SeatSet::EMPTY, |f| seat_set(&f.focus_passes)),
            waiting: s.waiting.clone(),
            points: s.points,
            energy: s.energy,
            lasting: self.lasting_seen(&s.grants),
            cards: (0..s.cards.len()).map(|i| self.card_seen(i)).collect(),
            battlefields: (0..s.fields.len()).map(|i| self.field_seen(i)).collect(),
            events: Vec::new(),
        }
    }

    /// What an observer sees of card `i`: where it is (a Base or Trash is its owner's), who
    /// controls it, its Might (140), whether that is Mighty (5 or more), and its state.
    fn card_seen(&self, i: usize) -> CardObs {
        let c = self.s.cards[i];
        let might = self.might_of(CardId::from_index(i));
        CardObs {
            at: Place::of(c.zone, self.catalog.cards[i].owner),
            controller: c.controller,
            might,
            mighty: might.is_some_and(|m| m >= 5),
            exhausted: c.exhausted,
            damage: c.damage,
        }
    }

    /// What an observer sees of battlefield `i`.
    fn field_seen(&self, i: usize) -> FieldObs {
        let f = &self.s.fields[i];
        FieldObs {
            controller: f.controller,
            token: f.token,
            might: self.bonus(BattlefieldId::from_index(i)),
            contested_by: f.contested_by,
            scored: seat_set(&f.scored),
        }
    }
}
