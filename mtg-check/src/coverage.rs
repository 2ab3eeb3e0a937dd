//! `check --ruleset mtg --coverage`: how often the search exercised each rule, counted on the
//! transitions it took: those whose events cite the rule, and the actions both the engine and
//! the spec refused for it. A rule of MTG's properties that no transition exercised is named.

use std::collections::BTreeMap;

use riftcheck::Engine;
use riftcheck::mtg::{Action, Mtg};

use super::MtgState;
use super::properties::MtgProp;

/// Per rule: transitions whose events cite it, and refusals for it.
pub type Cited = BTreeMap<&'static str, [u64; 2]>;

/// Counts what the transition by `action` out of `state` exercised: `next` is where it led
/// (none: it was not taken; a refusal of both counts then).
pub fn count<E: Engine<Mtg>, S: Engine<Mtg>>(
    cited: &mut Cited,
    state: &MtgState<E, S>,
    action: Action,
    next: Option<&MtgState<E, S>>,
) {
    match next {
        Some(n) if state.pair.engine.check(action).is_ok() => {
            for rule in n.view.events.iter().filter_map(|e| e.rule()) {
                cited.entry(rule).or_default()[0] += 1;
            }
        }
        Some(_) => {}
        None => {
            if let (Err(r), Err(_)) = (
                state.pair.spec.check(action),
                state.pair.engine.check(action),
            ) {
                cited.entry(r.rule()).or_default()[1] += 1;
            }
        }
    }
}

/// Every rule a property names: those a check is expected to exercise.
fn expected() -> Vec<&'static str> {
    let mut out: Vec<&'static str> = MtgProp::ALL
        .iter()
        .filter_map(|p| p.text().rsplit_once('('))
        .flat_map(|(_, r)| r.trim_end_matches(')').split(", "))
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// One rule's row of the coverage table: the transitions whose events cite it, the refusals
/// for it, and the configurations that exercised it.
pub type Row<'a> = (&'static str, [u64; 2], Vec<&'a str>);

/// The rules exercised over `per_config` (each configuration's name and counts), each with its
/// events, refusals and the configurations that exercised it, then every expected rule none did.
pub fn table<'a>(per_config: &[(&'a str, &Cited)]) -> (Vec<Row<'a>>, Vec<&'static str>) {
    let mut rules: BTreeMap<&'static str, ([u64; 2], Vec<&'a str>)> = BTreeMap::new();
    for (name, c) in per_config {
        for (rule, [events, refusals]) in c.iter() {
            let row = rules.entry(rule).or_default();
            row.0[0] += events;
            row.0[1] += refusals;
            row.1.push(*name);
        }
    }
    for rule in expected() {
        rules.entry(rule).or_default();
    }
    let never = rules
        .iter()
        .filter(|(_, r)| r.0 == [0, 0])
        .map(|(k, _)| *k)
        .collect();
    let rows = rules.into_iter().map(|(k, (n, c))| (k, n, c)).collect();
    (rows, never)
}

/// The coverage as JSON, in the shape of Riftbound's (`check --coverage --format json`): the
/// MTG check judges no companions, so nothing is `shown` and `judged` counts no transitions.
pub fn json(per_config: &[(&str, &Cited)]) -> serde_json::Value {
    let (rules, never) = table(per_config);
    serde_json::json!({
        "rules": rules.iter().map(|(rule, [events, refusals], configs)| serde_json::json!({
            "rule": rule, "transitions": events + refusals, "events": events,
            "refusals": refusals, "shown": 0, "judged": 0,
            "exercised": events + refusals > 0, "configurations": configs,
        })).collect::<Vec<_>>(),
        "never_exercised": never,
    })
}
