//! `riftcheck`: model-check the multiplayer rules, replay and render scenarios.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use clap::{Args, Parser, Subcommand, ValueEnum};
use riftcheck::{Scenario, Setup};
use riftcheck_model::args::{collect, parse_bounds};
use riftcheck_model::check::{self, Options, Outcome};
use riftcheck_model::configs;
use riftcheck_model::conform::cli::{self as conform, ConformArgs};
use riftcheck_model::model::Bounds;
use riftcheck_model::properties::{Kind, Prop};
use riftcheck_model::{bench, simulate};

/// riftcheck: a model checker and fuzzing harness for the multiplayer rules of Riftbound.
#[derive(Parser)]
#[command(name = "riftcheck", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Format {
    Text,
    Json,
}

#[derive(Args)]
struct CheckArgs {
    /// Scenario files whose setups to check, instead of the built-in configurations.
    files: Vec<PathBuf>,
    /// Only tables of these sizes (2, 3, 4).
    #[arg(long, value_delimiter = ',')]
    players: Vec<usize>,
    /// Only these modes: duel, skirmish, war, magma-chamber.
    #[arg(long, value_delimiter = ',')]
    mode: Vec<String>,
    /// Only these families: chain, showdown, removal.
    #[arg(long, value_delimiter = ',')]
    family: Vec<String>,
    /// Bounds, e.g. `turns=1,concessions=2,invites=1` (defaults per configuration).
    #[arg(long)]
    bounds: Option<String>,
    /// Checker threads; 1 (the default) keeps runs deterministic.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Where counterexample scenario files are written.
    #[arg(long, default_value = "riftcheck-out")]
    out: PathBuf,
    /// Stop each configuration after this many states (exit 3 if that cut a search short).
    #[arg(long)]
    max_states: Option<usize>,
    /// Stop each configuration after this many seconds (exit 3 if that cut a search short).
    #[arg(long)]
    timeout: Option<f64>,
    /// Print a built-in configuration (e.g. `war/chain`) as a scenario file and exit.
    #[arg(long)]
    print: Option<String>,
    /// List the built-in configurations and exit.
    #[arg(long)]
    list: bool,
    /// Make the engine commit this rule fault (`riftcheck faults` lists them).
    #[arg(long)]
    fault: Option<String>,
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
        #[arg(long, default_value_t = 10.0)]
        timeout: f64,
    },
    /// Check another rules engine, in any language, over the conformance protocol
    /// (docs/protocol.md): the scenarios as a conformance suite, an exhaustive exploration of the
    /// built-in configurations with the spec driving, and seeded random walks. Exit status: 0
    /// it agrees wherever it declares itself able, 1 a divergence, 2 bad input, 3 a limit cut
    /// the exploration short.
    Conform(ConformArgs),
    /// Print a scenario as a rulebook example paragraph.
    Render {
        /// The scenario file.
        file: PathBuf,
    },
    /// Walk the state space in a browser: stateright's Explorer on 127.0.0.1.
    Explore {
        /// A scenario file whose setup to explore (default: the configuration named by --config).
        file: Option<PathBuf>,
        /// A built-in configuration.
        #[arg(long, default_value = "skirmish/chain")]
        config: String,
        /// The port.
        #[arg(long, default_value_t = 3000)]
        port: u16,
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
        #[arg(long, default_value_t = 1000)]
        runs: u64,
        /// Steps per walk.
        #[arg(long, default_value_t = 200)]
        depth: usize,
        /// Bounds for the walks, as for `check`.
        #[arg(long, default_value = "turns=6,concessions=3,invites=2")]
        bounds: String,
        /// Make the engine commit this rule fault.
        #[arg(long)]
        fault: Option<String>,
    },
    /// Measure the checker and the engine: states per second, bytes per state, step cost.
    Bench {
        /// Seconds to spend on the engine's step cost.
        #[arg(long, default_value_t = 2.0)]
        seconds: f64,
    },
    /// Serve the reference engine over the conformance protocol (docs/protocol.md) on standard
    /// input and output, until the input ends.
    Serve {
        /// Serve the spec (the independent reading of the rules) instead.
        #[arg(long)]
        spec: bool,
        /// Serve an engine that commits this rule fault (an engine with a known mistake).
        #[arg(long, conflicts_with = "spec")]
        fault: Option<String>,
        /// Declare no snapshots, so that a client resets and replays instead.
        #[arg(long)]
        no_snapshot: bool,
    },
    /// List the project's policies: where the rules are silent, what the engine does.
    Policies,
    /// List the properties the checker proves.
    Properties,
    /// List the rule faults (readings known to be wrong) the engine can be made to commit.
    Faults,
}

