//! Writing to standard output and error without panicking: `println!`
//! panics when the reader has gone (`rookery list | head -1`) or the disk
//! is full (`rookery schema > /dev/full`). A closed pipe ends the program
//! quietly with status 141 (128 + SIGPIPE, what a shell reports for a
//! program killed by the signal); any other write error is one line on
//! standard error and status 1.

use std::fmt::Arguments;
use std::io::Write;

/// Writes to standard output; exits as described above on failure.
pub fn write(args: Arguments<'_>) {
    let mut o = std::io::stdout().lock();
    if let Err(e) = o.write_fmt(args) {
        fail(e);
    }
}

/// Flushes standard output (at the end of every command).
pub fn flush() {
    if let Err(e) = std::io::stdout().lock().flush() {
        fail(e);
    }
}

/// Writes to standard error, ignoring failure: there is nowhere left to
/// report it.
pub fn write_err(args: Arguments<'_>) {
    let _ = std::io::stderr().lock().write_fmt(args);
}

fn fail(e: std::io::Error) -> ! {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        std::process::exit(141);
    }
    write_err(format_args!("error: cannot write the output: {e}\n"));
    std::process::exit(1);
}
