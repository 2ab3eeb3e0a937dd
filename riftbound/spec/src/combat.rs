//! Combat after its Showdown (460-461): damage, killing, the Combat Cleanup, the winner.

use super::Spec;
use super::state::Card;
use riftbound_vocabulary::card::{BattlefieldId, CardId};
use riftbound_vocabulary::event::Event;
use riftbound_vocabulary::readings::CombatWithOneSideGone;
use riftbound_vocabulary::seat::Seat;
use riftbound_vocabulary::zone::Zone;

impl Spec {
    /// `who`'s units at `bf`, in card order.
    fn side(&self, bf: BattlefieldId, who: Seat) -> Vec<CardId> {
        (0..self.s.cards.len())
            .map(CardId::from_index)
            .filter(|&c| {
                self.is_unit(c)
                    && self.s.cards[c.index()].zone == Zone::Field(bf)
                    && self.s.cards[c.index()].controller == who
            })
            .collect()
    }

    fn total_might(&self, units: &[CardId]) -> u16 {
        units
            .iter()
            .map(|&u| self.might_of(u).unwrap_or(0).max(0) as u16)
            .sum()
    }

    /// What it takes to kill `u` now: its Might less its damage, at least 1 (143.2.a).
    fn needed(&self, u: CardId) -> u16 {
        let might = self.might_of(u).unwrap_or(0).max(0) as u16;
        might
            .saturating_sub(u16::from(self.s.cards[u.index()].damage))
            .max(1)
    }

    /// 460.2.c: `amount` damage to `units`, the picked ones first in the order picked and then
    /// the rest in card order, each getting what kills it before the next gets any (at least
    /// 1); the last unit takes everything still left over (460.2.c.4), so the whole amount is
    /// dealt (460.2.d).
    fn deal(&mut self, units: &[CardId], picked: &[CardId], mut amount: u16) -> Vec<(CardId, u8)> {
        let order = picked
            .iter()
            .filter(|u| units.contains(u))
            .chain(units.iter().filter(|u| !picked.contains(u)));
        let mut dealt = Vec::new();
        for &u in order {
            if amount == 0 {
                break;
            }
            let given = self.needed(u).min(amount);
            amount -= given;
            dealt.push((u, given));
        }
        if let Some(last) = dealt.last_mut() {
            last.1 += amount;
        }
        dealt
            .into_iter()
            .map(|(u, n)| (u, n.min(255) as u8))
            .collect()
    }

    /// 460: whether the player dealing `amount` to `targets` still has a real choice after the
    /// units picked so far: damage left, two units or more without their share, not enough to
    /// kill them all, and enough to kill one of them.
    fn still_choosing(&self, targets: &[CardId], amount: u16, picked: &[CardId]) -> bool {
        let mut left = amount;
        for &u in picked {
            if targets.contains(&u) {
                left -= self.needed(u).min(left);
            }
        }
        let open: Vec<u16> = targets
            .iter()
            .filter(|u| !picked.contains(u))
            .map(|&u| self.needed(u))
            .collect();
        let all: u16 = open.iter().sum();
        left > 0 && open.len() > 1 && all > left && open.iter().any(|&n| n <= left)
    }

    /// 460: who picks the next unit to get damage: the Attacker while they can choose, then the
    /// Defender; nobody once neither can, or a side has no units left there.
    pub(super) fn damage_chooser(&self) -> Option<Seat> {
        let d = self.s.dealing.as_ref()?;
        if d.picked.is_full() {
            return None;
        }
        let atk = self.side(d.at, d.attacker);
        let def = self.side(d.at, d.defender);
        if atk.is_empty() || def.is_empty() {
            return None;
        }
        if self.still_choosing(&def, self.total_might(&atk), &d.picked) {
            Some(d.attacker)
        } else if self.still_choosing(&atk, self.total_might(&def), &d.picked) {
            Some(d.defender)
        } else {
            None
        }
    }

    /// 460: `seat` picks `unit` to get their side's damage next.
    pub(super) fn assign(&mut self, seat: Seat, unit: CardId) {
        if let Some(d) = self.s.dealing.as_mut() {
            d.picked.push(unit);
        }
        self.say(Event::Assigned { seat, card: unit });
    }

