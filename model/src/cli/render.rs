//! `riftcheck render`: a scenario as a rulebook example paragraph, as a page of the book
//! (Markdown, HTML), or as an SVG timeline; under a fault, what the fault changes.

use std::path::Path;
use std::process::ExitCode;

use riftcheck_checker::plan::Page;

use super::fail_input;
use super::ruleset::{Ruleset, Run, Tools};

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

/// `render` of a scenario by the ruleset it declares: a page to standard output, or an SVG
/// timeline to a file.
struct Render<'a> {
    file: &'a Path,
    svg: Option<&'a Path>,
    fault: Option<&'a str>,
    format: RenderFormat,
}

impl Run for Render<'_> {
    type Out = ExitCode;

    fn run<R: Tools>(self) -> ExitCode {
        let Some(out) = self.svg else {
            let page = match self.format {
                RenderFormat::Text => Page::Text,
                RenderFormat::Markdown => Page::Markdown,
                RenderFormat::Html => Page::Html,
            };
            return match R::render(self.file, self.fault, page) {
                Ok(text) => {
                    print!("{text}");
                    ExitCode::SUCCESS
                }
                Err(e) => fail_input(e),
            };
        };
        match R::svg(self.file, self.fault) {
            Ok(text) => match std::fs::write(out, text) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => fail_input(format!("--svg {}: {e}", out.display())),
            },
            Err(e) => fail_input(e),
        }
    }
}

/// Runs `riftcheck render`.
pub fn run(file: &Path, svg: Option<&Path>, fault: Option<&str>, format: RenderFormat) -> ExitCode {
    Ruleset::of_file(file).run(Render {
        file,
        svg,
        fault,
        format,
    })
}
