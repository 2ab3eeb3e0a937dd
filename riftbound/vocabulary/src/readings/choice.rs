//! A reading of a policy chosen by name on the command line or in a protocol hello.

use std::fmt;
use std::str::FromStr;

use super::{POINTS, PointKind, ReadingError, Readings};

/// A reading of one of the project's policies chosen by name, `POINT=READING` on the command line
/// (`--policy focus-after-chain=countered-does-not-pass`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct PolicyChoice {
    /// The point.
    pub point: &'static str,
    /// The reading chosen.
    pub reading: &'static str,
}

impl PolicyChoice {
    /// `readings` with this choice made.
    pub fn apply(self, readings: Readings) -> Readings {
        let mut r = readings;
        // Both names were checked when the choice was parsed.
        let _ = r.set(self.point, self.reading);
        r
    }
}

impl fmt::Display for PolicyChoice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}={}", self.point, self.reading)
    }
}

/// Why a `POINT=READING` choice cannot be made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PolicyChoiceError {
    /// There is no `=`.
    #[error("`{0}` is not POLICY=READING (e.g. team-victory=last-player-only)")]
    Malformed(String),
    /// The point or the reading does not exist.
    #[error(transparent)]
    Unknown(#[from] ReadingError),
    /// The point is a rule, not a policy: its other readings are faults.
    #[error("`{0}` is a rule, not a policy; its misreadings are chosen with --fault")]
    NotAPolicy(&'static str),
    /// The reading is known to be wrong.
    #[error("`{reading}` of {point} is the rule fault `{fault}`; choose it with --fault {fault}")]
    Fault {
        /// The point.
        point: &'static str,
        /// The reading.
        reading: &'static str,
        /// The fault it is.
        fault: &'static str,
    },
}

impl FromStr for PolicyChoice {
    type Err = PolicyChoiceError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let (point, reading) = s
            .split_once('=')
            .ok_or_else(|| PolicyChoiceError::Malformed(s.to_string()))?;
        let (point, reading) = (point.trim(), reading.trim());
        let info = POINTS
            .iter()
            .find(|p| p.key == point)
            .ok_or_else(|| ReadingError::UnknownPoint(point.to_string()))?;
        let r = info
            .readings
            .iter()
            .find(|r| r.key == reading)
            .ok_or_else(|| ReadingError::UnknownReading {
                point: info.key,
                reading: reading.to_string(),
                expected: info.readings.iter().map(|r| r.key).collect(),
            })?;
        if info.kind != PointKind::Policy {
            return Err(PolicyChoiceError::NotAPolicy(info.key));
        }
        if let Some(fault) = r.fault {
            return Err(PolicyChoiceError::Fault {
                point: info.key,
                reading: r.key,
                fault,
            });
        }
        Ok(PolicyChoice {
            point: info.key,
            reading: r.key,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::readings::TeamVictory;

    #[test]
    fn a_policy_reading_is_chosen_by_name_and_a_fault_is_not() {
        let c: PolicyChoice = "team-victory=last-player-only".parse().unwrap();
        assert_eq!(c.to_string(), "team-victory=last-player-only");
        assert_eq!(
            c.apply(Readings::default()).team_victory,
            TeamVictory::LastPlayerOnly
        );
        assert!(matches!(
            "team-victory".parse::<PolicyChoice>(),
            Err(PolicyChoiceError::Malformed(_))
        ));
        assert!(matches!(
            "pass-record=consecutive-count".parse::<PolicyChoice>(),
            Err(PolicyChoiceError::Fault {
                fault: "count-passes",
                ..
            })
        ));
        assert!(matches!(
            "kill=to-trash".parse::<PolicyChoice>(),
            Err(PolicyChoiceError::NotAPolicy("kill"))
        ));
        assert!(matches!(
            "team-victory=sometimes".parse::<PolicyChoice>(),
            Err(PolicyChoiceError::Unknown(
                ReadingError::UnknownReading { .. }
            ))
        ));
    }
}
