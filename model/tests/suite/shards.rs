//! A check split between runs (`check --shard I/N`, then `merge`) covers exactly what one run
//! covers: the same distinct states (the union of the runs' fingerprints), the same verdict,
//! the same properties and companions; a property broken in one run's part fails the merged
//! result, with its counterexample; reports that do not belong together are refused.

use crate::common::{fresh, program};
use std::path::PathBuf;
use std::process::Command;

use serde_json::Value;

fn dir(name: &str) -> PathBuf {
    fresh(name)
}

fn json(out: &std::process::Output) -> Value {
    serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out.stdout)))
}

/// Runs the N shards of a check split `by` configuration or frontier, one after another, and
/// merges them.
fn split_by(
    by: &str,
    args: &[&str],
    n: u32,
    d: &std::path::Path,
) -> (Vec<Value>, Value, Option<i32>) {
    let mut runs = Vec::new();
    let mut files = Vec::new();
    for i in 0..n {
        let out = program()
            .args([
                "check",
                "--quiet",
                "--format",
                "json",
                "--shard",
                &format!("{i}/{n}"),
            ])
            .args(["--shard-depth", "5", "--shard-by", by, "--fingerprints"])
            .arg(d.join("fp"))
            .arg("--out")
            .arg(d.join("cx"))
            .args(args)
            .output()
            .unwrap();
        let file = d.join(format!("run{i}.json"));
        std::fs::write(&file, &out.stdout).unwrap();
        runs.push(json(&out));
        files.push(file);
    }
    let merged = program()
        .args(["merge", "--format", "json", "--fingerprints"])
        .arg(d.join("fp"))
        .args(&files)
        .output()
        .unwrap();
    (runs, json(&merged), merged.status.code())
}

fn split(args: &[&str], n: u32, d: &std::path::Path) -> (Vec<Value>, Value, Option<i32>) {
    split_by("frontier", args, n, d)
}

fn whole(args: &[&str], d: &std::path::Path) -> (Value, Option<i32>) {
    let out = program()
        .args(["check", "--quiet", "--format", "json", "--out"])
        .arg(d.join("cx-whole"))
        .args(args)
        .output()
        .unwrap();
    (json(&out), out.status.code())
}

fn by_name(report: &Value) -> Vec<(String, u64, Value, Value)> {
    report["configurations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (
                c["name"].as_str().unwrap().to_string(),
                c["unique_states"].as_u64().unwrap(),
                c["failed"].clone(),
                c["seen"].clone(),
            )
        })
        .collect()
}

/// Dealt whole, each configuration is checked by one run, as one run would check it.
#[test]
fn configurations_dealt_whole_cover_exactly_what_one_run_covers() {
    let args = ["--quick", "--family", "chain,removal,staged"];
    let d = dir("dealt");
    let (one, _) = whole(&args, &d);
    for n in [2, 3, 16] {
        let (runs, merged, code) = split_by("configuration", &args, n, &d.join(n.to_string()));
        assert_eq!(code, Some(0), "{merged:#}");
        assert_eq!(by_name(&merged), by_name(&one), "N = {n}");
        let per_run: Vec<usize> = runs
            .iter()
            .map(|r| r["configurations"].as_array().unwrap().len())
            .collect();
        assert_eq!(
            per_run.iter().sum::<usize>(),
            12,
            "each configuration once: {per_run:?}"
        );
        if n <= 12 {
            assert!(
                per_run.iter().all(|&k| k > 0),
                "every run has work: {per_run:?}"
            );
        }
        for c in merged["configurations"].as_array().unwrap() {
            assert_eq!(c["acyclic"], true);
            assert_eq!(c["overlap"], 0);
        }
        assert_eq!(merged["properties"], one["properties"]);
    }
    // Weighed by an earlier report, the dealing changes and the coverage does not.
    let earlier = d.join("earlier.json");
    std::fs::write(&earlier, serde_json::to_string(&one).unwrap()).unwrap();
    let weights = ["--shard-weights", earlier.to_str().unwrap()];
    let with: Vec<&str> = args.iter().copied().chain(weights).collect();
    let (_, merged, code) = split_by("configuration", &with, 3, &d.join("weighed"));
    assert_eq!(code, Some(0));
    assert_eq!(by_name(&merged), by_name(&one));
}

