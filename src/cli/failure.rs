//! Which exit code each library error deserves, so that every command
//! reports the same failure the same way.

use dynamo::game::{GameError, Rejection};
use dynamo::mail::MailError;

use crate::exit::{Exit, Failure};

/// A game file that is missing, does not replay, already exists, is not
/// a regular file or is too large is bad input (2); anything the disk did,
/// a lock held too long and a write refused by the replay check are
/// input/output failures (3).
pub(crate) fn game(e: GameError) -> anyhow::Error {
    let exit = match e {
        GameError::NotFound { .. }
        | GameError::Invalid { .. }
        | GameError::Exists { .. }
        | GameError::NotRegular { .. }
        | GameError::TooLarge { .. } => Exit::Usage,
        _ => Exit::Io,
    };
    Failure::new(exit, e.to_string()).into()
}

/// A refused action is a rejection (1), unless what was wrong is the
/// command line itself: a time out of order or in the future, a result or
/// reason that does not parse (2).
pub(crate) fn rejected(e: Rejection) -> anyhow::Error {
    let exit = match e {
        Rejection::TimeOrder { .. }
        | Rejection::Future { .. }
        | Rejection::BadResult(_)
        | Rejection::EmptyReason
        | Rejection::BadValue(_) => Exit::Usage,
        _ => Exit::Rejected,
    };
    Failure::new(exit, format!("rejected: {e}")).into()
}

/// Bad addresses in the game are bad input (2); everything about the
/// server, the settings or the outbox is a mail failure (3).
pub(crate) fn mail_exit(error: &MailError) -> Exit {
    match error {
        MailError::Address { .. } | MailError::NoRecipients => Exit::Usage,
        _ => Exit::Io,
    }
}
