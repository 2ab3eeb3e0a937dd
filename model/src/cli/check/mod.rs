//! `riftcheck check`: model-check the built-in configurations or the setups of scenario files,
//! within limits, and report in text, JSON or JUnit.

use std::io::IsTerminal;
use std::process::ExitCode;

use riftcheck::{Game, Scenario};

mod args;
mod files;
pub(crate) mod mtg;

use args::limits_of;
pub use args::{CheckArgs, parse_shard};
pub use files::fingerprint_file;
use files::{known_sizes, write_fingerprints};

use super::results::{Chosen, Report, ShardBy, ShardRun, Target};
use super::{Format, fail_input, writable_dir};
use crate::args::parse_bounds;
use riftbound_check::configs;
use riftbound_check::model::Bounds;
use riftbound_check::proof::{self, Options, Outcome};
use riftcheck_checker::progress::Show;
use riftcheck_checker::search::limits;

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

/// Per family and property, the shortest counterexample found ([`riftcheck_checker::files::choose`]).
fn choose<'a>(targets: &'a [Target], outcomes: &'a [Outcome]) -> Chosen<'a> {
    let found = (targets.iter().zip(outcomes)).flat_map(|(t, o)| {
        (o.counterexamples.iter()).map(|c| {
            (
                t.family.as_str(),
                c.config.as_str(),
                c.property,
                c.path.len(),
                c,
            )
        })
    });
    riftcheck_checker::files::choose(found)
}

/// With `--shard I/N`, this run's part: dealt whole, the configurations that fall to it (the
/// others are left out); split at the frontier, every configuration, the frontier set in `opts`.
fn split_targets(
    args: &CheckArgs,
    mut targets: Vec<Target>,
    opts: &mut Options,
) -> Result<(Vec<Target>, Option<ShardRun>), String> {
    let Some(text) = &args.shard else {
        return Ok((targets, None));
    };
    let (index, count) = parse_shard(text)?;
    let depth = usize::from(args.shard_depth);
    let all = targets.iter().map(|t| t.name.clone()).collect();
    match args.shard_by {
        ShardBy::Frontier => opts.shard = Some((index, count, depth)),
        ShardBy::Configuration => {
            let known = known_sizes(args.shard_weights.as_deref())?;
            let mut weights = Vec::new();
            for t in &targets {
                if let Some(&n) = known.get(&t.name) {
                    weights.push(n);
                    continue;
                }
                let m = riftbound_check::model::RiftModel::new(&t.name, &t.setup, t.bounds)
                    .map_err(|e| format!("{}: {e}", t.name))?;
                weights.push(riftcheck_checker::search::prefix_size(&m, depth));
            }
            let to = riftcheck_checker::search::deal(&weights, count);
            let mut i = 0;
            targets.retain(|_| {
                i += 1;
                to[i - 1] == index
            });
        }
    }
    let run = ShardRun {
        index,
        count,
        depth,
        by: args.shard_by,
        all,
        of: serde_json::json!({
            "bounds": args.bounds,
            "quick": args.quick,
            "fault": args.fault,
            "policies": args.policies,
        }),
    };
    Ok((targets, Some(run)))
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
    let progress_every = match limits::parse_seconds("--progress-every", args.progress_every) {
        Ok(d) => d,
        Err(e) => return fail_input(e),
    };
    let limits = match limits_of(&args) {
        Ok(l) => l,
        Err(e) => return fail_input(e),
    };
    let targets = match targets(&args) {
        Ok(t) => t,
        Err(e) => return fail_input(e),
    };
    if let Err(e) = writable_dir(&args.out) {
        return fail_input(e);
    }
    let mut opts = Options {
        threads: args.threads.map_or_else(
            || std::thread::available_parallelism().map_or(1, usize::from),
            usize::from,
        ),
        limits,
        progress: if args.quiet {
            Show::Quiet
        } else if std::io::stderr().is_terminal() {
            Show::Redraw
        } else {
            Show::Lines(progress_every)
        },
        fault: None,
        policies: Vec::new(),
        shard: None,
        keep_fingerprints: args.fingerprints.is_some(),
        memo: !args.no_memo,
        coverage: args.coverage,
    };
    if args.coverage && args.shard.is_some() {
        return fail_input(
            "--coverage counts the transitions of whole searches, so it cannot be combined with \
             --shard (the runs of a split search share their first states)"
                .to_string(),
        );
    }
    let (targets, shard_run) = match split_targets(&args, targets, &mut opts) {
        Ok(x) => x,
        Err(e) => return fail_input(e),
    };
    if let Some(name) = &args.fault {
        match name.parse() {
            Ok(f) => opts.fault = Some(f),
            Err(e) => return fail_input(e),
        }
    }
    for text in &args.policies {
        match text.parse() {
            Ok(c) => opts.policies.push(c),
            Err(e) => return fail_input(format!("--policy {text}: {e}")),
        }
    }
    if args.format == Format::Text {
        super::results::print_heading("riftbound", targets.len(), opts.fault.map(|f| f.key()));
    }
    let text = args.format == Format::Text;
    let names = super::json::property_names();
    let outcomes = match check_all(&targets, &opts, &mut |o| {
        if text {
            super::results::print_row(&super::json::outcome(o), &names);
        }
    }) {
        Ok(o) => o,
        Err(e) => return fail_input(e),
    };
    if let Some(dir) = &args.fingerprints {
        let found =
            (outcomes.iter()).filter_map(|o| Some((o.name.as_str(), o.fingerprints.as_deref()?)));
        let run = shard_run.as_ref().map(|s| (s.index, s.count));
        if let Err(e) = write_fingerprints(dir, found, run) {
            return fail_input(e);
        }
    }
    let chosen = choose(&targets, &outcomes);
    let written = match riftcheck_checker::files::write_counterexamples(
        &args.out,
        counterexample_files(&chosen),
    ) {
        Ok(w) => w,
        Err(e) => return fail_input(e),
    };
    let report = Report {
        targets: &targets,
        outcomes: &outcomes,
        chosen: &chosen,
        written: &written,
        limits,
        shard: shard_run,
    };
    let doc = super::json::check(&report);
    match args.format {
        Format::Text => super::results::print_summary(&doc),
        Format::Json => println!("{}", serde_json::to_string_pretty(&doc).unwrap_or_default()),
        Format::Junit => print!("{}", super::junit::check(&doc)),
    }
    ExitCode::from(report.exit_status())
}

/// Each chosen counterexample as a file to write: its scenario, and the picture of what the
/// engine that was checked did (from the counterexample's record).
fn counterexample_files<'a>(
    chosen: &'a Chosen<'_>,
) -> impl Iterator<Item = riftcheck_checker::files::CounterexampleFile<'a>> {
    chosen
        .iter()
        .map(|k| riftcheck_checker::files::CounterexampleFile {
            family: k.family,
            property: k.chosen.property.id(),
            scenario: k.chosen.scenario.to_toml(),
            picture: k.chosen.svg(),
        })
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
    use super::*;
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
