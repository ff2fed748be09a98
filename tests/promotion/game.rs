//! §9.1 in a game played with `dynamo move`: the mover's move leaves the
//! pawn awaiting the owner's choice, a move without the choice is refused
//! naming the pawn and the choices, the choice and the move are one turn,
//! and the record shows the mover's move completed by the choice.

use crate::support::TestEnv;

pub(super) fn game_awaiting_whites_choice(env: &TestEnv) {
    super::before_the_push(env, "g.pgn", "Bert <bert@example.org>");
    // The mover's move names no piece: the owner chooses.
    let out = env.run(&[
        "move",
        "g.pgn",
        "Re6e7/e7e8=Q",
        "--by",
        "black",
        "--at",
        "2026-11-01T10:00:00Z",
    ]);
    assert_eq!(out.code, 1, "{}", out.stderr);
    assert!(
        out.stderr.contains("under promotion=owner they choose"),
        "{}",
        out.stderr
    );
    env.ok(&[
        "move",
        "g.pgn",
        "Re6e7/e7e8",
        "--by",
        "black",
        "--at",
        "2026-11-01T10:00:00Z",
    ]);
}

#[test]
fn the_pawn_awaits_the_choice_and_a_move_without_it_is_refused() {
    let env = TestEnv::new();
    game_awaiting_whites_choice(&env);
    let show = env.ok(&["show", "--game", "g.pgn", "--ascii"]);
    assert!(
        show.contains("FEN: 4P3/4r3/8/8/7k/8/8/K7 w - - 0 2 8/4P3/4r3/8/7k/8/8/K7\n"),
        "{show}"
    );
    let before = env.read("g.pgn");
    assert!(
        before.contains("1... Re6e7/e7e8 {2026-11-01T10:00:00Z}"),
        "{before}"
    );
    let out = env.run(&[
        "move",
        "g.pgn",
        "Ka1b1",
        "--by",
        "white",
        "--at",
        "2026-11-01T11:00:00Z",
    ]);
    assert_eq!(out.code, 1, "{}", out.stderr);
    assert!(
        out.stderr.contains(
            "the white pawn on e8 awaits your choice: write =Q, =R, =B or =N, a blank, then your move (=Q Ka1b1)"
        ),
        "{}",
        out.stderr
    );
    assert_eq!(env.read("g.pgn"), before, "a refusal changes nothing");
}

#[test]
fn the_choice_and_the_move_are_one_turn_and_complete_the_movers_move() {
    let env = TestEnv::new();
    game_awaiting_whites_choice(&env);
    let out = env.ok(&[
        "move",
        "g.pgn",
        "=Q Qe8/e7e6",
        "--by",
        "white",
        "--at",
        "2026-11-01T11:00:00Z",
    ]);
    assert!(out.starts_with("2. =Q Qe8/e7e6\n"), "{out}");
    let file = env.read("g.pgn");
    assert!(
        file.contains(
            "1... Re6e7/e7e8=Q {2026-11-01T10:00:00Z} {White chose the queen}\n2. Qe8/e7e6 {2026-11-01T11:00:00Z}"
        ),
        "{file}"
    );
    assert_eq!(
        env.ok(&["verify", "g.pgn"]),
        "g.pgn: ok, 2 half-moves, Black to move\n1 file: 1 ok, 0 bad\n"
    );
    // The board before White's move holds the chosen queen: Black may not
    // bring the rook back to e7 (no-undo rule).
    let out = env.run(&[
        "move",
        "g.pgn",
        "Re6e7",
        "--by",
        "black",
        "--at",
        "2026-11-01T12:00:00Z",
    ]);
    assert_eq!(out.code, 1, "{}", out.stderr);
    assert!(out.stderr.contains("(no-undo rule)"), "{}", out.stderr);
}
