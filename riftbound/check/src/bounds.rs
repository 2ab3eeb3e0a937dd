//! The bounds of a search: how many turns may end, players concede and invitations be made.

/// Bounds that make the state graph finite and acyclic.
///
/// Cards are played once and abilities cost "exhaust", so within a turn every action uses
/// something up or moves a round of passes on; what is left is bounded here.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Bounds {
    /// Turns that may end (0: only the first turn is played).
    pub turns: u8,
    /// Players who may concede in a game (beyond those removed in the setup).
    pub concessions: u8,
    /// Invitations per turn (Magma Chamber): an invitation handed straight back returns the
    /// game to where it was. `None` (`invites=unbounded`) counts none, so the check then finds
    /// the game returning to an earlier state (316.2.b.1).
    pub invites: Option<u8>,
    /// Whether `turns` bounds the turns begun since the start (the steps that show a turn
    /// beginning, 315), a turn handed on by a Turn Player's removal included once it begins
    /// (652.5.a.1), rather than the turns ended by a player (`--bounds turns-begun=N`; the
    /// bound of the Spin twin of `war/chain`).
    pub turns_begun: bool,
}

impl Bounds {
    /// Whether another invitation is allowed after `made` this turn.
    pub fn invites_allow(&self, made: u8) -> bool {
        self.invites.is_none_or(|most| made < most)
    }
}

impl Default for Bounds {
    fn default() -> Bounds {
        Bounds {
            turns: 1,
            concessions: 1,
            invites: Some(1),
            turns_begun: false,
        }
    }
}
