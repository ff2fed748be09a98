//! The IMAP client against a real Dovecot on loopback
//! (tests/support/dovecot.rs): TLS both ways, logins right and wrong,
//! the search, fetch and mark of handled messages across sessions,
//! INTERNALDATE, bodies byte for byte, and IDLE.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use chrono::{DateTime, Utc};
use dynamo::config::Security;
use dynamo::inbox::imap::{Account, DONE_KEYWORD, Imap, ImapError};

use crate::support::dovecot::Dovecot;
use crate::support::smtp::unused_port;

/// A date in the past: Dovecot takes the time of receipt for a future one.
const DATE: &str = "23-Nov-2025 10:00:00 +0000";

fn message(subject: &str) -> Vec<u8> {
    format!(
        "From: Alice <alice@example.org>\r\nTo: director@example.org\r\n\
         Subject: {subject}\r\nMessage-ID: <{subject}@example.org>\r\n\r\nNf3\r\n"
    )
    .into_bytes()
}

fn utc(text: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(text)
        .expect("a test time")
        .with_timezone(&Utc)
}

fn open(dovecot: &Dovecot, security: Security) -> Imap {
    Imap::open(&dovecot.account(security)).unwrap_or_else(|e| panic!("{e}{}", dovecot.log()))
}

#[test]
fn tls_starttls_and_plain_loopback_all_log_in_with_a_password_that_needs_a_literal() {
    let dovecot = Dovecot::start();
    // The password has `"`, `\`, `{5}` and non-ASCII letters in it.
    assert!(!dovecot.password.is_ascii());
    for security in [Security::Tls, Security::Starttls, Security::None] {
        let mut imap = open(&dovecot, security);
        assert_eq!(
            imap.waiting().expect("search"),
            Vec::<u32>::new(),
            "{security:?}"
        );
        assert!(imap.uid_validity().is_some());
        imap.logout().expect("logout");
    }
    let log = dovecot.log();
    assert!(log.contains("TLS, session"), "a TLS login: {log}");
}

#[test]
fn a_wrong_password_is_a_permanent_login_error_that_never_shows_it() {
    let dovecot = Dovecot::start();
    let config = dovecot.config(Security::Tls);
    let wrong = "Wr0ng \"pass\\word\" ünd-SECRET-42";
    let account = Account::new(&config.imap(), wrong, Some(&dovecot.ca_file())).expect("settings");
    let err = Imap::open(&account).expect_err("refused");
    assert!(matches!(err, ImapError::Login { .. }), "{err:?}");
    assert!(!err.is_temporary(), "{err}");
    let text = format!("{err} {err:?}");
    assert!(!text.contains("SECRET"), "{text}");
    assert!(!text.contains(&dovecot.password), "{text}");
    assert!(text.contains("director"), "names the user: {text}");
}

#[test]
fn a_server_down_is_a_temporary_error() {
    let dovecot = Dovecot::start();
    let mut config = dovecot.config(Security::Tls);
    config.port = unused_port();
    let account = Account::new(&config.imap(), &dovecot.password, Some(&dovecot.ca_file()));
    let err = Imap::open(&account.expect("settings")).expect_err("no server");
    assert!(matches!(err, ImapError::Connect { .. }), "{err:?}");
    assert!(err.is_temporary(), "{err}");
    assert!(!err.to_string().contains(&dovecot.password));
}

#[test]
fn a_certificate_not_trusted_is_refused_for_good() {
    let dovecot = Dovecot::start();
    for security in [Security::Tls, Security::Starttls] {
        let account = Account::new(&dovecot.config(security).imap(), &dovecot.password, None);
        let err = Imap::open(&account.expect("settings")).expect_err("untrusted");
        assert!(
            matches!(err, ImapError::Tls { .. }),
            "{security:?}: {err:?}"
        );
        assert!(!err.is_temporary());
    }
}

#[test]
fn a_missing_mailbox_is_a_permanent_error_naming_it() {
    let dovecot = Dovecot::start();
    let mut config = dovecot.config(Security::Tls);
    config.mailbox = "Moves".to_string();
    let account = Account::new(&config.imap(), &dovecot.password, Some(&dovecot.ca_file()));
    let err = Imap::open(&account.expect("settings")).expect_err("no mailbox");
    assert!(matches!(err, ImapError::Mailbox { .. }), "{err:?}");
    assert!(!err.is_temporary());
    assert!(err.to_string().contains("\"Moves\""), "{err}");
}

#[test]
fn a_mailbox_with_a_non_ascii_name_is_found() {
    let dovecot = Dovecot::start();
    let mut raw = dovecot.raw();
    // "Züge" in IMAP's modified UTF-7, written by hand.
    raw.command(b"CREATE \"Z&APw-ge\"");
    let uid = raw.append("Z&APw-ge", &message("m1"), DATE);
    let mut config = dovecot.config(Security::Tls);
    config.mailbox = "Züge".to_string();
    let account = Account::new(&config.imap(), &dovecot.password, Some(&dovecot.ca_file()));
    let mut imap = Imap::open(&account.expect("settings")).expect("opens Züge");
    assert_eq!(imap.waiting().expect("search"), [uid]);
}

