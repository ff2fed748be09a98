//! Servers that misbehave, written for these tests (smtp_server.py
//! --fault): a session is given up after `timeout_seconds` whatever the
//! server does, the error names the stage, the notice stays queued, and
//! a server that takes a message but never answers QUIT still counts as
//! having taken it.

use std::time::{Duration, Instant};

use super::{mail_config, mail_config_with, new_game, queued, sent};
use crate::support::TestEnv;
use crate::support::smtp::{Options, SmtpServer};

fn faulty(fault: &'static str) -> SmtpServer {
    SmtpServer::start(Options {
        fault: Some(fault),
        drip_seconds: Some(1.0),
        ..Options::default()
    })
}

/// Runs `dynamo mail game.dyn` against `server` with a limit of `limit`
/// seconds; returns the output and how long it took.
fn mail_with_limit(
    env: &TestEnv,
    server: &SmtpServer,
    limit: u64,
) -> (crate::support::Output, Duration) {
    mail_config_with(
        env,
        server.port,
        "none",
        None,
        &format!("timeout_seconds = {limit}\n"),
    );
    let started = Instant::now();
    let out = env.run(&["mail", "game.dyn"]);
    (out, started.elapsed())
}

#[test]
fn a_dripping_server_is_given_up_after_the_timeout() {
    // One byte a second: no single read ever waits long, but the session
    // as a whole must end at the limit.
    let server = faulty("drip");
    let env = TestEnv::new();
    new_game(&env, &["e2e4"]);
    let (out, took) = mail_with_limit(&env, &server, 3);
    assert_eq!(out.code, 3, "{}", out.stderr);
    assert!(
        out.stderr.contains("did not finish within 3 s (timeout_seconds): stopped while waiting for the server's greeting"),
        "{}",
        out.stderr
    );
    assert!(took < Duration::from_secs(9), "took {took:?}");
    assert_eq!(queued(&env).len(), 2, "both notices stay queued");

    // The outbox lock is not held beyond the session: another command
    // gets it at once afterwards, and a --retry against the same server
    // ends as soon.
    let started = Instant::now();
    let out = env.run(&["mail", "--retry"]);
    assert_eq!(out.code, 3);
    assert!(
        started.elapsed() < Duration::from_secs(9),
        "{:?}",
        started.elapsed()
    );
    assert!(
        out.stderr.contains("1 more notice not tried"),
        "{}",
        out.stderr
    );
}

#[test]
fn two_commands_against_a_dripping_server_both_end_in_time() {
    let server = faulty("drip");
    let env = TestEnv::new();
    new_game(&env, &["e2e4"]);
    mail_config_with(&env, server.port, "none", None, "timeout_seconds = 2\n");
    let started = Instant::now();
    let spawn = || {
        env.command()
            .args(["mail", "--retry"])
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("dynamo runs")
    };
    env.ok(&["move", "game.dyn", "e7e5"]);
    let out = env.run(&["mail", "game.dyn"]);
    assert_eq!(out.code, 3);
    let mut a = spawn();
    let mut b = spawn();
    let (ra, rb) = (a.wait().expect("waits"), b.wait().expect("waits"));
    assert_eq!((ra.code(), rb.code()), (Some(3), Some(3)));
    // Each waits for the other's session at most once per notice.
    assert!(
        started.elapsed() < Duration::from_secs(20),
        "{:?}",
        started.elapsed()
    );
}

#[test]
fn a_silent_server_is_a_timeout_not_a_refused_connection() {
    let server = faulty("silent");
    let env = TestEnv::new();
    new_game(&env, &["e2e4"]);
    let (out, took) = mail_with_limit(&env, &server, 2);
    assert_eq!(out.code, 3);
    assert!(!out.stderr.contains("cannot connect"), "{}", out.stderr);
    assert!(
        out.stderr.contains("waiting for the server's greeting"),
        "{}",
        out.stderr
    );
    assert!(took < Duration::from_secs(7), "took {took:?}");
    assert_eq!(queued(&env).len(), 2);
}

#[test]
fn silence_after_the_message_is_a_timeout_at_the_reply() {
    let server = faulty("silent-after-data");
    let env = TestEnv::new();
    new_game(&env, &["e2e4"]);
    let (out, took) = mail_with_limit(&env, &server, 2);
    assert_eq!(out.code, 3);
    assert!(
        out.stderr
            .contains("waiting for the server's reply to the message"),
        "{}",
        out.stderr
    );
    assert!(
        !out.stderr.contains("refused the message"),
        "{}",
        out.stderr
    );
    assert!(took < Duration::from_secs(7), "took {took:?}");
    assert_eq!(queued(&env).len(), 2, "no 250: the notices stay queued");
    assert!(sent(&env).is_empty());
}

#[test]
fn a_server_that_never_answers_quit_has_the_notice_once() {
    let server = faulty("no-quit");
    let env = TestEnv::new();
    new_game(&env, &["e2e4"]);
    let (out, took) = mail_with_limit(&env, &server, 30);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(
        took < Duration::from_secs(10),
        "QUIT is not waited for long: {took:?}"
    );
    assert_eq!(server.messages().len(), 2);
    assert_eq!(sent(&env).len(), 2);
    assert!(queued(&env).is_empty());

    let out = env.ok(&["mail", "--retry"]);
    assert!(out.contains("nothing queued"), "{out}");
    assert_eq!(server.messages().len(), 2, "not sent again");
    let healthy = SmtpServer::start(Options::default());
    mail_config(&env, healthy.port, "none", None);
    env.ok(&["mail", "--retry"]);
    assert!(healthy.messages().is_empty());
}
