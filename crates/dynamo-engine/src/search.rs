//! The analysis engine: iterative deepening over a negamax alpha-beta
//! search with principal-variation windows, a quiescence search over moves
//! that take enemy material off, and a transposition table.
//!
//! An exact search (`SearchOptions::pruning` off) is a function of the
//! position: nothing prunes by a guess (no null move, no reductions, no
//! futility), so alpha-beta computes the exact depth-limited minimax value
//! whatever the move order, and the table only ever returns true bounds
//! of that value (`tt.rs`). The root's moves are ordered without the table, killers or
//! history (by what they take off, then last iteration's best first), and
//! a later move replaces the best only with a strictly higher score; so
//! the best move and score at a given depth are the same with the table
//! on or off, and with one thread or many (Lazy SMP: helper threads search
//! the same tree and share the table, changing only how fast the main
//! thread gets there). The principal variation after the best move may be
//! shorter when a table cut-off ends it.
//!
//! With pruning on, the search guesses to go deeper in the same time: a
//! null move (the side to move passes; if the reply searched shallower
//! still fails high, the node is cut), late-move reductions (quiet moves
//! late in the order searched a ply or two shallower, searched again at
//! full depth if they beat alpha). The value at a depth then depends on
//! the move order, the table and the threads: a search by time or nodes,
//! whose depth reached depends on the machine anyway, is where it pays.
//! Check extensions (a move that checks searched a ply deeper) were tried
//! and dropped: checks are common in Dynamo, where a slider with a clear
//! line checks from any distance, and extending them made the tree grow
//! faster than the reductions saved (docs/reference.md, "Measuring the
//! engine's strength").

use std::time::Duration;

use dynamo_core::{Move, Piece, Position, Role, Scratch};

use crate::eval::evaluate;
use crate::key::{State, key};
use crate::limits::{Limits, Meter, SearchClock};
use crate::order::{Heuristics, KILLER_KEY, removal_gain, removes_enemy};
use crate::score::{INFINITY, MATE, MATE_BOUND, Score, from_table, to_table};
use crate::tt::{Bound, Hit, Table};

/// Plies of quiescence at most below the horizon: the exchange of
/// removals is followed that far, then the position is evaluated.
const QUIESCENCE_PLIES: u32 = 6;

/// How to search.
#[derive(Debug, Clone)]
pub struct SearchOptions {
    /// When to stop.
    pub limits: Limits,
    /// How many best lines to report (at least one).
    pub multipv: usize,
    /// Threads (at least one): the main thread and Lazy SMP helpers.
    pub threads: usize,
    /// The table's size in MB; 0 searches without a table.
    pub table_mb: usize,
    /// Null move and late-move reductions (see the
    /// module text): deeper in the same time, but no longer the exact
    /// value of the depth.
    pub pruning: bool,
}

impl Default for SearchOptions {
    fn default() -> SearchOptions {
        SearchOptions {
            limits: Limits::default(),
            multipv: 1,
            threads: 1,
            table_mb: 64,
            pruning: false,
        }
    }
}

/// One line of a completed depth.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    /// The score from the side to move's view.
    pub score: Score,
    /// The raw score in centipawns or mate distance.
    pub raw: i32,
    /// The principal variation, its first move the line's move.
    pub pv: Vec<Move>,
}

/// What a completed depth found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchReport {
    /// The depth in plies.
    pub depth: u32,
    /// The best lines, best first (`multipv` of them at most).
    pub lines: Vec<Line>,
    /// Nodes searched so far, every thread's.
    pub nodes: u64,
    /// Time since the start.
    pub elapsed: Duration,
}

impl SearchReport {
    /// The best move.
    pub fn best(&self) -> Option<Move> {
        self.lines.first().and_then(|l| l.pv.first().copied())
    }

    /// Nodes per second so far.
    pub fn nps(&self) -> u64 {
        let micros = self.elapsed.as_micros().max(1);
        u64::try_from(u128::from(self.nodes) * 1_000_000 / micros).unwrap_or(u64::MAX)
    }
}

/// The analysis engine.
pub struct Search;

impl Search {
    /// Searches `pos`, calling `on_depth` after each completed depth, and
    /// returns the last completed depth's report (`None` if the side to
    /// move has no legal move, or no depth completed).
    pub fn run(
        pos: &Position,
        options: &SearchOptions,
        on_depth: impl FnMut(&SearchReport),
    ) -> Option<SearchReport> {
        let table = (options.table_mb > 0).then(|| Table::new(options.table_mb));
        Search::run_with(pos, options, table.as_ref(), on_depth)
    }

