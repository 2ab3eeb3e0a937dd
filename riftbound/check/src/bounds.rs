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
    /// The bounds written `turns=1,concessions=2,invites=1` over `self` (`--bounds`);
    /// `turns-begun=N` bounds the turns begun rather than ended, and `invites=unbounded` lifts
    /// the bound on invitations.
    ///
    /// # Errors
    ///
    /// A part is not `key=value`, the key is not a bound, or the value not a number from 0 to
    /// 255 (for invites, or `unbounded`).
    pub fn read(mut self, text: &str) -> Result<Bounds, String> {
        for (key, value) in riftcheck_checker::plan::bound_values(text, &["invites"])? {
            // Only invitations may be unbounded; the other keys always have a number.
            let number = value.unwrap_or_default();
            match key {
                "turns" => {
                    self.turns = number;
                    self.turns_begun = false;
                }
                "turns-begun" => {
                    self.turns = number;
                    self.turns_begun = true;
                }
                "concessions" => self.concessions = number,
                "invites" => self.invites = value,
                other => {
                    return Err(format!(
                        "`{other}` is not a bound: expected turns, turns-begun, concessions or \
                         invites"
                    ));
                }
            }
        }
        Ok(self)
    }

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

#[cfg(test)]
mod tests {
    use super::Bounds;

    #[test]
    fn invitations_may_be_left_unbounded_and_nothing_else_may() {
        let b = Bounds::default()
            .read("invites=unbounded,turns=255")
            .unwrap();
        assert_eq!((b.invites, b.turns), (None, 255));
        assert_eq!(
            Bounds::default().read("invites=255").unwrap().invites,
            Some(255)
        );
        let e = Bounds::default().read("turns=unbounded").unwrap_err();
        assert!(e.contains("0 to 255"), "{e}");
        let b = Bounds::default().read("turns-begun=3").unwrap();
        assert!(b.turns_begun && b.turns == 3);
        let e = Bounds::default().read("rounds=2").unwrap_err();
        assert!(e.contains("is not a bound"), "{e}");
    }
}
