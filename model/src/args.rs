//! What the command line reads: scenario paths.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

/// The scenario files among `paths`: files as given, directories searched for `.toml` files
/// (sorted, files before subdirectories). Paths that do not exist and directories that cannot be
/// read are passed on as given, for reading them to report; a directory reached again through a
/// link is not searched again. [`scenario_files`] refuses what this passes on.
pub fn collect(paths: &[PathBuf]) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for p in paths {
        if p.is_dir() {
            let mut seen = BTreeSet::new();
            // A lenient walk reports nothing: whatever it cannot read it passes on.
            let _ = walk(p, &mut seen, &mut out, Walk::Lenient);
        } else {
            out.push(p.clone());
        }
    }
    out
}

/// The scenario files among `paths`: files as given, directories searched for `.toml` files
/// (sorted, files before subdirectories), each directory once however links lead back to it (a
/// link to a directory above is not followed round and round).
///
/// # Errors
///
/// A path does not exist or cannot be read; a path, or a `.toml` entry of a directory, is neither
/// a regular file nor a directory (a FIFO, a device: reading it could wait or never end), or is a
/// link to nothing; a directory given holds no `.toml` file, in itself or below. The message
/// names the path.
pub fn scenario_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>, String> {
    let mut out = Vec::new();
    for p in paths {
        let meta = fs::metadata(p).map_err(|e| match e.kind() {
            std::io::ErrorKind::NotFound => format!("{}: no such file or directory", p.display()),
            _ => format!("{}: cannot read: {e}", p.display()),
        })?;
        if meta.is_dir() {
            let before = out.len();
            let mut seen = BTreeSet::new();
            walk(p, &mut seen, &mut out, Walk::Strict)?;
            if out.len() == before {
                return Err(format!(
                    "{}: no scenario files (*.toml) in this directory or below it",
                    p.display()
                ));
            }
        } else if meta.is_file() {
            out.push(p.clone());
        } else {
            return Err(format!(
                "{}: {}, not a scenario file or a directory",
                p.display(),
                what(&meta)
            ));
        }
    }
    Ok(out)
}

/// Whether a walk refuses what it cannot read or passes it on.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Walk {
    Strict,
    Lenient,
}

fn is_toml(p: &Path) -> bool {
    p.extension().is_some_and(|x| x == "toml")
}

/// What a path that is neither a file nor a directory is.
fn what(meta: &fs::Metadata) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        let t = meta.file_type();
        if t.is_fifo() {
            return "a FIFO (named pipe)";
        }
        if t.is_char_device() || t.is_block_device() {
            return "a device";
        }
        if t.is_socket() {
            return "a socket";
        }
    }
    let _ = meta;
    "not a regular file"
}

