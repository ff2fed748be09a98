//! An answer to a player's mail, from the inbox: to the sender alone,
//! threaded to their mail, marked `Auto-Submitted: auto-replied` (so that
//! their robots do not answer it), saying why nothing was recorded and,
//! where it helps, the position — its picture from the player's side, the
//! one a notice carries, and the text diagram — and the notice's own
//! "How to reply", which says what the player can do next and only that
//! (when it is not their move, to wait for their opponent's).
//!
//! Its Message-ID is made from the mail it answers, so the same mail read
//! twice makes the same answer, which the outbox then sends once. Its
//! subject and `References` carry the reply token of the game's latest
//! notice for that player, so that a reply to the answer is read as a
//! reply to that notice.

use std::error::Error;
use std::fmt::Write as _;

use lettre::message::MessageBuilder;
use lettre::message::header::{ContentType, Header, HeaderName, HeaderValue};
use lettre::message::{Attachment, Mailbox, MultiPart, SinglePart};
use lettre::{Address, Message};

use super::envelope::{Built, Sender, message_id, reply_subject, subaddressed};
use super::error::MailError;
use super::messages::Args;
use super::notice::Notice;
use super::text::header_text;
use super::token::{SUBJECT_TAG, Token};
use crate::diagram::{self, Charset};
use crate::html::escape;
use crate::id;
use dynamo_core::Color;

/// The message of the last line of every answer (the digest's too).
pub(super) const ANSWER_SIGNATURE: &str = "answer-signature";

/// The most ids of the thread an answer's `References` repeats.
const MAX_REFERENCES: usize = 10;

/// What an answer says, and to whom.
#[derive(Debug, Clone)]
pub struct Answer<'a> {
    /// The player it goes to.
    pub side: Color,
    /// Their address, as their mail's From gave it.
    pub to: &'a str,
    /// Their mail's subject.
    pub subject: &'a str,
    /// Their mail's Message-ID, without brackets.
    pub message_id: Option<&'a str>,
    /// Their mail's `References`, then `In-Reply-To`, without brackets.
    pub thread: &'a [String],
    /// A name for their mail, unique to it: names the answer's Message-ID.
    pub mail_key: &'a str,
    /// The paragraphs of what is said, before the position.
    pub lines: Vec<String>,
    /// Whether to show the position (its picture and diagram) and how to
    /// reply.
    pub position: bool,
}

/// The `Auto-Submitted: auto-replied` header (RFC 3834), on every answer
/// to a player's mail (the digest's answer too).
#[derive(Debug, Clone)]
struct AutoReplied;

impl Header for AutoReplied {
    fn name() -> HeaderName {
        HeaderName::new_from_ascii_str("Auto-Submitted")
    }

    fn parse(_: &str) -> Result<Self, Box<dyn Error + Send + Sync>> {
        Ok(AutoReplied)
    }

    fn display(&self) -> HeaderValue {
        HeaderValue::new(Self::name(), "auto-replied".to_string())
    }
}

/// The Message-ID of the answer to the mail named `mail_key`.
pub fn answer_id(mail_key: &str, domain: &str) -> String {
    format!(
        "<dynamo.answer.{}@{}>",
        id::sanitize(mail_key, "-"),
        id::sanitize(domain, "-.")
    )
}

/// The address `to` of the mail answered, read; `who` names its sender
/// in the error.
pub(super) fn answered_address(to: &str, who: String) -> Result<Address, MailError> {
    to.parse().map_err(|e| MailError::Address {
        who,
        address: to.to_string(),
        reason: format!("{e}"),
    })
}

/// The head every answer to a player's mail has, the digest's answer
/// too: from us to them alone, its Message-ID `id` ([`answer_id`]),
/// `references` when given (ids in brackets), marked
/// `Auto-Submitted: auto-replied`, and in reply to their mail, `theirs`,
/// when its id may be repeated.
pub(super) fn answer_head(
    (from, reply_to): (&Mailbox, Mailbox),
    to: &Address,
    subject: &str,
    id: &str,
    references: Option<String>,
    theirs: Option<&str>,
) -> MessageBuilder {
    let mut builder = Message::builder()
        .from(from.clone())
        .reply_to(reply_to)
        .to(Mailbox::new(None, to.clone()))
        .subject(subject)
        .message_id(Some(id.to_string()));
    if let Some(references) = references {
        builder = builder.references(references);
    }
    builder = builder
        .user_agent(format!("dynamo {}", env!("CARGO_PKG_VERSION")))
        .header(AutoReplied);
    match theirs.filter(|i| tame_id(i)) {
        Some(theirs) => builder.in_reply_to(format!("<{theirs}>")),
        None => builder,
    }
}

