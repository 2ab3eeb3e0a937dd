//! The command line refuses every file of the malformed corpus (`tests/malformed/`, see
//! `tests/suite/malformed.rs` for its header convention `# expect: LINE:COL SUBSTRING`): `replay` exits
//! 2 naming `FILE:LINE:COL`, and never panics; `render` and `check` exit 2 on a sample.

use std::path::{Path, PathBuf};
use std::process::Output;

fn corpus() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/malformed");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/malformed exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    files
}

/// The line and column the file's first line promises.
fn position(path: &Path) -> (usize, usize) {
    let bytes = std::fs::read(path).expect("readable");
    let bytes = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(&bytes);
    let first = bytes.split(|b| *b == b'\n').next().unwrap_or(&[]);
    let first = std::str::from_utf8(first).expect("the header line is UTF-8");
    let at = first
        .strip_prefix("# expect: ")
        .and_then(|r| r.split(' ').next())
        .unwrap_or_else(|| panic!("{}: no header", path.display()));
    let (line, column) = at.split_once(':').expect("LINE:COL");
    (
        line.parse().expect("a line"),
        column.parse().expect("a column"),
    )
}

fn run(args: &[&str], file: &Path) -> Output {
    crate::common::program()
        .args(args)
        .arg(file)
        .output()
        .expect("riftcheck runs")
}

/// What is wrong with the command's answer about `file`, if anything.
fn judge(what: &str, out: &Output, file: &Path) -> Option<String> {
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    let (line, column) = position(file);
    let place = format!("{}:{line}:{column}", file.display());
    let name = file.file_name().unwrap_or_default().to_string_lossy();
    if out.status.code() != Some(2) {
        Some(format!(
            "{what} {name}: exit {:?}\n{text}",
            out.status.code()
        ))
    } else if text.contains("panicked") {
        Some(format!("{what} {name}: panicked\n{text}"))
    } else if !text.contains(&place) {
        Some(format!("{what} {name}: `{place}` is not in\n{text}"))
    } else {
        None
    }
}

#[test]
fn replay_refuses_every_malformed_file_where_it_is_wrong() {
    let files = corpus();
    assert!(files.len() >= 100, "{} files", files.len());
    let wrong: Vec<String> = files
        .iter()
        .filter_map(|f| judge("replay", &run(&["replay"], f), f))
        .collect();
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn render_and_check_refuse_malformed_files_too() {
    let wrong: Vec<String> = corpus()
        .iter()
        .step_by(7)
        .flat_map(|f| {
            [
                judge("render", &run(&["render"], f), f),
                judge("check", &run(&["check"], f), f),
            ]
        })
        .flatten()
        .collect();
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// A problem of the whole file (it cannot be read at all) has no line and column to give: the
/// message names the file alone, not `FILE:0:0`.
#[test]
fn a_file_that_cannot_be_read_is_named_without_a_position() {
    for args in [
        &["render"][..],
        &["replay"],
        &["check", "--ruleset", "mtg"],
        &["validate"],
    ] {
        let out = run(args, Path::new("/dev/zero"));
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains("/dev/zero: "), "{args:?}: {err}");
        assert!(!err.contains(":0:0"), "{args:?}: {err}");
    }
}
