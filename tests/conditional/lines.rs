//! Lines worked out by hand from the opening position, Alice (White)
//! leaving lines after her first move, Bob (Black) moving with `dynamo
//! move`.

use crate::support::TestEnv;

/// A game of Alice and Bob after 1. e2e4 (10:00).
fn after_e4() -> TestEnv {
    let env = TestEnv::new();
    env.new_game(&[]);
    env.ok(&["move", "g.pgn", "e2e4", "--at", "2020-11-20T10:00:00Z"]);
    env
}

fn bob(env: &TestEnv, mv: &str, at: &str) -> String {
    env.ok(&["move", "g.pgn", mv, "--by", "black", "--at", at])
}

fn moves(env: &TestEnv) -> Vec<String> {
    let json: serde_json::Value =
        serde_json::from_str(&env.ok(&["export", "g.pgn", "--format", "json"])).expect("JSON");
    json["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .map(|m| m["notation"].as_str().expect("notation").to_string())
        .collect()
}

/// Everything a player other than the director can see of the game.
fn public(env: &TestEnv) -> String {
    let mut all = env.read("g.pgn");
    for format in ["pgn", "fen", "json"] {
        all.push_str(&env.ok(&["export", "g.pgn", "--format", format]));
    }
    all
}

#[test]
fn a_line_is_played_to_its_end_over_several_opponent_moves_at_their_times() {
    let env = after_e4();
    let out = env.ok(&[
        "conditional",
        "add",
        "g.pgn",
        "--by",
        "white",
        "1... e5 2. Nf3 Nc6 3. Bc4",
    ]);
    assert_eq!(
        out,
        "White's conditional lines:\n  1... e7e5 2. Ng1f3 Nb8c6 3. Bf1c4\n"
    );
    // Private: not in the game file nor any export.
    assert!(!public(&env).contains("Bf1c4"));
    assert!(!public(&env).contains("Ng1f3"));
    bob(&env, "e7e5", "2020-11-20T12:00:00Z");
    assert_eq!(moves(&env), ["e2e4", "e7e5", "Ng1f3"]);
    assert!(!public(&env).contains("Bf1c4"));
    // The reply has the time of the move it answers: White's clock did
    // not run.
    assert_eq!(
        env.read("g.pgn").matches("{2020-11-20T12:00:00Z}").count(),
        2
    );
    bob(&env, "Nb8c6", "2020-11-20T13:00:00Z");
    assert_eq!(moves(&env), ["e2e4", "e7e5", "Ng1f3", "Nb8c6", "Bf1c4"]);
    assert_eq!(
        env.ok(&["conditional", "list", "g.pgn"]),
        "no conditional lines\n"
    );
    assert_eq!(
        env.ok(&["verify", "g.pgn"]),
        "g.pgn: ok, 5 half-moves, Black to move\n1 file: 1 ok, 0 bad\n"
    );
}

#[test]
fn a_different_move_ends_the_lines_and_says_why() {
    let env = after_e4();
    env.ok(&[
        "conditional",
        "add",
        "g.pgn",
        "--from",
        "alice@example.org",
        "if 1... e5 then 2. Nf3",
    ]);
    bob(&env, "d7d5", "2020-11-20T12:00:00Z");
    assert_eq!(moves(&env), ["e2e4", "d7d5"]);
    assert_eq!(
        env.ok(&["conditional", "list", "g.pgn"]),
        "White: ended (none of them began with 1... d7d5):\n  1... e7e5 2. Ng1f3\n"
    );
    // Ended lines are never played, whatever comes after.
    env.ok(&["move", "g.pgn", "Nb1c3", "--by", "white"]);
    assert_eq!(moves(&env), ["e2e4", "d7d5", "Nb1c3"]);
}

#[test]
fn two_branches_answer_each_opponent_move_their_own_way() {
    let env = after_e4();
    env.ok(&[
        "conditional",
        "add",
        "g.pgn",
        "--by",
        "white",
        "1... e5 2. Nf3",
        "1... d5 2. Nc3",
    ]);
    let listed = env.ok(&["conditional", "list", "g.pgn", "--json"]);
    let json: serde_json::Value = serde_json::from_str(&listed).expect("JSON");
    assert_eq!(
        json["players"][0]["lines"],
        serde_json::json!(["1... e7e5 2. Ng1f3", "1... d7d5 2. Nb1c3"])
    );
    bob(&env, "d7d5", "2020-11-20T12:00:00Z");
    assert_eq!(moves(&env), ["e2e4", "d7d5", "Nb1c3"]);
}

#[test]
fn an_illegal_step_or_conflicting_branches_refuse_every_line() {
    let env = after_e4();
    let out = env.run(&[
        "conditional",
        "add",
        "g.pgn",
        "--by",
        "white",
        "1... e5 2. Nf3",
        "1... e5 2. Ke3",
    ]);
    assert_eq!(out.code, 1, "{}", out.stderr);
    assert!(
        out.stderr
            .starts_with("dynamo: refused: 1... e5 2. Ke3: rejected: "),
        "{}",
        out.stderr
    );
    let out = env.run(&[
        "conditional",
        "add",
        "g.pgn",
        "--by",
        "white",
        "1... e5 2. Nf3",
        "1... e5 2. Nc3",
    ]);
    assert_eq!(out.code, 1, "{}", out.stderr);
    assert_eq!(
        out.stderr,
        "dynamo: refused: 1... e7e5 2. Ng1f3 and 1... e7e5 2. Nb1c3 answer 1... e7e5 \
         differently; give one reply to each move\n"
    );
    assert_eq!(
        env.ok(&["conditional", "list", "g.pgn"]),
        "no conditional lines\n"
    );
    // Bob's own lines: it is his move, so they would start with his.
    let out = env.run(&["conditional", "add", "g.pgn", "--by", "black", "2. Nf3 Nc6"]);
    assert_eq!(out.code, 1, "{}", out.stderr);
    // No side named: bad input.
    let out = env.run(&["conditional", "add", "g.pgn", "1... e5 2. Nf3"]);
    assert_eq!(out.code, 2, "{}", out.stderr);
    bob(&env, "e7e5", "2020-11-20T12:00:00Z");
    assert_eq!(moves(&env), ["e2e4", "e7e5"]);
}

#[test]
fn a_draw_offer_and_undo_end_the_lines() {
    let env = after_e4();
    env.ok(&[
        "conditional",
        "add",
        "g.pgn",
        "--by",
        "white",
        "1... e5 2. Nf3 Nc6 3. Bc4",
    ]);
    env.ok(&[
        "draw",
        "g.pgn",
        "offer",
        "--by",
        "black",
        "--at",
        "2020-11-20T11:00:00Z",
    ]);
    assert_eq!(
        env.ok(&["conditional", "list", "g.pgn"]),
        "White: ended (Black offered a draw: answer it yourself):\n  1... e7e5 2. Ng1f3 Nb8c6 3. Bf1c4\n"
    );
    bob(&env, "e7e5", "2020-11-20T12:00:00Z");
    assert_eq!(moves(&env), ["e2e4", "e7e5"]);

    let env = after_e4();
    env.ok(&[
        "conditional",
        "add",
        "g.pgn",
        "--by",
        "white",
        "1... e5 2. Nf3 Nc6 3. Bc4",
    ]);
    bob(&env, "e7e5", "2020-11-20T12:00:00Z");
    env.ok(&[
        "undo",
        "g.pgn",
        "--reason",
        "entered by mistake",
        "--at",
        "2020-11-20T13:00:00Z",
    ]);
    assert!(
        env.ok(&["conditional", "list", "g.pgn"])
            .starts_with("White: ended (the director took back 2. Ng1f3):\n"),
    );
    // White moves by hand; Bob's Nc6 no longer calls for Bc4.
    env.ok(&[
        "move",
        "g.pgn",
        "Ng1f3",
        "--by",
        "white",
        "--at",
        "2020-11-20T14:00:00Z",
    ]);
    bob(&env, "Nb8c6", "2020-11-20T15:00:00Z");
    assert_eq!(moves(&env), ["e2e4", "e7e5", "Ng1f3", "Nb8c6"]);
}

#[test]
fn cancelled_lines_are_not_played() {
    let env = after_e4();
    env.ok(&[
        "conditional",
        "add",
        "g.pgn",
        "--by",
        "white",
        "1... e5 2. Nf3",
    ]);
    assert_eq!(
        env.ok(&["conditional", "cancel", "g.pgn", "--by", "white"]),
        "cancelled White's conditional lines:\n  1... e7e5 2. Ng1f3\n"
    );
    bob(&env, "e7e5", "2020-11-20T12:00:00Z");
    assert_eq!(moves(&env), ["e2e4", "e7e5"]);
}

/// docs/RULES.md §7 inside a line: after 1. e2e4 d7d5 2. e4d5/d5c6, the
/// pawn on c6 pushing back to restore the board is refused, as a played
/// move is, whether the step is the player's own reply or an opponent's
/// move the line expects; the same pawn's stationary push is not.
#[test]
fn a_step_that_would_undo_the_move_before_it_refuses_the_line() {
    let env = after_e4();
    // Alice's line expects Bob to undo her second move: refused whole.
    let out = env.run(&[
        "conditional",
        "add",
        "g.pgn",
        "--by",
        "white",
        "1... d5 2. e4d5/d5c6 c6d5/d5e4 3. Ng1f3",
    ]);
    assert_eq!(out.code, 1, "{}", out.stderr);
    assert!(
        out.stderr.contains(
            "rejected: c6d5/d5e4: the move would undo your opponent's last move (no-undo rule)"
        ),
        "{}",
        out.stderr
    );
    bob(&env, "d7d5", "2020-11-20T12:00:00Z");
    // Bob's own reply would undo Alice's push: refused whole, nothing kept.
    let out = env.run(&[
        "conditional",
        "add",
        "g.pgn",
        "--by",
        "black",
        "if 2. e4d5/d5c6 then 2... c6d5/d5e4",
    ]);
    assert_eq!(out.code, 1, "{}", out.stderr);
    assert_eq!(
        out.stderr,
        "dynamo: refused: 2. e4d5/d5c6 2... c6d5/d5e4: rejected: 2... c6d5/d5e4: \
         the move would undo your opponent's last move (no-undo rule); did you mean c6/d5e4?\n"
    );
    assert_eq!(
        env.ok(&["conditional", "list", "g.pgn"]),
        "no conditional lines\n"
    );
    // The stationary push the refusal suggests leaves the pusher on c6:
    // not the board before Alice's move, so it stands and is played.
    env.ok(&[
        "conditional",
        "add",
        "g.pgn",
        "--by",
        "black",
        "if 2. e4d5/d5c6 then 2... c6/d5e4",
    ]);
    env.ok(&[
        "move",
        "g.pgn",
        "e4d5/d5c6",
        "--by",
        "white",
        "--at",
        "2020-11-20T13:00:00Z",
    ]);
    assert_eq!(moves(&env), ["e2e4", "d7d5", "e4d5/d5c6", "c6/d5e4"]);
}

/// `move` says the reply its move set off, and not the moves of the line
/// still to come.
#[test]
fn move_prints_the_reply_it_set_off_alone() {
    let env = after_e4();
    env.ok(&[
        "conditional",
        "add",
        "g.pgn",
        "--by",
        "white",
        "1... e5 2. Nf3 Nc6 3. Bc4",
    ]);
    let out = bob(&env, "e7e5", "2020-11-20T12:00:00Z");
    assert!(
        out.contains("conditional reply recorded: 2. Ng1f3 (Alice's line)\n"),
        "{out}"
    );
    assert!(!out.contains("Nb8c6") && !out.contains("Bf1c4"), "{out}");
}
