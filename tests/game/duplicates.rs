//! A move sent twice (docs/director.md, "Corrections and moves sent twice"): the
//! same move as the last one recorded, by the side that played it, or
//! with no side given when it is no legal move for the side to move, is
//! "already recorded", exit 0, and the file is not written (the same
//! bytes, the same inode: no rename).

use std::os::unix::fs::MetadataExt;

use serde_json::{Value, json};

use crate::support::TestEnv;

const ALREADY: &str = "already recorded as 1. e2e4 at 2020-11-20T10:00:00Z; nothing to do\n";

/// A game whose one move, `1. e2e4`, was received at 10:00.
fn after_e4(env: &TestEnv) {
    env.new_game(&[]);
    env.ok(&["move", "g.pgn", "e2e4", "--at", "2020-11-20T10:00:00Z"]);
}

/// The file's text and inode, which a write (a rename over it) changes.
fn state(env: &TestEnv) -> (String, u64) {
    let inode = std::fs::metadata(env.path("g.pgn"))
        .expect("the game")
        .ino();
    (env.read("g.pgn"), inode)
}

#[test]
fn the_same_move_sent_again_by_its_side_is_already_recorded() {
    let env = TestEnv::new();
    after_e4(&env);
    let before = state(&env);
    // The same move in other notations is the same move.
    for text in ["e4", "e2e4", "5254", "1. e2e4", "P-K4", "E2-E4"] {
        assert_eq!(
            env.ok(&["move", "g.pgn", text, "--by", "white"]),
            ALREADY,
            "{text}"
        );
        assert_eq!(state(&env), before, "{text}");
    }
    // With --from, the side is the sender's.
    assert_eq!(
        env.ok(&["move", "g.pgn", "e4", "--from", "Alice <ALICE@example.org>"]),
        ALREADY
    );
    assert_eq!(env.ok(&["move", "g.pgn", "e4", "--by", "white", "-q"]), "");
    assert_eq!(state(&env), before);
}

#[test]
fn with_no_side_given_a_move_the_side_to_move_cannot_play_is_the_last_one_again() {
    let env = TestEnv::new();
    after_e4(&env);
    let before = state(&env);
    // Black to move: no black piece can go to e4.
    assert_eq!(env.ok(&["move", "g.pgn", "e4"]), ALREADY);
    assert_eq!(env.ok(&["move", "g.pgn", "e2e4"]), ALREADY);
    assert_eq!(state(&env), before);
    // Another move the side to move cannot play is refused as before.
    let out = env.run(&["move", "g.pgn", "d2d4"]);
    assert_eq!(out.code, 1, "{}", out.stderr);
    assert_eq!(state(&env), before);
}

#[test]
fn a_repeated_text_that_the_other_side_may_play_is_its_new_move() {
    let env = TestEnv::new();
    env.new_game(&[]);
    env.ok(&["move", "g.pgn", "P-K4", "--at", "2020-11-20T10:00:00Z"]);
    // Counted from Black's side, P-K4 is e7e5: legal, so a new move.
    let out = env.ok(&["move", "g.pgn", "P-K4", "--at", "2020-11-20T11:00:00Z"]);
    assert!(out.starts_with("1... e7e5\n"), "{out}");
    assert!(
        env.read("g.pgn")
            .contains("1. e2e4 {2020-11-20T10:00:00Z} e7e5 {2020-11-20T11:00:00Z}\n")
    );
    // Sent once more by Black, it is Black's move already recorded.
    assert_eq!(
        env.ok(&["move", "g.pgn", "P-K4", "--by", "black"]),
        "already recorded as 1... e7e5 at 2020-11-20T11:00:00Z; nothing to do\n"
    );
}

#[test]
fn only_the_last_move_by_its_own_side_is_a_duplicate() {
    let env = TestEnv::new();
    after_e4(&env);
    let before = state(&env);
    for (args, code, stderr) in [
        // White again, another move: not White's turn.
        (
            &["d2d4", "--by", "white"][..],
            1,
            "dynamo: rejected: it is Black's turn, not White's\n",
        ),
        // Black sending White's move is no duplicate: judged as Black's.
        (
            &["e2e4", "--by", "black"][..],
            1,
            "dynamo: rejected: e2e4: there is no piece on e2; did you mean e7e5 or e7e6?\n",
        ),
    ] {
        let mut full = vec!["move", "g.pgn"];
        full.extend_from_slice(args);
        env.fails(&full, code, stderr);
        assert_eq!(state(&env), before, "{args:?}");
    }
}

#[test]
fn a_mating_move_sent_again_after_the_game_ended_is_already_recorded() {
    let env = TestEnv::new();
    env.new_game(&[]);
    for (m, at) in [
        ("Bc1g5/d2h6", "2020-11-20T10:00:00Z"),
        ("Ng8E/h6g8=Q", "2020-11-20T11:00:00Z"),
        ("Qg8f7/f7e6", "2020-11-20T12:00:00Z"),
    ] {
        env.ok(&["move", "g.pgn", m, "--at", at]);
    }
    let before = state(&env);
    assert_eq!(
        env.ok(&["move", "g.pgn", "Qg8f7/f7e6"]),
        "already recorded as 2. Qg8f7/f7e6 at 2020-11-20T12:00:00Z; nothing to do\n"
    );
    assert_eq!(state(&env), before);
    // Any other move is refused: the game is over.
    let out = env.run(&["move", "g.pgn", "e2e4"]);
    assert_eq!(out.code, 1);
    assert!(out.stderr.contains("the game is over"), "{}", out.stderr);
}

#[test]
fn check_says_the_same_and_json_calls_it_a_duplicate() {
    let env = TestEnv::new();
    after_e4(&env);
    let before = state(&env);
    assert_eq!(env.ok(&["check", "g.pgn", "e4", "--by", "white"]), ALREADY);
    assert_eq!(env.ok(&["check", "g.pgn", "e4"]), ALREADY);
    let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    let expected = json!({
        "verdict": "duplicate",
        "recorded": true,
        "text": "5254",
        "move": "e2e4",
        "display": "e2e4",
        "side": "white",
        "number": 1,
        "fen": fen,
        "status": "ongoing",
        "result": null,
        "reason": null,
        "rule": null,
        "received": "2020-11-20T10:00:00Z",
    });
    for command in ["move", "check"] {
        let out = env.ok(&[command, "g.pgn", "5254", "--by", "white", "--json"]);
        let verdict: Value = serde_json::from_str(&out).expect("one JSON line");
        assert_eq!(out.lines().count(), 1);
        assert_eq!(verdict, expected, "{command}");
    }
    assert_eq!(state(&env), before);
}
