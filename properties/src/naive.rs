//! The naive reading of the rules the properties compare against: written from the rulebook
//! for the checker, sharing nothing with the engine or the spec.

use riftcheck::card::{BattlefieldId, CardKind, MAX_BATTLEFIELDS};
use riftcheck::observation::{Observation as View, Place};
use riftcheck::{Catalog, Seat, SeatSet};

/// The seat after `seat` among `remaining`, in seat order: "the next player in turn order"
/// (116, 652.5).
pub fn next(remaining: SeatSet, seat: Seat) -> Option<Seat> {
    (1..=4)
        .map(|k| Seat::ALL[(seat.index() + k) % 4])
        .find(|s| remaining.contains(*s))
}

/// Players with units at `bf`.
pub fn present(cat: &Catalog, v: &View, bf: BattlefieldId) -> SeatSet {
    v.cards
        .iter()
        .enumerate()
        .filter(|(i, c)| cat.cards[*i].kind == CardKind::Unit && c.at == Place::Field(bf))
        .map(|(_, c)| c.controller)
        .collect()
}

/// The players with units at each battlefield, in one pass over the cards.
pub fn presence(cat: &Catalog, v: &View) -> [SeatSet; MAX_BATTLEFIELDS] {
    let mut present = [SeatSet::EMPTY; MAX_BATTLEFIELDS];
    for (def, c) in cat.cards.iter().zip(&v.cards) {
        if let (CardKind::Unit, Place::Field(bf)) = (def.kind, c.at) {
            present[bf.index()].insert(c.controller);
        }
    }
    present
}

/// Whether any fight is staged (not running) in `v`, whose [`presence`] is `present`: a
/// contested battlefield whose contesting player still has units there (456).
pub fn any_staged(v: &View, present: &[SeatSet; MAX_BATTLEFIELDS]) -> bool {
    v.battlefields.iter().enumerate().any(|(b, f)| {
        v.showdown.is_none_or(|at| at.index() != b)
            && f.contested_by.is_some_and(|p| present[b].contains(p))
    })
}

/// Whether a unit of `who` may not go to `bf` in `v`, read from 442.2, 444.2 and 457 (and
/// 442.2.b for moves, with the default reading of policy `teammate-destination`).
pub fn closed_to(cat: &Catalog, v: &View, who: Seat, bf: BattlefieldId, moving: bool) -> bool {
    let here = present(cat, v, bf);
    let running = v.combat.filter(|_| v.showdown == Some(bf));
    let contested = v.battlefields[bf.index()]
        .contested_by
        .is_some_and(|p| here.contains(p));
    let sides: Option<SeatSet> = match running {
        Some((a, d)) => Some([a, d].into_iter().collect()),
        None if contested && here.len() >= 2 => Some(here),
        None => None,
    };
    if sides.is_some_and(|s| !s.contains(who)) {
        return true;
    }
    let others = here.difference(SeatSet::only(who));
    if others.len() >= 2 {
        return true;
    }
    moving && cat.mode.has_teams() && others.iter().any(|o| cat.mode.teammates(who, o))
}

/// The order in which players place combat-start triggers (459.2.d.1): the Attacker, the
/// others in turn order from the Attacker, the Defender last.
pub fn combat_order(remaining: SeatSet, attacker: Seat, defender: Seat) -> Vec<Seat> {
    let mut order = Vec::new();
    if remaining.contains(attacker) {
        order.push(attacker);
    }
    for k in 1..4 {
        let s = Seat::ALL[(attacker.index() + k) % 4];
        if s != defender && remaining.contains(s) {
            order.push(s);
        }
    }
    if remaining.contains(defender) {
        order.push(defender);
    }
    order
}

/// The Might a unit on the board should have, from what an observer sees: its printed Might,
/// plus the Might its battlefield gives units there now (652.2.c), the Might of the equipment
/// attached to it (719.5) and its lasting effects (472.3). `None` off the board.
pub fn might(cat: &Catalog, v: &View, unit: usize) -> Option<i8> {
    let c = &v.cards[unit];
    if cat.cards[unit].kind != CardKind::Unit {
        return None;
    }
    let mut m = match c.at {
        Place::Base(_) => cat.cards[unit].might,
        Place::Field(bf) => cat.cards[unit]
            .might
            .saturating_add(v.battlefields[bf.index()].might),
        _ => return None,
    };
    let me = Place::Attached(riftcheck::CardId::from_index(unit));
    for (g, e) in v.cards.iter().enumerate() {
        if e.at == me {
            m = m.saturating_add(cat.cards[g].might);
        }
    }
    for l in v.lasting.iter().filter(|l| l.card.index() == unit) {
        m = m.saturating_add(l.might);
    }
    Some(m)
}
