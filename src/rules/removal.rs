//! Conceding and the Removal of a Player (650-652), step by step in rulebook order.

use crate::event::{Event, PriorityWhy};
use crate::game::policy::{self, Emptied};
use crate::game::{Game, Window};
use crate::item::{ItemKind, ItemName};
use crate::seat::{Seat, SeatSet};
use crate::zone::Zone;

use super::{chain, cleanup, counter, resolve};

/// 650-651: `seat` concedes. With one other player (or one team) left, they win at once and
/// nothing else happens (651.1; policy `team-victory`). Otherwise the conceder, and in Magma
/// Chamber their teammate (651.4), are removed (651.2, 652).
pub(crate) fn concede(game: &mut Game, seat: Seat, ev: &mut Vec<Event>) {
    ev.push(Event::Conceded { seat });
    let mode = game.mode();
    let remaining = game.remaining();
    // 651.4: the conceder's teammates also lose and are removed.
    let leavers = mode.team_of(seat).intersection(remaining);
    let after = remaining.difference(leavers);
    let winners = if after.is_empty() || policy::team_victory(&game.readings, mode, after).is_some()
    {
        Some(after)
    } else {
        policy::concession_ends_game(&game.readings, after, seat).map(SeatSet::only)
    };
    if let Some(winners) = winners {
        // 651.1: the remaining player, or team, wins. Every leaver is reported removed, the
        // conceder first, then their teammates (651.4).
        game.s.removed = game.s.removed.union(leavers);
        game.s.invited = None;
        ev.push(Event::PlayerRemoved { seat });
        for mate in leavers.iter().filter(|&s| s != seat) {
            ev.push(Event::PlayerRemoved { seat: mate });
        }
        game.s.finish(winners, false);
        ev.push(Event::Won {
            winners,
            by_score: false,
        });
        return;
    }
    // 651.2: more than one player remains: Removal of a Player.
    let newest = newest_item(game);
    for leaver in leavers.iter() {
        remove_player(game, leaver, ev);
    }
    let newest_countered = newest.is_some() && newest_item(game) != newest;
    proceed(game, leavers, newest_countered, ev);
}

/// The newest item on the Chain, if any.
fn newest_item(game: &Game) -> Option<ItemName> {
    game.s.chain.as_ref()?.newest().map(|i| i.name())
}

/// 651.3, 652.1-652.4 for one player. Their waiting triggers never reach the Chain (policy
/// `leaver-choices`). Invitations exist only in Magma Chamber, where every concession ends the
/// game ([`concede`] clears them), so none is pending here.
pub(crate) fn remove_player(game: &mut Game, leaver: Seat, ev: &mut Vec<Event>) {
    // 651.3: from now on they make no choices and do not influence the game.
    game.s.removed.insert(leaver);
    ev.push(Event::PlayerRemoved { seat: leaver });
    banish_cards(game, leaver, ev);
    replace_battlefield(game, leaver, ev);
    release_battlefields(game, leaver, ev);
    super::lasting::player_left(game, leaver, ev);
    remove_owned_cards(game, leaver, ev);
    counter_items(game, leaver, ev);
}

/// 652.1: banish every permanent, rune and facedown card the player controls, and every one they
/// own; either relationship is enough. Each goes to its owner's Banishment (056.2, 427), so a
/// borrowed card lands in the lender's Banishment and stays there. A unit left on the board
/// whose Might the banished equipment gave reports the change (719.5).
fn banish_cards(game: &mut Game, leaver: Seat, ev: &mut Vec<Event>) {
    let before: Vec<_> = game
        .all_cards()
        .filter_map(|u| game.might(u).map(|m| (u, m)))
        .collect();
    for card in game.all_cards() {
        let def = game.catalog.card(card);
        let st = game.card_state(card);
        if policy::banishes_at(&game.readings, st.zone)
            && (st.controller == leaver || def.owner == leaver)
        {
            let (owner, token) = (def.owner, def.token);
            if owner != leaver && policy::borrowed_card_returns(&game.readings) {
                let st = &mut game.s.cards[card.index()];
                st.controller = owner;
                st.zone = Zone::Base(owner);
                continue;
            }
            cleanup::leave_board(
                game,
                card,
                Zone::Banishment,
                Event::Banished { card, owner },
                ev,
            );
            if token {
                ev.push(Event::CeasedToExist { card });
            }
        }
    }
    for (card, from) in before {
        if let Some(to) = game.might(card)
            && to != from
        {
            ev.push(Event::MightChanged { card, from, to });
        }
    }
}

