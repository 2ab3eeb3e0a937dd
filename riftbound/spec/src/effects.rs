//! What items do when they resolve (425, 188, 442.2.c, 457.2). A target that is gone is
//! ignored: the item does what it still can.

use super::Spec;
use super::state::{Card, StackItem};
use riftbound_vocabulary::card::{CardId, Effect};
use riftbound_vocabulary::event::Event;
use riftbound_vocabulary::item::{ItemKind, ItemName, ItemTarget};
use riftbound_vocabulary::zone::Zone;

impl Spec {
    pub(super) fn carry_out(&mut self, item: &StackItem, effect: Effect) {
        match effect {
            Effect::Nothing => {}
            Effect::Counter => {
                if let Some(ItemTarget::Item(name)) = item.target {
                    self.counter(name, false);
                }
            }
            // 188: the controller of the item takes the unit, if it is still a unit on the
            // board, they are still in, and it would not bring a third player there (358.2).
            Effect::GainControl => {
                if let Some(ItemTarget::Unit(u)) = item.target
                    && self.on_board_unit(u)
                    && self.s.cards[u.index()].controller != item.controller
                    && self.still_in(item.controller)
                    && !self.control_blocked(u, item.controller)
                {
                    self.s.cards[u.index()].controller = item.controller;
                    self.say(Event::ControlGained {
                        card: u,
                        seat: item.controller,
                    });
                }
            }
            // 442.2.c: a move to where the unit may not go is a Recall instead; the battlefield is
            // the card's, or the one chosen for the unit (355.4.a).
            Effect::MoveTo(_) | Effect::MoveToChosen => {
                let (u, bf) = match (effect, item.target) {
                    (Effect::MoveTo(b), Some(ItemTarget::Unit(u))) => (u, b),
                    (_, Some(ItemTarget::UnitTo(u, b))) => (u, b),
                    _ => return,
                };
                if self.on_board_unit(u) && self.s.cards[u.index()].zone != Zone::Field(bf) {
                    let who = self.s.cards[u.index()].controller;
                    if self.closed_to(who, bf, true) {
                        self.recall(u);
                    } else {
                        self.s.cards[u.index()].zone = Zone::Field(bf);
                        self.say(Event::Moved {
                            card: u,
                            zone: Zone::Field(bf),
                        });
                        self.arrive(bf, who);
                        self.moved(who, [u].into_iter().collect());
                    }
                }
            }
            // Seed 003: everyone's units at the chosen battlefield are moved, one player after
            // another in turn order from the Turn Player (303.2.a: nothing is simultaneous),
            // each player's together; a player who may not go there is Recalled (442.2.c).
            Effect::MoveAllTo(to) => {
                if let Some(ItemTarget::Location(from)) = item.target {
                    self.move_all(from, to);
                }
            }
            // 417: damage marked on a unit still on the board; lethal damage is for the
            // cleanup (323.3).
            Effect::Deal(amount) => {
                if let Some(ItemTarget::Unit(u)) = item.target
                    && self.on_board_unit(u)
                {
                    let c = &mut self.s.cards[u.index()];
                    c.damage = c.damage.saturating_add(amount);
                    self.say(Event::Dealt { card: u, amount });
                }
            }
            // 428: to its owner's Trash; a token is gone (183.1).
            Effect::Kill => {
                if let Some(ItemTarget::Unit(u)) = item.target
                    && self.on_board_unit(u)
                {
                    self.say(Event::Killed { card: u });
                    self.off_board(u, Zone::Trash);
                    if self.catalog.card(u).token {
                        self.say(Event::CeasedToExist { card: u });
                    }
                }
            }
            // 818: the gear, still on the board by itself, goes onto the unit if that is still
            // on the board and its player's.
            Effect::Equip => {
                let gear = item.source;
                let g = self.s.cards[gear.index()];
                if let Some(ItemTarget::Unit(u)) = item.target
                    && self.on_board_unit(u)
                    && self.s.cards[u.index()].controller == item.controller
                    && g.controller == item.controller
                    && matches!(g.zone, Zone::Base(_) | Zone::Field(_))
                {
                    self.s.cards[gear.index()].zone = Zone::Attached(u);
                    self.say(Event::Attached { card: gear, to: u });
                }
            }
            // 472.3: a unit still on the board gets the Might.
            Effect::Might { amount, until } => {
                if let Some(ItemTarget::Unit(u)) = item.target
                    && self.on_board_unit(u)
                {
                    self.grant(u, item.controller, amount, until);
                }
            }
            Effect::PlayTokenAt { at, token } => {
                let place = match item.target {
                    Some(ItemTarget::Location(b)) => Some(b),
                    _ => at,
                };
                if let Some(bf) = place {
                    self.forced_play(item.controller, token, bf);
                }
            }
        }
    }

    /// 457.2: a token played at a battlefield closed to its player goes to their Base, and
    /// "here" then means that Base; then 1 damage to each enemy unit here.
    fn forced_play(
        &mut self,
        who: riftbound_vocabulary::seat::Seat,
        token: CardId,
        bf: riftbound_vocabulary::card::BattlefieldId,
    ) {
        if self.s.cards[token.index()].zone != Zone::Nowhere || !self.still_in(who) {
            return;
        }
        let here = if self.closed_to(who, bf, false) {
            Zone::Base(who)
        } else {
            Zone::Field(bf)
        };
        self.s.cards[token.index()] = Card {
            zone: here,
            controller: who,
            exhausted: true,
            damage: 0,
        };
        self.say(Event::EnteredBoard {
            card: token,
            zone: here,
        });
        if let Zone::Field(b) = here {
            self.arrive(b, who);
        }
        for i in 0..self.s.cards.len() {
            let c = self.s.cards[i];
            if self.is_unit(CardId::from_index(i))
                && c.zone == here
                && c.controller != who
                && !self.teammates(c.controller, who)
            {
                self.s.cards[i].damage = c.damage.saturating_add(1);
                self.say(Event::Dealt {
                    card: CardId::from_index(i),
                    amount: 1,
                });
            }
        }
    }

    /// 425: the item is cleared from the Chain without resolving; a spell goes to its owner's
    /// Trash, or out of the game if its owner has left. `by_removal` when its controller left
    /// (652.4), not an effect.
    pub(super) fn counter(&mut self, name: ItemName, by_removal: bool) {
        let Some(pos) = self
            .s
            .stack
            .iter()
            .rposition(|i| i.source == name.source && i.kind == name.kind)
        else {
            return;
        };
        let item = self.s.stack.remove(pos);
        self.say(Event::Countered {
            item: name,
            by_removal,
        });
        if item.kind == ItemKind::Spell {
            let owner = self.catalog.card(item.source).owner;
            let gone = self.s.gone.contains(&owner);
            let c = &mut self.s.cards[item.source.index()];
            c.controller = owner;
            if c.zone == Zone::Removed {
                // Already out of the game: its owner's removal took it (652.3) before countering
                // the item (652.4).
            } else if gone {
                c.zone = Zone::Removed;
                self.say(Event::RemovedFromGame { card: item.source });
            } else {
                c.zone = Zone::Trash;
                self.say(Event::Trashed { card: item.source });
            }
        }
    }
}
