//! The writer's own lines of a reply: what they typed above the quoted
//! notice (top posting) or between and below its quoted lines (bottom
//! posting), without the quote, the line that introduces it, the old
//! message that Outlook and forwarding put below without `>` marks, and
//! the signature.
//!
//! Lines are taken in order and:
//! - a line starting with `>` is quoted: left out;
//! - an attribution, "On Mon, 23 Nov 2026 at 10:00, Dynamo <…> wrote:",
//!   also wrapped over two lines as Gmail does, and its French, German,
//!   Italian, Spanish, Dutch and Portuguese forms: left out when quoted
//!   lines follow it; when the next line with words has no `>`, the old
//!   message was pasted below without quote marks (the notice's move
//!   list, FEN lines and instructions among it): the end;
//! - the signature separator (`-- `, or `--` with the blanks trimmed), a
//!   separator line with words (`-----Original Message-----`,
//!   `---------- Forwarded message ---------`), "Begin forwarded message:",
//!   a header block (`From:` followed within three lines by `Sent:`,
//!   `Date:`, `To:`, `Subject:` or their translations, as Outlook writes
//!   it, perhaps after a line of `_`): the end, nothing after it is read.
//!
//! Work is bounded: at most [`MAX_LINES`] lines are looked at, each a
//! bounded number of times, and at most [`MAX_OWN_BYTES`] kept.

/// The most lines looked at; a reply's own words come well before.
pub const MAX_LINES: usize = 20_000;

/// The most text kept as the writer's own words.
pub const MAX_OWN_BYTES: usize = 64 << 10;

/// Lines longer than this are never attributions or header lines.
const MAX_MARKER_LINE: usize = 400;

/// How attributions begin, per language.
const ATTRIBUTION_STARTS: [&str; 7] = ["On ", "Le ", "Am ", "Il ", "El ", "Op ", "Em "];

/// The verbs of attributions: "wrote", "a écrit", "schrieb", "ha
/// scritto", "escribió", "schreef", "escreveu".
const ATTRIBUTION_VERBS: [&str; 7] = [
    "wrote",
    "a écrit",
    "schrieb",
    "ha scritto",
    "escribió",
    "schreef",
    "escreveu",
];

/// How a forwarded message is introduced without a separator line.
const FORWARD_NOTICES: [&str; 4] = [
    "begin forwarded message",
    "anfang der weitergeleiteten nachricht",
    "début du message réexpédié",
    "inizio messaggio inoltrato",
];

/// The first label of a quoted header block.
const FROM_LABELS: [&str; 5] = ["from", "de", "von", "da", "van"];

/// The labels that follow it.
const HEADER_LABELS: [&str; 16] = [
    "sent",
    "date",
    "to",
    "subject",
    "cc",
    "envoyé",
    "à",
    "objet",
    "gesendet",
    "datum",
    "an",
    "betreff",
    "inviato",
    "a",
    "oggetto",
    "verzonden",
];

/// The writer's own lines of `text` (already [`super::clean::normalize`]d),
/// each with its trailing blanks trimmed.
pub fn own_words(text: &str) -> String {
    let lines: Vec<&str> = text.split('\n').take(MAX_LINES).collect();
    let mut out = String::new();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i].trim_end();
        let trimmed = line.trim_start();
        if trimmed.starts_with('>') {
            i += 1;
            continue;
        }
        if trimmed == "--" || ends_text(&lines[i..]) {
            break;
        }
        if let Some(n) = attribution(&lines[i..]) {
            let next = lines[i + n..]
                .iter()
                .take(MAX_LINES)
                .find(|l| !l.trim().is_empty());
            if next.is_some_and(|l| !l.trim_start().starts_with('>')) {
                break;
            }
            i += n;
            continue;
        }
        if out.len() + line.len() + 1 > MAX_OWN_BYTES {
            break;
        }
        out.push_str(line);
        out.push('\n');
        i += 1;
    }
    out.trim_end().trim_start_matches('\n').to_string()
}

/// Whether only an old message follows from the first of `lines` on.
fn ends_text(lines: &[&str]) -> bool {
    let first = lines[0].trim();
    if first.len() > MAX_MARKER_LINE {
        return false;
    }
    if is_separator(first) || header_block(lines) {
        return true;
    }
    let lower = first.to_lowercase();
    if FORWARD_NOTICES.iter().any(|n| lower.starts_with(n)) {
        return true;
    }
    // Outlook's line of underscores, then its header block.
    first.len() >= 10
        && first.bytes().all(|b| b == b'_')
        && lines[1..]
            .iter()
            .take(3)
            .position(|l| !l.trim().is_empty())
            .is_some_and(|p| header_block(&lines[1 + p..]))
}

/// `-----Original Message-----`, `-------- Forwarded Message --------`:
/// dashes, words, dashes.
fn is_separator(line: &str) -> bool {
    let inner = line.trim_matches('-');
    line.len() - line.trim_start_matches('-').len() >= 3
        && line.len() - line.trim_end_matches('-').len() >= 3
        && inner.chars().any(char::is_alphabetic)
}

/// `From: …` then, within three lines, `Sent: …` or another header label:
/// the top of a quoted message.
fn header_block(lines: &[&str]) -> bool {
    label(lines[0]).is_some_and(|l| FROM_LABELS.contains(&l.as_str()))
        && lines[1..]
            .iter()
            .take(3)
            .filter_map(|l| label(l))
            .any(|l| HEADER_LABELS.contains(&l.as_str()))
}

