//! The files the tests read: every `.toml` file of a folder of the repository.

use std::path::{Path, PathBuf};

/// Every `.toml` file under `dir` (a folder of the crate, `tests/scenarios`), in the folders
/// below it too, in path order. A folder that cannot be read, or holds none, fails the test.
pub fn toml_files(dir: &str) -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
            .map(|e| e.expect("a directory entry").path())
            .collect();
        entries.sort();
        for p in entries {
            if p.is_dir() {
                walk(&p, out);
            } else if p.extension().is_some_and(|x| x == "toml") {
                out.push(p);
            }
        }
    }
    let mut out = Vec::new();
    walk(&Path::new(env!("CARGO_MANIFEST_DIR")).join(dir), &mut out);
    assert!(!out.is_empty(), "no .toml file under {dir}");
    out
}
