//! `riftcheck diverge`: the same situations under Riftbound's 651-652 and MTG's 800.4, side by
//! side, each side shown by a scenario file that is replayed here and whose outcome is read from
//! the replay ([`table`] lists them, [`riftbound`] and [`magic`] read them). A situation differs
//! when the two outcomes are of different [`Kind`]s.
//!
//! `docs/riftbound-vs-mtg.md` is [`report`]'s Markdown; `model/tests/suite/diverge.rs` checks that it
//! is up to date (`RIFTCHECK_BLESS=1` rewrites it).

pub mod magic;
pub mod outcome;
pub mod riftbound;
pub mod table;

use std::collections::BTreeSet;
use std::fmt::Write as _;

use riftcheck::Scenario;
use riftcheck::mtg::scenario::MtgScenario;

pub use outcome::{Kind, Outcome};
pub use table::{MtgSide, RiftSide, Situation, situations};

/// Where the Markdown report is kept, from the repository's root.
pub const DOC: &str = "docs/riftbound-vs-mtg.md";

/// The longest example kept, in lines; a longer one is cut.
const MAX_EXAMPLE_LINES: usize = 22;

/// How the report is written.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum DivergeFormat {
    /// Plain text for a terminal.
    Text,
    /// A Markdown document.
    Markdown,
}

/// One side of a situation, replayed.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SideReport {
    /// The scenario file.
    pub file: &'static str,
    /// The scenario's title.
    pub title: String,
    /// The rules the outcome turns on.
    pub rules: &'static [&'static str],
    /// The outcome read from the replay.
    pub outcome: Outcome,
    /// The scenario rendered as a rulebook example, trimmed.
    pub example: String,
}

/// One situation under both rulebooks.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Comparison {
    /// Its key.
    pub key: &'static str,
    /// The situation.
    pub title: &'static str,
    /// Riftbound 651-652.
    pub riftbound: SideReport,
    /// MTG 800.4.
    pub mtg: SideReport,
}

impl Comparison {
    /// Whether the two games come to different kinds of outcome.
    pub fn differs(&self) -> bool {
        self.riftbound.outcome.kind != self.mtg.outcome.kind
    }
}

/// Replays both sides of every situation and reads their outcomes.
///
/// # Errors
///
/// A file that does not parse, a replay that fails, an outcome the replay does not show, or a
/// rule a side names that its scenario neither lists nor cites: each named with its file.
pub fn compare() -> Result<Vec<Comparison>, String> {
    situations()
        .iter()
        .map(|s| {
            Ok(Comparison {
                key: s.key,
                title: s.title,
                riftbound: riftbound_side(&s.riftbound)?,
                mtg: mtg_side(&s.mtg)?,
            })
        })
        .collect()
}

/// Replays Riftbound's side of a situation and reads its outcome.
///
/// # Errors
///
/// As [`compare`], naming the side's file.
pub fn riftbound_side(side: &table::RiftSide) -> Result<SideReport, String> {
    let at = |e: String| format!("{}: {e}", side.file);
    let s = Scenario::parse(side.text).map_err(|e| at(e.to_string()))?;
    let r = s.replay().map_err(|e| at(e.to_string()))?;
    if let Some(f) = r.failures.first() {
        return Err(at(format!(
            "the replay fails after step {}: {}: expected {}, found {}",
            f.after, f.what, f.expected, f.actual
        )));
    }
    let render = s.render();
    let mut cited: BTreeSet<String> = s.rules.iter().cloned().collect();
    if let Some(line) = render.lines().rev().find(|l| l.starts_with("Rules: ")) {
        let list = line.trim_start_matches("Rules: ").trim_end_matches('.');
        cited.extend(list.split(", ").map(str::to_string));
    }
    check_rules(side.rules, &cited).map_err(at)?;
    let outcome = (side.read)(&r).map_err(at)?;
    Ok(SideReport {
        file: side.file,
        title: s.title.clone(),
        rules: side.rules,
        outcome,
        example: trim(&render),
    })
}

