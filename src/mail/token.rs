//! The reply token: what a notice carries so that a player's reply finds
//! its game, its player and its event again, and proves it came from a
//! notice of ours.
//!
//! ```text
//! k3q7x2ma-b12-9fj2ka7d3mxq4p2r
//! └──┬───┘ │└┬ └──────┬───────┘
//!    │     │ │        the MAC: HMAC-SHA-256 under the director's secret of
//!    │     │ │        the game id, the side, the event's number and key,
//!    │     │ │        its first 80 bits
//!    │     │ the event's number in the game (0: the creation)
//!    │     the side the notice went to: w or b
//!    the game: the first 40 bits of SHA-256 of the game id
//! ```
//!
//! All of it is lower-case letters, the digits 2–7 (base32) and `-`, so it
//! survives a mail client's changes of case and stands in a Message-ID, a
//! subject (`[dynamo TOKEN]`) and the local part of an address
//! (`moves+TOKEN@example.org`), 27 to 36 characters. The game part lets
//! the inbox find the game among the games folder's files by reading only
//! their headers; the MAC proves the rest. The event's key (a digest of
//! what the event was, [`crate::game::Event::key`]) is in the MAC, so
//! should an event be taken back and its number reused for another, the
//! old notices' tokens no longer hold.

use std::fmt;

use dynamo_core::Color;
use hmac::{Hmac, Mac};
use sha2::{Digest, Sha256};

use super::secret::Secret;
use crate::base32::{ALPHABET, decode, encode};

/// The word before a token in a subject: `[dynamo TOKEN]`.
pub const SUBJECT_TAG: &str = "dynamo";

/// Characters of the game part.
const GAME_CHARS: usize = 8;
/// Characters of the MAC part: 80 bits.
const MAC_CHARS: usize = 16;
/// Bytes of the MAC kept.
const MAC_BYTES: usize = 10;

/// A reply token, as made for a notice or read from a reply.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Token {
    /// The game part: [`game_ref`] of the game id.
    pub game_ref: String,
    /// The player the notice went to.
    pub side: Color,
    /// The event's number in the game.
    pub seq: u32,
    mac: [u8; MAC_BYTES],
}

impl Token {
    /// The token of the notice to `side` of event `seq` (with key `key`)
    /// of the game `game_id`.
    pub fn new(secret: &Secret, game_id: &str, side: Color, seq: u32, key: &str) -> Token {
        let full = mac(secret, game_id, side, seq, key).finalize().into_bytes();
        let mut kept = [0u8; MAC_BYTES];
        kept.copy_from_slice(&full[..MAC_BYTES]);
        Token {
            game_ref: game_ref(game_id),
            side,
            seq,
            mac: kept,
        }
    }

    /// Whether this token was made by `secret` for the event `key` of the
    /// game `game_id` (its side and number are the token's own).
    pub fn verify(&self, secret: &Secret, game_id: &str, key: &str) -> bool {
        self.game_ref == game_ref(game_id)
            && mac(secret, game_id, self.side, self.seq, key)
                .verify_truncated_left(&self.mac)
                .is_ok()
    }

    /// Reads one word as a token, in any letter case; `None` when it is
    /// not shaped as one.
    pub fn parse(word: &str) -> Option<Token> {
        let word = word.to_ascii_lowercase();
        let mut parts = word.split('-');
        let (game, middle, mac_text) = (parts.next()?, parts.next()?, parts.next()?);
        if parts.next().is_some()
            || game.len() != GAME_CHARS
            || !game.bytes().all(|b| ALPHABET.contains(&b))
        {
            return None;
        }
        let side = match middle.as_bytes().first()? {
            b'w' => Color::White,
            b'b' => Color::Black,
            _ => return None,
        };
        let digits = &middle[1..];
        if digits.is_empty()
            || digits.len() > 9
            || !digits.bytes().all(|b| b.is_ascii_digit())
            || (digits.len() > 1 && digits.starts_with('0'))
        {
            return None;
        }
        let seq = digits.parse().ok()?;
        if mac_text.len() != MAC_CHARS {
            return None;
        }
        let bytes = decode(mac_text)?;
        let mac = bytes.try_into().ok()?;
        Some(Token {
            game_ref: game.to_string(),
            side,
            seq,
            mac,
        })
    }

    /// Every token-shaped word of `text` (a Message-ID, a subject, an
    /// address), in order, each once.
    pub fn find(text: &str) -> Vec<Token> {
        let mut found: Vec<Token> = Vec::new();
        for word in text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '-')) {
            if let Some(token) = Token::parse(word)
                && !found.contains(&token)
            {
                found.push(token);
            }
        }
        found
    }

    /// `[dynamo TOKEN]`, for a subject.
    pub fn subject_tag(&self) -> String {
        format!("[{SUBJECT_TAG} {self}]")
    }
}

