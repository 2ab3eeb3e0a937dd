//! The shape of the code, checked: no import cycle between files anywhere in `src/` or
//! `model/src/`, each layer importing only the layers below it (vocabulary, then the reference
//! engine and the spec beside it, then the oracle, the scenario format, the test harness, the
//! model checker and the command line), no rule fault among the rules in `src/rules/` nor in
//! MTG's engine outside its `policy.rs`, and no run of same-shaped lines shared by an engine and
//! its own spec. Sizes are not checked: a file
//! or a function is split when it holds two things, not when it reaches a count. The module graph in `docs/architecture.md` is written from
//! the same reading (`RIFTCHECK_BLESS=1 cargo test --test structure` rewrites it).
//!
//! The reading is a small one, enough for this code base: comments, strings and `mod tests`
//! blocks are set aside; every `use` and every path that starts with `crate`, `super`, `self`,
//! a crate of the workspace or a child module is resolved to the file that defines the name,
//! following re-exports (`pub use`) and imports to where the name is defined.

use std::collections::BTreeSet;
use std::fs;

mod graph;
mod reading;
mod shapes;

use graph::*;
use reading::*;
use shapes::*;

/// The layers, lowest first: a file may import files of its own layer, of the layers its entry
/// names, and of the layers below those (what they may import). A file belongs to the layer
/// with the longest prefix of its path.
const LAYERS: &[(&str, &[&str], &[&str])] = &[
    ("core", &["core/src/"], &[]),
    ("vocabulary", &["riftbound/vocabulary/src/"], &["core"]),
    ("engine state", &["src/game/"], &["vocabulary"]),
    (
        "reference engine",
        &["src/rules/"],
        &["vocabulary", "engine state"],
    ),
    ("spec", &["riftbound/spec/src/"], &["vocabulary"]),
    (
        "oracle",
        &["src/oracle/"],
        &["vocabulary", "engine state", "reference engine", "spec"],
    ),
    (
        "scenario",
        &["src/scenario/"],
        &[
            "vocabulary",
            "engine state",
            "reference engine",
            "spec",
            "oracle",
        ],
    ),
    (
        "protocol",
        &["src/protocol/"],
        &[
            "vocabulary",
            "engine state",
            "reference engine",
            "spec",
            "oracle",
            "scenario",
            "mtg vocabulary",
        ],
    ),
    (
        "harness",
        &["src/harness/"],
        &[
            "vocabulary",
            "engine state",
            "reference engine",
            "spec",
            "oracle",
            "scenario",
        ],
    ),
    ("mtg vocabulary", &["mtg/vocabulary/src/"], &["core"]),
    (
        "mtg engine",
        &["src/mtg/engine/"],
        &["vocabulary", "mtg vocabulary"],
    ),
    ("mtg spec", &["mtg/spec/src/"], &["mtg vocabulary"]),
    (
        "mtg scenario",
        &["src/mtg/"],
        &[
            "vocabulary",
            "mtg vocabulary",
            "mtg engine",
            "mtg spec",
            "scenario",
        ],
    ),
    (
        "properties",
        &["properties/src/"],
        &["protocol", "harness", "mtg scenario"],
    ),
    // The checker names no ruleset: each ruleset plugs into it from its own crate.
    ("model checker", &["checker/src/"], &["core"]),
    // Conformance is written once for every ruleset, on the protocol's client and comparison;
    // each ruleset plugs into it, as into the checker, from its own crate.
    (
        "conformance",
        &["conform/src/"],
        &["model checker", "protocol"],
    ),
    (
        "riftbound check",
        &["riftbound/check/src/"],
        &["properties", "model checker", "conformance"],
    ),
    (
        "mtg model checker",
        &["mtg/check/src/"],
        &["model checker", "mtg scenario", "conformance"],
    ),
    ("explorer", &["explorer/src/"], &["model checker"]),
    (
        "rulebook tools",
        &["rulebook/src/"],
        &["mtg scenario", "properties"],
    ),
    (
        "command line",
        &["model/src/"],
        &[
            "riftbound check",
            "mtg model checker",
            "conformance",
            "explorer",
            "rulebook tools",
        ],
    ),
];

