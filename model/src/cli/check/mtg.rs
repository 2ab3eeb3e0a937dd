//! `check --ruleset mtg`: `check`'s options mapped onto MTG's check. The MTG configurations are
//! free-for-all tables of 3 and 4 players, so `--mode skirmish` and `--mode war` select them by
//! size; a split check deals them whole or splits each at a frontier as Riftbound's does.

use std::path::PathBuf;
use std::process::ExitCode;

use riftcheck::mtg::MtgFault;

use super::args::{CheckArgs, limits_of, parse_shard};
use super::files::{known_sizes, write_fingerprints};
use crate::cli::results::ShardBy;
use crate::cli::{Format, fail_input};
use mtg_check::configs::{self, MtgConfig};
use mtg_check::report;
use mtg_check::search::{self, MtgOutcome, Options as How};
use riftcheck_checker::search::{Shard, deal};

/// `check --ruleset mtg`: prints the report and returns the exit status, or says what is wrong
/// with the request.
pub(super) fn run(args: &CheckArgs) -> ExitCode {
    match checked(args) {
        Ok(code) => ExitCode::from(code),
        Err(e) => fail_input(e),
    }
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

/// With `--shard I/N`: dealt whole, the configurations that fall to this run (by the distinct
/// states of `--shard-weights`' report, else by the states down to the frontier); split at the
/// frontier, all of them, and this run's part.
fn split(
    args: &CheckArgs,
    (configs, run): (Vec<MtgConfig>, Option<(u32, u32)>),
    fault: Option<MtgFault>,
) -> Result<(Vec<MtgConfig>, Option<Shard>), String> {
    let Some((index, count)) = run else {
        return Ok((configs, None));
    };
    let depth = usize::from(args.shard_depth);
    let shard = Shard {
        index,
        count,
        depth,
        salt: 0,
    };
    if args.shard_by == ShardBy::Frontier {
        return Ok((configs, Some(shard)));
    }
    let known = known_sizes(args.shard_weights.as_deref())?;
    let weights: Vec<usize> = configs
        .iter()
        .map(|c| {
            known.get(&c.name).copied().unwrap_or_else(|| {
                mtg_check::MtgModel::<_>::new(c.setup.clone(), c.concessions, fault)
                    .map_or(0, |model: mtg_check::MtgModel| {
                        search::prefix_size(&model, depth)
                    })
            })
        })
        .collect();
    let to = deal(&weights, count);
    let mine = configs
        .into_iter()
        .zip(to)
        .filter(|(_, run)| *run == index)
        .map(|(c, _)| c)
        .collect();
    Ok((mine, None))
}

fn checked(args: &CheckArgs) -> Result<u8, String> {
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
        return Ok(0);
    }
    let names: Vec<String> = all.iter().map(|c| c.name.clone()).collect();
    let shard = args.shard.as_deref().map(parse_shard).transpose()?;
    let (configs, frontier) = split(args, (all, shard), fault)?;
    if args.list {
        for c in &configs {
            println!("{}", c.name);
        }
        return Ok(0);
    }
    let how = How {
        limits: limits_of(args)?,
        coverage: args.coverage,
        shard: frontier,
        fingerprints: args.fingerprints.is_some(),
        memo: !args.no_memo,
    };
    let threads = (args.threads.map(usize::from))
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from));
    let results = search::check_all(&configs, fault, threads, how)?;
    if let Some(dir) = &args.fingerprints {
        let found =
            (results.iter()).filter_map(|r| Some((r.name.as_str(), r.fingerprints.as_deref()?)));
        write_fingerprints(dir, found, shard)?;
    }
    let written = riftcheck_checker::files::write_counterexamples(
        &args.out,
        report::counterexample_files(&configs, &results, fault),
    )?;
    report(args, &configs, &results, fault, (&names, shard), &written);
    Ok(report::exit_status(&results))
}

/// Prints the report in the format asked for.
fn report(
    args: &CheckArgs,
    configs: &[MtgConfig],
    results: &[MtgOutcome],
    fault: Option<MtgFault>,
    (names, shard): (&[String], Option<(u32, u32)>),
    written: &[PathBuf],
) {
    let by = args.shard_by;
    let depth = if by == ShardBy::Frontier {
        args.shard_depth
    } else {
        0
    };
    let limits = limits_of(args).unwrap_or_default();
    let mut doc = report::json(configs, results, fault, &limits, written);
    doc["coverage"] = riftcheck_checker::proof::coverage(results)
        .map_or(serde_json::Value::Null, |c| crate::cli::json::coverage(&c));
    doc["shard"] = shard.map_or(serde_json::Value::Null, |(index, count)| {
        serde_json::json!({ "index": index, "count": count, "depth": depth,
            "by": by.key(), "configurations": names,
            "of": { "bounds": args.bounds, "quick": args.quick, "fault": args.fault } })
    });
    match args.format {
        Format::Json => println!("{doc}"),
        Format::Junit => print!("{}", crate::cli::junit::check(&doc)),
        Format::Text => {
            if let Some((index, count)) = shard {
                if by == ShardBy::Frontier {
                    println!(
                        "run {index} of {count} of a split check (every configuration split at \
                         depth {depth}; riftcheck merge joins the runs' JSON reports)"
                    );
                } else {
                    println!(
                        "run {index} of {count} of a split check (configurations dealt whole)"
                    );
                }
            }
            let configurations = doc["configurations"]
                .as_array()
                .cloned()
                .unwrap_or_default();
            let properties = doc["properties"].as_array().cloned().unwrap_or_default();
            crate::cli::results::print_heading(
                "mtg",
                configurations.len(),
                fault.map(MtgFault::key),
            );
            for c in &configurations {
                crate::cli::results::print_row(c, &properties);
            }
            crate::cli::results::print_summary(&doc);
        }
    }
}
