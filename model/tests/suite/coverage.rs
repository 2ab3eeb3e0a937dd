//! Rule coverage: the list of rules the project implements is the rules its refusals, events and
//! properties cite, read from the sources; and `check --coverage` counts them.

use std::collections::BTreeSet;

use riftbound_check::rules::RULES;
use riftcheck_checker::coverage::{prop_rules, rule_order};
use riftcheck_properties::Prop;

/// The rule numbers cited in the body of `fn rule` in a source file: the arms of the match that
/// gives each refusal's or event's rule.
fn rules_of(source: &str) -> BTreeSet<String> {
    let start = source
        .find("pub fn rule(&self) -> &'static str {")
        .expect("a fn rule");
    let mut depth = 0usize;
    let mut end = start;
    for (i, c) in source[start..].char_indices() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    end = start + i;
                    break;
                }
            }
            _ => {}
        }
    }
    let body = &source[start..end];
    body.split('"')
        .skip(1)
        .step_by(2)
        .filter(|t| t.starts_with(|c: char| c.is_ascii_digit()))
        .map(str::to_string)
        .collect()
}

#[test]
fn the_rules_implemented_are_those_the_refusals_events_and_properties_cite() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
    let read = |p: &str| std::fs::read_to_string(format!("{root}/{p}")).unwrap();
    let mut cited = rules_of(&read("riftbound/vocabulary/src/error.rs"));
    cited.extend(rules_of(&read("riftbound/vocabulary/src/event.rs")));
    for &p in Prop::ALL {
        cited.extend(prop_rules(p).map(str::to_string));
    }
    let listed: BTreeSet<String> = RULES.iter().map(|r| r.to_string()).collect();
    let missing: Vec<&String> = cited.difference(&listed).collect();
    let extra: Vec<&String> = listed.difference(&cited).collect();
    assert!(
        missing.is_empty() && extra.is_empty(),
        "RULES misses {missing:?} and lists {extra:?} that nothing cites"
    );
    for w in RULES.windows(2) {
        assert_eq!(
            rule_order(w[0], w[1]),
            std::cmp::Ordering::Less,
            "{} before {}",
            w[0],
            w[1]
        );
    }
}
