//! Fingerprints of states, and the sets and maps keyed by them: a fast hash with fixed keys, so
//! that runs repeat exactly.

use std::hash::{BuildHasher, BuildHasherDefault, Hasher};

use riftcheck::Engine;

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

/// A deterministic fingerprint of a state: a fast hash with fixed keys, so runs repeat.
pub fn fingerprint<E: Engine>(state: &State<E>) -> u64 {
    Fixed.hash_one(state)
}

/// The searches' maps and sets, keyed by fingerprints (already hashes): the same fast hash.
pub type HashMap<K, V> = std::collections::HashMap<K, V, Fixed>;

/// A fast hash with fixed keys, for the searches' maps: runs repeat exactly.
#[derive(Clone, Copy, Default)]
pub struct Fixed;

impl BuildHasher for Fixed {
    type Hasher = ahash::AHasher;
    fn build_hasher(&self) -> ahash::AHasher {
        ahash::RandomState::with_seeds(KEYS[0], KEYS[1], KEYS[2], KEYS[3]).build_hasher()
    }
}

const KEYS: [u64; 4] = [
    0x243f_6a88_85a3_08d3,
    0x1319_8a2e_0370_7344,
    0xa409_3822_299f_31d0,
    0x082e_fa98_ec4e_6c89,
];
