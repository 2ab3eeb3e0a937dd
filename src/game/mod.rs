//! The reference engine's game: its state as a plain value ([`Game`]), the read-only queries,
//! the well-formed actions at a table, and how the engine follows each reading (`policy`). The
//! transitions live in `crate::rules`, which is the only code that changes a game.

mod build;
pub(crate) mod chain;
pub(crate) mod enumerate;
mod observe;
pub(crate) mod pending;
pub(crate) mod policy;
mod state;

pub use chain::Item;
pub(crate) use state::{Assigning, Combat, MAX_ASSIGNED, Showdown, Window};
pub use state::{CardState, FieldState, Game};
