//! Helpmates: the side to move (Black, in the usual stipulation) moves
//! first, both sides cooperate, and the other side's N-th move mates
//! (§6's mate). Every solution is listed, each a line of 2N half-moves.
//!
//! As in [`crate::solve()`], the first moves are shared between threads
//! with a table and a counter each, so the lines and the node count do not
//! depend on the threads.

use std::collections::HashMap;

use dynamo_core::{Move, Position, notation};

use crate::key::State;
use crate::roots;

/// Lines listed at most: a problem with more solutions than this is
/// cooked beyond reading, and the list must stay bounded.
pub const LINE_LIMIT: usize = 1000;

/// Entries the existence table keeps before it starts afresh.
const TABLE_LIMIT: usize = 4_000_000;

/// What a helpmate search found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HelpSolution {
    /// N: moves of the mating side.
    pub mate_in: u8,
    /// Every solution, each its half-moves in canonical notation, sorted.
    pub lines: Vec<Vec<String>>,
    /// The first moves of the solutions, sorted, without repeats.
    pub keys: Vec<String>,
    /// Whether [`LINE_LIMIT`] cut the list short.
    pub truncated: bool,
    /// Positions searched.
    pub nodes: u64,
}

/// Solves a helpmate in `n` from `pos`, the side to move beginning.
pub fn solve_help(pos: &Position, n: u8, threads: usize) -> HelpSolution {
    let roots: Vec<(Move, Position)> = pos.legal_children().collect();
    let results = roots::each(&roots, threads, |m, after| {
        let mut helper = Helper::default();
        let mut lines = Vec::new();
        if n > 0 && helper.exists_after_first(after, n) {
            let mut prefix = vec![notation::format(m)];
            helper.collect_after_first(after, n, &mut prefix, &mut lines);
        }
        (lines, helper.nodes)
    });
    let mut lines = Vec::new();
    let mut nodes = 1;
    for (found, count) in results {
        nodes += count;
        lines.extend(found);
    }
    lines.sort();
    let truncated = lines.len() > LINE_LIMIT;
    lines.truncate(LINE_LIMIT);
    let mut keys: Vec<String> = lines.iter().map(|l| l[0].clone()).collect();
    keys.dedup();
    HelpSolution {
        mate_in: n,
        lines,
        keys,
        truncated,
        nodes,
    }
}

#[derive(Default)]
struct Helper {
    table: HashMap<(State, u8), bool>,
    nodes: u64,
}

impl Helper {
    /// Whether, the first side having moved to `pos`, the other side can
    /// be helped to mate within `n` of its moves (the first included).
    fn exists_after_first(&mut self, pos: &Position, n: u8) -> bool {
        let state = State::of(pos);
        if let Some(&known) = self.table.get(&(state.clone(), n)) {
            return known;
        }
        self.nodes += 1;
        let found = pos.legal_children().any(|(_, after)| {
            if n == 1 {
                after.is_check() && !after.has_legal_move()
            } else {
                after
                    .legal_children()
                    .any(|(_, next)| self.exists_after_first(&next, n - 1))
            }
        });
        if self.table.len() >= TABLE_LIMIT {
            self.table.clear();
        }
        self.table.insert((state, n), found);
        found
    }

    fn collect_after_first(
        &mut self,
        pos: &Position,
        n: u8,
        prefix: &mut Vec<String>,
        lines: &mut Vec<Vec<String>>,
    ) {
        for (w, after) in pos.legal_children() {
            if lines.len() > LINE_LIMIT {
                return;
            }
            prefix.push(notation::format(&w));
            if n == 1 {
                if after.is_check() && !after.has_legal_move() {
                    lines.push(prefix.clone());
                }
            } else {
                for (b, next) in after.legal_children() {
                    if self.exists_after_first(&next, n - 1) {
                        prefix.push(notation::format(&b));
                        self.collect_after_first(&next, n - 1, prefix, lines);
                        prefix.pop();
                    }
                }
            }
            prefix.pop();
        }
    }
}

/// A line in the layout problemists read: `1.b1 w1 2.b2 w2#`.
pub fn line_text(line: &[String]) -> String {
    let mut out = String::new();
    for (i, m) in line.iter().enumerate() {
        if i % 2 == 0 {
            if i > 0 {
                out.push(' ');
            }
            out.push_str(&format!("{}.", i / 2 + 1));
        } else {
            out.push(' ');
        }
        out.push_str(m);
    }
    out.push('#');
    out
}
