//! One mail a day in place of the notices: held back, not lost, whatever
//! the number of events and runs; urgent mail at once; `digest off`.

use super::{config, digests, five_games, text_of, to};
use crate::support::TestEnv;
use crate::support::smtp::{Options, SmtpServer};

#[test]
fn five_games_many_events_and_runs_one_digest_a_day() {
    let server = SmtpServer::start(Options::default());
    let env = TestEnv::new();
    config(&env, server.port);
    five_games(&env, "none");
    let started = server.messages().len();
    assert_eq!(started, 10, "each new game's notice, to each player");
    let out = env.ok(&["digest", "--player", "Bob@Example.org", "--choose", "daily"]);
    assert!(out.contains("one mail a day"), "{out}");
    assert!(
        env.read("outbox/digest/players.toml")
            .contains("bob@example.org")
    );

    // Day one: White moves in every game (Bob's own move in the even
    // ones), then Bob answers in two.
    for n in 1..=5 {
        env.ok(&["move", &format!("games/r0{n}-b01.pgn"), "e2e4"]);
    }
    env.ok(&["move", "games/r01-b01.pgn", "e7e5"]);
    env.ok(&["move", "games/r03-b01.pgn", "d7d5"]);
    let got = server.messages()[started..].to_vec();
    assert_eq!(to(&got, "bob@example.org").len(), 0, "Bob's notices wait");
    assert_eq!(to(&got, "alice@example.org").len(), 5, "Alice's go at once");
    assert_eq!(to(&got, "carol@example.org").len(), 2);
    assert_eq!(
        std::fs::read_dir(env.path("outbox/held"))
            .expect("held")
            .count(),
        7
    );

    let dry = env.ok(&["digest", "--now", "2030-01-01T07:00:00Z", "--dry-run"]);
    assert!(
        dry.contains("bob@example.org: would send a digest of 5 game(s) (7 notices held)"),
        "{dry}"
    );
    // A run killed after queueing the digest, before removing what it
    // stands for, is the same as the held notices put back afterwards.
    let held: Vec<_> = std::fs::read_dir(env.path("outbox/held"))
        .expect("held")
        .map(|e| {
            let path = e.expect("an entry").path();
            let text = std::fs::read_to_string(&path).expect("a notice");
            (path, text)
        })
        .collect();
    env.ok(&["digest", "--now", "2030-01-01T07:00:00Z"]);
    for (path, text) in &held {
        std::fs::write(path, text).expect("put back");
    }
    for _ in 0..3 {
        env.ok(&["digest", "--now", "2030-01-01T07:00:00Z"]);
    }
    let day_one = digests(&server.messages());
    assert_eq!(day_one.len(), 1, "one digest on the first day");
    assert_eq!(day_one[0].rcpt_tos, ["bob@example.org"]);
    assert_eq!(
        std::fs::read_dir(env.path("outbox/held"))
            .expect("held")
            .count(),
        0
    );
    let text = text_of(&day_one[0]);
    for n in 1..=5 {
        assert!(text.contains(&format!("r0{n}-b01: Bob")), "{text}");
    }
    assert!(
        text.contains("r01-b01: Bob (Black) against Alice"),
        "{text}"
    );
    assert!(text.contains("Alice's last move: 1. e2e4"), "{text}");
    assert!(text.contains("Your last move: 1... e7e5"), "{text}");
    // Bob is to move in r05 only: Alice's move in r01 and r03, Carol's
    // in r02 and r04.
    assert!(
        text.contains("r05-b01: Bob (Black) against Alice"),
        "{text}"
    );
    assert!(text.contains("r05-b01.png"), "{text}");
    assert!(
        text.contains("r02-b01: Bob (White) against Carol"),
        "{text}"
    );
    assert!(text.contains("Carol has not moved yet"), "{text}");
    assert!(!text.contains("r01-b01.png"), "not Bob's move: {text}");
    // A text board for the game to move, from Bob's side (Black's rank 1
    // first), and an example that is a move Bob may make there: before,
    // the example named the first game, not Bob's move, with Nf3.
    let board = text
        .split("r05-b01.png")
        .nth(1)
        .expect("the game to move's lines");
    assert!(board.contains("    1 "), "a text board: {text}");
    assert_eq!(text.matches("    1 ").count(), 1, "one board: {text}");
    let example = text
        .lines()
        .skip_while(|l| !l.contains("for example:"))
        .find_map(|l| l.trim().strip_prefix("r05-b01: "))
        .unwrap_or_else(|| panic!("an example for r05-b01: {text}"));
    env.ok(&["check", "games/r05-b01.pgn", example]);
    let pictures = day_one[0].data.matches("Content-Type: image/png").count();
    assert_eq!(pictures, 1, "a board for each game where it is Bob's move");

    // More events the same day: held for the next day's digest.
    env.ok(&["move", "games/r01-b01.pgn", "g1f3"]);
    env.ok(&["move", "games/r05-b01.pgn", "e7e5"]);
    let json = env.ok(&["digest", "--now", "2030-01-01T20:00:00Z", "--json"]);
    assert!(json.contains("\"state\":\"made already today\""), "{json}");
    assert_eq!(digests(&server.messages()).len(), 1);

    // Day two: one more, whatever the runs.
    for _ in 0..3 {
        env.ok(&["digest", "--now", "2030-01-02T07:00:00Z"]);
    }
    let all = digests(&server.messages());
    assert_eq!(all.len(), 2, "one digest a day");
    let text = text_of(&all[1]);
    assert!(text.contains("Alice's last move: 2. Ng1f3"), "{text}");
    // Nothing happened since: no digest on day three.
    let out = env.ok(&["digest", "--now", "2030-01-03T07:00:00Z"]);
    assert_eq!(out, "", "quiet for cron when nothing is due");
    assert_eq!(digests(&server.messages()).len(), 2);
}

