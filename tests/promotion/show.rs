//! `dynamo show` of a game under `promotion=owner` (§9.1, §13.18): the
//! pawn awaiting its owner's choice named with the choices, then the
//! choice made alone with the move awaited, then neither; and the board
//! after the completed move, `Re6e7/e7e8=R`, with the chosen piece.

use super::game::game_awaiting_whites_choice;
use crate::support::TestEnv;

fn choice_line(env: &TestEnv, args: &[&str]) -> Option<String> {
    let mut all = vec!["show", "--game", "g.pgn", "--ascii"];
    all.extend_from_slice(args);
    let out = env.ok(&all);
    out.lines()
        .find_map(|l| l.strip_prefix("Choice: "))
        .map(str::to_string)
}

#[test]
fn show_names_the_pending_pawn_then_the_choice_then_nothing() {
    let env = TestEnv::new();
    game_awaiting_whites_choice(&env);
    assert_eq!(
        choice_line(&env, &[]).as_deref(),
        Some("the white pawn on e8 awaits White's choice (=Q, =R, =B or =N), then White's move")
    );
    assert_eq!(choice_line(&env, &["--ply", "0"]), None);
    env.ok(&[
        "move",
        "g.pgn",
        "=R",
        "--by",
        "white",
        "--at",
        "2026-11-01T10:30:00Z",
    ]);
    assert_eq!(
        choice_line(&env, &[]).as_deref(),
        Some("White chose the rook (=R) for the pawn on e8; White's move is awaited")
    );
    env.ok(&[
        "move",
        "g.pgn",
        "Re8/e7e6",
        "--by",
        "white",
        "--at",
        "2026-11-01T11:00:00Z",
    ]);
    assert_eq!(choice_line(&env, &[]), None);
    // The board after 1... Re6e7/e7e8=R has the rook White chose.
    let after = env.ok(&["show", "--game", "g.pgn", "--ply", "1", "--ascii"]);
    assert!(
        after.contains("FEN: 4R3/4r3/8/8/7k/8/8/K7 w - - 0 2 8/4P3/4r3/8/7k/8/8/K7\n"),
        "{after}"
    );
    assert!(!after.contains("Choice: "), "{after}");
}

/// Only the choices that leave the owner a move are named (§13.18): in
/// §9.1's example a bishop or a knight on a1 would leave Black none.
#[test]
fn show_names_only_the_choices_that_leave_a_move() {
    let env = TestEnv::new();
    let out = env.ok(&[
        "show",
        "--fen",
        "8/8/8/8/6K1/7R/5R1N/p4R1k b - - 0 1",
        "--rules",
        "nost,promotion=owner",
    ]);
    assert!(
        out.contains(
            "\nChoice: the black pawn on a1 awaits Black's choice (=Q or =R), then Black's move\n"
        ),
        "{out}"
    );
}
