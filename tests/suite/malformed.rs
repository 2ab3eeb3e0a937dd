//! Every file under `tests/malformed/` is a scenario with one mistake, and is refused: never
//! accepted, never panicked on, within a second, with the line and column and the words its first
//! line promises. The header convention is
//!
//! ```text
//! # expect: LINE:COL SUBSTRING
//! ```
//!
//! on the first line (after a byte-order mark, if the file has one): the error's line and column
//! and a part of its message as printed (`ScenarioError`'s text, which escapes control
//! characters). Files that are not UTF-8 keep the header on their first line, which is.
//!
//! Beside the corpus: what a file cannot show (a directory, a FIFO, a device, a file over the
//! size limit), positions that do not grow slower with the file's length, and the byte-order mark
//! not counted as a column.

use crate::corpus::toml_files;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use riftcheck::scenario::{ErrorKind, LoadOptions, ReadError};
use riftcheck::{Scenario, ScenarioError};

fn corpus() -> Vec<PathBuf> {
    toml_files("tests/malformed")
}

/// What a corpus file's first line promises: line, column, and a part of the message.
fn header(path: &Path) -> (usize, usize, String) {
    let bytes = std::fs::read(path).expect("readable");
    let bytes = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(&bytes);
    let first = bytes.split(|b| *b == b'\n').next().unwrap_or(&[]);
    let first = std::str::from_utf8(first).expect("the header line is UTF-8");
    let rest = first
        .strip_prefix("# expect: ")
        .unwrap_or_else(|| panic!("{}: no `# expect: LINE:COL SUBSTRING`", path.display()));
    let (at, substring) = rest.split_once(' ').expect("LINE:COL SUBSTRING");
    let (line, column) = at.split_once(':').expect("LINE:COL");
    let number = |s: &str| s.parse::<usize>().expect("a number");
    (number(line), number(column), substring.to_string())
}

/// Whether printed text has a character a terminal would act on (a line break only between
/// problems).
fn raw_control(text: &str) -> Option<char> {
    text.chars()
        .find(|c| *c != '\n' && (c.is_control() || ('\u{202a}'..='\u{202e}').contains(c)))
}

#[test]
fn the_corpus_covers_a_hundred_mistakes() {
    assert!(corpus().len() >= 100, "{} files", corpus().len());
}

