//! Rows of booleans packed 64 to a word: the straggler raster.
//!
//! Why: the raster is up to 120 rows of N = 8192 booleans. As postcard's
//! one byte per boolean, each read on its own, reading it took the page
//! about 40 ms of the task that receives a round; unpacked to booleans,
//! binning a row into the plot's pixel columns read a million of them a
//! drawing. Packed, a message carries a row as its bytes (eight booleans
//! to a byte) and a pixel column's stragglers are counted a word at a
//! time. Readable formats (JSON) keep the plain list of booleans.

use std::ops::Range;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_bytes::{ByteBuf, Bytes};

/// A row of booleans, 64 to a word, the first in the lowest bit; the bits
/// past the row's length are zero.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Bits {
    len: usize,
    words: Vec<u64>,
}

impl Bits {
    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The boolean at `i`; false past the end.
    pub fn get(&self, i: usize) -> bool {
        i < self.len && self.words[i / 64] >> (i % 64) & 1 == 1
    }

    /// How many of the booleans in `range` are true (the part of it
    /// within the row).
    pub fn count_ones(&self, range: Range<usize>) -> usize {
        let (s, e) = (range.start, range.end.min(self.len));
        if s >= e {
            return 0;
        }
        // Bits s.. of the first word, ..e of the last one.
        let (first, last) = (s / 64, (e - 1) / 64);
        let from = u64::MAX << (s % 64);
        let to = u64::MAX >> (63 - (e - 1) % 64);
        if first == last {
            return (self.words[first] & from & to).count_ones() as usize;
        }
        let middle: u32 = self.words[first + 1..last]
            .iter()
            .map(|w| w.count_ones())
            .sum();
        ((self.words[first] & from).count_ones() + middle + (self.words[last] & to).count_ones())
            as usize
    }

    pub fn iter(&self) -> impl Iterator<Item = bool> + '_ {
        (0..self.len).map(|i| self.get(i))
    }

    pub fn to_vec(&self) -> Vec<bool> {
        self.iter().collect()
    }

    /// Its bytes, eight booleans to a byte, the first in the lowest bit.
    fn bytes(&self) -> Vec<u8> {
        let mut bytes: Vec<u8> = self.words.iter().flat_map(|w| w.to_le_bytes()).collect();
        bytes.truncate(self.len.div_ceil(8));
        bytes
    }

    /// From `len` booleans as [`Bits::bytes`] gives them; None when the
    /// number of bytes does not match.
    fn from_bytes(len: usize, bytes: &[u8]) -> Option<Bits> {
        if len.div_ceil(8) != bytes.len() {
            return None;
        }
        let mut words: Vec<u64> = bytes
            .chunks(8)
            .map(|c| {
                let mut w = [0u8; 8];
                w[..c.len()].copy_from_slice(c);
                u64::from_le_bytes(w)
            })
            .collect();
        // A message's spare bits past the end are not taken as booleans.
        if let Some(last) = words.last_mut() {
            if len % 64 != 0 {
                *last &= u64::MAX >> (64 - len % 64);
            }
        }
        Some(Bits { len, words })
    }
}

impl FromIterator<bool> for Bits {
    fn from_iter<I: IntoIterator<Item = bool>>(bits: I) -> Bits {
        let mut row = Bits::default();
        for b in bits {
            if row.len % 64 == 0 {
                row.words.push(0);
            }
            if b {
                row.words[row.len / 64] |= 1 << (row.len % 64);
            }
            row.len += 1;
        }
        row
    }
}

impl From<&[bool]> for Bits {
    fn from(bits: &[bool]) -> Bits {
        bits.iter().copied().collect()
    }
}

/// A row in a message: its length and its bytes.
#[derive(Serialize)]
struct Packed<'a>(usize, &'a Bytes);

#[derive(Deserialize)]
struct Unpacked(usize, ByteBuf);

impl Serialize for Bits {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if s.is_human_readable() {
            return s.collect_seq(self.iter());
        }
        Packed(self.len, Bytes::new(&self.bytes())).serialize(s)
    }
}

