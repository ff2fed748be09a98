//! A move written as a capture (`exd5`, `Nxe5`, `e4xd5`, `Bxf7+`), as
//! any chess player writes one: Dynamo Chess has no captures
//! (docs/RULES.md §1), so no notation reads it, and the refusal says so
//! rather than where the syntax stopped.

/// Whether `text` is a move written as a capture: a piece letter, a
/// file, a square or nothing, then `x`, then a square, with a promotion,
/// `e.p.` and check or mate marks after it allowed; a move number
/// before it (`12... exd5`) is passed over.
pub fn written_as_capture(text: &str) -> bool {
    let text = text.trim();
    let digits = text.bytes().take_while(u8::is_ascii_digit).count();
    let text = match text[digits..].trim_start_matches(['.', '…']) {
        rest if digits > 0 && rest.len() < text.len() - digits => rest.trim_start(),
        _ => text,
    };
    let text = text.trim_end_matches(['+', '#', '!', '?']);
    let text = text.strip_suffix("e.p.").unwrap_or(text).trim_end();
    let Some((before, after)) = text.split_once('x') else {
        return false;
    };
    let before = before
        .strip_prefix(['K', 'Q', 'R', 'B', 'N', 'P'])
        .unwrap_or(before);
    let before_ok = match before.as_bytes() {
        [] => true,
        [c] => (b'a'..=b'h').contains(c) || (b'1'..=b'8').contains(c),
        [f, r] => (b'a'..=b'h').contains(f) && (b'1'..=b'8').contains(r),
        _ => false,
    };
    let after = after.as_bytes();
    let square =
        after.len() >= 2 && (b'a'..=b'h').contains(&after[0]) && (b'1'..=b'8').contains(&after[1]);
    let promotion = match &after[after.len().min(2)..] {
        [] => true,
        [b'=', p] | [p] => b"QRBN".contains(p),
        _ => false,
    };
    // `x` alone before a square (`xd5`) is a capture only with a letter
    // before it: a bare `x` may be a kiss or a mark.
    before_ok && square && promotion && text.len() > 3
}

#[cfg(test)]
mod tests {
    use super::written_as_capture;

    #[test]
    fn captures_as_chess_players_write_them() {
        for text in [
            "exd5",
            "Nxe5",
            "e4xd5",
            "Bxf7+",
            "Qxd8#",
            "Ng1xf3",
            "exd6e.p.",
            "dxe8=Q",
            "Rxa1",
            "Kxe2",
            "bxa8Q",
            "Nbxd2",
            "R1xd4",
            "12... exd5",
            "3.Nxe5",
        ] {
            assert!(written_as_capture(text), "{text}");
        }
    }

    #[test]
    fn other_words_with_an_x_are_not_captures() {
        for text in [
            "x", "xd5", "box", "e7e5x", "Kd4d3x", "xx", "exd", "ex9", "3x4", "exd5xe6", "Nxe5Q7",
        ] {
            assert!(!written_as_capture(text), "{text}");
        }
    }
}
