//! `riftcheck readings`: every policy's readings side by side, as rulebook examples, with the
//! properties each reading keeps or breaks; `--format markdown` is `docs/readings.md`.

use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, ValueEnum};

use super::ruleset::{Run, Tools};
use super::{fail_input, writable_dir};
use riftcheck_checker::plug::{Plug, Property};
use riftcheck_checker::readings::{Asked, Finding, PropOf, Verdict};

/// How `readings` prints.
#[derive(Clone, Copy, PartialEq, Eq, Debug, ValueEnum)]
pub enum ReadingsFormat {
    /// For people.
    Text,
    /// `docs/readings.md`: the open questions, for the rulebook's authors.
    Markdown,
}

/// `riftcheck readings`.
#[derive(Args, Debug)]
pub struct ReadingsArgs {
    /// The policies (default: every one; `riftcheck policies` lists them).
    pub policies: Vec<String>,
    /// Write each divergence as two scenario files, one per reading, under this directory.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// The most pairs of games to explore per reading before giving up on it (at least 1).
    #[arg(long, default_value_t = 20_000_000, value_parser = clap::value_parser!(u64).range(1..))]
    pub max_states: u64,
    /// Do not check the properties under each reading.
    #[arg(long)]
    pub no_properties: bool,
    /// Search the default configurations at the default check's bounds instead of the quick
    /// bounds of `check --quick` (about ten times the states, minutes per policy that never
    /// parts).
    #[arg(long)]
    pub full: bool,
    /// Threads (default: one per core).
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..))]
    pub threads: Option<u16>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = ReadingsFormat::Text)]
    pub format: ReadingsFormat,
    /// The ruleset whose policies are set side by side (a ruleset with none says so).
    #[arg(long, value_enum, default_value_t = super::Ruleset::Riftbound)]
    pub ruleset: super::Ruleset,
}

/// One alternative: where it parts from the ruleset's reading, and the properties it breaks
/// (`None` when not checked).
struct Row<P> {
    finding: Finding,
    broken: Option<Vec<P>>,
}

/// `riftcheck readings`, for any ruleset.
pub struct Readings<'a>(pub &'a ReadingsArgs);

impl Run for Readings<'_> {
    type Out = ExitCode;

    fn run<R: Tools>(self) -> ExitCode {
        let args = self.0;
        if let Some(dir) = &args.out
            && let Err(e) = writable_dir(dir)
        {
            return fail_input(e);
        }
        let threads = args.threads.map_or_else(
            || std::thread::available_parallelism().map_or(1, usize::from),
            usize::from,
        );
        let read = match R::readings(&Asked {
            policies: &args.policies,
            max_states: args.max_states,
            properties: !args.no_properties,
            full: args.full,
            threads,
        }) {
            Ok(r) => r,
            Err(e) => return fail_input(e),
        };
        let rows: Vec<Row<PropOf<R>>> = (read.rows.into_iter())
            .map(|(finding, broken)| Row { finding, broken })
            .collect();
        if let Some(dir) = &args.out
            && let Err(e) = write_scenarios(dir, &rows)
        {
            return fail_input(e);
        }
        match args.format {
            ReadingsFormat::Text => print!("{}", text(&rows, &read.single)),
            ReadingsFormat::Markdown => print!("{}", markdown(&rows, &read.single)),
        }
        // An engine that panicked (in a search or under a reading's check) is a finding.
        let never_panics = <R::Model as Plug>::NEVER_PANICS;
        let panicked = rows.iter().any(|r| {
            matches!(r.finding.verdict, Verdict::Panicked(_))
                || r.broken.as_ref().is_some_and(|b| b.contains(&never_panics))
        });
        if panicked {
            return ExitCode::from(1);
        }
        ExitCode::SUCCESS
    }
}

/// Each divergence as two scenario files, `POLICY__READING__vs__OTHER.toml`.
fn write_scenarios<P>(dir: &std::path::Path, rows: &[Row<P>]) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("--out {}: {e}", dir.display()))?;
    for row in rows {
        let alt = &row.finding.alternative;
        let Verdict::Parted(p) = &row.finding.verdict else {
            continue;
        };
        let readings = [alt.default, alt.reading];
        for side in 0..2 {
            let name = format!(
                "{}__{}__vs__{}.toml",
                alt.point,
                readings[side],
                readings[1 - side]
            )
            .replace('-', "_");
            let path = dir.join(name);
            std::fs::write(&path, &p.scenarios[side])
                .map_err(|e| format!("{}: {e}", path.display()))?;
        }
    }
    Ok(())
}

