//! A run on threads of its own while the calling thread, holding the GIL
//! only for moments, reports progress and listens for Ctrl-C: Python runs
//! its signal handlers on the main thread only, so the thread that called
//! in is the one that must look.

use crate::function::Failure;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use std::sync::mpsc;
use std::sync::Arc;
use std::time::Duration;

/// How often the calling thread looks at signals and progress.
const POLL: Duration = Duration::from_millis(100);

/// Runs `work` on a thread of its own; meanwhile calls `progress(done,
/// total)` (trials) and checks for signals every [`POLL`]. A signal's
/// exception (KeyboardInterrupt) or one of `progress` stops the run and is
/// raised once its threads have stopped; so is an error f raised. An
/// error of the run itself is a ValueError with its words.
pub fn watched<T: Send + 'static>(
    py: Python<'_>,
    failure: Arc<Failure>,
    progress: Option<Py<PyAny>>,
    work: impl FnOnce() -> Result<T, String> + Send + 'static,
) -> PyResult<T> {
    let (tx, rx) = mpsc::channel();
    let worker = std::thread::Builder::new()
        .name("coded-sweep".into())
        .spawn(move || {
            let _ = tx.send(work());
        })
        .map_err(|e| PyValueError::new_err(format!("cannot start the sweep's thread: {e}")))?;
    let watch = failure.watch.clone();
    let mut rx = rx;
    let outcome = loop {
        // The receiver goes along and comes back: it is Send, not Sync.
        let (received, back) = py.detach(move || (rx.recv_timeout(POLL), rx));
        rx = back;
        match received {
            Ok(result) => break Ok(result),
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                break Ok(Err("the sweep's thread ended without a result".into()))
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {}
        }
        let looked = py.check_signals().and_then(|()| match &progress {
            Some(p) => {
                let (done, total) = watch.progress();
                p.call1(py, (done, total)).map(|_| ())
            }
            None => Ok(()),
        });
        if let Err(e) = looked {
            watch.stop();
            break Err(e);
        }
    };
    // The threads let go of every f and problem before anything is raised.
    py.detach(|| worker.join()).map_err(|panic| {
        let words = coded_sweep::panic_words(panic.as_ref());
        PyRuntimeError::new_err(format!("coded: internal error: {words}"))
    })?;
    let result = outcome?;
    if let Some(e) = failure.take() {
        return Err(e);
    }
    if let Some(p) = &progress {
        let (done, total) = watch.progress();
        p.call1(py, (done, total))?;
    }
    result.map_err(PyValueError::new_err)
}
