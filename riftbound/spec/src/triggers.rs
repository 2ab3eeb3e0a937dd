//! Triggered abilities going on the Chain (383.3): simultaneous triggers placed player by player,
//! each player ordering their own (383.3.d); finalized once all are placed (337).

use super::Spec;
use riftbound_vocabulary::card::{Ability, CardId, TriggerEvent};
use riftbound_vocabulary::event::{Event, PriorityWhy};
use riftbound_vocabulary::item::{ItemKind, ItemName, Unplaced};
use riftbound_vocabulary::seat::Seat;
use riftbound_vocabulary::zone::Zone;

use super::state::StackItem;

impl Spec {
    /// A waiting trigger goes onto the Chain, pending, naming no target.
    fn put_trigger(&mut self, w: Unplaced) {
        let (source, controller, kind) = (w.source, w.controller, ItemKind::Triggered);
        let (finalized, target) = (false, None);
        let item = StackItem {
            source,
            kind,
            controller,
            finalized,
            target,
        };
        self.s.stack.push(item);
        let item = ItemName { source, kind };
        self.say(Event::ItemAdded { item, controller });
    }

    /// Places every trigger whose placement needs no choice: the first waiting player's, when
    /// they have only one. A player with two or more must order them. When none wait, the
    /// pending items are finalized and the controller of the newest receives Priority.
    pub(super) fn place_forced(&mut self) {
        while let Some(first) = self.s.waiting.first().copied() {
            let count = self
                .s
                .waiting
                .iter()
                .filter(|w| w.controller == first.controller)
                .count();
            if count > 1 {
                self.s.priority = None;
                self.say(Event::TriggersWaiting {
                    seat: first.controller,
                });
                return;
            }
            self.s.waiting.remove(0);
            self.put_trigger(first);
        }
        let pending: Vec<ItemName> = self
            .s
            .stack
            .iter()
            .filter(|i| !i.finalized)
            .map(|i| ItemName {
                source: i.source,
                kind: i.kind,
            })
            .collect();
        for item in self.s.stack.iter_mut() {
            item.finalized = true;
        }
        for item in pending {
            self.say(Event::Finalized { item });
        }
        self.s.passes.clear();
        match self.s.stack.last().map(|t| t.controller) {
            Some(controller) => self.give_priority(controller, PriorityWhy::Finalized),
            // Nothing was placed: a removal took the waiting triggers away.
            None => self.end_chain(false),
        }
    }

    /// 383.3.d: the chooser places one of their waiting triggers next.
    pub(super) fn place(&mut self, seat: Seat, card: CardId) {
        if let Some(pos) = self
            .s
            .waiting
            .iter()
            .position(|w| w.controller == seat && w.source == card)
        {
            let w = self.s.waiting.remove(pos);
            self.put_trigger(w);
        }
        self.triggers_due = true;
    }

    /// Triggers of permanents on the board, player by player in `order`, that `fires`.
    pub(super) fn collect_triggers(
        &self,
        order: &[Seat],
        fires: impl Fn(TriggerEvent, CardId) -> bool,
    ) -> Vec<Unplaced> {
        let mut out = Vec::new();
        for &controller in order {
            for i in 0..self.s.cards.len() {
                let source = CardId::from_index(i);
                let c = self.s.cards[i];
                let on_board = matches!(c.zone, Zone::Base(_) | Zone::Field(_));
                let when = match self.catalog.card(source).ability {
                    Some(Ability::Triggered { when, .. }) => Some(when),
                    _ => None,
                };
                if c.controller == controller
                    && on_board
                    && when.is_some_and(|when| fires(when, source))
                {
                    out.push(Unplaced { source, controller });
                }
            }
        }
        out
    }

    /// Simultaneous triggers wait to be placed; a Chain opened by them is a trigger-opened one.
    /// They are placed once the Cleanup after what made them fire has run (335.1), and never
    /// while an item resolves (157.3.a).
    pub(super) fn fire(&mut self, triggers: Vec<Unplaced>) {
        if triggers.is_empty() {
            return;
        }
        self.open_chain(true);
        self.s.priority = None;
        self.s.waiting.extend(triggers);
        self.triggers_due = true;
    }
}
