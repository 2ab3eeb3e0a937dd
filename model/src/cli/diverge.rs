//! `riftcheck diverge`: Riftbound 651-652 and MTG 800.4 side by side, from scenario files.

use std::process::ExitCode;

/// How `diverge` writes its comparison.
#[derive(Clone, Copy, PartialEq, Eq, Debug, clap::ValueEnum)]
pub enum DivergeFormat {
    /// A table and the paired examples, for a terminal.
    Text,
    /// The document docs/riftbound-vs-mtg.md.
    Markdown,
}

/// Runs `riftcheck diverge`.
pub fn run(format: DivergeFormat) -> ExitCode {
    use riftcheck_rulebook::diverge::{DivergeFormat as Written, report};
    let format = match format {
        DivergeFormat::Text => Written::Text,
        DivergeFormat::Markdown => Written::Markdown,
    };
    match report(format) {
        Ok(text) => {
            print!("{text}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("riftcheck diverge: {e}");
            ExitCode::from(1)
        }
    }
}
