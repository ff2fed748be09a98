//! The inbox in batches (the mail guide's "Reliability"): one SMTP
//! session carries every notice of a run, a new one only when the server
//! closes it; and a run stopped at each step of a batch
//! (`DYNAMO_CRASH_AT`, docs/reference.md "Tests") loses and doubles
//! nothing, whichever way its writes are flushed (`[mail] inbox_flush`):
//! after a run again, every move is recorded once, from its mail, and
//! every notice was sent once. `imap_batches` runs the same club's
//! replies through a real Dovecot.

use std::collections::HashMap;
use std::time::Duration;

use chrono::DateTime;
use dynamo::config::{MailConfig, Security};
use dynamo::game::Game;
use dynamo::mail::envelope::message_id;
use dynamo::mail::{Secret, Token};
use dynamo::recorder::{Action, Recorder, Request, When, Who};
use dynamo_core::Color;

use super::world::{DIRECTOR, World, parse};
use crate::support::TestEnv;
use crate::support::smtp::{Options, SmtpServer};

pub(crate) const GAMES: usize = 10;
pub(crate) const PLIES: usize = 5;

/// Both ways a batch's writes are flushed (`[mail] inbox_flush`).
pub(crate) const FLUSHES: [&str; 2] = ["files", "filesystem"];

/// Knights out and back: legal forever, whoever is to move.
const CYCLE: [&str; 4] = ["Ng1f3", "Ng8f6", "Nf3g1", "Nf6g8"];

fn address(side: Color, n: usize) -> String {
    let letter = if side == Color::White { 'w' } else { 'b' };
    format!("{}{n} <{letter}{n}@example.org>", side.title())
}

/// A world of `GAMES` games and `PLIES` replies to each.
pub(crate) struct Club {
    pub w: World,
    pub secret: Secret,
    /// Each game's path and the game its replies should leave.
    pub expected: Vec<(String, Game)>,
    /// Each reply: a name for it, when it arrived, the message.
    pub replies: Vec<(String, i64, String)>,
}

/// A world of `GAMES` games whose inbox flushes as `flush` says, and
/// the Maildir of `PLIES` replies to each, every reply answering the
/// notice of the move before it.
fn club(options: Options, flush: &str) -> Club {
    let club = replies(options, &format!("inbox_flush = \"{flush}\"\n"));
    for (name, _, mail) in &club.replies {
        club.w.deliver(name, mail);
    }
    club
}

/// A world of `GAMES` games, `extra` in its `[mail]` table, and `PLIES`
/// replies to each, not yet delivered.
pub(crate) fn replies(options: Options, extra: &str) -> Club {
    let w = World {
        env: TestEnv::new(),
        server: SmtpServer::start(options),
    };
    w.config(extra);
    let mut replies = Vec::new();
    let mut settings = MailConfig::new("127.0.0.1", w.server.port, Security::None, DIRECTOR);
    settings.key_file = w.env.path("dynamo.key");
    let mut expected = Vec::new();
    let mut secret = None;
    for n in 0..GAMES {
        let path = format!("games/g{n:02}.pgn");
        let (white, black) = (address(Color::White, n), address(Color::Black, n));
        w.env.ok(&[
            "new",
            &path,
            "--white",
            &white,
            "--black",
            &black,
            "--at",
            "2020-11-20T09:00:00Z",
            "--mail",
            "-q",
        ]);
        let secret = secret.get_or_insert_with(|| Secret::load(&settings, false).expect("key"));
        let mut game = Game::load(&w.env.path(&path)).expect("the game");
        for ply in 0..PLIES {
            let side = game.position().turn();
            let at = 1_605_866_400 + (ply * GAMES + n) as i64;
            let event = game.last_event();
            let token = Token::new(secret, &game.game_id(), side, event.seq, &event.key());
            let notice = message_id(&game.game_id(), &event.key(), side, &token, "club.example");
            let mail = format!(
                "From: {}\r\nTo: {DIRECTOR}\r\nSubject: Re: Dynamo: your move {}\r\n\
                 Message-ID: <g{n}-p{ply}@players>\r\nIn-Reply-To: {notice}\r\n\
                 References: {notice}\r\n\r\n{}\r\n",
                address(side, n),
                token.subject_tag(),
                CYCLE[ply % 4]
            );
            replies.push((format!("{at}.M{n}P{ply}.test"), at, mail));
            let request = Request::new(
                Action::Move {
                    text: CYCLE[ply % 4].to_string(),
                    offer_draw: false,
                },
                Who::side(side),
                When::At(DateTime::from_timestamp(at, 0).expect("a time")),
            );
            game = Recorder::new(Duration::from_secs(30))
                .preview(&game, &request)
                .expect("legal")
                .game;
        }
        expected.push((path, game));
    }
    let secret = secret.expect("a game made the key");
    Club {
        w,
        secret,
        expected,
        replies,
    }
}

