//! `riftcheck simulate`: seeded random games on the built-in configurations (or a scenario's
//! setup), the engine and the spec in lockstep.

use std::path::Path;
use std::process::ExitCode;

use riftcheck::{Scenario, Setup};

use super::fail_input;
use crate::args::parse_bounds;
use crate::configs;
use crate::model::Bounds;

/// Runs `riftcheck simulate` from `file`'s setup (none: every built-in configuration), with
/// `(seed, runs, depth)`, the bounds in words and a fault's name.
pub fn run(
    file: Option<&Path>,
    (seed, runs, depth): (u64, u64, u64),
    bounds: &str,
    fault: Option<&str>,
) -> ExitCode {
    let fault = match super::fault(fault) {
        Ok(f) => f,
        Err(e) => return fail_input(e),
    };
    let bounds = match parse_bounds(bounds, Bounds::default()) {
        Ok(b) => b,
        Err(e) => return fail_input(e),
    };
    let targets: Vec<(String, Setup)> = match file {
        Some(path) => match Scenario::load(path) {
            Ok(s) => vec![(path.display().to_string(), s.setup)],
            Err(e) => return fail_input(e),
        },
        None => configs::all()
            .into_iter()
            .map(|c| (c.name(), c.setup))
            .collect(),
    };
    let depth = usize::try_from(depth).unwrap_or(usize::MAX);
    crate::simulate::run(&targets, bounds, seed, runs, depth, fault)
}
