//! kill -9 at random moments of `move --mail` and `mail --retry`, with a
//! live server: after a final `--retry`, every recorded event's notices
//! have arrived, each exactly once (counted by Message-ID at the server),
//! and none for an event that was never recorded.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use dynamo::game::Game;
use dynamo::recorder::{Action, Recorder, Request, When, Who};
use dynamo_core::Color;

use super::{mail_config, message_ids, queued};
use crate::support::TestEnv;
use crate::support::kill::{kill_seed, run_killed};
use crate::support::rng::Rng;
use crate::support::smtp::{Options, SmtpServer};

/// How many commands are killed.
const RUNS: usize = 300;

/// Knights out and back: legal forever, whoever is to move.
const CYCLE: [&str; 4] = ["Ng1f3", "Ng8f6", "Nf3g1", "Nf6g8"];

fn plies(env: &TestEnv) -> usize {
    Game::load(&env.path("game.dyn"))
        .expect("the game always reads")
        .moves()
        .len()
}

/// A mailing game between Alice and Bob at a running SMTP server, its
/// first move played, and how long that whole `move --mail` took here in
/// µs: the kills are spread over it.
fn mailing_game() -> (SmtpServer, TestEnv, u64) {
    let server = SmtpServer::start(Options::default());
    let env = TestEnv::new();
    mail_config(&env, server.port, "none", None);
    env.ok(&[
        "new",
        "game.dyn",
        "--white",
        "Alice <alice@example.org>",
        "--black",
        "Bob <bob@example.org>",
        "--mail",
    ]);
    let started = Instant::now();
    env.ok(&["move", "game.dyn", CYCLE[0], "--mail"]);
    let whole = started.elapsed().as_micros() as u64;
    (server, env, whole)
}

#[test]
fn random_kills_never_lose_or_double_a_notice() {
    let (server, env, whole) = mailing_game();
    let seed = kill_seed();
    println!("kill seed {seed} (set DYNAMO_KILL_SEED to repeat); a move --mail takes {whole} µs");
    let mut rng = Rng(seed);
    for _ in 0..RUNS {
        let ply = plies(&env);
        let args: Vec<&str> = if rng.next().is_multiple_of(4) {
            vec!["mail", "--retry"]
        } else {
            vec!["move", "game.dyn", CYCLE[ply % 4], "--mail"]
        };
        let delay = Duration::from_micros(rng.next() % (whole * 13 / 10 + 1));
        run_killed(&env, &args, delay);
    }
    let out = env.ok(&["mail", "--retry"]);
    assert!(queued(&env).is_empty(), "{out}");

    let game = Game::load(&env.path("game.dyn")).expect("the game");
    // The key file the commands made beside the config signs the tokens.
    let mut settings = dynamo::config::MailConfig::new(
        "127.0.0.1",
        server.port,
        dynamo::config::Security::None,
        "dynamo@club.example",
    );
    settings.key_file = env.path("dynamo.key");
    let secret = dynamo::mail::Secret::load(&settings, false).expect("the key file");
    let mut expected: Vec<String> = Vec::new();
    for event in game.events() {
        for side in [Color::White, Color::Black] {
            let token =
                dynamo::mail::Token::new(&secret, &game.game_id(), side, event.seq, &event.key());
            expected.push(dynamo::mail::envelope::message_id(
                &game.game_id(),
                &event.key(),
                side,
                &token,
                "club.example",
            ));
        }
    }
    let mut counts: HashMap<String, usize> = HashMap::new();
    for id in message_ids(&server) {
        *counts.entry(format!("<{id}>")).or_default() += 1;
    }
    let twice: Vec<_> = counts.iter().filter(|(_, n)| **n > 1).collect();
    assert!(twice.is_empty(), "sent more than once: {twice:?}");
    let missing: Vec<_> = expected
        .iter()
        .filter(|id| !counts.contains_key(*id))
        .collect();
    assert!(missing.is_empty(), "never sent: {missing:?}");
    let unexpected: Vec<_> = counts.keys().filter(|id| !expected.contains(id)).collect();
    assert!(
        unexpected.is_empty(),
        "sent for no recorded event: {unexpected:?}"
    );
    println!(
        "{} events, {} notices, each once",
        game.events().len(),
        expected.len()
    );
}

