//! `check --ruleset mtg`: `check`'s options read for MTG, into the plan the one `check` runs
//! ([`super::run`]). The MTG configurations are free-for-all tables of 3 and 4 players, so
//! `--mode skirmish` and `--mode war` select them by size; a split check deals them whole or
//! splits each at a frontier as Riftbound's does.

use std::path::PathBuf;
use std::process::ExitCode;

use mtg_check::MtgModel;
use mtg_check::configs::{self, MtgConfig};
use riftcheck::mtg::spec::MtgSpec;
use riftcheck::mtg::{MtgFault, MtgGame};

use super::args::CheckArgs;
use super::run::Plan;
use crate::cli::fail_input;
use crate::cli::results::Entry;

/// `check --ruleset mtg`: prints the report and returns the exit status, or says what is wrong
/// with the request.
pub(super) fn run(args: &CheckArgs) -> ExitCode {
    checked(args).unwrap_or_else(fail_input)
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
fn configurations(args: &CheckArgs) -> Result<Vec<MtgConfig>, String> {
    let mut out: Vec<MtgConfig> = if args.files.is_empty() {
        built_in(&args.mode, &args.players, &args.family)?
    } else {
        if !(args.mode.is_empty() && args.family.is_empty() && args.players.is_empty()) {
            return Err(
                "--mode, --family and --players select built-in configurations; they do not \
                 apply to scenario files"
                    .into(),
            );
        }
        scenario_configs(&args.files)?
    };
    // --quick is one concession; bounds given beside it win, as over Riftbound's quick bounds.
    let concessions = match args.bounds.as_deref().map(crate::args::mtg_concessions) {
        Some(Ok(n)) => Some(n),
        Some(Err(e)) => return Err(format!("--bounds {e}")),
        None => args.quick.then_some(1),
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

fn checked(args: &CheckArgs) -> Result<ExitCode, String> {
    if let Some(p) = args.policies.first() {
        return Err(format!(
            "--policy {p}: the MTG ruleset has no policies to read otherwise (800.4 is read one \
             way); `riftcheck policies` lists Riftbound's"
        ));
    }
    let fault = crate::cli::mtg_fault(args.fault.as_deref())?;
    let all = configurations(args)?;
    if let Some(name) = &args.print {
        let c = configs::named(name).ok_or_else(|| {
            format!("no MTG configuration is called `{name}`; `riftcheck check --ruleset mtg --list` shows them")
        })?;
        print!(
            "{}",
            riftcheck::mtg::scenario::write::setup_scenario(&c.name, &c.setup)
        );
        return Ok(ExitCode::SUCCESS);
    }
    let model_of = |i: usize| {
        let c: &MtgConfig = &all[i];
        MtgModel::<MtgGame, MtgSpec>::new(c.setup.clone(), c.concessions, fault)
            .map(|m| m.named(&c.name))
            .map_err(|e| format!("{}: {e}", c.name))
    };
    let plan = Plan {
        ruleset: "mtg",
        entries: all
            .iter()
            .map(|c| Entry {
                name: c.name.clone(),
                family: c.family.to_string(),
                bounds: serde_json::json!({
                    "turns": c.setup.turns,
                    "concessions": c.concessions,
                    "invites": null,
                }),
            })
            .collect(),
        model_of: Box::new(model_of),
        fault: fault.map(MtgFault::key),
        of: serde_json::json!({ "bounds": args.bounds, "quick": args.quick, "fault": args.fault }),
    };
    if args.list {
        for name in super::run::listed(args, &plan)? {
            println!("{name}");
        }
        return Ok(ExitCode::SUCCESS);
    }
    Ok(super::run::run(args, &plan))
}
