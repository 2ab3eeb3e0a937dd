//! Invariants of every reachable game, each naming its rule. They read the observation and the
//! catalog only.

use std::fmt;

use crate::card::{CardKind, Catalog};
use crate::observation::{Observation, Place};
use crate::readings::{LeaverBattlefieldControl, OwnedSpellOnChain, Readings, TeamVictory};
use crate::seat::SeatSet;

/// An invariant that does not hold, with the rule it breaks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    /// The rule.
    pub rule: &'static str,
    /// What is wrong.
    pub what: String,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.what, self.rule)
    }
}

/// Whether the seats left are one player, or one team (484): then the game would be over (651.1;
/// policy `team-victory`, whose reading `last-player-only` lets two teammates play on).
fn one_side_left(readings: &Readings, mode: crate::mode::Mode, remaining: SeatSet) -> bool {
    match readings.team_victory {
        TeamVictory::OneTeamWins => remaining
            .lowest()
            .is_some_and(|first| mode.team_of(first).is_superset(remaining)),
        TeamVictory::LastPlayerOnly => remaining.len() == 1,
    }
}

/// Every invariant that fails in `view`, under the project's readings of the policies.
pub fn invariants(catalog: &Catalog, view: &Observation) -> Vec<Violation> {
    invariants_under(catalog, &Readings::default(), view)
}

/// Every invariant that fails in `view` when the policies are read as `readings`. Only policies
/// are read (`team-victory`, `leaver-battlefield-control`, `owned-spell-on-chain`), none of which
/// has a rule fault, so a faulty engine's readings judge it as the rules would. Called on every
/// state the checker reaches: it reads the readings as given, without copying them.
pub fn invariants_under(
    catalog: &Catalog,
    readings: &Readings,
    view: &Observation,
) -> Vec<Violation> {
    let mut out = Vec::new();
    let over = holders(catalog, readings, view, &mut out);
    if !over {
        cards(catalog, readings, view, &mut out);
        battlefields(catalog, readings, view, &mut out);
    }
    out
}

/// Who is in, who holds what, the pass records and the Chain (651, 652.4-652.5, 304, 312-313,
/// 335, 339). Returns whether the game is over, when nothing else is checked.
fn holders(
    catalog: &Catalog,
    readings: &Readings,
    view: &Observation,
    out: &mut Vec<Violation>,
) -> bool {
    let mut fail = |rule: &'static str, what: String| out.push(Violation { rule, what });
    let remaining = view.remaining;
    let over = view.winners.is_some();
    if remaining.union(view.removed) != catalog.mode.seats()
        || !remaining.intersection(view.removed).is_empty()
    {
        fail(
            "651.3",
            format!(
                "seats in game {remaining:?} and removed {:?} do not partition the table",
                view.removed
            ),
        );
    }
    for (what, seat) in [
        ("Priority", view.priority),
        ("Focus", view.focus),
        ("the turn", view.turn),
        ("a choice", view.awaiting.map(|c| c.seat())),
        ("an invitation", view.invited),
    ] {
        if let Some(s) = seat
            && view.removed.contains(s)
        {
            fail("651.3", format!("{s} has left the game but holds {what}"));
        }
    }
    if over {
        if view.priority.is_some() || view.focus.is_some() {
            fail(
                "651.1",
                "the game is over but someone holds Priority or Focus".into(),
            );
        }
        return true;
    }
    if remaining.len() < 2 || one_side_left(readings, catalog.mode, remaining) {
        fail(
            "651.1",
            format!("the game goes on with only {remaining} left"),
        );
    }
    if view.turn.is_none() {
        fail("304", "no Turn Player".into());
    }
    if view.focus.is_some() != view.showdown.is_some() {
        fail("313.5", "Focus exists exactly during a Showdown".into());
    }
    if !remaining.is_superset(view.passed) || !remaining.is_superset(view.focus_passed) {
        fail(
            "652.5",
            "a departed player is still in a pass record".into(),
        );
    }
    if view.chain.is_empty() && view.waiting.is_empty() && !view.passed.is_empty() {
        fail("339", "passes recorded with no Chain".into());
    }
    if view.awaiting.is_some() && view.priority.is_some() {
        fail(
            "335.1",
            "someone has Priority while a choice is outstanding".into(),
        );
    }
    if view.awaiting.is_none() && view.priority.is_none() {
        fail(
            "312",
            "nobody can act: no Priority and no choice outstanding".into(),
        );
    }
    for item in &view.chain {
        if !remaining.contains(item.controller) {
            fail(
                "652.4",
                format!(
                    "an item controlled by {} (removed) is on the Chain",
                    item.controller
                ),
            );
        }
    }
    false
}

