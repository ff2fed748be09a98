//! One conditional line, checked: each move read and played with the
//! rules of a played move (`parse_game_move`, then `Position::play`), so
//! that a move number, the no-undo rule (§7) and castling by piece (§8)
//! are judged as they would be in the game; and the lines of one player
//! together, which may branch on the opponent's moves but never on the
//! player's own.

use dynamo_core::{Color, MoveError, MoveNumber, Position, clipped, notation, parse_game_move};

/// The most lines a player may have standing in one game.
pub const MAX_LINES: usize = 32;

/// The most moves (plies) in one line, both players' counted.
pub const MAX_PLIES: usize = 40;

/// A line as it is kept: canonical moves, the opponent's first, then
/// the player's reply, and so on.
pub type Moves = Vec<String>;

/// Why lines were refused; nothing was kept.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LineError {
    /// Fewer than two moves.
    #[error("{}: a line is your opponent's next move and your reply to it, then more of both", clipped(.line))]
    TooShort { line: String },
    /// More than [`MAX_PLIES`] moves.
    #[error("{}: a line holds at most {MAX_PLIES} moves", clipped(.line))]
    TooLong { line: String },
    /// The last move is the opponent's: nothing would be played.
    #[error("{}: it ends with your opponent's move; end it with your reply", clipped(.line))]
    EndsWithOpponent { line: String },
    /// A move of the line is not legal where it stands, in the words of
    /// `dynamo check`.
    #[error("{}: rejected: {error}", clipped(.line))]
    Illegal { line: String, error: MoveError },
    /// Two lines answer the same move of the opponent differently.
    #[error(
        "{} and {} answer {at} differently; give one reply to each move",
        clipped(.first),
        clipped(.second)
    )]
    Conflict {
        first: String,
        second: String,
        at: String,
    },
    /// More than [`MAX_LINES`] lines would stand.
    #[error("at most {MAX_LINES} lines may stand in one game")]
    TooMany,
    /// The player is to move: a line starts with the opponent's move
    /// after theirs.
    #[error(
        "it is your move: a line starts with your opponent's next move, so send it with your move or after it"
    )]
    YourMove,
    /// The game is over.
    #[error("the game is over")]
    GameOver,
}

/// Checks the line `written` (each move as written, a move number before
/// it allowed) of the player of `side` from `start`, where their opponent
/// is to move: its moves in canonical notation.
pub fn check(start: &Position, side: Color, written: &[String]) -> Result<Moves, LineError> {
    let line = written.join(" ");
    if start.turn() == side {
        return Err(LineError::YourMove);
    }
    if written.len() < 2 {
        return Err(LineError::TooShort { line });
    }
    if written.len() > MAX_PLIES {
        return Err(LineError::TooLong { line });
    }
    let mut position = start.clone();
    let mut moves = Vec::with_capacity(written.len());
    for text in written {
        let mv = parse_game_move(&position, text).map_err(|error| LineError::Illegal {
            line: line.clone(),
            error,
        })?;
        position = position.play(&mv).map_err(|reason| LineError::Illegal {
            line: line.clone(),
            error: MoveError::Illegal {
                text: text.trim().to_string(),
                reason,
                closest: Box::default(),
            },
        })?;
        moves.push(notation::format(&mv));
    }
    if position.turn() == side {
        return Err(LineError::EndsWithOpponent { line });
    }
    Ok(moves)
}

/// The lines `stood` with `added` among them, from `start`: a line that
/// another one begins with adds nothing; two that part on the player's
/// move are refused.
pub fn merge(
    start: &Position,
    stood: &[Moves],
    added: Vec<Moves>,
) -> Result<Vec<Moves>, LineError> {
    let mut all: Vec<Moves> = stood.to_vec();
    for line in added {
        for other in &all {
            let shared = line.iter().zip(other).take_while(|(a, b)| a == b).count();
            // Odd places are the player's replies (the opponent's move
            // comes first): parting there is two answers to one move.
            if shared < line.len() && shared < other.len() && shared % 2 == 1 {
                return Err(LineError::Conflict {
                    first: numbered(start, other),
                    second: numbered(start, &line),
                    at: numbered_from(start, &line[..shared], shared - 1),
                });
            }
        }
        all.push(line);
    }
    // A line another one begins with adds nothing.
    let mut kept: Vec<Moves> = Vec::with_capacity(all.len());
    for line in &all {
        let within = all
            .iter()
            .any(|other| other.len() > line.len() && other.starts_with(line));
        if !within && !kept.contains(line) {
            kept.push(line.clone());
        }
    }
    if kept.len() > MAX_LINES {
        return Err(LineError::TooMany);
    }
    Ok(kept)
}

