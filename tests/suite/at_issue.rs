//! The rule at issue (`src/scenario/at_issue.rs`) over every scenario under every rule fault:
//! where a scenario first fails under a fault, what failed first there (the field that stands
//! for the others at that step, by the table's precedence, or the step itself) is cited by a
//! rule the table or the step's own events give, never by the union of every rule that can
//! touch the field; and the cases the table is for cite what they should.

use crate::corpus::toml_files;
use std::path::Path;

use riftcheck::scenario::at_issue::{precedence, refused_at_issue, rule_at_issue, sub_field_rule};
use riftcheck::{Action, Fault, Observation, Scenario};

/// What failed first when `s` is played under `fault`, and the rule cited for it (`None` if
/// neither the table nor the step's events decide it); nothing if the scenario passes.
fn first_cited(s: &Scenario, fault: Fault) -> Option<(String, Option<String>)> {
    let faulty = s.replay_with_fault(Some(fault)).ok()?;
    let first = faulty.failures.first()?.clone();
    let catalog = faulty.catalog.clone();
    let steps: Vec<Action> = s
        .steps
        .iter()
        .filter_map(|st| Action::parse(&st.text, &catalog).ok())
        .collect();
    let step = first.after.checked_sub(1).and_then(|i| steps.get(i));
    if first.what.starts_with("step ") {
        return Some((first.what, step.map(|a| refused_at_issue(a).to_string())));
    }
    let field_of = |what: &str| what.split(['.', '[']).next().unwrap_or("").to_string();
    // Of the fields that failed after the same step, the one that stands for the others.
    let first = faulty
        .failures
        .iter()
        .filter(|f| f.after == first.after && !f.what.starts_with("step "))
        .min_by_key(|f| precedence(&field_of(&f.what)))?
        .clone();
    let field = field_of(&first.what);
    if !Observation::FIELDS.iter().any(|f| f.key == field) {
        // `resolved` and `countered` are the scenario's history, not a field of a step.
        return None;
    }
    // What the rules give after that step.
    let mut upto = s.clone();
    upto.steps.truncate(first.after);
    upto.checks.clear();
    upto.expect = None;
    let after = upto.replay().ok()?.last;
    let rule = rule_at_issue(&field, &first.what, step, &after, &catalog)
        .or_else(|| sub_field_rule(&field, &first.what))
        .map(str::to_string);
    Some((first.what, rule))
}

fn cited(file: &str, fault: &str) -> (String, Option<String>) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/scenarios")
        .join(file);
    let s = Scenario::load(&path).unwrap();
    first_cited(&s, fault.parse().unwrap()).unwrap_or_else(|| panic!("{file} passes under {fault}"))
}

#[test]
fn every_first_failure_under_every_fault_cites_a_rule_at_issue() {
    let all = toml_files("tests/scenarios");
    let (mut cited, mut among_the_faults, mut undecided) = (0, 0, Vec::new());
    for path in &all {
        let Ok(s) = Scenario::load(path) else {
            continue;
        };
        for &fault in Fault::ALL {
            let Some((what, rule)) = first_cited(&s, fault) else {
                continue;
            };
            cited += 1;
            match rule {
                None => undecided.push(format!("{} under {}: {what}", path.display(), fault.key())),
                Some(r) => {
                    let of = fault.point().rules;
                    if r.split(", ")
                        .any(|x| of.split(", ").any(|o| x.starts_with(o)))
                    {
                        among_the_faults += 1;
                    }
                }
            }
        }
    }
    eprintln!("{cited} first failures; {among_the_faults} cite a rule the fault misreads");
    assert!(
        cited > 100,
        "only {cited} scenario failures under the faults"
    );
    assert!(
        undecided.is_empty(),
        "no rule at issue:\n{}",
        undecided.join("\n")
    );
}

#[test]
fn the_rules_the_table_is_for() {
    // A game that goes on after a concession with more than one player left.
    assert_eq!(
        cited(
            "seed_000/four_becomes_three.toml",
            "game-ends-on-concession"
        )
        .1,
        Some("652.5.a.1".into()),
        "the scenario expects the turn, not the winners, after the concession"
    );
    let (what, rule) = cited("policies/next_player.toml", "priority-stays-with-leaver");
    assert_eq!(
        (what.as_str(), rule.as_deref()),
        ("priority", Some("652.5.c.1"))
    );
    // The Counter that is reported but left on the Chain: the Chain cites the step that should
    // have taken the item off.
    let (what, rule) = cited(
        "seed_000/a_response_disappears.toml",
        "leaver-items-not-countered",
    );
    assert_eq!(what, "chain");
    assert_eq!(rule.as_deref(), Some("652.4"));
}
