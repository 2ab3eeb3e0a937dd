//! What the command line reads: bounds written `key=value` and scenario paths.

use std::path::PathBuf;

use crate::model::Bounds;

/// Reads bounds written `turns=1,concessions=2,invites=1` over `b`.
///
/// # Errors
///
/// A part is not `key=value`, the key is not a bound, or the value not a number from 0 to 255.
pub fn parse_bounds(text: &str, mut b: Bounds) -> Result<Bounds, String> {
    for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let Some((key, value)) = part.split_once('=') else {
            return Err(format!(
                "`{part}`: bounds are written key=value, e.g. turns=1"
            ));
        };
        let value: u8 = value
            .trim()
            .parse()
            .map_err(|_| format!("`{part}`: the value must be a number from 0 to 255"))?;
        match key.trim() {
            "turns" => b.turns = value,
            "concessions" => b.concessions = value,
            "invites" => b.invites = value,
            other => {
                return Err(format!(
                    "`{other}` is not a bound: expected turns, concessions or invites"
                ));
            }
        }
    }
    Ok(b)
}

/// The scenario files among `paths`: files as given, directories searched for `.toml` files
/// (sorted, files before subdirectories).
pub fn collect(paths: &[PathBuf]) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for p in paths {
        if p.is_dir() {
            let mut entries: Vec<PathBuf> = match std::fs::read_dir(p) {
                Ok(rd) => rd.filter_map(|e| e.ok().map(|e| e.path())).collect(),
                Err(_) => {
                    out.push(p.clone());
                    continue;
                }
            };
            entries.sort();
            let (dirs, files): (Vec<_>, Vec<_>) = entries.into_iter().partition(|e| e.is_dir());
            out.extend(
                files
                    .into_iter()
                    .filter(|f| f.extension().is_some_and(|x| x == "toml")),
            );
            out.extend(collect(&dirs));
        } else {
            out.push(p.clone());
        }
    }
    out
}
