//! The notices mailed to the players, proved against a real SMTP server
//! on loopback (tests/support/smtp_server.py, aiosmtpd), not a stub
//! transport. Every check reads what the server actually received.
//!
//! `answer` the answer to a refused mail, `events` covers each kind of event, `corrections` the director's `undo`
//! and `set` and moves sent twice, `faults` the misbehaving servers,
//! `kills` random kills, `languages` each player's notices in their language, `late` moves after their deadline, `leave` the notices of leave, `output` closed and full standard output,
//! `picture` the HTML in a real browser, `picture_languages` a notice in
//! each language at 360 pixels, `plain_words` the words at the
//! edges (the lines of what was mailed, greetings, grammar), `remind` the reminders,
//! `secrets` what is never printed and `snapshots` every kind of notice in
//! every language pinned byte for byte (`UPDATE_SNAPSHOTS=1` writes them).

mod answer;
mod corrections;
mod events;
mod faults;
mod kills;
mod languages;
mod late;
mod leave;
mod output;
mod picture;
mod picture_languages;
mod plain_words;
mod remind;
mod secrets;
mod snapshots;

use std::path::PathBuf;

use mail_parser::{HeaderValue, Message, MessageParser, MimeHeaders};

use crate::support::smtp::{Options, Received, SmtpServer, unused_port};
use crate::support::{TestEnv, json_files};

/// Where the tests' configs say the SMTP password is: a variable of the
/// tests' own, so a developer's real password never takes part.
const PASSWORD_VAR: &str = "DYNAMO_TEST_SMTP_PASSWORD";

/// A game `game.dyn` between Alice and Bob with `moves` recorded.
fn new_game(env: &TestEnv, moves: &[&str]) {
    env.ok(&[
        "new",
        "game.dyn",
        "--white",
        "Alice Archer <alice@example.org>",
        "--black",
        "Bob Baker <bob@example.org>",
        "--event",
        "Mail test",
        "--time-control",
        "10/50d",
    ]);
    for m in moves {
        env.ok(&["move", "game.dyn", m]);
    }
}

/// A `dynamo.toml` whose `[mail]` table points at `port` on loopback.
pub(crate) fn mail_config(env: &TestEnv, port: u16, security: &str, login: Option<&str>) {
    mail_config_with(env, port, security, login, "");
}

/// As [`mail_config`], with more lines in the `[mail]` table.
fn mail_config_with(env: &TestEnv, port: u16, security: &str, login: Option<&str>, extra: &str) {
    let mut text = format!(
        "[mail]\nhost = \"127.0.0.1\"\nport = {port}\nsecurity = \"{security}\"\n\
         from = \"Dynamo Adjudicator <dynamo@club.example>\"\n{extra}"
    );
    if let Some(user) = login {
        text.push_str(&format!(
            "username = \"{user}\"\npassword_env = \"{PASSWORD_VAR}\"\n"
        ));
    }
    env.write("dynamo.toml", &text);
}

/// The notices waiting in the outbox.
pub(crate) fn queued(env: &TestEnv) -> Vec<PathBuf> {
    json_files(&env.path("outbox"))
}

/// The notices recorded as delivered.
fn sent(env: &TestEnv) -> Vec<PathBuf> {
    json_files(&env.path("outbox/sent"))
}

/// The notices refused for good.
fn failed(env: &TestEnv) -> Vec<PathBuf> {
    json_files(&env.path("outbox/failed"))
}

fn parse(m: &Received) -> Message<'_> {
    MessageParser::default()
        .parse(m.data.as_bytes())
        .expect("a MIME message")
}

fn ids(value: &HeaderValue) -> Vec<String> {
    if let Some(list) = value.as_text_list() {
        list.iter().map(|s| s.to_string()).collect()
    } else {
        value
            .as_text()
            .map(|s| vec![s.to_string()])
            .unwrap_or_default()
    }
}

/// The Message-IDs the server received, in order.
pub(crate) fn message_ids(server: &SmtpServer) -> Vec<String> {
    server
        .messages()
        .iter()
        .map(|m| parse(m).message_id().expect("a Message-ID").to_string())
        .collect()
}

