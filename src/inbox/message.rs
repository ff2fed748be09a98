//! One incoming message, read into what the inbox needs: who sent it,
//! which notice it answers, whether a machine sent it, and the player's
//! own words above whatever they quoted.
//!
//! Any message reads, whatever it holds: `mail-parser` never fails on a
//! body, and every list and text kept here is bounded, so a hostile
//! message costs time in proportion to its size, which
//! [`MAX_MESSAGE_BYTES`] bounds.
//!
//! **The size limit.** Standard input and a Maildir read at most
//! [`MAX_MESSAGE_BYTES`] of a message, and one byte more to know it is
//! larger; IMAP, which gives a message's size first, fetches only the
//! header of a larger one ([`read_head`]). The limit is on the whole mail as it travels,
//! attachments included, so that a mail far too big for memory never
//! enters it; it is high enough that a photo or a scan beside the move
//! (a few megabytes, a third more once encoded) passes, and the
//! attachments themselves are never read: only the first text part is the
//! player's words ([`MAX_BODY_BYTES`] of it). A larger mail is not read for
//! a command: its headers (at the start) still name the game and the
//! sender, who is answered with the limit and asked to send the move
//! again without attachments, and the mail is listed by `dynamo inbox
//! --unmatched`.

use chrono::{DateTime, Utc};
use mail_parser::{
    Address, HeaderName, HeaderValue, Message, MessageParser, MessagePart, MimeHeaders, PartType,
};
use thiserror::Error;

pub use super::automatic::Automatic;
use super::automatic::{classify, raw_text};
use super::text::{clean, flowed, html, own_words};

/// The largest message read, from any source (the IMAP client's own
/// limit is the same); see the module's "size limit".
pub const MAX_MESSAGE_BYTES: usize = 16 << 20;

/// The most of a decoded body looked at for the player's words.
pub const MAX_BODY_BYTES: usize = 1 << 20;

/// The most Message-IDs kept from `In-Reply-To` or `References` (the
/// last ones, nearest the reply), and the most recipients.
pub const MAX_IDS: usize = 100;

/// Headers that name the address a message was delivered to, added by
/// the receiving server (Postfix, Exim, Gmail): where `director+TOKEN@…`
/// survives when the To header does not show it.
const DELIVERY_HEADERS: [&str; 4] = [
    "delivered-to",
    "x-original-to",
    "envelope-to",
    "x-envelope-to",
];

/// What the inbox needs of one message.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Incoming {
    /// The Message-ID without its angle brackets; `None` when missing or
    /// empty. The first, if the header is there twice.
    pub message_id: Option<String>,
    /// The From address as written (not yet checked as an address);
    /// `None` unless the message has exactly one From address, as a
    /// message with two senders names no one player.
    pub from: Option<String>,
    /// The From display name, if any, decoded.
    pub from_name: Option<String>,
    /// The Return-Path as written, brackets removed: `Some("")` for the
    /// empty return path of a bounce, `None` when the header is absent.
    /// The first (the one the delivering server added), if there are two.
    pub return_path: Option<String>,
    /// The subject, decoded (RFC 2047), control characters as spaces.
    pub subject: String,
    /// Message-IDs in In-Reply-To, then References, brackets removed; at
    /// most [`MAX_IDS`] of each, the last ones.
    pub in_reply_to: Vec<String>,
    pub references: Vec<String>,
    /// Every recipient address (To, Cc, and the delivery headers
    /// Delivered-To, X-Original-To, Envelope-To, X-Envelope-To), for a
    /// reply address with a sub-address; each once, at most [`MAX_IDS`].
    pub recipients: Vec<String>,
    /// Why a machine rather than a person sent it, if so.
    pub automatic: Option<Automatic>,
    /// The message is larger than [`MAX_MESSAGE_BYTES`]: only its first
    /// bytes were read, for its headers, and no text.
    pub too_large: bool,
    /// The player's own text: the first plain-text body part (or, without
    /// one or with nothing of the writer's in it, the HTML part as text),
    /// decoded, format=flowed joined, cut to the writer's own lines
    /// ([`own_words`]), at most [`own_words::MAX_OWN_BYTES`].
    pub text: String,
}

/// One message as a mailbox hands it over.
#[derive(Debug, Clone)]
pub struct RawMessage {
    /// The whole message; only its header when `too_large`.
    pub raw: Vec<u8>,
    /// When it arrived in the mailbox (IMAP's INTERNALDATE, a Maildir
    /// file's delivery time), never the sender's Date header.
    pub arrived: DateTime<Utc>,
    /// The mailbox said the message is larger than [`MAX_MESSAGE_BYTES`]
    /// and handed over its header alone. A source that cannot say (a Maildir,
    /// standard input) hands over one byte more than the limit instead.
    pub too_large: bool,
}

#[derive(Debug, Error, PartialEq, Eq)]
pub enum MessageError {
    #[error("not a mail message: no header could be read")]
    Unreadable,
}

/// Reads one raw message.
pub fn read(raw: &[u8]) -> Result<Incoming, MessageError> {
    let too_large = raw.len() > MAX_MESSAGE_BYTES;
    read_as(&raw[..raw.len().min(MAX_MESSAGE_BYTES)], too_large)
}

/// Reads the header of a message its mailbox says is larger than
/// [`MAX_MESSAGE_BYTES`] (IMAP gives a message's size before its bytes,
/// so only the header is fetched): it is too large, whatever `head` holds.
pub fn read_head(head: &[u8]) -> Result<Incoming, MessageError> {
    read_as(&head[..head.len().min(MAX_MESSAGE_BYTES)], true)
}

