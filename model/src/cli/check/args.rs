//! `riftcheck check`'s command line: its arguments, and what is read from them (the split, the
//! limits, whether it is the default check).

use std::path::PathBuf;

use clap::Args;

use crate::cli::Format;
use crate::cli::results::ShardBy;
use riftcheck_checker::plan::Asked;
use riftcheck_checker::search::limits::{self, Limits};

/// `riftcheck check`'s arguments.
#[derive(Args, Clone, Debug)]
pub struct CheckArgs {
    /// Scenario files whose setups to check, instead of the built-in configurations.
    pub files: Vec<PathBuf>,
    /// Only tables of these sizes (2, 3, 4).
    #[arg(long, value_delimiter = ',')]
    pub players: Vec<usize>,
    /// Only these modes: duel, skirmish, war, magma-chamber.
    #[arg(long, value_delimiter = ',')]
    pub mode: Vec<String>,
    /// Only these families: chain, showdown, removal, combat, staged, team, kills.
    #[arg(long, value_delimiter = ',')]
    pub family: Vec<String>,
    /// Bounds, e.g. `turns=1,concessions=2,invites=1` (defaults per configuration);
    /// `invites=unbounded` lets invitations go back and forth without end (the check then finds
    /// the game returning to an earlier state)
    #[arg(long)]
    pub bounds: Option<String>,
    /// Threads: configurations checked at once, and a thread with none left to start joins the
    /// search of one still running (the results do not depend on it); by default one per
    /// processor
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=256))]
    pub threads: Option<u16>,
    /// The quick bounds of each configuration (two turns, one concession, two in War) instead
    /// of the default ones.
    #[arg(long)]
    pub quick: bool,
    /// Output format: text, json or junit.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Where counterexample scenario files are written (one per property and family).
    #[arg(long, default_value = "riftcheck-out")]
    pub out: PathBuf,
    /// Stop each search after this many distinct states (exit 3 if that cut one short).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub max_states: Option<u64>,
    /// Stop each configuration's searches after this many seconds in all (exit 3 if that cut
    /// one short).
    #[arg(long, allow_negative_numbers = true)]
    pub timeout: Option<f64>,
    /// Stop when the process's memory reaches this size, e.g. 2G or 512M (exit 3); by default
    /// three quarters of the machine's memory.
    #[arg(long)]
    pub max_memory: Option<String>,
    /// In a log (standard error not a terminal), print a progress line this often, in seconds.
    #[arg(long, default_value_t = 30.0, allow_negative_numbers = true)]
    pub progress_every: f64,
    /// No progress lines.
    #[arg(long)]
    pub quiet: bool,
    /// Print a built-in configuration (e.g. `war/chain`) as a scenario file and exit.
    #[arg(long)]
    pub print: Option<String>,
    /// List the built-in configurations (those the filters select) and exit.
    #[arg(long)]
    pub list: bool,
    /// Make the engine commit this rule fault (`riftcheck faults` lists them).
    #[arg(long)]
    pub fault: Option<String>,
    /// Play under another reading of a policy, POLICY=READING (repeatable; `riftcheck policies`
    /// lists them), e.g. `--policy team-victory=last-player-only`: the engine and the spec both
    /// follow it.
    #[arg(long = "policy", value_name = "POLICY=READING")]
    pub policies: Vec<String>,
    /// Run part I of N of a split check (from 0): every run explores the states above the
    /// frontier depth, and each explores beyond the frontier states dealt to it;
    /// `riftcheck merge` combines the runs' JSON reports into one verdict.
    #[arg(long)]
    pub shard: Option<String>,
    /// The frontier depth of a split check, in states (the first state is depth 1).
    #[arg(long, default_value_t = 6, value_parser = clap::value_parser!(u16).range(2..))]
    pub shard_depth: u16,
    /// How a split check is split: whole configurations dealt out, or every configuration split
    /// at the frontier.
    #[arg(long, value_enum, default_value_t = ShardBy::Configuration)]
    pub shard_by: ShardBy,
    /// The JSON report of an earlier check or merge of the same configurations: dealt whole,
    /// configurations are then weighed by the distinct states they had there (better balanced
    /// than by the states above the frontier). Every run must be given the same report.
    #[arg(long)]
    pub shard_weights: Option<PathBuf>,
    /// Write every distinct state's fingerprint under this directory (one file a
    /// configuration), so that `riftcheck merge --fingerprints DIR` can count the union and the
    /// overlap of split runs exactly.
    #[arg(long)]
    pub fingerprints: Option<PathBuf>,
    /// Take every transition afresh, rather than reusing what an action did to the same engine
    /// and spec in another state (the results are the same; for an engine suspected of
    /// depending on more than its state)
    #[arg(long)]
    pub no_memo: bool,
    /// Report, per rule number the project implements, how many transitions of the search cited
    /// it (by an event, a refusal or a companion's situation) and in which configurations, and
    /// the rules no transition cited (`docs/rules-covered.md`)
    #[arg(long)]
    pub coverage: bool,
    /// Only this ruleset (its own configurations, properties and faults). By default, a check
    /// of the built-in configurations with no filter covers every ruleset, one after another
    /// (in text output).
    #[arg(long, value_enum)]
    pub ruleset: Option<crate::cli::Ruleset>,
}

impl CheckArgs {
    /// Whether this is the default check, which runs every ruleset: the built-in
    /// configurations, unfiltered, no fault or other reading, not split, in text.
    pub fn is_default_run(&self) -> bool {
        self.files.is_empty()
            && self.players.is_empty()
            && self.mode.is_empty()
            && self.family.is_empty()
            && self.bounds.is_none()
            && self.fault.is_none()
            && self.policies.is_empty()
            && self.shard.is_none()
            && self.print.is_none()
            && !self.list
            && !self.coverage
            && self.format == Format::Text
    }
}

impl CheckArgs {
    /// What is asked of the ruleset: the configurations, bounds, fault and policies.
    pub fn asked(&self) -> Asked<'_> {
        Asked {
            mode: &self.mode,
            players: &self.players,
            family: &self.family,
            files: &self.files,
            bounds: self.bounds.as_deref(),
            quick: self.quick,
            fault: self.fault.as_deref(),
            policies: &self.policies,
        }
    }
}

/// Reads `I/N`: run I (from 0) of N.
///
/// # Errors
///
/// Not two numbers with I below N.
pub fn parse_shard(text: &str) -> Result<(u32, u32), String> {
    let bad = || format!("--shard {text}: expected I/N, run I (from 0) of N runs, e.g. 0/4");
    let (i, n) = text.split_once('/').ok_or_else(bad)?;
    let i: u32 = i.trim().parse().map_err(|_| bad())?;
    let n: u32 = n.trim().parse().map_err(|_| bad())?;
    if n == 0 || i >= n {
        return Err(bad());
    }
    Ok((i, n))
}

/// The limits from the command line.
pub(super) fn limits_of(args: &CheckArgs) -> Result<Limits, String> {
    let timeout = args
        .timeout
        .map(|t| limits::parse_seconds("--timeout", t))
        .transpose()?;
    let max_memory = match &args.max_memory {
        Some(m) => Some(limits::parse_size(m).map_err(|e| format!("--max-memory: {e}"))?),
        None => limits::physical_memory().map(|m| m / 4 * 3),
    };
    Ok(Limits {
        max_states: args
            .max_states
            .map(|n| usize::try_from(n).unwrap_or(usize::MAX)),
        timeout,
        max_memory,
    })
}
