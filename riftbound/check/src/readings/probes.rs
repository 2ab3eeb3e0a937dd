//! Starting positions for setting two readings of a policy side by side: the default
//! configurations, and the positions of the scenario files written for each policy
//! (`tests/scenarios/policies/`), built into the binary. Where the catalog of the default
//! configurations cannot separate two readings, the position a policy's own scenario sets up
//! may (a borrowed spell on the Chain, 652.3; a non-Turn Player as Attacker, 459.2.d.1).

use riftcheck::Setup;
use riftcheck::mode::Mode;
use riftcheck::scenario::Scenario;

use crate::bounds::Bounds;
use crate::configs::Config;

/// A position to search from: a name for the reports, the setup and the bounds.
#[derive(Clone, Debug)]
pub struct Start {
    /// `war/chain`, or `scenario policies/owned_spell_on_chain.toml`.
    pub name: String,
    /// The mode, which decides the policies that apply.
    pub mode: Mode,
    /// The starting position.
    pub setup: Setup,
    /// The bounds of the search.
    pub bounds: Bounds,
}

/// The default configurations, as positions to search from, at their default bounds or (`quick`)
/// at the quick bounds of `check --quick`.
pub fn defaults(quick: bool) -> Vec<Start> {
    let all = crate::configs::all();
    if quick {
        all.iter().map(Start::quick).collect()
    } else {
        all.iter().map(Start::of).collect()
    }
}

impl Start {
    /// A default configuration, at its default bounds.
    pub fn of(c: &Config) -> Start {
        Start {
            name: c.name(),
            mode: c.mode,
            setup: c.setup.clone(),
            bounds: c.bounds,
        }
    }

    /// A default configuration, at its quick bounds (`check --quick`).
    pub fn quick(c: &Config) -> Start {
        Start {
            bounds: c.quick,
            ..Start::of(c)
        }
    }
}

macro_rules! probe {
    ($file:literal) => {
        (
            $file,
            include_str!(concat!(
                "../../../../tests/scenarios/policies/",
                $file,
                ".toml"
            )),
        )
    };
}

/// The scenario files of `tests/scenarios/policies/`, by file stem.
const SCENARIOS: &[(&str, &str)] = &[
    probe!("combat_trigger_order"),
    probe!("combat_with_one_side_gone"),
    probe!("combat_with_one_side_gone_combat_ends"),
    probe!("concession_timing"),
    probe!("defender_keeps_control"),
    probe!("defender_keeps_control_defender_conquers"),
    probe!("focus_after_chain"),
    probe!("focus_after_chain_countered_does_not_pass"),
    probe!("focus_after_chain_extended_trigger_chain_passes"),
    probe!("focus_passes_after_trigger_chain"),
    probe!("focus_passes_after_trigger_chain_trigger_chain_resets"),
    probe!("leaver_battlefield_control"),
    probe!("leaver_battlefield_control_at_next_cleanup"),
    probe!("leaver_choices"),
    probe!("leaver_choices_next_player_chooses"),
    probe!("next_player"),
    probe!("owned_spell_on_chain"),
    probe!("owned_spell_on_chain_controlled_only"),
    probe!("pass_record"),
    probe!("team_victory"),
    probe!("team_victory_last_player_only"),
    probe!("teammate_destination"),
    probe!("token_battlefield"),
    probe!("token_battlefield_uncontrolled_token"),
    probe!("top_item_countered"),
    probe!("top_item_countered_fresh_round"),
    probe!("turn_player_leaves"),
];

/// The bounds of a search from a policy's scenario: a few turns, two concessions.
fn probe_bounds() -> Bounds {
    Bounds {
        turns: 2,
        concessions: 2,
        ..Bounds::default()
    }
}

/// The positions of the scenario files written for `policy` (`turn-player-leaves` reads
/// `turn_player_leaves.toml` and `turn_player_leaves_*.toml`), in file order, each under the
/// project's reading of the policy (a scenario pinning another reading is set back to it).
pub fn probes(policy: &str) -> Vec<Start> {
    let stem = policy.replace('-', "_");
    SCENARIOS
        .iter()
        .filter(|(file, _)| {
            *file == stem
                || file
                    .strip_prefix(stem.as_str())
                    .is_some_and(|r| r.starts_with('_'))
        })
        .filter_map(|(file, text)| {
            let mut s = Scenario::parse(text).ok()?;
            let default = riftcheck::Readings::default().get(policy)?;
            s.setup.readings.set(policy, default).ok()?;
            Some(Start {
                name: format!("scenario policies/{file}.toml"),
                mode: s.setup.mode,
                setup: s.setup,
                bounds: probe_bounds(),
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_policy_scenario_is_built_in_and_reads() {
        let dir = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../tests/scenarios/policies"
        );
        let mut on_disk: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .filter_map(|e| {
                let name = e.ok()?.file_name().into_string().ok()?;
                Some(name.strip_suffix(".toml")?.to_string())
            })
            .collect();
        on_disk.sort();
        let built_in: Vec<&str> = SCENARIOS.iter().map(|(f, _)| *f).collect();
        assert_eq!(
            on_disk, built_in,
            "SCENARIOS lists tests/scenarios/policies/"
        );
        for (file, text) in SCENARIOS {
            assert!(Scenario::parse(text).is_ok(), "{file}");
        }
        assert_eq!(probes("owned-spell-on-chain").len(), 2);
        assert_eq!(probes("focus-after-chain").len(), 3);
    }
}
