//! MTG as the command line checks it ([`Checkable`]): `check`'s filters, bounds and fault read
//! into the MTG configurations and their models, a built-in configuration as a scenario file,
//! the walks of `simulate` and the faults listed. The MTG configurations are free-for-all tables
//! of 3 and 4 players, so `--mode skirmish` and `--mode war` select them by size.

use std::path::{Path, PathBuf};

use riftcheck::mtg::spec::MtgSpec;
use riftcheck::mtg::{Action, MtgFault, MtgGame, MtgReadings};
use riftcheck_checker::plan::{Asked, Checkable, Entry, Plan, Walked, bound_values};
use riftcheck_checker::readings::{Asked as ReadingsAsked, PropOf, Read, Readable};
use riftcheck_checker::search::Limits;

use crate::MtgModel;
use crate::configs::{self, MtgConfig};

/// MTG, for the command line.
pub struct MtgCheck;

/// An MTG fault by its key (`riftcheck faults --ruleset mtg`), if one is given.
///
/// # Errors
///
/// No MTG fault is called that: the message names them all.
pub fn fault(name: Option<&str>) -> Result<Option<MtgFault>, String> {
    name.map(|n| {
        MtgFault::from_key(n).ok_or_else(|| {
            let names: Vec<&str> = MtgFault::ALL.iter().map(|f| f.key()).collect();
            format!(
                "--fault {n}: no MTG fault is called that; they are: {}",
                names.join(", ")
            )
        })
    })
    .transpose()
}

/// MTG bounds (`turns=4,concessions=3`) of the `allowed` kinds only, as (turns, concessions)
/// over the defaults 1 and 1 (an MTG game's turns are the turns that may begin after the
/// first; it has no invitations).
///
/// # Errors
///
/// Not bounds, or a bound not allowed.
pub fn bounds(text: &str, allowed: &[&str]) -> Result<(u8, u8), String> {
    let (mut turns, mut concessions) = (1, 1);
    for (key, value) in bound_values(text, &[])? {
        let n = value.unwrap_or_default();
        match key {
            k if !allowed.contains(&k) => {
                return Err(format!(
                    "{k}: an MTG game is bounded by {} only",
                    allowed.join(" and ")
                ));
            }
            "turns" => turns = n,
            _ => concessions = n,
        }
    }
    Ok((turns, concessions))
}

/// The concessions `--bounds` allows an MTG check or conform run: its one bound (the turns are
/// the setup's).
///
/// # Errors
///
/// Not bounds, or a bound other than concessions.
pub fn concessions(text: &str) -> Result<u8, String> {
    bounds(text, &["concessions"])
        .map(|(_, c)| c)
        .map_err(|e| format!("{e} (its turns are the setup's `turns`)"))
}

/// The table sizes `--mode` and `--players` leave (none: every size). Riftbound's Skirmish and
/// War are its free-for-all tables of 3 and 4 (rules 103.1-103.2), as the MTG ones are.
fn sizes(mode: &[String], players: &[usize]) -> Result<Vec<usize>, String> {
    if let Some(p) = players.iter().find(|p| !(3..=4).contains(*p)) {
        return Err(format!(
            "--players {p}: the MTG configurations have 3 or 4 players"
        ));
    }
    let mut by_mode = Vec::new();
    for m in mode {
        match m.as_str() {
            "skirmish" => by_mode.push(3),
            "war" => by_mode.push(4),
            "duel" | "magma-chamber" => {
                return Err(format!(
                    "--mode {m}: the MTG configurations are free-for-all tables of 3 players \
                     (skirmish) and 4 (war)"
                ));
            }
            _ => {
                return Err(format!(
                    "--mode {m}: no such mode; the modes are duel, skirmish, war, magma-chamber"
                ));
            }
        }
    }
    Ok(match (players.is_empty(), by_mode.is_empty()) {
        (true, _) => by_mode,
        (false, true) => players.to_vec(),
        (false, false) => {
            let both: Vec<usize> = by_mode
                .into_iter()
                .filter(|n| players.contains(n))
                .collect();
            if both.is_empty() {
                return Err("--mode and --players leave no MTG configuration".into());
            }
            both
        }
    })
}