fn read_as(raw: &[u8], too_large: bool) -> Result<Incoming, MessageError> {
    // The parser is meant never to panic, yet mail-parser 0.11.9 has
    // panicked on malformed mail in builds with debug assertions; whoever
    // sends the mail chooses its bytes, so a panic in the parser is an
    // unreadable message here, never the end of the inbox.
    let message = std::panic::catch_unwind(|| MessageParser::default().parse(raw))
        .ok()
        .flatten()
        .ok_or(MessageError::Unreadable)?;
    let senders: Vec<(Option<&str>, Option<&str>)> = message
        .header_values(HeaderName::From)
        .filter_map(HeaderValue::as_address)
        .flat_map(Address::iter)
        .map(|a| (a.address(), a.name()))
        .collect();
    let (from, from_name) = match senders.as_slice() {
        [(address, name)] => (address.map(str::to_string), name.map(str::to_string)),
        _ => (None, None),
    };
    let return_path = return_path(&message);
    let from_addresses: Vec<&str> = senders.iter().filter_map(|(a, _)| *a).collect();
    Ok(Incoming {
        message_id: message
            .message_id()
            .map(str::trim)
            .filter(|id| !id.is_empty())
            .map(str::to_string),
        automatic: classify(&message, return_path.as_deref(), &from_addresses),
        from,
        from_name,
        return_path,
        subject: message
            .subject()
            .unwrap_or("")
            .chars()
            .map(|c| if c.is_control() { ' ' } else { c })
            .collect(),
        in_reply_to: ids(message.in_reply_to()),
        references: ids(message.references()),
        recipients: recipients(&message),
        too_large,
        text: match too_large {
            true => String::new(),
            false => own_text(&message),
        },
    })
}

fn ids(value: &HeaderValue<'_>) -> Vec<String> {
    let ids: Vec<&str> = match value {
        HeaderValue::Text(id) => vec![id.as_ref()],
        HeaderValue::TextList(ids) => ids.iter().map(|id| id.as_ref()).collect(),
        _ => Vec::new(),
    };
    let ids: Vec<&str> = ids
        .into_iter()
        .map(str::trim)
        .filter(|id| !id.is_empty())
        .collect();
    ids[ids.len().saturating_sub(MAX_IDS)..]
        .iter()
        .map(|id| id.to_string())
        .collect()
}

/// The first Return-Path, read from its raw text so that `<>` stays
/// empty rather than missing.
fn return_path(message: &Message<'_>) -> Option<String> {
    let header = message
        .headers()
        .iter()
        .find(|h| h.name == HeaderName::ReturnPath)?;
    let text = raw_text(message, header);
    let text = text.trim();
    let inner = match text.strip_prefix('<') {
        Some(rest) => rest.split('>').next().unwrap_or(rest),
        None => text,
    };
    Some(inner.trim().to_string())
}

fn recipients(message: &Message<'_>) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut add = |address: &str| {
        if out.len() < MAX_IDS && !out.iter().any(|a| a == address) {
            out.push(address.to_string());
        }
        out.len() < MAX_IDS
    };
    for address in message
        .all_to()
        .chain(message.all_cc())
        .flat_map(Address::iter)
        .filter_map(|a| a.address())
    {
        if !add(address) {
            return out;
        }
    }
    for header in message.headers().iter().filter(|h| {
        DELIVERY_HEADERS
            .iter()
            .any(|d| h.name.as_str().eq_ignore_ascii_case(d))
    }) {
        let text = raw_text(message, header);
        for address in text
            .split([',', ' ', '\t', '\r', '\n'])
            .map(|a| a.trim_matches(['<', '>']))
            .filter(|a| a.contains('@'))
        {
            if !add(address) {
                return out;
            }
        }
    }
    out
}

/// The writer's own words: from the first plain-text body part, or the
/// first HTML one when there is no plain part or no own words in it.
fn own_text(message: &Message<'_>) -> String {
    let plain = message.text_bodies().find(|p| is_plain(p)).map(plain_words);
    if let Some(words) = plain.filter(|w| !w.is_empty()) {
        return words;
    }
    message
        .html_bodies()
        .find_map(|p| match &p.body {
            PartType::Html(text) => Some(own_words::own_words(&clean::normalize(&html::to_text(
                clip(text),
            )))),
            _ => None,
        })
        .unwrap_or_default()
}

/// A text/plain part (or one with no Content-Type), not an HTML one.
fn is_plain(part: &MessagePart<'_>) -> bool {
    matches!(part.body, PartType::Text(_))
        && part.content_type().is_none_or(|ct| {
            ct.ctype().eq_ignore_ascii_case("text")
                && ct.subtype().is_none_or(|s| s.eq_ignore_ascii_case("plain"))
        })
}

fn plain_words(part: &MessagePart<'_>) -> String {
    let PartType::Text(text) = &part.body else {
        return String::new();
    };
    let text = clip(text);
    let attribute = |name: &str, value: &str| {
        part.content_type()
            .and_then(|ct| ct.attribute(name))
            .is_some_and(|v| v.trim().eq_ignore_ascii_case(value))
    };
    let text = if attribute("format", "flowed") {
        flowed::unflow(text, attribute("delsp", "yes"))
    } else {
        text.to_string()
    };
    own_words::own_words(&clean::normalize(&text))
}

/// The first [`MAX_BODY_BYTES`] of a body, cut between characters.
fn clip(text: &str) -> &str {
    let mut end = text.len().min(MAX_BODY_BYTES);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    &text[..end]
}
