//! Input quoted back in an error, cut short: a message names what it
//! refuses, but a 10 MB move must not make a 10 MB message.

use std::fmt;

/// How many characters of an input an error shows at most.
pub const EXCERPT_CHARS: usize = 80;

/// Input as an error shows it: whole when it is short, otherwise its first
/// [`EXCERPT_CHARS`] characters, `…`, and its full length in bytes. Made by
/// [`quoted`] (in single quotes) or [`clipped`] (bare).
#[derive(Debug, Clone, Copy)]
pub struct Excerpt<'a> {
    text: &'a str,
    marks: bool,
}

/// `text` in single quotes, cut short if long: `'e2e4'`,
/// `'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa…' (10485760 bytes)`.
pub fn quoted(text: &str) -> Excerpt<'_> {
    Excerpt { text, marks: true }
}

/// `text` without quotes, cut short like [`quoted`]: for a text that
/// stands alone as a label, as in `e2e5: a pawn cannot move from e2 to e5`.
pub fn clipped(text: &str) -> Excerpt<'_> {
    Excerpt { text, marks: false }
}

impl fmt::Display for Excerpt<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let quote = if self.marks { "'" } else { "" };
        match self.text.char_indices().nth(EXCERPT_CHARS) {
            None => write!(f, "{quote}{}{quote}", self.text),
            Some((cut, _)) => write!(
                f,
                "{quote}{}…{quote} ({} bytes)",
                &self.text[..cut],
                self.text.len()
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_text_is_shown_whole() {
        assert_eq!(quoted("e2e4").to_string(), "'e2e4'");
        assert_eq!(clipped("e2e4").to_string(), "e2e4");
        let forty = "a".repeat(EXCERPT_CHARS);
        assert_eq!(quoted(&forty).to_string(), format!("'{forty}'"));
    }

    #[test]
    fn long_text_is_cut_on_a_character_boundary() {
        let text = "é".repeat(EXCERPT_CHARS + 1);
        let shown = quoted(&text).to_string();
        assert_eq!(
            shown,
            format!("'{}…' ({} bytes)", "é".repeat(EXCERPT_CHARS), text.len())
        );
        assert_eq!(
            clipped(&text).to_string(),
            format!("{}… ({} bytes)", "é".repeat(EXCERPT_CHARS), text.len())
        );
    }
}
