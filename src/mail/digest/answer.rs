//! The answer to a reply to a digest: to the player alone, threaded to
//! their mail, marked `Auto-Submitted: auto-replied`, listing for each
//! game they wrote to what was recorded and what was not, with the
//! refusal's words. Its Message-ID is made from the mail it answers (as
//! every answer's is), so the same mail read twice makes the same answer,
//! which the outbox sends once; its subject carries the digest's token,
//! so a reply to the answer is read as a reply to the digest.

use lettre::Message;
use lettre::message::Mailbox;
use lettre::message::header::ContentType;

use super::super::answer::{AutoReplied, answer_id};
use super::super::envelope::{Built, Sender};
use super::super::error::MailError;
use super::super::text::header_text;
use super::token::DigestToken;

/// The mail a digest answer answers.
#[derive(Debug, Clone, Copy)]
pub struct Answered<'a> {
    /// The player's address.
    pub to: &'a str,
    /// Their mail's Message-ID, without brackets.
    pub message_id: Option<&'a str>,
    /// A name for their mail, unique to it.
    pub mail_key: &'a str,
    /// The digest it answers.
    pub token: &'a DigestToken,
}

/// The answer: `lines`, one paragraph each.
pub fn answer(sender: &Sender, answered: &Answered, lines: &[String]) -> Result<Built, MailError> {
    let (from, reply_to) = sender.mailboxes()?;
    let address: lettre::Address = answered.to.parse().map_err(|e| MailError::Address {
        who: "the sender of the mail answered".to_string(),
        address: answered.to.to_string(),
        reason: format!("{e}"),
    })?;
    let id = answer_id(answered.mail_key, from.email.domain());
    let subject = format!(
        "{} {}",
        header_text("Re: Dynamo: your games"),
        answered.token.subject_tag()
    );
    let body = format!(
        "{}\n\nReplies go to {reply_to}.\n\n-- \nSent by dynamo, the Dynamo Chess adjudicator: \
         an automatic answer to your mail.\n",
        lines.join("\n")
    );
    let mut builder = Message::builder()
        .from(from.clone())
        .reply_to(reply_to)
        .to(Mailbox::new(None, address.clone()))
        .subject(subject.clone())
        .message_id(Some(id.clone()))
        .user_agent(format!("dynamo {}", env!("CARGO_PKG_VERSION")))
        .header(AutoReplied);
    if let Some(theirs) = answered.message_id.filter(|i| {
        i.contains('@')
            && i.len() <= 250
            && i.bytes()
                .all(|b| b.is_ascii_graphic() && !b"<>\"\\(),;[]".contains(&b))
    }) {
        builder = builder
            .in_reply_to(format!("<{theirs}>"))
            .references(format!("<{theirs}>"));
    }
    let message = builder
        .header(ContentType::TEXT_PLAIN)
        .body(body)
        .map_err(|e| MailError::Build(e.to_string()))?;
    Ok(Built {
        message_id: id,
        subject,
        from: from.email,
        to: address,
        side: dynamo_core::Color::White,
        raw: message.formatted(),
    })
}