/// The header block with folded lines joined.
fn header_lines(raw: &str) -> Vec<String> {
    let end = raw.find("\r\n\r\n").expect("a header block");
    raw[..end]
        .replace("\r\n ", " ")
        .replace("\r\n\t", " ")
        .split("\r\n")
        .map(str::to_string)
        .collect()
}

/// The plain text of a message, LF line ends.
fn text_of(m: &Received) -> String {
    parse(m)
        .body_text(0)
        .expect("a text part")
        .replace("\r\n", "\n")
}

/// The board picture of a message, decoded: width, height, pixels.
fn picture_of(m: &Received) -> (u32, u32, Vec<u8>) {
    let msg = parse(m);
    let part = msg
        .parts
        .iter()
        .find(|p| p.content_type().is_some_and(|c| c.subtype() == Some("png")))
        .expect("a PNG part");
    let decoder = png::Decoder::new(std::io::Cursor::new(part.contents().to_vec()));
    let mut reader = decoder.read_info().expect("the PNG decodes");
    let mut buf = vec![0; reader.output_buffer_size().expect("a size")];
    let info = reader.next_frame(&mut buf).expect("a frame");
    (info.width, info.height, buf)
}

#[test]
fn mail_sends_each_player_their_own_copy() {
    let server = SmtpServer::start(Options::default());
    let env = TestEnv::new();
    new_game(&env, &["e2e4", "f7f6", "Qd1h5"]);
    mail_config(&env, server.port, "none", None);

    let out = env.ok(&["mail", "game.dyn"]);
    assert!(out.contains("mailed 2 notices ("), "{out}");

    let got = server.messages();
    assert_eq!(got.len(), 2);
    assert_eq!(got[0].rcpt_tos, ["alice@example.org"]);
    assert_eq!(got[1].rcpt_tos, ["bob@example.org"]);
    for (m, name, address) in [
        (&got[0], "Alice Archer", "alice@example.org"),
        (&got[1], "Bob Baker", "bob@example.org"),
    ] {
        assert_eq!(m.mail_from, "dynamo@club.example");
        let msg = parse(m);
        let to: Vec<(String, String)> = msg
            .to()
            .expect("a To header")
            .iter()
            .map(|a| {
                (
                    a.name().unwrap_or_default().to_string(),
                    a.address().unwrap_or_default().to_string(),
                )
            })
            .collect();
        assert_eq!(
            to,
            [(name.to_string(), address.to_string())],
            "To: that player alone"
        );
        let reply_to = msg
            .reply_to()
            .and_then(|r| r.first())
            .and_then(|a| a.address());
        assert_eq!(reply_to, Some("dynamo@club.example"));
    }
    let white = parse(&got[0]);
    let black = parse(&got[1]);
    // Each subject ends with the copy's reply token (tests/inbox).
    let subject = |m: &Message| {
        let s = m.subject().expect("a subject");
        let (text, tag) = s.rsplit_once(" [dynamo ").expect("a token tag");
        assert!(tag.ends_with(']') && tag.len() > 20, "{s}");
        text.to_string()
    };
    assert_eq!(
        subject(&white),
        "Dynamo: Alice Archer – Bob Baker, 2. Qd1h5 — Bob Baker to move (check)"
    );
    assert_eq!(
        subject(&black),
        "Dynamo: Alice Archer – Bob Baker, 2. Qd1h5 — your move (check)"
    );
    let (wid, bid) = (
        white.message_id().expect("id").to_string(),
        black.message_id().expect("id").to_string(),
    );
    assert_ne!(wid, bid);
    assert!(wid.contains(".white."), "{wid}");
    assert!(bid.contains(".black."), "{bid}");
    assert!(wid.ends_with("@club.example") && bid.ends_with("@club.example"));
    // Each copy continues that player's thread: the previous event's copy
    // for the same player, and the game's first.
    let replied = ids(black.in_reply_to());
    assert_eq!(replied.len(), 1);
    assert!(replied[0].contains(".black."), "{replied:?}");
    assert!(replied[0].contains(".2-move-"), "{replied:?}");
    let refs = ids(black.references());
    assert!(
        refs[0].contains(".0-created-") && refs[0].contains(".black."),
        "{refs:?}"
    );

    let text = text_of(&got[1]);
    assert!(text.starts_with("Dear Bob Baker,\n"), "{text}");
    assert!(
        text.contains("Alice Archer (White) played 2. Qd1h5"),
        "{text}"
    );
    assert!(
        text.contains("Bob Baker, it is your move. You are in check."),
        "{text}"
    );
    assert!(
        text.contains("Reply with one move, alone or in a sentence, for example"),
        "{text}"
    );
    assert!(text.contains("\"resign\""), "{text}");
    assert!(text.contains("Event: Mail test"), "{text}");
    // Black's diagram has Black at the bottom.
    assert!(
        text.contains(
            "1  R N B K . B N R\n2  P P P . P P P P\n3  . . . . . . . .\n4  . . . P . . . .\n\
             5  Q . . . . . . .\n6  . . p . . . . .\n7  p p . p p p p p\n8  r n b k q b n r\n\
             \x20  h g f e d c b a\n"
        ),
        "{text}"
    );
    assert!(text_of(&got[0]).contains("Waiting for Bob Baker's move."));
    assert!(text.contains("1. e2e4   f7f6\n2. Qd1h5\n"), "{text}");
    assert!(text.contains("Clock of Bob Baker (Black):"), "{text}");
    assert!(text.contains("Clock of Alice Archer (White):"), "{text}");
    assert!(text.contains("Next deadline: "), "{text}");
    assert!(
        text.contains("\nFEN: rnbqkbnr/ppppp1pp/5p2/7Q/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 1 2\n"),
        "{text}"
    );

    // The two pictures are the same size, both decode, and differ: each
    // is drawn from its player's side.
    let (w1, h1, a) = picture_of(&got[0]);
    let (w2, h2, b) = picture_of(&got[1]);
    assert_eq!((w1, h1), (dynamo::mail::BOARD_PX, dynamo::mail::BOARD_PX));
    assert_eq!((w2, h2), (w1, h1));
    assert_ne!(a, b, "Black's copy is drawn from Black's side");
    let html = black.body_html(0).expect("an HTML part");
    assert!(html.contains("max-width:480px"), "{html}");

    assert!(queued(&env).is_empty());
    assert_eq!(sent(&env).len(), 2);

    // Mailing the same event again reuses its Message-IDs.
    env.ok(&["mail", "game.dyn"]);
    let again = message_ids(&server);
    assert_eq!(again[2..], [wid, bid]);
}

