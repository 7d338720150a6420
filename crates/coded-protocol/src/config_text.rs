//! A [`Config`] inside a message, as its JSON text (see the crate's docs
//! for why). Used as `#[serde(with = "crate::config_text")]`.
//!
//! The text is read by `Config`'s own deserialiser, as a link or a file
//! would be; checking its ranges is left to whoever computes with it, as
//! for every configuration.

use coded_core::Config;
use serde::{Deserialize, Deserializer, Serializer};

pub fn serialize<S: Serializer>(config: &Config, s: S) -> Result<S::Ok, S::Error> {
    let text = serde_json::to_string(config).map_err(serde::ser::Error::custom)?;
    s.serialize_str(&text)
}

pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Config, D::Error> {
    let text = String::deserialize(d)?;
    serde_json::from_str(&text).map_err(serde::de::Error::custom)
}