    /// [`Search::run`] with a table the caller made (with
    /// [`Table::try_new`], so that a table the machine cannot hold is an
    /// error, not an abort); `options.table_mb` is not read.
    pub fn run_with(
        pos: &Position,
        options: &SearchOptions,
        table: Option<&Table>,
        mut on_depth: impl FnMut(&SearchReport),
    ) -> Option<SearchReport> {
        let clock = SearchClock::start(&options.limits);
        let max_depth = options.limits.max_depth();
        let mut last = None;
        std::thread::scope(|scope| {
            for helper in 1..options.threads.max(1) {
                let clock = &clock;
                scope.spawn(move || {
                    let mut w = Worker::new(table, clock, options.pruning);
                    let mut roots = root_moves(pos);
                    let mut scratch = Scratch::new(pos.clone());
                    // Helpers start a ply apart, to fill the table ahead of
                    // the main thread rather than behind it.
                    let mut depth = 1 + (helper % 2) as u32;
                    while depth <= max_depth && !clock.stopped() && !roots.is_empty() {
                        w.iteration(&mut scratch, &mut roots, depth, 1);
                        depth += 1;
                    }
                });
            }
            let mut w = Worker::new(table, &clock, options.pruning);
            let mut roots = root_moves(pos);
            let mut scratch = Scratch::new(pos.clone());
            for depth in 1..=max_depth {
                if roots.is_empty() {
                    break;
                }
                let Some(lines) =
                    w.iteration(&mut scratch, &mut roots, depth, options.multipv.max(1))
                else {
                    break;
                };
                let report = SearchReport {
                    depth,
                    lines,
                    nodes: w.meter.total(),
                    elapsed: clock.elapsed(),
                };
                on_depth(&report);
                let mated = report
                    .lines
                    .first()
                    .is_some_and(|l| l.raw.abs() >= MATE - depth as i32);
                last = Some(report);
                // A mate found within the depth is exact: deeper changes
                // nothing but the time taken.
                if mated && options.multipv <= 1 {
                    break;
                }
            }
            clock.stop();
        });
        last
    }
}

/// The root's moves in the order that does not depend on the table or the
/// heuristics: what they take off first, generation order otherwise.
fn root_moves(pos: &Position) -> Vec<Move> {
    let mut roots = pos.legal_moves();
    roots.sort_by_key(|m| std::cmp::Reverse(removal_gain(pos, m)));
    roots
}

struct Worker<'a> {
    table: Option<&'a Table>,
    meter: Meter<'a>,
    heuristics: Heuristics,
    aborted: bool,
    pv: Vec<Vec<Move>>,
    pruning: bool,
}

