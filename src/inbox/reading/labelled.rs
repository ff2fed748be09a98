//! Labelled lines, the words of a reply to a digest (docs/players.md, "The daily
//! digest"): each line that starts with one of the digest's game labels
//! and a colon (`r03-b01: Nf3`, in any case, after any spaces) gives the
//! rest of that line to that game. A label written on two lines gives
//! that game both, which the reader then judges together (two different
//! moves are unclear, as in any reply). Lines without a label (a
//! greeting, a signature) belong to no game. Each part is read by
//! [`super::verdict::read_reply`] against its own game, as a reply in
//! that game's own thread would be.

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
}
