//! docs/RULES.md, example by example and rule by rule: each position is written
//! in the test, with a move the rule allows and one it forbids.

use dynamo_core::notation;
use dynamo_core::{Illegal, MoveError, Position, Promotion, Rules, Status, parse_move};

fn rules(text: &str) -> Rules {
    text.parse().expect("valid rule set")
}

fn pos(fen: &str, rule_set: &str) -> Position {
    Position::from_fen(fen, rules(rule_set)).expect("valid position")
}

fn legal(p: &Position) -> Vec<String> {
    let mut v: Vec<String> = p.legal_moves().iter().map(notation::format).collect();
    v.sort();
    v
}

/// Plays `text` and returns the position after it, failing with the reason
/// when it is refused.
#[track_caller]
fn allows(p: &Position, text: &str) -> Position {
    let m = parse_move(p, text).unwrap_or_else(|e| panic!("{text} should be legal: {e}"));
    assert!(
        legal(p).contains(&notation::format(&m)),
        "{text} resolved but is not listed"
    );
    p.play(&m).expect("a resolved move plays")
}

#[track_caller]
fn forbids(p: &Position, text: &str) -> Illegal {
    match parse_move(p, text) {
        Ok(m) => panic!("{text} should be illegal, resolved to {m}"),
        Err(MoveError::Syntax(e)) => panic!("{text} should be well formed: {e}"),
        Err(MoveError::Illegal { reason, .. }) => reason,
    }
}

fn start() -> Position {
    Position::startpos(Rules::NOST)
}

// §2 Sliders

