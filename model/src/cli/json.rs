//! The JSON documents of `check` and `replay` (`docs/output.md`, schema in
//! `docs/output.schema.json`). Each starts with `schema_version`, the tool and the verdict.

use serde_json::{Value, json};

use super::SCHEMA_VERSION;
use super::results::{self, Replayed, Report};
use riftcheck_checker::files::file_name;
use riftcheck_checker::plug::{Kind, Property, Set};
use riftcheck_checker::proof::{Example, Outcome, Written};

/// The tool that wrote a document.
fn tool() -> Value {
    json!({ "name": "riftcheck", "version": env!("CARGO_PKG_VERSION") })
}

fn kind<P: Property>(p: P) -> &'static str {
    match p.kind() {
        Kind::Always => "always",
        Kind::Sometimes => "sometimes",
        Kind::Graph => "graph",
    }
}

/// What checking one configuration found, as its entry in `configurations` reads it, but for
/// its family, bounds and counterexamples (which need the configuration and the files written):
/// enough for the text report's row as soon as the configuration is checked. Either ruleset's.
pub fn outcome<M: Written>(o: &Outcome<M>) -> Value {
    json!({
        "name": o.name,
        "states": o.states,
        "unique_states": o.unique,
        "depth": o.depth,
        "seconds": o.seconds,
        "states_per_second": o.rate(),
        "complete": !o.incomplete(),
        "cut": o.stopped.iter().map(|s| json!({
            "search": s.search.name(),
            "limit": s.by.key(),
            "covered_states": s.covered,
        })).collect::<Vec<_>>(),
        "acyclic": o.acyclic,
        "failed": o.failed.iter().map(|p| p.id()).collect::<Vec<_>>(),
        "seen": M::Prop::ALL
            .iter()
            .filter(|p| p.kind() == Kind::Sometimes && o.seen.contains(**p))
            .map(|p| p.id())
            .collect::<Vec<_>>(),
        "coverage": o.coverage.as_ref().map(|c| {
            riftcheck_checker::coverage::per_rule::<M>(c, o.states.saturating_sub(1) as u64)
                .iter()
                .zip(M::RULES)
                .filter(|(n, _)| n.total() > 0)
                .map(|(n, rule)| (rule.to_string(), json!(n.total())))
                .collect::<serde_json::Map<String, Value>>()
        }),
        "shard_part": o.shard.as_ref().map(|s| json!({
            "nodes": s.nodes,
            "frontier": s.frontier,
            "seeds": s.seeds,
            "edges": s.edges.iter().map(|&(a, b)| [a, b]).collect::<Vec<_>>(),
        })),
    })
}

/// Every property of a ruleset by its id and name, for the rows printed before the report is
/// whole.
pub fn property_names<P: Property>() -> Vec<Value> {
    (P::ALL.iter())
        .map(|p| json!({ "id": p.id(), "name": p.name() }))
        .collect()
}

/// `check --format json`, either ruleset's.
pub fn check<M: Written>(r: &Report<'_, M>) -> Value {
    let configurations: Vec<Value> = r
        .entries
        .iter()
        .zip(r.outcomes)
        .map(|(e, o)| {
            let counterexamples: Vec<Value> = o
                .counterexamples
                .iter()
                .map(|c| {
                    let file = (r.chosen.iter().zip(r.written))
                        .find(|(k, _)| std::ptr::eq(k.chosen, c))
                        .map(|(_, p)| p.display().to_string());
                    let p = c.property();
                    json!({
                        "property": p.id(),
                        "property_name": p.name(),
                        "rule": c.rule(),
                        "steps": c.steps(),
                        "expected": c.expected(),
                        "found": c.found(),
                        "rulebook": c.rulebook(),
                        "file": file,
                    })
                })
                .collect();
            let mut entry = outcome(o);
            entry["family"] = json!(e.family);
            entry["bounds"] = e.bounds.clone();
            entry["counterexamples"] = json!(counterexamples);
            entry
        })
        .collect();
    let seen = r
        .outcomes
        .iter()
        .fold(Set::EMPTY, |a: Set<M::Prop>, o| a.union(o.seen));
    let properties: Vec<Value> = M::Prop::ALL
        .iter()
        .map(|&p| {
            let failed_in: Vec<&str> = r
                .outcomes
                .iter()
                .filter(|o| o.failed.contains(&p))
                .map(|o| o.name.as_str())
                .collect();
            let holds = match p.kind() {
                Kind::Sometimes => seen.contains(p),
                _ => failed_in.is_empty(),
            };
            json!({
                "id": p.id(),
                "name": p.name(),
                "rule": p.rule(),
                "kind": kind(p),
                "holds": holds,
                "failed_in": failed_in,
                "companion": p.companion().map(Property::id),
            })
        })
        .collect();
    let files: Vec<Value> = (r.chosen.iter().zip(r.written))
        .map(|(k, path)| {
            let id = k.chosen.property().id();
            json!({
                "file": path.display().to_string(),
                "name": file_name(k.family, &id),
                "property": id,
                "configuration": k.config,
                "also_in": k.also_in,
            })
        })
        .collect();
    json!({
        "schema_version": SCHEMA_VERSION,
        "tool": tool(),
        "command": "check",
        "ruleset": r.ruleset,
        "fault": r.fault,
        "verdict": r.verdict(),
        "exit_status": r.exit_status(),
        "shard": r.shard.as_ref().map(|s| json!({
            "index": s.index,
            "count": s.count,
            "depth": s.depth,
            "by": s.by.key(),
            "of": s.of,
            "configurations": s.all,
        })),
        "limits": {
            "max_states": r.limits.max_states,
            "timeout_seconds": r.limits.timeout.map(|t| t.as_secs_f64()),
            "max_memory_bytes": r.limits.max_memory,
        },
        "configurations": configurations,
        "properties": properties,
        "counterexample_files": files,
        "counterexamples_not_written": r.not_written(),
        "coverage": riftcheck_checker::proof::coverage(r.outcomes).map(|c| coverage(&c)),
    })
}

/// Rule coverage as JSON, for either ruleset.
pub fn coverage(c: &riftcheck_checker::coverage::Coverage) -> Value {
    let rules: Vec<Value> = c
        .rows()
        .map(|(rule, n, confs)| {
            json!({
                "rule": rule,
                "transitions": n.total(),
                "events": n.events,
                "refusals": n.refusals,
                "shown": n.shown,
                "judged": n.judged,
                "exercised": n.exercised(),
                "configurations": confs,
            })
        })
        .collect();
    json!({ "rules": rules, "never_exercised": c.never_exercised() })
}

/// `replay --format json`.
pub fn replay(r: &Replayed) -> Value {
    let scenarios: Vec<Value> = r
        .files
        .iter()
        .map(|f| {
            json!({
                "file": f.path.display().to_string(),
                "title": f.title,
                "result": f.result.word(),
                "failure": f.failure.as_ref().map(|x| json!({
                    "line": x.line,
                    "column": x.column,
                    "after_step": x.after,
                    "what": x.what,
                    "expected": x.expected,
                    "found": x.found,
                })),
                "error": f.error,
            })
        })
        .collect();
    json!({
        "schema_version": SCHEMA_VERSION,
        "tool": tool(),
        "command": "replay",
        "verdict": r.verdict(),
        "exit_status": r.exit_status(),
        "passed": r.count(results::Result::Passed),
        "failed": r.count(results::Result::Failed),
        "unreadable": r.count(results::Result::Unreadable),
        "scenarios": scenarios,
    })
}
