//! The wire names of the configuration's enums: their spelling in JSON, URLs
//! and CSV. Separate so that every enum (scheme, function, point set, λ rule,
//! straggler model) declares its names the same way, from one macro.
//!
//! Why a macro: each name is written once, and both serde's
//! `#[serde(rename = …)]` and `name()` read that one literal. Two copies (a
//! `rename_all` and a `match`) could drift apart and silently change the
//! JSON that links, exports and the CLI share.

/// Declares an enum whose variants carry their wire name: `Variant = "name"`.
/// Generates the enum, with `#[serde(rename = "name")]` on each variant,
/// and `name()` and `parse()`; the enum must derive serde's traits (and
/// `Clone`). `ALL: [Self; _]` holds every variant in the order a UI lists
/// them, and `parse` searches it:
///
/// - unit variants: `ALL` is written here, in the order the variants are;
///   with `Variant = "name" => "label"` on every variant, `label()` (what
///   a UI calls it) too;
/// - struct variants (`Variant { fields } = "name"`): the enum defines
///   `ALL` itself, one entry per variant (checked when compiling).
macro_rules! wire_enum {
    (
        @named
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
    (
        $(#[$meta:meta])*
        $vis:vis enum $T:ident {
            $(
                $(#[$vmeta:meta])*
                $V:ident = $wire:literal => $label:literal
            ),* $(,)?
        }
    ) => {
        wire_enum! {
            $(#[$meta])*
            $vis enum $T { $( $(#[$vmeta])* $V = $wire ),* }
        }

        impl $T {
            /// What a UI calls it.
            pub const fn label(self) -> &'static str {
                match self {
                    $( $T::$V => $label ),*
                }
            }
        }
    };
    (
        $(#[$meta:meta])*
        $vis:vis enum $T:ident {
            $(
                $(#[$vmeta:meta])*
                $V:ident = $wire:literal
            ),* $(,)?
        }
    ) => {
        wire_enum! {
            @named
            $(#[$meta])*
            $vis enum $T { $( $(#[$vmeta])* $V = $wire ),* }
        }

        impl $T {
            /// Every variant, in the order written.
            pub const ALL: [$T; [$(stringify!($V)),*].len()] = [$($T::$V),*];
        }
    };
    (
        $(#[$meta:meta])*
        $vis:vis enum $T:ident { $($variants:tt)* }
    ) => {
        wire_enum! {
            @named
            $(#[$meta])*
            $vis enum $T { $($variants)* }
        }
    };
}

pub(crate) use wire_enum;
