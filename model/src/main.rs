//! `riftcheck`: replay and render scenarios; model-check the rules.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use riftcheck::Scenario;

/// riftcheck: a model checker and fuzzing harness for the multiplayer rules of Riftbound.
#[derive(Parser)]
#[command(name = "riftcheck", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Replay scenario files (or every .toml file under given directories) and check every
    /// expectation. Exit status: 0 all pass, 1 an expectation failed, 2 a file cannot be read or
    /// parsed.
    Replay {
        /// Scenario files or directories.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Print each step's events too.
        #[arg(long)]
        verbose: bool,
    },
    /// Print a scenario as a rulebook example paragraph.
    Render {
        /// The scenario file.
        file: PathBuf,
    },
    /// List the project's policies: where the rules are silent, what the engine does.
    Policies,
}

fn collect(paths: &[PathBuf]) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for p in paths {
        if p.is_dir() {
            let mut entries: Vec<PathBuf> = match std::fs::read_dir(p) {
                Ok(rd) => rd.filter_map(|e| e.ok().map(|e| e.path())).collect(),
                Err(_) => {
                    out.push(p.clone());
                    continue;
                }
            };
            entries.sort();
            let (dirs, files): (Vec<_>, Vec<_>) = entries.into_iter().partition(|e| e.is_dir());
            out.extend(
                files
                    .into_iter()
                    .filter(|f| f.extension().is_some_and(|x| x == "toml")),
            );
            out.extend(collect(&dirs));
        } else {
            out.push(p.clone());
        }
    }
    out
}

fn replay(files: &[PathBuf], verbose: bool) -> ExitCode {
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
        let replay = match scenario.replay() {
            Ok(r) => r,
            Err(e) => {
                println!("ERROR {e}");
                broken += 1;
                continue;
            }
        };
        if verbose {
            let cat = replay.game.catalog();
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

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Replay { files, verbose } => replay(&files, verbose),
        Command::Render { file } => match Scenario::load(&file) {
            Ok(s) => {
                print!("{}", s.render());
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("error: {e}");
                ExitCode::from(2)
            }
        },
        Command::Policies => {
            for p in riftcheck::policy::POLICIES {
                println!(
                    "{} ({})\n  {}\n  implemented by {}\n",
                    p.name, p.rules, p.default, p.implemented_by
                );
            }
            ExitCode::SUCCESS
        }
    }
}
