//! What an observer sees of the spec's game.

use super::Spec;
use riftbound_vocabulary::card::CardId;
use riftbound_vocabulary::item::{ItemName, Opener};
use riftbound_vocabulary::observation::{CardObs, FieldObs, ItemObs, Observation, Place};
use riftbound_vocabulary::seat::{Seat, SeatSet};

fn seat_set(v: &[Seat]) -> SeatSet {
    v.iter().copied().collect()
}

impl Spec {
    /// What an observer sees now, written over `out` in place (the checker reuses one
    /// observation's room for every step); its events are left as they are. Once the game is
    /// over (651.1, 467) nobody holds anything and nothing is staged or running.
    pub(super) fn observation_into(&self, out: &mut Observation) {
        let s = &self.s;
        let cat = &self.catalog;
        let over = s.winners.is_some();
        let fight = s.fight.as_ref().filter(|_| !over);
        out.remaining = seat_set(&s.players);
        out.removed = seat_set(&s.gone);
        out.winners = s.winners.as_ref().map(|w| seat_set(w));
        out.turn = (!over).then_some(s.turn);
        out.priority = if over { None } else { s.priority };
        out.focus = fight.map(|f| f.focus);
        out.awaiting = if over { None } else { self.choice() };
        out.invited = if over { None } else { s.invited };
        out.showdown = fight.map(|f| f.at);
        out.combat = fight.and_then(|f| f.sides).or_else(|| {
            s.dealing
                .as_ref()
                .filter(|_| !over)
                .map(|d| (d.attacker, d.defender))
        });
        out.staged.clear();
        if !over {
            out.staged.extend(self.staged());
        }
        out.chain.clear();
        out.chain.extend(s.stack.iter().map(|i| ItemObs {
            item: ItemName {
                source: i.source,
                kind: i.kind,
            },
            controller: i.controller,
            pending: !i.finalized,
            target: i.target,
        }));
        out.opened_by = s.chain_exists.then_some(if s.chain_by_trigger {
            Opener::Trigger
        } else {
            Opener::Play
        });
        out.passed = if s.chain_exists {
            seat_set(&s.passes)
        } else {
            SeatSet::EMPTY
        };
        out.focus_passed = fight.map_or(SeatSet::EMPTY, |f| seat_set(&f.focus_passes));
        out.waiting.clear();
        out.waiting.extend(s.waiting.iter().copied());
        out.points = s.points;
        out.energy = s.energy;
        out.lasting = self.lasting_seen(&s.grants);
        out.cards.clear();
        out.cards.extend((0..s.cards.len()).map(|i| {
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
        }));
        out.battlefields.clear();
        out.battlefields.extend((0..s.fields.len()).map(|i| {
            let f = &s.fields[i];
            FieldObs {
                controller: f.controller,
                token: f.token,
                might: self.bonus(riftbound_vocabulary::card::BattlefieldId::from_index(i)),
                contested_by: f.contested_by,
                scored: seat_set(&f.scored),
            }
        }));
    }
}
