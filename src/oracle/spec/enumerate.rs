//! The spec's own list of well-formed actions: for every seat at the table (removed ones
//! included), every pass, every card in a hand played with every target and place it could
//! name, every ability on the board, every move of one's own units, every staged fight and
//! every teammate. The checker offers the union of this list and the engine's.

use super::Spec;
use super::state::{Needs, needs};
use crate::action::Action;
use crate::card::{Ability, BattlefieldId, CardId, CardKind, CardSet};
use crate::mode::Mode;
use crate::seat::Seat;
use crate::zone::{Location, Zone};

impl Spec {
    pub(super) fn enumerate(&self, out: &mut Vec<Action>) {
        let cards: Vec<CardId> = (0..self.s.cards.len()).map(CardId::from_index).collect();
        let units: Vec<CardId> = cards
            .iter()
            .copied()
            .filter(|&c| self.is_unit(c) && self.s.cards[c.index()].zone.on_board())
            .collect();
        let items: Vec<CardId> = self.s.stack.iter().map(|i| i.source).collect();
        let fields: Vec<BattlefieldId> = (0..self.s.fields.len())
            .map(BattlefieldId::from_index)
            .collect();
        let mut places = vec![Location::Base];
        places.extend(fields.iter().map(|&b| Location::Field(b)));
        let targets = |n: Needs| -> Vec<Option<CardId>> {
            match n {
                Needs::AnItem => items.iter().map(|&c| Some(c)).collect(),
                Needs::AUnit => units.iter().map(|&c| Some(c)).collect(),
                Needs::Nothing | Needs::ABattlefield => vec![None],
            }
        };
        for seat in (0..self.catalog.mode.players()).filter_map(Seat::from_index) {
            out.push(Action::Pass { seat });
            out.push(Action::PassFocus { seat });
            out.push(Action::EndTurn { seat });
            out.push(Action::Concede { seat });
            for &c in &cards {
                let def = self.catalog.card(c);
                let zone = self.s.cards[c.index()].zone;
                if zone == Zone::Hand && !def.token {
                    let permanent = matches!(def.kind, CardKind::Unit | CardKind::Gear);
                    let choose_place = needs(def.effect) == Needs::ABattlefield;
                    for target in targets(needs(def.effect)) {
                        let play = |at| Action::Play {
                            seat,
                            card: c,
                            target,
                            at,
                        };
                        if permanent {
                            // No place named is the player's Base, as is naming it.
                            out.push(play(None));
                        }
                        if permanent || choose_place {
                            out.extend(places.iter().map(|&p| play(Some(p))));
                        } else {
                            out.push(play(None));
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
                            for target in targets(needs(effect)) {
                                out.push(Action::Activate {
                                    seat,
                                    card: c,
                                    target,
                                });
                            }
                        }
                        Some(Ability::Triggered { .. }) => {
                            out.push(Action::Place { seat, card: c })
                        }
                        None => {}
                    }
                }
            }
            self.moves_of(seat, &units, &places, out);
            out.extend(fields.iter().map(|&at| Action::Choose { seat, at }));
            if self.catalog.mode == Mode::MagmaChamber {
                for other in (0..4).filter_map(Seat::from_index).filter(|&t| t != seat) {
                    out.push(Action::Invite {
                        seat,
                        teammate: other,
                    });
                }
            }
        }
    }

    /// Standard Moves: every non-empty group of the seat's units on the board, to every place
    /// (single units only, past four).
    fn moves_of(&self, seat: Seat, units: &[CardId], places: &[Location], out: &mut Vec<Action>) {
        let mine: Vec<CardId> = units
            .iter()
            .copied()
            .filter(|&u| self.s.cards[u.index()].controller == seat)
            .collect();
        let groups: Vec<CardSet> = if mine.len() <= 4 {
            (1u32..1 << mine.len())
                .map(|mask| {
                    (0..mine.len())
                        .filter(|i| mask & (1 << i) != 0)
                        .map(|i| mine[i])
                        .collect()
                })
                .collect()
        } else {
            mine.iter().map(|&u| [u].into_iter().collect()).collect()
        };
        for group in groups {
            for &to in places {
                out.push(Action::Move {
                    seat,
                    units: group,
                    to,
                });
            }
        }
    }
}
