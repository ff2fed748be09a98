//! What the conditional commands share: a line as given on the command
//! line, and lines not kept in the commands' words.

use dynamo::game::read_choice;
use dynamo::recorder::conditional::LinesNotKept;

use crate::cli::support::failure;
use crate::cli::support::recording;
use crate::exit::{Exit, Failure};

/// Lines not kept, in the commands' words, with their exit code: a
/// refused line is a rejection (1), as a refused move is.
pub(super) fn not_kept(e: LinesNotKept) -> anyhow::Error {
    match e {
        LinesNotKept::Refused(why) => recording::refusal(why),
        LinesNotKept::Line(e) => Failure::new(Exit::Rejected, format!("refused: {e}")).into(),
        LinesNotKept::NoStore => Failure::new(Exit::Usage, e.to_string()).into(),
        LinesNotKept::Game(e) => failure::game(e),
        LinesNotKept::Subscriber(e) => recording::subscriber_failure(e),
    }
}

/// One line as given on the command line, its moves apart: `if 12...
/// Nf6 then 13. e5` and `12...Nf6, 13.e5` alike give `12... Nf6`,
/// `13. e5`. An owner's choice stays with the move it comes before,
/// after the number wherever it was written: `=Q 31. e8e4` and `31. =Q
/// e8e4` give `31. =Q e8e4` (docs/RULES.md §9.1, §13.15).
pub(super) fn moves_of(line: &str) -> Vec<String> {
    let mut moves = Vec::new();
    let mut number: Option<&str> = None;
    let mut choice: Option<&str> = None;
    for word in line.split_whitespace() {
        let word = word.trim_end_matches([',', ';']);
        if word.is_empty() || ["if", "then", "and"].contains(&word.to_lowercase().as_str()) {
            continue;
        }
        let digits = word.bytes().take_while(u8::is_ascii_digit).count();
        if digits > 0 && word[digits..].chars().all(|c| c == '.' || c == '…') && digits < word.len()
        {
            number = Some(word);
            continue;
        }
        if read_choice(word).is_some() {
            choice = Some(word);
            continue;
        }
        let before: Vec<&str> = [number.take(), choice.take()]
            .into_iter()
            .flatten()
            .collect();
        moves.push(if before.is_empty() {
            word.to_string()
        } else {
            format!("{} {word}", before.join(" "))
        });
    }
    moves
}

#[cfg(test)]
mod tests {
    use super::moves_of;

    #[test]
    fn a_line_is_read_move_by_move() {
        assert_eq!(
            moves_of("if 12... Nf6 then 13. e5"),
            ["12... Nf6", "13. e5"]
        );
        assert_eq!(
            moves_of("12...Nf6, 13.e5 Nd5 14. c4"),
            ["12...Nf6", "13.e5", "Nd5", "14. c4"]
        );
        for line in ["if 30... Re6e7 then =Q 31. e8e4", "30... Re6e7 31. =Q e8e4"] {
            assert_eq!(moves_of(line), ["30... Re6e7", "31. =Q e8e4"], "{line}");
        }
        assert_eq!(moves_of("Re6e7, =n Ne8f6"), ["Re6e7", "=n Ne8f6"]);
    }
}
