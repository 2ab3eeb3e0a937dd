//! Conceding and the Removal of a Player (650-652), step by step in rulebook order.

use super::Spec;
use riftbound_vocabulary::card::{BattlefieldId, CardId};
use riftbound_vocabulary::event::{Event, PriorityWhy};
use riftbound_vocabulary::item::{ItemKind, ItemName};
use riftbound_vocabulary::readings::{
    LeaverBattlefieldControl, LeaverChoices, OwnedSpellOnChain, TeamVictory, TokenBattlefield,
    TopItemCountered,
};
use riftbound_vocabulary::seat::Seat;

use super::state::Seats;
use riftbound_vocabulary::zone::Zone;

impl Spec {
    /// 650-651: `seat` concedes, and in Magma Chamber their teammate with them (651.4). With
    /// one player or one team left, they win at once (651.1); otherwise each leaver is removed
    /// (652.1-652.4) and the game proceeds (652.5).
    pub(super) fn concede(&mut self, seat: Seat) {
        self.say(Event::Conceded { seat });
        let mut leaving: Seats = [seat].into_iter().collect();
        for &p in &self.s.players {
            if self.teammates(seat, p) {
                leaving.push(p);
            }
        }
        let staying: Seats = self
            .s
            .players
            .iter()
            .copied()
            .filter(|p| !leaving.contains(p))
            .collect();
        // Policy `team-victory`: one team left wins, or (read literally) only one player left.
        let one_side_left = match self.readings.team_victory {
            TeamVictory::OneTeamWins => {
                staying.is_empty()
                    || staying
                        .iter()
                        .all(|&p| p == staying[0] || self.teammates(p, staying[0]))
            }
            TeamVictory::LastPlayerOnly => staying.len() <= 1,
        };
        if one_side_left {
            self.s.players = staying.clone();
            // Every leaver is removed: the conceder, then their teammates (651.4).
            self.say(Event::PlayerRemoved { seat });
            for &p in &leaving {
                // Who left is a set: no rule reads the order they left in.
                self.s.gone.push(p);
                self.s.gone.sort();
                if p != seat {
                    self.say(Event::PlayerRemoved { seat: p });
                }
            }
            self.s.invited = None;
            self.say(Event::Won {
                winners: staying.iter().copied().collect(),
                by_score: false,
            });
            self.finish(staying, false);
            return;
        }
        leaving.sort();
        let top_before = self.s.stack.last().map(|i| (i.source, i.kind));
        for &p in &leaving {
            self.remove(p);
        }
        let top_now = self.s.stack.last().map(|i| (i.source, i.kind));
        self.proceed_after_removal(&leaving, top_before.is_some() && top_now != top_before);
    }

    /// 652.5: the Turn, Focus and Priority move on only if a leaver held them; the remaining
    /// players' passes stand, and a round they complete is complete (652.5.b.2, 652.5.c.2).
    /// `top_gone` when the removal took the newest item away: read `fresh-round` (policy
    /// `top-item-countered`), that is like a resolution (340.4): the new newest item's
    /// controller receives Priority and everyone must pass again.
    fn proceed_after_removal(&mut self, leaving: &[Seat], top_gone: bool) {
        // 652.5.a.1: the Turn.
        if leaving.contains(&self.s.turn) {
            self.s.turn = self.after(self.s.turn);
            self.s.turn_waiting = true;
            self.s.invited = None;
            let turn = self.s.turn;
            self.say(Event::TurnTo { seat: turn });
        }
        // 652.5.b.1: Focus.
        let fight_focus = self.s.fight.as_ref().map(|f| f.focus);
        if let Some(f) = self.s.fight.as_mut() {
            f.focus_passes.retain(|p| !leaving.contains(p));
        }
        if let Some(focus) = fight_focus
            && leaving.contains(&focus)
        {
            let next = self.after(focus);
            if let Some(f) = self.s.fight.as_mut() {
                f.focus = next;
            }
            if !self.s.chain_exists {
                self.s.priority = Some(next);
            }
            self.owe(Event::FocusTo { seat: next });
        }
        // 652.5.c: Priority.
        if self.s.chain_exists {
            self.s.passes.retain(|p| !leaving.contains(p));
            let fresh =
                top_gone && self.readings.top_item_countered == TopItemCountered::FreshRound;
            if !self.s.waiting.is_empty() || self.s.stack.iter().any(|i| !i.finalized) {
                self.triggers_due = true;
            } else if let Some(top) = self.s.stack.last().filter(|_| fresh) {
                let controller = top.controller;
                self.s.passes.clear();
                self.give_priority(controller, PriorityWhy::Resolved);
            } else {
                if let Some(h) = self.s.priority
                    && leaving.contains(&h)
                {
                    let next = self.after(h);
                    self.give_priority(next, PriorityWhy::LeaverHeld);
                }
                if self.everyone_in(&self.s.passes.clone()) {
                    self.resolve_top();
                }
            }
        } else if let Some(h) = self.s.priority
            && leaving.contains(&h)
        {
            self.s.priority = Some(self.s.invited.unwrap_or(self.s.turn));
        }
        if self.s.invited.is_some_and(|i| leaving.contains(&i)) {
            self.s.invited = None;
        }
    }