#[test]
fn slider_examples_from_the_start_position() {
    let p = start();
    for m in [
        "Qd1d3/d2d6",
        "Qd1/d2d5",
        "Bf1/g2E",
        "Bf1/e2a6",
        "Bf1d3/e2a6",
        "Bf1/e2E",
    ] {
        allows(&p, m);
    }
    let after = allows(&p, "Qd1d3/d2d6");
    assert_eq!(
        after.board().placement(),
        "rnbqkbnr/pppppppp/3P4/8/8/3Q4/PPP1PPPP/RNB1KBNR"
    );
    // The bishop stays; the pawn goes g2-h3-off.
    let after = allows(&p, "Bf1/g2E");
    assert_eq!(
        after.board().placement(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPP1P/RNBQKBNR"
    );
}

#[test]
fn a_pusher_never_passes_or_lands_on_the_pushed_piece() {
    let p = start();
    // Pawn to d4, the queen may follow at most to d3.
    allows(&p, "Qd1d3/d2d4");
    assert!(matches!(forbids(&p, "Qd1d4/d2d4"), Illegal::NoSuchShove(_)));
    assert!(matches!(forbids(&p, "Qd1d5/d2d4"), Illegal::NoSuchShove(_)));
    // Pushed over an occupied square: d7 blocks.
    assert!(matches!(forbids(&p, "Qd1/d2d8"), Illegal::NoSuchShove(_)));
}

#[test]
fn wikipedia_pull_example_rook_h3_queen_h6() {
    // Rook h3, queen h6, h4-h5 and h1-h2 empty.
    let p = pos("k7/8/7Q/8/8/7R/8/K7 w - - 0 1", "nost");
    // The rook may go to h2, h1 or off.
    allows(&p, "Rh3h2/h6h5");
    allows(&p, "Rh3h2/h6h3");
    allows(&p, "Rh3h1/h6h2");
    // With the rook off, the queen may land on h5 … h1 or go off as well.
    for q in ["h5", "h4", "h3", "h2", "h1", "E"] {
        allows(&p, &format!("Rh3E/h6{q}"));
    }
    // The pulled piece lands strictly behind the puller's new square.
    assert!(matches!(forbids(&p, "Rh3h2/h6h2"), Illegal::NoSuchShove(_)));
    assert!(matches!(forbids(&p, "Rh3h2/h6h1"), Illegal::NoSuchShove(_)));
    // Pulling off the board needs the puller to leave.
    assert!(matches!(forbids(&p, "Rh3h1/h6E"), Illegal::NoSuchShove(_)));
}

#[test]
fn stationary_pull_option() {
    let fen = "k7/8/7Q/8/8/7R/8/K7 w - - 0 1";
    let nost = pos(fen, "nost");
    allows(&nost, "Rh3/h6h4");
    allows(&nost, "Rh3/h6h5");
    // Stationary: at most up to the square before the puller.
    assert!(matches!(
        forbids(&nost, "Rh3/h6h3"),
        Illegal::NoSuchShove(_)
    ));
    let strict = pos(fen, "nost,stationary_pull=false");
    assert_eq!(forbids(&strict, "Rh3/h6h4"), Illegal::StationaryPull);
    allows(&strict, "Rh3h2/h6h4");
}

#[test]
fn push_off_and_follow_is_the_same_move_as_leaving_and_pulling_off() {
    // Rook h3, queen h6: both off, either way, is one move `Rh3E/h6E`.
    let p = pos("k7/8/7Q/8/8/7R/8/K7 w - - 0 1", "nost");
    let both_off: Vec<String> = legal(&p).into_iter().filter(|m| m == "Rh3E/h6E").collect();
    assert_eq!(both_off, ["Rh3E/h6E"]);
    // Only the pull is possible here (the line above h6 is empty too, so
    // the push exists as well): still listed once.
    let p = pos("k7/7b/7Q/8/8/7R/8/K7 w - - 0 1", "nost");
    let both_off = legal(&p).into_iter().filter(|m| m == "Rh3E/h6E").count();
    assert_eq!(both_off, 1);
}

// §3 King and knight

#[test]
fn knight_examples() {
    let p = start();
    allows(&p, "Ng1/e2c3");
    allows(&p, "Ng1e2/e2c3");
    // vchess diagram: white knight c3, black pawn d5.
    let p = pos(
        "rnbqkbnr/ppp1pppp/8/3p4/8/2N5/PPPPPPPP/R1BQKBNR w KQkq - 0 1",
        "nost",
    );
    let after = allows(&p, "Nc3b1/d5c3");
    assert_eq!(
        after.board().placement(),
        "rnbqkbnr/ppp1pppp/8/8/8/2p5/PPPPPPPP/RNBQKBNR"
    );
}

#[test]
fn knight_leaves_the_board_while_pulling() {
    // A knight on a1 pulls a piece on b3 onto a1 by jumping off.
    let p = pos("k7/8/8/8/8/1n6/8/N6K w - - 0 1", "nost");
    let after = allows(&p, "Na1E/b3a1");
    assert_eq!(after.board().placement(), "k7/8/8/8/8/8/8/n6K");
    // Knights cannot take by pulling: the pulled piece lands on a1.
    assert!(matches!(forbids(&p, "Na1E/b3E"), Illegal::NoSuchShove(_)));
}

#[test]
fn king_pushes_off_but_never_leaves() {
    // White king b1 pushes the black knight on a1... no: the piece on a2
    // goes to a3; a piece on the edge goes off.
    let p = pos("k7/8/8/8/8/8/n7/1K6 w - - 0 1", "nost");
    // b1 attacks a2; one more step is off the board (file before a).
    allows(&p, "Kb1/a2E");
    allows(&p, "Kb1a2/a2E");
    assert_eq!(forbids(&p, "Kb1E"), Illegal::KingLeavesBoard);
    // The king cannot leave the board while pulling either.
    let p = pos("k7/8/8/8/8/8/1n6/1K6 w - - 0 1", "nost");
    assert_eq!(forbids(&p, "Kb1E/b2b1"), Illegal::KingLeavesBoard);
}

// §4 Pawns

#[test]
fn pawn_pushes_own_piece_within_reach() {
    // Bodlaender: white pawn e2, a piece on e3 may go to e4 or e5.
    let p = pos("4k3/8/8/8/8/4N3/4P3/4K3 w - - 0 1", "nost");
    allows(&p, "e2/e3e4");
    allows(&p, "e2/e3e5");
    allows(&p, "e2e3/e3e5");
    allows(&p, "e2e4/e3e5");
    allows(&p, "e2e3/e3e4");
    assert!(matches!(forbids(&p, "e2/e3e6"), Illegal::NoSuchShove(_)));
    assert!(matches!(forbids(&p, "e2e4/e3e4"), Illegal::NoSuchShove(_)));
    // A piece on e4 (e3 empty) to e5 only.
    let p = pos("4k3/8/8/8/4N3/8/4P3/4K3 w - - 0 1", "nost");
    allows(&p, "e2/e4e5");
    allows(&p, "e2e4/e4e5");
    assert!(matches!(forbids(&p, "e2/e4e6"), Illegal::NoSuchShove(_)));
    // Off the second rank the reach is 1: the piece goes one square further.
    let p = pos("4k3/8/8/8/4N3/4P3/8/4K3 w - - 0 1", "nost");
    allows(&p, "e3/e4e5");
    assert!(matches!(forbids(&p, "e3/e4e6"), Illegal::NoSuchShove(_)));
    // Pawns push only their own colour straight ahead.
    let p = pos("4k3/8/8/8/8/4n3/4P3/4K3 w - - 0 1", "nost");
    assert!(matches!(forbids(&p, "e2/e3e4"), Illegal::NotInReach { .. }));
}

#[test]
fn pawn_pushes_enemy_diagonally() {
    // A white pawn on e3 can push a black piece on d4 to c5.
    let p = pos("4k3/8/8/8/3n4/4P3/8/4K3 w - - 0 1", "nost");
    allows(&p, "e3/d4c5");
    allows(&p, "e3d4/d4c5");
    // Only one square further, and not its own colour.
    assert!(matches!(forbids(&p, "e3/d4b6"), Illegal::NoSuchShove(_)));
    let p = pos("4k3/8/8/8/3N4/4P3/8/4K3 w - - 0 1", "nost");
    assert!(matches!(forbids(&p, "e3/d4c5"), Illegal::NotInReach { .. }));
    // A piece on the a-file is pushed off.
    let p = pos("4k3/8/8/8/p7/1P6/8/4K3 w - - 0 1", "nost");
    allows(&p, "b3/a4E");
    allows(&p, "b3a4/a4E");
}

#[test]
fn pawn_never_pulls_or_leaves() {
    let p = pos("4k3/8/8/8/8/4P3/4N3/4K3 w - - 0 1", "nost");
    assert_eq!(forbids(&p, "e3e4/e2e3"), Illegal::PawnPull);
    let p = pos("4k3/4P3/8/8/8/8/8/4K3 w - - 0 1", "nost");
    // e7 would step to e8 and promote; it cannot walk off.
    assert_eq!(forbids(&p, "e7E"), Illegal::PawnLeavesBoard);
}

#[test]
fn pawn_double_step_depends_on_the_rank_only() {
    // A white pawn pushed back to its first rank moves one square.
    let p = pos("4k3/8/8/8/8/8/8/P3K3 w - - 0 1", "nost");
    allows(&p, "a1a2");
    assert!(matches!(forbids(&p, "a1a3"), Illegal::NotAMove { .. }));
    // From the second rank it double-steps again, whatever its history.
    let p = pos("4k3/8/8/8/8/8/P7/4K3 w - - 0 1", "nost");
    allows(&p, "a2a4");
}

#[test]
fn a_pawn_on_its_first_rank_does_not_promote() {
    // A black pawn pushed to rank 8 (its first) stays a pawn.
    let p = pos("1p2k3/8/8/8/8/8/8/1R2K3 w - - 0 1", "nost");
    let after = allows(&p, "Rb1/b8E");
    assert_eq!(after.board().placement(), "4k3/8/8/8/8/8/8/1R2K3");
    let p = pos("4k3/8/8/8/8/1p6/8/1R2K3 w - - 0 1", "nost");
    let after = allows(&p, "Rb1b2/b3b8");
    assert_eq!(after.board().placement(), "1p2k3/8/8/8/8/8/1R6/4K3");
}

#[test]
fn promotion_by_every_route_each_choice_a_move() {
    // Own move.
    let p = pos("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "nost");
    let moves = legal(&p);
    for r in ["Q", "R", "B", "N"] {
        assert!(moves.contains(&format!("a7a8={r}")), "{moves:?}");
    }
    assert!(matches!(forbids(&p, "a7a8"), Illegal::PromotionMissing(_)));
    let after = allows(&p, "a7a8=N");
    assert_eq!(after.board().placement(), "N3k3/8/8/8/8/8/8/4K3");
    // Pushed by a rook: the pusher's player chooses.
    let p = pos("4k3/8/1P6/8/8/8/8/1R2K3 w - - 0 1", "nost");
    let after = allows(&p, "Rb1/b6b8=N");
    assert_eq!(after.board().placement(), "1N2k3/8/8/8/8/8/8/1R2K3");
    // Pulled: a white rook pulls a black pawn onto rank 1, its last rank;
    // White chooses what it becomes.
    let p = pos("4k3/8/8/8/8/1p6/1R6/4K2N w - - 0 1", "nost");
    let after = allows(&p, "Rb2E/b3b1=B");
    assert_eq!(after.board().placement(), "4k3/8/8/8/8/8/8/1b2K2N");
    // The NOST example Rb1/b7b8=N; written without promotion it is refused.
    let p = pos("4k3/1P6/8/8/8/8/8/1R2K3 w - - 0 1", "nost");
    allows(&p, "Rb1/b7b8=N");
    assert!(matches!(
        forbids(&p, "Rb1/b7b8"),
        Illegal::PromotionMissing(_)
    ));
    assert_eq!(forbids(&p, "Rb1b2=Q"), Illegal::PromotionNotAllowed);
    // A pawn pushing its own piece off may follow onto the last rank.
    let p = pos("4N3/4P3/8/8/8/8/8/k3K3 w - - 0 1", "nost");
    let after = allows(&p, "e7e8=Q/e8E");
    assert_eq!(after.board().placement(), "4Q3/8/8/8/8/8/8/k3K3");
}

#[test]
fn en_passant_edge_option() {
    // White a2-a4 passes a3; the black pawn on b4 may push it off.
    let before = "4k3/8/8/8/1p6/8/P7/4K3 w - - 0 1";
    let p = pos(before, "nost,en_passant_edge=true");
    let after = allows(&p, "a2a4");
    assert_eq!(after.ep_square().map(|s| s.to_string()), Some("a3".into()));
    assert!(after.to_fen().contains(" b - a3 "));
    allows(&after, "b4/a4E");
    let gone = allows(&after, "b4a3/a4E");
    assert_eq!(gone.board().placement(), "4k3/8/8/8/8/p7/8/4K3");
    // Only on the very next turn.
    let later = allows(&allows(&after, "Ke8d8"), "Ke1d1");
    assert_eq!(
        forbids(&later, "b4/a4E").to_string(),
        "the pawn on b4 cannot push or pull a4: a pawn pushes only forward; a pawn beside it on the edge may be pushed off only on the turn right after its double step"
    );
    // Under NOST there is no en passant at all.
    let p = pos(before, "nost");
    let after = allows(&p, "a2a4");
    assert_eq!(after.ep_square(), None);
    assert!(matches!(
        forbids(&after, "b4/a4E"),
        Illegal::NotInReach { .. }
    ));
    // Following its own push two squares counts as a double step.
    let p = pos(
        "4k3/8/8/8/1p6/N7/P7/4K3 w - - 0 1",
        "nost,en_passant_edge=true",
    );
    let after = allows(&p, "a2a4/a3a5");
    assert_eq!(after.ep_square().map(|s| s.to_string()), Some("a3".into()));
    allows(&after, "b4/a4E");
    // Not on the b-file.
    let p = pos(
        "4k3/8/8/8/2p5/8/1P6/4K3 w - - 0 1",
        "nost,en_passant_edge=true",
    );
    let after = allows(&p, "b2b4");
    assert_eq!(after.ep_square(), None);
}

// §5 Leaving the board

#[test]
fn leaving_the_board_under_own_power() {
    let p = pos("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "nost");
    allows(&p, "Ra1E");
    // All ways off are one move.
    let p = pos("4k3/8/8/8/3Q4/8/8/4K3 w - - 0 1", "nost");
    assert_eq!(legal(&p).iter().filter(|m| *m == "Qd4E").count(), 1);
    // Blocked lines: a rook boxed in cannot leave.
    let p = pos("4k3/8/8/3P4/2PRP3/3P4/8/4K3 w - - 0 1", "nost");
    assert_eq!(
        forbids(&p, "Rd4E").to_string(),
        "a rook on d4 cannot leave the board: every line from there to the edge is blocked"
    );
    // A knight whose jump lands off the board.
    let p = pos("4k3/8/8/8/8/8/8/N3K3 w - - 0 1", "nost");
    allows(&p, "Na1E");
    let p = pos("4k3/8/8/8/3N4/8/8/4K3 w - - 0 1", "nost");
    assert!(matches!(forbids(&p, "Nd4E"), Illegal::CannotLeave { .. }));
}

// §6 Check, mate, king transit

#[test]
fn dynamate_and_no_escape_by_pushing_the_queen() {
    let p = pos("8/4B3/8/8/6Qk/8/4N3/K7 b - - 0 1", "nost");
    assert!(p.is_check());
    assert_eq!(p.status(), Status::Checkmate);
    assert!(p.legal_moves().is_empty());
    // The king pushing the queen to f4 is still pushed off over h4.
    assert_eq!(forbids(&p, "Kh4g4/g4f4"), Illegal::LeavesKingInCheck);
}

#[test]
fn check_by_pull_along_a_diagonal() {
    // vchess: the queen on a4 threatens to pull the king off along a4-e8.
    let p = pos(
        "rnb1qbnr/pppkpppp/3p4/8/Q1P5/5NP1/PP1PPP1P/RNB1KB1R b - - 0 1",
        "nost",
    );
    assert_eq!(p.status(), Status::Check);
}

#[test]
fn stalemate() {
    // Black king a8, hemmed in: every move would put it in check.
    let p = pos("k7/2Q5/1K6/8/8/8/8/8 b - - 0 1", "nost");
    assert!(!p.is_check());
    assert_eq!(p.status(), Status::Stalemate);
}

#[test]
fn no_move_may_leave_own_king_in_check_or_off() {
    // The black rook on h1 would push the king off along the first rank.
    let p = pos("4k3/8/8/8/8/8/K7/7r w - - 0 1", "nost");
    assert_eq!(forbids(&p, "Ka2b1"), Illegal::LeavesKingInCheck);
    allows(&p, "Ka2b3");
    // A rook may not push its own king off the board.
    let p = pos("4k3/8/8/8/8/8/K7/R7 w - - 0 1", "nost");
    assert_eq!(forbids(&p, "Ra1/a2E"), Illegal::OwnKingOffBoard);
}

#[test]
fn king_transit_rule_own_king() {
    // The white rook pushes its own king a3-a5 over a4, where the black
    // rook on h4 could push it off.
    let fen = "7k/8/8/8/7r/K7/8/R7 w - - 0 1";
    let p = pos(fen, "nost");
    let reason = forbids(&p, "Ra1/a3a5");
    assert_eq!(
        reason.to_string(),
        "the white king would be carried over a4, where it would be in check (king-transit rule)"
    );
    assert!(matches!(
        forbids(&p, "Ra1a2/a3a5"),
        Illegal::KingTransit { .. }
    ));
    // Landing in check is the ordinary check rule.
    assert_eq!(forbids(&p, "Ra1/a3a4"), Illegal::LeavesKingInCheck);
    let off = pos(fen, "nost,king_transit_check=false");
    allows(&off, "Ra1/a3a5");
    allows(&off, "Ra1a2/a3a5");
}

#[test]
fn king_transit_rule_enemy_king_and_follower_left_out() {
    // White pushes the black king b4-b6 over b5, where the rook on h5
    // could push it off. b1 and b8 block pulls and pushes off the b-file.
    let fen = "1r6/8/8/7R/1k6/8/1R6/1N5K w - - 0 1";
    let p = pos(fen, "nost");
    assert!(!p.is_check());
    assert!(matches!(
        forbids(&p, "Rb2/b4b6"),
        Illegal::KingTransit { square, .. } if square.to_string() == "b5"
    ));
    // The pusher that follows onto b5 is left out of the test.
    assert!(matches!(
        forbids(&p, "Rb2b5/b4b6"),
        Illegal::KingTransit { .. }
    ));
    // One square passes nothing; pushing the enemy king into check is fine.
    let after = allows(&p, "Rb2/b4b5");
    assert!(after.is_check());
    let off = pos(fen, "nost,king_transit_check=false");
    allows(&off, "Rb2/b4b6");
    allows(&off, "Rb2b5/b4b6");
}

// §7 No-undo

#[test]
fn no_undo_rule_nost_example() {
    let p = pos("8/8/8/8/8/3k4/3K4/8 w - - 0 1", "nost");
    let after = allows(&p, "Kd2d3/d3d4");
    assert_eq!(forbids(&after, "Kd4d3/d3d2"), Illegal::NoUndo);
    // Without knowing the board before (no seventh field) it is allowed.
    let fen = after.to_fen();
    let six: Vec<&str> = fen.split(' ').take(6).collect();
    let unknown = pos(&six.join(" "), "nost");
    allows(&unknown, "Kd4d3/d3d2");
    // The seventh field carries it.
    let seven = pos(&fen, "nost");
    assert_eq!(forbids(&seven, "Kd4d3/d3d2"), Illegal::NoUndo);
}

#[test]
fn no_undo_holds_even_as_the_only_way_out_of_check() {
    // The white king pushes the black king h7-h8, into check from the rook
    // on a8. g8 and g7 are in check too (rook, knight); h7 would restore
    // the board before White's move: so it is mate.
    let p = pos("R7/7k/4N2K/8/8/8/8/8 w - - 0 1", "nost");
    let after = allows(&p, "Kh6/h7h8");
    assert_eq!(forbids(&after, "Kh8h7"), Illegal::NoUndo);
    assert_eq!(forbids(&after, "Kh8g8"), Illegal::LeavesKingInCheck);
    assert_eq!(forbids(&after, "Kh8g7"), Illegal::LeavesKingInCheck);
    assert_eq!(after.status(), Status::Checkmate);
}

// §8 Castling

#[test]
fn castling_plain() {
    let fen = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";
    let p = pos(fen, "nost");
    let after = allows(&p, "O-O");
    assert_eq!(
        after.board().placement(),
        "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R4RK1"
    );
    assert_eq!(after.castling().fen(), "kq");
    let after = allows(&p, "O-O-O");
    assert_eq!(
        after.board().placement(),
        "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/2KR3R"
    );
    allows(&p, "0-0-0");
    // As the king's move, and in numeric notation.
    assert_eq!(
        notation::format(&parse_move(&p, "Ke1g1").expect("castling")),
        "O-O"
    );
    assert_eq!(
        notation::format(&parse_move(&p, "5171").expect("castling")),
        "O-O"
    );
    assert_eq!(
        notation::format(&parse_move(&p, "5131").expect("castling")),
        "O-O-O"
    );
    // Something between king and rook.
    let p = pos("4k3/8/8/8/8/8/8/RN2K2R w KQ - 0 1", "nost");
    assert!(matches!(
        forbids(&p, "O-O-O"),
        Illegal::CastlingNotPossible { .. }
    ));
}

#[test]
fn castling_out_of_through_and_into_check() {
    // A black rook on f8 over an empty f-file checks f1: no O-O.
    let p = pos("4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1", "nost");
    assert!(matches!(
        forbids(&p, "O-O"),
        Illegal::CastlingThroughCheck(_)
    ));
    allows(&p, "O-O-O");
    // Landing on g1 in check.
    let p = pos("4k1r1/8/8/8/8/8/8/R3K2R w KQ - 0 1", "nost");
    assert_eq!(forbids(&p, "O-O"), Illegal::LeavesKingInCheck);
    allows(&p, "O-O-O");
    // Out of check: the rook on a1... the black rook on h1's line is
    // blocked, so use a bishop on the long diagonal: h4-e1 pushes off.
    let p = pos("4k3/8/8/8/7b/8/8/R3K2R w KQ - 0 1", "nost");
    assert!(p.is_check());
    assert_eq!(forbids(&p, "O-O-O"), Illegal::CastlingOutOfCheck);
}

#[test]
fn castling_right_survives_a_pull_away_and_push_back_under_nost() {
    // Black's rook leaves the board pulling the h1 rook to h3.
    let fen = "4k2r/8/8/8/8/8/8/4K2R b K - 0 1";
    let p = pos(fen, "nost");
    let away = allows(&p, "Rh8E/h1h3");
    assert_eq!(away.castling().fen(), "K@h1h3");
    // The rook stands away: no castling now.
    let p = pos("4k3/8/8/7q/8/7R/8/4K3 w K@h1h3 - 0 1", "nost");
    assert!(matches!(
        forbids(&p, "O-O"),
        Illegal::CastlingNotPossible { .. }
    ));
    // Pushed back to h1 by the black queen, it may castle again.
    let p = pos("4k3/8/8/7q/8/7R/8/4K3 b K@h1h3 - 0 1", "nost");
    let back = allows(&p, "Qh5/h3h1");
    assert_eq!(back.castling().fen(), "K");
    let castled = allows(&back, "O-O");
    assert_eq!(castled.board().placement(), "4k3/8/8/7q/8/8/8/5RK1");
    // Under castling=strict the pull ends the right.
    let p = pos(fen, "nost,castling=strict");
    let away = allows(&p, "Rh8E/h1h3");
    assert_eq!(away.castling().fen(), "-");
}

#[test]
fn castling_right_is_tied_to_the_piece() {
    // The h1 rook pushed to a1 keeps the king-side right only.
    let p = pos("4k3/8/8/8/8/8/8/R3K3 w K@h1a1 - 0 1", "nost");
    assert!(matches!(
        forbids(&p, "O-O-O"),
        Illegal::CastlingRightLost { .. }
    ));
    assert!(matches!(
        forbids(&p, "O-O"),
        Illegal::CastlingNotPossible { .. }
    ));
}

#[test]
fn castling_right_lost_only_by_moving_under_own_power() {
    let fen = "4k3/8/8/8/7p/8/4p3/4K2R w K - 0 1";
    let p = pos(fen, "nost");
    // A stationary push by the king or the rook keeps the right.
    assert_eq!(allows(&p, "Ke1/e2e3").castling().fen(), "K");
    assert_eq!(allows(&p, "Rh1/h4h5").castling().fen(), "K");
    // Moving while pushing, or a plain move, costs it.
    assert_eq!(allows(&p, "Rh1h2/h4h5").castling().fen(), "-");
    assert_eq!(allows(&p, "Ke1d2").castling().fen(), "-");
    assert_eq!(allows(&p, "Ke1e2/e2e3").castling().fen(), "-");
    // Under strict rules a stationary push keeps it too.
    let p = pos(fen, "nost,castling=strict");
    assert_eq!(allows(&p, "Rh1/h4h5").castling().fen(), "K");
}

// §11 Position text

#[test]
fn fen_after_e2e4_matches_the_rule_book() {
    let after = allows(&start(), "e2e4");
    assert_eq!(
        after.to_fen(),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"
    );
    assert_eq!(
        start().to_fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -"
    );
}

#[test]
fn fen_castling_at_list_round_trips() {
    let fen = "rnbq1bnr/ppppkppp/8/8/8/7R/PPPPPPPP/RNBQKBN1 w Kkq@h1h3,e8e7 - 0 1 -";
    let p = pos(fen, "nost");
    assert_eq!(p.to_fen(), fen);
    assert!(p.castling().has(
        dynamo_core::Color::White,
        dynamo_core::CastlingSide::KingSide
    ));
}

#[test]
fn fen_errors_say_what_is_wrong() {
    let cases = [
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
            "piece placement: expected 8 ranks separated by '/', found 7",
        ),
        (
            "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "piece placement: unknown piece letter '9' on rank 6",
        ),
        (
            "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "piece placement: rank 7 describes 7 squares, not 8",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
            "piece placement: unknown piece letter 'X' on rank 1",
        ),
        (
            "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1",
            "black has 0 kings; each side has exactly one",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w kq - 0 1",
            "white has 2 kings; each side has exactly one",
        ),
        (
            "P3k3/8/8/8/8/8/8/4K3 w - - 0 1",
            "the white pawn on a8 stands on its last rank, where it would have promoted",
        ),
        (
            "4k3/8/8/8/8/8/8/p3K3 w - - 0 1",
            "the black pawn on a1 stands on its last rank, where it would have promoted",
        ),
        (
            "4k2R/8/8/8/8/8/8/4K3 w - - 0 1",
            "black has just moved but its king is in check",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 x - - 0 1",
            "side to move: expected 'w' or 'b', found 'x'",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w X - 0 1",
            "castling field: 'X' is not a castling letter (expected K, Q, k, q or -)",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w K - 0 1",
            "castling field: castling right 'K' needs the rook from h1 on h1, but h1 is empty",
        ),
        (
            "4k3/8/8/8/8/8/8/3K3R w K - 0 1",
            "castling field: castling right 'K' needs the king from e1 on e1, but e1 is empty",
        ),
        (
            "4k3/8/8/8/8/8/8/4K2R w K@h1h3 - 0 1",
            "castling field: castling right 'K' needs the rook from h1 on h3, but h3 is empty",
        ),
        (
            "4k3/8/8/8/8/8/8/4K2R w K@b1b3 - 0 1",
            "castling field: @ entry 'b1b3': b1 is not a king's or rook's original square",
        ),
        (
            "4k3/8/8/8/8/8/8/4K2R w K@a1a3 - 0 1",
            "castling field: @ entry for a1 belongs to no castling right in the letters",
        ),
        (
            "4k3/8/8/8/8/8/8/4K2R w K@h1 - 0 1",
            "castling field: 'h1' is not an @ entry: expected ORIGINALcurrent, like h1h3",
        ),
        (
            "4k3/8/8/8/8/8/8/4K2R w KK - 0 1",
            "castling field: castling letter 'K' is given twice",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - e4 0 1",
            "en-passant field: e4 is on the wrong rank; with white to move it must be on rank 6",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - z9 0 1",
            "en-passant field: expected '-' or a square, found 'z9'",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - x 1",
            "half-move clock: expected a number from 0 to 4294967295, found 'x'",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - 0 0",
            "move number: expected a number from 1 to 4294967295, found '0'",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1 4k3/8/8",
            "seventh field (board before the last move): expected 8 ranks separated by '/', found 3",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w",
            "expected 4 to 7 space-separated fields, found 2",
        ),
        ("", "empty position text"),
    ];
    for (fen, message) in cases {
        let err = Position::from_fen(fen, Rules::NOST).expect_err(fen);
        assert_eq!(err.to_string(), message, "{fen}");
    }
}

#[test]
fn fen_strict_castling_rejects_displaced_rights() {
    let fen = "4k3/8/8/8/8/7R/8/4K3 w K@h1h3 - 0 1";
    Position::from_fen(fen, Rules::NOST).expect("valid under nost");
    let err = Position::from_fen(fen, rules("nost,castling=strict")).expect_err("strict");
    assert_eq!(
        err.to_string(),
        "castling field: under castling=strict a displaced piece has no castling right, so '@' entries are invalid"
    );
}

#[test]
fn fen_en_passant_field() {
    // Standard FEN writes e3 after e2e4: accepted, and no rule attaches.
    let p = pos(
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
        "nost",
    );
    assert_eq!(p.ep_square(), None);
    // Under en_passant_edge an a-file square is kept, and checked.
    let p = pos(
        "4k3/8/8/8/Pp6/8/8/4K3 b - a3 0 1",
        "nost,en_passant_edge=true",
    );
    assert_eq!(p.ep_square().map(|s| s.to_string()), Some("a3".into()));
    let err = Position::from_fen(
        "4k3/8/8/8/1p6/8/8/4K3 b - a3 0 1",
        rules("nost,en_passant_edge=true"),
    )
    .expect_err("no pawn");
    assert_eq!(
        err.to_string(),
        "en-passant field: a3 is not behind a pawn that has just stepped two squares"
    );
}

#[test]
fn rule_set_text() {
    assert_eq!(rules("nost"), Rules::NOST);
    let r = rules("nost,stationary_pull=false,castling=strict");
    assert!(!r.stationary_pull);
    assert_eq!(r.to_string(), "nost,stationary_pull=false,castling=strict");
    assert_eq!(
        rules("nost,king_transit_check=false,en_passant_edge=true").to_string(),
        "nost,king_transit_check=false,en_passant_edge=true"
    );
    for (text, message) in [
        (
            "pritchard",
            "unknown rule set 'pritchard' (a rule set is 'nost', 'wikipedia' or 'vchess', optionally followed by overrides)",
        ),
        (
            "nost,foo=true",
            "unknown rule option 'foo' (options: stationary_pull, castling, king_transit_check, en_passant_edge, promotion)",
        ),
        (
            "wikipedia,promotion=pawn",
            "rule option 'promotion' cannot be 'pawn': expected \"mover\" or \"owner\"",
        ),
        (
            "nost,castling=loose",
            "rule option 'castling' cannot be 'loose': expected \"nost\" or \"strict\"",
        ),
        (
            "nost,stationary_pull",
            "rule option 'stationary_pull' needs a value: stationary_pull=true or false",
        ),
        (
            "nost,stationary_pull=yes",
            "rule option 'stationary_pull' cannot be 'yes': expected true or false",
        ),
    ] {
        assert_eq!(text.parse::<Rules>().expect_err(text).to_string(), message);
    }
}

/// §9.2: the two names stand for their options, take overrides like
/// `nost`, and print as written; the expanded form reads back.
#[test]
fn named_rule_sets() {
    let wikipedia = rules("wikipedia");
    assert_eq!(wikipedia, rules("nost,stationary_pull=false"));
    assert_eq!(wikipedia.to_string(), "wikipedia");
    assert_eq!(
        rules("vchess"),
        rules("nost,stationary_pull=false,castling=strict,king_transit_check=false")
    );
    assert_eq!(rules("vchess").to_string(), "vchess");
    let variant = rules("wikipedia,en_passant_edge=true,promotion=owner");
    assert!(variant.en_passant_edge);
    assert_eq!(variant.promotion, Promotion::Owner);
    assert_eq!(
        variant.to_string(),
        "wikipedia,en_passant_edge=true,promotion=owner"
    );
    // An override that restates the name's own value is not printed; one
    // that undoes it is.
    assert_eq!(rules("vchess,castling=strict").to_string(), "vchess");
    assert_eq!(
        rules("vchess,stationary_pull=true").to_string(),
        "vchess,stationary_pull=true"
    );
    assert_eq!(
        variant.expanded(),
        "wikipedia,stationary_pull=false,castling=nost,king_transit_check=true,en_passant_edge=true,promotion=owner"
    );
    assert_eq!(
        variant.described(),
        "wikipedia,en_passant_edge=true,promotion=owner (stationary_pull=false, castling=nost, king_transit_check=true, en_passant_edge=true, promotion=owner)"
    );
    assert_eq!(Rules::NOST.described(), "nost");
    for text in [
        "nost",
        "wikipedia",
        "vchess,promotion=owner",
        "nost,castling=strict",
    ] {
        let r = rules(text);
        assert_eq!(rules(&r.expanded()), r, "{text}");
        assert_eq!(rules(&r.expanded()).to_string(), text, "{text}");
        assert_eq!(rules(&r.to_string()).name, r.name, "{text}");
    }
}

// §10 Notation

#[test]
fn forgiving_input_forms() {
    let p = start();
    for (text, canonical) in [
        ("Qd1d3/d2d6", "Qd1d3/d2d6"),
        ("Qd1d3/Pd2d6", "Qd1d3/d2d6"),
        ("Qd1-d3/d2-d6", "Qd1d3/d2d6"),
        ("4143/4246", "Qd1d3/d2d6"),
        ("61/7200", "Bf1/g2E"),
        ("Bf1/g2e", "Bf1/g2E"),
        ("Bf1/Pg2E+", "Bf1/g2E"),
        ("Pe2e4!?", "e2e4"),
        ("e2e4#", "e2e4"),
        ("Ng1/Pe2c3", "Ng1/e2c3"),
        // Without a letter, the piece on the square written: as engines
        // write moves.
        ("g1f3", "Ng1f3"),
        ("d1d3/d2d6", "Qd1d3/d2d6"),
        ("g1e2/e2c3", "Ng1e2/e2c3"),
        ("g1-f3", "Ng1f3"),
    ] {
        let m = parse_move(&p, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(notation::format(&m), canonical, "{text}");
    }
    // The mover's letter, when written, must match.
    assert!(matches!(
        forbids(&p, "Bd1d3/d2d6"),
        Illegal::WrongPiece { .. }
    ));
    assert!(matches!(
        forbids(&p, "Qd1d3/Nd2d6"),
        Illegal::WrongPiece { .. }
    ));
    assert_eq!(
        forbids(&p, "e7e5").to_string(),
        "the black pawn on e7 is not yours: only your own pieces move under their own power"
    );
    assert_eq!(forbids(&p, "e3e4").to_string(), "there is no piece on e3");
    assert_eq!(
        forbids(&p, "Qd1/d4d5").to_string(),
        "there is no piece on d4 to push or pull"
    );
    assert_eq!(
        forbids(&p, "Nb1b3").to_string(),
        "a knight cannot move from b1 to b3"
    );
    assert_eq!(
        forbids(&p, "Qd1d1").to_string(),
        "a queen cannot move from d1 to d1"
    );
    // A stationary mover may be written with its square twice.
    assert_eq!(
        notation::format(&parse_move(&p, "Bf1f1/g2E").expect("stationary")),
        "Bf1/g2E"
    );
    assert_eq!(
        forbids(&p, "Ra1a2").to_string(),
        "a2 is occupied: a piece moves under its own power only to an empty square"
    );
    assert_eq!(
        forbids(&p, "Ra1/b2b3").to_string(),
        "the rook on a1 cannot push or pull b2: a rook pushes and pulls only along its ranks and files"
    );
    assert_eq!(
        forbids(&p, "Ra1/a7a6").to_string(),
        "the rook on a1 cannot push or pull a7: a2 stands between them"
    );
    assert_eq!(
        forbids(&p, "Bc1/c2c3").to_string(),
        "the bishop on c1 cannot push or pull c2: a bishop pushes and pulls only along its diagonals"
    );
    assert_eq!(
        forbids(&p, "Bc1/d2d3").to_string(),
        "the bishop on c1 cannot take the pawn on d2 to d3: it can go to e3, f4, g5, h6, off the board, c1"
    );
    assert_eq!(
        forbids(&p, "Bc1f4/d2e3").to_string(),
        "when the pawn on d2 goes to e3, the bishop on c1 can end only on: stay on c1, d2 (a pusher stays behind the piece it pushes, a puller ahead of the piece it pulls)"
    );
}

#[test]
fn syntax_errors_say_where() {
    for (text, message) in [
        (
            "Qd1d3/d2",
            "'Qd1d3/d2' is not a move: at column 9, expected the destination of the pushed or pulled piece: a square or 'E', found the end",
        ),
        (
            "Qz1",
            "'Qz1' is not a move: at column 2, expected a square such as e4, found 'z'",
        ),
        (
            "e",
            "'e' is not a move: at column 2, expected a rank from 1 to 8, found the end",
        ),
        (
            "e2e4x",
            "'e2e4x' is not a move: at column 5, expected '/' or the end of the move, found 'x'",
        ),
        (
            "e7e8=K",
            "'e7e8=K' is not a move: at column 6, expected a promotion piece: Q, R, B or N, found 'K'",
        ),
        (
            "",
            "'' is not a move: at column 1, expected a move, found the end",
        ),
        (
            "419",
            "'419' is not a move: at column 3, expected two digits 1-8 (file, rank) or 00, found '9'",
        ),
    ] {
        let err = dynamo_core::Notation::parse(text).expect_err(text);
        assert_eq!(err.to_string(), message, "{text}");
    }
}

#[test]
fn numeric_notation_output() {
    let p = start();
    let m = parse_move(&p, "Qd1d3/d2d6").expect("legal");
    assert_eq!(notation::format_numeric(&m, p.turn()), "4143/4246");
    let m = parse_move(&p, "Bf1/g2E").expect("legal");
    assert_eq!(notation::format_numeric(&m, p.turn()), "61/7200");
    let p = pos("4k3/1P6/8/8/8/8/8/1R2K3 w - - 0 1", "nost");
    let m = parse_move(&p, "Rb1/b7b8=N").expect("legal");
    assert_eq!(notation::format_numeric(&m, p.turn()), "21/27284");
    assert_eq!(
        notation::format(&parse_move(&p, "21/27284").expect("numeric")),
        "Rb1/b7b8=N"
    );
}

// §12 Counting moves

#[test]
fn start_position_moves_and_distinct_boards() {
    let p = start();
    let moves = legal(&p);
    assert_eq!(moves.len(), 176);
    let boards: std::collections::HashSet<String> = p
        .legal_children()
        .map(|(_, child)| child.board().placement())
        .collect();
    assert_eq!(boards.len(), 168);
    // Different moves with the same effect are still different moves.
    for same in [
        ["a2a3", "Ra1/a2a3"],
        ["e2e3", "Ke1/e2e3"],
        ["Qd1/e2E", "Bf1/e2E"],
    ] {
        let a = allows(&p, same[0]);
        let b = allows(&p, same[1]);
        assert_eq!(a.board(), b.board());
    }
}

#[test]
fn notation_examples_of_the_sources() {
    // NOST §10: a knight leaving the board while pulling.
    let p = start();
    let after = allows(&p, "Ng1E/e2g1");
    assert_eq!(
        after.board().placement(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPP1PPP/RNBQKBPR"
    );
    // Wikipedia's forms, with a letter before the second part.
    let p = pos("4k3/8/8/b7/8/2B5/8/RN5K w - - 0 1", "nost");
    let m = parse_move(&p, "Ra1a5/Ba5E").expect("rook pushes the bishop off");
    assert_eq!(notation::format(&m), "Ra1a5/a5E");
    let m = parse_move(&p, "Nb1/Bc3d5").expect("stationary knight push");
    assert_eq!(notation::format(&m), "Nb1/c3d5");
    assert!(matches!(
        forbids(&p, "Nb1/Nc3d5"),
        Illegal::WrongPiece { .. }
    ));
    let p = pos("8/8/8/8/8/3k4/3K4/8 w - - 0 1", "nost");
    assert_eq!(
        notation::format(&parse_move(&p, "Kd2d3/Kd3d4").expect("king pushes king")),
        "Kd2d3/d3d4"
    );
}

#[test]
fn strict_castling_forbids_what_nost_allows() {
    // The black queen pulls the h1 rook to h3, then pushes it back.
    let fen = "4k3/8/8/7q/8/8/P7/4K2R b K - 0 1";
    for (rule_set, castles) in [("nost", true), ("nost,castling=strict", false)] {
        let p = pos(fen, rule_set);
        let p = allows(&p, "Qh5h6/h1h3");
        let p = allows(&p, "a2a3");
        let p = allows(&p, "Qh6/h3h1");
        if castles {
            allows(&p, "O-O");
        } else {
            assert!(matches!(
                forbids(&p, "O-O"),
                Illegal::CastlingRightLost { .. }
            ));
        }
    }
}

#[test]
fn descriptive_notation_is_read_from_the_movers_side() {
    let p = start();
    for (text, canonical) in [
        ("B-KN2/PE", "Bf1g2/g2E"),
        ("BKB1/PKN2E", "Bf1/g2E"),
        ("Q-Q3/P-Q6", "Qd1d3/d2d6"),
        ("QQ1/P-Q5", "Qd1/d2d5"),
        ("NKN1-K2/PK2-QB3", "Ng1e2/e2c3"),
        ("P-K4", "e2e4"),
        ("N-KB3+", "Ng1f3"),
    ] {
        let m = parse_move(&p, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(notation::format(&m), canonical, "{text}");
    }
    // Squares count from Black's side when Black moves.
    let black = allows(&p, "e2e4");
    assert_eq!(
        notation::format(&parse_move(&black, "P-K4").expect("e7e5")),
        "e7e5"
    );
    assert_eq!(
        notation::format(&parse_move(&black, "N-QB3").expect("Nb8c6")),
        "Nb8c6"
    );
    // A pattern must fit exactly one legal move.
    assert_eq!(
        forbids(&p, "BKB1/PE").to_string(),
        "this fits several legal moves: Bf1/e2E, Bf1/g2E; name the squares to tell them apart"
    );
    assert_eq!(
        forbids(&p, "N-B3").to_string(),
        "this fits several legal moves: Nb1c3, Ng1f3; name the squares to tell them apart"
    );
    assert_eq!(
        forbids(&p, "P-K5").to_string(),
        "no legal move fits this description"
    );
    // Promotion, written = or in brackets.
    let p = pos("4k3/1P6/8/8/8/8/8/1R2K3 w - - 0 1", "nost");
    assert_eq!(
        notation::format(&parse_move(&p, "P-N8=Q").expect("promotion")),
        "b7b8=Q"
    );
    assert_eq!(
        notation::format(&parse_move(&p, "RQN1/P-QN8(N)").expect("pushed")),
        "Rb1/b7b8=N"
    );
    assert!(matches!(forbids(&p, "P-N8"), Illegal::PromotionMissing(_)));
    // Syntax errors say where.
    let err = dynamo_core::Notation::parse("B-XY/PE").expect_err("bad square");
    assert_eq!(
        err.to_string(),
        "'B-XY/PE' is not a move: at column 3, expected a square such as KB3, or E for off the board, found 'X'"
    );
}
