//! Text for markup: SVG, HTML and XML (JUnit) reports, whatever the ruleset.

use std::fmt::Write;

/// Text with the five markup specials escaped, for SVG, HTML and XML (JUnit) alike, and control
/// characters (which XML 1.0 cannot carry) written as `\u{..}`.
pub fn escape_markup(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\n' | '\t' => out.push(c),
            c if c.is_control() => {
                let _ = write!(out, "\\u{{{:x}}}", c as u32);
            }
            c => out.push(c),
        }
    }
    out
}
