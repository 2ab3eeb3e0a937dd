//! `check --ruleset mtg --coverage`: the rule numbers MTG's events, refusals and properties
//! cite, which the checker's rule coverage counts ([`riftcheck_checker::coverage`]) as it does
//! Riftbound's.

/// Every rule number MTG's engine, spec and properties cite, in rule order (a test below keeps
/// the properties' and the refusals' in it).
pub const RULES: &[&str] = &[
    "101.4", "102.1", "104.1", "104.2a", "115.1", "117.1", "307.1", "400.7", "506.4", "508.1",
    "514.2", "601.2", "704.5m", "800.4", "800.4a", "800.4b", "800.4c", "800.4d", "800.4e",
    "800.4f", "800.4g", "800.4h", "800.4i", "800.4j", "800.4k", "800.4m", "800.4n",
];

#[cfg(test)]
mod tests {
    use super::RULES;
    use crate::properties::MtgProp;
    use riftcheck_checker::coverage::{prop_rules, rule_order};

    /// Every rule a property cites is counted, and the list is in rule order.
    #[test]
    fn the_list_holds_every_rule_a_property_cites() {
        for p in MtgProp::ALL {
            for r in prop_rules(p) {
                assert!(RULES.contains(&r), "{r} of {p:?}");
            }
        }
        for w in RULES.windows(2) {
            assert_eq!(rule_order(w[0], w[1]), std::cmp::Ordering::Less, "{w:?}");
        }
    }
}
