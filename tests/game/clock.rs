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

/// Under `10/50d`, Black's first move 22 days 2 hours after its deadline
/// (worked out by hand, docs/director.md, "Time control"): Black used 72 days 2
/// hours of the first period's 50, so Black's clock is 22 days 2 hours
/// over the limit while White's runs, and once White has moved, Black's
/// deadline is one already past.
#[test]
fn period_control_late_by_weeks_leaves_the_clock_over_its_limit() {
    let env = TestEnv::new();
    env.new_game_at("2020-11-20T09:00:00Z", &["--time-control", "10/50d"]);
    env.ok(&["move", "g.pgn", "e2e4", "--at", "2020-11-21T09:00:00Z"]); // 1 day used
    // Black's 50 days run from 2020-11-21 09:00 to 2021-01-10 09:00.
    let out = env.ok(&[
        "move",
        "g.pgn",
        "e7e5",
        "--at",
        "2021-02-01T11:00:00Z",
        "--ascii",
    ]);
    assert!(
        out.ends_with("note: Black's move 1 was received 22 days 2 hours after the deadline 2021-01-10 09:00 UTC; the director may adjudicate a time forfeit\n"),
        "{out}"
    );
    // White has 49 days from Black's move, 48 days 23 hours an hour on.
    assert_eq!(
        games_line(&env, "2021-02-01T12:00:00Z"),
        "g.pgn | Correspondence game | - | Alice | Bob | 2 | Alice | 1... e7e5 | 2021-02-01 11:00 | 2021-03-22 11:00 | 48 days 23 hours | LATE: Black's move 1 arrived 22 days 2 hours after the deadline; Black's clock 22 days 2 hours over the time limit"
    );
    let v = json(&env, "2021-02-01T12:00:00Z");
    // 22 days 2 hours is 1 908 000 s; 49 days less an hour 4 230 000 s.
    assert_eq!(v["late_move"]["seconds_late"], 1_908_000);
    assert_eq!(v["late_move"]["number"], 1);
    assert_eq!(v["clocks"]["black"]["seconds_in_hand"], -1_908_000);
    assert_eq!(v["clocks"]["black"]["overdue"], true);
    assert_eq!(v["clocks"]["black"]["running"], false);
    assert_eq!(v["clocks"]["white"]["seconds_in_hand"], 4_230_000);
    assert_eq!(v["clocks"]["white"]["overdue"], false);

    // White moves in time; the earlier late move is not announced again,
    // and Black's deadline (the move less the 22 days 2 hours over) is
    // printed as past.
    let out = env.ok(&[
        "move",
        "g.pgn",
        "d2d4",
        "--at",
        "2021-02-01T12:00:00Z",
        "--ascii",
    ]);
    assert!(!out.contains("note:"), "{out}");
    let clock = out.lines().last().expect("the clock line");
    assert!(
        clock.starts_with("Black to move: ")
            && clock.ends_with(" over the time limit (overdue since 2021-01-10 10:00 UTC)"),
        "{out}"
    );
    assert_eq!(
        games_line(&env, "2021-02-01T13:00:00Z"),
        "g.pgn | Correspondence game | - | Alice | Bob | 2 | Bob | 2. d2d4 | 2021-02-01 12:00 | 2021-01-10 10:00 | OVERDUE by 22 days 3 hours | LATE: Black's move 1 arrived 22 days 2 hours after the deadline"
    );
    let v = json(&env, "2021-02-01T13:00:00Z");
    assert_eq!(v["clock"]["seconds_left"], -1_911_600);
    assert_eq!(v["clock"]["overdue"], true);
    assert_eq!(v["clocks"]["black"]["seconds_in_hand"], -1_911_600);
    assert_eq!(v["clocks"]["black"]["deadline"], "2021-01-10T10:00:00Z");
    // Black's next move is late however soon it comes, and said so.
    let out = env.ok(&[
        "move",
        "g.pgn",
        "d7d5",
        "--at",
        "2021-02-01T14:00:00Z",
        "--ascii",
    ]);
    assert!(
        out.ends_with("note: Black's move 2 was received 22 days 4 hours after the deadline 2021-01-10 10:00 UTC; the director may adjudicate a time forfeit\n"),
        "{out}"
    );
}

/// Under `3d`, White's first move three weeks late: each move has its
/// own 3 days, so the late move leaves no debt behind it.
#[test]
fn per_move_control_late_by_weeks_leaves_no_debt() {
    let env = TestEnv::new();
    env.new_game_at("2020-11-20T09:00:00Z", &["--time-control", "3d"]);
    env.ok(&["move", "g.pgn", "e2e4", "--at", "2020-12-14T09:00:00Z"]);
    assert_eq!(
        games_line(&env, "2020-12-14T10:00:00Z"),
        "g.pgn | Correspondence game | - | Alice | Bob | 1 | Bob | 1. e2e4 | 2020-12-14 09:00 | 2020-12-17 09:00 | 2 days 23 hours | LATE: White's move 1 arrived 21 days after the deadline"
    );
    let v = json(&env, "2020-12-14T10:00:00Z");
    assert_eq!(v["late_move"]["seconds_late"], 21 * 86_400);
    assert_eq!(v["late_move"]["deadline"], "2020-11-23T09:00:00Z");
    assert_eq!(v["clocks"]["white"]["seconds_in_hand"], 3 * 86_400);
    assert_eq!(v["clocks"]["white"]["overdue"], false);
}

/// `move` prints the clock as of now: a deadline already past as
/// `overdue since`, one to come as `deadline`. The times are placed
/// around the test's own minute so that both lines are exact.
#[test]
fn move_prints_a_past_deadline_as_overdue() {
    use chrono::{Duration, DurationRound, SecondsFormat, Utc};
    let base = Utc::now()
        .duration_trunc(Duration::minutes(1))
        .expect("a time");
    let at = |t: chrono::DateTime<Utc>| t.to_rfc3339_opts(SecondsFormat::Secs, true);
    let short = |t: chrono::DateTime<Utc>| t.format("%Y-%m-%d %H:%M UTC").to_string();
    let env = TestEnv::new();
    env.new_game_at(&at(base - Duration::days(8)), &["--time-control", "3d"]);
    // White a day late; Black's 3 days then ran out a day ago.
    let white = base - Duration::days(4);
    let out = env.ok(&["move", "g.pgn", "e2e4", "--at", &at(white), "--ascii"]);
    let tail: Vec<&str> = out.lines().rev().take(2).collect();
    assert_eq!(
        tail,
        [
            format!(
                "note: White's move 1 was received 1 day after the deadline {}; the director may adjudicate a time forfeit",
                short(base - Duration::days(5))
            ),
            format!(
                "Black to move: 1 day over the time limit (overdue since {})",
                short(white + Duration::days(3))
            ),
        ],
        "{out}"
    );
    // `show` gives the same clock line in place of "Black to move".
    let show = env.ok(&["show", "--game", "g.pgn", "--ascii"]);
    assert!(
        show.contains(&format!(
            "\nBlack to move: 1 day over the time limit (overdue since {})\n",
            short(white + Duration::days(3))
        )),
        "{show}"
    );
    // Black, late too, half an hour ago: White has 3 days from then.
    let black = base - Duration::minutes(30);
    let out = env.ok(&["move", "g.pgn", "e7e5", "--at", &at(black), "--ascii"]);
    assert_eq!(
        out.lines().rev().nth(1),
        Some(
            format!(
                "White to move: 2 days 23 hours left (deadline {})",
                short(black + Duration::days(3))
            )
            .as_str()
        ),
        "{out}"
    );
}
