//! Evening out what mail programs put between the words: line ends, tabs,
//! no-break and other wide spaces, and the invisible characters (byte
//! order marks, zero-width spaces and joiners, direction marks, soft
//! hyphens) that would keep `e4` from reading as `e4`.

/// The text with every line end as `\n` (CRLF, a lone CR, and the Unicode
/// line and paragraph separators), tabs and other spaces as ` `,
/// invisible characters removed, and any other control character as a
/// space.
pub fn normalize(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\r' => {
                if chars.peek() != Some(&'\n') {
                    out.push('\n');
                }
            }
            '\n' | '\u{85}' | '\u{2028}' | '\u{2029}' => out.push('\n'),
            '\u{ad}'
            | '\u{180e}'
            | '\u{200b}'..='\u{200f}'
            | '\u{202a}'..='\u{202e}'
            | '\u{2060}'..='\u{2064}'
            | '\u{2066}'..='\u{2069}'
            | '\u{feff}' => {}
            '\t'
            | '\u{a0}'
            | '\u{1680}'
            | '\u{2000}'..='\u{200a}'
            | '\u{202f}'
            | '\u{205f}'
            | '\u{3000}' => out.push(' '),
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::normalize;

    #[test]
    fn line_ends_spaces_and_invisible_characters_are_evened_out() {
        assert_eq!(normalize("a\r\nb\rc\nd\u{2028}e"), "a\nb\nc\nd\ne");
        assert_eq!(normalize("\u{feff}e4\u{200b}\r\n"), "e4\n");
        assert_eq!(normalize("\tNf3\u{a0}\u{202f}!"), " Nf3  !");
        assert_eq!(normalize("re\u{ad}sign\u{200e}"), "resign");
        assert_eq!(normalize("a\u{7}b\u{0}c"), "a b c");
    }
}
