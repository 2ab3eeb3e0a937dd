//! `riftcheck render`: a scenario as a rulebook example paragraph, as a page of the book
//! (Markdown, HTML), or as an SVG timeline; under a fault, what the fault changes.

use std::path::Path;
use std::process::ExitCode;

use riftcheck::mtg::scenario::{AnyScenario, MtgScenario};

use super::fail_input;

/// How `render` writes a scenario.
#[derive(Clone, Copy, PartialEq, Eq, Debug, clap::ValueEnum)]
pub enum RenderFormat {
    /// A rulebook paragraph.
    Text,
    /// Markdown for the book.
    Markdown,
    /// An HTML page for the book.
    Html,
}

/// `render` of an MTG scenario, played on the reference engine or, with `--fault`, on the
/// engine committing that MTG fault: the rulebook paragraph (what the fault changes is then
/// said by the expectations it breaks, at the end), or a page of the book. MTG has no timeline
/// picture.
fn render_mtg(s: &MtgScenario, fault: Option<&str>, format: RenderFormat, svg: bool) -> ExitCode {
    use riftcheck::scenario::{Book, write_book};
    if svg {
        return fail_input(
            "--svg draws Riftbound's board; an MTG scenario renders as text, Markdown or HTML",
        );
    }
    let fault = match mtg_check::plan::fault(fault) {
        Ok(f) => f,
        Err(e) => return fail_input(e),
    };
    let replay = fault.map_or_else(|| s.replay(), |f| s.replay_with_fault(f));
    let book = |format| match s.page(&replay) {
        Some(p) => write_book(&p, format),
        None => format!("Example - {}\n(the table cannot be played)\n", s.title),
    };
    match format {
        RenderFormat::Text => print!("{}", s.render_replay(&replay)),
        RenderFormat::Markdown => print!("{}", book(Book::Markdown)),
        RenderFormat::Html => print!("{}", book(Book::Html)),
    }
    ExitCode::SUCCESS
}

/// Runs `riftcheck render`.
pub fn run(file: &Path, svg: Option<&Path>, fault: Option<&str>, format: RenderFormat) -> ExitCode {
    use riftcheck::scenario::{Book, render_book};
    // The file is read once, by the reader of the ruleset it declares.
    let s = match AnyScenario::load(file) {
        Ok(AnyScenario::Riftbound(s)) => *s,
        Ok(AnyScenario::Mtg(s)) => return render_mtg(&s, fault, format, svg.is_some()),
        Err(e) => return fail_input(e),
    };
    let fault = match super::fault(fault) {
        Ok(f) => f,
        Err(e) => return fail_input(e),
    };
    let Some(out) = svg else {
        match format {
            RenderFormat::Text => {
                print!("{}", s.render_with_fault(fault));
                // What the fault changed: the first of the scenario's expectations it breaks.
                if let Some(f) = fault
                    && let Ok(replay) = s.replay_with_fault(Some(f))
                    && let Some(x) = replay.failures.first()
                {
                    println!(
                        "\nUnder the fault {f} ({}): after step {}, {} was expected to be {}, \
                         found {}.",
                        f.rule(),
                        x.after,
                        x.what,
                        x.expected,
                        x.actual
                    );
                }
            }
            RenderFormat::Markdown => print!("{}", render_book(&s, fault, Book::Markdown)),
            RenderFormat::Html => print!("{}", render_book(&s, fault, Book::Html)),
        }
        return ExitCode::SUCCESS;
    };
    match s.svg(fault) {
        Ok(text) => match std::fs::write(out, text) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => fail_input(format!("--svg {}: {e}", out.display())),
        },
        Err(e) => fail_input(e),
    }
}
