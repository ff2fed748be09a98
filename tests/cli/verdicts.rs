//! `move --json` and `check --json`: the verdict as data, read back here
//! with a JSON reader as a script would.

use serde_json::{Value, json};

use crate::support::TestEnv;

/// The one JSON line of `out`.
#[track_caller]
fn verdict(out: &str) -> Value {
    assert_eq!(out.lines().count(), 1, "one line: {out}");
    serde_json::from_str(out).unwrap_or_else(|e| panic!("not JSON ({e}): {out}"))
}

#[test]
fn a_legal_move_as_json() {
    let env = TestEnv::new();
    env.new_game(&[]);
    let before = env.read("g.pgn");
    let checked = verdict(&env.ok(&["check", "g.pgn", "e2-e4", "--json"]));
    assert_eq!(env.read("g.pgn"), before, "check writes nothing");
    let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    assert_eq!(
        checked,
        json!({
            "verdict": "legal",
            "recorded": false,
            "text": "e2-e4",
            "move": "e2e4",
            "display": "e2e4",
            "side": "white",
            "number": 1,
            "fen": fen,
            "status": "ongoing",
            "result": null,
            "reason": null,
            "rule": null,
            "received": null,
        })
    );
    let recorded = verdict(&env.ok(&[
        "move",
        "g.pgn",
        "e2-e4",
        "--json",
        "--at",
        "2020-11-20T10:00:00Z",
    ]));
    assert_eq!(recorded["recorded"], true);
    assert_eq!(recorded["move"], "e2e4");
    assert_eq!(recorded["fen"], fen);
    assert_eq!(
        env.ok(&["export", "g.pgn", "--format", "fen"]),
        format!("{fen}\n")
    );
    // Black's reply is numbered 1 as well.
    let reply = verdict(&env.ok(&["check", "g.pgn", "Qd8/d7d5", "--json"]));
    assert_eq!(reply["side"], "black");
    assert_eq!(reply["number"], 1);
    assert_eq!(reply["move"], "Qd8/d7d5");
}

#[test]
fn a_mating_move_as_json_carries_the_result() {
    let env = TestEnv::new();
    env.new_game(&[]);
    env.ok(&[
        "move",
        "g.pgn",
        "Bc1g5/d2h6",
        "--at",
        "2020-11-20T10:00:00Z",
    ]);
    env.ok(&[
        "move",
        "g.pgn",
        "Ng8E/h6g8=Q",
        "--at",
        "2020-11-20T11:00:00Z",
    ]);
    let checked = verdict(&env.ok(&["check", "g.pgn", "Qg8f7/f7e6", "--json"]));
    assert_eq!(checked["display"], "Qg8f7/f7e6#");
    assert_eq!(checked["status"], "checkmate");
    assert_eq!(checked["result"], "1-0");
    assert_eq!(checked["number"], 2);
    let recorded = verdict(&env.ok(&[
        "move",
        "g.pgn",
        "Qg8f7/f7e6",
        "--json",
        "--at",
        "2020-11-20T12:00:00Z",
    ]));
    assert_eq!(recorded["result"], "1-0");
    assert_eq!(recorded["recorded"], true);
    // After the end, the refusal is data too.
    let out = env.run(&["move", "g.pgn", "e7e5", "--json"]);
    assert_eq!(out.code, 1);
    assert_eq!(out.stderr, "");
    let over = verdict(&out.stdout);
    assert_eq!(over["rule"], "game-over");
    assert_eq!(
        over["reason"],
        "the game is over (1-0: Black is checkmated); nothing more can be recorded"
    );
}

