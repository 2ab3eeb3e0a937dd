//! What `check` and `replay` found, as the text, JSON and JUnit reports read it.

use std::path::PathBuf;

use riftcheck::Setup;

use crate::model::Bounds;
use crate::proof::Outcome;
use crate::properties::{Kind, Prop};
use crate::report::Counterexample;
use crate::search::Limits;

/// A configuration to check: a name, the family it belongs to (its counterexamples are written
/// once per property), a setup, bounds.
pub struct Target {
    /// `war/chain`, or a scenario file's path.
    pub name: String,
    /// `chain`, or the file's path again.
    pub family: String,
    /// The starting position.
    pub setup: Setup,
    /// The bounds.
    pub bounds: Bounds,
}

/// The counterexamples worth a file: per family, the shortest one of each property (the first
/// configuration's on a tie). The rest are counted.
pub struct Chosen<'a> {
    /// The family, the counterexample, and the other configurations of the family that break
    /// the same property.
    pub chosen: Vec<(&'a str, &'a Counterexample, Vec<&'a str>)>,
}

/// `name` fit for a file's name: every character but a letter, a digit or `-` made `_`.
pub fn file_safe(name: &str) -> String {
    name.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' {
                c
            } else {
                '_'
            }
        })
        .collect()
}

/// The file a chosen counterexample is written to: the family and the property's id.
pub fn file_name(family: &str, c: &Counterexample) -> String {
    let family = file_safe(family);
    format!("{}__{}.toml", family.trim_matches('_'), c.property.id())
}

/// Everything a report shows.
pub struct Report<'a> {
    /// The configurations.
    pub targets: &'a [Target],
    /// What checking each found, in the same order.
    pub outcomes: &'a [Outcome],
    /// The counterexamples written, per family and property.
    pub chosen: &'a Chosen<'a>,
    /// The files they were written to, in the same order.
    pub written: &'a [PathBuf],
    /// The limits the check ran under.
    pub limits: Limits,
    /// This run's part of a split check.
    pub shard: Option<ShardRun>,
}

/// How a check is split between runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ShardBy {
    /// Whole configurations are dealt out, the largest first, each to the run with the least
    /// work so far (sized by the states above the frontier depth).
    Configuration,
    /// Every configuration is split: every run explores the states above the frontier depth,
    /// and each explores beyond the frontier states dealt to it.
    Frontier,
}

impl ShardBy {
    /// Its name on the command line and in reports.
    pub fn key(self) -> &'static str {
        match self {
            ShardBy::Configuration => "configuration",
            ShardBy::Frontier => "frontier",
        }
    }
}

/// One run of a split check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShardRun {
    /// The run, from 0.
    pub index: u32,
    /// The runs.
    pub count: u32,
    /// The frontier depth.
    pub depth: usize,
    /// How the check is split.
    pub by: ShardBy,
    /// Every configuration of the whole check, in order (this run checks some of them, or a
    /// part of each).
    pub all: Vec<String>,
    /// What the whole check was asked (its bounds, fault, readings): every run of one split
    /// check says the same, and `merge` refuses runs that do not.
    pub of: serde_json::Value,
}

impl Report<'_> {
    /// 1 a property failed, 3 a limit cut a search short, 0 every property holds.
    pub fn exit_status(&self) -> u8 {
        if self.outcomes.iter().any(|o| !o.failed.is_empty()) {
            1
        } else if self.outcomes.iter().any(|o| !o.stopped.is_empty()) {
            3
        } else {
            0
        }
    }

    /// `passed`, `failed` or `incomplete`.
    pub fn verdict(&self) -> &'static str {
        match self.exit_status() {
            0 => "passed",
            1 => "failed",
            _ => "incomplete",
        }
    }

    /// Companions seen in any configuration.
    pub fn seen(&self) -> crate::properties::PropSet {
        self.outcomes
            .iter()
            .fold(crate::properties::PropSet::EMPTY, |a, o| a.union(o.seen))
    }

    /// Counterexamples found but not written (the same property in another configuration of
    /// the family).
    pub fn not_written(&self) -> usize {
        let all: usize = self.outcomes.iter().map(|o| o.counterexamples.len()).sum();
        all - self.chosen.chosen.len()
    }
}

/// How one file went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Result {
    /// Every expectation held.
    Passed,
    /// An expectation did not.
    Failed,
    /// The file could not be read, parsed or played.
    Unreadable,
}

impl Result {
    /// `passed`, `failed`, `unreadable`.
    pub fn word(self) -> &'static str {
        match self {
            Result::Passed => "passed",
            Result::Failed => "failed",
            Result::Unreadable => "unreadable",
        }
    }
}

/// The first expectation that did not hold.
#[derive(Clone, Debug)]
pub struct Mismatch {
    /// Where the expectation is written.
    pub line: usize,
    /// Its column.
    pub column: usize,
    /// The step after which it was checked.
    pub after: usize,
    /// What was expected of.
    pub what: String,
    /// The value expected.
    pub expected: String,
    /// The value found.
    pub found: String,
}

/// One file replayed.
#[derive(Clone, Debug)]
pub struct FileResult {
    /// The file.
    pub path: PathBuf,
    /// Its title, if it could be read.
    pub title: Option<String>,
    /// How it went.
    pub result: Result,
    /// The first mismatch, if it failed.
    pub failure: Option<Mismatch>,
    /// Why it could not be read, if it could not.
    pub error: Option<String>,
    /// With `--verbose`: each step and its events or refusal.
    pub steps: Vec<String>,
}