#[test]
fn every_malformed_file_is_refused_where_its_header_says() {
    let mut wrong = Vec::new();
    for path in corpus() {
        let (line, column, substring) = header(&path);
        let started = Instant::now();
        let loaded = std::panic::catch_unwind(|| {
            // The parser's fuzz target takes the file too (its seeds include the corpus).
            riftcheck::harness::fuzz::scenario_roundtrip(&std::fs::read(&path).unwrap_or_default());
            Scenario::load(&path)
        });
        let took = started.elapsed();
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        let e = match loaded {
            Err(_) => {
                wrong.push(format!("{name}: panicked"));
                continue;
            }
            Ok(Ok(_)) => {
                wrong.push(format!("{name}: accepted"));
                continue;
            }
            Ok(Err(e)) => e,
        };
        let text = e.to_string();
        if (e.line, e.column) != (line, column) {
            wrong.push(format!(
                "{name}: at {}:{}, not {line}:{column}: {text}",
                e.line, e.column
            ));
        }
        if !text.contains(&substring) {
            wrong.push(format!("{name}: `{substring}` is not in: {text}"));
        }
        if let Some(c) = raw_control(&text) {
            wrong.push(format!("{name}: the message has {c:?} raw: {text}"));
        }
        if e.file.as_deref() != Some(path.display().to_string().as_str()) {
            wrong.push(format!("{name}: the error does not name the file: {text}"));
        }
        if took > Duration::from_secs(1) {
            wrong.push(format!("{name}: took {took:?}"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// A scratch path of this test process.
fn scratch(name: &str) -> PathBuf {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("riftcheck-malformed-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    dir.join(name)
}

fn unreadable(e: &ScenarioError) -> &ReadError {
    match &e.kind {
        ErrorKind::Unreadable(r) => r,
        other => panic!("not unreadable but {other:?}: {e}"),
    }
}

const GOOD: &str = "title = \"t\"\n[setup]\nmode = \"duel\"\n";

#[test]
fn a_directory_is_not_read_as_a_file() {
    let dir = scratch("a-directory.toml");
    std::fs::create_dir_all(&dir).expect("created");
    let e = Scenario::load(&dir).expect_err("a directory");
    assert_eq!(
        unreadable(&e),
        &ReadError::NotAFile {
            what: "a directory"
        }
    );
    assert_eq!((e.line, e.column), (0, 0));
    assert!(
        e.to_string()
            .contains("it is a directory, not a regular file"),
        "{e}"
    );
}

#[cfg(unix)]
#[test]
fn a_device_is_refused_before_anything_is_read() {
    let started = Instant::now();
    let e = Scenario::load(Path::new("/dev/zero")).expect_err("a device");
    assert!(started.elapsed() < Duration::from_secs(1));
    assert_eq!(
        unreadable(&e),
        &ReadError::NotAFile {
            what: "a character device"
        }
    );
}

#[cfg(unix)]
#[test]
fn a_fifo_is_refused_without_waiting_for_a_writer() {
    let fifo = scratch("a-fifo.toml");
    let _ = std::fs::remove_file(&fifo);
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    if !made.is_ok_and(|s| s.success()) {
        eprintln!("no mkfifo here: skipped");
        return;
    }
    let started = Instant::now();
    let e = Scenario::load(&fifo).expect_err("a FIFO");
    assert!(started.elapsed() < Duration::from_secs(1));
    assert!(
        matches!(unreadable(&e), ReadError::NotAFile { what } if what.contains("FIFO")),
        "{e}"
    );
    let _ = std::fs::remove_file(&fifo);
}

#[test]
fn a_file_over_the_limit_is_refused() {
    let path = scratch("large.toml");
    // A valid scenario padded with a comment past the limit given.
    let text = format!("{GOOD}# {}\n", "x".repeat(1000));
    std::fs::write(&path, &text).expect("written");
    let limit = LoadOptions { max_bytes: 100 };
    let e = Scenario::load_with(&path, limit).expect_err("over the limit");
    assert_eq!(unreadable(&e), &ReadError::TooLarge { limit: 100 });
    assert!(
        e.to_string().contains("larger than the limit of 100 bytes"),
        "{e}"
    );
    // At the limit exactly, it is read.
    let exact = LoadOptions {
        max_bytes: text.len() as u64,
    };
    Scenario::load_with(&path, exact).expect("at the limit");
    // The default is 16 MiB: a file one byte over it is refused.
    assert_eq!(LoadOptions::default().max_bytes, 16 * 1024 * 1024);
    let big = format!("{GOOD}# {}\n", "x".repeat(16 * 1024 * 1024));
    std::fs::write(&path, big).expect("written");
    let e = Scenario::load(&path).expect_err("over 16 MiB");
    assert!(matches!(unreadable(&e), ReadError::TooLarge { .. }), "{e}");
    let _ = std::fs::remove_file(&path);
}

#[test]
fn a_missing_file_is_unreadable() {
    let e = Scenario::load(Path::new("no/such/file.toml")).expect_err("missing");
    assert!(matches!(unreadable(&e), ReadError::Io(_)), "{e}");
}

#[test]
fn a_byte_order_mark_is_not_a_column() {
    let e = Scenario::parse("\u{feff}title = 3\n").expect_err("a number");
    assert_eq!((e.line, e.column), (1, 9), "{e}");
    assert!(Scenario::parse(&format!("\u{feff}{GOOD}")).is_ok());
}

/// A Duel with `n` steps, the last one `last`.
fn long(n: usize, last: &str) -> String {
    let mut text = String::from("title = \"long\"\nsteps = [\n");
    for _ in 0..n {
        text.push_str("  \"A ends the turn\",\n");
    }
    text.push_str(&format!(
        "  \"{last}\",\n]\n{}",
        &GOOD["title = \"t\"\n".len()..]
    ));
    text
}

#[test]
fn a_long_scenario_is_read_in_time_that_grows_with_its_length() {
    let started = Instant::now();
    let s = Scenario::parse(&long(39_999, "B ends the turn")).expect("valid");
    assert_eq!(s.steps.len(), 40_000);
    // A generous tripwire: linear reading takes a few tens of milliseconds.
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "{:?}",
        started.elapsed()
    );
    let started = Instant::now();
    let e = Scenario::parse(&long(100_000, "A plays Nothing")).expect_err("no such card");
    assert_eq!((e.line, e.column), (100_003, 12), "{e}");
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "{:?}",
        started.elapsed()
    );
}
