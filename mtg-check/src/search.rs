//! `riftcheck check --ruleset mtg`: every built-in MTG configuration searched breadth-first to
//! the end (the state space is finite: the turns and concessions are bounded), every property
//! judged on every step, and a shortest path to each violation.

use std::hash::{Hash, Hasher};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use riftcheck::Engine;
use riftcheck::mtg::spec::MtgSpec;
use riftcheck::mtg::{Action, Mtg, MtgFault, MtgGame, MtgSetupErrors};
use riftcheck::protocol::mtg::{first_difference, observation_json};
use riftcheck_checker::panics::guarded;
use riftcheck_checker::search::bfs::{self, Graph, Part, Until};
use riftcheck_checker::search::{Budget, Cut, Limits, Shard};
use stateright::Model;

use super::configs::MtgConfig;
use super::coverage;
use super::properties::MtgProp;
use super::{MtgModel, MtgState};

/// The result of one configuration.
#[derive(Clone, Debug)]
pub struct MtgResult {
    /// The configuration's name.
    pub name: String,
    /// Distinct states.
    pub unique: usize,
    /// States generated, repeats included.
    pub states: usize,
    /// The longest shortest path, in states.
    pub depth: usize,
    /// How long it took.
    pub time: Duration,
    /// Each violated property with a shortest path to it.
    pub violations: Vec<(MtgProp, Vec<Action>)>,
    /// The limit that stopped the search before the end, if one did.
    pub cut: Option<Cut>,
    /// The rules its transitions exercised, with `--coverage`.
    pub coverage: Option<coverage::Cited>,
    /// Split at a frontier: what this run shares with the others ([`Part`]).
    pub split: Option<Part>,
    /// Every distinct state's fingerprint, ascending, when asked for.
    pub fingerprints: Option<Vec<u64>>,
}

/// How each configuration is searched: its limits, whether the rules exercised are counted,
/// this run's part of a search split at a frontier, and whether the fingerprints are kept.
#[derive(Clone, Copy, Debug, Default)]
pub struct How {
    /// What the search may spend.
    pub limits: Limits,
    /// Count the rules the transitions exercise.
    pub coverage: bool,
    /// This run's part of a split search (the salt is each configuration's own, from its name).
    pub shard: Option<Shard>,
    /// Keep every distinct state's fingerprint.
    pub fingerprints: bool,
}

impl From<(Limits, bool)> for How {
    fn from((limits, coverage): (Limits, bool)) -> How {
        How {
            limits,
            coverage,
            ..How::default()
        }
    }
}

/// The MTG model from its first state, as a graph for the breadth-first search and the random
/// walks both rulesets share ([`riftcheck_checker::search::bfs`], `simulate`).
pub struct Walk<'m, E: Engine<Mtg>, S: Engine<Mtg>> {
    model: &'m MtgModel<E, S>,
    first: MtgState<E, S>,
    /// The rules exercised so far, when coverage is counted.
    cited: Option<std::cell::RefCell<coverage::Cited>>,
}

impl<'m, E: Engine<Mtg>, S: Engine<Mtg>> Walk<'m, E, S> {
    /// The graph of `model`, counting the rules exercised if `coverage`; or why its setup cannot
    /// be played.
    ///
    /// # Errors
    ///
    /// The setup's problems.
    pub fn of(model: &'m MtgModel<E, S>, coverage: bool) -> Result<Self, MtgSetupErrors> {
        Ok(Walk {
            first: model.first()?,
            model,
            cited: coverage.then(std::cell::RefCell::default),
        })
    }
}

impl<E: Engine<Mtg>, S: Engine<Mtg>> Graph for Walk<'_, E, S> {
    type State = MtgState<E, S>;
    type Action = Action;
    type Prop = MtgProp;

    fn first(&self) -> MtgState<E, S> {
        self.first.clone()
    }

    fn next(&self, state: &MtgState<E, S>, out: &mut Vec<(Action, MtgState<E, S>)>) {
        let mut actions = Vec::new();
        self.model.actions(state, &mut actions);
        for a in actions {
            let next = self.model.take(state, a);
            if let Some(cited) = &self.cited {
                // Counting asks the engine again: a panic there is the step's, found already.
                let _ =
                    guarded(|| coverage::count(&mut cited.borrow_mut(), state, a, next.as_ref()));
            }
            out.extend(next.map(|n| (a, n)));
        }
    }

    fn fingerprint(&self, state: &MtgState<E, S>) -> u64 {
        let mut h = std::hash::DefaultHasher::new();
        state.hash(&mut h);
        h.finish()
    }

    fn breaks(&self, state: &MtgState<E, S>, prop: MtgProp) -> bool {
        state.ghost.violated & prop.bit() != 0
    }
}

