//! Selfmates: the side to move (White, in the usual stipulation) forces
//! the other side to mate it within N of the other side's moves, however
//! the other side tries to escape (Popeye's `s#N`).
//!
//! The defender escapes by any move that neither mates nor leaves the
//! attacker still forcing; a defender with no legal move (mated or
//! stalemated by the attacker) has escaped, since no mate of the attacker
//! can follow. Mate is §6's, and the search plays [`Position`]s, so the
//! no-undo rule (§7), pushes and pulls shape every line. As in
//! [`crate::solve()`] it is a plain AND-OR search memoised on the full
//! [`State`], the first moves shared between threads each with its own
//! table and counter (the keys and the node count do not depend on the
//! threads), and a time or node limit leaves the first moves searched to
//! the end exact and the others unsearched.

use std::collections::TryReserveError;

use dynamo_core::{Move, Position, notation};

use crate::key::State;
use crate::limits::{Limits, Meter};
use crate::memo::Memo;
use crate::roots::{self, Watch};
use crate::solve::{Show, Solution, pass, sorted};
use crate::tree::{FirstMove, Mark, Node, Threat};

/// Solves a selfmate in `n` for the side to move in `pos`, with no limit
/// and a table of [`crate::memo::DEFAULT_MB`] for each thread. `mate_in`
/// of the answer is `n`: the defender's mating move is its `n`-th at the
/// latest.
pub fn solve_self(pos: &Position, n: u8, show: Show) -> Solution {
    let roots: Vec<(Move, Position)> = pos.legal_children().collect();
    let watch = Watch::new(&Limits::default());
    let solvers = (0..roots::threads(show.threads, &roots))
        .map(|_| SelfSolver::on(&watch, Memo::default()))
        .collect();
    gather(&roots, n, show, solvers, &watch)
}

/// [`solve_self`] within the limits of `watch` (time, nodes), with a
/// table of `table_mb` MB for each thread, allocated before the search
/// begins: an error if the machine cannot give it.
pub fn solve_self_within(
    pos: &Position,
    n: u8,
    show: Show,
    table_mb: usize,
    watch: &Watch,
) -> Result<Solution, TryReserveError> {
    let roots: Vec<(Move, Position)> = pos.legal_children().collect();
    let solvers = (0..roots::threads(show.threads, &roots))
        .map(|_| Memo::new(table_mb).map(|memo| SelfSolver::on(watch, memo)))
        .collect::<Result<Vec<SelfSolver>, TryReserveError>>()?;
    Ok(gather(&roots, n, show, solvers, watch))
}

fn gather(
    roots: &[(Move, Position)],
    n: u8,
    show: Show,
    solvers: Vec<SelfSolver>,
    watch: &Watch,
) -> Solution {
    sorted(roots, n, solvers, watch, |solver, m, after| {
        solver.memo.clear();
        let found = solver.first_move(m, after, n, show);
        solver.meter.flush();
        (!solver.meter.stopped()).then_some(found)
    })
}

/// Whether `pos`, reached by the defender's move, is the attacker mated.
fn mated(pos: &Position) -> bool {
    pos.is_check() && !pos.has_legal_move()
}

/// The memoised AND-OR search of one first move.
struct SelfSolver<'a> {
    memo: Memo,
    meter: Meter<'a>,
}

