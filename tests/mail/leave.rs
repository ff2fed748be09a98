//! Leave is an event like the others: with mailing on, each player of
//! each game gets a notice saying whose leave it is, which days, and that
//! that clock stops; a notice that could not be sent is listed as queued
//! under its game in `dynamo games --json`.

use super::{mail_config, text_of};
use crate::support::TestEnv;
use crate::support::smtp::{Options, SmtpServer, unused_port};

fn two_games(env: &TestEnv) {
    for (file, white, black) in [
        (
            "games/a.pgn",
            "Alice <alice@example.org>",
            "Bob <bob@example.org>",
        ),
        (
            "games/b.pgn",
            "Bob <bob@example.org>",
            "Carol <carol@example.org>",
        ),
    ] {
        env.ok(&[
            "new",
            file,
            "--white",
            white,
            "--black",
            black,
            "--time-control",
            "3d",
            "-q",
        ]);
    }
}

#[test]
fn each_player_of_each_game_is_told_of_the_leave() {
    let server = SmtpServer::start(Options::default());
    let env = TestEnv::new();
    mail_config(&env, server.port, "none", None);
    two_games(&env);
    let out = env.ok(&[
        "leave",
        "--player",
        "bob@example.org",
        "--from",
        "2030-06-01",
        "--to",
        "2030-06-10",
        "--mail",
    ]);
    assert!(out.contains("\nmailed 4 notices ("), "{out}");
    let got = server.messages();
    let to: Vec<&str> = got.iter().map(|m| m.rcpt_tos[0].as_str()).collect();
    assert_eq!(
        to,
        [
            "alice@example.org",
            "bob@example.org",
            "bob@example.org",
            "carol@example.org"
        ]
    );
    for m in &got {
        let text = text_of(m);
        assert!(
            text.contains("Bob (Black) is on leave from 1 June 2030 to 10 June 2030: Bob's clock does not run on those days")
                || text.contains("Bob (White) is on leave from 1 June 2030 to 10 June 2030: Bob's clock does not run on those days"),
            "{text}"
        );
        assert!(
            text.contains("Leave: Bob will be on leave from 1 June 2030 to 10 June 2030; Bob's clock will not run on those days."),
            "{text}"
        );
    }
}

#[test]
fn notices_not_sent_show_under_their_game() {
    let env = TestEnv::new();
    mail_config(&env, unused_port(), "none", None);
    two_games(&env);
    let out = env.run(&[
        "leave",
        "--player",
        "carol@example.org",
        "--from",
        "2030-06-01",
        "--to",
        "2030-06-02",
        "--mail",
    ]);
    assert_eq!(out.code, 3, "{}", out.stderr);
    assert!(
        out.stdout
            .starts_with("games/b.pgn: leave 2030-06-01 to 2030-06-02 recorded"),
        "{}",
        out.stdout
    );
    let text = env.ok(&["games", "--json"]);
    let all: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    assert_eq!(all[0]["queued_notices"], serde_json::json!([]));
    let queued = all[1]["queued_notices"].as_array().expect("a list").clone();
    let mut to: Vec<String> = queued.iter().map(|n| n["to"].to_string()).collect();
    to.sort();
    assert_eq!(to, ["[\"bob@example.org\"]", "[\"carol@example.org\"]"]);
    for n in &queued {
        assert_eq!(n["state"], "queued");
        assert_eq!(n["event"], "Carol on leave 2030-06-01 to 2030-06-02");
        let id = n["id"].as_str().unwrap_or("");
        assert!(
            id.starts_with("<dynamo.bob-carol-") && id.contains("-leave-"),
            "{id}"
        );
    }
}
