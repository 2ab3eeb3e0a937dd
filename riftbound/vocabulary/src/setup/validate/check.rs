//! What the validators share: the setup, the problems found so far, what earlier validators
//! established, and the checks of seats, names, battlefields and cards every part needs.

use crate::card::{BattlefieldId, CardId};
use crate::observation::value::unsafe_char;
use crate::seat::{Seat, SeatSet};
use crate::setup::error::{SetupError, SetupPath, SetupProblem};
use crate::setup::{BattlefieldSetup, Setup};

/// What the validators share: the setup, the problems found so far, and what earlier
/// validators established.
pub(in crate::setup) struct Check<'a> {
    pub setup: &'a Setup,
    pub errors: Vec<SetupError>,
    /// Seats at the table.
    pub seats: SeatSet,
    /// Seats removed (the valid ones listed).
    pub removed: SeatSet,
    /// The battlefields in use, as listed or by default.
    pub battlefields: Vec<BattlefieldSetup>,
}

/// Whose a seat may be in a role: anyone at the table, or only a player still in the game.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(in crate::setup) enum Who {
    /// Any seat at the table, removed or not.
    AtTable,
    /// A seat still in the game, in this role.
    InGame(&'static str),
}

impl Check<'_> {
    pub fn fail(&mut self, at: SetupPath, problem: SetupProblem) {
        self.errors.push(SetupError { at, problem });
    }

    /// `seat`, if it may hold the role: at the table, and still in the game when `who` says so.
    pub fn seat(&mut self, seat: Seat, at: SetupPath, who: Who) -> Option<Seat> {
        if !self.seats.contains(seat) {
            let mode = self.setup.mode;
            self.fail(at, SetupProblem::SeatNotAtTable { seat, mode });
            return None;
        }
        if let Who::InGame(role) = who
            && self.removed.contains(seat)
        {
            self.fail(at, SetupProblem::SeatRemoved { seat, role });
            return None;
        }
        Some(seat)
    }

    /// A set of seats still in the game, each listed once.
    pub fn seat_set(&mut self, seats: &[Seat], at: SetupPath, role: &'static str) -> SeatSet {
        let mut set = SeatSet::EMPTY;
        for &s in seats {
            if self.seat(s, at, Who::InGame(role)).is_none() {
                continue;
            }
            if set.contains(s) {
                self.fail(at, SetupProblem::DuplicateSeat { seat: s });
            }
            set.insert(s);
        }
        set
    }

    pub fn battlefield(&mut self, name: &str, at: SetupPath) -> Option<BattlefieldId> {
        let found = self.battlefields.iter().position(|b| b.name == name);
        if found.is_none() {
            let name = name.to_string();
            self.fail(at, SetupProblem::UnknownBattlefield { name });
        }
        found.map(BattlefieldId::from_index)
    }

    pub fn card(&mut self, name: &str, at: SetupPath) -> Option<CardId> {
        let found = self.setup.cards.iter().position(|c| c.name == name);
        if found.is_none() {
            let name = name.to_string();
            self.fail(at, SetupProblem::UnknownCard { name });
        }
        found.map(CardId::from_index)
    }
}

/// Names step sentences can tell apart (the words that join a sentence's parts may not appear
/// in them).
pub(in crate::setup) fn name_problem(name: &str) -> Option<SetupProblem> {
    let bad = |reason| {
        Some(SetupProblem::BadName {
            name: name.to_string(),
            reason,
        })
    };
    if name.trim().is_empty() || name.trim() != name {
        return bad("is empty or has spaces at either end");
    }
    if name == "Base" {
        return bad("is reserved for a player's own Base");
    }
    if name.chars().any(unsafe_char) {
        return bad("contains a control character");
    }
    let joins = [
        " on ",
        " at ",
        " to ",
        " and ",
        ", ",
        "'s trigger",
        "'s ability",
        "->",
        "\"",
    ];
    if joins.iter().any(|w| name.contains(w)) {
        return bad(
            "contains a word that joins the parts of a step (on, at, to, and, a comma, 's \
             trigger, 's ability, the arrow -> before `refused`) or a quote",
        );
    }
    None
}
