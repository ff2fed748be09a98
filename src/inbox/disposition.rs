//! What became of one mail, in words for the director.

use std::fmt;
use std::path::PathBuf;

use chrono::{DateTime, Utc};
use dynamo_core::Color;

use super::message::Automatic;
use crate::game::Language;
use crate::game::clock::format_time_short;
use crate::mail::messages::{self, Args};

/// What became of one mail.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Disposition {
    /// The player's command is recorded in the game, and both players'
    /// notices are queued.
    Recorded {
        game: PathBuf,
        /// `1... e7e5`, `Black resigns`.
        what: String,
        /// The sender.
        from: String,
    },
    /// Nothing recorded; the sender is answered why.
    Answered {
        game: PathBuf,
        /// The sender.
        to: String,
        why: Why,
        reply: ReplyFate,
    },
    /// A digest's business (docs/players.md, "The daily digest"): a player's
    /// choice of mail, or a reply to their digest, game by game; the
    /// sender is answered with `what`.
    Digest {
        /// The sender.
        to: String,
        /// What was done, in a line.
        what: String,
        reply: ReplyFate,
    },
    /// This very mail's event was recorded by an earlier run, which
    /// stopped before noting the mail as handled.
    Duplicate { game: PathBuf, what: String },
    /// The mail was handled before: what was done then.
    HandledBefore(String),
    /// Set aside, unanswered (`dynamo inbox --unmatched` lists them).
    SetAside(SetAside),
}

/// Why nothing was recorded for a player's mail.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Why {
    /// The command is refused, in the words `dynamo check` uses.
    Refused(String),
    /// It is recorded already, from an earlier mail.
    Already { what: String, at: DateTime<Utc> },
    /// The game has moved on since the notice the mail answers.
    MovedOn,
    /// The game's section was cancelled (`tournament delete`).
    Cancelled { section: String },
    /// The mail is larger than the inbox reads (this many bytes).
    TooLarge(usize),
    /// The player's conditional lines, kept (numbered, as they now stand)
    /// or `cancelled`.
    Conditional { lines: Vec<String>, cancelled: bool },
}

/// What became of an answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReplyFate {
    /// Queued now (or, in a dry run, would be).
    Queued,
    /// In the outbox already: this mail was answered before.
    Before,
    /// Not sent: this many answers went to the sender in the last hour.
    OverLimit(u32),
}

/// Why a mail was set aside.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SetAside {
    /// Not a mail that can be read.
    Unreadable(String),
    /// Sent by a machine.
    Automatic(Automatic),
    /// No usable From address.
    NoSender,
    /// No reply token: not a reply to a notice.
    NoToken,
    /// Reply tokens, none valid.
    InvalidToken,
    /// Valid tokens of different games or players.
    Conflict,
    /// The token is `side`'s, the From address the other player's.
    OtherPlayer { from: String, side: Color },
    /// The token is `side`'s, the From address no player's; `told`, the
    /// player's own address when a note went to it (never to the sender).
    Stranger {
        from: String,
        side: Color,
        told: Option<String>,
    },
}

impl fmt::Display for SetAside {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetAside::Unreadable(why) => write!(f, "not a mail that can be read: {why}"),
            SetAside::Automatic(automatic) => match automatic {
                Automatic::AutoSubmitted(v) => {
                    write!(f, "sent by a machine (Auto-Submitted: {v})")
                }
                Automatic::Bounce => f.write_str("a bounce (a delivery report)"),
                Automatic::List => f.write_str("mailing-list mail"),
                Automatic::Bulk => f.write_str("bulk mail (Precedence)"),
                Automatic::AutoReply(header) => write!(f, "an automatic reply ({header})"),
            },
            SetAside::NoSender => f.write_str("no usable From address"),
            SetAside::NoToken => f.write_str("no reply token: not a reply to a notice"),
            SetAside::InvalidToken => f.write_str("no valid reply token"),
            SetAside::Conflict => f.write_str("reply tokens of different games or players"),
            SetAside::OtherPlayer { from, side } => write!(
                f,
                "the reply token is {}'s, but {from} is {}'s address",
                side.title(),
                (!*side).title()
            ),
            SetAside::Stranger { from, side, told } => {
                write!(
                    f,
                    "the reply token is {}'s, but {from} is not a player's address",
                    side.title()
                )?;
                match told {
                    Some(address) => write!(f, "; {} was told at {address}", side.title()),
                    None => Ok(()),
                }
            }
        }
    }
}

