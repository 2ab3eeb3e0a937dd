//! The command line of `conform` and of `replay --engine`.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::Args;
use riftcheck::protocol::remote::Verdict;

use super::ruleset::{Ruleset, Run, Tools};
use riftcheck_checker::plan::Asked;
use riftcheck_conform::{Conformed, Options, Remote, print, run};

/// `riftcheck conform`'s arguments.
#[derive(Args, Debug)]
pub struct ConformArgs {
    /// The command that starts the engine (run by `sh -c`), e.g. "python3 my_engine.py".
    #[arg(long)]
    pub engine: String,
    /// Scenario files or directories for the first phase (default: tests/scenarios, if it
    /// exists).
    pub files: Vec<PathBuf>,
    /// Only these phases: scenarios, exhaustive, walks.
    #[arg(long, value_delimiter = ',')]
    pub phases: Vec<String>,
    /// Only configurations of these modes.
    #[arg(long, value_delimiter = ',')]
    pub mode: Vec<String>,
    /// Only configurations of these families.
    #[arg(long, value_delimiter = ',')]
    pub family: Vec<String>,
    /// Only tables of these sizes (2, 3, 4).
    #[arg(long, value_delimiter = ',')]
    pub players: Vec<usize>,
    /// Stop each exhaustive exploration after this many games (exit 3 if that cut one short).
    #[arg(long)]
    pub max_states: Option<usize>,
    /// Random walks per configuration.
    #[arg(long, default_value_t = 100)]
    pub walks: u64,
    /// Steps per walk.
    #[arg(long, default_value_t = 60)]
    pub depth: usize,
    /// The first seed of the walks.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Bounds of the walks [default: the ruleset's; Riftbound's are
    /// turns=6,concessions=3,invites=2].
    #[arg(long)]
    pub walk_bounds: Option<String>,
    /// Bounds of the exhaustive phase, e.g. `turns=5,concessions=3` (default: each
    /// configuration's quick bounds, as `check --quick` has them).
    #[arg(long)]
    pub bounds: Option<String>,
    /// Seconds the engine may take to answer one request.
    #[arg(long, default_value_t = 10.0)]
    pub timeout: f64,
    /// Where the divergences' scenario files are written.
    #[arg(long, default_value = "riftcheck-out/conform")]
    pub out: PathBuf,
    /// Output format: text, json or junit (JUnit XML: a test case per scenario and per
    /// configuration and phase, and one per finding with its rulebook example).
    #[arg(long, default_value = "text")]
    pub format: String,
    /// Also write JUnit XML to this file, whatever the format.
    #[arg(long, value_name = "FILE")]
    pub junit: Option<PathBuf>,
    /// Record every game the engine plays, as traces `riftcheck validate` reads
    /// (docs/traces.md): a file per configuration and phase, and one for the scenarios.
    #[arg(long, value_name = "DIR")]
    pub record: Option<PathBuf>,
    /// List the unsupported scenarios too.
    #[arg(long)]
    pub verbose: bool,
    /// Stop once this many distinct findings are known.
    #[arg(long)]
    pub max_findings: Option<usize>,
    /// Stop each configuration's exploration and walks at its first divergence, and follow the
    /// engine past none (version 1's behaviour).
    #[arg(long)]
    pub first: bool,
    /// How many divergences one path of the exploration, or one walk, follows the engine past:
    /// the game the engine shows after a divergent step is taken over by the spec and explored
    /// on, so that a mistake made at every play does not hide the ones behind it (0: stop at
    /// each divergence).
    #[arg(long, default_value_t = FOLLOW, value_name = "N")]
    pub follow: u8,
    /// The ruleset the engine plays: its scenario files (its own folder by default,
    /// docs/protocol.md), then its built-in configurations as --mode, --family, --players and
    /// --bounds leave them.
    #[arg(long, value_enum, default_value_t = super::Ruleset::Riftbound)]
    pub ruleset: super::Ruleset,
}

/// How many divergences a path follows the engine past unless asked otherwise: the mistake found
/// first and one more behind it.
pub const FOLLOW: u8 = 2;

/// A per-request timeout from seconds given on the command line.
///
/// # Errors
///
/// Not a finite positive number of seconds.
pub fn timeout(seconds: f64) -> Result<Duration, String> {
    if seconds.is_finite() && seconds > 0.0 && seconds <= 86_400.0 {
        Ok(Duration::from_secs_f64(seconds))
    } else {
        Err(format!(
            "--timeout {seconds}: expected a number of seconds above 0, at most 86400"
        ))
    }
}

