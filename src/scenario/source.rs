//! Where things are in a scenario's text: byte offsets to lines and columns (in time that does
//! not grow with the file), where each character of a TOML string was written, and text from a
//! file made safe to quote in a message.

/// Bytes per checkpoint of [`Lines`]' character counts.
const CHUNK: usize = 4096;

/// Byte offsets to 1-based line and column (columns in characters). The starts of the lines are
/// found once, and the characters before every [`CHUNK`]th byte counted once, so locating an
/// offset is a binary search and a count of at most one chunk: a file with 100,000 steps is
/// located as fast as one with ten.
pub(crate) struct Lines<'a> {
    text: &'a str,
    /// The byte offset of each line's start; the first is 0.
    starts: Vec<usize>,
    /// The characters before byte `k * CHUNK`, for each `k` up to the text's length.
    chars: Vec<usize>,
}

/// Whether a byte starts a character (is not a UTF-8 continuation byte).
fn starts_char(b: u8) -> bool {
    b & 0xC0 != 0x80
}

impl<'a> Lines<'a> {
    pub(crate) fn new(text: &'a str) -> Lines<'a> {
        let bytes = text.as_bytes();
        let mut starts = vec![0];
        starts.extend(
            bytes
                .iter()
                .enumerate()
                .filter(|(_, b)| **b == b'\n')
                .map(|(i, _)| i + 1),
        );
        let mut chars = Vec::with_capacity(bytes.len() / CHUNK + 1);
        let mut count = 0;
        chars.push(0);
        for chunk in bytes.chunks(CHUNK) {
            count += chunk.iter().filter(|b| starts_char(**b)).count();
            chars.push(count);
        }
        Lines {
            text,
            starts,
            chars,
        }
    }

    /// The characters that start before byte `offset`.
    fn chars_before(&self, offset: usize) -> usize {
        let k = offset / CHUNK;
        let from = k * CHUNK;
        let counted = self.chars.get(k).copied().unwrap_or(0);
        let rest = self.text.as_bytes().get(from..offset).unwrap_or(&[]);
        counted + rest.iter().filter(|b| starts_char(**b)).count()
    }

    /// The 1-based line and column of byte `offset` (the end of the text if past it).
    pub(crate) fn at(&self, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.text.len());
        // The number of lines starting at or before `offset`: at least one, the first.
        let line = self.starts.partition_point(|&s| s <= offset).max(1);
        let start = self.starts.get(line - 1).copied().unwrap_or(0);
        (
            line,
            self.chars_before(offset) - self.chars_before(start) + 1,
        )
    }
}

/// The line and column of the first byte of `bytes` that is not UTF-8, given that the first
/// `valid_up_to` bytes are.
pub(crate) fn first_invalid_byte(bytes: &[u8], valid_up_to: usize) -> (usize, usize) {
    let valid = bytes.get(..valid_up_to).unwrap_or(bytes);
    let text = without_bom(std::str::from_utf8(valid).unwrap_or(""));
    Lines::new(text).at(text.len())
}

/// A leading UTF-8 byte-order mark is no part of the scenario: it is not read, nor counted as a
/// column.
pub(crate) fn without_bom(text: &str) -> &str {
    text.strip_prefix('\u{feff}').unwrap_or(text)
}

