//! Lower-case base32 without padding (RFC 4648's alphabet): text that
//! survives a mail client's changes of case and stands in a Message-ID,
//! a subject, the local part of an address and a file name. The reply
//! tokens are written in it (`mail/token.rs`), and so are the inbox's
//! names for a mail, a sender and a Maildir; a token already in a
//! player's mailbox must still read, so the text never changes (the
//! tests pin it).

/// The 32 characters, in the order of their values.
pub const ALPHABET: &[u8; 32] = b"abcdefghijklmnopqrstuvwxyz234567";

/// `bytes` as base32: 8 characters for every 5 bytes, the last
/// character's spare bits zero.
pub fn encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len() * 8 / 5 + 1);
    let (mut buffer, mut bits) = (0u32, 0u32);
    for &b in bytes {
        buffer = (buffer << 8) | u32::from(b);
        bits += 8;
        while bits >= 5 {
            bits -= 5;
            out.push(char::from(ALPHABET[((buffer >> bits) & 31) as usize]));
        }
    }
    if bits > 0 {
        out.push(char::from(ALPHABET[((buffer << (5 - bits)) & 31) as usize]));
    }
    out
}

/// The bytes of [`encode`]'s text; `None` for a character outside the
/// alphabet (upper case included: lower it first) or a text that
/// [`encode`] does not write (a length no number of bytes gives, spare
/// bits not zero).
pub fn decode(text: &str) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(text.len() * 5 / 8);
    let (mut buffer, mut bits) = (0u32, 0u32);
    for c in text.bytes() {
        let value = ALPHABET.iter().position(|&a| a == c)? as u32;
        buffer = (buffer << 5) | value;
        bits += 5;
        if bits >= 8 {
            bits -= 8;
            out.push((buffer >> bits) as u8);
        }
    }
    // Whole bytes leave 0 to 4 spare bits, all zero.
    let spare = buffer & ((1 << bits) - 1);
    (bits < 5 && spare == 0).then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// RFC 4648 §10's vectors, lower case and without the padding.
    #[test]
    fn the_rfc_vectors() {
        for (bytes, text) in [
            (&b""[..], ""),
            (b"f", "my"),
            (b"fo", "mzxq"),
            (b"foo", "mzxw6"),
            (b"foob", "mzxw6yq"),
            (b"fooba", "mzxw6ytb"),
            (b"foobar", "mzxw6ytboi"),
        ] {
            assert_eq!(encode(bytes), text);
            assert_eq!(decode(text).as_deref(), Some(bytes), "{text}");
        }
    }

    #[test]
    fn round_trips_and_refusals() {
        let bytes = [0u8, 255, 17, 42, 99, 128, 1, 2, 3, 4];
        assert_eq!(decode(&encode(&bytes)).as_deref(), Some(&bytes[..]));
        assert_eq!(encode(&[0xff; 5]), "77777777");
        for n in 0..=12 {
            let bytes: Vec<u8> = (0..n).map(|i| (i * 37 + 5) as u8).collect();
            assert_eq!(decode(&encode(&bytes)), Some(bytes));
        }
        assert_eq!(decode("MY"), None, "upper case");
        assert_eq!(decode("m1"), None, "not in the alphabet");
        assert_eq!(decode("m"), None, "no whole byte");
        assert_eq!(decode("mz"), None, "spare bits not zero");
    }
}
