//! Scoring the final point (466.1.b): a Conquer brings a player to the Victory Score only once
//! they have scored every other battlefield that turn; otherwise they draw a card instead.

use riftcheck::event::ScoreKind;
use riftcheck::{Event, Seat};

use super::judging::{Judging, Step, Verdict};

/// Whether `seat` has scored every battlefield but `bf` this turn, as the battlefields show
/// after the step.
fn scored_all_others(j: &Judging<'_>, seat: Seat, bf: riftcheck::BattlefieldId) -> bool {
    j.after
        .battlefields
        .iter()
        .enumerate()
        .all(|(i, f)| i == bf.index() || f.scored.contains(seat))
}

/// 466.1.b, in the modes without teams (where a teammate's battlefields would be waived as the
/// turn began, which a step does not show): a Conquer one point from the Victory Score scores
/// only with every other battlefield scored this turn, and is withheld only without. Steps in
/// which a turn begins are left out, since the record of scoring is cleared then.
pub fn final_point_needs_every_battlefield(j: &Judging<'_>, s: &Step<'_>) -> Verdict {
    let cat = j.catalog;
    if cat.mode.has_teams()
        || s.events
            .iter()
            .any(|e| matches!(e, Event::TurnBegan { .. }))
    {
        return Verdict::Holds;
    }
    let victory = u16::from(cat.victory_score);
    let mut points = s.before.points.map(u16::from);
    for e in s.events {
        match *e {
            Event::Scored {
                seat,
                battlefield,
                how,
            } => {
                let last = points[seat.index()] + 1 == victory;
                if how == ScoreKind::Conquer && last && !scored_all_others(j, seat, battlefield) {
                    return Verdict::Broken;
                }
                points[seat.index()] += 1;
            }
            Event::FinalPointWithheld { seat, battlefield } => {
                let last = points[seat.index()] + 1 == victory;
                if !last || scored_all_others(j, seat, battlefield) {
                    return Verdict::Broken;
                }
            }
            _ => {}
        }
    }
    Verdict::broken_if(false)
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
