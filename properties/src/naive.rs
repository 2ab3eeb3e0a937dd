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

/// What an observer saw of the Turn Player's teammate as the turn began (Magma Chamber; empty
/// in the other modes), which scoring reads all turn: the battlefields, one bit each, the
/// teammate controlled (464.1.a, 484.8.b) and those where the teammate had units (484.8.f).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Mates {
    /// Controlled by the teammate.
    pub controlled: u8,
    /// Where the teammate had units.
    pub occupied: u8,
}

impl Mates {
    /// Whether the battlefield at `index` is among `bits`.
    pub fn has(bits: u8, index: usize) -> bool {
        index < 8 && bits & (1 << index) != 0
    }
}

/// What `v` shows of its Turn Player's teammates (none outside the modes with teams): the
/// battlefields they control and those where they have units, taken as a turn begins.
pub fn mates(cat: &Catalog, v: &View) -> Mates {
    let mut m = Mates::default();
    let Some(turn) = v.turn else { return m };
    let mates = cat.mode.team_of(turn).difference(SeatSet::only(turn));
    if mates.is_empty() {
        return m;
    }
    let present = presence(cat, v);
    for (i, f) in v.battlefields.iter().enumerate().take(8) {
        if f.controller.is_some_and(|c| mates.contains(c)) {
            m.controlled |= 1 << i;
        }
        if present
            .get(i)
            .is_some_and(|p| mates.iter().any(|s| p.contains(s)))
        {
            m.occupied |= 1 << i;
        }
    }
    m
}

/// 467, 323.1, 484.6: the side (a player, or a team's remaining members together) left in the
/// game at or above the Victory Score with more points than every other side left, if any.
pub fn ahead_on_points(cat: &Catalog, v: &View) -> Option<SeatSet> {
    let mode = cat.mode;
    let left = v.remaining;
    let side_points = |seat: Seat| -> u16 {
        mode.team_of(seat)
            .intersection(left)
            .iter()
            .map(|s| v.points.get(s.index()).map_or(0, |&p| u16::from(p)))
            .sum()
    };
    let best = left.iter().max_by_key(|&s| side_points(s))?;
    let side = mode.team_of(best).intersection(left);
    let points = side_points(best);
    let ahead = left
        .difference(side)
        .iter()
        .all(|other| side_points(other) < points);
    (points >= u16::from(cat.victory_score) && ahead).then_some(side)
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
