//! The shape of the code, checked: no import cycle between files anywhere in `src/` or
//! `model/src/`, each layer importing only the layers below it (vocabulary, then the reference
//! engine and the spec beside it, then the oracle, the scenario format, the test harness, the
//! model checker and the command line), no file over 800 lines, no function over 150 lines, and no rule fault
//! among the rules in `src/rules/`. The module graph in `docs/architecture.md` is written from
//! the same reading (`RIFTCHECK_BLESS=1 cargo test --test structure` rewrites it).
//!
//! The reading is a small one, enough for this code base: comments, strings and `mod tests`
//! blocks are set aside; every `use` and every path that starts with `crate`, `super`, `self`,
//! a crate of the workspace or a child module is resolved to the file that defines the name,
//! following re-exports (`pub use`) and imports to where the name is defined.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// Largest file, in lines.
const MAX_FILE_LINES: usize = 800;
/// Largest function, in lines.
const MAX_FN_LINES: usize = 150;

/// The layers, lowest first: a file may import files of its own layer, of the layers its entry
/// names, and of the layers below those (what they may import). A file belongs to the layer
/// with the longest prefix of its path.
const LAYERS: &[(&str, &[&str], &[&str])] = &[
    (
        "vocabulary",
        &[
            "src/seat.rs",
            "src/mode.rs",
            "src/card.rs",
            "src/item.rs",
            "src/zone.rs",
            "src/action.rs",
            "src/event.rs",
            "src/error.rs",
            "src/readings/",
            "src/shrink.rs",
            "src/in_place.rs",
            "src/observation/",
            "src/setup/",
            "src/engine.rs",
        ],
        &[],
    ),
    ("engine state", &["src/game/"], &["vocabulary"]),
    (
        "reference engine",
        &["src/rules/"],
        &["vocabulary", "engine state"],
    ),
    ("spec", &["src/oracle/spec/"], &["vocabulary"]),
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
    (
        "mtg vocabulary",
        &["src/mtg/types.rs", "src/mtg/view.rs", "src/mtg/setup.rs"],
        &["vocabulary"],
    ),
    (
        "mtg engine",
        &["src/mtg/engine/"],
        &["vocabulary", "mtg vocabulary"],
    ),
    (
        "mtg spec",
        &["src/mtg/spec/"],
        &["vocabulary", "mtg vocabulary"],
    ),
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
    ("model checker", &["checker/src/"], &["properties"]),
    ("mtg model checker", &["mtg-check/src/"], &["model checker"]),
    (
        "conformance",
        &["conform/src/"],
        &["model checker", "mtg model checker"],
    ),
    ("explorer", &["explorer/src/"], &["model checker"]),
    ("rulebook tools", &["rulebook/src/"], &["model checker"]),
    (
        "command line",
        &["model/src/"],
        &[
            "mtg model checker",
            "conformance",
            "explorer",
            "rulebook tools",
        ],
    ),
];

