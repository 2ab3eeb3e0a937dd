//! `riftcheck`: model-check the multiplayer rules, replay and render scenarios.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use riftcheck::protocol::serve::Asked;
use riftcheck_model::cli::check::CheckArgs;
use riftcheck_model::cli::conform::{self, ConformArgs};
use riftcheck_model::cli::{self, Format, fail_input};

/// riftcheck: a model checker and fuzzing harness for the multiplayer rules of Riftbound.
#[derive(Parser)]
#[command(name = "riftcheck", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    /// The largest scenario file read, e.g. 16M (the default) or 1G; a larger file is refused
    /// (exit 2) without being read.
    #[arg(long, global = true)]
    max_file_size: Option<String>,
    /// The longest line read from an engine's standard output, e.g. 16M (the default); a
    /// longer line is a malformed answer (a finding), read and dropped without being held.
    #[arg(long, global = true)]
    max_line: Option<String>,
}

#[derive(Subcommand)]
enum Command {
    /// Model-check the built-in configurations (or the setups of scenario files): every
    /// interleaving of passes, concessions and responses within the bounds. Exit status: 0 every
    /// property holds, 1 a property failed, 2 bad input, 3 a limit stopped a search.
    Check(CheckArgs),
    /// Replay scenario files (or every .toml under given directories) and check every
    /// expectation. Exit status: 0 all pass, 1 an expectation failed, 2 a file cannot be read or
    /// parsed.
    Replay {
        /// Scenario files or directories.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Print each step's events too.
        #[arg(long)]
        verbose: bool,
        /// Replay on an engine that commits this rule fault.
        #[arg(long)]
        fault: Option<String>,
        /// Replay on another engine, behind the conformance protocol: the command that starts
        /// it (run by `sh -c`).
        #[arg(long, conflicts_with = "fault")]
        engine: Option<String>,
        /// With --engine: seconds the engine may take to answer one request.
        #[arg(long, default_value_t = 10.0, allow_negative_numbers = true)]
        timeout: f64,
        /// Output format: text, json or junit (not with --engine).
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// Check another rules engine, in any language, over the conformance protocol
    /// (docs/protocol.md): the scenarios as a conformance suite, an exhaustive exploration of the
    /// built-in configurations with the spec driving, and seeded random walks. Exit status: 0
    /// it agrees wherever it declares itself able, 1 a divergence, 2 bad input, 3 a limit cut
    /// the exploration short.
    Conform(ConformArgs),
    /// Check recorded games (JSON-lines traces, docs/traces.md: a setup, then each step's
    /// action and what the engine showed) against the rules, without driving the engine: each
    /// game up to the first step where the engine's observation or refusal is not what the
    /// rules allow. Exit status: 0 every game follows the rules, 1 one does not, 2 a trace
    /// cannot be read.
    Validate(cli::validate::ValidateArgs),
    /// Print a scenario as a rulebook example paragraph, or draw it as an SVG timeline.
    Render {
        /// The scenario file.
        file: PathBuf,
        /// Write an SVG timeline to this file instead: a lane per Seat, a row per step, the
        /// holders and the Chain after each step, removals greyed, the first failing
        /// expectation highlighted.
        #[arg(long, value_name = "FILE")]
        svg: Option<PathBuf>,
        /// Play it on an engine that commits this rule fault: what a counterexample found
        /// under the fault, rather than the correct behaviour.
        #[arg(long)]
        fault: Option<String>,
        /// The format: a rulebook paragraph (text), or for the book, each step and each of its
        /// consequences on a line of its own (markdown, html).
        #[arg(long, value_enum, default_value_t = cli::render::RenderFormat::Text, conflicts_with = "svg")]
        format: cli::render::RenderFormat,
    },
    /// Walk the state space in a browser: the Explorer on 127.0.0.1 (docs/explorer.md). It
    /// shows the whole board, the Chain, the holders and the timeline of the path so far, and
    /// lists only the actions the game takes.
    Explore {
        /// A scenario file (a counterexample `check --out` wrote, or any scenario): its setup is
        /// explored and the Explorer opens at the end of its steps (default: the configuration
        /// named by --config).
        file: Option<PathBuf>,
        /// A built-in configuration (default: skirmish/chain; MTG's: mtg-3/steal).
        #[arg(long)]
        config: Option<String>,
        /// The port.
        #[arg(long, default_value_t = 3000)]
        port: u16,
        /// The ruleset explored: `riftbound`, or `mtg` (default: the one the scenario file
        /// declares, else riftbound).
        #[arg(long, value_enum)]
        ruleset: Option<cli::Ruleset>,
        /// Make the engine commit this rule fault (as `check --fault` did when it wrote a
        /// counterexample).
        #[arg(long)]
        fault: Option<String>,
    },
    /// Random walks through the model at bounds too large to exhaust, checking every property on
    /// every step. Exit status as for `check`.
    Simulate {
        /// A scenario file whose setup to walk from (default: every built-in configuration).
        file: Option<PathBuf>,
        /// The first seed.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Walks per configuration.
        #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..))]
        runs: u64,
        /// Steps per walk.
        #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u64).range(1..))]
        depth: u64,
        /// Bounds for the walks, as for `check` [default: turns=6,concessions=3,invites=2; with
        /// --ruleset mtg, turns=4,concessions=3, the turns that may begin after the first].
        #[arg(long)]
        bounds: Option<String>,
        /// Make the engine commit this rule fault.
        #[arg(long)]
        fault: Option<String>,
        /// The ruleset walked: `riftbound`, or `mtg` (its built-in configurations, or an MTG
        /// scenario file's setup).
        #[arg(long, value_enum, default_value_t = cli::Ruleset::Riftbound)]
        ruleset: cli::Ruleset,
        /// Stop starting walks after this many seconds in all (exit 3 if nothing broke).
        #[arg(long)]
        timeout: Option<f64>,
    },
    /// Measure the checker and the engine: states per second, bytes per state, step cost.
    Bench {
        /// Seconds to spend on the engine's step cost.
        #[arg(long, default_value_t = 2.0)]
        seconds: f64,
        /// The quick bounds instead of the default ones.
        #[arg(long)]
        quick: bool,
        /// The ruleset measured: `riftbound`, or `mtg`.
        #[arg(long, value_enum, default_value_t = cli::Ruleset::Riftbound)]
        ruleset: cli::Ruleset,
    },
    /// Serve the reference engine over the conformance protocol (docs/protocol.md) on standard
    /// input and output, until the input ends.
    Serve {
        /// Serve the spec (the independent reading of the rules) instead.
        #[arg(long)]
        spec: bool,
        /// Serve an engine that commits this rule fault (an engine with a known mistake);
        /// repeatable, for an engine with several independent mistakes.
        #[arg(long, conflicts_with = "spec")]
        fault: Vec<String>,
        /// Declare no snapshots, so that a client resets and replays instead.
        #[arg(long)]
        no_snapshot: bool,
        /// Expose only these observation fields, as `hello` declares them (protocol version
        /// 2), e.g. `turn,priority,chain,cards.at`.
        #[arg(long, value_delimiter = ',')]
        observes: Option<Vec<String>>,
        /// Events as `sentences` (the default), `structured` objects, or `none`.
        #[arg(long, default_value = "sentences")]
        events: String,
        /// Report only events of these kinds, e.g. `played,countered,resolved`.
        #[arg(long, value_delimiter = ',')]
        event_kinds: Option<Vec<String>>,
        /// Follow (and declare in `hello`) another reading of a policy, POLICY=READING
        /// (repeatable).
        #[arg(long = "policy", value_name = "POLICY=READING")]
        policies: Vec<String>,
        /// Record the games played to this file, as a trace `riftcheck validate` reads
        /// (docs/traces.md).
        #[arg(long, value_name = "FILE")]
        record: Option<PathBuf>,
        /// The ruleset served: `riftbound`, or `mtg` (MTG's 800.4, docs/protocol.md's MTG
        /// section; it takes --spec and --fault only).
        #[arg(long, value_enum, default_value_t = cli::Ruleset::Riftbound)]
        ruleset: cli::Ruleset,
    },
    /// Merge the JSON reports of the runs of a split check (`check --shard I/N --format json`)
    /// into one verdict and one report. Exit status as for `check`; 2 if the reports are not
    /// the runs of one split check.
    Merge {
        /// The runs' reports, every run once.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// The directory the runs wrote their fingerprints to (`check --fingerprints DIR`):
        /// the distinct states are then counted exactly, and the overlap between runs.
        #[arg(long)]
        fingerprints: Option<PathBuf>,
        /// Output format: text or json.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// List the project's policies (where the rules are silent, what the engine does) and the
    /// readings of each point the rules can be read more than one way.
    Policies {
        /// The ruleset whose policies and readings are listed (MTG's 800.4 has no policies;
        /// its readings other than the book's are faults).
        #[arg(long, value_enum, default_value_t = cli::Ruleset::Riftbound)]
        ruleset: cli::Ruleset,
    },
    /// Set each policy's readings side by side: the shortest situation in which the project's
    /// reading and each other reading part ways, as a rulebook example with both outcomes, and
    /// the properties each reading breaks. Exit status: 0, or 2 on bad input.
    Readings(riftcheck_model::cli::readings::ReadingsArgs),
    /// Riftbound 651-652 and Magic: The Gathering 800.4 side by side: the same situations (a
    /// borrowed unit whose borrower leaves, the Turn Player leaving mid-turn, a leaver's choice,
    /// ...) played under each ruleset from scenario files, with what each game does and the
    /// rules, and whether they differ. `--format markdown` is docs/riftbound-vs-mtg.md.
    /// Exit status: 0, or 1 if a scenario no longer shows its side.
    Diverge {
        /// text (a table, then the paired rulebook examples) or markdown.
        #[arg(long, value_enum, default_value_t = cli::diverge::DivergeFormat::Text)]
        format: cli::diverge::DivergeFormat,
    },
    /// List the properties the checker proves.
    Properties {
        /// The MTG ruleset's properties (800.4) instead of Riftbound's.
        #[arg(long, value_enum, default_value_t = cli::Ruleset::Riftbound)]
        ruleset: cli::Ruleset,
    },
    /// List the rule faults (readings known to be wrong) the engine can be made to commit.
    Faults {
        /// The MTG engine's faults (800.4), with the property each breaks, instead of the
        /// Riftbound engine's.
        #[arg(long, value_enum, default_value_t = cli::Ruleset::Riftbound)]
        ruleset: cli::Ruleset,
    },
}

/// Lets a closed standard output end the program quietly, as it ends `cat` or `grep`
/// (`riftcheck replay DIR | head`), instead of a panic in the middle of a report. Not for the
/// commands that talk to an engine through pipes: there a closed pipe is the engine's exit, a
/// finding to report, not a reason to stop.
fn quiet_on_closed_pipe() {
    #[cfg(unix)]
    {
        unsafe extern "C" {
            fn signal(signum: i32, handler: usize) -> usize;
        }
        // SAFETY: signal(2) with SIGPIPE (13) and SIG_DFL (0) restores the default disposition;
        // it touches no memory of ours and runs before any other thread exists.
        unsafe {
            signal(13, 0);
        }
    }
}

/// A report that cannot be written is a failure that says so (exit status 2), not a panic (a
/// full disk, `> /dev/full`). (A standard output closed before the program starts cannot be told
/// from `/dev/null`: the runtime opens that in its place.)
///
/// A panic of an engine under check is caught and reported as a finding
/// (`riftcheck_checker::panics`): the hook then only keeps what it said and where.
fn fail_on_lost_output() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let message = riftcheck_checker::panics::message(info.payload());
        let caught = riftcheck_checker::panics::note(|| match info.location() {
            Some(at) => format!("{message} (at {}:{})", at.file(), at.line()),
            None => message.to_string(),
        });
        if caught {
            return;
        }
        if let Some(why) = message.strip_prefix("failed printing to stdout: ") {
            eprintln!("riftcheck: the report could not be written to standard output: {why}");
            std::process::exit(2);
        }
        default(info);
    }));
}

