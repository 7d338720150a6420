//! The wire names of the configuration's enums: their spelling in JSON, URLs
//! and CSV. Separate so that every enum (scheme, function, point set, λ rule,
//! straggler model) declares its names the same way, from one macro.
//!
//! Why a macro: each name is written once, and both serde's
//! `#[serde(rename = …)]` and `name()` read that one literal. Two copies (a
//! `rename_all` and a `match`) could drift apart and silently change the
//! JSON that links, exports and the CLI share.

/// Declares an enum whose variants carry their wire name: `Variant = "name"`
/// (struct variants: `Variant { fields } = "name"`). Generates the enum, with
/// `#[serde(rename = "name")]` on each variant, and `name()` and `parse()`.
/// The enum must derive serde's traits (and `Clone`), and define
/// `ALL: [Self; _]`, one entry per variant (checked when compiling), in the
/// order a UI lists them; `parse` searches it.
macro_rules! wire_enum {
    (
        $(#[$meta:meta])*
        $vis:vis enum $T:ident {
            $(
                $(#[$vmeta:meta])*
                $V:ident $({ $($fields:tt)* })? = $wire:literal
            ),* $(,)?
        }
    ) => {
        $(#[$meta])*
        $vis enum $T {
            $(
                $(#[$vmeta])*
                #[serde(rename = $wire)]
                $V $({ $($fields)* })?
            ),*
        }

        // `ALL` has one entry per variant (the tests check that they differ).
        // (Checked by the type, not a const assert: `ALL` may hold a Vec,
        // whose destructor a constant cannot run.)
        const _: fn() -> [$T; [$(stringify!($V)),*].len()] = || $T::ALL;

        impl $T {
            /// The name in JSON, URLs and CSV (serde's: the same literal).
            pub const fn name(&self) -> &'static str {
                match self {
                    $( $T::$V { .. } => $wire ),*
                }
            }

            /// The entry of `ALL` with that name.
            pub fn parse(name: &str) -> Option<$T> {
                $T::ALL.into_iter().find(|x| x.name() == name)
            }
        }
    };
}

pub(crate) use wire_enum;
