//! The project's readings where the rules are silent or ambiguous (rules reference, section 3).
//!
//! Every policy has a name, a default and one place in the engine that implements it: the
//! function named after the policy in this module, or, for policies about the order of a
//! procedure, the function [`POLICIES`] points to. The table is also what `riftcheck policies`
//! prints and what the README lists.

use serde::{Deserialize, Serialize};

use crate::chain::Opener;
use crate::seat::{Seat, SeatSet};

/// A policy: its name, the rules it reads, what the engine does by default, and where.
#[derive(Clone, Copy, Debug)]
pub struct PolicyInfo {
    /// The policy's name, as the rules reference spells it.
    pub name: &'static str,
    /// The rules it interprets.
    pub rules: &'static str,
    /// What the engine does by default.
    pub default: &'static str,
    /// The function that implements it.
    pub implemented_by: &'static str,
}

/// Every policy of the rules reference, section 3, in its order.
pub const POLICIES: [PolicyInfo; 16] = [
    PolicyInfo {
        name: "focus-after-chain",
        rules: "340.2.a, 346, 346.1, 429.2.a, 337.1.c",
        default: "in a Showdown, a chain opened by a play passes Focus to the next remaining player \
                  when it empties, whether by resolution or by a removal countering its items; a \
                  chain opened by a trigger does not; an Add ability never opens a lasting chain",
        implemented_by: "policy::focus_after_chain",
    },
    PolicyInfo {
        name: "turn-player-leaves",
        rules: "652.5.a.1",
        default: "the Turn passes at once to the next remaining player, who takes over the Turn \
                  Player's decisions; if a chain or Showdown is in progress it finishes first, then \
                  that player's turn begins",
        implemented_by: "rules::removal::proceed_with_turn",
    },
    PolicyInfo {
        name: "pass-record",
        rules: "339, 347.3.a, 652.5.b.2, 652.5.c.2",
        default: "passes are a set of seats since the newest item was added (Priority) or the last \
                  play (Focus); adding or resolving an item starts a new set, countering does not; \
                  a removal deletes the leaver from the set and re-tests it",
        implemented_by: "policy::pass_record_complete",
    },
    PolicyInfo {
        name: "top-item-countered",
        rules: "652.4, 652.5.c",
        default: "when a removal counters the newest item, Priority stays with its holder unless \
                  the leaver held it, and nothing resolves unless every remaining player has passed",
        implemented_by: "rules::removal::proceed_with_priority",
    },
    PolicyInfo {
        name: "owned-spell-on-chain",
        rules: "652.3, 652.4",
        default: "a card the leaver owns on the chain under another player's control is removed \
                  from the game with the leaver's cards; an ability a remaining player controls is \
                  never countered because of its source's owner or former controller",
        implemented_by: "rules::removal::remove_owned_cards",
    },
    PolicyInfo {
        name: "leaver-battlefield-control",
        rules: "651.3, 187.4.c",
        default: "battlefields the leaver controlled become uncontrolled at once",
        implemented_by: "rules::removal::release_battlefields",
    },
    PolicyInfo {
        name: "token-battlefield",
        rules: "652.2, 438",
        default: "the token battlefield keeps the location, controller, contested status, staged \
                  fights and scoring record; it has no abilities and the old continuous effects \
                  stop at once; units there stay and Might is recomputed",
        implemented_by: "rules::removal::replace_battlefield",
    },
    PolicyInfo {
        name: "combat-with-one-side-gone",
        rules: "460.1, 461",
        default: "if the Attacker or Defender is removed the combat goes on: the Showdown \
                  continues until the remaining players pass, the damage step is skipped when a \
                  side has no units, and resolution follows 461",
        implemented_by: "rules::combat::finish_combat",
    },
    PolicyInfo {
        name: "defender-keeps-control",
        rules: "461.5, 464.1",
        default: "a Defender who already controlled the battlefield does not Conquer it again",
        implemented_by: "policy::conquers",
    },
    PolicyInfo {
        name: "combat-trigger-order",
        rules: "459.2.d.1, 383.3.d",
        default: "combat-start triggers are placed Attacker first, then each non-Defender in turn \
                  order after the Attacker, then the Defender last; other simultaneous triggers \
                  from the Turn Player on, in turn order",
        implemented_by: "policy::trigger_placement_order",
    },
    PolicyInfo {
        name: "leaver-choices",
        rules: "651.3",
        default: "choices the leaver would make are skipped, their waiting triggers never go on \
                  the chain, their turns are deleted, their points stop counting",
        implemented_by: "rules::removal::remove_player",
    },
    PolicyInfo {
        name: "teammate-destination",
        rules: "442.2.b, 442.2.c",
        default: "in Magma Chamber a battlefield occupied by your teammate's units is an invalid \
                  destination for any move of your units; an instructed move there becomes a Recall",
        implemented_by: "policy::teammate_blocks",
    },
    PolicyInfo {
        name: "concession-timing",
        rules: "650, 157.3",
        default: "a concession takes effect between atomic game actions; the removal procedure \
                  itself is atomic",
        implemented_by: "Game::apply",
    },
    PolicyInfo {
        name: "focus-passes-after-trigger-chain",
        rules: "346.1, 347.3.a",
        default: "a chain opened by triggers during a Showdown keeps the sequence of Focus passes; \
                  only plays and activations by players start a new one",
        implemented_by: "policy::focus_passes_survive",
    },
    PolicyInfo {
        name: "team-victory",
        rules: "651.1, 651.4, 484.6.a",
        default: "when every remaining player is on one team, that team wins at once",
        implemented_by: "policy::team_victory",
    },
    PolicyInfo {
        name: "next-player",
        rules: "652.5",
        default: "the next player in order is the next remaining seat after the removed one, in \
                  turn order",
        implemented_by: "policy::next_player",
    },
];

