//! kill -9 at random moments of `dynamo inbox --maildir` over a Maildir
//! of a few hundred replies for 20 games (moves, the same mail delivered
//! twice, refused moves, forgeries), then a final run: each move recorded
//! exactly once at the time its mail arrived, every message handled, no
//! notice and no answer sent twice (counted by Message-ID at the server);
//! under each way of flushing a batch (`[mail] inbox_flush`).

use std::collections::HashMap;
use std::time::Duration;

use chrono::{DateTime, Utc};
use dynamo::config::{MailConfig, Security};
use dynamo::game::Game;
use dynamo::mail::envelope::message_id;
use dynamo::mail::{Secret, Token};
use dynamo::recorder::{Action, Recorder, Request, When, Who};
use dynamo_core::Color;

use super::world::{DIRECTOR, World, parse};
use crate::support::git::{assert_fsck_clean, clean, event_kinds, git};
use crate::support::kill::{kill_seed, run_killed};
use crate::support::rng::Rng;

const GAMES: usize = 20;
const PLIES: usize = 8;
const KILLS: usize = 30;

/// Knights out and back: legal forever, whoever is to move.
const CYCLE: [&str; 4] = ["Ng1f3", "Ng8f6", "Nf3g1", "Nf6g8"];

/// `game` after `side`'s move `text` at `when`, judged as the inbox would
/// judge its mail, in memory only: the game its mails should leave.
fn played(game: &Game, side: Color, text: &str, when: DateTime<Utc>) -> Game {
    let request = Request::new(
        Action::Move {
            text: text.to_string(),
            offer_draw: false,
        },
        Who::side(side),
        When::At(when),
    );
    Recorder::new(Duration::from_secs(30))
        .preview(game, &request)
        .expect("legal")
        .game
}

fn player(side: Color, n: usize) -> (String, String) {
    let letter = if side == Color::White { 'w' } else { 'b' };
    (
        format!("{}{n} <{letter}{n}@example.org>", side.title()),
        format!("{letter}{n}@example.org"),
    )
}

/// A reply from `from` to the notice to `side` of the latest event of
/// `game`, Message-ID `<id>`, `text` on its first line.
fn reply(secret: &Secret, game: &Game, side: Color, from: &str, id: &str, text: &str) -> String {
    let event = game.last_event();
    let token = Token::new(secret, &game.game_id(), side, event.seq, &event.key());
    let notice = message_id(&game.game_id(), &event.key(), side, &token, "club.example");
    format!(
        "From: {from}\r\nTo: {DIRECTOR}\r\nSubject: Re: Dynamo: your move {}\r\n\
         Message-ID: <{id}>\r\nIn-Reply-To: {notice}\r\nReferences: {notice}\r\n\r\n{text}\r\n",
        token.subject_tag()
    )
}

#[test]
fn random_kills_never_lose_double_or_forge_a_move() {
    random_kills("files", false);
}

#[test]
fn random_kills_never_lose_double_or_forge_a_move_flushing_the_file_system() {
    random_kills("filesystem", false);
}

/// With the club's record on git: besides, one commit per event, none
/// taken for a hand edit, nothing left uncommitted, `git fsck` clean.
#[test]
fn random_kills_leave_one_commit_per_event_in_the_archive() {
    random_kills("files", true);
}

