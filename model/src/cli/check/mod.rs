//! `riftcheck check`: model-check the built-in configurations or the setups of scenario files,
//! within limits, and report in text, JSON or JUnit.

use std::process::ExitCode;

use riftcheck::{Game, Scenario};

mod args;
mod files;
pub(crate) mod mtg;
pub mod run;

pub use args::{CheckArgs, parse_shard};
pub use files::fingerprint_file;

use super::results::Entry;
use super::results::Target;
use super::{Format, fail_input};
use crate::args::parse_bounds;
use riftbound_check::configs;
use riftbound_check::model::Bounds;
use riftbound_check::proof::{self, Options, Outcome};
use run::Plan;

fn targets(args: &CheckArgs) -> Result<Vec<Target>, String> {
    let mut out = Vec::new();
    if !args.files.is_empty() {
        if !(args.mode.is_empty() && args.family.is_empty() && args.players.is_empty()) {
            return Err(
                "--mode, --family and --players select built-in configurations; they do not \
                 apply to scenario files"
                    .into(),
            );
        }
        for path in &args.files {
            let s = Scenario::load(path).map_err(|e| e.to_string())?;
            let bounds = match &args.bounds {
                Some(t) => parse_bounds(t, Bounds::default())?,
                None => Bounds::default(),
            };
            let name = riftcheck::scenario::escaped(&path.display().to_string()).into_owned();
            out.push(Target {
                family: name.clone(),
                name,
                setup: s.setup,
                bounds,
            });
        }
        return Ok(out);
    }
    for c in configs::select(&args.mode, &args.family, &args.players)? {
        let base = if args.quick { c.quick } else { c.bounds };
        let bounds = match &args.bounds {
            Some(t) => parse_bounds(t, base)?,
            None => base,
        };
        out.push(Target {
            name: c.name(),
            family: c.family.key().to_string(),
            setup: c.setup,
            bounds,
        });
    }
    Ok(out)
}

fn list(args: &CheckArgs) -> ExitCode {
    let mut configs = match configs::select(&args.mode, &args.family, &args.players) {
        Ok(c) => c,
        Err(e) => return fail_input(e),
    };
    if args.quick {
        for c in &mut configs {
            c.bounds = c.quick;
        }
    }
    match args.format {
        Format::Json => {
            let list: Vec<_> = configs
                .iter()
                .map(|c| {
                    serde_json::json!({
                        "name": c.name(),
                        "mode": c.mode.key(),
                        "family": c.family.key(),
                        "players": c.mode.players(),
                        "about": c.family.about(),
                        "bounds": {
                            "turns": c.bounds.turns,
                            "concessions": c.bounds.concessions,
                            "invites": c.bounds.invites,
                            "turns_begun": c.bounds.turns_begun,
                        },
                    })
                })
                .collect();
            let doc = serde_json::json!({
                "schema_version": super::SCHEMA_VERSION,
                "configurations": list,
            });
            println!("{}", serde_json::to_string_pretty(&doc).unwrap_or_default());
        }
        Format::Text | Format::Junit => {
            for c in &configs {
                println!(
                    "{:24} {}  (bounds: turns={}, concessions={}, invites={})",
                    c.name(),
                    c.family.about(),
                    c.bounds.turns,
                    c.bounds.concessions,
                    c.bounds
                        .invites
                        .map_or_else(|| "unbounded".to_string(), |n| n.to_string())
                );
            }
        }
    }
    ExitCode::SUCCESS
}

/// Runs `riftcheck check`.
pub fn run(args: CheckArgs) -> ExitCode {
    if args.ruleset == Some(super::Ruleset::Mtg) {
        return mtg::run(&args);
    }
    let both = args.ruleset.is_none() && args.is_default_run();
    let mtg_args = both.then(|| args.clone());
    let status = run_riftbound(args);
    let Some(args) = mtg_args else {
        return status;
    };
    println!();
    let mtg = mtg::run(&args);
    if status == ExitCode::SUCCESS {
        mtg
    } else {
        status
    }
}

