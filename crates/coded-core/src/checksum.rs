//! FNV-1a, 64 bits: the one hash of bytes the programs write down and
//! compare later (the LeNet-5 assets' checksums, the training tool that
//! records them, the page's stage fingerprints, a sharded sweep's
//! fingerprint).
//!
//! Why not std's hashers: their output may change between Rust versions,
//! and these values are stored (in the assets' provenance, in a shard's
//! CSV) or compared across the page and its worker. FNV-1a is a few lines,
//! the same on every platform.

/// FNV-1a of `bytes`, 64 bits.
pub fn fnv1a64(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fnv1a64_is_the_published_function() {
        // Test vectors of the FNV reference.
        assert_eq!(fnv1a64(b""), 0xcbf29ce484222325);
        assert_eq!(fnv1a64(b"a"), 0xaf63dc4c8601ec8c);
        assert_eq!(fnv1a64(b"foobar"), 0x85944171f73967e8);
    }
}
