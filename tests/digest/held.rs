//! A digest player's held notices, as the director sees them: in `games
//! --json`'s `queued_notices` as `held`, and dropped by `mail --drop`
//! (docs/mail.md, "The daily digest").

use super::{config, five_games};
use crate::support::TestEnv;
use crate::support::smtp::{Options, SmtpServer};

#[test]
fn a_held_notice_is_listed_and_can_be_dropped() {
    let server = SmtpServer::start(Options::default());
    let env = TestEnv::new();
    config(&env, server.port);
    five_games(&env, "none");
    env.ok(&["digest", "--player", "bob@example.org", "--choose", "daily"]);
    env.ok(&["move", "games/r01-b01.pgn", "e2e4"]);
    let held: Vec<_> = std::fs::read_dir(env.path("outbox/held"))
        .expect("held")
        .map(|e| e.expect("an entry").path())
        .collect();
    assert_eq!(held.len(), 1, "Bob's notice of Alice's move waits");
    let notice: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&held[0]).expect("a notice")).expect("JSON");
    let id = notice["message_id"].as_str().expect("its id").to_string();

    let json: serde_json::Value =
        serde_json::from_str(&env.ok(&["games", "games/r01-b01.pgn", "--json"])).expect("JSON");
    let notices = json[0]["queued_notices"].as_array().expect("the notices");
    assert_eq!(notices.len(), 1, "{json}");
    assert_eq!(notices[0]["state"], "held", "{json}");
    assert_eq!(notices[0]["id"], id.as_str(), "{json}");
    assert!(env.ok(&["mail", "--list"]).contains("  held "));

    let out = env.ok(&["mail", "--drop", &id]);
    assert!(
        out.starts_with(&format!("dropped held notice {id} (")),
        "{out}"
    );
    assert_eq!(
        std::fs::read_dir(env.path("outbox/held"))
            .expect("held")
            .count(),
        0
    );
    let out = env.run(&["mail", "--drop", &id]);
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert!(
        out.stderr.contains("no queued, refused or held notice"),
        "{}",
        out.stderr
    );
}
