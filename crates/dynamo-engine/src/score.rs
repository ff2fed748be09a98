//! Scores in centipawns from the side to move's view, and mate scores.

/// The score of being mated now; mate in k plies scores `MATE - k`.
pub const MATE: i32 = 30_000;
/// Scores beyond this (in either sign) are mates.
pub const MATE_BOUND: i32 = MATE - 1_000;
/// Above every score, for an open window.
pub const INFINITY: i32 = MATE + 1;

/// A search result as a reader wants it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Score {
    /// Centipawns, from the side to move's view.
    Centipawns(i32),
    /// Mate in this many moves of the side to move; negative when it is
    /// the side to move that is mated, after that many moves of its own.
    Mate(i32),
}

impl Score {
    /// Reads a raw search score.
    pub fn from_raw(raw: i32) -> Score {
        if raw >= MATE_BOUND {
            Score::Mate((MATE - raw + 1) / 2)
        } else if raw <= -MATE_BOUND {
            Score::Mate(-((MATE + raw) / 2))
        } else {
            Score::Centipawns(raw)
        }
    }

    /// `mate 2`, `mate -1`, or pawns with two decimals, `+0.35`.
    pub fn text(self) -> String {
        match self {
            Score::Mate(n) => format!("mate {n}"),
            Score::Centipawns(cp) => format!("{:+.2}", f64::from(cp) / 100.0),
        }
    }
}

/// A mate score relative to the root, made relative to a node `ply` deep,
/// for storing in the table.
pub fn to_table(score: i32, ply: i32) -> i32 {
    if score >= MATE_BOUND {
        score + ply
    } else if score <= -MATE_BOUND {
        score - ply
    } else {
        score
    }
}

/// The inverse of [`to_table`].
pub fn from_table(score: i32, ply: i32) -> i32 {
    if score >= MATE_BOUND {
        score - ply
    } else if score <= -MATE_BOUND {
        score + ply
    } else {
        score
    }
}
