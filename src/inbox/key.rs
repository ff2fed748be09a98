//! The name of one mail, the same however often it is delivered: its
//! Message-ID, or for a mail without a usable one a digest of its own
//! words (not of the whole message, whose trace headers differ from one
//! delivery to the next).

use sha2::{Digest, Sha256};

use super::message::Incoming;
use crate::base32::encode;
use crate::game::source::is_mail_ref;

/// A mail's names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MailKey {
    /// What a game file notes of the mail that brought an event: the
    /// Message-ID in `<…>`, or `sha256-…` of the mail's words.
    pub reference: String,
    /// A file name for the mail as sent by its sender: 26 letters and
    /// digits, from the reference and the From address, so that a
    /// stranger's mail that reuses a Message-ID is not taken for the
    /// player's.
    pub name: String,
}

impl MailKey {
    /// The names of the mail `raw`, read as `incoming` when it could be.
    pub fn of(incoming: Option<&Incoming>, raw: &[u8]) -> MailKey {
        let id = incoming
            .and_then(|m| m.message_id.as_deref())
            .map(|id| format!("<{id}>"))
            .filter(|id| is_mail_ref(id));
        let from = incoming
            .and_then(|m| m.from.as_deref())
            .unwrap_or("")
            .to_lowercase();
        let reference = id.unwrap_or_else(|| {
            let subject = incoming.map_or("", |m| m.subject.as_str());
            let body = body_of(raw);
            let mut digest = Sha256::new();
            for part in [from.as_bytes(), subject.as_bytes(), body] {
                digest.update((part.len() as u64).to_be_bytes());
                digest.update(part);
            }
            format!("sha256-{}", &encode(&digest.finalize())[..26])
        });
        let mut digest = Sha256::new();
        digest.update(reference.as_bytes());
        digest.update(b"\n");
        digest.update(from.as_bytes());
        let name = encode(&digest.finalize())[..26].to_string();
        MailKey { reference, name }
    }
}

/// The body of a raw message: what follows the first empty line (the
/// whole message when there is none).
fn body_of(raw: &[u8]) -> &[u8] {
    for (sep, len) in [(&b"\r\n\r\n"[..], 4), (&b"\n\n"[..], 2)] {
        if let Some(at) = raw.windows(len).position(|w| w == sep) {
            return &raw[at + len..];
        }
    }
    raw
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::inbox::message;

    #[test]
    fn a_mail_is_named_by_its_id_or_its_words() {
        let with_id = b"Message-ID: <a@b>\r\nFrom: x@y\r\nSubject: s\r\n\r\ne2e4\r\n";
        let m = message::read(with_id).expect("reads");
        let key = MailKey::of(Some(&m), with_id);
        assert_eq!(key.reference, "<a@b>");
        assert_eq!(key.name.len(), 26);
        // The same id from someone else is another mail.
        let other = b"Message-ID: <a@b>\r\nFrom: eve@y\r\nSubject: s\r\n\r\ne2e4\r\n";
        let m2 = message::read(other).expect("reads");
        assert_ne!(MailKey::of(Some(&m2), other).name, key.name);
        // Without an id, trace headers do not change the name.
        let a = b"Received: one\r\nFrom: x@y\r\nSubject: s\r\n\r\ne2e4\r\n";
        let b = b"Received: two\r\nReceived: three\r\nFrom: x@y\r\nSubject: s\r\n\r\ne2e4\r\n";
        let (ma, mb) = (message::read(a).expect("a"), message::read(b).expect("b"));
        let (ka, kb) = (MailKey::of(Some(&ma), a), MailKey::of(Some(&mb), b));
        assert_eq!(ka, kb);
        assert!(ka.reference.starts_with("sha256-"), "{}", ka.reference);
        assert!(is_mail_ref(&ka.reference));
    }
}
