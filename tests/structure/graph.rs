//! The module graph of `docs/architecture.md`: folders as rooms, imports as arrows.

use std::collections::{BTreeMap, BTreeSet};

use super::*;

/// The graph of folders (and top-level files), as a Mermaid diagram: every arrow one layer's
/// room importing another's.
pub(crate) fn room(file: &str) -> String {
    let parts: Vec<&str> = file.split('/').collect();
    let stem = |f: &str| f.trim_end_matches(".rs").to_string();
    match parts.as_slice() {
        // src/x.rs -> src/x; src/d/y.rs -> src/d, with MTG's parts apart (src/mtg/engine,
        // src/mtg/scenario, ...).
        ["src", f] => format!("src/{}", stem(f)),
        ["src", "mtg", f, ..] => format!("src/mtg/{}", stem(f)),
        ["src", d, ..] => format!("src/{d}"),
        // A ruleset's vocabulary by its files (riftbound/vocabulary/src/seat.rs ->
        // riftbound/vocabulary/seat); its other crates (the spec) each one room.
        [r @ ("riftbound" | "mtg"), "vocabulary", "src", f, ..] => {
            format!("{r}/vocabulary/{}", stem(f))
        }
        [r @ ("riftbound" | "mtg"), part, ..] => format!("{r}/{part}"),
        // The command line by its files and folders: model/src/cli/z.rs -> model/cli.
        ["model", "src", f, ..] => format!("model/{}", stem(f)),
        // Every other crate is one room, named by its folder (checker, properties, ...).
        [krate, ..] => (*krate).to_string(),
        [] => String::new(),
    }
}

pub(crate) fn mermaid(tree: &Tree) -> String {
    let mut arrows: BTreeSet<(String, String)> = BTreeSet::new();
    let mut rooms: BTreeMap<usize, BTreeSet<String>> = BTreeMap::new();
    for m in &tree.modules {
        if let Some(l) = layer_of(&m.file) {
            rooms.entry(l).or_default().insert(room(&m.file));
        }
    }
    for (a, b) in tree.edges().into_keys() {
        let (fa, fb) = (&tree.modules[a].file, &tree.modules[b].file);
        if layer_of(fa).is_none() || layer_of(fb).is_none() {
            continue;
        }
        let (ra, rb) = (room(fa), room(fb));
        if ra != rb {
            arrows.insert((ra, rb));
        }
    }
    // Leave out arrows implied by a path through others, so the picture shows the layering.
    let direct: BTreeSet<(String, String)> = arrows
        .iter()
        .filter(|(a, b)| {
            !arrows
                .iter()
                .any(|(x, y)| x == a && y != b && reaches(&arrows, y, b))
        })
        .cloned()
        .collect();
    let id = |r: &str| r.replace(['/', '-'], "_");
    let mut out = String::from("```mermaid\ngraph BT\n");
    for (l, rs) in &rooms {
        out.push_str(&format!(
            "  subgraph layer_{}[\"{}\"]\n",
            LAYERS[*l].0.replace(' ', "_"),
            LAYERS[*l].0
        ));
        for r in rs {
            out.push_str(&format!("    {}[\"{r}\"]\n", id(r)));
        }
        out.push_str("  end\n");
    }
    for (a, b) in &direct {
        out.push_str(&format!("  {} --> {}\n", id(a), id(b)));
    }
    out.push_str("```\n");
    out
}

pub(crate) fn reaches(arrows: &BTreeSet<(String, String)>, from: &str, to: &str) -> bool {
    let mut seen = BTreeSet::new();
    let mut stack = vec![from.to_string()];
    while let Some(r) = stack.pop() {
        if r == to {
            return true;
        }
        if seen.insert(r.clone()) {
            stack.extend(
                arrows
                    .iter()
                    .filter(|(a, _)| *a == r)
                    .map(|(_, b)| b.clone()),
            );
        }
    }
    false
}

pub(crate) const BEGIN: &str = "<!-- module graph: begin (written by tests/structure/) -->\n";
pub(crate) const END: &str = "<!-- module graph: end -->";