/// The readings a game is played under. Only policies with more than one implemented reading
/// appear here; the others are fixed at their default (see [`POLICIES`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub struct Policies {
    /// Policy `teammate-destination`.
    pub teammate_destination: TeammateDestination,
}

/// Policy `teammate-destination` (442.2.b, seed 003).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TeammateDestination {
    /// Seed 003: a battlefield occupied by your teammate's units is invalid for your units.
    #[default]
    Occupied,
    /// Core Rules 442.2.b: a battlefield controlled by your teammate is invalid.
    Controlled,
}

/// Policy `focus-after-chain` (340.2.a, 346, 346.1, 429.2.a): whether Focus passes when a chain
/// empties during a Showdown. A play-opened chain passes it, however it emptied; a trigger-opened
/// chain does not.
pub(crate) fn focus_after_chain(opened_by: Opener) -> bool {
    match opened_by {
        Opener::Play => true,
        Opener::Trigger => false,
    }
}

/// Policy `focus-passes-after-trigger-chain` (346.1, 347.3.a): whether the Focus passes made so
/// far survive a chain opened by `opened_by`. Plays and activations start a new sequence;
/// triggers do not.
pub(crate) fn focus_passes_survive(opened_by: Opener) -> bool {
    opened_by == Opener::Trigger
}

/// Policy `pass-record` (339, 347.3.a, 652.5.b.2, 652.5.c.2): a round of passes is complete when
/// every remaining seat is in the set of seats that passed. A count would let a departed
/// player's pass stand in for a remaining player's.
pub(crate) fn pass_record_complete(passed: SeatSet, remaining: SeatSet) -> bool {
    !remaining.is_empty() && passed.is_superset(remaining)
}

/// Policy `next-player` (652.5): the next remaining seat after `seat` in turn order; `seat` may
/// itself have just been removed.
pub(crate) fn next_player(remaining: SeatSet, seat: Seat) -> Option<Seat> {
    remaining.next_after(seat)
}

/// Policy `team-victory` (651.1, 651.4, 484.6.a): the winners, if the remaining players are one
/// player or one team.
pub(crate) fn team_victory(mode: crate::mode::Mode, remaining: SeatSet) -> Option<SeatSet> {
    let first = remaining.lowest()?;
    mode.team_of(first)
        .is_superset(remaining)
        .then_some(remaining)
}

/// Policy `defender-keeps-control` (461.5, 464.1): whether establishing control of a battlefield
/// is a Conquer. Only gaining control is; a player who already controlled it does not.
pub(crate) fn conquers(previous_controller: Option<Seat>, new_controller: Seat) -> bool {
    previous_controller != Some(new_controller)
}

