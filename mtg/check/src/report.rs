//! The reports of `riftcheck check --ruleset mtg`: each violation written out as a scenario
//! file and a rulebook example ([`Violation`]), and the check's JSON document made of them, in
//! the shape of Riftbound's (`check` in `docs/output.schema.json`), from which the command line
//! writes the text and JUnit reports of both rulesets.

use riftcheck::Engine;
use riftcheck::mtg::scenario::MtgScenario;
use riftcheck::mtg::scenario::write::{Heading, written};
use riftcheck::mtg::spec::MtgSpec;
use riftcheck::mtg::{Action, Mtg, MtgFault, MtgGame, MtgSetup};
use riftcheck::protocol::mtg::{first_difference, observation_json};
use riftcheck_checker::files::{Choice, file_name};
use riftcheck_checker::proof::Written;
use riftcheck_checker::search::Limits;
use riftcheck_core::Property as _;

use super::MtgModel;
use super::configs::MtgConfig;
use super::properties::MtgProp;
use super::search::{MtgOutcome, replay_path};

/// A violation of MTG's as the check reports it: the property, the shortest path, and the path
/// written out.
#[derive(Clone, Debug)]
pub struct MtgCounterexample {
    /// The property violated.
    pub property: MtgProp,
    /// The actions from the start, the last one showing the violation.
    pub path: Vec<Action>,
    /// The path written out.
    pub written: Violation,
}

/// MTG writes a violation as a scenario file of its own format and the rulebook example it
/// reads as ([`Violation`]); it draws no picture.
impl<E: Engine<Mtg>, S: Engine<Mtg>> Written for MtgModel<E, S> {
    type Counterexample = MtgCounterexample;

    fn counterexample(
        &self,
        prop: MtgProp,
        path: Vec<Action>,
        _cycle_from: Option<usize>,
    ) -> MtgCounterexample {
        let config = MtgConfig {
            name: self.name.clone(),
            family: "",
            setup: self.setup.clone(),
            concessions: self.concessions,
        };
        MtgCounterexample {
            property: prop,
            written: Violation::of(&config, prop, self.fault, &path),
            path,
        }
    }

    fn found(c: &MtgCounterexample) -> (MtgProp, &[Action]) {
        (c.property, &c.path)
    }
}

/// A violation written out: the scenario file that replays it, its steps as that file words
/// them (objects by name), the rulebook example it reads as, and what was found at its end.
#[derive(Clone, Debug)]
pub struct Violation {
    /// The property violated.
    pub property: MtgProp,
    /// The scenario file's text.
    pub file: String,
    /// The steps, as sentences.
    pub steps: Vec<String>,
    /// The scenario read back as a rulebook example.
    pub rulebook: String,
    /// What broke: for the engine and the spec disagreeing, each field where they differ.
    pub found: String,
}

impl Violation {
    /// The violation of `property` that `path` reaches in configuration `c`, the engine
    /// committing `fault`.
    pub fn of(c: &MtgConfig, property: MtgProp, fault: Option<MtgFault>, path: &[Action]) -> Self {
        let file = scenario(&c.name, &c.setup, property, fault, path);
        let read = MtgScenario::parse(&file, None).ok();
        // Played on the engine that was checked: its expectations are what the spec shows.
        let replay = read
            .as_ref()
            .map(|s| fault.map_or_else(|| s.replay(), |f| s.replay_with_fault(f)));
        let unmet: Vec<String> = (replay.iter().flat_map(|r| &r.failures))
            .map(|f| format!("{}: expected {}, found {}", f.key, f.expected, f.actual))
            .collect();
        let found = if property == MtgProp::Agree {
            match MtgModel::<MtgGame, MtgSpec>::new(c.setup.clone(), c.concessions, fault) {
                Ok(model) => disagreement(&model, path),
                Err(e) => format!("the setup cannot be played: {e}"),
            }
        } else if unmet.is_empty() {
            format!("violated after {} steps", path.len())
        } else {
            unmet.join("; ")
        };
        Violation {
            property,
            steps: read.as_ref().map_or_else(
                || path.iter().map(ToString::to_string).collect(),
                |s| s.step_text.clone(),
            ),
            // Closed as Riftbound's are: by what was expected, under which rule, and found.
            rulebook: (read.as_ref().zip(replay.as_ref()))
                .map(|(s, r)| s.render_replay(r))
                .unwrap_or_default()
                + &format!(
                    "Expected by rule {}: {}; found: {found}.\n",
                    property.rule(),
                    property.name()
                ),
            file,
            found,
        }
    }
}

/// The scenario file of a violation of `prop` found in configuration `config` (its `setup`) by
/// `path`, the engine committing `fault`.
pub fn scenario(
    config: &str,
    setup: &MtgSetup,
    prop: MtgProp,
    fault: Option<MtgFault>,
    path: &[Action],
) -> String {
    written(&heading(config, prop, fault), setup, path)
}

/// How such a file titles itself: the configuration and the property, the property's rules, and
/// the fault the engine committed.
fn heading(config: &str, prop: MtgProp, fault: Option<MtgFault>) -> Heading {
    let text = prop.text().replace('"', "'");
    let under = fault.map_or(String::new(), |f| {
        format!(
            " It was found with the engine committing the fault {} ({}).",
            f.key(),
            f.rule()
        )
    });
    Heading {
        title: format!("{config}: {text}"),
        // A property that cites no rule (the engine and the spec agree) lists none.
        rules: if prop.text().contains(" (") {
            prop.rule().split(", ").map(str::to_string).collect()
        } else {
            Vec::new()
        },
        description: format!(
            "A shortest path the checker found to a violation of: {text}.{under} The \
             expectations are what the MTG spec shows at the end."
        ),
    }
}

