//! Playing cards and activating abilities (349-359, 399-406, 429), with their timing permissions
//! (154, 308-310, 806, 813).

use crate::card::{Ability, BattlefieldId, CardId, CardKind, Effect, TargetKind, Timing};
use crate::error::RuleError;
use crate::event::Event;
use crate::game::chain::Item;
use crate::game::{Game, policy};
use crate::item::{ItemKind, ItemTarget};
use crate::seat::Seat;
use crate::zone::{Location, Zone};

use super::priority::need_priority;
use super::{chain, effects, movement};

/// Timing (308.1.a, 309.1.a, 806, 813): in a Closed state only Reactions; during a Showdown only
/// Actions and Reactions; in a Neutral Open state anything, for the player with Priority (the
/// Turn Player or their invited teammate, 310.1.a, 316.2.b.1).
fn check_timing(game: &Game, timing: Timing, card: CardId) -> Result<(), RuleError> {
    if game.is_closed() {
        if timing != Timing::Reaction {
            return Err(RuleError::ClosedNeedsReaction { card });
        }
    } else if game.in_showdown() && timing == Timing::Normal {
        return Err(RuleError::ShowdownNeedsAction { card });
    }
    Ok(())
}

/// 355.6: the target an effect needs, chosen as it is played.
fn check_target(
    game: &Game,
    seat: Seat,
    card: CardId,
    effect: Effect,
    target: Option<CardId>,
) -> Result<(), RuleError> {
    match (effect.target_kind(), target) {
        (None, None) => Ok(()),
        (None, Some(_)) => Err(RuleError::TargetNotNeeded { card }),
        (Some(_), None) => Err(RuleError::NoTarget { card }),
        (Some(TargetKind::Item), Some(t)) => {
            let on_chain = game
                .s
                .chain
                .as_ref()
                .is_some_and(|c| c.item_from(t).is_some());
            if on_chain {
                Ok(())
            } else {
                Err(RuleError::TargetNotOnChain { card, target: t })
            }
        }
        (Some(TargetKind::Unit), Some(t)) => {
            if t.index() >= game.catalog.cards.len() || !effects::is_unit_on_board(game, t) {
                return Err(RuleError::TargetNotAUnit { card, target: t });
            }
            // 818: equip attaches to a unit of the player's own.
            if effect == Effect::Equip && game.controller(t) != seat {
                return Err(RuleError::NotYourUnit { card, target: t });
            }
            if effect == Effect::GainControl {
                if game.controller(t) == seat {
                    return Err(RuleError::AlreadyControlled { card, target: t });
                }
                if let Some(err) = movement::control_change_error(game, t, seat) {
                    return Err(err);
                }
            }
            Ok(())
        }
    }
}

/// 355.4.a: a destination chosen for a move is one the unit may go to (442.2.a, 444.2, 442.2.b),
/// and not where it is (440).
fn check_chosen_destination(game: &Game, unit: CardId, bf: BattlefieldId) -> Result<(), RuleError> {
    if game.zone(unit) == Zone::Field(bf) {
        return Err(RuleError::AlreadyThere { card: unit, at: bf });
    }
    if !policy::chosen_destination_checked(&game.readings) {
        return Ok(());
    }
    match movement::destination_error(game, game.controller(unit), bf, true) {
        Some(err) => Err(err),
        None => Ok(()),
    }
}

/// Playing a card from hand (349-359).
pub(crate) fn check_play(
    game: &Game,
    seat: Seat,
    card: CardId,
    target: Option<CardId>,
    at: Option<Location>,
) -> Result<(), RuleError> {
    if card.index() >= game.catalog.cards.len() {
        return Err(RuleError::NotInHand { seat, card });
    }
    let def = game.catalog.card(card);
    // 349: a player plays a card from their own hand.
    if game.zone(card) != Zone::Hand || def.owner != seat || def.token {
        return Err(RuleError::NotInHand { seat, card });
    }
    need_priority(game, seat)?;
    check_timing(game, def.timing, card)?;
    // 356: the cost is paid from the player's Rune Pool.
    let energy = game.s.energy[seat.index()];
    if def.cost > energy {
        return Err(RuleError::CannotAfford {
            card,
            cost: def.cost,
            energy,
        });
    }
    match def.kind {
        CardKind::Unit => {
            if target.is_some() {
                return Err(RuleError::TargetNotNeeded { card });
            }
            if let Some(Location::Field(bf)) = at {
                // 355.2.a: to your Base or a battlefield you control.
                if game.field(bf).controller != Some(seat) {
                    return Err(RuleError::InvalidLocation { card, at: bf });
                }
                // 358.2, 457.2-457.3: never a third player, never into someone else's combat.
                if let Some(err) = movement::destination_error(game, seat, bf, false) {
                    return Err(err);
                }
            }
            Ok(())
        }
        CardKind::Gear | CardKind::Rune => {
            if target.is_some() {
                return Err(RuleError::TargetNotNeeded { card });
            }
            match at {
                None | Some(Location::Base) => Ok(()),
                Some(Location::Field(_)) => Err(RuleError::LocationNotNeeded { card }),
            }
        }
        CardKind::Spell => {
            if def.effect.chooses_location() {
                let Some(Location::Field(bf)) = at else {
                    return Err(RuleError::NoTarget { card });
                };
                // Seed 003: units are moved from any battlefield; where they may not go is
                // for each of them as the spell resolves (442.2.c).
                if let Effect::MoveAllTo(_) = def.effect {
                    return check_target(game, seat, card, def.effect, target);
                }
                if def.effect == Effect::MoveToChosen {
                    check_target(game, seat, card, def.effect, target)?;
                    if let Some(unit) = target {
                        return check_chosen_destination(game, unit, bf);
                    }
                    return Ok(());
                }
                // 457.2: a player not in a staged or ongoing combat cannot choose its
                // battlefield as the place to play a unit; 457.3: nor make a choice that would
                // put a third player there.
                if let Some(err) = movement::destination_error(game, seat, bf, false) {
                    return Err(err);
                }
            } else if at.is_some() {
                return Err(RuleError::LocationNotNeeded { card });
            }
            check_target(game, seat, card, def.effect, target)
        }
    }
}

