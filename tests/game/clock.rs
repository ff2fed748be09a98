//! Time controls: per-move and ICCF periods, at the boundaries. The games
//! are set in 2020 so that every `--at` is in the past.

use crate::support::TestEnv;

/// The game's line of the `games` table, its cells joined by ` | `
/// (empty ones left out).
fn games_line(env: &TestEnv, now: &str) -> String {
    let table = env.ok(&["games", "g.pgn", "--now", now]);
    let row = table.lines().nth(1).expect("a line under the header");
    row.split("  ")
        .map(str::trim)
        .filter(|c| !c.is_empty())
        .collect::<Vec<_>>()
        .join(" | ")
}

fn json(env: &TestEnv, now: &str) -> serde_json::Value {
    let text = env.ok(&["games", "g.pgn", "--json", "--now", now]);
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    v[0].clone()
}

#[test]
fn per_move_deadline_exactly_and_one_second_over() {
    let env = TestEnv::new();
    env.new_game_at("2020-11-20T09:00:00Z", &["--time-control", "3d"]);
    assert_eq!(
        games_line(&env, "2020-11-23T09:00:00Z"),
        "g.pgn | Correspondence game | - | Alice | Bob | 1 | Alice | 2020-11-23 09:00 | 0 seconds"
    );
    assert_eq!(
        games_line(&env, "2020-11-23T09:00:01Z"),
        "g.pgn | Correspondence game | - | Alice | Bob | 1 | Alice | 2020-11-23 09:00 | OVERDUE by 1 second"
    );
    let v = json(&env, "2020-11-23T09:00:01Z");
    assert_eq!(v["clock"]["seconds_left"], -1);
    assert_eq!(v["clock"]["overdue"], true);
    assert_eq!(v["clock"]["side"], "white");
    // A move received exactly on the deadline is in time.
    let out = env.ok(&[
        "move",
        "g.pgn",
        "e2e4",
        "--at",
        "2020-11-23T09:00:00Z",
        "--ascii",
    ]);
    assert!(!out.contains("note:"), "{out}");
    assert_eq!(
        json(&env, "2020-11-23T09:00:00Z")["late_move"],
        serde_json::Value::Null
    );
    assert_eq!(
        games_line(&env, "2020-11-24T10:30:00Z"),
        "g.pgn | Correspondence game | - | Alice | Bob | 1 | Bob | 1. e2e4 | 2020-11-23 09:00 | 2020-11-26 09:00 | 1 day 22 hours"
    );
    // One second late is recorded, and flagged for the director.
    let out = env.ok(&[
        "move",
        "g.pgn",
        "e7e5",
        "--at",
        "2020-11-26T09:00:01Z",
        "--ascii",
    ]);
    assert!(
        out.ends_with("note: Black's move 1 was received 1 second after the deadline 2020-11-26 09:00 UTC; the director may adjudicate a time forfeit\n"),
        "{out}"
    );
    assert_eq!(
        games_line(&env, "2020-11-26T10:00:00Z"),
        "g.pgn | Correspondence game | - | Alice | Bob | 2 | Alice | 1... e7e5 | 2020-11-26 09:00:01 | 2020-11-29 09:00:01 | 2 days 23 hours | LATE: Black's move 1 arrived 1 second after the deadline"
    );
    let v = json(&env, "2020-11-26T10:00:00Z");
    assert_eq!(v["late_move"]["ply"], 2);
    assert_eq!(v["late_move"]["side"], "black");
    assert_eq!(v["late_move"]["deadline"], "2020-11-26T09:00:00Z");
    assert_eq!(v["late_move"]["received"], "2020-11-26T09:00:01Z");
    env.ok(&["adjudicate", "g.pgn", "1-0", "--reason", "time forfeit"]);
    assert_eq!(
        games_line(&env, "2020-11-27T00:00:00Z"),
        "g.pgn | Correspondence game | - | Alice | Bob | 1 | 1... e7e5 | 2020-11-26 09:00:01 | 1-0 adjudicated: time forfeit | LATE: Black's move 1 arrived 1 second after the deadline"
    );
}

