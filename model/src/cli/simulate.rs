//! `riftcheck simulate`: seeded random games on the built-in configurations (or a scenario's
//! setup), the engine and the spec in lockstep.

use std::path::Path;
use std::process::ExitCode;

use riftcheck::{Action, Scenario, Setup};

use super::fail_input;
use crate::args::parse_bounds;
use riftbound_check::configs;
use riftbound_check::model::{Bounds, RiftModel};
use riftcheck_checker::simulate::{Walks, always, walks};

/// `simulate --ruleset mtg`: walks through the MTG model from `file`'s setup (none: every
/// built-in MTG configuration), `turns` more turns and `concessions` concessions allowed
/// (`--bounds turns=T,concessions=N`, default 4 and 3), the engine committing `fault`; a
/// violation shrunk and written as a scenario file's text. Exit status as for `check`.
pub fn run_mtg(
    file: Option<&Path>,
    (seed, runs, depth): (u64, u64, u64),
    (bounds, fault): (Option<&str>, Option<&str>),
    deadline: Option<std::time::Instant>,
) -> ExitCode {
    use mtg_check::properties::MtgProp;
    use riftcheck::mtg::Action;
    use riftcheck_checker::simulate::shortest_or_shrunk;
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
    let (mut failed, mut cut) = (false, false);
    let depth = usize::try_from(depth).unwrap_or(usize::MAX);
    for (name, mut setup) in targets {
        setup.turns = b.turns;
        let graph: mtg_check::MtgModel =
            match mtg_check::MtgModel::new(setup.clone(), b.concessions, fault) {
                Ok(m) => m.named(&name),
                Err(e) => return fail_input(format!("{name}: {e}")),
            };
        let concession = |a: &Action| matches!(a, Action::Concede { .. });
        let w = walks(
            &graph,
            (&MtgProp::ALL, concession),
            (seed, runs, depth),
            deadline,
        );
        cut |= w.cut;
        let limits = riftcheck_checker::search::Limits {
            max_states: Some(2_000_000),
            ..Default::default()
        };
        // Reported as the check reports one: the rulebook example of the engine walked, closed
        // by what the spec expected and what the engine showed.
        let config = mtg_check::configs::MtgConfig {
            name: name.clone(),
            family: "walk",
            setup: setup.clone(),
            concessions: b.concessions,
        };
        failed |= print_walks(
            &name,
            (seed, runs),
            w,
            MtgProp::text,
            |p, path| shortest_or_shrunk(&graph, p, path, limits),
            |p, path| mtg_check::report::Violation::of(&config, p, fault, path).rulebook,
        );
    }
    status(failed, cut)
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
    let depth = usize::try_from(depth).unwrap_or(usize::MAX);
    walk_all(&targets, bounds, (seed, runs, depth), fault, deadline)
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

/// Runs the walks and prints a summary; exit status as for `check`.
fn walk_all(
    targets: &[(String, Setup)],
    bounds: Bounds,
    (seed, runs, depth): (u64, u64, usize),
    fault: Option<riftcheck::Fault>,
    deadline: Option<std::time::Instant>,
) -> ExitCode {
    let (mut failed, mut cut) = (false, false);
    for (name, setup) in targets {
        let model = match RiftModel::new(name.clone(), &setup.with_fault(fault), bounds) {
            Ok(m) => m,
            Err(e) => {
                eprintln!("error: {name}: {e}");
                return ExitCode::from(2);
            }
        };
        let props = always();
        let concession = |a: &Action| matches!(a, Action::Concede { .. });
        let w = walks(&model, (&props, concession), (seed, runs, depth), deadline);
        cut |= w.cut;
        failed |= print_walks(
            name,
            (seed, runs),
            w,
            riftcheck_properties::Prop::name,
            |p, path| (riftcheck_checker::search::shrink(&model, p, path), false),
            |p, path| {
                riftbound_check::report::counterexample(&model, setup, p, path.to_vec(), None)
                    .rulebook()
                    .to_owned()
            },
        );
    }
    status(failed, cut)
}
