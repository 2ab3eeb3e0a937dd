//! `riftcheck simulate`: seeded random games on the built-in configurations (or a scenario's
//! setup), the engine and the spec in lockstep.

use std::path::Path;
use std::process::ExitCode;

use super::fail_input;
use super::ruleset::{Run, Tools};
use riftcheck_checker::plan::Walked;
use riftcheck_checker::plug::Property;
use riftcheck_checker::proof::{Example, Written};
use riftcheck_checker::simulate::{Walks, always, shortest_or_shrunk, walks};

/// `riftcheck simulate`: walks from `file`'s setup (none: every built-in configuration of the
/// ruleset) at `bounds` (none: the ruleset's walking bounds), `(seed, runs, depth)`, the engine
/// committing `fault`, until `deadline`; a violation shortened and written as a rulebook
/// example. Exit status as for `check`.
pub struct Simulate<'a> {
    /// The scenario whose setup is walked from.
    pub file: Option<&'a Path>,
    /// The seed of the first walk, how many walks, and how deep each goes.
    pub walks: (u64, u64, u64),
    /// `--bounds`, as written.
    pub bounds: Option<&'a str>,
    /// `--fault`, by its key.
    pub fault: Option<&'a str>,
    /// When to stop walking.
    pub deadline: Option<std::time::Instant>,
}

impl Run for Simulate<'_> {
    type Out = ExitCode;

    fn run<R: Tools>(self) -> ExitCode {
        match R::walked(self.file, self.bounds, self.fault) {
            Ok(walked) => walk_all(walked, self.walks, self.deadline),
            Err(e) => fail_input(e),
        }
    }
}

/// Prints what one configuration's walks found, for either ruleset: the line saying every
/// property held, or the walk that broke `name_of` its property, its path shortened by `shorten`
/// (which says whether the result is the shortest there is), and the rulebook example `example`
/// makes of it. Whether a property broke.
fn print_walks<P: Copy, A>(
    name: &str,
    (seed, runs): (u64, u64),
    w: Walks<P, A>,
    name_of: impl Fn(P) -> &'static str,
    shorten: impl FnOnce(P, Vec<A>) -> (Vec<A>, bool),
    example: impl FnOnce(P, &[A]) -> String,
) -> bool {
    let Some((run, p, path)) = w.found else {
        if w.cut {
            println!(
                "{name:26} {} of {runs} walks, {} steps, before --timeout: every property held on them",
                w.taken, w.steps
            );
        } else {
            println!(
                "{name:26} {runs} walks, {} steps: every property held",
                w.steps
            );
        }
        return false;
    };
    let long = path.len();
    let (short, shortest) = shorten(p, path);
    let how = if shortest {
        "the shortest path to it:"
    } else {
        "shrunk to"
    };
    println!(
        "{name:26} walk {run} (seed {}) broke \"{}\" after {long} steps; {how} {}",
        seed.wrapping_add(run),
        name_of(p),
        short.len()
    );
    print!("{}", example(p, &short));
    true
}

/// The exit status of a simulation: 1 a property broke, 3 the deadline cut the walks, else 0.
fn status(failed: bool, cut: bool) -> ExitCode {
    ExitCode::from(match (failed, cut) {
        (true, _) => 1,
        (false, true) => 3,
        _ => 0,
    })
}

/// Walks each of the models (a model that cannot be made is bad input) and prints what the
/// walks found; exit status as for `check`. A violation is shortened by a breadth-first search
/// within the ruleset's limits where it gives them (else shrunk step by step) and printed as the
/// ruleset writes it.
fn walk_all<M: Written>(
    Walked {
        models,
        rare,
        shortest,
    }: Walked<M>,
    (seed, runs, depth): (u64, u64, u64),
    deadline: Option<std::time::Instant>,
) -> ExitCode {
    let depth = usize::try_from(depth).unwrap_or(usize::MAX);
    let (mut failed, mut cut) = (false, false);
    let props = always::<M::Prop>();
    for model in models {
        let model = match model {
            Ok(m) => m,
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::from(2);
            }
        };
        let w = walks(&model, (&props, rare), (seed, runs, depth), deadline);
        cut |= w.cut;
        failed |= print_walks(
            model.name(),
            (seed, runs),
            w,
            Property::name,
            |p, path| match shortest {
                Some(limits) => shortest_or_shrunk(&model, p, path, limits),
                None => (riftcheck_checker::search::shrink(&model, p, path), false),
            },
            |p, path| model.counterexample(p, path.to_vec(), None).rulebook(),
        );
    }
    status(failed, cut)
}
