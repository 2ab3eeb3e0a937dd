//! Movement and forced plays into battlefields: where a unit may not go it is Recalled, a
//! token played there goes to its player's Base, and no Standard Move interrupts a fight
//! (144.1, 442.2, 457.2).

use riftcheck::card::{Ability, BattlefieldId, CardKind, Effect};
use riftcheck::item::{ItemKind, ItemTarget};
use riftcheck::observation::{ItemObs, Place};
use riftcheck::readings::TeammateDestination;
use riftcheck::{Action, Event};

use super::judging::{Judging, Step, Verdict};
use super::naive;

/// The items that resolved in this step with their effect and target (outside concessions,
/// whose removals change the board before the item resolves).
fn resolved<'a>(
    j: &'a Judging<'_>,
    s: &'a Step<'_>,
) -> impl Iterator<Item = (&'a ItemObs, Effect, Option<ItemTarget>)> + 'a {
    let judged = s.resolved_any && s.conceded.is_none();
    s.events
        .iter()
        .filter(move |_| judged)
        .filter_map(move |e| {
            let Event::Resolved { item } = e else {
                return None;
            };
            let iv = s.before.chain.iter().find(|i| i.item == *item)?;
            let def = &j.catalog.cards[iv.item.source.index()];
            let effect = match (iv.item.kind, def.ability) {
                (ItemKind::Spell, _) => def.effect,
                (
                    _,
                    Some(Ability::Activated { effect, .. } | Ability::Triggered { effect, .. }),
                ) => effect,
                _ => return None,
            };
            Some((iv, effect, iv.target))
        })
}

/// An instructed move (442.2.c) of a unit on the board to another battlefield: whether the
/// destination was closed to it, and where it is now.
struct Instructed {
    closed: bool,
    to: BattlefieldId,
    now: Place,
    base: Place,
}

fn instructed<'a>(j: &'a Judging<'_>, s: &'a Step<'_>) -> impl Iterator<Item = Instructed> + 'a {
    resolved(j, s).filter_map(move |(_, effect, target)| {
        let (Effect::MoveTo(bf), Some(ItemTarget::Unit(u))) = (effect, target) else {
            return None;
        };
        let c0 = s.before.cards[u.index()];
        if !matches!(c0.at, Place::Base(_) | Place::Field(_)) || c0.at == Place::Field(bf) {
            return None;
        }
        let c1 = j.after.cards[u.index()];
        Some(Instructed {
            closed: naive::closed_to(j.catalog, s.before, c0.controller, bf, true),
            to: bf,
            now: c1.at,
            base: Place::Base(c1.controller),
        })
    })
}

/// A forced play of a token (457.2) by a player still in: whether the battlefield was closed
/// to them, where the token is now, and the player's Base.
fn forced<'a>(
    j: &'a Judging<'_>,
    s: &'a Step<'_>,
) -> impl Iterator<Item = (bool, BattlefieldId, Place, Place)> + 'a {
    resolved(j, s).filter_map(move |(iv, effect, target)| {
        let Effect::PlayTokenAt { at, token } = effect else {
            return None;
        };
        let bf = match target {
            Some(ItemTarget::Location(b)) => Some(b),
            _ => at,
        }?;
        if s.before.cards[token.index()].at != Place::Nowhere
            || !j.after.remaining.contains(iv.controller)
        {
            return None;
        }
        let closed = naive::closed_to(j.catalog, s.before, iv.controller, bf, false);
        let now = j.after.cards[token.index()].at;
        Some((closed, bf, now, Place::Base(iv.controller)))
    })
}

/// 442.2.c: a unit told to move where it may not go is Recalled to its Base instead; where it
/// may go, it arrives (if it is still on the board).
pub fn instructed_move_recalls(j: &Judging<'_>, s: &Step<'_>) -> Verdict {
    Verdict::broken_if(instructed(j, s).any(|m| {
        if m.closed {
            m.now == Place::Field(m.to) || (m.now.on_board() && m.now != m.base)
        } else {
            m.now.on_board() && m.now != Place::Field(m.to)
        }
    }))
}

/// 457.2: a token played into a battlefield closed to its player goes to their Base; into an
/// open one, it does not.
pub fn forced_play_to_base(j: &Judging<'_>, s: &Step<'_>) -> Verdict {
    Verdict::broken_if(forced(j, s).any(|(closed, bf, now, base)| {
        if closed {
            now == Place::Field(bf)
        } else {
            now == base
        }
    }))
}

