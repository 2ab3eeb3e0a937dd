//! JUnit XML for CI dashboards: the one writer behind every `--format junit` (`check` of either
//! ruleset, `replay`, `conform`, `validate`). A command describes its results as test suites of
//! test cases, each passed, failed, skipped or in error; the counts of each suite and of the
//! whole document are worked out here, so they always match the cases.

use std::fmt::Write;

use riftcheck_core::markup::escape_markup as escape;

/// How a test case ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum End {
    /// It passed.
    Passed,
    /// It failed: a one-line message, the failure's type if it has one, and the full text.
    Failed {
        /// One line.
        message: String,
        /// The failure's type (a property's id, `expectation`), if any.
        kind: Option<String>,
        /// The full text (a rulebook example), if any.
        body: String,
    },
    /// It was not run, or not to the end, and why.
    Skipped(String),
    /// It could not be run: a message and its type.
    Error {
        /// One line.
        message: String,
        /// The error's type.
        kind: String,
    },
}

/// One test case.
#[derive(Clone, Debug)]
pub struct Case {
    /// Its class (the configuration, the phase, the file).
    pub class: String,
    /// Its name.
    pub name: String,
    /// Seconds it took, if measured.
    pub seconds: Option<f64>,
    /// How it ended.
    pub end: End,
}

/// One test suite.
#[derive(Clone, Debug)]
pub struct Suite {
    /// Its name.
    pub name: String,
    /// Seconds it took, if measured.
    pub seconds: Option<f64>,
    /// Its cases.
    pub cases: Vec<Case>,
}

impl Suite {
    fn count(&self, pick: fn(&End) -> bool) -> usize {
        self.cases.iter().filter(|c| pick(&c.end)).count()
    }
}

fn failed(e: &End) -> bool {
    matches!(e, End::Failed { .. })
}

fn skipped(e: &End) -> bool {
    matches!(e, End::Skipped(_))
}

fn error(e: &End) -> bool {
    matches!(e, End::Error { .. })
}

/// ` time="…"` for `seconds`, if measured.
fn time(seconds: Option<f64>) -> String {
    seconds.map_or_else(String::new, |s| format!(" time=\"{s:.3}\""))
}

/// The document: `suites` under one `<testsuites>` named `title`.
pub fn document(title: &str, suites: &[Suite]) -> String {
    let sum = |pick: fn(&End) -> bool| -> usize { suites.iter().map(|s| s.count(pick)).sum() };
    let tests: usize = suites.iter().map(|s| s.cases.len()).sum();
    let seconds = suites
        .iter()
        .map(|s| s.seconds)
        .sum::<Option<f64>>()
        .filter(|_| !suites.is_empty());
    let mut x = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let _ = writeln!(
        x,
        "<testsuites name=\"{}\" tests=\"{tests}\" failures=\"{}\" errors=\"{}\" skipped=\"{}\"{}>",
        escape(title),
        sum(failed),
        sum(error),
        sum(skipped),
        time(seconds)
    );
    for s in suites {
        let _ = writeln!(
            x,
            "  <testsuite name=\"{}\" tests=\"{}\" failures=\"{}\" errors=\"{}\" skipped=\"{}\"{}>",
            escape(&s.name),
            s.cases.len(),
            s.count(failed),
            s.count(error),
            s.count(skipped),
            time(s.seconds)
        );
        for c in &s.cases {
            let _ = write!(
                x,
                "    <testcase classname=\"{}\" name=\"{}\"{}",
                escape(&c.class),
                escape(&c.name),
                time(c.seconds)
            );
            match &c.end {
                End::Passed => x.push_str("/>\n"),
                End::Failed {
                    message,
                    kind,
                    body,
                } => {
                    let kind = kind
                        .as_deref()
                        .map_or_else(String::new, |k| format!(" type=\"{}\"", escape(k)));
                    let _ = writeln!(
                        x,
                        ">\n      <failure message=\"{}\"{kind}>{}</failure>\n    </testcase>",
                        escape(message),
                        escape(body)
                    );
                }
                End::Skipped(why) => {
                    let _ = writeln!(
                        x,
                        ">\n      <skipped message=\"{}\"/>\n    </testcase>",
                        escape(why)
                    );
                }
                End::Error { message, kind } => {
                    let _ = writeln!(
                        x,
                        ">\n      <error message=\"{}\" type=\"{}\"/>\n    </testcase>",
                        escape(message),
                        escape(kind)
                    );
                }
            }
        }
        x.push_str("  </testsuite>\n");
    }
    x.push_str("</testsuites>\n");
    x
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_follow_the_cases_and_text_is_escaped() {
        let case = |name: &str, end| Case {
            class: "c<1>".into(),
            name: name.into(),
            seconds: None,
            end,
        };
        let suite = Suite {
            name: "s&t".into(),
            seconds: Some(1.5),
            cases: vec![
                case("a", End::Passed),
                case(
                    "b",
                    End::Failed {
                        message: "x \"y\"".into(),
                        kind: Some("k".into()),
                        body: "<b>".into(),
                    },
                ),
                case("c", End::Skipped("cut".into())),
                case(
                    "d",
                    End::Error {
                        message: "m".into(),
                        kind: "unreadable".into(),
                    },
                ),
            ],
        };
        let x = document("t", &[suite]);
        assert!(x.contains(
            "<testsuites name=\"t\" tests=\"4\" failures=\"1\" errors=\"1\" skipped=\"1\" time=\"1.500\">"
        ));
        assert!(x.contains("<testsuite name=\"s&amp;t\" tests=\"4\""), "{x}");
        assert!(x.contains("classname=\"c&lt;1&gt;\""), "{x}");
        assert!(
            x.contains("message=\"x &quot;y&quot;\" type=\"k\">&lt;b&gt;</failure>"),
            "{x}"
        );
        assert_eq!(x.matches("<testcase ").count(), 4);
        assert_eq!(x.matches("</testsuite>").count(), 1);
    }
}
