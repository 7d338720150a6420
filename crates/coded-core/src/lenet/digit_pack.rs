//! The held-out digits as the program carries them: `assets/digits.bin`
//! (a label byte and 784 pixel bytes per digit) packed into
//! `assets/digits.packed` (the tests check it is exactly that file packed)
//! and unpacked once when first used (`digits`), then checked against the
//! provenance record's checksum like the file itself.
//!
//! Why packed: 80 % of the pixels are 0, and wasm-opt (its memory packing)
//! cuts a data segment at every long run of zeros: the records as they are
//! became some 10 400 data segments and cost the worker about 108 kB of
//! gzip -9. Packed they are one segment of 103 kB, 74 kB of gzip: the
//! worker is 34 kB smaller. The browser's worker now fetches the file
//! instead (`files`), which packed is 103 kB where the records are 392 kB,
//! for a host that does not compress it. The asset and its provenance stay
//! as the training tool wrote them.
//!
//! The layout: the number of digits and the length of the runs, each a
//! little-endian u32; the labels; the runs of the concatenated pixels,
//! alternately of zeros and of non-zeros, zeros first, a byte each (a run
//! longer than 255 is 255, an empty run of the other kind, and the rest);
//! the non-zero pixels in order.

/// A digit's bytes in `assets/digits.bin`: a label, then 28 × 28 pixels
/// (`lenet::PIXELS`; `digits` checks they agree).
pub const RECORD: usize = 1 + 28 * 28;

/// Packs `records` of `record` bytes each (a label byte, then pixels).
/// `records.len()` must be a multiple of `record` (it panics otherwise).
/// The program only unpacks: the tests pack, and write
/// `assets/digits.packed` when asked (below).
#[cfg_attr(not(test), allow(dead_code))]
pub fn pack(records: &[u8], record: usize) -> Vec<u8> {
    assert!(record > 0 && records.len() % record == 0, "whole records");
    let count = records.len() / record;
    let labels = records.chunks_exact(record).map(|r| r[0]);
    let pixels: Vec<u8> = records
        .chunks_exact(record)
        .flat_map(|r| r[1..].iter().copied())
        .collect();
    let mut runs = Vec::new();
    let mut zeros = true;
    let mut at = 0;
    while at < pixels.len() {
        let mut run = pixels[at..]
            .iter()
            .take_while(|&&p| (p == 0) == zeros)
            .count();
        at += run;
        while run > 255 {
            runs.extend([255, 0]);
            run -= 255;
        }
        runs.push(run as u8);
        zeros = !zeros;
    }
    let mut out = Vec::new();
    out.extend((count as u32).to_le_bytes());
    out.extend((runs.len() as u32).to_le_bytes());
    out.extend(labels);
    out.extend(runs);
    out.extend(pixels.iter().filter(|&&p| p != 0));
    out
}

/// The records [`pack`] packed, or what is wrong with `packed`.
pub fn unpack(packed: &[u8], record: usize) -> Result<Vec<u8>, String> {
    let word = |at: usize| -> Result<usize, String> {
        let bytes = packed
            .get(at..at + 4)
            .ok_or("the packed digits end in their header")?;
        Ok(u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]) as usize)
    };
    let (count, run_bytes) = (word(0)?, word(4)?);
    let labels = packed
        .get(8..8 + count)
        .ok_or("the packed digits end in their labels")?;
    let runs = packed
        .get(8 + count..8 + count + run_bytes)
        .ok_or("the packed digits end in their runs")?;
    let mut values = packed[8 + count + run_bytes..].iter();
    let size = record - 1;
    let mut pixels = Vec::with_capacity(count * size);
    let mut zeros = true;
    for &run in runs {
        let run = run as usize;
        if zeros {
            pixels.resize(pixels.len() + run, 0);
        } else {
            for _ in 0..run {
                match values.next() {
                    Some(&v) if v != 0 => pixels.push(v),
                    _ => return Err("the packed digits lack a non-zero pixel".into()),
                }
            }
        }
        zeros = !zeros;
    }
    if pixels.len() != count * size || values.next().is_some() {
        return Err(format!(
            "the packed digits hold {} pixels and {} more values, expected {} pixels",
            pixels.len(),
            values.len() + 1,
            count * size
        ));
    }
    let mut out = Vec::with_capacity(count * record);
    for (label, pixels) in labels.iter().zip(pixels.chunks_exact(size)) {
        out.push(*label);
        out.extend_from_slice(pixels);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_digits_come_back_byte_for_byte_and_smaller() {
        let digits = include_bytes!("../../assets/digits.bin");
        let packed = pack(digits, RECORD);
        assert_eq!(unpack(&packed, RECORD).unwrap(), digits);
        assert!(packed.len() < digits.len() / 2, "{}", packed.len());
    }

    /// The file the program reads is `assets/digits.bin` packed, byte for
    /// byte. After the digits change: `CODED_WRITE_PACKED=1 cargo test -p
    /// coded-core digits_packed` writes it.
    #[test]
    fn the_digits_packed_file_is_the_digits_packed() {
        let digits = include_bytes!("../../assets/digits.bin");
        let packed = pack(digits, RECORD);
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/digits.packed");
        if std::env::var_os("CODED_WRITE_PACKED").is_some() {
            std::fs::write(path, &packed).expect("assets/ is writable");
        }
        let file = std::fs::read(path).expect("assets/digits.packed is there");
        assert!(
            file == packed,
            "assets/digits.packed is not assets/digits.bin packed: \
             run CODED_WRITE_PACKED=1 cargo test -p coded-core digits_packed"
        );
    }

    #[test]
    fn long_runs_edges_and_empty_sets_round_trip() {
        let record = 5;
        let cases: Vec<Vec<u8>> = vec![
            vec![],
            vec![3, 0, 0, 0, 0],
            vec![9, 1, 2, 3, 4],
            vec![1, 7, 0, 0, 8, 2, 0, 0, 0, 0],
            // Runs of 255, 256, 510 and 511 pixels of each kind.
            {
                let mut pixels = vec![];
                for (n, v) in [(255, 0), (256, 4), (510, 0), (511, 9), (256, 0), (255, 1)] {
                    pixels.extend(std::iter::repeat_n(v, n));
                }
                pixels.resize(pixels.len().div_ceil(4) * 4, 0);
                pixels
                    .chunks(4)
                    .enumerate()
                    .flat_map(|(i, c)| std::iter::once((i % 10) as u8).chain(c.iter().copied()))
                    .collect()
            },
        ];
        for records in cases {
            let packed = pack(&records, record);
            assert_eq!(unpack(&packed, record).unwrap(), records, "{records:?}");
        }
    }

    #[test]
    fn damaged_packs_are_refused() {
        let record = 5;
        let packed = pack(&[1, 7, 0, 0, 8, 2, 0, 0, 0, 0], record);
        for cut in 0..packed.len() {
            assert!(unpack(&packed[..cut], record).is_err(), "cut at {cut}");
        }
        let mut extra = packed.clone();
        extra.push(5);
        assert!(unpack(&extra, record).is_err());
        let mut zero = packed.clone();
        *zero.last_mut().unwrap() = 0;
        assert!(unpack(&zero, record).is_err());
    }
}
