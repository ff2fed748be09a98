//! `dynamo leave`: a player's clock stops on their days of leave, in
//! per-move and in ICCF period controls, every deadline worked out here
//! by hand; the leave is an event of the file, which replays and
//! verifies; the yearly allowance counts a day once across games and
//! refuses leave beyond it, changing nothing.

use crate::support::TestEnv;

const ADA: &str = "Ada Lovelace <ada@example.org>";
const BOB: &str = "Bob <bob@example.org>";

/// The JSON of one game as `games --json` shows it at `now`.
fn game_json(env: &TestEnv, file: &str, now: &str) -> serde_json::Value {
    let text = env.ok(&["games", "--json", "--now", now, file]);
    let all: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    all[0].clone()
}

fn deadline(env: &TestEnv, file: &str, now: &str) -> serde_json::Value {
    game_json(env, file, now)["clock"]["deadline"].clone()
}

fn new_game(env: &TestEnv, file: &str, white: &str, black: &str, tc: &str, at: &str) {
    env.ok(&[
        "new",
        file,
        "--white",
        white,
        "--black",
        black,
        "--time-control",
        tc,
        "--at",
        at,
        "-q",
    ]);
}

fn leave(env: &TestEnv, args: &[&str]) -> String {
    let mut all = vec!["leave"];
    all.extend_from_slice(args);
    env.ok(&all)
}

/// 3d a move. Bob replied on Monday 30 November 2020 at 12:00: Ada's
/// move is due Thursday 3 December 12:00. Leave on Tuesday and
/// Wednesday (1–2 December, two whole days) stops her clock for 48
/// hours: due Saturday 5 December 12:00.
#[test]
fn per_move_deadline_moves_by_exactly_the_days_of_leave() {
    let env = TestEnv::new();
    new_game(&env, "games/g.pgn", ADA, BOB, "3d", "2020-11-27 09:00");
    env.ok(&[
        "move",
        "games/g.pgn",
        "e2e4",
        "--at",
        "2020-11-28 10:00",
        "-q",
    ]);
    env.ok(&[
        "move",
        "games/g.pgn",
        "e7e5",
        "--at",
        "2020-11-30 12:00",
        "-q",
    ]);
    let now = "2020-11-30T13:00:00Z";
    assert_eq!(deadline(&env, "games/g.pgn", now), "2020-12-03T12:00:00Z");
    let out = leave(
        &env,
        &[
            "--player",
            "ada@example.org",
            "--from",
            "2020-12-01",
            "--to",
            "2020-12-02",
            "--at",
            now,
        ],
    );
    // The deadline is judged as of the time `leave` runs, years after
    // these games: one already past is labelled so.
    assert_eq!(
        out,
        "games/g.pgn: leave 2020-12-01 to 2020-12-02 recorded for Ada Lovelace (White); \
         deadline overdue since 2020-12-05 12:00 UTC (White to move)\n\
         ada@example.org: 2 of 30 days of leave taken in 2020 (28 left)\n"
    );
    assert_eq!(deadline(&env, "games/g.pgn", now), "2020-12-05T12:00:00Z");
    // The record shows it, replays, verifies, and exports it.
    let text = env.read("games/g.pgn");
    assert!(
        text.contains(
            "1. e2e4 {2020-11-28T10:00:00Z} e7e5 {2020-11-30T12:00:00Z} \
             {[%leave White 2020-12-01 2020-12-02 2020-11-30T13:00:00Z]}\n*\n"
        ),
        "{text}"
    );
    assert_eq!(
        env.ok(&["verify", "games/g.pgn"]),
        "games/g.pgn: ok, 2 half-moves, White to move\n1 file: 1 ok, 0 bad\n"
    );
    let export: serde_json::Value =
        serde_json::from_str(&env.ok(&["export", "games/g.pgn", "--format", "json"]))
            .expect("JSON");
    let expected = serde_json::json!([{
        "side": "white", "from": "2020-12-01", "to": "2020-12-02",
        "recorded": "2020-11-30T13:00:00Z"
    }]);
    assert_eq!(export["leave"], expected);
    assert_eq!(export["events"][3]["kind"], "leave");
    assert_eq!(export["events"][3]["by"], "white");
    assert_eq!(export["events"][3]["from"], "2020-12-01");
    assert_eq!(export["events"][3]["to"], "2020-12-02");
    let game = game_json(&env, "games/g.pgn", "2020-12-01T12:00:00Z");
    assert_eq!(game["leave"], expected);
    // On leave on 1 December at noon: her clock ran 12 hours of her 72.
    assert_eq!(game["clocks"]["white"]["on_leave"], true);
    assert_eq!(game["clocks"]["white"]["seconds_in_hand"], 60 * 3600);
    assert_eq!(
        game["clocks"]["white"]["next_leave"],
        serde_json::json!({"from": "2020-12-01", "to": "2020-12-02"})
    );
    // The table marks the deadline and says she is on leave.
    let table = env.ok(&["games", "--now", "2020-12-01T12:00:00Z", "games/g.pgn"]);
    assert!(
        table.contains("2020-12-05 12:00 (leave)  on leave, 4 days  ")
            && table.contains("Ada Lovelace on leave until 2020-12-02"),
        "{table}"
    );
    // A move on Friday, after the old deadline, is in time.
    env.ok(&[
        "move",
        "games/g.pgn",
        "d2d4",
        "--at",
        "2020-12-04 12:00",
        "-q",
    ]);
    assert_eq!(
        game_json(&env, "games/g.pgn", "2020-12-04T12:00:00Z")["late_move"],
        serde_json::Value::Null
    );
}

