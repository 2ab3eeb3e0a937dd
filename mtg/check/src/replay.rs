//! MTG's scenario files as the command line replays and renders them ([`Scenarios`]): played
//! on the reference MTG engine, or on the engine committing an MTG fault, and written as a
//! rulebook paragraph or a page of the book. MTG draws no timeline picture.

use std::path::Path;

use riftcheck::mtg::MtgFault;
use riftcheck::mtg::scenario::MtgScenario;
use riftcheck::scenario::{Book, write_book};
use riftcheck_checker::plan::{Mismatch, Page, Replay, Scenarios};

use crate::plan::MtgCheck;

impl Scenarios for MtgCheck {
    fn knows_fault(key: &str) -> bool {
        MtgFault::from_key(key).is_some()
    }

    fn replay(
        path: &Path,
        verbose: bool,
        fault: Option<&str>,
    ) -> Result<Replay, (Option<String>, String)> {
        let scenario = MtgScenario::load(path).map_err(|e| (None, e.to_string()))?;
        let fault = crate::plan::fault(fault).map_err(|e| (Some(scenario.title.clone()), e))?;
        let replay = match fault {
            Some(f) => scenario.replay_with_fault(f),
            None => scenario.replay(),
        };
        let mut steps = Vec::new();
        if verbose {
            for (i, events) in replay.events.iter().enumerate().skip(1) {
                let step = scenario.step_text.get(i - 1).map_or("", String::as_str);
                steps.push(format!("  {i}. {step}"));
                for e in events {
                    let rule = e.rule().map_or(String::new(), |r| format!(" ({r})"));
                    steps.push(format!("       {e:?}{rule}"));
                }
            }
        }
        // MTG's failures name a line only.
        let failure = (replay.failures.first())
            .map(|f| Mismatch::new((f.line, 1), f.step, &f.key, &f.expected, &f.actual));
        Ok(Replay {
            title: scenario.title,
            failure,
            steps,
        })
    }

    /// The rulebook paragraph (what the fault changes is then said by the expectations it
    /// breaks, at the end), or a page of the book.
    fn render(path: &Path, fault: Option<&str>, page: Page) -> Result<String, String> {
        let s = MtgScenario::load(path).map_err(|e| e.to_string())?;
        let fault = crate::plan::fault(fault)?;
        let replay = fault.map_or_else(|| s.replay(), |f| s.replay_with_fault(f));
        let book = |format| match s.page(&replay) {
            Some(p) => write_book(&p, format),
            None => format!("Example - {}\n(the table cannot be played)\n", s.title),
        };
        Ok(match page {
            Page::Text => s.render_replay(&replay),
            Page::Markdown => book(Book::Markdown),
            Page::Html => book(Book::Html),
        })
    }

    fn svg(_: &Path, _: Option<&str>) -> Result<String, String> {
        Err(
            "--svg draws Riftbound's board; an MTG scenario renders as text, Markdown or HTML"
                .into(),
        )
    }
}