/// 652.2: the battlefield the player contributed, if in use, is replaced by a token battlefield
/// with no abilities (652.2.a). Units and hidden cards there do not move (652.2.b); the old
/// battlefield's continuous effects cease at once (652.2.c), so Might is recomputed. The token
/// keeps the location, its controller, its Contested status and scoring record (policy
/// `token-battlefield`).
pub(crate) fn replace_battlefield(game: &mut Game, leaver: Seat, ev: &mut Vec<Event>) {
    let Some(bf) = game.catalog.contributed_by(leaver) else {
        return;
    };
    if game.s.fields[bf.index()].token {
        return;
    }
    let before: Vec<_> = game
        .units_at(bf)
        .filter_map(|u| game.might(u).map(|m| (u, m)))
        .collect();
    if policy::token_has_no_abilities(&game.readings) {
        game.s.fields[bf.index()].token = true;
    }
    ev.push(Event::BattlefieldReplaced { battlefield: bf });
    if policy::token_starts_uncontrolled(&game.readings) {
        let field = &mut game.s.fields[bf.index()];
        field.contested_by = None;
        if field.controller.take().is_some() {
            ev.push(Event::BattlefieldUncontrolled { battlefield: bf });
        }
    }
    for (card, from) in before {
        if let Some(to) = game.might(card)
            && to != from
        {
            ev.push(Event::MightChanged { card, from, to });
        }
    }
}

/// Policy `leaver-battlefield-control` (651.3): battlefields the player controlled become
/// uncontrolled at once; read `at-next-cleanup`, they stay theirs until the next Open-state
/// cleanup finds none of their units there (187.4.c, 323.6).
pub(crate) fn release_battlefields(game: &mut Game, leaver: Seat, ev: &mut Vec<Event>) {
    if !policy::leaver_battlefields_released_at_once(&game.readings) {
        return;
    }
    for bf in game.all_battlefields() {
        if game.s.fields[bf.index()].controller == Some(leaver) {
            game.s.fields[bf.index()].controller = None;
            ev.push(Event::BattlefieldUncontrolled { battlefield: bf });
        }
    }
}

/// 652.3: every card the player owns leaves the game, wherever it is. A spell they own that
/// another player controls on the Chain goes with them (policy `owned-spell-on-chain`); a spell
/// they control themselves leaves the game as a card, and its item stays on the Chain for 652.4
/// to counter (seed 000, "A response disappears").
pub(crate) fn remove_owned_cards(game: &mut Game, leaver: Seat, ev: &mut Vec<Event>) {
    for card in game.all_cards() {
        if game.catalog.card(card).owner != leaver {
            continue;
        }
        match game.zone(card) {
            Zone::Removed | Zone::Nowhere => {}
            Zone::Chain => {
                let item = game
                    .s
                    .chain
                    .as_ref()
                    .and_then(|c| c.item_from(card))
                    .filter(|i| i.kind == ItemKind::Spell)
                    .copied();
                match item {
                    Some(item) if item.controller == leaver => {
                        // Read `countered-first`, 652.4's counter takes the card out instead.
                        if policy::removed_before_countered(&game.readings) {
                            game.set_zone(card, Zone::Removed);
                            ev.push(Event::RemovedFromGame { card });
                        }
                    }
                    Some(_) if !policy::owned_spell_leaves_chain(&game.readings) => {}
                    Some(item) => {
                        if let Some(c) = game.s.chain.as_mut() {
                            c.items.retain(|i| i.name() != item.name());
                        }
                        ev.push(Event::LeftChain { item: item.name() });
                        game.set_zone(card, Zone::Removed);
                        ev.push(Event::RemovedFromGame { card });
                    }
                    None => {
                        game.set_zone(card, Zone::Removed);
                        ev.push(Event::RemovedFromGame { card });
                    }
                }
            }
            _ => {
                game.set_zone(card, Zone::Removed);
                ev.push(Event::RemovedFromGame { card });
            }
        }
    }
}

/// 652.4: counter every spell and ability the player controls (control, not ownership; policy
/// `owned-spell-on-chain`), newest first. Their triggers still waiting to be placed never go on
/// the Chain (policy `leaver-choices`). If this empties the Chain it closes, and in a Showdown
/// Focus passes on if a play opened it (policy `focus-after-chain`, which may read a Chain
/// emptied by a removal otherwise).
pub(crate) fn counter_items(game: &mut Game, leaver: Seat, ev: &mut Vec<Event>) {
    let catalog = game.catalog.clone();
    let readings = game.readings;
    let remaining = game.remaining();
    let Some(chain_now) = game.s.chain.as_mut() else {
        return;
    };
    match policy::leaver_choices_go_to(&readings, remaining, leaver) {
        Some(next) => {
            for u in chain_now
                .unplaced
                .iter_mut()
                .filter(|u| u.controller == leaver)
            {
                u.controller = next;
            }
        }
        None => chain_now.unplaced.retain(|u| u.controller != leaver),
    }
    let theirs: Vec<_> = chain_now
        .items
        .iter()
        .rev()
        .filter(|i| {
            policy::removal_counters(
                &readings,
                leaver,
                i.controller,
                catalog.card(i.source).owner,
            )
        })
        .map(|i| i.name())
        .collect();
    for name in theirs {
        counter::counter_item(game, name, true, ev);
    }
    if let Some(c) = game.s.chain.as_ref()
        && c.items.is_empty()
        && c.unplaced.is_empty()
    {
        chain::close_chain(game, Emptied::Removal);
    }
}

