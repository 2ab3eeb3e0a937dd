//! The one `check` of every ruleset: given what a ruleset made of the arguments (its
//! configurations and how to make each one's model, [`Plan`]), the search of each on the
//! checker's `check_all`, the counterexample files, and the report in text, JSON or JUnit.
//! Nothing here names a ruleset: the ruleset makes the plan, and `cli/ruleset.rs` says which.

use std::io::IsTerminal;
use std::process::ExitCode;

use super::args::{CheckArgs, limits_of, parse_shard};
use super::files::{known_sizes, write_fingerprints};
use crate::cli::results::{Chosen, Report, ShardBy, ShardRun};
use crate::cli::{Format, fail_input, writable_dir};
use riftcheck_checker::files::CounterexampleFile;
use riftcheck_checker::plan::{Entry, Plan};
use riftcheck_checker::plug::Property;
use riftcheck_checker::progress::Show;
use riftcheck_checker::proof::{self, Example, How, Outcome, Written};
use riftcheck_checker::search::{self, limits};

/// How the check's progress is shown: nothing with `--quiet`, a line redrawn on a terminal,
/// else a line every `--progress-every` seconds.
fn progress(args: &CheckArgs) -> Result<Show, String> {
    let every = limits::parse_seconds("--progress-every", args.progress_every)?;
    Ok(if args.quiet {
        Show::Quiet
    } else if std::io::stderr().is_terminal() {
        Show::Redraw
    } else {
        Show::Lines(every)
    })
}

/// With `--shard I/N`, this run's part: dealt whole, the places of the configurations that fall
/// to it (the others are left out); split at the frontier, every configuration, the frontier
/// set in `how`.
fn split<M: Written>(
    args: &CheckArgs,
    plan: &Plan<'_, M>,
    how: &mut How,
) -> Result<(Vec<usize>, Option<ShardRun>), String> {
    let every: Vec<usize> = (0..plan.entries.len()).collect();
    let Some(text) = &args.shard else {
        return Ok((every, None));
    };
    let (index, count) = parse_shard(text)?;
    let depth = usize::from(args.shard_depth);
    let mine = match args.shard_by {
        ShardBy::Frontier => {
            how.shard = Some((index, count, depth));
            every
        }
        ShardBy::Configuration => {
            let known = known_sizes(args.shard_weights.as_deref())?;
            let mut weights = Vec::new();
            for (i, e) in plan.entries.iter().enumerate() {
                match known.get(&e.name) {
                    Some(&n) => weights.push(n),
                    None => weights.push(search::prefix_size(&(plan.model_of)(i)?, depth)),
                }
            }
            let to = search::deal(&weights, count);
            every.into_iter().filter(|&i| to[i] == index).collect()
        }
    };
    let run = ShardRun {
        index,
        count,
        depth,
        by: args.shard_by,
        all: plan.entries.iter().map(|e| e.name.clone()).collect(),
        of: plan.of.clone(),
    };
    Ok((mine, Some(run)))
}

/// The configurations of `plan` this run checks (with `--shard`, those dealt to it), for
/// `--list`.
///
/// # Errors
///
/// A bad `--shard`, or weights that cannot be read.
pub fn listed<'p, M: Written>(
    args: &CheckArgs,
    plan: &'p Plan<'_, M>,
) -> Result<Vec<&'p Entry>, String> {
    let (mine, _) = split(args, plan, &mut How::default())?;
    Ok(mine.iter().map(|&i| &plan.entries[i]).collect())
}

/// Runs the check `plan` describes as `args` say, and reports it.
pub fn run<M: Written>(args: &CheckArgs, plan: &Plan<'_, M>) -> ExitCode {
    match checked(args, plan) {
        Ok(code) => ExitCode::from(code),
        Err(e) => fail_input(e),
    }
}

fn checked<M: Written>(args: &CheckArgs, plan: &Plan<'_, M>) -> Result<u8, String> {
    let limits = limits_of(args)?;
    writable_dir(&args.out)?;
    if args.coverage && args.shard.is_some() {
        return Err(
            "--coverage counts the transitions of whole searches, so it cannot be combined with \
             --shard (the runs of a split search share their first states)"
                .into(),
        );
    }
    let mut how = How {
        threads: args.threads.map_or_else(
            || std::thread::available_parallelism().map_or(1, usize::from),
            usize::from,
        ),
        limits,
        progress: progress(args)?,
        shard: None,
        keep_fingerprints: args.fingerprints.is_some(),
        memo: !args.no_memo,
        coverage: args.coverage,
    };
    let (mine, shard) = split(args, plan, &mut how)?;
    let text = args.format == Format::Text;
    if text {
        if let Some(s) = &shard {
            crate::cli::results::print_run(s);
        }
        crate::cli::results::print_heading(plan.ruleset, mine.len(), plan.fault);
    }
    let names = super::super::json::property_names::<M::Prop>();
    let model_of = |j: usize| (plan.model_of)(mine[j]);
    let outcomes = proof::check_all(mine.len(), &model_of, &how, &mut |o| {
        if text {
            crate::cli::results::print_row(&super::super::json::outcome(o), &names);
        }
    })?;
    if let Some(dir) = &args.fingerprints {
        let found =
            (outcomes.iter()).filter_map(|o| Some((o.name.as_str(), o.fingerprints.as_deref()?)));
        write_fingerprints(dir, found, shard.as_ref().map(|s| (s.index, s.count)))?;
    }
    let entries: Vec<&Entry> = mine.iter().map(|&i| &plan.entries[i]).collect();
    let chosen = choose::<M>(&entries, &outcomes);
    let files = chosen.iter().map(|k| CounterexampleFile {
        family: k.family,
        property: k.chosen.property().id(),
        scenario: k.chosen.scenario(),
        picture: k.chosen.picture(),
    });
    let written = riftcheck_checker::files::write_counterexamples(&args.out, files)?;
    let report = Report {
        ruleset: plan.ruleset,
        entries,
        outcomes: &outcomes,
        chosen: &chosen,
        written: &written,
        limits,
        shard,
        fault: plan.fault,
    };
    let doc = super::super::json::check(&report);
    match args.format {
        Format::Text => crate::cli::results::print_summary(&doc),
        Format::Json => println!("{}", serde_json::to_string_pretty(&doc).unwrap_or_default()),
        Format::Junit => print!("{}", crate::cli::junit::check(&doc)),
    }
    Ok(report.exit_status())
}

/// Per family and property, the shortest counterexample found
/// ([`riftcheck_checker::files::choose`]).
fn choose<'a, M: Written>(entries: &[&'a Entry], outcomes: &'a [Outcome<M>]) -> Chosen<'a, M> {
    let found = (entries.iter().zip(outcomes)).flat_map(|(e, o)| {
        (o.counterexamples.iter()).map(|c| {
            (
                e.family.as_str(),
                o.name.as_str(),
                c.property(),
                c.path().len(),
                c,
            )
        })
    });
    riftcheck_checker::files::choose(found)
}