#[test]
fn starttls_with_login_works() {
    let server = SmtpServer::start(Options {
        starttls: true,
        auth: Some(("alice".to_string(), "s3cret pass".to_string())),
        ..Options::default()
    });
    let env = TestEnv::new();
    new_game(&env, &["e2e4"]);
    mail_config(&env, server.port, "starttls", Some("alice"));

    let ca = server.ca_file();
    let out = env.ok_with(
        &["mail", "game.dyn"],
        &[(PASSWORD_VAR, "s3cret pass"), ("DYNAMO_SMTP_CA_FILE", &ca)],
    );
    assert!(!out.contains("s3cret"), "the password is never printed");
    let got = server.messages();
    assert_eq!(got.len(), 2);
    assert!(got.iter().all(|m| m.tls), "the sessions were encrypted");
    assert!(got.iter().all(|m| m.auth.as_deref() == Some("alice")));
}

#[test]
fn implicit_tls_with_login_works() {
    let server = SmtpServer::start(Options {
        starttls: true,
        implicit_tls: true,
        auth: Some(("alice".to_string(), "pw".to_string())),
        ..Options::default()
    });
    let ca = server.ca_file();
    let env = TestEnv::new();
    new_game(&env, &["e2e4"]);
    mail_config(&env, server.port, "tls", Some("alice"));
    env.ok_with(
        &["mail", "game.dyn"],
        &[(PASSWORD_VAR, "pw"), ("DYNAMO_SMTP_CA_FILE", &ca)],
    );
    let got = server.messages();
    assert_eq!(got.len(), 2);
    assert!(got.iter().all(|m| m.tls));
    assert_eq!(got[0].auth.as_deref(), Some("alice"));
}

