//! Writing command arguments: a login name, a password or a mailbox name
//! may hold any character, so each goes as a quoted string when IMAP
//! allows it and as a literal (`{n}` and the bytes) when it does not;
//! mailbox names are first put into IMAP's modified UTF-7.

use base64::Engine;
use base64::engine::general_purpose::STANDARD_NO_PAD as BASE64;

/// One argument, ready to send.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Arg {
    /// Sent as it is, within the command's line.
    Text(String),
    /// Sent as a literal: its size, then (after the server's go-ahead
    /// unless it offers LITERAL+) the bytes.
    Literal(Vec<u8>),
}

/// `value` as an IMAP string: quoted when it is printable ASCII, else a
/// literal. `None` when it holds a NUL byte, which IMAP cannot carry.
pub(super) fn string(value: &[u8]) -> Option<Arg> {
    if value.contains(&0) {
        return None;
    }
    if value.iter().all(|&b| (b' '..=b'~').contains(&b)) {
        let mut quoted = String::with_capacity(value.len() + 2);
        quoted.push('"');
        for &b in value {
            if b == b'"' || b == b'\\' {
                quoted.push('\\');
            }
            quoted.push(char::from(b));
        }
        quoted.push('"');
        return Some(Arg::Text(quoted));
    }
    Some(Arg::Literal(value.to_vec()))
}

/// A mailbox name as IMAP writes it (RFC 3501 §5.1.3): printable ASCII
/// stays, `&` becomes `&-`, and every run of other characters becomes `&`,
/// its UTF-16 in base64 (with `,` for `/`), `-`. `INBOX` in any case is
/// `INBOX`.
pub(super) fn mailbox_name(name: &str) -> String {
    if name.eq_ignore_ascii_case("INBOX") {
        return "INBOX".to_string();
    }
    let mut out = String::with_capacity(name.len());
    let mut run: Vec<u16> = Vec::new();
    let flush = |run: &mut Vec<u16>, out: &mut String| {
        if run.is_empty() {
            return;
        }
        let bytes: Vec<u8> = run.iter().flat_map(|u| u.to_be_bytes()).collect();
        out.push('&');
        out.push_str(&BASE64.encode(bytes).replace('/', ","));
        out.push('-');
        run.clear();
    };
    for c in name.chars() {
        if (' '..='~').contains(&c) {
            flush(&mut run, &mut out);
            if c == '&' {
                out.push_str("&-");
            } else {
                out.push(c);
            }
        } else {
            let mut units = [0u16; 2];
            run.extend_from_slice(c.encode_utf16(&mut units));
        }
    }
    flush(&mut run, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn printable_text_is_quoted_with_escapes() {
        assert_eq!(string(b"director"), Some(Arg::Text("\"director\"".into())));
        assert_eq!(string(b""), Some(Arg::Text("\"\"".into())));
        assert_eq!(
            string(br#"pa"ss\word {5}"#),
            Some(Arg::Text(r#""pa\"ss\\word {5}""#.into()))
        );
    }

    #[test]
    fn other_bytes_go_as_a_literal_and_nul_not_at_all() {
        assert_eq!(
            string("pässwörd".as_bytes()),
            Some(Arg::Literal("pässwörd".as_bytes().to_vec()))
        );
        assert_eq!(string(b"a\r\nb"), Some(Arg::Literal(b"a\r\nb".to_vec())));
        assert_eq!(string(b"a\0b"), None);
    }

    #[test]
    fn mailbox_names_in_modified_utf7() {
        // The examples of RFC 3501 §5.1.3, and others.
        assert_eq!(
            mailbox_name("~peter/mail/台北/日本語"),
            "~peter/mail/&U,BTFw-/&ZeVnLIqe-"
        );
        assert_eq!(mailbox_name("Moves & Draws"), "Moves &- Draws");
        assert_eq!(mailbox_name("Züge"), "Z&APw-ge");
        assert_eq!(mailbox_name("inbox"), "INBOX");
        assert_eq!(mailbox_name("😀"), "&2D3eAA-");
    }
}
