//! The players: who has been removed (whole teams, 651.4), that two sides remain (651.1), the
//! Turn Player, points, Energy and the Victory Score.

use super::check::{Check, Who};
use crate::seat::{Seat, SeatSet};
use crate::setup::error::{SetupPath, SetupProblem};

/// The removed seats and the Turn Player.
pub(super) fn players(c: &mut Check<'_>) -> (SeatSet, Option<Seat>) {
    let mode = c.setup.mode;
    let at = SetupPath::Setup("removed");
    let mut removed = SeatSet::EMPTY;
    let setup = c.setup;
    for &s in &setup.removed {
        if c.seat(s, at, Who::AtTable).is_none() {
            continue;
        }
        if removed.contains(s) {
            c.fail(at, SetupProblem::DuplicateSeat { seat: s });
        }
        removed.insert(s);
    }
    for s in removed.iter() {
        // 651.4: a removed player's teammates were removed with them.
        if let Some(teammate) = mode.team_of(s).difference(removed).lowest() {
            c.fail(at, SetupProblem::TeammateNotRemoved { seat: s, teammate });
        }
    }
    let remaining = c.seats.difference(removed);
    let one_side = remaining
        .lowest()
        .is_none_or(|first| mode.team_of(first).is_superset(remaining));
    if one_side {
        c.fail(at, SetupProblem::TooFewPlayers);
    }
    c.removed = removed;
    let turn = c.seat(
        c.setup.turn,
        SetupPath::Setup("turn"),
        Who::InGame("be the Turn Player"),
    );
    (removed, turn)
}

/// Points, Energy and the Victory Score.
pub(super) fn scores(c: &mut Check<'_>) -> ([u8; 4], [u8; 4], u8) {
    let mut points = [0u8; 4];
    let setup = c.setup;
    for &(s, p) in &setup.points {
        if c.seat(s, SetupPath::Setup("points"), Who::AtTable)
            .is_some()
        {
            points[s.index()] = p;
        }
    }
    let mut energy = [0u8; 4];
    for &(s, e) in &setup.energy {
        let at = SetupPath::Setup("energy");
        if c.seat(s, at, Who::InGame("have Energy")).is_some() {
            energy[s.index()] = e;
        }
    }
    let victory_score = c
        .setup
        .victory_score
        .unwrap_or(c.setup.mode.victory_score());
    if victory_score == 0 {
        c.fail(
            SetupPath::Setup("victory_score"),
            SetupProblem::VictoryScoreZero,
        );
    }
    (points, energy, victory_score)
}
