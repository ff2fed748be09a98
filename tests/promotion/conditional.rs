//! Conditional lines and the owner's choice (docs/RULES.md §13.19;
//! docs/players.md, "Conditional moves"): a reply at a pawn awaiting its
//! owner's choice carries the choice (`if 1... Re6e7/e7e8 then =Q 2.
//! Qe8/e7e6`); a reply without one is refused when the line is given, so
//! that a line never plays a move without the choice; and the opponent's
//! lines follow the owner's turn as played, whether the choice came with
//! the move or alone before it.

use crate::support::TestEnv;

/// Wendy (White) and Bert (Black) under `wikipedia,promotion=owner`,
/// Bert to move: his rook on e6 can push Wendy's pawn from e7 to e8.
fn before_the_push() -> TestEnv {
    let env = TestEnv::new();
    super::before_the_push(&env, "g.pgn", "Bert <bert@example.org>");
    env
}

fn add(env: &TestEnv, by: &str, line: &str) -> String {
    env.ok(&["conditional", "add", "g.pgn", "--by", by, line])
}

fn play(env: &TestEnv, text: &str, by: &str, at: &str) -> String {
    env.ok(&["move", "g.pgn", text, "--by", by, "--at", at])
}

#[test]
fn the_owners_reply_carries_the_choice_and_is_played_with_it() {
    let env = before_the_push();
    // The choice may stand before the number or after it.
    assert_eq!(
        add(
            &env,
            "white",
            "if 1... Re6e7/e7e8 then =Q 2. Qe8/e7e6 Kh4g5 3. Ka1b1"
        ),
        "White's conditional lines:\n  1... Re6e7/e7e8 2. =Q Qe8/e7e6 Kh4g5 3. Ka1b1\n"
    );
    let out = play(&env, "Re6e7/e7e8", "black", "2026-11-01T10:00:00Z");
    assert!(
        out.contains("conditional reply recorded: 2. =Q Qe8/e7e6"),
        "{out}"
    );
    let file = env.read("g.pgn");
    assert!(
        file.contains(
            "1... Re6e7/e7e8=Q {2026-11-01T10:00:00Z} {White chose the queen}\n\
             2. Qe8/e7e6 {2026-11-01T10:00:00Z}"
        ),
        "{file}"
    );
    // The line goes on past the owner's turn, as the record now writes it.
    let out = play(&env, "Kh4g5", "black", "2026-11-01T12:00:00Z");
    assert!(
        out.contains("conditional reply recorded: 3. Ka1b1"),
        "{out}"
    );
    assert!(
        env.ok(&["verify", "g.pgn"])
            .starts_with("g.pgn: ok, 4 half-moves, Black to move")
    );
}

#[test]
fn a_reply_without_the_choice_is_refused_when_the_line_is_given() {
    let env = before_the_push();
    for line in ["1... Re6e7/e7e8 2. Ka1b1", "1... Re6e7/e7e8 2. Qe8/e7e6"] {
        let out = env.run(&["conditional", "add", "g.pgn", "--by", "white", line]);
        assert_eq!(out.code, 1, "{line}: {}", out.stderr);
        assert!(
            out.stderr
                .contains("the white pawn on e8 awaits your choice: write =Q, =R, =B or =N"),
            "{line}: {}",
            out.stderr
        );
    }
    assert_eq!(
        env.ok(&["conditional", "list", "g.pgn"]),
        "no conditional lines\n"
    );
    // Bert's push leaves Wendy to choose: nothing was played for her.
    play(&env, "Re6e7/e7e8", "black", "2026-11-01T10:00:00Z");
    assert!(
        env.ok(&["verify", "g.pgn"])
            .starts_with("g.pgn: ok, 1 half-move, White to move")
    );
}

/// The mover's lines name the owner's turn with its choice and follow it
/// whether the choice came with the move or alone before it; another
/// choice is another move of the opponent, which no line began with.
#[test]
fn the_movers_lines_follow_the_owners_turn_as_played() {
    for (turn, ended) in [
        (&["=Q Qe8/e7e6"][..], false),
        (&["=Q", "Qe8/e7e6"][..], false),
        (&["=R", "Re8/e7e6"][..], true),
    ] {
        let env = before_the_push();
        play(&env, "Re6e7/e7e8", "black", "2026-11-01T10:00:00Z");
        add(&env, "black", "2. =Q Qe8/e7e6 Kh4g5");
        for (i, text) in turn.iter().enumerate() {
            play(
                &env,
                text,
                "white",
                &format!("2026-11-01T1{}:00:00Z", i + 1),
            );
        }
        let file = env.read("g.pgn");
        assert_eq!(!file.contains(" Kh4g5 {"), ended, "{turn:?}: {file}");
        if ended {
            assert!(
                env.ok(&["conditional", "list", "g.pgn"])
                    .contains("ended (none of them began with 2. Re8/e7e6)"),
                "{turn:?}"
            );
        }
    }
}

/// Lines given after a choice made alone are read with the chosen piece
/// in place: the owner's move in them has no choice, and is followed.
#[test]
fn lines_given_after_a_choice_alone_follow_the_move() {
    let env = before_the_push();
    play(&env, "Re6e7/e7e8", "black", "2026-11-01T10:00:00Z");
    play(&env, "=Q", "white", "2026-11-01T10:30:00Z");
    assert_eq!(
        add(&env, "black", "2. Qe8/e7e6 Kh4g5"),
        "Black's conditional lines:\n  2. Qe8/e7e6 Kh4g5\n"
    );
    let out = play(&env, "Qe8/e7e6", "white", "2026-11-01T11:00:00Z");
    assert!(
        out.contains("conditional reply recorded: 2... Kh4g5"),
        "{out}"
    );
}
