//! Fast hashes with fixed keys, so that runs repeat exactly: of engine-and-spec pairs, of
//! states (a pair's hash and the ghost record), and for the searches' maps.

use std::hash::{BuildHasher, Hash, Hasher};

use riftcheck::Engine;
use riftcheck::oracle::{Lockstep, Spec};

use crate::properties::Ghost;

/// The fingerprint of an engine-and-spec pair.
///
/// A pair's derived `Hash` makes many small writes (a byte, a length, a discriminant); fed one
/// by one to the hasher each costs a round of mixing. They are gathered into a buffer instead
/// and hashed in bulk, which gives the hash of the same bytes at a fraction of the cost.
pub fn pair_fingerprint<E: Engine>(pair: &Lockstep<E, Spec>) -> u64 {
    let mut h = Gathered {
        buf: [0; GATHER],
        len: 0,
        inner: Fixed.build_hasher(),
    };
    pair.hash(&mut h);
    h.finish()
}

/// The fingerprint of a state whose pair has the fingerprint `pair_fp`.
pub fn state_fingerprint(pair_fp: u64, ghost: &Ghost) -> u64 {
    let mut h = Fixed.build_hasher();
    h.write_u64(pair_fp);
    ghost.hash(&mut h);
    h.finish()
}

/// Bytes gathered before they are hashed.
const GATHER: usize = 512;

/// A hasher that gathers the writes into a buffer and hashes it in bulk ([`pair_fingerprint`]).
struct Gathered {
    buf: [u8; GATHER],
    len: usize,
    inner: ahash::AHasher,
}

impl Gathered {
    #[inline]
    fn put(&mut self, bytes: &[u8]) {
        if self.len + bytes.len() > GATHER {
            self.inner.write(&self.buf[..self.len]);
            self.len = 0;
            if bytes.len() > GATHER {
                self.inner.write(bytes);
                return;
            }
        }
        self.buf[self.len..self.len + bytes.len()].copy_from_slice(bytes);
        self.len += bytes.len();
    }
}

impl Hasher for Gathered {
    fn finish(&self) -> u64 {
        let mut inner = self.inner.clone();
        inner.write(&self.buf[..self.len]);
        inner.finish()
    }

    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        self.put(bytes);
    }

    #[inline]
    fn write_u8(&mut self, n: u8) {
        self.put(&[n]);
    }

    #[inline]
    fn write_u16(&mut self, n: u16) {
        self.put(&n.to_le_bytes());
    }

    #[inline]
    fn write_u32(&mut self, n: u32) {
        self.put(&n.to_le_bytes());
    }

    #[inline]
    fn write_u64(&mut self, n: u64) {
        self.put(&n.to_le_bytes());
    }

    #[inline]
    fn write_u128(&mut self, n: u128) {
        self.put(&n.to_le_bytes());
    }

    #[inline]
    fn write_usize(&mut self, n: usize) {
        self.put(&(n as u64).to_le_bytes());
    }

    #[inline]
    fn write_isize(&mut self, n: isize) {
        self.put(&(n as i64).to_le_bytes());
    }
}

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
