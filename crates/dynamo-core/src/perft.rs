//! Counting move sequences (docs/RULES.md §12).

use crate::notation::format;
use crate::position::Position;

/// The number of legal move sequences of length `depth` from `pos`. The
/// last ply is counted without playing the moves out further.
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves() as u64,
        _ => pos
            .legal_children()
            .map(|(_, child)| perft(&child, depth - 1))
            .sum(),
    }
}

/// Each root move in canonical notation with its perft count, sorted by
/// notation.
pub fn divide(pos: &Position, depth: u32) -> Vec<(String, u64)> {
    let mut out: Vec<(String, u64)> = pos
        .legal_children()
        .map(|(m, child)| (format(&m), perft(&child, depth.saturating_sub(1))))
        .collect();
    out.sort();
    out
}