/// Runs `args` with `--json`, expects `code`, nothing on standard error,
/// an unchanged game, and a rejection by `rule` for `reason`.
#[track_caller]
fn refused(env: &TestEnv, args: &[&str], code: i32, rule: &str, reason: &str) {
    let before = env.read("g.pgn");
    let mut args = args.to_vec();
    args.push("--json");
    let out = env.run(&args);
    assert_eq!(out.code, code, "{args:?}: {}", out.stderr);
    assert_eq!(out.stderr, "", "{args:?}");
    assert_eq!(env.read("g.pgn"), before, "{args:?} changed the game");
    let v = verdict(&out.stdout);
    assert_eq!(v["verdict"], "rejected", "{args:?}");
    assert_eq!(v["recorded"], false, "{args:?}");
    assert_eq!(v["rule"], rule, "{args:?}");
    assert_eq!(v["reason"], reason, "{args:?}");
    for key in [
        "move", "display", "side", "number", "fen", "status", "result",
    ] {
        assert_eq!(v[key], Value::Null, "{args:?}: {key}");
    }
}

#[test]
fn a_refused_move_as_json_names_the_rule() {
    let env = TestEnv::new();
    env.new_game(&["--fen", "8/8/8/8/8/3k4/3K4/8 w - - 0 1"]);
    env.ok(&[
        "move",
        "g.pgn",
        "Kd2d3/d3d4",
        "--at",
        "2020-11-20T10:00:00Z",
    ]);
    for command in ["move", "check"] {
        refused(
            &env,
            &[command, "g.pgn", "Kd4d3/d3d2"],
            1,
            "no-undo",
            "the move would undo your opponent's last move (no-undo rule); did you mean Kd4/d3d2 or Kd4d5/d3d4?",
        );
        let v = {
            let out = env.run(&[command, "g.pgn", "Kd4d3/d3d2", "--json"]);
            verdict(&out.stdout)
        };
        assert_eq!(v["text"], "Kd4d3/d3d2");
        refused(
            &env,
            &[command, "g.pgn", "Kd4d3x"],
            1,
            "notation",
            "'Kd4d3x' is not a move: at column 6, expected '/' or the end of the move, found 'x'; did you mean Kd4c3, Kd4d5 or Kd4e3?",
        );
        refused(
            &env,
            &[command, "g.pgn", "Kd4d6"],
            1,
            "piece-movement",
            "a king cannot move from d4 to d6; did you mean Kd4d5?",
        );
        refused(
            &env,
            &[command, "g.pgn", "Kd4d5", "--by", "white"],
            1,
            "not-your-turn",
            "it is Black's turn, not White's",
        );
        refused(
            &env,
            &[
                command,
                "g.pgn",
                "Kd4d5",
                "--from",
                "Mallory <mallory@example.org>",
            ],
            1,
            "unknown-address",
            "mallory@example.org is not the address of either player in this game",
        );
    }
    refused(
        &env,
        &["move", "g.pgn", "Kd4d5", "--at", "2020-11-20T09:30:00Z"],
        2,
        "time-order",
        "the time 2020-11-20T09:30:00Z is before the last recorded time 2020-11-20T10:00:00Z",
    );
    let future = env.run(&[
        "move",
        "g.pgn",
        "Kd4d5",
        "--at",
        "2999-01-01T00:00:00Z",
        "--json",
    ]);
    assert_eq!(future.code, 2);
    assert_eq!(verdict(&future.stdout)["rule"], "future-time");
}

#[test]
fn errors_that_are_not_a_verdict_stay_on_standard_error() {
    let env = TestEnv::new();
    let out = env.run(&["move", "nope.pgn", "e2e4", "--json"]);
    assert_eq!(out.code, 2);
    assert_eq!(out.stdout, "");
    assert_eq!(out.stderr, "dynamo: nope.pgn: no such game file\n");
    env.new_game(&[]);
    let out = env.run(&[
        "check",
        "g.pgn",
        "e2e4",
        "--from",
        "not an address",
        "--json",
    ]);
    assert_eq!(out.code, 2);
    assert_eq!(out.stdout, "");
    assert!(
        out.stderr.starts_with("dynamo: --from 'not an address': "),
        "{}",
        out.stderr
    );
}