/// Checks `model` to the end (or until a limit of `limits` cuts it): the breadth-first search
/// both rulesets share, which keeps the first path to each violated property, so that it is a
/// shortest one (a state that violates a property is not explored further). Deterministic:
/// actions are taken in the order the engines list them.
pub fn check_one<E: Engine<Mtg>, S: Engine<Mtg>>(
    name: &str,
    model: MtgModel<E, S>,
    how: impl Into<How>,
) -> MtgResult {
    let start = Instant::now();
    let how: How = how.into();
    let walk = Walk::of(&model, how.coverage);
    let shard = how.shard.map(|s| Shard {
        salt: Shard::salt_of(name),
        ..s
    });
    let owns = |fp: u64| shard.is_none_or(|s| s.owns(fp));
    let options = bfs::Options {
        frontier: shard.map(|s| bfs::Frontier {
            depth: s.depth,
            owns: &owns,
        }),
        keep_fingerprints: how.fingerprints,
    };
    let budget = Budget::start(how.limits);
    let found = match &walk {
        Ok(w) => bfs::search(w, &MtgProp::ALL, Until::Whole, &budget, options),
        // A setup the engines cannot both start is a disagreement at the start.
        Err(_) => bfs::Found::nothing(vec![(MtgProp::Agree, Vec::new())]),
    };
    let mut result = MtgResult {
        name: name.to_owned(),
        unique: found.unique,
        states: found.generated,
        depth: found.depth,
        time: Duration::ZERO,
        violations: found.paths,
        cut: found.cut.map(|(by, _)| by),
        coverage: walk
            .ok()
            .and_then(|w| w.cited)
            .map(std::cell::RefCell::into_inner),
        split: found.split,
        fingerprints: found.fingerprints,
    };
    result.violations.sort_by_key(|(p, _)| *p);
    result.time = start.elapsed();
    result
}

/// The states of `model`'s graph down to depth `depth` (the first state is depth 1), the
/// frontier's included: what every run of a check split at that depth shares, and a
/// configuration's weight when configurations are dealt whole with no report of their sizes.
pub fn prefix_size<E: Engine<Mtg>, S: Engine<Mtg>>(model: &MtgModel<E, S>, depth: usize) -> usize {
    let Ok(walk) = Walk::of(model, false) else {
        return 0;
    };
    let none = |_: u64| false;
    let options = bfs::Options {
        frontier: Some(bfs::Frontier { depth, owns: &none }),
        keep_fingerprints: false,
    };
    let found = bfs::search(&walk, &[], Until::Whole, &Budget::unlimited(), options);
    found.split.map_or(0, |p| p.prefix)
}

/// Checks every configuration of `configs`, `threads` at a time, the engine committing `fault`.
/// The results are in the order of `configs`, whatever the threads.
pub fn check_all(
    configs: &[MtgConfig],
    fault: Option<MtgFault>,
    threads: usize,
    how: impl Into<How>,
) -> Vec<MtgResult> {
    let how: How = how.into();
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<MtgResult>>> = Mutex::new(vec![None; configs.len()]);
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1).min(configs.len().max(1)) {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(c) = configs.get(i) else { return };
                    let model =
                        MtgModel::<MtgGame, MtgSpec>::new(c.setup.clone(), c.concessions, fault);
                    let r = check_one(&c.name, model, how);
                    results.lock().unwrap_or_else(|e| e.into_inner())[i] = Some(r);
                }
            });
        }
    });
    results
        .into_inner()
        .unwrap_or_else(|e| e.into_inner())
        .into_iter()
        .flatten()
        .collect()
}

