//! JUnit XML for CI dashboards, through the checker's one writer ([`crate::junit`]): `check`
//! gives a test suite per configuration with a test case per property (a failure carries the
//! rulebook example; a property that held on a search a limit cut is skipped, saying so),
//! `replay` a test case per scenario.

use super::results::{Replayed, Report, Result};
use crate::junit::{Case, End, Suite, document};
use crate::properties::{Kind, Prop};

/// `check --format junit`.
pub fn check(r: &Report<'_>) -> String {
    let props: Vec<Prop> = Prop::ALL
        .iter()
        .copied()
        .filter(|p| p.kind() != Kind::Sometimes)
        .collect();
    let suites: Vec<Suite> = r
        .outcomes
        .iter()
        .map(|o| {
            let cut = o.stopped.first().filter(|_| o.incomplete()).map(|s| {
                format!(
                    "held on the {} states covered before {} cut the {} search",
                    s.covered,
                    s.by,
                    s.search.name()
                )
            });
            let case = |p: Prop| {
                let end = if o.failed.contains(&p) {
                    let c = o.counterexamples.iter().find(|c| c.property == p);
                    End::Failed {
                        message: c.map_or_else(
                            || format!("{} fails", p.name()),
                            |c| {
                                format!(
                                    "Expected by rule {}: {}; found: {}",
                                    c.rule, c.expected, c.found
                                )
                            },
                        ),
                        kind: Some(p.id()),
                        body: c.map(|c| c.rulebook().to_owned()).unwrap_or_default(),
                    }
                } else if let Some(why) = &cut {
                    End::Skipped(why.clone())
                } else {
                    End::Passed
                };
                Case {
                    class: o.name.clone(),
                    name: format!("{} ({}) [{}]", p.name(), p.rule(), p.id()),
                    seconds: Some(0.0),
                    end,
                }
            };
            Suite {
                name: o.name.clone(),
                seconds: Some(o.seconds),
                cases: props.iter().map(|&p| case(p)).collect(),
            }
        })
        .collect();
    document("riftcheck check", &suites)
}

/// Prints `check --format junit`.
pub fn print_check(r: &Report<'_>) {
    print!("{}", check(r));
}

/// `replay --format junit`.
pub fn replay(r: &Replayed) -> String {
    let cases = r
        .files
        .iter()
        .map(|f| {
            let path = f.path.display().to_string();
            let end = match (f.result, &f.failure, &f.error) {
                (Result::Passed, _, _) => End::Passed,
                (Result::Failed, Some(m), _) => End::Failed {
                    message: format!(
                        "{path}:{}:{}: after step {}: {}: expected {}, found {}",
                        m.line, m.column, m.after, m.what, m.expected, m.found
                    ),
                    kind: Some("expectation".into()),
                    body: String::new(),
                },
                (_, _, e) => End::Error {
                    message: e.as_deref().unwrap_or("unreadable").to_owned(),
                    kind: "unreadable".into(),
                },
            };
            Case {
                name: f.title.clone().unwrap_or_else(|| path.clone()),
                class: path,
                seconds: None,
                end,
            }
        })
        .collect();
    let suite = Suite {
        name: "scenarios".into(),
        seconds: None,
        cases,
    };
    document("riftcheck replay", &[suite])
}
