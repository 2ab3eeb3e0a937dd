//! `check --ruleset mtg`: `check`'s options mapped onto MTG's check, each that has nothing to
//! do there refused with why.

use std::process::ExitCode;

use super::args::{CheckArgs, limits_of, parse_shard};
use crate::cli::results::ShardBy;
use crate::cli::{Format, fail_input};

/// `check --ruleset mtg`: the options that apply to it, the others refused.
pub(super) fn run(args: &CheckArgs) -> ExitCode {
    let unsupported = [
        (
            !args.mode.is_empty(),
            "--mode",
            ": the MTG configurations are free-for-all games of 3 or 4 players (--players)",
        ),
        (
            !args.policies.is_empty(),
            "--policy",
            ": the MTG ruleset has no policies (800.4 is read one way)",
        ),
        (
            args.shard.is_some() && args.shard_by == ShardBy::Frontier,
            "--shard-by frontier",
            ": an MTG check's configurations are dealt whole (--shard-by configuration)",
        ),
        (
            args.shard_weights.is_some(),
            "--shard-weights",
            ": its configurations are dealt in the order they are listed",
        ),
        (
            args.fingerprints.is_some(),
            "--fingerprints",
            ": its runs share no states (configurations are dealt whole), so merge counts them \
             exactly without",
        ),
        (
            args.no_memo,
            "--no-memo",
            ": its breadth-first search keeps no memo of steps to turn off",
        ),
        (
            args.quick && args.bounds.is_some(),
            "--quick with --bounds",
            ": --quick is the bounds concessions=1",
        ),
    ];
    if let Some((_, what, why)) = unsupported.iter().find(|(on, _, _)| *on) {
        return fail_input(format!("{what} is not available with --ruleset mtg{why}"));
    }
    let concessions = match args.bounds.as_deref().map(crate::args::mtg_concessions) {
        None if args.quick => Some(1),
        None => None,
        Some(Ok(n)) => Some(n),
        Some(Err(e)) => return fail_input(format!("--bounds {e}")),
    };
    let opts = crate::mtg::search::MtgRun {
        players: args.players.clone(),
        families: args.family.clone(),
        fault: args.fault.clone(),
        list: args.list,
        limits: match limits_of(args) {
            Ok(l) => l,
            Err(e) => return fail_input(e),
        },
        threads: args.threads.map(usize::from),
        files: args.files.clone(),
        concessions,
        print: args.print.clone(),
        format: match args.format {
            Format::Text => crate::mtg::search::Format::Text,
            Format::Json => crate::mtg::search::Format::Json,
            Format::Junit => crate::mtg::search::Format::Junit,
        },
        out: args.out.clone(),
        coverage: args.coverage,
        shard: match args.shard.as_deref().map(parse_shard).transpose() {
            Ok(s) => s,
            Err(e) => return fail_input(e),
        },
    };
    match crate::mtg::search::run(&opts) {
        Ok(code) => ExitCode::from(code),
        Err(e) => fail_input(e),
    }
}