/// The built-in MTG configurations `--mode`, `--players` and `--family` leave, for `check` and
/// `conform` alike.
///
/// # Errors
///
/// A mode, table size or family MTG does not have, or filters that leave nothing.
pub fn built_in(
    mode: &[String],
    players: &[usize],
    family: &[String],
) -> Result<Vec<MtgConfig>, String> {
    if let Some(f) = family
        .iter()
        .find(|f| !configs::FAMILIES.contains(&f.as_str()))
    {
        return Err(format!(
            "--family {f}: the MTG families are {}",
            configs::FAMILIES.join(", ")
        ));
    }
    let sizes = sizes(mode, players)?;
    Ok(configs::all()
        .into_iter()
        .filter(|c| sizes.is_empty() || sizes.contains(&usize::from(c.setup.players)))
        .filter(|c| family.is_empty() || family.iter().any(|f| f == c.family))
        .collect())
}

/// The configurations asked for: the built-in ones the filters leave, or the scenario files'
/// setups, each with the concessions `--bounds` or `--quick` allow.
fn configurations(asked: &Asked<'_>) -> Result<Vec<MtgConfig>, String> {
    asked.no_filters_with_files()?;
    let mut out: Vec<MtgConfig> = if asked.files.is_empty() {
        built_in(asked.mode, asked.players, asked.family)?
    } else {
        scenario_configs(asked.files)?
    };
    // --quick is one concession; bounds given beside it win, as over Riftbound's quick bounds.
    let concessions = match asked.bounds.map(concessions) {
        Some(Ok(n)) => Some(n),
        Some(Err(e)) => return Err(format!("--bounds {e}")),
        None => asked.quick.then_some(1),
    };
    if let Some(n) = concessions {
        for c in &mut out {
            c.concessions = n;
        }
    }
    Ok(out)
}

/// The setups of MTG scenario files as configurations, each named by its file, with one
/// concession allowed.
fn scenario_configs(files: &[PathBuf]) -> Result<Vec<MtgConfig>, String> {
    files
        .iter()
        .map(|path| {
            let s = riftcheck::mtg::scenario::MtgScenario::load(path).map_err(|e| e.to_string())?;
            Ok(MtgConfig {
                name: path.display().to_string(),
                family: "file",
                setup: s.setup,
                concessions: 1,
            })
        })
        .collect()
}

impl Checkable for MtgCheck {
    const KEY: &'static str = "mtg";
    type Model = MtgModel<MtgGame, MtgSpec>;

