//! Where the network's two files come from: compiled in (feature
//! `embedded-lenet`: the CLI, the tests) or handed over at run time by
//! [`provide`]. The browser's worker is built without the feature and fetches
//! the files only when a configuration computes LeNet-5
//! (crates/coded-worker), so a view that does not use it downloads neither
//! (about 180 kB of gzip: docs/performance.md, "What is in the worker").
//!
//! Either way the bytes are checked against the provenance records, which
//! are always compiled in, before anything is computed with them.

use std::sync::OnceLock;

/// The weights' file, as the worker fetches it (next to its script) and as
/// `assets/` holds it: f16 in two byte planes (`weights`).
pub const WEIGHTS_FILE: &str = "lenet5.bin";
/// The held-out digits' file, packed (`digit_pack`): the tests check that it
/// is `assets/digits.bin` packed.
pub const DIGITS_FILE: &str = "digits.packed";

/// The two files' bytes: the weights, then the packed digits.
pub type Files = (&'static [u8], &'static [u8]);

#[cfg(feature = "embedded-lenet")]
const EMBEDDED: Files = (
    include_bytes!("../../assets/lenet5.bin"),
    include_bytes!("../../assets/digits.packed"),
);

static GIVEN: OnceLock<Result<Files, String>> = OnceLock::new();

/// Hands over the two files (weights, packed digits), or why they could not
/// be had (said by every LeNet-5 computation from then on). The first call
/// counts; later ones are ignored. With the files compiled in it changes
/// nothing.
pub fn provide(files: Result<(Vec<u8>, Vec<u8>), String>) {
    let leaked = files.map(|(w, d)| -> Files { (w.leak(), d.leak()) });
    let _ = GIVEN.set(leaked);
}

/// Whether LeNet-5 can compute without [`provide`] being called first.
pub fn waiting() -> bool {
    !cfg!(feature = "embedded-lenet") && GIVEN.get().is_none()
}

/// The files, or why there are none (not yet handed over, or their fetch
/// failed). A missing file is not remembered as a failure by the callers:
/// they read again once the files are there.
pub(super) fn get() -> Result<Files, String> {
    #[cfg(feature = "embedded-lenet")]
    {
        Ok(EMBEDDED)
    }
    #[cfg(not(feature = "embedded-lenet"))]
    {
        match GIVEN.get() {
            Some(Ok(files)) => Ok(*files),
            Some(Err(why)) => Err(format!("LeNet-5's files could not be loaded: {why}")),
            None => Err("LeNet-5's files have not been loaded".into()),
        }
    }
}
