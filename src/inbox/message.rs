//! One incoming message, read into what the inbox needs: who sent it,
//! which notice it answers, whether a machine sent it, and the player's
//! own words above whatever they quoted.

use mail_parser::{HeaderValue, MessageParser};
use thiserror::Error;

/// The largest message read; a reply with a move is a few kilobytes, and
/// a bigger one is set aside unread.
pub const MAX_MESSAGE_BYTES: usize = 4 << 20;

/// What the inbox needs of one message.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Incoming {
    /// The Message-ID without its angle brackets; `None` when missing.
    pub message_id: Option<String>,
    /// The From address as written (not yet checked as an address).
    pub from: Option<String>,
    /// The From display name, if any.
    pub from_name: Option<String>,
    /// The Return-Path as written, brackets removed: `Some("")` for the
    /// empty return path of a bounce, `None` when the header is absent.
    pub return_path: Option<String>,
    /// The subject, decoded.
    pub subject: String,
    /// Message-IDs in In-Reply-To, then References, brackets removed.
    pub in_reply_to: Vec<String>,
    pub references: Vec<String>,
    /// Every recipient address (To, Cc, Delivered-To), for a reply
    /// address with a sub-address.
    pub recipients: Vec<String>,
    /// Why a machine rather than a person sent it, if so.
    pub automatic: Option<Automatic>,
    /// The player's own text: the plain part (or the HTML part as text),
    /// decoded, cut above the quoted text and the signature.
    pub text: String,
}

/// Why a message was sent by a machine and must get no answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Automatic {
    /// `Auto-Submitted:` other than `no`.
    AutoSubmitted(String),
    /// An empty return path, or from MAILER-DAEMON or postmaster.
    Bounce,
    /// Mailing-list mail (`List-Id`, `List-Unsubscribe`, …).
    List,
    /// `Precedence: bulk | junk | list`.
    Bulk,
}

#[derive(Debug, Error, PartialEq, Eq)]
pub enum MessageError {
    #[error("the message is larger than {MAX_MESSAGE_BYTES} bytes")]
    TooLarge,
    #[error("not a mail message: no header could be read")]
    Unreadable,
}

/// Reads one raw message.
pub fn read(raw: &[u8]) -> Result<Incoming, MessageError> {
    if raw.len() > MAX_MESSAGE_BYTES {
        return Err(MessageError::TooLarge);
    }
    let message = MessageParser::default()
        .parse(raw)
        .ok_or(MessageError::Unreadable)?;
    let from = message.from().and_then(|a| a.first());
    Ok(Incoming {
        message_id: message.message_id().map(str::to_string),
        from: from.and_then(|a| a.address()).map(str::to_string),
        from_name: from.and_then(|a| a.name()).map(str::to_string),
        return_path: message.return_address().map(str::to_string),
        subject: message.subject().unwrap_or("").to_string(),
        in_reply_to: ids(message.in_reply_to()),
        references: ids(message.references()),
        recipients: message
            .to()
            .into_iter()
            .flat_map(|a| a.iter())
            .filter_map(|a| a.address())
            .map(str::to_string)
            .collect(),
        automatic: None,
        text: message
            .body_text(0)
            .map(|t| t.into_owned())
            .unwrap_or_default(),
    })
}

fn ids(value: &HeaderValue<'_>) -> Vec<String> {
    match value {
        HeaderValue::Text(id) => vec![id.to_string()],
        HeaderValue::TextList(ids) => ids.iter().map(|id| id.to_string()).collect(),
        _ => Vec::new(),
    }
}
