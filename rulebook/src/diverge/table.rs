//! The situations compared: each the same moment at a multiplayer table, shown by a Riftbound
//! scenario file and an MTG scenario file (embedded here, so that `riftcheck diverge` runs from
//! any directory), with the reader that tells each side's outcome from its replay.

use riftcheck::mtg::scenario::{MtgReplay, MtgScenario};
use riftcheck::scenario::Replay;

use super::magic as m;
use super::outcome::Outcome;
use super::riftbound as rb;

/// Riftbound's side: a scenario file under `tests/scenarios/`, the rules it turns on, and how
/// its outcome is read.
pub struct RiftSide {
    /// The file, from the repository's root.
    pub file: &'static str,
    /// Its text.
    pub text: &'static str,
    /// The rules (and policy) the outcome turns on.
    pub rules: &'static [&'static str],
    /// Reads the outcome from the replay.
    pub read: fn(&Replay) -> Result<Outcome, String>,
}

/// MTG's side: a scenario file under `tests/mtg/scenarios/`, the rules, and the reader.
pub struct MtgSide {
    /// The file, from the repository's root.
    pub file: &'static str,
    /// Its text.
    pub text: &'static str,
    /// The rules the outcome turns on.
    pub rules: &'static [&'static str],
    /// Reads the outcome from the replay.
    pub read: fn(&MtgScenario, &MtgReplay) -> Result<Outcome, String>,
}

/// One situation under both rulebooks.
pub struct Situation {
    /// A short key (`borrowed-unit`).
    pub key: &'static str,
    /// The situation in a sentence.
    pub title: &'static str,
    /// Riftbound 651-652.
    pub riftbound: RiftSide,
    /// MTG 800.4.
    pub mtg: MtgSide,
}

macro_rules! rift {
    ($path:literal, [$($rule:literal),*], $read:expr) => {
        RiftSide {
            file: concat!("tests/scenarios/", $path),
            text: include_str!(concat!("../../../tests/scenarios/", $path)),
            rules: &[$($rule),*],
            read: $read,
        }
    };
}

macro_rules! mtg {
    ($path:literal, [$($rule:literal),*], $read:expr) => {
        MtgSide {
            file: concat!("tests/mtg/scenarios/", $path),
            text: include_str!(concat!("../../../tests/mtg/scenarios/", $path)),
            rules: &[$($rule),*],
            read: $read,
        }
    };
}

/// Every situation, in the order the report gives them.
pub fn situations() -> Vec<Situation> {
    let mut v = control();
    v.extend(objects());
    v.extend(turns());
    v
}

/// Cards one player owns and another controls.
fn control() -> Vec<Situation> {
    vec![
        Situation {
            key: "borrowed-unit",
            title: "A borrowed unit / stolen creature; its borrower leaves",
            riftbound: rift!("seed_000/two_borrowed_units.toml", ["652.1", "427"], |r| {
                rb::fate(r, "Yordle Scout")
            }),
            mtg: mtg!(
                "seed_004_mind_control_alex_leaves.toml",
                ["800.4a"],
                |s, r| { m::fate(s, r, "Assault Griffin") }
            ),
        },
        Situation {
            key: "taken-this-turn",
            title: "A unit taken for the turn (Act of Treason); its taker leaves",
            riftbound: rift!(
                "diverge/a_unit_taken_on_the_takers_turn.toml",
                ["652.1", "056"],
                |r| rb::fate(r, "Scout")
            ),
            mtg: mtg!(
                "seed_004_act_of_treason_alex_leaves.toml",
                ["800.4a"],
                |s, r| { m::fate(s, r, "Runeclaw Bears") }
            ),
        },
        Situation {
            key: "owner-leaves",
            title: "The owner of a borrowed unit leaves",
            riftbound: rift!(
                "seed_000/two_borrowed_units.toml",
                ["652.1", "652.3"],
                |r| { rb::fate(r, "Marsh Brute") }
            ),
            mtg: mtg!(
                "seed_004_mind_control_bianca_leaves.toml",
                ["800.4a"],
                |s, r| { m::fate(s, r, "Assault Griffin") }
            ),
        },
        Situation {
            key: "put-under-leaver",
            title: "A card put onto the board under the leaver (Bribery)",
            riftbound: rift!(
                "seed_001/removal_banishes_and_removes.toml",
                ["652.1"],
                |r| { rb::fate(r, "Fury Rune") }
            ),
            mtg: mtg!("seed_004_bribery_alex_leaves.toml", ["800.4a"], |s, r| {
                m::fate(s, r, "Serra Angel")
            }),
        },
        Situation {
            key: "entered-under-leaver",
            title: "A card that entered under the leaver, now a third player's",
            riftbound: rift!(
                "diverge/a_unit_the_leaver_put_on_the_board.toml",
                ["652.1", "188"],
                |r| rb::fate(r, "Angel")
            ),
            mtg: mtg!(
                "800_4c_act_of_treason_on_bribed_creature.toml",
                ["800.4c", "514.2"],
                |s, r| m::fate(s, r, "Serra Angel")
            ),
        },
    ]
}

