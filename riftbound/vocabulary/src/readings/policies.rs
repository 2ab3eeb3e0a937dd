//! The project's policies (rules reference, section 3): what each reads, what the engine does
//! by default, and where.

/// A policy of the rules reference, section 3: its name, the rules it reads, what the engine
/// does by default, and the function that implements it.
#[derive(Clone, Copy, Debug)]
pub struct PolicyInfo {
    /// The policy's name, as the rules reference spells it.
    pub name: &'static str,
    /// The rules it interprets.
    pub rules: &'static str,
    /// What the engine does by default.
    pub default: &'static str,
    /// The function of the reference engine that implements it.
    pub implemented_by: &'static str,
}

/// Every policy of the rules reference, section 3, in its order.
pub const POLICIES: [PolicyInfo; 17] = [
    PolicyInfo {
        name: "focus-after-chain",
        rules: "340.2.a, 346, 346.1, 429.2.a, 337.1.c",
        default: "in a Showdown, a chain opened by a play passes Focus to the next remaining player \
                  when it empties, whether by resolution or by a removal countering its items; a \
                  chain opened by a trigger does not; an Add ability never opens a lasting chain",
        implemented_by: "game::policy::focus_after_chain",
    },
    PolicyInfo {
        name: "turn-player-leaves",
        rules: "652.5.a.1",
        default: "the Turn passes at once to the next remaining player, who takes over the Turn \
                  Player's decisions; if a chain or Showdown is in progress it finishes first, then \
                  that player's turn begins",
        implemented_by: "game::policy::turn_after_removal",
    },
    PolicyInfo {
        name: "pass-record",
        rules: "339, 347.3.a, 652.5.b.2, 652.5.c.2",
        default: "passes are a set of seats since the newest item was added (Priority) or the last \
                  play (Focus); adding or resolving an item starts a new set, countering does not; \
                  a removal deletes the leaver from the set and re-tests it",
        implemented_by: "game::policy::round_complete",
    },
    PolicyInfo {
        name: "top-item-countered",
        rules: "652.4, 652.5.c",
        default: "when a removal counters the newest item, Priority stays with its holder unless \
                  the leaver held it, and nothing resolves unless every remaining player has passed",
        implemented_by: "game::policy::top_item_countered",
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
        implemented_by: "game::policy::conquers",
    },
    PolicyInfo {
        name: "combat-trigger-order",
        rules: "459.2.d.1, 383.3.d",
        default: "combat-start triggers are placed Attacker first, then each non-Defender in turn \
                  order after the Attacker, then the Defender last; other simultaneous triggers \
                  from the Turn Player on, in turn order",
        implemented_by: "game::policy::trigger_placement_order",
    },
    PolicyInfo {
        name: "leaver-choices",
        rules: "651.3",
        default: "choices the leaver would make are skipped, their waiting triggers never go on \
                  the chain, their turns are deleted, their points stop counting",
        implemented_by: "game::policy::leaver_choices_go_to",
    },
    PolicyInfo {
        name: "teammate-destination",
        rules: "442.2.b, 442.2.c",
        default: "in Magma Chamber a battlefield occupied by your teammate's units is an invalid \
                  destination for any move of your units; an instructed move there becomes a Recall",
        implemented_by: "game::policy::teammate_blocks",
    },
    PolicyInfo {
        name: "concession-timing",
        rules: "650, 157.3",
        default: "a concession takes effect between atomic game actions; the removal procedure \
                  itself is atomic",
        implemented_by: "rules::removal::concede",
    },
    PolicyInfo {
        name: "focus-passes-after-trigger-chain",
        rules: "346.1, 347.3.a",
        default: "a chain opened by triggers during a Showdown keeps the sequence of Focus passes; \
                  only plays and activations by players start a new one",
        implemented_by: "game::policy::focus_passes_survive",
    },
    PolicyInfo {
        name: "team-victory",
        rules: "651.1, 651.4, 484.6.a",
        default: "when every remaining player is on one team, that team wins at once",
        implemented_by: "game::policy::team_victory",
    },
    PolicyInfo {
        name: "next-player",
        rules: "652.5",
        default: "the next player in order is the next remaining seat after the removed one, in \
                  turn order",
        implemented_by: "game::policy::next_player",
    },
    PolicyInfo {
        name: "leaver-durations",
        rules: "651.3, 652, 317, 315",
        default: "the lasting effects of a player who leaves end at once, on whatever unit they \
                  are; \"this turn\" effects of a turn handed on by a removal end as the next \
                  turn begins",
        implemented_by: "game::policy::leaver_durations_end",
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_policy_is_listed_once() {
        let mut names: Vec<_> = POLICIES.iter().map(|p| p.name).collect();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), 17);
    }
}