/// Whether an id from a mail (no brackets) may be repeated in a header:
/// printable ASCII with nothing that would end or split it.
pub(super) fn tame_id(id: &str) -> bool {
    !id.is_empty()
        && id.len() <= 250
        && id.contains('@')
        && id
            .bytes()
            .all(|b| b.is_ascii_graphic() && !b"<>\"\\(),;[]".contains(&b))
}

/// `subject` without our `[dynamo …]` tags, as one line.
fn untagged(subject: &str) -> String {
    let mut out = String::new();
    let mut rest = subject;
    let open = format!("[{SUBJECT_TAG} ");
    while let Some(at) = rest.find(&open) {
        out.push_str(&rest[..at]);
        match rest[at..].find(']') {
            Some(end) => rest = &rest[at + end + 1..],
            None => {
                rest = "";
            }
        }
    }
    out.push_str(rest);
    header_text(&out)
}

impl Notice {
    /// The answer `answer` to a mail of the player of `answer.side`, this
    /// notice being the game's latest.
    pub fn answer(&self, sender: &Sender, answer: &Answer) -> Result<Built, MailError> {
        let side = answer.side;
        let (from, reply_to) = sender.mailboxes()?;
        let who = format!("the sender of the mail answered ({})", side.title());
        let address = answered_address(answer.to, who)?;
        let domain = from.email.domain().to_string();
        let (seq, key) = (self.happened.seq, &self.happened.key);
        let token: Token = self.token(sender.secret, seq, key, side);
        let id = answer_id(answer.mail_key, &domain);
        let re = reply_subject(&untagged(answer.subject));
        let subject = format!("{re} {}", token.subject_tag());
        let mut thread: Vec<String> = answer
            .thread
            .iter()
            .map(String::as_str)
            .chain(answer.message_id)
            .filter(|i| tame_id(i))
            .map(|i| format!("<{i}>"))
            .collect();
        thread.dedup();
        let keep = thread.len().saturating_sub(MAX_REFERENCES - 1);
        let mut references: Vec<String> = thread.split_off(keep);
        references.push(message_id(&self.game_id, key, side, &token, &domain));
        let reply_words = reply_to.to_string();
        let reply_to = if sender.subaddress {
            subaddressed(&reply_to, &token)
        } else {
            reply_to
        };
        let builder = answer_head(
            (&from, reply_to),
            &address,
            &subject,
            &id,
            Some(references.join(" ")),
            answer.message_id,
        );
        let build = |e: lettre::error::Error| MailError::Build(e.to_string());
        let text = self.answer_text(answer, &reply_words);
        let message = if answer.position {
            let cid = format!(
                "board.answer.{}@{}",
                id::sanitize(answer.mail_key, "-"),
                id::sanitize(&domain, "-.")
            );
            let png = self.picture(side)?;
            let png_type =
                ContentType::parse("image/png").map_err(|e| MailError::Build(e.to_string()))?;
            let body = MultiPart::alternative()
                .singlepart(SinglePart::plain(text))
                .multipart(
                    MultiPart::related()
                        .singlepart(SinglePart::html(self.answer_html(
                            answer,
                            &cid,
                            &reply_words,
                        )))
                        .singlepart(Attachment::new_inline(cid).body(png, png_type)),
                );
            builder.multipart(body).map_err(build)?
        } else {
            builder
                .header(ContentType::TEXT_PLAIN)
                .body(text)
                .map_err(build)?
        };
        Ok(Built {
            message_id: id,
            subject,
            from: from.email,
            to: address,
            side,
            raw: message.formatted(),
        })
    }

