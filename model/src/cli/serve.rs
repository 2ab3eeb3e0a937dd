//! `riftcheck serve`: a ruleset's reference engine (or its spec) behind the conformance
//! protocol, on standard input and output, with the mistakes, readings and view of the game
//! asked for: an engine to test whatever checks engines.

use std::process::ExitCode;

use riftcheck::protocol::serve::{Asked, serve};

use super::fail_input;
use super::ruleset::{Run, Tools};

/// `serve` of the ruleset asked for, as `Asked` says.
pub struct Serve(pub Asked);

fn finish(done: std::io::Result<()>) -> ExitCode {
    match done {
        Ok(()) => ExitCode::SUCCESS,
        // The other side closed the pipe: the session is over.
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("riftcheck serve: {e}");
            ExitCode::from(2)
        }
    }
}

impl Run for Serve {
    type Out = ExitCode;

    /// Serves until the input ends. Exit status 2 for bad arguments.
    fn run<R: Tools>(self) -> ExitCode {
        let asked = self.0;
        let session = match R::session(&asked) {
            Ok(s) => s,
            Err(e) => return fail_input(e),
        };
        let mut recorder = match &asked.record {
            Some(path) => match riftcheck::protocol::trace::Recorder::create(path) {
                Ok(r) => Some(r),
                Err(e) => return fail_input(format!("--record {}: {e}", path.display())),
            },
            None => None,
        };
        finish(serve(
            session,
            std::io::stdin().lock(),
            std::io::stdout().lock(),
            recorder.as_mut(),
        ))
    }
}
