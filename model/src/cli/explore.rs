//! `riftcheck explore`: the Explorer on 127.0.0.1, opened on a scenario or a built-in
//! configuration.

use std::path::Path;
use std::process::ExitCode;

use riftcheck::{Scenario, Setup};

use super::fail_input;
use riftbound_check::configs;
use riftbound_check::model::Bounds;

/// Runs `riftcheck explore`.
pub fn run(file: Option<&Path>, config: &str, port: u16, fault: Option<&str>) -> ExitCode {
    use riftcheck_explorer::{Opening, serve};
    let fault = match fault.map(str::parse::<riftcheck::Fault>).transpose() {
        Ok(f) => f,
        Err(e) => return fail_input(e),
    };
    let opening = match file {
        Some(path) => match Scenario::load(path) {
            Ok(s) => Opening {
                name: path.display().to_string(),
                setup: s.setup.clone(),
                bounds: Bounds::default(),
                fault,
                scenario: Some(s),
            },
            Err(e) => return fail_input(e),
        },
        None => match config_named(config) {
            Ok((name, setup, bounds)) => Opening {
                name,
                setup,
                bounds,
                fault,
                scenario: None,
            },
            Err(e) => return fail_input(e),
        },
    };
    match serve(opening, port) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => fail_input(e),
    }
}

/// The built-in configuration called `config`: its name, setup and bounds.
fn config_named(config: &str) -> Result<(String, Setup, Bounds), String> {
    configs::all()
        .into_iter()
        .find(|c| c.name() == config)
        .map(|c| (c.name(), c.setup, c.bounds))
        .ok_or_else(|| {
            format!("no configuration is called `{config}`; `riftcheck check --list` shows them")
        })
}