/// The label of a header-like line, lower case: `From` in `From: Ada`,
/// `*Sent:* Monday`, `De : Ada`.
fn label(line: &str) -> Option<String> {
    let line = line.trim().trim_start_matches('*');
    if line.len() > MAX_MARKER_LINE {
        return None;
    }
    let (label, _) = line.split_once(':')?;
    let label = label.trim_end();
    (!label.is_empty() && label.len() <= 12 && label.chars().all(char::is_alphabetic))
        .then(|| label.to_lowercase())
}

/// How many lines an attribution at the start of `lines` takes: one
/// ending in `:` with an attribution verb, or two when a line beginning
/// as attributions do, with a date or an address in it, is wrapped
/// before its `:`.
fn attribution(lines: &[&str]) -> Option<usize> {
    let first = lines[0].trim();
    if first.len() > MAX_MARKER_LINE {
        return None;
    }
    if first.ends_with(':') && has_verb(first) {
        return Some(1);
    }
    let second = lines.get(1)?.trim();
    let wrapped = ATTRIBUTION_STARTS.iter().any(|s| first.starts_with(s))
        && first.chars().any(|c| c.is_ascii_digit() || c == '@')
        && second.len() <= MAX_MARKER_LINE
        && second.ends_with(':')
        && has_verb(&format!("{first} {second}"));
    wrapped.then_some(2)
}

fn has_verb(text: &str) -> bool {
    ATTRIBUTION_VERBS.iter().any(|v| text.contains(v))
}

#[cfg(test)]
mod tests {
    use super::own_words;

    #[test]
    fn quoted_lines_and_attributions_are_left_out() {
        let text = "Nf3\n\nOn Mon, 23 Nov 2026 at 10:00, Dynamo <director@example.org> wrote:\n\
                    > Dear Ada,\n> resign\n>\n";
        assert_eq!(own_words(text), "Nf3");
        let wrapped =
            "e4\nOn Mon, 23 Nov 2026 at 10:00, Dynamo <director@example.org>\nwrote:\n\n> d4\n";
        assert_eq!(own_words(wrapped), "e4");
        let german = "Am Mo., 23. Nov. 2026 um 10:00 Uhr schrieb Dynamo <d@example.org>:\n> e4\nd4";
        assert_eq!(own_words(german), "d4");
    }

    /// The notice pasted below its attribution without `>`: its move
    /// list and instructions are not the writer's.
    #[test]
    fn an_old_message_pasted_without_quote_marks_ends_the_own_words() {
        let text = "e7e5\n\nOn Mon, 23 Nov 2026 at 10:00, Dynamo <d@example.org> wrote:\n\n\
                    Dear Bob,\n1. e2e4\nresign  to resign the game\n";
        assert_eq!(own_words(text), "e7e5");
        let french =
            "e7e5\nLe lun. 23 nov. 2026 à 10:00, Dynamo <d@example.org> a écrit :\n1. e2e4\n";
        assert_eq!(own_words(french), "e7e5");
    }

    #[test]
    fn bottom_posting_keeps_the_lines_after_the_quote() {
        let text = "On 23/11/2026 10:00, Dynamo wrote:\n> Dear Ada,\n> offer draw\n\nQd1d3/d2d6\n\n-- \nAda Lovelace\nresign\n";
        assert_eq!(own_words(text), "Qd1d3/d2d6");
    }

    #[test]
    fn an_old_message_below_ends_the_own_words() {
        let outlook = "accept draw\n\n________________________________\nFrom: Dynamo <d@example.org>\n\
                       Sent: Monday, November 23, 2026 10:00 AM\nTo: Ada\nSubject: your move\n\nresign\n";
        assert_eq!(own_words(outlook), "accept draw");
        let original = "e4\n-----Original Message-----\nFrom: Dynamo\nresign";
        assert_eq!(own_words(original), "e4");
        let forwarded = "e4\n---------- Forwarded message ---------\nFrom: Dynamo\nd4";
        assert_eq!(own_words(forwarded), "e4");
        let apple = "e4\n\nBegin forwarded message:\n\nFrom: Dynamo\nd4";
        assert_eq!(own_words(apple), "e4");
        let french = "e4\nDe : Dynamo\nEnvoyé : lundi\nd4";
        assert_eq!(own_words(french), "e4");
    }

    #[test]
    fn words_that_only_look_like_markers_are_kept() {
        let text = "On second thought,\nNf3\nFrom: me, with thanks\n-- e4 --\n";
        assert_eq!(
            own_words(text),
            "On second thought,\nNf3\nFrom: me, with thanks\n-- e4 --"
        );
    }

    #[test]
    fn the_signature_ends_the_own_words() {
        assert_eq!(own_words("e4\n--\nAda, resign"), "e4");
        assert_eq!(own_words("e4\n-- \nAda"), "e4");
    }

    #[test]
    fn the_own_words_are_bounded() {
        let long = "x\n".repeat(super::MAX_LINES + 10);
        assert_eq!(own_words(&long).lines().count(), super::MAX_LINES);
        let wide = "y".repeat(super::MAX_OWN_BYTES + 1);
        assert_eq!(own_words(&format!("e4\n{wide}\nd4")), "e4");
    }
}
