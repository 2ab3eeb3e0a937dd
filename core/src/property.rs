//! Properties, written once for every ruleset: what kind of promise a property makes
//! ([`Kind`]), what its judge answers on one state or step ([`Verdict`]), the names a ruleset's
//! properties give reports ([`Property`]), and a set of them ([`Set`]), which a state keeps of
//! the verdicts on the path to it.
//!
//! A ruleset declares its properties as an enum implementing [`Property`]; the checker and the
//! reports read them through it, as stateright's models hand it named properties.

use std::fmt;
use std::hash::{Hash, Hasher};
use std::marker::PhantomData;

/// How a property is judged.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kind {
    /// Must hold in every reachable state.
    Always,
    /// Must happen somewhere within the bounds: proves the bounds reach a situation.
    Sometimes,
    /// A property of the whole state graph, checked by riftcheck's own search rather than per
    /// state.
    Graph,
}

/// What a judge says of one state or step: the property holds here, or it is broken here.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Verdict {
    /// The property holds here.
    Holds,
    /// The property is broken here.
    Broken,
}

impl Verdict {
    /// [`Verdict::Broken`] if `broken`, else [`Verdict::Holds`].
    pub fn broken_if(broken: bool) -> Verdict {
        if broken {
            Verdict::Broken
        } else {
            Verdict::Holds
        }
    }

    /// Whether the property is broken here.
    pub fn is_broken(self) -> bool {
        self == Verdict::Broken
    }
}

/// A ruleset's properties: an enum of them, each named by the sentence it promises and the
/// rules it checks.
pub trait Property: Copy + Eq + fmt::Debug + Send + Sync + 'static {
    /// Every property, each at the place [`Property::index`] gives it.
    const ALL: &'static [Self];

    /// Its place in [`Property::ALL`], and its bit in a [`Set`].
    fn index(self) -> usize;

    /// The sentence it promises ("a departed player never receives Priority").
    fn name(self) -> &'static str;

    /// The rules it checks, as the rulebook numbers them ("651.3, 652.5.c.1").
    fn rule(self) -> &'static str;

    /// How it is judged.
    fn kind(self) -> Kind;

    /// The companion ([`Kind::Sometimes`]) that shows the bounds reach this property's
    /// situation, if it has one: rule coverage credits a companion's showing to the rules of
    /// the properties it accompanies.
    fn companion(self) -> Option<Self> {
        None
    }

    /// Its short name in file names and on the command line: the variant's name in kebab case.
    fn id(self) -> String {
        let mut out = String::new();
        for (i, c) in format!("{self:?}").chars().enumerate() {
            if c.is_ascii_uppercase() && i > 0 {
                out.push('-');
            }
            out.push(c.to_ascii_lowercase());
        }
        out
    }
}

/// A set of properties of one ruleset: one bit per property, as a set of seats is, so that a
/// state's record of its verdicts stays two words to copy and hash (a state is hashed on every
/// transition a search tries). It holds at most 128 properties.
pub struct Set<P> {
    bits: u128,
    of: PhantomData<fn() -> P>,
}

impl<P> Set<P> {
    /// No property.
    pub const EMPTY: Set<P> = Set::from_bits(0);

    /// Every property.
    pub const EVERY: Set<P> = Set::from_bits(u128::MAX);

    const fn from_bits(bits: u128) -> Set<P> {
        Set {
            bits,
            of: PhantomData,
        }
    }

    /// The set of the property at `index` of its ruleset's list alone (what
    /// [`Set::of`] is in a constant, where a trait's method cannot be called).
    pub const fn of_index(index: usize) -> Set<P> {
        Set::from_bits(1 << index)
    }

    /// Whether the set holds nothing.
    pub const fn is_empty(self) -> bool {
        self.bits == 0
    }

    /// The properties in either set.
    pub const fn union(self, other: Set<P>) -> Set<P> {
        Set::from_bits(self.bits | other.bits)
    }

    /// The properties in both sets.
    pub const fn intersection(self, other: Set<P>) -> Set<P> {
        Set::from_bits(self.bits & other.bits)
    }

