//! Where standard output goes does not decide whether a recorded event's
//! notices go: a closed pipe or a full disk, they are sent (or queued),
//! and standard error says the event is recorded. Names of any length
//! give outbox files of bounded length.

use std::process::Stdio;

use super::{mail_config, new_game, queued, sent};
use crate::support::TestEnv;
use crate::support::smtp::{Options, SmtpServer};

#[test]
fn move_with_mail_to_a_closed_pipe_still_mails() {
    let server = SmtpServer::start(Options::default());
    let env = TestEnv::new();
    new_game(&env, &["e2e4"]);
    mail_config(&env, server.port, "none", None);
    let (reader, writer) = std::io::pipe().expect("a pipe");
    drop(reader);
    let out = env
        .command()
        .args(["move", "game.dyn", "e7e5", "--mail"])
        .stdout(Stdio::from(writer))
        .stderr(Stdio::piped())
        .output()
        .expect("dynamo runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(
        stderr.contains("the move is recorded in game.dyn"),
        "{stderr}"
    );
    assert!(env.read("game.dyn").contains("e7e5"));
    assert_eq!(server.messages().len(), 2, "both notices went");
    assert_eq!(sent(&env).len(), 2);
}

#[test]
fn move_with_mail_to_a_full_disk_still_mails_and_says_the_move_is_recorded() {
    let server = SmtpServer::start(Options::default());
    let env = TestEnv::new();
    new_game(&env, &["e2e4"]);
    mail_config(&env, server.port, "none", None);
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .expect("/dev/full");
    let out = env
        .command()
        .args(["move", "game.dyn", "e7e5", "--mail"])
        .stdout(Stdio::from(full))
        .stderr(Stdio::piped())
        .output()
        .expect("dynamo runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{stderr}");
    assert!(
        stderr.starts_with(
            "dynamo: the move is recorded in game.dyn, but standard output could not be written"
        ),
        "{stderr}"
    );
    assert!(env.read("game.dyn").contains("e7e5"));
    assert_eq!(server.messages().len(), 2, "both notices went");
}

#[test]
fn a_closed_pipe_with_the_server_down_queues_the_notices() {
    let env = TestEnv::new();
    new_game(&env, &["e2e4"]);
    mail_config(&env, crate::support::smtp::unused_port(), "none", None);
    let (reader, writer) = std::io::pipe().expect("a pipe");
    drop(reader);
    let out = env
        .command()
        .args(["move", "game.dyn", "e7e5", "--mail"])
        .stdout(Stdio::from(writer))
        .stderr(Stdio::piped())
        .output()
        .expect("dynamo runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{stderr}");
    assert!(
        stderr.contains("the move is recorded in game.dyn"),
        "{stderr}"
    );
    assert_eq!(queued(&env).len(), 2);
}

#[test]
fn two_hundred_character_names_are_queued_and_sent() {
    let server = SmtpServer::start(Options::default());
    let env = TestEnv::new();
    mail_config(&env, server.port, "none", None);
    let white = format!("Alice {}", "Archer".repeat(33))
        .chars()
        .take(200)
        .collect::<String>();
    let black = format!("Bob {}", "Baker-".repeat(40))
        .chars()
        .take(200)
        .collect::<String>();
    assert_eq!((white.chars().count(), black.chars().count()), (200, 200));
    env.ok(&[
        "new",
        "game.dyn",
        "--white",
        &format!("{white} <alice@example.org>"),
        "--black",
        &format!("{black} <bob@example.org>"),
        "--mail",
    ]);
    env.ok(&["move", "game.dyn", "e2e4", "--mail"]);
    assert_eq!(server.messages().len(), 4);
    let names: Vec<String> = sent(&env)
        .iter()
        .map(|p| {
            p.file_name()
                .expect("a name")
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    assert_eq!(names.len(), 4);
    assert!(names.iter().all(|n| n.len() <= 120), "{names:?}");

    // Queued, too, when the server is down.
    mail_config(&env, crate::support::smtp::unused_port(), "none", None);
    let out = env.run(&["move", "game.dyn", "e7e5", "--mail"]);
    assert_eq!(out.code, 3, "{}", out.stderr);
    assert_eq!(queued(&env).len(), 2);
    mail_config(&env, server.port, "none", None);
    env.ok(&["mail", "--retry"]);
    assert_eq!(server.messages().len(), 6);
}
