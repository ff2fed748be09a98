//! Directmate problems, solved exactly: the side to move (the attacker)
//! mates in at most N of its own moves against every defence.
//!
//! Mate is §6's: the side to move is in check and has no legal move; a
//! stalemate is no mate. The search plays [`Position`]s, so the no-undo
//! rule (§7) and castling rights by piece (§8) shape every defence and
//! every key. It is a plain AND-OR search, memoised on the full
//! [`State`]; nothing is pruned by a guess, so the keys are every first
//! move that forces mate and no other.
//!
//! The first moves are shared out between threads, each with its own
//! table and counter, and the answers gathered in generation order: the
//! keys and the node count do not depend on the number of threads or on
//! their timing. A time or node limit ([`solve_within`]) stops the search
//! between two nodes; the first moves searched to the end keep their
//! exact answer, and the others are said to be unsearched, never
//! guessed.

use std::collections::TryReserveError;

use dynamo_core::{Move, Position, Setup, Status, notation};

use crate::key::State;
use crate::limits::{Limits, Meter};
use crate::memo::Memo;
use crate::roots::{self, Reach, Watch};
use crate::tree::{FirstMove, Mark, Node, Threat};

/// What `solve` found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solution {
    /// N.
    pub mate_in: u8,
    /// Each key move with its threat and variations, sorted by notation:
    /// every key there is when no limit cut the search short
    /// ([`Reach::cut`]), else those of the first moves searched.
    pub keys: Vec<FirstMove>,
    /// The tries (first moves with exactly one refutation), when asked for.
    pub tries: Vec<FirstMove>,
    /// Positions searched: the same for any number of threads.
    pub nodes: u64,
    /// How far the search went.
    pub reach: Reach,
}

/// How much to show.
#[derive(Debug, Clone, Copy, Default)]
pub struct Show {
    /// Every defence, not only those that parry the threat.
    pub all: bool,
    /// Tries with their refutation.
    pub tries: bool,
    /// Threads to share the first moves between (at least one).
    pub threads: usize,
}

/// Solves a directmate in `n` for the side to move in `pos`, with no limit
/// and a table of [`crate::memo::DEFAULT_MB`] for each thread.
pub fn solve(pos: &Position, n: u8, show: Show) -> Solution {
    let roots: Vec<(Move, Position)> = pos.legal_children().collect();
    let watch = Watch::new(&Limits::default());
    let solvers = (0..roots::threads(show.threads, &roots))
        .map(|_| Solver::on(&watch, Memo::default()))
        .collect();
    gather(&roots, n, show, solvers, &watch)
}

/// [`solve`] within the limits of `watch` (time, nodes), with a table of
/// `table_mb` MB for each thread, allocated before the search begins: an
/// error if the machine cannot give it.
pub fn solve_within(
    pos: &Position,
    n: u8,
    show: Show,
    table_mb: usize,
    watch: &Watch,
) -> Result<Solution, TryReserveError> {
    let roots: Vec<(Move, Position)> = pos.legal_children().collect();
    let solvers = (0..roots::threads(show.threads, &roots))
        .map(|_| Memo::new(table_mb).map(|memo| Solver::on(watch, memo)))
        .collect::<Result<Vec<Solver>, TryReserveError>>()?;
    Ok(gather(&roots, n, show, solvers, watch))
}

fn gather(
    roots: &[(Move, Position)],
    n: u8,
    show: Show,
    solvers: Vec<Solver>,
    watch: &Watch,
) -> Solution {
    sorted(roots, n, solvers, watch, |solver, m, after| {
        // The table starts afresh for each first move, so that what one
        // costs never depends on which others its thread did before it.
        solver.memo.clear();
        let found = solver.first_move(m, after, n, show);
        solver.meter.flush();
        (!solver.meter.stopped()).then_some(found)
    })
}