/// The crates of the workspace, by the name code imports them by, and their roots.
const CRATES: &[(&str, &str)] = &[
    ("riftcheck", "src/lib.rs"),
    ("riftcheck_properties", "properties/src/lib.rs"),
    ("riftcheck_checker", "checker/src/lib.rs"),
    ("riftcheck_mtg_check", "mtg-check/src/lib.rs"),
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

/// One module: a file of a crate.
struct Module {
    krate: &'static str,
    path: Vec<String>,
    file: String,
    /// The file with comments, strings and test modules blanked (lines kept).
    code: String,
    children: BTreeSet<String>,
    uses: Vec<UsePath>,
}

/// A path a `use` brings in, and the name it is known by.
struct UsePath {
    segs: Vec<String>,
    name: String,
    glob: bool,
}

struct Tree {
    modules: Vec<Module>,
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Blanks comments, string and char literals (keeping line breaks), so that only code is read.
fn strip(src: &str) -> String {
    let c: Vec<char> = src.chars().collect();
    let mut out = String::with_capacity(src.len());
    let mut i = 0;
    let blank = |ch: char| if ch == '\n' { '\n' } else { ' ' };
    while i < c.len() {
        if c[i] == '/' && c.get(i + 1) == Some(&'/') {
            while i < c.len() && c[i] != '\n' {
                out.push(' ');
                i += 1;
            }
        } else if c[i] == '/' && c.get(i + 1) == Some(&'*') {
            let mut depth = 0;
            while i < c.len() {
                if c[i] == '/' && c.get(i + 1) == Some(&'*') {
                    depth += 1;
                    out.push_str("  ");
                    i += 2;
                } else if c[i] == '*' && c.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    out.push_str("  ");
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    out.push(blank(c[i]));
                    i += 1;
                }
            }
        } else if c[i] == 'r'
            && (c.get(i + 1) == Some(&'"') || c.get(i + 1) == Some(&'#'))
            && (i == 0 || !is_ident(c[i - 1]))
        {
            // A raw string: r"..." or r#"..."#.
            let mut j = i + 1;
            let mut hashes = 0;
            while c.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            if c.get(j) != Some(&'"') {
                out.push(c[i]);
                i += 1;
                continue;
            }
            out.push('"');
            j += 1;
            while j < c.len() {
                if c[j] == '"' && (0..hashes).all(|k| c.get(j + 1 + k) == Some(&'#')) {
                    j += 1 + hashes;
                    break;
                }
                out.push(blank(c[j]));
                j += 1;
            }
            out.push('"');
            i = j;
        } else if c[i] == '"' {
            out.push('"');
            i += 1;
            while i < c.len() && c[i] != '"' {
                if c[i] == '\\' {
                    out.push(' ');
                    i += 1;
                }
                if i < c.len() {
                    out.push(blank(c[i]));
                    i += 1;
                }
            }
            out.push('"');
            i += 1;
        } else if c[i] == '\'' && (c.get(i + 1) == Some(&'\\') || c.get(i + 2) == Some(&'\'')) {
            // A char literal (a lifetime has no closing quote two characters on).
            out.push('\'');
            i += 1;
            while i < c.len() && c[i] != '\'' {
                if c[i] == '\\' {
                    out.push(' ');
                    i += 1;
                }
                out.push(' ');
                i += 1;
            }
            out.push('\'');
            i += 1;
        } else {
            out.push(c[i]);
            i += 1;
        }
    }
    out
}

fn is_ident(ch: char) -> bool {
    ch.is_alphanumeric() || ch == '_'
}

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Ident(String),
    Colons,
    Punct(char),
}

/// Identifiers, `::` and single punctuation, with the line each starts on.
fn tokens(code: &str) -> Vec<(Tok, usize)> {
    let c: Vec<char> = code.chars().collect();
    let mut out = Vec::new();
    let mut line = 1;
    let mut i = 0;
    while i < c.len() {
        let ch = c[i];
        if ch == '\n' {
            line += 1;
            i += 1;
        } else if ch.is_whitespace() {
            i += 1;
        } else if is_ident(ch) {
            let start = i;
            while i < c.len() && is_ident(c[i]) {
                i += 1;
            }
            out.push((Tok::Ident(c[start..i].iter().collect()), line));
        } else if ch == ':' && c.get(i + 1) == Some(&':') {
            out.push((Tok::Colons, line));
            i += 2;
        } else {
            out.push((Tok::Punct(ch), line));
            i += 1;
        }
    }
    out
}

/// Blanks every inline `mod name { ... }` block (test modules): their paths are not the
/// file's imports.
fn without_inline_modules(code: &str) -> String {
    let text: Vec<char> = code.chars().collect();
    let mut out = text.clone();
    let mut i = 0;
    while i + 4 < text.len() {
        let at_word = i == 0 || !is_ident(text[i - 1]);
        if at_word && text[i..].starts_with(&['m', 'o', 'd', ' ']) {
            let mut j = i + 4;
            while j < text.len() && is_ident(text[j]) {
                j += 1;
            }
            while j < text.len() && text[j].is_whitespace() {
                j += 1;
            }
            if j < text.len() && text[j] == '{' {
                let mut depth = 0;
                let mut k = j;
                while k < text.len() {
                    match text[k] {
                        '{' => depth += 1,
                        '}' => {
                            depth -= 1;
                            if depth == 0 {
                                break;
                            }
                        }
                        _ => {}
                    }
                    k += 1;
                }
                for ch in &mut out[i..=k.min(text.len() - 1)] {
                    if *ch != '\n' {
                        *ch = ' ';
                    }
                }
                i = k;
            }
        }
        i += 1;
    }
    out.into_iter().collect()
}

