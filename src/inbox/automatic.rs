//! Mail that a machine sent and that must get no answer (RFC 3834): an
//! answer to a vacation notice, a bounce or a mailing list starts a mail
//! loop, or reaches people who never wrote.
//!
//! Only signs that people's mail programs never put on a person's mail
//! count: a reply set aside here gets no answer at all, so a player's
//! move wrongly taken for a machine's would be lost without a word, while
//! a machine's mail wrongly read as a person's only gets a refusal (which
//! the inbox sends at most a few times an hour to one address). So
//! `X-Auto-Response-Suppress` (which Outlook and Exchange also put on
//! mail that people send through some programs) and subjects such as
//! "Out of office" are not signs; Exchange marks its own automatic
//! replies `Auto-Submitted: auto-replied`.

use std::borrow::Cow;

use mail_parser::{Header, Message, MimeHeaders};

/// Why a message was sent by a machine and must get no answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Automatic {
    /// `Auto-Submitted:` other than `no` (RFC 3834), with its value
    /// (`auto-replied`, `auto-generated`, …) in lower case.
    AutoSubmitted(String),
    /// An autoresponder's own mark, as `Header: value`: `X-Autoreply`,
    /// `X-Autorespond`, `X-Autoresponder` (other than `no`), or
    /// `Precedence: auto_reply`.
    AutoReply(String),
    /// An empty return path, from MAILER-DAEMON or postmaster, a
    /// `multipart/report` (a delivery or read report), or
    /// `X-Failed-Recipients`.
    Bounce,
    /// Mailing-list mail (`List-Id`, `List-Unsubscribe`, `List-Post`, …,
    /// `Mailing-List`).
    List,
    /// `Precedence: bulk | junk | list`.
    Bulk,
}

/// Headers that only mailing lists add (RFC 2369, RFC 2919, ezmlm).
const LIST_HEADERS: [&str; 9] = [
    "list-id",
    "list-unsubscribe",
    "list-post",
    "list-help",
    "list-subscribe",
    "list-owner",
    "list-archive",
    "mailing-list",
    "x-mailing-list",
];

/// Autoresponders' own headers.
const AUTO_REPLY_HEADERS: [&str; 3] = ["x-autoreply", "x-autorespond", "x-autoresponder"];

/// Local parts of the addresses that send bounces.
const BOUNCERS: [&str; 2] = ["mailer-daemon", "postmaster"];

/// Why `message` was sent by a machine, if it was; `return_path` as
/// [`super::message::Incoming::return_path`], `from` every From address.
/// A bounce is named first, then the other signs in the order of
/// [`Automatic`]'s variants.
pub fn classify(
    message: &Message<'_>,
    return_path: Option<&str>,
    from: &[&str],
) -> Option<Automatic> {
    let report = message.root_part().content_type().is_some_and(|ct| {
        ct.ctype().eq_ignore_ascii_case("multipart")
            && ct
                .subtype()
                .is_some_and(|s| s.eq_ignore_ascii_case("report"))
    });
    let bouncer = return_path
        .into_iter()
        .filter(|p| !p.is_empty())
        .chain(from.iter().copied())
        .any(|address| {
            let local = address.rsplit_once('@').map_or(address, |(local, _)| local);
            let local = local.trim().trim_matches('"');
            BOUNCERS.iter().any(|b| local.eq_ignore_ascii_case(b))
        });
    let mut signs = Vec::new();
    if return_path == Some("") || bouncer || report {
        signs.push(Automatic::Bounce);
    }
    for header in message.headers() {
        let name = header.name.as_str().to_ascii_lowercase();
        let value = || raw_value(message, header);
        match name.as_str() {
            "x-failed-recipients" => signs.push(Automatic::Bounce),
            "auto-submitted" => {
                // The keyword, without comments (`(vacation)`) or
                // parameters (`; owner-email=…`).
                let value = without_comments(&value());
                let kind = value.split(';').next().unwrap_or("").trim().to_lowercase();
                if kind != "no" {
                    signs.push(Automatic::AutoSubmitted(kind));
                }
            }
            _ if AUTO_REPLY_HEADERS.contains(&name.as_str()) => {
                let value = value();
                if !value.eq_ignore_ascii_case("no") {
                    signs.push(Automatic::AutoReply(format!(
                        "{}: {value}",
                        header.name.as_str()
                    )));
                }
            }
            _ if LIST_HEADERS.contains(&name.as_str()) => signs.push(Automatic::List),
            "precedence" => match value().to_lowercase().as_str() {
                "bulk" | "junk" | "list" => signs.push(Automatic::Bulk),
                "auto_reply" => signs.push(Automatic::AutoReply("Precedence: auto_reply".into())),
                _ => {}
            },
            _ => {}
        }
    }
    signs.into_iter().min_by_key(rank)
}

fn rank(sign: &Automatic) -> u8 {
    match sign {
        Automatic::Bounce => 0,
        Automatic::AutoSubmitted(_) => 1,
        Automatic::AutoReply(_) => 2,
        Automatic::List => 3,
        Automatic::Bulk => 4,
    }
}

/// `text` without its parenthesised comments (RFC 5322), nested or not.
fn without_comments(text: &str) -> String {
    let mut depth = 0usize;
    text.chars()
        .filter(|&c| {
            match c {
                '(' => depth += 1,
                ')' if depth > 0 => {
                    depth -= 1;
                    return false;
                }
                _ => {}
            }
            depth == 0
        })
        .collect()
}

/// A header's value as written (not decoded), with folds in it.
pub(super) fn raw_text<'a>(message: &'a Message<'_>, header: &Header<'_>) -> Cow<'a, str> {
    let raw = message
        .raw_message()
        .get(header.offset_start as usize..header.offset_end as usize)
        .unwrap_or_default();
    String::from_utf8_lossy(raw)
}

/// A header's value as written, unfolded and trimmed, at most 200
/// characters: enough for a keyword, and a bounded text in a listing.
fn raw_value(message: &Message<'_>, header: &Header<'_>) -> String {
    let text = raw_text(message, header);
    let words: Vec<&str> = text.split_whitespace().collect();
    let joined = words.join(" ");
    match joined.char_indices().nth(200) {
        Some((cut, _)) => joined[..cut].to_string(),
        None => joined,
    }
}
