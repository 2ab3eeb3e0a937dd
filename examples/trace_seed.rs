//! Prints the game the generator decodes from a seed, step by step, with the engine and the spec
//! in lockstep: a debugging aid for the seeded law tests
//! (`cargo run --example trace_seed -- 13024`).
use arbitrary::Unstructured;
use riftcheck::generate::{self, Pick};
use riftcheck::{Game, oracle};

fn main() {
    let seed: u64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let bytes = generate::seeded_bytes(seed, 512);
    let mut u = Unstructured::new(&bytes);
    let setup = generate::setup(&mut u).expect("generator");
    let game = Game::from_setup(&setup).expect("valid setup");
    let cat = game.catalog_arc().clone();
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
    let mut pair = oracle::Lockstep::new(game);
    for step in 0..60 {
        let v = oracle::invariants(&cat, &pair.game.observe());
        if !v.is_empty() {
            println!("INVARIANTS: {v:?}");
            break;
        }
        for a in pair.game.well_formed_actions() {
            if let Err(d) = pair.clone().step(a) {
                println!("DISAGREEMENT on {}: {d}", a.display(&cat));
                return;
            }
        }
        let Some(a) = generate::action(&pair.game, &mut u, Pick::Legal).unwrap() else {
            break;
        };
        println!("{step}. {}", a.display(&cat));
        match pair.step(a) {
            Ok(Some(events)) => {
                for e in events {
                    println!("     {}", e.display(&cat));
                }
            }
            Ok(None) => println!("     refused by both"),
            Err(d) => {
                println!("DISAGREEMENT: {d}");
                return;
            }
        }
    }
}
