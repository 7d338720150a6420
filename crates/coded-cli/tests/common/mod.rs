//! What the CLI's contract tests share: running `coded`, and what a
//! refusal of it is.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `coded` with `args`, writing `stdin` (if any) to its standard input.
pub fn coded(args: &[&str], stdin: Option<&str>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_coded"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    if let Some(text) = stdin {
        // A command refused for its arguments exits before it reads its
        // input: the pipe is then closed under the writer, which is the
        // command's answer, not an error of the test.
        let written = child.stdin.take().unwrap().write_all(text.as_bytes());
        if let Err(e) = written {
            assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe, "{e}");
        }
    }
    drop(child.stdin.take());
    child.wait_with_output().unwrap()
}

/// `o` is a refusal: exit code 2, nothing on stdout, and one line on stderr
/// that says `needle` (`what` names the case when it is not). Returns the
/// line.
pub fn assert_refused(o: &Output, needle: &str, what: &str) -> String {
    assert_eq!(o.status.code(), Some(2), "{what}");
    let err = String::from_utf8(o.stderr.clone()).unwrap();
    assert_eq!(err.trim_end().lines().count(), 1, "{what}: {err}");
    assert!(err.contains(needle), "{what}: {err}");
    assert!(o.stdout.is_empty(), "{what}");
    err
}
