//! The shape of a line (its code but for names and numbers), and the runs of lines of the same
//! shape two files share.

use super::*;

/// A line's shape: its names (but Rust's keywords) written `i` and its numbers `0`, white space
/// dropped; `None` for a line that says nothing of its own (blank, lone punctuation, an
/// attribute, an import).
pub(crate) fn shape(line: &str) -> Option<String> {
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

/// Runs of at least `min` lines of the same shape that a file of `left` and a file of `right`
/// share: (left file, its first line, right file, its first line, the run's length).
pub(crate) fn shared_shapes(
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
            found.push((left[f].0.clone(), other[j].1, file.clone(), lines[i].1, len));
            i += len;
        }
    }
    found
}
