//! What the workers of one search share: every state reached, each with its colour (reached, or
//! left with everything beyond it explored) and, once left, its height (the longest path from it,
//! in states). The map is split into stripes, each behind its own lock, by six bits from the
//! middle of the fingerprint: two workers rarely want the same stripe at once.

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::fingerprint::FpMap;

/// Stripes of the map (a power of two).
const STRIPES: usize = 64;

/// What a worker finds when it reaches a state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Found {
    /// Nobody had reached it: this worker has just claimed it, and is the one to count its
    /// transitions.
    New,
    /// Some worker reached it and has not left it yet (it is on that worker's path).
    Open,
    /// Left, with everything beyond it explored; its height.
    Left(u16),
}

/// The states of one search, shared by its workers. Nothing else is written by every worker
/// (a shared counter of states would be a cache line the workers pass back and forth on every
/// new state): the count is the stripes' lengths added up.
pub struct Colors {
    stripes: Box<[Stripe]>,
    /// With a limit on the states (`--max-states`), the states claimed so far, kept as they are
    /// claimed: the limit is asked about on every transition, and counting the stripes then
    /// would lock each of them every time. Without one, nobody keeps it (see above).
    claimed: Option<AtomicUsize>,
}

/// One stripe, on a cache line of its own.
#[repr(align(128))]
#[derive(Default)]
struct Stripe(Mutex<FpMap<u16>>);

impl Default for Colors {
    fn default() -> Colors {
        Colors::new(false)
    }
}

impl Colors {
    /// No state reached; counting the states as they are claimed if `counting`
    /// ([`Colors::claimed`]).
    pub fn new(counting: bool) -> Colors {
        Colors {
            stripes: (0..STRIPES).map(|_| Stripe::default()).collect(),
            claimed: counting.then(|| AtomicUsize::new(0)),
        }
    }

    /// States reached so far: read from one counter when the map keeps one, else counted
    /// stripe by stripe ([`Colors::len`]).
    pub fn claimed(&self) -> usize {
        match &self.claimed {
            Some(n) => n.load(Ordering::Relaxed),
            None => self.len(),
        }
    }

    fn stripe(&self, fp: u64) -> std::sync::MutexGuard<'_, FpMap<u16>> {
        // Not the top bits: the map takes its tags from the top seven bits of the fingerprint
        // (its own hash), so a stripe chosen by them would leave its tags one bit to tell keys
        // apart, and a lookup would compare keys in half the slots it passes. Nor the low bits,
        // which choose the slot.
        let i = (fp >> 40) as usize % STRIPES;
        // A worker that panicked holding a stripe left the map as it was between two calls.
        self.stripes[i].0.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Reaches `fp`: claims it if nobody had, else says how far it is.
    pub fn reach(&self, fp: u64) -> Found {
        match self.stripe(fp).entry(fp) {
            std::collections::hash_map::Entry::Vacant(v) => {
                v.insert(0);
                if let Some(n) = &self.claimed {
                    n.fetch_add(1, Ordering::Relaxed);
                }
                Found::New
            }
            std::collections::hash_map::Entry::Occupied(o) => match *o.get() {
                0 => Found::Open,
                h => Found::Left(h),
            },
        }
    }

    /// What is known of `fp`, without claiming it: `None` if nobody reached it.
    pub fn get(&self, fp: u64) -> Option<Found> {
        self.stripe(fp).get(&fp).map(|&h| match h {
            0 => Found::Open,
            h => Found::Left(h),
        })
    }

    /// Marks `fp` left, everything beyond it explored, with `height` (at least 1): whether
    /// it was not left before.
    pub fn leave(&self, fp: u64, height: u16) -> bool {
        let was = self.stripe(fp).insert(fp, height.max(1));
        !matches!(was, Some(h) if h > 0)
    }

    /// States reached so far (every stripe read in turn).
    pub fn len(&self) -> usize {
        self.stripes
            .iter()
            .map(|s| s.0.lock().unwrap_or_else(|e| e.into_inner()).len())
            .sum()
    }

    /// Whether no state has been reached.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Every state's fingerprint, sorted.
    pub fn fingerprints(&self) -> Vec<u64> {
        let mut all = Vec::with_capacity(self.len());
        for s in self.stripes.iter() {
            all.extend(
                s.0.lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .keys()
                    .copied(),
            );
        }
        all.sort_unstable();
        all
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_state_is_claimed_once_then_open_then_left() {
        let c = Colors::default();
        assert_eq!(c.reach(7), Found::New);
        assert_eq!(c.reach(7), Found::Open);
        assert_eq!(c.get(8), None);
        assert!(c.leave(7, 3));
        assert!(!c.leave(7, 3));
        assert_eq!(c.reach(7), Found::Left(3));
        assert_eq!(c.get(7), Some(Found::Left(3)));
        // A height of 0 would read as open: a state left has height 1 at least.
        assert!(c.leave(u64::MAX, 0));
        assert_eq!(c.get(u64::MAX), Some(Found::Left(1)));
        assert_eq!(c.len(), 2);
        assert_eq!(c.fingerprints(), vec![7, u64::MAX]);
    }

    #[test]
    fn a_counting_map_counts_each_state_claimed_once() {
        let c = Colors::new(true);
        for fp in [3, 9, 3, 27, 9] {
            c.reach(fp);
        }
        c.leave(9, 2);
        assert_eq!((c.claimed(), c.len()), (3, 3));
        assert_eq!(Colors::default().claimed(), 0);
    }

    #[test]
    fn two_threads_claim_each_state_exactly_once() {
        let c = Colors::default();
        let claimed: Vec<usize> = std::thread::scope(|s| {
            let a = s.spawn(|| {
                (0..10_000u64)
                    .filter(|&i| c.reach(i.wrapping_mul(0x9e37_79b9_7f4a_7c15)) == Found::New)
                    .count()
            });
            let b = s.spawn(|| {
                (0..10_000u64)
                    .rev()
                    .filter(|&i| c.reach(i.wrapping_mul(0x9e37_79b9_7f4a_7c15)) == Found::New)
                    .count()
            });
            vec![a.join().unwrap_or(0), b.join().unwrap_or(0)]
        });
        assert_eq!(claimed.iter().sum::<usize>(), 10_000);
        assert_eq!(c.len(), 10_000);
    }
}
