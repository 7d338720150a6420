//! The machinery of the configuration's table: one entry per field (in
//! `config`) gives its name, type, doc, default, allowed values, reader,
//! check and cache place, and [`config_table!`] writes from that one list
//! the `Config` struct, its `Default`, `FIELD_NAMES`, `TABLE` (what reading
//! JSON goes through), the allowed texts and checks that error messages and
//! `validate` read, and the cache keys.
//!
//! Why a macro and not a hand-written struct beside a table: the struct's
//! fields and the table's entries would be two lists that can disagree
//! (the struct had six hand-written copies of its field list: struct,
//! `Default`, names, allowed texts, reader, checks). Here a field exists
//! only through its entry, and an entry without a place or a check does not
//! compile.

use super::cache::CachePlace;
use super::error::ConfigError;
use serde_json::Value;

/// One field of a configuration `C` (the `Config` the macro writes), as its
/// table entry describes it.
pub struct Field<C> {
    /// Its name in the JSON, in errors and in `FIELD_NAMES`.
    pub name: &'static str,
    /// Which cached values depend on it.
    pub place: CachePlace,
    pub(super) allowed: fn() -> String,
    pub(super) read: fn(&mut C, &Value) -> Result<(), ConfigError>,
    pub(super) example: fn(&mut C),
}

/// A field's check (it may read other fields: then the entry owns that
/// cross-field check) and its place among `validate`'s checks.
pub(super) struct Check<C> {
    pub order: u8,
    pub run: fn(&C) -> Result<(), ConfigError>,
}

impl<C> Field<C> {
    /// Its allowed values, as error messages show them.
    pub fn allowed(&self) -> String {
        (self.allowed)()
    }

    /// Sets it, in `config`, to its entry's example: a valid value other
    /// than its default (the test of the cache places changes one field
    /// at a time).
    pub fn set_example(&self, config: &mut C) {
        (self.example)(config)
    }
}

/// Whether the checks' orders are distinct and each below the number of
/// fields, so that `validate` finds them by counting (asserted when
/// compiling).
pub(super) const fn check_orders_count<C>(checks: &[Option<Check<C>>]) -> bool {
    let mut i = 0;
    while i < checks.len() {
        if let Some(a) = &checks[i] {
            if a.order as usize >= checks.len() {
                return false;
            }
            let mut j = i + 1;
            while j < checks.len() {
                if let Some(b) = &checks[j] {
                    if a.order == b.order {
                        return false;
                    }
                }
                j += 1;
            }
        }
        i += 1;
    }
    true
}

/// Whether two texts are equal (`==` is not `const`).
pub(super) const fn same_text(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// Writes the configuration from its table. Each entry:
///
/// ```text
/// /// doc of the field
/// name: Type = default, {
///     place: Problem | Prepared | Decoding,
///     example: another valid value,
///     allowed: || the allowed values in words (from `limits`),
///     read: fn(field name, &Value) -> Result<Type, ConfigError>,
///     check ORDER: |name, &value, &config| -> Result<(), ConfigError>
///     (or `check: none`)
/// }
/// ```
///
/// `check` comes last (its closure is the rest of the entry) and ORDER is
/// its place among `validate`'s checks.
macro_rules! config_table {
    (@check $name:ident: $ty:ty; []; none) => {
        None
    };
    (@check $name:ident: $ty:ty; [$order:literal]; $($check:tt)+) => {
        Some($crate::config::table::Check {
            order: $order,
            run: |c: &Config| {
                let check: fn(&str, &$ty, &Config) -> Result<(), ConfigError> = $($check)+;
                check(stringify!($name), &c.$name, c)
            },
        })
    };
    // A key holds its place's fields and the defaults of the rest;
    // `Decoding` fields are never in a key, so their types need no KeyEq.
    (@masked Decoding; $place:ident; $value:expr; $default:expr) => {
        $default
    };
    (@masked $in:ident; $place:ident; $value:expr; $default:expr) => {
        if $place == $crate::config::cache::CachePlace::$in {
            $value.clone()
        } else {
            $default
        }
    };
    (@same Decoding; $a:expr; $b:expr) => {
        true
    };
    (@same $in:ident; $a:expr; $b:expr) => {
        $crate::config::cache::KeyEq::key_eq(&$a, &$b)
    };
    (
        $(
            $(#[$attr:meta])*
            $name:ident: $ty:ty = $default:expr, {
                place: $place:ident,
                example: $example:expr,
                allowed: $allowed:expr,
                read: $read:expr,
                check $([$order:literal])?: $($check:tt)+
            }
        )*
    ) => {
        /// An experiment. Its fields are the table's entries (in `config`),
        /// in the order of its JSON.
        #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
        #[serde(default, deny_unknown_fields)]
        pub struct Config {
            $( $(#[$attr])* pub $name: $ty, )*
        }

        impl Default for Config {
            fn default() -> Self {
                Config { $( $name: $default, )* }
            }
        }

        /// The configuration's fields, in the order of its JSON.
        pub const FIELD_NAMES: [&str; [$(stringify!($name)),*].len()] =
            [$(stringify!($name)),*];

        /// Every field's entry, in the order of the JSON: what reading a
        /// configuration from JSON goes through.
        pub const TABLE: [$crate::config::table::Field<Config>; FIELD_NAMES.len()] = [$(
            $crate::config::table::Field {
                name: stringify!($name),
                place: $crate::config::cache::CachePlace::$place,
                allowed: $allowed,
                read: |c: &mut Config, v: &Value| {
                    let read: fn(&str, &Value) -> Result<$ty, ConfigError> = $read;
                    c.$name = read(stringify!($name), v)?;
                    Ok(())
                },
                example: |c: &mut Config| c.$name = $example,
            },
        )*];

        // What checking and wording need, apart from `TABLE`: a program
        // that checks configurations but never reads JSON values (the
        // worker, the page) then carries no field's reader.

        /// Each field's allowed values in words, in the order of the JSON.
        const ALLOWED: [fn() -> String; FIELD_NAMES.len()] = [$($allowed),*];

        /// Each field's check, in the order of the JSON.
        const CHECKS: [Option<$crate::config::table::Check<Config>>; FIELD_NAMES.len()] = [$(
            config_table!(@check $name: $ty; [$($order)?]; $($check)+)
        ),*];

        const _: () = assert!(
            $crate::config::table::check_orders_count(&CHECKS),
            "two checks with the same order, or an order past the number of fields"
        );

        impl Config {
            /// The key of `place`: this configuration's fields of that
            /// place (see [`CacheKey`]).
            pub fn cache_key(&self, place: $crate::config::cache::CachePlace) -> CacheKey {
                let d = Config::default();
                CacheKey {
                    place,
                    fields: Config {
                        $( $name: config_table!(@masked $place; place; self.$name; d.$name), )*
                    },
                }
            }
        }

        impl PartialEq for CacheKey {
            fn eq(&self, other: &Self) -> bool {
                let (a, b) = (&self.fields, &other.fields);
                self.place == other.place
                    $( && config_table!(@same $place; a.$name; b.$name) )*
            }
        }
    };
}

pub(crate) use config_table;
