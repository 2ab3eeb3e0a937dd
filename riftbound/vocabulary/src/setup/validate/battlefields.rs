//! The battlefields in use: one per contributing seat of the mode (478.4, 483, 484), named so
//! step sentences can tell them apart, a token exactly when the contributor has been removed
//! (652.2.a).

use std::collections::BTreeSet;

use super::check::{Check, Who, name_problem};
use crate::card::{BattlefieldDef, MAX_BATTLEFIELDS};
use crate::seat::SeatSet;
use crate::setup::error::{SetupPath, SetupProblem};
use crate::setup::table::FieldStart;

/// Every battlefield's definition and starting state.
pub(super) fn check(c: &mut Check<'_>) -> (Vec<BattlefieldDef>, Vec<FieldStart>) {
    let mode = c.setup.mode;
    if c.battlefields.len() > MAX_BATTLEFIELDS {
        c.fail(
            SetupPath::Setup("battlefields"),
            SetupProblem::TooMany {
                what: "battlefields",
                max: MAX_BATTLEFIELDS,
            },
        );
        return (Vec::new(), Vec::new());
    }
    let errors_before = c.errors.len();
    let mut contributors = SeatSet::EMPTY;
    let mut names = BTreeSet::new();
    let mut defs = Vec::new();
    let mut fields = Vec::new();
    for (i, bf) in c.battlefields.clone().iter().enumerate() {
        let at = |f| SetupPath::Battlefield(i, f);
        if let Some(p) = name_problem(&bf.name) {
            c.fail(at("name"), p);
        } else if !names.insert(bf.name.clone()) {
            let name = bf.name.clone();
            c.fail(at("name"), SetupProblem::DuplicateName { name });
        }
        let contributor = bf.contributor;
        if c.seat(contributor, at("contributor"), Who::AtTable)
            .is_some()
        {
            if !mode.battlefield_in_use(contributor) {
                c.fail(
                    at("contributor"),
                    SetupProblem::BattlefieldNotInUse { contributor, mode },
                );
            } else if contributors.contains(contributor) {
                let expected = mode.contributors();
                c.fail(
                    at("contributor"),
                    SetupProblem::BattlefieldsInUse { expected },
                );
            } else if bf.token != c.removed.contains(contributor) {
                c.fail(
                    at("token"),
                    SetupProblem::TokenBattlefieldMismatch { contributor },
                );
            }
            contributors.insert(contributor);
        }
        if let Some(s) = bf.controller {
            c.seat(s, at("controller"), Who::InGame("control a battlefield"));
        }
        if let Some(s) = bf.contested_by {
            c.seat(s, at("contested_by"), Who::AtTable);
        }
        fields.push(FieldStart {
            controller: bf.controller,
            token: bf.token,
            contested_by: bf.contested_by,
        });
        defs.push(BattlefieldDef {
            name: bf.name.clone(),
            contributor,
            might_bonus: bf.might_bonus,
        });
    }
    // A battlefield in use that is not listed (unless a listed one was already found wrong).
    let expected = mode.contributors();
    if !contributors.is_superset(expected) && c.errors.len() == errors_before {
        c.fail(
            SetupPath::Setup("battlefields"),
            SetupProblem::BattlefieldsInUse { expected },
        );
    }
    (defs, fields)
}
