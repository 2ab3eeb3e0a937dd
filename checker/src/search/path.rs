//! Walking a path of actions through the model: the states along it and what each step did.

use crate::plug::{Plug, State};

/// Replays `path` from the first state, returning every state and the events of each step.
pub fn replay<M: Plug>(model: &M, path: &[M::Action]) -> Vec<(State<M>, Vec<M::Event>)> {
    let mut out = vec![(model.initial(), Vec::new())];
    for &a in path {
        let last = &out[out.len() - 1].0;
        match model.step(last, a) {
            Some(t) => out.push((t.state, t.events)),
            None => break,
        }
    }
    out
}
