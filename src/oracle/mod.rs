//! The oracle: what must hold whatever the engine does, read from what an observer sees
//! ([`crate::observation::Observation`]) and never from the engine's bookkeeping.

mod invariants;
mod lockstep;

pub use invariants::{Violation, invariants, invariants_under};
pub use lockstep::{Disagreement, Lockstep, Started, Stepped};
pub use riftbound_spec::Spec;
