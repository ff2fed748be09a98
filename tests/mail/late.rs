//! A move received after its deadline is said out loud to both players
//! (docs/director.md, "Time control"): by how much, what the time control allowed,
//! and that the opponent may claim the game on time; a clock over its
//! limit is never shown as time in hand, and a deadline already past is
//! labelled as such.
//!
//! A notice states the clocks as of the moment it is made, so each case
//! places its late move half an hour before the test runs: every time
//! left below is worked out by hand from that, and stays the same however
//! long the test takes, up to half an hour.

use chrono::{DateTime, Duration, DurationRound, SecondsFormat, Utc};

use super::{mail_config, text_of};
use crate::support::TestEnv;
use crate::support::smtp::{Options, SmtpServer};

/// The start of the current minute: the tests' "now", to the minute.
fn this_minute() -> DateTime<Utc> {
    Utc::now()
        .duration_trunc(Duration::minutes(1))
        .expect("a time")
}

fn rfc3339(t: DateTime<Utc>) -> String {
    t.to_rfc3339_opts(SecondsFormat::Secs, true)
}

/// A time as the notices print it.
fn short(t: DateTime<Utc>) -> String {
    t.format("%Y-%m-%d %H:%M UTC").to_string()
}

/// A game `g.pgn` of Alice (White) against Bob (Black) under `control`,
/// started at `start`, with the mail config pointing at `server`.
fn game(env: &TestEnv, server: &SmtpServer, control: &str, start: DateTime<Utc>) {
    mail_config(env, server.port, "none", None);
    env.new_game_at(&rfc3339(start), &["--time-control", control]);
}

/// Records `mv` received at `at` with `--mail` and returns both copies'
/// lines from the last move to the deadline (White's, Black's), which
/// must be the same.
fn notice(env: &TestEnv, server: &SmtpServer, mv: &str, at: DateTime<Utc>) -> String {
    let before = server.messages().len();
    env.ok(&["move", "g.pgn", mv, "--at", &rfc3339(at), "--mail"]);
    let got = server.messages()[before..].to_vec();
    assert_eq!(got.len(), 2, "a copy to each player");
    let blocks: Vec<String> = got.iter().map(|m| details(&text_of(m))).collect();
    assert_eq!(blocks[0], blocks[1], "both players are told the same");
    blocks[0].clone()
}

/// The lines of a notice from `Last move:` to the deadline.
fn details(text: &str) -> String {
    let start = text.find("Last move:").expect("a last move");
    let rest = &text[start..];
    let end = rest
        .find("Deadline: ")
        .or_else(|| rest.find("Next deadline: "))
        .expect("a deadline");
    let end = end + rest[end..].find('\n').expect("a line end") + 1;
    rest[..end].to_string()
}

/// The case of the defect: under `10/50d`, White's first move came 2
/// days 23 hours after its deadline. It was announced as "2 days 23
/// hours for the next move"; White is 2 days 23 hours over the limit of
/// the first period, so the next move is late whenever it comes.
#[test]
fn period_control_late_by_days_is_said_and_the_clock_is_over() {
    let server = SmtpServer::start(Options::default());
    let env = TestEnv::new();
    // The move comes half an hour ago; the deadline was 50 days after the
    // start, 2 days 23 hours before the move.
    let moved = this_minute() - Duration::minutes(30);
    let deadline = moved - Duration::days(2) - Duration::hours(23);
    let start = deadline - Duration::days(50);
    game(&env, &server, "10/50d", start);
    // Bob's 50 days run from the move: 49 days 23 hours 30 minutes left
    // (less the test's own seconds), said in two units. White used 52
    // days 23 hours of the 50 the first ten moves have: 2 days 23 hours
    // over.
    assert_eq!(
        notice(&env, &server, "e2e4", moved),
        format!(
            "Last move: 1. e2e4 by Alice, received {}\n\
             Late move: Alice's 1. e2e4 was received 2 days 23 hours after its deadline, {}; \
             time control 10/50d: 50 days for every 10 moves, so 50 days in all for a player's first 10 moves.\n\
             Bob may claim the game on time: the director may adjudicate it as a time forfeit. \
             Until the director decides, the game goes on.\n\
             Off the board: White lost nothing; Black lost nothing.\n\
             Clock of Bob (Black): 49 days 23 hours left, running\n\
             Clock of Alice (White): 2 days 23 hours over the time limit, not running \
             (Alice's next move will be late however soon it comes)\n\
             Next deadline: {}, for Bob's move\n",
            short(moved),
            short(deadline),
            short(moved + Duration::days(50)),
        )
    );
    // Bob answers at once, in time: Alice's clock runs from his move with
    // -2 days 23 hours in hand, so her deadline passed before it started.
    let answered = moved + Duration::minutes(10);
    let overdue_since = answered - Duration::days(2) - Duration::hours(23);
    assert_eq!(
        notice(&env, &server, "e7e5", answered),
        format!(
            "Last move: 1... e7e5 by Bob, received {}\n\
             Off the board: White lost nothing; Black lost nothing.\n\
             Clock of Alice (White): 2 days 23 hours over the time limit, running\n\
             Clock of Bob (Black): 49 days 23 hours for the next move, not running\n\
             Deadline: overdue since {}, for Alice's move\n",
            short(answered),
            short(overdue_since),
        )
    );
    // The overview agrees, to the second: 2 days 23 hours is 255600 s.
    let now = rfc3339(answered);
    let json = env.ok(&["games", "g.pgn", "--json", "--now", &now]);
    let v: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    let white = &v[0]["clocks"]["white"];
    assert_eq!(white["seconds_in_hand"], -255_600);
    assert_eq!(white["overdue"], true);
    assert_eq!(white["deadline"], rfc3339(overdue_since).as_str());
    assert_eq!(v[0]["clock"]["seconds_left"], -255_600);
    assert_eq!(v[0]["late_move"]["seconds_late"], 255_600);
    assert_eq!(v[0]["late_move"]["number"], 1);
    assert_eq!(v[0]["clocks"]["black"]["overdue"], false);
}

