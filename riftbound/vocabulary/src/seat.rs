//! Seats, the only player identity, and sets of seats.
//!
//! Seats are lettered A to D in turn order (116): A takes the first turn, then B, and so on. A seat
//! keeps its letter after other players leave, so "the next player in turn order" is always
//! computed over the seats that remain (policy `next-player`, 652.5), never by index arithmetic
//! over a list that shrinks.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A player's seat at the table, A to D in turn order (116).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Seat(u8);

impl Seat {
    /// Seat A, the first player (116).
    pub const A: Seat = Seat(0);
    /// Seat B.
    pub const B: Seat = Seat(1);
    /// Seat C.
    pub const C: Seat = Seat(2);
    /// Seat D.
    pub const D: Seat = Seat(3);
    /// Every seat a table can have, in turn order.
    pub const ALL: [Seat; 4] = [Seat::A, Seat::B, Seat::C, Seat::D];

    /// The seat at position `index` in turn order (0 is A), if there is one.
    pub fn from_index(index: usize) -> Option<Seat> {
        (index < 4).then_some(Seat(index as u8))
    }

    /// Position in turn order, 0 for A.
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The seat's letter.
    pub fn letter(self) -> char {
        (b'A' + self.0) as char
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// The text was not a seat letter A to D.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a seat: seats are the letters A, B, C and D")]
pub struct ParseSeatError(pub String);

impl FromStr for Seat {
    type Err = ParseSeatError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "A" => Ok(Seat::A),
            "B" => Ok(Seat::B),
            "C" => Ok(Seat::C),
            "D" => Ok(Seat::D),
            other => Err(ParseSeatError(other.to_string())),
        }
    }
}

impl Serialize for Seat {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Seat {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// A set of seats, as a bitset. Iteration is in turn order.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct SeatSet(u8);

impl SeatSet {
    /// The empty set.
    pub const EMPTY: SeatSet = SeatSet(0);

    /// The first `n` seats in turn order (A, B, ...).
    pub fn first(n: usize) -> SeatSet {
        SeatSet(((1u16 << n.min(4)) - 1) as u8)
    }

    /// A set holding one seat.
    pub fn only(seat: Seat) -> SeatSet {
        SeatSet(1 << seat.0)
    }

    /// Whether `seat` is in the set.
    pub fn contains(self, seat: Seat) -> bool {
        self.0 & (1 << seat.0) != 0
    }

    /// Adds `seat`.
    pub fn insert(&mut self, seat: Seat) {
        self.0 |= 1 << seat.0;
    }

    /// Removes `seat`.
    pub fn remove(&mut self, seat: Seat) {
        self.0 &= !(1 << seat.0);
    }

    /// Seats in both sets.
    pub fn intersection(self, other: SeatSet) -> SeatSet {
        SeatSet(self.0 & other.0)
    }

    /// Seats in either set.
    pub fn union(self, other: SeatSet) -> SeatSet {
        SeatSet(self.0 | other.0)
    }

    /// Seats in `self` and not in `other`.
    pub fn difference(self, other: SeatSet) -> SeatSet {
        SeatSet(self.0 & !other.0)
    }

    /// Whether every seat of `other` is in `self`.
    pub fn is_superset(self, other: SeatSet) -> bool {
        other.0 & !self.0 == 0
    }

    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// How many seats the set holds.
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// The seats, in turn order.
    pub fn iter(self) -> impl Iterator<Item = Seat> {
        Seat::ALL.into_iter().filter(move |s| self.contains(*s))
    }

    /// The first seat in turn order, if any.
    pub fn lowest(self) -> Option<Seat> {
        (self.0 != 0).then(|| Seat(self.0.trailing_zeros() as u8))
    }

    /// The next seat of this set after `seat` in turn order, wrapping around (652.5; policy
    /// `next-player`). `seat` itself need not be in the set: the next seat after a player who has
    /// just been removed is the next remaining seat after theirs. Returns `seat` only if it is
    /// the sole member, and `None` for an empty set.
    pub fn next_after(self, seat: Seat) -> Option<Seat> {
        let above = self.0 & !((2u16 << seat.0) - 1) as u8;
        if above != 0 {
            Some(Seat(above.trailing_zeros() as u8))
        } else {
            self.lowest()
        }
    }