/// The crates of the workspace, by the name code imports them by, and their roots.
const CRATES: &[(&str, &str)] = &[
    ("riftcheck_core", "core/src/lib.rs"),
    ("riftbound_vocabulary", "riftbound/vocabulary/src/lib.rs"),
    ("riftbound_spec", "riftbound/spec/src/lib.rs"),
    ("mtg_vocabulary", "mtg/vocabulary/src/lib.rs"),
    ("mtg_spec", "mtg/spec/src/lib.rs"),
    ("riftcheck", "src/lib.rs"),
    ("riftcheck_properties", "properties/src/lib.rs"),
    ("riftcheck_checker", "checker/src/lib.rs"),
    ("riftbound_check", "riftbound/check/src/lib.rs"),
    ("mtg_check", "mtg/check/src/lib.rs"),
    ("riftcheck_conform", "conform/src/lib.rs"),
    ("riftcheck_explorer", "explorer/src/lib.rs"),
    ("riftcheck_rulebook", "rulebook/src/lib.rs"),
    ("riftcheck_model", "model/src/lib.rs"),
];

/// The crate roots that only gather modules (and the MTG ruleset's): a facade may name every
/// layer, and nothing imports it for a definition of its own.
const FACADES: &[&str] = &[
    "src/lib.rs",
    "checker/src/lib.rs",
    "riftbound/check/src/lib.rs",
    "model/src/lib.rs",
    "rulebook/src/lib.rs",
    "src/mtg/mod.rs",
];

fn layer_of(file: &str) -> Option<usize> {
    if FACADES.contains(&file) {
        return None;
    }
    // The most specific prefix wins (model/src/main.rs before model/src/).
    LAYERS
        .iter()
        .enumerate()
        .flat_map(|(i, (_, prefixes, _))| prefixes.iter().map(move |p| (i, *p)))
        .filter(|(_, p)| file.starts_with(p))
        .max_by_key(|(_, p)| p.len())
        .map(|(i, _)| i)
}

#[test]
fn no_import_cycle_between_files() {
    let tree = Tree::read();
    let edges = tree.edges();
    let found = cycles(tree.modules.len(), &edges);
    let mut report = String::new();
    for scc in &found {
        report.push_str("a cycle through:\n");
        for &a in scc {
            for &b in scc {
                if let Some(names) = edges.get(&(a, b)) {
                    let names: Vec<&str> = names.iter().map(String::as_str).collect();
                    report.push_str(&format!(
                        "  {} -> {}: {}\n",
                        tree.modules[a].file,
                        tree.modules[b].file,
                        names.join(", ")
                    ));
                }
            }
        }
    }
    assert!(found.is_empty(), "{report}");
}

/// The layers below layer `i`: those its entry names, and theirs, all the way down.
fn below(i: usize) -> BTreeSet<&'static str> {
    let mut out = BTreeSet::new();
    let mut todo: Vec<&'static str> = LAYERS[i].2.to_vec();
    while let Some(name) = todo.pop() {
        if out.insert(name)
            && let Some(l) = LAYERS.iter().find(|l| l.0 == name)
        {
            todo.extend_from_slice(l.2);
        }
    }
    out
}