#[test]
fn period_control_carries_unused_time_over() {
    let env = TestEnv::new();
    // 2 moves in 10 days, to reach the second period quickly.
    env.new_game_at("2020-11-20T09:00:00Z", &["--time-control", "2/10d"]);
    env.ok(&["move", "g.pgn", "e2e4", "--at", "2020-11-21T09:00:00Z"]); // White used 1 day
    env.ok(&["move", "g.pgn", "e7e5", "--at", "2020-11-21T10:00:00Z"]);
    // White's 2nd move is still in the first period: 10 days - 1 used.
    assert_eq!(
        json(&env, "2020-11-21T10:00:00Z")["clock"]["deadline"],
        "2020-11-30T10:00:00Z"
    );
    env.ok(&["move", "g.pgn", "d2d4", "--at", "2020-11-22T10:00:00Z"]); // 2 days used
    env.ok(&["move", "g.pgn", "d7d5", "--at", "2020-11-22T11:00:00Z"]);
    // The 3rd move opens the second period: 20 days - 2 used = 18 days.
    let v = json(&env, "2020-11-22T11:00:00Z");
    assert_eq!(v["clock"]["deadline"], "2020-12-10T11:00:00Z");
    assert_eq!(v["clock"]["seconds_left"], 18 * 86_400);
    // Exactly on that deadline: in time, although it is more than 10 days.
    env.ok(&["move", "g.pgn", "Ng1f3", "--at", "2020-12-10T11:00:00Z"]);
    assert_eq!(
        json(&env, "2020-12-10T11:00:00Z")["late_move"],
        serde_json::Value::Null
    );
    // White has now used all 20 days: the 4th move must come at once.
    env.ok(&["move", "g.pgn", "Ng8f6", "--at", "2020-12-10T12:00:00Z"]);
    assert_eq!(
        json(&env, "2020-12-10T12:00:00Z")["clock"]["deadline"],
        "2020-12-10T12:00:00Z"
    );
    env.ok(&["move", "g.pgn", "Nb1c3", "--at", "2020-12-10T12:00:01Z"]);
    let v = json(&env, "2020-12-10T12:00:01Z");
    assert_eq!(v["late_move"]["ply"], 7);
    assert_eq!(v["late_move"]["side"], "white");
    assert_eq!(v["late_move"]["deadline"], "2020-12-10T12:00:00Z");
}

#[test]
fn no_time_control_has_no_clock() {
    let env = TestEnv::new();
    env.new_game(&[]);
    assert_eq!(
        games_line(&env, "2030-01-01T00:00:00Z"),
        "g.pgn | Correspondence game | - | Alice | Bob | 1 | Alice"
    );
    assert_eq!(
        json(&env, "2030-01-01T00:00:00Z")["clock"],
        serde_json::Value::Null
    );
}

/// A game set up at move 20 numbers its moves from 20, in the late-move
/// note of `move` as in `games`; the note once said "move 1".
#[test]
fn late_move_in_a_game_set_up_at_move_20() {
    let env = TestEnv::new();
    env.new_game_at(
        "2020-11-20T09:00:00Z",
        &[
            "--time-control",
            "3d",
            "--fen",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 20",
        ],
    );
    let out = env.ok(&[
        "move",
        "g.pgn",
        "e2e4",
        "--at",
        "2020-11-24T09:00:00Z",
        "--ascii",
    ]);
    assert!(
        out.ends_with("note: White's move 20 was received 1 day after the deadline 2020-11-23 09:00 UTC; the director may adjudicate a time forfeit\n"),
        "{out}"
    );
    let line = games_line(&env, "2020-11-24T10:00:00Z");
    assert!(
        line.contains("| 20. e2e4 | 2020-11-24 09:00 |")
            && line.contains("LATE: White's move 20 arrived 1 day after the deadline"),
        "{line}"
    );
}
