//! What an engine's partial observation and actions leave unchecked: for each field it does not
//! expose (or exposes only in part), and each kind of action it does not take (an engine with no
//! `concede` leaves 650-652 unchecked), the rules that decide it and the checker's properties
//! that cite those rules, so that a report says plainly what a clean run does not vouch for.

use riftcheck::Observation;
use riftcheck::action::ACTION_RULES;
use riftcheck::observation::{CardObs, FieldInfo, FieldObs, ItemObs};
use riftcheck::protocol::compare::View;

use riftcheck_conform::unchecked::Unchecked;
use riftcheck_properties::{Kind, TABLE};

/// The leading number of a rule (`652` of `652.5.c.1`, `440` of `440-453`).
fn number(rule: &str) -> Option<u32> {
    rule.trim()
        .split(|c: char| !c.is_ascii_digit())
        .next()
        .and_then(|n| n.parse().ok())
}

/// Whether the rule `r` (one citation, `652.5.c.1`) falls under `of` (one citation of a field:
/// `652.5`, or a range `440-453`).
fn under(r: &str, of: &str) -> bool {
    let (r, of) = (r.trim(), of.trim());
    if let Some((lo, hi)) = of.split_once('-') {
        return match (number(r), number(lo), number(hi)) {
            (Some(x), Some(a), Some(b)) => a <= x && x <= b,
            _ => false,
        };
    }
    r == of || r.starts_with(&format!("{of}.")) || of.starts_with(&format!("{r}."))
}

/// The properties whose rules touch `rules` (a field's citations, comma-separated).
fn citing(rules: &str) -> Vec<&'static str> {
    TABLE
        .iter()
        .filter(|p| p.kind == Kind::Always)
        .filter(|p| {
            p.rules
                .split(',')
                .any(|r| rules.split(',').any(|f| under(r, f)))
        })
        .map(|p| p.name)
        .collect()
}

/// Everything `view` leaves unchecked, in the observation's order: whole fields, then the
/// sub-fields of records it exposes only in part; then the kinds of action it does not take.
pub fn unchecked(view: &View) -> Vec<Unchecked> {
    let entry = |field: String, info: &FieldInfo| Unchecked {
        field,
        action: false,
        rules: info.rule,
        properties: citing(info.rule),
    };
    let mut out = Vec::new();
    for f in Observation::FIELDS {
        if !view.observes(f.key) {
            out.push(entry(f.key.to_string(), f));
            continue;
        }
        let subs: &[FieldInfo] = match f.key {
            "cards" => CardObs::FIELDS,
            "battlefields" => FieldObs::FIELDS,
            "chain" => ItemObs::FIELDS,
            _ => continue,
        };
        if let Some(declared) = view.sub_fields(f.key) {
            for s in subs.iter().filter(|s| !declared.contains(&s.key)) {
                out.push(entry(format!("{}.{}", f.key, s.key), s));
            }
        }
    }
    for (kind, rules) in ACTION_RULES {
        if !view.takes(kind) {
            out.push(Unchecked {
                field: kind.to_string(),
                action: true,
                rules,
                properties: citing(rules),
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use riftcheck::protocol::Capabilities;

    #[test]
    fn a_rule_falls_under_its_part_and_its_range() {
        assert!(under("652.5.c.1", "652.5"));
        assert!(under("652.5", "652.5.c.1"));
        assert!(under("444", "440-453"));
        assert!(!under("454", "440-453"));
        assert!(!under("65", "652"));
    }

    #[test]
    fn every_kind_of_action_has_its_rules() {
        let kinds: Vec<&str> = ACTION_RULES.iter().map(|(k, _)| *k).collect();
        assert_eq!(kinds, riftcheck::action::ACTION_KINDS);
    }

    #[test]
    fn an_engine_without_concede_leaves_650_652_unchecked() {
        let mut caps = Capabilities::everything();
        caps.actions = Some(vec!["pass".into(), "end turn".into()]);
        let left = unchecked(&View::of(&caps));
        let concede = left.iter().find(|u| u.action && u.field == "concede");
        let concede = concede.expect("concede is left unchecked");
        assert_eq!(concede.rules, "650-652");
        assert!(
            concede
                .properties
                .iter()
                .any(|p| p.contains("departed player never receives Priority")),
            "{concede:?}"
        );
        assert!(!left.iter().any(|u| u.action && u.field == "pass"));
        assert!(left.iter().all(|u| u.action), "every field is observed");
    }

    #[test]
    fn a_full_view_leaves_nothing_and_a_partial_one_names_what_it_leaves() {
        assert!(unchecked(&View::of(&Capabilities::everything())).is_empty());
        let caps = Capabilities {
            observes: Some(vec!["turn".into(), "priority".into(), "cards.at".into()]),
            ..Capabilities::everything()
        };
        let left = unchecked(&View::of(&caps));
        let fields: Vec<&str> = left.iter().map(|u| u.field.as_str()).collect();
        assert!(fields.contains(&"passed") && fields.contains(&"cards.controller"));
        assert!(!fields.contains(&"turn") && !fields.contains(&"cards.at"));
        let passed = left.iter().find(|u| u.field == "passed").unwrap();
        assert!(
            passed
                .properties
                .iter()
                .any(|p| p.contains("newest item resolves")),
            "{passed:?}"
        );
    }
}