/// 10/50d: 50 days for every 10 moves, unused time carried over. Ada
/// uses 10 days on her first move; from Bob's reply on 12 November she
/// has 40 days: 22 December 00:00. Ten days of leave (20–29 November)
/// make it 1 January 00:00. Moving on 25 December she uses 43 days of
/// calendar less 10 of leave: 33, 43 in all; from Bob's reply on 26
/// December she has 50 − 43 = 7 days: 2 January 2021 00:00.
#[test]
fn period_control_leaves_the_leave_out_of_the_time_used() {
    let env = TestEnv::new();
    new_game(&env, "games/g.pgn", ADA, BOB, "10/50d", "2020-11-01 00:00");
    env.ok(&[
        "move",
        "games/g.pgn",
        "e2e4",
        "--at",
        "2020-11-11 00:00",
        "-q",
    ]);
    env.ok(&[
        "move",
        "games/g.pgn",
        "e7e5",
        "--at",
        "2020-11-12 00:00",
        "-q",
    ]);
    let now = "2020-11-12T00:00:00Z";
    assert_eq!(deadline(&env, "games/g.pgn", now), "2020-12-22T00:00:00Z");
    leave(
        &env,
        &[
            "--player",
            "ada@example.org",
            "--from",
            "2020-11-20",
            "--to",
            "2020-11-29",
            "--at",
            now,
        ],
    );
    assert_eq!(deadline(&env, "games/g.pgn", now), "2021-01-01T00:00:00Z");
    env.ok(&[
        "move",
        "games/g.pgn",
        "d2d4",
        "--at",
        "2020-12-25 00:00",
        "-q",
    ]);
    env.ok(&[
        "move",
        "games/g.pgn",
        "d7d5",
        "--at",
        "2020-12-26 00:00",
        "-q",
    ]);
    let game = game_json(&env, "games/g.pgn", "2020-12-26T00:00:00Z");
    assert_eq!(game["late_move"], serde_json::Value::Null);
    assert_eq!(game["clock"]["deadline"], "2021-01-02T00:00:00Z");
    assert_eq!(game["clocks"]["white"]["used_seconds"], 43 * 86_400);
    assert_eq!(game["clocks"]["white"]["seconds_in_hand"], 7 * 86_400);
}