/// Each first move searched by `search` on the threads of `states`, the
/// keys and tries it found sorted by notation: the one way the directmate
/// and the selfmate searches gather their answers.
pub(crate) fn sorted<S: Send>(
    roots: &[(Move, Position)],
    n: u8,
    states: Vec<S>,
    watch: &Watch,
    search: impl Fn(&mut S, &Move, &Position) -> Option<Option<FirstMove>> + Sync,
) -> Solution {
    let (results, reach) = roots::each(roots, states, watch, search);
    let mut solution = Solution {
        mate_in: n,
        keys: Vec::new(),
        tries: Vec::new(),
        nodes: 1 + watch.nodes(),
        reach,
    };
    for tree in results.into_iter().flatten() {
        if tree.refutation.is_none() {
            solution.keys.push(tree);
        } else {
            solution.tries.push(tree);
        }
    }
    solution.keys.sort_by(|a, b| a.tree.text.cmp(&b.tree.text));
    solution.tries.sort_by(|a, b| a.tree.text.cmp(&b.tree.text));
    solution
}

/// The memoised AND-OR search of one first move.
#[derive(Default)]
pub struct Solver<'a> {
    memo: Memo,
    meter: Meter<'a>,
}

impl<'a> Solver<'a> {
    /// A solver that counts its nodes on `watch` and stops with it.
    fn on(watch: &'a Watch, memo: Memo) -> Solver<'a> {
        Solver {
            memo,
            meter: Meter::new(watch.clock()),
        }
    }

    /// Positions this solver searched.
    pub fn nodes(&self) -> u64 {
        self.meter.counted()
    }

    /// Whether the side to move in `pos` forces mate in at most `n` moves.
    /// Once a limit stops the search, the answer means nothing.
    pub fn mates(&mut self, pos: &Position, n: u8) -> bool {
        if n == 0 {
            return false;
        }
        let state = State::of(pos);
        if let Some(known) = self.memo.get(&state, n) {
            return known;
        }
        if !self.meter.visit() {
            return false;
        }
        let found = pos
            .legal_children()
            .any(|(_, after)| self.meter.stopped() || self.defender_lost(&after, n));
        if !self.meter.stopped() {
            self.memo.insert(state, n, found);
        }
        found
    }

    /// Whether the defender, to move in `pos` after the attacker's move,
    /// is mated now or cannot stop mate in `n - 1` more attacker moves.
    /// Once a limit stops the search, the answer means nothing.
    pub fn defender_lost(&mut self, pos: &Position, n: u8) -> bool {
        if !self.meter.visit() {
            return false;
        }
        if n <= 1 {
            // Only mate now will do; it needs check first, which is cheap.
            return pos.is_check() && !pos.has_legal_move();
        }
        let mut any = false;
        for (_, after) in pos.legal_children() {
            any = true;
            if !self.mates(&after, n - 1) {
                return false;
            }
        }
        // No legal move: mate if in check, else stalemate (§6).
        any || pos.is_check()
    }

    /// The shortest mate in at most `n` for the side to move, if any.
    fn shortest(&mut self, pos: &Position, n: u8) -> Option<u8> {
        (1..=n).find(|&k| self.mates(pos, k))
    }

    /// A first move: its tree if it is a key, or a try when tries are
    /// asked for and exactly one defence refutes it.
    fn first_move(&mut self, m: &Move, after: &Position, n: u8, show: Show) -> Option<FirstMove> {
        if self.defender_lost(after, n) {
            return Some(FirstMove {
                tree: self.attack(m, after, n - 1, show.all),
                refutation: None,
            });
        }
        if !show.tries || n < 1 {
            return None;
        }
        let mut refutations = Vec::new();
        let mut defences = 0;
        for (d, next) in after.legal_children() {
            defences += 1;
            if !self.mates(&next, n - 1) {
                refutations.push(notation::format(&d));
                if refutations.len() > 1 {
                    return None;
                }
            }
        }
        // A stalemate is no try: there is nothing to refute.
        if defences == 0 || refutations.len() != 1 {
            return None;
        }
        let mut tree = self.attack(m, after, n - 1, show.all);
        tree.replies.retain(|r| !r.replies.is_empty());
        Some(FirstMove {
            tree,
            refutation: refutations.pop(),
        })
    }

    /// The node of an attacker's move `m` reaching `after`, with `left`
    /// attacker moves after it, for a move known to force mate (a key) or
    /// to meet every defence but one (a try).
    fn attack(&mut self, m: &Move, after: &Position, left: u8, all: bool) -> Node {
        let status = after.status();
        let mark = match status {
            Status::Checkmate => Mark::Mate,
            Status::Check => Mark::Check,
            _ => Mark::Quiet,
        };
        let mut node = Node {
            text: notation::format(m),
            mark,
            threat: Threat::None,
            replies: Vec::new(),
        };
        if status == Status::Checkmate || left == 0 {
            return node;
        }
        if status != Status::Check {
            node.threat = self.threat(after, left, all);
        }
        for (d, next) in after.legal_children() {
            let Some(k) = self.shortest(&next, left) else {
                continue;
            };
            if !all && self.threat_still_mates(&node.threat, &next, k) {
                continue;
            }
            let mut reply = Node {
                text: notation::format(&d),
                mark: if next.is_check() {
                    Mark::Check
                } else {
                    Mark::Quiet
                },
                threat: Threat::None,
                replies: Vec::new(),
            };
            for (a, then) in next.legal_children() {
                if self.defender_lost(&then, k) {
                    reply.replies.push(self.attack(&a, &then, k - 1, all));
                }
            }
            node.replies.push(reply);
        }
        node
    }

    /// What the attacker would mate with if the defender could pass: each
    /// first move of the shortest mate, with its whole line (every defence
    /// under `all`, else those that parry its own threat, as for a key).
    fn threat(&mut self, after: &Position, left: u8, all: bool) -> Threat {
        let Some(passed) = pass(after) else {
            return Threat::None;
        };
        let Some(length) = self.shortest(&passed, left) else {
            return Threat::Zugzwang;
        };
        let mating: Vec<(Move, Position)> = passed
            .legal_children()
            .filter(|(_, then)| self.defender_lost(then, length))
            .collect();
        let mut moves: Vec<Node> = mating
            .iter()
            .map(|(t, then)| self.attack(t, then, length - 1, all))
            .collect();
        moves.sort_by(|a, b| a.text.cmp(&b.text));
        Threat::Mate { length, moves }
    }

    /// Whether one of the threat's moves still forces mate in its length
    /// after a defence that leaves `k` moves: such a defence does not parry
    /// the threat, and Popeye leaves it out unless asked for every one.
    fn threat_still_mates(&mut self, threat: &Threat, next: &Position, k: u8) -> bool {
        let Threat::Mate { length, moves } = threat else {
            return false;
        };
        if k > *length {
            return false;
        }
        let children: Vec<(Move, Position)> = next.legal_children().collect();
        children.iter().any(|(a, then)| {
            let text = notation::format(a);
            moves.iter().any(|m| m.text == text) && self.defender_lost(then, *length)
        })
    }
}

/// The position with the other side to move and nothing else changed: the
/// defender passing, to see the threat. `None` when the side that would
/// have passed is in check (then there is no threat to speak of).
pub(crate) fn pass(pos: &Position) -> Option<Position> {
    let setup = Setup {
        board: *pos.board(),
        turn: !pos.turn(),
        castling: *pos.castling(),
        ep_square: None,
        halfmoves: pos.halfmoves(),
        fullmoves: pos.fullmoves(),
        // The attacker's threat may not restore the board before the
        // defender's last move; a pass has none, and no move can leave the
        // board unchanged, so nothing is lost.
        previous: None,
    };
    Position::new(setup, pos.rules()).ok()
}
