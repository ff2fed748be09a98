//! Which exit code each library error deserves, so that every command
//! reports the same failure the same way.

use std::borrow::Cow;
use std::io;
use std::process::ExitCode;

use dynamo_core::excerpt::{clipped, quoted};

use dynamo::game::{CorrectionError, GameError, Rejection};
use dynamo::mail::MailError;

use crate::exit::{Exit, Failure};

/// A game file that is missing, does not replay, already exists, is not
/// a regular file or is too large is bad input (2); anything the disk did,
/// a lock held too long and a write refused by the replay check are
/// input/output failures (3).
pub(crate) fn game(e: GameError) -> anyhow::Error {
    let exit = match e {
        GameError::NotFound { .. }
        | GameError::Removed { .. }
        | GameError::Invalid { .. }
        | GameError::Exists { .. }
        | GameError::NotRegular { .. }
        | GameError::TooLarge { .. } => Exit::Usage,
        GameError::Deleting { .. } => Exit::Rejected,
        _ => Exit::Io,
    };
    Failure::new(exit, e.to_string()).into()
}

/// A game error met on the way to recording in it: a game whose section
/// was deleted, before the command or while it waited for the game's
/// lock, is a refusal (1) that says so (docs/director.md, "Correcting a
/// section, a player's new address, a section cancelled"); any other is
/// [`game`]'s.
pub(crate) fn recording_in(e: GameError) -> anyhow::Error {
    if let GameError::NotFound { path } | GameError::Removed { path } = &e
        && let Some(aside) = dynamo::tournament::cancelled_game(path)
    {
        let section = path
            .parent()
            .and_then(|p| p.file_name())
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let message = format!(
            "{}: not recorded: the section {section} was cancelled, its games set aside in {}",
            path.display(),
            aside.display()
        );
        return Failure::new(Exit::Rejected, message).into();
    }
    game(e)
}

/// An action the game refused, kept whole so that `--json` can report
/// it as data; [`exit_code`] knows its exit code.
#[derive(Debug, thiserror::Error)]
#[error("rejected: {0}")]
pub(crate) struct Refused(pub(crate) Rejection);

impl Refused {
    /// A rejection (1), unless what was wrong is the command line itself:
    /// a time out of order or in the future, a result or reason that does
    /// not parse (2).
    pub(crate) fn exit(&self) -> Exit {
        match self.0 {
            Rejection::TimeOrder { .. }
            | Rejection::Future { .. }
            | Rejection::BadResult(_)
            | Rejection::EmptyReason
            | Rejection::BadValue(_) => Exit::Usage,
            _ => Exit::Rejected,
        }
    }
}

/// A refused action, as an error (see [`Refused`]).
pub(crate) fn rejected(e: Rejection) -> anyhow::Error {
    Refused(e).into()
}

/// The exit code an error that reached the command line's edge deserves:
/// its own if it knows it, else an input/output failure (3).
pub(crate) fn exit_code(err: &anyhow::Error) -> Exit {
    if let Some(f) = err.downcast_ref::<Failure>() {
        return f.exit;
    }
    if let Some(e) = err.downcast_ref::<CorrectionError>() {
        return correction_exit(e);
    }
    err.downcast_ref::<Refused>()
        .map_or(Exit::Io, Refused::exit)
}

/// A correction refused is bad input (2); a corrected record that does
/// not replay is a bug caught before writing (3), as a write that does
/// not replay is.
pub(crate) fn correction_exit(e: &CorrectionError) -> Exit {
    match e {
        CorrectionError::Replay(_) => Exit::Io,
        _ => Exit::Usage,
    }
}

/// Bad addresses in the game are bad input (2); everything about the
/// server, the settings or the outbox is a mail failure (3).
pub(crate) fn mail_exit(error: &MailError) -> Exit {
    match error {
        MailError::Address { .. } | MailError::NoRecipients => Exit::Usage,
        _ => Exit::Io,
    }
}

/// Whether `err` comes from writing to a reader that has gone (`dynamo
/// legal | head`).
pub(crate) fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        let kind = cause
            .downcast_ref::<io::Error>()
            .map(io::Error::kind)
            // serde_json keeps the writer's error inside its own.
            .or_else(|| {
                cause
                    .downcast_ref::<serde_json::Error>()
                    .and_then(serde_json::Error::io_error_kind)
            });
        kind == Some(io::ErrorKind::BrokenPipe)
    })
}

/// A word of a message longer than this is input quoted back whole (a
/// path, a value clap refused): it is cut as every refusal cuts its
/// input. Far above any real path or token a message names.
const LONGEST_WORD: usize = 1024;

/// `message` with each overlong word cut to its first characters and its
/// length ([`dynamo_core::excerpt::EXCERPT_CHARS`] of them): the last
/// guard, at the edge, for a message that quotes input the command did
/// not cut itself.
pub(crate) fn words_cut(message: &str) -> Cow<'_, str> {
    if !message.split_whitespace().any(|w| w.len() > LONGEST_WORD) {
        return Cow::Borrowed(message);
    }
    let lines: Vec<String> = message
        .split('\n')
        .map(|line| {
            line.split(' ')
                .map(|word| {
                    if word.len() <= LONGEST_WORD {
                        word.to_string()
                    } else if let Some(inner) =
                        word.strip_prefix('\'').and_then(|w| w.strip_suffix('\''))
                    {
                        quoted(inner).to_string()
                    } else {
                        clipped(word).to_string()
                    }
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    Cow::Owned(lines.join("\n"))
}

/// clap's refusal of the arguments, exit 2, or its help and version, exit
/// 0, printed as clap prints them; a value it quotes whole when it is
/// overlong is cut first ([`words_cut`]).
pub(crate) fn usage(e: clap::Error) -> ExitCode {
    let text = e.render().to_string();
    match words_cut(&text) {
        Cow::Borrowed(_) => e.exit(),
        Cow::Owned(cut) => {
            eprint!("{cut}");
            ExitCode::from(u8::try_from(e.exit_code()).unwrap_or(2))
        }
    }
}