#[test]
fn the_shards_together_cover_exactly_what_one_run_covers() {
    let args = ["--quick", "--family", "chain,removal,staged"];
    let d = dir("cover");
    let (one, code) = whole(&args, &d);
    assert_eq!(code, Some(0));
    for n in [2, 3] {
        let (runs, merged, code) = split(&args, n, &d.join(n.to_string()));
        assert_eq!(code, Some(0), "{merged:#}");
        assert_eq!(merged["verdict"], "passed");
        assert_eq!(by_name(&merged), by_name(&one), "N = {n}");
        for c in merged["configurations"].as_array().unwrap() {
            assert_eq!(c["unique_states_exact"], true);
            assert_eq!(c["acyclic"], true, "{}", c["name"]);
            let overlap = c["overlap"].as_u64().unwrap();
            let sum = c["unique_states_sum"].as_u64().unwrap();
            assert_eq!(sum - overlap, c["unique_states"].as_u64().unwrap());
        }
        // Each run explored only part of what lies beyond the frontier.
        for r in &runs {
            for (c, w) in r["configurations"]
                .as_array()
                .unwrap()
                .iter()
                .zip(by_name(&one))
            {
                assert!(c["unique_states"].as_u64().unwrap() <= w.1, "{}", w.0);
                assert_eq!(
                    c["acyclic"],
                    Value::Null,
                    "a run alone proves no acyclicity"
                );
            }
        }
        assert_eq!(merged["properties"], one["properties"], "N = {n}");
    }
}

#[test]
fn a_property_broken_in_one_shard_fails_the_merged_result_with_its_counterexample() {
    let args = [
        "--quick",
        "--mode",
        "skirmish",
        "--family",
        "chain",
        "--fault",
        "priority-stays-with-leaver",
    ];
    let d = dir("fault");
    let (one, code) = whole(&args, &d);
    assert_eq!(code, Some(1));
    let (runs, merged, code) = split(&args, 3, &d);
    assert_eq!(code, Some(1), "{merged:#}");
    assert_eq!(merged["verdict"], "failed");
    let failed_in_runs: Vec<bool> = runs
        .iter()
        .map(|r| {
            !r["configurations"][0]["failed"]
                .as_array()
                .unwrap()
                .is_empty()
        })
        .collect();
    assert!(failed_in_runs.iter().any(|&f| f), "some run finds it");
    let m = &merged["configurations"][0];
    let o = &one["configurations"][0];
    assert_eq!(m["failed"], o["failed"]);
    let steps = |c: &Value, p: &str| {
        c["counterexamples"]
            .as_array()
            .unwrap()
            .iter()
            .find(|x| x["property"] == p)
            .map(|x| x["steps"].clone())
    };
    let p = "departed-no-priority";
    assert!(steps(m, p).is_some(), "{m:#}");
    assert_eq!(steps(m, p), steps(o, p), "the same shortest counterexample");
}

/// The merged state graph proves the graph property again, whichever it is in the runs'
/// reports: with invitations unbounded, Magma Chamber's Chain goes around in a cycle
/// (316.2.b.1), and the merge of a split check fails `no-cycles` as the whole check does.
#[test]
fn a_cycle_in_a_split_check_fails_the_merged_graph_property() {
    let args = [
        "--quick",
        "--mode",
        "magma-chamber",
        "--family",
        "chain",
        "--bounds",
        "invites=unbounded,turns=1",
    ];
    let d = dir("cycle");
    let (one, code) = whole(&args, &d);
    assert_eq!(code, Some(1));
    let (_, merged, code) = split(&args, 2, &d);
    assert_eq!(code, Some(1), "{merged:#}");
    let (m, o) = (&merged["configurations"][0], &one["configurations"][0]);
    assert_eq!(m["acyclic"], false, "{m:#}");
    assert_eq!(m["failed"], o["failed"]);
    assert!(
        (m["failed"].as_array().unwrap().iter()).any(|p| p == "no-cycles"),
        "{m:#}"
    );
}