/// Every move once, from its mail; every notice of every event sent
/// once; every message of the Maildir handled.
#[track_caller]
fn all_once(club: &Club, what: &str) {
    recorded_and_sent_once(club, what);
    assert!(
        club.w.listed("new").is_empty(),
        "{what}: every message handled"
    );
}

/// Every move once, from its mail; every notice of every event sent
/// once.
#[track_caller]
pub(crate) fn recorded_and_sent_once(club: &Club, what: &str) {
    let (w, secret, expected) = (&club.w, &club.secret, &club.expected);
    for (path, game) in expected {
        let now = Game::load(&w.env.path(path)).expect("the game reads");
        assert_eq!(now.moves(), game.moves(), "{what}: {path}");
        assert_eq!(
            now.to_text().matches("[%mail ").count(),
            PLIES,
            "{what}: {path}"
        );
    }
    let mut counts: HashMap<String, usize> = HashMap::new();
    for m in &w.server.messages() {
        let id = parse(m).message_id().expect("an id").to_string();
        *counts.entry(id).or_default() += 1;
    }
    let twice: Vec<_> = counts.iter().filter(|(_, n)| **n > 1).collect();
    assert!(twice.is_empty(), "{what}: sent more than once: {twice:?}");
    for (_, game) in expected {
        for event in game.events() {
            for side in [Color::White, Color::Black] {
                let token = Token::new(secret, &game.game_id(), side, event.seq, &event.key());
                let id = message_id(&game.game_id(), &event.key(), side, &token, "club.example");
                let bare = id.trim_start_matches('<').trim_end_matches('>');
                assert!(counts.contains_key(bare), "{what}: never sent: {id}");
            }
        }
    }
    assert_eq!(
        counts.len(),
        GAMES * (PLIES + 1) * 2,
        "{what}: nothing else was sent"
    );
}

#[test]
fn one_smtp_session_carries_every_notice_of_a_run() {
    let club = club(Options::default(), "files");
    let before = club.w.server.connections();
    club.w.env.ok(&["inbox", "--maildir", "Maildir", "-q"]);
    assert_eq!(
        club.w.server.connections() - before,
        1,
        "50 replies, 100 notices"
    );
    all_once(&club, "one session");
}

#[test]
fn a_session_the_server_closes_is_opened_again_for_the_next_notice() {
    let options = Options {
        drop_after: Some(20),
        ..Options::default()
    };
    let club = club(options, "files");
    let before = club.w.server.connections();
    club.w.env.ok(&["inbox", "--maildir", "Maildir", "-q"]);
    // 100 notices, 20 a session.
    assert_eq!(club.w.server.connections() - before, 5);
    all_once(&club, "sessions closed by the server");
}

/// Each step of inbox/batch.rs, at the first time and in the middle.
pub(crate) const CRASH_POINTS: [&str; 8] = [
    "recorded:1",
    "recorded:26",
    "flushed",
    "noted",
    "sent:1",
    "sent:57",
    "delivered",
    "marked",
];

#[test]
fn a_crash_at_every_step_of_a_batch_loses_and_doubles_nothing() {
    for flush in FLUSHES {
        for point in CRASH_POINTS {
            let what = format!("{point}, inbox_flush = {flush}");
            let club = club(Options::default(), flush);
            let crashed = club.w.env.run_with(
                &["inbox", "--maildir", "Maildir", "-q"],
                &[("DYNAMO_CRASH_AT", point)],
            );
            assert_ne!(crashed.code, 0, "{what}: the run stops there");
            let out = club.w.env.run(&["inbox", "--maildir", "Maildir", "-q"]);
            assert_eq!(out.code, 0, "{what}: {}{}", out.stdout, out.stderr);
            all_once(&club, &what);
        }
    }
}