#[test]
fn handled_messages_are_marked_for_good_and_no_longer_waiting() {
    let dovecot = Dovecot::start();
    let first = dovecot.append(&message("first"), DATE);
    let second = dovecot.append(&message("second"), "23-Nov-2025 10:05:00 +0000");
    let mut imap = open(&dovecot, Security::Tls);
    assert_eq!(imap.waiting().expect("search"), [first, second]);

    let fetched = imap.fetch(first).expect("fetch");
    assert_eq!(fetched.uid, first);
    assert_eq!(fetched.raw, message("first"));
    assert_eq!(fetched.arrived, utc("2025-11-23T10:00:00Z"));
    // Reading is not handling: the message is not even \Seen yet.
    assert!(!dovecot.flags(first).contains(&"\\Seen".to_string()));
    assert_eq!(imap.waiting().expect("search"), [first, second]);

    imap.mark_handled(&[first]).expect("mark");
    imap.logout().expect("logout");
    let flags = dovecot.flags(first);
    assert!(flags.contains(&DONE_KEYWORD.to_string()), "{flags:?}");
    assert!(flags.contains(&"\\Seen".to_string()), "{flags:?}");
    assert!(dovecot.flags(second).is_empty());

    // Another session, another way in: the mark has stayed.
    let mut again = open(&dovecot, Security::Starttls);
    assert_eq!(again.waiting().expect("search"), [second]);
    again.mark_handled(&[second]).expect("mark");
    assert_eq!(again.waiting().expect("search"), Vec::<u32>::new());
}

#[test]
fn a_uid_not_in_the_mailbox_is_gone() {
    let dovecot = Dovecot::start();
    let uid = dovecot.append(&message("only"), DATE);
    let mut imap = open(&dovecot, Security::Tls);
    let err = imap.fetch(uid + 10).expect_err("no such message");
    assert!(matches!(err, ImapError::Gone { .. }), "{err:?}");
    // The session goes on.
    assert_eq!(imap.fetch(uid).expect("fetch").raw, message("only"));
}

#[test]
fn internal_date_is_exact_whatever_its_zone() {
    let dovecot = Dovecot::start();
    let cases = [
        ("23-Nov-2025 10:00:00 +0130", "2025-11-23T08:30:00Z"),
        ("31-Dec-2024 23:00:01 -0800", "2025-01-01T07:00:01Z"),
        ("29-Feb-2024 23:59:59 +0000", "2024-02-29T23:59:59Z"),
        (" 1-Mar-2001 00:00:00 +1400", "2001-02-28T10:00:00Z"),
    ];
    let uids: Vec<u32> = cases
        .iter()
        .map(|(date, _)| dovecot.append(&message("dated"), date))
        .collect();
    let mut imap = open(&dovecot, Security::Tls);
    for (uid, (date, want)) in uids.iter().zip(cases) {
        assert_eq!(
            imap.fetch(*uid).expect("fetch").arrived,
            utc(want),
            "{date}"
        );
    }
}

#[test]
fn a_body_that_looks_like_imap_comes_back_byte_for_byte() {
    let dovecot = Dovecot::start();
    let mut body = b"From: Bob <bob@example.org>\r\nSubject: (tricky) {5}\r\n\r\n".to_vec();
    body.extend_from_slice(b"close ) paren\r\n{5}\r\nhello\r\n.\r\n");
    body.extend_from_slice(b"D2 OK done\r\n* 3 EXISTS\r\n\"quoted\\\r\n");
    body.extend_from_slice(&[0xe9, 0xff, 0x80, b'\r', b'\n']);
    body.extend_from_slice(&vec![b'x'; 300_000]);
    body.extend_from_slice(b"\r\n.\r\n");
    let uid = dovecot.append(&body, DATE);
    let mut imap = open(&dovecot, Security::Tls);
    let fetched = imap.fetch(uid).expect("fetch");
    assert!(
        fetched.raw == body,
        "{} bytes back for {}",
        fetched.raw.len(),
        body.len()
    );
    // The stream is still in step after it.
    assert_eq!(imap.waiting().expect("search"), [uid]);
}

#[test]
fn idle_wakes_within_seconds_when_a_message_arrives() {
    let dovecot = Dovecot::start();
    let mut imap = open(&dovecot, Security::Tls);
    assert!(imap.waiting().expect("search").is_empty());
    let stop = AtomicBool::new(false);
    let woke = std::thread::scope(|s| {
        s.spawn(|| {
            std::thread::sleep(Duration::from_millis(500));
            dovecot.append(&message("late"), DATE);
        });
        let started = Instant::now();
        let woke = imap.idle(Duration::from_secs(60), &stop).expect("idle");
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "{:?}",
            started.elapsed()
        );
        woke
    });
    assert!(woke);
    assert_eq!(imap.waiting().expect("search").len(), 1);
    imap.logout().expect("logout");
}

