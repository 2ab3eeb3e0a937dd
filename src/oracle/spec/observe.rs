//! What an observer sees of the spec's game.

use super::Spec;
use crate::card::CardId;
use crate::item::{ItemName, Opener};
use crate::observation::{CardObs, FieldObs, ItemObs, Observation, Place};
use crate::seat::{Seat, SeatSet};

fn seat_set(v: &[Seat]) -> SeatSet {
    v.iter().copied().collect()
}

impl Spec {
    /// What an observer sees now (no events). Once the game is over nobody holds anything and
    /// nothing is staged or running.
    pub(super) fn observation(&self) -> Observation {
        let s = &self.s;
        let cat = &self.catalog;
        let over = s.winners.is_some();
        let fight = s.fight.as_ref().filter(|_| !over);
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
            combat: fight.and_then(|f| f.sides),
            staged: if over {
                Default::default()
            } else {
                self.staged().into_iter().collect()
            },
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
            waiting: s.waiting.iter().copied().collect(),
            points: s.points,
            energy: s.energy,
            cards: (0..s.cards.len())
                .map(|i| {
                    let c = s.cards[i];
                    let might = self.might_of(CardId::from_index(i));
                    CardObs {
                        at: Place::of(c.zone, cat.cards[i].owner),
                        controller: c.controller,
                        might,
                        mighty: might.is_some_and(|m| m >= 5),
                        exhausted: c.exhausted,
                        damage: c.damage,
                    }
                })
                .collect(),
            battlefields: (0..s.fields.len())
                .map(|i| {
                    let f = &s.fields[i];
                    FieldObs {
                        controller: f.controller,
                        token: f.token,
                        might: self.bonus(crate::card::BattlefieldId::from_index(i)),
                        contested_by: f.contested_by,
                        scored: seat_set(&f.scored),
                    }
                })
                .collect(),
            events: Vec::new(),
        }
    }
}
