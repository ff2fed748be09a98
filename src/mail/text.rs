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

/// A short, stable digest of `text` (64-bit FNV-1a, 16 hex digits): for
/// names that must stay short and tell long texts apart. Not a defence
/// against anyone choosing collisions, which would only make two names
/// share a lock or a file name prefix.
pub(super) fn digest(text: &str) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in text.bytes() {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{hash:016x}")
}

/// `text` if it has at most `max` bytes; otherwise its first part and the
/// [`digest`] of the whole, `max` bytes in all, so that two long texts
/// that share a beginning still differ. `max` is at least 24.
pub(super) fn bounded(text: &str, max: usize) -> String {
    let max = max.max(24);
    if text.len() <= max {
        return text.to_string();
    }
    let mut keep = max - 17;
    while !text.is_char_boundary(keep) {
        keep -= 1;
    }
    format!("{}-{}", &text[..keep], digest(text))
}
