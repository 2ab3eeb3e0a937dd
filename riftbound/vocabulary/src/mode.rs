//! Modes of play (476-484): how many players, teams, and which battlefields are in use.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::seat::{Seat, SeatSet};

/// A mode of play (478).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Mode {
    /// 1v1 Duel (480): two players, each contributes a battlefield.
    Duel,
    /// Free-for-all Skirmish (482): three players, one battlefield each.
    Skirmish,
    /// Free-for-all War (483): four players; the first player's battlefield is not used.
    War,
    /// 2v2 Magma Chamber (484): A and C against B and D; the first player's battlefield is not
    /// used; teammates win and lose together (484.6.a).
    MagmaChamber,
}

impl Mode {
    /// Every mode, smallest table first.
    pub const ALL: [Mode; 4] = [Mode::Duel, Mode::Skirmish, Mode::War, Mode::MagmaChamber];

    /// Number of players (480-484).
    pub fn players(self) -> usize {
        match self {
            Mode::Duel => 2,
            Mode::Skirmish => 3,
            Mode::War | Mode::MagmaChamber => 4,
        }
    }

    /// The seats at the table, A first (116).
    pub fn seats(self) -> SeatSet {
        SeatSet::first(self.players())
    }

    /// The seat and its teammates (484): in Magma Chamber A+C and B+D; otherwise the seat alone.
    pub fn team_of(self, seat: Seat) -> SeatSet {
        match self {
            Mode::MagmaChamber => {
                let mate = Seat::from_index((seat.index() + 2) % 4).unwrap_or(seat);
                let mut team = SeatSet::only(seat);
                team.insert(mate);
                team
            }
            _ => SeatSet::only(seat),
        }
    }

    /// Whether `a` and `b` are teammates (different seats on one team).
    pub fn teammates(self, a: Seat, b: Seat) -> bool {
        a != b && self.team_of(a).contains(b)
    }

    /// Whether the mode has teams (only Magma Chamber, 484).
    pub fn has_teams(self) -> bool {
        self == Mode::MagmaChamber
    }

    /// Whether the battlefield contributed by `contributor` is in use (478.4, 480-484): in War and
    /// Magma Chamber the first player's battlefield is set aside (483, 484).
    pub fn battlefield_in_use(self, contributor: Seat) -> bool {
        self.seats().contains(contributor)
            && !(matches!(self, Mode::War | Mode::MagmaChamber) && contributor == Seat::A)
    }

    /// Seats whose battlefield is in use.
    pub fn contributors(self) -> SeatSet {
        self.seats()
            .iter()
            .filter(|s| self.battlefield_in_use(*s))
            .collect()
    }

    /// The Victory Score (480-484): 8, or 11 in Magma Chamber.
    pub fn victory_score(self) -> u8 {
        match self {
            Mode::MagmaChamber => 11,
            _ => 8,
        }
    }

    /// The name used in scenario files: `duel`, `skirmish`, `war`, `magma-chamber`.
    pub fn key(self) -> &'static str {
        match self {
            Mode::Duel => "duel",
            Mode::Skirmish => "skirmish",
            Mode::War => "war",
            Mode::MagmaChamber => "magma-chamber",
        }
    }
}

impl fmt::Display for Mode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Mode::Duel => "Duel",
            Mode::Skirmish => "Skirmish",
            Mode::War => "War",
            Mode::MagmaChamber => "Magma Chamber",
        })
    }
}

/// The text did not name a mode.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a mode: expected duel, skirmish, war or magma-chamber")]
pub struct ParseModeError(pub String);

impl FromStr for Mode {
    type Err = ParseModeError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Mode::ALL
            .into_iter()
            .find(|m| m.key() == s)
            .ok_or_else(|| ParseModeError(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_players_battlefield_is_set_aside_in_four_player_modes() {
        assert!(Mode::Duel.battlefield_in_use(Seat::A));
        assert!(Mode::Skirmish.battlefield_in_use(Seat::A));
        assert!(!Mode::War.battlefield_in_use(Seat::A));
        assert!(!Mode::MagmaChamber.battlefield_in_use(Seat::A));
        assert!(Mode::War.battlefield_in_use(Seat::D));
        assert!(!Mode::Skirmish.battlefield_in_use(Seat::D));
        assert_eq!(Mode::War.contributors().len(), 3);
    }

    #[test]
    fn modes_parse_and_know_their_tables() {
        for m in Mode::ALL {
            assert_eq!(m.key().parse::<Mode>(), Ok(m));
        }
        assert!("chess".parse::<Mode>().is_err());
        assert_eq!(Mode::MagmaChamber.victory_score(), 11);
        assert_eq!(Mode::War.victory_score(), 8);
        assert!(Mode::MagmaChamber.has_teams());
        assert!(!Mode::War.has_teams() && !Mode::Duel.has_teams());
        assert_eq!(Mode::Skirmish.players(), 3);
    }

    #[test]
    fn magma_chamber_teams_are_a_c_and_b_d() {
        let m = Mode::MagmaChamber;
        assert!(m.teammates(Seat::A, Seat::C));
        assert!(m.teammates(Seat::D, Seat::B));
        assert!(!m.teammates(Seat::A, Seat::B));
        assert!(!Mode::War.teammates(Seat::A, Seat::C));
    }
}
