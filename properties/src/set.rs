//! A set of properties: the `always` properties a transition broke, the companions shown.

use super::table::Prop;

/// A set of Riftbound's properties ([`Prop`]): the set every ruleset's properties share
/// ([`riftcheck_core::Set`]), one bit per property, its place in [`Prop::ALL`].
pub type PropSet = riftcheck_core::Set<Prop>;

const _: () = assert!(Prop::ALL.len() <= 128, "a PropSet holds 128 properties");
