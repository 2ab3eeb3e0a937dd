//! Finds states of a configuration that an observer cannot tell apart: two distinct states whose
//! observation (every field, the step's events left out) and whose bounds counted so far are the
//! same, but whose engines' or spec's hidden bookkeeping differs. Such pairs split what the rules
//! treat as one state. Prints how many there are and the first pair found.
//!
//! `cargo run --release -p riftcheck-model --example state_splits -- war/chain turns-begun=2,concessions=2`

use std::collections::HashMap;
use std::hash::{BuildHasher, Hash, Hasher};

use riftbound_check::configs;
use riftbound_check::model::{RiftModel, State};
use riftcheck_checker::plug::Plug;
use riftcheck_checker::search::FpSet;

fn main() {
    let mut args = std::env::args().skip(1);
    let name = args.next().unwrap_or_else(|| "war/chain".into());
    let bounds_text = args.next().unwrap_or_default();
    let Some(c) = configs::all().into_iter().find(|c| c.name() == name) else {
        eprintln!("state_splits: no built-in configuration {name}");
        std::process::exit(2);
    };
    let model = c
        .quick
        .read(&bounds_text)
        .map_err(|e| e.to_string())
        .and_then(|b| RiftModel::new(&name, &c.setup, b).map_err(|e| e.to_string()))
        .unwrap_or_else(|e| {
            eprintln!("state_splits: {e}");
            std::process::exit(2);
        });
    let key = |s: &State| {
        let mut h =
            std::hash::BuildHasherDefault::<std::collections::hash_map::DefaultHasher>::default()
                .build_hasher();
        s.view.hash(&mut h);
        (
            s.ghost.turns_ended,
            s.ghost.removed,
            s.ghost.invites,
            s.ghost.over,
            s.ghost.violated,
        )
            .hash(&mut h);
        h.finish()
    };
    let mut seen = FpSet::default();
    let mut by_key: HashMap<u64, State> = HashMap::new();
    let mut stack = vec![model.initial()];
    seen.insert(stack[0].fingerprint());
    let (mut states, mut splits) = (0usize, 0usize);
    let mut shown = false;
    let mut actions = Vec::new();
    while let Some(s) = stack.pop() {
        states += 1;
        match by_key.get(&key(&s)) {
            Some(other) => {
                splits += 1;
                if !shown {
                    shown = true;
                    println!(
                        "first pair an observer cannot tell apart:\n{:#?}\n{:#?}",
                        other.pair, s.pair
                    );
                    println!("ghosts: {:?} / {:?}", other.ghost, s.ghost);
                }
            }
            None => {
                by_key.insert(key(&s), s.clone());
            }
        }
        actions.clear();
        model.offered(&s, &mut actions);
        for &a in &actions {
            if let Some(t) = model.step(&s, a)
                && seen.insert(t.state.fingerprint())
            {
                stack.push(t.state);
            }
        }
    }
    println!(
        "{name} {bounds_text}: {states} distinct states, {} an observer tells apart, {splits} splits",
        by_key.len()
    );
}