/// Policy `combat-trigger-order` (459.2.d.1, 383.3.d): the order in which players place
/// simultaneous triggers. For combat-start triggers: the Attacker, then every non-Defender in
/// turn order after the Attacker, then the Defender. Otherwise: from the Turn Player on, in turn
/// order.
pub(crate) fn trigger_placement_order(
    remaining: SeatSet,
    turn_player: Seat,
    combat: Option<(Seat, Seat)>,
) -> Vec<Seat> {
    let mut order = Vec::with_capacity(4);
    match combat {
        Some((attacker, defender)) => {
            let mut seat = attacker;
            if remaining.contains(attacker) {
                order.push(attacker);
            }
            for _ in 0..4 {
                match remaining.next_after(seat) {
                    Some(next) if next != attacker && !order.contains(&next) => {
                        if next != defender {
                            order.push(next);
                        }
                        seat = next;
                    }
                    _ => break,
                }
            }
            if remaining.contains(defender) {
                order.push(defender);
            }
        }
        None => {
            let mut seat = turn_player;
            if remaining.contains(seat) {
                order.push(seat);
            }
            for _ in 0..4 {
                match remaining.next_after(seat) {
                    Some(next) if !order.contains(&next) => {
                        order.push(next);
                        seat = next;
                    }
                    _ => break,
                }
            }
        }
    }
    order
}

/// Policy `teammate-destination` (442.2.b, seed 003): whether `mover`'s unit may not go to a
/// battlefield because of a teammate, given who has units there and who controls it.
pub(crate) fn teammate_blocks(
    reading: TeammateDestination,
    teammate_units_there: bool,
    teammate_controls: bool,
) -> bool {
    match reading {
        TeammateDestination::Occupied => teammate_units_there,
        TeammateDestination::Controlled => teammate_controls,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seats(s: &str) -> SeatSet {
        s.chars()
            .map(|c| c.to_string().parse::<Seat>().unwrap())
            .collect()
    }

    #[test]
    fn a_attacks_c_in_war_places_a_b_d_c() {
        // Seed 003, "A attacks C in War".
        let order = trigger_placement_order(seats("ABCD"), Seat::A, Some((Seat::A, Seat::C)));
        assert_eq!(order, vec![Seat::A, Seat::B, Seat::D, Seat::C]);
    }

    #[test]
    fn combat_order_starts_after_the_attacker() {
        let order = trigger_placement_order(seats("ABCD"), Seat::A, Some((Seat::C, Seat::B)));
        assert_eq!(order, vec![Seat::C, Seat::D, Seat::A, Seat::B]);
    }

    #[test]
    fn other_triggers_start_with_the_turn_player() {
        let order = trigger_placement_order(seats("ACD"), Seat::C, None);
        assert_eq!(order, vec![Seat::C, Seat::D, Seat::A]);
    }

    #[test]
    fn a_removed_attacker_is_skipped_but_its_place_is_kept() {
        let order = trigger_placement_order(seats("BCD"), Seat::B, Some((Seat::A, Seat::C)));
        assert_eq!(order, vec![Seat::B, Seat::D, Seat::C]);
    }

    #[test]
    fn only_plays_start_a_new_round_of_focus_passes() {
        assert!(focus_passes_survive(Opener::Trigger));
        assert!(!focus_passes_survive(Opener::Play));
        assert!(focus_after_chain(Opener::Play));
        assert!(!focus_after_chain(Opener::Trigger));
    }

    #[test]
    fn one_team_left_wins() {
        use crate::mode::Mode;
        assert_eq!(
            team_victory(Mode::MagmaChamber, seats("BD")),
            Some(seats("BD"))
        );
        assert_eq!(team_victory(Mode::War, seats("BD")), None);
        assert_eq!(team_victory(Mode::War, seats("D")), Some(seats("D")));
    }

    #[test]
    fn every_policy_names_a_function_that_exists() {
        let sources = [
            ("policy", include_str!("policy.rs")),
            ("rules::removal", include_str!("rules/removal.rs")),
            ("rules::combat", include_str!("rules/combat.rs")),
            ("Game", include_str!("game.rs")),
        ];
        for p in POLICIES {
            let (module, function) = p.implemented_by.rsplit_once("::").unwrap();
            let (_, text) = sources
                .iter()
                .find(|(m, _)| *m == module)
                .unwrap_or_else(|| panic!("{}: unknown module {module}", p.name));
            assert!(
                text.contains(&format!("fn {function}(")),
                "{}: no function {function} in {module}",
                p.name
            );
        }
    }

    #[test]
    fn every_policy_is_listed_once() {
        let mut names: Vec<_> = POLICIES.iter().map(|p| p.name).collect();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), 16);
    }
}