/// The final state of `actions` from the model's first state, each step's view included.
pub fn replay_path<E: Engine<Mtg>, S: Engine<Mtg>>(
    model: &MtgModel<E, S>,
    actions: &[Action],
) -> Option<Vec<MtgState<E, S>>> {
    let mut state = model.first().ok()?;
    let mut out = vec![state.clone()];
    for &a in actions {
        state = model.take(&state, a)?;
        out.push(state.clone());
    }
    Some(out)
}

/// The text report of `results`.
pub fn text(results: &[MtgResult], fault: Option<MtgFault>) -> String {
    use std::fmt::Write as _;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "riftcheck check --ruleset mtg: {} configuration(s){}; properties hold unless marked\n",
        results.len(),
        fault.map_or(String::new(), |f| format!(
            ", the engine committing {}",
            f.key()
        ))
    );
    // The first column fits the longest name (a scenario file's path may be long).
    let w = results
        .iter()
        .map(|r| r.name.len())
        .max()
        .unwrap_or(0)
        .max(22);
    let _ = writeln!(
        out,
        "{:<w$} {:>10} {:>10} {:>6} {:>8}  result",
        "configuration", "states", "unique", "depth", "time"
    );
    let mut total = (0, Duration::ZERO);
    for r in results {
        total.0 += r.unique;
        total.1 += r.time;
        let verdict = if r.violations.is_empty() {
            match r.cut {
                Some(by) => format!("cut short by {}", by.option()),
                None => "all properties hold".to_owned(),
            }
        } else {
            format!("{} violated", r.violations.len())
        };
        let _ = writeln!(
            out,
            "{:<w$} {:>10} {:>10} {:>6} {:>7.2}s  {verdict}",
            r.name,
            r.states,
            r.unique,
            r.depth,
            r.time.as_secs_f64()
        );
    }
    let _ = writeln!(
        out,
        "{:<w$} {:>10} {:>10} {:>6} {:>7.2}s\n",
        "total",
        "",
        total.0,
        "",
        total.1.as_secs_f64()
    );
    let _ = writeln!(out, "properties (checked in every configuration):");
    for p in MtgProp::ALL {
        let failed: Vec<&MtgResult> = results
            .iter()
            .filter(|r| r.violations.iter().any(|(q, _)| *q == p))
            .collect();
        let mark = if failed.is_empty() { "ok  " } else { "FAIL" };
        let _ = writeln!(out, "  {mark} {}", p.text());
        if let Some(r) = failed.first()
            && let Some((_, path)) = r.violations.iter().find(|(q, _)| *q == p)
        {
            let steps: Vec<String> = path.iter().map(ToString::to_string).collect();
            let _ = writeln!(
                out,
                "       shortest counterexample in {} ({} steps): {}",
                r.name,
                path.len(),
                steps.join("; ")
            );
            if p == MtgProp::Agree
                && let Some(c) = super::configs::named(&r.name)
            {
                let model = MtgModel::<MtgGame, MtgSpec>::new(c.setup, c.concessions, fault);
                let _ = writeln!(out, "       {}", disagreement(&model, path));
            }
        }
    }
    out
}

