//! Threats of more than one move, shown whole as Popeye shows them
//! (docs/director.md, "Problems and analysis"): each threat move with the defences
//! and the attacker's answers down to mate, and under `--all` every
//! defence. Each printed line is replayed on the board and must end in
//! mate (§6).

use dynamo_core::{Position, Setup, Status, parse_move};
use dynamo_engine::{Mark, Node, Threat};
use dynamo_engine::{Show, Solver, solve};

use crate::solve::position;

/// A mate in three whose key, `Qh6/a6e6`, threatens mate in two.
const THREE_MOVER: &str = "8/4K3/R6Q/8/8/5k2/8/8 w - - 1 2 8/4K3/R6Q/8/4k3/8/8/8";

const KEY: &str = "\
1.Qh6/a6e6! threat:
        2.Qh6g5 threat: 3.Qg5g3#
            2...Kf3f2
                3.Qg5g2#
        2.Qh6g6 threat: 3.Qg6g3#
            2...Kf3f4
                3.Qg6g4#
            2...Kf3f2
                3.Qg6g2#
        2.Qh6g7 threat: 3.Qg7g3#
            2...Kf3f4
                3.Qg7g4#
            2...Kf3f2
                3.Qg7g2#
        2.Qh6h3+
            2...Kf3f4
                3.Qh3g4#
            2...Kf3f2
                3.Qh3g2#
        2.Re6/h6g6 threat: 3.Qg6g3#
            2...Kf3f4
                3.Qg6g4#
            2...Kf3f2
                3.Qg6g2#
";

/// The position with the other side to move: the defender passing, as
/// the solver does to find a threat.
fn passed(pos: &Position) -> Position {
    let setup = Setup {
        board: *pos.board(),
        turn: !pos.turn(),
        castling: *pos.castling(),
        ep_square: None,
        halfmoves: pos.halfmoves(),
        fullmoves: pos.fullmoves(),
        previous: None,
    };
    Position::new(setup, pos.rules()).expect("the defender may pass")
}

fn play(pos: &Position, text: &str) -> Position {
    let m = parse_move(pos, text).unwrap_or_else(|e| panic!("{text} in {}: {e}", pos.to_fen()));
    pos.play(&m).expect("a legal move plays")
}

/// Replays an attacker's node from `pos`: its mark is the position's,
/// each defence is legal, and every line ends in mate within `left`
/// further attacker moves. With `all`, every legal defence is shown.
fn replay(pos: &Position, node: &Node, left: u8, all: bool) {
    let after = play(pos, &node.text);
    let status = after.status();
    let mark = match status {
        Status::Checkmate => Mark::Mate,
        Status::Check => Mark::Check,
        _ => Mark::Quiet,
    };
    assert_eq!(node.mark, mark, "{} in {}", node.text, pos.to_fen());
    if status == Status::Checkmate {
        return;
    }
    assert!(left > 0, "{} does not mate in time", node.text);
    if all {
        assert_eq!(
            node.replies.len(),
            after.legal_moves().len(),
            "{}",
            node.text
        );
    }
    for defence in &node.replies {
        let next = play(&after, &defence.text);
        assert!(
            !defence.replies.is_empty(),
            "{} has no answer",
            defence.text
        );
        for answer in &defence.replies {
            replay(&next, answer, left - 1, all);
        }
    }
}

fn key(all: bool) -> Node {
    let pos = position(THREE_MOVER, "nost");
    let found = solve(
        &pos,
        3,
        Show {
            all,
            ..Show::default()
        },
    );
    found
        .keys
        .into_iter()
        .find(|k| k.tree.text == "Qh6/a6e6")
        .expect("Qh6/a6e6 is a key")
        .tree
}

#[test]
fn a_threat_of_mate_in_two_is_printed_whole() {
    let pos = position(THREE_MOVER, "nost");
    let found = solve(&pos, 3, Show::default());
    let text = found
        .keys
        .iter()
        .find(|k| k.tree.text == "Qh6/a6e6")
        .expect("Qh6/a6e6 is a key")
        .to_text();
    assert_eq!(text, KEY, "{text}");
}

#[test]
fn every_threat_line_mates_and_every_mating_first_move_is_shown() {
    let pos = position(THREE_MOVER, "nost");
    for all in [false, true] {
        let tree = key(all);
        let Threat::Mate { length, moves } = &tree.threat else {
            panic!("a threat of mate");
        };
        assert_eq!(*length, 2);
        let after_key = play(&pos, &tree.text);
        let pass = passed(&after_key);
        for threat in moves {
            replay(&pass, threat, *length - 1, all);
        }
        // The threat's first moves are exactly those that force mate in
        // two after the pass, none of them in one.
        let mut solver = Solver::default();
        let mut want: Vec<String> = pass
            .legal_children()
            .filter(|(_, then)| solver.defender_lost(then, 2))
            .map(|(m, _)| dynamo_core::notation::format(&m))
            .collect();
        want.sort();
        let shown: Vec<String> = moves.iter().map(|m| m.text.clone()).collect();
        assert_eq!(shown, want);
        assert!(
            !pass
                .legal_children()
                .any(|(_, then)| solver.defender_lost(&then, 1))
        );
    }
}
