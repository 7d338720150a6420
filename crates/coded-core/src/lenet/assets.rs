//! The network's shape (a 28 × 28 image in, 10 logits out) and the check
//! of a compiled-in asset against its provenance record: what the weights,
//! the digits and the forward pass share, below them all.

use crate::checksum::fnv1a64;

pub const PIXELS: usize = 28 * 28;
pub const CLASSES: usize = 10;

fn recorded_checksum(info: &str, what: &str) -> Result<u64, String> {
    let v: serde_json::Value =
        serde_json::from_str(info).map_err(|e| format!("{what} provenance is not JSON: {e}"))?;
    let hex = v["checksum_fnv1a64"]
        .as_str()
        .ok_or_else(|| format!("{what} provenance has no checksum_fnv1a64"))?;
    u64::from_str_radix(hex, 16).map_err(|e| format!("{what} checksum `{hex}` is not hex: {e}"))
}

pub(super) fn verify(
    bytes: &[u8],
    expected_len: usize,
    info: &str,
    what: &str,
) -> Result<(), String> {
    if bytes.len() != expected_len {
        return Err(format!(
            "{what}: {} bytes, expected {expected_len}",
            bytes.len()
        ));
    }
    let (got, want) = (fnv1a64(bytes), recorded_checksum(info, what)?);
    if got != want {
        return Err(format!(
            "{what}: checksum {got:016x}, provenance says {want:016x}"
        ));
    }
    Ok(())
}