impl<'a> Worker<'a> {
    fn new(table: Option<&'a Table>, clock: &'a SearchClock, pruning: bool) -> Worker<'a> {
        Worker {
            table,
            meter: Meter::new(clock),
            heuristics: Heuristics::default(),
            aborted: false,
            pv: vec![Vec::new(); 130],
            pruning,
        }
    }

    /// Counts a node: `false` once the search must stop.
    fn visit(&mut self) -> bool {
        self.aborted = !self.meter.visit();
        !self.aborted
    }

    /// One depth over the root moves: the best `multipv` lines, best
    /// first, with the root moves reordered for the next depth; `None` if
    /// the search was stopped before the depth completed.
    fn iteration(
        &mut self,
        s: &mut Scratch,
        roots: &mut Vec<Move>,
        depth: u32,
        multipv: usize,
    ) -> Option<Vec<Line>> {
        let mut lines: Vec<(usize, Line)> = Vec::new();
        for _ in 0..multipv.min(roots.len()) {
            let mut best: Option<(usize, i32, Vec<Move>)> = None;
            let mut alpha = -INFINITY;
            for (i, m) in roots.iter().enumerate() {
                if lines.iter().any(|(j, _)| *j == i) {
                    continue;
                }
                self.pv[1].clear();
                s.make(m);
                let score = if best.is_none() {
                    -self.negamax(s, depth - 1, -INFINITY, INFINITY, 1, true)
                } else {
                    let zero = -self.negamax(s, depth - 1, -alpha - 1, -alpha, 1, true);
                    if zero > alpha && !self.aborted {
                        self.pv[1].clear();
                        -self.negamax(s, depth - 1, -INFINITY, -alpha, 1, true)
                    } else {
                        zero
                    }
                };
                s.unmake();
                if self.aborted {
                    return None;
                }
                if best.as_ref().is_none_or(|(_, b, _)| score > *b) {
                    let mut pv = vec![*m];
                    pv.extend(self.pv[1].iter().copied());
                    best = Some((i, score, pv));
                    alpha = alpha.max(score);
                }
            }
            let (i, raw, pv) = best?;
            lines.push((
                i,
                Line {
                    score: Score::from_raw(raw),
                    raw,
                    pv,
                },
            ));
        }
        // Next depth: this depth's best lines first, in their order, then
        // the rest as they were.
        let chosen: Vec<usize> = lines.iter().map(|(i, _)| *i).collect();
        let mut next: Vec<Move> = chosen.iter().map(|&i| roots[i]).collect();
        next.extend(
            roots
                .iter()
                .enumerate()
                .filter(|(i, _)| !chosen.contains(i))
                .map(|(_, r)| *r),
        );
        *roots = next;
        Some(lines.into_iter().map(|(_, l)| l).collect())
    }

    /// The depth-limited value of the scratch position, which is left as
    /// it was found: each child is made when the search reaches it and
    /// unmade after, so a node cut off early builds few of its children.
    fn negamax(
        &mut self,
        s: &mut Scratch,
        depth: u32,
        alpha: i32,
        beta: i32,
        ply: usize,
        null_allowed: bool,
    ) -> i32 {
        if depth == 0 {
            return self.quiescence(s, alpha, beta, ply, QUIESCENCE_PLIES);
        }
        if !self.visit() {
            return 0;
        }
        if let Some(line) = self.pv.get_mut(ply) {
            line.clear();
        }
        let pos = s.position();
        let state = self.table.map(|_| State::of(pos));
        let hash = self.table.map(|_| key(pos)).unwrap_or(0);
        let mut hash_move = None;
        if let (Some(table), Some(state)) = (self.table, &state)
            && let Some(hit) = table.probe(hash, state)
        {
            hash_move = hit.best;
            if hit.depth == depth {
                let score = from_table(hit.score, ply as i32);
                let cut = match hit.bound {
                    Bound::Exact => true,
                    Bound::Lower => score >= beta,
                    Bound::Upper => score <= alpha,
                };
                if cut {
                    return score;
                }
            }
        }
        let in_check = pos.is_check();
        if null_allowed && self.null_move_cuts(s, depth, beta, ply, in_check) {
            return beta;
        }
        let pos = s.position();
        // The order keys read the position before any move; the sort is
        // stable, so equal keys keep the generation order.
        let mut moves: Vec<(i32, Move)> = pos
            .legal_moves()
            .into_iter()
            .map(|m| (self.heuristics.score(pos, &m, ply, hash_move), m))
            .collect();
        if moves.is_empty() {
            return if in_check { -(MATE - ply as i32) } else { 0 };
        }
        moves.sort_by_key(|(key, _)| std::cmp::Reverse(*key));
        let mut best = -INFINITY;
        let mut best_move = None;
        let mut a = alpha;
        for (i, &(key, ref m)) in moves.iter().enumerate() {
            s.make(m);
            let next = depth - 1;
            let score = if i == 0 {
                -self.negamax(s, next, -beta, -a, ply + 1, true)
            } else {
                let reduced = next.saturating_sub(self.reduction(s, i, key, depth, in_check));
                let mut zero = -self.negamax(s, reduced, -a - 1, -a, ply + 1, true);
                if zero > a && reduced < next && !self.aborted {
                    zero = -self.negamax(s, next, -a - 1, -a, ply + 1, true);
                }
                if zero > a && zero < beta && !self.aborted {
                    -self.negamax(s, next, -beta, -a, ply + 1, true)
                } else {
                    zero
                }
            };
            s.unmake();
            if self.aborted {
                return 0;
            }
            if score > best {
                best = score;
                best_move = Some(*m);
                if score > a {
                    a = score;
                    self.set_pv(ply, *m);
                }
            }
            if a >= beta {
                let pos = s.position();
                if removal_gain(pos, m) <= 0 {
                    self.heuristics.cut(pos.turn(), ply, *m, depth);
                }
                break;
            }
        }
        if let (Some(table), Some(state)) = (self.table, state) {
            let bound = if best >= beta {
                Bound::Lower
            } else if best > alpha {
                Bound::Exact
            } else {
                Bound::Upper
            };
            let hit = Hit {
                depth,
                score: to_table(best, ply as i32),
                bound,
                best: best_move,
            };
            table.store(hash, state, hit);
        }
        best
    }

    /// The null move: with pruning on, out of check, below the root,
    /// with a piece besides the king and pawns (with only those, having
    /// to move is often what loses, and passing would hide it) and the
    /// evaluation at or above beta, the side to move passes and the
    /// opponent searches two or three plies shallower; if the pass still
    /// holds beta, the node is cut. Never twice in a row.
    fn null_move_cuts(
        &mut self,
        s: &mut Scratch,
        depth: u32,
        beta: i32,
        ply: usize,
        in_check: bool,
    ) -> bool {
        if !self.pruning || in_check || ply == 0 || depth < 3 || beta.abs() >= MATE_BOUND {
            return false;
        }
        let pos = s.position();
        let board = pos.board();
        let us = pos.turn();
        let sets = board.piece_sets();
        let pieces = [Role::Knight, Role::Bishop, Role::Rook, Role::Queen]
            .iter()
            .any(|&role| !sets.of(Piece::new(us, role)).is_empty());
        if !pieces || evaluate(pos) < beta || !s.make_null() {
            return false;
        }
        let r = if depth >= 6 { 3 } else { 2 };
        let score = -self.negamax(
            s,
            depth - 1 - r.min(depth - 1),
            -beta,
            -beta + 1,
            ply + 1,
            false,
        );
        s.unmake();
        !self.aborted && score >= beta
    }

    /// How many plies shallower the `i`th move (order key `key`) is
    /// searched: with pruning on, quiet moves after the first three (the
    /// table's, removals and killers are never reduced) by one ply, the
    /// late ones of a deep node by two; never in check or when the move
    /// checks.
    fn reduction(&self, s: &Scratch, i: usize, key: i32, depth: u32, in_check: bool) -> u32 {
        // The check test last: it is the costly one, made only for a
        // move that would otherwise be reduced.
        if !self.pruning || i < 3 || depth < 3 || in_check || key >= KILLER_KEY {
            return 0;
        }
        if s.position().is_check() {
            return 0;
        }
        if i >= 10 && depth >= 6 { 2 } else { 1 }
    }

    fn set_pv(&mut self, ply: usize, m: Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(m);
        if let Some(rest) = tail.first() {
            line.extend(rest.iter().copied());
        }
    }

    /// Searches moves that take enemy material off (every move when in
    /// check) until the position is quiet, standing on the evaluation.
    ///
    /// Its value is defined without stalemate: out of check the side to
    /// move may always stand on the evaluation, moves or none, so a stand
    /// at or above beta is a true bound and ends the node before any move
    /// is generated (most nodes end so). In check, every move is searched
    /// and none is mate. Stalemate is seen at every node above the
    /// horizon.
    fn quiescence(&mut self, s: &mut Scratch, alpha: i32, beta: i32, ply: usize, left: u32) -> i32 {
        if !self.visit() {
            return 0;
        }
        if let Some(line) = self.pv.get_mut(ply) {
            line.clear();
        }
        let pos = s.position();
        let in_check = pos.is_check();
        let stand = evaluate(pos);
        if !in_check && stand >= beta {
            return stand;
        }
        // Out of check the value is the evaluation or better whether or
        // not any move is left, so only the removals are listed, and none
        // at the last ply. In check every move is searched, and having
        // none is mate.
        let last = left == 0 || ply + 1 >= self.pv.len();
        if last {
            return if in_check && !pos.has_legal_move() {
                -(MATE - ply as i32)
            } else {
                stand
            };
        }
        let mut moves: Vec<(i32, Move)> = if in_check {
            pos.legal_moves()
        } else {
            pos.legal_moves_where(|m| removes_enemy(pos, m))
        }
        .into_iter()
        .map(|m| (removal_gain(pos, &m), m))
        .collect();
        if moves.is_empty() {
            return if in_check {
                -(MATE - ply as i32)
            } else {
                stand
            };
        }
        let mut best = -INFINITY;
        let mut a = alpha;
        if !in_check {
            best = stand;
            a = a.max(stand);
        }
        moves.sort_by_key(|(gain, _)| std::cmp::Reverse(*gain));
        for (_, m) in &moves {
            s.make(m);
            let score = -self.quiescence(s, -beta, -a, ply + 1, left - 1);
            s.unmake();
            if self.aborted {
                return 0;
            }
            if score > best {
                best = score;
                if score > a {
                    a = score;
                    self.set_pv(ply, *m);
                }
            }
            if a >= beta {
                break;
            }
        }
        best
    }
}
