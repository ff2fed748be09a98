//! The envelope: a notice turned into the MIME messages that go out, one
//! per player — sender, the one recipient, where replies go, the
//! Message-ID and the thread of that player's notices it continues, and
//! the body parts (plain text, and HTML with the board picture, drawn from
//! that player's side, inline).

use lettre::message::header::ContentType;
use lettre::message::{Attachment, Mailbox, MultiPart, SinglePart};
use lettre::{Address, Message};

use super::error::MailError;
use super::mail_config::MailConfig;
use super::notice::Notice;
use super::secret::Secret;
use super::text::{bounded, header_text, one_line};
use super::token::Token;
use crate::game::Player;
use crate::id;
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

/// Who a notice is from, where replies go, and the secret that signs
/// the reply tokens: what building a message needs beside the notice.
#[derive(Debug, Clone, Copy)]
pub struct Sender<'a> {
    /// `[mail] from`.
    pub from: &'a str,
    /// `[mail] reply_to`; `from` when `None`.
    pub reply_to: Option<&'a str>,
    /// `[mail] reply_subaddress`: the token in the reply address.
    pub subaddress: bool,
    /// The secret of the reply tokens.
    pub secret: &'a Secret,
}

impl<'a> Sender<'a> {
    /// The sender `config` describes, signing with `secret`.
    pub fn new(config: &'a MailConfig, secret: &'a Secret) -> Sender<'a> {
        Sender {
            from: &config.from,
            reply_to: config.reply_to.as_deref(),
            subaddress: config.reply_subaddress,
            secret,
        }
    }

    /// The sender's mailbox and the reply mailbox, checked.
    pub fn mailboxes(&self) -> Result<(Mailbox, Mailbox), MailError> {
        let from = parse_sender(self.from, "the configured sender (mail.from)")?;
        let reply_to = match self.reply_to {
            Some(r) => parse_sender(r, "the reply address (mail.reply_to)")?,
            None => from.clone(),
        };
        Ok((from, reply_to))
    }
}

impl Notice {
    /// The reply token of the copy for `side` of event `seq` (key `key`).
    pub fn token(&self, secret: &Secret, seq: u32, key: &str, side: Color) -> Token {
        Token::new(secret, &self.game_id, side, seq, key)
    }

    /// The Message-ID of the copy for `side` of event `seq` (key `key`).
    pub fn message_id(
        &self,
        secret: &Secret,
        seq: u32,
        key: &str,
        side: Color,
        domain: &str,
    ) -> String {
        let token = self.token(secret, seq, key, side);
        message_id(&self.game_id, key, side, &token, domain)
    }

    /// Builds each player's copy. A player without an address gets none;
    /// no address at all is an error.
    pub fn build(&self, sender: &Sender) -> Result<Vec<Built>, MailError> {
        let mut built = Vec::new();
        for side in [Color::White, Color::Black] {
            if let Some(copy) = self.build_for(side, sender)? {
                built.push(copy);
            }
        }
        if built.is_empty() {
            return Err(MailError::NoRecipients);
        }
        Ok(built)
    }

