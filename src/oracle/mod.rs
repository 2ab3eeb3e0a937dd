//! The oracle: what must hold whatever the engine does, read from what an observer sees
//! ([`crate::View`]) and never from the engine's bookkeeping.

mod invariants;
mod lockstep;
mod spec;

pub use invariants::{Violation, invariants};
pub use lockstep::{Disagreement, Lockstep, first_difference};
pub use spec::{Refusal, Spec};