fn fail(message: impl std::fmt::Display) -> ExitCode {
    eprintln!("error: {message}");
    ExitCode::from(2)
}

fn options(args: &ConformArgs, default_scenarios: &str) -> Result<Options, String> {
    let known = ["scenarios", "exhaustive", "walks"];
    if let Some(p) = args.phases.iter().find(|p| !known.contains(&p.as_str())) {
        return Err(format!(
            "`{p}` is not a phase: expected scenarios, exhaustive or walks"
        ));
    }
    let on = |p: &str| args.phases.is_empty() || args.phases.iter().any(|x| x == p);
    if !matches!(args.format.as_str(), "text" | "json" | "junit") {
        return Err(format!(
            "`{}` is not a format: expected text, json or junit",
            args.format
        ));
    }
    let mut files = args.files.clone();
    if files.is_empty() && on("scenarios") {
        let default = PathBuf::from(default_scenarios);
        if default.is_dir() {
            files.push(default);
        }
    }
    let scenarios = if on("scenarios") && !files.is_empty() {
        crate::args::scenario_files(&files)?
    } else {
        Vec::new()
    };
    Ok(Options {
        scenarios,
        exhaustive: on("exhaustive"),
        max_states: args.max_states,
        walks: if on("walks") { args.walks } else { 0 },
        depth: args.depth,
        seed: args.seed,
        max_findings: match args.max_findings {
            Some(0) => return Err("--max-findings 0: expected at least 1".into()),
            m => m,
        },
        first: args.first,
        follow: args.follow,
    })
}

/// Starts the engine and checks what its `hello` declares: that it plays the ruleset `key`, and
/// what `accepts` (the ruleset's) asks of the rest.
fn open(
    engine: &str,
    timeout: Duration,
    key: &str,
    accepts: impl FnOnce(&Remote) -> Result<(), String>,
) -> Result<Remote, String> {
    let remote =
        Remote::open(engine, timeout).map_err(|e| format!("the engine did not start: {e}"))?;
    if remote.hello.ruleset != key {
        return Err(format!(
            "the engine's hello says it plays {}, and this needs an engine that plays {key} \
             (conform --ruleset {key}, or scenario files of {key})",
            remote.hello.ruleset
        ));
    }
    accepts(&remote)?;
    Ok(remote)
}

/// Runs `riftcheck conform`. Exit status: 0 the engine agrees everywhere it declares itself
/// able, 1 a divergence or a failed scenario, 2 bad input or an engine that cannot be started,
/// 3 a limit cut the exploration short.
pub fn conform(args: &ConformArgs) -> ExitCode {
    args.ruleset.run(Conform(args))
}

/// `riftcheck conform` with a ruleset's driver: the same for every ruleset.
struct Conform<'a>(&'a ConformArgs);

impl Run for Conform<'_> {
    type Out = ExitCode;

    fn run<R: Tools>(self) -> ExitCode {
        let args = self.0;
        let asked = Asked {
            mode: &args.mode,
            family: &args.family,
            players: &args.players,
            bounds: args.bounds.as_deref(),
            ..Asked::default()
        };
        match R::Driver::of(&asked, args.walk_bounds.as_deref()) {
            Ok(driver) => conform_with(args, driver),
            Err(e) => fail(e),
        }
    }
}

fn conform_with<C: Conformed>(args: &ConformArgs, mut driver: C) -> ExitCode {
    let read =
        options(args, driver.default_scenarios()).and_then(|o| Ok((o, timeout(args.timeout)?)));
    let (opts, timeout) = match read {
        Ok(x) => x,
        Err(e) => return fail(e),
    };
    let mut remote = match open(&args.engine, timeout, driver.key(), |r| driver.accepts(r)) {
        Ok(r) => r,
        Err(e) => return fail(e),
    };
    if let Some(dir) = &args.record
        && let Err(e) = std::fs::create_dir_all(dir)
    {
        return fail(format!("--record {}: {e}", dir.display()));
    }
    remote.record = args.record.clone();
    let tty = std::io::IsTerminal::is_terminal(&std::io::stderr());
    let mut progress = |what: &str| {
        if tty {
            eprint!("\r\x1b[2K{what}");
        }
    };
    let report = run(&mut driver, &mut remote, &opts, &mut progress);
    if tty {
        eprint!("\r\x1b[2K");
    }
    if let Err(e) = remote.recorded() {
        return fail(format!("--record: {e}"));
    }
    let format = (args.format.as_str(), args.verbose);
    if let Err(e) = print::emit(&report, format, &args.out, args.junit.as_deref(), "conform") {
        return fail(e);
    }
    if report.failed() {
        ExitCode::from(1)
    } else if report.cut() {
        ExitCode::from(3)
    } else {
        ExitCode::SUCCESS
    }
}

