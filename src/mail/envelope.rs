//! The envelope: a notice turned into the MIME message that goes out —
//! sender and recipients, the Message-ID and the thread it continues, and
//! the body parts (plain text, and HTML with the board picture inline).

use lettre::message::header::ContentType;
use lettre::message::{Attachment, Mailbox, MultiPart, SinglePart};
use lettre::{Address, Message};

use super::error::MailError;
use super::notice::Notice;
use super::text::{header_text, one_line};
use crate::game::Player;
use crate::id;
use crate::render::{self, BOARD_PX};
use dynamo_core::color::Color;

/// A built message with the envelope it goes out in.
#[derive(Debug, Clone)]
pub struct Built {
    /// `<…>` included.
    pub message_id: String,
    /// The subject header, as sent.
    pub subject: String,
    /// The envelope sender.
    pub from: Address,
    /// The envelope recipients: the players that have an address.
    pub to: Vec<Address>,
    /// The whole message, CRLF line ends, ready for SMTP DATA.
    pub raw: Vec<u8>,
}

impl Notice {
    /// The Message-ID of this game's notice after `ply` moves.
    pub fn message_id(&self, ply: u32, domain: &str) -> String {
        message_id(&self.game_id, ply, domain)
    }

    /// Builds the message from `from` to both players. Players without an
    /// address are left out; none at all is an error.
    pub fn build(&self, from: &str) -> Result<Built, MailError> {
        let from: Mailbox = from.parse().map_err(|e| MailError::Address {
            who: "the configured sender (mail.from)".to_string(),
            address: from.to_string(),
            reason: format!("{e}"),
        })?;
        let mut to = Vec::new();
        for (color, player) in [(Color::White, &self.white), (Color::Black, &self.black)] {
            if let Some(mailbox) = mailbox(color, player)? {
                to.push(mailbox);
            }
        }
        if to.is_empty() {
            return Err(MailError::NoRecipients);
        }
        let domain = id_part(from.email.domain());
        let ply = self.ply();
        let message_id = self.message_id(ply, &domain);
        let subject = self.subject();
        let cid = format!("board.{}.{ply}@{domain}", id_part(&self.game_id));
        let png = render::png(&self.position, BOARD_PX)?;

        let mut builder = Message::builder()
            .from(from.clone())
            .subject(subject.clone())
            .message_id(Some(message_id.clone()))
            .user_agent(format!("dynamo {}", env!("CARGO_PKG_VERSION")));
        for mailbox in &to {
            builder = builder.to(mailbox.clone());
        }
        if ply > 0 {
            builder = builder
                .in_reply_to(self.message_id(ply - 1, &domain))
                .references(self.references(ply, &domain));
        }
        let body = MultiPart::alternative()
            .singlepart(SinglePart::plain(self.text()))
            .multipart(
                MultiPart::related()
                    .singlepart(SinglePart::html(self.html(&cid)))
                    .singlepart(
                        Attachment::new_inline(cid)
                            .body(png, ContentType::parse("image/png").map_err(build_error)?),
                    ),
            );
        let message = builder.multipart(body).map_err(build_error)?;
        Ok(Built {
            message_id,
            subject,
            from: from.email,
            to: to.into_iter().map(|m| m.email).collect(),
            raw: message.formatted(),
        })
    }

    /// The thread's root notice and the last few before this one.
    fn references(&self, ply: u32, domain: &str) -> String {
        let mut plies = vec![0];
        plies.extend(ply.saturating_sub(5).max(1)..ply);
        plies
            .iter()
            .map(|&p| self.message_id(p, domain))
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// `<dynamo.GAME.PLY@DOMAIN>`: the same game and ply always give the same
/// id, so a resent notice is recognisably the same one.
pub fn message_id(game_id: &str, ply: u32, domain: &str) -> String {
    format!("<dynamo.{}.{ply}@{}>", id_part(game_id), id_part(domain))
}

/// A part of a Message-ID or Content-ID: also safe as part of a file
/// name, since the outbox names its files after the Message-ID.
fn id_part(text: &str) -> String {
    id::sanitize(text, "-.")
}

/// The player's mailbox, `None` when the game has no address for them.
/// The game layer checked the address when it read it, but lettre's rules
/// are its own, so a refusal still says whose address it is.
fn mailbox(color: Color, player: &Player) -> Result<Option<Mailbox>, MailError> {
    let Some(email) = &player.email else {
        return Ok(None);
    };
    let address = email
        .as_str()
        .parse::<Address>()
        .map_err(|reason| MailError::Address {
            who: format!("{} ({})", color.title(), one_line(&player.name)),
            address: email.to_string(),
            reason: reason.to_string(),
        })?;
    Ok(Some(Mailbox::new(Some(header_text(&player.name)), address)))
}

fn build_error(e: impl std::fmt::Display) -> MailError {
    MailError::Build(e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mail::notice::sample;

    #[test]
    fn message_ids_are_stable_and_thread() {
        let n = sample(&["e2e4", "f7f6"]);
        let a = n.build("Dynamo <dynamo@club.example>").expect("builds");
        let b = n.build("Dynamo <dynamo@club.example>").expect("builds");
        assert_eq!(a.message_id, "<dynamo.2024-alice-bob.2@club.example>");
        assert_eq!(a.message_id, b.message_id);
        let raw = String::from_utf8(a.raw).expect("ascii");
        let raw = raw.replace("\r\n ", " ");
        assert!(raw.contains("In-Reply-To: <dynamo.2024-alice-bob.1@club.example>"));
        assert!(raw.contains(
            "References: <dynamo.2024-alice-bob.0@club.example> <dynamo.2024-alice-bob.1@club.example>"
        ));
    }

    #[test]
    fn id_parts_keep_only_tame_characters() {
        assert_eq!(
            message_id("../a b", 3, "club.example"),
            "<dynamo.a-b.3@club.example>"
        );
        assert_eq!(message_id("", 0, "[::1]"), "<dynamo.game.0@1>");
    }

    #[test]
    fn hostile_names_cannot_add_headers_or_recipients() {
        let mut n = sample(&["e2e4"]);
        n.white.name = "Eve\r\nBcc: mallory@evil.example\r\nX-Evil: 1".to_string();
        n.black.name = "Bob\", mallory@evil.example, \"x".to_string();
        let built = n.build("dynamo@club.example").expect("builds");
        assert_eq!(built.to.len(), 2);
        let raw = String::from_utf8(built.raw).expect("ascii");
        let headers = &raw[..raw.find("\r\n\r\n").expect("header end")];
        for line in headers.split("\r\n") {
            assert!(!line.starts_with("Bcc:"), "{line}");
            assert!(!line.starts_with("X-Evil:"), "{line}");
        }
    }

    #[test]
    fn no_address_at_all_is_an_error() {
        let mut n = sample(&[]);
        n.white.email = None;
        n.black.email = None;
        assert!(matches!(
            n.build("dynamo@club.example"),
            Err(MailError::NoRecipients)
        ));
    }

    #[test]
    fn bad_addresses_are_refused() {
        assert!(crate::game::Address::parse("alice@example.org").is_ok());
        for bad in [
            "alice",
            "alice@example.org\r\nBcc: x@y.z",
            "Alice <alice@example.org>",
            "a b@c.d",
        ] {
            assert!(crate::game::Address::parse(bad).is_err(), "{bad}");
        }
    }
}
