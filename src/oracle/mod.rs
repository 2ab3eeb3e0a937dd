//! The oracle: what must hold whatever the engine does, read from what an observer sees
//! ([`crate::View`]) and never from the engine's bookkeeping.

mod invariants;

pub use invariants::{Violation, invariants};