impl Disposition {
    /// The disposition in words; with `dry_run`, as what would be done.
    pub fn describe(&self, dry_run: bool) -> String {
        let (record, refuse, answer) = if dry_run {
            ("would record", "would refuse", "would answer")
        } else {
            ("recorded", "refused", "answered")
        };
        match self {
            Disposition::Recorded { game, what, from } => {
                format!("{record} {what} in {} (mail from {from})", game.display())
            }
            Disposition::Answered {
                game,
                to,
                why,
                reply,
            } => {
                let what = match why {
                    Why::Refused(reason) => format!("{refuse} in {}: {reason}", game.display()),
                    Why::Already { what, at } => format!(
                        "already recorded in {} as {what} at {}",
                        game.display(),
                        format_time_short(*at)
                    ),
                    Why::MovedOn => format!(
                        "the game {} has moved on since the notice answered",
                        game.display()
                    ),
                    Why::Cancelled { section } => format!(
                        "{refuse} in {}: the section {section} was cancelled",
                        game.display()
                    ),
                    Why::TooLarge(limit) => format!(
                        "not read for {}: the mail is larger than {limit} bytes",
                        game.display()
                    ),
                    Why::Conditional { lines, cancelled } => format!(
                        "conditional lines {} in {}: {}",
                        if *cancelled { "cancelled" } else { "kept" },
                        game.display(),
                        lines.join("; ")
                    ),
                };
                let answered = match reply {
                    ReplyFate::Queued => format!("{answer} {to}"),
                    ReplyFate::Before => format!("{to} was answered before"),
                    ReplyFate::OverLimit(n) => {
                        format!("not answered: {n} answers went to {to} in the last hour")
                    }
                };
                format!("{what}; {answered}")
            }
            Disposition::Digest { to, what, reply } => {
                let answered = match reply {
                    ReplyFate::Queued => format!("{answer} {to}"),
                    ReplyFate::Before => format!("{to} was answered before"),
                    ReplyFate::OverLimit(n) => {
                        format!("not answered: {n} answers went to {to} in the last hour")
                    }
                };
                format!("{what}; {answered}")
            }
            Disposition::Duplicate { game, what } => format!(
                "recorded before from this mail: {what} in {}",
                game.display()
            ),
            Disposition::HandledBefore(what) => format!("handled before: {what}"),
            Disposition::SetAside(why) if dry_run => format!("would set aside: {why}"),
            Disposition::SetAside(why) => format!("set aside: {why}"),
        }
    }

    /// Why the mail belongs among those set aside (`--unmatched`), if it
    /// does: set aside, or an answer held back by the hourly limit.
    pub fn unmatched(&self) -> Option<String> {
        match self {
            Disposition::SetAside(why) => Some(why.to_string()),
            Disposition::Answered {
                reply: ReplyFate::OverLimit(_),
                ..
            }
            | Disposition::Answered {
                why: Why::TooLarge(_),
                ..
            }
            | Disposition::Digest {
                reply: ReplyFate::OverLimit(_),
                ..
            } => Some(self.describe(false)),
            _ => None,
        }
    }
}

/// The answer's lines about the player's conditional lines, in
/// `language`: `at` is when their mail came.
pub(super) fn conditional_answer(
    language: Language,
    at: &str,
    lines: &[String],
    cancelled: bool,
) -> Vec<String> {
    let id = match (cancelled, lines.is_empty()) {
        (true, true) => "conditional-none-to-cancel",
        (true, false) => "conditional-cancelled",
        (false, _) => "conditional-stand",
    };
    let mut out = vec![messages::say(language, id, &Args::new().text("at", at))];
    out.extend(lines.iter().map(|l| format!("  {l}")));
    out
}