/// 144.1: no Standard Move while a Showdown runs or the Chain holds an item.
pub fn no_standard_move_in_showdown(_: &Judging<'_>, s: &Step<'_>) -> Verdict {
    Verdict::broken_if(
        matches!(s.action, Action::Move { .. })
            && (s.before.showdown.is_some() || !s.before.chain.is_empty()),
    )
}

/// 442.2.b (the default reading of policy `teammate-destination`): no unit on the board
/// arrives at a battlefield where its controller's teammate had units.
pub fn teammate_destinations(j: &Judging<'_>, s: &Step<'_>) -> Verdict {
    let (cat, mode) = (j.catalog, j.catalog.mode);
    if !mode.has_teams() || j.readings.teammate_destination != TeammateDestination::Occupied {
        return Verdict::Holds;
    }
    let mut cards = s.before.cards.iter().zip(&j.after.cards).enumerate();
    Verdict::broken_if(cards.any(|(i, (c0, c1))| {
        let moved = cat.cards[i].kind == CardKind::Unit && c0.at.on_board() && c0.at != c1.at;
        let Place::Field(bf) = c1.at else {
            return false;
        };
        moved
            && naive::present(cat, s.before, bf)
                .iter()
                .any(|o| mode.teammates(c1.controller, o))
    }))
}

/// Companion: an instructed move ends in a Recall (442.2.c).
pub fn seen_recall(j: &Judging<'_>, s: &Step<'_>) -> bool {
    instructed(j, s).any(|m| m.closed)
}

/// Companion: a forced play goes to the player's Base (457.2).
pub fn seen_forced_play_to_base(j: &Judging<'_>, s: &Step<'_>) -> bool {
    forced(j, s).any(|(closed, ..)| closed)
}

/// Whether `u`'s "when I move" ability was put on the Chain, or set waiting to be placed, in
/// the step.
fn move_trigger_fired(j: &Judging<'_>, s: &Step<'_>, u: riftcheck::CardId) -> bool {
    let def = &j.catalog.cards[u.index()];
    let moves = matches!(
        def.ability,
        Some(Ability::Triggered {
            when: riftcheck::card::TriggerEvent::Moved,
            ..
        })
    );
    moves
        && (s.events.iter().any(|e| {
            matches!(e, Event::ItemAdded { item, .. }
                if item.source == u && item.kind == ItemKind::Triggered)
        }) || j.after.waiting.iter().any(|w| w.source == u))
}

/// 451: a Recall is not a move, so a unit that was Recalled (and did not also move) in a step
/// has not had its "when I move" ability triggered by it.
pub fn recall_is_not_a_move(j: &Judging<'_>, s: &Step<'_>) -> Verdict {
    Verdict::broken_if(s.events.iter().any(|e| {
        let Event::Recalled { card } = e else {
            return false;
        };
        let moved = s
            .events
            .iter()
            .any(|m| matches!(m, Event::Moved { card: c, .. } if c == card));
        !moved && move_trigger_fired(j, s, *card)
    }))
}

/// Companion: a unit moves and its "when I move" ability triggers (440, 383).
pub fn seen_move_trigger(j: &Judging<'_>, s: &Step<'_>) -> bool {
    s.events
        .iter()
        .any(|e| matches!(e, Event::Moved { card, .. } if move_trigger_fired(j, s, *card)))
}

/// 355.4.a, 442.2.a, 444.2, 442.2.b: a battlefield chosen for a unit to move to, in a play the
/// step accepted, was one the unit could go to (not closed to its controller, and not where it
/// stood).
pub fn chosen_destination_open(j: &Judging<'_>, s: &Step<'_>) -> Verdict {
    let Action::Play {
        card,
        target: Some(u),
        at: Some(riftcheck::zone::Location::Field(bf)),
        ..
    } = s.action
    else {
        return Verdict::Holds;
    };
    if j.catalog.cards[card.index()].effect != Effect::MoveToChosen {
        return Verdict::Holds;
    }
    let accepted = s
        .events
        .iter()
        .any(|e| matches!(e, Event::Played { card: c, .. } if *c == card));
    let Some(c0) = s.before.cards.get(u.index()) else {
        return Verdict::Holds;
    };
    Verdict::broken_if(
        accepted
            && (c0.at == Place::Field(bf)
                || naive::closed_to(j.catalog, s.before, c0.controller, bf, true)),
    )
}