#[test]
fn each_layer_imports_only_the_layers_below_it() {
    let tree = Tree::read();
    let mut wrong = Vec::new();
    for ((a, b), names) in tree.edges() {
        let (fa, fb) = (&tree.modules[a].file, &tree.modules[b].file);
        let (Some(la), Some(lb)) = (layer_of(fa), layer_of(fb)) else {
            continue;
        };
        if la != lb && !below(la).contains(LAYERS[lb].0) {
            let names: Vec<&str> = names.iter().map(String::as_str).collect();
            wrong.push(format!(
                "{fa} ({}) -> {fb} ({}): {}",
                LAYERS[la].0,
                LAYERS[lb].0,
                names.join(", ")
            ));
        }
    }
    assert!(
        wrong.is_empty(),
        "imports against the layers:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn every_file_belongs_to_a_layer() {
    let tree = Tree::read();
    let lost: Vec<&str> = tree
        .modules
        .iter()
        .map(|m| m.file.as_str())
        .filter(|f| layer_of(f).is_none() && !FACADES.contains(f))
        .collect();
    assert!(lost.is_empty(), "files in no layer: {lost:?}");
}

/// Every identifier that names a rule fault in the files under `dir` but `except`, with where it
/// stands; and how many files were read. `default` (`MtgReadings::default()`, the book's
/// readings) names none.
fn fault_names(tree: &Tree, dir: &str, except: &[&str]) -> (Vec<String>, usize) {
    let mut found = Vec::new();
    let mut read = 0;
    for m in tree
        .modules
        .iter()
        .filter(|m| m.file.starts_with(dir) && !except.contains(&m.file.as_str()))
    {
        read += 1;
        for (tok, line) in tokens(&m.code) {
            if let Tok::Ident(id) = tok
                && id.to_lowercase().replace("default", "").contains("fault")
            {
                found.push(format!("{}:{line}: {id}", m.file));
            }
        }
    }
    (found, read)
}

#[test]
fn the_rules_have_no_fault_branches() {
    let (found, read) = fault_names(&Tree::read(), "src/rules/", &[]);
    assert!(read > 0, "no file read in src/rules/");
    assert!(found.is_empty(), "rule faults among the rules: {found:?}");
}

/// MTG's faults are readings as Riftbound's are: the engine follows the readings of 800.4
/// through `policy.rs` alone, and no other file of the engine names a fault.
#[test]
fn the_mtg_engine_has_no_fault_branches() {
    const POLICY: &str = "src/mtg/engine/policy.rs";
    let tree = Tree::read();
    assert!(
        tree.modules.iter().any(|m| m.file == POLICY),
        "{POLICY} is where the MTG engine follows its readings"
    );
    let (found, read) = fault_names(&tree, "src/mtg/engine/", &[POLICY]);
    assert!(read > 1, "no file read in src/mtg/engine/ but {POLICY}");
    assert!(
        found.is_empty(),
        "rule faults in the MTG engine outside {POLICY}: {found:?}"
    );
}

/// The files under `dir`, recursively, as paths from the workspace's root, sorted.
fn rust_files(dir: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut todo = vec![root().join(dir)];
    while let Some(d) = todo.pop() {
        let Ok(entries) = fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let path = e.path();
            if path.is_dir() {
                todo.push(path);
            } else if path.extension().is_some_and(|x| x == "rs") {
                let rel = path.strip_prefix(root()).unwrap_or(&path);
                out.push(rel.display().to_string());
            }
        }
    }
    out.sort();
    out
}

/// The checker, conform, the Explorer, the rulebook tools and the command line are written once
/// over the rulesets' traits: no file of theirs names the second ruleset (in code or in words)
/// but the one that dispatches on the ruleset (`model/src/cli/ruleset.rs`), the arguments'
/// definitions and help (`model/src/main.rs`), and `diverge`, which sets the two rulesets side
/// by side by nature.
#[test]
fn one_file_names_the_rulesets() {
    const DISPATCH: &[&str] = &[
        "model/src/cli/ruleset.rs",
        "model/src/main.rs",
        "model/src/cli/diverge.rs",
        "rulebook/src/diverge.rs",
        "rulebook/src/diverge/",
        "rulebook/src/lib.rs",
    ];
    let mut read = 0;
    let mut naming = Vec::new();
    for dir in [
        "checker/src/",
        "conform/src/",
        "explorer/src/",
        "rulebook/src/",
        "model/src/",
    ] {
        for file in rust_files(dir) {
            read += 1;
            let text = fs::read_to_string(root().join(&file)).unwrap_or_default();
            let allowed = DISPATCH
                .iter()
                .any(|d| file == *d || (d.ends_with('/') && file.starts_with(d)));
            if !allowed && text.to_lowercase().contains("mtg") {
                naming.push(file);
            }
        }
    }
    assert!(read > 50, "only {read} files read");
    assert!(
        naming.is_empty(),
        "files that name MTG outside the dispatch point and diverge: {naming:?}"
    );
}

/// The spec is a reading of the rules written apart from the engine, in its own plain style: a
/// mistake both copies of one piece of logic share would pass the lockstep unseen. So no run
/// of six lines of the same shape (the same code but for names and numbers) stands in both an
/// engine file and a spec file, for either ruleset.
#[test]
fn the_spec_shares_no_code_with_the_engine() {
    let tree = Tree::read();
    let mut shared = shared_shapes(
        &tree,
        &["src/game/", "src/rules/"],
        &["riftbound/spec/src/"],
        6,
    );
    shared.extend(shared_shapes(
        &tree,
        &["src/mtg/engine/"],
        &["mtg/spec/src/"],
        6,
    ));
    let shown: Vec<String> = shared
        .iter()
        .map(|(a, la, b, lb, n)| format!("{a}:{la} ~ {b}:{lb} ({n} lines)"))
        .collect();
    assert!(
        shown.is_empty(),
        "engine and spec share code:\n{}",
        shown.join("\n")
    );
}

