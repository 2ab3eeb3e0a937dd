//! JUnit XML for CI dashboards, through the checker's one writer ([`riftcheck_checker::junit`]): `check`
//! gives a test suite per configuration with a test case per property (a failure carries the
//! rulebook example and the scenario file that replays it; a property that held on a search a
//! limit cut is skipped, saying so), `replay` a test case per scenario.
//!
//! `check`'s is written from the check's JSON document, whichever ruleset made it, so the two
//! rulesets' JUnit say the same things in the same words.

use serde_json::Value;

use super::results::{Replayed, Result, text_of};
use riftcheck_checker::junit::{Case, End, Suite, document};

/// `check --format junit`, from the check's JSON document (`docs/output.md`).
pub fn check(doc: &Value) -> String {
    let list = |v: &Value| v.as_array().cloned().unwrap_or_default();
    let props: Vec<Value> = (list(&doc["properties"]).into_iter())
        .filter(|p| p["kind"] != "sometimes")
        .collect();
    let suites: Vec<Suite> = list(&doc["configurations"])
        .iter()
        .map(|c| {
            let name = text_of(&c["name"]).to_owned();
            let cut = (list(&c["cut"]).first())
                .filter(|_| c["complete"] == false)
                .map(|s| {
                    format!(
                        "held on the {} states covered before --{} cut the {} search",
                        s["covered_states"],
                        text_of(&s["limit"]),
                        text_of(&s["search"])
                    )
                });
            let counterexamples = list(&c["counterexamples"]);
            let case = |p: &Value| {
                let id = text_of(&p["id"]);
                let failed = list(&c["failed"]).iter().any(|f| f == id);
                let end = if failed {
                    let x = counterexamples.iter().find(|x| x["property"] == id);
                    End::Failed {
                        message: x.map_or_else(
                            || format!("{} fails", text_of(&p["name"])),
                            |x| {
                                format!(
                                    "Expected by rule {}: {}; found: {}",
                                    text_of(&x["rule"]),
                                    text_of(&x["expected"]),
                                    text_of(&x["found"])
                                )
                            },
                        ),
                        kind: Some(id.to_owned()),
                        body: x.map_or_else(String::new, |x| {
                            let file = x["file"].as_str().map_or(String::new(), |f| {
                                format!("\nReplay it: riftcheck replay {f}\n")
                            });
                            format!("{}{file}", text_of(&x["rulebook"]))
                        }),
                    }
                } else if let Some(why) = &cut {
                    End::Skipped(why.clone())
                } else {
                    End::Passed
                };
                Case {
                    class: name.clone(),
                    name: format!("{} [{id}]", super::results::named(p)),
                    seconds: Some(0.0),
                    end,
                }
            };
            Suite {
                name: name.clone(),
                seconds: c["seconds"].as_f64(),
                cases: props.iter().map(case).collect(),
            }
        })
        .collect();
    let command = match doc["ruleset"].as_str() {
        Some("riftbound") | None => "riftcheck check".to_owned(),
        Some(r) => format!("riftcheck check --ruleset {r}"),
    };
    document(&command, &suites)
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