    /// The copy for the player of `side`; `None` when they have no
    /// address. It carries that player's reply token in its Message-ID,
    /// in its subject and, with `[mail] reply_subaddress`, in the reply
    /// address.
    pub fn build_for(&self, side: Color, sender: &Sender) -> Result<Option<Built>, MailError> {
        let Some(to) = mailbox(side, self.player(side))? else {
            return Ok(None);
        };
        let (from, reply_to) = sender.mailboxes()?;
        let domain = id_part(from.email.domain());
        let (seq, key) = (self.happened.seq, &self.happened.key);
        let token = self.token(sender.secret, seq, key, side);
        let message_id = message_id(&self.game_id, key, side, &token, &domain);
        let subject = format!("{} {}", self.subject(side), token.subject_tag());
        let cid = format!(
            "board.{}.{}.{}@{domain}",
            id_part(&bounded_game(&self.game_id)),
            id_part(key),
            side.name()
        );
        let png = self.picture(side)?;
        // The body names the reply address as the player knows it; the
        // token is the mail system's business.
        let reply_words = reply_to.to_string();
        let reply_to = if sender.subaddress {
            subaddressed(&reply_to, &token)
        } else {
            reply_to
        };

        let mut builder = Message::builder()
            .from(from.clone())
            .reply_to(reply_to)
            .to(to.clone())
            .subject(subject.clone())
            .message_id(Some(message_id.clone()))
            .user_agent(format!("dynamo {}", env!("CARGO_PKG_VERSION")));
        if let Some(previous) = self.earlier.last() {
            let previous_seq = self.earlier.len() as u32 - 1;
            builder = builder
                .in_reply_to(self.message_id(sender.secret, previous_seq, previous, side, &domain))
                .references(self.references(sender.secret, side, &domain));
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
    fn references(&self, secret: &Secret, side: Color, domain: &str) -> String {
        let earlier = &self.earlier;
        let recent = earlier.len().saturating_sub(4).max(1);
        let seqs = (0..earlier.len().min(1)).chain(recent..earlier.len());
        seqs.map(|seq| self.message_id(secret, seq as u32, &earlier[seq], side, domain))
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// `<dynamo.GAME.EVENT.SIDE.TOKEN@DOMAIN>`: the same event of the same
/// game for the same player always gives the same id, so a resent notice
/// is recognisably the same one, and no two events share one. The game
/// part is bounded, so an id (and the outbox file named by it) stays
/// short whatever the players' names. The token comes back in a reply's
/// `In-Reply-To` and `References`.
pub fn message_id(game_id: &str, key: &str, side: Color, token: &Token, domain: &str) -> String {
    format!(
        "<dynamo.{}.{}.{}.{token}@{}>",
        id_part(&bounded_game(game_id)),
        id_part(key),
        side.name(),
        id_part(domain)
    )
}

/// `local+TOKEN@domain` for `local@domain`, same name; the mailbox as it
/// is should the local part grow past the 64 characters mail allows.
pub fn subaddressed(mailbox: &Mailbox, token: &Token) -> Mailbox {
    let local = format!("{}+{token}", mailbox.email.user());
    if local.len() > 64 {
        return mailbox.clone();
    }
    match Address::new(local, mailbox.email.domain()) {
        Ok(address) => Mailbox::new(mailbox.name.clone(), address),
        Err(_) => mailbox.clone(),
    }
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

pub(super) fn parse_sender(text: &str, who: &str) -> Result<Mailbox, MailError> {
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

    fn secret() -> Secret {
        Secret::from_bytes(b"the secret of the envelope tests")
    }

    fn sender<'a>(from: &'a str, reply_to: Option<&'a str>, secret: &'a Secret) -> Sender<'a> {
        Sender {
            from,
            reply_to,
            subaddress: false,
            secret,
        }
    }

    #[test]
    fn each_player_gets_a_copy_with_its_own_id_and_thread() {
        let n = sample(&["e2e4", "f7f6"]);
        let key = secret();
        let from = "Dynamo <dynamo@club.example>";
        let a = n.build(&sender(from, None, &key)).expect("builds");
        let b = n.build(&sender(from, None, &key)).expect("builds");
        assert_eq!(a.len(), 2);
        assert_eq!(a[0].to.to_string(), "alice@example.org");
        assert_eq!(a[1].to.to_string(), "bob@example.org");
        assert_eq!(
            a[0].message_id, b[0].message_id,
            "the same event, the same id"
        );
        assert_ne!(a[0].message_id, a[1].message_id);
        let event = &n.happened.key;
        let token = n.token(&key, n.happened.seq, event, Color::Black);
        assert!(
            a[1].message_id
                .ends_with(&format!(".{event}.black.{token}@club.example>")),
            "{}",
            a[1].message_id
        );
        assert_eq!(Token::find(&a[1].message_id), std::slice::from_ref(&token));
        assert!(a[1].subject.ends_with(&format!(" [dynamo {token}]")));
        let raw = String::from_utf8(a[1].raw.clone()).expect("ascii");
        let raw = raw.replace("\r\n ", " ");
        let previous = n.message_id(&key, 1, &n.earlier[1], Color::Black, "club.example");
        let root = n.message_id(&key, 0, &n.earlier[0], Color::Black, "club.example");
        assert!(raw.contains(&format!("In-Reply-To: {previous}")), "{raw}");
        assert!(
            raw.contains(&format!("References: {root} {previous}")),
            "{raw}"
        );
        assert!(
            raw.contains("Reply-To: Dynamo <dynamo@club.example>"),
            "{raw}"
        );
        assert!(!raw.contains("the secret"), "{raw}");
    }

    #[test]
    fn replies_go_to_reply_to_with_the_token_when_asked() {
        let n = sample(&["e2e4"]);
        let key = secret();
        let mut s = sender(
            "dynamo@club.example",
            Some("Moves <moves@club.example>"),
            &key,
        );
        let built = n.build(&s).expect("builds");
        let raw = String::from_utf8(built[0].raw.clone()).expect("ascii");
        assert!(
            raw.contains("Reply-To: Moves <moves@club.example>"),
            "{raw}"
        );
        s.subaddress = true;
        let built = n.build(&s).expect("builds");
        let token = n.token(&key, n.happened.seq, &n.happened.key, Color::Black);
        let raw = String::from_utf8(built[1].raw.clone()).expect("ascii");
        assert!(
            raw.contains(&format!("Reply-To: Moves <moves+{token}@club.example>")),
            "{raw}"
        );
        assert!(
            raw.contains("Replies go to Moves <moves@club.example>."),
            "{raw}"
        );
    }

    #[test]
    fn id_parts_keep_only_tame_characters_and_stay_short() {
        let t = Token::new(&secret(), "g", Color::White, 3, "3-move-1");
        assert_eq!(
            message_id("../a b", "3-move-1", Color::White, &t, "club.example"),
            format!("<dynamo.a-b.3-move-1.white.{t}@club.example>")
        );
        assert_eq!(
            message_id("", "0-created-2", Color::Black, &t, "[::1]"),
            format!("<dynamo.game.0-created-2.black.{t}@1>")
        );
        let long = "x".repeat(500);
        let id = message_id(&long, "3-move-1", Color::White, &t, "club.example");
        assert!(id.len() < 160, "{id}");
        assert_ne!(
            id,
            message_id(
                &format!("{long}y"),
                "3-move-1",
                Color::White,
                &t,
                "club.example"
            )
        );
    }

    #[test]
    fn hostile_names_cannot_add_headers_or_recipients() {
        let mut n = sample(&["e2e4"]);
        n.white.name = "Eve\r\nBcc: mallory@evil.example\r\nX-Evil: 1".to_string();
        n.black.name = "Bob\", mallory@evil.example, \"x".to_string();
        let key = secret();
        let built = n
            .build(&sender("dynamo@club.example", None, &key))
            .expect("builds");
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
        let key = secret();
        let s = sender("dynamo@club.example", None, &key);
        let mut n = sample(&[]);
        n.white.email = None;
        n.black.email = None;
        assert!(matches!(n.build(&s), Err(MailError::NoRecipients)));
        let mut n = sample(&[]);
        n.white.email = None;
        assert_eq!(n.build(&s).expect("one copy").len(), 1);
    }
}