#[test]
fn idle_returns_when_told_to_stop_or_when_its_time_is_up() {
    let dovecot = Dovecot::start();
    let mut imap = open(&dovecot, Security::Starttls);
    imap.waiting().expect("search");
    let stop = Arc::new(AtomicBool::new(false));
    let setter = {
        let stop = Arc::clone(&stop);
        std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(500));
            stop.store(true, Ordering::Relaxed);
        })
    };
    let started = Instant::now();
    let woke = imap.idle(Duration::from_secs(600), &stop).expect("idle");
    assert!(!woke);
    assert!(
        started.elapsed() < Duration::from_secs(20),
        "{:?}",
        started.elapsed()
    );
    setter.join().expect("setter");

    let calm = AtomicBool::new(false);
    assert!(!imap.idle(Duration::from_secs(2), &calm).expect("idle"));
    // After both, the session still works.
    let uid = dovecot.append(&message("after"), DATE);
    assert_eq!(imap.waiting().expect("search"), [uid]);
}

#[test]
fn mail_that_came_during_other_commands_ends_idle_at_once() {
    let dovecot = Dovecot::start();
    let mut imap = open(&dovecot, Security::Tls);
    let first = dovecot.append(&message("first"), DATE);
    // waiting() sees what came before it was called.
    assert_eq!(imap.waiting().expect("search"), [first]);
    // With `stop` already set, idle() does not wait at all: it says only
    // whether news came with the commands since waiting().
    let stop = AtomicBool::new(true);
    assert!(!imap.idle(Duration::from_secs(20), &stop).expect("idle"));
    imap.fetch(first).expect("fetch");
    let second = dovecot.append(&message("second"), DATE);
    imap.mark_handled(&[first]).expect("mark");
    assert!(imap.idle(Duration::from_secs(20), &stop).expect("idle"));
    // Told once.
    assert!(!imap.idle(Duration::from_secs(20), &stop).expect("idle"));
    assert_eq!(imap.waiting().expect("search"), [second]);
}

#[test]
fn the_harness_gives_dynamo_the_same_settings_through_its_config_and_variables() {
    let dovecot = Dovecot::start();
    let env = crate::support::TestEnv::new();
    let table = dovecot.inbox_toml(Security::Tls);
    env.write("dynamo.toml", &table);
    let config = dynamo::config::Config::parse(&table).expect("a config");
    assert_eq!(config.inbox, Some(dovecot.config(Security::Tls)));
    let vars = dovecot.env();
    let vars: Vec<(&str, &str)> = vars.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    let out = env.ok_with(&["config"], &vars);
    assert!(out.contains("# set\n"), "{out}");
    let ca = format!("# DYNAMO_IMAP_CA_FILE: {}\n", dovecot.ca_file().display());
    assert!(out.contains(&ca), "{out}");
    assert!(!out.contains(&dovecot.password), "{out}");
}

#[test]
fn a_signal_during_a_tls_read_does_not_break_the_session() {
    // In a process of its own: the signals would reach every test here.
    let name = "inbox::imap::signals_raining_on_a_tls_session";
    let out = std::process::Command::new(std::env::current_exe().expect("the test binary"))
        .args([
            "--ignored",
            "--exact",
            name,
            "--test-threads=1",
            "--nocapture",
        ])
        .output()
        .expect("running the test binary");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success(), "{text}");
    assert!(text.contains("1 passed"), "{text}");
}

#[test]
#[ignore = "run by a_signal_during_a_tls_read_does_not_break_the_session, alone"]
fn signals_raining_on_a_tls_session() {
    let caught = Arc::new(AtomicBool::new(false));
    let handler = signal_hook::flag::register(signal_hook::consts::SIGUSR2, Arc::clone(&caught))
        .expect("a SIGUSR2 handler");
    let dovecot = Dovecot::start();
    let mut imap = open(&dovecot, Security::Tls);
    imap.waiting().expect("search");
    let done = AtomicBool::new(false);
    std::thread::scope(|s| {
        s.spawn(|| {
            let pid = std::process::id().to_string();
            while !done.load(Ordering::Relaxed) {
                let _ = std::process::Command::new("kill")
                    .args(["-USR2", &pid])
                    .status();
                std::thread::sleep(Duration::from_millis(5));
            }
        });
        let calm = AtomicBool::new(false);
        let idled = imap.idle(Duration::from_secs(3), &calm);
        let uid = dovecot.append(&message("rain"), DATE);
        let waiting = imap.waiting();
        let fetched = imap.fetch(uid);
        done.store(true, Ordering::Relaxed);
        assert!(!idled.expect("idle through the signals"));
        assert_eq!(waiting.expect("search through the signals"), [uid]);
        assert_eq!(
            fetched.expect("fetch through the signals").raw,
            message("rain")
        );
    });
    assert!(caught.load(Ordering::Relaxed), "no signal arrived");
    signal_hook::low_level::unregister(handler);
}