/// Leave granted afterwards (the director's decision, say for an
/// illness) takes back a late move's lateness: the clock did not run.
#[test]
fn backdated_leave_covers_a_late_move() {
    let env = TestEnv::new();
    new_game(&env, "games/g.pgn", ADA, BOB, "3d", "2020-11-02 00:00");
    env.ok(&[
        "move",
        "games/g.pgn",
        "e2e4",
        "--at",
        "2020-11-07 00:00",
        "-q",
    ]);
    let late = game_json(&env, "games/g.pgn", "2020-11-07T00:00:00Z")["late_move"].clone();
    assert_eq!(late["deadline"], "2020-11-05T00:00:00Z");
    leave(
        &env,
        &[
            "--player",
            "ada@example.org",
            "--from",
            "2020-11-03",
            "--to",
            "2020-11-04",
        ],
    );
    let game = game_json(&env, "games/g.pgn", "2020-11-07T00:00:00Z");
    assert_eq!(game["late_move"], serde_json::Value::Null);
    assert_eq!(game["clocks"]["white"]["used_seconds"], 3 * 86_400);
}

/// A day of leave counts once however many games it is recorded in; the
/// allowance is per calendar year; leave beyond it is refused whole.
#[test]
fn the_allowance_counts_each_day_once_and_refuses_leave_beyond_it() {
    let env = TestEnv::new();
    env.write("dynamo.toml", "leave_days_per_year = 10\n");
    new_game(&env, "games/a.pgn", ADA, BOB, "3d", "2020-11-02 00:00");
    new_game(
        &env,
        "games/b.pgn",
        "Cy <cy@example.org>",
        ADA,
        "3d",
        "2020-11-02 00:00",
    );
    new_game(
        &env,
        "games/c.pgn",
        BOB,
        "Cy <cy@example.org>",
        "3d",
        "2020-11-02 00:00",
    );
    // Six days in both of Ada's games: six days, not twelve.
    let out = leave(
        &env,
        &[
            "--player",
            "ADA@example.org",
            "--from",
            "2020-12-01",
            "--to",
            "2020-12-06",
        ],
    );
    assert_eq!(
        out,
        "games/a.pgn: leave 2020-12-01 to 2020-12-06 recorded for Ada Lovelace (White); \
         deadline overdue since 2020-11-05 00:00 UTC (White to move)\n\
         games/b.pgn: leave 2020-12-01 to 2020-12-06 recorded for Ada Lovelace (Black); \
         deadline overdue since 2020-11-05 00:00 UTC (White to move)\n\
         ADA@example.org: 6 of 10 days of leave taken in 2020 (4 left)\n"
    );
    assert!(
        !env.read("games/c.pgn").contains("%leave"),
        "not Ada's game"
    );
    // The same leave again: nothing to do.
    let before: Vec<String> = ["a", "b", "c"]
        .iter()
        .map(|g| env.read(&format!("games/{g}.pgn")))
        .collect();
    let out = leave(
        &env,
        &[
            "--player",
            "ada@example.org",
            "--from",
            "2020-12-02",
            "--to",
            "2020-12-03",
        ],
    );
    assert_eq!(
        out,
        "games/a.pgn: Ada Lovelace (White) is on leave on all those days already; nothing to do\n\
         games/b.pgn: Ada Lovelace (Black) is on leave on all those days already; nothing to do\n\
         ada@example.org: 6 of 10 days of leave taken in 2020 (4 left)\n"
    );
    // 29 December to 2 January: 3 days in 2020 and 2 in 2021; with the
    // 6 taken, 9 of 10 in 2020: allowed. Then one more day in 2020 fits
    // (10 of 10), but two do not.
    leave(
        &env,
        &[
            "--player",
            "ada@example.org",
            "--from",
            "2020-12-29",
            "--to",
            "2021-01-02",
        ],
    );
    let out = env.run(&[
        "leave",
        "--player",
        "ada@example.org",
        "--from",
        "2020-12-10",
        "--to",
        "2020-12-11",
    ]);
    assert_eq!(out.code, 1);
    assert_eq!(
        out.stderr,
        "dynamo: ada@example.org has taken 9 of 10 days of leave in 2020 (1 left); \
         2020-12-10 to 2020-12-11 would add 2 more (leave_days_per_year in the config); \
         nothing was recorded\n"
    );
    assert_eq!(out.stdout, "");
    let after_refusal: Vec<String> = ["a", "b", "c"]
        .iter()
        .map(|g| env.read(&format!("games/{g}.pgn")))
        .collect();
    assert_ne!(after_refusal, before, "the new year's leave is recorded");
    let out = env.run(&[
        "leave",
        "--player",
        "ada@example.org",
        "--from",
        "2020-12-10",
        "--to",
        "2020-12-11",
    ]);
    assert_eq!(out.code, 1);
    for (g, text) in ["a", "b", "c"].iter().zip(&after_refusal) {
        assert_eq!(&env.read(&format!("games/{g}.pgn")), text, "{g} unchanged");
    }
    let out = leave(
        &env,
        &[
            "--player",
            "ada@example.org",
            "--from",
            "2020-12-10",
            "--to",
            "2020-12-10",
        ],
    );
    assert!(
        out.ends_with("ada@example.org: 10 of 10 days of leave taken in 2020 (0 left)\n"),
        "{out}"
    );
}

