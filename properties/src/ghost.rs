//! The checker's record of a state beside the game: its verdicts, its countered items, what
//! the bounds count.

use super::naive::Mates;
use super::set::PropSet;

/// What the checker records about a state beyond the game and the spec. It is hashed with the
/// state, so it holds as little history as the properties need: the verdicts of the transition
/// into the state (all zero unless a property failed, and then the state is final), the items
/// still on the Chain that were countered, and a bound. Which companions a transition showed is
/// not kept here (it would split equal states); the model records it on the side.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Ghost {
    /// `always` properties the transition into this state violated.
    pub violated: PropSet,
    /// Items on the Chain that have been countered, by name ([`super::item_bit`]; 425, 652.4): a
    /// countered item must never be seen again, let alone resolve.
    pub countered: u128,
    /// Invitations this turn (a bound: an invitation handed back returns to the same state).
    pub invites: u8,
    /// Turns ended so far (a bound).
    pub turns_ended: u8,
    /// Seats removed so far, for the bound on concessions.
    pub removed: u8,
    /// The game is over: nothing more happens.
    pub over: bool,
    /// What an observer saw of the Turn Player's teammate as this turn began.
    pub mates: Mates,
}