/// The target as the item records it: an item by its number, a unit, or a chosen battlefield.
fn item_target(
    game: &Game,
    effect: Effect,
    target: Option<CardId>,
    at: Option<Location>,
) -> Option<ItemTarget> {
    if let (true, Some(Location::Field(bf))) = (effect.chooses_location(), at) {
        return match (effect, target) {
            (Effect::MoveToChosen, Some(unit)) => Some(ItemTarget::UnitTo(unit, bf)),
            (Effect::MoveToChosen, None) => None,
            _ => Some(ItemTarget::Location(bf)),
        };
    }
    let t = target?;
    match effect.target_kind()? {
        TargetKind::Item => game
            .s
            .chain
            .as_ref()
            .and_then(|c| c.item_from(t))
            .map(|i| ItemTarget::Item(i.name())),
        TargetKind::Unit => Some(ItemTarget::Unit(t)),
    }
}

/// Performs a checked play. The cost is paid (357). A unit or gear resolves as soon as it is
/// finalized and enters the board (337.1.c; units exhausted, 143.4; gear ready); a spell goes on
/// the Chain as a finalized item.
pub(crate) fn play(
    game: &mut Game,
    seat: Seat,
    card: CardId,
    target: Option<CardId>,
    at: Option<Location>,
    ev: &mut Vec<Event>,
) {
    let def = game.catalog.card(card).clone();
    game.s.energy[seat.index()] -= def.cost;
    ev.push(Event::Played { seat, card });
    match def.kind {
        CardKind::Unit | CardKind::Gear | CardKind::Rune => {
            let zone = match at {
                Some(Location::Field(bf)) => Zone::Field(bf),
                _ => Zone::Base(seat),
            };
            let st = &mut game.s.cards[card.index()];
            st.zone = zone;
            st.controller = seat;
            st.exhausted = def.kind == CardKind::Unit;
            st.damage = 0;
            ev.push(Event::EnteredBoard { card, zone });
            if let Zone::Field(bf) = zone {
                movement::contest(game, bf, seat, ev);
            }
            chain::permanent_resolved(game);
        }
        CardKind::Spell => {
            let target = item_target(game, def.effect, target, at);
            game.set_zone(card, Zone::Chain);
            game.s.cards[card.index()].controller = seat;
            let item = Item {
                source: card,
                kind: ItemKind::Spell,
                controller: seat,
                finalized: true,
                target,
            };
            chain::add_played_item(game, item, ev);
        }
    }
}

/// Activating an ability (399-406): its controller, with Priority, pays "exhaust" (420) and the
/// ability's timing applies like a card's. Add abilities are Reactions (163.2).
pub(crate) fn check_activate(
    game: &Game,
    seat: Seat,
    card: CardId,
    target: Option<CardId>,
) -> Result<(), RuleError> {
    if card.index() >= game.catalog.cards.len() {
        return Err(RuleError::NotOnBoard { card });
    }
    let def = game.catalog.card(card);
    let st = game.card_state(card);
    if let Zone::Attached(_) = st.zone {
        return Err(RuleError::AlreadyAttached { card });
    }
    if !matches!(st.zone, Zone::Base(_) | Zone::Field(_)) {
        return Err(RuleError::NotOnBoard { card });
    }
    // 399: an ability is activated by its source's controller.
    if st.controller != seat {
        return Err(RuleError::NotController { seat, card });
    }
    let (timing, effect) = match def.ability {
        Some(Ability::Add) => (Timing::Reaction, None),
        Some(Ability::Activated { timing, effect }) => (timing, Some(effect)),
        Some(Ability::Triggered { .. }) | None => return Err(RuleError::NoAbility { card }),
    };
    if st.exhausted {
        return Err(RuleError::Exhausted { card });
    }
    need_priority(game, seat)?;
    check_timing(game, timing, card)?;
    match effect {
        None if target.is_some() => Err(RuleError::TargetNotNeeded { card }),
        None => Ok(()),
        Some(effect) => check_target(game, seat, card, effect, target),
    }
}

/// Performs a checked activation. An Add ability resolves at once: it never goes on the Chain and
/// passes neither Priority nor Focus (337.1.c, 429.2). Any other ability goes on the Chain.
pub(crate) fn activate(
    game: &mut Game,
    seat: Seat,
    card: CardId,
    target: Option<CardId>,
    ev: &mut Vec<Event>,
) {
    game.s.cards[card.index()].exhausted = true;
    ev.push(Event::Activated { seat, card });
    match game.catalog.card(card).ability {
        Some(Ability::Add) => {
            let pool = &mut game.s.energy[seat.index()];
            *pool = pool.saturating_add(1);
            ev.push(Event::EnergyAdded { seat, card });
        }
        Some(Ability::Activated { effect, .. }) => {
            let target = item_target(game, effect, target, None);
            let item = Item {
                source: card,
                kind: ItemKind::Activated,
                controller: seat,
                finalized: true,
                target,
            };
            chain::add_played_item(game, item, ev);
        }
        Some(Ability::Triggered { .. }) | None => {}
    }
}