fn run_riftbound(args: CheckArgs) -> ExitCode {
    if args.list {
        return list(&args);
    }
    if let Some(name) = &args.print {
        let Some(c) = configs::all().into_iter().find(|c| &c.name() == name) else {
            return fail_input(format!(
                "no configuration is called `{name}`; `riftcheck check --list` shows them"
            ));
        };
        let s = riftbound_check::report::setup_scenario(&c.name(), c.family.about(), &c.setup);
        print!("{}", s.to_toml());
        return ExitCode::SUCCESS;
    }
    let (targets, opts) = match riftbound_plan(&args) {
        Ok(x) => x,
        Err(e) => return fail_input(e),
    };
    let model_of = |i: usize| {
        let t: &Target = &targets[i];
        proof::model::<Game>(&t.name, &t.setup, t.bounds, &opts)
            .map_err(|e| format!("{}: {e}", t.name))
    };
    let plan = Plan {
        ruleset: "riftbound",
        entries: targets
            .iter()
            .map(|t| Entry {
                name: t.name.clone(),
                family: t.family.clone(),
                bounds: serde_json::json!({
                    "turns": t.bounds.turns,
                    "concessions": t.bounds.concessions,
                    "invites": t.bounds.invites,
                    "turns_begun": t.bounds.turns_begun,
                }),
            })
            .collect(),
        model_of: Box::new(model_of),
        fault: opts.fault.map(|f| f.key()),
        of: serde_json::json!({
            "bounds": args.bounds,
            "quick": args.quick,
            "fault": args.fault,
            "policies": args.policies,
        }),
    };
    run::run(&args, &plan)
}

/// Riftbound's reading of `check`'s arguments: the configurations (built-in or the scenario
/// files'), and the fault and readings each model is made under.
fn riftbound_plan(args: &CheckArgs) -> Result<(Vec<Target>, Options), String> {
    let targets = targets(args)?;
    let mut opts = Options::default();
    if let Some(name) = &args.fault {
        opts.fault = Some(name.parse().map_err(|e| format!("{e}"))?);
    }
    for text in &args.policies {
        let c = text.parse().map_err(|e| format!("--policy {text}: {e}"))?;
        opts.policies.push(c);
    }
    Ok((targets, opts))
}

/// Checks every target with `opts.threads` threads, several at a time, handing each outcome to
/// `done` in the order of the targets ([`riftcheck_checker::proof::check_all`]).
///
/// # Errors
///
/// A target's setup is impossible: its name and the problems.
pub fn check_all(
    targets: &[Target],
    opts: &Options,
    done: &mut dyn FnMut(&Outcome),
) -> Result<Vec<Outcome>, String> {
    let model_of = |i: usize| {
        let t = &targets[i];
        proof::model::<Game>(&t.name, &t.setup, t.bounds, opts)
            .map_err(|e| format!("{}: {e}", t.name))
    };
    riftcheck_checker::proof::check_all(targets.len(), &model_of, &opts.how(), done)
}

#[cfg(test)]
mod tests {
    use super::args::limits_of;
    use super::*;
    use crate::cli::results::ShardBy;
    use riftcheck_checker::search::limits;
    use std::path::PathBuf;

    #[test]
    fn a_timeout_that_is_not_a_duration_is_bad_input() {
        for t in [-1.0, f64::NAN, f64::INFINITY, 1e300, 0.0] {
            let args = CheckArgs {
                timeout: Some(t),
                ..blank()
            };
            assert!(limits_of(&args).is_err(), "{t}");
        }
    }

    fn blank() -> CheckArgs {
        CheckArgs {
            files: Vec::new(),
            players: Vec::new(),
            mode: Vec::new(),
            family: Vec::new(),
            bounds: None,
            threads: None,
            quick: false,
            format: Format::Text,
            out: PathBuf::from("riftcheck-out"),
            max_states: None,
            timeout: None,
            max_memory: None,
            progress_every: 30.0,
            quiet: false,
            print: None,
            list: false,
            fault: None,
            policies: Vec::new(),
            shard: None,
            shard_depth: 6,
            shard_by: ShardBy::Configuration,
            shard_weights: None,
            fingerprints: None,
            no_memo: false,
            coverage: false,
            ruleset: None,
        }
    }

    #[test]
    fn the_default_memory_limit_is_below_the_machine() {
        let l = limits_of(&blank()).unwrap();
        if let (Some(m), Some(all)) = (l.max_memory, limits::physical_memory()) {
            assert!(m < all);
        }
    }
}
