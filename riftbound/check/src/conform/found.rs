//! A Riftbound divergence as its readers take it: a rulebook example ("Expected by rule X: ...;
//! found: ...") and a scenario file of Riftbound's format, its expectations the spec's, that
//! replays it on the engine.

use std::fmt::Write;

use riftcheck::observation::Value;
use riftcheck::protocol::compare::{Divergence, View};
use riftcheck::scenario::{Expect, Outcome, SUMMARY, Scenario, SourceMap, Step, render_example};
use riftcheck::{Action, Engine, Observation};

use super::table::Table;
use riftcheck_conform::Found;
use riftcheck_conform::found::verdict_lines;

/// The spec's expectations after `path`, for a scenario: the summary, and every field that
/// differs (of cards and battlefields, the entries that differ), of those the engine exposes.
fn expectations(table: &Table, path: &[Action], d: &Divergence, view: &View) -> Expect {
    let cat = &table.catalog;
    let spec: Observation = table.spec_after(path);
    let mut keys: Vec<&str> = SUMMARY
        .iter()
        .copied()
        .filter(|k| view.observes(k))
        .collect();
    let diffs: &[riftcheck::observation::Difference] = match d {
        Divergence::Differs(diffs) => diffs,
        _ => &[],
    };
    for diff in diffs {
        if !keys.contains(&diff.field) {
            keys.push(diff.field);
        }
    }
    let mut e = Expect::of(&spec, cat, &keys, path.len());
    for field in ["cards", "battlefields"] {
        let names: Vec<String> = diffs
            .iter()
            .filter(|x| x.field == field)
            .filter_map(|x| x.path.split('.').nth(1))
            .map(|n| n.trim_matches('"').to_string())
            .collect();
        if names.is_empty() {
            continue;
        }
        if let Some(Value::Map(entries)) = spec.field(field, cat) {
            let subs = view.sub_fields(field);
            let only: Vec<(String, Value)> = entries
                .into_iter()
                .filter(|(k, _)| names.contains(k))
                .map(|(k, v)| match (v, &subs) {
                    (Value::Map(m), Some(subs)) => (
                        k,
                        Value::Map(
                            m.into_iter()
                                .filter(|(s, _)| subs.contains(&s.as_str()))
                                .collect(),
                        ),
                    ),
                    (v, _) => (k, v),
                })
                .collect();
            if let Some(Ok(x)) = Observation::expect_field(field, &Value::Map(only), cat) {
                e.set(field, x);
            }
        }
    }
    e
}

/// Writes up `divergence`, found after `path` in `table`, by the engine called `engine`.
pub fn write_up(
    table: &Table,
    (engine, view): (&str, &View),
    phase: &'static str,
    path: Vec<Action>,
    divergence: Divergence,
) -> Found {
    let cat = &table.catalog;
    let step = path
        .last()
        .map_or("the setup".to_string(), |a| a.display(cat).to_string());
    let rule = divergence.rule();
    let expected = divergence.expected(&step);
    let found = divergence.found();
    // The steps as the rules play them: a step the spec refuses is refused in the scenario,
    // whatever the engine did with it.
    let mut spec = table.first.0.clone();
    let played: Vec<_> = path.iter().map(|&a| (a, spec.apply(a))).collect();
    let steps: Vec<Step> = played
        .iter()
        .map(|(a, r)| Step {
            text: a.display(cat).to_string(),
            outcome: match r {
                Ok(_) => Outcome::Accepted,
                Err(e) => Outcome::Refused(Some(e.name().to_string())),
            },
        })
        .collect();
    let title = format!("{engine} parts from the rules ({})", table.name);
    let cite = if rule.is_empty() {
        "the protocol".to_string()
    } else {
        format!("rule {rule}")
    };
    let scenario = Scenario {
        title: title.clone(),
        rules: rule
            .split(", ")
            .filter(|r| !r.is_empty())
            .map(str::to_string)
            .collect(),
        description: Some(if phase == "trace" {
            format!(
                "Found by riftcheck validate in the game recorded at {}: the steps on which \
                     {engine} parted from the rules. Expected by {cite}: {expected}; found: \
                     {found}.",
                table.name
            )
        } else {
            format!(
                "Found by riftcheck conform ({phase}) in {}: the shortest sequence of steps \
                     on which {engine} parts from the rules. Expected by {cite}: {expected}; \
                     found: {found}.",
                table.name
            )
        }),
        setup: table.setup.clone(),
        steps,
        checks: Vec::new(),
        expect: Some(expectations(table, &path, &divergence, view)),
        source: SourceMap::default(),
    };
    // The example as the rules play it; the last step is where the engine parts from them.
    let mut first = table.first.0.observe();
    first.events = table.first.1.clone();
    let mut text = render_example(
        &title,
        None,
        &scenario.rules,
        cat,
        &first,
        &first.events,
        &played,
    );
    for line in verdict_lines(&divergence, &step) {
        let _ = writeln!(text, "{line}");
    }
    Found {
        config: table.name.clone(),
        phase,
        steps: path.iter().map(|a| a.display(cat).to_string()).collect(),
        divergence,
        rule,
        expected,
        found,
        text,
        file: scenario.to_toml(),
        replay: "riftcheck replay --engine CMD",
    }
}