/// The `mod name;` declarations of a file.
fn child_declarations(code: &str) -> Vec<String> {
    let toks = tokens(code);
    let mut out = Vec::new();
    for w in toks.windows(3) {
        if let (Tok::Ident(m), Tok::Ident(name), Tok::Punct(';')) = (&w[0].0, &w[1].0, &w[2].0)
            && m == "mod"
        {
            out.push(name.clone());
        }
    }
    out
}

/// The paths of every `use` declaration of a file.
fn use_paths(code: &str) -> Vec<UsePath> {
    let toks = tokens(code);
    let mut out = Vec::new();
    let mut i = 0;
    while i < toks.len() {
        if toks[i].0 == Tok::Ident("use".into()) {
            let mut j = i + 1;
            let mut body = Vec::new();
            while j < toks.len() && toks[j].0 != Tok::Punct(';') {
                body.push(toks[j].0.clone());
                j += 1;
            }
            let mut at = 0;
            use_tree(&body, &mut at, Vec::new(), &mut out);
            i = j;
        }
        i += 1;
    }
    out
}

fn use_tree(toks: &[Tok], at: &mut usize, prefix: Vec<String>, out: &mut Vec<UsePath>) {
    let mut segs = prefix;
    loop {
        match toks.get(*at) {
            Some(Tok::Colons) => *at += 1,
            Some(Tok::Punct('{')) => {
                *at += 1;
                loop {
                    use_tree(toks, at, segs.clone(), out);
                    match toks.get(*at) {
                        Some(Tok::Punct(',')) => {
                            *at += 1;
                            if toks.get(*at) == Some(&Tok::Punct('}')) {
                                *at += 1;
                                return;
                            }
                        }
                        Some(Tok::Punct('}')) => {
                            *at += 1;
                            return;
                        }
                        _ => return,
                    }
                }
            }
            Some(Tok::Punct('*')) => {
                *at += 1;
                let name = segs.last().cloned().unwrap_or_default();
                out.push(UsePath {
                    segs,
                    name,
                    glob: true,
                });
                return;
            }
            Some(Tok::Ident(s)) if s == "self" && !segs.is_empty() => {
                *at += 1;
                let name = alias(toks, at).unwrap_or_else(|| segs.last().cloned().unwrap());
                out.push(UsePath {
                    segs,
                    name,
                    glob: false,
                });
                return;
            }
            Some(Tok::Ident(s)) => {
                segs.push(s.clone());
                *at += 1;
                if toks.get(*at) != Some(&Tok::Colons) {
                    let name = alias(toks, at).unwrap_or_else(|| s.clone());
                    out.push(UsePath {
                        segs,
                        name,
                        glob: false,
                    });
                    return;
                }
            }
            _ => return,
        }
    }
}

fn alias(toks: &[Tok], at: &mut usize) -> Option<String> {
    if toks.get(*at) == Some(&Tok::Ident("as".into()))
        && let Some(Tok::Ident(a)) = toks.get(*at + 1)
    {
        *at += 2;
        return Some(a.clone());
    }
    None
}

impl Tree {
    fn read() -> Tree {
        let mut tree = Tree {
            modules: Vec::new(),
        };
        let root = root();
        for (krate, lib) in CRATES {
            tree.add(krate, Vec::new(), &root.join(lib));
        }
        tree.add("main", Vec::new(), &root.join("model/src/main.rs"));
        tree
    }