/// Replays MTG's side of a situation and reads its outcome.
///
/// # Errors
///
/// As [`compare`], naming the side's file.
pub fn mtg_side(side: &table::MtgSide) -> Result<SideReport, String> {
    let at = |e: String| format!("{}: {e}", side.file);
    let s = MtgScenario::parse(side.text, Some(side.file)).map_err(|e| e.to_string())?;
    let r = s.replay();
    if let Some(f) = r.failures.first() {
        return Err(at(format!("the replay fails: {f}")));
    }
    let mut cited: BTreeSet<String> = s.rules.iter().cloned().collect();
    cited.extend(
        r.events
            .iter()
            .flatten()
            .filter_map(riftcheck::mtg::MtgEvent::rule)
            .map(str::to_string),
    );
    check_rules(side.rules, &cited).map_err(at)?;
    let outcome = (side.read)(&s, &r).map_err(at)?;
    Ok(SideReport {
        file: side.file,
        title: s.title.clone(),
        rules: side.rules,
        outcome,
        example: trim(&s.render()),
    })
}

/// Every rule a side names must be one its scenario lists or its replay cites.
fn check_rules(rules: &[&str], cited: &BTreeSet<String>) -> Result<(), String> {
    if rules.is_empty() {
        return Err("no rule is named for this side".into());
    }
    match rules.iter().find(|r| !cited.contains(**r)) {
        Some(r) => Err(format!(
            "rule {r} is named, but the scenario neither lists nor cites it"
        )),
        None => Ok(()),
    }
}

/// Whether `line` is a step of an MTG example at which only a pass happened (`14. B passes.`).
fn bare_pass(line: &str) -> bool {
    line.split_once(". ")
        .is_some_and(|(n, rest)| n.parse::<u32>().is_ok() && rest.ends_with(" passes."))
}

/// An example made shorter: runs of three or more bare passes folded into one line, trailing
/// blank lines dropped, and anything past [`MAX_EXAMPLE_LINES`] cut with a note.
fn trim(render: &str) -> String {
    let lines: Vec<&str> = render.trim_end().lines().collect();
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let run = lines[i..].iter().take_while(|l| bare_pass(l)).count();
        if run >= 3 {
            let first = lines[i].split_once('.').map_or("", |x| x.0);
            let last = lines[i + run - 1].split_once('.').map_or("", |x| x.0);
            out.push(format!("{first}-{last}. (passes, nothing else happens)"));
            i += run;
        } else {
            out.push(lines[i].to_string());
            i += 1;
        }
    }
    if out.len() > MAX_EXAMPLE_LINES {
        let cut = out.len() - (MAX_EXAMPLE_LINES - 1);
        out.truncate(MAX_EXAMPLE_LINES - 1);
        out.push(format!("[... {cut} more lines]"));
    }
    out.join("\n")
}

/// The report, in `format`.
///
/// # Errors
///
/// As [`compare`].
pub fn report(format: DivergeFormat) -> Result<String, String> {
    let all = compare()?;
    Ok(match format {
        DivergeFormat::Text => text(&all),
        DivergeFormat::Markdown => markdown(&all),
    })
}

fn rules(side: &SideReport) -> String {
    side.rules.join(", ")
}

fn yes_no(c: &Comparison) -> &'static str {
    if c.differs() { "yes" } else { "no" }
}

fn summary(all: &[Comparison]) -> String {
    let differ = all.iter().filter(|c| c.differs()).count();
    format!(
        "{} situations; the games differ in {differ} and agree in {}.",
        all.len(),
        all.len() - differ
    )
}

