//! Equipment (716-719, 818, 435.4.b): attached cards keep their own controller, leave with it,
//! and are left behind when their unit leaves the board.

use riftcheck::card::CardId;
use riftcheck::observation::Place;
use riftcheck::{Event, SeatSet};

use super::judging::{Judging, Step, Verdict};

/// The cards attached to `unit` in a view of the cards.
fn attached_to<'a>(
    cards: &'a [riftcheck::observation::CardObs],
    unit: CardId,
) -> impl Iterator<Item = usize> + 'a {
    cards
        .iter()
        .enumerate()
        .filter(move |(_, c)| c.at == Place::Attached(unit))
        .map(|(i, _)| i)
}

/// 652.1, 718.8: no card stays attached to a unit once its controller has left the game (it is
/// banished with the rest of what they control).
pub fn leavers_equipment_gone(j: &Judging<'_>) -> Verdict {
    Verdict::broken_if(
        !j.over
            && j.after.cards.iter().any(|c| {
                matches!(c.at, Place::Attached(_)) && j.after.removed.contains(c.controller)
            }),
    )
}

/// 435.4.b, 452.1, 323.7: when a unit leaves the board, what was attached to it stays on the
/// board and, after the cleanup, is in its controller's Base (or attached anew by an Equip that
/// resolved in the step). Equipment that itself left (its player left, or it was banished or
/// killed) is not asked about.
pub fn equipment_left_behind(j: &Judging<'_>, s: &Step<'_>) -> Verdict {
    if j.over {
        return Verdict::Holds;
    }
    let gone = |c: CardId| {
        s.events.iter().any(|e| {
            matches!(e, Event::Killed { card } | Event::Banished { card, .. }
                | Event::RemovedFromGame { card } if *card == c)
        })
    };
    Verdict::broken_if(s.before.cards.iter().enumerate().any(|(g, c0)| {
        let Place::Attached(unit) = c0.at else {
            return false;
        };
        let gear = CardId::from_index(g);
        if j.after.cards[unit.index()].at.on_board()
            || gone(gear)
            || s.leavers.contains(c0.controller)
        {
            return false;
        }
        let c1 = &j.after.cards[g];
        let equipped_anew = s
            .events
            .iter()
            .any(|e| matches!(e, Event::Attached { card, .. } if *card == gear));
        c1.at != Place::Base(c1.controller)
            && !(equipped_anew && matches!(c1.at, Place::Attached(_)))
    }))
}

/// 718.8.a: a change of control of a unit does not change the control of what is attached to it.
pub fn equipment_keeps_controller(j: &Judging<'_>, s: &Step<'_>) -> Verdict {
    Verdict::broken_if(s.events.iter().any(|e| {
        let Event::ControlGained { card: unit, .. } = *e else {
            return false;
        };
        attached_to(&s.before.cards, unit).any(|g| {
            j.after.cards[g].at == Place::Attached(unit)
                && j.after.cards[g].controller != s.before.cards[g].controller
        })
    }))
}

/// Companion: a player leaves while something of theirs is attached to another player's unit.
pub fn seen_equipment_on_others_unit_leaves(_: &Judging<'_>, s: &Step<'_>) -> bool {
    let leavers: SeatSet = s.leavers;
    s.before.cards.iter().any(|c| {
        let Place::Attached(unit) = c.at else {
            return false;
        };
        leavers.contains(c.controller) && !leavers.contains(s.before.cards[unit.index()].controller)
    })
}

/// Companion: a unit leaves the board and its equipment stays behind.
pub fn seen_equipment_left_behind(_: &Judging<'_>, s: &Step<'_>) -> bool {
    s.events.iter().any(|e| matches!(e, Event::Detached { .. }))
}

/// Companion: a unit carrying equipment changes hands.
pub fn seen_equipped_unit_changes_hands(_: &Judging<'_>, s: &Step<'_>) -> bool {
    s.events.iter().any(|e| {
        matches!(*e, Event::ControlGained { card, .. } if attached_to(&s.before.cards, card).next().is_some())
    })
}
