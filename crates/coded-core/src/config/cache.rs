//! Where each field of a configuration enters the cached values of an
//! experiment ([`CachePlace`]), and the keys a cache compares
//! ([`Key`], built by `Config::cache_key` from the table).
//!
//! Why in the core, when the cache is the engine's: the place is a fact
//! about what the core's calls compute from a field (`Problem::new` reads
//! some, `Problem::prepare` others, the trials the rest), so it belongs
//! in the field's entry beside its range. A field whose place is wrong
//! would make a cache silently reuse stale answers; the table makes the
//! place mandatory, and a test computes each field's effect to check it.

use crate::functions::FunctionKind;
use crate::points::PointSet;
use crate::scheme::Scheme;

/// Which cached values depend on a field.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CachePlace {
    /// The problem (`Problem::new`): the inputs, their exact outputs and
    /// the data points α. Changing it changes everything after it too.
    Problem,
    /// One scheme prepared at one N (`Problem::prepare`): the coded inputs
    /// and every server's answer. A sweep gives scheme and N per point.
    Prepared,
    /// Only the decoding, the straggler draws, the noise and the scoring of
    /// the trials: nothing is cached per value of it.
    Decoding,
}

/// The fields of one [`CachePlace`] of a configuration: two keys are equal
/// exactly when every field of that place is (numbers bit for bit, so 0
/// and −0 differ, as they may in the answers). The other fields hold
/// their defaults and are not compared.
///
/// Built once per use (a point of a sweep holds its own), it costs a clone
/// of its place's fields; comparing it compares those fields, no text.
///
/// Generic over the configuration `C` (the `Config` the table writes), whose
/// table also writes the comparison.
#[derive(Clone, Debug)]
pub struct Key<C> {
    pub(super) place: CachePlace,
    /// The configuration with every field outside `place` at its default.
    pub(super) fields: C,
}

impl<C> Key<C> {
    pub fn place(&self) -> CachePlace {
        self.place
    }
}

impl<C> Eq for Key<C> where Key<C>: PartialEq {}

/// Equality as a cache key compares a field. Only the types of fields with
/// a place other than `Decoding` need it: a field moved into a key whose
/// type lacks it does not compile until it is given one here.
pub trait KeyEq {
    fn key_eq(&self, other: &Self) -> bool;
}

impl KeyEq for f64 {
    /// By bits: 0 and −0 are different inputs to the spline's λ, and a
    /// cache must not guess that they give the same answers.
    fn key_eq(&self, other: &Self) -> bool {
        self.to_bits() == other.to_bits()
    }
}

/// Types whose `==` is already exact (no floats inside).
macro_rules! key_eq_by_eq {
    ($($t:ty),*) => {
        $(impl KeyEq for $t {
            fn key_eq(&self, other: &Self) -> bool {
                self == other
            }
        })*
    };
}

key_eq_by_eq!(usize, u64, Scheme, FunctionKind, PointSet);
