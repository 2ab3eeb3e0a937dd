//! `riftcheck merge`: the JSON reports of the runs of a split check (`check --shard I/N`) made
//! into one verdict and one report. A property fails if it failed in any run; a companion is
//! reached if any run reached it; the graph is acyclic if no run found a cycle and the runs'
//! summaries together have none ([`split`](mod@riftcheck_checker::search::split)); the shortest
//! counterexample of each property is kept. With `--fingerprints DIR` the distinct states are
//! counted exactly (the union of the runs' states) and the overlap between the runs is
//! reported.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use serde_json::{Value, json};

use super::check::fingerprint_file;
use super::{SCHEMA_VERSION, fail_input};
use riftcheck_checker::search::summary_has_cycle;

/// The runs of one split check, checked to belong together.
struct Runs {
    reports: Vec<Value>,
    count: u32,
    depth: u64,
}

fn read(path: &Path) -> Result<Value, String> {
    // A report is read as a scenario file is: a regular file, within the same limit.
    let limit = riftcheck_core::files::max_bytes();
    let bytes = riftcheck_core::files::read_bytes(path, limit)
        .map_err(|e| format!("{}: {e}", path.display()))?;
    let report: Value = serde_json::from_slice(&bytes)
        .map_err(|e| format!("{}: not a JSON report: {e}", path.display()))?;
    match unplain(&report) {
        Some(s) => Err(format!(
            "{}: not a report riftcheck wrote: the string {} holds a control character",
            path.display(),
            riftcheck_core::text::quote(s)
        )),
        None => Ok(report),
    }
}

/// The first string of a report holding a control character but a line break or a tab, or one
/// that changes how the text around it is shown: a report is printed, and riftcheck writes none
/// (the rulebook examples and findings break lines, nothing more).
fn unplain(v: &Value) -> Option<&str> {
    let bad = |c: char| riftcheck_core::text::unsafe_char(c) && !matches!(c, '\n' | '\t');
    match v {
        Value::String(s) => s.chars().any(bad).then_some(s.as_str()),
        Value::Array(items) => items.iter().find_map(unplain),
        Value::Object(map) => map.iter().find_map(|(k, v)| {
            if k.chars().any(bad) {
                Some(k.as_str())
            } else {
                unplain(v)
            }
        }),
        _ => None,
    }
}