#[test]
fn a_notice_whose_event_was_never_written_is_dropped_not_sent() {
    // What a kill between queueing the notices and writing the game
    // leaves: notices awaiting an event that is not in the file.
    let server = SmtpServer::start(Options::default());
    let env = TestEnv::new();
    mail_config(&env, server.port, "none", None);
    env.ok(&[
        "new",
        "game.dyn",
        "--white",
        "Alice <alice@example.org>",
        "--black",
        "Bob <bob@example.org>",
    ]);
    let path = env.path("game.dyn");
    let game = Game::load(&path).expect("a game");
    // Judged as `move` would, but recorded in memory only.
    let request = Request::new(
        Action::Move {
            text: "e2e4".to_string(),
            offer_draw: false,
        },
        Who::side(Color::White),
        When::Now,
    );
    let moved = Recorder::new(Duration::from_secs(30))
        .preview(&game, &request)
        .expect("legal")
        .game;
    let mut config = dynamo::config::MailConfig::new(
        "127.0.0.1",
        server.port,
        dynamo::config::Security::None,
        "dynamo@club.example",
    );
    config.outbox = env.path("outbox");
    let secret = dynamo::mail::Secret::from_bytes(b"a secret for this test only");
    let file = dynamo::game::store::GameFile::existing(&path).expect("the game");
    dynamo::mail::queue_event(&config, &secret, (&moved, &[]), &file, chrono::Utc::now())
        .expect("queued");
    assert_eq!(queued(&env).len(), 2);
    let out = env.ok(&["mail", "--retry"]);
    assert_eq!(
        out.matches("its event was never recorded").count(),
        2,
        "{out}"
    );
    assert!(server.messages().is_empty());
    assert!(queued(&env).is_empty());

    // Written after all (its recorder was only slow): then it is owed.
    let _ = dynamo::mail::queue_event(&config, &secret, (&moved, &[]), &file, chrono::Utc::now())
        .expect("queued");
    std::fs::write(&path, moved.to_text()).expect("written");
    let out = env.ok(&["mail", "--retry"]);
    assert!(out.contains("mailed 2 notices ("), "{out}");
    assert_eq!(server.messages().len(), 2);
}

/// The hidden temporary files (`.NAME.tmpPID`) under `dir`, at any depth.
fn temporary_files(dir: &std::path::Path) -> Vec<String> {
    let mut found = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir) else {
        return found;
    };
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if entry.path().is_dir() {
            found.extend(temporary_files(&entry.path()));
        } else if name.starts_with('.') && name.contains(".tmp") {
            found.push(entry.path().display().to_string());
        }
    }
    found
}

/// Stale temporary files: what a run killed between writing a file and
/// renaming it leaves in `outbox/` and in the inbox's folders is removed
/// by the next command, as the game files' already were.
#[test]
fn no_temporary_file_outlives_the_next_command_after_kills() {
    // The server runs to the end: the kills are of mailing runs.
    let (_server, env, whole) = mailing_game();
    let seed = kill_seed();
    println!("kill seed {seed} (set DYNAMO_KILL_SEED to repeat)");
    let mut rng = Rng(seed);
    for _ in 0..40 {
        let ply = plies(&env);
        let args = ["move", "game.dyn", CYCLE[ply % 4], "--mail"];
        let delay = Duration::from_micros(rng.next() % (whole * 13 / 10 + 1));
        run_killed(&env, &args, delay);
    }
    // A kill may or may not have landed between a write and its rename:
    // these are what one leaves, of a writer that is gone (no process
    // has an id above the kernel's limit, 2^22).
    let stale = ".dynamo.x.json.tmp4999999";
    for folder in ["outbox", "outbox/sending", "outbox/sent", "outbox/failed"] {
        env.write(&format!("{folder}/{stale}"), "{\"half\":");
    }
    let out = env.ok(&["mail", "--retry"]);
    assert_eq!(
        temporary_files(&env.path("outbox")),
        Vec::<String>::new(),
        "{out}"
    );

    for folder in ["handled", "unmatched", "replies", "maildir/abcdefgh"] {
        env.write(&format!("inbox/{folder}/{stale}"), "{\"half\":");
    }
    // The inbox reads replies into the games folder (none here).
    std::fs::create_dir_all(env.path("games")).expect("the games folder");
    let mut child = env
        .command()
        .args(["inbox", "--stdin"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("dynamo inbox");
    let mail =
        "From: someone@example.org\r\nSubject: hello\r\nMessage-ID: <x@example.org>\r\n\r\nhi\r\n";
    std::io::Write::write_all(&mut child.stdin.take().expect("stdin"), mail.as_bytes())
        .expect("the mail");
    let status = child.wait().expect("dynamo inbox ends");
    assert!(status.success(), "{status}");
    assert_eq!(temporary_files(&env.path("inbox")), Vec::<String>::new());
}
