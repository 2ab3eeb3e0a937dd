//! `riftcheck simulate`: seeded random games on the built-in configurations (or a scenario's
//! setup), the engine and the spec in lockstep.

use std::path::Path;
use std::process::ExitCode;

use riftcheck::mtg::MtgGame;
use riftcheck::mtg::spec::MtgSpec;
use riftcheck::{Action, Game, Scenario, Setup};

use super::fail_input;
use crate::args::parse_bounds;
use riftbound_check::configs;
use riftbound_check::model::{Bounds, RiftModel};
use riftcheck_checker::plug::Property;
use riftcheck_checker::proof::{Example, Written};
use riftcheck_checker::search::Limits;
use riftcheck_checker::simulate::{Rare, Walks, always, shortest_or_shrunk, walks};

/// `simulate --ruleset mtg`: walks through the MTG model from `file`'s setup (none: every
/// built-in MTG configuration), `turns` more turns and `concessions` concessions allowed
/// (`--bounds turns=T,concessions=N`, default 4 and 3), the engine committing `fault`; a
/// violation shortened (the shortest path where a breadth-first search finds it within two
/// million states) and written as a rulebook example. Exit status as for `check`.
pub fn run_mtg(
    file: Option<&Path>,
    (seed, runs, depth): (u64, u64, u64),
    (bounds, fault): (Option<&str>, Option<&str>),
    deadline: Option<std::time::Instant>,
) -> ExitCode {
    let fault = match super::mtg_fault(fault) {
        Ok(f) => f,
        Err(e) => return fail_input(e),
    };
    let b = match crate::args::mtg_bounds(
        bounds.unwrap_or("turns=4,concessions=3"),
        &["turns", "concessions"],
    ) {
        Ok(b) => b,
        Err(e) => return fail_input(format!("--bounds {e}")),
    };
    let targets = match file {
        Some(path) => match riftcheck::mtg::scenario::MtgScenario::load(path) {
            Ok(s) => vec![(path.display().to_string(), s.setup)],
            Err(e) => return fail_input(e),
        },
        None => mtg_check::configs::all()
            .into_iter()
            .map(|c| (c.name, c.setup))
            .collect(),
    };
    let models = targets.into_iter().map(|(name, mut setup)| {
        setup.turns = b.turns;
        mtg_check::MtgModel::<MtgGame, MtgSpec>::new(setup, b.concessions, fault)
            .map(|m| m.named(&name))
            .map_err(|e| format!("{name}: {e}"))
    });
    let shortest = Limits {
        max_states: Some(2_000_000),
        ..Limits::default()
    };
    let concession =
        |a: &riftcheck::mtg::Action| matches!(a, riftcheck::mtg::Action::Concede { .. });
    walk_all(
        models,
        (seed, runs, depth),
        deadline,
        (concession, Some(shortest)),
    )
}

/// Runs `riftcheck simulate` from `file`'s setup (none: every built-in configuration), with
/// `(seed, runs, depth)`, the bounds in words and a fault's name.
pub fn run(
    file: Option<&Path>,
    (seed, runs, depth): (u64, u64, u64),
    (bounds, fault): (&str, Option<&str>),
    deadline: Option<std::time::Instant>,
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
    let models = targets.into_iter().map(|(name, setup)| {
        let mut model = RiftModel::<Game>::new(name.clone(), &setup.with_fault(fault), bounds)
            .map_err(|e| format!("{name}: {e}"))?;
        // Written as the check writes one: the setup as given, the engine's fault aside.
        model.written = setup;
        Ok(model)
    });
    let concession = |a: &Action| matches!(a, Action::Concede { .. });
    walk_all(models, (seed, runs, depth), deadline, (concession, None))
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

/// Walks each model of `models` (a model that cannot be made is bad input) and prints what the
/// walks found; exit status as for `check`. `rare` says which actions a walk draws rarely (a
/// concession); a violation is shortened by a breadth-first search within `shortest` where it
/// is given (else shrunk step by step) and printed as the ruleset writes it.
fn walk_all<M: Written>(
    models: impl IntoIterator<Item = Result<M, String>>,
    (seed, runs, depth): (u64, u64, u64),
    deadline: Option<std::time::Instant>,
    (rare, shortest): (Rare<M>, Option<Limits>),
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