/// The `.toml` files in `dir` and below it onto `out`: its files sorted, then each
/// subdirectory's. `seen` holds the directories searched, by their canonical path.
fn walk(
    dir: &Path,
    seen: &mut BTreeSet<PathBuf>,
    out: &mut Vec<PathBuf>,
    how: Walk,
) -> Result<(), String> {
    let cannot = |p: &Path, e: std::io::Error| format!("{}: cannot read: {e}", p.display());
    let real = match fs::canonicalize(dir) {
        Ok(r) => r,
        Err(e) if how == Walk::Strict => return Err(cannot(dir, e)),
        Err(_) => dir.to_path_buf(),
    };
    if !seen.insert(real) {
        return Ok(());
    }
    let mut entries: Vec<PathBuf> = match fs::read_dir(dir) {
        Ok(rd) => rd.filter_map(|e| e.ok().map(|e| e.path())).collect(),
        Err(e) if how == Walk::Strict => return Err(cannot(dir, e)),
        Err(_) => {
            out.push(dir.to_path_buf());
            return Ok(());
        }
    };
    entries.sort();
    let mut dirs = Vec::new();
    for e in entries {
        // Links are followed: to a file, to a directory (searched once), to nothing.
        match (fs::metadata(&e), how) {
            (Ok(m), _) if m.is_dir() => dirs.push(e),
            (Ok(m), _) if m.is_file() && is_toml(&e) => out.push(e),
            (Ok(m), Walk::Strict) if is_toml(&e) => {
                return Err(format!(
                    "{}: {}, not a scenario file",
                    e.display(),
                    what(&m)
                ));
            }
            (Err(err), Walk::Strict) if is_toml(&e) => return Err(cannot(&e, err)),
            (_, Walk::Lenient) if is_toml(&e) => out.push(e),
            _ => {}
        }
    }
    for d in dirs {
        walk(&d, seen, out, how)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fresh scratch directory for one test, removed when the test is done with it.
    struct Scratch(PathBuf);

    impl std::ops::Deref for Scratch {
        type Target = Path;
        fn deref(&self) -> &Path {
            &self.0
        }
    }

    impl Drop for Scratch {
        fn drop(&mut self) {
            let _ = fs::remove_dir_all(&self.0);
        }
    }

    fn scratch(name: &str) -> Scratch {
        let dir =
            std::env::temp_dir().join(format!("riftcheck-args-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }

    fn touch(p: &Path) {
        fs::create_dir_all(p.parent().unwrap()).unwrap();
        fs::write(p, "").unwrap();
    }

    #[test]
    fn directories_are_searched_files_first_each_sorted() {
        let d = scratch("order");
        for f in [
            "b.toml",
            "a.toml",
            "notes.txt",
            "z/c.toml",
            "m/y.toml",
            "m/n/x.toml",
        ] {
            touch(&d.join(f));
        }
        let got = scenario_files(std::slice::from_ref(&d.0)).unwrap();
        let names: Vec<String> = got
            .iter()
            .map(|p| p.strip_prefix(&d.0).unwrap().display().to_string())
            .collect();
        assert_eq!(
            names,
            ["a.toml", "b.toml", "m/y.toml", "m/n/x.toml", "z/c.toml"]
        );
        assert_eq!(collect(std::slice::from_ref(&d.0)), got);
        // A file is taken as given, whatever its name.
        let notes = d.join("notes.txt");
        assert_eq!(
            scenario_files(std::slice::from_ref(&notes)).unwrap(),
            [notes]
        );
    }

    #[test]
    fn a_missing_path_and_an_empty_directory_are_refused_by_name() {
        let d = scratch("empty");
        fs::create_dir_all(d.join("sub")).unwrap();
        touch(&d.join("sub/readme.md"));
        let e = scenario_files(std::slice::from_ref(&d.0)).unwrap_err();
        assert!(
            e.contains(&d.display().to_string()) && e.contains("no scenario files"),
            "{e}"
        );
        let missing = d.join("no-such.toml");
        let e = scenario_files(std::slice::from_ref(&missing)).unwrap_err();
        assert!(
            e.contains("no-such.toml") && e.contains("no such file"),
            "{e}"
        );
        // The lenient walk passes the missing path on, for reading it to report.
        assert_eq!(collect(std::slice::from_ref(&missing)), [missing]);
    }

    #[cfg(unix)]
    #[test]
    fn a_link_back_up_the_tree_is_searched_once() {
        let d = scratch("loop");
        touch(&d.join("a.toml"));
        touch(&d.join("sub/b.toml"));
        std::os::unix::fs::symlink(&d.0, d.join("sub/up")).unwrap();
        std::os::unix::fs::symlink(d.join("sub"), d.join("sub/again")).unwrap();
        let got = scenario_files(std::slice::from_ref(&d.0)).unwrap();
        assert_eq!(got, [d.join("a.toml"), d.join("sub/b.toml")]);
        assert_eq!(collect(std::slice::from_ref(&d.0)), got);
        // A link to nothing named like a scenario is refused; the lenient walk passes it on.
        std::os::unix::fs::symlink(d.join("gone"), d.join("broken.toml")).unwrap();
        let e = scenario_files(std::slice::from_ref(&d.0)).unwrap_err();
        assert!(e.contains("broken.toml"), "{e}");
        assert!(collect(std::slice::from_ref(&d.0)).contains(&d.join("broken.toml")));
    }

    #[cfg(unix)]
    #[test]
    fn a_fifo_or_a_device_is_refused() {
        let e = scenario_files(&[PathBuf::from("/dev/null")]).unwrap_err();
        assert!(e.contains("a device"), "{e}");
        let d = scratch("fifo");
        touch(&d.join("a.toml"));
        let fifo = d.join("pipe.toml");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if made.is_ok_and(|s| s.success()) {
            let e = scenario_files(std::slice::from_ref(&d.0)).unwrap_err();
            assert!(e.contains("pipe.toml") && e.contains("FIFO"), "{e}");
            let e = scenario_files(&[fifo]).unwrap_err();
            assert!(e.contains("FIFO"), "{e}");
        }
    }
}
