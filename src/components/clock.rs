//! The page's clock. A module of its own, not in `components/mod.rs`: the
//! components that read it are re-exported there, and a module that uses
//! its parent while the parent uses it is a cycle.

/// The page's clock: `performance.now()`, in ms (0 without a window).
pub fn now() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or(0.0, |p| p.now())
}