/// Runs `riftcheck replay --engine CMD FILE...`: each scenario on the engine. Exit status as for
/// `replay`.
pub fn replay(engine: &str, files: &[PathBuf], timeout: Duration) -> ExitCode {
    let files = match crate::args::scenario_files(files) {
        Ok(f) => f,
        Err(e) => return fail(e),
    };
    // One engine plays one ruleset: the files' decide which, and they must agree. A file that
    // declares a ruleset riftcheck does not know is read as Riftbound's, whose reader says
    // where it is wrong, as `replay` reads it.
    let mut rulesets: Vec<Ruleset> = files.iter().map(|f| Ruleset::of_file(f)).collect();
    rulesets.dedup();
    let ruleset = match rulesets.as_slice() {
        [one] => *one,
        _ => {
            let mut keys: Vec<&str> = rulesets.iter().map(|r| r.key()).collect();
            keys.sort_unstable();
            keys.dedup();
            return fail(format!(
                "replay --engine takes scenario files of one ruleset: these mix {}, and an \
                 engine plays one",
                keys.join(" and ")
            ));
        }
    };
    ruleset.run(ReplayOn {
        engine,
        files: &files,
        timeout,
    })
}

/// `replay --engine`: the scenario files, all of one ruleset, each replayed on the engine.
struct ReplayOn<'a> {
    engine: &'a str,
    files: &'a [PathBuf],
    timeout: Duration,
}

impl Run for ReplayOn<'_> {
    type Out = ExitCode;

    fn run<R: Tools>(self) -> ExitCode {
        match R::Driver::of(&Asked::default(), None) {
            Ok(driver) => replay_with(&driver, self.engine, self.files, self.timeout),
            Err(e) => fail(e),
        }
    }
}

/// Replays `files` on `engine` as `driver`'s ruleset plays them, a line each, and a summary.
fn replay_with<C: Conformed>(
    driver: &C,
    engine: &str,
    files: &[PathBuf],
    timeout: Duration,
) -> ExitCode {
    let mut remote = match open(engine, timeout, driver.key(), |r| driver.accepts(r)) {
        Ok(r) => r,
        Err(e) => return fail(e),
    };
    let (mut passed, mut failed, mut unsupported, mut broken) = (0, 0, 0, 0);
    for path in files {
        let row = driver
            .scenarios(&mut remote, std::slice::from_ref(path))
            .pop();
        let Some(row) = row else { continue };
        let shown = path.display().to_string();
        let shown = riftcheck_core::text::escaped(&shown);
        let (title, verdict) = (row.title, row.verdict);
        match verdict {
            Err(e) => {
                println!("ERROR {e}");
                broken += 1;
            }
            Ok(Verdict::Passed) => {
                println!("pass  {shown} ({})", title);
                passed += 1;
            }
            Ok(Verdict::Unsupported(why)) => {
                println!("skip  {shown} ({}): not for this engine: {why}", title);
                unsupported += 1;
            }
            Ok(Verdict::Failed(f)) => {
                let f = &f[0];
                println!(
                    "FAIL  {shown}:{}:{} ({}) after step {}: {}: expected {}, found {}",
                    f.at.0, f.at.1, title, f.after, f.what, f.expected, f.actual
                );
                failed += 1;
            }
            Ok(Verdict::Fault { after, fault }) => {
                println!("FAIL  {shown} ({}) after step {after}: {fault}", title);
                remote.close();
                failed += 1;
            }
        }
    }
    println!("{passed} passed, {failed} failed, {unsupported} unsupported, {broken} unreadable");
    if broken > 0 {
        ExitCode::from(2)
    } else if failed > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
