//! Fingerprints, and the sets and maps keyed by them: fast hashes with fixed keys, so that runs
//! repeat exactly, of engine-and-spec pairs, of states (a pair's hash and the ghost record,
//! [`crate::plug::State::fingerprint`]), and for the searches' maps.

use std::hash::{BuildHasher, BuildHasherDefault, Hash, Hasher};

/// The fingerprint of an engine-and-spec pair.
///
/// A pair's derived `Hash` makes many small writes (a byte, a length, a discriminant). They are
/// packed into 64-bit words as they come, in the order written, and each full word is mixed in
/// with one folded multiplication (the 128-bit product of two words, its halves xor-ed): the
/// hash of the bytes written, one multiplication per eight of them, with no buffer to fill.
pub fn pair_fingerprint<P: Hash>(pair: &P) -> u64 {
    let mut h = Packed::default();
    pair.hash(&mut h);
    h.finish()
}

/// The fingerprint of a state whose pair has the fingerprint `pair_fp`.
pub fn state_fingerprint<G: Hash>(pair_fp: u64, ghost: &G) -> u64 {
    let mut h = Fixed.build_hasher();
    h.write_u64(pair_fp);
    ghost.hash(&mut h);
    h.finish()
}

/// The folded multiplication: the high and low halves of the 128-bit product, xor-ed.
#[inline]
fn fold(a: u64, b: u64) -> u64 {
    let p = u128::from(a) * u128::from(b);
    (p as u64) ^ ((p >> 64) as u64)
}

/// The hasher of [`pair_fingerprint`]: bytes packed into words, each word folded in.
struct Packed {
    /// What the words so far fold to.
    state: u64,
    /// The word being filled, its first byte lowest.
    word: u64,
    /// Bytes in `word`.
    used: u32,
    /// Words folded in.
    words: u64,
}

impl Default for Packed {
    fn default() -> Packed {
        Packed {
            state: KEYS[0],
            word: 0,
            used: 0,
            words: 0,
        }
    }
}

impl Packed {
    /// Appends the `n` low bytes of `v` (`n` from 1 to 8; the bytes above are zero).
    #[inline]
    fn push(&mut self, v: u64, n: u32) {
        let used = self.used;
        // `used` is below 8, so the shift is too; bytes of `v` past the word fall off.
        self.word |= v << (8 * used);
        let end = used + n;
        if end < 8 {
            self.used = end;
            return;
        }
        self.state = fold(self.state ^ self.word, KEYS[1]);
        self.words += 1;
        // What is left of `v` starts the next word (a shift by 8 to 64 bits, in two steps).
        self.word = (v >> 1) >> (8 * (8 - used) - 1);
        self.used = end - 8;
    }
}

impl Hasher for Packed {
    fn finish(&self) -> u64 {
        let last = fold(self.state ^ self.word, KEYS[1]);
        let total = self.words * 8 + u64::from(self.used);
        fold(last ^ total, KEYS[2]).rotate_left((KEYS[3] & 63) as u32)
    }

    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            let mut w = [0u8; 8];
            w.copy_from_slice(c);
            self.push(u64::from_le_bytes(w), 8);
        }
        for &b in chunks.remainder() {
            self.push(u64::from(b), 1);
        }
    }

    #[inline]
    fn write_u8(&mut self, n: u8) {
        self.push(u64::from(n), 1);
    }

    #[inline]
    fn write_u16(&mut self, n: u16) {
        self.push(u64::from(n), 2);
    }

    #[inline]
    fn write_u32(&mut self, n: u32) {
        self.push(u64::from(n), 4);
    }

    #[inline]
    fn write_u64(&mut self, n: u64) {
        self.push(n, 8);
    }

    #[inline]
    fn write_u128(&mut self, n: u128) {
        self.push(n as u64, 8);
        self.push((n >> 64) as u64, 8);
    }

    #[inline]
    fn write_usize(&mut self, n: usize) {
        self.push(n as u64, 8);
    }

    #[inline]
    fn write_isize(&mut self, n: isize) {
        self.push(n as u64, 8);
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

#[cfg(test)]
mod tests {
    use super::*;

    fn packed(f: impl FnOnce(&mut Packed)) -> u64 {
        let mut h = Packed::default();
        f(&mut h);
        h.finish()
    }

    /// The hash is of the bytes written, however the writes split them.
    #[test]
    fn the_same_bytes_hash_alike_however_written() {
        let bytes: Vec<u8> = (1..=23).collect();
        let whole = packed(|h| h.write(&bytes));
        let pieces = packed(|h| {
            h.write_u8(1);
            h.write_u16(u16::from_le_bytes([2, 3]));
            h.write_u32(u32::from_le_bytes([4, 5, 6, 7]));
            h.write_u64(u64::from_le_bytes([8, 9, 10, 11, 12, 13, 14, 15]));
            h.write(&bytes[15..20]);
            h.write_u8(21);
            h.write_u16(u16::from_le_bytes([22, 23]));
        });
        assert_eq!(whole, pieces);
    }

    /// Zero bytes count: a byte more or less changes the hash, as does any one bit.
    #[test]
    fn every_byte_and_every_bit_counts() {
        let base = [0u8; 24];
        let h0 = packed(|h| h.write(&base));
        assert_ne!(h0, packed(|h| h.write(&base[..23])));
        assert_ne!(h0, packed(|h| h.write(&[0u8; 25])));
        let mut seen = std::collections::HashSet::new();
        assert!(seen.insert(h0));
        for byte in 0..base.len() {
            for bit in 0..8 {
                let mut b = base;
                b[byte] ^= 1 << bit;
                assert!(
                    seen.insert(packed(|h| h.write(&b))),
                    "bit {bit} of byte {byte}"
                );
            }
        }
    }

    /// Small structured inputs, such as the games' own (a few counters in a row), do not
    /// collide: two million of them give two million hashes.
    #[test]
    fn structured_inputs_do_not_collide() {
        let mut seen = std::collections::HashSet::with_capacity(1 << 21);
        for a in 0..128u32 {
            for b in 0..128u8 {
                for c in 0..128u8 {
                    let h = packed(|h| {
                        h.write_u32(a);
                        h.write_u8(b);
                        h.write_usize(usize::from(c));
                    });
                    assert!(seen.insert(h), "{a} {b} {c}");
                }
            }
        }
    }
}

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

/// The searches' maps and sets, keyed by fingerprints (already hashes): the same fast hash.
pub type HashMap<K, V> = std::collections::HashMap<K, V, Fixed>;
