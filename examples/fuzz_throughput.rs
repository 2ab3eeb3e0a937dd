//! What each fuzz target's body costs, on its corpus, without a fuzzer: inputs per second, actions
//! checked per input (each action taken in lockstep, and for the targets that try every
//! well-formed action at every state, each of those) and actions checked per second.
//! `fuzz/measure.sh` multiplies its executions per second by the actions per input printed here.
//!
//! `cargo run --release --example fuzz_throughput -- [CORPUS_DIR|seeded] [SECONDS] [TARGET]`
//! (default: `fuzz/corpus`, 3 seconds a target; each target reads `CORPUS_DIR/<target>/`;
//! `seeded` feeds every target the same thousand seeded 512-byte inputs instead, as the laws'
//! tests do, which play longer games than the seed corpus does).

use std::path::PathBuf;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use riftcheck::harness::fuzz;
use riftcheck::harness::laws::ACTIONS_CHECKED;

/// A fuzz target's body.
type Body = fn(&[u8]);

fn main() {
    let mut args = std::env::args().skip(1);
    let corpus = PathBuf::from(args.next().unwrap_or_else(|| "fuzz/corpus".into()));
    let seconds: f64 = args.next().and_then(|s| s.parse().ok()).unwrap_or(3.0);
    let only = args.next();
    let targets: [(&str, Body); 4] = [
        ("lockstep", fuzz::lockstep),
        ("arbitrary_state", fuzz::arbitrary_state),
        ("legals_are_legal", fuzz::legals_are_legal),
        ("scenario_roundtrip", fuzz::scenario_roundtrip),
    ];
    println!(
        "{:20} {:>8} {:>12} {:>14} {:>16}",
        "target", "inputs", "inputs/s", "actions/input", "actions/s"
    );
    for (name, body) in targets {
        if only.as_deref().is_some_and(|o| o != name) {
            continue;
        }
        let dir = corpus.join(name);
        let read = if corpus.as_os_str() == "seeded" {
            Ok((0..1000)
                .map(|seed| riftcheck::harness::generate::seeded_bytes(seed, 512))
                .collect())
        } else {
            std::fs::read_dir(&dir).map(|rd| {
                rd.filter_map(|e| e.ok())
                    .filter_map(|e| std::fs::read(e.path()).ok())
                    .collect()
            })
        };
        let mut inputs: Vec<Vec<u8>> = match read {
            Ok(all) => all,
            Err(e) => {
                println!("{name}: {}: {e}", dir.display());
                continue;
            }
        };
        inputs.sort();
        if inputs.is_empty() {
            continue;
        }
        let before = ACTIONS_CHECKED.load(Ordering::Relaxed);
        let started = Instant::now();
        let mut runs = 0u64;
        while started.elapsed() < Duration::from_secs_f64(seconds) {
            for input in &inputs {
                body(input);
                runs += 1;
            }
        }
        let secs = started.elapsed().as_secs_f64();
        let actions = ACTIONS_CHECKED.load(Ordering::Relaxed) - before;
        println!(
            "{:20} {:>8} {:>12.0} {:>14.1} {:>16.0}",
            name,
            inputs.len(),
            runs as f64 / secs,
            actions as f64 / runs as f64,
            actions as f64 / secs
        );
    }
}