impl fmt::Display for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = match self.side {
            Color::White => 'w',
            Color::Black => 'b',
        };
        write!(
            f,
            "{}-{side}{}-{}",
            self.game_ref,
            self.seq,
            encode(&self.mac)
        )
    }
}

/// The game part of a token: the first 40 bits of SHA-256 of the game id,
/// in base32. Not secret (the game id is in every Message-ID); it only
/// narrows the search, the MAC decides.
pub fn game_ref(game_id: &str) -> String {
    let digest = Sha256::digest(format!("dynamo game {game_id}").as_bytes());
    encode(&digest[..5])
}

/// The HMAC of a token, before it is cut short. Each field is written
/// with its length, so no two different inputs read alike.
fn mac(secret: &Secret, game_id: &str, side: Color, seq: u32, key: &str) -> Hmac<Sha256> {
    let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(secret.bytes())
        .expect("HMAC takes a key of any length");
    mac.update(b"dynamo reply token 1\n");
    for field in [game_id, side.name(), &seq.to_string(), key] {
        mac.update(&(field.len() as u64).to_be_bytes());
        mac.update(field.as_bytes());
    }
    mac
}

#[cfg(test)]
mod tests {
    use super::*;

    fn secret() -> Secret {
        Secret::from_bytes(b"a test secret of some length")
    }

    #[test]
    fn a_token_reads_back_and_proves_its_event() {
        let t = Token::new(&secret(), "alice-bob", Color::Black, 12, "12-move-3f9a0c1d");
        let text = t.to_string();
        assert!(text.len() <= 36, "{text}");
        assert!(
            text.bytes()
                .all(|b| b == b'-' || b.is_ascii_lowercase() || b.is_ascii_digit()),
            "{text}"
        );
        assert!(text.contains("-b12-"), "{text}");
        let read = Token::parse(&text.to_ascii_uppercase()).expect("reads back");
        assert_eq!(read, t);
        assert!(read.verify(&secret(), "alice-bob", "12-move-3f9a0c1d"));
        // Another key, game, secret, side or number does not verify.
        assert!(!read.verify(&secret(), "alice-bob", "12-move-00000000"));
        assert!(!read.verify(&secret(), "alice-bob2", "12-move-3f9a0c1d"));
        assert!(!read.verify(
            &Secret::from_bytes(b"another secret!!"),
            "alice-bob",
            "12-move-3f9a0c1d"
        ));
        let forged = text.replacen("-b12-", "-w12-", 1);
        let forged = Token::parse(&forged).expect("shaped as one");
        assert!(!forged.verify(&secret(), "alice-bob", "12-move-3f9a0c1d"));
    }

    #[test]
    fn tokens_are_found_in_ids_subjects_and_addresses() {
        let t = Token::new(&secret(), "g", Color::White, 3, "3-move-1");
        let id = format!("<dynamo.alice-bob-2026.3-move-1a2b3c4d.white.{t}@club.example>");
        assert_eq!(Token::find(&id), std::slice::from_ref(&t));
        let subject = format!("Re: Dynamo: A – B, 2. e2e4 — your move {}", t.subject_tag());
        assert_eq!(Token::find(&subject), std::slice::from_ref(&t));
        assert_eq!(
            Token::find(&format!("moves+{t}@club.example")),
            std::slice::from_ref(&t)
        );
        assert!(Token::find("Re: hello k3q7x2ma-b-12 12-move-3f9a0c1d").is_empty());
        assert!(Token::parse("k3q7x2ma-b012-aaaaaaaaaaaaaaaa").is_none());
        assert!(Token::parse("k3q7x2ma-x12-aaaaaaaaaaaaaaaa").is_none());
        assert!(Token::parse("k3q7x2ma-b12-aaaaaaaaaaaaaaa1").is_none());
    }

    /// Tokens already in players' mailboxes must still read and verify:
    /// these texts were worked out apart from this code (RFC 4648 base32
    /// of HMAC-SHA-256, as the module's picture says).
    #[test]
    fn tokens_already_sent_keep_their_text() {
        let sent = [
            (
                "alice-bob",
                Color::Black,
                12,
                "12-move-3f9a0c1d",
                "mqn27maw-b12-5hcaqqxwutoou34d",
            ),
            (
                "g",
                Color::White,
                3,
                "3-move-1",
                "6a2ker32-w3-kgfdy4lc7zxqmhzz",
            ),
        ];
        for (game, side, seq, key, text) in sent {
            assert_eq!(
                Token::new(&secret(), game, side, seq, key).to_string(),
                text
            );
            let read = Token::parse(text).expect("reads");
            assert!(read.verify(&secret(), game, key), "{text}");
        }
    }
}
