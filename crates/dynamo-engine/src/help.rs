//! Helpmates: the side to move (Black, in the usual stipulation) moves
//! first, both sides cooperate, and the other side's N-th move mates
//! (§6's mate). Every solution is listed, each a line of 2N half-moves.
//!
//! As in [`crate::solve()`], the first moves are shared between threads
//! with a table and a counter each, so the lines and the node count do not
//! depend on the threads; and a time or node limit leaves the first moves
//! searched to the end with their lines whole, the others unsearched.

use std::collections::TryReserveError;
use std::sync::Mutex;

use dynamo_core::{Move, Position, notation};

use crate::key::State;
use crate::limits::{Limits, Meter};
use crate::memo::Memo;
use crate::roots::{self, Reach, Watch};

/// Lines listed at most: a problem with more solutions than this is
/// cooked beyond reading, and the list must stay bounded.
pub const LINE_LIMIT: usize = 1000;

/// What a helpmate search found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HelpSolution {
    /// N: moves of the mating side.
    pub mate_in: u8,
    /// Every solution, each its half-moves in canonical notation, sorted:
    /// those of the first moves searched when a limit cut the search short
    /// ([`Reach::cut`]).
    pub lines: Vec<Vec<String>>,
    /// The first moves of the solutions, sorted, without repeats.
    pub keys: Vec<String>,
    /// Whether [`LINE_LIMIT`] cut the list short.
    pub truncated: bool,
    /// Positions searched.
    pub nodes: u64,
    /// How far the search went.
    pub reach: Reach,
}

/// Solves a helpmate in `n` from `pos`, the side to move beginning, with
/// no limit and a table of [`crate::memo::DEFAULT_MB`] for each thread.
pub fn solve_help(pos: &Position, n: u8, threads: usize) -> HelpSolution {
    let roots: Vec<(Move, Position)> = pos.legal_children().collect();
    let watch = Watch::new(&Limits::default());
    let helpers = (0..roots::threads(threads, &roots))
        .map(|_| Helper::on(&watch, Memo::default()))
        .collect();
    gather(&roots, n, helpers, &watch)
}

/// [`solve_help`] within the limits of `watch`, with a table of
/// `table_mb` MB for each thread, allocated before the search begins.
pub fn solve_help_within(
    pos: &Position,
    n: u8,
    threads: usize,
    table_mb: usize,
    watch: &Watch,
) -> Result<HelpSolution, TryReserveError> {
    let roots: Vec<(Move, Position)> = pos.legal_children().collect();
    let helpers = (0..roots::threads(threads, &roots))
        .map(|_| Memo::new(table_mb).map(|memo| Helper::on(watch, memo)))
        .collect::<Result<Vec<Helper>, TryReserveError>>()?;
    Ok(gather(&roots, n, helpers, watch))
}

/// The lines kept while the search runs: the first of them in sorted
/// order, one more than are listed (to know the list was cut), whatever
/// order the first moves end in; and how many were found in all.
#[derive(Default)]
struct Kept {
    lines: Vec<Vec<String>>,
    found: usize,
}

fn gather(roots: &[(Move, Position)], n: u8, helpers: Vec<Helper>, watch: &Watch) -> HelpSolution {
    let kept = Mutex::new(Kept::default());
    let (_, reach) = roots::each(roots, helpers, watch, |helper, m, after| {
        helper.memo.clear();
        let mut lines = Vec::new();
        if n > 0 && helper.exists_after_first(after, n) {
            let mut prefix = vec![notation::format(m)];
            helper.collect_after_first(after, n, &mut prefix, &mut lines);
        }
        helper.meter.flush();
        if helper.meter.stopped() {
            return None;
        }
        let mut kept = kept.lock().unwrap_or_else(|e| e.into_inner());
        kept.found += lines.len();
        kept.lines.extend(lines);
        kept.lines.sort();
        kept.lines.truncate(LINE_LIMIT + 1);
        Some(())
    });
    let Kept { mut lines, found } = kept.into_inner().unwrap_or_else(|e| e.into_inner());
    let truncated = found > LINE_LIMIT;
    lines.truncate(LINE_LIMIT);
    let mut keys: Vec<String> = lines.iter().map(|l| l[0].clone()).collect();
    keys.dedup();
    HelpSolution {
        mate_in: n,
        lines,
        keys,
        truncated,
        nodes: 1 + watch.nodes(),
        reach,
    }
}

#[derive(Default)]
struct Helper<'a> {
    memo: Memo,
    meter: Meter<'a>,
}

impl<'a> Helper<'a> {
    fn on(watch: &'a Watch, memo: Memo) -> Helper<'a> {
        Helper {
            memo,
            meter: Meter::new(watch.clock()),
        }
    }

    /// Whether, the first side having moved to `pos`, the other side can
    /// be helped to mate within `n` of its moves (the first included).
    /// Once a limit stops the search, the answer means nothing.
    fn exists_after_first(&mut self, pos: &Position, n: u8) -> bool {
        let state = State::of(pos);
        if let Some(known) = self.memo.get(&state, n) {
            return known;
        }
        if !self.meter.visit() {
            return false;
        }
        let found = pos.legal_children().any(|(_, after)| {
            if self.meter.stopped() {
                true
            } else if n == 1 {
                after.is_check() && !after.has_legal_move()
            } else {
                after
                    .legal_children()
                    .any(|(_, next)| self.exists_after_first(&next, n - 1))
            }
        });
        if !self.meter.stopped() {
            self.memo.insert(state, n, found);
        }
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
            if lines.len() > LINE_LIMIT || self.meter.stopped() {
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