/// The JSON report of `results` (`check --ruleset mtg --format json`), in the shape of
/// Riftbound's (`check` in `docs/output.schema.json`): each configuration with its counts, its
/// cut, the properties it failed and each one's shortest counterexample (with its scenario file
/// among `written`, if one was written), then every property with where it failed.
pub fn json(
    configs: &[MtgConfig],
    results: &[MtgResult],
    fault: Option<MtgFault>,
    limits: &Limits,
    written: &[std::path::PathBuf],
) -> serde_json::Value {
    use serde_json::json;
    let file_of = |c: &MtgConfig, p: MtgProp| {
        let name = counterexample_file(&c.name, p);
        written
            .iter()
            .find(|w| w.file_name().is_some_and(|f| *f == *name))
            .map(|w| w.display().to_string())
    };
    let failed_in = |p: MtgProp| -> Vec<&str> {
        (results.iter())
            .filter(|r| r.violations.iter().any(|(q, _)| *q == p))
            .map(|r| r.name.as_str())
            .collect()
    };
    let configurations: Vec<serde_json::Value> = configs
        .iter()
        .zip(results)
        .map(|(c, r)| {
            let seconds = r.time.as_secs_f64();
            let counterexamples: Vec<serde_json::Value> = (r.violations.iter())
                .map(|(p, path)| {
                    let text = super::counterexample::scenario(&c.name, &c.setup, *p, fault, path);
                    let rulebook = riftcheck::mtg::scenario::MtgScenario::parse(&text, None)
                        .map(|s| s.render())
                        .unwrap_or_default();
                    let found = if *p == MtgProp::Agree {
                        let model = MtgModel::<MtgGame, MtgSpec>::new(
                            c.setup.clone(),
                            c.concessions,
                            fault,
                        );
                        disagreement(&model, path)
                    } else {
                        format!("violated after {} steps", path.len())
                    };
                    json!({
                        "property": p.id(),
                        "property_name": p.name(),
                        "rule": p.rule(),
                        "steps": path.iter().map(ToString::to_string).collect::<Vec<_>>(),
                        "expected": p.name(),
                        "found": found,
                        "rulebook": rulebook,
                        "file": file_of(c, *p),
                    })
                })
                .collect();
            json!({
                "name": r.name,
                "family": c.family,
                "bounds": { "turns": c.setup.turns, "concessions": c.concessions, "invites": null },
                "states": r.states,
                "unique_states": r.unique,
                "depth": r.depth,
                "seconds": seconds,
                "states_per_second": if seconds > 0.0 { r.unique as f64 / seconds } else { 0.0 },
                "complete": r.cut.is_none(),
                "cut": r.cut.map(|by| json!({
                    "search": "exploration", "limit": by.key(), "covered_states": r.unique,
                })).into_iter().collect::<Vec<_>>(),
                "acyclic": null,
                "failed": r.violations.iter().map(|(p, _)| p.id()).collect::<Vec<_>>(),
                "counterexamples": counterexamples,
                "seen": [],
                "coverage": r.coverage.as_ref().map(|c| (c.iter())
                    .map(|(rule, [events, refusals])| (rule.to_string(), json!(events + refusals)))
                    .collect::<serde_json::Map<_, _>>()),
                "shard_part": r.split.map(|p| json!({
                    "nodes": p.prefix, "frontier": p.frontier, "seeds": p.seeds, "edges": [],
                })),
            })
        })
        .collect();
    let properties: Vec<serde_json::Value> = (MtgProp::ALL.iter())
        .map(|&p| {
            json!({
                "id": p.id(), "name": p.name(), "rule": p.rule(), "kind": "always",
                "holds": failed_in(p).is_empty(), "failed_in": failed_in(p), "companion": null,
            })
        })
        .collect();
    // Each property's file is written for the first configuration that failed it.
    let files: Vec<serde_json::Value> = (MtgProp::ALL.iter())
        .filter_map(|&p| {
            let confs = failed_in(p);
            let first = configs
                .iter()
                .find(|c| confs.first() == Some(&c.name.as_str()))?;
            Some(json!({
                "file": file_of(first, p)?, "name": counterexample_file(&first.name, p),
                "property": p.id(), "configuration": first.name, "also_in": &confs[1..],
            }))
        })
        .collect();
    let status = exit_status(results);
    json!({
        "schema_version": 2,
        "tool": { "name": "riftcheck", "version": env!("CARGO_PKG_VERSION") },
        "command": "check",
        "ruleset": "mtg",
        "fault": fault.map(MtgFault::key),
        "verdict": match status { 1 => "failed", 3 => "incomplete", _ => "passed" },
        "exit_status": status,
        "limits": {
            "max_states": limits.max_states,
            "timeout_seconds": limits.timeout.map(|t| t.as_secs_f64()),
            "max_memory_bytes": limits.max_memory,
        },
        "configurations": configurations,
        "properties": properties,
        "counterexample_files": files,
        "counterexamples_not_written": 0,
    })
}

/// The file name of the counterexample to `p` found in configuration `config`.
pub fn counterexample_file(config: &str, p: MtgProp) -> String {
    format!("{}-{}.toml", config.replace('/', "_"), p.id())
}

/// 0 every property holds, 1 one failed, 3 a search was cut short.
pub fn exit_status(results: &[MtgResult]) -> u8 {
    if results.iter().any(|r| !r.violations.is_empty()) {
        1
    } else if results.iter().any(|r| r.cut.is_some()) {
        3
    } else {
        0
    }
}

