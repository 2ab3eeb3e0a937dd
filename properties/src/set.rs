//! A set of properties: the `always` properties a transition broke, the companions shown.

use super::table::Prop;

/// A set of properties ([`Prop`]). It is one bit per property underneath, as the engine keeps
/// a set of seats, so that a state's record of its verdicts stays two words to copy and hash
/// (a state is hashed on every transition the search tries).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct PropSet(u128);

const _: () = assert!(Prop::ALL.len() <= 128, "a PropSet holds 128 properties");

impl PropSet {
    /// No property.
    pub const EMPTY: PropSet = PropSet(0);

    /// Every property.
    pub const EVERY: PropSet = PropSet(u128::MAX);

    /// The set of `p` alone.
    pub const fn of(p: Prop) -> PropSet {
        PropSet(1 << p as u8)
    }

    /// Whether `p` is in the set.
    pub const fn contains(self, p: Prop) -> bool {
        self.0 & (1 << p as u8) != 0
    }

    /// Puts `p` in the set.
    pub fn insert(&mut self, p: Prop) {
        self.0 |= 1 << p as u8;
    }

    /// Whether the set holds nothing.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The properties in either set.
    pub const fn union(self, other: PropSet) -> PropSet {
        PropSet(self.0 | other.0)
    }

    /// The properties in both sets.
    pub const fn intersection(self, other: PropSet) -> PropSet {
        PropSet(self.0 & other.0)
    }

    /// The properties in this set and not in `other`.
    pub const fn difference(self, other: PropSet) -> PropSet {
        PropSet(self.0 & !other.0)
    }

    /// The properties in the set, in the order of [`Prop::ALL`].
    pub fn iter(self) -> impl Iterator<Item = Prop> {
        // A property's bit is its place in `Prop::ALL` (a test holds the table to it), so the
        // set bits, lowest first, are the properties in order: as many steps as members, where
        // asking each property of the table took a step per property.
        let mut bits = self.0;
        std::iter::from_fn(move || {
            while bits != 0 {
                let i = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if let Some(&p) = Prop::ALL.get(i) {
                    return Some(p);
                }
            }
            None
        })
    }

    /// The set as two words, low half first (the search shares the companions seen between
    /// its threads word by word).
    pub const fn words(self) -> [u64; 2] {
        [self.0 as u64, (self.0 >> 64) as u64]
    }

    /// The set [`PropSet::words`] gave.
    pub const fn from_words(words: [u64; 2]) -> PropSet {
        PropSet(words[0] as u128 | (words[1] as u128) << 64)
    }
}

impl std::fmt::Debug for PropSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl FromIterator<Prop> for PropSet {
    fn from_iter<I: IntoIterator<Item = Prop>>(iter: I) -> PropSet {
        let mut set = PropSet::EMPTY;
        for p in iter {
            set.insert(p);
        }
        set
    }
}
