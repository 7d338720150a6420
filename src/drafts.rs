//! The text of every control (a draft), and the state the drafts describe.
//!
//! Why drafts: a field must keep what the person types, even when it is not
//! (yet) a valid value ("0.", "-", "1e"), while the plots keep showing the
//! last valid state. A draft is parsed only when it is complete: after a
//! pause, on Enter or on leaving the field (`components::typed`). Then all
//! drafts are read together, through the table of settings, so fixing N also
//! clears the message that K > N caused.

use leptos::prelude::*;

use crate::settings::{broken, LinkState, Setting, SETTINGS};

/// One control's text. Typing changes `text` only; `reset` tells the field
/// to show `text` again (a preset, a link, the re-roll button): the field is
/// never rewritten while a person types into it.
#[derive(Clone, Copy)]
pub struct Draft {
    pub text: RwSignal<String>,
    pub reset: RwSignal<u64>,
}

impl Draft {
    /// Sets the text and shows it in the field.
    pub fn replace(&self, text: String) {
        self.text.set(text);
        self.reset.update(|n| *n += 1);
    }
}

/// An invalid value: the control's id and the message in plain words.
pub type Invalid = (&'static str, String);

/// The drafts of every setting that has a control in the controls column,
/// in the table's order.
#[derive(Clone, Copy)]
pub struct Drafts {
    drafts: StoredValue<Vec<(&'static Setting, Draft)>>,
}

impl Drafts {
    pub fn new(s: &LinkState) -> Drafts {
        let drafts = SETTINGS
            .iter()
            .filter(|st| st.kind.has_draft())
            .map(|st| {
                let d = Draft {
                    text: RwSignal::new((st.text)(s)),
                    reset: RwSignal::new(0),
                };
                (st, d)
            })
            .collect();
        Drafts {
            drafts: StoredValue::new(drafts),
        }
    }

    /// The draft of a control id.
    pub fn of(&self, id: &str) -> Draft {
        self.drafts.with_value(|v| {
            v.iter()
                .find(|(st, _)| st.id == id)
                .map(|(_, d)| *d)
                .unwrap_or_else(|| panic!("no draft for the control {id}"))
        })
    }

    /// Shows a state in every control (a preset, a link).
    pub fn load(&self, s: &LinkState) {
        self.drafts.with_value(|v| {
            for (st, d) in v {
                d.replace((st.text)(s));
            }
        });
    }

    /// The state the drafts describe, read on top of `base` (which gives
    /// what no control edits: the round, the error tab, the embed
    /// parameters). Every invalid value is reported with its control.
    pub fn build(&self, base: &LinkState) -> Result<LinkState, Vec<Invalid>> {
        let mut s = base.clone();
        let mut invalid = Vec::new();
        self.drafts.with_value(|v| {
            for (st, d) in v {
                // A parameter of another straggler model is kept as typed,
                // but is not part of the state.
                let text = d.text.get_untracked();
                if (st.applies)(&s).is_ok() && !(st.read)(&mut s, &text) {
                    invalid.push((st.id, st.refusal(&s, &text)));
                }
            }
        });
        if invalid.is_empty() {
            if let Some(st) = broken(&s) {
                invalid.push((st.id, st.message(&s)));
            }
        }
        if invalid.is_empty() {
            Ok(s)
        } else {
            Err(invalid)
        }
    }

    /// The state with every select's draft read (which parameters of the
    /// straggler model apply follows the select at once).
    pub fn with_choices(&self, base: &LinkState) -> LinkState {
        let mut s = base.clone();
        self.drafts.with_value(|v| {
            for (st, d) in v {
                if matches!(st.kind, crate::settings::Kind::Choice(_)) {
                    (st.read)(&mut s, &d.text.get());
                }
            }
        });
        s
    }
}
