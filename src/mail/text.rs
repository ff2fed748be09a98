//! Text the players wrote (names, the event, the clock line), made safe
//! to put on one line of a body or into a header. Both the notice's
//! content and its envelope go through here, so a name reads the same in
//! the subject, the body and the `To:` header.

/// Text for a header: control characters (line breaks included) become
/// spaces, runs of space collapse, and the length is capped. Lettre then
/// quotes or encodes what remains, so a name cannot add a header or a
/// recipient.
pub fn header_text(text: &str) -> String {
    let cleaned = one_line(text);
    let mut out: String = cleaned.chars().take(120).collect();
    if out.len() < cleaned.len() {
        out.push('…');
    }
    out
}

/// One line of text: control characters become spaces, runs collapse.
pub(super) fn one_line(text: &str) -> String {
    text.split(|c: char| c.is_control() || c.is_whitespace())
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}
