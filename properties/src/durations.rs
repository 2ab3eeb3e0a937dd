//! Lasting effects on Might (472.3): what an observer expects of them from the events of a step,
//! and what a unit's Might adds up to. The expectation reads only what the engine says happened
//! (effects made, turns ending and beginning, players leaving, units leaving the board), never
//! which effects it says ended.

use riftcheck::card::{CardKind, Lasting, Until};
use riftcheck::observation::{CardObs, Place};
use riftcheck::readings::LeaverDurations;
use riftcheck::{Event, Seat};

use super::judging::{Judging, Step, Verdict};
use super::naive;

fn on_board(c: &CardObs) -> bool {
    matches!(c.at, Place::Base(_) | Place::Field(_))
}

/// Adds `might` to the line of `(card, by, until)` in a list kept in observation order.
fn add(list: &mut Vec<Lasting>, new: Lasting) {
    match list.iter_mut().find(|l| l.key() == new.key()) {
        Some(l) => l.might = l.might.saturating_add(new.might),
        None => list.push(new),
    }
}

/// The lasting effects an observer expects after the step: those seen before, plus every effect
/// the step made, less what the rules end in it, in the order its events say things happened:
/// a turn's end ends "this turn" effects (317); a turn's beginning ends any "this turn" effect
/// left (a turn handed on by a removal, 652.5.a.1) and its player's "until your next turn"
/// effects (315); a player's removal ends theirs, under the default reading of policy
/// `leaver-durations` (651.3); a unit that leaves the board loses its own (110).
fn expected(j: &Judging<'_>, s: &Step<'_>) -> Vec<Lasting> {
    let mut list: Vec<Lasting> = s.before.lasting.clone();
    let leavers_end = j.readings.leaver_durations == LeaverDurations::EndAtOnce;
    for e in s.events {
        match *e {
            Event::Empowered {
                card,
                by,
                amount,
                until,
            } => add(
                &mut list,
                Lasting {
                    card,
                    by,
                    until,
                    might: amount,
                },
            ),
            Event::TurnEnded { .. } => list.retain(|l| l.until != Until::ThisTurn),
            Event::TurnBegan { seat } => list.retain(|l| {
                l.until != Until::ThisTurn && !(l.by == seat && l.until == Until::YourNextTurn)
            }),
            Event::PlayerRemoved { seat } if leavers_end => list.retain(|l| l.by != seat),
            Event::Killed { card }
            | Event::Banished { card, .. }
            | Event::CeasedToExist { card }
            | Event::RemovedFromGame { card } => list.retain(|l| l.card != card),
            _ => {}
        }
    }
    list.retain(|l| l.might != 0 && on_board(&j.after.cards[l.card.index()]));
    list.sort_by_key(Lasting::key);
    list
}

/// 317, 315, 110, 651.3: after a step, the lasting effects are those its events call for.
/// Once the game is over nothing more happens, and what was lasting is left as it was.
pub fn lasting_on_schedule(j: &Judging<'_>, s: &Step<'_>) -> Verdict {
    Verdict::broken_if(!j.over && j.after.lasting != expected(j, s))
}

/// 140, 719.5, 472.3, 652.2.c: a unit on the board has its printed Might, plus its battlefield's,
/// its equipment's and its lasting effects'.
pub fn might_adds_up(j: &Judging<'_>) -> Verdict {
    Verdict::broken_if(j.after.cards.iter().enumerate().any(|(i, c)| {
        on_board(c)
            && j.catalog.cards[i].kind == CardKind::Unit
            && c.might != naive::might(j.catalog, j.after, i)
    }))
}

fn had(s: &Step<'_>, f: impl Fn(&Lasting) -> bool) -> bool {
    s.before.lasting.iter().any(f)
}

/// Companion: a "this turn" effect is there when a turn ends.
pub fn seen_this_turn_ends(_: &Judging<'_>, s: &Step<'_>) -> bool {
    s.events
        .iter()
        .any(|e| matches!(e, Event::TurnEnded { .. }))
        && had(s, |l| l.until == Until::ThisTurn)
}

/// Companion: an "until your next turn" effect is there when that turn begins.
pub fn seen_next_turn_ends(_: &Judging<'_>, s: &Step<'_>) -> bool {
    s.events.iter().any(|e| {
        matches!(e, Event::TurnBegan { seat } if had(s, |l| l.by == *seat && l.until == Until::YourNextTurn))
    })
}

/// Companion: a player leaves with a lasting effect on a unit that stays on the board.
pub fn seen_leaver_lasting(j: &Judging<'_>, s: &Step<'_>) -> bool {
    s.leavers
        .iter()
        .any(|p: Seat| had(s, |l| l.by == p && on_board(&j.after.cards[l.card.index()])))
}
