//! Playing cards and activating abilities (349-359, 399-406, 429).

use super::Spec;
use super::state::{Card, Needs, needs};
use riftbound_vocabulary::card::{Ability, CardId, CardKind, Effect};
use riftbound_vocabulary::event::{Event, PriorityWhy};
use riftbound_vocabulary::item::{ItemKind, ItemName, ItemTarget};
use riftbound_vocabulary::seat::Seat;
use riftbound_vocabulary::zone::{Location, Zone};

impl Spec {
    /// What an item records of its target: the item, unit or battlefield chosen.
    fn recorded_target(
        &self,
        effect: Effect,
        target: Option<CardId>,
        at: Option<Location>,
    ) -> Option<ItemTarget> {
        match needs(effect) {
            Needs::ABattlefield | Needs::AnyBattlefield => match at {
                Some(Location::Field(b)) => Some(ItemTarget::Location(b)),
                _ => None,
            },
            Needs::AnItem => {
                let t = target?;
                self.s.stack.iter().rev().find(|i| i.source == t).map(|i| {
                    ItemTarget::Item(ItemName {
                        source: i.source,
                        kind: i.kind,
                    })
                })
            }
            Needs::AUnit => target.map(ItemTarget::Unit),
            Needs::AUnitAndABattlefield => match (target, at) {
                (Some(u), Some(Location::Field(b))) => Some(ItemTarget::UnitTo(u, b)),
                _ => None,
            },
            Needs::Nothing => None,
        }
    }

    /// 349-359: the cost is paid (357). A spell goes on the Chain; a unit or gear resolves at
    /// once and enters the board (337.1.c; a unit exhausted, 143.4).
    pub(super) fn play(
        &mut self,
        seat: Seat,
        card: CardId,
        target: Option<CardId>,
        at: Option<Location>,
    ) {
        let def = self.catalog.card(card).clone();
        self.s.energy[seat.index()] -= def.cost;
        self.say(Event::Played { seat, card });
        if def.kind == CardKind::Spell {
            let t = self.recorded_target(def.effect, target, at);
            self.s.cards[card.index()].zone = Zone::Chain;
            self.s.cards[card.index()].controller = seat;
            self.push_played(seat, card, ItemKind::Spell, t);
            return;
        }
        let zone = match at {
            Some(Location::Field(b)) => Zone::Field(b),
            _ => Zone::Base(seat),
        };
        self.s.cards[card.index()] = Card {
            zone,
            controller: seat,
            exhausted: def.kind == CardKind::Unit,
            damage: 0,
        };
        self.say(Event::EnteredBoard { card, zone });
        if let Zone::Field(b) = zone {
            self.arrive(b, seat);
        }
        // 337.1.c.3: with a Chain, the controller of its newest item has Priority again and
        // everyone must pass again. 337.1.c.1.a: in a Showdown Open state the play passes Focus.
        if self.s.chain_exists {
            self.s.passes.clear();
            if let Some(top) = self.s.stack.last() {
                let controller = top.controller;
                self.give_priority(controller, PriorityWhy::Finalized);
            }
        } else if let Some(focus) = self.s.fight.as_ref().map(|f| f.focus) {
            let next = self.after(focus);
            if let Some(f) = self.s.fight.as_mut() {
                f.focus_passes.clear();
                f.focus = next;
            }
            self.s.priority = Some(next);
            self.owe(Event::FocusTo { seat: next });
        }
    }

    /// 399-406: the cost "exhaust" is paid (420). An Add ability resolves at once and never goes
    /// on the Chain (429.2); any other ability does.
    pub(super) fn activate(&mut self, seat: Seat, card: CardId, target: Option<CardId>) {
        self.s.cards[card.index()].exhausted = true;
        self.say(Event::Activated { seat, card });
        match self.catalog.card(card).ability {
            Some(Ability::Add) => {
                self.s.energy[seat.index()] = self.s.energy[seat.index()].saturating_add(1);
                self.say(Event::EnergyAdded { seat, card });
            }
            Some(Ability::Activated { effect, .. }) => {
                let t = self.recorded_target(effect, target, None);
                self.push_played(seat, card, ItemKind::Activated, t);
            }
            _ => {}
        }
    }
}
