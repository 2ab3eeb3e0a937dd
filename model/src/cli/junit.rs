//! JUnit XML for CI dashboards: `check` gives a test suite per configuration with a test case per
//! property (a failure carries the rulebook example; a property that held on a search a limit
//! cut is skipped, saying so), `replay` a test case per scenario.

use std::fmt::Write;

use super::results::{Replayed, Report, Result};
use crate::properties::{Kind, Prop};

pub use riftcheck::scenario::escape_markup as escape;

/// `check --format junit`.
pub fn check(r: &Report<'_>) -> String {
    let props: Vec<Prop> = Prop::ALL
        .iter()
        .copied()
        .filter(|p| p.kind() != Kind::Sometimes)
        .collect();
    let failures: usize = r.outcomes.iter().map(|o| o.failed.len()).sum();
    let mut x = String::new();
    x.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let total_time: f64 = r.outcomes.iter().map(|o| o.seconds).sum();
    let _ = writeln!(
        x,
        "<testsuites name=\"riftcheck check\" tests=\"{}\" failures=\"{failures}\" time=\"{total_time:.3}\">",
        props.len() * r.outcomes.len()
    );
    for o in r.outcomes {
        let skipped = if o.incomplete() {
            props.len() - o.failed.len()
        } else {
            0
        };
        let _ = writeln!(
            x,
            "  <testsuite name=\"{}\" tests=\"{}\" failures=\"{}\" skipped=\"{skipped}\" time=\"{:.3}\">",
            escape(&o.name),
            props.len(),
            o.failed.len(),
            o.seconds
        );
        for &p in &props {
            let _ = write!(
                x,
                "    <testcase classname=\"{}\" name=\"{}\" time=\"0\"",
                escape(&o.name),
                escape(&format!("{} ({}) [{}]", p.name(), p.rule(), p.id()))
            );
            if o.failed.contains(&p) {
                let c = o.counterexamples.iter().find(|c| c.property == p);
                let message = c.map_or_else(
                    || format!("{} fails", p.name()),
                    |c| {
                        format!(
                            "Expected by rule {}: {}; found: {}",
                            c.rule, c.expected, c.found
                        )
                    },
                );
                let body = c.map(|c| c.rulebook()).unwrap_or_default();
                let _ = writeln!(
                    x,
                    ">\n      <failure message=\"{}\" type=\"{}\">{}</failure>\n    </testcase>",
                    escape(&message),
                    p.id(),
                    escape(body)
                );
            } else if let Some(s) = o.stopped.first().filter(|_| o.incomplete()) {
                let _ = writeln!(
                    x,
                    ">\n      <skipped message=\"{}\"/>\n    </testcase>",
                    escape(&format!(
                        "held on the {} states covered before {} cut the {} search",
                        s.covered,
                        s.by,
                        s.search.name()
                    ))
                );
            } else {
                x.push_str("/>\n");
            }
        }
        x.push_str("  </testsuite>\n");
    }
    x.push_str("</testsuites>\n");
    x
}

/// Prints `check --format junit`.
pub fn print_check(r: &Report<'_>) {
    print!("{}", check(r));
}

/// `replay --format junit`.
pub fn replay(r: &Replayed) -> String {
    let mut x = String::new();
    x.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let _ = writeln!(
        x,
        "<testsuites name=\"riftcheck replay\" tests=\"{}\" failures=\"{}\" errors=\"{}\">",
        r.files.len(),
        r.count(Result::Failed),
        r.count(Result::Unreadable)
    );
    let _ = writeln!(
        x,
        "  <testsuite name=\"scenarios\" tests=\"{}\" failures=\"{}\" errors=\"{}\">",
        r.files.len(),
        r.count(Result::Failed),
        r.count(Result::Unreadable)
    );
    for f in &r.files {
        let path = f.path.display().to_string();
        let _ = write!(
            x,
            "    <testcase classname=\"{}\" name=\"{}\"",
            escape(&path),
            escape(f.title.as_deref().unwrap_or(&path))
        );
        match (f.result, &f.failure, &f.error) {
            (Result::Passed, _, _) => x.push_str("/>\n"),
            (Result::Failed, Some(m), _) => {
                let message = format!(
                    "{path}:{}:{}: after step {}: {}: expected {}, found {}",
                    m.line, m.column, m.after, m.what, m.expected, m.found
                );
                let _ = writeln!(
                    x,
                    ">\n      <failure message=\"{}\" type=\"expectation\"/>\n    </testcase>",
                    escape(&message)
                );
            }
            (_, _, e) => {
                let _ = writeln!(
                    x,
                    ">\n      <error message=\"{}\" type=\"unreadable\"/>\n    </testcase>",
                    escape(e.as_deref().unwrap_or("unreadable"))
                );
            }
        }
    }
    x.push_str("  </testsuite>\n</testsuites>\n");
    x
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specials_and_control_characters_are_escaped() {
        assert_eq!(
            escape("a<b & \"c\" 'd'>"),
            "a&lt;b &amp; &quot;c&quot; &apos;d&apos;&gt;"
        );
        assert_eq!(escape("\u{1b}[31mred"), "\\u{1b}[31mred");
        assert_eq!(escape("two\nlines"), "two\nlines");
    }
}