#[test]
fn untrusted_certificate_is_a_tls_failure() {
    let server = SmtpServer::start(Options {
        starttls: true,
        ..Options::default()
    });
    let env = TestEnv::new();
    new_game(&env, &["e2e4"]);
    mail_config(&env, server.port, "starttls", None);

    let out = env.run(&["mail", "game.dyn"]);
    assert_eq!(out.code, 3);
    assert!(out.stderr.contains("secure connection"), "{}", out.stderr);
    // The cause and the setting that fixes it, not the TLS library's text.
    assert!(
        out.stderr
            .contains("the server's certificate is not trusted")
            && out.stderr.contains("set DYNAMO_SMTP_CA_FILE"),
        "{}",
        out.stderr
    );
    assert!(server.messages().is_empty());
    assert_eq!(queued(&env).len(), 2);
}

#[test]
fn wrong_password_is_an_authentication_failure() {
    let server = SmtpServer::start(Options {
        starttls: true,
        auth: Some(("alice".to_string(), "right".to_string())),
        ..Options::default()
    });
    let ca = server.ca_file();
    let env = TestEnv::new();
    new_game(&env, &["e2e4"]);
    mail_config(&env, server.port, "starttls", Some("alice"));

    let out = env.run_with(
        &["mail", "game.dyn"],
        &[(PASSWORD_VAR, "wrong-guess"), ("DYNAMO_SMTP_CA_FILE", &ca)],
    );
    assert_eq!(out.code, 3, "{}", out.stderr);
    let err = &out.stderr;
    assert!(err.contains("authentication failed"), "{err}");
    assert!(err.contains("alice"), "{err}");
    assert!(
        !err.contains("wrong-guess"),
        "the password is never printed: {err}"
    );
    assert!(!out.stdout.contains("wrong-guess"));
    assert!(server.messages().is_empty());
    assert_eq!(queued(&env).len(), 2, "the notices wait in the outbox");
}

#[test]
fn server_down_then_retry_delivers_exactly_once() {
    let env = TestEnv::new();
    new_game(&env, &["e2e4"]);
    mail_config(&env, unused_port(), "none", None);

    // The move is recorded even though the mail cannot go.
    let out = env.run(&["move", "game.dyn", "e7e5", "--mail"]);
    assert_eq!(out.code, 3, "{}", out.stderr);
    let err = &out.stderr;
    assert!(err.contains("cannot connect"), "{err}");
    assert!(err.contains("dynamo mail --retry"), "{err}");
    let record = env.read("game.dyn");
    assert!(record.contains("e7e5"), "{record}");
    assert_eq!(queued(&env).len(), 2);

    // Still down: --retry fails, keeps the notices.
    let out = env.run(&["mail", "--retry"]);
    assert_eq!(out.code, 3);
    assert_eq!(queued(&env).len(), 2);

    // The server comes up (on another port: the config follows it).
    let server = SmtpServer::start(Options::default());
    mail_config(&env, server.port, "none", None);
    let out = env.ok(&["mail", "--retry"]);
    assert!(out.contains("mailed 2 notices ("), "{out}");
    let got = server.messages();
    assert_eq!(got.len(), 2);
    assert!(got[0].data.contains("1... e7e5"));
    assert!(queued(&env).is_empty());
    assert_eq!(sent(&env).len(), 2);

    // Again: nothing left, nothing sent twice.
    let out = env.ok(&["mail", "--retry"]);
    assert!(out.contains("nothing queued"), "{out}");
    assert_eq!(server.messages().len(), 2);
}

#[test]
fn retry_never_resends_a_delivered_notice() {
    // A queued copy of a notice that is already recorded as sent (as after
    // a failed resend) is dropped, not sent.
    let server = SmtpServer::start(Options::default());
    let env = TestEnv::new();
    new_game(&env, &["e2e4"]);
    mail_config(&env, server.port, "none", None);
    env.ok(&["mail", "game.dyn"]);
    let sent = sent(&env);
    assert_eq!(sent.len(), 2);
    let name = sent[0].file_name().expect("name");
    std::fs::copy(&sent[0], env.path("outbox").join(name)).expect("copy");

    let out = env.ok(&["mail", "--retry"]);
    assert!(out.contains("already delivered"), "{out}");
    assert_eq!(server.messages().len(), 2);
    assert!(queued(&env).is_empty());
}

