//! riftcheck's core: what every ruleset, engine and checker shares and nothing of any one
//! ruleset.
//!
//! - [`engine`]: the boundary. A [`Ruleset`] names the types a game is made of; an [`Engine`]
//!   starts from a setup, lists well-formed actions, takes one or refuses it with the rule it
//!   breaks, and shows what an observer sees.
//! - [`property`]: what a property promises, its judge's verdict, and a set of a ruleset's
//!   properties, written once for every ruleset.
//! - [`reading_point!`]: one point where a ruleset's rules can be read more than one way, as an
//!   enum of its readings, for every ruleset's vocabulary.
//! - [`shrink`]: the one shrinker every failing sequence of steps is reported through.
//! - [`files`]: every file riftcheck reads, read within a limit; [`text`]: text from outside
//!   escaped before it is shown or written back.
//! - [`clone_in_place!`]: `Clone` for a game struct, copying field by field into the room of
//!   another (the checker copies a state for every transition it tries).
//!
//! This crate imports nothing of the workspace: each ruleset's vocabulary sits on it, and its
//! engine and its spec on that vocabulary.

#![warn(missing_docs)]

pub mod engine;
pub mod files;
mod in_place;
pub mod markup;
pub mod property;
mod readings;
pub mod shrink;
pub mod text;

pub use engine::{Engine, Ruleset, step};
pub use property::{Kind, Property, Set, Verdict};