impl<'de> Deserialize<'de> for Bits {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Bits, D::Error> {
        if d.is_human_readable() {
            return Ok(Vec::<bool>::deserialize(d)?.into_iter().collect());
        }
        let Unpacked(len, bytes) = Unpacked::deserialize(d)?;
        Bits::from_bytes(len, &bytes)
            .ok_or_else(|| serde::de::Error::custom("packed bits of the wrong length"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Serialize, Deserialize, PartialEq, Debug)]
    struct Both {
        one: Vec<bool>,
        many: Vec<Bits>,
    }

    fn bools(n: usize, k: usize) -> Vec<bool> {
        (0..n).map(|i| i % k == 0).collect()
    }

    fn sample() -> Both {
        let row = |n: usize, k: usize| Bits::from(&bools(n, k)[..]);
        Both {
            one: bools(13, 3),
            many: vec![
                row(8, 2),
                Bits::default(),
                row(17, 5),
                row(1, 1),
                row(130, 7),
            ],
        }
    }

    #[test]
    fn a_row_keeps_its_booleans() {
        for (n, k) in [
            (0, 1),
            (1, 1),
            (13, 3),
            (64, 2),
            (65, 5),
            (130, 7),
            (8192, 11),
        ] {
            let plain = bools(n, k);
            let row = Bits::from(&plain[..]);
            assert_eq!(row.len(), n);
            assert_eq!(row.to_vec(), plain);
            assert!(!row.get(n), "past the end is false");
        }
    }

    #[test]
    fn counts_in_a_range_are_those_of_the_booleans() {
        // Ranges within a word, across one boundary and across several,
        // and ranges reaching past the end.
        let plain: Vec<bool> = (0..300).map(|i| (i * 7 + i / 5) % 3 == 0).collect();
        let row = Bits::from(&plain[..]);
        for s in [0, 1, 5, 63, 64, 65, 127, 128, 200, 299, 300] {
            for e in [s, s + 1, s + 9, s + 64, s + 70, 200, 299, 300, 400] {
                let want = plain[s.min(300)..e.clamp(s.min(300), 300)]
                    .iter()
                    .filter(|b| **b)
                    .count();
                assert_eq!(row.count_ones(s..e), want, "{s}..{e}");
            }
        }
    }

    #[test]
    fn postcard_round_trips_them_in_an_eighth_of_the_bytes() {
        let b = sample();
        let bytes = postcard::to_allocvec(&b).unwrap();
        assert_eq!(postcard::from_bytes::<Both>(&bytes).unwrap(), b);
        let big = Both {
            one: vec![],
            many: vec![Bits::from(&[false; 8192][..]); 4],
        };
        let bytes = postcard::to_allocvec(&big).unwrap();
        assert!(bytes.len() < 4 * 1040, "{} bytes", bytes.len());
        assert_eq!(postcard::from_bytes::<Both>(&bytes).unwrap(), big);
    }

    #[test]
    fn json_keeps_plain_lists() {
        let b = sample();
        let text = serde_json::to_string(&b).unwrap();
        assert!(text.contains("\"many\":[[true,false,true,false"), "{text}");
        assert_eq!(serde_json::from_str::<Both>(&text).unwrap(), b);
    }

    #[test]
    fn a_length_that_does_not_match_its_bytes_is_refused() {
        let bytes = postcard::to_allocvec(&vec![Packed(20, Bytes::new(&[1, 2]))]).unwrap();
        assert!(postcard::from_bytes::<Vec<Bits>>(&bytes).is_err());
        // Nine booleans in two bytes; the spare bits of the last byte are
        // not booleans (nor counted).
        let bytes =
            postcard::to_allocvec(&vec![Packed(9, Bytes::new(&[0b1000_0001, 0xff]))]).unwrap();
        let row = &postcard::from_bytes::<Vec<Bits>>(&bytes).unwrap()[0];
        assert_eq!(
            row.to_vec(),
            [true, false, false, false, false, false, false, true, true]
        );
        assert_eq!(row.count_ones(0..64), 3);
        assert_eq!(*row, Bits::from(&row.to_vec()[..]));
    }
}