    fn answer_text(&self, answer: &Answer, reply_to: &str) -> String {
        let side = answer.side;
        let said = self.speaking(self.languages[side]);
        let this = said.as_ref();
        let mut out = format!("{}\n\n", this.salutation(side));
        for line in &answer.lines {
            let _ = writeln!(out, "{line}\n");
        }
        if answer.position {
            out.push_str(&diagram::board_from(&this.position, Charset::Ascii, side));
            let _ = writeln!(out, "\n{}\n", this.turn_line(side));
            let heading = this.say("how-to-reply", &Args::new());
            let rule = "-".repeat(heading.chars().count());
            let _ = writeln!(out, "{heading}\n{rule}");
            for line in this.reply_lines(side, reply_to) {
                let _ = writeln!(out, "{line}");
            }
            out.push('\n');
        }
        let signature = this.say(ANSWER_SIGNATURE, &Args::new());
        let _ = write!(out, "-- \n{signature}\n");
        out
    }

    /// The HTML copy of the answer: the same paragraphs, the board as the
    /// picture `board_cid` names (no `<>`), drawn as in a notice.
    fn answer_html(&self, answer: &Answer, board_cid: &str, reply_to: &str) -> String {
        let side = answer.side;
        let said = self.speaking(self.languages[side]);
        let this = said.as_ref();
        let mut out = String::new();
        out.push_str("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">\n");
        out.push_str("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n");
        out.push_str(
            "</head>\n<body style=\"margin:0;padding:8px;font-family:sans-serif;\
             line-height:1.4;overflow-wrap:anywhere\">\n<div style=\"max-width:640px\">\n",
        );
        let _ = writeln!(out, "<p>{}</p>", escape(&this.salutation(side)));
        for line in &answer.lines {
            let _ = writeln!(out, "<p>{}</p>", escape(line.trim_start()));
        }
        this.board_html(&mut out, side, board_cid);
        let _ = writeln!(out, "<p>{}</p>", escape(&this.turn_line(side)));
        this.how_to_reply_html(&mut out, side, reply_to);
        let _ = writeln!(
            out,
            "<p style=\"color:#777\">{}</p>",
            escape(&this.say(ANSWER_SIGNATURE, &Args::new()))
        );
        out.push_str("</div>\n</body></html>\n");
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mail::notice::sample;
    use crate::mail::secret::Secret;

    #[test]
    fn an_answer_is_threaded_tagged_and_auto_submitted() {
        let n = sample(&["e2e4"]);
        let secret = Secret::from_bytes(b"the secret of the answer tests");
        let sender = Sender {
            from: "Dynamo <dynamo@club.example>",
            reply_to: None,
            subaddress: false,
            secret: &secret,
        };
        let thread = vec!["dynamo.x.0-created-1.black.t@club.example".to_string()];
        let answer = Answer {
            side: Color::Black,
            to: "bob@example.org",
            subject: "Re: Dynamo: Alice – Bob [dynamo abcdefgh-b0-aaaaaaaaaaaaaaaa]",
            message_id: Some("m1@example.org"),
            thread: &thread,
            mail_key: "k3y",
            lines: vec!["rejected: it is White's turn, not Black's".to_string()],
            position: true,
        };
        let built = n.answer(&sender, &answer).expect("builds");
        assert_eq!(built.message_id, "<dynamo.answer.k3y@club.example>");
        assert_eq!(built.to.to_string(), "bob@example.org");
        let token = n.token(&secret, n.happened.seq, &n.happened.key, Color::Black);
        assert_eq!(
            built.subject,
            format!("Re: Dynamo: Alice – Bob {}", token.subject_tag())
        );
        let raw = String::from_utf8(built.raw).expect("ascii");
        let raw = raw.replace("\r\n ", " ");
        assert!(raw.contains("Auto-Submitted: auto-replied\r\n"), "{raw}");
        assert!(raw.contains("In-Reply-To: <m1@example.org>\r\n"), "{raw}");
        assert!(
            raw.contains(&format!(
                "References: <{}> <m1@example.org> <dynamo.",
                thread[0]
            )),
            "{raw}"
        );
        assert!(
            raw.contains(&format!(".black.{token}@club.example>")),
            "{raw}"
        );
        assert!(raw.contains("rejected: it is White"), "{raw}");
        assert!(raw.contains("Bob, it is your move."), "{raw}");
    }

    #[test]
    fn hostile_ids_are_not_repeated() {
        assert!(tame_id("a.b@c"));
        for bad in ["", "a b@c", "a>\r\nBcc: x@y", "no-at-sign", "a\"@b"] {
            assert!(!tame_id(bad), "{bad}");
        }
        assert_eq!(untagged("Re: x [dynamo abc] y [dynamo open"), "Re: x y");
    }
}