fn runs(files: &[PathBuf]) -> Result<Runs, String> {
    let mut by_index: BTreeMap<u64, Value> = BTreeMap::new();
    let mut count = None;
    let mut depth = None;
    for f in files {
        let r = read(f)?;
        let where_ = f.display();
        if r["schema_version"] != SCHEMA_VERSION {
            return Err(format!(
                "{where_}: schema_version {} is not {SCHEMA_VERSION}",
                r["schema_version"]
            ));
        }
        if r["command"] != "check" {
            return Err(format!("{where_}: not the report of a `check`"));
        }
        let shard = &r["shard"];
        let (Some(i), Some(n), Some(d)) = (
            shard["index"].as_u64(),
            shard["count"].as_u64(),
            shard["depth"].as_u64(),
        ) else {
            return Err(format!(
                "{where_}: not the report of a run of a split check (--shard I/N)"
            ));
        };
        if count.is_some_and(|c| c != n) || depth.is_some_and(|x| x != d) {
            return Err(format!(
                "{where_}: run {i}/{n} at depth {d} is not of the same split check"
            ));
        }
        count = Some(n);
        depth = Some(d);
        if by_index.insert(i, r).is_some() {
            return Err(format!("{where_}: run {i} is given twice"));
        }
    }
    let count = count.ok_or("no report to merge")?;
    let missing: Vec<String> = (0..count)
        .filter(|i| !by_index.contains_key(i))
        .map(|i| i.to_string())
        .collect();
    if !missing.is_empty() {
        return Err(format!(
            "runs {} of {count} are missing",
            missing.join(", ")
        ));
    }
    let reports: Vec<Value> = by_index.into_values().collect();
    let first = &reports[0];
    for (i, r) in reports.iter().enumerate() {
        let differs = [
            ("ruleset", &r["ruleset"], &first["ruleset"]),
            ("--fault", &r["fault"], &first["fault"]),
            ("version of riftcheck", &r["tool"], &first["tool"]),
            (
                "question (bounds, fault, readings)",
                &r["shard"]["of"],
                &first["shard"]["of"],
            ),
        ];
        if let Some((what, theirs, ours)) = differs.iter().find(|(_, a, b)| a != b) {
            return Err(format!(
                "the runs are not of the same split check: run {i} has another {what} ({theirs}) \
                 than run 0 ({ours})"
            ));
        }
        // Every count a run reports is a count: a negative or fractional one is no report.
        for c in r["configurations"].as_array().into_iter().flatten() {
            for key in ["states", "unique_states", "unique"] {
                if !c[key].is_null() && c[key].as_u64().is_none() {
                    return Err(format!(
                        "run {i}: {}: `{key}` is {}, not a count of states",
                        c["name"], c[key]
                    ));
                }
            }
        }
    }
    let all = reports[0]["shard"]["configurations"].clone();
    let by = reports[0]["shard"]["by"]
        .as_str()
        .unwrap_or("frontier")
        .to_string();
    if reports
        .iter()
        .any(|r| r["shard"]["configurations"] != all || r["shard"]["by"] != by.as_str())
    {
        return Err(
            "the runs are not of the same split check (other configurations, or split otherwise)"
                .into(),
        );
    }
    // Each configuration is in every run (split at the frontier) or in one (dealt whole), with
    // the same bounds wherever it is.
    let mut seen: BTreeMap<String, (usize, Value)> = BTreeMap::new();
    for r in &reports {
        for c in r["configurations"].as_array().into_iter().flatten() {
            let name = c["name"].as_str().unwrap_or("").to_string();
            let entry = seen.entry(name.clone()).or_insert((0, c["bounds"].clone()));
            if entry.1 != c["bounds"] {
                return Err(format!(
                    "{name} was checked with other bounds in another run"
                ));
            }
            entry.0 += 1;
        }
    }
    let expected = if by == "frontier" { reports.len() } else { 1 };
    for name in all
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
    {
        let times = seen.get(name).map_or(0, |e| e.0);
        if times != expected {
            return Err(format!(
                "{name} is in {times} of the runs' reports, where a split by {by} has it in \
                 {expected}"
            ));
        }
    }
    if seen.len() != all.as_array().map_or(0, Vec::len) {
        return Err("a run checked a configuration the split does not have".into());
    }
    Ok(Runs {
        reports,
        count: u32::try_from(count).unwrap_or(u32::MAX),
        depth: depth.unwrap_or(0),
    })
}

fn ids(v: &Value) -> BTreeSet<String> {
    v.as_array()
        .map(|a| {
            a.iter()
                .filter_map(|x| x.as_str().map(String::from))
                .collect()
        })
        .unwrap_or_default()
}

fn count(v: &Value) -> u64 {
    v.as_u64().unwrap_or(0)
}

/// Sorted fingerprints from a file written by `check --fingerprints`, of a run that reported
/// `distinct` states of the configuration.
fn fingerprints(path: &Path, distinct: u64) -> Result<Vec<u64>, String> {
    let bytes =
        riftcheck_core::files::read_bytes(path, distinct.saturating_mul(8)).map_err(|e| {
            format!(
                "{}: {e} (its run reported {distinct} distinct states)",
                path.display()
            )
        })?;
    let held = bytes.len() as u64 / 8;
    if bytes.len() % 8 != 0 || held != distinct {
        return Err(format!(
            "{}: {} bytes, where the run's {distinct} distinct states are {} bytes: not the \
             file that run wrote, or cut short",
            path.display(),
            bytes.len(),
            distinct.saturating_mul(8)
        ));
    }
    Ok(bytes
        .chunks_exact(8)
        .map(|c| u64::from_le_bytes(c.try_into().unwrap_or([0; 8])))
        .collect())
}