/// Where each byte of a TOML string's value was written in its source `raw` (the string as the
/// file writes it, quotes included): one offset into `raw` per byte of `value`, and one for its
/// end. Escapes (`\u0044`), the quotes, and the line break after `"""` or `'''` are accounted
/// for. `None` if `raw` does not read as `value` here (a form this reading does not know).
pub(crate) fn string_offsets(raw: &str, value: &str) -> Option<Vec<usize>> {
    let (open, close, escapes) = if raw.starts_with("\"\"\"") {
        (3, 3, true)
    } else if raw.starts_with("'''") {
        (3, 3, false)
    } else if raw.starts_with('"') {
        (1, 1, true)
    } else if raw.starts_with('\'') {
        (1, 1, false)
    } else {
        return None;
    };
    let body_end = raw.len().checked_sub(close)?;
    let body = raw.get(open..body_end)?;
    let mut skip = 0;
    if open == 3 {
        // A line break right after the opening quotes is trimmed.
        if body.starts_with("\r\n") {
            skip = 2;
        } else if body.starts_with('\n') {
            skip = 1;
        }
    }
    let mut decoded = String::with_capacity(value.len());
    let mut offsets = Vec::with_capacity(value.len() + 1);
    let mut chars = body
        .char_indices()
        .skip_while(|(i, _)| *i < skip)
        .peekable();
    while let Some((i, c)) = chars.next() {
        let at = open + i;
        let out = if escapes && c == '\\' {
            let (_, e) = chars.next()?;
            match e {
                'b' => '\u{8}',
                't' => '\t',
                'n' => '\n',
                'f' => '\u{c}',
                'r' => '\r',
                'e' => '\u{1b}',
                '"' => '"',
                '\\' => '\\',
                'x' | 'u' | 'U' => {
                    let digits = match e {
                        'x' => 2,
                        'u' => 4,
                        _ => 8,
                    };
                    let mut code = 0u32;
                    for _ in 0..digits {
                        let (_, d) = chars.next()?;
                        code = code.checked_mul(16)?.checked_add(d.to_digit(16)?)?;
                    }
                    char::from_u32(code)?
                }
                ' ' | '\t' | '\r' | '\n' if open == 3 => {
                    // A line-ending backslash: the break and the whitespace after it go.
                    while chars.next_if(|(_, w)| w.is_whitespace()).is_some() {}
                    continue;
                }
                _ => return None,
            }
        } else {
            c
        };
        decoded.push(out);
        offsets.extend(std::iter::repeat_n(at, out.len_utf8()));
    }
    offsets.push(body_end);
    (decoded == value).then_some(offsets)
}

pub use riftcheck_core::text::escaped;

#[cfg(test)]
mod tests {
    use super::*;

    /// The reading of lines and columns it replaces: count from the start of the text.
    fn naive(text: &str, offset: usize) -> (usize, usize) {
        let before = &text[..offset];
        let line = before.matches('\n').count() + 1;
        let start = before.rfind('\n').map_or(0, |i| i + 1);
        (line, before[start..].chars().count() + 1)
    }

    #[test]
    fn lines_and_columns_agree_with_counting_from_the_start() {
        let mut text = String::new();
        for i in 0..3000 {
            text.push_str(&"é".repeat(i % 7));
            text.push_str(if i % 5 == 0 { "ab\r\n" } else { "x\n" });
        }
        let lines = Lines::new(&text);
        for (offset, _) in text.char_indices().step_by(7) {
            assert_eq!(lines.at(offset), naive(&text, offset), "at {offset}");
        }
        assert_eq!(lines.at(text.len()), naive(&text, text.len()));
        assert_eq!(lines.at(usize::MAX), naive(&text, text.len()));
        assert_eq!(Lines::new("").at(0), (1, 1));
    }

    #[test]
    fn the_first_invalid_byte_is_located() {
        assert_eq!(first_invalid_byte(b"ab\ncd\xffe", 5), (2, 3));
        assert_eq!(first_invalid_byte(b"\xff", 0), (1, 1));
        // A byte-order mark is not a column.
        assert_eq!(first_invalid_byte(b"\xef\xbb\xbfab\xff", 5), (1, 3));
        assert_eq!(first_invalid_byte(b"\xc3\xa9\xc3\xa9\xff", 4), (1, 3));
    }

    #[test]
    fn each_byte_of_a_string_is_found_where_it_was_written() {
        let raw = r#""  B plays \u0044enial""#;
        let offsets = string_offsets(raw, "  B plays Denial").unwrap();
        // `D` comes from the escape at byte 11; `e` follows the escape's six bytes.
        assert_eq!(offsets[10], 11);
        assert_eq!(offsets[11], 17);
        assert_eq!(offsets[0], 1);
        assert_eq!(*offsets.last().unwrap(), raw.len() - 1);
        let raw = "'''\nA passes'''";
        assert_eq!(string_offsets(raw, "A passes").unwrap()[0], 4);
        let raw = "\"\"\"A \\\n    passes\"\"\"";
        let offsets = string_offsets(raw, "A passes").unwrap();
        assert_eq!(&raw[offsets[2]..offsets[2] + 6], "passes");
        assert_eq!(string_offsets("'a\\u0041'", "a\\u0041").unwrap()[1], 2);
        assert!(string_offsets("\"a\"", "b").is_none());
        assert!(string_offsets("a", "a").is_none());
        assert!(string_offsets("\"\\u00\"", "x").is_none());
    }

    #[test]
    fn control_characters_are_escaped() {
        assert_eq!(escaped("plain é"), "plain é");
        assert_eq!(escaped("\u{1b}[31mred"), "\\u{1b}[31mred");
        assert_eq!(escaped("a\nb\u{202e}"), "a\\u{a}b\\u{202e}");
    }
}
