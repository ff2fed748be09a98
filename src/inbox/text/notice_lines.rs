//! The lines of a notice pasted into a reply without `>` and without an
//! "On … wrote:" line above it, left out before the reader looks for
//! moves: the notice's own moves (its headline, last move, move list,
//! FEN lines and the examples of its "How to reply") are never the
//! player's command (docs/players.md, "What a reply may say").
//!
//! The lines are found by what they are, as the notices write them
//! (`mail::notice`'s text copy):
//! - "Dear NAME," with the name of the player the notice went to opens
//!   the notice: from there on nothing is the player's (the notice runs
//!   down to its signature, where the reading ends anyway);
//! - the lines with moves and instructions, wherever they stand: the
//!   headline and the line of both players (they begin with a player
//!   named with their colour, `Ada (White)`), `Last move:`, `FEN:`, the
//!   board before the last move, the "How to reply" heading, its
//!   underline and its lines, and `Moves:` with the lines of the move
//!   list below it, down to the first blank line.
//!
//! A line is compared with its runs of blanks collapsed, as the notice
//! writes names, so a client's re-wrapping of spaces does not hide it.
//! The shapes are the notice's own words, which a player writing a move
//! does not use; a line lost by mistake costs an answer asking for the
//! move, never a false command.

/// How the notice's lines with moves or instructions begin, beside
/// those that begin with a player's name.
const NOTICE_STARTS: [&str; 8] = [
    "Last move: ",
    "FEN: ",
    "Board before the last move (no-undo rule): ",
    "Reply with one move, alone or in a sentence",
    "Or write \"",
    "Meanwhile you may write \"",
    "Replies go to ",
    "How to reply",
];

/// The heading above the move list.
const MOVES_HEADING: &str = "Moves:";

/// `text` without the lines of a notice to `names[side]`: `names` are
/// the players' names as the notices write them, White's first, and
/// `side` the index of the player the notice went to.
pub fn without_notice(text: &str, names: [&str; 2], side: usize) -> String {
    let names = names.map(collapsed);
    let dear = format!("Dear {},", names[side]);
    let named = [
        format!("{} (White)", names[0]),
        format!("{} (Black)", names[1]),
    ];
    let waiting = format!("When {} has moved, reply to that notice", names[1 - side]);
    let mut out = String::new();
    let mut in_move_list = false;
    for raw in text.split('\n') {
        let line = collapsed(raw);
        if line == dear {
            break;
        }
        if in_move_list {
            in_move_list = !line.is_empty();
            continue;
        }
        if line == MOVES_HEADING {
            in_move_list = true;
            continue;
        }
        let notices = named.iter().any(|n| line.starts_with(n.as_str()))
            || line.starts_with(&waiting)
            || is_underline(&line)
            || NOTICE_STARTS.iter().any(|s| line.starts_with(s));
        if !notices {
            out.push_str(raw);
            out.push('\n');
        }
    }
    out.trim_end().to_string()
}

/// The underline of the "How to reply" heading.
fn is_underline(line: &str) -> bool {
    line.len() == "How to reply".len() && line.bytes().all(|b| b == b'-')
}

/// `text` on one line, runs of blanks and control characters as one
/// space, as the notices write a name.
fn collapsed(text: &str) -> String {
    text.split(|c: char| c.is_control() || c.is_whitespace())
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::without_notice;

    const PASTED: &str = "e7e5\n\nDear Bob,\n\nAlice (White) played 1. e2e4.\n\
                          Moves:\n1. e2e4\n\nFEN: x\n";

    #[test]
    fn the_notice_to_the_player_ends_their_words() {
        assert_eq!(without_notice(PASTED, ["Alice", "Bob"], 1), "e7e5");
    }

    #[test]
    fn the_lines_with_moves_are_left_out_wherever_they_stand() {
        let text = "How to reply\n------------\nReply with one move, alone or in a sentence, \
                    for example \"d7d5\".\nOr write \"resign\".\nnow: e7e5\nMoves:\n1. e2e4\n\n\
                    FEN: rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n\
                    Board before the last move (no-undo rule): x\nAlice  (White) played 1. e2e4\n\
                    Last move: 1. e2e4 by Alice\nthanks";
        assert_eq!(
            without_notice(text, ["Alice", "Bob"], 1),
            "now: e7e5\nthanks"
        );
    }

    #[test]
    fn the_players_own_lines_stay() {
        let text = "When Alice has time, e7e5\nDear Alice, e7e5\nMoves: e7e5";
        assert_eq!(without_notice(text, ["Alice", "Bob"], 1), text);
    }
}
