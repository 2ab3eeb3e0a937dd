//! Text from a file or an engine, made safe to show or to write back: characters a terminal or
//! a message must not be given raw escaped ([`escaped`]), and a TOML string ([`quote`]), for
//! every ruleset's scenario files and every report.

use std::borrow::Cow;
use std::fmt::Write as _;

/// Whether a character is one a message or a terminal must not be given raw: a control character
/// (the escape that starts a terminal sequence, a line break that could fake another line), or
/// one that changes how the text around it is shown (bidirectional overrides, invisible marks).
/// Names and one-line texts of scenarios never hold one; [`quote`] and [`escaped`] escape them.
pub fn unsafe_char(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{200b}'..='\u{200f}'
                | '\u{2028}'..='\u{202e}'
                | '\u{2060}'..='\u{2069}'
                | '\u{feff}'
                | '\u{fff9}'..='\u{fffb}'
        )
}

/// A TOML basic string.
pub fn quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c if unsafe_char(c) => {
                let _ = write!(out, "\\u{:04X}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// `text` with every character that [`unsafe_char`] names written as an escape (`\u{1b}`), so
/// text from a file quoted in a message never reaches a terminal raw.
pub fn escaped(text: &str) -> Cow<'_, str> {
    if !text.chars().any(unsafe_char) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if unsafe_char(c) {
            let _ = write!(out, "\\u{{{:x}}}", c as u32);
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}
