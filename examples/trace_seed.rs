//! Prints the game the generator decodes from a seed, step by step, with the engine and the spec
//! in lockstep: a debugging aid for the seeded law tests
//! (`cargo run --example trace_seed -- 13024`).
use arbitrary::Unstructured;
use riftcheck::Engine as _;
use riftcheck::harness::generate::{self, Pick};
use riftcheck::{Game, oracle};

fn main() {
    let seed: u64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let bytes = generate::seeded_bytes(seed, 512);
    let mut u = Unstructured::new(&bytes);
    let setup = generate::setup(&mut u).expect("generator");
    let started = oracle::Lockstep::<Game, oracle::Spec>::start(&setup).expect("valid setup");
    let cat = started.catalog.clone();
    for c in &setup.cards {
        println!(
            "card {} {:?} owner {} ctl {:?} {:?} might {} effect {:?} ability {:?}",
            c.name, c.kind, c.owner, c.controller, c.zone, c.might, c.effect, c.ability
        );
    }
    for b in &setup.battlefields {
        println!(
            "bf {} by {} ctl {:?} +{}",
            b.name, b.contributor, b.controller, b.might_bonus
        );
    }
    if let Some(d) = started.disagreement {
        println!("DISAGREEMENT at the start: {d}");
        return;
    }
    let mut pair = started.pair;
    for step in 0..60 {
        let v = oracle::invariants(&cat, &pair.engine.observe());
        if !v.is_empty() {
            println!("INVARIANTS: {v:?}");
            break;
        }
        let mut offered = Vec::new();
        pair.engine.well_formed(&mut offered);
        for a in offered {
            if let oracle::Stepped::Disagreed(d, _) = pair.clone().step(a, &cat) {
                println!("DISAGREEMENT on {}: {d}", a.display(&cat));
                return;
            }
        }
        let Some(a) = generate::action(&pair.engine, &mut u, Pick::Legal).unwrap() else {
            break;
        };
        println!("{step}. {}", a.display(&cat));
        match pair.step(a, &cat) {
            oracle::Stepped::Agreed(obs) => {
                for e in &obs.events {
                    println!("     {}", e.display(&cat));
                }
            }
            oracle::Stepped::Refused(e) => println!("     refused by both: {e}"),
            oracle::Stepped::Disagreed(d, _) => {
                println!("DISAGREEMENT: {d}");
                return;
            }
        }
    }
}
