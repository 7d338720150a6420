//! Packs the held-out digits for the program (`src/lenet/digit_pack.rs`
//! says why and how); `src/lenet/digits.rs` includes the result.

#[allow(dead_code)] // the build uses `pack` only
#[path = "src/lenet/digit_pack.rs"]
mod digit_pack;

fn main() {
    println!("cargo:rerun-if-changed=assets/digits.bin");
    println!("cargo:rerun-if-changed=src/lenet/digit_pack.rs");
    let digits = std::fs::read("assets/digits.bin").expect("assets/digits.bin is readable");
    let out = std::path::Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR"))
        .join("digits.packed");
    std::fs::write(out, digit_pack::pack(&digits, digit_pack::RECORD))
        .expect("OUT_DIR is writable");
}
