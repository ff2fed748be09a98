//! The answer to a reply to a digest: to the player alone, threaded to
//! their mail, marked `Auto-Submitted: auto-replied`, listing for each
//! game they wrote to what was recorded and what was not, with the
//! refusal's words. Its Message-ID is made from the mail it answers (as
//! every answer's is), so the same mail read twice makes the same answer,
//! which the outbox sends once; its subject carries the digest's token,
//! so a reply to the answer is read as a reply to the digest.

use lettre::message::header::ContentType;

use super::super::answer::{ANSWER_SIGNATURE, answer_head, answer_id, answered_address, tame_id};
use super::super::envelope::{Built, Sender};
use super::super::error::MailError;
use super::super::messages;
use super::super::text::header_text;
use super::token::DigestToken;
use crate::game::Language;

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
    let address = answered_address(answered.to, "the sender of the mail answered".into())?;
    let id = answer_id(answered.mail_key, from.email.domain());
    let subject = format!(
        "{} {}",
        header_text("Re: Dynamo: your games"),
        answered.token.subject_tag()
    );
    let body = format!(
        "{}\n\nReplies go to {reply_to}.\n\n-- \n{}\n",
        lines.join("\n"),
        messages::word(Language::English, ANSWER_SIGNATURE)
    );
    // The digest's thread is their mail alone.
    let references = answered
        .message_id
        .filter(|i| tame_id(i))
        .map(|i| format!("<{i}>"));
    let message = answer_head(
        (&from, reply_to),
        &address,
        &subject,
        &id,
        references,
        answered.message_id,
    )
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
