//! Removal of a player and the end of the game: the leaver's things leave the board, their
//! battlefield becomes a token, a team leaves together, and the game ends only when one side is
//! left (651-652).

use riftcheck::card::{BattlefieldId, CardDef, CardKind};
use riftcheck::observation::{CardObs, Place};
use riftcheck::{Catalog, Observation as View, Seat};

use super::judging::{Judging, Step, Verdict};
use super::naive;

/// The cards a leaver controlled on the board but did not own, with where they are now.
fn borrowed<'a>(
    j: &'a Judging<'_>,
    s: &'a Step<'_>,
) -> impl Iterator<Item = (&'a CardDef, CardObs)> + 'a {
    let cards = s.before.cards.iter().zip(&j.after.cards);
    cards.enumerate().filter_map(move |(i, (c0, c1))| {
        let def = &j.catalog.cards[i];
        (c0.at.on_board() && s.leavers.contains(c0.controller) && !s.leavers.contains(def.owner))
            .then_some((def, *c1))
    })
}

/// The battlefields the leavers contributed (652.2).
fn replaced<'a>(j: &'a Judging<'_>, s: &'a Step<'_>) -> impl Iterator<Item = usize> + 'a {
    let contributed = j.catalog.battlefields.iter().enumerate();
    contributed.filter_map(move |(i, def)| s.leavers.contains(def.contributor).then_some(i))
}

/// The units of remaining players at battlefield `i` before the step (652.2.b): the unit, and
/// the unit before and after.
fn staying_at<'a>(
    j: &'a Judging<'_>,
    s: &'a Step<'_>,
    i: usize,
) -> impl Iterator<Item = (usize, &'a CardDef, CardObs, CardObs)> + 'a {
    let here = Place::Field(BattlefieldId::from_index(i));
    let cards = s.before.cards.iter().zip(&j.after.cards).enumerate();
    cards.filter_map(move |(k, (c0, c1))| {
        let card = &j.catalog.cards[k];
        let stays = c0.at == here
            && card.kind == CardKind::Unit
            && !s.leavers.contains(card.owner)
            && !s.leavers.contains(c0.controller);
        stays.then_some((k, card, *c0, *c1))
    })
}

/// 652.1: after a concession the game survives, nothing the leaver owned, or controlled on the
/// board, is on the board.
pub fn nothing_of_leaver_on_board(j: &Judging<'_>, s: &Step<'_>) -> Verdict {
    if s.conceded_game_goes_on.is_none() {
        return Verdict::Holds;
    }
    let mut cards = s.before.cards.iter().zip(&j.after.cards).enumerate();
    Verdict::broken_if(cards.any(|(i, (c0, c1))| {
        let owner = j.catalog.cards[i].owner;
        let theirs =
            s.leavers.contains(owner) || (c0.at.on_board() && s.leavers.contains(c0.controller));
        theirs && c1.at.on_board()
    }))
}

/// 652.1, 056: a card the leaver borrowed goes to its owner's Banishment (a token ceases to
/// exist).
pub fn borrowed_to_owners_banishment(j: &Judging<'_>, s: &Step<'_>) -> Verdict {
    Verdict::broken_if(
        s.conceded_game_goes_on.is_some()
            && borrowed(j, s).any(|(def, c1)| {
                let expected = if def.token {
                    Place::Nowhere
                } else {
                    Place::Banishment(def.owner)
                };
                c1.at != expected
            }),
    )
}

/// 652.2.a, 652.2.c: a leaver's battlefield becomes a token with no Might of its own, and a
/// unit left there (not moved by an item the removal let resolve) has its printed Might, with
/// nothing from the battlefield.
pub fn token_battlefield(j: &Judging<'_>, s: &Step<'_>) -> Verdict {
    if s.conceded_game_goes_on.is_none() {
        return Verdict::Holds;
    }
    Verdict::broken_if(replaced(j, s).any(|i| {
        let f1 = &j.after.battlefields[i];
        !f1.token
            || f1.might != 0
            || (!s.resolved_any
                && staying_at(j, s, i).any(|(k, _, _, c1)| {
                    // The token gives nothing (above): its printed Might, its equipment's and
                    // its lasting effects' (719.5, 472.3).
                    c1.at.on_board() && c1.might != super::naive::might(j.catalog, j.after, k)
                }))
    }))
}

/// 652.2.b: units at a replaced battlefield stay there (unless they die of the damage they
/// had, or an item the removal let resolve moves them: 652.5.c.2).
pub fn units_did_not_move(j: &Judging<'_>, s: &Step<'_>) -> Verdict {
    Verdict::broken_if(
        s.conceded_game_goes_on.is_some()
            && !s.resolved_any
            && replaced(j, s).any(|i| {
                staying_at(j, s, i).any(|(_, _, c0, c1)| c1.at.on_board() && c1.at != c0.at)
            }),
    )
}

/// 651.1, 651.2: a concession ends the game exactly when one player or team is left, who
/// wins; or (467, 323.1) when, with the leaver gone, one of those left is at the Victory Score
/// with more points than every other side left (a tie at the Victory Score that the departure
/// breaks), who wins.
pub fn two_player_win(j: &Judging<'_>, s: &Step<'_>) -> Verdict {
    let Some(seat) = s.conceded else {
        return Verdict::Holds;
    };
    Verdict::broken_if(
        match one_side_left(j, s, seat).or_else(|| naive::ahead_on_points(j.catalog, j.after)) {
            Some(winners) => j.after.winners != Some(winners),
            None => j.after.winners.is_some(),
        },
    )
}

/// The players left when `seat` and their team leave, if they are one player or one team.
fn one_side_left(j: &Judging<'_>, s: &Step<'_>, seat: Seat) -> Option<riftcheck::SeatSet> {
    let mode = j.catalog.mode;
    let others = s.before.remaining.difference(mode.team_of(seat));
    others
        .lowest()
        .is_some_and(|o| mode.team_of(o).is_superset(others))
        .then_some(others)
}

/// 651.4: a concession removes the player, and with them their whole team.
pub fn team_removed(j: &Judging<'_>, s: &Step<'_>) -> Verdict {
    let Some(seat) = s.conceded else {
        return Verdict::Holds;
    };
    Verdict::broken_if(
        !s.leavers.contains(seat) || !s.leavers.is_superset(j.catalog.mode.team_of(seat)),
    )
}

/// Companion: a borrowed card leaves with its controller (652.1).
pub fn seen_borrowed_banished(j: &Judging<'_>, s: &Step<'_>) -> bool {
    s.conceded_game_goes_on.is_some() && borrowed(j, s).next().is_some()
}

/// Companion: a battlefield with a continuous effect is replaced while a unit of a remaining
/// player is there (652.2.c).
pub fn seen_battlefield_replaced(j: &Judging<'_>, s: &Step<'_>) -> bool {
    s.conceded_game_goes_on.is_some()
        && replaced(j, s)
            .any(|i| s.before.battlefields[i].might != 0 && staying_at(j, s, i).next().is_some())
}

/// Companion: a concession leaves one side, who wins (651.1).
pub fn seen_two_player_concession(j: &Judging<'_>, s: &Step<'_>) -> bool {
    s.conceded
        .is_some_and(|seat| one_side_left(j, s, seat).is_some())
}

/// Companion: a team concedes (651.4).
pub fn seen_team_concession(j: &Judging<'_>, s: &Step<'_>) -> bool {
    s.conceded.is_some() && j.catalog.mode.has_teams()
}

/// Who won, and who is gone.
pub fn winners(_: &Catalog, _: &View, after: &View) -> String {
    format!(
        "winners: {}; removed: {}",
        after.winners.map_or("none".to_string(), |w| w.to_string()),
        after.removed
    )
}