fn fail_input(message: impl std::fmt::Display) -> ExitCode {
    eprintln!("error: {message}");
    ExitCode::from(2)
}

/// A configuration to check: a name, a setup, bounds.
struct Target {
    name: String,
    setup: Setup,
    bounds: Bounds,
}

fn targets(args: &CheckArgs) -> Result<Vec<Target>, String> {
    let mut out = Vec::new();
    if !args.files.is_empty() {
        for path in &args.files {
            let s = Scenario::load(path).map_err(|e| e.to_string())?;
            let bounds = match &args.bounds {
                Some(t) => parse_bounds(t, Bounds::default())?,
                None => Bounds::default(),
            };
            out.push(Target {
                name: path.display().to_string(),
                setup: s.setup,
                bounds,
            });
        }
        return Ok(out);
    }
    for c in configs::select(&args.mode, &args.family, &args.players)? {
        let bounds = match &args.bounds {
            Some(t) => parse_bounds(t, c.bounds)?,
            None => c.bounds,
        };
        out.push(Target {
            name: c.name(),
            setup: c.setup,
            bounds,
        });
    }
    if out.is_empty() {
        return Err("no configuration matches those filters".to_string());
    }
    Ok(out)
}

fn run_check(args: CheckArgs) -> ExitCode {
    if args.list {
        for c in configs::all() {
            println!(
                "{:24} {}  (bounds: turns={}, concessions={}, invites={})",
                c.name(),
                c.family.about(),
                c.bounds.turns,
                c.bounds.concessions,
                c.bounds.invites
            );
        }
        return ExitCode::SUCCESS;
    }
    if let Some(name) = &args.print {
        let Some(c) = configs::all().into_iter().find(|c| &c.name() == name) else {
            return fail_input(format!(
                "no configuration is called `{name}`; `riftcheck check --list` shows them"
            ));
        };
        let s = riftcheck_model::report::setup_scenario(&c.name(), c.family.about(), &c.setup);
        print!("{}", s.to_toml());
        return ExitCode::SUCCESS;
    }
    let targets = match targets(&args) {
        Ok(t) => t,
        Err(e) => return fail_input(e),
    };
    let mut opts = Options {
        threads: args.threads,
        max_states: args.max_states,
        timeout: args.timeout.map(Duration::from_secs_f64),
        progress: args.format == Format::Text,
        ..Options::default()
    };
    if let Some(name) = &args.fault {
        match name.parse() {
            Ok(f) => opts.fault = Some(f),
            Err(e) => return fail_input(e),
        }
    }
    let mut outcomes = Vec::new();
    if args.format == Format::Text {
        println!(
            "riftcheck check: {} configuration(s); properties hold unless marked\n",
            targets.len()
        );
        println!(
            "{:26} {:>10} {:>10} {:>6} {:>8} {:>10}  result",
            "configuration", "states", "unique", "depth", "time", "states/s"
        );
    }
    for t in &targets {
        let outcome = match check::check(&t.name, &t.setup, t.bounds, &opts) {
            Ok(o) => o,
            Err(e) => return fail_input(format!("{}: {e}", t.name)),
        };
        if args.format == Format::Text {
            let result = if !outcome.failed.is_empty() {
                format!(
                    "FAILED: {}",
                    outcome
                        .failed
                        .iter()
                        .map(|p| p.name())
                        .collect::<Vec<_>>()
                        .join("; ")
                )
            } else if outcome.stopped {
                "stopped by a limit: properties hold on the states covered".to_string()
            } else {
                "all properties hold".to_string()
            };
            println!(
                "{:26} {:>10} {:>10} {:>6} {:>7.2}s {:>10.0}  {result}",
                outcome.name,
                outcome.states,
                outcome.unique,
                outcome.depth,
                outcome.seconds,
                outcome.rate()
            );
        }
        outcomes.push(outcome);
    }
    let failed = outcomes.iter().any(|o| !o.failed.is_empty());
    let stopped = outcomes.iter().any(|o| o.stopped || o.acyclic.is_none());
    let seen = outcomes.iter().fold(0u64, |a, o| a | o.seen);
    let mut written = Vec::new();
    for o in &outcomes {
        for c in &o.counterexamples {
            if std::fs::create_dir_all(&args.out).is_ok() {
                let path = args.out.join(c.file_name());
                if std::fs::write(&path, c.scenario.to_toml()).is_ok() {
                    written.push(path);
                }
            }
        }
    }
    match args.format {
        Format::Text => print_text(&outcomes, seen, &written),
        Format::Json => print_json(&outcomes, seen, &written),
    }
    if failed {
        ExitCode::from(1)
    } else if stopped {
        ExitCode::from(3)
    } else {
        ExitCode::SUCCESS
    }
}

