//! Reading the workspace's code: files made into modules, comments and strings set aside,
//! `use` paths resolved to the files that define the names, functions found.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

use super::*;

/// One module: a file of a crate.
pub(crate) struct Module {
    pub(crate) krate: &'static str,
    pub(crate) path: Vec<String>,
    pub(crate) file: String,
    /// The file with comments, strings and test modules blanked (lines kept).
    pub(crate) code: String,
    pub(crate) children: BTreeSet<String>,
    pub(crate) uses: Vec<UsePath>,
}

/// A path a `use` brings in, and the name it is known by.
pub(crate) struct UsePath {
    pub(crate) segs: Vec<String>,
    pub(crate) name: String,
    pub(crate) glob: bool,
}

pub(crate) struct Tree {
    pub(crate) modules: Vec<Module>,
}

pub(crate) fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Blanks comments, string and char literals (keeping line breaks), so that only code is read.
pub(crate) fn strip(src: &str) -> String {
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

pub(crate) fn is_ident(ch: char) -> bool {
    ch.is_alphanumeric() || ch == '_'
}

#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Tok {
    Ident(String),
    Colons,
    Punct(char),
}

/// Identifiers, `::` and single punctuation, with the line each starts on.
pub(crate) fn tokens(code: &str) -> Vec<(Tok, usize)> {
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
pub(crate) fn without_inline_modules(code: &str) -> String {
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
pub(crate) fn child_declarations(code: &str) -> Vec<String> {
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
pub(crate) fn use_paths(code: &str) -> Vec<UsePath> {
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

pub(crate) fn use_tree(toks: &[Tok], at: &mut usize, prefix: Vec<String>, out: &mut Vec<UsePath>) {
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

pub(crate) fn alias(toks: &[Tok], at: &mut usize) -> Option<String> {
    if toks.get(*at) == Some(&Tok::Ident("as".into()))
        && let Some(Tok::Ident(a)) = toks.get(*at + 1)
    {
        *at += 2;
        return Some(a.clone());
    }
    None
}

impl Tree {
    pub(crate) fn read() -> Tree {
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

    pub(crate) fn add(&mut self, krate: &'static str, path: Vec<String>, file: &Path) {
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

    pub(crate) fn find(&self, krate: &str, path: &[String]) -> Option<usize> {
        self.modules
            .iter()
            .position(|m| m.krate == krate && m.path == path)
    }

    /// The module a path starting in module `from` names, and what is left of the path.
    pub(crate) fn start(&self, from: usize, segs: &[String]) -> Option<(usize, usize)> {
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
    pub(crate) fn resolve(&self, from: usize, segs: &[String], depth: usize) -> Option<usize> {
        let (module, i) = self.start(from, segs)?;
        match segs.get(i) {
            None => Some(module),
            Some(name) => Some(self.definer(module, name, depth)),
        }
    }

    /// The file that defines `name` as seen from module `m`: `m` itself, or where an import of
    /// `m` leads.
    pub(crate) fn definer(&self, m: usize, name: &str, depth: usize) -> usize {
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

    pub(crate) fn resolve_use(&self, m: usize, u: &UsePath, depth: usize) -> Option<usize> {
        let (module, i) = self.start(m, &u.segs)?;
        match u.segs.get(i) {
            None => Some(module),
            Some(name) => Some(self.definer(module, name, depth + 1)),
        }
    }

    /// Every file each module names, with the names that tie them.
    pub(crate) fn edges(&self) -> BTreeMap<(usize, usize), BTreeSet<String>> {
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
pub(crate) fn defines(code: &str, name: &str) -> bool {
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
pub(crate) fn cycles(
    n: usize,
    edges: &BTreeMap<(usize, usize), BTreeSet<String>>,
) -> Vec<Vec<usize>> {
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
    pub(crate) fn visit(t: &mut T<'_>, v: usize) {
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