/// Snake case of a property's identifier in the table (`LethalDamageKills`: `lethal_damage_kills`).
fn snake(ident: &str) -> String {
    let mut out = String::new();
    for (i, c) in ident.chars().enumerate() {
        if c.is_ascii_uppercase() && i > 0 {
            out.push('_');
        }
        out.push(c.to_ascii_lowercase());
    }
    out
}

/// The properties' judges are named for what they promise and say so in their type: the judge
/// of an `always` property returns a `Verdict` and is named as the property is (its module's
/// name may stand for the first words: `departed::no_priority` judges `DepartedNoPriority`);
/// a companion's returns whether its situation showed and is named `seen_` and the rest.
#[test]
fn property_judges_are_named_for_what_they_promise() {
    let dir = root().join("properties/src");
    let table = std::fs::read_to_string(dir.join("table.rs")).expect("the table");
    let mut wrong = Vec::new();
    let mut judges = 0;
    for row in table.split(';') {
        let row: Vec<&str> = row
            .lines()
            .map(str::trim)
            .filter(|l| !l.starts_with("//"))
            .collect();
        let row = row.join(" ");
        let Some((ident, rest)) = row.trim().split_once(": ") else {
            continue;
        };
        if !ident.chars().all(|c| c.is_ascii_alphanumeric()) {
            continue;
        }
        let kind = rest.split(',').next().unwrap_or("");
        let Some(judge) = ["State(", "OnStep(", "Seen("].iter().find_map(|k| {
            rest.find(k).map(|at| {
                let from = at + k.len();
                rest[from..].split(')').next().unwrap_or("").to_string()
            })
        }) else {
            continue;
        };
        judges += 1;
        let (module, name) = judge.rsplit_once("::").unwrap_or(("table", &judge));
        let source = std::fs::read_to_string(dir.join(format!("{module}.rs"))).expect("module");
        let signature = source
            .lines()
            .find(|l| l.contains(&format!("fn {name}(")))
            .unwrap_or("");
        let want = snake(ident);
        match kind {
            "Always" => {
                if want != name && want != format!("{module}_{name}") {
                    wrong.push(format!("{ident} is judged by {judge}, not by {want}"));
                }
                if !signature.contains("-> Verdict") {
                    wrong.push(format!("{judge} does not return a Verdict"));
                }
            }
            "Sometimes" => {
                if want != name || !name.starts_with("seen_") {
                    wrong.push(format!(
                        "companion {ident} is judged by {judge}, not by {want}"
                    ));
                }
                if !signature.contains("-> bool") {
                    wrong.push(format!("{judge} does not say whether its situation showed"));
                }
            }
            _ => wrong.push(format!("{ident}: kind {kind}")),
        }
    }
    assert!(judges > 90, "the table was read: {judges} judges");
    assert!(wrong.is_empty(), "{wrong:#?}");
}

#[test]
fn the_module_graph_in_the_docs_is_current() {
    let tree = Tree::read();
    let graph = mermaid(&tree);
    let path = root().join("docs/architecture.md");
    let doc = fs::read_to_string(&path).unwrap_or_default();
    let (Some(b), Some(e)) = (doc.find(BEGIN), doc.find(END)) else {
        panic!("docs/architecture.md has no module graph markers");
    };
    let current = &doc[b + BEGIN.len()..e];
    if current != graph {
        if std::env::var_os("RIFTCHECK_BLESS").is_some() {
            let new = format!("{}{BEGIN}{graph}{}", &doc[..b], &doc[e..]);
            fs::write(&path, new).unwrap();
        } else {
            panic!(
                "the module graph in docs/architecture.md is out of date; \
                 RIFTCHECK_BLESS=1 cargo test --test structure rewrites it:\n{graph}"
            );
        }
    }
}

#[test]
fn the_reading_finds_what_it_should() {
    // A cycle through a parent and its child, and a re-export followed to its definition.
    let code = strip("use super::{a, b::C as D};\n// use crate::x;\nlet s = \"crate::y\";");
    let uses = use_paths(&code);
    let names: Vec<&str> = uses.iter().map(|u| u.name.as_str()).collect();
    assert_eq!(names, ["a", "D"]);
    assert_eq!(uses[1].segs, ["super", "b", "C"]);
    assert_eq!(
        cycles(
            3,
            &[((0, 1), BTreeSet::new()), ((1, 0), BTreeSet::new())]
                .into_iter()
                .collect()
        ),
        [vec![0, 1]]
    );
}