/// 652.5: proceed with the game. Turn, Focus and Priority change hands only if a leaver held
/// them (652.5.a-c), each to the next remaining player after the leaver (policy `next-player`); the
/// remaining players' passes stand (policy `pass-record`), and if every remaining player has now
/// passed Priority the newest item resolves (652.5.c.2). A Showdown whose round of Focus passes
/// is now complete ends in [`super::settle`] (652.5.b.2). `newest_countered` when the removal
/// took the newest item off the Chain and another is now the newest (policy
/// `top-item-countered`).
pub(crate) fn proceed(
    game: &mut Game,
    leavers: SeatSet,
    newest_countered: bool,
    ev: &mut Vec<Event>,
) {
    proceed_with_turn(game, leavers, ev);
    proceed_with_focus(game, leavers);
    proceed_with_priority(game, leavers, newest_countered, ev);
}

/// 652.5.a.1 (policy `turn-player-leaves`): if the Turn Player left, the Turn goes at once to the
/// next remaining player, who takes over the Turn Player's decisions; their turn begins when the
/// chain or Showdown in progress, if any, is over ([`super::settle`]).
pub(crate) fn proceed_with_turn(game: &mut Game, leavers: SeatSet, ev: &mut Vec<Event>) {
    if !leavers.contains(game.s.turn) {
        return;
    }
    let next = policy::turn_after_removal(&game.readings, game.remaining(), game.s.turn);
    if let Some(next) = next {
        game.s.turn = next;
        game.s.turn_begun = false;
        game.s.invited = None;
        ev.push(Event::TurnTo { seat: next });
    }
}

/// 652.5.b.1: if a leaver had Focus, the next remaining player receives it. Their Focus passes
/// are deleted from the record.
pub(crate) fn proceed_with_focus(game: &mut Game, leavers: SeatSet) {
    let remaining = game.remaining();
    let Window::Showdown(sd) = game.s.window else {
        return;
    };
    let passed = chain::forget_passes(game, sd.passed, leavers);
    let readings = game.readings;
    if let Window::Showdown(sd) = &mut game.s.window {
        sd.passed = passed;
        if leavers.contains(sd.focus)
            && let Some(next) = policy::focus_after_removal(&readings, remaining, sd.focus)
        {
            sd.focus = next;
            super::award::focus(game, next);
        }
    }
}

/// 652.5.c (policy `top-item-countered`): if a leaver had Priority on the Chain, the next
/// remaining player receives it; otherwise it stays where it was. The leavers' passes are deleted
/// from the record and, if every remaining player has passed, the newest surviving item resolves
/// (652.5.c.2). Triggers still to be placed carry on being placed. Where the policy is read
/// `fresh-round` and the removal countered the newest item (`newest_countered`), the
/// controller of the new newest item receives Priority instead and a new round of passes begins
/// (340.4).
pub(crate) fn proceed_with_priority(
    game: &mut Game,
    leavers: SeatSet,
    newest_countered: bool,
    ev: &mut Vec<Event>,
) {
    let remaining = game.remaining();
    let Some(passed) = game.s.chain.as_ref().map(|c| c.passed) else {
        return;
    };
    let passed = chain::forget_passes(game, passed, leavers);
    let readings = game.readings;
    let Some(chain_now) = game.s.chain.as_mut() else {
        return;
    };
    chain_now.passed = passed;
    let placing = !chain_now.unplaced.is_empty() || chain_now.items.iter().any(|i| !i.finalized);
    if placing {
        game.pending.placing = true;
        return;
    }
    if let Some(newest) = chain_now.newest().map(|i| i.controller)
        && newest_countered
        && let Some(seat) = policy::top_item_countered(&readings, newest)
    {
        chain_now.passed = SeatSet::EMPTY;
        chain::give_priority(game, seat, PriorityWhy::Resolved);
        return;
    }
    let holder = chain_now.holder;
    if let Some(holder) = holder
        && leavers.contains(holder)
        && let Some(next) = policy::priority_after_removal(&readings, remaining, holder)
    {
        chain::give_priority(game, next, PriorityWhy::LeaverHeld);
    }
    if game
        .s
        .chain
        .as_ref()
        .is_some_and(|c| c.holder.is_some() && chain::round_complete(game, c.passed))
    {
        resolve::resolve_newest(game, ev);
    }
}