    /// The damage step's choices are made: the combat finishes.
    pub(super) fn deal_combat_damage(&mut self) {
        if let Some(d) = self.s.dealing.take() {
            self.finish_combat(d.at, d.attacker, d.defender, &d.picked);
        }
    }

    /// 428, 323.3: units with lethal damage are killed, in card order.
    pub(super) fn kill_damaged(&mut self) -> bool {
        let mut any = false;
        for i in 0..self.s.cards.len() {
            let id = CardId::from_index(i);
            let c = self.s.cards[i];
            if !self.is_unit(id) || c.damage == 0 {
                continue;
            }
            if let Some(m) = self.might_of(id)
                && i16::from(c.damage) >= i16::from(m.max(0))
            {
                self.say(Event::Killed { card: id });
                self.off_board(id, Zone::Trash);
                if self.catalog.card(id).token {
                    self.say(Event::CeasedToExist { card: id });
                }
                any = true;
            }
        }
        any
    }

    /// A card leaves the board for its owner's zone (056), a new object with no damage and
    /// ready; a token ceases to exist (183.1).
    pub(super) fn off_board(&mut self, card: CardId, to: Zone) {
        let last = self.s.cards[card.index()].zone;
        // 435.4.b: equipment on it stays behind, where it last was.
        for i in 0..self.s.cards.len() {
            if self.s.cards[i].zone == Zone::Attached(card) {
                self.s.cards[i].zone = last;
                self.say(Event::Detached {
                    card: CardId::from_index(i),
                    from: card,
                    at: last,
                });
            }
        }
        let def = self.catalog.card(card);
        self.s.cards[card.index()] = Card {
            zone: if def.token { Zone::Nowhere } else { to },
            controller: def.owner,
            exhausted: false,
            damage: 0,
        };
        self.forget_grants(card);
    }

    /// 460-461: both sides deal damage at once if both have units; lethal damage kills; every
    /// unit heals; attackers facing defenders are Recalled; the side left alone wins and
    /// establishes control (461.5). With a side gone the combat still ends this way (policy
    /// `combat-with-one-side-gone`).
    fn finish_combat(
        &mut self,
        bf: BattlefieldId,
        attacker: Seat,
        defender: Seat,
        picked: &[CardId],
    ) {
        if self.readings.combat_with_one_side_gone == CombatWithOneSideGone::CombatEnds
            && !(self.still_in(attacker) && self.still_in(defender))
        {
            // Read `combat-ends`: no damage, no resolution, no Conquer; its units heal.
            for i in 0..self.s.cards.len() {
                if self.is_unit(CardId::from_index(i)) {
                    self.s.cards[i].damage = 0;
                }
            }
            self.s.fields[bf.index()].contested_by = None;
            self.say(Event::CombatEnded {
                battlefield: bf,
                winner: None,
            });
            return;
        }
        let atk = self.side(bf, attacker);
        let def = self.side(bf, defender);
        if !atk.is_empty() && !def.is_empty() {
            let (atk_might, def_might) = (self.total_might(&atk), self.total_might(&def));
            let mut dealt = self.deal(&def, picked, atk_might);
            dealt.extend(self.deal(&atk, picked, def_might));
            for (u, amount) in dealt {
                let c = &mut self.s.cards[u.index()];
                c.damage = c.damage.saturating_add(amount);
                self.say(Event::Damaged { card: u, amount });
            }
            self.kill_damaged();
        }
        for i in 0..self.s.cards.len() {
            if self.is_unit(CardId::from_index(i)) {
                self.s.cards[i].damage = 0;
            }
        }
        let atk = self.side(bf, attacker);
        if !atk.is_empty() && !self.side(bf, defender).is_empty() {
            for u in atk {
                self.recall(u);
            }
        }
        let atk_left = !self.side(bf, attacker).is_empty();
        let def_left = !self.side(bf, defender).is_empty();
        self.s.fields[bf.index()].contested_by = None;
        let winner = match (atk_left, def_left) {
            (true, false) => Some(attacker),
            (false, true) => Some(defender),
            _ => None,
        };
        self.say(Event::CombatEnded {
            battlefield: bf,
            winner,
        });
        if let Some(w) = winner
            && self.still_in(w)
        {
            self.take_control(bf, w, true);
        }
    }
}
