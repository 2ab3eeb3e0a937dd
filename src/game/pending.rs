//! What waits, during an action, for the tasks outstanding to be done (335): the awards of
//! Priority and Focus made on the way, announced when the game rests (320.1, 335.3), and
//! triggers waiting to be placed (335.1, 157.3.a). The rules' `award` fills and empties it.

use crate::event::PriorityWhy;
use crate::seat::Seat;

/// Awards made since the game last rested, not yet announced, and whether triggers wait to be
/// placed. Empty whenever the game rests: it is not part of the state.
#[derive(Clone, Copy, Default, Debug)]
pub(crate) struct Pending {
    /// The last Priority award, with its reason and its place in the order of awards.
    pub(crate) priority: Option<(Seat, PriorityWhy, u8)>,
    /// The last Focus award, with its place in the order of awards.
    pub(crate) focus: Option<(Seat, u8)>,
    /// How many awards have been made since the game rested.
    pub(crate) made: u8,
    /// Triggers fired and wait to be placed (383.3).
    pub(crate) placing: bool,
}
