//! An owner's turn sent twice (§9.1; docs/director.md, "Corrections and
//! moves sent twice"): the record keeps the choice on the mover's move
//! (`Re6e7/e7e8=Q`) and the owner's move plain (`Qe8/e7e6`), so the
//! turn sent again as written, `=Q Qe8/e7e6`, is recognised by what it
//! is, not by its text: already recorded, exit 0, the file unchanged. A
//! different choice or move is a new move by a side whose turn is over.
//! `undo`, the director's correction for a move entered twice, reads the
//! record the same way.

use crate::support::TestEnv;

use super::game::game_awaiting_whites_choice;

const ALREADY: &str = "already recorded as 2. Qe8/e7e6 at 2026-11-01T11:00:00Z; nothing to do\n";

/// The game after White's turn, `=Q Qe8/e7e6`, received at 11:00.
fn after_whites_choice(env: &TestEnv) -> String {
    game_awaiting_whites_choice(env);
    env.ok(&[
        "move",
        "g.pgn",
        "=Q Qe8/e7e6",
        "--by",
        "white",
        "--at",
        "2026-11-01T11:00:00Z",
    ]);
    env.read("g.pgn")
}

#[test]
fn the_owners_turn_sent_again_is_already_recorded() {
    let env = TestEnv::new();
    let before = after_whites_choice(&env);
    // The same time (the mail read twice) and a later one (sent again).
    for at in ["2026-11-01T11:00:00Z", "2026-11-01T12:00:00Z"] {
        for by in [&["--by", "white"][..], &[]] {
            let mut args = vec!["move", "g.pgn", "=Q Qe8/e7e6", "--at", at];
            args.extend_from_slice(by);
            assert_eq!(env.ok(&args), ALREADY, "{args:?}");
            assert_eq!(env.read("g.pgn"), before, "{args:?}");
        }
    }
    // In another notation, it is the same turn.
    assert_eq!(
        env.ok(&["move", "g.pgn", "2. =Q Qe8/e7e6", "--by", "white"]),
        ALREADY
    );
    assert_eq!(env.read("g.pgn"), before);
}

#[test]
fn another_choice_or_move_sent_after_the_owners_turn_is_refused() {
    let env = TestEnv::new();
    let before = after_whites_choice(&env);
    for text in ["=R Re8/e7e6", "=Q Qe8/e7e5", "=Q Ka1b1"] {
        env.fails(
            &[
                "move",
                "g.pgn",
                text,
                "--by",
                "white",
                "--at",
                "2026-11-01T12:00:00Z",
            ],
            1,
            "dynamo: rejected: it is Black's turn, not White's\n",
        );
        assert_eq!(env.read("g.pgn"), before, "{text}");
    }
}

#[test]
fn a_move_after_the_owners_turn_sent_again_is_already_recorded() {
    let env = TestEnv::new();
    after_whites_choice(&env);
    env.ok(&[
        "move",
        "g.pgn",
        "Kh4g5",
        "--by",
        "black",
        "--at",
        "2026-11-01T12:00:00Z",
    ]);
    let before = env.read("g.pgn");
    // The moves before it replay through the choice on the mover's move.
    assert_eq!(
        env.ok(&["move", "g.pgn", "Kh4g5", "--by", "black"]),
        "already recorded as 2... Kh4g5 at 2026-11-01T12:00:00Z; nothing to do\n"
    );
    assert_eq!(env.read("g.pgn"), before);
}

#[test]
fn undo_takes_back_the_owners_turn_and_the_move_after_it() {
    let env = TestEnv::new();
    after_whites_choice(&env);
    env.ok(&[
        "move",
        "g.pgn",
        "Kh4g5",
        "--by",
        "black",
        "--at",
        "2026-11-01T12:00:00Z",
    ]);
    // The moves before the last replay through the choice on the mover's
    // move: the owner's turn stays as it was.
    env.ok(&[
        "undo",
        "g.pgn",
        "--reason",
        "entered twice",
        "--at",
        "2026-11-01T13:00:00Z",
    ]);
    let file = env.read("g.pgn");
    assert!(
        file.contains(
            "1... Re6e7/e7e8=Q {2026-11-01T10:00:00Z} {White chose the queen}\n2. Qe8/e7e6 {2026-11-01T11:00:00Z}"
        ),
        "{file}"
    );
    // Taking back the owner's turn leaves the pawn awaiting the choice
    // again, the mover's move without it.
    env.ok(&[
        "undo",
        "g.pgn",
        "--reason",
        "wrong piece",
        "--at",
        "2026-11-01T13:01:00Z",
    ]);
    let file = env.read("g.pgn");
    assert!(
        file.contains("1... Re6e7/e7e8 {2026-11-01T10:00:00Z}"),
        "{file}"
    );
    assert!(!file.contains("e7e8=Q {"), "{file}");
    assert!(
        env.ok(&["verify", "g.pgn"])
            .starts_with("g.pgn: ok, 1 half-move")
    );
    let out = env.ok(&[
        "move",
        "g.pgn",
        "=R Re8/e7e6",
        "--by",
        "white",
        "--at",
        "2026-11-01T14:00:00Z",
    ]);
    assert!(out.starts_with("2. =R Re8/e7e6\n"), "{out}");
}

