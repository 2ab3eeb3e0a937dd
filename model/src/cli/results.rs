//! What `check` and `replay` found, as the text, JSON and JUnit reports read it.

use std::fmt::Write as _;
use std::path::PathBuf;

use serde_json::Value;

use riftcheck_checker::files::Choice;
use riftcheck_checker::plan::Entry;
use riftcheck_checker::proof::{Outcome, Written};
use riftcheck_checker::search::Limits;

/// The counterexamples worth a file ([`riftcheck_checker::files::choose`]).
pub type Chosen<'a, M> = Vec<Choice<'a, &'a <M as Written>::Counterexample>>;

/// Everything the report of a check shows.
pub struct Report<'a, M: Written> {
    /// The ruleset's key.
    pub ruleset: &'static str,
    /// The configurations checked.
    pub entries: Vec<&'a Entry>,
    /// What checking each found, in the same order.
    pub outcomes: &'a [Outcome<M>],
    /// The counterexamples written, per family and property.
    pub chosen: &'a Chosen<'a, M>,
    /// The files they were written to, in the same order.
    pub written: &'a [std::path::PathBuf],
    /// The limits the check ran under.
    pub limits: Limits,
    /// This run's part of a split check.
    pub shard: Option<ShardRun>,
    /// The fault the engine committed.
    pub fault: Option<&'static str>,
}

impl<M: Written> Report<'_, M> {
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

    /// Counterexamples found but not written (the same property in another configuration of
    /// the family).
    pub fn not_written(&self) -> usize {
        let all: usize = self.outcomes.iter().map(|o| o.counterexamples.len()).sum();
        all - self.chosen.len()
    }
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

pub use riftcheck_checker::plan::Mismatch;

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

/// A string of a JSON document, or nothing.
pub fn text_of(v: &Value) -> &str {
    v.as_str().unwrap_or("")
}

/// A property of a JSON document as the reports name it: its name, and its rules if it cites
/// any.
pub fn named(p: &Value) -> String {
    match text_of(&p["rule"]) {
        "" => text_of(&p["name"]).to_owned(),
        rule => format!("{} ({rule})", text_of(&p["name"])),
    }
}

/// `--coverage` in text, from the `coverage` object of the check's JSON document (either
/// ruleset's): one line per rule, then the rules never exercised.
fn coverage_text(cov: &Value, configurations: usize) -> String {
    let mut out = format!(
        "\nrule coverage (transitions citing each rule by its events, by a refusal, by a \
         companion's situation; configurations of {configurations}):\n"
    );
    let _ = writeln!(
        out,
        "  {:12} {:>12} {:>10} {:>10} {:>8}",
        "rule", "events", "refusals", "shown", "configs"
    );
    let n = |v: &Value| v.as_u64().unwrap_or(0);
    for r in cov["rules"].as_array().into_iter().flatten() {
        let judged = if n(&r["judged"]) > 0 && n(&r["transitions"]) == 0 {
            "  (judged on every transition)"
        } else {
            ""
        };
        let _ = writeln!(
            out,
            "  {:12} {:>12} {:>10} {:>10} {:>8}{judged}",
            text_of(&r["rule"]),
            n(&r["events"]),
            n(&r["refusals"]),
            n(&r["shown"]),
            r["configurations"].as_array().map_or(0, Vec::len)
        );
    }
    let never: Vec<&str> = (cov["never_exercised"].as_array().into_iter().flatten())
        .map(text_of)
        .collect();
    if never.is_empty() {
        out.push_str("every implemented rule was exercised\n");
    } else {
        let _ = writeln!(out, "never exercised: {}", never.join(", "));
    }
    out
}

/// The first line of a split check's run in the text report: which run, and how the check is
/// split.
pub fn print_run(s: &ShardRun) {
    if s.by == ShardBy::Frontier {
        println!(
            "run {} of {} of a split check (every configuration split at depth {}; riftcheck \
             merge joins the runs' JSON reports)",
            s.index, s.count, s.depth
        );
    } else {
        println!(
            "run {} of {} of a split check (configurations dealt whole)",
            s.index, s.count
        );
    }
}

/// The text report's first lines: how many configurations, the fault the engine commits (its
/// name), and the table's heading.
pub fn print_heading(ruleset: &str, configurations: usize, fault: Option<&str>) {
    let ruleset = if ruleset == "riftbound" {
        String::new()
    } else {
        format!(" --ruleset {ruleset}")
    };
    let fault = fault.map_or(String::new(), |f| format!(", the engine committing {f}"));
    println!(
        "riftcheck check{ruleset}: {configurations} configuration(s){fault}; properties hold \
         unless marked\n"
    );
    println!(
        "{:26} {:>10} {:>10} {:>6} {:>8} {:>10}  result",
        "configuration", "states", "unique", "depth", "time", "states/s"
    );
}