fn print_text(outcomes: &[Outcome], seen: u64, written: &[PathBuf]) {
    let total_states: usize = outcomes.iter().map(|o| o.unique).sum();
    let total_time: f64 = outcomes.iter().map(|o| o.seconds).sum();
    println!(
        "{:26} {:>10} {:>10} {:>6} {:>7.2}s",
        "total", "", total_states, "", total_time
    );
    println!("\nproperties (checked in every configuration):");
    for &p in Prop::ALL.iter().filter(|p| p.kind() != Kind::Sometimes) {
        let failing: Vec<&str> = outcomes
            .iter()
            .filter(|o| o.failed.contains(&p))
            .map(|o| o.name.as_str())
            .collect();
        let mark = if failing.is_empty() {
            "  ok  "
        } else {
            "  FAIL"
        };
        print!("{mark} {} ({})", p.name(), p.rule());
        if !failing.is_empty() {
            print!(": {}", failing.join(", "));
        }
        println!();
    }
    println!("\ncompanions (situations the bounds reach, in at least one configuration):");
    for &p in Prop::ALL.iter().filter(|p| p.kind() == Kind::Sometimes) {
        let mark = if seen & p.bit() != 0 {
            "  seen"
        } else {
            "  --  "
        };
        println!("{mark} {} ({})", p.name(), p.rule());
    }
    for o in outcomes {
        // Properties broken by the same shortest path are shown together.
        let mut shown: Vec<&[riftcheck::Action]> = Vec::new();
        for c in &o.counterexamples {
            if shown.contains(&c.path.as_slice()) {
                continue;
            }
            shown.push(&c.path);
            let same: Vec<&str> = o
                .counterexamples
                .iter()
                .filter(|d| d.path == c.path)
                .map(|d| d.property.name())
                .collect();
            println!(
                "\n== counterexample in {} ({} steps): {}\n",
                o.name,
                c.path.len(),
                same.join("; ")
            );
            print!("{}", c.rulebook());
            for d in o
                .counterexamples
                .iter()
                .filter(|d| d.path == c.path && d.property != c.property)
            {
                println!(
                    "Expected by rule {}: {}; found: {}.",
                    d.rule, d.expected, d.found
                );
            }
        }
    }
    if !written.is_empty() {
        println!("\nscenario files (replay with `riftcheck replay FILE`):");
        for w in written {
            println!("  {}", w.display());
        }
    }
}