    fn plan(asked: &Asked<'_>) -> Result<Plan<'static, Self::Model>, String> {
        if let Some(p) = asked.policies.first() {
            return Err(format!(
                "--policy {p}: the MTG ruleset has no policies to read otherwise (800.4 is read \
                 one way); `riftcheck policies` lists Riftbound's"
            ));
        }
        let fault = fault(asked.fault)?;
        let all = configurations(asked)?;
        let entries = (all.iter())
            .map(|c| {
                let bounds = serde_json::json!({
                    "turns": c.setup.turns,
                    "concessions": c.concessions,
                    "invites": null,
                });
                Entry {
                    name: c.name.clone(),
                    family: c.family.to_string(),
                    line: c.name.clone(),
                    listed: serde_json::json!({
                        "name": c.name,
                        "family": c.family,
                        "players": c.setup.players,
                        "bounds": bounds,
                    }),
                    bounds,
                }
            })
            .collect();
        let model_of = move |i: usize| {
            let c: &MtgConfig = &all[i];
            MtgModel::<MtgGame, MtgSpec>::new(c.setup.clone(), c.concessions, fault)
                .map(|m| m.named(&c.name))
                .map_err(|e| format!("{}: {e}", c.name))
        };
        Ok(Plan {
            ruleset: Self::KEY,
            entries,
            model_of: Box::new(model_of),
            fault: fault.map(MtgFault::key),
            of: serde_json::json!({
                "bounds": asked.bounds,
                "quick": asked.quick,
                "fault": asked.fault,
            }),
        })
    }

    fn print(name: &str) -> Result<String, String> {
        let c = configs::named(name).ok_or_else(|| {
            format!(
                "no MTG configuration is called `{name}`; `riftcheck check --ruleset mtg --list` \
                 shows them"
            )
        })?;
        Ok(riftcheck::mtg::scenario::write::setup_scenario(
            &c.name, &c.setup,
        ))
    }

    /// Walks from `file`'s setup (none: every built-in MTG configuration), `turns` more turns
    /// and `concessions` concessions allowed (`--bounds turns=T,concessions=N`, default 4 and
    /// 3); a violation shortened to the shortest path where a breadth-first search finds it
    /// within two million states.
    fn walked(
        file: Option<&Path>,
        text: Option<&str>,
        fault: Option<&str>,
    ) -> Result<Walked<Self::Model>, String> {
        let fault = self::fault(fault)?;
        let (turns, concessions) = bounds(
            text.unwrap_or("turns=4,concessions=3"),
            &["turns", "concessions"],
        )
        .map_err(|e| format!("--bounds {e}"))?;
        let targets = match file {
            Some(path) => {
                let s =
                    riftcheck::mtg::scenario::MtgScenario::load(path).map_err(|e| e.to_string())?;
                vec![(path.display().to_string(), s.setup)]
            }
            None => configs::all()
                .into_iter()
                .map(|c| (c.name, c.setup))
                .collect(),
        };
        let models = targets.into_iter().map(move |(name, mut setup)| {
            setup.turns = turns;
            MtgModel::<MtgGame, MtgSpec>::new(setup, concessions, fault)
                .map(|m| m.named(&name))
                .map_err(|e| format!("{name}: {e}"))
        });
        Ok(Walked {
            models: Box::new(models),
            rare: |a: &Action| matches!(a, Action::Concede { .. }),
            shortest: Some(Limits {
                max_states: Some(2_000_000),
                ..Limits::default()
            }),
        })
    }

    /// 800.4 leaves nothing to the project's choice, so MTG has no policies; its readings are
    /// the book's, each other reading of a point a fault.
    fn policies() -> Vec<String> {
        // Which fault reads each point otherwise, and how.
        let faulty: Vec<(MtgFault, (&str, &str))> = (MtgFault::ALL.iter())
            .flat_map(|&f| {
                let read = MtgReadings::default().with_fault(Some(f)).points();
                let book = MtgReadings::default().points();
                read.into_iter()
                    .zip(book)
                    .filter(|(r, b)| r != b)
                    .map(move |(r, _)| (f, r))
            })
            .collect();
        let mut out = vec![
            "MTG's 800.4 leaves nothing to the project's choice: no policies.\n".to_string(),
            "readings (the first is the book's; every other is a fault, a reading known to be \
             wrong):"
                .to_string(),
        ];
        for &(point, readings) in riftcheck::mtg::readings::POINTS {
            let rules: Vec<&str> = (faulty.iter())
                .filter(|(_, (p, _))| *p == point)
                .map(|(f, _)| f.rule())
                .collect();
            let rules = rules.first().map_or(String::new(), |r| format!(" ({r})"));
            out.push(format!("  {point}{rules}"));
            for &reading in readings {
                let fault = (faulty.iter())
                    .find(|(_, r)| *r == (point, reading))
                    .map_or(String::new(), |(f, _)| format!(" [fault {}]", f.key()));
                out.push(format!("    {reading}{fault}"));
            }
        }
        out
    }

    fn faults() -> Vec<String> {
        (MtgFault::ALL.iter())
            .map(|&f| {
                format!(
                    "{:22} ({}) {}; breaks: {}",
                    f.key(),
                    f.rule(),
                    f.what(),
                    crate::properties::broken_by(f).text()
                )
            })
            .collect()
    }
}

impl Readable for MtgCheck {
    /// 800.4 leaves nothing to the project's choice, so MTG has no policy to set beside its
    /// other readings: every other reading of its points is a fault, which `check --fault`
    /// checks.
    fn readings(asked: &ReadingsAsked<'_>) -> Result<Read<PropOf<Self>>, String> {
        let named = asked
            .policies
            .first()
            .map_or(String::new(), |p| format!("`{p}`: "));
        Err(format!(
            "{named}the MTG ruleset has no policies to set side by side: 800.4 is read one way, \
             every other reading of its points being a fault (`riftcheck policies --ruleset mtg` \
             lists them; `riftcheck check --ruleset mtg --fault F` checks one)"
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::{bounds, concessions};

    #[test]
    fn an_mtg_game_is_bounded_by_turns_and_concessions_only() {
        assert_eq!(
            bounds("turns=4, concessions=3", &["turns", "concessions"]),
            Ok((4, 3))
        );
        let e = bounds("invites=1", &["turns", "concessions"]).unwrap_err();
        assert!(e.contains("bounded by turns and concessions only"), "{e}");
        let e = concessions("turns=2").unwrap_err();
        assert!(e.contains("setup's `turns`"), "{e}");
        assert_eq!(concessions("concessions=2"), Ok(2));
    }
}
