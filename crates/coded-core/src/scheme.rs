//! The coding schemes by name (the JSON's, the CLI's), with their words:
//! labels, legends' and sentences' names, and which of them locate
//! adversaries before they decode, so that the JSON, the CLI, legends and
//! choosers all read the one definition. What a scheme computes is
//! [`crate::coder`].

use crate::robust::Locator;
use crate::wire::wire_enum;
use serde::{Deserialize, Serialize};

wire_enum! {
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
    pub enum Scheme {
        /// Berrut's rational interpolant for encoder and decoder.
        #[default]
        Bacc = "bacc",
        /// Natural cubic smoothing splines (λ_enc, λ_dec).
        Letcc = "letcc",
        /// Lagrange coded computing: polynomial encoder and decoder.
        Lcc = "lcc",
        /// Replication: server n computes f(x_{(n mod K)+1}).
        Uncoded = "uncoded",
        /// ApproxIFER (Soleymani et al.): BACC's encoder; an error-locator
        /// fit flags adversarial answers, the rest are Berrut-decoded.
        Approxifer = "approxifer",
        /// Our median baseline: BACC's encoder; the answers furthest from
        /// a running median are flagged, the rest Berrut-decoded.
        Median = "median_drop",
    }
}

impl Scheme {
    /// Everything that describes the scheme in words, in one place: a new
    /// scheme is described here once, and legends, tables, choosers and
    /// the plots' sentences read it (its wire name is in the enum).
    pub const fn about(self) -> SchemeAbout {
        match self {
            Scheme::Bacc => SchemeAbout::decoder("BACC", "BACC (Berrut)"),
            Scheme::Letcc => SchemeAbout::decoder("LeTCC", "LeTCC (smoothing splines)"),
            Scheme::Lcc => SchemeAbout::decoder("LCC", "LCC (Lagrange)"),
            Scheme::Approxifer => SchemeAbout::decoder(
                "ApproxIFER",
                "ApproxIFER (Soleymani et al.: locate the liars, then Berrut)",
            ),
            Scheme::Median => SchemeAbout {
                label: "Median drop",
                long_label: "Median drop (ours: drop the outliers, then Berrut)",
                subject: "The median baseline (ours)",
                verb: "decoded",
            },
            Scheme::Uncoded => SchemeAbout {
                label: "uncoded",
                long_label: "Uncoded (replication)",
                subject: "Replication (uncoded)",
                // It decodes nothing: it takes the outputs whose copy came back.
                verb: "recovered",
            },
        }
    }

    /// The short name in legends, tables and summaries.
    pub const fn label(self) -> &'static str {
        self.about().label
    }

    /// The name with what it is built on, for a chooser.
    pub const fn long_label(self) -> &'static str {
        self.about().long_label
    }

    /// The locator of a scheme that flags answers before it decodes.
    pub const fn locator(self) -> Option<Locator> {
        match self {
            Scheme::Approxifer => Some(Locator::Fit),
            Scheme::Median => Some(Locator::Median),
            Scheme::Bacc | Scheme::Letcc | Scheme::Lcc | Scheme::Uncoded => None,
        }
    }
}

/// What describes a scheme, from [`Scheme::about`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SchemeAbout {
    /// The short name in legends, tables and summaries: "BACC".
    pub label: &'static str,
    /// The name with what it is built on, for a chooser: "BACC (Berrut)".
    pub long_label: &'static str,
    /// The scheme as the subject of a sentence: "Replication (uncoded)".
    pub subject: &'static str,
    /// What a round does to the outputs, in the past tense: "decoded".
    pub verb: &'static str,
}

impl SchemeAbout {
    /// A scheme that decodes, named by its label in a sentence too.
    const fn decoder(label: &'static str, long_label: &'static str) -> SchemeAbout {
        SchemeAbout {
            label,
            long_label,
            subject: label,
            verb: "decoded",
        }
    }
}