#[test]
fn urgent_mail_goes_at_once_and_digest_off_goes_back_to_notices() {
    let server = SmtpServer::start(Options::default());
    let env = TestEnv::new();
    config(&env, server.port);
    // One day per move: every deadline is within a day.
    five_games(&env, "1d");
    env.ok(&["digest", "--player", "bob@example.org", "--choose", "daily"]);
    let before = server.messages().len();
    env.ok(&["move", "games/r01-b01.pgn", "e2e4"]);
    let got = server.messages()[before..].to_vec();
    assert_eq!(
        to(&got, "bob@example.org").len(),
        1,
        "a deadline within a day"
    );

    let bob = |from: usize| to(&server.messages()[from..], "bob@example.org").len();
    // Without a near deadline: a draw offer and the end still go at once.
    std::fs::create_dir(env.path("slow")).expect("a folder");
    env.ok(&[
        "new",
        "slow/a.pgn",
        "--white",
        "Alice <alice@example.org>",
        "--black",
        "Bob <bob@example.org>",
        "--time-control",
        "none",
    ]);
    let before = server.messages().len();
    env.ok(&["move", "slow/a.pgn", "e2e4"]);
    assert_eq!(bob(before), 0, "a move with time to spare waits");
    env.ok(&["draw", "slow/a.pgn", "offer", "--by", "white"]);
    assert_eq!(bob(before), 1, "a draw offer goes at once");
    env.ok(&["resign", "slow/a.pgn", "--by", "white"]);
    assert_eq!(bob(before), 2, "the game's end goes at once");

    let before = server.messages().len();
    env.ok(&["digest", "--player", "bob@example.org", "--choose", "off"]);
    env.ok(&["move", "games/r01-b01.pgn", "e7e5"]);
    let got = server.messages()[before..].to_vec();
    assert_eq!(
        to(&got, "bob@example.org").len(),
        1,
        "notices again after digest off"
    );
}
