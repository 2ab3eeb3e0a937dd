//! What items do when they resolve. Targets that are gone are ignored: the item does as much as
//! it can (055, 359.3.e).

use crate::card::{CardKind, Effect};
use crate::event::Event;
use crate::game::chain::Item;
use crate::game::{Game, policy};
use crate::item::ItemTarget;
use crate::zone::Zone;

use super::{cleanup, counter, lasting, movement};

/// Carries out `effect` for `item`, which has just left the Chain to resolve.
pub(crate) fn execute(game: &mut Game, item: &Item, effect: Effect, ev: &mut Vec<Event>) {
    match effect {
        Effect::Nothing => {}
        // 425: the targeted item, if still on the Chain, is countered.
        Effect::Counter => {
            if let Some(ItemTarget::Item(name)) = item.target {
                counter::counter_item(game, name, false, ev);
            }
        }
        // 188: the item's controller gains control of the targeted unit, if it is still a unit on
        // the board, they are still in the game, and the change would not put a third player's
        // units at its battlefield or a third player into its combat (358.2, 457.3). A unit in another player's Base is Recalled
        // to its new controller's Base by the next cleanup (323.7).
        Effect::GainControl => {
            if let Some(ItemTarget::Unit(unit)) = item.target
                && is_unit_on_board(game, unit)
                && game.controller(unit) != item.controller
                && game.remaining().contains(item.controller)
                && movement::control_change_error(game, unit, item.controller).is_none()
            {
                game.s.cards[unit.index()].controller = item.controller;
                ev.push(Event::ControlGained {
                    card: unit,
                    seat: item.controller,
                });
                // 718.8.a: what is attached to the unit keeps its controller.
                for gear in game.catalog.equipment.iter() {
                    if game.zone(gear) == Zone::Attached(unit) {
                        let was = game.controller(gear);
                        game.s.cards[gear.index()].controller =
                            policy::attached_controller(&game.readings, was, item.controller);
                    }
                }
            }
        }
        // 442.2.c: an instructed move to where the unit may not go is a Recall instead.
        Effect::MoveTo(bf) => {
            if let Some(ItemTarget::Unit(unit)) = item.target
                && is_unit_on_board(game, unit)
            {
                movement::instructed_move(game, unit, bf, ev);
            }
        }
        // Seed 003, 303.2.a, 442.2.c: every unit at the battlefield chosen moves, player by
        // player in turn order.
        Effect::MoveAllTo(to) => {
            if let Some(ItemTarget::Location(from)) = item.target {
                movement::move_all(game, from, to, ev);
            }
        }
        // 355.4.a, 442.2.c: the unit moves to the battlefield chosen for it; if that has been
        // closed to it since, it is Recalled instead.
        Effect::MoveToChosen => {
            if let Some(ItemTarget::UnitTo(unit, bf)) = item.target
                && is_unit_on_board(game, unit)
            {
                movement::instructed_move(game, unit, bf, ev);
            }
        }
        // 417: the damage is marked on the unit, if it is still a unit on the board; the cleanup
        // after the item resolves kills it if the damage is lethal (143.2.a, 323.3).
        Effect::Deal(amount) => {
            if let Some(ItemTarget::Unit(unit)) = item.target
                && is_unit_on_board(game, unit)
            {
                let st = &mut game.s.cards[unit.index()];
                st.damage = st.damage.saturating_add(amount);
                ev.push(Event::Dealt { card: unit, amount });
            }
        }
        // 428: the unit, if it is still a unit on the board, goes to its owner's Trash.
        Effect::Kill => {
            if let Some(ItemTarget::Unit(unit)) = item.target
                && is_unit_on_board(game, unit)
            {
                let token = game.catalog.card(unit).token;
                cleanup::kill(game, unit, token, ev);
            }
        }
        // 818, 719.3: the equipment, if it is still on the board and not attached, attaches to
        // the unit if that is still a unit on the board its player controls.
        Effect::Equip => {
            let gear = item.source;
            if let Some(ItemTarget::Unit(unit)) = item.target
                && is_unit_on_board(game, unit)
                && game.controller(unit) == item.controller
                && game.controller(gear) == item.controller
                && matches!(game.zone(gear), Zone::Base(_) | Zone::Field(_))
            {
                game.set_zone(gear, Zone::Attached(unit));
                ev.push(Event::Attached {
                    card: gear,
                    to: unit,
                });
            }
        }
        // 472.3: the unit, if it is still a unit on the board, gets the Might for as long as
        // the effect says.
        Effect::Might { amount, until } => {
            if let Some(ItemTarget::Unit(unit)) = item.target
                && is_unit_on_board(game, unit)
            {
                lasting::add(game, unit, item.controller, amount, until, ev);
            }
        }
        // 457.2: a token that may not be played at the battlefield is played to its controller's
        // Base, and "here" then means that Base.
        Effect::PlayTokenAt { at, token } => {
            let place = match (item.target, at) {
                (Some(ItemTarget::Location(bf)), _) | (_, Some(bf)) => Some(bf),
                _ => None,
            };
            if let Some(bf) = place {
                movement::forced_play(game, item.controller, token, bf, ev);
            }
        }
    }
}

pub(crate) fn is_unit_on_board(game: &Game, card: crate::card::CardId) -> bool {
    game.catalog.card(card).kind == CardKind::Unit
        && matches!(game.zone(card), Zone::Base(_) | Zone::Field(_))
}
