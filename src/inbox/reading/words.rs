//! The words of a line as the move finder sees them: split at blanks,
//! with the brackets, quotes, emphasis marks and sentence punctuation
//! around them taken off (and noted), dashes read as `-`.

/// The most words looked at in one reply; a reply's own words are a few
/// dozen, and the finder's work stays bounded whatever the mail holds.
pub const MAX_WORDS: usize = 20_000;

/// What may stand before a move: brackets, quotes, emphasis.
const OPENERS: [char; 12] = ['(', '[', '{', '"', '\'', '“', '‘', '*', '_', '<', '«', '„'];

/// What may stand after a move: brackets, quotes, emphasis, and the
/// sentence's own punctuation (noted apart, see [`Word::pause`]).
const CLOSERS: [char; 11] = [')', ']', '}', '"', '\'', '”', '’', '*', '_', '>', '»'];

/// Sentence punctuation after a word.
const PAUSES: [char; 6] = [',', ';', ':', '.', '!', '?'];

/// One word of a line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Word {
    /// The word without what stood around it; dashes as `-`.
    pub text: String,
    /// The punctuation after it, if any: `,`, `;`, `:`, `.`, `!` or `?`
    /// (the last one, for `e4!?` or `Nf3.`), or a dash standing alone
    /// after it, `-`.
    pub pause: Option<char>,
}

/// The words of `line`, in order. A dash standing alone after a word
/// (`c4 - the Queen's Gambit`) is that word's pause, `-`, as a comma
/// would be.
pub fn words(line: &str) -> Vec<Word> {
    let mut out: Vec<Word> = Vec::new();
    for word in line.split_whitespace().filter_map(word) {
        match out.last_mut() {
            Some(last) if word.text == "-" && word.pause.is_none() && last.pause.is_none() => {
                last.pause = Some('-');
            }
            _ => out.push(word),
        }
    }
    out
}

fn word(raw: &str) -> Option<Word> {
    let dashed: String = raw
        .chars()
        .map(|c| match c {
            '‐' | '‑' | '‒' | '–' | '—' | '−' => '-',
            c => c,
        })
        .collect();
    let mut text = dashed.trim_start_matches(OPENERS);
    let mut pause = None;
    loop {
        let before = text.len();
        text = text.trim_end_matches(CLOSERS);
        // A move number's dots (`12.`, `12...`) are its own, not a pause.
        if !is_move_number(text)
            && let Some(c) = text.chars().next_back().filter(|c| PAUSES.contains(c))
        {
            pause = pause.or(Some(c));
            text = &text[..text.len() - c.len_utf8()];
        }
        if text.len() == before {
            break;
        }
    }
    (!text.is_empty()).then(|| Word {
        text: text.to_string(),
        pause,
    })
}

/// `12.`, `12...`, `12…`: a move number written apart from its move.
pub fn is_move_number(text: &str) -> bool {
    let digits = text.bytes().take_while(u8::is_ascii_digit).count();
    let rest = &text[digits..];
    (1..=4).contains(&digits) && matches!(rest, "." | ".." | "..." | "…")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(line: &str) -> Vec<(String, Option<char>)> {
        words(line).into_iter().map(|w| (w.text, w.pause)).collect()
    }

    #[test]
    fn brackets_quotes_and_punctuation_come_off() {
        assert_eq!(
            texts("(Nf3), \"e4\"! *O–O*."),
            [
                ("Nf3".to_string(), Some(',')),
                ("e4".to_string(), Some('!')),
                ("O-O".to_string(), Some('.'))
            ]
        );
        assert_eq!(texts("Move: e4!?")[0], ("Move".to_string(), Some(':')));
        assert_eq!(texts("e4!?")[0], ("e4".to_string(), Some('?')));
    }

    #[test]
    fn a_dash_alone_is_the_pause_of_the_word_before_it() {
        assert_eq!(
            texts("c4 - the Queen's Gambit"),
            [
                ("c4".to_string(), Some('-')),
                ("the".to_string(), None),
                ("Queen's".to_string(), None),
                ("Gambit".to_string(), None)
            ]
        );
        assert_eq!(texts("c4 – ok")[0], ("c4".to_string(), Some('-')));
        assert_eq!(texts("P-K4 -")[0], ("P-K4".to_string(), Some('-')));
        assert_eq!(texts("- e4")[0], ("-".to_string(), None));
    }

    #[test]
    fn a_move_number_keeps_its_dots() {
        assert_eq!(texts("12... Nf6")[0], ("12...".to_string(), None));
        assert_eq!(texts("12. Nf6")[0], ("12.".to_string(), None));
        assert_eq!(texts("12…")[0], ("12…".to_string(), None));
        assert!(!is_move_number("10.30"));
        assert!(!is_move_number("...."));
    }
}