fn verdict_line(f: &Finding, timed: bool) -> String {
    let time = if timed {
        format!(", {:.1}s", f.seconds)
    } else {
        String::new()
    };
    match &f.verdict {
        Verdict::Parted(p) if f.beyond_defaults.is_some() => format!(
            "never part ways in the default configurations ({} pairs of games: the catalog does \
             not reach it there); part ways in the position of {} after {} step(s) ({} pairs of \
             games explored{time})",
            f.beyond_defaults.unwrap_or(0),
            p.config.trim_start_matches("scenario "),
            p.steps,
            f.states,
        ),
        Verdict::Parted(p) => format!(
            "part ways in {} after {} step(s) ({} pairs of games explored{time})",
            p.config, p.steps, f.states,
        ),
        Verdict::Same => format!(
            "never part ways in the {} configuration(s) where the policy applies ({} pairs \
             of games, every one reachable; the catalog cannot reach a situation that separates \
             them)",
            f.configs, f.states
        ),
        Verdict::Cut => format!(
            "not separated within {} pairs of games (--max-states)",
            f.states
        ),
        Verdict::Panicked(p) => format!(
            "could not be compared: the engine panicked in {} on step {} ({}): {}",
            p.config,
            p.steps.len(),
            p.steps.join("; "),
            p.said
        ),
    }
}

fn broken_line<P: Property>(row: &Row<P>) -> Option<String> {
    let b = row.broken.as_ref()?;
    Some(if b.is_empty() {
        format!(
            "Under {} every property holds at the quick bounds.",
            row.finding.alternative.reading
        )
    } else {
        let names: Vec<&str> = b.iter().map(|p| p.name()).collect();
        format!(
            "Under {} these properties fail at the quick bounds: {}.",
            row.finding.alternative.reading,
            names.join("; ")
        )
    })
}

fn text<P: Property>(rows: &[Row<P>], single: &[(&str, &str)]) -> String {
    let parted = rows
        .iter()
        .filter(|r| matches!(r.finding.verdict, Verdict::Parted(_)))
        .count();
    let mut o = format!(
        "riftcheck readings: {} other reading(s) set beside the project's; {parted} part ways\n\n",
        rows.len()
    );
    for row in rows {
        let alt = &row.finding.alternative;
        let _ = writeln!(
            o,
            "== {}: {} vs {}: {}",
            alt.point,
            alt.default,
            alt.reading,
            verdict_line(&row.finding, true)
        );
        if let Verdict::Parted(p) = &row.finding.verdict {
            o.push_str(&p.example);
        }
        if let Some(b) = broken_line(row) {
            o.push_str(&b);
            o.push('\n');
        }
        o.push('\n');
    }
    for (name, why) in single {
        let _ = writeln!(o, "== {name}: read one way only ({why})");
    }
    o
}

fn markdown<P: Property>(rows: &[Row<P>], single: &[(&str, &str)]) -> String {
    let mut o = String::from(
        "# Readings side by side\n\n\
         Written by `riftcheck readings --format markdown` (the test `model/tests/suite/readings.rs` \
         keeps it consistent with the engine). For each of the project's policies (the rules \
         reference, section 3) and each other reading the rules admit (a policy whose only other \
         readings are known to be wrong is shown with those), the reference engine is played \
         under both readings in lockstep from every default configuration where the policy \
         applies, at the quick bounds of `check --quick`, and the shortest situation in which an \
         observer sees them part ways is shown as a rulebook example with both outcomes. Where no \
         default configuration separates them, the positions of the policy's own scenarios \
         (`tests/scenarios/policies/`) are searched next: the catalog of the default \
         configurations does not reach that situation. The properties broken are those that fail \
         in the default configurations at the quick bounds under the other reading. These are \
         the project's open questions in the rules.\n\n\
         | policy | project's reading | other reading | parts ways | properties broken by the other reading |\n\
         | --- | --- | --- | --- | --- |\n",
    );
    for row in rows {
        let alt = &row.finding.alternative;
        let parts = match &row.finding.verdict {
            Verdict::Parted(p) if row.finding.beyond_defaults.is_some() => format!(
                "not in the default configurations; {}, {} step(s)",
                p.config, p.steps
            ),
            Verdict::Parted(p) => format!("{}, {} step(s)", p.config, p.steps),
            Verdict::Same => "never".to_string(),
            Verdict::Cut => "not within the budget".to_string(),
            Verdict::Panicked(p) => format!("the engine panicked in {}", p.config),
        };
        let broken = match &row.broken {
            None => "-".to_string(),
            Some(b) if b.is_empty() => "none".to_string(),
            Some(b) => b
                .iter()
                .map(|p| format!("`{}`", p.name()))
                .collect::<Vec<_>>()
                .join(", "),
        };
        let _ = writeln!(
            o,
            "| `{}` | `{}` | `{}` | {parts} | {broken} |",
            alt.point, alt.default, alt.reading
        );
    }
    for (name, why) in single {
        let _ = writeln!(o, "| `{name}` | - | - | {why} | - |");
    }
    for row in rows {
        let alt = &row.finding.alternative;
        let _ = writeln!(
            o,
            "\n## `{}`: `{}` or `{}`\n\n- `{}`: {}\n- `{}`: {}\n",
            alt.point,
            alt.default,
            alt.reading,
            alt.default,
            alt.default_text,
            alt.reading,
            alt.reading_text
        );
        match &row.finding.verdict {
            Verdict::Parted(p) => {
                o.push_str("```text\n");
                o.push_str(&p.example);
                o.push_str("```\n");
            }
            _ => {
                let _ = writeln!(o, "The two readings {}.", verdict_line(&row.finding, false));
            }
        }
        if let Some(b) = broken_line(row) {
            let _ = writeln!(o, "\n{b}");
        }
    }
    o
}
