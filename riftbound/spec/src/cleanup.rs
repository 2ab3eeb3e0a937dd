//! What happens by itself after every action (318-324): cleanups repeated until nothing changes,
//! a Showdown whose round of Focus passes is complete ending, a turn handed on by a removal
//! beginning, a lone staged fight beginning; and victory on points (467).

use super::Spec;
use riftbound_vocabulary::card::{BattlefieldId, CardId};
use riftbound_vocabulary::event::Event;
use riftbound_vocabulary::seat::Seat;

use super::state::Seats;
use riftbound_vocabulary::zone::Zone;

impl Spec {
    /// The game ends with `winners` (651.1, 466). A finished game keeps what an observer sees
    /// of it: nobody holds Priority, and no turn is in progress (the Turn Player is the first
    /// winner, so that finished games with the same winners are the same).
    pub(super) fn finish(&mut self, winners: Seats, by_score: bool) {
        if let Some(&first) = winners.iter().min() {
            self.s.turn = first;
        }
        self.s.winners = Some(winners);
        self.s.won_by_score = by_score;
        self.s.priority = None;
        self.s.turn_waiting = false;
    }

    /// Everything that needs no player, until a player must act or the game is over; only then
    /// is the Priority and Focus given on the way announced (320.1, 335.3).
    pub(super) fn proceed(&mut self) {
        self.until_someone_acts();
        self.pay_owed();
    }

    /// Cleanups, then waiting triggers placed, then what proceeds by itself, in a loop.
    fn until_someone_acts(&mut self) {
        for _ in 0..64 {
            self.tidy();
            if self.s.winners.is_some() {
                return;
            }
            if self.triggers_due {
                self.triggers_due = false;
                self.place_forced();
                continue;
            }
            if self.s.chain_exists {
                return;
            }
            if self.s.dealing.is_some() {
                if self.damage_chooser().is_some() {
                    self.s.priority = None;
                    return;
                }
                self.deal_combat_damage();
                continue;
            }
            if let Some(f) = &self.s.fight {
                let (at, sides) = (f.at, f.sides);
                if self.everyone_in(&f.focus_passes) {
                    self.end_fight();
                    continue;
                }
                // 323.9.a: another player's units arrived where a non-combat Showdown runs.
                if sides.is_none()
                    && let Some(attacker) = self.s.fields[at.index()].contested_by
                {
                    let here = self.present(at);
                    if here.contains(&attacker)
                        && let Some(&d) = here
                            .iter()
                            .find(|&&p| p != attacker && !self.teammates(p, attacker))
                    {
                        self.start_combat(attacker, d);
                        continue;
                    }
                }
                return;
            }
            if self.s.turn_waiting {
                self.start_turn();
                continue;
            }
            let staged = self.staged();
            if staged.len() == 1 {
                self.begin_fight(staged[0]);
                continue;
            }
            self.s.priority = if staged.len() > 1 {
                None
            } else {
                Some(self.s.invited.unwrap_or(self.s.turn))
            };
            return;
        }
    }

    /// 425, 359.3.e: an item whose target has left the Chain targets nothing any more: whatever
    /// it was, it can never be hit, so it is not remembered.
    fn drop_dead_targets(&mut self) {
        let mut still_there = Vec::new();
        for i in &self.s.stack {
            still_there.push((i.source, i.kind));
        }
        for i in &mut self.s.stack {
            if let Some(riftbound_vocabulary::item::ItemTarget::Item(n)) = i.target
                && !still_there.contains(&(n.source, n.kind))
            {
                i.target = None;
            }
        }
    }

    /// 323: kill, recall, release, unstage until nothing changes; then check for a winner.
    fn tidy(&mut self) {
        self.drop_dead_targets();
        if self.s.winners.is_some() {
            return;
        }
        for _ in 0..32 {
            let mut changed = self.kill_damaged();
            changed |= self.put_back();
            changed |= self.release_and_unstage();
            if !changed {
                break;
            }
        }
        self.check_victory();
    }

    /// 323.7: a card in another player's Base is Recalled; a facedown card at a battlefield its
    /// controller does not control goes to its owner's Trash (107.3.d); 452.1: gear at a
    /// battlefield, attached to nothing, goes back to its Base. Whether any did.
    fn put_back(&mut self) -> bool {
        let mut changed = false;
        for i in 0..self.s.cards.len() {
            let c = self.s.cards[i];
            let card = CardId::from_index(i);
            let in_another_base = matches!(c.zone, Zone::Base(s) if s != c.controller);
            let loose_gear = matches!(c.zone, Zone::Field(_))
                && self.catalog.cards[i].kind == riftbound_vocabulary::card::CardKind::Gear;
            let hidden_lost = matches!(c.zone, Zone::Facedown(b)
                if self.s.fields[b.index()].controller != Some(c.controller));
            if in_another_base || loose_gear {
                self.recall(card);
            } else if hidden_lost {
                self.say(Event::HiddenLost { card });
                self.off_board(card, Zone::Trash);
            }
            changed |= in_another_base || loose_gear || hidden_lost;
        }
        changed
    }

    /// 323.4, 187.4.c: in an Open state a player without units at a battlefield loses control
    /// of it; 456.2: a staged fight whose contesting player's units are gone is not run.
    fn release_and_unstage(&mut self) -> bool {
        let mut changed = false;
        if !self.s.chain_exists {
            for i in 0..self.s.fields.len() {
                let b = BattlefieldId::from_index(i);
                if !self.fight_at(b)
                    && self.s.fields[i]
                        .controller
                        .is_some_and(|c| !self.has_units(b, c))
                {
                    self.s.fields[i].controller = None;
                    self.say(Event::BattlefieldUncontrolled { battlefield: b });
                    changed = true;
                }
            }
        }
        for i in 0..self.s.fields.len() {
            let b = BattlefieldId::from_index(i);
            if !self.fight_at(b)
                && let Some(p) = self.s.fields[i].contested_by
                && !self.has_units(b, p)
            {
                self.s.fields[i].contested_by = None;
                self.say(Event::Unstaged { battlefield: b });
                changed = true;
            }
        }
        changed
    }

    /// 467, 323.1: a player, or a team with its points pooled (484.6), with at least the
    /// Victory Score and more points than every opponent wins; a removed player's points no
    /// longer count.
    fn check_victory(&mut self) {
        let target = u16::from(self.catalog.victory_score);
        let all: u16 = self.s.points.iter().map(|&p| u16::from(p)).sum();
        if all < target {
            // Nobody, and no team, can have enough.
            return;
        }
        let players = self.s.players.clone();
        let team_of = |p: Seat| -> Seats {
            players
                .iter()
                .copied()
                .filter(|&q| q == p || self.teammates(p, q))
                .collect()
        };
        let score = |members: &[Seat]| -> u16 {
            members
                .iter()
                .map(|m| u16::from(self.s.points[m.index()]))
                .sum()
        };
        for &p in &players {
            let team = team_of(p);
            if team[0] != p {
                continue;
            }
            let mine = score(&team);
            if mine < target {
                continue;
            }
            if players
                .iter()
                .filter(|q| !team.contains(q))
                .all(|&q| score(&team_of(q)) < mine)
            {
                self.say(Event::Won {
                    winners: team.iter().copied().collect(),
                    by_score: true,
                });
                self.finish(team, true);
                return;
            }
        }
    }
}
