//! The well-formed actions at a table, as the reference engine enumerates them: each seat
//! (removed ones included) with every card, target and destination the catalog makes
//! meaningful, legal or not. The spec enumerates its own; the checker offers the union.

use arrayvec::ArrayVec;

use super::state::Game;
use crate::action::Action;
use crate::card::{
    Ability, BattlefieldId, CardId, CardKind, CardSet, Catalog, MAX_CARDS, TargetKind,
};
use crate::item::MAX_CHAIN;
use crate::seat::Seat;
use crate::zone::{Location, Zone};

impl Game {
    /// Appends every well-formed action for the seats at the table, legal or not: each seat
    /// (removed ones included) with every card and target the catalog makes meaningful. The
    /// model checker offers all of these to the engine and the spec, so an action the engine
    /// wrongly refuses is seen. The engine's [`crate::Engine::well_formed`] is this.
    pub(crate) fn well_formed_into(&self, out: &mut Vec<Action>) {
        let items: ArrayVec<CardId, MAX_CHAIN> =
            self.chain_items().iter().map(|i| i.source).collect();
        let cards = &self.s.cards;
        enumerate_actions(
            &self.catalog,
            &items,
            &|c| (cards[c.index()].zone, cards[c.index()].controller),
            out,
        );
        // 383.3.d: a waiting trigger is placed even if its card has left the board since (a
        // leaver's, placed by the next player under policy `leaver-choices` read
        // `next-player-chooses`).
        if let Some(chain) = self.s.chain.as_ref() {
            for u in &chain.unplaced {
                if !self.s.cards[u.source.index()].zone.on_board() {
                    for seat in self.catalog.mode.seats().iter() {
                        let place = Action::Place {
                            seat,
                            card: u.source,
                        };
                        if !out.contains(&place) {
                            out.push(place);
                        }
                    }
                }
            }
        }
        // 460: in a combat's damage step, every seat naming every unit there.
        if let Some(a) = self.assigning() {
            let here: ArrayVec<CardId, MAX_CARDS> = self.units_at(a.at).collect();
            for seat in self.catalog.mode.seats().iter() {
                out.extend(here.iter().map(|&unit| Action::Assign { seat, unit }));
            }
        }
    }
}

/// Every well-formed action at a table: each seat (removed ones included) with every card and
/// target the catalog makes meaningful, given the sources of the items on the Chain and where
/// each card is and who controls it. The engine enumerates from its state, the spec's side from
/// a view ([`crate::view::View::well_formed`]); both read the same rule of what is well formed.
pub(crate) fn enumerate_actions(
    cat: &Catalog,
    items: &[CardId],
    card: &dyn Fn(CardId) -> (Zone, Seat),
    out: &mut Vec<Action>,
) {
    let ids = || (0..cat.cards.len()).map(CardId::from_index);
    let units: ArrayVec<CardId, MAX_CARDS> = ids()
        .filter(|&c| cat.card(c).kind == CardKind::Unit && card(c).0.on_board())
        .collect();
    // An effect that needs a target is offered with each one there is, or, when there is
    // none, with none: playing it then is refused for want of a target (355.6).
    let targets = |kind: Option<TargetKind>| -> ArrayVec<Option<CardId>, MAX_CARDS> {
        let some: ArrayVec<Option<CardId>, MAX_CARDS> = match kind {
            None => ArrayVec::new(),
            Some(TargetKind::Item) => items.iter().map(|&c| Some(c)).collect(),
            Some(TargetKind::Unit) => units.iter().map(|&c| Some(c)).collect(),
        };
        if some.is_empty() {
            [None].into_iter().collect()
        } else {
            some
        }
    };
    let locations: ArrayVec<Location, 5> = std::iter::once(Location::Base)
        .chain((0..cat.battlefields.len()).map(|b| Location::Field(BattlefieldId::from_index(b))))
        .collect();
    for seat in cat.mode.seats().iter() {
        out.push(Action::Pass { seat });
        out.push(Action::PassFocus { seat });
        out.push(Action::EndTurn { seat });
        out.push(Action::Concede { seat });
        for c in ids() {
            let def = cat.card(c);
            let zone = card(c).0;
            if zone == Zone::Hand && !def.token && def.hidden && def.owner == seat {
                // 421: a card with Hidden may be hidden at any battlefield, refused where its
                // player has no control.
                for b in 0..cat.battlefields.len() {
                    out.push(Action::Hide {
                        seat,
                        card: c,
                        at: BattlefieldId::from_index(b),
                    });
                }
            }
            if zone == Zone::Hand && !def.token {
                for target in targets(def.effect.target_kind()) {
                    // A permanent goes to its player's Base when no location is named; naming
                    // the Base is the same play, and both are accepted.
                    if def.kind.is_permanent() {
                        out.push(Action::Play {
                            seat,
                            card: c,
                            target,
                            at: None,
                        });
                    }
                    if def.kind.is_permanent() || def.effect.chooses_location() {
                        for &at in &locations {
                            out.push(Action::Play {
                                seat,
                                card: c,
                                target,
                                at: Some(at),
                            });
                        }
                    } else {
                        out.push(Action::Play {
                            seat,
                            card: c,
                            target,
                            at: None,
                        });
                    }
                }
            }
            if zone.on_board() {
                match def.ability {
                    Some(Ability::Add) => out.push(Action::Activate {
                        seat,
                        card: c,
                        target: None,
                    }),
                    Some(Ability::Activated { effect, .. }) => {
                        for target in targets(effect.target_kind()) {
                            out.push(Action::Activate {
                                seat,
                                card: c,
                                target,
                            });
                        }
                    }
                    Some(Ability::Triggered { .. }) => out.push(Action::Place { seat, card: c }),
                    None => {}
                }
            }
        }
        // Standard Moves: every non-empty group of the seat's units on the board, to every
        // location (single units only, past four).
        let mine: ArrayVec<CardId, MAX_CARDS> = units
            .iter()
            .copied()
            .filter(|&c| card(c).1 == seat)
            .collect();
        let groups: Vec<CardSet> = if mine.len() <= 4 {
            (1u32..1 << mine.len())
                .map(|mask| {
                    mine.iter()
                        .enumerate()
                        .filter(|(i, _)| mask & (1 << i) != 0)
                        .map(|(_, &c)| c)
                        .collect()
                })
                .collect()
        } else {
            mine.iter().map(|&c| [c].into_iter().collect()).collect()
        };
        for group in groups {
            for &to in &locations {
                out.push(Action::Move {
                    seat,
                    units: group,
                    to,
                });
            }
        }
        for b in 0..cat.battlefields.len() {
            out.push(Action::Choose {
                seat,
                at: BattlefieldId::from_index(b),
            });
        }
        if cat.mode.has_teams() {
            for teammate in cat.mode.seats().iter().filter(|&t| t != seat) {
                out.push(Action::Invite { seat, teammate });
            }
        }
    }
}
