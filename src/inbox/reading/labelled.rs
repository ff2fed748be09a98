//! Labelled lines, the words of a reply to a digest (docs/players.md, "The daily
//! digest"): each line that starts with one of the digest's game labels
//! and a colon (`r03-b01: Nf3`, in any case, after any spaces) gives the
//! rest of that line to that game. A label written on two lines gives
//! that game both, which the reader then judges together (two different
//! moves are unclear, as in any reply). Lines without a label (a
//! greeting, a signature) belong to no game. Each part is read by
//! [`super::verdict::read_reply`] against its own game, as a reply in
//! that game's own thread would be.
//!
//! A line that asks something (a move, a phrase) but gives no game of the
//! digest its words is a [`Stray`], said back in the answer, so that the
//! answer accounts for every line the player wrote for a game: a label
//! that is none of the digest's games (`r09-b01: Qd1d3`, another
//! player's game), a label without its colon (`r03-b01 Nf3`), or no label
//! at all (`Nf3` alone). A greeting or a signature asks nothing.

use super::moves::{Sureness, move_words};
use super::phrases::phrase_words;
use crate::mail::digest::label::label_shaped;

/// The words a reply gives one game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LabelledPart {
    /// The label, as the digest wrote it.
    pub label: String,
    /// The rest of each of its lines, one a line.
    pub text: String,
    /// The line of the reply's own words it first starts on, from 0.
    pub line: usize,
}

/// The most lines looked at: a digest's reply is a few lines a game.
const MAX_LINES: usize = 2_000;

/// The labelled parts of `text` for the labels `labels`, in the order
/// they first appear.
pub fn labelled_parts(text: &str, labels: &[&str]) -> Vec<LabelledPart> {
    let mut parts: Vec<LabelledPart> = Vec::new();
    for (line, written) in text.lines().enumerate().take(MAX_LINES) {
        let written = written.trim_start();
        let Some((head, rest)) = written.split_once(':') else {
            continue;
        };
        let head = head.trim();
        let Some(label) = labels.iter().find(|l| l.eq_ignore_ascii_case(head)) else {
            continue;
        };
        let rest = rest.trim();
        match parts.iter_mut().find(|p| p.label == *label) {
            Some(part) => {
                part.text.push('\n');
                part.text.push_str(rest);
            }
            None => parts.push(LabelledPart {
                label: label.to_string(),
                text: rest.to_string(),
                line,
            }),
        }
    }
    parts
}

/// A line that asks something of a game but gives no game of the
/// digest its words (see [`super::labelled`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Stray {
    /// `r09-b01: Qd1d3`: the label, as written, of no game of this
    /// digest: not one of the player's games.
    NotYours { label: String },
    /// `r03-b01 Nf3`: a game's label without the colon after it.
    NoColon { label: String, text: String },
    /// `Nf3` with no label before it.
    Unlabelled { text: String },
}

/// The lines of `text` that ask something of a game but give none of
/// `labels` their words, in order.
pub fn stray_lines(text: &str, labels: &[&str]) -> Vec<Stray> {
    let mut strays = Vec::new();
    for written in text.lines().take(MAX_LINES) {
        let written = written.trim();
        if !asks(written) {
            continue;
        }
        if let Some((head, rest)) = written.split_once(':') {
            let head = head.trim();
            if labels.iter().any(|l| l.eq_ignore_ascii_case(head)) {
                continue;
            }
            if label_shaped(head) && asks(rest) {
                strays.push(Stray::NotYours {
                    label: head.to_string(),
                });
                continue;
            }
        }
        let first = written.split_whitespace().next().unwrap_or_default();
        let stray = match labels.iter().find(|l| l.eq_ignore_ascii_case(first)) {
            Some(label) => Stray::NoColon {
                label: label.to_string(),
                text: written.to_string(),
            },
            None => Stray::Unlabelled {
                text: written.to_string(),
            },
        };
        strays.push(stray);
    }
    strays
}

/// Whether `text` holds what the reader would act on: a move, or a
/// phrase.
fn asks(text: &str) -> bool {
    move_words(text)
        .iter()
        .any(|w| w.sureness != Sureness::Mistyped)
        || !phrase_words(text).is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_labelled_line_goes_to_its_game_and_the_rest_to_none() {
        let text = "Hello,\n\n  R01-B01: Nf3\nr02-b01 : 12... e5 and I offer a draw\n\
                    r09-b01: Qd1d3\nr01-b01: I mean it\nr03-b01 Nf3\nBest, Bob";
        let parts = labelled_parts(text, &["r01-b01", "r02-b01", "r03-b01"]);
        assert_eq!(
            parts,
            [
                LabelledPart {
                    label: "r01-b01".to_string(),
                    text: "Nf3\nI mean it".to_string(),
                    line: 2
                },
                LabelledPart {
                    label: "r02-b01".to_string(),
                    text: "12... e5 and I offer a draw".to_string(),
                    line: 3
                },
            ]
        );
    }

    #[test]
    fn a_line_for_no_game_of_the_digest_is_a_stray_and_talk_is_not() {
        let text = "Hello,\nr01-b01: Nf3\nr09-b01: Qd1d3\nr03-b01 Nf3\nNote: away till Monday\n\
                    Nf3\nBest, Bob";
        assert_eq!(
            stray_lines(text, &["r01-b01", "r03-b01"]),
            [
                Stray::NotYours {
                    label: "r09-b01".to_string()
                },
                Stray::NoColon {
                    label: "r03-b01".to_string(),
                    text: "r03-b01 Nf3".to_string()
                },
                Stray::Unlabelled {
                    text: "Nf3".to_string()
                },
            ]
        );
    }
}