/// Every file replayed.
#[derive(Clone, Debug, Default)]
pub struct Replayed {
    /// In the order replayed.
    pub files: Vec<FileResult>,
}

impl Replayed {
    /// Files that went `r`.
    pub fn count(&self, r: Result) -> usize {
        self.files.iter().filter(|f| f.result == r).count()
    }

    /// 2 a file was unreadable, 1 an expectation failed, 0 all passed.
    pub fn exit_status(&self) -> u8 {
        if self.count(Result::Unreadable) > 0 {
            2
        } else if self.count(Result::Failed) > 0 {
            1
        } else {
            0
        }
    }

    /// `passed`, `failed` or `unreadable`.
    pub fn verdict(&self) -> &'static str {
        match self.exit_status() {
            0 => "passed",
            1 => "failed",
            _ => "unreadable",
        }
    }
}

/// `--coverage` in text: one line per rule, then the rules never cited.
pub fn print_coverage(c: &crate::coverage::Coverage, configurations: usize) {
    println!(
        "\nrule coverage (transitions citing each rule by its events, by a refusal, by a \
         companion's situation; configurations of {configurations}):"
    );
    println!(
        "  {:12} {:>12} {:>10} {:>10} {:>8}",
        "rule", "events", "refusals", "shown", "configs"
    );
    for (rule, n, confs) in c.rows() {
        let judged = if n.judged > 0 && n.total() == 0 {
            "  (judged on every transition)"
        } else {
            ""
        };
        println!(
            "  {rule:12} {:>12} {:>10} {:>10} {:>8}{judged}",
            n.events,
            n.refusals,
            n.shown,
            confs.len()
        );
    }
    let never = c.never_exercised();
    if never.is_empty() {
        println!("every implemented rule was exercised");
    } else {
        println!("never exercised: {}", never.join(", "));
    }
}
/// The word for an outcome in the table.
fn result_word(o: &Outcome) -> String {
    if !o.failed.is_empty() {
        let names: Vec<&str> = o.failed.iter().map(|p| p.name()).collect();
        format!("FAILED: {}", names.join("; "))
    } else if let Some(s) = o.stopped.first() {
        format!(
            "cut by {} after {} states: properties hold on the states covered",
            s.by, s.covered
        )
    } else {
        "all properties hold".to_string()
    }
}

/// One configuration's line in the table.
pub fn print_row(o: &Outcome) {
    println!(
        "{:26} {:>10} {:>10} {:>6} {:>7.2}s {:>10.0}  {}",
        o.name,
        o.states,
        o.unique,
        o.depth,
        o.seconds,
        o.rate(),
        result_word(o)
    );
}

/// The text report: the table's total, the properties, the companions, the coverage, one
/// counterexample per property and family, the files written.
pub fn print_text(r: &Report<'_>) {
    let total_states: usize = r.outcomes.iter().map(|o| o.unique).sum();
    let total_time: f64 = r.outcomes.iter().map(|o| o.seconds).sum();
    println!(
        "{:26} {:>10} {:>10} {:>6} {:>7.2}s",
        "total", "", total_states, "", total_time
    );
    for o in r.outcomes {
        for s in &o.stopped {
            println!(
                "  {}: {} cut the {} search after {} distinct states",
                o.name,
                s.by,
                s.search.name(),
                s.covered
            );
        }
    }
    println!("\nproperties (checked in every configuration):");
    for &p in Prop::ALL.iter().filter(|p| p.kind() != Kind::Sometimes) {
        let failing: Vec<&str> = r
            .outcomes
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
    let seen = r.seen();
    println!("\ncompanions (situations the bounds reach, in at least one configuration):");
    for &p in Prop::ALL.iter().filter(|p| p.kind() == Kind::Sometimes) {
        let mark = if seen.contains(p) { "  seen" } else { "  --  " };
        println!("{mark} {} ({})", p.name(), p.rule());
    }
    if let Some(coverage) = crate::proof::coverage(r.outcomes) {
        print_coverage(&coverage, r.outcomes.len());
    }
    // One example per property and family; properties broken by the same path shown together.
    let mut shown: Vec<(&str, &[riftcheck::Action])> = Vec::new();
    for (family, c, others) in &r.chosen.chosen {
        if shown.contains(&(*family, c.path.as_slice())) {
            continue;
        }
        shown.push((family, &c.path));
        let same: Vec<_> = r
            .chosen
            .chosen
            .iter()
            .filter(|(f, d, _)| f == family && d.path == c.path && d.config == c.config)
            .collect();
        let names: Vec<&str> = same.iter().map(|(_, d, _)| d.property.name()).collect();
        println!(
            "\n== counterexample in {} ({} steps): {}\n",
            c.config,
            c.path.len(),
            names.join("; ")
        );
        print!("{}", c.rulebook());
        for (_, d, _) in same.iter().filter(|(_, d, _)| d.property != c.property) {
            println!(
                "Expected by rule {}: {}; found: {}.",
                d.rule, d.expected, d.found
            );
        }
        if !others.is_empty() {
            println!("(also broken in {})", others.join(", "));
        }
    }
    if !r.written.is_empty() {
        println!("\nscenario files (replay with `riftcheck replay FILE`):");
        for w in r.written {
            println!("  {}", w.display());
        }
        let rest = r.not_written();
        if rest > 0 {
            println!(
                "  ({rest} more counterexample(s) of the same properties in other configurations \
                 of the same families were not written)"
            );
        }
    }
}
