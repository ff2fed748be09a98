//! Move ordering: good moves first make alpha-beta cut sooner. It decides
//! only the order, never which moves are searched.
//!
//! First the table's best move, then moves that take enemy material off
//! the board (the most valuable first), then the two killers of the ply
//! (quiet moves that cut off a sibling), then the rest by their history
//! (how often each from-to pair cut off before).

use dynamo_core::{Color, Move, Position, Square};

use crate::eval::value;

/// What a move takes off the board, in centipawns: the enemy's material
/// gained, minus our own that goes with it.
pub fn removal_gain(pos: &Position, m: &Move) -> i32 {
    let us = pos.turn();
    let mut gain = 0;
    if let Some(s) = m.shove()
        && s.target_to.is_none()
        && let Some(t) = pos.board().piece_at(s.target_from)
    {
        gain += if t.color == us {
            -value(t.role)
        } else {
            value(t.role)
        };
    }
    if m.to().is_none() && !matches!(m, Move::Castle { .. }) {
        gain -= value(m.role());
    }
    gain
}

/// Whether a move takes an enemy piece off the board: quiescence searches
/// these.
pub fn removes_enemy(pos: &Position, m: &Move) -> bool {
    m.shove().is_some_and(|s| {
        s.target_to.is_none()
            && pos
                .board()
                .piece_at(s.target_from)
                .is_some_and(|t| t.color != pos.turn())
    })
}

/// The order key of the lesser killer: keys at or above it are the
/// table's move, removals and killers, the moves a search tries first and
/// does not reduce.
pub const KILLER_KEY: i32 = (1 << 27) - 1;

/// Killers and history for one search thread.
pub struct Heuristics {
    killers: Vec<[Option<Move>; 2]>,
    history: Box<[[[i32; 65]; 64]; 2]>,
}

impl Default for Heuristics {
    fn default() -> Heuristics {
        Heuristics {
            killers: vec![[None; 2]; 128],
            history: Box::new([[[0; 65]; 64]; 2]),
        }
    }
}

fn to_index(to: Option<Square>) -> usize {
    to.map_or(64, |s| usize::from(s.file()) + 8 * usize::from(s.rank()))
}

fn from_index(from: Square) -> usize {
    usize::from(from.file()) + 8 * usize::from(from.rank())
}

impl Heuristics {
    /// Remembers a quiet move that cut off at `ply`, searched to `depth`.
    pub fn cut(&mut self, color: Color, ply: usize, m: Move, depth: u32) {
        if let Some(k) = self.killers.get_mut(ply)
            && k[0] != Some(m)
        {
            k[1] = k[0];
            k[0] = Some(m);
        }
        let h = &mut self.history[color.index()][from_index(m.from())][to_index(m.to())];
        *h = (*h + (depth * depth) as i32).min(1 << 20);
    }

    /// The order key of `m` (higher first).
    pub fn score(&self, pos: &Position, m: &Move, ply: usize, hash: Option<Move>) -> i32 {
        if hash == Some(*m) {
            return 1 << 30;
        }
        let gain = removal_gain(pos, m);
        if gain > 0 {
            return (1 << 28) + gain;
        }
        if let Some(k) = self.killers.get(ply) {
            if k[0] == Some(*m) {
                return 1 << 27;
            }
            if k[1] == Some(*m) {
                return KILLER_KEY;
            }
        }
        self.history[pos.turn().index()][from_index(m.from())][to_index(m.to())] + gain
    }
}
