//! Counting move sequences (docs/RULES.md §12).

use crate::make::Scratch;
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

/// [`perft`] counted the way a search walks, to measure what a node of
/// the search costs: at every node, the leaves included, the legal moves
/// are listed and each is made on one scratch position and unmade. The
/// count is [`perft`]'s; the second number is the moves made, leaves and
/// inner nodes.
pub fn perft_made(pos: &Position, depth: u32) -> (u64, u64) {
    fn walk(s: &mut Scratch, depth: u32, made: &mut u64) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut count = 0;
        for m in &s.position().legal_moves() {
            s.make(m);
            *made += 1;
            count += walk(s, depth - 1, made);
            s.unmake();
        }
        count
    }
    let mut made = 0;
    let count = walk(&mut Scratch::new(pos.clone()), depth, &mut made);
    (count, made)
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
