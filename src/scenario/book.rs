//! A scenario for the book: the same example as [`super::Scenario::render`], as Markdown or as
//! HTML, with the table in full, each step on its own line and each consequence of a step on a
//! line of its own beneath it. The page ([`Page`]) is the same for both rulesets: MTG's
//! scenarios make theirs (`MtgScenario::page`) and are written by [`write_book`] too.

use std::fmt::Write;

use super::Scenario;
use super::render::{cited_rules, consequences, describe_table};
use crate::action::Action;
use crate::error::RuleError;
use crate::event::Event;
use crate::game::Game;
use crate::readings::Fault;

/// The formats for the book.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Book {
    /// Markdown.
    Markdown,
    /// A self-contained HTML page.
    Html,
}

/// An example for the book, whichever ruleset it plays.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Page {
    /// The scenario's title.
    pub title: String,
    /// The table, sentence by sentence.
    pub table: Vec<String>,
    /// Each step, and what it caused, clause by clause.
    pub steps: Vec<(String, Vec<String>)>,
    /// The scenario's own description.
    pub description: Option<String>,
    /// The rules it cites.
    pub rules: Vec<String>,
}

fn page(s: &Scenario, fault: Option<Fault>) -> Option<Page> {
    let replay = s.replay_with_fault(fault).ok()?;
    let start = Game::from_setup(&s.setup.with_fault(fault)).ok()?;
    let cat = start.catalog();
    let mut table = describe_table(cat, &crate::engine::Engine::observe(&start));
    table.extend(consequences(cat, None, &replay.setup_events));
    let outcomes: Vec<(Action, Result<Vec<Event>, RuleError>)> = replay
        .results
        .iter()
        .map(|r| (r.action, r.outcome.clone()))
        .collect();
    let steps = outcomes
        .iter()
        .map(|(a, outcome)| {
            let text = a.display(cat).to_string();
            match outcome {
                Ok(events) => (format!("{text}."), consequences(cat, Some(a), events)),
                Err(e) => (format!("{text}? Not allowed: {e}."), Vec::new()),
            }
        })
        .collect();
    Some(Page {
        title: s.title.clone(),
        table,
        steps,
        description: s.description.clone(),
        rules: cited_rules(&s.rules, &replay.setup_events, &outcomes),
    })
}

/// The scenario as an example for the book, played on the reference engine (making `fault`, if
/// any: the behaviour a counterexample found rather than the correct one).
pub fn render_book(s: &Scenario, fault: Option<Fault>, format: Book) -> String {
    match page(s, fault) {
        Some(p) => write_book(&p, format),
        None => format!(
            "Example - {}\n(the setup does not describe a possible table)\n",
            s.title
        ),
    }
}

/// A page of the book in `format`.
pub fn write_book(p: &Page, format: Book) -> String {
    let mut o = String::new();
    match format {
        Book::Markdown => {
            let _ = writeln!(o, "### Example: {}\n", p.title);
            let _ = writeln!(o, "{}\n", p.table.join(" "));
            for (i, (step, then)) in p.steps.iter().enumerate() {
                let _ = writeln!(o, "{}. {step}", i + 1);
                for t in then {
                    let _ = writeln!(o, "   - {t}");
                }
            }
            if let Some(d) = &p.description {
                let _ = writeln!(
                    o,
                    "\n{}",
                    d.split_whitespace().collect::<Vec<_>>().join(" ")
                );
            }
            let _ = writeln!(o, "\n*Rules: {}.*", p.rules.join(", "));
        }
        Book::Html => {
            let title = super::svg::escape_markup(&p.title);
            let _ = writeln!(
                o,
                "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
                 <title>{title}</title></head><body>\n<article>\n<h3>Example: {title}</h3>"
            );
            let _ = writeln!(
                o,
                "<p>{}</p>\n<ol>",
                super::svg::escape_markup(&p.table.join(" "))
            );
            for (step, then) in &p.steps {
                let _ = write!(o, "<li>{}", super::svg::escape_markup(step));
                if !then.is_empty() {
                    o.push_str("<ul>");
                    for t in then {
                        let _ = write!(o, "<li>{}</li>", super::svg::escape_markup(t));
                    }
                    o.push_str("</ul>");
                }
                o.push_str("</li>\n");
            }
            o.push_str("</ol>\n");
            if let Some(d) = &p.description {
                let _ = writeln!(o, "<p>{}</p>", super::svg::escape_markup(d));
            }
            let _ = writeln!(
                o,
                "<p><em>Rules: {}.</em></p>\n</article>\n</body></html>",
                super::svg::escape_markup(&p.rules.join(", "))
            );
        }
    }
    o
}
