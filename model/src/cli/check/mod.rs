//! `riftcheck check`: model-check the built-in configurations or the setups of scenario files,
//! within limits, and report in text, JSON or JUnit. The ruleset reads the arguments into a
//! plan ([`riftcheck_checker::plan::Checkable`]); [`run()`] checks any plan.

use std::process::ExitCode;

mod args;
mod files;
pub mod run;

pub use args::{CheckArgs, parse_shard};
pub use files::fingerprint_file;

use super::ruleset::{Ruleset, Run, Tools};
use super::{Format, fail_input};

/// `check` of one ruleset: the plan its arguments make, then `--print`, `--list` or the check.
struct Check<'a>(&'a CheckArgs);

impl Run for Check<'_> {
    type Out = ExitCode;

    fn run<R: Tools>(self) -> ExitCode {
        let args = self.0;
        if let Some(name) = &args.print {
            return match R::print(name) {
                Ok(text) => {
                    print!("{text}");
                    ExitCode::SUCCESS
                }
                Err(e) => fail_input(e),
            };
        }
        let plan = match R::plan(&args.asked()) {
            Ok(p) => p,
            Err(e) => return fail_input(e),
        };
        if args.list {
            return match run::listed(args, &plan) {
                Ok(entries) => {
                    list(args.format, &entries);
                    ExitCode::SUCCESS
                }
                Err(e) => fail_input(e),
            };
        }
        run::run(args, &plan)
    }
}

/// `check --list`: each configuration on a line, or one JSON document.
fn list(format: Format, entries: &[&riftcheck_checker::plan::Entry]) {
    match format {
        Format::Json => {
            let doc = serde_json::json!({
                "schema_version": super::SCHEMA_VERSION,
                "configurations": entries.iter().map(|e| &e.listed).collect::<Vec<_>>(),
            });
            println!("{}", serde_json::to_string_pretty(&doc).unwrap_or_default());
        }
        Format::Text | Format::Junit => {
            for e in entries {
                println!("{}", e.line);
            }
        }
    }
}

/// Runs `riftcheck check`: of the ruleset asked for, or, for the default check, of every
/// ruleset one after another (the exit status the first that did not pass).
pub fn run(args: CheckArgs) -> ExitCode {
    let rulesets: Vec<Ruleset> = match args.ruleset {
        Some(r) => vec![r],
        None if args.is_default_run() => Ruleset::ALL.to_vec(),
        None => vec![Ruleset::default()],
    };
    let mut status = ExitCode::SUCCESS;
    for (i, r) in rulesets.into_iter().enumerate() {
        if i > 0 {
            println!();
        }
        let this = r.run(Check(&args));
        if status == ExitCode::SUCCESS {
            status = this;
        }
    }
    status
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