/// The random kills, then the final run, with `[mail] inbox_flush` as
/// `flush` says, and the archive on if `archive`.
fn random_kills(flush: &str, archive: bool) {
    let extra = format!("inbox_flush = \"{flush}\"\n");
    let w = if archive {
        World::archived(&extra, "author = \"Dora Director <dora@club.example>\"")
    } else {
        World::with_config(&extra)
    };
    std::fs::remove_file(w.env.path("games/g.pgn")).expect("the world's own game");
    let before = w.server.messages().len();
    let mut settings = MailConfig::new("127.0.0.1", w.server.port, Security::None, DIRECTOR);
    settings.key_file = w.env.path("dynamo.key");
    let secret = Secret::load(&settings, false).expect("the key file");
    // The whole future of each game, computed here: the replies, the
    // games they make and the notices those send.
    let base = 1_605_866_400_i64;
    let mut expected_games = Vec::new();
    let mut mails: Vec<(i64, String)> = Vec::new();
    let mut answers = 0;
    for n in 0..GAMES {
        let (white, _) = player(Color::White, n);
        let (black, _) = player(Color::Black, n);
        let path = format!("games/g{n:02}.pgn");
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
        let mut game = Game::load(&w.env.path(&path)).expect("the game");
        for ply in 0..PLIES {
            let side = game.position().turn();
            let (from, _) = player(side, n);
            let at = base + (ply as i64) * 600 + n as i64;
            let id = format!("g{n}-p{ply}@players");
            let mail = reply(&secret, &game, side, &from, &id, CYCLE[ply % 4]);
            mails.push((at, mail.clone()));
            if ply % 3 == 0 {
                // Delivered twice.
                mails.push((at + 1, mail.clone()));
            }
            if ply == 2 {
                let stranger = mail
                    .replace(&from, "Eve <eve@example.org>")
                    .replace(&id, &format!("eve{n}@evil"));
                mails.push((at + 2, stranger));
                // The player whose token it carries is told, at their
                // own address; the stranger hears nothing.
                answers += 1;
            }
            if ply == 4 {
                // The token's last letter changed wherever it stands.
                let event = game.last_event();
                let token =
                    Token::new(&secret, &game.game_id(), side, event.seq, &event.key()).to_string();
                let last = if token.ends_with('q') { "r" } else { "q" };
                let forged = format!("{}{last}", &token[..token.len() - 1]);
                let forged = mail
                    .replace(&token, &forged)
                    .replace(&id, &format!("forged{n}@evil"));
                mails.push((at + 3, forged));
            }
            let when = DateTime::from_timestamp(at, 0).expect("a time");
            game = played(&game, side, CYCLE[ply % 4], when);
            if ply == 5 {
                // A refused move to the new notice, before the next move.
                let side = game.position().turn();
                let (from, _) = player(side, n);
                let bad = if side == Color::White {
                    "Ke1e5"
                } else {
                    "Ke8e4"
                };
                let id = format!("bad{n}@players");
                mails.push((at + 300, reply(&secret, &game, side, &from, &id, bad)));
                answers += 1;
            }
        }
        expected_games.push((path, game));
    }
    for (i, (at, mail)) in mails.iter().enumerate() {
        w.deliver(&format!("{at}.M{i}P1.test"), mail);
    }
    let messages = mails.len();
    assert!(messages > 250, "{messages}");

    let seed = kill_seed();
    println!("kill seed {seed} (set DYNAMO_KILL_SEED to repeat); {messages} messages");
    let mut rng = Rng(seed);
    for _ in 0..KILLS {
        let delay = Duration::from_millis(rng.next() % 1500);
        run_killed(&w.env, &["inbox", "--maildir", "Maildir", "-q"], delay);
    }
    let left = w.listed("new").len();
    let out = w.env.run(&["inbox", "--maildir", "Maildir"]);
    assert_eq!(out.code, 0, "{}{}", out.stdout, out.stderr);
    println!(
        "{left} messages left for the final run; {} found recorded by a killed run, {} found \
         handled but not moved",
        out.stdout.matches("recorded before from this mail").count(),
        out.stdout.matches("handled before").count()
    );
    let again = w.env.ok(&["inbox", "--maildir", "Maildir"]);
    assert!(!again.contains(".test:"), "nothing waits: {again}");

    // Each move once, at the time its mail arrived, from that mail.
    for (path, expected) in &expected_games {
        let game = Game::load(&w.env.path(path)).expect("the game reads");
        assert_eq!(game.moves(), expected.moves(), "{path}");
        assert_eq!(game.to_text().matches("[%mail ").count(), PLIES, "{path}");
    }
    assert!(w.listed("new").is_empty(), "every message handled");
    assert_eq!(w.listed("cur").len(), messages);

    // Every notice of every event, and every answer, exactly once.
    let mut counts: HashMap<String, usize> = HashMap::new();
    for m in &w.server.messages()[before..] {
        let id = parse(m).message_id().expect("an id").to_string();
        *counts.entry(id).or_default() += 1;
    }
    let twice: Vec<_> = counts.iter().filter(|(_, n)| **n > 1).collect();
    assert!(twice.is_empty(), "sent more than once: {twice:?}");
    let mut notices = 0;
    for (_, game) in &expected_games {
        for event in game.events() {
            for side in [Color::White, Color::Black] {
                let token = Token::new(&secret, &game.game_id(), side, event.seq, &event.key());
                let id = message_id(&game.game_id(), &event.key(), side, &token, "club.example");
                let bare = id.trim_start_matches('<').trim_end_matches('>');
                assert!(counts.contains_key(bare), "never sent: {id}");
                notices += 1;
            }
        }
    }
    let answered = counts
        .keys()
        .filter(|id| id.starts_with("dynamo.answer."))
        .count();
    assert_eq!(answered, answers, "one answer per refused move or stranger");
    assert_eq!(counts.len(), notices + answers, "nothing else was sent");
    if archive {
        assert_archive_whole(&w, &expected_games);
    }
}

/// The archive after the kills: one commit per event of every game (the
/// world's own game, made then removed by hand, its three), none a
/// killed run's event taken for a hand edit, the work tree clean.
fn assert_archive_whole(w: &World, games: &[(String, Game)]) {
    let dir = w.env.path("games");
    let kinds = event_kinds(&dir);
    let events: usize = games.iter().map(|(_, g)| g.events().len()).sum();
    let edits = kinds.iter().filter(|k| *k == "hand-edit").count();
    // The world's game: its creation, and its removal by the test's hand.
    assert_eq!(edits, 1, "{kinds:?}");
    assert_eq!(kinds.len(), events + 1 + 1 + 1, "{kinds:?}");
    assert!(clean(&dir), "{}", git(&dir, &["status", "--porcelain"]));
    assert_fsck_clean(&dir);
}