/// The line with its move numbers, from `start`: `12... Ng8f6 13. e4e5`.
pub fn numbered(start: &Position, line: &[String]) -> String {
    numbered_at((start.fullmoves(), start.turn()), line)
}

/// The line with its move numbers, its first move being `first`'s
/// number and mover.
pub fn numbered_at(first: (u32, Color), line: &[String]) -> String {
    numbered_from_at(first, line, 0)
}

/// The move at `index` of `line` with its number and what follows it.
fn numbered_from(start: &Position, line: &[String], index: usize) -> String {
    numbered_from_at((start.fullmoves(), start.turn()), line, index)
}

fn numbered_from_at(first: (u32, Color), line: &[String], index: usize) -> String {
    let (mut number, mut mover) = first;
    let mut out: Vec<String> = Vec::new();
    for (i, mv) in line.iter().enumerate() {
        if i >= index {
            if mover == Color::White || i == index {
                out.push(
                    MoveNumber {
                        number,
                        side: mover,
                    }
                    .to_string(),
                );
            }
            out.push(mv.clone());
        }
        if mover == Color::Black {
            number += 1;
        }
        mover = !mover;
    }
    out.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn start(moves: &[&str]) -> Position {
        let mut p = Position::startpos(dynamo_core::Rules::default());
        for m in moves {
            let mv = dynamo_core::parse_move(&p, m).expect("legal");
            p = p.play(&mv).expect("plays");
        }
        p
    }

    fn texts(line: &[&str]) -> Vec<String> {
        line.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn a_line_is_checked_and_kept_in_canonical_notation() {
        let p = start(&["e2e4"]);
        let line = check(&p, Color::White, &texts(&["1... e5", "2. Nf3", "Nc6"]));
        assert!(
            matches!(line, Err(LineError::EndsWithOpponent { .. })),
            "{line:?}"
        );
        let line = check(&p, Color::White, &texts(&["1... e5", "2. Nf3"])).expect("legal");
        assert_eq!(line, ["e7e5", "Ng1f3"]);
        assert_eq!(numbered(&p, &line), "1... e7e5 2. Ng1f3");
        assert_eq!(
            check(&p, Color::Black, &texts(&["e5", "Nf3"])),
            Err(LineError::YourMove)
        );
    }

    #[test]
    fn a_wrong_number_or_an_illegal_step_refuses_the_whole_line() {
        let p = start(&["e2e4"]);
        let err = check(&p, Color::White, &texts(&["2... e5", "3. Nf3"])).expect_err("number");
        assert!(
            err.to_string().starts_with("2... e5 3. Nf3: rejected: "),
            "{err}"
        );
        let err = check(&p, Color::White, &texts(&["e5", "Ke3"])).expect_err("illegal");
        assert!(matches!(err, LineError::Illegal { .. }), "{err:?}");
    }

    #[test]
    fn lines_branch_on_the_opponents_moves_never_on_the_players() {
        let p = start(&["e2e4"]);
        let a = texts(&["e7e5", "Ng1f3", "Nb8c6", "Bf1b5"]);
        let b = texts(&["e7e5", "Ng1f3", "Ng8f6", "Nb1c3"]);
        let both = merge(&p, std::slice::from_ref(&a), vec![b.clone()]).expect("branch");
        assert_eq!(both, [a.clone(), b]);
        let c = texts(&["e7e5", "Bf1c4"]);
        let err = merge(&p, std::slice::from_ref(&a), vec![c]).expect_err("conflict");
        assert_eq!(
            err.to_string(),
            "1... e7e5 2. Ng1f3 Nb8c6 3. Bf1b5 and 1... e7e5 2. Bf1c4 answer 1... e7e5 \
             differently; give one reply to each move"
        );
        // A line another begins with adds nothing; a longer one replaces it.
        let short = texts(&["e7e5", "Ng1f3"]);
        assert_eq!(
            merge(&p, std::slice::from_ref(&a), vec![short.clone()]).expect("ok"),
            std::slice::from_ref(&a)
        );
        assert_eq!(merge(&p, &[short], vec![a.clone()]).expect("ok"), [a]);
    }
}