impl<'a> SelfSolver<'a> {
    fn on(watch: &'a Watch, memo: Memo) -> SelfSolver<'a> {
        SelfSolver {
            memo,
            meter: Meter::new(watch.clock()),
        }
    }

    /// Whether the side to move in `pos` (the attacker) forces the other
    /// to mate it within `n` of the other's moves. Once a limit stops the
    /// search, the answer means nothing.
    fn forces(&mut self, pos: &Position, n: u8) -> bool {
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
            .any(|(_, after)| self.meter.stopped() || self.defender_forced(&after, n));
        if !self.meter.stopped() {
            self.memo.insert(state, n, found);
        }
        found
    }

    /// Whether the defender, to move in `pos`, must mate within `n` of
    /// its moves: every move it has mates, or leaves the attacker forcing
    /// mate within `n - 1`. With no move at all it has escaped.
    fn defender_forced(&mut self, pos: &Position, n: u8) -> bool {
        if !self.meter.visit() {
            return false;
        }
        let mut any = false;
        for (_, next) in pos.legal_children() {
            any = true;
            if !mated(&next) && (n <= 1 || !self.forces(&next, n - 1)) {
                return false;
            }
        }
        any
    }

    /// The shortest selfmate within `n` for the attacker to move in
    /// `pos`, if any.
    fn shortest(&mut self, pos: &Position, n: u8) -> Option<u8> {
        (1..=n).find(|&k| self.forces(pos, k))
    }

    /// A first move: its tree if it is a key, or a try when tries are
    /// asked for and exactly one defence escapes.
    fn first_move(&mut self, m: &Move, after: &Position, n: u8, show: Show) -> Option<FirstMove> {
        if n == 0 {
            return None;
        }
        if self.defender_forced(after, n) {
            return Some(FirstMove {
                tree: self.attack(m, after, n, show.all),
                refutation: None,
            });
        }
        if !show.tries {
            return None;
        }
        let mut refutations = Vec::new();
        let mut defences = 0;
        for (d, next) in after.legal_children() {
            defences += 1;
            if !mated(&next) && (n <= 1 || !self.forces(&next, n - 1)) {
                refutations.push(notation::format(&d));
                if refutations.len() > 1 {
                    return None;
                }
            }
        }
        if defences == 0 || refutations.len() != 1 {
            return None;
        }
        let mut tree = self.attack(m, after, n, show.all);
        tree.replies
            .retain(|r| r.mark == Mark::Mate || !r.replies.is_empty());
        Some(FirstMove {
            tree,
            refutation: refutations.pop(),
        })
    }

    /// The node of an attacker's move `m` reaching `after`, the defender
    /// to mate within `left` of its moves: each defence that mates, and
    /// each other defence with the attacker's answers that keep forcing
    /// (those that leave the threat standing only under `all`).
    fn attack(&mut self, m: &Move, after: &Position, left: u8, all: bool) -> Node {
        let mark = if after.is_check() {
            Mark::Check
        } else {
            Mark::Quiet
        };
        let mut node = Node {
            text: notation::format(m),
            mark,
            threat: Threat::None,
            replies: Vec::new(),
        };
        if mark == Mark::Quiet && left > 1 {
            node.threat = self.threat(after, left - 1, all);
        }
        for (d, next) in after.legal_children() {
            let text = notation::format(&d);
            if mated(&next) {
                node.replies.push(Node {
                    text,
                    mark: Mark::Mate,
                    threat: Threat::None,
                    replies: Vec::new(),
                });
                continue;
            }
            let Some(k) = (left > 1).then(|| self.shortest(&next, left - 1)).flatten() else {
                continue;
            };
            if !all && self.threat_still_forces(&node.threat, &next, k) {
                continue;
            }
            let mut reply = Node {
                text,
                mark: if next.is_check() {
                    Mark::Check
                } else {
                    Mark::Quiet
                },
                threat: Threat::None,
                replies: Vec::new(),
            };
            for (a, then) in next.legal_children() {
                if self.defender_forced(&then, k) {
                    reply.replies.push(self.attack(&a, &then, k, all));
                }
            }
            node.replies.push(reply);
        }
        node
    }

    /// What the attacker would force with, were the defender allowed to
    /// pass: each first move of the shortest selfmate within `left`.
    fn threat(&mut self, after: &Position, left: u8, all: bool) -> Threat {
        let Some(passed) = pass(after) else {
            return Threat::None;
        };
        let Some(length) = self.shortest(&passed, left) else {
            return Threat::Zugzwang;
        };
        let forcing: Vec<(Move, Position)> = passed
            .legal_children()
            .filter(|(_, then)| self.defender_forced(then, length))
            .collect();
        let mut moves: Vec<Node> = forcing
            .iter()
            .map(|(t, then)| self.attack(t, then, length, all))
            .collect();
        moves.sort_by(|a, b| a.text.cmp(&b.text));
        Threat::Mate { length, moves }
    }

    /// Whether one of the threat's moves still forces after a defence
    /// that leaves `k` defender moves: such a defence does not parry the
    /// threat, and Popeye leaves it out unless asked for every one.
    fn threat_still_forces(&mut self, threat: &Threat, next: &Position, k: u8) -> bool {
        let Threat::Mate { length, moves } = threat else {
            return false;
        };
        if k > *length {
            return false;
        }
        let children: Vec<(Move, Position)> = next.legal_children().collect();
        children.iter().any(|(a, then)| {
            let text = notation::format(a);
            moves.iter().any(|m| m.text == text) && self.defender_forced(then, *length)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dynamo_core::{Rules, Status};

    fn position(fen: &str) -> Position {
        let rules: Rules = "nost".parse().expect("rule set");
        Position::from_fen(fen, rules).expect(fen)
    }

    #[test]
    fn a_defender_with_no_move_has_escaped() {
        // Black, stalemated, cannot mate White: no selfmate in any length.
        let pos = position("k7/2Q5/1K6/8/8/8/8/8 b - - 0 1");
        assert_eq!(pos.status(), Status::Stalemate);
        let watch = Watch::new(&Limits::default());
        let mut solver = SelfSolver::on(&watch, Memo::default());
        for n in 1..=3 {
            assert!(!solver.defender_forced(&pos, n), "s#{n}");
        }
    }
}