fn print_json(outcomes: &[Outcome], seen: u64, written: &[PathBuf]) {
    let configurations: Vec<serde_json::Value> = outcomes
        .iter()
        .map(|o| {
            serde_json::json!({
                "name": o.name,
                "states": o.states,
                "unique_states": o.unique,
                "depth": o.depth,
                "seconds": o.seconds,
                "states_per_second": o.rate(),
                "stopped_by_limit": o.stopped,
                "acyclic": o.acyclic,
                "failed": o.failed.iter().map(|p| p.name()).collect::<Vec<_>>(),
                "counterexamples": o.counterexamples.iter().map(|c| serde_json::json!({
                    "property": c.property.name(),
                    "rule": c.property.rule(),
                    "steps": c.scenario.steps.iter().map(|s| s.to_string()).collect::<Vec<_>>(),
                    "expected": c.expected,
                    "found": c.found,
                    "rulebook": c.rulebook(),
                })).collect::<Vec<_>>(),
            })
        })
        .collect();
    let properties: Vec<serde_json::Value> = Prop::ALL
        .iter()
        .map(|&p| {
            let holds = match p.kind() {
                Kind::Sometimes => seen & p.bit() != 0,
                _ => outcomes.iter().all(|o| !o.failed.contains(&p)),
            };
            serde_json::json!({
                "name": p.name(),
                "rule": p.rule(),
                "kind": format!("{:?}", p.kind()).to_lowercase(),
                "holds": holds,
                "companion": p.row().companion.map(|c| c.name()),
            })
        })
        .collect();
    let out = serde_json::json!({
        "configurations": configurations,
        "properties": properties,
        "scenario_files": written.iter().map(|p| p.display().to_string()).collect::<Vec<_>>(),
    });
    println!("{}", serde_json::to_string_pretty(&out).unwrap_or_default());
}

