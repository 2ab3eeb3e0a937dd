//! `riftcheck explore`: the Explorer on 127.0.0.1, opened on a scenario or a built-in
//! configuration of the ruleset asked for (a scenario file's own, given one).

use std::path::Path;
use std::process::ExitCode;

use super::fail_input;
use super::ruleset::{Run, Tools};
use riftcheck_checker::explore::Opening;

/// `riftcheck explore`: what to open, and the port to serve it on.
pub struct Explore<'a> {
    /// A scenario file, a built-in configuration, and the fault the engine commits.
    pub opening: Opening<'a>,
    /// The port (0: one the system chooses).
    pub port: u16,
}

impl Run for Explore<'_> {
    type Out = ExitCode;

    fn run<R: Tools>(self) -> ExitCode {
        let opened = match R::open(&self.opening) {
            Ok(o) => o,
            Err(e) => return fail_input(e),
        };
        match riftcheck_explorer::serve::<R>(opened, self.port) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => fail_input(e),
        }
    }
}

/// The ruleset `explore` opens: the one asked for, or else the one `file` declares.
pub fn ruleset(asked: Option<super::Ruleset>, file: Option<&Path>) -> super::Ruleset {
    asked.unwrap_or_else(|| file.map(super::Ruleset::of_file).unwrap_or_default())
}
