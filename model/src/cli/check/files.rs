//! What a split check reads and writes beside its reports: the file of each configuration's
//! fingerprints (`--fingerprints DIR`, read back by `merge`), and the distinct states of an
//! earlier report that weigh configurations dealt whole (`--shard-weights`).

/// The file holding a configuration's fingerprints: its name, and the run of a split check.
pub fn fingerprint_file(config: &str, run: Option<(u32, u32)>) -> String {
    let name = riftcheck_checker::files::file_safe(config);
    match run {
        Some((i, n)) => format!("{name}.{i}-of-{n}.fp"),
        None => format!("{name}.fp"),
    }
}

/// Writes each configuration's fingerprints, given as (configuration, fingerprints), under
/// `dir` (`--fingerprints DIR`), for either ruleset.
///
/// # Errors
///
/// The directory or a file cannot be written.
pub(super) fn write_fingerprints<'a>(
    dir: &std::path::Path,
    found: impl IntoIterator<Item = (&'a str, &'a [u64])>,
    run: Option<(u32, u32)>,
) -> Result<(), String> {
    for (config, fps) in found {
        let bytes: Vec<u8> = fps.iter().flat_map(|f| f.to_le_bytes()).collect();
        std::fs::create_dir_all(dir)
            .and_then(|()| std::fs::write(dir.join(fingerprint_file(config, run)), bytes))
            .map_err(|e| format!("--fingerprints {}: {e}", dir.display()))?;
    }
    Ok(())
}

/// The distinct states of each configuration in an earlier JSON report (`check` or `merge`),
/// the report `--shard-weights` names (none without it).
///
/// # Errors
///
/// The file cannot be read or is not such a report.
pub(super) fn known_sizes(
    path: Option<&std::path::Path>,
) -> Result<std::collections::BTreeMap<String, usize>, String> {
    let Some(path) = path else {
        return Ok(std::collections::BTreeMap::new());
    };
    let limit = riftcheck_core::files::max_bytes();
    let bytes = riftcheck_core::files::read_bytes(path, limit)
        .map_err(|e| format!("--shard-weights {}: {e}", path.display()))?;
    let report: serde_json::Value = serde_json::from_slice(&bytes)
        .map_err(|e| format!("--shard-weights {}: not a JSON report: {e}", path.display()))?;
    let configs = report["configurations"].as_array().ok_or_else(|| {
        format!(
            "--shard-weights {}: a report of riftcheck check or merge has `configurations`",
            path.display()
        )
    })?;
    Ok(configs
        .iter()
        .filter_map(|c| {
            let name = c["name"].as_str()?.to_string();
            let n = usize::try_from(c["unique_states"].as_u64()?).ok()?;
            Some((name, n))
        })
        .collect())
}
