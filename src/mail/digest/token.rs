//! The digest's reply token: what a digest carries so that a reply to it
//! finds its player and that day's digest, and proves it came from one
//! of ours.
//!
//! ```text
//! q2k7x3ma-d20458-9fj2ka7d3mxq4p2r
//! └──┬───┘ └──┬─┘ └──────┬───────┘
//!    │        │          the MAC: HMAC-SHA-256 under the director's secret
//!    │        │          of the address and the day, its first 80 bits
//!    │        the digest's day: days since 1970-01-01 (UTC)
//!    the player: the first 40 bits of SHA-256 of the address (lower case)
//! ```
//!
//! A game's token has `w` or `b` where this one has `d`, so neither reads
//! as the other; the same alphabet, so it survives where theirs does.

use std::fmt;

use chrono::{DateTime, NaiveDate, Utc};
use hmac::{Hmac, Mac};
use sha2::{Digest, Sha256};

use super::super::secret::Secret;
use super::super::token::SUBJECT_TAG;
use crate::base32::{ALPHABET, decode, encode};

const PLAYER_CHARS: usize = 8;
const MAC_CHARS: usize = 16;
const MAC_BYTES: usize = 10;

/// A digest's reply token.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DigestToken {
    /// [`player_ref`] of the player's address.
    pub player_ref: String,
    /// The day of the digest: days since 1970-01-01.
    pub day: i64,
    mac: [u8; MAC_BYTES],
}

/// The player part of a token, also the name of their digests' records:
/// not secret, it only narrows the search; the MAC decides.
pub fn player_ref(address: &str) -> String {
    let digest = Sha256::digest(format!("dynamo player {}", address.trim().to_lowercase()));
    encode(&digest[..5])
}

/// The day number of `at` (UTC): days since 1970-01-01.
pub fn day_number(at: DateTime<Utc>) -> i64 {
    at.date_naive()
        .signed_duration_since(NaiveDate::default())
        .num_days()
}

/// The date of a day number, `2026-01-05`.
pub fn day_date(day: i64) -> String {
    NaiveDate::default()
        .checked_add_signed(chrono::Duration::days(day))
        .map_or_else(|| day.to_string(), |d| d.to_string())
}

fn mac(secret: &Secret, address: &str, day: i64) -> Hmac<Sha256> {
    let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(secret.bytes())
        .expect("HMAC takes a key of any length");
    mac.update(b"dynamo digest token 1\n");
    for field in [address.trim().to_lowercase(), day.to_string()] {
        mac.update(&(field.len() as u64).to_be_bytes());
        mac.update(field.as_bytes());
    }
    mac
}

impl DigestToken {
    /// The token of the digest of `day` to the player of `address`.
    pub fn new(secret: &Secret, address: &str, day: i64) -> DigestToken {
        let full = mac(secret, address, day).finalize().into_bytes();
        let mut kept = [0u8; MAC_BYTES];
        kept.copy_from_slice(&full[..MAC_BYTES]);
        DigestToken {
            player_ref: player_ref(address),
            day,
            mac: kept,
        }
    }

    /// Whether `secret` made this token for the player of `address`.
    pub fn verify(&self, secret: &Secret, address: &str) -> bool {
        self.player_ref == player_ref(address)
            && mac(secret, address, self.day)
                .verify_truncated_left(&self.mac)
                .is_ok()
    }

    /// Reads one word as a digest token, in any case.
    pub fn parse(word: &str) -> Option<DigestToken> {
        let word = word.to_ascii_lowercase();
        let mut parts = word.split('-');
        let (player, middle, mac_text) = (parts.next()?, parts.next()?, parts.next()?);
        if parts.next().is_some()
            || player.len() != PLAYER_CHARS
            || !player.bytes().all(|b| ALPHABET.contains(&b))
            || mac_text.len() != MAC_CHARS
        {
            return None;
        }
        let digits = middle.strip_prefix('d')?;
        if digits.is_empty()
            || digits.len() > 7
            || !digits.bytes().all(|b| b.is_ascii_digit())
            || (digits.len() > 1 && digits.starts_with('0'))
        {
            return None;
        }
        Some(DigestToken {
            player_ref: player.to_string(),
            day: digits.parse().ok()?,
            mac: decode(mac_text)?.try_into().ok()?,
        })
    }

    /// Every digest token of `text`, in order, each once.
    pub fn find(text: &str) -> Vec<DigestToken> {
        let mut found: Vec<DigestToken> = Vec::new();
        for word in text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '-')) {
            if let Some(token) = DigestToken::parse(word)
                && !found.contains(&token)
            {
                found.push(token);
            }
        }
        found
    }

    /// The first digest token of `texts` (a mail's ids, subject and
    /// recipients).
    pub fn first_in<'t>(texts: impl IntoIterator<Item = &'t String>) -> Option<DigestToken> {
        texts
            .into_iter()
            .find_map(|text| DigestToken::find(text).into_iter().next())
    }

    /// `[dynamo TOKEN]`, for a subject.
    pub fn subject_tag(&self) -> String {
        format!("[{SUBJECT_TAG} {self}]")
    }
}

impl fmt::Display for DigestToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-d{}-{}", self.player_ref, self.day, encode(&self.mac))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mail::Token;

    #[test]
    fn a_digest_token_reads_back_proves_its_player_and_is_no_game_token() {
        let secret = Secret::from_bytes(b"a test secret of some length");
        let day = day_number(crate::game::clock::parse_time("2026-01-05T23:59:00Z").expect("t"));
        assert_eq!(day_date(day), "2026-01-05");
        let t = DigestToken::new(&secret, "Bob@Example.org", day);
        let text = t.to_string();
        assert!(text.len() <= 36, "{text}");
        let read = DigestToken::parse(&text.to_ascii_uppercase()).expect("reads back");
        assert_eq!(read, t);
        assert!(read.verify(&secret, "bob@example.org"));
        assert!(!read.verify(&secret, "alice@example.org"));
        assert!(!read.verify(&Secret::from_bytes(b"another"), "bob@example.org"));
        assert_eq!(Token::parse(&text), None);
        assert_eq!(DigestToken::find(&format!("Re: x [dynamo {text}]")), [t]);
    }
}
