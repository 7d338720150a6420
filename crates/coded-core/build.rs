//! Packs the held-out digits for the program (`src/lenet/digit_pack.rs`
//! says why and how); `src/lenet/digits.rs` includes the result.

#[allow(dead_code)] // the build uses `pack` only
#[path = "src/lenet/digit_pack.rs"]
mod digit_pack;

fn main() {
    println!("cargo:rerun-if-changed=assets/digits.bin");
    println!("cargo:rerun-if-changed=src/lenet/digit_pack.rs");
    let digits = std::fs::read("assets/digits.bin").expect("assets/digits.bin is readable");
    // A label byte and 28 × 28 pixel bytes per digit (lenet::PIXELS).
    let record = 1 + 28 * 28;
    assert!(
        digits.len() % record == 0,
        "assets/digits.bin holds whole digits"
    );
    let out = std::path::Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR"))
        .join("digits.packed");
    std::fs::write(out, digit_pack::pack(&digits, record)).expect("OUT_DIR is writable");
}
