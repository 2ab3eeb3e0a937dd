//! Prints the game the generator decodes from a seed, step by step: a debugging aid for the
//! seeded law tests (`cargo run --example trace_seed -- 492`).
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
    let mut game = Game::from_setup(&setup).expect("valid setup");
    let cat = game.catalog_arc().clone();
    for c in &setup.cards {
        println!(
            "card {} {:?} owner {} ctl {:?} {:?} might {}",
            c.name, c.kind, c.owner, c.controller, c.zone, c.might
        );
    }
    for b in &setup.battlefields {
        println!("bf {} by {} ctl {:?}", b.name, b.contributor, b.controller);
    }
    for step in 0..60 {
        let v = oracle::invariants(&cat, &game.view());
        if !v.is_empty() {
            println!("INVARIANTS: {v:?}");
            break;
        }
        let Some(a) = generate::action(&game, &mut u, Pick::Legal).unwrap() else {
            break;
        };
        println!("{step}. {}", a.display(&cat));
        for e in game.apply(a).unwrap() {
            println!("     {}", e.display(&cat));
        }
    }
}