fn main() -> ExitCode {
    fail_on_lost_output();
    let cli = Cli::parse();
    if let Some(size) = &cli.max_file_size {
        match riftcheck_checker::search::limits::parse_size(size) {
            Ok(n) => {
                riftcheck_core::files::set_max_bytes(n);
                riftcheck::protocol::trace::set_trace_limit(n);
            }
            Err(e) => return fail_input(format!("--max-file-size: {e}")),
        }
    }
    if let Some(size) = &cli.max_line {
        match riftcheck_checker::search::limits::parse_size(size) {
            Ok(n) if n > 0 => riftcheck::protocol::client::set_max_line(n),
            Ok(_) => return fail_input("--max-line: 0 bytes: no answer could be read"),
            Err(e) => return fail_input(format!("--max-line: {e}")),
        }
    }
    let talks_to_an_engine = matches!(
        cli.command,
        Command::Conform(_)
            | Command::Serve { .. }
            | Command::Replay {
                engine: Some(_),
                ..
            }
    );
    if !talks_to_an_engine {
        quiet_on_closed_pipe();
    }
    match cli.command {
        Command::Check(args) => riftcheck_model::cli::check::run(args),
        Command::Replay {
            engine: Some(engine),
            files,
            timeout,
            format,
            ..
        } => match (conform::timeout(timeout), format) {
            (Ok(t), Format::Text) => conform::replay(&engine, &files, t),
            (Err(e), _) => fail_input(e),
            (_, _) => fail_input("replay --engine reports in text only"),
        },
        Command::Conform(args) => conform::conform(&args),
        Command::Validate(args) => cli::validate::validate(&args),
        Command::Replay {
            files,
            verbose,
            fault,
            format,
            ..
        } => riftcheck_model::cli::replay::run(&files, verbose, fault.as_deref(), format),
        Command::Render {
            file,
            svg,
            fault,
            format,
        } => cli::render::run(&file, svg.as_deref(), fault.as_deref(), format),
        Command::Explore {
            file,
            config,
            port,
            ruleset,
            fault,
        } => cli::explore::ruleset(ruleset, file.as_deref()).run(cli::explore::Explore {
            opening: riftcheck_checker::explore::Opening {
                file: file.as_deref(),
                config: config.as_deref(),
                fault: fault.as_deref(),
            },
            port,
        }),
        Command::Simulate {
            file,
            seed,
            runs,
            depth,
            bounds,
            fault,
            ruleset,
            timeout,
        } => {
            let deadline = match timeout
                .map(|t| riftcheck_checker::search::limits::parse_seconds("--timeout", t))
                .transpose()
            {
                Ok(t) => t.map(|t| std::time::Instant::now() + t),
                Err(e) => return fail_input(e),
            };
            ruleset.run(cli::simulate::Simulate {
                file: file.as_deref(),
                walks: (seed, runs, depth),
                bounds: bounds.as_deref(),
                fault: fault.as_deref(),
                deadline,
            })
        }
        Command::Serve {
            spec,
            fault,
            no_snapshot,
            policies,
            observes,
            events,
            event_kinds,
            record,
            ruleset,
        } => ruleset.run(riftcheck_model::cli::serve::Serve(Asked {
            spec,
            faults: fault,
            snapshots: !no_snapshot,
            policies,
            observes,
            events,
            event_kinds,
            record,
        })),
        Command::Merge {
            files,
            fingerprints,
            format,
        } => match format {
            Format::Junit => fail_input("merge reports in text or json"),
            _ => riftcheck_model::cli::merge::run(
                &files,
                fingerprints.as_deref(),
                format == Format::Json,
            ),
        },
        Command::Bench {
            seconds,
            quick,
            ruleset,
        } => ruleset.run(cli::bench::Bench { seconds, quick }),
        Command::Policies { ruleset } => ruleset.run(cli::lists::Listing::Policies),
        Command::Readings(args) => args
            .ruleset
            .run(riftcheck_model::cli::readings::Readings(&args)),
        Command::Diverge { format } => cli::diverge::run(format),
        Command::Faults { ruleset } => ruleset.run(cli::lists::Listing::Faults),
        Command::Properties { ruleset } => ruleset.run(cli::lists::Properties),
    }
}
