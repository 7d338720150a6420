//! Panel 3: LeNet-5 on coded digits, one round: the inputs, what a sample
//! of servers receive (blends of the inputs), and the predictions.
//!
//! Its parts: [`view`] (the data and how it is built), [`summary`] (the
//! sentence that describes it), [`hover`] (the values under the cursor) and,
//! with the feature `draw`, [`draw`](mod@draw) (the drawing).

#[cfg(feature = "draw")]
pub mod draw;
pub mod hover;
pub mod summary;
pub mod view;

#[cfg(feature = "draw")]
pub use draw::draw;
pub use hover::hover;
pub use summary::summary;
pub use view::{spread, DigitsView, InputCard, ServerCard, MAX_SHOWN};
