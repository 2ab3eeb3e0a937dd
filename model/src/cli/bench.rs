//! `riftcheck bench`: what the checker and the engine cost on this machine, for either ruleset.
//! Figures, not tests: states per second and bytes per state of the model checker on the
//! built-in configurations, and the cost of one engine step on random games.

use std::process::ExitCode;
use std::time::Instant;

use super::ruleset::{Run, Tools};
use riftcheck_checker::plan::Asked;
use riftcheck_checker::plug::State;
use riftcheck_checker::proof::{self, How};

/// Peak resident memory of this process so far, in bytes (Linux), if known.
pub fn peak_rss() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

/// `riftcheck bench`: seconds to spend on the engine's step cost, and whether the check runs at
/// the quick bounds.
pub struct Bench {
    /// Seconds of random games (0 to 3600).
    pub seconds: f64,
    /// The quick bounds instead of the default ones.
    pub quick: bool,
}

impl Run for Bench {
    type Out = ExitCode;

    fn run<R: Tools>(self) -> ExitCode {
        if !(0.0..=3600.0).contains(&self.seconds) {
            return super::fail_input(format!("--seconds {}: expected 0 to 3600", self.seconds));
        }
        if let Err(e) = check::<R>(self.quick) {
            return super::fail_input(e);
        }
        engine::<R>(self.seconds);
        ExitCode::SUCCESS
    }
}

/// Checks the ruleset's built-in configurations at the default (or quick) bounds on every
/// processor, and prints what each search and the whole check cost.
fn check<R: Tools>(quick: bool) -> Result<(), String> {
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    let bounds = if quick { "quick" } else { "default" };
    println!(
        "model checker: the {bounds} check of {} ({bounds} bounds), riftcheck's depth-first \
         search, {threads} threads (configurations at once; a thread with none left to start \
         joins a search still running)",
        R::KEY,
    );
    println!(
        "{:26} {:>10} {:>8} {:>12}",
        "configuration", "unique", "time", "states/s"
    );
    let plan = R::plan(&Asked {
        quick,
        ..Asked::default()
    })?;
    let how = How {
        threads,
        ..How::default()
    };
    let peak_before = peak_rss().unwrap_or(0);
    let started = Instant::now();
    let outcomes = proof::check_all(plan.entries.len(), &plan.model_of, &how, &mut |o| {
        println!(
            "{:26} {:>10} {:>7.2}s {:>12.0}",
            o.name,
            o.unique,
            o.seconds,
            o.rate()
        );
    })?;
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
        "\nstate size: {} bytes inline (engine game {} + spec and ghost); the view beside it is \
         a shared cache of the observation, not part of the state",
        std::mem::size_of::<State<R::Model>>(),
        R::ENGINE_BYTES,
    );
    Ok(())
}

/// Plays random games for `seconds` and prints what the engine's steps cost.
fn engine<R: Tools>(seconds: f64) {
    let c = R::engine_costs(seconds);
    println!("\nengine, on {} random games:", c.games);
    println!(
        "  taking an action     {:>8.0} ns per action ({} actions)",
        c.apply.per_call(),
        c.apply.calls
    );
    println!(
        "  legal actions        {:>8.0} ns per listing ({} listings)",
        c.listing.per_call(),
        c.listing.calls
    );
    println!(
        "  engine + spec step   {:>8.0} ns per action, views compared",
        c.lockstep.per_call()
    );
}
