//! The inbox's batches over a real Dovecot (the mail guide's
//! "Reliability"): the replies of a batch are marked handled on the
//! server with one `UID STORE` over their UID set, once the batch is
//! noted in the inbox's folder; and a run stopped between that note and
//! the server's flag records nothing twice: the next run finds each
//! reply noted and only marks it. Dovecot logs every command it finished
//! (`Dovecot::commands`), so the STOREs are counted as the server saw
//! them.

use chrono::DateTime;
use dynamo::config::Security;

use super::batches::{Club, FLUSHES, GAMES, PLIES, recorded_and_sent_once, replies};
use super::world::within_seconds;
use crate::support::dovecot::Dovecot;
use crate::support::smtp::Options;

/// The club of `batches` whose inbox flushes as `flush` says, its
/// replies appended to a fresh Dovecot's INBOX in the order they arrived;
/// the server, and the variables `dynamo` needs to log in.
fn club(flush: &str) -> (Club, Dovecot, Vec<(String, String)>) {
    let dovecot = Dovecot::start();
    let extra = format!(
        "inbox_flush = \"{flush}\"\n\n{}",
        dovecot.inbox_toml(Security::None)
    );
    let club = replies(Options::default(), &extra);
    let mut in_order = club.replies.clone();
    in_order.sort_by_key(|(_, at, _)| *at);
    let mut raw = dovecot.raw();
    for (_, at, mail) in &in_order {
        let date = DateTime::from_timestamp(*at, 0).expect("a time");
        let date = date.format("%d-%b-%Y %H:%M:%S +0000").to_string();
        raw.append("INBOX", mail.as_bytes(), &date);
    }
    let vars = dovecot.env();
    (club, dovecot, vars)
}

fn pairs(vars: &[(String, String)]) -> Vec<(&str, &str)> {
    vars.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect()
}

/// The STORE commands the server finished.
fn stores(dovecot: &Dovecot) -> Vec<String> {
    dovecot
        .commands()
        .into_iter()
        .filter(|c| c.starts_with("UID STORE"))
        .collect()
}

/// The UIDs in INBOX not marked handled.
fn unmarked(dovecot: &Dovecot) -> Vec<String> {
    let mut raw = dovecot.raw();
    raw.command(b"EXAMINE INBOX");
    let lines = raw.command(b"UID SEARCH NOT KEYWORD $DynamoDone");
    let found = lines
        .iter()
        .find(|l| l.starts_with("* SEARCH"))
        .expect("a SEARCH answer");
    found["* SEARCH".len()..]
        .split_whitespace()
        .map(str::to_string)
        .collect()
}

#[test]
fn a_batch_is_marked_with_one_store_over_its_uid_set() {
    let (club, dovecot, vars) = club("files");
    let vars = pairs(&vars);
    let replies = GAMES * PLIES;
    club.w.env.ok_with(&["inbox", "--imap", "-q"], &vars);
    recorded_and_sent_once(&club, "one run over IMAP");
    assert!(unmarked(&dovecot).is_empty(), "every reply marked");
    // 50 replies, one batch: one STORE, the UIDs 1 to 50 as one range.
    within_seconds(|| "the STORE".into(), || !stores(&dovecot).is_empty());
    assert_eq!(
        stores(&dovecot),
        [format!(
            "UID STORE 1:{replies} +FLAGS.SILENT ($DynamoDone \\Seen)"
        )]
    );
    let fetches = dovecot
        .commands()
        .iter()
        .filter(|c| c.starts_with("UID FETCH"))
        .count();
    assert_eq!(fetches, 2 * replies, "its size and date, then the message");

    // Nothing waits: a run again sends no STORE at all.
    club.w.env.ok_with(&["inbox", "--imap", "-q"], &vars);
    assert_eq!(stores(&dovecot).len(), 1);
}

#[test]
fn a_crash_between_the_note_and_the_servers_flag_records_nothing_twice() {
    let replies = GAMES * PLIES;
    for flush in FLUSHES {
        // Before the note is flushed, after it, after the mail went, and
        // after the STORE but before the batch's last flush.
        for point in ["recorded:26", "noted", "delivered", "marked"] {
            let what = format!("{point}, inbox_flush = {flush}");
            let (club, dovecot, vars) = club(flush);
            let vars = pairs(&vars);
            let mut crashing = vars.clone();
            crashing.push(("DYNAMO_CRASH_AT", point));
            let crashed = club.w.env.run_with(&["inbox", "--imap", "-q"], &crashing);
            assert_ne!(crashed.code, 0, "{what}: the run stops there");
            if point == "marked" {
                // Dovecot's log process writes the line a moment later.
                within_seconds(
                    || format!("{what}: the STORE"),
                    || stores(&dovecot).len() == 1,
                );
            } else {
                assert!(
                    stores(&dovecot).is_empty(),
                    "{what}: no STORE before the crash"
                );
            }

            let out = club.w.env.run_with(&["inbox", "--imap"], &vars);
            assert_eq!(out.code, 0, "{what}: {}{}", out.stdout, out.stderr);
            recorded_and_sent_once(&club, &what);
            assert!(unmarked(&dovecot).is_empty(), "{what}: every reply marked");
            if point == "noted" || point == "delivered" {
                // Found noted, recorded nothing, only marked.
                assert_eq!(
                    out.stdout.matches("handled before").count(),
                    replies,
                    "{what}: {}",
                    out.stdout
                );
                within_seconds(
                    || format!("{what}: one STORE"),
                    || stores(&dovecot).len() == 1,
                );
            }
        }
    }
}
