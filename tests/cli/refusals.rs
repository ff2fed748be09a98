//! A refused move on the command line, `check`, `move` and `play` alike:
//! the rule and up to three closest legal moves, the same piece to the
//! same square first (docs/players.md, "Writing a move"); nothing written.

use crate::support::TestEnv;

/// The game `1. e2e4 d7d6 2. Ng1f3 e7e5 3. Bf1c4`: Black's bishop on f8
/// behind the pawn on d6.
const BISHOP_BEHIND_ITS_PAWN: [&str; 5] = ["e2e4", "d7d6", "Ng1f3", "e7e5", "Bf1c4"];

/// `g.pgn` with `moves` recorded.
fn game(moves: &[&str]) -> TestEnv {
    let env = TestEnv::new();
    env.new_game(&[]);
    for m in moves {
        env.ok(&["move", "g.pgn", m]);
    }
    env
}

#[test]
fn check_and_move_refuse_with_the_rule_and_the_closest_moves() {
    for (moves, text, why) in [
        (
            &BISHOP_BEHIND_ITS_PAWN[..],
            "3... Bc5",
            "3... Bc5: the bishop on f8 cannot reach c5: the black pawn on d6 stands in the way; \
             did you mean Bf8c5/d6b4, Bf8c5/d6a3 or Bf8c5/d6E?",
        ),
        (
            &BISHOP_BEHIND_ITS_PAWN[..3],
            "2... Nc66",
            "'2... Nc66' is not a move: at column 9, expected '/' or the end of the move, \
             found '6'; did you mean Nb8c6?",
        ),
        (
            &[][..],
            "Ng1g3",
            "Ng1g3: a knight cannot move from g1 to g3; did you mean Ng1f3 or Ng1h3?",
        ),
        (
            &[][..],
            "e7e5",
            "e7e5: the black pawn on e7 is not yours: only your own pieces move under their own \
             power; did you mean e2e3 or e2e4?",
        ),
    ] {
        let env = game(moves);
        let before = env.read("g.pgn");
        for command in ["check", "move"] {
            env.fails(
                &[command, "g.pgn", text],
                1,
                &format!("dynamo: rejected: {why}\n"),
            );
            assert_eq!(env.read("g.pgn"), before, "{command} {text} wrote");
        }
    }
}

#[test]
fn play_refuses_with_the_same_words() {
    let env = TestEnv::new();
    let mut args = vec!["play"];
    args.extend(BISHOP_BEHIND_ITS_PAWN);
    args.push("Bc5");
    env.fails(
        &args,
        1,
        "dynamo: move 6 (Bc5): the bishop on f8 cannot reach c5: the black pawn on d6 stands \
         in the way; did you mean Bf8c5/d6b4, Bf8c5/d6a3 or Bf8c5/d6E?\n",
    );
    env.fails(
        &[
            "play",
            "--fen",
            "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 10",
            "O-O-",
        ],
        1,
        "dynamo: move 1 (O-O-): 'O-O-' is not a move: at column 1, expected a square such as \
         e4, found 'O'; did you mean O-O or O-O-O?\n",
    );
    env.fails(
        &["play", "Ng1g3"],
        1,
        "dynamo: move 1 (Ng1g3): a knight cannot move from g1 to g3; did you mean Ng1f3 or \
         Ng1h3?\n",
    );
}

#[test]
fn a_move_written_as_engines_write_it_is_the_piece_on_its_origin() {
    let env = game(&[]);
    let out = env.ok(&["move", "g.pgn", "g1f3"]);
    assert!(out.starts_with("1. Ng1f3\n"), "{out}");
    assert!(env.read("g.pgn").contains("1. Ng1f3"));
    let out = env.ok(&["check", "g.pgn", "b8c6"]);
    assert!(out.starts_with("1... Nb8c6\n"), "{out}");
    assert_eq!(
        env.ok(&["play", "g1f3", "e7e5", "f1/g2h3"]).trim_end(),
        env.ok(&["play", "Ng1f3", "e7e5", "Bf1/g2h3"]).trim_end()
    );
}
