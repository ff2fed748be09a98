//! The owner's choice sent alone with `dynamo move FILE '=Q'`
//! (docs/RULES.md §9.1, §13.18): recorded as its own event, the pawn the
//! chosen piece, the owner still to move and their clock still running;
//! then the move completes the turn. A choice after which the owner would
//! have no move is refused. `games` and `export` show the pending pawn.

use super::game::game_awaiting_whites_choice;
use crate::support::TestEnv;

#[test]
fn the_choice_alone_is_recorded_and_the_move_completes_the_turn() {
    let env = TestEnv::new();
    game_awaiting_whites_choice(&env);
    let out = env.ok(&[
        "move",
        "g.pgn",
        "=r",
        "--by",
        "white",
        "--at",
        "2026-11-01T10:30:00Z",
        "--ascii",
    ]);
    assert!(out.starts_with("2. =R (White chose the rook)\n"), "{out}");
    assert!(out.contains("\n8  . . . . R . . .\n"), "{out}");
    let file = env.read("g.pgn");
    assert!(
        file.contains(
            "1... Re6e7/e7e8=R {2026-11-01T10:00:00Z} {White chose the rook} \
             {[%choose White R 2026-11-01T10:30:00Z]}\n*"
        ),
        "{file}"
    );
    assert_eq!(
        env.ok(&["verify", "g.pgn"]),
        "g.pgn: ok, 1 half-move, White to move\n1 file: 1 ok, 0 bad\n"
    );
    // Between the choice and the move: the position with the rook, White
    // to move, the board before Black's move kept for the no-undo rule.
    assert_eq!(
        env.ok(&["export", "g.pgn", "--format", "fen"]),
        "4R3/4r3/8/8/7k/8/8/K7 w - - 0 2 8/4P3/4r3/8/7k/8/8/K7\n"
    );
    // A second choice is refused: the pawn awaits none now.
    let again = env.run(&[
        "move",
        "g.pgn",
        "=Q",
        "--by",
        "white",
        "--at",
        "2026-11-01T10:40:00Z",
    ]);
    assert_eq!(again.code, 1, "{}", again.stderr);
    assert!(
        again.stderr.contains("no pawn awaits a choice"),
        "{}",
        again.stderr
    );
    // The move, written without the choice, completes White's turn.
    let out = env.ok(&[
        "move",
        "g.pgn",
        "Re8/e7e6",
        "--by",
        "white",
        "--at",
        "2026-11-01T11:00:00Z",
    ]);
    assert!(out.starts_with("2. Re8/e7e6\n"), "{out}");
    let file = env.read("g.pgn");
    assert!(
        file.contains(
            "{[%choose White R 2026-11-01T10:30:00Z]}\n2. Re8/e7e6 {2026-11-01T11:00:00Z}"
        ),
        "{file}"
    );
    let json: String = env
        .ok(&["export", "g.pgn", "--format", "json"])
        .split_whitespace()
        .collect();
    assert!(
        json.contains(
            r#""notation":"Re6e7/e7e8=R","received":"2026-11-01T10:00:00Z","owner_chose":"rook""#
        ),
        "{json}"
    );
    assert!(json.contains(r#""kind":"choose","by":"white""#), "{json}");
    assert!(json.contains(r#""piece":"rook""#), "{json}");
    assert!(json.contains(r#""awaiting_choice":null"#), "{json}");
    assert_eq!(
        env.ok(&["verify", "g.pgn"]),
        "g.pgn: ok, 2 half-moves, Black to move\n1 file: 1 ok, 0 bad\n"
    );
}

/// §13.18: a choice after which the owner has no legal move is refused,
/// naming the choices that leave one; nothing is recorded.
#[test]
fn a_choice_that_leaves_no_move_is_refused() {
    let env = TestEnv::new();
    env.ok(&[
        "new",
        "g.pgn",
        "--white",
        "Wendy",
        "--black",
        "Bert",
        "--rules",
        "nost,promotion=owner",
        "--fen",
        "8/8/8/8/6K1/7R/5R1N/p4R1k b - - 0 1",
        "--at",
        "2026-11-01T09:00:00Z",
    ]);
    // The game starts from §9.1's example: Black in check, the pawn on a1
    // awaiting Black's choice; a queen or a rook there has a move.
    let before = env.read("g.pgn");
    let out = env.run(&[
        "move",
        "g.pgn",
        "=B",
        "--by",
        "black",
        "--at",
        "2026-11-01T10:30:00Z",
    ]);
    assert_eq!(out.code, 1, "{}", out.stderr);
    assert!(
        out.stderr.contains(
            "with a bishop on the pawn's square you would have no legal move: choose queen or rook"
        ),
        "{}",
        out.stderr
    );
    assert_eq!(env.read("g.pgn"), before, "a refusal changes nothing");
    env.ok(&[
        "move",
        "g.pgn",
        "=Q",
        "--by",
        "black",
        "--at",
        "2026-11-01T10:30:00Z",
    ]);
}

#[test]
fn games_and_export_show_the_pawn_awaiting_the_choice() {
    let env = TestEnv::new();
    game_awaiting_whites_choice(&env);
    let table = env.ok(&["games", "."]);
    assert!(table.contains("White chooses e8"), "{table}");
    let json: String = env
        .ok(&["export", "g.pgn", "--format", "json"])
        .split_whitespace()
        .collect();
    assert!(json.contains(r#""awaiting_choice":"e8""#), "{json}");
    assert_eq!(
        env.ok(&["export", "g.pgn", "--format", "fen"]),
        "4P3/4r3/8/8/7k/8/8/K7 w - - 0 2 8/4P3/4r3/8/7k/8/8/K7\n"
    );
}

/// The choice alone stops no clock: White's one turn runs from Black's
/// move to White's, the choice between them (§9.1).
#[test]
fn the_choice_alone_does_not_stop_the_owners_clock() {
    let env = TestEnv::new();
    env.ok(&[
        "new",
        "g.pgn",
        "--white",
        "Wendy",
        "--black",
        "Bert",
        "--rules",
        "wikipedia,promotion=owner",
        "--fen",
        "8/4P3/4r3/8/7k/8/8/K7 b - - 0 1",
        "--time-control",
        "3d",
        "--at",
        "2026-11-01T09:00:00Z",
    ]);
    env.ok(&[
        "move",
        "g.pgn",
        "Re6e7/e7e8",
        "--by",
        "black",
        "--at",
        "2026-11-01T10:00:00Z",
    ]);
    env.ok(&[
        "move",
        "g.pgn",
        "=Q",
        "--by",
        "white",
        "--at",
        "2026-11-03T10:00:00Z",
    ]);
    // Four days after Black's move, two after the choice: late by a day.
    let out = env.ok(&[
        "move",
        "g.pgn",
        "Qe8/e7e6",
        "--by",
        "white",
        "--at",
        "2026-11-05T10:00:00Z",
    ]);
    assert!(
        out.contains("note: White's move 2 was received 1 day after the deadline"),
        "{out}"
    );
}
