//! Entry point of the wasm binary that trunk builds; see `lib.rs`.

fn main() {
    coded_playground::start();
}