/// Tokens, the leaver's own permanents and cards, and their items.
fn objects() -> Vec<Situation> {
    vec![
        Situation {
            key: "leavers-token",
            title: "A token the leaver owns",
            riftbound: rift!("diverge/a_leavers_token.toml", ["652.1", "183.1"], |r| {
                rb::fate(r, "Whelp")
            }),
            mtg: mtg!(
                "seed_004_genesis_chamber_alex_leaves.toml",
                ["800.4a", "111.2"],
                |s, r| m::fate(s, r, "Myr token 1")
            ),
        },
        Situation {
            key: "contributed-permanent",
            title: "The leaver's permanent that serves others (a battlefield)",
            riftbound: rift!(
                "seed_000/plus_one_might_battlefield.toml",
                ["652.2.a", "652.2.b", "652.2.c"],
                rb::battlefield_replaced
            ),
            mtg: mtg!(
                "seed_004_genesis_chamber_alex_leaves.toml",
                ["800.4a"],
                |s, r| { m::fate(s, r, "Genesis Chamber") }
            ),
        },
        Situation {
            key: "cards-out-of-play",
            title: "The leaver's cards out of play (hand, Trash, ante)",
            riftbound: rift!(
                "seed_001/removal_banishes_and_removes.toml",
                ["652.3"],
                rb::everything_owned_leaves
            ),
            mtg: mtg!("800_4m_ante_stays.toml", ["800.4m", "800.4a"], |s, r| {
                m::fate(s, r, "Assault Griffin")
            }),
        },
        Situation {
            key: "item-on-chain",
            title: "The leaver's item on the Chain / stack",
            riftbound: rift!(
                "seed_000/a_response_disappears.toml",
                ["652.4", "652.3"],
                rb::leavers_item
            ),
            mtg: mtg!("800_4a_triggers_cease.toml", ["800.4a"], m::item_ceases),
        },
    ]
}

/// Turns, Priority, choices, durations, triggers, combat and the end of the game.
fn turns() -> Vec<Situation> {
    vec![
        Situation {
            key: "priority-holder",
            title: "The leaver held Priority",
            riftbound: rift!(
                "seed_001/priority_holder_concedes.toml",
                ["652.5.c.1", "339"],
                rb::priority_passes_on
            ),
            mtg: mtg!(
                "800_4a_priority_passes_on.toml",
                ["800.4a", "117.4"],
                m::priority_passes_on
            ),
        },
        Situation {
            key: "turn-player-leaves",
            title: "The Turn Player / active player leaves mid-turn",
            riftbound: rift!(
                "seed_001/turn_player_concedes.toml",
                ["652.5.a.1", "315"],
                rb::turn_handed_on
            ),
            mtg: mtg!(
                "800_4i_active_player_leaves.toml",
                ["800.4i"],
                m::turn_goes_on
            ),
        },
        Situation {
            key: "leavers-turn",
            title: "The leaver's turn comes round",
            riftbound: rift!(
                "seed_000/two_borrowed_units.toml",
                ["651.3", "317.3"],
                rb::turn_never_comes
            ),
            mtg: mtg!(
                "800_4j_leaver_turn_skipped.toml",
                ["800.4j"],
                m::turn_skipped
            ),
        },
        Situation {
            key: "leavers-choice",
            title: "A choice the leaver was about to make",
            riftbound: rift!(
                "policies/leaver_choices.toml",
                ["651.3", "383.3.d"],
                rb::choice_skipped
            ),
            mtg: mtg!("800_4g_rule_choice_moves.toml", ["800.4g"], m::choice_moves),
        },
        Situation {
            key: "until-next-turn",
            title: "The leaver's effect \"until your next turn\"",
            riftbound: rift!(
                "durations/a_leavers_effects_end_at_once.toml",
                ["651.3", "472.3"],
                rb::duration_ends
            ),
            mtg: mtg!(
                "800_4k_chronomantic_escape.toml",
                ["800.4k", "800.4j"],
                m::lasts_until_turn
            ),
        },
        Situation {
            key: "leavers-trigger",
            title: "The leaver's trigger waiting for the Chain / stack",
            riftbound: rift!(
                "policies/leaver_choices.toml",
                ["651.3", "383.3.d"],
                rb::triggers_never_put
            ),
            mtg: mtg!(
                "seed_004_astral_slide_bianca_leaves.toml",
                ["800.4d"],
                m::trigger_not_put
            ),
        },
        Situation {
            key: "combat",
            title: "Combat against a player who leaves",
            riftbound: rift!(
                "policies/combat_with_one_side_gone.toml",
                ["460.1", "461", "465"],
                rb::combat_won_anyway
            ),
            mtg: mtg!(
                "800_4e_attack_on_conceder.toml",
                ["800.4e"],
                m::damage_not_assigned
            ),
        },
        Situation {
            key: "two-players",
            title: "One of two players leaves",
            riftbound: rift!(
                "seed_001/duel_concession.toml",
                ["651.1"],
                rb::last_player_wins
            ),
            mtg: mtg!(
                "800_4a_two_players_game_over.toml",
                ["104.2a", "104.3a"],
                m::last_player_wins
            ),
        },
    ]
}
