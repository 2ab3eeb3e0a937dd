//! `riftcheck simulate`: seeded random walks through the model at bounds too large to exhaust.
//! Every step is checked like in `check`; a violation is shrunk to a short path and reported
//! like a counterexample.

use std::process::ExitCode;

use riftcheck::{Action, Engine, Setup};

use crate::model::{Bounds, RiftModel};
use crate::report::counterexample;
use crate::search;
use riftcheck_properties::{Kind, Prop};

/// A small deterministic generator (splitmix64).
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next number.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number below `n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

/// One random walk: the path taken, and the first `always` property it violated, if any.
pub fn walk<E: Engine>(
    model: &RiftModel<E>,
    rng: &mut Rng,
    depth: usize,
) -> (Vec<Action>, Option<Prop>) {
    let mut state = model.initial();
    let mut path = Vec::new();
    let mut offered = Vec::new();
    for _ in 0..depth {
        if let Some(p) = violated(&state) {
            return (path, Some(p));
        }
        offered.clear();
        model.offered(&state, &mut offered);
        // Choose uniformly among the actions that are transitions.
        let mut moves: Vec<(Action, crate::model::State<E>)> = offered
            .iter()
            .filter_map(|&a| model.step(&state, a).map(|t| (a, t.state)))
            .collect();
        if moves.is_empty() {
            break;
        }
        // Any seat may concede at any time; drawn as often as anything else, concessions would
        // end most walks within a few steps. One draw in eight may concede.
        if rng.below(8) != 0
            && moves
                .iter()
                .any(|(a, _)| !matches!(a, Action::Concede { .. }))
        {
            moves.retain(|(a, _)| !matches!(a, Action::Concede { .. }));
        }
        let (a, next) = moves.swap_remove(rng.below(moves.len()));
        state = next;
        path.push(a);
    }
    let v = violated(&state);
    (path, v)
}

fn violated<E: Engine>(state: &crate::model::State<E>) -> Option<Prop> {
    Prop::ALL
        .iter()
        .copied()
        .find(|p| p.kind() == Kind::Always && state.ghost.violated.contains(*p))
}

/// Runs the walks and prints a summary; exit status as for `check`.
pub fn run(
    targets: &[(String, Setup)],
    bounds: Bounds,
    seed: u64,
    runs: u64,
    depth: usize,
    fault: Option<riftcheck::Fault>,
) -> ExitCode {
    let mut failed = false;
    for (name, setup) in targets {
        let model = match RiftModel::new(name.clone(), &setup.with_fault(fault), bounds) {
            Ok(m) => m,
            Err(e) => {
                eprintln!("error: {name}: {e}");
                return ExitCode::from(2);
            }
        };
        let mut steps = 0usize;
        let mut found = None;
        for run in 0..runs {
            let mut rng = Rng::new(seed.wrapping_add(run));
            let (path, v) = walk(&model, &mut rng, depth);
            steps += path.len();
            if let Some(p) = v {
                found = Some((run, p, path));
                break;
            }
        }
        match found {
            None => println!("{name:26} {runs} walks, {steps} steps: every property held"),
            Some((run, p, path)) => {
                failed = true;
                let long = path.len();
                let short = search::shrink(&model, p, path);
                println!(
                    "{name:26} walk {run} (seed {}) broke \"{}\" after {long} steps; shrunk to {}",
                    seed.wrapping_add(run),
                    p.name(),
                    short.len()
                );
                let c = counterexample(&model, setup, p, short, None);
                print!("{}", c.rulebook());
            }
        }
    }
    if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