/// One configuration merged from every run's part.
fn merge_one(
    runs_parts: &[(u32, &Value)],
    fps_dir: Option<&Path>,
    runs: u32,
    (props, graph): (&[String], Option<&str>),
) -> Result<Value, String> {
    let parts: Vec<&Value> = runs_parts.iter().map(|(_, c)| *c).collect();
    let first = parts[0];
    let name = first["name"].as_str().unwrap_or("").to_string();
    let states: u64 = parts.iter().map(|c| count_of(c, "states")).sum();
    let sum: u64 = parts.iter().map(|c| count_of(c, "unique_states")).sum();
    let nodes = count(&first["shard_part"]["nodes"]);
    let (union, overlap) = match fps_dir {
        None => (Value::Null, Value::Null),
        Some(dir) => {
            let mut all: BTreeSet<u64> = BTreeSet::new();
            for &(i, part) in runs_parts {
                let file = dir.join(fingerprint_file(&name, Some((i, runs))));
                all.extend(fingerprints(&file, count_of(part, "unique_states"))?);
            }
            let union = all.len() as u64;
            (json!(union), json!(sum - union))
        }
    };
    let complete = parts.iter().all(|c| c["complete"] == true);
    let mut failed: BTreeSet<String> = parts.iter().flat_map(|c| ids(&c["failed"])).collect();
    let mut edges: Vec<(u32, u32)> = Vec::new();
    for c in &parts {
        for e in c["shard_part"]["edges"].as_array().into_iter().flatten() {
            let (Some(a), Some(b)) = (e[0].as_u64(), e[1].as_u64()) else {
                continue;
            };
            edges.push((a as u32, b as u32));
        }
    }
    let summary_cycle = summary_has_cycle(usize::try_from(nodes).unwrap_or(0), &edges);
    let run_cycle = parts.iter().any(|c| c["acyclic"] == false);
    // A configuration dealt whole to one run was proved (or not) there.
    let whole = parts.len() == 1 && first["shard_part"].is_null();
    let acyclic = match graph {
        // Dealt whole, its run proved it or not; a ruleset without the property, null.
        Some(_) if whole => first["acyclic"].clone(),
        None => first["acyclic"].clone(),
        Some(id) if run_cycle || summary_cycle => {
            failed.insert(id.to_string());
            json!(false)
        }
        Some(_) if complete => json!(true),
        Some(_) => Value::Null,
    };
    // The shortest counterexample of each property, from whichever run found it.
    let mut counterexamples: BTreeMap<String, Value> = BTreeMap::new();
    for c in &parts {
        for x in c["counterexamples"].as_array().into_iter().flatten() {
            let p = x["property"].as_str().unwrap_or("").to_string();
            let len = x["steps"].as_array().map_or(usize::MAX, Vec::len);
            let shorter = counterexamples
                .get(&p)
                .is_none_or(|k| k["steps"].as_array().map_or(usize::MAX, Vec::len) > len);
            if shorter {
                counterexamples.insert(p, x.clone());
            }
        }
    }
    let cut: Vec<Value> = parts
        .iter()
        .enumerate()
        .flat_map(|(run, c)| {
            c["cut"]
                .as_array()
                .cloned()
                .unwrap_or_default()
                .into_iter()
                .map(move |mut x| {
                    x["run"] = json!(run);
                    x
                })
        })
        .collect();
    let seen: BTreeSet<String> = parts.iter().flat_map(|c| ids(&c["seen"])).collect();
    let order = |ids: BTreeSet<String>| -> Vec<String> {
        props
            .iter()
            .filter(|id| ids.contains(*id))
            .cloned()
            .collect()
    };
    let seconds: Vec<f64> = parts
        .iter()
        .map(|c| c["seconds"].as_f64().unwrap_or(0.0))
        .collect();
    let slowest = seconds.iter().copied().fold(0.0, f64::max);
    let splits = parts.len() as u64;
    let unique = union
        .as_u64()
        .unwrap_or(sum - splits.saturating_sub(1) * nodes);
    Ok(json!({
        "name": name,
        "family": first["family"],
        "bounds": first["bounds"],
        "states": states,
        "unique_states": unique,
        "unique_states_exact": !union.is_null() || whole,
        "unique_states_sum": sum,
        "overlap": overlap,
        "prefix_states": nodes,
        "depth": parts.iter().map(|c| count(&c["depth"])).max().unwrap_or(0),
        "seconds": slowest,
        "seconds_per_run": seconds,
        "states_per_second": if slowest > 0.0 { unique as f64 / slowest } else { 0.0 },
        "complete": complete,
        "cut": cut,
        "acyclic": acyclic,
        "failed": order(failed),
        "counterexamples": counterexamples.into_values().collect::<Vec<_>>(),
        "seen": order(seen),
        "shard_part": Value::Null,
    }))
}