fn replay(files: &[PathBuf], verbose: bool, fault: Option<&str>) -> ExitCode {
    let files = collect(files);
    let (mut passed, mut failed, mut broken) = (0, 0, 0);
    for path in &files {
        let scenario = match Scenario::load(path) {
            Ok(s) => s,
            Err(e) => {
                println!("ERROR {e}");
                broken += 1;
                continue;
            }
        };
        let replayed = match fault {
            None => scenario.replay(),
            Some(name) => with_fault(&scenario, name),
        };
        let replay = match replayed {
            Ok(r) => r,
            Err(e) => {
                println!("ERROR {e}");
                broken += 1;
                continue;
            }
        };
        if verbose {
            let cat = &replay.catalog;
            for (i, r) in replay.results.iter().enumerate() {
                println!("  {}. {}", i + 1, r.action.display(cat));
                match &r.outcome {
                    Ok(events) => {
                        for e in events {
                            println!("       {} ({})", e.display(cat), e.rule());
                        }
                    }
                    Err(e) => println!("       refused: {e}"),
                }
            }
        }
        match replay.failures.first() {
            None => {
                println!("pass  {} ({})", path.display(), scenario.title);
                passed += 1;
            }
            Some(f) => {
                println!(
                    "FAIL  {}:{}:{} ({}) after step {}: {}: expected {}, found {}",
                    path.display(),
                    f.at.0,
                    f.at.1,
                    scenario.title,
                    f.after,
                    f.what,
                    f.expected,
                    f.actual
                );
                failed += 1;
            }
        }
    }
    println!("{passed} passed, {failed} failed, {broken} unreadable");
    if broken > 0 {
        ExitCode::from(2)
    } else if failed > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// Replays `scenario` on an engine that commits the named fault.
fn with_fault(
    scenario: &Scenario,
    name: &str,
) -> Result<riftcheck::scenario::Replay, riftcheck::ScenarioError> {
    scenario.replay_with_fault(name.parse::<riftcheck::Fault>().ok())
}

fn setup_of(file: Option<&Path>, config: &str) -> Result<(String, Setup, Bounds), String> {
    match file {
        Some(path) => {
            let s = Scenario::load(path).map_err(|e| e.to_string())?;
            Ok((path.display().to_string(), s.setup, Bounds::default()))
        }
        None => configs::all()
            .into_iter()
            .find(|c| c.name() == config)
            .map(|c| (c.name(), c.setup, c.bounds))
            .ok_or_else(|| {
                format!(
                    "no configuration is called `{config}`; `riftcheck check --list` shows them"
                )
            }),
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Check(args) => run_check(args),
        Command::Replay {
            engine: Some(engine),
            files,
            timeout,
            ..
        } => match conform::timeout(timeout) {
            Ok(t) => conform::replay(&engine, &files, t),
            Err(e) => fail_input(e),
        },
        Command::Conform(args) => conform::conform(&args),
        Command::Replay {
            files,
            verbose,
            fault,
            ..
        } => {
            if let Some(name) = &fault
                && let Err(e) = name.parse::<riftcheck::Fault>()
            {
                return fail_input(e);
            }
            replay(&files, verbose, fault.as_deref())
        }
        Command::Render { file } => match Scenario::load(&file) {
            Ok(s) => {
                print!("{}", s.render());
                ExitCode::SUCCESS
            }
            Err(e) => fail_input(e),
        },
        Command::Explore { file, config, port } => {
            let (name, setup, bounds) = match setup_of(file.as_deref(), &config) {
                Ok(x) => x,
                Err(e) => return fail_input(e),
            };
            match riftcheck_model::explore::serve(&name, &setup, bounds, port) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => fail_input(e),
            }
        }
        Command::Simulate {
            file,
            seed,
            runs,
            depth,
            bounds,
            fault,
        } => {
            let fault = match fault
                .as_deref()
                .map(str::parse::<riftcheck::Fault>)
                .transpose()
            {
                Ok(f) => f,
                Err(e) => return fail_input(e),
            };
            let bounds = match parse_bounds(&bounds, Bounds::default()) {
                Ok(b) => b,
                Err(e) => return fail_input(e),
            };
            let targets: Vec<(String, Setup)> = match &file {
                Some(path) => match Scenario::load(path) {
                    Ok(s) => vec![(path.display().to_string(), s.setup)],
                    Err(e) => return fail_input(e),
                },
                None => configs::all()
                    .into_iter()
                    .map(|c| (c.name(), c.setup))
                    .collect(),
            };
            simulate::run(&targets, bounds, seed, runs, depth, fault)
        }
        Command::Serve {
            spec,
            fault,
            no_snapshot,
        } => serve(spec, fault.as_deref(), !no_snapshot),
        Command::Bench { seconds } => {
            bench::run(seconds);
            ExitCode::SUCCESS
        }
        Command::Policies => {
            for p in riftcheck::readings::POLICIES {
                println!(
                    "{} ({})\n  {}\n  implemented by {}\n",
                    p.name, p.rules, p.default, p.implemented_by
                );
            }
            println!(
                "readings (the first is the default; a fault is a reading known to be wrong):"
            );
            for p in riftcheck::readings::POINTS {
                println!("  {} ({})", p.key, p.rules);
                for r in p.readings {
                    let fault = r.fault.map_or(String::new(), |f| format!(" [fault {f}]"));
                    println!("    {}{fault}: {}", r.key, r.text());
                }
            }
            ExitCode::SUCCESS
        }
        Command::Faults => {
            for f in riftcheck::Fault::ALL {
                println!("{:32} ({}) {}", f.key(), f.rule(), f.what());
            }
            ExitCode::SUCCESS
        }
        Command::Properties => {
            for &p in Prop::ALL {
                let kind = match p.kind() {
                    Kind::Always => "always",
                    Kind::Sometimes => "sometimes",
                    Kind::Graph => "graph",
                };
                match p.row().companion {
                    Some(c) => println!(
                        "{kind:9} {} ({}); reached: {}",
                        p.name(),
                        p.rule(),
                        c.name()
                    ),
                    None => println!("{kind:9} {} ({})", p.name(), p.rule()),
                }
            }
            ExitCode::SUCCESS
        }
    }
}

fn serve(spec: bool, fault: Option<&str>, snapshots: bool) -> ExitCode {
    use riftcheck::protocol::serve::{Session, serve};
    let fault = match fault.map(str::parse::<riftcheck::Fault>).transpose() {
        Ok(f) => f,
        Err(e) => return fail_input(e),
    };
    let (input, output) = (std::io::stdin().lock(), std::io::stdout().lock());
    let done = if spec {
        let session = Session::<riftcheck::oracle::Spec>::new("riftcheck spec");
        serve(session.with_snapshots(snapshots), input, output)
    } else {
        let session = Session::<riftcheck::Game>::new("riftcheck").with_fault(fault);
        serve(session.with_snapshots(snapshots), input, output)
    };
    match done {
        Ok(()) => ExitCode::SUCCESS,
        // The other side closed the pipe: the session is over.
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("riftcheck serve: {e}");
            ExitCode::from(2)
        }
    }
}
