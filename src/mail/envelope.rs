//! The envelope: a notice turned into the MIME messages that go out, one
//! per player — sender, the one recipient, where replies go, the
//! Message-ID and the thread of that player's notices it continues, and
//! the body parts (plain text, and HTML with the board picture, drawn from
//! that player's side, inline).

use lettre::message::header::ContentType;
use lettre::message::{Attachment, Mailbox, MultiPart, SinglePart};
use lettre::{Address, Message};

use super::error::MailError;
use super::notice::Notice;
use super::picture;
use super::text::{bounded, header_text, one_line};
use crate::game::Player;
use crate::id;
use crate::render::{self, BOARD_PX, View};
use dynamo_core::color::Color;

/// A built message with the envelope it goes out in: one recipient.
#[derive(Debug, Clone)]
pub struct Built {
    /// `<…>` included.
    pub message_id: String,
    /// The subject header, as sent.
    pub subject: String,
    /// The envelope sender.
    pub from: Address,
    /// The envelope recipient: the player this copy is for.
    pub to: Address,
    /// Whose copy it is.
    pub side: Color,
    /// The whole message, CRLF line ends, ready for SMTP DATA.
    pub raw: Vec<u8>,
}

impl Notice {
    /// The Message-ID of the copy for `side` of the event with `key`.
    pub fn message_id(&self, key: &str, side: Color, domain: &str) -> String {
        message_id(&self.game_id, key, side, domain)
    }

    /// Builds each player's copy, from `from`, with replies to `reply_to`
    /// (`from` when `None`). A player without an address gets none; no
    /// address at all is an error.
    pub fn build(&self, from: &str, reply_to: Option<&str>) -> Result<Vec<Built>, MailError> {
        let mut built = Vec::new();
        for side in [Color::White, Color::Black] {
            if let Some(copy) = self.build_for(side, from, reply_to)? {
                built.push(copy);
            }
        }
        if built.is_empty() {
            return Err(MailError::NoRecipients);
        }
        Ok(built)
    }

    /// The copy for the player of `side`; `None` when they have no
    /// address.
    pub fn build_for(
        &self,
        side: Color,
        from: &str,
        reply_to: Option<&str>,
    ) -> Result<Option<Built>, MailError> {
        let Some(to) = mailbox(side, self.player(side))? else {
            return Ok(None);
        };
        let from = parse_sender(from, "the configured sender (mail.from)")?;
        let reply_to = match reply_to {
            Some(r) => parse_sender(r, "the reply address (mail.reply_to)")?,
            None => from.clone(),
        };
        let domain = id_part(from.email.domain());
        let key = &self.happened.key;
        let message_id = self.message_id(key, side, &domain);
        let subject = self.subject(side);
        let cid = format!(
            "board.{}.{}.{}@{domain}",
            id_part(&bounded_game(&self.game_id)),
            id_part(key),
            side.name()
        );
        let view = View {
            flipped: side == Color::Black,
            marks: self
                .replayed
                .last
                .as_ref()
                .map(|(before, mv)| picture::marks(before, mv)),
        };
        let png = render::png_view(&self.position, BOARD_PX, &view)?;
        let reply_words = reply_to.to_string();

        let mut builder = Message::builder()
            .from(from.clone())
            .reply_to(reply_to)
            .to(to.clone())
            .subject(subject.clone())
            .message_id(Some(message_id.clone()))
            .user_agent(format!("dynamo {}", env!("CARGO_PKG_VERSION")));
        if let Some(previous) = self.earlier.last() {
            builder = builder
                .in_reply_to(self.message_id(previous, side, &domain))
                .references(self.references(side, &domain));
        }
        let body = MultiPart::alternative()
            .singlepart(SinglePart::plain(self.text(side, &reply_words)))
            .multipart(
                MultiPart::related()
                    .singlepart(SinglePart::html(self.html(side, &cid, &reply_words)))
                    .singlepart(
                        Attachment::new_inline(cid)
                            .body(png, ContentType::parse("image/png").map_err(build_error)?),
                    ),
            );
        let message = builder.multipart(body).map_err(build_error)?;
        Ok(Some(Built {
            message_id,
            subject,
            from: from.email,
            to: to.email,
            side,
            raw: message.formatted(),
        }))
    }