fn count_of(c: &Value, key: &str) -> u64 {
    count(&c[key])
}

/// Merges the runs' reports into one document.
///
/// # Errors
///
/// The reports cannot be read, or are not the runs of one split check.
pub fn merge(files: &[PathBuf], fps_dir: Option<&Path>) -> Result<Value, String> {
    let runs = runs(files)?;
    // The properties are the ruleset's, as the runs list them: their order, names and kinds.
    let props = runs.reports[0]["properties"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    let order: Vec<String> = (props.iter())
        .filter_map(|p| p["id"].as_str().map(String::from))
        .collect();
    // The property the state graph proves (no cycle), if the ruleset has one: the merged graph
    // proves it again.
    let graph: Option<String> = (props.iter())
        .find(|p| p["kind"] == "graph")
        .and_then(|p| p["id"].as_str().map(String::from));
    let names: Vec<String> = runs.reports[0]["shard"]["configurations"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|n| n.as_str().map(String::from))
        .collect();
    let mut merged = Vec::new();
    for name in &names {
        let mut parts: Vec<(u32, &Value)> = Vec::new();
        for (i, r) in runs.reports.iter().enumerate() {
            for c in r["configurations"].as_array().into_iter().flatten() {
                if c["name"] == name.as_str() {
                    parts.push((u32::try_from(i).unwrap_or(u32::MAX), c));
                }
            }
        }
        merged.push(merge_one(
            &parts,
            fps_dir,
            runs.count,
            (&order, graph.as_deref()),
        )?);
    }
    let any_failed = merged
        .iter()
        .any(|c| c["failed"].as_array().is_some_and(|f| !f.is_empty()));
    let any_cut = merged.iter().any(|c| c["complete"] == false);
    let (verdict, status) = if any_failed {
        ("failed", 1)
    } else if any_cut {
        ("incomplete", 3)
    } else {
        ("passed", 0)
    };
    let properties: Vec<Value> = props
        .iter()
        .map(|p| {
            let id = &p["id"];
            let failed_in: Vec<&Value> = merged
                .iter()
                .filter(|c| c["failed"].as_array().is_some_and(|f| f.contains(id)))
                .map(|c| &c["name"])
                .collect();
            let holds = if p["kind"] == "sometimes" {
                merged
                    .iter()
                    .any(|c| c["seen"].as_array().is_some_and(|s| s.contains(id)))
            } else {
                failed_in.is_empty()
            };
            let mut p = p.clone();
            p["holds"] = json!(holds);
            p["failed_in"] = json!(failed_in);
            p
        })
        .collect();
    let files: Vec<Value> = runs
        .reports
        .iter()
        .flat_map(|r| {
            r["counterexample_files"]
                .as_array()
                .cloned()
                .unwrap_or_default()
        })
        .collect();
    Ok(json!({
        "schema_version": SCHEMA_VERSION,
        "tool": { "name": "riftcheck", "version": env!("CARGO_PKG_VERSION") },
        "command": "merge",
        "ruleset": runs.reports[0]["ruleset"],
        "fault": runs.reports[0]["fault"],
        "verdict": verdict,
        "exit_status": status,
        "merged": { "runs": runs.count, "depth": runs.depth, "by": runs.reports[0]["shard"]["by"] },
        "shard": Value::Null,
        "limits": runs.reports[0]["limits"],
        "configurations": merged,
        "properties": properties,
        "counterexample_files": files,
        "counterexamples_not_written": runs.reports.iter().map(|r| count(&r["counterexamples_not_written"])).sum::<u64>(),
    }))
}

/// Runs `riftcheck merge`.
pub fn run(files: &[PathBuf], fps_dir: Option<&Path>, json_out: bool) -> ExitCode {
    let merged = match merge(files, fps_dir) {
        Ok(m) => m,
        Err(e) => return fail_input(e),
    };
    if json_out {
        println!(
            "{}",
            serde_json::to_string_pretty(&merged).unwrap_or_default()
        );
    } else {
        print_text(&merged);
    }
    ExitCode::from(u8::try_from(count(&merged["exit_status"])).unwrap_or(2))
}

fn print_text(m: &Value) {
    let how = if m["merged"]["by"] == "configuration" {
        "configurations dealt whole".to_string()
    } else {
        format!("frontier depth {}", m["merged"]["depth"])
    };
    // The first ruleset's checks are plain `check`s; another's is named by its key.
    let ruleset = match m["ruleset"].as_str() {
        Some(key) if key != "riftbound" => format!(" --ruleset {key}"),
        _ => String::new(),
    };
    println!(
        "riftcheck merge: {} runs of a split{ruleset} check ({how})\n",
        m["merged"]["runs"]
    );
    println!(
        "{:26} {:>12} {:>12} {:>10} {:>10}  result",
        "configuration", "distinct", "run states", "overlap", "max s"
    );
    for c in m["configurations"].as_array().into_iter().flatten() {
        let failed = ids(&c["failed"]);
        let result = if !failed.is_empty() {
            format!(
                "FAILED: {}",
                failed.into_iter().collect::<Vec<_>>().join(", ")
            )
        } else if c["complete"] == false {
            "cut by a limit: properties hold on the states covered".into()
        } else {
            "all properties hold".into()
        };
        let exact = if c["unique_states_exact"] == true {
            ""
        } else {
            "~"
        };
        println!(
            "{:26} {:>11}{exact} {:>12} {:>10} {:>10.2}  {result}",
            c["name"].as_str().unwrap_or(""),
            count(&c["unique_states"]),
            count(&c["unique_states_sum"]),
            c["overlap"].as_u64().map_or("-".into(), |o| o.to_string()),
            c["seconds"].as_f64().unwrap_or(0.0),
        );
    }
    println!("\nproperties:");
    for p in m["properties"].as_array().into_iter().flatten() {
        let mark = match (p["kind"].as_str(), p["holds"] == true) {
            (Some("sometimes"), true) => "  seen",
            (Some("sometimes"), false) => "  --  ",
            (_, true) => "  ok  ",
            (_, false) => "  FAIL",
        };
        println!(
            "{mark} {} ({})",
            p["name"].as_str().unwrap_or(""),
            p["rule"].as_str().unwrap_or("")
        );
    }
    for c in m["configurations"].as_array().into_iter().flatten() {
        for x in c["counterexamples"].as_array().into_iter().flatten() {
            println!(
                "\n== counterexample in {} ({})\n",
                c["name"].as_str().unwrap_or(""),
                x["property"].as_str().unwrap_or("")
            );
            print!("{}", x["rulebook"].as_str().unwrap_or(""));
        }
    }
    println!("\nverdict: {}", m["verdict"].as_str().unwrap_or(""));
}
