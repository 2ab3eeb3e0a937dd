//! `docs/rules-covered.md`, written from a coverage run of the default check: for every rule the
//! project implements, where it is implemented (the engine's and the spec's files that name it),
//! the scenarios that cite it, the properties that check it, and what the default check did with
//! it.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use riftbound_check::rules::RULES;
use riftcheck_checker::coverage::{Coverage, prop_rules};
use riftcheck_properties::Prop;

/// Whether `text` names `rule` on its own: not as part of a longer number (`652.5` is not named
/// by `652.5.a.1`, nor `41` by `417`).
fn names(text: &str, rule: &str) -> bool {
    let bytes = text.as_bytes();
    let mut from = 0;
    while let Some(i) = text[from..].find(rule) {
        let at = from + i;
        let end = at + rule.len();
        let before = at.checked_sub(1).map(|b| bytes[b]);
        let after = bytes.get(end).copied();
        let next = bytes.get(end + 1).copied();
        let starts = !before.is_some_and(|c| c.is_ascii_alphanumeric() || c == b'.' || c == b'-');
        let ends = match after {
            Some(c) if c.is_ascii_alphanumeric() || c == b'-' => false,
            Some(b'.') => !next.is_some_and(|c| c.is_ascii_alphanumeric()),
            _ => true,
        };
        if starts && ends {
            return true;
        }
        from = end;
    }
    false
}

fn files(dir: &Path, ext: &str, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            files(&p, ext, out);
        } else if p.extension().is_some_and(|e| e == ext) {
            out.push(p);
        }
    }
}

/// The rules a scenario file lists in its `rules = [...]`.
fn scenario_rules(text: &str) -> Vec<String> {
    let Some(line) = text
        .lines()
        .find(|l| l.trim_start().starts_with("rules = ["))
    else {
        return Vec::new();
    };
    line.split('"')
        .skip(1)
        .step_by(2)
        .map(str::to_string)
        .collect()
}

/// The document, from `coverage` (the default check's) and the sources under `root`.
pub fn document(coverage: &Coverage, configurations: usize, root: &Path) -> String {
    let rel = |p: &Path| p.strip_prefix(root).unwrap_or(p).display().to_string();
    let mut sources = Vec::new();
    for dir in ["src/rules", "src/game", "riftbound/spec/src"] {
        files(&root.join(dir), "rs", &mut sources);
    }
    let sources: Vec<(String, String)> = sources
        .iter()
        .map(|p| (rel(p), std::fs::read_to_string(p).unwrap_or_default()))
        .collect();
    let mut scenario_files = Vec::new();
    files(&root.join("tests/scenarios"), "toml", &mut scenario_files);
    let mut scenarios: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for p in &scenario_files {
        let text = std::fs::read_to_string(p).unwrap_or_default();
        let name = rel(p).trim_start_matches("tests/scenarios/").to_string();
        for r in scenario_rules(&text) {
            scenarios.entry(r).or_default().push(name.clone());
        }
    }
    let mut out = String::new();
    out.push_str(
        "# Rules covered\n\n\
         Written by `model/tests/suite/checker.rs` from `riftcheck check --coverage` on the default\n\
         configurations (`RIFTCHECK_BLESS=1 cargo test -p riftcheck-model --test suite checker::`\n\
         rewrites it; the test fails while it is out of date). One row per rule the project\n\
         implements: every rule a refusal, an event or a property cites.\n\n\
         - **implemented in**: the files of the reference engine (`src/rules/`, `src/game/`) and of\n\
           the spec (`riftbound/spec/`) that name the rule;\n\
         - **scenarios**: the scenario files (`tests/scenarios/`) that list it;\n\
         - **properties**: the properties that cite it;\n\
         - **default check**: the transitions of the default check that cited it by an event, by\n\
           a refusal of both engines, or by a companion's situation, and in how many of the\n",
    );
    out.push_str(&format!(
        "  {configurations} configurations; a rule cited only by a property without a companion is judged\n  on every transition.\n\n"
    ));
    out.push_str("| rule | implemented in | scenarios | properties | default check |\n");
    out.push_str("| --- | --- | --- | --- | --- |\n");
    for (rule, count, confs) in coverage.rows() {
        let implemented: Vec<&str> = sources
            .iter()
            .filter(|(_, text)| names(text, rule))
            .map(|(p, _)| p.as_str())
            .collect();
        let scens = scenarios.get(rule).map_or(0, Vec::len);
        let props: Vec<String> = Prop::ALL
            .iter()
            .filter(|p| prop_rules(**p).any(|r| r == rule))
            .map(|p| format!("`{}`", p.id()))
            .collect();
        let checked = if count.total() > 0 {
            format!(
                "{} events, {} refusals, {} shown; {} configurations",
                count.events,
                count.refusals,
                count.shown,
                confs.len()
            )
        } else if count.judged > 0 {
            "judged on every transition".to_string()
        } else {
            "**not exercised**".to_string()
        };
        let cell = |v: &[&str]| {
            if v.is_empty() {
                "-".to_string()
            } else {
                v.iter()
                    .map(|f| format!("`{f}`"))
                    .collect::<Vec<_>>()
                    .join(", ")
            }
        };
        out.push_str(&format!(
            "| {rule} | {} | {} | {} | {checked} |\n",
            cell(&implemented),
            if scens == 0 {
                "-".to_string()
            } else {
                format!("{scens}")
            },
            if props.is_empty() {
                "-".to_string()
            } else {
                props.join(", ")
            },
        ));
    }
    let never = coverage.never_exercised();
    out.push_str(&format!(
        "\n{} rules; {}.\n",
        RULES.len(),
        if never.is_empty() {
            "the default check exercises every one".to_string()
        } else {
            format!("never exercised by the default check: {}", never.join(", "))
        }
    ));
    out
}

#[test]
fn a_rule_is_named_only_on_its_own() {
    assert!(names("as 652.5 says", "652.5"));
    assert!(!names("652.5.a.1 only", "652.5"));
    assert!(names("(652.5.)", "652.5"));
    assert!(!names("rule 4170", "417"));
    assert!(!names("rule 1417", "417"));
    assert!(names("\"417\"", "417"));
    assert!(!names("323.8-323.9", "323.8"));
}