#[test]
fn move_with_mail_threads_each_players_notices() {
    let server = SmtpServer::start(Options::default());
    let env = TestEnv::new();
    new_game(&env, &["e2e4"]);
    mail_config(&env, server.port, "none", None);
    env.ok(&["move", "game.dyn", "e7e5", "--mail"]);
    env.ok(&["move", "game.dyn", "Ng1f3", "--mail"]);
    let got = server.messages();
    assert_eq!(got.len(), 4);
    for (first, second) in [(&got[0], &got[2]), (&got[1], &got[3])] {
        assert_eq!(first.rcpt_tos, second.rcpt_tos);
        let first_id = parse(first).message_id().expect("id").to_string();
        assert_eq!(ids(parse(second).in_reply_to()), [first_id]);
    }
    assert!(
        parse(&got[3])
            .subject()
            .is_some_and(|s| s.contains("2. Ng1f3"))
    );
}

#[test]
fn hostile_player_name_does_not_inject_a_header() {
    // Hand-edited game files: header syntax in a name, with and without a
    // bare CR. A game file may be refused outright (exit 2, nothing sent);
    // if it is accepted, the name must stay inside the To header.
    let hostile = [
        "Eve\rBcc: mallory@evil.example\rX-Injected: yes \\\"x\\\" <mallory@evil.example>, mallory@evil.example",
        "Eve Bcc: mallory@evil.example, \\\"x\\\" <mallory@evil.example>, X-Injected: yes",
    ];
    let mut accepted = 0;
    for name in hostile {
        let server = SmtpServer::start(Options::default());
        let env = TestEnv::new();
        new_game(&env, &["e2e4"]);
        mail_config(&env, server.port, "none", None);
        let record = env.read("game.dyn");
        let record = record.replace("[White \"Alice Archer\"]", &format!("[White \"{name}\"]"));
        assert!(record.contains("[White \"Eve"), "the tag was replaced");
        env.write("game.dyn", &record);

        let out = env.run(&["mail", "game.dyn"]);
        if out.code != 0 {
            assert_eq!(out.code, 2, "{}", out.stderr);
            assert!(server.messages().is_empty());
            continue;
        }
        accepted += 1;
        let got = server.messages();
        assert_eq!(got.len(), 2);
        for (m, address) in got.iter().zip(["alice@example.org", "bob@example.org"]) {
            assert_eq!(m.rcpt_tos, [address]);
            for line in header_lines(&m.data) {
                let header = line.split(':').next().unwrap_or("").to_ascii_lowercase();
                assert!(
                    [
                        "from",
                        "reply-to",
                        "to",
                        "subject",
                        "message-id",
                        "in-reply-to",
                        "references",
                        "date",
                        "user-agent",
                        "auto-submitted",
                        "mime-version",
                        "content-type"
                    ]
                    .contains(&header.as_str()),
                    "unexpected header line {line:?}"
                );
            }
            let msg = parse(m);
            let to: Vec<String> = msg
                .to()
                .expect("To")
                .iter()
                .filter_map(|a| a.address().map(str::to_string))
                .collect();
            assert_eq!(to, [address]);
            assert!(msg.header("Bcc").is_none());
            assert!(msg.header("X-Injected").is_none());
        }
    }
    assert!(
        accepted > 0,
        "a name with header syntax but no line break is a valid name"
    );
}