/// A named pipe in `d` (made by `mkfifo`).
fn fifo(d: &std::path::Path) -> PathBuf {
    let f = d.join("fifo");
    let made = Command::new("mkfifo").arg(&f).status().unwrap();
    assert!(made.success());
    f
}

/// A file of 17 MiB of spaces, past the 16 MiB limit.
fn big(d: &std::path::Path) -> PathBuf {
    let f = d.join("big.json");
    std::fs::write(&f, vec![b' '; 17 << 20]).unwrap();
    f
}

#[test]
fn reports_that_are_not_one_split_check_are_refused() {
    let d = dir("refused");
    let args = ["--quick", "--mode", "duel", "--family", "chain"];
    let (runs, _, _) = split(&args, 2, &d);
    assert_eq!(runs.len(), 2);
    let run0 = d.join("run0.json");
    let run1 = d.join("run1.json");
    let whole_file = d.join("whole.json");
    let out = program()
        .args(["check", "--quiet", "--format", "json"])
        .args(args)
        .output()
        .unwrap();
    std::fs::write(&whole_file, &out.stdout).unwrap();
    for (files, says) in [
        (vec![run0.clone()], "missing"),
        (vec![run0.clone(), run0.clone(), run1.clone()], "twice"),
        (vec![run0.clone(), whole_file.clone()], "split check"),
        (vec![d.join("nothing.json")], "nothing.json"),
        // A device or a FIFO is never read (it could be read for ever), nor a file past the
        // scenario reader's limit.
        (vec![PathBuf::from("/dev/zero")], "not a regular file"),
        (vec![fifo(&d)], "not a regular file"),
        (vec![big(&d)], "larger than the limit"),
    ] {
        let out = program().arg("merge").args(&files).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{files:?}: {err}");
        assert!(err.contains(says), "{files:?}: {err}");
    }
    for bad in ["2/2", "1/0", "x", "1-2"] {
        let out = program().args(["check", "--shard", bad]).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "--shard {bad}");
    }
    let out = program()
        .args(["check", "--shard", "0/2", "--shard-weights"])
        .arg(d.join("fifo"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not a regular file"));
    // A run asked another question (other bounds, or a fault), a report whose count is not a
    // count, or fingerprints cut short: not one split check, refused with what differs.
    let other = |extra: &[&str], name: &str| {
        let out = program()
            .args(["check", "--quiet", "--format", "json", "--shard", "1/2"])
            .args(["--shard-depth", "5", "--shard-by", "frontier"])
            .args(args)
            .args(extra)
            .output()
            .unwrap();
        let file = d.join(name);
        std::fs::write(&file, &out.stdout).unwrap();
        file
    };
    let bounds = other(&["--bounds", "turns=1"], "bounds.json");
    let fault = other(&["--fault", "count-passes"], "fault.json");
    let mut report: Value = serde_json::from_str(&std::fs::read_to_string(&run1).unwrap()).unwrap();
    report["configurations"][0]["unique_states"] = serde_json::json!(-5);
    let negative = d.join("negative.json");
    std::fs::write(&negative, report.to_string()).unwrap();
    for (second, says) in [
        (&bounds, "question"),
        // Both rulesets' reports name the fault at the top, which is compared first.
        (&fault, "another --fault"),
        (&negative, "not a count"),
    ] {
        let out = program()
            .arg("merge")
            .arg(&run0)
            .arg(second)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{second:?}: {err}");
        assert!(err.contains(says), "{second:?}: {err}");
    }
    let fp = d.join("fp");
    let cut = std::fs::read_dir(&fp)
        .unwrap()
        .flatten()
        .next()
        .unwrap()
        .path();
    let bytes = std::fs::read(&cut).unwrap();
    std::fs::write(&cut, &bytes[..bytes.len() - 3]).unwrap();
    let out = program()
        .arg("merge")
        .arg(&run0)
        .arg(&run1)
        .arg("--fingerprints")
        .arg(&fp)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cut short"));
}

/// The shell lines of a `- >-` block in a manifest: the command a pod runs.
fn manifest_command(file: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../deploy/kubernetes")
        .join(file);
    let text = std::fs::read_to_string(path).unwrap();
    let block = text.split("- >-\n").nth(1).expect("a folded command");
    block
        .lines()
        .take_while(|l| l.starts_with("              "))
        .map(str::trim)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The Kubernetes Indexed Job's commands, run as its pods would run them (each index in turn,
/// the shared volume a directory, the check narrowed through RIFTCHECK_ARGS): the merge gives
/// the verdict of one whole run.
#[test]
fn the_kubernetes_manifests_commands_split_and_merge_a_check() {
    let d = dir("kubernetes");
    let reports = d.join("reports");
    std::fs::create_dir_all(&reports).unwrap();
    let bin_dir = d.join("bin");
    std::fs::create_dir_all(&bin_dir).unwrap();
    std::os::unix::fs::symlink(env!("CARGO_BIN_EXE_riftcheck"), bin_dir.join("riftcheck")).unwrap();
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let on_volume = |cmd: String| cmd.replace("/reports", &reports.display().to_string());
    let shard = on_volume(manifest_command("check-shards.yaml"));
    assert!(
        shard.contains("--shard \"${JOB_COMPLETION_INDEX}/8\""),
        "{shard}"
    );
    for index in 0..8 {
        let ok = Command::new("sh")
            .args(["-c", &shard])
            .env("PATH", &path)
            .env("JOB_COMPLETION_INDEX", index.to_string())
            .env("RIFTCHECK_ARGS", "--quick --mode skirmish")
            .status()
            .unwrap();
        assert!(ok.success(), "pod {index}");
    }
    let merge = on_volume(manifest_command("merge.yaml"));
    let out = Command::new("sh")
        .args(["-c", &merge])
        .env("PATH", &path)
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    let merged: Value =
        serde_json::from_str(&std::fs::read_to_string(reports.join("merged.json")).unwrap())
            .unwrap();
    let (one, _) = whole(&["--quick", "--mode", "skirmish"], &d);
    assert_eq!(by_name(&merged), by_name(&one));
    assert_eq!(merged["merged"]["runs"], 8);
}

/// The workflow's matrix has one job per shard.
#[test]
fn the_workflow_matrix_runs_every_shard() {
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../.github/workflows/check-shards.yml");
    let text = std::fs::read_to_string(path).unwrap();
    let shards: usize = text
        .lines()
        .find_map(|l| l.trim().strip_prefix("SHARDS: "))
        .and_then(|n| n.trim().parse().ok())
        .expect("SHARDS");
    let matrix = text
        .lines()
        .find_map(|l| l.trim().strip_prefix("index: "))
        .expect("a matrix of indices");
    let expected: Vec<String> = (0..shards).map(|i| i.to_string()).collect();
    assert_eq!(matrix, format!("[{}]", expected.join(", ")));
    assert!(text.contains("--shard ${{ matrix.index }}/$SHARDS"));
    assert!(text.contains("riftcheck merge"));
}

/// A report is printed by `merge`, so one holding an escape sequence (which a terminal would
/// obey) is refused as not riftcheck's, saying which string, and nothing of it is printed.
#[test]
fn merge_refuses_a_report_whose_strings_would_drive_the_terminal() {
    let d = dir("hostile");
    let (runs, _, _) = split_by("configuration", &["--quick", "--mode", "duel"], 2, &d);
    let mut files = Vec::new();
    for (i, mut run) in runs.into_iter().enumerate() {
        let name = format!(
            "\u{1b}[2J{}",
            run["configurations"][0]["name"].as_str().unwrap()
        );
        run["configurations"][0]["name"] = Value::String(name);
        let file = d.join(format!("hostile{i}.json"));
        std::fs::write(&file, run.to_string()).unwrap();
        files.push(file);
    }
    let out = program().arg("merge").args(&files).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("not a report riftcheck wrote: the string \"\\u001B[2J"),
        "{err}"
    );
    assert!(!err.contains('\u{1b}') && out.stdout.is_empty(), "{err}");
}