fn text(all: &[Comparison]) -> String {
    let mut o = String::new();
    let _ = writeln!(
        o,
        "Leaving a multiplayer game: Riftbound 651-652 against MTG 800.4\n{}\n",
        summary(all)
    );
    let rows: Vec<[String; 5]> = all
        .iter()
        .enumerate()
        .map(|(i, c)| {
            [
                format!("{}", i + 1),
                c.title.to_string(),
                format!(
                    "{} ({})",
                    c.riftbound.outcome.kind.label(),
                    rules(&c.riftbound)
                ),
                format!("{} ({})", c.mtg.outcome.kind.label(), rules(&c.mtg)),
                yes_no(c).to_string(),
            ]
        })
        .collect();
    let head = [
        "#",
        "situation",
        "Riftbound (rules)",
        "MTG (rules)",
        "differs?",
    ];
    let width = |k: usize| {
        rows.iter()
            .map(|r| r[k].chars().count())
            .chain([head[k].len()])
            .max()
            .unwrap_or(0)
    };
    let widths: Vec<usize> = (0..5).map(width).collect();
    let line = |cells: [&str; 5]| {
        let padded: Vec<String> = cells
            .iter()
            .zip(&widths)
            .map(|(c, w)| format!("{c:<w$}"))
            .collect();
        padded.join(" | ").trim_end().to_string()
    };
    let _ = writeln!(o, "{}", line(head));
    let rule: Vec<String> = widths.iter().map(|w| "-".repeat(*w)).collect();
    let _ = writeln!(o, "{}", rule.join("-+-"));
    for r in &rows {
        let _ = writeln!(o, "{}", line([&r[0], &r[1], &r[2], &r[3], &r[4]]));
    }
    for (i, c) in all.iter().enumerate() {
        let verdict = if c.differs() {
            "the games differ"
        } else {
            "the same in both"
        };
        let _ = writeln!(o, "\n{}. {} ({verdict})\n", i + 1, c.title);
        for (name, side) in [("Riftbound", &c.riftbound), ("MTG", &c.mtg)] {
            let _ = writeln!(
                o,
                "{name} ({}): {}.\n  [{}]\n",
                rules(side),
                side.outcome.sentence,
                side.file
            );
        }
        for (name, side) in [("Riftbound", &c.riftbound), ("MTG", &c.mtg)] {
            let _ = writeln!(o, "  --- {name} example ---");
            for l in side.example.lines() {
                let _ = writeln!(o, "  {l}").map(|()| ());
            }
        }
    }
    o.lines().map(str::trim_end).collect::<Vec<_>>().join("\n") + "\n"
}

/// The introduction of the Markdown document.
const INTRO: &str = "\
This page sets Riftbound's rules for a player who concedes or is removed from a multiplayer game \
(651-652, with the project's policies where those rules are silent) beside Magic: The \
Gathering's rule 800.4 on leaving a multiplayer game, situation by situation. Every cell is \
backed by a scenario file: both sides of each situation are replayed on riftcheck's reference \
engines, and the outcome shown is read from what the replay ends with, not written by hand; the \
\"differs?\" column compares the kinds of the two outcomes. Exile and Banishment count as one \
kind, since each holds a card off the board for good while it stays in the game. The page is \
generated by `riftcheck diverge --format markdown`; after a change to a scenario or to either \
engine, regenerate it with `riftcheck diverge --format markdown > docs/riftbound-vs-mtg.md`, or \
with `RIFTCHECK_BLESS=1 cargo test --release -p riftcheck-model --test suite diverge::`, which also \
checks that it is up to date.";

fn cell(s: &str) -> String {
    s.replace('|', "\\|")
}

fn markdown(all: &[Comparison]) -> String {
    let mut o = String::new();
    let _ = writeln!(
        o,
        "# Leaving a multiplayer game: Riftbound 651-652 and MTG 800.4\n\n{INTRO}\n\n{}\n",
        summary(all)
    );
    let _ = writeln!(
        o,
        "| # | Situation | Riftbound (rules) | MTG (rules) | Differs? |\n|---|---|---|---|---|"
    );
    for (i, c) in all.iter().enumerate() {
        let _ = writeln!(
            o,
            "| {} | [{}](#{}) | {} ({}) | {} ({}) | {} |",
            i + 1,
            cell(c.title),
            c.key,
            c.riftbound.outcome.kind.label(),
            rules(&c.riftbound),
            c.mtg.outcome.kind.label(),
            rules(&c.mtg),
            if c.differs() { "**yes**" } else { "no" }
        );
    }
    for (i, c) in all.iter().enumerate() {
        let verdict = if c.differs() {
            "The games differ."
        } else {
            "The same in both games."
        };
        let _ = writeln!(
            o,
            "\n<a id=\"{}\"></a>\n\n## {}. {}\n\n{verdict}\n",
            c.key,
            i + 1,
            c.title
        );
        for (name, side) in [("Riftbound", &c.riftbound), ("MTG", &c.mtg)] {
            let _ = writeln!(
                o,
                "- **{name}** ({}): {}. Scenario: `{}`.",
                rules(side),
                side.outcome.sentence,
                side.file
            );
        }
        for (name, side) in [("Riftbound", &c.riftbound), ("MTG", &c.mtg)] {
            let _ = writeln!(o, "\n{name}'s example:\n\n```text\n{}\n```", side.example);
        }
    }
    o
}
