//! The windows in progress: a Showdown at a Contested battlefield (445), with Focus and its
//! passes and, for a combat, an Attacker who contested it and a Defender who opposes them
//! (457, 459.2.b); an invitation to the Turn Player's teammate (316.2.b.1).

use super::check::{Check, Who};
use crate::seat::Seat;
use crate::setup::error::{SetupPath, SetupProblem};
use crate::setup::table::{FieldStart, ShowdownStart};

/// The Showdown in progress, if any.
pub(super) fn showdown(
    c: &mut Check<'_>,
    fields: &[FieldStart],
    chain_exists: bool,
) -> Option<ShowdownStart> {
    let setup = c.setup;
    let sd = setup.showdown.as_ref()?;
    let at = c.battlefield(&sd.at, SetupPath::Showdown("at"));
    let focus = c.seat(
        sd.focus,
        SetupPath::Showdown("focus"),
        Who::InGame("hold Focus"),
    );
    let passed = c.seat_set(
        &sd.passed,
        SetupPath::Showdown("passed"),
        "have passed Focus",
    );
    let contester = match at.and_then(|b| fields.get(b.index())) {
        Some(field) if field.contested_by.is_none() => {
            c.fail(
                SetupPath::Showdown("at"),
                SetupProblem::ShowdownNotContested,
            );
            None
        }
        Some(field) => field.contested_by,
        None => None,
    };
    let mode = c.setup.mode;
    let mut combat = None;
    if let Some((attacker, defender)) = sd.combat {
        let where_ = SetupPath::Showdown("combat");
        let a = c.seat(attacker, where_, Who::AtTable);
        let d = c.seat(defender, where_, Who::AtTable);
        if a.is_some() && d.is_some() {
            if attacker == defender || mode.teammates(attacker, defender) {
                c.fail(where_, SetupProblem::CombatNotOpponents);
            } else if contester.is_some_and(|p| p != attacker) {
                c.fail(where_, SetupProblem::AttackerNotContester);
            }
        }
        combat = Some((attacker, defender));
    }
    let remaining = c.seats.difference(c.removed);
    if !chain_exists && !remaining.is_empty() && passed.is_superset(remaining) {
        c.fail(
            SetupPath::Showdown("passed"),
            SetupProblem::FocusRoundComplete,
        );
    }
    Some(ShowdownStart {
        at: at?,
        focus: focus?,
        passed,
        combat,
    })
}

/// An invitation: only the Turn Player's teammate, in a Neutral Open state (316.2.b.1).
pub(super) fn invitation(c: &mut Check<'_>, turn: Option<Seat>, closed_or_showdown: bool) {
    let Some(mate) = c.setup.invited else {
        return;
    };
    let at = SetupPath::Setup("invited");
    if c.seat(mate, at, Who::InGame("be invited")).is_none() {
        return;
    }
    let teammate = turn.is_some_and(|t| c.setup.mode.teammates(t, mate));
    if !teammate || closed_or_showdown {
        c.fail(at, SetupProblem::BadInvitation);
    }
}
