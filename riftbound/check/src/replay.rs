//! Riftbound's scenario files as the command line replays and renders them ([`Scenarios`]):
//! played on the reference engine, or on the engine committing a fault, and written as a
//! rulebook paragraph, a page of the book or an SVG timeline.

use std::path::Path;

use riftcheck::Scenario;
use riftcheck::scenario::{Book, render_book};
use riftcheck_checker::plan::{Mismatch, Page, Replay, Scenarios};

use crate::plan::RiftboundCheck;

/// A Riftbound fault named on the command line, if one is.
fn fault(name: Option<&str>) -> Result<Option<riftcheck::Fault>, String> {
    name.map(str::parse::<riftcheck::Fault>)
        .transpose()
        .map_err(|e| e.to_string())
}

impl Scenarios for RiftboundCheck {
    fn knows_fault(key: &str) -> bool {
        key.parse::<riftcheck::Fault>().is_ok()
    }

    fn replay(
        path: &Path,
        verbose: bool,
        fault_named: Option<&str>,
    ) -> Result<Replay, (Option<String>, String)> {
        let scenario = Scenario::load(path).map_err(|e| (None, e.to_string()))?;
        let title = || Some(scenario.title.clone());
        let fault = fault(fault_named).map_err(|e| (title(), e))?;
        let replay = scenario
            .replay_with_fault(fault)
            .map_err(|e| (title(), e.to_string()))?;
        let mut steps = Vec::new();
        if verbose {
            let cat = &replay.catalog;
            for (i, r) in replay.results.iter().enumerate() {
                steps.push(format!("  {}. {}", i + 1, r.action.display(cat)));
                match &r.outcome {
                    Ok(events) => {
                        for e in events {
                            steps.push(format!("       {} ({})", e.display(cat), e.rule()));
                        }
                    }
                    Err(e) => steps.push(format!("       refused: {e}")),
                }
            }
        }
        let failure = (replay.failures.first())
            .map(|f| Mismatch::new(f.at, f.after, &f.what, &f.expected, &f.actual));
        Ok(Replay {
            title: scenario.title,
            failure,
            steps,
        })
    }

    fn render(path: &Path, fault_named: Option<&str>, page: Page) -> Result<String, String> {
        let s = Scenario::load(path).map_err(|e| e.to_string())?;
        let fault = fault(fault_named)?;
        Ok(match page {
            Page::Markdown => render_book(&s, fault, Book::Markdown),
            Page::Html => render_book(&s, fault, Book::Html),
            Page::Text => {
                let mut out = s.render_with_fault(fault);
                // What the fault changed: the first of the scenario's expectations it breaks.
                if let Some(f) = fault
                    && let Ok(replay) = s.replay_with_fault(Some(f))
                    && let Some(x) = replay.failures.first()
                {
                    out.push_str(&format!(
                        "\nUnder the fault {f} ({}): after step {}, {} was expected to be {}, \
                         found {}.\n",
                        f.rule(),
                        x.after,
                        x.what,
                        x.expected,
                        x.actual
                    ));
                }
                out
            }
        })
    }

    fn svg(path: &Path, fault_named: Option<&str>) -> Result<String, String> {
        let s = Scenario::load(path).map_err(|e| e.to_string())?;
        s.svg(fault(fault_named)?).map_err(|e| e.to_string())
    }
}