    /// The thread's root notice and the last few before this one, all
    /// `side`'s copies.
    fn references(&self, side: Color, domain: &str) -> String {
        let earlier = &self.earlier;
        let mut keys: Vec<&String> = earlier.first().into_iter().collect();
        let recent = earlier.len().saturating_sub(4).max(1);
        keys.extend(earlier.iter().skip(recent));
        keys.iter()
            .map(|k| self.message_id(k, side, domain))
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// `<dynamo.GAME.EVENT.SIDE@DOMAIN>`: the same event of the same game for
/// the same player always gives the same id, so a resent notice is
/// recognisably the same one, and no two events share one. The game part
/// is bounded, so an id (and the outbox file named by it) stays short
/// whatever the players' names.
pub fn message_id(game_id: &str, key: &str, side: Color, domain: &str) -> String {
    format!(
        "<dynamo.{}.{}.{}@{}>",
        id_part(&bounded_game(game_id)),
        id_part(key),
        side.name(),
        id_part(domain)
    )
}

/// The game id, at most 60 characters (a digest keeps long ones apart).
fn bounded_game(game_id: &str) -> String {
    bounded(&id::sanitize(game_id, "-"), 60)
}

/// A part of a Message-ID or Content-ID: also safe as part of a file
/// name, since the outbox names its files after the Message-ID.
fn id_part(text: &str) -> String {
    id::sanitize(text, "-.")
}

fn parse_sender(text: &str, who: &str) -> Result<Mailbox, MailError> {
    text.parse().map_err(|e| MailError::Address {
        who: who.to_string(),
        address: text.to_string(),
        reason: format!("{e}"),
    })
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
    fn each_player_gets_a_copy_with_its_own_id_and_thread() {
        let n = sample(&["e2e4", "f7f6"]);
        let a = n
            .build("Dynamo <dynamo@club.example>", None)
            .expect("builds");
        let b = n
            .build("Dynamo <dynamo@club.example>", None)
            .expect("builds");
        assert_eq!(a.len(), 2);
        assert_eq!(a[0].to.to_string(), "alice@example.org");
        assert_eq!(a[1].to.to_string(), "bob@example.org");
        assert_eq!(
            a[0].message_id, b[0].message_id,
            "the same event, the same id"
        );
        assert_ne!(a[0].message_id, a[1].message_id);
        let key = &n.happened.key;
        assert!(
            a[1].message_id
                .contains(&format!(".{key}.black@club.example")),
            "{}",
            a[1].message_id
        );
        let raw = String::from_utf8(a[1].raw.clone()).expect("ascii");
        let raw = raw.replace("\r\n ", " ");
        let previous = n.message_id(&n.earlier[1], Color::Black, "club.example");
        let root = n.message_id(&n.earlier[0], Color::Black, "club.example");
        assert!(raw.contains(&format!("In-Reply-To: {previous}")), "{raw}");
        assert!(
            raw.contains(&format!("References: {root} {previous}")),
            "{raw}"
        );
        assert!(
            raw.contains("Reply-To: Dynamo <dynamo@club.example>"),
            "{raw}"
        );
    }

    #[test]
    fn replies_go_to_reply_to() {
        let n = sample(&["e2e4"]);
        let built = n
            .build("dynamo@club.example", Some("Moves <moves@club.example>"))
            .expect("builds");
        let raw = String::from_utf8(built[0].raw.clone()).expect("ascii");
        assert!(
            raw.contains("Reply-To: Moves <moves@club.example>"),
            "{raw}"
        );
    }

    #[test]
    fn id_parts_keep_only_tame_characters_and_stay_short() {
        assert_eq!(
            message_id("../a b", "3-move-1", Color::White, "club.example"),
            "<dynamo.a-b.3-move-1.white@club.example>"
        );
        assert_eq!(
            message_id("", "0-created-2", Color::Black, "[::1]"),
            "<dynamo.game.0-created-2.black@1>"
        );
        let long = "x".repeat(500);
        let id = message_id(&long, "3-move-1", Color::White, "club.example");
        assert!(id.len() < 120, "{id}");
        assert_ne!(
            id,
            message_id(
                &format!("{long}y"),
                "3-move-1",
                Color::White,
                "club.example"
            )
        );
    }

    #[test]
    fn hostile_names_cannot_add_headers_or_recipients() {
        let mut n = sample(&["e2e4"]);
        n.white.name = "Eve\r\nBcc: mallory@evil.example\r\nX-Evil: 1".to_string();
        n.black.name = "Bob\", mallory@evil.example, \"x".to_string();
        let built = n.build("dynamo@club.example", None).expect("builds");
        assert_eq!(built.len(), 2);
        for copy in built {
            let raw = String::from_utf8(copy.raw).expect("ascii");
            let headers = &raw[..raw.find("\r\n\r\n").expect("header end")];
            for line in headers.split("\r\n") {
                assert!(!line.starts_with("Bcc:"), "{line}");
                assert!(!line.starts_with("X-Evil:"), "{line}");
            }
        }
    }

    #[test]
    fn no_address_at_all_is_an_error() {
        let mut n = sample(&[]);
        n.white.email = None;
        n.black.email = None;
        assert!(matches!(
            n.build("dynamo@club.example", None),
            Err(MailError::NoRecipients)
        ));
        let mut n = sample(&[]);
        n.white.email = None;
        assert_eq!(
            n.build("dynamo@club.example", None)
                .expect("one copy")
                .len(),
            1
        );
    }
}
