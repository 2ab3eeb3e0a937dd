//! Scoring and victory on points: a Conquer brings a side to the Victory Score only once its
//! player has scored every other battlefield that turn, else they draw a card instead (466.1.b;
//! in Magma Chamber not waiting for those the teammate occupied, 484.8.f); a team scores no
//! battlefield the Turn Player's teammate controlled as the turn began (464.1.a, 484.8.b); a
//! side at the Victory Score ahead of every other has won (467, 484.6).

use riftcheck::card::BattlefieldId;
use riftcheck::event::ScoreKind;
use riftcheck::{Event, Seat};

use super::judging::{Judging, Step, Verdict};
use super::naive;
use naive::Mates;

/// Whether `seat` has scored every battlefield but `bf` this turn, as the battlefields show
/// after the step, those of `waived` (one bit each) aside.
fn scored_all_others(j: &Judging<'_>, seat: Seat, bf: BattlefieldId, waived: u8) -> bool {
    j.after
        .battlefields
        .iter()
        .enumerate()
        .all(|(i, f)| i == bf.index() || f.scored.contains(seat) || Mates::has(waived, i))
}

/// The points of `seat`'s side before the step: theirs, and in the modes with teams their
/// remaining teammates' with them (484.6).
fn side_points(j: &Judging<'_>, s: &Step<'_>, points: &[u16; 4], seat: Seat) -> u16 {
    j.catalog
        .mode
        .team_of(seat)
        .intersection(s.before.remaining)
        .iter()
        .map(|p| points[p.index()])
        .sum()
}

/// 466.1.b: a Conquer one point from the Victory Score (the side's points: a team's pooled,
/// 484.6) scores only with every other battlefield scored this turn, and is withheld only
/// without; in Magma Chamber the Turn Player's final point does not wait for the battlefields
/// where their teammate had units as the turn began (484.8.f). Steps in which a turn begins
/// are left out, since the record of scoring is cleared then.
pub fn final_point_needs_every_battlefield(j: &Judging<'_>, s: &Step<'_>) -> Verdict {
    if s.events
        .iter()
        .any(|e| matches!(e, Event::TurnBegan { .. }))
    {
        return Verdict::Holds;
    }
    let victory = u16::from(j.catalog.victory_score);
    let mut points = s.before.points.map(u16::from);
    let waived = |seat: Seat| {
        if s.before.turn == Some(seat) {
            s.mates.occupied
        } else {
            0
        }
    };
    for e in s.events {
        match *e {
            Event::Scored {
                seat,
                battlefield,
                how,
            } => {
                let last = side_points(j, s, &points, seat) + 1 == victory;
                let all = scored_all_others(j, seat, battlefield, waived(seat));
                if how == ScoreKind::Conquer && last && !all {
                    return Verdict::Broken;
                }
                points[seat.index()] += 1;
            }
            Event::FinalPointWithheld { seat, battlefield } => {
                let last = side_points(j, s, &points, seat) + 1 == victory;
                if !last || scored_all_others(j, seat, battlefield, waived(seat)) {
                    return Verdict::Broken;
                }
            }
            _ => {}
        }
    }
    Verdict::Holds
}

/// Whether `seat` is on the team of the Turn Player before the step, and `bf` a battlefield
/// that Turn Player's teammate controlled as the turn began.
fn mates_battlefield(s: &Step<'_>, seat: Seat, bf: BattlefieldId, mode: riftcheck::Mode) -> bool {
    s.before
        .turn
        .is_some_and(|turn| mode.team_of(turn).contains(seat))
        && Mates::has(s.mates.controlled, bf.index())
}

/// 464.1.a, 484.8.b: on a player's turn, neither they nor their teammate scores a battlefield
/// the teammate controlled as the turn began: no point for it, and no record of it scored this
/// turn. (A turn that begins in the step starts afresh: its Holds are of the new Turn Player's
/// own battlefields.)
pub fn mates_battlefields_unscored(j: &Judging<'_>, s: &Step<'_>) -> Verdict {
    if s.mates.controlled == 0 {
        return Verdict::Holds;
    }
    let mode = j.catalog.mode;
    for e in s.events {
        match *e {
            Event::TurnBegan { .. } => return Verdict::Holds,
            Event::Scored {
                seat, battlefield, ..
            } if mates_battlefield(s, seat, battlefield, mode) => return Verdict::Broken,
            _ => {}
        }
    }
    let recorded = j.after.battlefields.iter().enumerate().any(|(i, f)| {
        f.scored
            .iter()
            .any(|seat| mates_battlefield(s, seat, BattlefieldId::from_index(i), mode))
    });
    Verdict::broken_if(recorded)
}

/// Companion: the Turn Player's team establishes control of a battlefield the teammate
/// controlled as the turn began.
pub fn seen_mates_battlefield_conquered(j: &Judging<'_>, s: &Step<'_>) -> bool {
    let mode = j.catalog.mode;
    s.events
        .iter()
        .take_while(|e| !matches!(e, Event::TurnBegan { .. }))
        .any(|e| {
            matches!(*e, Event::ControlEstablished { seat, battlefield }
                if mates_battlefield(s, seat, battlefield, mode))
        })
}

/// 467, 323.1, 484.6: a side (a player, or a team with its points pooled) left in the game at
/// the Victory Score with more points than every other side has won.
pub fn won_on_points(j: &Judging<'_>) -> Verdict {
    let all: u16 = j.after.points.iter().map(|&p| u16::from(p)).sum();
    if all < u16::from(j.catalog.victory_score) {
        // Nobody, and no side, has enough.
        return Verdict::Holds;
    }
    match naive::ahead_on_points(j.catalog, j.after) {
        Some(side) => Verdict::broken_if(j.after.winners != Some(side)),
        None => Verdict::Holds,
    }
}

/// Companion: a team wins on points that neither of its players has alone (484.6).
pub fn seen_team_wins_on_points(j: &Judging<'_>, s: &Step<'_>) -> bool {
    let victory = j.catalog.victory_score;
    s.events.iter().any(|e| {
        matches!(e, Event::Won { winners, by_score: true }
            if winners.iter().count() > 1
                && winners.iter().all(|w| j.after.points[w.index()] < victory))
    })
}

/// Companion: the Turn Player's final point by Conquer is scored while a battlefield where
/// their teammate had units as the turn began is not scored this turn (484.8.f).
pub fn seen_final_point_waived(j: &Judging<'_>, s: &Step<'_>) -> bool {
    s.events.iter().any(|e| {
        matches!(*e, Event::Scored { seat, battlefield, how: ScoreKind::Conquer }
            if s.before.turn == Some(seat)
                && j.over
                && !scored_all_others(j, seat, battlefield, 0)
                && scored_all_others(j, seat, battlefield, s.mates.occupied))
    })
}

/// Companion: a Conquer is not the final point, for want of the other battlefields.
pub fn seen_final_point_withheld(_: &Judging<'_>, s: &Step<'_>) -> bool {
    s.events
        .iter()
        .any(|e| matches!(e, Event::FinalPointWithheld { .. }))
}

/// Companion: the final point is scored by a Conquer, and the game is won (467).
pub fn seen_final_conquer_wins(j: &Judging<'_>, s: &Step<'_>) -> bool {
    j.over
        && s.events.iter().any(|e| {
            matches!(
                e,
                Event::Scored {
                    how: ScoreKind::Conquer,
                    ..
                }
            )
        })
        && s.events
            .iter()
            .any(|e| matches!(e, Event::Won { by_score: true, .. }))
}
