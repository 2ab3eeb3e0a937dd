//! The spec's own list of well-formed actions: for every seat at the table (removed ones
//! included), every pass, every card in a hand played with every target and place it could
//! name, every ability on the board, every move of one's own units, every staged fight and
//! every teammate. The checker offers the union of this list and the engine's.

use arrayvec::ArrayVec;

use super::Spec;
use super::state::{Needs, needs};
use riftbound_vocabulary::action::Action;
use riftbound_vocabulary::card::{Ability, BattlefieldId, CardId, CardKind, CardSet, MAX_CARDS};
use riftbound_vocabulary::item::MAX_CHAIN;
use riftbound_vocabulary::mode::Mode;
use riftbound_vocabulary::seat::Seat;
use riftbound_vocabulary::zone::{Location, Zone};

impl Spec {
    pub(super) fn enumerate(&self, out: &mut Vec<Action>) {
        let cards = (0..self.s.cards.len()).map(CardId::from_index);
        let units: ArrayVec<CardId, MAX_CARDS> = cards
            .clone()
            .filter(|&c| self.is_unit(c) && self.s.cards[c.index()].zone.on_board())
            .collect();
        let items: ArrayVec<CardId, MAX_CHAIN> = self.s.stack.iter().map(|i| i.source).collect();
        let fields = (0..self.s.fields.len()).map(BattlefieldId::from_index);
        let mut places: ArrayVec<Location, 5> = ArrayVec::new();
        places.push(Location::Base);
        places.extend(fields.clone().map(Location::Field));
        // A card that needs a target with nothing to target is still offered, with none: the
        // play is then refused for want of one (355.6).
        let targets = |n: Needs| -> ArrayVec<Option<CardId>, MAX_CARDS> {
            let mut out: ArrayVec<Option<CardId>, MAX_CARDS> = match n {
                Needs::AnItem => items.iter().map(|&c| Some(c)).collect(),
                Needs::AUnit | Needs::AUnitAndABattlefield => {
                    units.iter().map(|&c| Some(c)).collect()
                }
                Needs::Nothing | Needs::ABattlefield | Needs::AnyBattlefield => ArrayVec::new(),
            };
            if out.is_empty() {
                out.push(None);
            }
            out
        };
        for seat in (0..self.catalog.mode.players()).filter_map(Seat::from_index) {
            // 460: in a combat's damage step, any unit there, for anyone.
            if let Some(d) = &self.s.dealing {
                for &unit in &units {
                    if self.s.cards[unit.index()].zone == Zone::Field(d.at) {
                        out.push(Action::Assign { seat, unit });
                    }
                }
            }
            out.push(Action::Pass { seat });
            out.push(Action::PassFocus { seat });
            out.push(Action::EndTurn { seat });
            out.push(Action::Concede { seat });
            for c in cards.clone() {
                let def = self.catalog.card(c);
                let zone = self.s.cards[c.index()].zone;
                if zone == Zone::Hand && !def.token && def.hidden && def.owner == seat {
                    out.extend(fields.clone().map(|at| Action::Hide { seat, card: c, at }));
                }
                if zone == Zone::Hand && !def.token {
                    let permanent = matches!(def.kind, CardKind::Unit | CardKind::Gear);
                    let choose_place = matches!(
                        needs(def.effect),
                        Needs::ABattlefield | Needs::AnyBattlefield | Needs::AUnitAndABattlefield
                    );
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
                // An ability is used from the board: an activated one with each target it may
                // name (Add names none), a triggered one placed.
                let activate = |target| Action::Activate {
                    seat,
                    card: c,
                    target,
                };
                match def.ability.filter(|_| zone.on_board()) {
                    Some(Ability::Add) => out.push(activate(None)),
                    Some(Ability::Activated { effect, .. }) => {
                        out.extend(targets(needs(effect)).into_iter().map(activate));
                    }
                    Some(Ability::Triggered { .. }) => out.push(Action::Place { seat, card: c }),
                    None => {}
                }
            }
            self.moves_of(seat, &units, &places, out);
            out.extend(fields.clone().map(|at| Action::Choose { seat, at }));
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
        let mine: ArrayVec<CardId, MAX_CARDS> = units
            .iter()
            .copied()
            .filter(|&u| self.s.cards[u.index()].controller == seat)
            .collect();
        let groups = |n: usize| -> CardSet {
            if mine.len() <= 4 {
                (0..mine.len())
                    .filter(|i| (n + 1) & (1 << i) != 0)
                    .map(|i| mine[i])
                    .collect()
            } else {
                [mine[n]].into_iter().collect()
            }
        };
        let count = if mine.len() <= 4 {
            (1usize << mine.len()) - 1
        } else {
            mine.len()
        };
        for group in (0..count).map(groups) {
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