    /// The properties in this set and not in `other`.
    pub const fn difference(self, other: Set<P>) -> Set<P> {
        Set::from_bits(self.bits & !other.bits)
    }

    /// The set as two words, low half first (a search shares the companions seen between its
    /// threads word by word).
    pub const fn words(self) -> [u64; 2] {
        [self.bits as u64, (self.bits >> 64) as u64]
    }

    /// The set [`Set::words`] gave.
    pub const fn from_words(words: [u64; 2]) -> Set<P> {
        Set::from_bits(words[0] as u128 | (words[1] as u128) << 64)
    }
}

impl<P: Property> Set<P> {
    /// The set of `p` alone.
    pub fn of(p: P) -> Set<P> {
        Set::of_index(p.index())
    }

    /// Whether `p` is in the set.
    pub fn contains(self, p: P) -> bool {
        self.bits & (1 << p.index()) != 0
    }

    /// Puts `p` in the set.
    pub fn insert(&mut self, p: P) {
        self.bits |= 1 << p.index();
    }

    /// The properties in the set, in the order of [`Property::ALL`].
    pub fn iter(self) -> impl Iterator<Item = P> {
        // A property's bit is its place in `ALL`, so the set bits, lowest first, are the
        // properties in order: as many steps as members.
        let mut bits = self.bits;
        std::iter::from_fn(move || {
            while bits != 0 {
                let i = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if let Some(&p) = P::ALL.get(i) {
                    return Some(p);
                }
            }
            None
        })
    }
}

// By hand rather than derived: a derive would ask the same of `P`, which a set of them does not
// need.
impl<P> Clone for Set<P> {
    fn clone(&self) -> Set<P> {
        *self
    }
}

impl<P> Copy for Set<P> {}

impl<P> PartialEq for Set<P> {
    fn eq(&self, other: &Set<P>) -> bool {
        self.bits == other.bits
    }
}

impl<P> Eq for Set<P> {}

impl<P> Hash for Set<P> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.bits.hash(state);
    }
}

impl<P> Default for Set<P> {
    fn default() -> Set<P> {
        Set::EMPTY
    }
}

impl<P: Property> fmt::Debug for Set<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl<P: Property> FromIterator<P> for Set<P> {
    fn from_iter<I: IntoIterator<Item = P>>(iter: I) -> Set<P> {
        let mut set = Set::EMPTY;
        for p in iter {
            set.insert(p);
        }
        set
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Copy, PartialEq, Eq, Debug)]
    enum Toy {
        First,
        SecondOne,
        Third,
    }

    impl Property for Toy {
        const ALL: &'static [Toy] = &[Toy::First, Toy::SecondOne, Toy::Third];
        fn index(self) -> usize {
            self as usize
        }
        fn name(self) -> &'static str {
            "a toy property"
        }
        fn rule(self) -> &'static str {
            "000"
        }
        fn kind(self) -> Kind {
            Kind::Always
        }
    }

    #[test]
    fn a_set_holds_what_was_put_in_it_in_order() {
        let mut s: Set<Toy> = [Toy::Third, Toy::First].into_iter().collect();
        assert!(s.contains(Toy::First) && s.contains(Toy::Third));
        assert!(!s.contains(Toy::SecondOne));
        assert_eq!(s.iter().collect::<Vec<_>>(), [Toy::First, Toy::Third]);
        s.insert(Toy::SecondOne);
        assert_eq!(
            s,
            Set::of(Toy::First)
                .union(Set::of_index(1))
                .union(Set::of(Toy::Third))
        );
        assert_eq!(s.difference(Set::of(Toy::First)).iter().count(), 2);
        assert_eq!(Set::<Toy>::from_words(s.words()), s);
        assert!(Set::<Toy>::EMPTY.is_empty() && !s.is_empty());
        assert_eq!(format!("{:?}", Set::of(Toy::Third)), "{Third}");
    }

    #[test]
    fn an_id_is_the_variant_in_kebab_case() {
        assert_eq!(Toy::SecondOne.id(), "second-one");
        assert!(Verdict::broken_if(true).is_broken() && !Verdict::broken_if(false).is_broken());
    }
}
