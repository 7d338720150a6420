//! What the CLI's contract tests share: running `coded`.

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
