//! The 500 held-out test digits (their file: `files`).

use super::assets::{verify, CLASSES, PIXELS};
use super::digit_pack;
use super::files;
use std::sync::OnceLock;

pub(super) const DIGITS_INFO: &str = include_str!("../../assets/digits.json");
use digit_pack::RECORD;
const _: () = assert!(RECORD == 1 + PIXELS, "a label byte, then the pixels");

/// The held-out digits: labels and 8-bit pixels.
pub struct Digits {
    pub labels: Vec<u8>,
    pub pixels: Vec<u8>,
}

impl Digits {
    /// The shared, verified digits, unpacked once their file is there (a
    /// file not yet handed over, or refused, is read again by the next call).
    pub fn get() -> Result<&'static Digits, String> {
        static D: OnceLock<Digits> = OnceLock::new();
        if let Some(d) = D.get() {
            return Ok(d);
        }
        let read = Digits::read(files::get()?.1)?;
        Ok(D.get_or_init(|| read))
    }

    /// `packed`: `assets/digits.bin` as `digit_pack` packs it.
    fn read(packed: &[u8]) -> Result<Digits, String> {
        let digits = digit_pack::unpack(packed, RECORD)
            .map_err(|e| format!("digits (assets/digits.bin): {e}"))?;
        let count = digits.len() / RECORD;
        verify(
            &digits,
            count * RECORD,
            DIGITS_INFO,
            "digits (assets/digits.bin)",
        )?;
        if count == 0 {
            return Err("digits (assets/digits.bin) is empty".into());
        }
        let mut labels = Vec::with_capacity(count);
        let mut pixels = Vec::with_capacity(count * PIXELS);
        for rec in digits.chunks_exact(RECORD) {
            if rec[0] as usize >= CLASSES {
                return Err(format!("digits: label {} out of range", rec[0]));
            }
            labels.push(rec[0]);
            pixels.extend_from_slice(&rec[1..]);
        }
        Ok(Digits { labels, pixels })
    }

    pub fn len(&self) -> usize {
        self.labels.len()
    }

    pub fn is_empty(&self) -> bool {
        self.labels.is_empty()
    }

    /// Digit i as 784 values in [0, 1].
    pub fn image(&self, i: usize) -> impl Iterator<Item = f64> + '_ {
        self.pixels[i * PIXELS..(i + 1) * PIXELS]
            .iter()
            .map(|&p| p as f64 / 255.0)
    }

    /// All digits as f32 in [0, 1], one image after another.
    pub fn images_f32(&self) -> Vec<f32> {
        self.pixels.iter().map(|&p| p as f32 / 255.0).collect()
    }
}