/// Companion: a unit moves to the battlefield its player chose for it (355.4.a, 440).
pub fn seen_chosen_move(j: &Judging<'_>, s: &Step<'_>) -> bool {
    resolved(j, s).any(|(_, effect, target)| {
        let (Effect::MoveToChosen, Some(ItemTarget::UnitTo(u, bf))) = (effect, target) else {
            return false;
        };
        j.after.cards[u.index()].at == Place::Field(bf)
            && s.events
                .iter()
                .any(|e| matches!(e, Event::Moved { card, .. } if *card == u))
    })
}

/// 421, 484.8.c: a card hidden in the step went facedown at a battlefield its player controlled
/// (not a teammate's), whose facedown zone was free (107.3).
pub fn hidden_only_where_controlled(_: &Judging<'_>, s: &Step<'_>) -> Verdict {
    let Action::Hide { seat, at, .. } = s.action else {
        return Verdict::Holds;
    };
    let hid = s.events.iter().any(|e| matches!(e, Event::Hid { .. }));
    Verdict::broken_if(
        hid && (s.before.battlefields[at.index()].controller != Some(seat)
            || s.before.cards.iter().any(|c| c.at == Place::Facedown(at))),
    )
}

/// Companion: a player hides a card (421).
pub fn seen_hide(_: &Judging<'_>, s: &Step<'_>) -> bool {
    s.events.iter().any(|e| matches!(e, Event::Hid { .. }))
}

/// Companion: a hidden card goes to the Trash once its player no longer controls the
/// battlefield (107.3.d).
pub fn seen_hidden_lost(_: &Judging<'_>, s: &Step<'_>) -> bool {
    s.events
        .iter()
        .any(|e| matches!(e, Event::HiddenLost { .. }))
}

/// Seed 003, 303.2.a, 442.2.c: an effect that moves every unit at one battlefield to another
/// moves them player by player, in turn order from the Turn Player, each player checked against
/// the destination as the players before them left it: a player who may go there arrives with
/// all their units from there, one who may not has them Recalled to their Base. Judged on
/// the units still on the board after the step.
pub fn move_all_in_turn_order(j: &Judging<'_>, s: &Step<'_>) -> Verdict {
    Verdict::broken_if(resolved(j, s).any(|(_, effect, target)| {
        let (Effect::MoveAllTo(to), Some(ItemTarget::Location(from))) = (effect, target) else {
            return false;
        };
        if from == to {
            return false;
        }
        let mut v = s.before.clone();
        let first = v.turn.unwrap_or(riftcheck::Seat::A);
        let order = (0..4).filter_map(|i| riftcheck::Seat::from_index((first.index() + i) % 4));
        let mut want: Vec<(usize, Place)> = Vec::new();
        for who in order {
            let theirs: Vec<usize> = (0..v.cards.len())
                .filter(|&u| {
                    j.catalog.cards[u].kind == CardKind::Unit
                        && v.cards[u].at == Place::Field(from)
                        && v.cards[u].controller == who
                })
                .collect();
            if theirs.is_empty() {
                continue;
            }
            let closed = naive::closed_to(j.catalog, &v, who, to, true);
            for &u in &theirs {
                let place = if closed {
                    Place::Base(who)
                } else {
                    Place::Field(to)
                };
                v.cards[u].at = place;
                want.push((u, place));
            }
        }
        want.into_iter()
            .any(|(u, place)| j.after.cards[u].at.on_board() && j.after.cards[u].at != place)
    }))
}

/// Companion: an effect moves the units of several players at once, and one of them may not
/// go where they are sent.
pub fn seen_move_all_split(j: &Judging<'_>, s: &Step<'_>) -> bool {
    resolved(j, s).any(|(_, effect, target)| {
        let (Effect::MoveAllTo(to), Some(ItemTarget::Location(_))) = (effect, target) else {
            return false;
        };
        s.events
            .iter()
            .any(|e| matches!(e, Event::Moved { zone, .. } if *zone == riftcheck::Zone::Field(to)))
            && s.events.iter().any(|e| matches!(e, Event::Recalled { .. }))
    })
}
