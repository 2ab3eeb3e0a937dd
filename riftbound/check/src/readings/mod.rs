//! Riftbound's policies side by side ([`Readable`], `riftcheck readings`): each policy's other
//! readings played beside the project's from the default configurations and, where those cannot
//! separate them, from the positions of the policy's own scenarios ([`side_by_side`] from the
//! starting positions of [`probes`]), and the properties each other reading breaks at the quick
//! bounds.

pub mod probes;
pub mod side_by_side;

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use riftcheck::PolicyChoice;
use riftcheck_checker::readings::{self as generic, Asked, Read, Readable};
use riftcheck_properties::Prop;

use crate::configs;
use crate::plan::RiftboundCheck;
use crate::proof::{Options, check_configs};
use side_by_side::{Alternative, Finding, alternatives, example, scenario};

impl Readable for RiftboundCheck {
    fn readings(asked: &Asked<'_>) -> Result<Read<Prop>, String> {
        let (alts, single) = alternatives(asked.policies)?;
        let all = probes::defaults(!asked.full);
        // The searches, spread over the threads; each is deterministic on its own.
        let next = AtomicUsize::new(0);
        let found: Mutex<Vec<Option<Finding>>> = Mutex::new(vec![None; alts.len()]);
        std::thread::scope(|s| {
            for _ in 0..asked.threads.min(alts.len()).max(1) {
                s.spawn(|| {
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(&alt) = alts.get(i) else { break };
                        let f = side_by_side::search_everywhere(alt, &all, asked.max_states);
                        if let Ok(mut v) = found.lock() {
                            v[i] = Some(f);
                        }
                    }
                });
            }
        });
        let found = found.into_inner().unwrap_or_default();
        let mut rows = Vec::new();
        for finding in found.into_iter().flatten() {
            let broken = if asked.properties {
                Some(broken_under(&finding.alternative, asked.threads)?)
            } else {
                None
            };
            rows.push((written(&finding), broken));
        }
        let single = single.into_iter().map(|p| (p, why_single(p))).collect();
        Ok(Read { rows, single })
    }
}

/// A finding in the words every ruleset's readings are printed in: the situation as a
/// rulebook example and as a scenario file per reading.
fn written(f: &Finding) -> generic::Finding {
    f.written(
        |alt| generic::Alternative {
            point: alt.point.key,
            default: alt.default_reading().key,
            reading: alt.reading.key,
            default_text: alt.default_reading().text(),
            reading_text: alt.reading.text(),
        },
        |alt, p| generic::Parted {
            config: p.config.clone(),
            steps: p.path.len(),
            example: example(alt, p),
            scenarios: [0, 1].map(|side| scenario(alt, p, side).to_toml()),
        },
        |p| generic::Panicked {
            config: p.config.clone(),
            steps: p.steps.clone(),
            said: p.said.clone(),
        },
    )
}

/// The properties that fail in some configuration at the quick bounds under `alt`.
fn broken_under(alt: &Alternative, threads: usize) -> Result<Vec<Prop>, String> {
    let chosen: Vec<_> = configs::all()
        .into_iter()
        .filter(|c| alt.point.applies_in(c.mode))
        .collect();
    let opts = Options {
        threads,
        policies: vec![PolicyChoice {
            point: alt.point.key,
            reading: alt.reading.key,
        }],
        ..Options::default()
    };
    let outcomes = check_configs(&chosen, true, &opts, &mut |_| {})?;
    let mut broken: Vec<Prop> = outcomes.iter().flat_map(|o| o.failed.clone()).collect();
    broken.sort_by_key(|p| *p as u8);
    broken.dedup();
    Ok(broken)
}

/// Why a policy has no other reading in the engine.
fn why_single(name: &str) -> &'static str {
    match name {
        "concession-timing" => {
            "the model has no state inside a resolution, a cost or a cleanup (a concession always \
             comes between atomic game actions), so the reading interrupts-resolution could not \
             part from it"
        }
        _ => "its other reading is not implemented yet",
    }
}
