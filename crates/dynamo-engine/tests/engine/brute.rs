//! Mate in N by brute force over the naive reading of the rules
//! (`naive.rs`, shared with dynamo-core's tests): at every node the moves
//! are the naive reader's, mate is its check with none of its moves, and
//! nothing is remembered or pruned. The solver's keys must be exactly
//! these.

use std::collections::BTreeSet;

use dynamo_core::{Position, parse_and_play};

use crate::naive::{in_check, oracle};

fn play(pos: &Position, text: &str) -> Position {
    let mut after = pos.clone();
    match parse_and_play(pos, text, &mut after) {
        Ok(_) => after,
        Err(e) => panic!(
            "the naive reading allows {text} in {}, the engine does not: {e}",
            pos.to_fen()
        ),
    }
}

/// Whether the side to move forces mate in at most `n` of its moves.
pub fn mates(pos: &Position, n: u8) -> bool {
    n > 0 && oracle(pos).iter().any(|m| defender_lost(&play(pos, m), n))
}

/// After an attacker's move: mated now, or every defence allows mate in
/// `n - 1`. No move and no check is stalemate, not mate (§6).
fn defender_lost(pos: &Position, n: u8) -> bool {
    let moves = oracle(pos);
    if moves.is_empty() {
        return in_check(pos);
    }
    n > 1 && moves.iter().all(|d| mates(&play(pos, d), n - 1))
}

/// Every first move that forces mate in at most `n`.
pub fn keys(pos: &Position, n: u8) -> BTreeSet<String> {
    oracle(pos)
        .into_iter()
        .filter(|m| defender_lost(&play(pos, m), n))
        .collect()
}

/// Every helpmate line in `n`: the side to move begins, the other mates.
pub fn help_keys(pos: &Position, n: u8) -> BTreeSet<String> {
    oracle(pos)
        .into_iter()
        .filter(|b| help_after_first(&play(pos, b), n))
        .collect()
}

fn help_after_first(pos: &Position, n: u8) -> bool {
    oracle(pos).iter().any(|w| {
        let after = play(pos, w);
        if n == 1 {
            in_check(&after) && oracle(&after).is_empty()
        } else {
            oracle(&after)
                .iter()
                .any(|b| help_after_first(&play(&after, b), n - 1))
        }
    })
}

/// Every first move that forces the other side to mate the side to move
/// within `n` of the other side's moves (a selfmate).
pub fn self_keys(pos: &Position, n: u8) -> BTreeSet<String> {
    oracle(pos)
        .into_iter()
        .filter(|m| self_forced(&play(pos, m), n))
        .collect()
}

/// The side to move must mate within `n` of its moves: each of its moves
/// mates, or lets the other side force it again within `n - 1`. With no
/// move at all, it cannot mate: it has escaped.
pub fn self_forced(pos: &Position, n: u8) -> bool {
    let moves = oracle(pos);
    !moves.is_empty()
        && moves.iter().all(|d| {
            let next = play(pos, d);
            (in_check(&next) && oracle(&next).is_empty())
                || (n > 1
                    && oracle(&next)
                        .iter()
                        .any(|w| self_forced(&play(&next, w), n - 1)))
        })
}