/// Leave counted in a finished game still counts; leave is recorded only
/// in games going on; bad dates and addresses are bad input.
#[test]
fn refusals_change_nothing() {
    let env = TestEnv::new();
    new_game(&env, "games/done.pgn", ADA, BOB, "3d", "2020-11-02 00:00");
    env.ok(&[
        "resign",
        "games/done.pgn",
        "--by",
        "white",
        "--at",
        "2020-11-03 00:00",
        "-q",
    ]);
    let done = env.read("games/done.pgn");
    let fails = |args: &[&str], code: i32, stderr: &str| {
        let mut all = vec!["leave"];
        all.extend_from_slice(args);
        env.fails(&all, code, stderr);
        assert_eq!(env.read("games/done.pgn"), done);
    };
    let days = ["--from", "2020-12-01", "--to", "2020-12-02"];
    fails(
        &[&["--player", "ada@example.org"], &days[..]].concat(),
        1,
        "dynamo: ada@example.org plays in no game going on in games; nothing was recorded\n",
    );
    fails(
        &[
            &["--player", "ada@example.org", "games/done.pgn"],
            &days[..],
        ]
        .concat(),
        1,
        "dynamo: games/done.pgn: the game is over (0-1: White resigns); nothing more can be recorded\n",
    );
    new_game(&env, "games/g.pgn", ADA, BOB, "3d", "2020-11-02 00:00");
    fails(
        &[&["--player", "cy@example.org", "games/g.pgn"], &days[..]].concat(),
        1,
        "dynamo: games/g.pgn: cy@example.org is not the address of either player in this game\n",
    );
    fails(
        &[
            &["--player", "ada@example.org", "--at", "2020-11-01 00:00"],
            &days[..],
        ]
        .concat(),
        2,
        "dynamo: games/g.pgn: the time 2020-11-01T00:00:00Z is before the last recorded time \
         2020-11-02T00:00:00Z; nothing was recorded\n",
    );
    assert!(!env.read("games/g.pgn").contains("%leave"));
    fails(
        &[
            "--player",
            "ada@example.org",
            "--from",
            "2020-12-02",
            "--to",
            "2020-12-01",
        ],
        2,
        "dynamo: --from/--to: the leave ends (2020-12-01) before it begins (2020-12-02)\n",
    );
    fails(
        &[
            "--player",
            "ada@example.org",
            "--from",
            "1 December",
            "--to",
            "2020-12-01",
        ],
        2,
        "dynamo: --from/--to: '1 December' is not a date such as 2026-12-01\n",
    );
    fails(
        &[&["--player", "ada at example"], &days[..]].concat(),
        2,
        "dynamo: --player 'ada at example': not an email address (contains spaces or line breaks)\n",
    );
    // A leave event by hand with its days reversed does not replay.
    let g = env.read("games/g.pgn");
    let bad = g.replace(
        "\n*\n",
        "\n{[%leave White 2020-12-02 2020-12-01 2020-11-03T00:00:00Z]} *\n",
    );
    env.write("games/bad.pgn", &bad);
    let out = env.run(&["verify", "games/bad.pgn"]);
    assert_eq!(out.code, 1);
    assert!(
        out.stdout
            .contains("is not a leave: the leave ends (2020-12-01) before it begins (2020-12-02)"),
        "{}",
        out.stdout
    );
}
