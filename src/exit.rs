//! Exit codes, one meaning each (documented in docs/reference.md, "Exit codes").

use std::process::ExitCode;

/// What the process tells its caller.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Exit {
    /// Done.
    Ok = 0,
    /// A move was rejected, or verification failed.
    Rejected = 1,
    /// Bad usage or bad input (a position, a rule set, a file that does
    /// not parse).
    Usage = 2,
    /// Input/output or mail failure.
    Io = 3,
    /// A limit (`solve --time`, `--nodes`) stopped a search before it
    /// finished: what it printed is what it proved, and no more.
    Unfinished = 4,
    /// A temporary failure (EX_TEMPFAIL of sysexits.h): `dynamo inbox`
    /// could not handle a message now (a lock held too long, a disk or
    /// server that failed); a mail system delivers it again later.
    TempFail = 75,
}

impl From<Exit> for ExitCode {
    fn from(e: Exit) -> ExitCode {
        ExitCode::from(e as u8)
    }
}

/// An error that knows its exit code. Any other error that reaches the
/// CLI edge (reading a file, writing output) is an [`Exit::Io`].
#[derive(Debug, thiserror::Error)]
#[error("{message}")]
pub struct Failure {
    pub exit: Exit,
    pub message: String,
}

impl Failure {
    pub fn new(exit: Exit, message: impl Into<String>) -> Failure {
        Failure {
            exit,
            message: message.into(),
        }
    }
}