/// One configuration's line in the table, as soon as it is checked: its counts, and the
/// properties it failed (by name) or how far a limit let it go.
pub fn print_row(c: &Value, properties: &[Value]) {
    let failed: Vec<&str> = (c["failed"].as_array().into_iter().flatten())
        .map(|id| {
            (properties.iter())
                .find(|p| p["id"] == *id)
                .map_or(text_of(id), |p| text_of(&p["name"]))
        })
        .collect();
    let cut = c["cut"].as_array().and_then(|c| c.first());
    let result = if !failed.is_empty() {
        format!("FAILED: {}", failed.join("; "))
    } else if let Some(s) = cut {
        format!(
            "cut by --{} after {} states: properties hold on the states covered",
            text_of(&s["limit"]),
            s["covered_states"]
        )
    } else {
        "all properties hold".to_string()
    };
    println!(
        "{:26} {:>10} {:>10} {:>6} {:>7.2}s {:>10.0}  {result}",
        text_of(&c["name"]),
        c["states"].as_u64().unwrap_or(0),
        c["unique_states"].as_u64().unwrap_or(0),
        c["depth"].as_u64().unwrap_or(0),
        c["seconds"].as_f64().unwrap_or(0.0),
        c["states_per_second"].as_f64().unwrap_or(0.0),
    );
}

/// The text report after the table, from the check's JSON document (either ruleset's): the
/// total, the cuts, the properties, the companions, the coverage (with `--coverage`), one
/// counterexample per property and family (properties broken by the same path shown together),
/// the files written.
pub fn print_summary(doc: &Value) {
    let list = |v: &Value| v.as_array().cloned().unwrap_or_default();
    let configurations = list(&doc["configurations"]);
    let properties = list(&doc["properties"]);
    let total_states: u64 = (configurations.iter())
        .filter_map(|c| c["unique_states"].as_u64())
        .sum();
    let total_time: f64 = (configurations.iter())
        .filter_map(|c| c["seconds"].as_f64())
        .sum();
    println!(
        "{:26} {:>10} {:>10} {:>6} {:>7.2}s",
        "total", "", total_states, "", total_time
    );
    for c in &configurations {
        for s in list(&c["cut"]) {
            println!(
                "  {}: --{} cut the {} search after {} distinct states",
                text_of(&c["name"]),
                text_of(&s["limit"]),
                text_of(&s["search"]),
                s["covered_states"]
            );
        }
    }
    println!("\nproperties (checked in every configuration):");
    let (companions, always): (Vec<&Value>, Vec<&Value>) =
        properties.iter().partition(|p| p["kind"] == "sometimes");
    for p in always {
        let failing: Vec<String> = (list(&p["failed_in"]).iter())
            .map(|c| text_of(c).to_owned())
            .collect();
        let mark = if failing.is_empty() {
            "  ok  "
        } else {
            "  FAIL"
        };
        print!("{mark} {}", named(p));
        if !failing.is_empty() {
            print!(": {}", failing.join(", "));
        }
        println!();
    }
    if !companions.is_empty() {
        println!("\ncompanions (situations the bounds reach, in at least one configuration):");
        for p in companions {
            let mark = if p["holds"] == true {
                "  seen"
            } else {
                "  --  "
            };
            println!("{mark} {}", named(p));
        }
    }
    if !doc["coverage"].is_null() {
        print!("{}", coverage_text(&doc["coverage"], configurations.len()));
    }
    print_counterexamples(doc, &configurations);
    let written = list(&doc["counterexample_files"]);
    if !written.is_empty() {
        println!("\nscenario files (replay with `riftcheck replay FILE`):");
        for w in &written {
            println!("  {}", text_of(&w["file"]));
        }
        let rest = doc["counterexamples_not_written"].as_u64().unwrap_or(0);
        if rest > 0 {
            println!(
                "  ({rest} more counterexample(s) of the same properties in other configurations \
                 of the same families were not written)"
            );
        }
    }
}

/// One counterexample per file written, those of one family that the same path in the same
/// configuration breaks shown together: the first as its rulebook example, the others by what
/// they expected and found.
fn print_counterexamples(doc: &Value, configurations: &[Value]) {
    let files = doc["counterexample_files"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    // Each file's configuration and counterexample.
    let found: Vec<(&Value, &Value, &Value)> = (files.iter())
        .filter_map(|f| {
            let c = configurations
                .iter()
                .find(|c| c["name"] == f["configuration"])?;
            let x = (c["counterexamples"].as_array()?.iter())
                .find(|x| x["property"] == f["property"])?;
            Some((f, c, x))
        })
        .collect();
    let same = |(_, c, x): &(&Value, &Value, &Value), (_, d, y): &(&Value, &Value, &Value)| {
        c["family"] == d["family"] && c["name"] == d["name"] && x["steps"] == y["steps"]
    };
    for (i, first) in found.iter().enumerate() {
        if found[..i].iter().any(|e| same(e, first)) {
            continue;
        }
        let (f, c, x) = first;
        let together: Vec<&(&Value, &Value, &Value)> =
            found.iter().filter(|e| same(e, first)).collect();
        let names: Vec<&str> = (together.iter())
            .map(|(_, _, y)| text_of(&y["property_name"]))
            .collect();
        println!(
            "\n== counterexample in {} ({} steps): {}\n",
            text_of(&c["name"]),
            x["steps"].as_array().map_or(0, Vec::len),
            names.join("; ")
        );
        print!("{}", text_of(&x["rulebook"]));
        for (_, _, y) in together.iter().skip(1) {
            println!(
                "Expected by rule {}: {}; found: {}.",
                text_of(&y["rule"]),
                text_of(&y["expected"]),
                text_of(&y["found"])
            );
        }
        let others: Vec<String> = (f["also_in"].as_array().into_iter().flatten())
            .map(|o| text_of(o).to_owned())
            .collect();
        if !others.is_empty() {
            println!("(also broken in {})", others.join(", "));
        }
    }
}