/// Writes a scenario file under `out` for the first violation of each property (in
/// configuration order); the files written.
///
/// # Errors
///
/// The directory or a file cannot be written.
pub fn write_counterexamples(
    configs: &[MtgConfig],
    results: &[MtgResult],
    fault: Option<MtgFault>,
    out: &std::path::Path,
) -> Result<Vec<std::path::PathBuf>, String> {
    let mut written = Vec::new();
    let mut done = Vec::new();
    for (c, r) in configs.iter().zip(results) {
        for (p, path) in &r.violations {
            if done.contains(p) {
                continue;
            }
            done.push(*p);
            let text = super::counterexample::scenario(&c.name, &c.setup, *p, fault, path);
            std::fs::create_dir_all(out).map_err(|e| format!("{}: {e}", out.display()))?;
            let file = out.join(counterexample_file(&c.name, *p));
            std::fs::write(&file, text).map_err(|e| format!("{}: {e}", file.display()))?;
            written.push(file);
        }
    }
    Ok(written)
}

/// JUnit XML, through the writer every `--format junit` shares: a test suite per configuration
/// with a test case per property; a violation fails its case with the counterexample's
/// scenario file, and a property that held on a search a limit cut is skipped, saying so.
pub fn junit(configs: &[MtgConfig], results: &[MtgResult], fault: Option<MtgFault>) -> String {
    use riftcheck_checker::junit::{Case, End, Suite, document};
    let suites: Vec<Suite> = configs
        .iter()
        .zip(results)
        .map(|(c, r)| {
            let end = |p: MtgProp| match r.violations.iter().find(|(q, _)| *q == p) {
                Some((_, path)) => End::Failed {
                    message: format!("{} fails after {} steps", p.text(), path.len()),
                    kind: Some(p.id()),
                    body: super::counterexample::scenario(&c.name, &c.setup, p, fault, path),
                },
                None => match r.cut {
                    Some(by) => End::Skipped(format!(
                        "held on the {} states covered before {} cut the search",
                        r.unique,
                        by.option()
                    )),
                    None => End::Passed,
                },
            };
            Suite {
                name: r.name.clone(),
                seconds: Some(r.time.as_secs_f64()),
                cases: MtgProp::ALL
                    .iter()
                    .map(|&p| Case {
                        class: r.name.clone(),
                        name: format!("{} [{}]", p.text(), p.id()),
                        seconds: Some(0.0),
                        end: end(p),
                    })
                    .collect(),
            }
        })
        .collect();
    document("riftcheck check --ruleset mtg", &suites)
}

/// What the engine and the spec disagree on at the end of `path`: each field of the observation
/// (or of the step's events) where they differ, or which of them refused the last action.
pub fn disagreement<E: Engine<Mtg>, S: Engine<Mtg>>(
    model: &MtgModel<E, S>,
    path: &[Action],
) -> String {
    let Some((&last, before)) = path.split_last() else {
        return "they start differently".to_owned();
    };
    let Some(state) = replay_path(model, before).and_then(|mut s| s.pop()) else {
        return "the path does not replay".to_owned();
    };
    let (mut engine, mut spec) = (state.pair.engine.clone(), state.pair.spec.clone());
    let (ours, theirs) = (
        riftcheck::engine::step(&mut engine, last),
        riftcheck::engine::step(&mut spec, last),
    );
    match (ours, theirs) {
        (Ok(a), Ok(b)) => {
            let (a, b) = (observation_json(&a), observation_json(&b));
            let fields = a.as_object().into_iter().flatten();
            let shown = fields.filter_map(|(k, v)| first_difference(k.clone(), v, &b[k]));
            shown
                .map(|(at, x, y)| format!("{at}: the engine shows {x}, the spec {y}"))
                .collect::<Vec<_>>()
                .join("\n         ")
        }
        (Ok(_), Err(e)) => format!("after `{last}` the spec refuses it ({e}); the engine takes it"),
        (Err(e), Ok(_)) => format!("after `{last}` the engine refuses it ({e}); the spec takes it"),
        (Err(_), Err(_)) => format!("both refuse `{last}`"),
    }
}