    fn add(&mut self, krate: &'static str, path: Vec<String>, file: &Path) {
        let raw = fs::read_to_string(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let stripped = strip(&raw);
        let children = child_declarations(&stripped);
        let code = without_inline_modules(&stripped);
        let uses = use_paths(&code);
        let rel = file
            .strip_prefix(root())
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        self.modules.push(Module {
            krate,
            path: path.clone(),
            file: rel,
            code,
            children: children.iter().cloned().collect(),
            uses,
        });
        let dir = match file.file_name().and_then(|n| n.to_str()) {
            Some("lib.rs" | "main.rs" | "mod.rs") => file.parent().unwrap().to_path_buf(),
            _ => file.with_extension(""),
        };
        for child in children {
            let flat = dir.join(format!("{child}.rs"));
            let nested = dir.join(&child).join("mod.rs");
            let f = if flat.exists() { flat } else { nested };
            let mut p = path.clone();
            p.push(child);
            self.add(krate, p, &f);
        }
    }

    fn find(&self, krate: &str, path: &[String]) -> Option<usize> {
        self.modules
            .iter()
            .position(|m| m.krate == krate && m.path == path)
    }

    /// The module a path starting in module `from` names, and what is left of the path.
    fn start(&self, from: usize, segs: &[String]) -> Option<(usize, usize)> {
        let m = &self.modules[from];
        let first = segs.first()?;
        let (mut cur, mut i) = match first.as_str() {
            "crate" => (self.find(m.krate, &[])?, 1),
            "self" => (from, 1),
            "super" => (
                self.find(m.krate, &m.path[..m.path.len().saturating_sub(1)])?,
                1,
            ),
            name if m.krate != name && CRATES.iter().any(|(k, _)| *k == name) => {
                (self.find(name, &[])?, 1)
            }
            name if m.children.contains(name) => {
                let mut p = m.path.clone();
                p.push(name.to_string());
                (self.find(m.krate, &p)?, 1)
            }
            _ => return None,
        };
        while i < segs.len() {
            let here = &self.modules[cur];
            if segs[i] == "super" {
                cur = self.find(here.krate, &here.path[..here.path.len().saturating_sub(1)])?;
            } else if here.children.contains(&segs[i]) {
                let mut p = here.path.clone();
                p.push(segs[i].clone());
                cur = self.find(here.krate, &p)?;
            } else {
                break;
            }
            i += 1;
        }
        Some((cur, i))
    }

    /// The file that defines what `segs` (a path written in module `from`) names.
    fn resolve(&self, from: usize, segs: &[String], depth: usize) -> Option<usize> {
        let (module, i) = self.start(from, segs)?;
        match segs.get(i) {
            None => Some(module),
            Some(name) => Some(self.definer(module, name, depth)),
        }
    }

    /// The file that defines `name` as seen from module `m`: `m` itself, or where an import of
    /// `m` leads.
    fn definer(&self, m: usize, name: &str, depth: usize) -> usize {
        if depth > 16 || defines(&self.modules[m].code, name) {
            return m;
        }
        for u in &self.modules[m].uses {
            if !u.glob
                && u.name == name
                && let Some(target) = self.resolve_use(m, u, depth)
            {
                return target;
            }
        }
        for u in &self.modules[m].uses {
            if u.glob
                && let Some((g, rest)) = self.start(m, &u.segs)
                && rest == u.segs.len()
            {
                let d = self.definer(g, name, depth + 1);
                if d != g || defines(&self.modules[g].code, name) {
                    return d;
                }
            }
        }
        m
    }

    fn resolve_use(&self, m: usize, u: &UsePath, depth: usize) -> Option<usize> {
        let (module, i) = self.start(m, &u.segs)?;
        match u.segs.get(i) {
            None => Some(module),
            Some(name) => Some(self.definer(module, name, depth + 1)),
        }
    }

    /// Every file each module names, with the names that tie them.
    fn edges(&self) -> BTreeMap<(usize, usize), BTreeSet<String>> {
        let mut edges: BTreeMap<(usize, usize), BTreeSet<String>> = BTreeMap::new();
        for (from, m) in self.modules.iter().enumerate() {
            let mut add = |segs: &[String]| {
                if let Some(to) = self.resolve(from, segs, 0)
                    && to != from
                {
                    edges
                        .entry((from, to))
                        .or_default()
                        .insert(segs.last().cloned().unwrap_or_default());
                }
            };
            for u in &m.uses {
                add(&u.segs);
            }
            // Paths written in the code.
            let toks = tokens(&m.code);
            let mut i = 0;
            while i < toks.len() {
                // `pub(in crate::x)` is a visibility, not an import.
                let visibility = i >= 3
                    && toks[i - 1].0 == Tok::Ident("in".into())
                    && toks[i - 2].0 == Tok::Punct('(')
                    && toks[i - 3].0 == Tok::Ident("pub".into());
                let preceded = (i > 0 && toks[i - 1].0 == Tok::Colons) || visibility;
                if let Tok::Ident(first) = &toks[i].0
                    && !preceded
                    && toks.get(i + 1).map(|t| &t.0) == Some(&Tok::Colons)
                {
                    let mut segs = vec![first.clone()];
                    let mut j = i + 1;
                    // A path ending in `::{` or `::*` is a `use` group, read above.
                    let mut group = false;
                    while j + 1 < toks.len() && toks[j].0 == Tok::Colons {
                        match &toks[j + 1].0 {
                            Tok::Ident(s) => segs.push(s.clone()),
                            _ => {
                                group = true;
                                break;
                            }
                        }
                        j += 2;
                    }
                    if !group {
                        add(&segs);
                    }
                    i = j;
                    continue;
                }
                i += 1;
            }
        }
        edges
    }
}

/// Whether `code` defines an item called `name`.
fn defines(code: &str, name: &str) -> bool {
    let toks = tokens(code);
    toks.windows(2).any(|w| {
        matches!(&w[1].0, Tok::Ident(n) if n == name)
            && matches!(&w[0].0, Tok::Ident(k) if matches!(k.as_str(),
                "fn" | "struct" | "enum" | "trait" | "type" | "const" | "static" | "mod" | "union"))
    }) || toks.windows(3).any(|w| {
        matches!(&w[0].0, Tok::Ident(k) if k == "macro_rules")
            && w[1].0 == Tok::Punct('!')
            && matches!(&w[2].0, Tok::Ident(n) if n == name)
    })
}

/// The strongly connected components with more than one file (Tarjan).
fn cycles(n: usize, edges: &BTreeMap<(usize, usize), BTreeSet<String>>) -> Vec<Vec<usize>> {
    let mut adj = vec![Vec::new(); n];
    for &(a, b) in edges.keys() {
        adj[a].push(b);
    }
    struct T<'a> {
        adj: &'a [Vec<usize>],
        index: Vec<Option<usize>>,
        low: Vec<usize>,
        on: Vec<bool>,
        stack: Vec<usize>,
        next: usize,
        out: Vec<Vec<usize>>,
    }
    fn visit(t: &mut T<'_>, v: usize) {
        t.index[v] = Some(t.next);
        t.low[v] = t.next;
        t.next += 1;
        t.stack.push(v);
        t.on[v] = true;
        for k in 0..t.adj[v].len() {
            let w = t.adj[v][k];
            match t.index[w] {
                None => {
                    visit(t, w);
                    t.low[v] = t.low[v].min(t.low[w]);
                }
                Some(iw) if t.on[w] => t.low[v] = t.low[v].min(iw),
                _ => {}
            }
        }
        if Some(t.low[v]) == t.index[v] {
            let mut scc = Vec::new();
            while let Some(w) = t.stack.pop() {
                t.on[w] = false;
                scc.push(w);
                if w == v {
                    break;
                }
            }
            if scc.len() > 1 {
                scc.sort();
                t.out.push(scc);
            }
        }
    }
    let mut t = T {
        adj: &adj,
        index: vec![None; n],
        low: vec![0; n],
        on: vec![false; n],
        stack: Vec::new(),
        next: 0,
        out: Vec::new(),
    };
    for v in 0..n {
        if t.index[v].is_none() {
            visit(&mut t, v);
        }
    }
    t.out
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

#[test]
fn no_file_over_800_lines() {
    let tree = Tree::read();
    let long: Vec<String> = tree
        .modules
        .iter()
        .filter_map(|m| {
            let n = fs::read_to_string(root().join(&m.file))
                .ok()?
                .lines()
                .count();
            (n > MAX_FILE_LINES).then(|| format!("{}: {n} lines", m.file))
        })
        .collect();
    assert!(
        long.is_empty(),
        "files over {MAX_FILE_LINES} lines: {long:?}"
    );
}

/// Every function of a file: its name, first line and length in lines.
fn functions(code: &str) -> Vec<(String, usize, usize)> {
    let toks = tokens(code);
    let mut out = Vec::new();
    for i in 0..toks.len() {
        let (Tok::Ident(kw), line) = &toks[i] else {
            continue;
        };
        let Some((Tok::Ident(name), _)) = toks.get(i + 1) else {
            continue;
        };
        if kw != "fn" {
            continue;
        }
        // The body starts at the first `{` outside parentheses and brackets; a `;` there
        // first means no body.
        let mut depth = 0i32;
        let mut j = i + 2;
        let mut body = None;
        while j < toks.len() {
            match toks[j].0 {
                Tok::Punct('(' | '[') => depth += 1,
                Tok::Punct(')' | ']') => depth -= 1,
                Tok::Punct('{') if depth == 0 => {
                    body = Some(j);
                    break;
                }
                Tok::Punct(';') if depth == 0 => break,
                _ => {}
            }
            j += 1;
        }
        let Some(open) = body else {
            continue;
        };
        let mut braces = 0;
        let mut k = open;
        while k < toks.len() {
            match toks[k].0 {
                Tok::Punct('{') => braces += 1,
                Tok::Punct('}') => {
                    braces -= 1;
                    if braces == 0 {
                        break;
                    }
                }
                _ => {}
            }
            k += 1;
        }
        let end = toks.get(k).map_or(*line, |t| t.1);
        out.push((name.clone(), *line, end - line + 1));
    }
    out
}

#[test]
fn no_function_over_150_lines() {
    let tree = Tree::read();
    let mut long = Vec::new();
    for m in &tree.modules {
        let stripped = strip(&fs::read_to_string(root().join(&m.file)).unwrap());
        for (name, line, n) in functions(&stripped) {
            if n > MAX_FN_LINES {
                long.push(format!("{}:{line} fn {name}: {n} lines", m.file));
            }
        }
    }
    assert!(
        long.is_empty(),
        "functions over {MAX_FN_LINES} lines: {long:?}"
    );
}

#[test]
fn the_rules_have_no_fault_branches() {
    let tree = Tree::read();
    let mut found = Vec::new();
    for m in tree
        .modules
        .iter()
        .filter(|m| m.file.starts_with("src/rules/"))
    {
        for (tok, line) in tokens(&m.code) {
            if let Tok::Ident(id) = tok
                && id.to_lowercase().contains("fault")
            {
                found.push(format!("{}:{line}: {id}", m.file));
            }
        }
    }
    assert!(found.is_empty(), "rule faults among the rules: {found:?}");
}

/// A line's shape: its names (but Rust's keywords) written `i` and its numbers `0`, white space
/// dropped; `None` for a line that says nothing of its own (blank, lone punctuation, an
/// attribute, an import).
fn shape(line: &str) -> Option<String> {
    const KEYWORDS: &[&str] = &[
        "as", "break", "const", "continue", "else", "enum", "false", "fn", "for", "if", "impl",
        "in", "let", "loop", "match", "move", "mut", "ref", "return", "self", "Self", "struct",
        "true", "where", "while",
    ];
    let t = line.trim();
    if t.starts_with("use ") || t.starts_with("pub use ") || t.starts_with("#[") {
        return None;
    }
    let mut out = String::new();
    let mut word = String::new();
    let flush = |word: &mut String, out: &mut String| {
        if word.is_empty() {
            return;
        }
        if word.chars().next().is_some_and(|c| c.is_ascii_digit()) {
            out.push('0');
        } else if KEYWORDS.contains(&word.as_str()) {
            out.push_str(word);
        } else {
            out.push('i');
        }
        word.clear();
    };
    for c in t.chars() {
        if is_ident(c) {
            word.push(c);
        } else {
            flush(&mut word, &mut out);
            if !c.is_whitespace() {
                out.push(c);
            }
        }
    }
    flush(&mut word, &mut out);
    // A line of names alone (a field, a variant, a name in a list: `pub i: i<i>,`) says
    // nothing of how either side reads the rules.
    let thin = out
        .trim_start_matches("pub(i)")
        .trim_start_matches("pub")
        .chars()
        .all(|c| "i0:,;<>()[]&'".contains(c));
    (!thin).then_some(out)
}

/// Whether a line's shape ([`shape`]) decides something: a branch, a loop, a comparison, a
/// binding, an update.
fn decides(shape: &str) -> bool {
    [
        "if", "match", "for", "while", "=>", "==", "!=", "&&", "||", "let", "return", "+=", "-=",
        "|=", "?",
    ]
    .iter()
    .any(|k| shape.contains(k))
}

/// Runs of at least `min` lines of the same shape that a file of `left` and a file of `right`
/// share: (left file, its first line, right file, its first line, the run's length).
fn shared_shapes(
    tree: &Tree,
    left: &[&str],
    right: &[&str],
    min: usize,
) -> Vec<(String, usize, String, usize, usize)> {
    let lines_of = |m: &Module| -> Vec<(String, usize)> {
        m.code
            .lines()
            .enumerate()
            .filter_map(|(i, l)| shape(l).map(|s| (s, i + 1)))
            .collect()
    };
    let side = |prefixes: &[&str]| -> Vec<(String, Vec<(String, usize)>)> {
        tree.modules
            .iter()
            .filter(|m| prefixes.iter().any(|p| m.file.starts_with(p)))
            .map(|m| (m.file.clone(), lines_of(m)))
            .collect()
    };
    let (left, right) = (side(left), side(right));
    let mut starts: std::collections::HashMap<Vec<&str>, Vec<(usize, usize)>> =
        std::collections::HashMap::new();
    for (f, lines) in left.iter().enumerate() {
        for i in 0..lines.1.len().saturating_sub(min - 1) {
            let key: Vec<&str> = lines.1[i..i + min]
                .iter()
                .map(|(s, _)| s.as_str())
                .collect();
            starts.entry(key).or_default().push((f, i));
        }
    }
    let mut found = Vec::new();
    for (file, lines) in &right {
        let mut i = 0;
        while i + min <= lines.len() {
            let key: Vec<&str> = lines[i..i + min].iter().map(|(s, _)| s.as_str()).collect();
            let Some(&(f, j)) = starts.get(&key).and_then(|v| v.first()) else {
                i += 1;
                continue;
            };
            let other = &left[f].1;
            let mut len = min;
            while i + len < lines.len()
                && j + len < other.len()
                && lines[i + len].0 == other[j + len].0
            {
                len += 1;
            }
            // Only a run that decides something is a reading of the rules: plumbing (an
            // `impl` that hands on to a field, an accessor) may well look alike.
            let deciding = lines[i..i + len].iter().filter(|(s, _)| decides(s)).count();
            if deciding >= 3 {
                found.push((left[f].0.clone(), other[j].1, file.clone(), lines[i].1, len));
            }
            i += len;
        }
    }
    found
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
        &["src/oracle/spec/"],
        6,
    );
    shared.extend(shared_shapes(
        &tree,
        &["src/mtg/engine/"],
        &["src/mtg/spec/"],
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

/// The graph of folders (and top-level files), as a Mermaid diagram: every arrow one layer's
/// room importing another's.
fn room(file: &str) -> String {
    let parts: Vec<&str> = file.split('/').collect();
    // src/x.rs -> src/x; src/d/y.rs -> src/d (the spec apart from the rest of the oracle);
    // model/src/properties/z.rs -> model/properties; model/src/x.rs -> model/x.
    let (crate_dir, rest) = if parts[0] == "model" {
        ("model", &parts[2..])
    } else {
        ("src", &parts[1..])
    };
    let name = match rest {
        [f] => f.trim_end_matches(".rs").to_string(),
        ["oracle", "spec", ..] => "oracle/spec".to_string(),
        [d, ..] => d.to_string(),
        [] => String::new(),
    };
    format!("{crate_dir}/{name}")
}

fn mermaid(tree: &Tree) -> String {
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
            "  subgraph {}[\"{}\"]\n",
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

fn reaches(arrows: &BTreeSet<(String, String)>, from: &str, to: &str) -> bool {
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

const BEGIN: &str = "<!-- module graph: begin (written by tests/structure.rs) -->\n";
const END: &str = "<!-- module graph: end -->";

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
    let f = functions(&strip("fn a() {\n  {\n  }\n}\nfn b(x: [u8; 2]);\n"));
    assert_eq!(f, [("a".to_string(), 1, 4)]);
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
