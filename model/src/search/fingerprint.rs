//! Fingerprints of states, and the sets and maps keyed by them: a fast hash with fixed keys, so
//! that runs repeat exactly.

use std::hash::{BuildHasherDefault, Hasher};

use riftcheck::Engine;

pub use crate::digest::{Fixed, pair_fingerprint, state_fingerprint};
use crate::model::State;

/// A set of fingerprints. They are hashes already, so the set hashes them no further.
pub type FpSet = std::collections::HashSet<u64, BuildHasherDefault<Identity>>;

/// A map keyed by fingerprints, hashing them no further.
pub type FpMap<V> = std::collections::HashMap<u64, V, BuildHasherDefault<Identity>>;

/// The hasher of [`FpSet`]: a `u64` fingerprint is its own hash.
#[derive(Default)]
pub struct Identity(u64);

impl Hasher for Identity {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        // Only `u64`s are hashed here; anything else is folded in a byte at a time.
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

/// A deterministic fingerprint of a state: a fast hash with fixed keys, so runs repeat. It is
/// made of the fingerprint of the pair (the engine and the spec, [`pair_fingerprint`])
/// and the ghost record, so that a search that knows a pair's fingerprint already (from its
/// memo, [`crate::memo`]) need not hash the pair again.
pub fn fingerprint<E: Engine>(state: &State<E>) -> u64 {
    state_fingerprint(pair_fingerprint(&state.pair), &state.ghost)
}

/// The searches' maps and sets, keyed by fingerprints (already hashes): the same fast hash.
pub type HashMap<K, V> = std::collections::HashMap<K, V, Fixed>;