/// Under `10/50d`, late by minutes: Black's first move 7 minutes past
/// the 50 days.
#[test]
fn period_control_late_by_minutes() {
    let server = SmtpServer::start(Options::default());
    let env = TestEnv::new();
    let moved = this_minute() - Duration::minutes(30);
    let white_moved = moved - Duration::days(50) - Duration::minutes(7);
    let start = white_moved - Duration::days(1);
    game(&env, &server, "10/50d", start);
    env.ok(&["move", "g.pgn", "e2e4", "--at", &rfc3339(white_moved)]);
    // Alice used 1 day: 49 days for her second move, less the half hour.
    // Bob used 50 days 7 minutes: 7 minutes over.
    assert_eq!(
        notice(&env, &server, "e7e5", moved),
        format!(
            "Last move: 1... e7e5 by Bob, received {}\n\
             Late move: Bob's 1... e7e5 was received 7 minutes after its deadline, {}; \
             time control 10/50d: 50 days for every 10 moves, so 50 days in all for a player's first 10 moves.\n\
             Alice may claim the game on time: the director may adjudicate it as a time forfeit. \
             Until the director decides, the game goes on.\n\
             Off the board: White lost nothing; Black lost nothing.\n\
             Clock of Alice (White): 48 days 23 hours left, running\n\
             Clock of Bob (Black): 7 minutes over the time limit, not running \
             (Bob's next move will be late however soon it comes)\n\
             Next deadline: {}, for Alice's move\n",
            short(moved),
            short(white_moved + Duration::days(50)),
            short(moved + Duration::days(49)),
        )
    );
}

/// Under `3d`, late by minutes and by weeks: each move has its own 3
/// days, so a late move leaves no debt, and the opponent's clock is
/// never over for it.
#[test]
fn per_move_control_late_by_minutes_and_by_weeks() {
    let server = SmtpServer::start(Options::default());
    let env = TestEnv::new();
    let second = this_minute() - Duration::minutes(30);
    // Bob's move comes 2 weeks 1 day 5 hours after his 3 days.
    let first = second - Duration::days(3) - Duration::days(15) - Duration::hours(5);
    // Alice's, 4 minutes after hers.
    let start = first - Duration::days(3) - Duration::minutes(4);
    game(&env, &server, "3d", start);
    let by_minutes = notice(&env, &server, "e2e4", first);
    assert!(
        by_minutes.contains(&format!(
            "Late move: Alice's 1. e2e4 was received 4 minutes after its deadline, {}; \
             time control 3d: each move within 3 days of the opponent's move.\n\
             Bob may claim the game on time: the director may adjudicate it as a time forfeit. \
             Until the director decides, the game goes on.\n",
            short(start + Duration::days(3))
        )),
        "{by_minutes}"
    );
    assert_eq!(
        notice(&env, &server, "e7e5", second),
        format!(
            "Last move: 1... e7e5 by Bob, received {}\n\
             Late move: Bob's 1... e7e5 was received 15 days 5 hours after its deadline, {}; \
             time control 3d: each move within 3 days of the opponent's move.\n\
             Alice may claim the game on time: the director may adjudicate it as a time forfeit. \
             Until the director decides, the game goes on.\n\
             Off the board: White lost nothing; Black lost nothing.\n\
             Clock of Alice (White): 2 days 23 hours left, running\n\
             Clock of Bob (Black): 3 days for the next move, not running\n\
             Next deadline: {}, for Alice's move\n",
            short(second),
            short(first + Duration::days(3)),
            short(second + Duration::days(3)),
        )
    );
    // A move in time after them says nothing of lateness.
    let third = second + Duration::minutes(5);
    let in_time = notice(&env, &server, "d2d4", third);
    assert!(!in_time.contains("Late move"), "{in_time}");
}