    /// 651.3, 652.1-652.4 for one player.
    fn remove(&mut self, p: Seat) {
        self.s.players.retain(|x| *x != p);
        self.s.gone.push(p);
        self.s.gone.sort();
        self.say(Event::PlayerRemoved { seat: p });
        if self.s.invited == Some(p) {
            self.s.invited = None;
            if self.neutral_open() {
                self.s.priority = Some(self.s.turn);
            }
        }
        // 652.1: banish what they own or control, each card into its owner's Banishment; a
        // unit that stays loses the Might its banished equipment gave it (719.5).
        let mights_before: Vec<Option<i8>> = (0..self.s.cards.len())
            .map(|i| self.might_of(CardId::from_index(i)))
            .collect();
        for i in 0..self.s.cards.len() {
            let c = self.s.cards[i];
            let def = &self.catalog.cards[i];
            let (owner, token) = (def.owner, def.token);
            if c.zone.on_board() && (c.controller == p || owner == p) {
                let card = CardId::from_index(i);
                self.say(Event::Banished { card, owner });
                self.off_board(card, Zone::Banishment);
                if token {
                    self.say(Event::CeasedToExist { card });
                }
            }
        }
        for (i, from) in mights_before.into_iter().enumerate() {
            let card = CardId::from_index(i);
            if let (Some(from), Some(to)) = (from, self.might_of(card))
                && from != to
            {
                self.say(Event::MightChanged { card, from, to });
            }
        }
        self.replace_battlefield(p);
        // Policy `leaver-battlefield-control`: their battlefields are uncontrolled now, or (read
        // `at-next-cleanup`) once an Open-state cleanup finds none of their units there.
        let at_once = self.readings.leaver_battlefield_control == LeaverBattlefieldControl::AtOnce;
        for i in 0..self.s.fields.len() {
            if at_once && self.s.fields[i].controller == Some(p) {
                self.s.fields[i].controller = None;
                self.say(Event::BattlefieldUncontrolled {
                    battlefield: BattlefieldId::from_index(i),
                });
            }
        }
        self.leaver_grants(p);
        self.remove_owned_cards(p);
        self.counter_theirs(p);
    }

    /// 652.2: their battlefield, if in use, becomes a token with no abilities; units there stay
    /// (652.2.b) and lose what it gave them (652.2.c).
    fn replace_battlefield(&mut self, p: Seat) {
        let Some(i) = self
            .catalog
            .battlefields
            .iter()
            .position(|b| b.contributor == p)
        else {
            return;
        };
        if self.s.fields[i].token {
            return;
        }
        let bf = BattlefieldId::from_index(i);
        let units: Vec<CardId> = (0..self.s.cards.len())
            .map(CardId::from_index)
            .filter(|&c| self.is_unit(c) && self.s.cards[c.index()].zone == Zone::Field(bf))
            .collect();
        let before: Vec<Option<i8>> = units.iter().map(|&u| self.might_of(u)).collect();
        self.s.fields[i].token = true;
        self.say(Event::BattlefieldReplaced { battlefield: bf });
        // Policy `token-battlefield` read `uncontrolled-token` (439.4.b).
        if self.readings.token_battlefield == TokenBattlefield::UncontrolledToken {
            self.s.fields[i].contested_by = None;
            if self.s.fields[i].controller.take().is_some() {
                self.say(Event::BattlefieldUncontrolled { battlefield: bf });
            }
        }
        for (&u, from) in units.iter().zip(before) {
            if let (Some(from), Some(to)) = (from, self.might_of(u))
                && from != to
            {
                self.say(Event::MightChanged { card: u, from, to });
            }
        }
    }

    /// 652.3: their cards leave the game; a spell of theirs another player controls leaves the
    /// Chain with them (policy `owned-spell-on-chain`); one they control leaves the game but its
    /// item stays on the Chain for 652.4 to counter.
    fn remove_owned_cards(&mut self, p: Seat) {
        for i in 0..self.s.cards.len() {
            if self.catalog.cards[i].owner != p {
                continue;
            }
            let card = CardId::from_index(i);
            match self.s.cards[i].zone {
                Zone::Removed | Zone::Nowhere => continue,
                Zone::Chain => {
                    let on_stack = self
                        .s
                        .stack
                        .iter()
                        .position(|it| it.kind == ItemKind::Spell && it.source == card);
                    match on_stack {
                        Some(pos) if self.s.stack[pos].controller == p => {}
                        // Policy `owned-spell-on-chain` read `controlled-only`: it stays.
                        Some(_)
                            if self.readings.owned_spell_on_chain
                                == OwnedSpellOnChain::ControlledOnly =>
                        {
                            continue;
                        }
                        Some(pos) => {
                            self.s.stack.remove(pos);
                            self.say(Event::LeftChain {
                                item: ItemName {
                                    source: card,
                                    kind: ItemKind::Spell,
                                },
                            });
                        }
                        None => {}
                    }
                }
                _ => {}
            }
            self.s.cards[i].zone = Zone::Removed;
            self.say(Event::RemovedFromGame { card });
        }
    }

    /// 652.4: counter what they control, newest first; their waiting triggers never reach the
    /// Chain (policy `leaver-choices`). A Chain left empty closes.
    fn counter_theirs(&mut self, p: Seat) {
        if self.readings.leaver_choices == LeaverChoices::NextPlayerChooses
            && !self.s.players.is_empty()
        {
            // Read `next-player-chooses`: the next remaining player places them, as their own.
            let next = self.after(p);
            for w in self.s.waiting.iter_mut().filter(|w| w.controller == p) {
                w.controller = next;
            }
        }
        self.s.waiting.retain(|w| w.controller != p);
        let theirs: Vec<ItemName> = self
            .s
            .stack
            .iter()
            .rev()
            .filter(|i| i.controller == p)
            .map(|i| ItemName {
                source: i.source,
                kind: i.kind,
            })
            .collect();
        for name in theirs {
            self.counter(name, true);
        }
        if self.s.chain_exists && self.s.stack.is_empty() && self.s.waiting.is_empty() {
            self.end_chain(false);
        }
    }
}
