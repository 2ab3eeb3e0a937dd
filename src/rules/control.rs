//! Control of battlefields and scoring: establishing control (187.4) and scoring a point there
//! by Conquer or Hold (462-466).

use crate::card::BattlefieldId;
use crate::event::{Event, ScoreKind};
use crate::game::Game;
use crate::game::policy;
use crate::seat::Seat;

/// A player establishes control of a battlefield (187.4), `by_combat` when by winning a combat
/// there (461.5); gaining it is a Conquer, scored once per battlefield per turn (465; policy
/// `defender-keeps-control`).
pub(crate) fn establish_control(
    game: &mut Game,
    bf: BattlefieldId,
    seat: Seat,
    by_combat: bool,
    ev: &mut Vec<Event>,
) {
    let field = &mut game.s.fields[bf.index()];
    let previous = field.controller;
    field.controller = Some(seat);
    field.contested_by = None;
    if !policy::conquers(&game.readings, previous, seat, by_combat) {
        return;
    }
    ev.push(Event::ControlEstablished {
        battlefield: bf,
        seat,
    });
    score(game, bf, seat, ScoreKind::Conquer, ev);
}

/// A player scores a point at a battlefield (462-466), at most once per battlefield per turn;
/// in Magma Chamber, never one the Turn Player's teammate controlled during the Beginning
/// Phase, by either of them, that turn (464.1.a, 484.8.b).
pub(crate) fn score(
    game: &mut Game,
    bf: BattlefieldId,
    seat: Seat,
    how: ScoreKind,
    ev: &mut Vec<Event>,
) {
    let barred = game.mode().team_of(game.s.turn).contains(seat)
        && game.s.mates_controlled & (1 << bf.index()) != 0
        && !policy::mates_battlefields_scored(&game.readings);
    let field = &mut game.s.fields[bf.index()];
    if field.scored.contains(seat) || barred {
        return;
    }
    // 462, 464-465: a point, once per battlefield per turn.
    field.scored.insert(seat);
    if how == ScoreKind::Conquer && final_point_withheld(game, bf, seat) {
        ev.push(Event::FinalPointWithheld {
            seat,
            battlefield: bf,
        });
        return;
    }
    game.s.points[seat.index()] = game.s.points[seat.index()].saturating_add(1);
    ev.push(Event::Scored {
        seat,
        battlefield: bf,
        how,
    });
}

/// 466.1.b: a Conquer that would be `seat`'s final point (their side one point from the Victory
/// Score) scores it only if they have scored every other battlefield this turn; in Magma
/// Chamber the battlefields the Turn Player's teammate occupied during the Beginning Phase do
/// not count for the Turn Player (484.8.f).
fn final_point_withheld(game: &Game, bf: BattlefieldId, seat: Seat) -> bool {
    if !policy::final_point_needs_every_battlefield(&game.readings) {
        return false;
    }
    let side = policy::points_counted(&game.readings, game.mode().team_of(seat), seat);
    let points = super::cleanup::team_points(game, side);
    if points + 1 != u16::from(game.catalog.victory_score) {
        return false;
    }
    let waived = if game.s.turn == seat {
        policy::final_point_waived(
            &game.readings,
            game.s.mates_occupied,
            game.mates_fields(seat).1,
        )
    } else {
        0
    };
    game.all_battlefields()
        .any(|b| b != bf && !game.field(b).scored.contains(seat) && waived & (1 << b.index()) == 0)
}
