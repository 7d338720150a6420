//! The playground's worker contract: every message between the page and its
//! leading worker ([`page`]), between the leading worker and the pool's
//! helpers ([`pool`]), the user's choices they carry ([`ui`]), a study
//! file's saved results and their check ([`saved`]), and the one encoding
//! all of them use ([`Message::encode`], [`Message::decode`]).
//!
//! # One encoding
//!
//! Every message, in both directions on both channels, is [postcard] bytes,
//! posted as a transferred `ArrayBuffer`. Why postcard: it is compact, it
//! keeps every `f64` bit for bit (NaN and infinities included, which JSON
//! turns into null), and its decoder is a fraction of serde_json's in the
//! page's size budget.
//!
//! One field is text inside those bytes: a [`coded_core::Config`] travels
//! as its JSON (see [`config_text`]). Why: the configuration's JSON is its
//! one external form (links, exported studies and the CLI all read it), and
//! its tagged enums (the straggler model, λ_dec, a formula) need a
//! self-describing format, which postcard is not. So the same reader checks
//! a configuration wherever it comes from.
//!
//! Nothing here computes: the worker's engine (`coded-engine`) fills these
//! types, the page draws what they carry (`coded-panels`).

pub mod config_text;
pub mod fingerprint;
pub mod page;
pub mod pool;
pub mod saved;
pub mod ui;

pub use fingerprint::{Fingerprint, Fingerprints};
pub use page::{FromWorker, Progress, SweepState, ToWorker};
pub use pool::{FromHelper, ToHelper};
pub use ui::{UiState, MAX_WORKERS};

use serde::de::DeserializeOwned;
use serde::Serialize;

/// A message of the contract: what [`Message::encode`] writes,
/// [`Message::decode`] reads back.
pub trait Message: Serialize + DeserializeOwned {
    /// The bytes posted for this message.
    fn encode(&self) -> Vec<u8> {
        postcard::to_allocvec(self).expect("every message serialises")
    }

    /// The message [`Message::encode`] wrote (an error in words otherwise).
    fn decode(bytes: &[u8]) -> Result<Self, String> {
        postcard::from_bytes(bytes).map_err(|e| e.to_string())
    }
}

impl Message for ToWorker {}
impl Message for FromWorker {}
impl Message for ToHelper {}
impl Message for FromHelper {}
