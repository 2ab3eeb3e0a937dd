//! `riftcheck bench`: what the checker and the engine cost on this machine. Figures, not tests:
//! states per second and bytes per state of the model checker on the built-in configurations,
//! and the cost of one engine step.

use std::process::ExitCode;
use std::time::Instant;

use arbitrary::Unstructured;
use riftcheck::Game;
use riftcheck::harness::generate::{self, Pick};
use riftcheck::oracle::{Lockstep, Spec};

use riftbound_check::configs;
use riftbound_check::model::State;
use riftbound_check::proof::{Options, check_configs};
use riftcheck::Engine as _;

/// Peak resident memory of this process so far, in bytes (Linux), if known.
pub fn peak_rss() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

/// Prints the figures.
fn measure(seconds: f64, quick: bool) {
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    println!(
        "model checker: the {} check ({} bounds), riftcheck's depth-first search, {threads} \
         threads (configurations at once; a thread with none left to start joins a search still \
         running)",
        if quick { "quick" } else { "default" },
        if quick { "quick" } else { "default" },
    );
    println!(
        "{:26} {:>10} {:>8} {:>12}",
        "configuration", "unique", "time", "states/s"
    );
    let opts = Options {
        threads,
        ..Options::default()
    };
    let peak_before = peak_rss().unwrap_or(0);
    let started = Instant::now();
    let outcomes = match check_configs(&configs::all(), quick, &opts, &mut |o| {
        println!(
            "{:26} {:>10} {:>7.2}s {:>12.0}",
            o.name,
            o.unique,
            o.seconds,
            o.rate()
        );
    }) {
        Ok(o) => o,
        Err(e) => {
            println!("{e}");
            return;
        }
    };
    let wall = started.elapsed().as_secs_f64();
    let total_states: usize = outcomes.iter().map(|o| o.unique).sum();
    let total_time: f64 = outcomes.iter().map(|o| o.seconds).sum();
    let peak = peak_rss().unwrap_or(0);
    println!(
        "{:26} {:>10} {:>7.2}s {:>12.0}  (search time summed over the configurations)",
        "total",
        total_states,
        total_time,
        total_states as f64 / total_time.max(1e-9)
    );
    // The largest configurations in flight together bound the peak: bytes per state of those.
    let mut sizes: Vec<usize> = outcomes.iter().map(|o| o.unique).collect();
    sizes.sort_unstable_by(|a, b| b.cmp(a));
    let in_flight: usize = sizes.iter().take(threads).sum();
    println!(
        "whole check: {total_states} distinct states in {wall:.1} s wall ({:.0} distinct states \
         per second of the whole run), peak resident memory {:.0} MB ({:.0} bytes a state of the \
         {threads} largest configurations, searched at once)",
        total_states as f64 / wall.max(1e-9),
        peak as f64 / 1e6,
        peak.saturating_sub(peak_before) as f64 / in_flight.max(1) as f64
    );
    println!(
        "\nstate size: {} bytes inline (engine game {} + spec and ghost), nothing on the heap (every \
         list has a fixed capacity the rules bound; the view beside it is a shared cache of the \
         observation, not part of the state)",
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
            let mut legal = Vec::new();
            game.well_formed(&mut legal);
            legal.retain(|&a| game.check(a).is_ok());
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
        "  legal actions        {:>8.0} ns per listing ({legal_calls} listings)",
        legal_ns as f64 / legal_calls.max(1) as f64
    );
    println!(
        "  engine + spec step   {:>8.0} ns per action, views compared",
        lockstep_ns as f64 / lockstep_steps.max(1) as f64
    );
}

/// Runs `riftcheck bench` for `seconds` (0 to 3600).
pub fn run(seconds: f64, quick: bool) -> ExitCode {
    if !(0.0..=3600.0).contains(&seconds) {
        return super::fail_input(format!("--seconds {seconds}: expected 0 to 3600"));
    }
    measure(seconds, quick);
    ExitCode::SUCCESS
}