#[test]
fn show_ply_reads_the_owners_turn_as_played() {
    let env = TestEnv::new();
    after_whites_choice(&env);
    // After White's turn: the chosen queen on e8 pushed the rook to e6.
    let show = env.ok(&["show", "--game", "g.pgn", "--ply", "2", "--ascii"]);
    assert!(
        show.contains("FEN: 4Q3/8/4r3/8/7k/8/8/K7 b - - 1 2"),
        "{show}"
    );
}

/// The choice sent alone (§13.18) and sent again, before and after the
/// move that completes the turn: already recorded, as a move sent twice
/// is, with the same words and exit code; the file unchanged. Another
/// choice is refused as before, no pawn awaiting one.
#[test]
fn the_choice_alone_sent_again_is_already_recorded() {
    let env = TestEnv::new();
    game_awaiting_whites_choice(&env);
    let chose = [
        "move",
        "g.pgn",
        "=R",
        "--by",
        "white",
        "--at",
        "2026-11-01T10:30:00Z",
    ];
    env.ok(&chose);
    let already = "already recorded as 2. =R at 2026-11-01T10:30:00Z; nothing to do\n";
    let resend = |text: &str, by: &[&str]| -> String {
        let mut args = vec!["move", "g.pgn", text, "--at", "2026-11-01T10:40:00Z"];
        args.extend_from_slice(by);
        env.ok(&args)
    };
    let before = env.read("g.pgn");
    for by in [&["--by", "white"][..], &[]] {
        assert_eq!(resend("=R", by), already, "{by:?}");
        assert_eq!(resend("=r", by), already, "{by:?}");
        assert_eq!(env.read("g.pgn"), before, "{by:?}");
    }
    let json: serde_json::Value =
        serde_json::from_str(&resend("=R", &["--json"])).expect("one line of JSON");
    assert_eq!(json["verdict"], "duplicate", "{json}");
    assert_eq!(json["move"], "=R", "{json}");
    assert_eq!(json["received"], "2026-11-01T10:30:00Z", "{json}");
    // Black sending White's choice is no duplicate of it.
    let out = env.run(&[
        "move",
        "g.pgn",
        "=R",
        "--by",
        "black",
        "--at",
        "2026-11-01T10:40:00Z",
    ]);
    assert_eq!(out.code, 1, "{}", out.stderr);
    // After the move that completes the turn, still the same choice.
    env.ok(&[
        "move",
        "g.pgn",
        "Re8/e7e6",
        "--by",
        "white",
        "--at",
        "2026-11-01T11:00:00Z",
    ]);
    let before = env.read("g.pgn");
    assert_eq!(resend("=R", &["--by", "white"]), already);
    // The move sent again, as it was sent: without the choice.
    assert_eq!(
        resend("Re8/e7e6", &["--by", "white"]),
        "already recorded as 2. Re8/e7e6 at 2026-11-01T11:00:00Z; nothing to do\n"
    );
    assert_eq!(env.read("g.pgn"), before);
    let out = env.run(&[
        "move",
        "g.pgn",
        "=Q",
        "--by",
        "white",
        "--at",
        "2026-11-01T11:10:00Z",
    ]);
    assert_eq!(out.code, 1, "{}", out.stderr);
    assert_eq!(env.read("g.pgn"), before);
}

/// The choice made with the move, sent again alone: it was recorded with
/// the move, at the move's time.
#[test]
fn the_choice_made_with_the_move_sent_again_alone_is_already_recorded() {
    let env = TestEnv::new();
    let before = after_whites_choice(&env);
    assert_eq!(
        env.ok(&["move", "g.pgn", "=Q", "--by", "white"]),
        "already recorded as 2. =Q at 2026-11-01T11:00:00Z; nothing to do\n"
    );
    assert_eq!(env.read("g.pgn"), before);
}