#[test]
fn hostile_name_through_the_library_and_a_real_server() {
    let server = SmtpServer::start(Options::default());
    let env = TestEnv::new();
    let start = dynamo::game::clock::parse_time("2024-05-01T12:00:00Z").expect("time");
    let new = dynamo::game::NewGame::new(
        dynamo::game::Player::parse("Eve <eve@example.org>").expect("a player"),
        dynamo::game::Player::parse("Bob <bob@example.org>").expect("a player"),
        start,
    );
    let game = dynamo::game::Game::create(new).expect("a game");
    let mut notice = dynamo::mail::Notice::from_game(&game, start);
    notice.white.name = "Eve\r\nBcc: mallory@evil.example\r\n".to_string();
    notice.black.name = "Bob\", mallory@evil.example, \"<mallory@evil.example>".to_string();
    notice.event_name = "Evil\r\nBcc: mallory@evil.example".to_string();
    let mut config = dynamo::config::MailConfig::new(
        "127.0.0.1",
        server.port,
        dynamo::config::Security::None,
        "dynamo@club.example",
    );
    config.outbox = env.path("outbox");
    let secret = dynamo::mail::Secret::from_bytes(b"a secret for this test only");
    let sender = dynamo::mail::Sender::new(&config, &secret);
    let built = notice.build(&sender).expect("builds");
    let queued = dynamo::mail::queue(&config, &built, "hostile", "test", 0, None).expect("queued");
    let report = dynamo::mail::deliver(&config, queued, false);
    assert!(report.all_delivered(), "{report:?}");
    let got = server.messages();
    assert_eq!(got.len(), 2);
    assert_eq!(got[0].rcpt_tos, ["eve@example.org"]);
    assert_eq!(got[1].rcpt_tos, ["bob@example.org"]);
    for m in &got {
        for line in header_lines(&m.data) {
            assert!(!line.to_ascii_lowercase().starts_with("bcc"), "{line:?}");
        }
        assert_eq!(parse(m).to().map(|t| t.iter().count()), Some(1));
    }
}

#[test]
fn a_refused_recipient_does_not_stop_the_other_copy() {
    let server = SmtpServer::start(Options {
        reject: vec!["bob@example.org".to_string()],
        ..Options::default()
    });
    let env = TestEnv::new();
    new_game(&env, &["e2e4"]);
    mail_config(&env, server.port, "none", None);
    let out = env.run(&["move", "game.dyn", "e7e5", "--mail"]);
    assert_eq!(out.code, 3);
    let err = &out.stderr;
    assert!(err.contains("the move is recorded in game.dyn"), "{err}");
    assert!(
        err.contains("refused the recipient bob@example.org: 550"),
        "{err}"
    );
    assert!(err.contains("failed/"), "{err}");
    let got = server.messages();
    assert_eq!(got.len(), 1, "Alice's copy went");
    assert_eq!(got[0].rcpt_tos, ["alice@example.org"]);
    assert!(queued(&env).is_empty(), "a 550 is not retried");
    assert_eq!(failed(&env).len(), 1);
    let record = std::fs::read_to_string(&failed(&env)[0]).expect("a record");
    assert!(record.contains("No such user here"), "{record}");

    // --list shows it, per game; --retry does not send it again.
    let list = env.ok(&["mail", "--list"]);
    assert!(list.starts_with("game alice-archer-bob-baker-"), "{list}");
    assert!(list.contains("  failed  "), "{list}");
    assert!(list.contains("550 5.1.1 No such user here"), "{list}");
    assert!(list.contains("  sent    "), "{list}");
    env.ok(&["mail", "--retry"]);
    assert_eq!(server.messages().len(), 1);

    // --drop removes it.
    let id = list
        .lines()
        .find(|l| l.trim_start().starts_with("failed"))
        .and_then(|l| l.split_whitespace().nth(2))
        .expect("an id")
        .to_string();
    let out = env.ok(&["mail", "--drop", &id]);
    assert!(out.starts_with("dropped failed notice"), "{out}");
    assert!(failed(&env).is_empty());
    let out = env.run(&["mail", "--drop", &id]);
    assert_eq!(out.code, 2, "{}", out.stderr);
}

#[test]
fn plain_smtp_is_refused_for_a_remote_host() {
    let env = TestEnv::new();
    new_game(&env, &["e2e4"]);
    env.write(
        "dynamo.toml",
        "[mail]\nhost = \"mail.example.org\"\nport = 25\nsecurity = \"none\"\nfrom = \"d@club.example\"\n",
    );
    let out = env.run(&["mail", "game.dyn"]);
    assert_eq!(out.code, 3);
    assert!(out.stderr.contains("loopback"), "{}", out.stderr);
}

#[test]
fn no_mail_settings_is_a_usage_error_and_records_nothing() {
    let env = TestEnv::new();
    new_game(&env, &["e2e4"]);
    let out = env.run(&["mail", "game.dyn"]);
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("[mail]"), "{}", out.stderr);
    let before = env.read("game.dyn");
    let out = env.run(&["move", "game.dyn", "e7e5", "--mail"]);
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert_eq!(env.read("game.dyn"), before);
}