/// Where the cards are: a removed player's cards and tokens gone, Might shown exactly for units
/// on the board (652.1, 652.3, 183.1, 140, 708).
fn cards(catalog: &Catalog, readings: &Readings, view: &Observation, out: &mut Vec<Violation>) {
    let mut fail = |rule: &'static str, what: String| out.push(Violation { rule, what });
    // Policy `owned-spell-on-chain` read `controlled-only`: a leaver's spell another player
    // controls stays on the Chain, resolves, and goes to its owner's Trash.
    let spells_stay = readings.owned_spell_on_chain == OwnedSpellOnChain::ControlledOnly;
    for (i, card) in view.cards.iter().enumerate() {
        let def = &catalog.cards[i];
        let gone = view.removed.contains(def.owner);
        let stayed = spells_stay
            && def.kind == CardKind::Spell
            && matches!(card.at, Place::Chain | Place::Trash(_));
        if gone && !stayed && !matches!(card.at, Place::Removed | Place::Nowhere) {
            fail(
                "652.3",
                format!(
                    "{} belongs to a removed player but is not removed from the game",
                    def.name
                ),
            );
        }
        if card.at.on_board() && view.removed.contains(card.controller) {
            fail(
                "652.1",
                format!(
                    "{} is on the board under a removed player's control",
                    def.name
                ),
            );
        }
        if def.token
            && matches!(
                card.at,
                Place::Trash(_) | Place::Banishment(_) | Place::Hand(_)
            )
        {
            fail(
                "183.1",
                format!("the token {} is off the board but still exists", def.name),
            );
        }
        let might_shown = card.might.is_some();
        let is_unit_on_board =
            def.kind == CardKind::Unit && matches!(card.at, Place::Base(_) | Place::Field(_));
        if might_shown != is_unit_on_board {
            fail(
                "140",
                format!("{} shows Might off the board, or none on it", def.name),
            );
        }
        if card.mighty != card.might.is_some_and(|m| m >= 5) {
            fail(
                "708",
                format!("{} is Mighty exactly when its Might is 5 or more", def.name),
            );
        }
    }
}

/// The battlefields: a removed player's become tokens and lose control, and never units of three
/// players at one (652.2, 651.3, 444.2). Read `at-next-cleanup` (policy
/// `leaver-battlefield-control`), a removed player may still control one for a while.
fn battlefields(
    catalog: &Catalog,
    readings: &Readings,
    view: &Observation,
    out: &mut Vec<Violation>,
) {
    let mut fail = |rule: &'static str, what: String| out.push(Violation { rule, what });
    for (i, bf) in view.battlefields.iter().enumerate() {
        let def = &catalog.battlefields[i];
        if view.removed.contains(def.contributor) && (!bf.token || bf.might != 0) {
            fail(
                "652.2",
                format!(
                    "{} was contributed by a removed player but is not a token with no abilities",
                    def.name
                ),
            );
        }
        if let Some(c) = bf.controller
            && view.removed.contains(c)
            && readings.leaver_battlefield_control == LeaverBattlefieldControl::AtOnce
        {
            fail(
                "651.3",
                format!("{} is controlled by a removed player", def.name),
            );
        }
        let players: SeatSet = view
            .cards
            .iter()
            .enumerate()
            .filter(|(j, c)| {
                catalog.cards[*j].kind == CardKind::Unit
                    && c.at == Place::Field(crate::card::BattlefieldId::from_index(i))
            })
            .map(|(_, c)| c.controller)
            .collect();
        if players.len() > 2 {
            fail("444.2", format!("units of {players} are at {}", def.name));
        }
    }
}