/// The JSON report of `results` (`check --ruleset mtg --format json`), in the shape of
/// Riftbound's (`check` in `docs/output.schema.json`): each configuration with its counts, its
/// cut, the properties it failed and each one's shortest counterexample (with its scenario file
/// among `written`, if one was written), then every property with where it failed.
pub fn json(
    configs: &[MtgConfig],
    results: &[MtgOutcome],
    fault: Option<MtgFault>,
    limits: &Limits,
    written: &[std::path::PathBuf],
) -> serde_json::Value {
    use serde_json::json;
    let chosen = choose(configs, results);
    let file_of = |c: &MtgConfig, p: MtgProp| {
        (chosen.iter().zip(written))
            .find(|(k, _)| k.config == c.name && k.chosen.0 == p)
            .map(|(_, w)| w.display().to_string())
    };
    let failed_in = |p: MtgProp| -> Vec<&str> {
        (results.iter())
            .filter(|r| r.failed.contains(&p))
            .map(|r| r.name.as_str())
            .collect()
    };
    let configurations: Vec<serde_json::Value> = (configs.iter().zip(results))
        .map(|(c, r)| {
            let seconds = r.seconds;
            let counterexamples: Vec<serde_json::Value> = (r.counterexamples.iter())
                .map(|x| {
                    let (p, v) = (x.property, &x.written);
                    json!({
                        "property": p.id(),
                        "property_name": p.name(),
                        "rule": p.rule(),
                        "steps": v.steps,
                        "expected": p.name(),
                        "found": v.found,
                        "rulebook": v.rulebook,
                        "file": file_of(c, p),
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
                "complete": !r.incomplete(),
                "cut": r.stopped.iter().map(|s| json!({
                    "search": s.search.name(), "limit": s.by.key(), "covered_states": s.covered,
                })).collect::<Vec<_>>(),
                "acyclic": r.acyclic,
                "failed": r.failed.iter().map(|p| p.id()).collect::<Vec<_>>(),
                "counterexamples": counterexamples,
                "seen": [],
                "coverage": r.coverage.as_ref().map(|c| {
                    riftcheck_checker::coverage::per_rule::<MtgModel>(c, r.states.saturating_sub(1) as u64)
                        .iter()
                        .zip(super::coverage::RULES)
                        .filter(|(n, _)| n.total() > 0)
                        .map(|(n, rule)| (rule.to_string(), json!(n.total())))
                        .collect::<serde_json::Map<_, _>>()
                }),
                "shard_part": r.shard.as_ref().map(|p| json!({
                    "nodes": p.nodes, "frontier": p.frontier, "seeds": p.seeds,
                    "edges": p.edges.iter().map(|(a, b)| [a, b]).collect::<Vec<_>>(),
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
    let files: Vec<serde_json::Value> = (chosen.iter().zip(written))
        .map(|(k, w)| {
            json!({
                "file": w.display().to_string(), "name": file_name(k.family, &k.chosen.0.id()),
                "property": k.chosen.0.id(), "configuration": k.config, "also_in": k.also_in,
            })
        })
        .collect();
    let found: usize = results.iter().map(|r| r.counterexamples.len()).sum();
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
        "counterexamples_not_written": found - chosen.len(),
    })
}

/// Per family and property, the shortest violation found ([`riftcheck_checker::files::choose`]):
/// the property, its path and the configuration it was found in.
pub fn choose<'a>(
    configs: &'a [MtgConfig],
    results: &'a [MtgOutcome],
) -> Vec<Choice<'a, (MtgProp, &'a [Action], &'a MtgConfig)>> {
    let found = (configs.iter().zip(results)).flat_map(|(c, r)| {
        (r.counterexamples.iter()).map(move |x| {
            let (p, path) = (x.property, &x.path);
            (
                c.family,
                c.name.as_str(),
                p,
                path.len(),
                (p, path.as_slice(), c),
            )
        })
    });
    riftcheck_checker::files::choose(found)
}

/// 0 every property holds, 1 one failed, 3 a search was cut short.
pub fn exit_status(results: &[MtgOutcome]) -> u8 {
    if results.iter().any(|r| !r.failed.is_empty()) {
        1
    } else if results.iter().any(|r| !r.stopped.is_empty()) {
        3
    } else {
        0
    }
}

/// Each violation [`choose`] keeps as a file to write: its scenario (MTG's draw no picture).
pub fn counterexample_files<'a>(
    configs: &'a [MtgConfig],
    results: &'a [MtgOutcome],
    fault: Option<MtgFault>,
) -> Vec<riftcheck_checker::files::CounterexampleFile<'a>> {
    choose(configs, results)
        .into_iter()
        .map(|k| {
            let (p, path, c) = k.chosen;
            riftcheck_checker::files::CounterexampleFile {
                family: k.family,
                property: p.id(),
                scenario: scenario(&c.name, &c.setup, p, fault, path),
                picture: None,
            }
        })
        .collect()
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