    /// The raw bits, A in bit 0.
    pub fn bits(self) -> u8 {
        self.0
    }

    /// A set from raw bits; bits above D are dropped.
    pub fn from_bits(bits: u8) -> SeatSet {
        SeatSet(bits & 0x0f)
    }
}

impl Serialize for SeatSet {
    /// As a list of seat letters in turn order.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for SeatSet {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Ok(Vec::<Seat>::deserialize(d)?.into_iter().collect())
    }
}

impl FromIterator<Seat> for SeatSet {
    fn from_iter<I: IntoIterator<Item = Seat>>(iter: I) -> Self {
        let mut set = SeatSet::EMPTY;
        for seat in iter {
            set.insert(seat);
        }
        set
    }
}

impl fmt::Debug for SeatSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{{")?;
        for (i, s) in self.iter().enumerate() {
            if i > 0 {
                write!(f, ",")?;
            }
            write!(f, "{s}")?;
        }
        write!(f, "}}")
    }
}

impl fmt::Display for SeatSet {
    /// "A, C and D", or "nobody".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let seats: Vec<Seat> = self.iter().collect();
        match seats.as_slice() {
            [] => write!(f, "nobody"),
            [one] => write!(f, "{one}"),
            [init @ .., last] => {
                for (i, s) in init.iter().enumerate() {
                    if i > 0 {
                        write!(f, ", ")?;
                    }
                    write!(f, "{s}")?;
                }
                write!(f, " and {last}")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn next_after_skips_removed_seats_and_wraps() {
        let remaining: SeatSet = [Seat::A, Seat::C, Seat::D].into_iter().collect();
        assert_eq!(remaining.next_after(Seat::A), Some(Seat::C));
        // B has left: the next player after B is C.
        assert_eq!(remaining.next_after(Seat::B), Some(Seat::C));
        assert_eq!(remaining.next_after(Seat::D), Some(Seat::A));
        assert_eq!(SeatSet::only(Seat::B).next_after(Seat::B), Some(Seat::B));
        assert_eq!(SeatSet::EMPTY.next_after(Seat::A), None);
    }

    #[test]
    fn seat_sets_behave_as_sets() {
        let abc = SeatSet::first(3);
        let bd: SeatSet = [Seat::B, Seat::D].into_iter().collect();
        assert_eq!(abc.union(bd), SeatSet::first(4));
        assert_eq!(abc.intersection(bd), SeatSet::only(Seat::B));
        assert_eq!(abc.difference(bd), [Seat::A, Seat::C].into_iter().collect());
        assert!(abc.is_superset(SeatSet::only(Seat::C)) && !abc.is_superset(bd));
        let mut s = abc;
        s.remove(Seat::B);
        s.remove(Seat::D);
        assert_eq!(s, [Seat::A, Seat::C].into_iter().collect());
        assert_eq!(s.len(), 2);
        assert_eq!(s.lowest(), Some(Seat::A));
        assert_eq!(SeatSet::EMPTY.lowest(), None);
        assert!(SeatSet::EMPTY.is_empty() && !s.is_empty());
        assert_eq!(SeatSet::from_bits(0xff), SeatSet::first(4));
        assert_eq!(bd.bits(), 0b1010);
        assert_eq!(format!("{bd:?}"), "{B,D}");
        assert_eq!(SeatSet::EMPTY.to_string(), "nobody");
        assert_eq!(bd.to_string(), "B and D");
    }

    #[test]
    fn seats_parse_and_print_as_letters() {
        for seat in Seat::ALL {
            assert_eq!(seat.to_string().parse::<Seat>(), Ok(seat));
        }
        assert!("E".parse::<Seat>().is_err());
        assert_eq!(Seat::from_index(3), Some(Seat::D));
        assert_eq!(Seat::from_index(4), None);
        assert_eq!(SeatSet::first(3).to_string(), "A, B and C");
    }
}
