//! `riftcheck bench`: what the checker and the engine cost on this machine. Figures, not tests:
//! states per second and bytes per state of the model checker on the built-in configurations,
//! and the cost of one engine step.

use std::time::Instant;

use arbitrary::Unstructured;
use riftcheck::Game;
use riftcheck::harness::generate::{self, Pick};
use riftcheck::oracle::{Lockstep, Spec};

use crate::check::{self, Options};
use crate::configs;
use crate::model::State;

/// Peak resident memory of this process so far, in bytes (Linux), if known.
pub fn peak_rss() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

/// Prints the figures.
pub fn run(seconds: f64) {
    println!(
        "model checker: riftcheck's depth-first search, one thread, every built-in configuration"
    );
    println!(
        "{:26} {:>10} {:>8} {:>12} {:>14} {:>12}",
        "configuration", "unique", "time", "states/s", "peak RSS (MB)", "bytes/state"
    );
    let mut total_states = 0usize;
    let mut total_time = 0.0;
    let mut peak_before = peak_rss().unwrap_or(0);
    for c in configs::all() {
        let outcome = match check::check(&c.name(), &c.setup, c.bounds, &Options::default()) {
            Ok(o) => o,
            Err(e) => {
                println!("{}: {e}", c.name());
                continue;
            }
        };
        total_states += outcome.unique;
        total_time += outcome.seconds;
        let peak = peak_rss().unwrap_or(0);
        // The high-water mark only moves when a run needs more than any before it, so growth is
        // shown only where there was some, and only for runs large enough to be measured.
        let per_state = if peak > peak_before && outcome.unique >= 10_000 {
            format!("{:.0}", (peak - peak_before) as f64 / outcome.unique as f64)
        } else {
            "-".to_string()
        };
        peak_before = peak_before.max(peak);
        println!(
            "{:26} {:>10} {:>7.2}s {:>12.0} {:>14.1} {:>12}",
            outcome.name,
            outcome.unique,
            outcome.seconds,
            outcome.rate(),
            peak as f64 / 1e6,
            per_state
        );
    }
    println!(
        "{:26} {:>10} {:>7.2}s {:>12.0}",
        "total",
        total_states,
        total_time,
        total_states as f64 / total_time.max(1e-9)
    );
    println!(
        "\nstate size: {} bytes inline (engine game {} + spec and ghost), plus the spec's lists on the heap",
        std::mem::size_of::<State>(),
        std::mem::size_of::<Game>()
    );

    // The engine's step cost on random games.
    let mut applies = 0u64;
    let mut apply_ns = 0u128;
    let mut legal_calls = 0u64;
    let mut legal_ns = 0u128;
    let mut lockstep_steps = 0u64;
    let mut lockstep_ns = 0u128;
    let started = Instant::now();
    let mut seed = 0u64;
    while started.elapsed().as_secs_f64() < seconds {
        seed += 1;
        let bytes = generate::seeded_bytes(seed, 512);
        let mut u = Unstructured::new(&bytes);
        let Ok(setup) = generate::setup(&mut u) else {
            continue;
        };
        let Ok(mut game) = Game::from_setup(&setup) else {
            continue;
        };
        let Ok(started) = Lockstep::<Game, Spec>::start(&setup) else {
            continue;
        };
        let (mut pair, catalog) = (started.pair, started.catalog);
        for _ in 0..60 {
            let t = Instant::now();
            let legal = game.legal_actions();
            legal_ns += t.elapsed().as_nanos();
            legal_calls += 1;
            if legal.is_empty() {
                break;
            }
            let Ok(Some(action)) = generate::action(&game, &mut u, Pick::Legal) else {
                break;
            };
            let t = Instant::now();
            let _ = game.apply(action);
            apply_ns += t.elapsed().as_nanos();
            applies += 1;
            let t = Instant::now();
            let _ = pair.step(action, &catalog);
            lockstep_ns += t.elapsed().as_nanos();
            lockstep_steps += 1;
        }
    }
    println!("\nengine, on {seed} random games:");
    println!(
        "  Game::apply          {:>8.0} ns per action ({applies} actions)",
        apply_ns as f64 / applies.max(1) as f64
    );
    println!(
        "  Game::legal_actions  {:>8.0} ns per call ({legal_calls} calls)",
        legal_ns as f64 / legal_calls.max(1) as f64
    );
    println!(
        "  engine + spec step   {:>8.0} ns per action, views compared",
        lockstep_ns as f64 / lockstep_steps.max(1) as f64
    );
}
