//! Rows of booleans in a message as bits, eight to a byte.
//!
//! Why: the straggler raster is up to 120 rows of N = 8192 booleans; as
//! postcard's one byte per boolean, each read on its own, reading it took
//! the page about 40 ms of the task that receives a round. Readable
//! formats (JSON) keep the plain lists. Used as
//! `#[serde(with = "crate::packed_bits::rows")]` on a `Vec<Vec<bool>>`
//! (a single row of N booleans is read quickly enough as it is).

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_bytes::{ByteBuf, Bytes};

fn pack(bits: &[bool]) -> Vec<u8> {
    bits.chunks(8)
        .map(|byte| {
            byte.iter()
                .enumerate()
                .fold(0u8, |acc, (i, &b)| acc | (u8::from(b) << i))
        })
        .collect()
}

fn unpack(len: usize, bytes: &[u8]) -> Option<Vec<bool>> {
    if len.div_ceil(8) != bytes.len() {
        return None;
    }
    // Byte by byte (the page's wasm is built for size: an index per bit
    // cost it 15 ms for a raster at N = 8192).
    let mut bits = Vec::with_capacity(bytes.len() * 8);
    for &byte in bytes {
        bits.extend((0..8).map(|i| byte >> i & 1 == 1));
    }
    bits.truncate(len);
    Some(bits)
}

/// One list: its length and its bytes.
#[derive(Serialize)]
struct Packed<'a>(usize, &'a Bytes);

#[derive(Deserialize)]
struct Unpacked(usize, ByteBuf);

impl Unpacked {
    fn bits<E: serde::de::Error>(self) -> Result<Vec<bool>, E> {
        unpack(self.0, &self.1).ok_or_else(|| E::custom("packed bits of the wrong length"))
    }
}

/// Rows of booleans, each packed on its own (rows may differ in length).
pub mod rows {
    use super::*;

    pub fn serialize<S: Serializer>(rows: &[Vec<bool>], s: S) -> Result<S::Ok, S::Error> {
        if s.is_human_readable() {
            return rows.serialize(s);
        }
        let packed: Vec<Vec<u8>> = rows.iter().map(|r| pack(r)).collect();
        s.collect_seq(
            rows.iter()
                .zip(&packed)
                .map(|(r, p)| Packed(r.len(), Bytes::new(p))),
        )
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Vec<bool>>, D::Error> {
        if d.is_human_readable() {
            return Vec::deserialize(d);
        }
        Vec::<Unpacked>::deserialize(d)?
            .into_iter()
            .map(Unpacked::bits)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Serialize, Deserialize, PartialEq, Debug)]
    struct Both {
        one: Vec<bool>,
        #[serde(with = "crate::packed_bits::rows")]
        many: Vec<Vec<bool>>,
    }

    fn sample() -> Both {
        let row = |n: usize, k: usize| (0..n).map(|i| i % k == 0).collect::<Vec<_>>();
        Both {
            one: row(13, 3),
            many: vec![row(8, 2), vec![], row(17, 5), row(1, 1)],
        }
    }

    #[test]
    fn postcard_round_trips_them_in_an_eighth_of_the_bytes() {
        let b = sample();
        let bytes = postcard::to_allocvec(&b).unwrap();
        assert_eq!(postcard::from_bytes::<Both>(&bytes).unwrap(), b);
        let big = Both {
            one: vec![],
            many: vec![vec![false; 8192]; 4],
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
        let read = rows::deserialize(&mut postcard::Deserializer::from_bytes(&bytes));
        assert!(read.is_err());
        assert_eq!(
            unpack(9, &[0b1000_0001, 1]).unwrap()[..],
            [true, false, false, false, false, false, false, true, true]
        );
    }
}
